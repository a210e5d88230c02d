"""The rules for a short line (narrower than the column): headings, numbers, debris, last lines."""

from __future__ import annotations

from srtext.pipeline.bullets import alone_before_its_item
from srtext.pipeline.classify import (
    CJK_CHAR,
    Band,
    LineClass,
    holds_words,
    is_bare_number,
    is_lead_in,
    is_numbered_title,
    is_prose_word,
    is_references_heading,
    is_report_number,
    is_section_number_alone,
    next_section_number,
    section_number,
    starts_an_item,
    starts_list_item,
)
from srtext.pipeline.events import BODY, HEADING, Open
from srtext.pipeline.front import looks_like_authors
from srtext.pipeline.function_words import is_function_word
from srtext.pipeline.furniture import FRONT_MATTER
from srtext.pipeline.labels import is_lone_bullet, release_version
from srtext.pipeline.patterns import VERBOSE, lazy
from srtext.pipeline.rules.context import (
    AFTER_DISPLAY,
    ALONE,
    APART,
    APART_END,
    CJK_SENTENCE_GOES_ON,
    DROP,
    DROP_END,
    DROP_INTERRUPTION,
    FORMULA_SIGNS,
    JOIN,
    MID_SENTENCE,
    NEW_SENTENCE_IN_LOWER_CASE,
    START,
    START_HEADING,
    START_INDENTED,
    Ctx,
    Item,
    Verdict,
    after_display,
    cjk_line_ended_early,
    cjk_sentence_goes_on,
    ends_in_address,
    heading_had_room,
    in_capitals,
    may_number_a_heading,
    mid_sentence,
    new_sentence_in_lower_case,
    title_follows,
    word_would_fit,
)
from srtext.pipeline.rules.geometry import GAP, SAME_TYPE
from srtext.pipeline.width import display_width, typeset_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    import regex

    from srtext.geometry.layout import LineGeo

# -- short lines


def run_in_heading(c: Ctx) -> Verdict | None:
    """A numbered title ending in a full stop ("2.1. Adams operations."), AMS style, is a heading."""
    if c.short and is_numbered_title(c.text) and (c.state is None or not c.state.running):
        return START_HEADING, "a numbered title ending in a full stop (a run-in heading): heading"
    return None


def number_before_title(c: Ctx) -> Verdict | None:
    """A section number with its dot alone on its line ("II.", "A.", REVTeX) before a title is its number."""
    if c.short and is_section_number_alone(c.text) and may_number_a_heading(c.state) and title_follows(c.nxt):
        return START_HEADING, "a section number on a line of its own, a title next: the heading's number"
    return None


def bare_number_before_title(c: Ctx) -> Verdict | None:
    """A number without its dot ("2.1", "3") set apart from its title is the heading's number.

    When it follows the last section's number: a table's cell ("1.21") or a
    page number does not.  Set apart by a blank line, it may interrupt a
    running sentence (two columns mixed by pdftotext).  Or when blank lines set
    it apart on both sides right after a paragraph that ended a sentence, with
    no debris between, or with nothing open (a page's first line), or under a
    title page's heading that is no numbered one (its date: "17 septembre
    2006" / "1" / "L'extension"; a contents entry's page number stands under a
    numbered entry, and over the next, "1 Introduction" / "1" / "2 Usage"): a
    section whose number was lost (dropped as a page number, or set after its
    title) must not cost every section after it its number; a figure's or
    table's numbers come among debris.
    """
    if not (
        c.short
        and is_bare_number(c.text)
        and (may_number_a_heading(c.state) or c.cur.blank_before)
        and title_follows(c.nxt)
    ):
        return None
    if next_section_number(c.section, section_number(c.text) or ()):
        return START_HEADING, "a number after the last section's, alone, a title next: a heading"
    s, nxt = c.state, c.nxt
    if (
        c.cur.blank_before
        and nxt is not None
        and nxt.blank_before
        and not nxt.ev.numbered  # a contents entry's page number over the next entry ("1" / "2 Usage")
        and _closed_before_a_section(s)
    ):
        return START_HEADING, "a number set apart where a section may start, a title next: a heading"
    return None


def _closed_before_a_section(s: Open | None) -> bool:
    """May a section start after what is open: nothing (a page's first line), a finished
    paragraph, or a title page's heading that is no numbered one (its date or author; a
    numbered heading is a contents entry)?  Never after debris (a figure's numbers: "Zeit
    (s)" / "0" / "15" / "85" / "Nutzer")."""
    if s is None:
        return True
    if s.kind not in (HEADING, BODY) or s.after_debris:
        return False
    if s.kind == BODY:
        return s.last_cls is LineClass.FINISHED
    first = s.lines[0].text
    return section_number(first) is None or is_date(first)


def references_heading(c: Ctx) -> Verdict | None:
    """ "References", "Literatur", "Литература"...: the reference list's heading."""
    if c.short and is_references_heading(c.text):
        return START_HEADING, "the reference list's heading"
    return None


def report_number(c: Ctx) -> Verdict | None:
    """A report or preprint number on the first page ("CERN-TH/2000-035") is a line of its own.

    Under a heading-like line with no blank line between it is part of it (a
    date or a second number under the first).
    """
    if not (c.short and c.cur.line.page == 1 and is_report_number(c.text)):
        return None
    if c.state is not None and c.state.kind == HEADING and not c.cur.blank_before:
        return JOIN, "a report or preprint number under a heading-like line: part of it"
    return START_HEADING, "a report or preprint number on the first page: a line of its own"


def lead_in(c: Ctx) -> Verdict | None:
    """One or two lower-case words between a sentence and its display formula ("is", "or") are kept.

    Before a display in a running sentence they lead the sentence on; after a
    display they start a paragraph of their own ("yielding"), as the truth has it.
    """
    s, nxt = c.state, c.nxt
    # c.lower first: a lead-in's first word is in lower case, and most short lines' is not
    if not (c.short and c.lower and s is not None and nxt is not None and is_lead_in(c.text)):
        return None
    if not nxt.ev.debris:
        return None
    if after_display(s):
        return START, AFTER_DISPLAY
    if s.running and not s.after_debris:
        return JOIN, "a word leading the running sentence into a display formula: it goes on"
    return None


def short_mid_sentence(c: Ctx) -> Verdict | None:
    """After a line ending on an article, a preposition or a conjunction the sentence goes on.

    Whatever the short line holds ("85 °C."), unless a page break comes after a
    full line (a page's furniture may stand between).
    """
    s = c.state
    if c.short and s is not None and mid_sentence(s) and not (s.running and c.cur.page_break_before):
        return JOIN, MID_SENTENCE
    return None


#: How far the widths of two short lines that one printed line was split into may add up short
#: of CW, or beyond it, as a share of CW: a glyph set back over the one before (the slash of
#: "∉") or the space of the gap is lost or counted twice.
SPLIT_LINE_SHORT, SPLIT_LINE_LONG = 0.85, 1.1
#: After a first piece that ends a sentence, the two must fill the line more nearly.
SPLIT_LINE_TIGHT = 1.05


# What a printed line's second piece opens with after a first that stopped inside a sentence: a
# formula's sign (the slash of "∉", an operator, a closing bracket) or a variable ("T and").
_FORMULA_GOES_ON = lazy(rf"\s*(?:[{FORMULA_SIGNS}]|\p{{Lu}}\d?\s+\p{{Ll}})")


def split_printed_line(c: Ctx) -> Verdict | None:
    """Two short lines whose widths add up to about one line, inside a running paragraph, are
    one printed line that pdftotext split at a wide gap: the second goes on with the first.

    A negated relation's slash set back over its sign ("otherwise r ∈" /
    "/ T and the walk must restart"), an inline formula's limits or a wide
    gap end pdftotext's line in the middle of a printed one.  The first
    piece follows a line that reached the margin; the second, short and
    often a formula's, would be taken for a heading.  Each piece holds words
    (three in the first at least, two in the second), and the second is no
    list item; after a first piece that stops inside a sentence the second
    goes on with a formula's sign or a variable (lower case goes on anyway).
    When the first piece
    ends a sentence, the second is a new sentence of the same paragraph only
    if the line after it goes on in lower case (a title has a capitalised
    paragraph under it) and the second piece reads as a sentence's words
    cut short (it ends on a function word or a comma), the two
    filling the line within :data:`SPLIT_LINE_TIGHT`: a heading after a
    paragraph's last line adds up to about a line by chance.
    """
    s = c.state
    if (
        s is None
        or s.kind != BODY
        or s.last_band is not Band.SHORT
        or s.after_debris
        or len(s.lines) < 2
        or c.cur.blank_before
        or c.cur.page_break_before
        or c.cur.ev.debris
        or c.cur.ev.numbered
    ):
        return None
    cw = c.cur.cw
    last = s.lines[-1].text
    if display_width(s.lines[-2].text) < SPLIT_LINE_SHORT * cw:
        return None  # the line before the first piece did not run to the margin
    total = display_width(last.strip()) + 1 + display_width(c.text.strip())
    if not SPLIT_LINE_SHORT * cw <= total <= SPLIT_LINE_LONG * cw:
        return None
    end = last.rstrip()[-1:]
    if end in ":;" or len(last.split(None, 3)) < 3 or len(c.text.split(None, 2)) < 2:
        return None  # a lead-in's or an item's end, a title's or a name's few words: set apart
    if starts_an_item(c.text):
        return None
    if s.last_cls is LineClass.UNFINISHED:
        if _FORMULA_GOES_ON.match(c.text) is None:
            return None  # a sentence goes on after a formula's sign, not after a word's capital or code
        return JOIN, "two short lines that add up to one printed line, split at a gap: the sentence goes on"
    nxt = c.nxt
    if (
        total <= SPLIT_LINE_TIGHT * cw  # a heading that fits beside a last line by chance seldom fills it
        and c.cur.ev.dangling  # a sentence's words cut short, not a title's
        and c.cls is LineClass.UNFINISHED
        and c.text.lstrip()[:1].isupper()  # a sentence's first word, not a bracket's aside
        and not c.text.rstrip().endswith(":")  # a lead-in's line opens a paragraph of its own
        and nxt is not None
        and not nxt.blank_before
        and nxt.line.text.lstrip()[:1].islower()  # a word, not an item's label "(i)"
        and not nxt.ev.debris
    ):
        return JOIN, "two short lines that add up to one printed line, a sentence going on below"
    return None


def word_of_a_column(c: Ctx) -> Verdict | None:
    """A word alone on its line under another of a column of single words is an item of a list.

    A list of names or commands whose bullets are no text (a browser drew them
    as shapes, a stylesheet left them out) comes out of pdftotext one word a
    line ("close" / "flush" / "read" / "readall"), in lower case and with no
    sentence's end: every rule for running text would join them.  A column too
    long for one printed line, or under a lead-in's colon, with no article,
    preposition or conjunction among its words, is no sentence set one word a line
    (:func:`srtext.pipeline.items.word_columns`): each word after the first
    starts anew (the first is the rules' after it, which know what the line
    above it says).  Only in a document of short paragraphs
    (:func:`in_a_list_column`).
    """
    s = c.state
    if in_a_list_column(c) and s is not None and s.last.column and not c.cur.blank_before:
        return START, "a word under a word of a column of single words: a list's next item"
    return None


def in_a_list_column(c: Ctx) -> bool:
    """Is the line a word of a column of single words, in a document of short paragraphs?

    A justified narrow column's loose lines, two or more one under another, come
    out of pdftotext as such a column too ("Die" / "Hauptanwendung" / "dieses"
    / "differenzierten"); justified text has long paragraphs, a README's list
    stands among short ones (:data:`SHORT_PARAGRAPHS`).
    """
    return c.cur.ev.column and 0.0 < c.shape[0] <= SHORT_PARAGRAPHS


def word_in_a_loose_line(c: Ctx) -> Verdict | None:
    """A word alone on its line between two others, inside a running sentence, is a word of it.

    pdftotext sets a loose justified line of a narrow column one word per line;
    a short word there ("с", "SSH") is no formula debris or figure label.  Only
    in a run of three such lines or more, the sentence before unfinished.
    """
    nxt = c.nxt
    if after_a_loose_word(c) and nxt is not None and not nxt.blank_before and is_one_word(nxt.line.text):
        return JOIN, "a word alone on its line, between two others, inside a sentence: a word of it"
    return None


# A release's version ("1.1.0", "v2.13.0b1", "2025.10.16") with its date or name, as a
# changelog heads its notes: "0.15.0 (May 17th, 2022)", "0.10.4 - 2020-01-17", "3.1 (12 Aug 2013)",
# "v1.4.1 2019-08-27".
def release_heading(c: Ctx) -> Verdict | None:
    """A release's version alone on its line, with its date or none, heads that release's notes.

    Changelogs (a README's "History", a manual's release notes) head each
    release with its version: "0.15.0 (May 17th, 2022)", "1.2.1 - 2025-10-26",
    "2025.10.16", "v1.4.1 2019-08-27".  Digits and dots look like table or
    formula debris; a version with a date (on its line, alone on the next,
    "v1.25.1" / "(2026-09-15)", or opening the next, "6.0.0" / "2024-11-01 •
    full history"), a calendar version, a version written with its "v"
    ("v1.7.0"), or one over a list of changes ("0.4" / "• Fix ...", or a
    word processor's bullet alone on its line, its item on the next: "0.4" /
    "•" / "Fix ...") is a heading.  So is a version of three parts set apart by a blank line, a
    page break or a heading above, with its notes right under it ("3.1.6" / "Bug fix", "4.0.0" /
    "bcrypt is now implemented in Rust. Users ...": :func:`_notes_below`), and
    one of three parts outside a running sentence over its notes' first line,
    a blank line between or none ("1.4.2" / "Bug fixes:"):
    a table's cells seldom have three parts and stand among other cells, not
    over a line of prose, and a section's number that the rules above did not
    take with its title would be dropped whole otherwise.  The line under it
    is not its title (:func:`~srtext.pipeline.rules.any_line.title_after_its_number`
    asks :attr:`Open.rule`): merging the notes' first line into the version
    cost missed breaks on the real corpus (validation NL- 8.13 -> 8.33% with geometry).
    """
    m = release_version(c.text) if c.short else None
    if m is None:
        return None
    nxt = c.nxt
    if _dated(m) or m.group("vee") or (nxt is not None and dated_below(nxt.line.text)):
        return START_HEADING, "a release's version and date: a changelog's heading"
    if nxt is not None and (starts_list_item(nxt.line.text) or is_lone_bullet(nxt.line.text)):
        return START_HEADING, "a release's version over a list of changes: a changelog's heading"
    parts = m.group("v").count(".") + 1
    if parts < 3 or nxt is None or not _notes_below(nxt, parts == 3):
        return None
    if nxt.ev.debris:  # three parts, over text that is no debris: its notes
        return None
    if _set_apart_above(c) and not nxt.set_apart:
        return START_HEADING, "a version of three parts set apart, notes under it: a changelog's heading"
    if not mid_sentence(c.state):
        return START_HEADING, "a release's version over its notes, outside a sentence: a changelog's heading"
    return None


def _notes_below(nxt: Item, lower: bool) -> bool:
    """Does the line under a version open its notes: capitalised, or (``lower``) a full line of prose?

    A changelog's notes may open on a program's name in lower case ("4.0.0" /
    "bcrypt is now implemented in Rust. Users building ..."); a full line of
    words is no table's cell.  Only under a version of three parts: one of
    four may be an address ("10.8.0.0" / "255.255.255.0" / "bestimmt das ...").
    """
    text = nxt.line.text.lstrip()
    if text[:1].isupper():
        return True
    return lower and nxt.band is not Band.SHORT and nxt.ev.lower and len(text.split(None, 5)) > 5


# A line that opens with a release's date, as a changelog writes it under the version:
# "2024-11-01 • full history".
_DATE_FIRST = lazy(r"\s*\(?(?:1[89]|20)\d\d-\d\d-\d\d(?!\d)")


def dated_below(text: str) -> bool:
    """Is the line under a version its release's date, alone or opening the line?

    >>> [dated_below(t) for t in ["(2026-09-15)", "2024-11-01 • full history", "2024 was", "12-11-2024"]]
    [True, True, False, False]
    """
    return is_date(text) or _DATE_FIRST.match(text) is not None


def _set_apart_above(c: Ctx) -> bool:
    """Does a blank line, a page break or a heading come right before the line?"""
    return c.cur.blank_before or c.cur.page_break_before or (c.state is not None and c.state.kind == HEADING)


def _three_parts(text: str) -> bool:
    """Is the line a version of three parts alone ("5.0.0", "0.10.3"), as a changelog heads a release?"""
    m = release_version(text)
    return m is not None and m.group("v").count(".") >= 2 and m.group("date") is None


def _dated(m: regex.Match[str]) -> bool:
    """Does the version have its date, or is it a calendar version ("2025.10.16")?"""
    return m.group("date") is not None or len(m.group("v").split(".", 1)[0]) == 4


def is_release(text: str) -> bool:
    """Is the line a release's version with its date, a calendar version ("2025.10.16") or one with its "v"?

    >>> [is_release(t) for t in ["1.1.0 (2015-07-27)", "0.10.4 - 2020-01-17", "2025.10.16", "3.0.0", "2.3"]]
    [True, True, True, False, False]
    >>> [is_release(t) for t in ["Version 5.0.1 (June 27th, 2022)", "Release 2.1 (2019-03-01)", "Version 2"]]
    [True, True, False]
    >>> [is_release(t) for t in ["v1.25.1", "v2.0.3 2024-12-01", "1.4.1 2019-08-27"]]
    [True, True, True]
    """
    m = release_version(text)
    return m is not None and (_dated(m) or m.group("vee") is not None)


_FIRST_WORD = lazy(r"\A\s*(\p{Ll}+)(?=[\s,;:])")


def sentence_ends_below(c: Ctx) -> Verdict | None:
    """A short finished line that a running sentence wraps onto, its first word prose, ends that sentence.

    The last words of a sentence may hold few letters ("labelled as (2.1b).",
    "in 1999.", "write “{}”).") and look like debris, but the line above is a
    full body line stopped mid-sentence, no blank line stands between, and the
    line starts with a lower-case word of prose ("as", "in"), which a formula's
    names and operators are not ("dx.", "sin x.").
    """
    s = c.state
    if not (c.short and c.lower and c.cls is LineClass.FINISHED and c.cur.ev.debris):
        return None
    if s is None or not s.running or s.after_debris or c.cur.blank_before or c.cur.page_break_before:
        return None
    m = _FIRST_WORD.match(c.text)
    if m is None or not is_prose_word(m.group(1)):
        return None
    return JOIN, "a running sentence's last words, on a short line of their own: it ends there"


# Issue and pull-request references alone: "(#815)", "#1885, #1892.", "(Pull #153)", "(GH-12)".
_ISSUES = lazy(
    r"""\A\s*\(?(?:(?:Pull|PR|Issue|GH|pull\s+request|issue)s?:?\s*)?(?:\#|GH-)\d+
    (?:\s*(?:,|and|&)\s*(?:\#|GH-)\d+)*\s*\)?[.,;]?\s*\Z""",
    VERBOSE,
)
# A formula's symbols: a line that holds one may be a display's last line.
_MATH = lazy(r"[=≤≥≡≈∼→⇒∈∉⊂⊆∝+−×·∂∫∑∏√<>^|~∀∃∇∞]")
# A version "or later", as a README writes it: "Python 3.10+", "2.5+." (a plus sign after a
# version's digits with no operand after it, which a formula's plus has).
_VERSION_OR_LATER = lazy(r"(?<=\d\.\d{1,3})\+(?=[.,;:)]*(?:\s|\Z))")


def issue_references(c: Ctx) -> Verdict | None:
    """Issue or pull-request numbers alone on a line under a paragraph's line close that paragraph.

    A changelog ends an entry with the issues it fixed, "(#815)", "#1885,
    #1892." or "(Pull #153)", and when they do not fit they wrap onto a short
    line of their own; digits and signs look like table debris, but with no
    blank line above they are the entry's last words.
    """
    s = c.state
    if not (c.short and s is not None and s.kind == BODY and not c.cur.blank_before):
        return None
    if c.text.lstrip()[:1] not in "#(PpIiG" or _ISSUES.match(c.text) is None:
        return None
    return JOIN, "issue or pull-request numbers under a paragraph's line: its last words"


def tail_of_a_sentence(c: Ctx) -> Verdict | None:
    """A short line without a formula's symbols that a full line's running sentence wraps onto ends it.

    The last words of a sentence may hold few letters: "(ISO/IEC 9899).",
    "was" / "2021.11.10.",
    "9e9.", "128–141, 2019.", "since 2020!", "'wss')))." or, leading into an
    example, "like so:"; a version "or later" ("and PyTorch" / "2.5+.") is no
    formula's plus.  The line above is a full body line (or one of
    :data:`NEARLY_FULL` of the width: proportional type) stopped
    mid-sentence with no blank line or page break between, and the short
    line ends the sentence (or, in lower case, on a colon) with none of a
    display formula's operators or relations, which a formula ending a
    sentence has.  An item or a paragraph that ends without a full stop ends
    so too: "(WWW 2021)" after a paper's title, "by @someone in #12879"
    after a change; such a line holds a word of prose or an acronym, which
    an equation's number ("(3.1)") or a formula's names ("dt", "x y", "sin")
    are not, and none of a program's quotes, braces or underscores (a code
    block's line, '"size_m": [30.0, 8],', goes on from the one above so too).
    """
    s = c.state
    if not (c.short and c.cur.ev.debris and s is not None and s.kind == BODY):
        return None
    if not (s.running or _nearly_full(c, s)):
        return None
    if s.after_debris or c.cur.blank_before or c.cur.page_break_before:
        return None
    if not (
        c.cls is LineClass.FINISHED
        or (c.lower and c.text.rstrip().endswith(":"))
        or (_ends_an_item(c.text) and any(map(_word_of_prose, c.text.split())))
    ):
        return None
    if _MATH.search(_VERSION_OR_LATER.sub("", c.text)) is not None:
        return None
    return JOIN, "a running sentence's last words, no formula's symbols, on a short line: it ends there"


def _nearly_full(c: Ctx, s: Open) -> bool:
    """Is the paragraph's last line an unfinished body line that nearly filled the column?"""
    return (
        s.last_cls is LineClass.UNFINISHED
        and display_width(s.lines[-1].text.rstrip()) >= NEARLY_FULL * c.cur.cw
    )


def _ends_an_item(text: str) -> bool:
    """No program's quotes, braces or underscores; no bracket closed that the line did not open
    (:func:`bracket_closed_below` takes those)."""
    return _CODE.search(text) is None and text.count(")") <= text.count("(")


def _word_of_prose(word: str) -> bool:
    """A word of prose ("by", "in"), or an acronym of three capitals or more ("(ICLR", "WWW")."""
    word = word.strip("()")
    return is_prose_word(word) or (len(word) >= 3 and word.isalpha() and word.isupper())


_CODE = lazy(r"[\"'`{}\[\];_]")


# A numeric date, perhaps after a word: "2021/12/06", "Released 2021-12-06", "Stand: 06.12.2021".
_NUMERIC_DATE = lazy(
    r"\s*(?:\p{L}+:?\s+)?(?:(?:1[89]|20)\d\d([-/.])\d{1,2}\1\d{1,2}|\d{1,2}\.\d{1,2}\.(?:1[89]|20)\d\d)\s*\Z"
    r"|\s*\((?:1[89]|20)\d\d-\d\d-\d\d\)\s*\Z"  # in brackets, as a changelog dates a release: "(2026-09-15)"
)


def is_date(text: str) -> bool:
    """Is the line a date alone: "May 12, 2006", "3. März 2021", "Released 2021/12/06"?

    >>> [is_date(t) for t in ["May 12, 2006", "Released 2021/12/06", "06.12.2021", "2.1 12", "(12.3)"]]
    [True, True, True, False, False]
    >>> [is_date(t) for t in ["(2026-09-15)", "(2026-09-15"]]
    [True, False]

    A version may come first, as a manual's title page dates its release:

    >>> [is_date(t) for t in ["v1.0, Aug 13, 1994", "Version 2.3, 4 March 2011", "1.2, 3.4 1999"]]
    [True, True, False]
    """
    return _DATE.match(text) is not None or _NUMERIC_DATE.match(text) is not None


def date_alone(c: Ctx) -> Verdict | None:
    """A date on a line of its own is the date of a title page, a letter or a release, not debris.

    "May 12, 2006", "3. März 2021" or "Released 2021/12/06" have more digits
    than letters, like a table's row, but a whole date is text a reader keeps:
    it stands as a paragraph of its own (a running sentence that wraps onto a
    date, "... on" / "May 12, 2006.", is taken by the rules above).  Under a
    release's version, a line that opens with the release's date ("6.0.0" /
    "2024-11-01 • full history") is that release's line, not debris either.
    """
    if not (c.short and c.cur.ev.debris):
        return None
    if is_date(c.text):
        return START_HEADING, "a date on a line of its own: a title page's, a letter's or a release's"
    s = c.state
    if s is not None and s.kind == HEADING and release_version(s.lines[-1].text) and dated_below(c.text):
        return START, "a release's date opening the line under its version: a paragraph of its own"
    return None


# A note's label alone: "[1]", "[12]", and the references back to it that docutils writes, "[2] (1,2)".
_NOTE_LABEL = lazy(r"\A\s*\[\d{1,3}\](?:\s+\((?:\d{1,2},)*\d{1,2}\))?\s*\Z")


def note_label_alone(c: Ctx) -> Verdict | None:
    """A note's label alone on its line ("[1]", "[2] (1,2)") over the note's text starts that note.

    A README's footnotes and citations (reStructuredText's, a manual's "Footnotes")
    set the label in a column of its own, and pdftotext reads it as a line of
    its own above the note: a number in brackets looks like debris, but the
    note's text follows.  Not inside a running sentence ("as shown in" /
    "[12]" / "and ..." is a citation), nor over debris.
    """
    s, nxt = c.state, c.nxt
    if not (c.short and _NOTE_LABEL.match(c.text)) or nxt is None or nxt.ev.debris:
        return None
    if s is not None and s.running and not (c.cur.blank_before or c.cur.page_break_before):
        return None
    if nxt.line.text.lstrip()[:1].islower() and not (
        s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED
    ):
        return None
    return START, "a note's label alone over the note's text: the note starts"


# A section's number and a title of a word or two: "10.3.3. IPsec", "4.2 RAID".
_NUMBERED_SHORT_TITLE = lazy(
    r"\A\s*\d{1,3}(?:\.\d{1,3})*\.?\s+\p{L}[\p{L}\d/+-]*(?:\s+\p{L}[\p{L}\d/+-]*)?\s*\Z"
)


def numbered_short_title(c: Ctx) -> Verdict | None:
    """A section number after the last section's, with a title of a word or two, is a heading.

    "10.3.3. IPsec" or "9.4. PAM" holds more digits than letters, like a
    table's row, but its number follows the last heading's (a sibling, a
    child, the next chapter's) and a word stands after it: no table of
    figures runs in section order.  Not inside a running sentence.
    """
    if not (c.short and c.cur.ev.debris and _NUMBERED_SHORT_TITLE.match(c.text) is not None):
        return None
    if c.state is not None and c.state.running:
        return None
    if not _continues_the_numbering(c):
        return None
    return START_HEADING, "a section number after the last one, with a short title: a heading"


def tail_of_a_numbered_heading(c: Ctx) -> Verdict | None:
    """A short line of words under a numbered heading's one line, over a capitalised line, ends its title.

    A section's title in larger type wraps in a narrow column ("6. Using the
    command" / "at"; "7. The list of users:" / "/etc/passwd"), and its last
    words, alone on their line, look like debris or a block after a colon.
    The heading's line is long enough for a wrap in type up to 1.5 times the
    body's (its width and the line's first word beyond two thirds of CW), ends
    on no sentence mark, and no blank line or page break comes between; the
    heading's line holds a title's words after its number (not a release's
    "0.4.0 - 2023-12-22" over its "Changed"); the line, narrower than the
    heading's, holds a letter, no number, item or sentence end, does not lead
    in with a colon ("Read the file example.te:") and does not end on a
    capitalised function word (a loose line's "Jeder" opening the section's
    first sentence); the line under it starts in a capital (the section's
    text, not this line's sentence going on).  Where the page is known, the
    line stands under the heading's at the usual leading, in its type.
    """
    s, nxt = c.state, c.nxt
    if not (
        c.short
        and s is not None
        and s.kind == HEADING
        and len(s.lines) == 1
        and s.last.numbered
        and nxt is not None
        and not nxt.ev.lower
        and not nxt.ev.numbered
        and not c.cur.set_apart
        and c.cls is not LineClass.FINISHED
        and not c.cur.ev.numbered
    ):
        return None
    heading = s.lines[0].text.rstrip()
    text = c.text.strip()
    if heading[-1:] in ".!?" or not _HAS_LETTER.search(text) or starts_an_item(text) or _leads_in(text):
        return None
    if not _HAS_LETTER.search(heading.split(None, 1)[-1]):  # a version and a date: "0.4.0 - 2023-12-22"
        return None
    words = text.split()
    width = typeset_width(heading)
    if 3 * (width + 1 + display_width(words[0])) <= 2 * c.cur.cw or typeset_width(text) >= width:
        return None
    if words[-1][:1].isupper() and is_function_word(words[-1]):  # "Jeder" / "Antrag,": a sentence's start
        return None
    if _loose_word_over_a_word(c):
        return None
    if _apart_on_the_page(c.cur.ev.geo, s.last.geo):  # with geometry: close below, in the title's type
        return None
    return JOIN, "the numbered heading's line wrapped: this line holds the rest of its title"


def _apart_on_the_page(geo: LineGeo | None, heading: LineGeo | None) -> bool:
    """Does the page set the line apart from the heading's, by space or by type?

    A gap beyond the usual leading (:data:`~srtext.pipeline.rules.geometry.GAP`)
    or font heights apart by more than :data:`~srtext.pipeline.rules.geometry.SAME_TYPE`
    of the body's: the title did not wrap into it ("10.3.4.2. Configuring the
    Server" / "CAUTION PPTP and firewalls", a box's title a line's space below).
    """
    if geo is None or heading is None:
        return False
    return (geo.gap_extra or 0.0) >= GAP or abs(geo.font_ratio - heading.font_ratio) > SAME_TYPE


_HAS_LETTER = lazy(r"\p{L}")


def function_word_alone(c: Ctx) -> Verdict | None:
    """A function word alone on its line ("of", "La", "в") in a body paragraph is a word of its text.

    pdftotext sets a loose justified line of a narrow column one word per
    line, blank lines at times between; a short word there has too few
    letters for prose, but an article, a preposition or a conjunction is no
    formula's name.  In lower case inside a sentence it goes on with it: the
    line above is unfinished, no debris dropped since, the line above or the
    line under it is a word alone (a loose line, not a command such as
    "pip --help" / "or" / "python -m pip --help"), and the line under it is
    in lower case or a word alone.  Capitalised, of two letters or more
    (not a unit's "A"), after a finished word alone on its line and over
    lower-case text ("released." / "While" / "the contents"), it starts the
    next sentence of the same loose line.  The line under it must be text,
    or another such word: a letter before a formula's debris is a formula's.
    Capitalised after a paragraph or a heading that ended, over a word of
    prose alone in lower case ("In" / "the" / "sample"), it is the first word
    of the next paragraph's loose line: that paragraph starts with it.  So it
    is over a full line of prose in lower case with no blank line between
    ("By" / "default the list is taken from ..."), after a heading, a finished
    line or a blank line: pdftotext set a paragraph's first word apart (two
    letters or more, a capital then lower case: not a formula's "A" or "E",
    nor a command's "OR").
    """
    s, nxt = c.state, c.nxt
    if not (c.short and c.cls is LineClass.UNFINISHED) or nxt is None:
        return None
    word = c.text.strip()
    if not (is_one_word(word) and word.isalpha() and is_function_word(word)):
        return None
    if s is None or s.kind != BODY:
        if not c.lower and (s is None or s.kind == HEADING) and _loose_word_below(nxt):
            return START, LOOSE_FIRST_WORD
        if (s is None or s.kind == HEADING) and _first_word_over(c):
            return START, FIRST_WORD_APART
        return None
    if nxt.ev.debris and not (is_one_word(nxt.line.text) and is_function_word(nxt.line.text.strip())):
        return None
    if (
        c.lower
        and s.last_cls is LineClass.UNFINISHED
        and not s.after_debris
        and (is_one_word(s.lines[-1].text) or is_one_word(nxt.line.text))
        and (nxt.ev.lower or is_one_word(nxt.line.text))
    ):
        return JOIN, "a function word alone on its line inside a sentence: a word of it"
    if (
        s.last_cls is LineClass.FINISHED
        and not c.lower
        and len(word) > 1
        and nxt.ev.lower
        and is_one_word(s.lines[-1].text)
    ):
        return JOIN, "a capitalised function word after a loose line's last word: the next sentence goes on"
    if not c.lower and s.last_cls is LineClass.FINISHED and _loose_word_below(nxt):
        return START, LOOSE_FIRST_WORD
    if (s.last_cls is LineClass.FINISHED or c.cur.blank_before) and _first_word_over(c):
        return START, FIRST_WORD_APART
    return None


LOOSE_FIRST_WORD = "a capitalised function word over a lower-case word alone: a loose line's first word"

FIRST_WORD_APART = "a capitalised function word over a full line in lower case: the paragraph's first word"


def _capitalised_function_word(text: str) -> bool:
    """Is the line a function word alone, of two letters or more, a capital then lower case ("By", "If")?"""
    word = text.strip()
    if len(word) < 2 or not (word[0].isupper() and word[1:].islower() and word.isalpha()):
        return False
    return is_function_word(word)


def _first_word_over(c: Ctx) -> bool:
    """Is the line a paragraph's first word set apart ("By") over the rest of its first line, in lower case?

    The word has two letters or more, a capital then lower case; the next line,
    with no blank line between, fills the column and starts with a word of prose.
    """
    nxt = c.nxt
    if nxt is None or not _capitalised_function_word(c.text):
        return False
    if nxt.blank_before or nxt.page_break_before or nxt.band is Band.SHORT or not nxt.ev.lower:
        return False
    first = nxt.line.text.split(None, 1)[0].rstrip(",;:")
    return is_prose_word(first) and not nxt.ev.debris


def _loose_word_below(nxt: Item) -> bool:
    """Is the next line a word of prose alone, in lower case ("the", "fichier"), as a loose line sets it?"""
    word = nxt.line.text.strip().rstrip(",;:")
    return nxt.ev.lower and is_one_word(word) and word.isalpha() and len(word) > 1 and is_prose_word(word)


# An exercise's or a problem's number before its formula: "212. f(x) = 3x - 4x + 7".
_EXERCISE = lazy(r"\A\s*(\d{1,4})\.\s+(?=\S*\p{L})\S")


def _exercise_number(text: str) -> int | None:
    """The number of a line that starts as an exercise does ("212. f(x) = 3x - 4x + 7"), or None."""
    m = _EXERCISE.match(text) if text.lstrip()[:1].isdigit() else None
    return int(m.group(1)) if m is not None else None


def numbered_exercise(c: Ctx) -> Verdict | None:
    """A numbered line of formula ("212. f(x) = 3x - 4x + 7") next to the one numbered before or after it
    is an exercise of a problem set, text a reader keeps, not a formula's debris.

    Its symbols outnumber its letters, but a run of consecutive numbers, one a
    line ("212." under "211.", or over "213."), is a list of exercises or
    problems; a display formula's number stands at its end, in brackets.
    """
    if not (c.short and c.cur.ev.debris):
        return None
    number = _exercise_number(c.text)
    if number is None:
        return None
    s, nxt = c.state, c.nxt
    before = _exercise_number(s.lines[0].text) if s is not None and s.lines else None
    after = _exercise_number(nxt.line.text) if nxt is not None else None
    if before == number - 1 or after == number + 1:
        return START, "a numbered formula next to the number before or after it: an exercise"
    return None


# An ORCID iD, as an author's line gives it after the name: "0000-0002-1825-0097".
_ORCID = lazy(r"(?<!\d)\d{4}-\d{4}-\d{4}-\d{3}[\dX](?![\dX])")
# A name's capitalised word: "Jane", "O'Neil", "Zoë".
_NAME_WORD = lazy(r"(?<!\p{L})\p{Lu}\p{Ll}+(?!\p{L})")


def author_with_orcid(c: Ctx) -> Verdict | None:
    """An author's name with an ORCID iD ("Jane Q. Public 0000-0002-1825-0097") is a line of text.

    The iD's sixteen digits outnumber the name's letters, so the line looks
    like a table's row; but an iD is a researcher's, printed beside the name
    on a paper's title page or in its list of authors, and the name is kept.
    """
    if not (c.short and "-" in c.text and c.cur.ev.debris):
        return None
    if _ORCID.search(c.text) is None or _NAME_WORD.search(c.text) is None:
        return None
    return START, "an author's name with an ORCID iD: a line of the title page, not debris"


def bracket_closed_below(c: Ctx) -> Verdict | None:
    """A short line that closes a bracket left open by the full line above it ends that line's words.

    "... (runs fine on" over "2.7 and 3.2)", or "(GitHub issue" over "477)",
    or an aside of addresses over three lines ("(Github issues https://" /
    "github.com/.../7556, https://github.com/.../" / "7570)"): a running
    sentence wraps in the middle of its aside, and the aside's last words hold
    more figures than letters.  The line above is a full body line stopped
    mid-sentence, with a bracket opened and not closed on it or the
    :data:`BRACKET_LINES` lines up to it, no blank line
    or page break between, no debris dropped since; this line closes more
    brackets than it opens.  A formula's debris stands apart from the
    sentence that leads into it, and balances its own brackets.
    """
    s = c.state
    if not (c.short and c.cur.ev.debris and ")" in c.text and s is not None and s.running):
        return None
    if s.after_debris or c.cur.blank_before or c.cur.page_break_before:
        return None
    above = "".join(line.text for line in s.lines[-BRACKET_LINES:])
    if above.count("(") <= above.count(")") or c.text.count(")") <= c.text.count("("):
        return None
    return JOIN, "a short line closing the bracket that the running line above opened: its last words"


#: An aside's bracket closed on a short line may have opened this many lines above it.
BRACKET_LINES = 3

# A run of three letters or more: a word a term or a label may hold ("init", "Python", "hash").
_LETTERS3 = lazy(r"\p{L}{3,}")


def term_over_its_text(c: Ctx) -> Verdict | None:
    """A short line set apart above, right over a paragraph of prose, is a term or a label: a line of its own.

    A definition list's term, a field's name or a function's signature
    ("init(strip=None):", "Python <= 3.9", "__hash__()") has more signs and
    figures than letters, and looks like a formula's or a table's debris; but
    it stands after a blank line (or a page break), and its definition runs
    under it with no blank line between: a full line of prose, a capital
    first, eight words or more, no code.  Debris set apart over a paragraph
    is a display formula's last line, with no word of prose in it (a "g",
    "k=0", "(a + b + c) ."): a term holds one of three letters or more.
    """
    nxt = c.nxt
    if not (c.short and c.cur.ev.debris and nxt is not None):
        return None
    if not (c.cur.blank_before or c.cur.page_break_before) or nxt.blank_before or nxt.page_break_before:
        return None
    text = nxt.line.text.strip()
    if nxt.band is Band.SHORT or not text[:1].isupper() or nxt.ev.debris or len(text.split()) < 8:
        return None
    if _is_code(text) or not any(is_prose_word(m.group()) for m in _LETTERS3.finditer(c.text)):
        return None
    return START, "a term or a label set apart over a paragraph of prose: a line of its own"


def words_in_debris(c: Ctx) -> Verdict | None:
    """A short line that looks like debris but holds words (code, a signature, a table's row) is kept.

    A formula's fragments are made of short names, but a line of code
    ("URITemplate.expand(**kwargs) -> str", "\\systeme{...}"), a configuration
    line or a table's row with its labels holds words a reader searches for:
    dropping it loses them.  It becomes a paragraph of its own: in its place
    where no sentence is open (the paragraph before ended one, or a heading
    is open), else set apart so that the sentence it interrupts stays whole,
    counting as debris for the lines after it.
    """
    if not (c.short and c.cur.ev.debris and holds_words(c.cur.line.text)):
        return None
    s = c.state
    if s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED:
        return ALONE, "short line of debris holding words (code, a table's row) between paragraphs: kept"
    if c.cls is LineClass.FINISHED:
        return APART_END, "finished line of debris holding words: kept apart, its sentence ended"
    return APART, "short line of debris holding words inside a sentence: kept apart"


def debris(c: Ctx) -> Verdict | None:
    """A short line with little prose (formula, table or page debris) is dropped.

    When it is finished inside a body paragraph, its sentence ended there.
    """
    if not (c.short and c.cur.ev.debris):
        return None
    if c.cls is LineClass.FINISHED and c.state is not None and c.state.kind != HEADING:
        return DROP_END, "finished line with little prose: formula debris ending a sentence"
    return DROP, "short line with little prose: formula, table or page debris"


def interruption(c: Ctx) -> Verdict | None:
    """A short capitalised line set off inside a running sentence is a footnote or page element.

    The line before is full and unfinished, the one after continues it in lower
    case, and a page break or an empty line sets it off.  Both are prose
    (:func:`_sentence_goes_on`): a README's heading stands between a code
    block and a line that opens with a program's name or with code
    ("langgraph-checkpoint also defines ...", "sh = gc.create(...)"); and the
    line before ends on a word of a sentence (letters, perhaps a comma,
    :func:`_ends_on_a_word`): a line of code ("x = f(y)", "pip install
    ...[cuda]"), an address or a list of figures runs on with no sentence to
    interrupt, and the capitalised line under it is the heading over the next
    paragraph ("Caches" / "client.caches contains ...").
    """
    s, nxt = c.state, c.nxt
    if (
        c.short
        and s is not None
        and s.running
        and not c.lower
        and nxt is not None
        and nxt.band is not Band.SHORT
        and nxt.ev.lower
        and c.cur.ev.title_like
        and (c.cur.page_break_before or c.cur.blank_before or nxt.blank_before)
        and _ends_on_a_word(s.last.text)
        and _sentence_goes_on(s.last.text, nxt.line.text)
    ):
        return DROP_INTERRUPTION, "short line interrupting a running sentence: footnote or page element"
    return None


def _sentence_goes_on(above: str, below: str) -> bool:
    """Could ``below`` go on with the sentence ``above`` left open: prose on both sides?

    The line above ends on a word's letter, a comma or a hyphen, the line below
    opens with a word in lower case, and neither is a line of code.

    >>> _sentence_goes_on("connection establishes an", "intermittent connection; this is")
    True
    >>> _sentence_goes_on('db_port = env.int("PORT", 10101)', "# export URL=https://example.org")
    False
    >>> _sentence_goes_on('client.files.delete(name=f.name)', "client.caches contains the APIs")
    False
    >>> _sentence_goes_on("one more word", "sh = gc.create('A sheet')")
    False
    """
    end = above.rstrip()[-1:]
    return (
        (end.isalpha() or end in ",-\u2010")
        and _FIRST_WORD.match(below) is not None
        and not _is_code(above)
        and not _is_code(below)
    )


# A sentence's word at the end of a line, a comma after it at most: "... in the", "see,".
_ENDS_ON_A_WORD = lazy(r"(?<![\w./:=@#-])\p{L}+,?\s*\Z")


def _ends_on_a_word(text: str) -> bool:
    """Does the line end on a word of a sentence, not on a sign of code, an address or a figure?

    (Whether the line is code as a whole, :func:`_sentence_goes_on` asks.)

    >>> [_ends_on_a_word(t) for t in ["and the summary of", "see,", "x = f(y)", "a.org/b", "pip_tools"]]
    [True, True, False, False, False]
    """
    return _ENDS_ON_A_WORD.search(text) is not None


def _label_like(text: str) -> bool:
    """One to three words, none a function word, no colon or comma at the end: an axis title, a word."""
    words = text.split()
    return (
        0 < len(words) <= 3
        and not text.rstrip().endswith((":", ","))
        and not any(is_function_word(w.strip("()[],.")) for w in words)
    )


#: A list's item as a browser prints it, its bullet and a space: "• Python 3.9+".
_BULLETED = frozenset(f"{b} " for b in "•◦▪‣")


def _set_apart_over_code(c: Ctx) -> bool:
    """Is the line set apart by a blank line under a finished sentence, a line of code under it?"""
    s, nxt = c.state, c.nxt
    return (
        c.cur.blank_before
        and s is not None
        and s.last_cls is LineClass.FINISHED
        and nxt is not None
        and _is_code(nxt.line.text)
    )


def figure_label(c: Ctx) -> Verdict | None:
    """A short unnumbered line with debris or a caption right after it is a figure's label.

    Axis titles and the words of a block diagram come out of pdftotext as short
    lines of a few words among the figure's numbers, just before its caption; a
    heading is followed by its text, and a line leading into a display formula
    has a function word ("we find", "is").  Not inside a running sentence, nor
    over a report's number, a release (a version of three parts alone, "5.0.0",
    under a changelog's heading), a note's label ("Footnotes" / "[1]") or a
    date (a title page's author), nor over a capitalised function word alone
    (a paragraph's first word set apart: :func:`function_word_alone`), nor
    over a bullet alone (pdftotext reads a word processor's bullets apart from
    their items: a heading over a list stands over its bullets) or an item of
    a bulleted list ("Security fixes" / "• Fix CVE-2024-0001."), nor set apart
    by a blank line under a finished sentence over a line of code (a README's
    heading over its example: "Usage" / "pytest --cov=app tests/"; a figure's
    labels come among its debris), nor a line of words alone over a line of
    code wherever it stands (:func:`_heading_over_code`), nor a line over
    debris that holds words (code, a table's row: kept by
    :func:`words_in_debris`; "Mac/Linux" over "python3 -m venv <env>"), nor a line of the
    front matter (:mod:`srtext.pipeline.front`: a title page's date over its
    first section's number, "January 1, 2000" / "1"; a title's note): the
    title's block holds no figure.
    """
    s, nxt = c.state, c.nxt
    if (
        c.short
        and c.cls is LineClass.UNFINISHED
        and not c.lower
        and nxt is not None
        and (s is None or not s.running)
        and not c.cur.ev.numbered
        and not mid_sentence(s)
        and c.cur.line.mark != FRONT_MATTER  # the title's block: its date, an author's note
        and _label_like(c.text)
        and (
            nxt.ev.caption
            or (
                nxt.ev.debris
                and not alone_before_its_item(nxt.line)  # a list's bullet, read apart from its item
                and not is_report_number(nxt.line.text)
                and not is_release(nxt.line.text)
                and not _three_parts(nxt.line.text)
                and not _NOTE_LABEL.match(nxt.line.text)
                and not is_date(nxt.line.text)
                and not _heading_over_code(c.text, nxt.line.text)
                and not holds_words(nxt.line.text)  # code, a table's row: kept (words_in_debris)
                and not _capitalised_function_word(nxt.line.text)  # a paragraph's first word
                and not _set_apart_over_code(c)
                and nxt.line.text.lstrip()[:2] not in _BULLETED  # a heading over a list's first item
            )
        )
    ):
        return DROP, "short line before figure debris or a caption: a figure's label"
    return None


# What an interpreter answers on a line of its own, under a line of code ("True" over the next ">>> ...").
_ANSWERS = frozenset({"True", "False", "None"})


def _heading_over_code(text: str, below: str) -> bool:
    """Is the short line a README's heading over its example's first line of code?

    The line below is a line of code (a prompt, an assignment, a method's call:
    :data:`_CODE_LINE`), which looks like a figure's debris, and the short
    line holds words alone (a code block's comment, "# Declarations" over
    "#", and its assignments are the block's) and is no interpreter's answer.

    >>> _heading_over_code("Basic usage", ">>> import tides"), _heading_over_code("Upload", "f = c.up(p)")
    (True, True)
    >>> _heading_over_code("# Declarations", "#"), _heading_over_code("True", ">>> x == y")
    (False, False)
    >>> _heading_over_code("URL = 'ws://host'", "client = Client(URL)")
    False
    >>> _heading_over_code("Pressure", "40 45 75")
    False
    """
    words = text.strip()
    return (
        words[:1].isalpha()
        and all(ch.isalpha() or ch in " -" for ch in words)
        and words not in _ANSWERS
        and _CODE_LINE.search(below) is not None
    )


def short_after_display(c: Ctx) -> Verdict | None:
    """A short line after a display formula starts a paragraph (see :func:`after_display`).

    A title-like line whose section number follows the last section's
    ("8.1. Virtual Private Networks" after "8. ...") is the next section's
    heading: a figure, a table or a display closes a section as often as a
    paragraph, and the heading's wrapped words go on with it below.
    """
    if not (c.short and after_display(c.state)):
        return None
    if c.open and c.cur.ev.numbered and c.cur.ev.title_like and _continues_the_numbering(c):
        return c.heading("a section number after the last one, after a display or a figure: a heading")
    return START, AFTER_DISPLAY


def _continues_the_numbering(c: Ctx) -> bool:
    """Does the line's section number follow the last section's (a sibling, a child, the next chapter)?"""
    number = section_number(c.text)
    return number is not None and c.section is not None and next_section_number(c.section, number)


def indented_first_line(c: Ctx) -> Verdict | None:
    """A line nearly as wide as the column, with words of prose, a body line under it, opens a paragraph.

    A paragraph's first line is indented, so in narrow justified columns it falls
    just short of the full width; a heading has few function words or commas
    ("Die Verwendung von permit_mynetworks als erster" / "Regel hat ...").  The
    line then counts as full, so the next one goes on from it.
    """
    s, nxt = c.state, c.nxt
    if (
        c.short
        and c.open
        and not c.lower
        and (s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED or s.last_band is Band.SHORT)
        and nxt is not None
        and not nxt.blank_before
        and nxt.band is not Band.SHORT
        and c.cur.width >= 0.8 * c.cur.cw
        and not c.cur.ev.numbered
        and _prose_marks(c.text) >= 2
    ):
        reason = "a line nearly as wide as the column, of prose, a body line under it: a paragraph opens"
        return START_INDENTED, reason
    return None


def _prose_marks(text: str) -> int:
    """Function words and commas in a line: what running text has and a heading seldom does."""
    words = text.split()
    return text.count(",") + sum(is_function_word(w.strip(",.;:()")) for w in words[1:])


def short_outside_paragraph(c: Ctx) -> Verdict | None:
    """A short line with no paragraph open: finished, a paragraph; unfinished, a heading."""
    if not (c.short and c.state is None):
        return None
    if not c.open:
        return START, "short finished line outside a paragraph: a paragraph of its own"
    return c.heading("short unfinished line outside a paragraph: heading")


def short_after_heading(c: Ctx) -> Verdict | None:
    """A short line after a heading: another heading when set apart or numbered, else its next line.

    A finished short line after a heading is a paragraph, and so is one that
    leads in with a colon (:func:`_leads_in`) or a sentence's first line that
    stops on a function word (:func:`_sentence_line`).
    """
    s = c.state
    if not (c.short and s is not None and s.kind == HEADING):
        return None
    if _stopped_on_a_function_word(c, s):
        return JOIN, "the heading's line stopped on a function word: its words go on on this line"
    if c.open and (
        c.cur.blank_before or c.cur.page_break_before or c.cur.ev.numbered or (not c.lower and c.continued())
    ):
        return c.heading("short unfinished line, blank, page break or number: a heading of its own")
    if c.open and _SENTENCE_INSIDE.search(c.text) is not None:
        return START, "a sentence ends inside the line: no heading's line, a paragraph under it"
    if c.open and _leads_in(c.text):
        return START, "a sentence leading in with a colon under a heading: a paragraph, no heading's line"
    if c.open and _sentence_line(c):
        return START, "a line of words ending on a function word under a heading: a sentence starts"
    if c.open and not _paragraph_opens(c, s):
        if not c.lower and _heading_stands_alone(c, s):
            return c.heading("the heading's line had room for this line's first word: a heading of its own")
        if not c.lower and not _wrapped_tail(c, s):
            return c.heading("a capitalised line wider than a wrapped title's tail: a heading of its own")
        return JOIN, "consecutive short unfinished line: part of the heading"
    return START, "short finished line after a heading, or a paragraph's first line"


#: A heading's wrapped last line is at most this share of the width of the line above it.
TAIL_SHARE = 0.5
#: and the line above is this share of CW at least: it reached toward its type's measure.
WRAPPED_SHARE = 0.35


def _wrapped_tail(c: Ctx, heading: Open) -> bool:
    """Is this capitalised line the wrapped rest of the heading above it, not a heading of its own?

    A title wraps near the end of its type's measure and leaves a short tail
    ("pandas: A Powerful Python Data" / "Analysis Toolkit"): the heading's one
    line is :data:`WRAPPED_SHARE` of CW or wider and this line less than
    :data:`TAIL_SHARE` of its width.  A heading set apart by an empty line or a
    page break takes the line under it whatever its width, unless a run of
    short lines goes on below (a list); and so do a numbered heading (also one
    whose number stands alone above it), one in capitals, whose letters are
    wider, a line opening with a bracket, a date, a document's first lines and,
    on the first page, a heading with a comma (an author's affiliation and
    address, as the arXiv benchmark's truth has them).  Otherwise a line as wide
    as the heading's, or under a heading of two lines already, is a heading of
    its own or a list's next item ("Reading Geometry and Records Simultaneously"
    / "Writing Shapefiles", "Introduction to py-key-value" / "Protocols"): on
    the real corpus's tuning families the join was wrong four times in five.
    """
    line = heading.lines[-1].text
    if (
        c.text.lstrip()[:1] in _OPENING_BRACKETS
        or heading.last.numbered
        or heading.rule.endswith(bare_number_before_title.__name__)
        or in_capitals(line)
        or c.cur.line.number <= TITLE_LINES
        or _DATE.match(c.text) is not None
        or (c.cur.line.page == 1 and any("," in x.text for x in heading.lines))
    ):
        return True  # "(Software RAID)", "6" / "Настройка" / "Менеджера", "November 5, 2021", a title
    nxt = c.nxt
    run_below = nxt is not None and not (nxt.blank_before or nxt.page_break_before) and nxt.band is Band.SHORT
    if heading.apart and not run_below:
        return True  # a heading set apart, no run of short lines under it: its title wrapped
    return (
        len(heading.lines) == 1
        and typeset_width(line) >= WRAPPED_SHARE * c.cur.cw
        and typeset_width(c.text) < TAIL_SHARE * typeset_width(line)
    )


def _sentence_line(c: Ctx) -> bool:
    """Is the line :data:`SENTENCE_WORDS` words or more ending on a function word, not numbered?

    A title does not stop on "but" or "the"; such a line is a sentence's first
    line ("ifupdown is able to manage wireless interfaces but"), its sentence
    going on below, not a heading's line.
    """
    ev = c.cur.ev
    return ev.dangling and not ev.numbered and len(c.text.split(None, SENTENCE_WORDS)) >= SENTENCE_WORDS


def _loose_word_over_a_word(c: Ctx) -> bool:
    """Is the line one capitalised word over another word alone, no blank line between?

    pdftotext sets a loose justified line of a narrow column one word a line:
    under a heading, "Überprüfen" / "Sie" / "die" opens the section's first
    sentence, not the title's wrapped last word.
    """
    nxt = c.nxt
    return (
        nxt is not None
        and not nxt.blank_before
        and c.text.lstrip()[:1].isupper()
        and is_one_word(c.text)
        and is_one_word(nxt.line.text)
    )


def _label_under_a_title(c: Ctx, s: Open) -> bool:
    """Is the line a field's label of one word and a colon ("author:", "Release:") under a title's short line?

    A document's title is followed by its fields ("Argparse Tutorial" /
    "author:" / "Tshepang ..."), a label that no title wraps into.  The line
    above is title-like, within half the column, ends on no function word and
    no colon, and is its paragraph's only line (a sentence's last word and its
    colon, "... do not need newline bytes to be" / "preserved:", stand under a
    longer line), and no field's value (a block under the last label's colon:
    "Author:" / "Christoph Gohlke" / "License:", a field list's rows).
    """
    text = c.text.strip()
    return (
        len(s.lines) == 1
        and s.last_band is Band.SHORT
        and 2 * typeset_width(s.lines[0].text) <= c.cur.cw
        and s.rule != block_after_a_colon.__name__
        and text.endswith(":")
        and is_one_word(text)
        and text[:-1].isalpha()
        and s.last.title_like
        and not s.last.dangling
        and not s.lines[0].text.rstrip().endswith(":")
    )


def _stopped_on_a_function_word(c: Ctx, heading: Open) -> bool:
    """Did the heading's one line stop on a function word, so that this line right under it goes on with it?

    A title does not end on "for", "the" or "in": its line wrapped there
    ("Low-level bindings for" / "Argon2"), or it was no title but a
    sentence's first line ("If you have a patch, please read the" /
    "CONTRIBUTING.md document.").  Either way the words run on: split, the
    sentence is broken.  Three words or more ("Used by" over "Join the
    party!" is a label over its text), this line no list item, no number
    and no label of one word ("Sorting HOW TO" over "Author:"), no blank
    line or page break between.
    """
    text = c.text.strip()
    return (
        len(heading.lines) == 1
        and heading.last.dangling
        and not (c.cur.blank_before or c.cur.page_break_before or c.cur.ev.numbered)
        and len(heading.lines[0].text.split(None, 3)) > 2
        and not (text.endswith(":") and is_one_word(text))
        and not starts_list_item(text)
    )


def _leads_in(text: str) -> bool:
    """Does the line end in a colon after three words or more ("If you have found a bug:")?

    A heading does not end in a colon; a sentence that leads into a list, a
    command or an example does, and under a heading it opens the section's
    text ("Writing a .te file" / "Have a look at the example.te file:").

    >>> _leads_in("If you have found a bug:"), _leads_in("Voir le fichier :"), _leads_in("Usage:")
    (True, True, False)
    """
    return text.rstrip().endswith(":") and len(text.split(None, 2)) > 2


# A sentence's end and the next one's start inside a line ("or newer. Install it").
_SENTENCE_INSIDE = lazy(r"\p{Ll}{3,}[.?!]\s+\p{Lu}")
# A date, perhaps after a version ("v1.0, Aug 13, 1994"): "May 12, 2006", "3. März 2021".
_DATE = lazy(
    r"\s*(?:(?:Version\s+|v)?\d{1,4}(?:\.\d{1,4}){1,3},?\s+)?"
    r"(?:\d{1,2}\.?\s+)?\p{L}{3,}\.?\s+(?:\d{1,2},?\s+)?(?:1[89]|20)\d\d\s*\Z"
)


def _heading_stands_alone(c: Ctx, heading: Open) -> bool:
    """Did the heading above stop where it is (:func:`heading_had_room`), so this line is no part of it?

    The heading did not wrap there, and a capitalised line under it is a
    heading of its own ("Identifying the Disks" over "GRUB 2 Configuration"),
    not the heading's second line; so is the next item of a list whose bullets
    are gone, in the body's type (:func:`_item_under_an_item`).  But on the first page a line of author
    names keeps its affiliation under it, and a report number its date, as
    the arXiv benchmark's ground truth has them (a title-case heading such as
    "Storage and Backups" reads as names too, so only there).  A release's
    version and date ("0.4.1 - 2025-06-24" over "Fixed") and a line that
    ends in a web address ("Documentation: https://..." over "Source Code:
    ...") are whole: they stand alone however full their line.

    >>> [bool(_DATE.match(t)) for t in ["November 25, 1999", "3. März 2021", "GRUB 2 Configuration"]]
    [True, True, False]
    """
    line = heading.lines[-1].text
    if is_release(line) or ends_in_address(line):
        return True  # "0.4.1 - 2025-06-24" / "Fixed", "Documentation: https://..." / "Source Code: ..."
    if c.text.lstrip()[:1] in _OPENING_BRACKETS:
        return False  # "Configuring Multidisk Devices" / "(Software RAID)": a bracket opens no heading
    return (
        (
            heading_had_room(line, c.text, c.cur.cw)
            or _wider_below(line, c.text)
            or _item_under_an_item(c, heading, line)
        )
        and not (c.cur.line.page == 1 and looks_like_authors(line))
        and _DATE.match(c.text) is None
    )


_OPENING_BRACKETS = "([{"  # a line that opens with one goes on with the heading above


def _item_under_an_item(c: Ctx, heading: Open, line: str) -> bool:
    """Is the "heading" above a list's item whose bullet is gone, and this line the next item?

    The heading was itself taken under a heading (its rule is
    :func:`short_after_heading`), and a line of the body's type had room for
    this line's first word: a run of short capitalised lines one under another
    ("TPU" / "FP16/BFloat16 mixed precision" / "FP8 mixed precision with
    Transformer Engine or MS-AMP" / "DeepSpeed support (Experimental)") is a
    list whose bullets a browser drew and pdftotext left out, each item a line
    of the body's type.  A heading's larger type wraps sooner
    (:func:`heading_had_room`): a title set apart by an empty line on the first
    page still takes its second line ("Direct Observation of Longitudinally
    Polarised W±" / "Bosons"), and so does one with a paragraph's full line
    right under it, one in capitals, whose letters are wider, a numbered one and
    one whose line ends in a comma.
    """
    nxt = c.nxt
    return (
        heading.rule.endswith(short_after_heading.__name__)
        and not (heading.apart and c.cur.line.page == 1)
        and (nxt is None or nxt.blank_before or nxt.band is Band.SHORT)
        and not heading.last.numbered
        and not line.rstrip().endswith(",")
        and not in_capitals(line)
        and word_would_fit(line, c.text, c.cur.cw)
    )


#: Characters are no exact measure of a proportional font's widths: a line counts as wider
#: than another and the next word when it is so by this share of its width.
WIDER_SLACK = 0.1


def _wider_below(line: str, text: str) -> bool:
    """Is this line wider than the heading's line with this line's first word added?

    Then the heading's line did not wrap before that word: a line of the same
    type held more ("Compute chemical equilibrium" over "Evaluate species
    chemical production rates", a list's items whose bullets a browser drew as
    shapes).  In a heading's larger type as in the body's, whatever the column.

    >>> _wider_below("Compute chemical equilibrium", "Evaluate species chemical production rates")
    True
    >>> _wider_below("Configuring the mirror of the", "package archive")
    False
    """
    width = typeset_width(text)
    word = text.split(None, 1)
    return bool(word) and typeset_width(line) + 1 + display_width(word[0]) <= (1 - WIDER_SLACK) * width


def _paragraph_opens(c: Ctx, heading: Open) -> bool:
    """Does this short line open a paragraph under its heading rather than continue it?

    It does in lower case under a heading in capitals, when it stops on a
    dangling word ("ausführlich als") with a body line right under it, while the
    heading's own line did not, and when it is a lone function word with
    another lone word under it: a loose justified line that pdftotext set one
    word per line ("Die", "Hauptkonfigurationsdatei", ...).
    """
    if c.lower and in_capitals(heading.lines[-1].text):
        return True
    nxt = c.nxt
    if (
        nxt is not None
        and not nxt.blank_before
        and is_one_word(c.text)
        and is_function_word(c.text.strip())
        and is_one_word(nxt.line.text)
    ):
        return True  # a loose line's words, one per line: "Die", "Hauptkonfiguration", ...
    return (
        c.cur.ev.dangling
        and not heading.last.dangling
        and nxt is not None
        and not nxt.blank_before
        and nxt.band is not Band.SHORT
    )


_WORD = lazy(r"\p{L}{2}")
# A line of code: a call or an index closed at its end ("print(x)", "d['k']"), an
# assignment, a shell prompt or a comment.
_CODE_LINE = lazy(r"\A\s*(?:[$#>]|\w+ = )|\w\.\w+\(")


def _is_code(text: str) -> bool:
    """Does the line look like a line of code (:data:`_CODE_LINE`, or a call or index closed at its end)?

    >>> [_is_code(t) for t in ["print(x)", "d['k']", "$ make", "x = f(y)", "the end (Table 3", "in a tree."]]
    [True, True, True, True, False, False]
    """
    end = text.rstrip()[-2:]
    if end[-1:] == "]" or (end[-1:] == ")" and end[:1] not in (" ", "")):
        return True
    return _CODE_LINE.search(text) is not None


def _title_over_a_name(title: str, text: str) -> bool:
    """May a paragraph under a title start in lower case: a title of a few words, a line of words under it?

    A README starts its paragraphs with its program's name ("einops stands
    for ...", "smart_open supports ..."); a loose justified line's word
    alone ("Dieses" / "erhöht") goes on with another word alone, a sentence
    split at a wide gap or beside a float goes on with a word ("Such
    updated" / "packages contain"), and a formula's pieces hold signs
    ("Here x∞" / "i is by definition").  So the line under the title must
    start with a name that is no plain word, a letter first ("smart_open",
    "python-dotenv", "json5", "doc()"; not "(initially").
    """
    words = title.split(None, 4)
    if len(words) > 4 or is_one_word(text) or not _TITLE_CHARS.fullmatch(title):
        return False
    name = text.split(None, 1)[0]
    return name[:1].isalpha() and not name.isalpha()


# What a README's title is written with: letters, digits and a few signs ("Reading .env files").
_TITLE_CHARS = lazy(r"[\p{L}\d\s.,:'’&/+#()_-]+")


def title_between_sentences(c: Ctx) -> Verdict | None:
    """A title-like line between two sentences, with no blank line around it, is a heading.

    Ragged-right text (a README or a web page printed) sets its headings with
    no more space than pdftotext keeps as a blank line: "... against the list
    of releases." / "Running it on a list" / "Give the list as ...".  A
    paragraph's last line that starts a sentence ends it; a short line with
    no sentence end, words in it and a capital first, after a line that
    ended a sentence or a line of code ("print(x)", "$ make") and before one
    that starts another, or one of words in lower case under a title of
    four words at most (a README's paragraph opens with its program's name:
    "Usage" / "einops stands for ..."), is a title.  The next line must be text: before
    formula debris the line leads into a display.  A line that ends on a
    function word ("Die", "For the") is a piece of a sentence that pdftotext
    split at a wide gap.
    """
    s = c.state
    nxt = c.nxt
    if (
        c.short
        and s is not None
        and s.kind == BODY
        and c.cls is LineClass.UNFINISHED
        and not c.lower
        and nxt is not None
        and (not nxt.ev.lower or _title_over_a_name(c.text, nxt.line.text))
        and not c.text.rstrip().endswith((",", ";", ":"))
        and c.cur.ev.title_like
        and not c.cur.ev.dangling
        and not nxt.ev.debris
        and c.text.lstrip()[:1] not in "([{<\"'“‘«"  # not "(issue #12)": a sentence's aside
        and _WORD.search(c.text) is not None
        and "://" not in c.text  # "See https://...": a sentence without its full stop
        and not is_function_word(c.text.split()[-1])
        and (s.last_cls is LineClass.FINISHED or _is_code(s.lines[-1].text))
    ):
        return START_HEADING, "title-like line between two sentences: a heading"
    return None


def short_after_body_line(c: Ctx) -> Verdict | None:
    """A short line after a full body line is the paragraph's last line, unless evidence says otherwise.

    Unfinished, capitalised and set apart (blank line, page break) after a
    finished line, or numbered: a heading.  Finished after a blank line and a
    finished line: a paragraph.  Continued in lower case after a finished line:
    a paragraph's first line.  Capitalised and unfinished after a line of code
    (a prompt, an assignment, a method's call: :data:`_CODE_LINE`): the text
    after an example, a paragraph ("x = f(y)" / "Or, to read one gauge").
    """
    s = c.state
    if not (c.short and s is not None and s.last_band is not Band.SHORT):
        return None
    numbered = c.cur.ev.numbered
    finished_before = s.last_cls is LineClass.FINISHED
    if (
        c.open
        and not c.lower
        and (c.cur.blank_before or c.cur.page_break_before or numbered)
        and (numbered or finished_before)
    ):
        return c.heading(
            "short unfinished line after a finished line and a blank, page break or number: heading"
        )
    if finished_before and c.cur.blank_before and not c.lower:
        return START, "short finished line after a blank line and a finished line: a paragraph"
    if finished_before and c.cls is LineClass.UNFINISHED and not c.lower and c.continued():
        return START, "short line after a finished line, continued in lower case: a paragraph starts"
    if not c.lower and c.cls is LineClass.UNFINISHED and _CODE_LINE.search(s.lines[-1].text) is not None:
        return START, "a short capitalised line after a line of code: a paragraph starts"
    return JOIN, "short line after a body line: the paragraph's last line"


#: A paragraph's line that stops this near the column's width (but short of its band) filled it:
#: proportional type sets fewer characters on some lines of a column than on others.
NEARLY_FULL = 0.85


def under_a_nearly_full_line(c: Ctx) -> Verdict | None:
    """A line under a body line that nearly filled the column and stopped mid-sentence goes on with it.

    A line of proportional type holds fewer characters when its words are
    wide ("... Simply using OAuthLib to Get" / "Things Done or to learn?"), so
    a body line may fall just short of the full-width band and count as a
    paragraph's short last line; the capitalised line under it then looked
    like a paragraph or a heading of its own.  But a line that fills
    :data:`NEARLY_FULL` of the width or more and ends with no sentence's end,
    no colon or semicolon (a lead-in), no address and no line of code, with
    no blank line or page break under it, wrapped: the short line under it, not
    numbered and no item of a list, is the rest of its sentence (in lower case
    :func:`short_after_short_line` joins it already).  So is a full line
    under it when the paragraph has two lines or more ("... our thanks go to
    Dr Marija" / "Ban and Ivo Marinov of Split, who have ..."): a paragraph of
    one line nearly as wide as the column is a title.
    """
    s = c.state
    if c.lower or s is None or s.kind != BODY or s.last_cls is not LineClass.UNFINISHED:
        return None
    if not c.short and len(s.lines) < 2:
        return None
    if s.last_band is not Band.SHORT or s.after_debris or c.cur.blank_before or c.cur.page_break_before:
        return None
    last = s.lines[-1].text.rstrip()
    if last.endswith((":", ";")) or not _nearly_full(c, s):
        return None
    if c.cur.ev.numbered or starts_an_item(c.text) or ends_in_address(last) or _is_code(last):
        return None
    return JOIN, "a line under an unfinished line that nearly filled the column: its sentence goes on"


def is_one_word(text: str) -> bool:
    """Is the line one word of a script that spaces its words (not CJK, where every line is one)?

    >>> [is_one_word(t) for t in ["пакетов", "Debian,", "two words", "茶树喜欢", "7"]]
    [True, True, False, False, False]
    """
    word = text.strip()
    if " " in word:
        return False
    for ch in word:  # a letter in it
        if ch.isalpha():
            return not CJK_CHAR.search(word)
    return False


def after_a_loose_word(c: Ctx) -> bool:
    """Is this short line one word, right after a word alone on its line inside a running sentence?"""
    s = c.state
    return (
        c.short
        and s is not None
        and s.kind == BODY
        and s.last_cls is LineClass.UNFINISHED
        and is_one_word(s.lines[-1].text)
        and is_one_word(c.text)
        and not in_a_list_column(c)
    )


def after_an_example(s: Open) -> bool:
    """Does the open paragraph end in a line of code that an example set apart (:func:`_an_example`)?

    A README's example stands between two paragraphs: "use the help builtin:"
    / 'help("smart_open")' / "or view help.txt in your browser."  The text
    after it starts anew, in lower case too.  The code line is the
    paragraph's first, or comes after a lead-in's colon or another line of
    code: a prose line that wraps at a function's name ("with" /
    "attrs.validators.disabled()" / "can now be nested") goes on.  Not a
    list item's line.
    """
    last = s.lines[-1].text
    if not _an_example(last) or starts_list_item(last):
        return False
    if len(s.lines) == 1:
        return True
    before = s.lines[-2].text.rstrip()
    return before.endswith(":") or _is_code(before)


# A call at a line's start: "print(table)", 'help("smart_open")', "app.run(main)".
_CALL = lazy(r"\A\s*[\w.]+\(")


def _an_example(text: str) -> bool:
    """Is the line an example's code: a prompt, an assignment, a method's call, or a call alone?

    Not a formula's piece that ends in a bracket ("(mod 3)", "ψe (ψ)").

    >>> [_an_example(t) for t in ["print(table)", "$ make", "x = f(y)", "(mod 3)", "ψe (ψ)"]]
    [True, True, True, False, False]
    """
    return _CODE_LINE.search(text) is not None or (_is_code(text) and _CALL.match(text) is not None)


AFTER_AN_EXAMPLE = "a line after an example's line of code: a paragraph starts, in lower case too"


def _in_a_loose_run(c: Ctx, s: Open) -> bool:
    """Is the word alone on the paragraph's last line one of a run of such words, with this line's?"""
    nxt = c.nxt
    return is_one_word(s.lines[-2].text) or (nxt is not None and is_one_word(nxt.line.text))


#: The words of a line that ends on a function word for it to be a sentence's line, not a title's.
SENTENCE_WORDS = 5


#: A short line's first word shows the short line above ended early when the room left there
#: (in characters, to CW) holds it this many times over: characters are no measure of a
#: proportional font's width, and a line of wide letters or code is full with fewer.
EARLY_ROOM = 2.0
#: ... and leave this share of CW at least (a line of 60 characters in a box narrower than the
#: page, or of wider letters than the document's usual, may be full).
EARLY_SHARE = 0.3
#: A heading's type may be this much larger than the body's: under a heading of one line the
#: room must be as much larger.
HEADING_TYPE = 2.0
#: Only in a document of short paragraphs, as many full lines in each as this at most
#: (``Ctx.shape``: READMEs and web pages 2-5, papers 4-16 with a median of 7).
SHORT_PARAGRAPHS = 5.0
#: A paragraph opened on one of the document's first lines is its title, in type larger than
#: the body's: its lines hold fewer characters than CW and wrap with room to spare.
TITLE_LINES = 3
#: Code, markup and pseudocode: an assignment, a TeX command, a brace.
_CODE_LIKE = lazy(r"[←=\\{}]")


def early_break_between_short_lines(c: Ctx) -> Verdict | None:
    """A short line under a short line that had room for its first word twice over starts anew.

    A printer breaks a line inside a paragraph only where the next word does
    not fit: a line that stopped with room for the next one's first word
    ended its paragraph or its list item.  A browser draws a list's bullets as
    shapes (Chromium does), and pdftotext's text then shows a tight list's
    items one under another, in lower case and without full stops ("add more
    tests for CVE-2021-23980" / "bump python version to 3.8 ..." / "update bug
    report template tag"), which the lower case alone would join.  Characters
    are no exact measure, so only where nothing else explains the room:

    * the room (to CW) holds the word :data:`EARLY_ROOM` times over and is
      :data:`EARLY_SHARE` of CW at least; both lines are short (a full line
      under a short one may follow an early break before an unbreakable word,
      or WeasyPrint's before an inline box);
    * in a document of short paragraphs (:data:`SHORT_PARAGRAPHS`: in a
      paper's, short lines are an inline formula's pieces and their words);
    * each line of two words or more (pdftotext sets a loose justified line
      one word a line), the line above not ending on a hyphen, a comma or a
      function word, no debris dropped between (a display formula), no CJK,
      no code or pseudocode (a TeX command, a brace, an assignment: its lines
      are one block);
    * on the page (with geometry), only in a block set in from the column's
      text by a body line's height or more (a list; this rule is asked before
      the page's weighing, whose trees were fitted where bullets are text);
    * not in the document's first lines (:data:`TITLE_LINES`: a title in
      larger type wraps early), nor in an item that starts at a bullet or a
      number (the item rules decide its lines);
    * under a heading of one line, only a line in lower case, the room
      :data:`HEADING_TYPE` times as large (a heading's type is larger).
    """
    s = c.state
    if not (c.short and s is not None and s.last_band is Band.SHORT) or s.after_debris:
        return None
    geo = c.cur.ev.geo
    if geo is not None and geo.inset < geo.unit:
        return None  # on the page, only in a block set in from the column's text (a list)
    larger = 1.0  # how much larger the open paragraph's type may be than the body's
    if s.kind == HEADING:
        if len(s.lines) > 1 or s.last.numbered or not c.lower:
            return None  # a title-cased line under a heading may be its own wrapped words
        larger = HEADING_TYPE
    elif s.kind != BODY:
        return None
    if not 0.0 < c.shape[0] <= SHORT_PARAGRAPHS:
        return None  # a paper's long paragraphs: its short lines are a formula's pieces and their text
    prev = s.lines[-1].text.rstrip()
    if not prev or prev[-1] in "-,;‐" or s.last.dangling or CJK_CHAR.search(prev) or CJK_CHAR.search(c.text):
        return None
    words = c.text.split(None, 1)
    if len(words) < 2 or (s.kind == BODY and " " not in prev):
        return None  # a word alone: a loose justified line pdftotext set one word a line
    if c.cur.ev.debris or s.last.debris or _CODE_LIKE.search(prev) or _CODE_LIKE.search(c.text):
        return None  # code, pseudocode, a table's rows: their lines are one block
    first = s.lines[0]
    if first.number <= TITLE_LINES or starts_an_item(first.text) or s.last.numbered:
        return None  # a title in larger type wraps early; a bulleted item's lines are the item rules'
    room = c.cur.cw - typeset_width(prev) - 1
    if room < larger * EARLY_ROOM * (display_width(words[0]) + 1) or room < EARLY_SHARE * c.cur.cw:
        return None
    return START, "the short line above had room for this line's first word twice over: it ended early"


def short_after_short_line(c: Ctx) -> Verdict | None:
    """A short line after a paragraph's short last line: lower case continues it, else a new block.

    Finished, a paragraph of its own; unfinished, a heading; lower case after a
    short line that ends a sentence, a paragraph (:func:`new_sentence_in_lower_case`),
    and after an example's line of code (:func:`after_an_example`);
    a CJK line after a line left inside a sentence goes on (:func:`cjk_sentence_goes_on`).  But after a word
    alone on its line inside a running sentence ("пакетов"), the sentence goes on
    whatever the case of the next word ("Debian,"): pdftotext sets a loose
    justified line of a narrow column one word per line.  Only in a run of
    such words (the line before that word is one too, or the line after this
    one): a word alone under a paragraph's wider line is its last word ("•
    Get Help: ... on Stack" / "Overflow"), or a link's or a command's tail
    ("optax.git"), and a capitalised line after it is a heading
    ("Contributors") or a paragraph.  A line of :data:`SENTENCE_WORDS` words or
    more that ends on a function word ("If you must use it, we suggest the"),
    not numbered (a numbered title of two lines: "2. How the river moves its
    bed and" / "why ..."), is a sentence's first line, not a heading: its
    sentence goes on below (:func:`short_mid_sentence`).
    """
    s = c.state
    if not (c.short and s is not None):
        return None
    if new_sentence_in_lower_case(c):
        return START, NEW_SENTENCE_IN_LOWER_CASE
    if c.lower and after_an_example(s):
        return START, AFTER_AN_EXAMPLE
    if cjk_line_ended_early(c):
        return START, "a CJK line ended with room for this line's first word: a paragraph starts"
    if _label_under_a_title(c, s):
        return START, "a field's label ('author:') under a title's line: a block of its own"
    if c.lower and _block_over_the_page(c, s):
        return START, "a page's first line under the last page's short finished line: a block starts"
    if c.lower:
        return JOIN, "lower-case start: continues the paragraph"
    if after_a_loose_word(c) and len(s.lines) > 1 and not c.cur.ev.numbered and _in_a_loose_run(c, s):
        return JOIN, "after a word alone on its line inside a sentence: the sentence goes on"
    if cjk_sentence_goes_on(c):
        return JOIN, CJK_SENTENCE_GOES_ON
    if not c.open:
        return START, "short finished line after a finished paragraph: a paragraph of its own"
    if _sentence_line(c):
        return START, "a line of words ending on a function word after a finished line: a sentence starts"
    return c.heading("short unfinished line after a finished paragraph: heading")


def _block_over_the_page(c: Ctx, s: Open) -> bool:
    """Does this line open a page under the last page's short line that ended a sentence or led in?

    A sentence that runs over a page break leaves the page's last line full; a
    short last line that ends a sentence or a lead-in's colon ended its block,
    and the page's first line, in lower case too, starts the next: a program's
    name, a function's signature, a command ("Raised when the gauge is silent."
    / "gauge.read(handle)").  On the real corpus's tuning families every one of
    the 45 lower-case lines so joined started a paragraph in the truth.
    """
    return c.cur.page_break_before and (
        s.last_cls is LineClass.FINISHED or s.lines[-1].text.rstrip().endswith(_LEAD_IN_ENDS)
    )


#: What ends a lead-in to a block: a colon (a full-width one in CJK text).
_LEAD_IN_ENDS = (":", "\uff1a")
#: The open paragraphs whose last line may lead in to a block: a body's, and a heading's ("For example:"
#: set apart as a heading).
_LEAD_IN_KINDS = (BODY, HEADING)


def block_after_a_colon(c: Ctx) -> Verdict | None:
    """A line under a paragraph's last line that ends in a colon starts a block, if one of them is short.

    A sentence that stops short of the margin on a colon ("A very simple
    example is:", "run:") leads in to what is set below it: a command, a code
    block, a list, a table, a quotation.  Ragged text ends its lines short
    everywhere, so a short line alone says nothing, but a colon at its end
    says the sentence is done and something else comes: had the sentence gone
    on, its next word would have stood on the same line.  Over the real
    corpus's tuning families, of the lines joined under such a line 96% were
    the start of a block (code the truth leaves out, or a paragraph).  Not
    after debris set aside (a display formula came between), nor a link or an
    address ("please visit:" / "https://...", which a sentence holds), nor
    a line in lower case that ends a sentence (the sentence went on after its
    colon: "To remove it:" / "delete the folder."), nor a capitalised line set
    apart by a blank line (a figure's label or a heading: the rules after this
    one say which).  Under a full line that ends in a colon, a short line
    starts a block when it is code or in lower case (a command: "pip install
    ..."); a capitalised one is a term's text ("License:" / "MIT.").  The
    paragraph may be a heading: a lead-in set apart ("For example:") is taken
    for one, and the code under it is no line of the heading.
    """
    s = c.state
    if s is None:
        return None
    last = s.lines[-1].text
    if last[-1:] not in _LEAD_IN_ENDS and not (last[-1:].isspace() and last.rstrip().endswith(_LEAD_IN_ENDS)):
        return None  # the cheap test first: most lines under an unfinished one follow no colon
    if s.kind not in _LEAD_IN_KINDS or s.after_debris or not (c.short or s.last_band is Band.SHORT):
        return None
    if c.lower:
        if c.cls is LineClass.FINISHED:
            return None  # a sentence's end in lower case ("To remove it:" / "delete the folder.")
    elif c.cur.blank_before:
        return None  # set apart, capitalised: a figure's label, a heading (the rules after say which)
    if c.text.lstrip().startswith(("http", "www.")):
        return None
    if s.last_band is not Band.SHORT and not (c.lower or _is_code(c.text)):
        return None  # under a full line, a term's text ("License:" / "MIT.") unless code or lower case
    return START, "a line under a line that ends in a colon: the block it leads in to starts"

"""The decisions for a line of running text, as named rules asked in a visible order.

:func:`decide` asks the rules of :data:`RULES` in order; the first that answers
decides the line with a verb and a reason, and its name goes into
``Decision.rule`` and the ``rule`` column of ``--explain``.  The engine makes no
decision of its own.  A rule sees a :class:`Ctx`: the line, the next unmarked
non-empty line, the open paragraph and the last numbered heading's number.
Each rule's docstring says why it exists; ``tests/cases/`` holds a case for each
(``tests/test_rules.py`` checks that every rule fires in at least one).

Verbs: ``drop`` (debris); ``drop-end`` (debris, but its sentence ended there);
``drop-interruption`` (a footnote or page element inside a running sentence);
``join``; ``start`` (a body paragraph); ``start-heading``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from srtext.pipeline.classify import (
    Band,
    LineClass,
    has_section_number,
    is_bare_number,
    is_caption_start,
    is_indented,
    is_lead_in,
    is_numbered_title,
    is_references_heading,
    is_report_number,
    is_section_number_alone,
    is_title_like,
    looks_like_debris,
    next_section_number,
    section_number,
    starts_list_item,
    starts_lowercase,
)
from srtext.pipeline.events import BODY, HEADING, REFERENCE, Decision, Open
from srtext.pipeline.function_words import ends_on_dangling_word, is_function_word
from srtext.pipeline.lazyre import lazy
from srtext.pipeline.lines import Line
from srtext.pipeline.weigh import boundary
from srtext.pipeline.width import display_width

# Verbs of the rules.
DROP, DROP_END, DROP_INTERRUPTION = "drop", "drop-end", "drop-interruption"
JOIN, START, START_HEADING = "join", "start", "start-heading"

_CJK = r"[\p{Han}\p{Hiragana}\p{Katakana}]"
# A short word (not CJK: there every character is a word) or a comma at the line end.
_DANGLING = lazy(rf"(?:(?<!\p{{L}})(?:(?!{_CJK})\p{{L}}){{1,3}}|,)\s*\Z")
_FIRST_WORD = lazy(_CJK + r"|\S+")
_CJK_END = lazy(_CJK + r"\s*\Z")
# Chinese and Japanese paragraphs indent their first line by two ideographs,
# which pdftotext's output does not show.
_CJK_INDENT = 4


class Item(NamedTuple):
    """A non-empty line with what the rules need to know about it."""

    line: Line
    width: int
    cw: int
    cls: LineClass
    band: Band
    blank_before: bool
    page_break_before: bool
    after_marked: bool = False  # furniture or footnotes came between it and the line before

    def decision(self, kind: str, action: str, reason: str, rule: str = "") -> Decision:
        return Decision(self.line, self.cls, self.band, self.width, self.cw, kind, action, reason, rule)


class Ctx:
    """What a rule sees: the line, the next one, the open paragraph, the last section number."""

    __slots__ = ("_continued", "band", "cls", "cur", "lower", "nxt", "section", "short", "state", "text")
    cur: Item
    nxt: Item | None
    state: Open | None
    section: tuple[int, ...] | None
    text: str
    cls: LineClass
    band: Band
    lower: bool
    short: bool

    def __init__(
        self, cur: Item, nxt: Item | None, state: Open | None, section: tuple[int, ...] | None = None
    ) -> None:
        self.cur, self.nxt, self.state, self.section = cur, nxt, state, section
        self.text, self.cls, self.band = cur.line.text, cur.cls, cur.band
        self.lower = starts_lowercase(self.text)
        self.short = self.band is Band.SHORT
        self._continued: bool | None = None

    def continued(self) -> bool:
        """Does the next line go on in lower case, with no blank line between?"""
        if self._continued is None:
            nxt = self.nxt
            self._continued = (
                nxt is not None
                and not nxt.blank_before
                and starts_lowercase(nxt.line.text)
                and not looks_like_debris(nxt.line.text)
            )
        return self._continued

    def heading(self, reason: str) -> Verdict:
        """A heading, unless the next line continues this one in lower case (then a paragraph)."""
        if self.continued() and not has_section_number(self.text):
            return START, "short line continued in lower case on the next line: a paragraph starts"
        return START_HEADING, reason

    @property
    def open(self) -> bool:
        """Does the line end unfinished, or is it a numbered question ("A. RAID or LVM?"), as headings end?"""
        if self.cls is LineClass.UNFINISHED:
            return True
        text = self.text.rstrip()
        return text.endswith("?") and has_section_number(text) and is_title_like(text)


Verdict = tuple[str, str]
Rule = Callable[[Ctx], "Verdict | None"]


# -- evidence the rules share


def next_word_overflows(cur: Item, nxt: Item | None) -> bool:
    """Would the first word of the next line have made this line wider than CW?

    Then this line ended because the word did not fit, not because its
    paragraph ended: it is full, whatever its width in characters (proportional
    fonts).  Only for a next line that follows without a blank line; an
    unfinished CJK line is judged by :func:`fills_cjk_line` alone.
    """
    if cur.cls is LineClass.UNFINISHED and _CJK_END.search(cur.line.text):
        return fills_cjk_line(cur.width, cur.cw)
    if nxt is None or nxt.blank_before:
        return False
    word = _FIRST_WORD.match(nxt.line.text.lstrip())
    if word is None:
        return False
    return cur.width + 1 + display_width(word.group()) > cur.cw


def fills_cjk_line(width: int, cw: int) -> bool:
    """Would one more ideograph have overflowed this unfinished CJK line?

    No space comes between ideographs; the line may be a paragraph's first
    line, indented by two ideographs that pdftotext does not show; compressed
    punctuation lets a line hold one ideograph more than CW suggests.

    >>> [fills_cjk_line(w, 48) for w in (42, 36)]
    [True, False]
    """
    return width + _CJK_INDENT + 2 > cw - 2


def heading_goes_on(cur: Item, nxt: Item | None, state: Open) -> bool:
    """Is this unfinished line the second line of a numbered heading?

    It is when the heading so far is one unfinished numbered line, no blank line
    comes between, and this line starts in lower case, or the heading's line ends
    in a comma or a short function word ("und", "of", "и") and this line is itself
    followed by a capitalised line (so it is not the first line of a paragraph).
    """
    if (
        len(state.lines) != 1
        or state.last_cls is not LineClass.UNFINISHED
        or cur.cls is not LineClass.UNFINISHED
        or cur.blank_before
        or not has_section_number(state.lines[0].text)
    ):
        return False
    if starts_lowercase(cur.line.text):
        return not in_capitals(state.lines[0].text)  # "IV. IN ECHTZEIT" / "top ist ...": its text
    dangling = _DANGLING.search(state.lines[0].text) is not None
    return dangling and nxt is not None and not starts_lowercase(nxt.line.text)


def in_capitals(text: str) -> bool:
    """Are the line's letters capitals (a heading set in capitals or small capitals)?

    >>> in_capitals("IV. IN ECHTZEIT"), in_capitals("4.1 Results"), in_capitals("1.")
    (True, False, False)
    """
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 3 and all(ch.isupper() for ch in letters)


def after_display(state: Open | None) -> bool:
    """Does the open paragraph stop before a display formula (3 lines of debris, a short line, a colon)?

    A display formula sets its paragraph apart: pdftotext writes it on three
    lines or more, or the text before it stops short of the margin or ends in a
    colon, because the formula starts a line of its own (or the formula ends
    in a full stop), and the text after it starts a paragraph, in lower case
    too ("where x is ..."), as the benchmark's ground truth has it and as the
    paper's F allows ("a paragraph may end in ':' before a display formula").
    An inline formula's debris inside a full line (a superscript, a fraction's
    two parts) does not end it.
    """
    return (
        state is not None
        and state.kind == BODY
        and state.after_debris > 0
        and (
            state.after_debris > 2
            or state.last_band is Band.SHORT
            or state.lines[-1].text.rstrip().endswith(":")
        )
    )


def mid_sentence(state: Open | None) -> bool:
    """Does the open paragraph stop on a word no sentence ends on ("written in", "20 °C and")?

    Then the next line goes on with the sentence, whatever its case, width or
    first word ("C using ...", "85 °C.", "Fig. 1. It consists ..."), unless
    debris was dropped in between (a display formula after "by").
    """
    if state is None or state.kind not in (BODY, REFERENCE) or state.after_debris:
        return False
    last = state.lines[-1].text
    if len(state.lines) > 1 and " " not in last.strip():
        last = f"{state.lines[-2].text} {last}"  # a word alone on the paragraph's last line: "die"
    return ends_on_dangling_word(last)


def title_follows(nxt: Item | None) -> bool:
    """Is the next line a short capitalised line that could be a whole heading?"""
    return (
        nxt is not None
        and nxt.band is Band.SHORT
        and not starts_lowercase(nxt.line.text)
        and is_title_like(nxt.line.text)
        and not is_section_number_alone(nxt.line.text)
        and not looks_like_debris(nxt.line.text)
    )


def word_would_fit(previous: str, text: str, cw: int) -> bool:
    """Would this line's first word have fitted on the previous line within CW?"""
    word = _FIRST_WORD.match(text.lstrip())
    return word is not None and display_width(previous) + 1 + display_width(word.group()) <= cw


def _may_number_a_heading(state: Open | None) -> bool:
    return state is None or state.kind == HEADING or (state.kind == BODY and not state.running)


_MID_SENTENCE = "the line before ends on an article, a preposition or a conjunction: the sentence goes on"
_AFTER_DISPLAY = "a line after a display formula (debris after a short line or a colon): a paragraph starts"


# -- the rules, any line


def list_item(c: Ctx) -> Verdict | None:
    """A line starting with a bullet ("• ") starts a list item, a paragraph of its own."""
    if starts_list_item(c.text):
        return START, "a list item starts at its bullet"
    return None


def title_after_its_number(c: Ctx) -> Verdict | None:
    """A section number set on a line of its own ("II.", "3.2") takes the title under it."""
    s = c.state
    if (
        s is not None
        and s.kind == HEADING
        and len(s.lines) == 1
        and (is_section_number_alone(s.lines[0].text) or is_bare_number(s.lines[0].text))
    ):
        return JOIN, "a heading's title after its number on a line of its own"
    return None


# -- short lines


def run_in_heading(c: Ctx) -> Verdict | None:
    """A numbered title ending in a full stop ("2.1. Adams operations."), AMS style, is a heading."""
    if c.short and is_numbered_title(c.text) and (c.state is None or not c.state.running):
        return START_HEADING, "a numbered title ending in a full stop (a run-in heading): heading"
    return None


def number_before_title(c: Ctx) -> Verdict | None:
    """A section number with its dot alone on its line ("II.", "A.", REVTeX) before a title is its number."""
    if (
        c.short
        and is_section_number_alone(c.text)
        and _may_number_a_heading(c.state)
        and title_follows(c.nxt)
    ):
        return START_HEADING, "a section number on a line of its own, a title next: the heading's number"
    return None


def bare_number_before_title(c: Ctx) -> Verdict | None:
    """A number without its dot ("2.1", "3") set apart from its title is the heading's number.

    Only when it follows the last section's number: a table's cell ("1.21") or
    a page number does not.  Set apart by a blank line, it may interrupt a
    running sentence (two columns mixed by pdftotext).
    """
    if (
        c.short
        and is_bare_number(c.text)
        and (_may_number_a_heading(c.state) or c.cur.blank_before)
        and title_follows(c.nxt)
        and next_section_number(c.section, section_number(c.text) or ())
    ):
        return START_HEADING, "a number after the last section's, alone, a title next: a heading"
    return None


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
    if not (c.short and s is not None and nxt is not None and is_lead_in(c.text)):
        return None
    if not looks_like_debris(nxt.line.text):
        return None
    if after_display(s):
        return START, _AFTER_DISPLAY
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
        return JOIN, _MID_SENTENCE
    return None


def debris(c: Ctx) -> Verdict | None:
    """A short line with little prose (formula, table or page debris) is dropped.

    When it is finished inside a body paragraph, its sentence ended there.
    """
    if not (c.short and looks_like_debris(c.text)):
        return None
    if c.cls is LineClass.FINISHED and c.state is not None and c.state.kind != HEADING:
        return DROP_END, "finished line with little prose: formula debris ending a sentence"
    return DROP, "short line with little prose: formula, table or page debris"


def interruption(c: Ctx) -> Verdict | None:
    """A short capitalised line set off inside a running sentence is a footnote or page element.

    The line before is full and unfinished, the one after continues it in lower
    case, and a page break or an empty line sets it off.
    """
    s, nxt = c.state, c.nxt
    if (
        c.short
        and s is not None
        and s.running
        and not c.lower
        and nxt is not None
        and nxt.band is not Band.SHORT
        and starts_lowercase(nxt.line.text)
        and is_title_like(c.text)
        and (c.cur.page_break_before or c.cur.blank_before or nxt.blank_before)
    ):
        return DROP_INTERRUPTION, "short line interrupting a running sentence: footnote or page element"
    return None


def _label_like(text: str) -> bool:
    """One to three words, none a function word, no colon or comma at the end: an axis title, a word."""
    words = text.split()
    return (
        0 < len(words) <= 3
        and not text.rstrip().endswith((":", ","))
        and not any(is_function_word(w.strip("()[],.")) for w in words)
    )


def figure_label(c: Ctx) -> Verdict | None:
    """A short unnumbered line with debris or a caption right after it is a figure's label.

    Axis titles and the words of a block diagram come out of pdftotext as short
    lines of a few words among the figure's numbers, just before its caption; a
    heading is followed by its text, and a line leading into a display formula
    has a function word ("we find", "is").  Not inside a running sentence.
    """
    s, nxt = c.state, c.nxt
    if (
        c.short
        and c.cls is LineClass.UNFINISHED
        and not c.lower
        and nxt is not None
        and (s is None or not s.running)
        and not has_section_number(c.text)
        and not mid_sentence(s)
        and _label_like(c.text)
        and (
            is_caption_start(nxt.line.text)
            or (looks_like_debris(nxt.line.text) and not is_report_number(nxt.line.text))
        )
    ):
        return DROP, "short line before figure debris or a caption: a figure's label"
    return None


def short_after_display(c: Ctx) -> Verdict | None:
    """A short line after a display formula starts a paragraph (see :func:`after_display`)."""
    if c.short and after_display(c.state):
        return START, _AFTER_DISPLAY
    return None


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
        and not has_section_number(c.text)
        and _prose_marks(c.text) >= 2
    ):
        return START, "a line nearly as wide as the column, of prose, a body line under it: a paragraph opens"
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

    A finished short line after a heading is a paragraph.
    """
    s = c.state
    if not (c.short and s is not None and s.kind == HEADING):
        return None
    if c.open and (
        c.cur.blank_before
        or c.cur.page_break_before
        or has_section_number(c.text)
        or (not c.lower and c.continued())
    ):
        return c.heading("short unfinished line, blank, page break or number: a heading of its own")
    if c.open and not _paragraph_opens(c, s):
        return JOIN, "consecutive short unfinished line: part of the heading"
    return START, "short finished line after a heading, or a paragraph's first line"


def _paragraph_opens(c: Ctx, heading: Open) -> bool:
    """Does this short line open a paragraph under its heading rather than continue it?

    It does in lower case under a heading in capitals, and when it stops on a
    dangling word ("ausführlich als") with a body line right under it, while the
    heading's own line did not.
    """
    if c.lower and in_capitals(heading.lines[-1].text):
        return True
    nxt = c.nxt
    return (
        ends_on_dangling_word(c.text)
        and not ends_on_dangling_word(heading.lines[-1].text)
        and nxt is not None
        and not nxt.blank_before
        and nxt.band is not Band.SHORT
    )


def short_after_body_line(c: Ctx) -> Verdict | None:
    """A short line after a full body line is the paragraph's last line, unless evidence says otherwise.

    Unfinished, capitalised and set apart (blank line, page break) after a
    finished line, or numbered: a heading.  Finished after a blank line and a
    finished line: a paragraph.  Continued in lower case after a finished line:
    a paragraph's first line.
    """
    s = c.state
    if not (c.short and s is not None and s.last_band is not Band.SHORT):
        return None
    numbered = has_section_number(c.text)
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
    return JOIN, "short line after a body line: the paragraph's last line"


def short_after_short_line(c: Ctx) -> Verdict | None:
    """A short line after a paragraph's short last line: lower case continues it, else a new block.

    Finished, a paragraph of its own; unfinished, a heading.
    """
    if not (c.short and c.state is not None):
        return None
    if c.lower:
        return JOIN, "lower-case start: continues the paragraph"
    if not c.open:
        return START, "short finished line after a finished paragraph: a paragraph of its own"
    return c.heading("short unfinished line after a finished paragraph: heading")


# -- full and long lines


def numbered_heading_line(c: Ctx) -> Verdict | None:
    """A numbered line with no sentence in it is a heading however long.

    pdftotext writes a heading that wraps with a hyphen on one line.  When a
    capitalised line follows, or it wraps onto a short unfinished line.
    """
    s, nxt, text = c.state, c.nxt, c.text
    if not (
        c.cls is LineClass.UNFINISHED
        and has_section_number(text)
        and (s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED)
        and nxt is not None
        and not looks_like_debris(nxt.line.text)
        and is_title_like(text)
    ):
        return None
    if not starts_lowercase(nxt.line.text):
        return START_HEADING, "numbered line, no sentence in it, capitalised line next: heading"
    if (
        nxt.band is Band.SHORT
        and nxt.cls is LineClass.UNFINISHED
        and not nxt.blank_before
        and is_title_like(f"{text} {nxt.line.text}")
    ):
        return START_HEADING, "numbered unfinished line wrapping onto a short unfinished line: a heading"
    return None


def long_heading(c: Ctx) -> Verdict | None:
    """A full unfinished line standing alone between blank lines is a heading as wide as the column.

    The paragraph before it ended, it has no sentence in it and does not stop
    on an article or a preposition, and a capitalised line follows.  A
    paragraph's first line set apart by pdftotext's blank line inside a
    sentence goes on in lower case or on its dangling word.
    """
    cur, nxt, s = c.cur, c.nxt, c.state
    if (
        c.cls is LineClass.UNFINISHED
        and (cur.blank_before or cur.page_break_before)
        and nxt is not None
        and nxt.blank_before
        and (s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED)
        and not c.lower
        and not starts_lowercase(nxt.line.text)
        and is_title_like(c.text)
        and not ends_on_dangling_word(c.text)
        and not looks_like_debris(nxt.line.text)
    ):
        return START_HEADING, "a full line alone between blank lines, no sentence in it: a long heading"
    return None


def body_outside_paragraph(c: Ctx) -> Verdict | None:
    """A body line with no paragraph open starts one."""
    if c.state is None:
        return START, "body line outside a paragraph: starts one"
    return None


def body_after_heading(c: Ctx) -> Verdict | None:
    """A body line after a heading starts a paragraph, unless it is the numbered heading's second line."""
    s = c.state
    if s is None or s.kind != HEADING:
        return None
    if heading_goes_on(c.cur, c.nxt, s):
        return JOIN, "a numbered heading wrapped onto a second line"
    return START, "body line after a heading: starts a paragraph"


def body_after_display(c: Ctx) -> Verdict | None:
    """A body line after a display formula starts a paragraph (see :func:`after_display`)."""
    if after_display(c.state):
        return START, _AFTER_DISPLAY
    return None


def body_mid_sentence(c: Ctx) -> Verdict | None:
    """After a line ending on an article, a preposition or a conjunction the sentence goes on."""
    if mid_sentence(c.state):
        return JOIN, _MID_SENTENCE
    return None


def body_after_short_line(c: Ctx) -> Verdict | None:
    """After a paragraph's short last line, lower case continues it; a capital starts a paragraph."""
    s = c.state
    if s is None or s.last_band is not Band.SHORT:
        return None
    if c.lower:
        return JOIN, "lower-case start after a short line: continues the paragraph"
    return START, "body line after the paragraph's short last line: starts a paragraph"


def indented_after_finished_line(c: Ctx) -> Verdict | None:
    """An indented capitalised line after a finished line starts a paragraph (CJK's two-space indent).

    Hard knowledge, not weighed: pdftotext's default output indents no line, so the
    broad corpus has no indented line to weigh; other producers indent a paragraph's
    first line (Chinese by two ideographic spaces).
    """
    s = c.state
    if s is not None and s.last_cls is LineClass.FINISHED and is_indented(c.text) and not c.lower:
        return START, "indented line after a finished line: starts a paragraph"
    return None


def word_would_have_fitted(c: Ctx) -> Verdict | None:
    """A finished line that ended though the next line's first word would have fitted ended a paragraph.

    Hard knowledge, not weighed: a line is broken early only where its paragraph
    ends.  The broad corpus has almost no such boundary to weigh (4 of 13,011 in
    its tuning half leave room for a whole word).
    """
    s = c.state
    if (
        not c.lower
        and s is not None
        and s.last_cls is LineClass.FINISHED
        and s.lines
        and word_would_fit(s.lines[-1].text, c.text, c.cur.cw)
    ):
        return START, "the previous line ended a sentence early: its next word would have fitted"
    return None


def weighed_boundary(c: Ctx) -> Verdict | None:
    """Where no hard rule knows, the evidence at the boundary is weighed (:mod:`srtext.pipeline.weigh`).

    A line ending short of the margin, a blank line, a capital, a colon, a first
    word that would have fitted on the line before, a page break: each points one
    way more or less often and none decides alone.  The model that weighs them
    is fitted on the tuning half of the broad corpus (``bench/fit_weights.py``).
    """
    if c.state is None:
        return None
    joins, score, why = boundary(c)
    if joins:
        return JOIN, f"weighed {score:+.1f}, the paragraph goes on ({why})"
    return START, f"weighed {score:+.1f}, a paragraph starts ({why})"


#: The rules in the order they are asked; the first that answers decides.  Those
#: for any line come first, then those for a short line (one of them always answers)
#: or those for a full or long one.
ANY_LINE_RULES: tuple[Rule, ...] = (
    list_item,
    title_after_its_number,
)
SHORT_LINE_RULES: tuple[Rule, ...] = (
    run_in_heading,
    number_before_title,
    bare_number_before_title,
    references_heading,
    report_number,
    lead_in,
    short_mid_sentence,
    debris,
    interruption,
    figure_label,
    short_after_display,
    indented_first_line,
    short_outside_paragraph,
    short_after_heading,
    short_after_body_line,
    short_after_short_line,
)
LONG_LINE_RULES: tuple[Rule, ...] = (
    numbered_heading_line,
    long_heading,
    body_outside_paragraph,
    body_after_heading,
    body_after_display,
    body_mid_sentence,
    body_after_short_line,
    indented_after_finished_line,
    word_would_have_fitted,
    weighed_boundary,
)
RULES: tuple[Rule, ...] = ANY_LINE_RULES + SHORT_LINE_RULES + LONG_LINE_RULES
_BY_BAND = (ANY_LINE_RULES + SHORT_LINE_RULES, ANY_LINE_RULES + LONG_LINE_RULES)


def decide(c: Ctx) -> tuple[str, str, str]:
    """The verb, the reason and the rule's name for a line of running text."""
    for rule in _BY_BAND[0 if c.short else 1]:
        verdict = rule(c)
        if verdict is not None:
            return verdict[0], verdict[1], rule.__name__
    raise AssertionError("the last rule always answers")  # pragma: no cover

"""The rules asked of every line of running text, short or long."""

from __future__ import annotations

from srtext.pipeline.bullets import alone_before_its_item
from srtext.pipeline.classify import (
    Band,
    LineClass,
    follows_label,
    is_bare_number,
    is_section_number_alone,
    is_theorem_start,
    starts_an_item,
    starts_enumerated_item,
    starts_list_item,
)
from srtext.pipeline.events import BODY, HEADING
from srtext.pipeline.function_words import is_function_word
from srtext.pipeline.labels import is_lone_bullet
from srtext.pipeline.patterns import IGNORECASE, lazy
from srtext.pipeline.rules.context import (
    FORMULA_SIGNS,
    JOIN,
    PIECE_CHARS,
    START,
    START_HEADING,
    Ctx,
    Verdict,
    ends_in_address,
)
from srtext.pipeline.rules.short_lines import (
    _is_code,
    dated_below,
    in_a_list_column,
    is_date,
    release_heading,
)
from srtext.pipeline.width import display_width

# -- the rules, any line


# A table of contents' dot leader at a line's end, its page number perhaps after it: ". . . . 12".
_LEADER_END = lazy(r"(?:\.\s?){4,}\s*[\dIVXLCivxlc]{0,6}\s*\Z")


def after_contents_entry(c: Ctx) -> Verdict | None:
    """After a line that ends on a dot leader, an entry of a table of contents, a paragraph starts.

    pdftotext sets each entry ("2.1 Reading the tide . . . . . 4") on its line
    or two, often with the page numbers in a column of their own further on;
    the entry ends at its leader, and the next line is the next entry's (or the
    text's after the table), not a sentence running on.
    """
    s = c.state
    if s is None or not s.lines:
        return None
    last = s.lines[-1].text
    if ("...." in last or ". . . ." in last) and _LEADER_END.search(last) is not None:
        return START, "the line before ends on a dot leader: an entry of a table of contents ended"
    return None


def bullet_on_its_own_line(c: Ctx) -> Verdict | None:
    """A bullet alone on its line starts a list item, and the line after it is the item's text.

    pdftotext writes a word processor's bullet apart from its item when a tab
    stands between them ("•" / "Keep the batteries dry"): alone, the bullet
    looks like debris, and its item like a line that runs on from the text
    above.  Not when the next line is blank or another bullet (a run of
    bullets whose items come later: with geometry, :mod:`srtext.pipeline.bullets`
    first puts each bullet before its item).
    """
    s = c.state
    if (
        s is not None
        and s.kind == BODY
        and len(s.lines) == 1
        and not c.cur.blank_before
        and alone_before_its_item(s.lines[0])
        and c.text.strip()
    ):
        return JOIN, "the line after a bullet alone is its item's text"
    nxt = c.nxt
    if nxt is None or nxt.blank_before or not alone_before_its_item(c.cur.line):
        return None
    if nxt.line.text.strip() and not alone_before_its_item(nxt.line):
        return START, "a bullet alone on its line: a list item starts, its text on the next line"
    return None


def list_item(c: Ctx) -> Verdict | None:
    """A line starting with a bullet ("• ") starts a list item, a paragraph of its own."""
    if starts_list_item(c.text):
        return START, "a list item starts at its bullet"
    return None


#: How full a bulleted item's line must be, over CW, for its item to go on on the next line.
ITEM_LINE_FILL = 0.6
#: How short of CW an item's line that ends in a semicolon must stop to end its item.
ITEM_ENDED_FILL = 0.9


def item_goes_on(c: Ctx) -> Verdict | None:
    """A bulleted item's line that stopped inside a sentence, near the margin, goes on on the next line.

    Whatever the next line starts with ("• Catalyst is a framework for Deep" /
    "Learning Research and Development"): a capital there is a name's, and the
    item's line is short only because the item is indented and its column
    narrow.  Not across a blank line, nor after a lead-in's colon.  An
    item that gives a web address ends there ("→ https://lists.debian.org/"
    / "Debian's official blog ..."): a capitalised line of words under it
    starts a paragraph, a wrapped address's tail is one word.  (An item's
    line that had room for the next line's first word, a capital, is no
    sign that the item ended: its column is narrower than CW by an indent
    text alone does not see; ending items there cost the validation families
    more broken sentences and spurious breaks than it saved merged ones.)
    An item whose line ends in a semicolon ended there, as one after a colon
    leads in: a capital after it starts what follows the item when the line
    stopped short of the margin (:data:`ITEM_ENDED_FILL`; a line that reached
    it wrapped a list of names: "Abel & Weil;" / "Galois ..."), and the
    rules after this one judge a lower-case line.
    """
    s = c.state
    if (
        s is None
        or s.kind != BODY
        or s.last_cls is not LineClass.UNFINISHED
        or c.cur.blank_before
        or c.cur.page_break_before
    ):
        return None
    last = s.lines[-1].text.rstrip()
    if (
        last.endswith(";")
        and c.text.lstrip()[:1].isupper()
        and display_width(last) < ITEM_ENDED_FILL * c.cur.cw
        and last.count("(") <= last.count(")")  # not inside a bracket: "(on Windows; Linux"
        and _in_an_item(s.lines[0].text)
    ):
        return (
            START,
            "an item's line ended in a semicolon short of the margin, a capital next: the item ended",
        )
    if not (starts_list_item(s.lines[0].text) or is_lone_bullet(s.lines[0].text)):
        return None
    if last.endswith((":", ";")) or display_width(last) < ITEM_LINE_FILL * c.cur.cw or c.cur.ev.numbered:
        return None
    if c.text.lstrip()[:1].isupper() and ends_in_address(last) and " " in c.text.strip():
        return START, "a bulleted item that gives a web address, a capitalised line of words next: it ended"
    return JOIN, "a bulleted item's line stopped inside a sentence near the margin: the item goes on"


def aside_left_open(c: Ctx) -> Verdict | None:
    """A line under one that opened a bracket of words and did not close it goes on with that line's sentence.

    "... on which software RAID (see" / "Section 12.1.1, “Software RAID”) will
    protect ...", "(GitHub issue" / "477)": a paragraph, a heading or an item
    does not end inside its own aside, so the capital or the figures under the
    bracket are the aside's words, not a new paragraph's or debris.  The
    bracket opens a word ("(see", "(e.g.", after a space or first on the
    line), not a call ("range(", "f(x"); the line above is no code and ends no
    sentence ("... version(s) is used."; an abbreviation is no end: "(e.g.").
    No blank line, page break or dropped debris between (a formula's lines
    stand apart and balance their own brackets), and a line that looks like
    debris or code closes the bracket.  A list's item under it starts anew all
    the same (the rules of items come first).
    """
    s = c.state
    if s is None or not s.lines or c.cur.blank_before or c.cur.page_break_before or s.after_debris:
        return None
    last = s.lines[-1].text
    if last.count("(") <= last.count(")"):  # cheap: asked of most lines, whose brackets close
        return None
    if not _opens_an_aside(last) or _is_code(last):
        return None
    if last.rstrip()[-1:] in ".!?" and _ABBREVIATION_END.search(last) is None:
        return None  # a sentence ended there: "... version(s) is used."
    closes = c.text.count(")") > c.text.count("(")  # its bracket ends the aside's: "214)" is no call
    if not closes and (c.cur.ev.debris or _is_code(c.text)):
        return None
    if c.short and c.cur.ev.debris and s.running:
        return None  # under a running line, the short rules' bracket_closed_below says so
    return JOIN, "the line above left a bracket of words open: the aside and its sentence go on"


# A short abbreviation at a line's end, no sentence's end: "(e.g.", "vs.", "cf.", "etc.".
_ABBREVIATION_END = lazy(r"(?:\p{L}\.\p{L}\.|(?<!\p{L})\p{L}{1,3}\.)\s*\Z")
# A bracket that opens a word: "(see", "(GitHub", "(e.g.".
_ASIDE = lazy(r"(?:\A|(?<=\s))\(\p{L}")


def _opens_an_aside(text: str) -> bool:
    """Does the line leave open a bracket that opens a word ("... RAID (see")?

    >>> [_opens_an_aside(t) for t in ["software RAID (see", "(GitHub issue", "for j in range(", "(a) and (b"]]
    [True, True, False, True]
    >>> [_opens_an_aside(t) for t in ["see (below) here", "f(x", "(see (a) here"]]
    [False, False, True]

    Brackets closed before they open are mirrored, as pdftotext writes them in
    right-to-left text, or a label's ("a) the gate (see"): no aside is told.

    >>> _opens_an_aside("على ) .SASL (Simple Authentication"), _opens_an_aside("a) the gate (see")
    (False, False)
    """
    depth = 0
    start = -1
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            if not depth:  # a closing bracket before any opening one: mirrored (right to left) or a label's
                return False
            depth -= 1
    return depth > 0 and _ASIDE.match(text, start) is not None


def item_ends_at_blank(c: Ctx) -> Verdict | None:
    """A list item whose last line stopped short, then a blank line and a capital: the item ended.

    A README's items often end with no full stop ("• Hand it in at the door"),
    and the paragraph after the list then looks like the item's sentence going
    on.  The blank line and a last line that stopped short of the margin
    (:data:`ITEM_LINE_FILL`) say that the item ended; a lower-case line goes on.
    Only for a full or long line: a short one is left to the short lines' rules
    (a paragraph's first line nearly as wide as the column opens it, and the
    next line goes on from it: ``indented_first_line``).
    """
    s = c.state
    if s is None or s.kind != BODY or not c.cur.blank_before or not c.text.lstrip()[:1].isupper() or c.short:
        return None  # a short line: the short lines' rules say what it opens
    if len(s.lines) < 2 and not starts_list_item(s.lines[0].text):
        return None  # a bullet alone, its item's text not yet read
    last = s.lines[-1].text.rstrip()
    first = s.lines[0]
    if display_width(last) >= ITEM_LINE_FILL * c.cur.cw:
        return None
    if not (_in_an_item(first.text) or alone_before_its_item(first)):
        return None
    return START, "a list item's short last line, a blank line and a capital: the item ended"


def _in_an_item(first: str) -> bool:
    """Does the paragraph whose first line this is start with a bullet or an item's label?"""
    return starts_an_item(first) or is_lone_bullet(first)


def enumerated_item(c: Ctx) -> Verdict | None:
    """A line that starts with an item's label ("(ii) the store", "b) one line", "3. Run") after a
    lead-in's colon, or after an item that ended early with a semicolon or a full stop, starts an item;
    so does a list's first label after a finished sentence ("(a) The north gate").

    The list is set as a list: its items start on lines of their own.  After
    a line that reached the margin, "; (ii)" is more often an enumeration run
    into a sentence, unless the open paragraph is itself an item.  A number
    and a full stop ("2. How the channel moved") after a paragraph that ended
    is a numbered heading's; after an item that ended, the next item's.
    """
    s = c.state
    first = c.text[:1]
    if first == " ":
        first = c.text.lstrip()[:1]
    if s is None or not (first == "(" or first.isdigit() or first.islower()):  # cheap: asked of every line
        return None
    if s.kind == HEADING or not starts_enumerated_item(c.text):
        return None
    end = s.lines[-1].text.rstrip()[-1:]
    if end == ":":
        return START, "an enumerated item starts at its label after a lead-in"
    if follows_label(s.lines[0].text, c.text):
        return START, "an enumerated item starts at the label after the open item's"
    in_a_list = starts_enumerated_item(s.lines[0].text)
    if first.isdigit() and c.text.split(None, 1)[0].endswith("."):
        # "2. How the channel moved" after a paragraph's last line is a numbered heading.
        if end == ";" or (end == "." and in_a_list):
            return START, "an enumerated item starts at its label after an item that ended"
        return None
    if end in ";." and (s.last_band is Band.SHORT or in_a_list):
        return START, "an enumerated item starts at its label after an item that ended"
    if end == "." and _FIRST_LABEL.match(c.text) is not None:
        return START, "a list's first label after a finished sentence: its first item starts"
    return None


# A list's first label, bracketed or closed by a bracket, before a word: "(a) The", "i) the", "(1) Run".
_FIRST_LABEL = lazy(r"\A\s*\(?(?:a|i|1)\)\s+\p{L}")


# A Wingdings or Webdings bullet that the font mapped to a letter: "q", "r", "n", "l",
# "v", "o", "§", "Ø", "ü", "Ÿ" and a space before a capitalised word.
_LETTER_BULLET = lazy(r"\A\s*([qrnlvo§ØüŸ]) \p{Lu}")


def letter_bullet(c: Ctx) -> Verdict | None:
    """A letter that a symbol font's bullet became ("q Keep the receipts") starts an item when
    the next line or the open item starts with the same letter, or after a lead-in's colon (the
    list's first item, its second line next): one such line alone elsewhere is a word.
    """
    if c.text.lstrip()[1:2] != " ":  # cheap: asked of every line
        return None
    m = _LETTER_BULLET.match(c.text)
    if m is None:
        return None
    mark = m.group(1)
    if c.state is not None and c.state.lines[-1].text.rstrip().endswith(":"):
        return START, "a symbol font's bullet, become a letter, starts a list item after a lead-in"
    for other in (c.nxt.line.text if c.nxt is not None else "", c.state.lines[0].text if c.state else ""):
        n = _LETTER_BULLET.match(other)
        if n is not None and n.group(1) == mark:
            return START, "a symbol font's bullet, become a letter, starts a list item"
    return None


# A dash or an asterisk and a space at a line's start, a word after it: "– the store".
_DASH_LABEL = lazy(r"\A\s*([-–—∗*]) \p{L}")


def dash_item(c: Ctx) -> Verdict | None:
    """A dash that starts a line after a lead-in's colon or an item's semicolon, in a list whose
    items start with the same dash, or under a list's item, starts an item, its first word in
    lower case too ("– the store keeps").

    LaTeX sets the items of a list inside a list after an en dash, and an
    item goes on in lower case after its lead-in; a dash before a lower-case
    word elsewhere is a dash inside a running sentence (:func:`list_item`
    takes a dash before a capital for a bullet).
    """
    s = c.state
    if s is None or s.kind == HEADING or c.text.lstrip()[:1] not in "-–—∗*":
        return None
    m = _DASH_LABEL.match(c.text)
    if m is None:
        return None
    end = s.lines[-1].text.rstrip()[-1:]
    if end in ":;":
        return START, "a dash after a lead-in's colon or an item's semicolon starts a list item"
    if s.last_band is not Band.SHORT and end not in ".!?":
        return None  # a dash after a line that ran on to the margin inside a sentence is the sentence's
    for line in (s.lines[0], s.lines[-1]):
        other = _DASH_LABEL.match(line.text)
        if other is not None and other.group(1) == m.group(1):
            return START, "a dash like the one the open item starts with starts the next item"
    if _in_an_item(s.lines[0].text):
        return START, "a dash under a list's item starts an item of a list inside it"
    return None


# What a sentence's continuation after an inline formula's piece starts with: an
# operator or a closing bracket, or a variable before a lower-case word ("T and the").
_GOES_ON = lazy(rf"\A\s*(?:[{FORMULA_SIGNS},;]|(\S{{1,2}})\s+\p{{Ll}})")


# A term alone on its line before its description: "array:", "fileerr:", "Note:".
_TERM = lazy(r"\A\s*\p{Ll}[\w.+-]{1,29}:\s*\Z")


# A name, or a call with its arguments, and a colon, then its text: "clock: clock signal",
# "read(address, length): read length bytes", "wait_read(): wait until ...".
_TERM_ITEM = lazy(r"\A\s*(?!(?:https?|ftp|mailto|file):)[\p{L}_][\w.\-\[\]]{0,39}(?:\([^()]{0,80}\))?:\s+\S")


def term_item(c: Ctx) -> Verdict | None:
    """A name and a colon opening the line, under an item that opened so, starts the next item.

    A list of names and what each does ("bus: the bus object" / "clock: clock
    signal", "read(address, length): read length bytes" / "write(address,
    data): write data") whose bullets are no text (a browser drew them as
    shapes, a stylesheet left them out) comes out of pdftotext as lines of
    prose in lower case and with no sentence's end: the rules for running text
    join them.  A wrapped line of a sentence seldom opens with a name and its
    colon, and a line that does under an item that did is a list's next item:
    the open paragraph opened so, and its last line opened so too or ended
    short of the margin (a wrapped item's last line).
    """
    s = c.state
    if s is None or s.kind != BODY or c.cur.blank_before or _TERM_ITEM.match(c.text) is None:
        return None
    if _TERM_ITEM.match(s.lines[0].text) is None or s.last.dangling:
        return None  # a line that stops on "the" or "is": its sentence goes on, whatever opens this one
    if len(s.lines) > 1 and s.last_band is not Band.SHORT and _TERM_ITEM.match(s.lines[-1].text) is None:
        return None  # the item wrapped and its last line ran to the margin: its sentence may go on
    return START, "a name and its colon open the line, under an item that opened so: the list's next item"


def after_a_term(c: Ctx) -> Verdict | None:
    """A description goes on from its term, one word and a colon that pdftotext set on a line of its own.

    A description list that sets a short term in lower case (a name: "array:",
    "fileerr:") in the margin, its text beside it on the same baseline, comes
    out of pdftotext as two blocks: the term on its line, an empty line, then
    the text, which starts with a capital as a sentence does.  The term is that
    paragraph's first words, not a heading or a paragraph of its own; not
    before a list item (its bullet is asked first) or debris.  A term with its
    text right under it, no empty line between, was set above it, as a web
    page's definition list sets it: apart.  After a finished sentence the term
    starts a paragraph (no sentence goes on in one word and a colon).
    """
    s = c.state
    if s is not None and s.last_cls is LineClass.FINISHED and _TERM.match(c.text) is not None:
        return START, "a term and its colon alone on a line, after a finished sentence: a description starts"
    if (
        s is not None
        and len(s.lines) == 1
        and s.after_debris == 0
        and c.cur.blank_before
        and not c.cur.ev.debris
        and _TERM.match(s.lines[0].text) is not None
        and not c.text.rstrip().endswith(":")
    ):
        return JOIN, "a term and its colon alone on the line before: its description goes on"
    return None


#: The most lines an inline formula's pieces take (a sum's two limits and its sign), and the
#: most characters they hold together.
PIECE_LINES, PIECES_CHARS = 3, 2 * PIECE_CHARS
_SENTENCE_END = frozenset(".!?:;")
# A line this long, spaces and all, holds no piece (_piece), whatever its spaces.
_PIECE_LINE = 2 * PIECE_CHARS + 2


def _piece(text: str) -> int:
    """The characters of a line that may be a formula's piece (at most :data:`PIECE_CHARS`), else 0."""
    n = len(text) - text.count(" ")
    if n > PIECE_CHARS or len(text) >= _PIECE_LINE or text.rstrip()[-1:] in ".!?:;,":
        return 0  # a word's tail that ends a sentence ("ce.") is no formula's piece
    return n


def inline_piece(c: Ctx) -> Verdict | None:
    """After an inline formula's pieces that pdftotext set on lines of their own, the sentence goes on.

    A sub- or superscript, a limit or the slash of "∉" (at most
    :data:`PIECE_CHARS` characters a line, at most :data:`PIECE_LINES` lines
    of :data:`PIECES_CHARS` characters in all, dropped as debris or joined as
    the sentence's words) between a line that stops mid-sentence and a line
    that goes on in lower case, with an operator or with a variable ("r ∈" /
    "/" / "T and the walk ...", "bounded by" / "n" / "P" / "wi where each") is
    part of the sentence, not a display formula that ends the paragraph.
    """
    s = c.state
    if s is None or s.kind != BODY or (len(s.lines) < 2 and not s.after_debris):
        return None
    lines = s.lines
    if not s.after_debris and len(lines[-1].text) >= _PIECE_LINE:
        return None  # no piece dropped, and the last line too long for one (_piece): most lines
    k = chars = 0
    while k < len(lines) - 1 and k < PIECE_LINES:  # the pieces joined at the paragraph's end
        n = _piece(lines[-1 - k].text)
        if not n:
            break
        k, chars = k + 1, chars + n
    pieces, chars = k + s.after_debris, chars + s.debris_chars
    if not (0 < pieces <= PIECE_LINES and 0 < chars <= PIECES_CHARS) or c.cur.ev.debris:
        return None  # the line's debris asked last: most lines are not after a piece
    if k == 0 and (s.after_debris > 2 or chars > PIECE_CHARS):  # debris alone: a short display's
        return None
    before = lines[-1 - k].text
    if k == 0 and (s.last_cls is not LineClass.UNFINISHED or s.last.debris):  # a display's leftover
        return None
    if before.rstrip()[-1:] in _SENTENCE_END or len(before.split(None, 3)) <= 3:
        return None
    if len(c.text.split(None, 3)) <= 3:
        return None
    if c.lower:
        return JOIN, "an inline formula's piece on a line of its own: the sentence goes on"
    m = _GOES_ON.match(c.text)
    word = m.group(1) if m is not None else None
    if m is None or (word is not None and len(word) > 1 and is_function_word(word)):  # "It is", "To use"
        return None
    return JOIN, "an inline formula's piece on a line of its own: the sentence goes on"


def theorem_label(c: Ctx) -> Verdict | None:
    """A theorem, lemma, definition or proof starts a paragraph at its run-in label ("Proof.").

    When the text before it ended a sentence or a display formula: after
    "as stated in" the label is a reference inside the sentence.
    """
    s = c.state
    if is_theorem_start(c.text) and (s is None or s.last_cls is LineClass.FINISHED or s.after_debris > 0):
        return START, "a theorem, lemma or proof starts at its run-in label"
    return None


# GitHub's alert label, which a Markdown README's printout keeps as written: "[!NOTE]", "[!Tip]".
_ALERT = lazy(r"\A\s*\[!(?:note|tip|important|warning|caution)\]\s*\Z", IGNORECASE)


def alert_label(c: Ctx) -> Verdict | None:
    """GitHub's alert label alone on its line ("[!NOTE]", "[!WARNING]") opens the alert's paragraph.

    A Markdown README writes a note as "> [!TIP]" over its text; printed, the
    label stands on a line of its own, short and in brackets like a heading's
    or a figure's label, and the text under it is the alert's own sentence.
    The label starts a paragraph, and the line right under it goes on from it
    (not a list's item, nor a line set apart by a blank line).
    """
    if _ALERT.match(c.text):
        return START, "an alert's label (GitHub's [!NOTE]): its paragraph starts"
    s = c.state
    if (
        s is not None
        and len(s.lines) == 1
        and _ALERT.match(s.lines[0].text)
        and not (c.cur.blank_before or c.cur.page_break_before)
        and not starts_an_item(c.text)
    ):
        return JOIN, "the text under an alert's label: the alert's sentence goes on"
    return None


def word_of_a_stacked_title(c: Ctx) -> Verdict | None:
    """A title that pdftotext read one word a block is one heading: its first word starts it, the rest join.

    A sidebar's or an example's title set in a narrow box ("DEBIAN POLICY
    Register a server in /etc/inetd.conf") comes out one word a block, a
    blank line between each two; its words look like a figure's label
    ("Register"), debris ("a", "in") or headings of their own, and the title
    was dropped in part and split.  The run is found before the rules ask
    (:func:`srtext.pipeline.items.loose_lines`): three words or more, a
    function word among them, so a phrase.  The line under its last line
    starts a paragraph (a title's line does not go on into the text).
    """
    s = c.state
    after_title = s is not None and s.kind == HEADING and s.last.stacked
    if not c.cur.ev.stacked:
        if after_title:
            return START, "the line under a title stacked one word a block: a paragraph starts"
        return None
    if after_title:
        return JOIN, "a word of a title stacked one word a block: the title goes on"
    return START_HEADING, "the first word of a title stacked one word a block: a heading"


def piece_of_a_split_line(c: Ctx) -> Verdict | None:
    """A piece of a printed line that pdftotext cut at its wide gaps, and the line under it, go on.

    A justified line of Chinese or Japanese with Latin words in it is
    stretched at the spaces around them, and pdftotext reads each stretch as
    a line (often a block) of its own: short lines that look like headings
    ("PPP" / "采用" / "PPTP" / "服务器配置时也需在").  The runs are found before
    the rules ask (:mod:`srtext.pipeline.pieces`): the pieces fill printed
    lines and the line under them reaches the margin.  The first piece goes on
    with a sentence left open above, or starts a paragraph (a justified line
    is no heading); the other pieces and the line under them go on.
    """
    piece = c.cur.ev.piece
    if not piece:
        return None
    s = c.state
    if piece == 2 and s is not None and s.kind != HEADING:
        return (
            JOIN,
            "a piece of a printed line cut at its wide gaps, or the line under them: the paragraph goes on",
        )
    if piece == 1 and s is not None and s.running:
        return (
            JOIN,
            "the first piece of a printed line cut at its wide gaps, a sentence open above: it goes on",
        )
    if piece == 1:
        return START, "the first piece of a printed line cut at its wide gaps: a paragraph starts"
    return None


def word_of_a_loose_line(c: Ctx) -> Verdict | None:
    """A word of a loose line that pdftotext set one word a line, and the line under it, go on.

    A justified line that a long word could not join (a URL, a name in code)
    is stretched over the column, and pdftotext reads each of its words as a
    line of its own: short lines with little prose that look like debris, a
    title or a heading's words.  The run is found before the rules ask
    (:func:`srtext.pipeline.items.loose_lines`); a loose line is never a
    paragraph's last, so the line under it goes on too.  Under a heading, a
    loose line's capitalised first word starts the paragraph: headings are
    not justified.
    """
    s = c.state
    if not (c.cur.ev.loose and s is not None) or in_a_list_column(c):
        return None  # a column of single words in a README is a list's (word_of_a_column)
    if s.kind == HEADING and c.text.lstrip()[:1].isupper():
        return START, "a loose line's first word under a heading: the paragraph starts"
    return JOIN, "a word of a loose line set one word a line, or the line under it: the paragraph goes on"


def title_after_its_number(c: Ctx) -> Verdict | None:
    """A section number set on a line of its own ("II.", "3.2") takes the title under it.

    A date is no title: under a release's version ("0.3.1" / "(2025-03-25)",
    "6.0.0" / "2024-11-01 • full history") it stands apart; and a version
    that :func:`~srtext.pipeline.rules.short_lines.release_heading` took for a
    release's heading takes no title: the line under it opens the release's
    notes ("3.1.0" / "Bug fixes", "Unicode support made more robust").
    """
    s = c.state
    if (
        s is not None
        and s.kind == HEADING
        and len(s.lines) == 1
        and (is_section_number_alone(s.lines[0].text) or is_bare_number(s.lines[0].text))
        and not (c.cur.ev.debris and is_date(c.text))
        and not dated_below(c.text)
        and s.rule != release_heading.__name__
    ):
        return JOIN, "a heading's title after its number on a line of its own"
    return None

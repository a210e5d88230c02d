"""What a rule sees (:class:`Ctx`, :class:`Item`), its verbs, and the evidence the rules share."""

from __future__ import annotations

from collections.abc import Callable

from srtext.lang import SPACELESS_SCRIPTS
from srtext.pipeline.classify import (
    Band,
    LineClass,
    has_section_number,
    is_section_number_alone,
)
from srtext.pipeline.events import BODY, HEADING, REFERENCE, Decision, Open, Reason
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.function_words import ends_on_dangling_word
from srtext.pipeline.lines import Line
from srtext.pipeline.patterns import lazy
from srtext.pipeline.width import display_width, typeset_width
from srtext.record import NamedTuple

_new = tuple.__new__

# Verbs of the rules.
DROP, DROP_END, DROP_INTERRUPTION = "drop", "drop-end", "drop-interruption"
# debris that holds words, kept as a paragraph of its own: in its place between paragraphs
# (alone), or set apart from a sentence it interrupts (apart, apart-end: its sentence ended)
ALONE, APART, APART_END = "alone", "apart", "apart-end"
JOIN, START, START_HEADING = "join", "start", "start-heading"
START_INDENTED = "start-indented"  # a paragraph whose first line, indented, counts as full

_CJK = rf"[{SPACELESS_SCRIPTS}]"
# A short word in lower case (not CJK: there every character is a word) or a comma at
# the line end: a function word ("und", "of", "с"), not an acronym ("KVM", "DNS").
_DANGLING = lazy(rf"(?r)(?:(?<!\p{{L}})(?:(?!{_CJK})\p{{Ll}}){{1,3}}|,)\s*\Z")
_FIRST_WORD = lazy(_CJK + r"|\S+")
_CJK_END = lazy(r"(?r)" + _CJK + r"\s*\Z")
_CJK_ANY = lazy(_CJK)
_CJK_START = lazy(r"\s*[\p{P}\s]*" + _CJK)
# Chinese and Japanese paragraphs indent their first line by two ideographs,
# which pdftotext's output does not show.
_CJK_INDENT = 4


class Item(NamedTuple):
    """A non-empty line with what the rules need to know about it: the line's one record.

    Its width, class and band, what came before it, and ``ev``: the evidence
    of its text (:class:`srtext.pipeline.evidence.Evidence`: section number,
    debris, title, case, dangling word..., each computed once) and, when the
    input had it, its place on the page (``ev.box``).
    """

    line: Line
    width: int
    cw: int
    cls: LineClass
    band: Band
    blank_before: bool
    page_break_before: bool
    after_marked: bool  # furniture or footnotes came between it and the line before
    ev: Evidence

    @property
    def set_apart(self) -> bool:
        """Does a blank line, a page break or a marked line (furniture, a footnote) come before it?"""
        return self.blank_before or self.page_break_before or self.after_marked

    def decision(self, kind: str, action: str, reason: str | Reason, rule: str = "") -> Decision:
        # Decision(...) without its Python __new__: one per line
        return _new(
            Decision, (self.line, self.cls, self.band, self.width, self.cw, kind, action, reason, rule)
        )


class Ctx:
    """What a rule sees: the line, the next one, the open paragraph, the last section number."""

    __slots__ = (
        "_continued",
        "band",
        "cls",
        "cur",
        "lower",
        "nxt",
        "section",
        "shape",
        "short",
        "state",
        "text",
    )
    cur: Item
    nxt: Item | None
    state: Open | None
    section: tuple[int, ...] | None
    text: str
    cls: LineClass
    band: Band
    lower: bool
    short: bool
    #: the document's lines per paragraph and share of lines wrapped at CW, 0 unknown
    #: (:meth:`srtext.pipeline.width.WidthStats.document_shape`)
    shape: tuple[float, float]

    def __init__(
        self,
        cur: Item,
        nxt: Item | None,
        state: Open | None,
        section: tuple[int, ...] | None = None,
        shape: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        self.cur, self.nxt, self.state, self.section = cur, nxt, state, section
        self.shape = shape
        self.text, self.cls, self.band = cur.line.text, cur.cls, cur.band
        self.lower = cur.ev.lower
        self.short = self.band is Band.SHORT
        self._continued: bool | None = None

    def continued(self) -> bool:
        """Does the next line go on in lower case, with no blank line between?"""
        if self._continued is None:
            nxt = self.nxt
            self._continued = nxt is not None and not nxt.blank_before and nxt.ev.lower and not nxt.ev.debris
        return self._continued

    def heading(self, reason: str) -> Verdict:
        """A heading, unless the next line continues this one in lower case (then a paragraph).

        But a title whose line had room for the next line's first word did not
        wrap into it: the next line starts a paragraph under it in lower case
        ("Installation" over "tidewatch needs Python 3.9"), as a README's
        paragraphs often do with a program's name.
        """
        if self.continued() and not self.cur.ev.numbered and not self.room_below_title():
            return START, "short line continued in lower case on the next line: a paragraph starts"
        if self.piece_below() and not self.cur.ev.numbered:
            return START, "short line of words over an inline formula's piece: a paragraph starts"
        return START_HEADING, reason

    def piece_below(self) -> bool:
        """Is the next line an inline formula's piece (a limit, "n→∞") under this line of words?

        pdftotext takes the piece out of its line, which then looks short,
        like a title's: a line of more than three words, a piece of at most
        :data:`PIECE_CHARS` characters under it that does not open with a
        capital (a drop cap's letter, a word), is a sentence's line.
        """
        nxt = self.nxt
        if nxt is None or nxt.blank_before or not nxt.ev.debris or len(self.text.split(None, 3)) <= 3:
            return False
        piece = nxt.line.text.strip()
        # a capital ("A", "El") is a word's or a drop cap's, a formula's piece holds no capital first
        return len(piece) - piece.count(" ") <= PIECE_CHARS and not piece[:1].isupper()

    def room_below_title(self) -> bool:
        """Is this a title, set apart above, whose line had room for the next line's first word?

        Room within half the column: a paragraph's line that pdftotext broke
        early (beside a float, "Such updated" over "packages contain") is
        longer.  The next line must hold words, not a loose line's one word.
        Set apart means a blank line or a page break above it (a browser
        breaks the page before a heading), or nothing open above it (the
        document's first line, where a lower-case title is a program's name).
        """
        nxt = self.nxt
        return (
            nxt is not None
            and (self.state is None or (self.cur.set_apart and not self.cur.after_marked and not self.lower))
            and len(nxt.line.text.split(None, 3)) > 3  # not a loose line's words, one per line
            and self.cur.ev.title_like
            and not self.cur.ev.dangling
            and word_would_fit(self.text, nxt.line.text, self.cur.cw // 2)
        )

    @property
    def open(self) -> bool:
        """Does the line end unfinished, or is it a numbered question ("A. RAID or LVM?"), as headings end?"""
        if self.cls is LineClass.UNFINISHED:
            return True
        text = self.text.rstrip()
        return text.endswith("?") and self.cur.ev.numbered and self.cur.ev.title_like


#: The most characters of formula debris that an inline formula's piece set on a line of
#: its own holds (a sub- or superscript, a limit, the slash of "∉").
PIECE_CHARS = 3
#: The signs a sentence opens its next line with after an inline formula's piece, as a
#: character class's body: an operator, a relation (the slash of "∉" set back over
#: its sign) or a closing bracket.
FORMULA_SIGNS = r"-=<>≤≥≠≈∈∉⊂⊆⊃⊇∪∩+−×·∗/|)\]}→"

Verdict = tuple[str, "str | Reason"]
Rule = Callable[[Ctx], "Verdict | None"]


# -- evidence the rules share


def next_word_overflows(cur: Item, nxt: Item | None) -> bool:
    """Would the first word of the next line have made this line wider than CW?

    Then this line ended because the word did not fit, not because its
    paragraph ended: it is full, whatever its width in characters (proportional
    fonts).  Only for a next line that follows without a blank line; an
    unfinished CJK line is judged by :func:`fills_cjk_line` alone.
    """
    if cur.cls is LineClass.UNFINISHED and ends_in_cjk(cur.line.text):
        return fills_cjk_line(cur.width, cur.cw)
    if nxt is None or nxt.blank_before:
        return False
    word = _FIRST_WORD.match(nxt.line.text.lstrip())
    if word is None:
        return False
    return cur.width + 1 + display_width(word.group()) > cur.cw


def ends_in_cjk(text: str) -> bool:
    """Does the line end in a Chinese or Japanese character?

    >>> ends_in_cjk("其公开部"), ends_in_cjk("Debian BTS")
    (True, False)
    """
    return not text.isascii() and _CJK_END.search(text) is not None  # an ASCII line has no CJK


def starts_in_cjk(text: str) -> bool:
    """Does the line start with a Chinese or Japanese character (after white space and punctuation)?

    >>> starts_in_cjk("分（网页界面）"), starts_in_cjk("（网页）"), starts_in_cjk("Debian 中")
    (True, True, False)
    """
    return _CJK_START.match(text) is not None


def fills_cjk_line(width: int, cw: int) -> bool:
    """Would one more ideograph have overflowed this unfinished CJK line?

    No space comes between ideographs; the line may be a paragraph's first
    line, indented by two ideographs that pdftotext does not show; compressed
    punctuation lets a line hold one ideograph more than CW suggests.

    >>> [fills_cjk_line(w, 48) for w in (42, 36)]
    [True, False]
    """
    return width + _CJK_INDENT + 2 > cw - 2


# A heading wraps only when its line is full.  Counted in the body's characters,
# a full line of a heading in type up to 2.2 times the body's fills at least
# this share of the column (tried on the broad corpus's tuning half: 0.3 to 0.8
# all help).  0.4 ran a document's title into the heading under it ("Identifying
# the Disks" / "GRUB 2 Configuration"); 0.5 broke a few more sentences of the
# arXiv papers; 0.45: real corpus, every third document, headings whole 85.4 ->
# 85.8 tuning, 85.0 -> 85.7 validation.
HEADING_WRAP_SHARE = 0.45


def heading_had_room(heading: str, text: str, cw: int) -> bool:
    """Would the first word of ``text`` have fitted on the heading's line, in a heading's larger type?

    Then the heading did not wrap there.

    >>> heading_had_room("J. Schneider", "statt zu", 60), heading_had_room("3. What we found", "x", 20)
    (True, False)
    """
    return word_would_fit(heading, text, int(cw * HEADING_WRAP_SHARE))


def heading_goes_on(cur: Item, nxt: Item | None, state: Open) -> bool:
    """Is this unfinished line the second line of a numbered heading?

    It is when the heading so far is one unfinished numbered line that had no
    room left for this line's first word, no blank line comes between, and this
    line starts in lower case, or the heading's line ends
    in a comma or a short function word ("und", "of", "и") and this line is itself
    followed by a capitalised line (so it is not the first line of a paragraph).
    """
    if (
        len(state.lines) != 1
        or state.last_cls is not LineClass.UNFINISHED
        or cur.cls is not LineClass.UNFINISHED
        or cur.blank_before
        or not has_section_number(state.lines[0].text)
        or heading_had_room(state.lines[0].text, cur.line.text, cur.cw)
    ):
        return False
    if cur.ev.lower:
        return not in_capitals(state.lines[0].text)  # "IV. IN ECHTZEIT" / "top ist ...": its text
    dangling = _DANGLING.search(state.lines[0].text) is not None
    return dangling and nxt is not None and not nxt.ev.lower


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


def cjk_sentence_goes_on(c: Ctx) -> bool:
    """Does this CJK line go on with a sentence that the paragraph's short last line left open?

    Chinese and Japanese have no capitals to start a sentence: a paragraph of
    two lines or more whose last line stops inside a sentence (no 。！？) goes
    on, also when that line is a code word that pdftotext set apart
    ("启用虚拟邮箱域需要在", "virtual_mailbox_domains", "变量中命名这个域").
    """
    s = c.state
    return (
        s is not None
        and s.kind == BODY
        and len(s.lines) > 1
        and s.last_cls is LineClass.UNFINISHED
        and starts_in_cjk(c.text)
        and (
            ends_in_cjk(s.lines[-1].text)
            or (not _CJK_ANY.search(s.lines[-1].text) and ends_in_cjk(s.lines[-2].text))
        )
    )


#: CJK commas and full stops: a line holding one is a sentence's, not a title's.
CJK_CLAUSE_MARKS = ("，", "。", "、", "；")


def holds_cjk_clause_mark(text: str) -> bool:
    """Does the line hold a CJK comma or full stop (:data:`CJK_CLAUSE_MARKS`), as a sentence's line does?

    >>> holds_cjk_clause_mark("第一章介绍水位计，第二章"), holds_cjk_clause_mark("基于 IP 的访问限制")
    (True, False)
    """
    return any(mark in text for mark in CJK_CLAUSE_MARKS)


def cjk_line_ended_early(c: Ctx) -> bool:
    """Did the paragraph's short CJK last line end with room for this lower-case line's first word?

    Chinese and Japanese lines break anywhere, so a short CJK line that stops
    inside no sentence (a title: "基于 IP 的访问限制") ended where its block
    did, and a line under it that opens with a program's name in lower case
    ("smtpd_client_restrictions 指令控制...") starts the next one: a name that
    would have fitted is not a sentence's word carried over.  A code word that
    pdftotext set apart from its line ("需要在" / "virtual_mailbox_domains" /
    "变量中...") stands alone on its line; this line holds CJK text after its
    name.  The line above is a paragraph's only line, title-like, with no
    comma or full stop of CJK punctuation: a piece of a printed line that
    pdftotext cut where a code word's font began ("中列出的限制，需要启用" /
    "smtpd_helo_required 选项。") goes on.  Not across a page break or furniture.
    """
    s = c.state
    if s is None or not c.lower or c.cur.after_marked or c.cur.page_break_before:
        return False
    last = s.lines[-1].text
    if len(s.lines) > 1 or s.last_band is not Band.SHORT or not ends_in_cjk(last) or not s.last.title_like:
        return False
    if holds_cjk_clause_mark(last):  # a sentence's piece: "需要启用", "。对于..."
        return False
    parts = c.text.split(None, 1)
    return (
        len(parts) == 2
        and parts[0].isascii()
        and _CJK_ANY.search(parts[1]) is not None
        and word_would_fit(last, c.text, c.cur.cw)
    )


def new_sentence_in_lower_case(c: Ctx) -> bool:
    """Does this lower-case line follow a short line that ends a sentence, on the same page?

    A paragraph's short line that ends a sentence is its last; a line in lower
    case after it starts the next paragraph with a program's name ("dpkg
    refuses ...") or a list's label ("(b) If ..."), since prose starts no
    sentence in lower case.  Across a page break or furniture the line may go
    on from the previous page's column, so then it continues as before.
    """
    s = c.state
    return (
        c.lower
        and s is not None
        and s.last_cls is LineClass.FINISHED
        and not c.cur.after_marked
        and not c.cur.page_break_before
    )


def mid_sentence(state: Open | None) -> bool:
    """Does the open paragraph stop on a word no sentence ends on ("written in", "20 °C and")?

    Then the next line goes on with the sentence, whatever its case, width or
    first word ("C using ...", "85 °C.", "Fig. 1. It consists ..."), unless
    debris was dropped in between (a display formula after "by").  A
    superscript that pdftotext set on a line of its own ("by", "208", "Pb
    ions") leaves the sentence where it was.
    """
    if state is None or state.kind not in (BODY, REFERENCE) or state.after_debris:
        return False
    last = state.lines[-1].text
    if len(state.lines) > 1 and " " not in last.strip():
        if len(last.strip()) <= 4 and not any(ch.isalpha() for ch in last):
            return ends_on_dangling_word(state.lines[-2].text)  # a superscript set apart: "by", "208", "Pb"
        last = f"{state.lines[-2].text} {last}"  # a word alone on the paragraph's last line: "die"
    return ends_on_dangling_word(last)


def title_follows(nxt: Item | None) -> bool:
    """Is the next line a short capitalised line that could be a whole heading?"""
    return (
        nxt is not None
        and nxt.band is Band.SHORT
        and not nxt.ev.lower
        and nxt.ev.title_like
        and not is_section_number_alone(nxt.line.text)
        and not nxt.ev.debris
    )


def word_would_fit(previous: str, text: str, cw: int) -> bool:
    """Would this line's first word have fitted on the previous line within CW?"""
    word = _FIRST_WORD.match(text.lstrip())
    return word is not None and typeset_width(previous) + 1 + display_width(word.group()) <= cw


def ends_in_address(text: str) -> bool:
    """Does the line end in a web address ("→ https://lists.debian.org/")?

    An address is no sentence's end, but an item or a heading that gives one
    ends there.  A scheme alone ("http://") is an address that wrapped.

    >>> ends_in_address("→ https://lists.debian.org/"), ends_in_address("see www.python.org for")
    (True, False)
    >>> ends_in_address("License, http://")
    False
    """
    words = text.rsplit(None, 1)
    last = words[-1] if words else ""
    return ("://" in last and not last.endswith("://")) or last.startswith("www.")


def may_number_a_heading(state: Open | None) -> bool:
    return state is None or state.kind == HEADING or (state.kind == BODY and not state.running)


MID_SENTENCE = "the line before ends on an article, a preposition or a conjunction: the sentence goes on"
AFTER_DISPLAY = "a line after a display formula (debris after a short line or a colon): a paragraph starts"
NEW_SENTENCE_IN_LOWER_CASE = "a lower-case start after a short line that ends a sentence: a paragraph starts"
CJK_SENTENCE_GOES_ON = "a CJK line stopping inside a sentence after a short line: the sentence goes on"

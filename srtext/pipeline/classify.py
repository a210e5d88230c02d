"""What kind of line is this?  Pure tests on one line's text and width.

The paper's three classes (:class:`LineClass`) are decided by the last character;
the width band (:class:`Band`) compares a line's width with the column width CW.
The default mode adds a few more tests of the text (debris, lower-case start,
a lead-in word), here; section numbers and headings are
:mod:`srtext.pipeline.numbering`'s, captions, reference lists and list items
:mod:`srtext.pipeline.labels`', and this module re-exports them.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable

from srtext.lang import CJK_CHAR as CJK
from srtext.pipeline.function_words import is_function_word
from srtext.pipeline.labels import (
    follows_label,
    is_caption_start,
    is_references_heading,
    is_report_number,
    is_theorem_start,
    starts_an_item,
    starts_enumerated_item,
    starts_list_item,
    starts_reference_entry,
    starts_reference_list,
)
from srtext.pipeline.numbering import (
    has_section_number,
    is_bare_number,
    is_chapter_label,
    is_numbered_title,
    is_section_number_alone,
    is_title_like,
    next_section_number,
    run_in_heading_end,
    section_number,
)
from srtext.pipeline.patterns import IGNORECASE, V1, VERBOSE, lazy, pattern

__all__ = [
    "CJK_CHAR",
    "Band",
    "LineClass",
    "classify_line",
    "classify_paper",
    "follows_label",
    "has_section_number",
    "is_bare_number",
    "is_caption_start",
    "is_chapter_label",
    "is_finished",
    "is_indented",
    "is_lead_in",
    "is_numbered_title",
    "is_references_heading",
    "is_report_number",
    "is_section_number_alone",
    "is_theorem_start",
    "is_title_like",
    "looks_like_debris",
    "next_section_number",
    "run_in_heading_end",
    "section_number",
    "starts_an_item",
    "starts_enumerated_item",
    "starts_list_item",
    "starts_lowercase",
    "starts_reference_entry",
    "starts_reference_list",
    "width_band",
]


class LineClass(enum.Enum):
    """The paper's line classes."""

    EMPTY = "EL"
    FINISHED = "FL"
    UNFINISHED = "UL"


class Band(enum.Enum):
    """Where a line's width lies relative to CW ± eps·CW."""

    SHORT = "short"
    FULL = "full"
    LONG = "long"


# The paper's F = {. ? !}: the line's last character.
_PAPER_FINAL = frozenset(".?!")

# Default mode: a sentence-final mark (with the ellipsis and the CJK and full-width
# marks), optionally followed by closing quotes and brackets.
_FINISHED = pattern(  # (?r): searched from the end, where it can only match
    r"""(?r)(?:[.?!…‼⁇⁈⁉。！？．｡]|\.\.\.)
        [\p{Pe}\p{Pf}"'’”»›」』】〉》）∗†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹]*\Z""",
    VERBOSE,
)
_LAST_CHARS = frozenset(".?!…‼⁇⁈⁉。！？．｡\"'’”»›」』】〉》）∗†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹")
_CLOSER = pattern(r"[\p{Pe}\p{Pf}]")
# Can a line ending in this character end a sentence?  Asked of every line's last character.
_MAY_FINISH: dict[str, bool] = dict.fromkeys(_LAST_CHARS, True)
_LOWER_START = pattern(r"\A\W*\p{Ll}")
_LETTERS = pattern(r"\p{L}+")
_WORD2 = pattern(r"\p{L}{2,}")
_WORD3 = pattern(r"\p{L}{3,}")
#: A character of a CJK script (:data:`srtext.lang.CJK_CHAR`).
CJK_CHAR = pattern(CJK)
_CJK = CJK_CHAR


def classify_paper(text: str) -> LineClass:
    """The paper's classification: EL (only spaces), FL (ends in . ? !) or UL.

    >>> [classify_paper(t).value for t in ["   ", "End.", 'End."', "A heading"]]
    ['EL', 'FL', 'UL', 'UL']
    """
    stripped = text.rstrip()
    if not stripped:
        return LineClass.EMPTY
    if stripped[-1] in _PAPER_FINAL:
        return LineClass.FINISHED
    return LineClass.UNFINISHED


def is_finished(text: str) -> bool:
    """Does the line end a sentence (. ? ! … 。！？, maybe then closing quotes, brackets or a footnote mark)?

    >>> [is_finished(t) for t in ['He left."', "(see above.)", "Why?»", "Wait…", "好。", "methods.†"]]
    [True, True, True, True, True, True]
    >>> [is_finished(t) for t in ["as follows:", "see [12]", "the cost-", "e.g"]]
    [False, False, False, False]
    """
    if not text:
        return False
    last = text[-1]
    may = _MAY_FINISH.get(last)
    if may is None:
        may = _CLOSER.match(last) is not None
        if len(_MAY_FINISH) < 4096:  # bounded, whatever characters a text ends its lines in
            _MAY_FINISH[last] = may
    if not may:
        return False  # most lines end in a letter: no regular expression needed
    return _FINISHED.search(text) is not None


def classify_line(text: str) -> LineClass:
    """The default mode's classification: F also covers closing quotes, brackets, CJK.

    >>> [classify_line(t).value for t in ["", 'He said "yes."', "ending with:"]]
    ['EL', 'FL', 'UL']
    """
    stripped = text.rstrip()
    if not stripped:
        return LineClass.EMPTY
    if is_finished(stripped):
        return LineClass.FINISHED
    return LineClass.UNFINISHED


def width_band(width: int, cw: int, eps: float) -> Band:
    """Compare a width with CW: within ``eps * cw`` is FULL.

    >>> [width_band(w, 80, 0.1).value for w in (60, 72, 80, 88, 95)]
    ['short', 'full', 'full', 'full', 'long']
    """
    if abs(width - cw) <= eps * cw:
        return Band.FULL
    return Band.LONG if width > cw else Band.SHORT


def starts_lowercase(text: str) -> bool:
    """Does the first letter-or-digit of the line come as a lower-case letter?

    Leading punctuation (quotes, brackets) is skipped.  A lower-case start is
    strong evidence that the line continues the sentence before it.

    >>> [starts_lowercase(t) for t in ["and then", "(see", "The", "3 cases", "ёлка"]]
    [True, True, False, False, True]
    """
    text = text.lstrip()
    first = text[:1]
    if first.isascii() and (first.isalnum() or first == "_"):  # a word character first: it decides
        return first.islower()
    return _LOWER_START.match(text) is not None


def is_indented(text: str) -> bool:
    """Does the line start with white space (spaces, tabs, the ideographic space)?

    pdftotext's default output has no indentation, so an indented line is a sign
    of a paragraph's first line (Chinese text indents it by two full-width spaces).

    >>> [is_indented(t) for t in ["\u3000\u3000茶树", "   Then", "Then"]]
    [True, True, False]
    """
    return bool(text) and text[0].isspace()


_OPERATOR_NAMES = frozenset(
    "arg cos cosh cot coth curl det diag dim div exp grad inf ker lim log max min mod rot sec sin sinh"
    " sup tan tanh".split()
)


def is_lead_in(text: str) -> bool:
    """Is a short line one or two lower-case words that may lead a sentence into a display?

    A formula's text often stands on a line of its own between the sentence's
    words ("... of a fermion gas is" / formula / "where ...", or the "or"
    between two equations).  Such a word has a vowel and two letters or more,
    unlike variable names ("dt", "x"); Greek letters and operator names
    ("exp", "ln") are formula text.

    >>> [is_lead_in(t) for t in ["is", "is :", "or", "where", "and thus,", "так что"]]
    [True, True, True, True, True, True]
    >>> [is_lead_in(t) for t in ["dt", "x", "exp", "αβ", "Then", "is it so", "a", "(3)"]]
    [False, False, False, False, False, False, False, False]
    """
    words = text.replace(":", " ").replace(",", " ").split()
    return 1 <= len(words) <= 2 and all(
        w.islower() and _PROSE_WORD.fullmatch(w) and not _VOWELS.isdisjoint(w) and _is_prose_word(w)
        for w in words
    )


_CITATION = lazy(r"\[\d{1,3}(?:[,–-]\d{1,3})*\]")
# A table of contents' dot leader, and the page number after it (white space removed).
_LEADER = lazy(r"\.{4,}[\dIVXLCivxlc]{0,6}\Z")
# A figure's file name where a draft shows no figure ("MASS-R_1.EPS").
_FIGURE_FILE = lazy(r"\A\s*[\w./-]{1,255}\.(?:eps|ps|pdf|png|jpe?g|gif|tiff?|svg)\s*\Z", IGNORECASE)
_MATH_OPERATORS = frozenset("=≤≥≡≈∼→⇒∈∝+−×∂∫∑∏√<>")
# A word of prose, not a formula's name: lower-case letters, perhaps capitalised, not
# Greek (in formulas Greek letters are symbols); three or more, or two with a vowel ("if").
_WORD_OF_PROSE = r"(?<![\p{L}\p{M}])\p{Lu}?[\p{Ll}--\p{Greek}]{2,}"
_PROSE_WORD = lazy(_WORD_OF_PROSE + r"(?![\p{L}\p{M}])", V1)
_VOWELS = frozenset("aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿąęėįųůőűаеёиоуыэюяіїє")
# Greek prose (a Greek document's words, not a formula's symbols): four letters or more, two vowels.
_GREEK_WORD = lazy(r"(?<![\p{L}\p{M}])\p{Greek}?[\p{Greek}&&\p{Ll}]{3,}(?![\p{L}\p{M}])", V1)
_GREEK_VOWELS = frozenset("αεηιουωάέήίόύώϊϋΐΰ")


def _is_prose_word(word: str) -> bool:
    """Is a word ``_PROSE_WORD`` found prose: three letters or more, or two with a vowel; not an operator?"""
    lower = word.lower()
    return (len(lower) > 2 or not _VOWELS.isdisjoint(lower)) and lower not in _OPERATOR_NAMES


def is_prose_word(word: str) -> bool:
    """Is a word a word of prose, not a formula's name: two letters or more, not Greek, not an operator?

    >>> [is_prose_word(w) for w in ["as", "in", "write", "dx", "sin", "αβ", "x"]]
    [True, True, True, False, False, False, False]
    """
    return _PROSE_WORD.fullmatch(word) is not None and _is_prose_word(word)


def _by_text(test: Callable[[str], bool]) -> Callable[[str], bool]:
    """A pure test of a line's text, its answers kept for the lines asked again.

    The rules and the weighed evidence ask the same line the same question
    several times; at most 4,096 answers are kept, for lines of at most 200
    characters, so memory stays bounded whatever the input.
    """
    known: dict[str, bool] = {}

    @functools.wraps(test)
    def cached(text: str) -> bool:
        answer = known.get(text)
        if answer is None:
            answer = test(text)
            if len(text) <= 200:
                if len(known) >= 4096:
                    known.clear()
                known[text] = answer
        return answer

    return cached


@_by_text
def looks_like_debris(text: str) -> bool:
    """Is a short line more likely debris of a formula, table or page than prose?

    Debris has little prose in it: fewer than half of its non-space characters
    are letters, or it has no word of three letters or more (formula fragments
    such as "mi vi2 +" are made of one- and two-letter names), or of two when
    the line ends a sentence ("No, no." is prose).  CJK text counts as prose.

    >>> [looks_like_debris(t) for t in ["12", "x y", "(3.1)", "∂L/∂q = 0", "− 3 −", "mi vi2 +"]]
    [True, True, True, True, True, True]
    >>> [looks_like_debris(t) for t in ["see [3] and references", "Introduction", "结论", "No, no."]]
    [False, False, False, False]

    Numbered citations are not counted: they end many a sentence's last line;
    nor is a table of contents' dot leader: its entry's title is text.

    >>> looks_like_debris("found in [17, 18]."), looks_like_debris("[0, 1]"), looks_like_debris("[12]")
    (False, True, True)
    >>> looks_like_debris("2.1 Tides . . . . . . . . . 4"), looks_like_debris(". . . . . . 4")
    (False, True)

    A figure's file name, all a draft shows of it, is figure debris:

    >>> looks_like_debris("THE-IN_5.EPS"), looks_like_debris("figures/flow.pdf"), looks_like_debris("Fig.")
    (True, True, False)

    A line with a formula's operators needs a word of prose, which Greek letters,
    mixed-case names and operator names are not:

    >>> [looks_like_debris(t) for t in ["ρξρρ + ξρ = 0,", "δSEH = d x −gδg", "ψpψq = ψq ψp", "= lim f(x)"]]
    [True, True, True, True]
    >>> [looks_like_debris(t) for t in ["if p = 3.", "where x = 0", "Гц = 1/с как обычно", "όπου x = 0"]]
    [False, False, False, False]

    The word of prose is a function word of some language, a long word, or the
    word a sentence ends on; names that look like words do not count:

    >>> [looks_like_debris(t) for t in ["Tik = (ρ + p) ui uk ,", "Emag = V Fν", "E(na, nb) = α f (na /nb)"]]
    [True, True, True]
    >>> [looks_like_debris(t) for t in ["für alle x ∈ S", "na primer x = 0", "√ data.", "(3+1) dimensions"]]
    [False, False, False, False]

    Figures may outnumber the letters of a sentence ("3/12/2024: 2.0.1 released."),
    but a sentence that ends on a word of prose in lower case, four letters or
    more, is text; a formula's names are shorter, and code ends otherwise:

    >>> [looks_like_debris(t) for t in ["3/12/2024: 2.0.1 released.", "12.5 ± 0.3 cm.", "2, 3, 5, 7, 11."]]
    [False, True, True]
    """
    words = text.split()
    chars = "".join(words)
    if len(words) == 1 and "." in chars and _FIGURE_FILE.match(text):  # a name is one word
        return True
    if "[" in chars:
        chars = _CITATION.sub("", chars)
    if "...." in chars:
        chars = _LEADER.sub("", chars)
    if not chars:
        return True
    # CJK text counts as prose: asked last, of a line that otherwise looks like debris.
    return _little_prose(text, chars) and (chars.isascii() or _CJK.search(chars) is None)


def _little_prose(text: str, chars: str) -> bool:
    """Has the line (``chars``: its non-space characters) little prose, as :func:`looks_like_debris` says?"""
    ascii_chars = chars.encode() if chars.isascii() else None
    if ascii_chars is not None:  # ASCII (most lines): its letters are a-z and A-Z
        letters = len(chars) - len(ascii_chars.translate(None, _ASCII_LETTERS))
    else:  # runs of letters taken out, not each letter: the same count, fewer replacements
        letters = len(chars) - len(_LETTERS.sub("", chars))
    if letters * 2 < len(chars) and _SENTENCE_END_WORD.search(text) is None:
        return True
    word = _WORD2 if is_finished(text) else _WORD3
    if word.search(text) is None:
        return True
    if ascii_chars is not None:  # the operators that are ASCII, deleted from its bytes
        if len(ascii_chars.translate(None, _ASCII_OPERATORS)) == len(chars):
            return False
    elif _MATH_OPERATORS.isdisjoint(chars):
        return False
    last = _LAST_WORD.search(text)  # "√ data.": a sentence ends on a word of prose
    return (
        (last is None or not _is_prose_word(last.group(1)))
        and not any(_holds_up_prose(m.group(), text, m.start(), m.end()) for m in _PROSE_WORD.finditer(text))
        and not any(sum(c in _GREEK_VOWELS for c in w.lower()) >= 2 for w in _GREEK_WORD.findall(text))
    )


# A word a reader keeps, in debris: four letters or more of any case, not Greek ("kwargs",
# "URITemplate", "Total"), or a TeX command ("\\systeme").
_KEPT_WORD = lazy(r"(?<![\p{L}\p{M}])([\p{L}--\p{Greek}]{4,})(?![\p{L}\p{M}])|\\[A-Za-z]{2,}", V1)


# A formula's mark: a Greek letter, a mathematical operator or arrow, a minus sign, ±, ×, ·.
_FORMULA_CHAR = lazy(r"[\p{Greek}\u2190-\u21FF\u2200-\u22FF\u27C0-\u27EF\u2980-\u2AFF±×·µ]", V1)


def holds_words(text: str) -> bool:
    """Does a line that looks like debris hold words a reader wants kept?

    Code, an API's signature, a configuration line, a table's row with its
    labels: a word of four letters or more (any case, not Greek, not an
    operator's name, not a function word: "where" and "with" join a formula
    to its sentence) or a TeX command, and no formula's mark: no Greek letter,
    minus sign or other mathematical operator ("Emag = V Fν" names a
    quantity).  A formula's fragments are made of shorter names; a figure's
    file name is figure debris.

    >>> [holds_words(t) for t in ["URITemplate.expand(**kwargs) -> str", "Total 12 45", "\\systeme{x+y=1}"]]
    [True, True, True]
    >>> [holds_words(t) for t in ["x − y + 2z = 0", "ψpψq = ψq", "lim sinh(x)", "MASS-R_1.EPS", "12.5 ± 0.3"]]
    [False, False, False, False, False]
    >>> [holds_words(t) for t in ["= 2 (1 + ecosΘ)", "where Σ0 = 6ρ0", "x = 2, with", "Emag = V Fν tµf ,"]]
    [False, False, False, False]
    """
    if _FIGURE_FILE.match(text) or _FORMULA_CHAR.search(text):
        return False
    return any(
        m.group(1) is None or (m.group(1).lower() not in _OPERATOR_NAMES and not is_function_word(m.group(1)))
        for m in _KEPT_WORD.finditer(text)
    )


# A sentence's last word, in lower case, four letters or more, on its own: "... 1.3.1 released."
_SENTENCE_END_WORD = lazy(r"(?<![\p{L}\p{M}\d_./\\-])[\p{Ll}--\p{Greek}]{4,}[.?!][\"'’”)\]]*\s*\Z", V1)
_ASCII_LETTERS = bytes([*range(65, 91), *range(97, 123)])
_ASCII_OPERATORS = "".join(sorted(c for c in _MATH_OPERATORS if c.isascii())).encode()
_LAST_WORD = lazy(f"(?r)({_WORD_OF_PROSE})[.?!]\\s*\\Z", V1)  # (?r): from the end, where it is


def _holds_up_prose(word: str, text: str, start: int, end: int) -> bool:
    """Does this word of ``text[start:end]`` make a line with a formula's operators prose?

    It does when it is a function word (:mod:`srtext.pipeline.function_words`), or a long
    word: formulas' names look like words often enough ("Tik", "Emag", "ajq"),
    but seldom have seven letters or more, in lower case but perhaps the first.
    A two-letter function word inside brackets ("E(na, nb)") is a name.
    """
    if len(word) >= 7 and word[1:].islower():
        return True
    if len(word) == 2 and (text[start - 1 : start] in _BRACKETS or text[end : end + 1] in _BRACKETS):
        return False
    return is_function_word(word)


_BRACKETS = frozenset("()[]{}/")

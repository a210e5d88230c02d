"""Section numbers and headings: is this line a heading's number, a chapter's label, a title?

Tests on one line's text, as :mod:`srtext.pipeline.classify`'s are (which
re-exports them).  Each language's chapter and section words ("Kapitel",
"Appendix", "第2章") are in :mod:`srtext.lang`.
"""

from __future__ import annotations

from srtext.lang import CHAPTER_PATTERNS, CHAPTER_WORDS, SECTION_PATTERNS, SECTION_WORDS, alternation
from srtext.pipeline.patterns import VERBOSE, ascii_starts, lazy, pattern

_SECTION_NUMBER = pattern(
    rf"""\A(?:(?:\d{{1,3}}(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.|§\s*\d+)\s+\S
        |{alternation(CHAPTER_WORDS + SECTION_WORDS)}\s+[\dIVXLC]+\b|{"|".join(SECTION_PATTERNS)})""",
    VERBOSE,
)


def has_section_number(text: str) -> bool:
    """Does the line start like a numbered heading ("3.", "2.1", "IV.", "A.", "§ 4", "Chapter 2")?

    >>> [has_section_number(t) for t in ["3 Results", "2.1. Data", "IV. Scope", "3D model"]]
    [True, True, True, False]

    A year is no section's number (sections count to three digits at most):

    >>> [has_section_number(t) for t in ["2003 年に Nat は", "1999 was a dry year", "120 Appendix"]]
    [False, False, True]
    >>> [has_section_number(t) for t in ["Chapter 2", "Глава 3", "第2章", "二、方法", "Chapters of it"]]
    [True, True, True, True, False]
    """
    stripped = text.strip()
    first = stripped[:1]
    if first.isascii() and first not in _SECTION_STARTS:
        return False  # most lines: a lower-case word or a sign first
    return _SECTION_NUMBER.match(stripped) is not None


_SECTION_STARTS = ascii_starts(_SECTION_NUMBER)


# A two-level number and a title of words up to its full stop: "2.1. Adams operations."
# The levels are bounded ({1,8}): with "+", regex took quadratic time on "1.1.1...." (100,000: 2 s).
_NUMBERED = r"\A\s*\d{1,2}(?:\.\d{1,2}){1,8}\.?\s+\p{L}[\p{L}\p{M}\s'’,-]{0,58}?\."
_NUMBERED_TITLE = lazy(_NUMBERED + r"\s*\Z")
_RUN_IN_HEADING = lazy(_NUMBERED + r"(?=\s+\p{Lu})")


def is_numbered_title(text: str) -> bool:
    """Is the line a two-level number and a title ending in a full stop, as AMS journals set them?

    >>> [is_numbered_title(t) for t in ["2.1. Adams operations.", "3.4 Old maps.", "2. Data.", "2.1. x = 3."]]
    [True, True, False, False]
    """
    stripped = text.strip()  # a number first, a full stop last: asked before the regex
    return stripped.endswith(".") and _may_be_digit(stripped[:1]) and _NUMBERED_TITLE.match(text) is not None


def run_in_heading_end(text: str) -> int:
    """Where a numbered run-in heading that opens the line ends (0: none), its paragraph running on.

    >>> text = "2.1. Adams operations. There are a few."
    >>> text[: run_in_heading_end(text)], run_in_heading_end("2.1. Adams operations. there")
    ('2.1. Adams operations.', 0)
    """
    m = _RUN_IN_HEADING.match(text)
    return 0 if m is None else m.end()


_NUMBER_ALONE = lazy(r"\A(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,5}|[A-Z])\.\Z")


def is_section_number_alone(text: str) -> bool:
    """Is the line only a section's number, as REVTeX and others set it apart from the title?

    The number needs its final dot: "3" alone is a page or equation number,
    "1.21" a table's cell.  "289." may end a reference, so the recovery rules
    ask for a title on the next line as well.

    >>> [is_section_number_alone(t) for t in ["II.", " A.", "3.", "2.1.", "IV. Scope"]]
    [True, True, True, True, False]
    >>> [is_section_number_alone(t) for t in ["3", "(3)", "1.21", "1999.", "a.", "IIII.."]]
    [False, False, False, False, False, False]
    """
    stripped = text.strip()
    return stripped.endswith(".") and _NUMBER_ALONE.match(stripped) is not None


_ARABIC_NUMBER = lazy(r"\A\s*(\d{1,2}(?:\.\d{1,2}){0,3})(?:\.?\s+\p{L}|\.?\s*\Z)")


def is_chapter_label(text: str) -> bool:
    """Is the line only a chapter's label and number ("Chapter 2", "Kapitel 3", "Глава 4", "第2章")?

    Such a line opens a chapter; a running header that names the chapter also
    carries its title.

    >>> [is_chapter_label(t) for t in ["Kapitel 2", " Глава IV ", "第2章", "Chapter 2. LVM", "Chapters"]]
    [True, True, True, False, False]
    """
    return _CHAPTER_LABEL.match(text) is not None


_CHAPTER_LABEL = lazy(
    rf"\A\s*(?:{alternation(CHAPTER_WORDS)}\s+(?:\d{{1,3}}|[IVXLC]{{1,6}})|{'|'.join(CHAPTER_PATTERNS)})\s*\Z"
)


def section_number(text: str) -> tuple[int, ...] | None:
    """The arabic section number a line starts with, as a tuple, or None.

    A chapter's label gives its number: "Kapitel 2" is (2,).

    >>> [section_number(t) for t in ["3.2 Thermal drift", "3.2.1", "4.", "1.21 m"]]
    [(3, 2), (3, 2, 1), (4,), (1, 21)]
    >>> section_number("1999 was dry"), section_number("(3)"), section_number("3D model")
    (None, None, None)
    """
    match = _ARABIC_NUMBER.match(text)
    if match is None:
        chapter = _CHAPTER_NUMBER.match(text)
        return (int(chapter.group(1)),) if chapter else None
    return tuple(int(n) for n in match.group(1).split("."))


_CHAPTER_NUMBER = lazy(r"\A\s*\p{L}+\s+(\d{1,3})\s*\Z")


def next_section_number(previous: tuple[int, ...] | None, number: tuple[int, ...]) -> bool:
    """Could ``number`` be a section soon after ``previous`` (a sibling, a child, an ancestor's sibling)?

    One heading may have been missed in between (3.2 -> 3.4, 3 -> 5); with no
    section seen yet, the first: 1 or 1.1.

    >>> [next_section_number((3, 2), n) for n in [(3, 3), (3, 4), (3, 2, 1), (4,), (4, 1), (5,)]]
    [True, True, True, True, True, True]
    >>> [next_section_number((3, 2), n) for n in [(3, 1), (3, 5), (6,), (1, 21), (3, 2, 7)]]
    [False, False, False, False, False]
    >>> next_section_number(None, (1,)), next_section_number(None, (4,))
    (True, False)
    """
    if previous is None:
        return number in ((1,), (1, 1))
    k = len(number)
    if number[:-1] == previous and number[-1] in (1, 2):
        return True  # a child
    if k <= len(previous) and number[:-1] == previous[: k - 1] and number[-1] - previous[k - 1] in (1, 2):
        return True  # a sibling, or an ancestor's
    return k == 2 and number[0] - previous[0] in (1, 2) and number[1] in (1, 2)  # a chapter unseen


def is_bare_number(text: str) -> bool:
    """Is the line only a number such as a section's without its final dot ("3.2.1", "4")?

    Alone it may be a page, equation or table number: the recovery rules ask for
    a title next and for the number to follow the last section's.

    >>> [is_bare_number(t) for t in ["3.2.1", " 4 ", "4.", "(4)", "123", "1.2.3.4.5"]]
    [True, True, False, False, False, False]
    """
    stripped = text.strip()  # at most "12.34.56.78", a digit first: asked before the regex
    return len(stripped) <= 11 and _may_be_digit(stripped[:1]) and _BARE_NUMBER.match(text) is not None


def _may_be_digit(char: str) -> bool:
    """Could ``regex``'s ``\\d`` match the character?  An ASCII one only when it is a digit.

    (``regex`` knows digits of newer Unicode than ``str.isdigit``: those are left to it.)

    >>> [_may_be_digit(c) for c in ["7", "x", "", "٣", "."]]
    [True, False, False, True, False]
    """
    return char.isdigit() if char.isascii() else True


_BARE_NUMBER = lazy(r"\A\s*\d{1,2}(?:\.\d{1,2}){0,3}\s*\Z")


_SENTENCE_INSIDE = lazy(r"[.?!:;。！？](?:\s+\S|\S*\s+\p{Lu})")
_LINE_END_OPEN = lazy(r"(?r)[,;:\-‐–—(\[]\s*\Z")


def is_title_like(text: str) -> bool:
    """Could the line be a whole heading, however long (no sentence inside, at most 16 words)?

    A heading has no sentence end or colon followed by more words and does not
    end in a comma, colon or hyphen.  pdftotext writes a heading that wraps with
    a hyphen on one line, so a heading may be longer than the column.

    >>> is_title_like("2. Sauerteig, Temperatur und Geduld als die wichtigsten Zutaten eines guten Brotes")
    True
    >>> [is_title_like(t) for t in ["3. We fit it. Then we", "1. Steps:", "2. Data: a list", "4. the cost-"]]
    [False, False, False, False]
    """
    body = text.strip()
    m = _SECTION_NUMBER.match(body)
    if m is not None:
        body = body[m.end() - 1 :]
    return (
        len(body.split()) <= 16
        and _SENTENCE_INSIDE.search(body) is None
        and _LINE_END_OPEN.search(body) is None
    )

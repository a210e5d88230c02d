"""What page furniture looks like, line by line: page numbers, margin stamps, lines compared across pages.

The kinds of marks :mod:`srtext.pipeline.pages` gives lines (``Line.mark``) are
named here.  Page numbers come in their usual forms (3, iii, "- 3 -", "Page 3
of 10", "S. 3", "стр. 3", "第 3 页"), each language's page words in
:mod:`srtext.lang`.
"""

from __future__ import annotations

from collections.abc import Sequence

from srtext.lang import (
    PAGE_OF_AFTER_WORD,
    PAGE_OF_WORDS,
    PAGE_PATTERNS,
    PAGE_SUFFIXES,
    PAGE_WORDS,
    alternation,
)
from srtext.pipeline.lines import Line
from srtext.pipeline.patterns import IGNORECASE, VERBOSE, lazy, pattern

HEADER = "header"
FOOTER = "footer"
STAMP = "margin stamp"
PAGE_NUMBER = "page number"
FOOTNOTE = "footnote"
FRONT_MATTER = "front matter"  # not furniture: text, a paragraph kind of its own

ZONE = 3  # lines at the top and at the bottom of a page where furniture lives

_PAGE_NUMBER = pattern(
    rf"""\A\s*(?:
        [-–—−]\s*\d{{1,4}}\s*[-–—−]
      | {"|".join(PAGE_PATTERNS)}
      | {alternation(PAGE_WORDS)}\s*\d{{1,4}}
        (?:\s*{alternation(("/", *PAGE_OF_WORDS, *PAGE_OF_AFTER_WORD))}\s*\d{{1,4}})?
        \s*{alternation(PAGE_SUFFIXES)}?
      | \d{{1,4}}\s*{alternation(("/", *PAGE_OF_WORDS))}\s*\d{{1,4}}
      | \d{{1,4}}
      | [ivxlc]{{1,7}}
      | [IVXLC]{{1,7}}
    )\s*\Z""",
    IGNORECASE | VERBOSE,
)
# Lines a repository or publisher stamps on a page, wherever pdftotext puts them.
_STAMP = lazy(  # stamps are rare: compiled when a page holds a stamp word (may_hold_stamp)
    r"""\A\s*(?:
        arXiv:\s*(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\s+\[[^\]]{2,20}\]\s+\d{1,2}\s+\p{L}{3,9}\.?\s+\d{4}
      | Downloaded\s+(?:from|by)\s+\S+.*\b(?:on|at)\b.*\d{4}.*
      | Authorized\s+licensed\s+use\s+limited\s+to\b.*
    )\s*\Z""",
    VERBOSE,
)
_DIGITS = pattern(r"\d+")
_SPACE = pattern(r"\s+")


def is_page_number(text: str) -> bool:
    """Is the line a bare page number in one of its usual forms?

    >>> [is_page_number(t) for t in ["3", " iii ", "- 3 -", "Page 3 of 10", "S. 3", "стр. 3", "12/20"]]
    [True, True, True, True, True, True, True]
    >>> [is_page_number(t) for t in ["第1页共3页", "第 2 页", "第3章"]]
    [True, True, False]
    >>> [is_page_number(t) for t in ["Strana 1 od 4", "Pagina 3 di 10", "Strona 2 z 5", "Pagina 4 van 9"]]
    [True, True, True, True]
    >>> [is_page_number(t) for t in ["3 cases", "1999 and 2000", "Page 3 shows", "II. Methods"]]
    [False, False, False, False]
    """
    return _PAGE_NUMBER.match(text) is not None


def is_stamp(text: str) -> bool:
    """Is the line a repository's or publisher's stamp (arXiv's margin line, "Downloaded from ...")?

    >>> [is_stamp(t) for t in ["arXiv:2101.01234v2  [cs.CL]  3 Mar 2021",
    ...     "arXiv:hep-th/0001207v1 [hep-th] 28 Jan 2000",
    ...     "Downloaded from https://example.org/a/12 by guest on 3 March 2021"]]
    [True, True, True]
    >>> [is_stamp(t) for t in ["arXiv:2101.01234", "hep-th/0001207", "Downloaded from the archive, the"]]
    [False, False, False]
    """
    return _STAMP.match(text) is not None


# A word every stamp has (the alternatives of _STAMP, in their order): a page without any has none.
STAMP_WORDS = ("arXiv:", "Downloaded", "Authorized")


def may_hold_stamp(text: str) -> bool:
    """Could the text (a page's lines) hold a stamp?  One search of a page, not one of each line.

    >>> may_hold_stamp("Body\\narXiv:2101.01234v2 [cs.CL] 3 Mar 2021"), may_hold_stamp("Body\\n3")
    (True, False)
    """
    return any(word in text for word in STAMP_WORDS)


def mask(text: str) -> str:
    """A line with its digits masked and its white space collapsed, for comparing pages.

    >>> mask("Notes on rivers   12"), mask("13  Notes on rivers")
    ('Notes on rivers #', '# Notes on rivers')
    """
    if text.isascii() and "#" not in text:
        # Most lines (a page's every short line is masked): bytes' methods, no pattern.  In
        # ASCII \d is 0-9 and \s bytes' white space; strip() then takes what \s leaves
        # (\x1c-\x1f) at the ends, as below.  A "#" of the line's own stays apart from the
        # digits' marks there: such a line goes below.
        masked = text.encode().translate(_HASH_DIGITS)
        if b"#" in masked:  # a run of digits is one mark
            fewer = masked.replace(b"##", b"#")
            while len(fewer) < len(masked):
                masked, fewer = fewer, fewer.replace(b"##", b"#")
        return b" ".join(masked.split()).decode().strip()
    return _SPACE.sub(" ", _DIGITS.sub("#", text)).strip()


_HASH_DIGITS = bytes.maketrans(b"0123456789", b"#" * 10)


def zones(page: Sequence[Line]) -> tuple[list[int], list[int]]:
    """Indices of the first and the last :data:`ZONE` non-empty lines of a page.

    >>> page = [Line(i, 1, t) for i, t in enumerate(["H", "", "a", "b", "c", "d", "", "7"])]
    >>> zones(page)
    ([0, 2, 3], [4, 5, 7])
    """
    top: list[int] = []  # from each end only as far as the zone goes, not over the whole page
    for i, line in enumerate(page):
        if line.text.strip():
            top.append(i)
            if len(top) == ZONE:
                break
    bottom: list[int] = []
    for i in range(len(page) - 1, -1, -1):
        if page[i].text.strip():
            bottom.append(i)
            if len(bottom) == ZONE:
                break
    bottom.reverse()
    return top, bottom

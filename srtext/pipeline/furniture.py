"""What page furniture looks like, line by line: page numbers, margin stamps, lines compared across pages.

The kinds of marks :mod:`srtext.pipeline.pages` gives lines (``Line.mark``) are
named here.  Page numbers come in their usual forms (3, iii, "- 3 -", "Page 3
of 10", "S. 3", "стр. 3", "第 3 页"), each language's page words in
:mod:`srtext.lang`.
"""

from __future__ import annotations

from collections.abc import Sequence

from srtext.lang import (
    MONTHS,
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


#: English month names and their short forms (other languages' are :data:`srtext.lang.MONTHS`).
_MONTHS_EN = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_MONTH = alternation((*_MONTHS_EN, *sorted(MONTHS)))
# A date alone, as a page's header or footer prints it: "2024-03-14", "3/14/24, 10:30 AM",
# "14 March 2024", "March 14, 2024", "March 2024", after "Updated", "Last revised:", "Date:".
_DATE_LINE = lazy(
    rf"""\A\s*
    (?:(?:last\s+)?(?:updated|revised|modified|printed|generated|created|published|date|as\s+of)\s*:?\s*(?:on\s+)?)?
    (?:\d{{4}}-\d{{1,2}}-\d{{1,2}}
      | \d{{1,2}}/\d{{1,2}}/(?:\d{{4}}|\d{{2}}) | \d{{1,2}}\.\d{{1,2}}\.\d{{4}}
      | \d{{1,2}}\.?\s+{_MONTH}\.?,?\s+\d{{4}}
      | {_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}
      | {_MONTH}\.?\s+\d{{4}}
    )
    (?:,?\s+\d{{1,2}}:\d{{2}}(?::\d{{2}})?\s*(?:[ap]\.?m\.?)?)?
    \s*\Z""",
    IGNORECASE | VERBOSE,
)
# A web address alone (a printed page's URL), a page number may follow it on the line.
_ADDRESS_LINE = lazy(r"(?i)\A\s*(?:https?://|www\.)\S+(?:\s+\d{1,4}(?:\s*/\s*\d{1,4})?)?\s*\Z")
# A stamp's words alone: "DRAFT", "Confidential", "Internal use only", "DRAFT - not for distribution".
_STAMP_PHRASE = (
    r"(?:strictly\s+|company\s+)?confidential|draft|internal(?:\s+use)?(?:\s+only)?|preliminary|proprietary"
    r"|for\s+(?:internal\s+)?review|(?:do\s+)?not\s+(?:for\s+)?(?:distribution|distribute)|for\s+comment"
)
_STAMP_LINE = lazy(rf"(?i)\A\s*(?:{_STAMP_PHRASE})(?:\s*[-–—,:;·|/]\s*(?:{_STAMP_PHRASE}))*\s*\Z")


def is_date_line(text: str) -> bool:
    """Is the line a date alone (and a time), as a page's header or footer prints it?

    >>> [is_date_line(t) for t in ["2024-03-14", "3/14/24, 10:30 AM", "14 March 2024",
    ...     "October 12, 2024", "Last revised: 2024-07-01", "Updated 2 September 2023", "März 2024"]]
    [True, True, True, True, True, True, True]
    >>> [is_date_line(t) for t in ["In March 2024 we", "2024", "1.2.3", "May the force", "3/4"]]
    [False, False, False, False, False]
    """
    first = text.lstrip()[:1]
    if not first or not (first.isdigit() or first.isalpha()):
        return False
    return _DATE_LINE.match(text) is not None


def is_web_address(text: str) -> bool:
    """Is the line a web address alone (a page number may follow it)?

    >>> [is_web_address(t) for t in ["https://example.org/a/b.html", "www.example.org 1/1", "see https://x.org"]]
    [True, True, False]
    """
    first = text.lstrip()[:1]
    return first in ("h", "H", "w", "W") and _ADDRESS_LINE.match(text) is not None


def is_stamp_line(text: str) -> bool:
    """Is the line a stamp's words alone ("DRAFT", "Confidential", "Internal use only")?

    >>> [is_stamp_line(t) for t in ["DRAFT", "CONFIDENTIAL", "Draft - not for distribution"]]
    [True, True, True]
    >>> [is_stamp_line(t) for t in ["Draft mode", "Confidential computing", "Preliminary results"]]
    [False, False, False]
    """
    return len(text) <= 60 and _STAMP_LINE.match(text) is not None


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

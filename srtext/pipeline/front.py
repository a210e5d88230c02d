"""Front matter: what stands between a paper's title and its body on the first page.

Authors, affiliations, e-mail addresses, dates, the abstract and the keyword or
classification lines (PACS, MSC, Keywords) are text, and srtext keeps them by
default, but a corpus of body text may not want them (``--drop frontmatter``;
the arXiv benchmark's ground truth, for one, has the title and not the rest).

The block is found only when the first page has both ends of it:

* its start, a line of author names (capitalised names and initials joined by
  commas and "and", with footnote marks: "R. J. Beswick1 , A. B. Peck2") among
  the first lines; what comes before it is the title, and stays;
* its end: a keyword line (the block ends after it), an introduction heading
  ("1 Introduction", "I. INTRODUCTION": the block ends before it), or, failing
  both, the empty line after an "Abstract".

A document without both (a novel, a report without authors on its first lines)
has no front matter, so nothing of it can be taken for one.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Sequence

from srtext.lang import (
    ABSTRACT_WORDS,
    INTRODUCTION_WORDS,
    KEYWORD_WORDS,
    NAME_CONNECTORS,
    TITLE_WORDS,
    alternation,
)
from srtext.pipeline.classify import is_finished
from srtext.pipeline.lines import Line
from srtext.pipeline.patterns import IGNORECASE, pattern

#: The author line must be among this many non-empty lines of the first page.
AUTHOR_WITHIN = 8
#: The end must be within this many lines of the first page.
END_WITHIN = 120

_MARKS = pattern(r"[\d∗*†‡§¶⋆♯,;()]+")
_NAME = pattern(r"\p{Lu}\.(?:\s?-?\p{Lu}\.)*|\p{Lu}[\p{L}\p{M}'’\-]*\.?")
# Words of a title (upper-case in an all-capitals title), never of a list of names.
_TITLE_WORDS = TITLE_WORDS  # each language's (srtext.lang)
_CONNECTORS = NAME_CONNECTORS | {"&"}
_GROUP = frozenset("collaboration collaborations team group consortium".split())
# The front matter's headings: each language's KEYWORD_WORDS, ABSTRACT_WORDS and
# INTRODUCTION_WORDS (srtext.lang).
_KEYWORDS = pattern(rf"\A\s*{alternation(KEYWORD_WORDS)}\b", IGNORECASE)
_ABSTRACT = pattern(rf"\A\s*{alternation(ABSTRACT_WORDS)}\b", IGNORECASE)
_INTRODUCTION = pattern(rf"\A\s*(?:(?:\d+|[IVX]+)\.?\s*)?{alternation(INTRODUCTION_WORDS)}\s*\Z", IGNORECASE)
_NUMBERING = pattern(r"\A\s*(?:\d+|[IVX]+)\.?\s*\Z")


def looks_like_authors(text: str) -> bool:
    """Is the line a list of author names (with their footnote marks)?

    >>> [looks_like_authors(t) for t in ["R. J. Beswick1 , A. B. Peck2 , and A. Pedlar1",
    ...     "Thomas D. Cohen∗", "DONALD YAU", "Nahomi Kan1 and Kiyoshi Shiraishi2", "The L3 Collaboration"]]
    [True, True, True, True, True]
    >>> [looks_like_authors(t) for t in ["Further Effects of Varying G", "Bosons", "November 25, 1999",
    ...     "Introduction", "Department of Physics, University of Maryland", "CONTINUATION OF PRODUCTS"]]
    [False, False, False, False, False, False]
    """
    words = _MARKS.sub(" ", text).split()
    if not 2 <= len(words) <= 30:
        return False
    if any(w.lower() in _GROUP for w in words) and len(words) <= 6:
        return words[0][0].isupper()
    names = 0
    for word in words:
        if word.lower() in _CONNECTORS:
            continue
        if word.lower() in _TITLE_WORDS:
            return False
        if not _NAME.fullmatch(word):
            return False
        names += 1
    return names >= 2


def starts_block(text: str) -> bool:
    """Does the line start a block of its own within the front matter (the abstract, keywords)?

    >>> [starts_block(t) for t in ["Abstract. We study", "PACS numbers: 42.50", "Department of Physics"]]
    [True, True, False]
    """
    return _ABSTRACT.match(text) is not None or _KEYWORDS.match(text) is not None


def find_front_matter(page: Sequence[Line], skip: Container[int] = ()) -> range:
    """The indices of the first page's front matter (an empty range when it has none).

    ``skip`` holds the indices of lines already marked (furniture, footnotes),
    which are neither title nor authors.

    >>> lines = ["A Study of Rivers", "Ann B. Smith1 and Carl Jones2", "1 River Institute, Oslo",
    ...          "Abstract", "We study rivers.", "", "1. Introduction", "Rivers flow."]
    >>> find_front_matter([Line(n, 1, t) for n, t in enumerate(lines, 1)])
    range(1, 6)
    >>> find_front_matter([Line(n, 1, t) for n, t in enumerate(["Chapter One", "It was night."], 1)])
    range(0, 0)
    """
    start = _authors(page, skip)
    if start is None:
        return range(0)
    end = _end(page, start + 1)
    return range(start, end) if end is not None else range(0)


def _authors(page: Sequence[Line], skip: Container[int]) -> int | None:
    seen = 0
    for i, line in enumerate(page):
        if not line.text.strip() or i in skip:
            continue
        seen += 1
        if seen > AUTHOR_WITHIN:
            return None
        if seen > 1 and looks_like_authors(line.text):  # the first line is the title's
            return i
    return None


def _end(page: Sequence[Line], start: int) -> int | None:
    abstract_end: int | None = None
    in_abstract = False
    for i in range(start, min(len(page), start + END_WITHIN)):
        text = page[i].text
        if _INTRODUCTION.match(text):
            return _before_numbering(page, start, i)
        if _NUMBERING.match(text) and _next_is_introduction(page, i):
            return i
        if _KEYWORDS.match(text):
            return _block_end(page, i)
        if _ABSTRACT.match(text):
            in_abstract = True
        elif (
            in_abstract
            and abstract_end is None
            and not text.strip()
            and not _ABSTRACT.match(page[i - 1].text)
        ):
            abstract_end = i  # the first empty line after the abstract's text (not after its label)
    return abstract_end


def _before_numbering(page: Sequence[Line], start: int, i: int) -> int:
    """Where an introduction heading starts, its number on a line of its own included."""
    j = i - 1
    while j > start and not page[j].text.strip():
        j -= 1
    return j if _NUMBERING.match(page[j].text) else i


def _next_is_introduction(page: Sequence[Line], i: int) -> bool:
    for line in page[i + 1 : i + 4]:
        if line.text.strip():
            return _INTRODUCTION.match(line.text) is not None
    return False


def _block_end(page: Sequence[Line], i: int) -> int:
    """The end of a keyword line's block: up to the next empty line, at most three lines."""
    end = i + 1
    while end < min(len(page), i + 3) and page[end].text.strip():
        end += 1
    return end


#: The page stage's name for a title's note, marked front matter (:func:`title_notes`).
TITLE_NOTE = "front_matter.title_note"
#: A title's note is marked in one of the first page's first lines (the title, authors, date).
TITLE_NOTE_WITHIN = 4
#: A title's line is at most this share of the page's widest line.
TITLE_NOTE_FILL = 0.8
# The marks LaTeX's \thanks sets after a title's or an author's name.
_TITLE_MARKS = frozenset("∗*†‡⋆§¶")


def title_notes(
    page: Sequence[Line], notes: Collection[int], skip: Container[int] = (), alone: bool = False
) -> list[int]:
    """The first page's notes that the title's or the authors' lines point to: the title's notes.

    LaTeX sets a title's notes (``\\thanks``: "∗ This file describes v1.3f",
    "† E-mail: ...") at the first page's foot, marked by a symbol that the
    title or an author's name carries ("... for biblatex∗", "Joseph Wright†").
    They are the document's own words about itself and its authors, like the
    front matter, and the page's other notes are not: a note is a title's when
    its mark (a symbol, not a number) ends one of the page's first
    :data:`TITLE_NOTE_WITHIN` lines (not ``skip``: furniture), glued to its
    last word, a line shorter than the body's (:data:`TITLE_NOTE_FILL` of the
    page's widest), and stands nowhere else on the page but in notes (a sentence's
    note is marked inside the text, after its punctuation).  Kept in place,
    such a note would cut a sentence that runs on over the page's foot: unless
    the document is this page ``alone``, the page's text must end a sentence.
    ``notes``: the indices of the page's notes; the result, those of the
    title's notes' lines.

    >>> body = "The rivers of the north flow into the sea through wide valleys."
    >>> texts = ["Rivers of the North∗", "Ann Smith†", body, "∗ Version 2.", "† E-mail: a@b.c"]
    >>> title_notes([Line(n, 1, t) for n, t in enumerate(texts)], {3, 4})
    [3, 4]
    >>> texts = ["Rivers of the North", "Ann Smith", "Rivers∗ flow north.", body, "∗ See the map."]
    >>> title_notes([Line(n, 1, t) for n, t in enumerate(texts)], {4})
    []
    """
    top: list[int] = []  # the page's first lines (the title's, the authors'), notes and furniture aside
    for i, line in enumerate(page):
        if i not in notes and i not in skip and line.text.strip():
            top.append(i)
            if len(top) == TITLE_NOTE_WITHIN:
                break
    ends = [(i, page[i].text.rstrip()) for i in top if page[i].text.rstrip()[-1:] in _TITLE_MARKS]
    if not ends:  # the cheap test first: most first pages have no mark at a line's end
        return []
    widest = max(len(line.text.rstrip()) for line in page)
    marks: set[str] = set()
    for _i, end in ends:  # a title's or a name's line ends on its marks ("biblatex∗", "Wright∗†")
        if len(end) > TITLE_NOTE_FILL * widest:
            continue  # a line of the body, which a title's line is shorter than
        k = len(end)
        while k > 0 and end[k - 1] in _TITLE_MARKS:
            k -= 1
        if 0 < k < len(end) and end[k - 1].isalnum():
            marks.update(end[k:])
    if not marks:
        return []
    after = top[-1] + 1
    rest = [
        line.text
        for i, line in enumerate(page[after:], after)
        if i not in notes and i not in skip and line.text.strip()
    ]
    marks = {ch for ch in marks if not any(ch in text for text in rest)}
    last = rest[-1] if rest else page[top[-1]].text  # the page's last line of text
    if marks and not alone and not is_finished(last):
        return []  # the page's last sentence goes on over the notes, on the next page: they stay notes
    found: list[int] = []
    for i in sorted(notes):
        first = page[i].text.lstrip()[:1]
        if first in marks or (
            found and found[-1] == i - 1 and first not in _TITLE_MARKS and not first.isdigit()
        ):
            found.append(i)  # the note's mark, or the line under a title's note that goes on with it
    return found

"""Heading levels, from the heading's own numbering, after the recovery.

A heading's level is the depth of its section number, so that a document's
outline can be rebuilt from text alone (``--format markdown`` writes ``#``
times the level, ``--format jsonl`` a ``level`` key):

* Arabic numbers: as many levels as numbers, "2" and "2." 1, "2.1" 2, "2.1.3" 3
  (at most 6, Markdown's and HTML's deepest); in a document that opens with a
  numbered heading, counted from the shallowest numbering it has used: a
  section of a book printed alone ("9.10 Backup", "9.10.1 Tapes") has its own
  outline, as the section's own HTML page has h2 at its top ("9.10" 1,
  "9.10.1" 2);
  a version's number ("1.0.5 (2024-03-27)", "0.17") numbers no section;
* Roman numerals ("II.", "IV"): 1;
* a capital letter ("A.", "B "): 2 in a document whose numbered headings so far
  were Roman (IEEE's "I. INTRODUCTION", then "A. Setup"), else 1 (an
  appendix, "A Proofs"); a letter with numbers ("A.1", "B.2.3") one more than
  its numbers; a letter without a dot numbers a heading only after a numbered
  heading ("A Simple Example" opening a README's section is words);
* "Chapter 3", "Part II", "Appendix A" and their like: 1;
* a heading without a number: the document's first heading is 1 (its title);
  before any numbered heading the others are 2 (a README's sections under its
  title, an abstract under a paper's title); after a numbered heading, the
  level of the shallowest numbered heading seen ("Acknowledgements" and
  "References" beside "1 Introduction"), which is 1.

The levels are computed by :class:`Levels` in input order, streaming, from
the headings that came before (a numbering shallower than any before it
becomes level 1 from there on: "2.1.3" before "1 Introduction" was 1).

With geometry (a PDF, or pdftotext's ``-bbox-layout`` XHTML), the font size of
each heading is known too, and :func:`document_levels` sets the levels of a
whole document's headings at once (the output is written when the document's
headings are all known; a PDF's text is read whole anyway).  The headings' font
heights are grouped into sizes (heights within 5% of the next larger one are
one size), and:

* a numbered heading keeps its numbering's level;
* an unnumbered heading of a size that numbered headings have takes their
  (most frequent) level: "References" in the size of "1 Introduction" is 1;
* an unnumbered heading of another size takes the level after that of the
  nearest larger size that has numbered headings (1 when none is larger);
* in a document without numbered headings, the sizes are ranked: the largest
  is level 1, the next 2, and so on (HTML's h1, h2, h3 printed smaller and
  smaller).

Two kinds of number are not the document's numbering, and the levels of their
headings go by size: a number left in front of a heading by the text before it
(a code example's output, "13 Generators"), one among many unnumbered headings
of its size (:func:`_numbering_trusted`); and the numbers of steps under larger
headings (a README's "1. Create credentials" under "Installation",
:func:`_local_numbering`).
"""

from __future__ import annotations

from srtext.pipeline.patterns import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

MAX_LEVEL = 6
_ARABIC = lazy(r"\A\s*(?:§\s*)?(\d{1,3}(?:\.\d{1,3}){0,7})\.?(?=\s|\Z)")
_LETTERED = lazy(r"\A\s*(\p{Lu})((?:\.\d{1,3}){0,6})\.?(?=\s|\Z)")
_ROMAN = lazy(r"\A\s*(?=[IVXLC])(C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\.?(?=\s|\Z)")
_NAMED = lazy(
    r"\A\s*(?:Chapter|Part|Appendix|Kapitel|Teil|Anhang|Chapitre|Partie|Annexe|Capítulo|Capitolo"
    r"|Глава|Часть|Приложение|Поглавље|Део|Прилог|Poglavlje|Deo|Prilog|第)\b",
)


class Levels:
    """Gives each heading of one document its level, in input order.

    >>> levels = Levels()
    >>> [levels.level(t) for t in ["A Title", "1 Introduction", "2.1 Data", "2.1.3 Noise", "References"]]
    [1, 1, 2, 3, 1]
    >>> ieee = Levels()
    >>> [ieee.level(t) for t in ["I. INTRODUCTION", "A. Setup", "B. Results", "II. METHOD"]]
    [1, 2, 2, 1]
    >>> appendix = Levels()
    >>> [appendix.level(t) for t in ["A Proofs", "A.1 Lemma", "Chapter 3", "1.2.3.4.5.6.7 Deep"]]
    [1, 2, 1, 6]
    >>> readme = Levels()
    >>> [readme.level(t) for t in ["tidewatch", "Installation", "Usage", "1 Appendix", "Changes"]]
    [1, 2, 2, 1, 1]
    """

    def __init__(self) -> None:
        self.roman = False  # the document's last top-level number was Roman
        self.shallowest: int | None = None  # the least level of a numbered heading so far
        self.top: int | None = None  # the numbering depth that is level 1 (None: no heading yet)
        self.seen = 0  # headings so far

    def level(self, text: str) -> int:
        """The level of a heading (1 to 6), given the headings before it."""
        level = self.numbered(text)
        return _unnumbered(self.shallowest, self.seen == 1) if level is None else level

    def numbered(self, text: str) -> int | None:
        """The level of a numbered heading (1 to 6), or None for a heading without a number.

        A document that opens with a title (its first heading unnumbered) counts
        levels from the numbering's first depth; one that opens with a numbered
        heading (a section printed alone) from the shallowest depth it has used.
        """
        self.seen += 1
        depth = self._numbered(text)
        if depth is None:
            if self.top is None:
                self.top = 1
            return None
        self.top = depth if self.top is None else min(self.top, depth)
        level = min(depth - self.top + 1, MAX_LEVEL)
        self.shallowest = level if self.shallowest is None else min(self.shallowest, level)
        return level

    def _numbered(self, text: str) -> int | None:
        m = _ARABIC.match(text)
        if m and _version(m.group(1), text[m.end() :]):
            return None
        if m:
            self.roman = self.roman and m.group(1).count(".") > 0
            return m.group(1).count(".") + 1
        m = _ROMAN.match(text)
        if m and m.group(0).strip(" .") and _after(text, m.end()):
            self.roman = True
            return 1
        m = _LETTERED.match(text)
        if m and _after(text, m.end()) and (self.shallowest is not None or _lettered(m.group(0))):
            depth = m.group(2).count(".")
            return depth + (2 if self.roman else 1)
        if _NAMED.match(text):
            return 1
        return None


def _unnumbered(shallowest: int | None, first: bool) -> int:
    """The level of a heading without a number, given the shallowest numbered level before it.

    After a numbered heading, that level; before any, 1 for the document's first
    heading (its title) and 2 for the others (the sections under it).
    """
    return shallowest or (1 if first else 2)


def _version(number: str, rest: str) -> bool:
    """Is a heading's leading number a release's version, not a section's number?

    A changelog's headings ("1.4.1 (2023-12-15)", "0.17 Fixes", "2.0") are
    versions: a number alone, one with a part 0, which sections never have
    (they count from 1: "9.10.1 Tapes"), or one followed by a bracket or a
    dash (its date), which no section's title starts with.

    >>> cases = [("1.4.1", " (2023)"), ("0.17", " Fixes"), ("2.0", ""), ("3.2", " - 2021")]
    >>> cases += [("9.10.1", " Tapes")]
    >>> [_version(n, r) for n, r in cases]
    [True, True, True, True, False]
    """
    rest = rest.strip()
    return not rest or rest[0] in "([-\u2013\u2014" or ("." in number and "0" in number.split("."))


def _lettered(number: str) -> bool:
    """Is a capital letter a heading's number even where no numbered heading came before?

    With a dot or numbers after it ("A.", "B.2"), yes; a letter alone ("A
    Simple Example", "I Wish") is a word as often as a number, and numbers
    only an appendix after numbered sections ("A Proofs" after "5 Conclusion").

    >>> [_lettered(n) for n in ("A.", "B.2", "A ")]
    [True, True, False]
    """
    return "." in number


def _after(text: str, end: int) -> bool:
    """Is there a word after the number (so that "I" or "A" alone, a word itself, is no number)?"""
    rest = text[end:].strip()
    return bool(rest) and (rest[0].isupper() or not rest[0].isalpha())


def document_levels(headings: Sequence[tuple[str, float | None]], body: float | None = None) -> list[int]:
    """The levels of a document's headings, given each heading's text and font height (None: unknown).

    ``body`` is the font height of the document's running text, when known: a
    numbered heading no larger than that (a numbered list item taken for a
    heading, IEEE's small capitals) gives its level to the unnumbered headings
    of its own size only, not to the sizes above it.

    >>> document_levels([("Title", 20.0), ("1 Intro", 14.0), ("1.1 Data", 12.0), ("Notes", 12.1),
    ...                  ("References", 14.0), ("Aside", 10.0)])
    [1, 1, 2, 2, 1, 3]
    >>> document_levels([("Handbook", 24.0), ("Filters", 18.0), ("History", 14.0), ("Setup", 18.0)])
    [1, 2, 3, 2]
    >>> document_levels([("1 One", None), ("Two", None)])
    [1, 1]
    >>> document_levels([("Big", 24.0), ("Mid", 18.0), ("1. a list item", 12.0), ("Lead", 12.0)], body=12.0)
    [1, 2, 1, 1]
    """
    streaming = Levels()
    numbered: list[int | None] = [streaming.numbered(text) for text, _size in headings]
    sized = sorted({size for _text, size in headings if size is not None}, reverse=True)
    cluster: dict[float, int] = {}
    for i, height in enumerate(sized):  # largest first; within 5% of the one before: one group
        cluster[height] = 0 if i == 0 else cluster[sized[i - 1]] + (height < 0.95 * sized[i - 1])
    numbered = _numbering_trusted(headings, numbered, cluster)
    if _local_numbering(headings, numbered, cluster):
        numbered = [None] * len(headings)
    votes: dict[int, dict[int, int]] = {}  # each size's numbered levels, with how often
    sized_votes: dict[int, dict[int, int]] = {}  # the same, of sizes above the running text's
    for (_text, size), number_level in zip(headings, numbered, strict=True):
        if size is not None and number_level is not None:
            for table in (votes, sized_votes) if body is None or size > 1.05 * body else (votes,):
                counts = table.setdefault(cluster[size], {})
                counts[number_level] = counts.get(number_level, 0) + 1
    everywhere = {c: max(counts, key=lambda level: (counts[level], -level)) for c, counts in votes.items()}
    known = {c: everywhere[c] for c in sized_votes}
    levels = []
    shallowest: int | None = None
    for i, ((_text, size), level) in enumerate(zip(headings, numbered, strict=True)):
        if level is not None:
            shallowest = level if shallowest is None else min(shallowest, level)
        elif size is None:
            level = _unnumbered(shallowest, i == 0)
        elif cluster[size] in everywhere:  # the level numbered headings of its size have
            level = everywhere[cluster[size]]
        elif not known:
            level = cluster[size] + 1
        else:
            larger = [c for c in known if c < cluster[size]]
            level = known[max(larger)] + 1 if larger else 1
        levels.append(min(level, MAX_LEVEL))
    return levels


def _local_numbering(
    headings: Sequence[tuple[str, float | None]], numbered: Sequence[int | None], cluster: dict[float, int]
) -> bool:
    """Do the numbered headings number steps under larger headings, not the document's sections?

    A README's "1. Create credentials", "2. Start using it" under its
    "Installation" number the steps of one section, and larger headings
    ("Usage", "Licence") come after them; a paper's or a report's title page
    (title, subtitle, authors, date) is larger than "1 Introduction" but all
    of it comes before; a report's unnumbered chapter titles ("DHCP") are
    larger than their sections, but those are numbered from 2 ("2.1").  When
    a numbering that starts at level 1 has three or more headings after the
    first larger than every numbered heading, these outnumber the numbered
    ones, and one of them comes after the first numbered heading, the numbers
    are a section's own and the levels go by size alone.

    >>> sizes = {20.0: 0, 16.0: 1, 12.0: 2}
    >>> readme = [("Tool", 20.0), ("Install", 16.0), ("1. Get it", 12.0), ("2. Run it", 12.0),
    ...           ("Usage", 16.0), ("Options", 16.0), ("Licence", 16.0)]
    >>> _local_numbering(readme, [None, None, 1, 1, None, None, None], sizes)
    True
    >>> paper = [("A Title", 20.0), ("1 Intro", 16.0), ("1.1 Data", 12.0), ("2 Method", 16.0)]
    >>> _local_numbering(paper, [None, 1, 2, 1], sizes)
    False
    >>> report = [("Report", 20.0), ("Subtitle", 16.0), ("Author", 16.0), ("Date", 16.0), ("1 Aims", 12.0)]
    >>> _local_numbering(report, [None, None, None, None, 1], sizes)
    False
    """
    sizes = [
        cluster[size]
        for (_text, size), level in zip(headings, numbered, strict=True)
        if level is not None and size is not None
    ]
    if not sizes or min(level for level in numbered if level is not None) > 1:
        return False  # "2.1" under a larger "DHCP": a report's chapter over its numbered sections
    top = min(sizes)
    first = next(i for i, level in enumerate(numbered) if level is not None)
    larger = [
        i
        for i, ((_text, size), level) in enumerate(zip(headings, numbered, strict=True))
        if i > 0 and level is None and size is not None and cluster[size] < top
    ]
    return len(larger) >= 3 and len(larger) > len(sizes) and larger[-1] > first


def _numbering_trusted(
    headings: Sequence[tuple[str, float | None]], numbered: Sequence[int | None], cluster: dict[float, int]
) -> list[int | None]:
    """The numbered headings' levels, None where their size's headings are mostly unnumbered.

    A number that a code example's output or a table's cell left in front of a
    heading ("13 Generators", "0. Comparisons") is one among many unnumbered
    headings of its size; a document's numbering is most of its size's headings
    ("1 Introduction", "2 Method", "References").  Where fewer than a third of a
    size's headings (the first heading, a title, left out) are numbered, they
    are taken as unnumbered, and the size's level goes by size.

    >>> sizes = {20.0: 0, 16.0: 1}
    >>> doc = [("Howto", 20.0), ("Intro", 16.0), ("13 Generators", 16.0), ("Iterators", 16.0)]
    >>> doc.append(("Tools", 16.0))
    >>> _numbering_trusted(doc, [None, None, 1, None, None], sizes)
    [None, None, None, None, None]
    >>> paper = [("Title", 20.0), ("1 Intro", 16.0), ("2 Method", 16.0), ("References", 16.0)]
    >>> _numbering_trusted(paper, [None, 1, 1, None], sizes)
    [None, 1, 1, None]
    """
    share: dict[int, list[int]] = {}  # per size: numbered headings, headings
    for i, ((_text, size), level) in enumerate(zip(headings, numbered, strict=True)):
        if size is not None and i > 0:
            counts = share.setdefault(cluster[size], [0, 0])
            counts[0] += level is not None
            counts[1] += 1
    return [
        None
        if size is not None and i > 0 and 3 * share[cluster[size]][0] < share[cluster[size]][1]
        else level
        for i, ((_text, size), level) in enumerate(zip(headings, numbered, strict=True))
    ]

"""With geometry, a CJK page's two columns read in order where pdftotext went back to the first.

pdftotext orders a page's text flows by its own reckoning; on two-column pages
of Chinese and Japanese set by a browser (WeasyPrint) it often writes a piece of
the right column before the rest of the left one, and a line broken into blocks
(a word in another font, a link) as blocks far apart.  With the boxes of its
``-bbox-layout`` output each line's column is known
(:attr:`srtext.geometry.box.LineBox.column`), and where the lines' columns go
back from the second to the first the page is read again: the first column's
lines, then the second's, each from the top down and, on one printed line
(tops within :data:`LINE_BAND` of the page's usual line height), from left to
right.  An empty line stays after the line it followed.

Only a page whose boxed lines stand in the first two columns is read again (but
for :data:`MAX_ASIDE` lines beside them, a page number or a running head in the
margin, which keep their places), whose two columns are about as wide as each other and each
hold a few full lines (:func:`_two_columns`: a one-column page with a side note
or a narrow block has two columns too), and only a CJK page (:data:`MIN_CJK`):
Latin pages are not touched, those with a few CJK words neither.
On the real corpus's tuning family of two-column pages (debian-handbook printed
by WeasyPrint, its 17 Chinese and Japanese documents) the broken sentences fell
from 3.5% to 3.1%, NL+ from 12.2% to 9.1%, NL- from 8.0% to 5.9%, and the
truth's sentences held whole in one paragraph rose from 92.5% to 93.0%; on the
validation family (debian-reference, 32 documents) broken 5.0% to 5.1%, NL+
10.3% to 8.9%, NL- 8.6% to 5.8%, whole 92.7% to 93.2%.  Of the real corpus's
1289 documents it reads again pages of 31, all of these two families.

:func:`by_columns` gives each line it moved the step's name, :data:`COLUMNS`
(``Line.rule``); no line is lost or changed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from srtext.lang import SPACELESS_SCRIPTS
from srtext.pipeline.interleave import may_hold_cjk
from srtext.pipeline.lines import Line
from srtext.pipeline.patterns import V1, lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.geometry.box import LineBox

#: The step's name, on each line it moved (see :data:`srtext.pipeline.pages.PAGE_RULES`).
COLUMNS = "columns_by_geometry"
#: What the step does, as ``--explain`` and the README's list of rules give it.
REASON = (
    "with geometry, a two-column CJK page whose lines went back from the second column to the "
    "first: read as the first column, then the second, each from the top down"
)
#: Two columns: each holds MIN_FULL lines at least FULL of its width wide, the narrower is at
#: least SAME_WIDTH of the wider's width, and the first ends before the second starts.
MIN_FULL = 5
FULL = 0.8
SAME_WIDTH = 0.75
#: A CJK page: at least this share of its CJK characters and other words are CJK characters.
MIN_CJK = 0.25
#: At most this many lines beside the two columns (a page number, a running head in the margin).
MAX_ASIDE = 2
#: Lines whose tops are within this share of the page's median line height stand on one printed line.
LINE_BAND = 0.6

_CJK = lazy(f"[{SPACELESS_SCRIPTS}]")
_WORD = lazy(rf"[\p{{L}}--[{SPACELESS_SCRIPTS}]]+", V1)  # a word of another script


def _two_columns(boxes: list[LineBox]) -> bool:
    """Do the boxes stand in two columns of about one width, each with :data:`MIN_FULL` full lines?

    A one-column page with a narrow block beside or in its text (a side note, a
    figure's words) has boxes in two columns too, of unequal widths.
    """
    from srtext.geometry.box import SPECK  # asked with geometry only: not on the start-up path

    spans = []
    for column in (0, 1):
        # a speck (a mark, a symbol a few points wide) makes no column's span: it may stand outside
        # every column's range and be given the first (srtext.geometry.box.columns_of)
        mine = [b for b in boxes if b.column == column and b.width >= SPECK * b.page_width]
        if not mine:
            return False
        left, right = min(b.left for b in mine), max(b.right for b in mine)
        full = sum(b.width >= FULL * (right - left) for b in mine)
        if full < MIN_FULL:
            return False
        spans.append((left, right))
    (l0, r0), (l1, r1) = spans
    return r0 <= l1 and min(r0 - l0, r1 - l1) >= SAME_WIDTH * max(r0 - l0, r1 - l1)


def by_columns(page: list[Line], box: Callable[[int], LineBox | None]) -> list[Line]:
    """The page's lines in the order of its columns, when pdftotext went back from the second to the first.

    >>> from srtext.geometry.box import LineBox
    >>> def at(column: int, row: int) -> LineBox:
    ...     left, top = 50 + 270 * column, 100 + 14 * row
    ...     return LineBox(1, 600, 800, left, left + 200, top + 10, top, top + 12, 12, 0, column, None)
    >>> read = [(0, 0), *((1, row) for row in range(5)), *((0, row) for row in range(1, 5))]
    >>> places = {n: at(*where) for n, where in enumerate(read, 1)}
    >>> page = [Line(n, 1, f"{'左右'[c]}{r}") for n, (c, r) in enumerate(read, 1)] + [Line(11, 1, "")]
    >>> [(x.text, x.rule) for x in by_columns(page, places.get)][:3]
    [('左0', ''), ('左1', 'columns_by_geometry'), ('左2', 'columns_by_geometry')]
    >>> [x.text for x in by_columns(page, places.get)]
    ['左0', '左1', '左2', '左3', '左4', '', '右0', '右1', '右2', '右3', '右4']
    """
    text = "\n".join([x.text for x in page])
    if text.isascii() or not may_hold_cjk(text) or not _CJK.search(text):
        return page  # no CJK text: the page as pdftotext ordered it
    cjk = len(_CJK.findall(text))
    if cjk < MIN_CJK * (cjk + len(_WORD.findall(text))):
        return page  # a Latin page with a few CJK words
    boxes = [box(x.number) for x in page]
    placed = [b for b in boxes if b is not None and b.column <= 1]
    columns = [b.column for b in placed]
    if set(columns) != {0, 1} or sum(b is not None for b in boxes) - len(placed) > MAX_ASIDE:
        return page
    if all(a <= b for a, b in pairwise(columns)):
        return page  # the first column, then the second: nothing went back
    if not _two_columns(placed):
        return page
    if not all(b.is_place for b in placed):
        return page  # a box that is no place (bad input): the page as it is
    heights = sorted(b.bottom - b.top for b in placed)
    band = LINE_BAND * heights[len(heights) // 2] or 1.0
    groups: list[tuple[tuple[int, int, float], list[int]]] = []
    lead: list[int] = []  # lines before the first boxed line stay first
    for i, b in enumerate(boxes):
        if b is not None:
            groups.append(((b.column, round(b.top / band), b.left), [i]))
        elif groups:
            groups[-1][1].append(i)  # an empty line stays after the line it followed
        else:
            lead.append(i)
    # a line beside the two columns (a page number in the margin) keeps its place among the groups
    ordered = iter(sorted((g for g in groups if g[0][0] <= 1), key=lambda g: g[0]))
    order = lead + [i for g in groups for i in (next(ordered) if g[0][0] <= 1 else g)[1]]
    return [page[i]._replace(rule=COLUMNS) if i != k else page[i] for k, i in enumerate(order)]

"""The lines that stand in a page's top or bottom margin, set apart from the body: :func:`margins`.

A running head, a running foot or a page number stands outside the body's
vertical extent: the page's first or last printed line, in the top or bottom
:data:`ZONE` of the page, with more space between it and the body than
between two lines of the body.  pdftotext may put it anywhere in the page's
text (after the first column, in the middle of a table), but its box stays
where it was printed.  Where such a line stands at the same height on many
pages, the position itself repeats, whatever the line says (a chapter's title
as its running head, the author's name on even pages and the journal's on odd
ones): :attr:`Margin.repeated`.  And where it stands above (below) every line
of the body on every page, it is outside the body's extent: :attr:`Margin.outside`
(a page that opens with a heading or a block of code has it at the body's top,
where other pages have their first line of text).

None of it is a decision: the page stage (:mod:`srtext.pipeline.pages`) weighs
it with the text's own evidence.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from srtext.geometry.layout import body_font
from srtext.record import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.geometry.box import LineBox

#: A margin line stands in the top or the bottom share of its page this large.
ZONE = 0.2
#: ... set apart from the body by a gap of this many body font heights at least.
APART = 0.8
#: Two margin lines of two pages are at the same position when their tops differ by this much at most.
SAME = 2.0


class Margin(NamedTuple):
    """A line in a page's top or bottom margin (immutable).

    Attributes:
        top: it stands in the top margin (else in the bottom one).
        repeated: lines in the same margin stand at the same height on many pages
            (:func:`margins`' threshold), this one among them.
        font_ratio: its font height over the body's.
        outside: it stands above (in the top margin) or below (in the bottom one) every
            line of every page that is not in a margin.
        alone: the document has one page (nothing can repeat).
        apart: the space between its row and the body's nearest one, in body font heights.
    """

    top: bool
    repeated: bool
    font_ratio: float
    outside: bool
    alone: bool
    apart: float = 0.0


def margins(geometry: Sequence[LineBox | None]) -> dict[int, Margin]:
    """The lines (1-based numbers) that stand in a page's top or bottom margin.

    A page's printed lines are taken top down in rows (lines whose boxes
    overlap vertically by more than half the smaller one share a row: a
    running head's title and its page number).  The first row is in the top
    margin when it lies in the page's top :data:`ZONE` and the next row starts
    :data:`APART` body font heights or more below it; the last row likewise at
    the bottom.  A margin's position repeats when margin rows in the same type
    (their widest lines' font heights within a twentieth of the body's) stand
    at the same height (within :data:`SAME` points) on two pages, and on as
    many as four in ten of the pages: a running head keeps its type, the
    headings that open pages do not.  The body's extent runs from the highest top of
    a line not in a margin, over all pages, to the lowest bottom of one.

    >>> from srtext.geometry.box import LineBox
    >>> def line(page, top, left=50.0, right=300.0):
    ...     return LineBox(page, 600.0, 800.0, left, right, top + 8, top, top + 10, 10.0, 0, 0, None)
    >>> body = [line(p, 100.0 + 14 * k) for p in (1, 2) for k in range(20)]
    >>> heads = [line(1, 40.0, right=120.0), line(2, 40.0, 180.0, 300.0)]
    >>> found = margins([*heads, *body, line(2, 760.0, 170.0, 180.0)])
    >>> sorted((n, m.top, m.repeated, m.outside) for n, m in found.items())
    [(1, True, True, True), (2, True, True, True), (43, False, False, True)]
    """
    boxes = [(n, b) for n, b in enumerate(geometry, 1) if b is not None]
    if not boxes:
        return {}
    font = body_font([b for _, b in boxes])
    pages: dict[int, list[tuple[int, LineBox]]] = {}
    for n, b in boxes:
        pages.setdefault(b.page, []).append((n, b))
    found: list[tuple[bool, Row, float]] = []  # the margin rows: in the top margin?, the row, its gap
    body_top, body_bottom = math.inf, -math.inf
    block = BLOCK if len(pages) == 1 else 1  # one page: a letterhead's or a footer's lines, a block
    for placed in pages.values():
        rows = _rows(placed)
        if len(rows) < 2:
            continue
        height = placed[0][1].page_height
        short = SHORT * (max(b.right for _, b in placed) - min(b.left for _, b in placed))
        n, gap = _edge_block(rows, font, block, short)
        if _bottom(rows[n - 1]) < ZONE * height and gap >= (APART if n == 1 else FAR) * font:
            found += [(True, rows.pop(0), gap / font) for _ in range(n)]
        if len(rows) > 1:
            n, gap = _edge_block(rows[::-1], font, block, short)
            if _top(rows[-n]) > (1 - ZONE) * height and gap >= (APART if n == 1 else FAR) * font:
                found += [(False, rows.pop(), gap / font) for _ in range(n)]
        body_top, body_bottom = min(body_top, _top(rows[0])), max(body_bottom, _bottom(rows[-1]))
    # Pages with a margin row at each height (rounded to a point) in each type size (a 20th
    # of the body's): a row is counted with those within SAME points and one size step.
    where: Counter[tuple[bool, int, int]] = Counter(
        (top, round(_top(row)), round(_size(row) / font * 20)) for top, row, _gap in found
    )
    need = max(2, math.ceil(0.4 * len(pages)))
    out: dict[int, Margin] = {}
    for top, row, gap in found:
        y, size = round(_top(row)), round(_size(row) / font * 20)
        span = range(-round(SAME), round(SAME) + 1)
        count = sum(where[top, y + dy, size + ds] for dy in span for ds in (-1, 0, 1))
        for n, b in row:
            outside = b.bottom < body_top if top else b.top > body_bottom
            out[n] = Margin(top, count >= need, b.font_height / font, outside, len(pages) == 1, gap)
    return out


Row = list[tuple[int, "LineBox"]]
#: On a page alone, the margin may hold a block of this many rows at most (a letterhead's lines) ...
BLOCK = 3
#: ... set apart from the body by this many body font heights at least, each line of it shorter than
#: this share of the page's text width (a paragraph's lines over a figure fill it).
FAR = 2.0
SHORT = 0.7


def _edge_block(rows: Sequence[Row], font: float, most: int, short: float) -> tuple[int, float]:
    """The rows at the page's edge (``rows`` from it inward) closer together than :data:`APART`, at most
    ``most`` and one row fewer than the page's, all of short lines (narrower than ``short`` points)
    when more than one: (how many, the gap between them and the next row).
    """
    n = 1
    while n < min(most, len(rows) - 1) and _gap_between(rows[n - 1], rows[n]) < APART * font:
        n += 1
    if n > 1 and any(b.right - b.left >= short for row in rows[:n] for _, b in row):
        n = 1
    return n, _gap_between(rows[n - 1], rows[n])


def _gap_between(a: Row, b: Row) -> float:
    """The space between two rows, whichever is above."""
    return max(_top(b) - _bottom(a), _top(a) - _bottom(b))


def _rows(placed: Sequence[tuple[int, LineBox]]) -> list[Row]:
    """A page's lines top down, those that share a height in one row.

    The last row's top and bottom are kept as it grows (:func:`_top` and
    :func:`_bottom` of it, without reading the row again for each line: a page of
    many lines at one height, text drawn over itself, is read once).

    >>> from srtext.geometry.box import LineBox
    >>> boxes = [LineBox(1, 600.0, 800.0, 72.0, 300.0, top + 8.0, top, top + 10.0, 10.0, 0, 0, None)
    ...     for top in (100.0, 101.0, 102.0, 130.0)]
    >>> [[n for n, _ in row] for row in _rows(list(enumerate(boxes)))]
    [[0, 1, 2], [3]]
    """
    rows: list[Row] = []
    high = low = 0.0  # the last row's top and bottom
    for n, b in sorted(placed, key=lambda x: (x[1].top, x[1].left)):
        if rows and min(low, b.bottom) - b.top > 0.5 * min(b.bottom - b.top, low - high):
            rows[-1].append((n, b))
            high, low = min(high, b.top), max(low, b.bottom)
            continue
        rows.append([(n, b)])
        high, low = b.top, b.bottom
    return rows


def _size(row: Row) -> float:
    """The font height of the row's widest line."""
    return max(row, key=lambda x: x[1].width)[1].font_height


def _top(row: Row) -> float:
    return min(b.top for _, b in row)


def _bottom(row: Row) -> float:
    return max(b.bottom for _, b in row)


class Placed(NamedTuple):
    """What the page stage reads of a document's geometry: its margin lines, its boxes and its body's type."""

    margins: dict[int, Margin]  # the lines in a page's margin, by line number (:func:`margins`)
    boxes: Sequence[LineBox | None]  # one box per input line
    font: float  # the body's font height (:func:`srtext.geometry.layout.body_font`)

    def box(self, number: int) -> LineBox | None:
        """The box of input line ``number`` (1-based), or None."""
        return self.boxes[number - 1] if 0 < number <= len(self.boxes) else None


def placed(geometry: Sequence[LineBox | None]) -> Placed:
    """The document's :class:`Placed`, measured once."""
    boxes = [b for b in geometry if b is not None]
    return Placed(margins(geometry), geometry, body_font(boxes) if boxes else 10.0)

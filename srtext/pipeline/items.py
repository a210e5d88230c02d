"""Lines to items: every unmarked non-empty line paired with the empty and marked lines after it.

An :class:`~srtext.pipeline.rules.context.Item` is a line with its class, width band,
and whether a blank line, a page break or marked lines (furniture, footnotes) came
before it: what the rules need to know about a line besides its neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from srtext.pipeline.classify import Band, LineClass
from srtext.pipeline.events import EMPTY, Decision
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.lines import PAGE_BREAK
from srtext.pipeline.pages import FRONT_MATTER
from srtext.pipeline.rules.context import Item
from srtext.pipeline.width import Measured

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeVar

    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo
    from srtext.pipeline.lines import Line

    Geometry = Sequence[LineBox | None]
    T = TypeVar("T")  # a box, or a line's place against the document's usual

Trailing = list["Item | Decision"]


def box(geometry: Sequence[T | None], number: int) -> T | None:
    """The box of input line ``number`` (1-based), or None where the geometry has none."""
    return geometry[number - 1] if 0 < number <= len(geometry) else None


def _placed(line: Line, boxes: Geometry, geos: Sequence[LineGeo | None]) -> Evidence:
    """The evidence of a line with its box and its place against the document's usual."""
    return Evidence(line.text, box(boxes, line.number), box(geos, line.number))


def items(
    measured: Iterable[Measured], eps: float, hold: int | None, geometry: Geometry | None = None
) -> Iterator[tuple[Item | None, Trailing]]:
    """Pair every unmarked non-empty line with what follows it up to the next one.

    What follows is empty lines (as ``skip`` decisions) and marked lines
    (furniture, footnotes, as items), in input order.  A blank line counts as
    ``blank_before`` only when no page break or marked line comes between.  At
    most ``hold`` lines are held back.  Each item carries its line's
    :class:`~srtext.pipeline.evidence.Evidence`, with the line's box from
    ``geometry`` (one per input line, by line number) when given, and that box
    against the document's usual (:func:`srtext.geometry.layout.layout`, measured once).
    """
    boxes: Geometry = geometry or ()
    geos = None
    if geometry:
        from srtext.geometry.layout import layout  # only with geometry: not on the start-up path

        geos = layout(geometry)
    trailing: Trailing = []
    item: Item | None = None
    previous_page = 0
    interrupted = False
    # width_band, inlined (the same test), and the records made without their Python
    # __new__: the per-line path.
    new = tuple.__new__
    empty = LineClass.EMPTY
    full, long, short = Band.FULL, Band.LONG, Band.SHORT
    band_cw, tolerance = None, 0.0
    for line, width, cw, cls in measured:  # the class with_column_width asked once
        if cls is empty:
            if line.rule == PAGE_BREAK:
                reason, rule = "only white space and a page break", line.rule
            else:
                reason, rule = "empty line", "empty_line"
            trailing.append(new(Decision, (line, cls, None, width, cw, EMPTY, "skip", reason, rule)))
        else:
            if cw != band_cw:
                band_cw, tolerance = cw, eps * cw
            band = full if abs(width - cw) <= tolerance else long if width > cw else short
            mark = line.mark
            if mark and mark != FRONT_MATTER:  # front matter is text: see _Machine.content
                ev = Evidence(line.text) if geos is None else _placed(line, boxes, geos)
                trailing.append(new(Item, (line, width, cw, cls, band, False, False, False, ev)))
                interrupted = True
            else:
                page = line.page
                blank = (
                    not interrupted
                    and bool(trailing)
                    and any(isinstance(t, Decision) and t.line.page == page for t in trailing)
                )
                if item is not None or trailing:
                    yield item, trailing
                after_marked, trailing, interrupted = interrupted, [], False
                page_break = bool(previous_page) and page != previous_page
                ev = Evidence(line.text) if geos is None else _placed(line, boxes, geos)
                item = new(Item, (line, width, cw, cls, band, blank, page_break, after_marked, ev))
                previous_page = page
                continue
        if hold is not None and len(trailing) >= hold:
            yield item, trailing
            item, trailing = None, []
    if item is not None or trailing:
        yield item, trailing

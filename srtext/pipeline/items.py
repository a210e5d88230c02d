"""Lines to items: every unmarked non-empty line paired with the empty and marked lines after it.

An :class:`~srtext.pipeline.rules.context.Item` is a line with its class, width band,
and whether a blank line, a page break or marked lines (furniture, footnotes) came
before it: what the rules need to know about a line besides its neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from srtext.pipeline.classify import (
    LineClass,
    classify_line,
    width_band,
)
from srtext.pipeline.events import EMPTY, Decision
from srtext.pipeline.lines import Line
from srtext.pipeline.pages import FRONT_MATTER
from srtext.pipeline.rules.context import Item

Triple = tuple[Line, int, int]
Trailing = list["Item | Decision"]


def items(triples: Iterable[Triple], eps: float, hold: int | None) -> Iterator[tuple[Item | None, Trailing]]:
    """Pair every unmarked non-empty line with what follows it up to the next one.

    What follows is empty lines (as ``skip`` decisions) and marked lines
    (furniture, footnotes, as items), in input order.  A blank line counts as
    ``blank_before`` only when no page break or marked line comes between.  At
    most ``hold`` lines are held back.
    """
    trailing: Trailing = []
    item: Item | None = None
    previous_page = 0
    interrupted = False
    for line, width, cw in triples:
        cls = classify_line(line.text)
        if cls is LineClass.EMPTY:
            trailing.append(Decision(line, cls, None, width, cw, EMPTY, "skip", "empty line", "empty_line"))
        elif line.mark and line.mark != FRONT_MATTER:  # front matter is text: see _Machine.content
            trailing.append(Item(line, width, cw, cls, width_band(width, cw, eps), False, False, False))
            interrupted = True
        else:
            blank = not interrupted and any(
                isinstance(t, Decision) and t.line.page == line.page for t in trailing
            )
            if item is not None or trailing:
                yield item, trailing
            after_marked, trailing, interrupted = interrupted, [], False
            page_break = bool(previous_page) and line.page != previous_page
            item = Item(line, width, cw, cls, width_band(width, cw, eps), blank, page_break, after_marked)
            previous_page = line.page
            continue
        if hold is not None and len(trailing) >= hold:
            yield item, trailing
            item, trailing = None, []
    if item is not None or trailing:
        yield item, trailing

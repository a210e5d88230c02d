"""The recovery state machines: which lines join, which start a paragraph, which go.

Both modes read ``(line, width, CW)`` triples (see :func:`srtext.width.with_column_width`)
and yield, in input order, one :class:`Decision` for every line and a
:class:`Paragraph` whenever one is complete.  They keep only the open paragraph
as state, so they stream.

Paper mode is the published algorithm, literally:

* EL (empty line): deleted; it does not end a paragraph.
* FL (ends in . ? !): appended to the open paragraph, which it ends.
* UL within ``eps * CW`` of CW: a beginning or middle line, joined to the next.
* any other UL: inside a paragraph it is an object or page element and is
  deleted; outside one it is a heading line, and consecutive heading lines are
  merged into one paragraph.

The default mode fixes what that gets wrong on real input (see ``SPEC.md``):

* a full-width finished line does not end its paragraph (a sentence that happens
  to end at the margin is more likely than a paragraph whose last line is full);
  it does when a capitalised line follows after a blank line or indented;
* lines longer than CW(1+eps) are body lines, not objects;
* a short line is dropped only on evidence: little prose in it (formula, table or
  page debris), or it interrupts a running sentence (the line before is a full
  unfinished line and the line after continues it in lower case);
  otherwise a short line after a body line is the paragraph's last line;
* a lower-case start continues the open paragraph even after a short line
  (a colon before a display formula, an abbreviation at the line end);
* a short unfinished line after a finished full line starts a heading when a
  blank line comes before it or it is numbered ("4.1 Results"); after an
  unfinished line it must be both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from srtext.classify import (
    Band,
    LineClass,
    classify_line,
    classify_paper,
    has_section_number,
    is_indented,
    looks_like_debris,
    starts_lowercase,
    width_band,
)
from srtext.hyphen import join_lines
from srtext.lines import Line

BODY = "body"
HEADING = "heading"


@dataclass(frozen=True, slots=True)
class Decision:
    """What happened to one input line, and why.

    ``action`` is one of ``start`` (starts a body paragraph), ``join`` (joins the
    open paragraph), ``heading`` (starts a heading), ``merge`` (joins the open
    heading), ``drop`` (removed) and ``skip`` (an empty line).
    """

    line: Line
    cls: LineClass
    band: Band | None
    width: int
    cw: int
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One recovered paragraph.

    Attributes:
        text: the paragraph on one line.
        kind: ``"body"`` or ``"heading"``.
        lines: the input line numbers it was made from.
        page: the page it starts on.
    """

    text: str
    kind: str
    lines: tuple[int, ...]
    page: int


Event = Decision | Paragraph
Triple = tuple[Line, int, int]


class _Open:
    """The open paragraph: its kind and lines, and how its last line ended."""

    __slots__ = ("kind", "last_band", "last_cls", "lines")

    def __init__(self, kind: str, line: Line, cls: LineClass, band: Band) -> None:
        self.kind = kind
        self.lines = [line]
        self.last_cls = cls
        self.last_band = band

    def add(self, line: Line, cls: LineClass, band: Band) -> None:
        self.lines.append(line)
        self.last_cls = cls
        self.last_band = band

    def close(self, mode: str) -> Paragraph:
        return Paragraph(
            text=join_lines([x.text for x in self.lines], mode),
            kind=self.kind,
            lines=tuple(dict.fromkeys(x.number for x in self.lines)),
            page=self.lines[0].page,
        )

    @property
    def running(self) -> bool:
        """Is the last line a full or long unfinished body line (mid-sentence)?"""
        return (
            self.kind == BODY and self.last_band is not Band.SHORT and self.last_cls is LineClass.UNFINISHED
        )


def recover_paper(triples: Iterable[Triple], eps: float) -> Iterator[Event]:
    """The published SR algorithm, literally.

    >>> from srtext.lines import text_lines
    >>> from srtext.width import with_column_width
    >>> text = "A HEADING\\nof two lines\\n" + "x" * 30 + "\\nfoot\\n" + "y" * 29 + ".\\n"
    >>> events = recover_paper(with_column_width(text_lines(text), mode="paper"), 0.1)
    >>> [(e.kind, e.text) for e in events if isinstance(e, Paragraph)]  # doctest: +ELLIPSIS
    [('heading', 'A HEADING of two lines'), ('body', 'xxx...x yyy...y.')]
    """
    par = False
    body: _Open | None = None
    heading: _Open | None = None
    for line, width, cw in triples:
        cls = classify_paper(line.text)
        if cls is LineClass.EMPTY:
            yield Decision(line, cls, None, width, cw, "skip", "empty line: deleted")
            continue
        band = width_band(width, cw, eps)
        if cls is LineClass.FINISHED or band is Band.FULL:
            if heading is not None:
                yield heading.close("paper")
                heading = None
            if body is None:
                body = _Open(BODY, line, cls, band)
                action = "start"
            else:
                body.add(line, cls, band)
                action = "join"
            if cls is LineClass.FINISHED:
                yield Decision(line, cls, band, width, cw, action, "finished line: ends the paragraph")
                yield body.close("paper")
                body, par = None, False
            else:
                yield Decision(line, cls, band, width, cw, action, "unfinished line of column width")
                par = True
        elif par:
            yield Decision(
                line,
                cls,
                band,
                width,
                cw,
                "drop",
                "unfinished line off column width inside a paragraph: object or page element",
            )
        elif heading is None:
            heading = _Open(HEADING, line, cls, band)
            yield Decision(
                line, cls, band, width, cw, "heading", "unfinished line off column width outside a paragraph"
            )
        else:
            heading.add(line, cls, band)
            yield Decision(line, cls, band, width, cw, "merge", "consecutive heading line")
    if heading is not None:
        yield heading.close("paper")
    if body is not None:
        yield body.close("paper")


@dataclass(frozen=True, slots=True)
class _Item:
    line: Line
    width: int
    cw: int
    cls: LineClass
    band: Band
    blank_before: bool
    page_break_before: bool


def _items(
    triples: Iterable[Triple], eps: float, hold: int | None
) -> Iterator[tuple[_Item | None, list[Decision]]]:
    """Pair every non-empty line with the empty lines that follow it.

    Yields ``(item, empties)``; ``item`` is None for empty lines before the first
    non-empty one.  At most ``hold`` empty lines are held back.
    """
    empties: list[Decision] = []
    item: _Item | None = None
    previous_page = 0
    for line, width, cw in triples:
        cls = classify_line(line.text)
        if cls is LineClass.EMPTY:
            empties.append(Decision(line, cls, None, width, cw, "skip", "empty line"))
            if hold is not None and len(empties) >= hold:
                yield item, empties
                item, empties = None, []
            continue
        blank = any(e.line.page == line.page for e in empties)
        if item is not None or empties:
            yield item, empties
        empties = []
        item = _Item(
            line,
            width,
            cw,
            cls,
            width_band(width, cw, eps),
            blank,
            bool(previous_page) and line.page != previous_page,
        )
        previous_page = line.page
    if item is not None or empties:
        yield item, empties


def recover_default(triples: Iterable[Triple], eps: float, hold: int | None = 20000) -> Iterator[Event]:
    """The improved recovery; see the module's docstring for its rules.

    >>> from srtext.lines import text_lines
    >>> from srtext.width import with_column_width
    >>> w = "w" * 38
    >>> text = f"{w} ends.\\n{w} more\\n(3.1)\\nand the end.\\nNext one:\\n"
    >>> events = recover_default(with_column_width(text_lines(text)), 0.1)
    >>> [(e.kind, e.text[-12:]) for e in events if isinstance(e, Paragraph)]
    [('body', 'and the end.'), ('heading', 'Next one:')]
    """
    state: _Open | None = None
    items = _items(triples, eps, hold)
    current: _Item | None = None
    current_empties: list[Decision] = []
    for nxt, empties in _chain(items):
        if current is not None:
            for event in _decide(current, nxt, state):
                if isinstance(event, _Open):
                    state = event
                else:
                    yield event
        yield from current_empties
        current, current_empties = nxt, empties
    yield from current_empties
    if state is not None:
        yield state.close("default")


def _chain(
    items: Iterator[tuple[_Item | None, list[Decision]]],
) -> Iterator[tuple[_Item | None, list[Decision]]]:
    yield from items
    yield None, []


def _decide(cur: _Item, nxt: _Item | None, state: _Open | None) -> Iterator[Event | _Open]:
    """Decide one non-empty line, knowing the open paragraph and the next line.

    Yields events, and the new open paragraph (an ``_Open``) when one starts.
    """
    line, cls, band = cur.line, cur.cls, cur.band

    def decision(action: str, reason: str) -> Decision:
        return Decision(line, cls, band, cur.width, cur.cw, action, reason)

    def start(kind: str, reason: str) -> Iterator[Event | _Open]:
        if state is not None:
            yield state.close("default")
        yield _Open(kind, line, cls, band)
        yield decision("heading" if kind == HEADING else "start", reason)

    def join(reason: str) -> Iterator[Event | _Open]:
        assert state is not None
        state.add(line, cls, band)
        yield decision("merge" if state.kind == HEADING else "join", reason)

    def continued() -> bool:
        """Does the next line continue this one (no blank line, lower-case prose)?"""
        return (
            nxt is not None
            and not nxt.blank_before
            and starts_lowercase(nxt.line.text)
            and not looks_like_debris(nxt.line.text)
        )

    def heading(reason: str) -> Iterator[Event | _Open]:
        """Start a heading, unless the next line continues this one in lower case."""
        if continued():
            return start(BODY, "short line continued in lower case on the next line: a paragraph starts")
        return start(HEADING, reason)

    lower = starts_lowercase(line.text)
    if band is Band.SHORT:
        if looks_like_debris(line.text):
            if cls is LineClass.FINISHED and state is not None and state.kind == BODY:
                # "x = 0." ends its sentence even though the formula goes: the
                # paragraph may end here, as after a short last line.
                state.last_cls, state.last_band = cls, band
                yield decision("drop", "finished line with little prose: formula debris ending a sentence")
                return
            yield decision("drop", "short line with little prose: formula, table or page debris")
            return
        if (
            state is not None
            and state.running
            and not lower
            and nxt is not None
            and nxt.band is not Band.SHORT
            and starts_lowercase(nxt.line.text)
        ):
            yield decision("drop", "short line interrupting a running sentence: footnote or page element")
            return
        if state is None:
            if cls is LineClass.FINISHED:
                yield from start(BODY, "short finished line outside a paragraph: a paragraph of its own")
            else:
                yield from heading("short unfinished line outside a paragraph: heading")
            return
        if state.kind == HEADING:
            if cls is LineClass.UNFINISHED and (
                cur.blank_before or has_section_number(line.text) or (not lower and continued())
            ):
                yield from heading("short unfinished line, blank or numbered: a heading of its own")
            elif cls is LineClass.UNFINISHED:
                yield from join("consecutive short unfinished line: part of the heading")
            else:
                yield from start(BODY, "short finished line after a heading")
            return
        if state.last_band is not Band.SHORT:
            numbered = has_section_number(line.text)
            heading_like = (
                cls is LineClass.UNFINISHED
                and not lower
                and (cur.blank_before or numbered)
                and (numbered or state.last_cls is LineClass.FINISHED)
            )
            if heading_like:
                yield from heading("short unfinished line, blank or numbered, after a finished line: heading")
            elif state.last_cls is LineClass.FINISHED and cur.blank_before and not lower:
                yield from start(
                    BODY, "short finished line after a blank line and a finished line: a paragraph"
                )
            else:
                yield from join("short line after a body line: the paragraph's last line")
            return
        if lower:
            yield from join("lower-case start: continues the paragraph")
        elif cls is LineClass.FINISHED:
            yield from start(BODY, "short finished line after a finished paragraph: a paragraph of its own")
        else:
            yield from heading("short unfinished line after a finished paragraph: heading")
        return

    # A full or long line: a body line.
    if state is None:
        yield from start(BODY, "body line outside a paragraph: starts one")
        return
    if state.kind == HEADING:
        yield from start(BODY, "body line after a heading: starts a paragraph")
        return
    if state.last_band is Band.SHORT:
        if lower:
            yield from join("lower-case start after a short line: continues the paragraph")
        else:
            yield from start(BODY, "body line after the paragraph's short last line: starts a paragraph")
        return
    if state.last_cls is LineClass.UNFINISHED:
        yield from join("previous body line is unfinished")
        return
    if cur.blank_before and not lower:
        yield from start(BODY, "blank line after a finished line: starts a paragraph")
        return
    if is_indented(line.text) and not lower:
        yield from start(BODY, "indented line after a finished line: starts a paragraph")
        return
    yield from join("full finished line before: a sentence ended at the margin, the paragraph goes on")

"""What the recovery yields: a :class:`Decision` for every line, and :class:`Paragraph`\\ s."""

from __future__ import annotations

from dataclasses import dataclass

from srtext.classify import Band, LineClass
from srtext.hyphen import join_lines
from srtext.lines import Line

# Kinds of paragraphs (and of the lines that make them).
BODY = "body"
HEADING = "heading"
CAPTION = "caption"
REFERENCE = "reference"
FURNITURE = "furniture"
FOOTNOTE = "footnote"
OBJECT = "object"
EMPTY = "empty"

# The classes --keep and --drop name, and the kinds each covers.
CLASSES: dict[str, tuple[str, ...]] = {
    "headings": (HEADING,),
    "captions": (CAPTION,),
    "furniture": (FURNITURE,),
    "footnotes": (FOOTNOTE,),
    "objects": (OBJECT,),
    "references": (REFERENCE,),
}
DROPPED_BY_DEFAULT = frozenset({"furniture", "footnotes", "objects"})


@dataclass(frozen=True, slots=True)
class Decision:
    """What happened to one input line, and why.

    ``kind`` is what the line is (body, heading, caption, reference, furniture,
    footnote, object, empty); ``action`` is what was done: ``start`` (starts a
    paragraph), ``join`` (joins the open one), ``heading`` (starts a heading),
    ``merge`` (joins the open heading), ``drop`` (removed) or ``skip`` (an
    empty line).
    """

    line: Line
    cls: LineClass
    band: Band | None
    width: int
    cw: int
    kind: str
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One recovered paragraph.

    Attributes:
        text: the paragraph on one line.
        kind: ``body``, ``heading``, ``caption``, ``reference``, or, when kept on
            request, ``furniture``, ``footnote`` or ``object``.
        lines: the input line numbers it was made from.
        page: the page it starts on.
    """

    text: str
    kind: str
    lines: tuple[int, ...]
    page: int


Event = Decision | Paragraph


class Open:
    """A paragraph being built: its kind and lines, and how its last line ended."""

    __slots__ = ("kind", "last_band", "last_cls", "lines")

    def __init__(self, kind: str, line: Line, cls: LineClass, band: Band | None) -> None:
        self.kind = kind
        self.lines = [line]
        self.last_cls = cls
        self.last_band = band

    def add(self, line: Line, cls: LineClass, band: Band | None) -> None:
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
            self.kind in (BODY, REFERENCE)
            and self.last_band is not Band.SHORT
            and self.last_cls is LineClass.UNFINISHED
        )

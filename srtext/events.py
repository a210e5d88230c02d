"""What the recovery yields: a :class:`Decision` for every line, and :class:`Paragraph`\\ s."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from srtext.classify import Band, LineClass
from srtext.hyphen import Joint, Span, join_spans
from srtext.lines import Line

# Kinds of paragraphs (and of the lines that make them).
BODY = "body"
HEADING = "heading"
CAPTION = "caption"
REFERENCE = "reference"
FURNITURE = "furniture"
FOOTNOTE = "footnote"
OBJECT = "object"
FRONT = "frontmatter"
EMPTY = "empty"

# The classes --keep and --drop name, and the kinds each covers.
CLASSES: dict[str, tuple[str, ...]] = {
    "headings": (HEADING,),
    "captions": (CAPTION,),
    "furniture": (FURNITURE,),
    "footnotes": (FOOTNOTE,),
    "objects": (OBJECT,),
    "references": (REFERENCE,),
    "frontmatter": (FRONT,),
}
DROPPED_BY_DEFAULT = frozenset({"furniture", "footnotes", "objects"})


class Decision(NamedTuple):
    """What happened to one input line, and why.

    ``kind`` is what the line is (body, heading, caption, reference, frontmatter, furniture,
    footnote, object, empty); ``action`` is what was done: ``start`` (starts a
    paragraph), ``join`` (joins the open one), ``heading`` (starts a heading),
    ``merge`` (joins the open heading), ``drop`` (removed) or ``skip`` (an
    empty line); ``rule`` names what decided it.
    """

    line: Line
    cls: LineClass
    band: Band | None
    width: int
    cw: int
    kind: str
    action: str
    reason: str
    rule: str = ""  # the name of the rule that decided (srtext.rules), or of the step that did


class Paragraph(NamedTuple):
    """One recovered paragraph.

    Attributes:
        text: the paragraph on one line.
        kind: ``body``, ``heading``, ``caption``, ``reference``, ``frontmatter``, or, when kept on
            request, ``furniture``, ``footnote`` or ``object``.
        lines: the input line numbers it was made from.
        page: the page it starts on.
        spans: where its text came from: ``(position in text, offset in the
            input, length, line number, page)`` for each line's piece (see
            :attr:`srtext.lines.Line.offset`).
    """

    text: str
    kind: str
    lines: tuple[int, ...]
    page: int
    spans: tuple[Span, ...] = ()

    @property
    def start(self) -> int:
        """Offset in the input of the paragraph's first character.

        >>> p = Paragraph("a metabolic", "body", (1, 2), 1, ((0, 12, 6, 1, 1), (6, 20, 5, 2, 1)))
        >>> p.start, p.end, p.source_offset(4), p.source_offset(8)
        (12, 25, 16, 22)
        """
        return self.spans[0][1] if self.spans else 0

    @property
    def end(self) -> int:
        """Offset in the input just after the paragraph's last character."""
        return self.spans[-1][1] + self.spans[-1][2] if self.spans else 0

    def source_offset(self, position: int) -> int:
        """The input offset of a position in :attr:`text`.

        A separator maps to the end of the piece before it.
        """
        off = 0
        for at, offset, length, _line, _page in self.spans:
            if at > position:
                break
            off = offset + min(position - at, length)
        return off


Event = Decision | Paragraph


class Open:
    """A paragraph being built: its kind and lines, and how its last line ended."""

    __slots__ = ("after_debris", "kind", "last_band", "last_cls", "lines")

    def __init__(self, kind: str, line: Line, cls: LineClass, band: Band | None) -> None:
        self.kind = kind
        self.lines = [line]
        self.last_cls = cls
        self.last_band = band
        self.after_debris = 0  # lines of formula or table debris dropped after the last line

    def add(self, line: Line, cls: LineClass, band: Band | None) -> None:
        self.lines.append(line)
        self.last_cls = cls
        self.last_band = band
        self.after_debris = 0

    def close(self, joint: Joint, repair: Callable[[str], str] | None = None) -> Paragraph:
        """The finished paragraph: lines repaired (:mod:`srtext.chars`), joined as ``joint`` decides."""
        if repair is None:
            pieces = [(x.text, x.offset, x.number, x.page) for x in self.lines]
        else:
            pieces = [(repair(x.text), x.offset, x.number, x.page) for x in self.lines]
        text, spans = join_spans(pieces, joint)
        return Paragraph(
            text=text,
            kind=self.kind,
            lines=tuple(dict.fromkeys(x.number for x in self.lines)),
            page=self.lines[0].page,
            spans=spans,
        )

    @property
    def running(self) -> bool:
        """Is the last line a full or long unfinished body line (mid-sentence)?"""
        return (
            self.kind in (BODY, REFERENCE)
            and self.last_band is not Band.SHORT
            and self.last_cls is LineClass.UNFINISHED
        )

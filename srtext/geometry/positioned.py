"""pypdf's positioned text to a box per line of the text pypdf extracts.

pypdf's ``page.extract_text(visitor_text=...)`` returns the page's text as
without a visitor, and calls the visitor with each piece of text it adds, its
font size and its two matrices (the current transformation and the text
matrix), from which the piece's baseline origin on the page follows.  The pieces,
joined, are close to the returned text but not equal (pypdf adds line ends and
spaces of its own between them), so the two are aligned line by line:
the pieces are cut into lines at their line ends, and :class:`difflib.SequenceMatcher`
pairs those lines with the returned text's lines (both without outer spaces).
A line of the text that no visitor line matches has no box (``None``).

pypdf gives no word boxes: ``left`` is the first piece's origin, ``baseline``
the pieces' lowest origin, ``font_height`` the largest font size (in points,
after the matrices), ``top`` ``baseline - font_height`` and ``bottom``
``baseline + 0.2 * font_height``; ``right`` is estimated as the last piece's
origin plus 0.45 font sizes per character.  There are no blocks: ``block`` is
the line's own number on the page, and ``column`` comes from the lines' ranges.
"""

from __future__ import annotations

import difflib

from srtext.geometry.box import LineBox, columns_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

_Piece = tuple[str, float, float, float]  # text, x, y from the page's bottom, font size


class _Visitor:
    """Collects the pieces of text pypdf adds, with their origin and font size."""

    def __init__(self) -> None:
        self.pieces: list[_Piece] = []

    def __call__(self, text: str, cm: Sequence[float], tm: Sequence[float], font: Any, size: float) -> None:
        if not text:
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = (abs(tm[3] * cm[3]) or abs(tm[0] * cm[0]) or 1.0) if size else 0.0
        self.pieces.append((text, x, y, size * scale))


def page_text(page: Any, number: int) -> tuple[str, list[LineBox | None]]:
    """A pypdf page's text (as ``page.extract_text()`` returns it) and a box per line of it.

    ``number`` is the 1-based page number the boxes carry.  The lines are those
    of ``text.split("\\n")``.
    """
    visitor = _Visitor()
    text = page.extract_text(visitor_text=visitor) or ""
    box = page.mediabox
    width, height = float(box.width), float(box.height)
    lines = _visitor_lines(visitor.pieces)
    wanted = [line.strip() for line in text.split("\n")]
    got = [line[0] for line in lines]
    boxes: list[LineBox | None] = [None] * len(wanted)
    matcher = difflib.SequenceMatcher(None, wanted, got, autojunk=False)
    found: list[tuple[int, list[_Piece]]] = []
    for a, b, run in matcher.get_matching_blocks():
        for k in range(run):
            if wanted[a + k]:
                found.append((a + k, lines[b + k][1]))
    ranges = [_range(pieces) for _i, pieces in found]
    columns = columns_of(ranges, width)
    bottoms: dict[int, float] = {}
    for block, ((i, pieces), (left, right), column) in enumerate(zip(found, ranges, columns, strict=True)):
        font = max(p[3] for p in pieces) or 1.0
        baseline = height - min(p[2] for p in pieces)
        top, bottom = baseline - font, baseline + 0.2 * font
        gap = top - bottoms[column] if column in bottoms else None
        bottoms[column] = bottom
        place = (left, right, baseline, top, bottom, font)
        boxes[i] = LineBox(number, width, height, *place, block, column, gap)
    return text, boxes


def _range(pieces: list[_Piece]) -> tuple[float, float]:
    last = pieces[-1]
    return min(p[1] for p in pieces), last[1] + WIDTH * last[3] * len(last[0].rstrip())


WIDTH = 0.45  # a character's estimated width, in font sizes (a Latin text font's average)


def _visitor_lines(pieces: list[_Piece]) -> list[tuple[str, list[_Piece]]]:
    """The pieces cut into lines at their line ends: each line's text (without outer spaces) and pieces.

    >>> [t for t, _ in _visitor_lines([("One ", 0, 10, 9), ("two\\nthree", 30, 10, 9), ("\\n", 0, 0, 0)])]
    ['One two', 'three']
    """
    lines: list[tuple[str, list[_Piece]]] = []
    text: list[str] = []
    own: list[_Piece] = []
    for piece in pieces:
        parts = piece[0].split("\n")
        for k, part in enumerate(parts):
            if k:
                if "".join(text).strip():
                    lines.append(("".join(text).strip(), own))
                text, own = [], []
            if part.strip():
                text.append(part)
                own.append(piece)
            elif part:
                text.append(part)
    if "".join(text).strip():
        lines.append(("".join(text).strip(), own))
    return lines

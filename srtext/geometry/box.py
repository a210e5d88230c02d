"""Where a line stood on its page: :class:`LineBox`, one per line of text.

A box is measured in PDF points (1/72 inch) from the page's top left corner,
y growing downwards, as poppler writes its ``-bbox-layout`` boxes.  A document's
geometry is a tuple with one ``LineBox | None`` per physical line of its text
(``text.split("\\n")`` with the empty piece after the last line end left out,
which is what :func:`srtext.pipeline.lines.split_physical` gives), so the box of
:class:`~srtext.pipeline.lines.Line` ``line`` is ``geometry[line.number - 1]``;
a line that holds no printed text (the blank line pdftotext writes after each
flow, the form feed after the last page) has ``None``.
"""

from __future__ import annotations

import math

from srtext.record import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


class LineBox(NamedTuple):
    """One printed line's place on its page (immutable).

    Attributes:
        page: 1-based page number (as :class:`~srtext.pipeline.lines.Line`'s).
        page_width, page_height: the page's size in points.
        left, right: the line's left and right edges in points.
        baseline: the line's baseline in points from the page's top, estimated:
            poppler's boxes run from the font's ascent to its descent, not to the
            baseline, so it is ``bottom - 0.2 * font_height`` (a Latin font's
            descent is about a fifth of its height); pypdf gives the baseline itself.
        top, bottom: the line's upper and lower edges in points (top < bottom).
        font_height: the median height of its words' boxes in points (about 1.2
            times the font size with poppler; the font size with pypdf).
        block: 0-based number of the text block it belongs to on its page
            (poppler's ``<block>``; pypdf: the line itself, there are no blocks).
        column: 0-based column on its page, counted from the left: the column
            ranges are the merged horizontal ranges of the page's blocks that are
            narrower than 55% of the page (wider ones span the columns and get
            the column their middle falls in, else 0).
        gap_before: the vertical gap in points from the bottom of the line before
            it in the same column on the same page to its top (negative when the
            two overlap, as a superscript set on a line of its own does); ``None``
            for the first line of a column on a page.
        cells: the display width of its words' text and the spaces between them
            (:func:`srtext.pipeline.width.display_width`: a CJK character counts
            two), 0 when unknown (a line poppler joined from two printed lines):
            with its width, how wide its characters are set.
        cjk: it holds a character two cells wide (CJK), 0 cells counted or not.  A word
            processor sets such a line at the CJK font's own line height, which can be
            larger than the Latin font's under boxes of the same height (LibreOffice
            Writer: baselines 16 points apart under a Japanese line, 11 under a Latin
            one, boxes 14.3 high): :func:`srtext.geometry.layout.usual` measures the
            leading of each kind apart.
        label: a list's label stands before it drawn as a shape, not text (a tagged
            PDF's ``/Lbl`` with no text in it: a browser's bullet), which
            pdftotext's text does not show (:mod:`srtext.geometry.drawn`).
    """

    page: int
    page_width: float
    page_height: float
    left: float
    right: float
    baseline: float
    top: float
    bottom: float
    font_height: float
    block: int
    column: int
    gap_before: float | None
    cells: int = 0
    cjk: bool = False
    label: bool = False

    @property
    def is_place(self) -> bool:
        """Is the box a place on the page: no infinite or undefined edge (bad input may give one)?

        >>> b = LineBox(1, 612.0, 792.0, 72.0, 540.0, 100.0, 90.0, 102.0, 12.0, 0, 0, None)
        >>> b.is_place, b._replace(top=float("nan")).is_place, b._replace(right=float("inf")).is_place
        (True, False, False)
        """
        return math.isfinite(self.top + self.bottom + self.left + self.right)

    @property
    def width(self) -> float:
        """The line's width in points.

        >>> LineBox(1, 612.0, 792.0, 72.0, 540.0, 100.0, 90.0, 102.0, 12.0, 0, 0, None).width
        468.0
        """
        return self.right - self.left


#: A block narrower than this share of the page makes no column range: a page number centred
#: under a one-column page would make one round the page's middle, and every block wider than
#: a column (the running text) would take its number while the narrow blocks at the left
#: margin (code, a short line) kept 0: the lines of one column on two.
SPECK = 0.1


def columns_of(ranges: Sequence[tuple[float, float]], page_width: float) -> list[int]:
    """The column of each block, given the blocks' horizontal ranges on one page.

    Blocks narrower than 55% of the page, but not narrower than :data:`SPECK`
    of it, make the column ranges (ranges that
    overlap by more than a tenth of the narrower one merged: an estimated right
    edge may reach a little into the next column); every block gets the number
    of the range its middle falls in.

    >>> columns_of([(50, 290), (320, 560), (50, 560), (60, 280)], 612)
    [0, 1, 0, 0]
    >>> columns_of([(28, 262), (246, 484), (28, 250)], 500)
    [0, 1, 0]
    >>> columns_of([(50, 560)], 612)
    [0]
    >>> columns_of([(60, 200), (60, 540), (297, 303)], 612)  # a page number under one column
    [0, 0, 0]
    """
    narrow = sorted((a, b) for a, b in ranges if SPECK * page_width <= b - a < 0.55 * page_width)
    merged: list[list[float]] = []
    for a, b in narrow:
        if merged and merged[-1][1] - a > 0.1 * min(b - a, merged[-1][1] - merged[-1][0]):
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    result = []
    for a, b in ranges:
        middle = (a + b) / 2
        result.append(next((i for i, (lo, hi) in enumerate(merged) if lo <= middle <= hi), 0))
    return result

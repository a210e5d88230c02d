"""A document's geometry measured once, and each line's place against it: :class:`LineGeo`.

A box alone says little: a gap of 14 points is a paragraph break in 10-point
type set solid and nothing in 12-point type with generous leading.  What a
rule can use is a line's box against the document's usual: :func:`layout`
measures the usual once per document (the body's font height, its leading,
each column's left and right edge per page, the positions that recur at the
page's edges) and gives each line a :class:`LineGeo` of ratios and distances
against it.  None of it is a decision; the rules of
:mod:`srtext.pipeline.rules.geometry` and the weighing read it.

The usual is the mode, not the mean: a document is mostly body text, and its
headings, captions, footnotes and display formulas are outliers that would
pull a mean (a heading's gap, a footnote's small type).  Values are rounded
before they are counted (font heights to 0.2 points, gaps to 0.5, edges to 1)
so that the mode exists.
"""

from __future__ import annotations

from collections import Counter

from srtext.geometry.bbox import DESCENT
from srtext.record import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from srtext.geometry.box import LineBox

#: The least distance between two body lines' baselines, in font heights, that can be the leading
#: whatever the lines.  Closer lines are mostly pieces: of one printed line (pdftotext cut it
#: at a wide space), of a formula (its limits, sub- and superscripts), of two columns.
CLOSE = 0.9
#: ... and the least when lines of prose are set so close (:func:`_close_prose`).  A word
#: processor sets its lines at the font's own line height, which can be less than the box
#: poppler gives its words (LibreOffice Writer's PDFs: baselines 11 points apart under boxes
#: 14.4 points high, 0.76 font heights).  With :data:`CLOSE` for them too, the leading taken
#: there was the distance between paragraphs, every line of a paragraph stood 0.5 font heights
#: "closer than usual" and the space between paragraphs was not seen.
LEAST_LEADING = 0.7
#: A distance closer than :data:`CLOSE` is prose's when this share of the pairs of lines set at
#: it, and two at least, are both half their column's width or wider: a formula's pieces are narrow.
WIDE_SHARE = 0.1

#: The leading above lines with CJK (``LineBox.cjk``) and above the others are each the least common
#: distance to a line of the kind (:func:`usual`), where both are common and this many font heights
#: apart; else one over all lines.  A word processor sets a line at its fonts' own line height:
#: LibreOffice Writer sets a Japanese document's Latin lines 11 points apart and its Japanese ones
#: 16, under poppler's boxes 14.3 points high for both, so a single leading took the Latin lines'
#: (prose, 0.77 font heights, :data:`LEAST_LEADING`) and every Japanese line stood 0.34 font heights
#: apart, a paragraph's start.  A browser sets both within a point (line-height), and the few
#: lines of one kind in a document of the other do not measure it.
APART = 0.25

#: A line whose top is above this share of the page's height, or whose bottom is
#: below one minus it, stands at the page's edge (running heads, page numbers, stamps).
EDGE = 0.08


class LineGeo(NamedTuple):
    """One line's place against the document's usual (immutable; every distance in points).

    Attributes:
        gap: the vertical gap to the line before in its column (``LineBox.gap_before``),
            None for a column's first line on a page.
        gap_extra: the distance from the line before's baseline to this line's
            beyond the body's usual (its leading), in body font heights (0: as in
            a paragraph; 1: a blank line's worth more), or None.  Measured from
            baseline to baseline, not as ``gap``: an inline formula's tall
            symbols make a line's box taller and the gap to it smaller, but TeX
            and browsers keep the baselines evenly spaced.
        indent: the line's left edge minus its column's usual left edge.
        fill: its column's usual right edge minus the line's right edge (0: a full line).
        font_ratio: the line's font height over the body's.
        same_line: the line overlaps the line before it vertically by more than half
            the smaller height (a superscript, a limit, a printed line that
            pdftotext cut in two), on the same page and in the same column.
        at_edge: it stands in the top or bottom :data:`EDGE` of its page.
        repeated: its top (rounded to a point) at the page's edge recurs on another page.
        column: its column on the page (``LineBox.column``).
        unit: the body's font height in points, the unit of ``gap_extra`` (and of
            the rules' thresholds for ``indent`` and ``fill``).
        pitch_ratio: the width of its characters (its width over its display width,
            ``LineBox.cells``) over the body's (``Usual.pitch``); 0.0 when either is
            unknown (pypdf's boxes, a line poppler joined from two).  Type truly
            larger is wider too; a typewriter font whose boxes are taller than the
            body's (TeX's ``cmtt``) is not.
        inset: the line's left edge minus the leftmost line's in its column on its
            page (a list's items, a quotation: the text set in from the page's).
        label: a list's label was drawn before it as a shape (``LineBox.label``).
        measure: the right edge of the widest line among it and the :data:`NEAR`
            lines before and after it in its column on its page that start at
            its edge (the local measure: a quotation's lines have a right margin
            of their own, a narrow column beside a picture its own width).
    """

    gap: float | None
    gap_extra: float | None
    indent: float
    fill: float
    font_ratio: float
    same_line: bool
    at_edge: bool
    repeated: bool
    column: int
    unit: float
    pitch_ratio: float = 0.0
    measure: float = 0.0
    inset: float = 0.0
    label: bool = False

    def describe(self) -> str:
        """The evidence in a few words, for ``--explain`` and the audit page.

        >>> LineGeo(12.0, 1.0, 11.5, 0.0, 1.0, False, False, False, 0, 10.0).describe()
        'gap 12.0pt (+1.0 lines), indent 11.5pt, fill 0.0pt, font 1.00x, column 0'
        >>> LineGeo(None, None, 0.0, 3.0, 1.4, True, True, True, 1, 10.0).describe()
        'gap -, indent 0.0pt, fill 3.0pt, font 1.40x, column 1, same line, page edge, repeated'
        """
        gap = "-" if self.gap is None else f"{self.gap:.1f}pt ({self.gap_extra:+.1f} lines)"
        out = (
            f"gap {gap}, indent {self.indent:.1f}pt, fill {self.fill:.1f}pt, "
            f"font {self.font_ratio:.2f}x, column {self.column}"
        )
        flags = [name for name, on in (("same line", self.same_line), ("page edge", self.at_edge)) if on]
        if self.repeated:
            flags.append("repeated")
        if self.label:
            flags.append("drawn label")
        return ", ".join([out, *flags])


#: The lines before and after a line whose right edges give its local measure (``LineGeo.measure``).
NEAR = 3
#: ... that start within this many body font heights of its left edge.
MEASURE_EDGE = 0.3

#: A line of this many display cells or more measures the body's width of a character.
PITCH_CELLS = 30


class Usual(NamedTuple):
    """The document's usual: the body's font height and leading, and each column's edges per page."""

    font: float  # the body's font height
    leading: float  # the body's usual distance from a line's baseline to the next one's
    edges: dict[tuple[int, int], tuple[float, float]]  # (page, column): usual left and right edge
    pitch: float = 0.0  # the body's points per display cell (0.0: unknown)
    cjk_leading: float = 0.0  # the leading above a line with CJK (LineBox.cjk; 0.0: ``leading``)


def _mode(values: Counter[float], default: float) -> float:
    return values.most_common(1)[0][0] if values else default


def body_font(boxes: Sequence[LineBox]) -> float:
    """The body's font height: the most frequent among the lines that reach their column's right edge.

    Not among all lines: a manual's code blocks, in smaller type, can outnumber
    its prose lines, but code stops short of the margin where prose wraps.
    The right edge here is each page column's largest right edge, reached
    within a tenth of the column's width.

    >>> from srtext.geometry.box import LineBox
    >>> prose = LineBox(1, 600.0, 800.0, 50.0, 300.0, 0.0, 100.0, 110.0, 10.0, 0, 0, None)
    >>> code = prose._replace(right=150.0, font_height=8.0)
    >>> body_font([prose, prose, code, code, code])
    10.0
    """
    spans = _spans(boxes)
    fonts: Counter[float] = Counter()
    for b in boxes:
        if _reaches_the_edge(b, spans):
            fonts[round(b.font_height * 5) / 5] += 1
    return _mode(fonts, 10.0)


Spans = dict[tuple[int, int], tuple[float, float]]


def _spans(boxes: Sequence[LineBox]) -> Spans:
    """Each page column's leftmost left edge and rightmost right edge."""
    spans: Spans = {}
    for b in boxes:
        lo, hi = spans.get((b.page, b.column), (b.left, b.right))
        spans[b.page, b.column] = (min(lo, b.left), max(hi, b.right))
    return spans


def _reaches_the_edge(b: LineBox, spans: Spans) -> bool:
    """Does the line reach its page column's right edge, within a tenth of the column's width?"""
    lo, hi = spans[b.page, b.column]
    return hi - b.right <= 0.1 * (hi - lo)


def _wide(above: LineBox, b: LineBox, spans: Spans) -> bool:
    """Are two lines both half their page column's width or wider?

    >>> from srtext.geometry.box import LineBox
    >>> full = LineBox(1, 600.0, 800.0, 50.0, 300.0, 108.0, 100.0, 110.0, 10.0, 0, 0, None)
    >>> spans = _spans([full])
    >>> _wide(full, full._replace(right=200.0), spans), _wide(full, full._replace(right=120.0), spans)
    (True, False)
    """
    lo, hi = spans[b.page, b.column]
    return min(b.right - b.left, above.right - above.left) >= 0.5 * (hi - lo)


def _close_prose(close: Counter[float], wide: Counter[float]) -> Counter[float]:
    """Of the distances between baselines closer than :data:`CLOSE` font heights (``close``: their
    counts), those of prose: :data:`WIDE_SHARE` of the pairs set at it, two at least, are wide
    (``wide``: their counts, :func:`_wide`).

    >>> sorted(_close_prose(Counter({11.0: 20, 7.0: 25}), Counter({11.0: 3, 7.0: 1})).items())
    [(11.0, 20)]
    """
    return Counter({x: n for x, n in close.items() if wide[x] >= max(2.0, WIDE_SHARE * n)})


def usual(boxes: Sequence[LineBox]) -> Usual:
    """The body's font height (:func:`body_font`), leading and column edges.

    The leading is the least distance between two body lines' baselines that
    is common (a third as frequent as the most frequent one, and twice or more;
    :data:`CLOSE` font heights at least, or :data:`LEAST_LEADING` where lines
    of prose are set so close (:func:`_close_prose`): lines set closer are pieces of
    one line, of a formula or of a column mixed into another): not the most
    frequent, for in a README of one- and two-line paragraphs the distance
    between paragraphs is the most frequent.  The leading above lines with CJK
    (``cjk_leading``) is measured on the distances to them alone, and the other
    on the rest, where the two are :data:`APART` (a word processor's CJK font
    sets its lines further apart than its Latin one).

    A column's left edge is the mode of its body lines' left edges, its right
    edge the largest right edge that two body lines share (ragged-right text
    reaches it on its longest lines; a single wide line, a URL, does not).

    >>> from srtext.geometry.box import LineBox
    >>> b = [LineBox(1, 600.0, 800.0, 50.0, 300.0 - k % 3, 108.0 + 14 * k, 100.0 + 14 * k, 110.0 + 14 * k,
    ...              10.0, 0, 0, 4.0 if k else None) for k in range(6)]
    >>> u = usual(b)
    >>> u.font, u.leading, u.edges
    (10.0, 14.0, {(1, 0): (50.0, 300.0)})
    """
    font = body_font(boxes)
    spans = _spans(boxes)
    body = [b for b in boxes if abs(b.font_height - font) <= 0.15 * font]
    # The distances to lines without and with CJK (LineBox.cjk), counted apart.
    pitches: tuple[Counter[float], Counter[float]] = (Counter(), Counter())
    close: tuple[Counter[float], Counter[float]] = (Counter(), Counter())
    wide: tuple[Counter[float], Counter[float]] = (Counter(), Counter())
    before: dict[tuple[int, int], LineBox] = {}
    for b in boxes:
        prev = before.get((b.page, b.column))
        before[b.page, b.column] = b
        if prev is not None and _body(prev, font) and _body(b, font):
            pitch = _first_baseline(b) - prev.baseline
            if CLOSE * font < pitch < 4 * font:
                pitches[b.cjk][round(pitch * 2) / 2] += 1
            elif LEAST_LEADING * font < pitch <= CLOSE * font:
                close[b.cjk][round(pitch * 2) / 2] += 1
                wide[b.cjk][round(pitch * 2) / 2] += _wide(prev, b, spans)
    counted = [pitches[k] + _close_prose(close[k], wide[k]) for k in (0, 1)]
    both = _leading(counted[0] + counted[1]) or _mode(counted[0] + counted[1], 1.2 * font)
    latin, cjk = (_leading(c) or both for c in counted)
    if abs(cjk - latin) < APART * font:
        latin = cjk = both
    lefts: dict[tuple[int, int], Counter[float]] = {}
    rights: dict[tuple[int, int], Counter[float]] = {}
    for b in body:
        key = (b.page, b.column)
        lefts.setdefault(key, Counter())[float(round(b.left))] += 1
        rights.setdefault(key, Counter())[float(round(b.right))] += 1
    edges = {}
    for key, left in lefts.items():
        shared = [x for x, n in rights[key].items() if n > 1]
        edges[key] = (_mode(left, 0.0), max(shared) if shared else max(rights[key]))
    return Usual(font, latin, edges, _pitch(body), cjk)


def _leading(counted: Counter[float]) -> float:
    """The least common distance between baselines (:func:`usual`) of those counted; 0.0 when none is.

    >>> _leading(Counter({11.0: 12, 16.0: 30, 23.0: 10})), _leading(Counter({16.0: 30, 11.0: 9}))
    (11.0, 16.0)
    >>> _leading(Counter({16.0: 1, 23.0: 1}))
    0.0
    """
    most = counted.most_common(1)[0][1] if counted else 0
    return min((x for x, n in counted.items() if n >= max(2, most / 3)), default=0.0)


def _pitch(body: Sequence[LineBox]) -> float:
    """The body's points per display cell: the median over its lines of :data:`PITCH_CELLS` cells or more.

    >>> from srtext.geometry.box import LineBox
    >>> line = LineBox(1, 600.0, 800.0, 50.0, 300.0, 0.0, 100.0, 110.0, 10.0, 0, 0, None, 50)
    >>> _pitch([line, line._replace(right=350.0), line._replace(cells=0)]), _pitch([])
    (5.0, 0.0)
    """
    pitches = sorted(b.width / b.cells for b in body if b.cells >= PITCH_CELLS)
    return pitches[(len(pitches) - 1) // 2] if pitches else 0.0


def layout(geometry: Sequence[LineBox | None]) -> list[LineGeo | None]:
    """Each line's :class:`LineGeo` (None where it has no box), the document measured once.

    >>> from srtext.geometry.box import LineBox
    >>> line = LineBox(1, 600.0, 800.0, 50.0, 300.0, 0.0, 100.0, 110.0, 10.0, 0, 0, None)
    >>> b = [line._replace(top=100.0 + 14 * k, bottom=110.0 + 14 * k, baseline=108.0 + 14 * k,
    ...                    gap_before=4.0 if k else None) for k in range(4)]
    >>> b[3] = b[3]._replace(top=b[3].top + 8, bottom=b[3].bottom + 8, baseline=b[3].baseline + 8,
    ...                      gap_before=12.0, left=62.0)
    >>> geo = layout([*b, None])
    >>> [(g.gap_extra, g.indent) if g else g for g in geo]
    [(None, 0.0), (0.0, 0.0), (0.0, 0.0), (0.8, 12.0), None]
    """
    boxes = [b for b in geometry if b is not None]
    if not boxes:
        return [None] * len(geometry)
    u = usual(boxes)
    pages = {b.page for b in boxes}
    tops: dict[float, set[int]] = {}
    for b in boxes:
        if _at_edge(b):
            tops.setdefault(round(b.top), set()).add(b.page)
    out: list[LineGeo | None] = []
    before: dict[tuple[int, int], LineBox] = {}
    measures = _measures(geometry, MEASURE_EDGE * u.font)
    leftmost: dict[tuple[int, int], float] = {}
    for b in boxes:
        key = (b.page, b.column)
        leftmost[key] = min(leftmost.get(key, b.left), b.left)
    for placed, measure in zip(geometry, measures, strict=True):
        if placed is None:
            out.append(None)
            continue
        b = placed
        key = (b.page, b.column)
        left, right = u.edges.get(key, (b.left, b.right))
        prev = before.get(key)
        before[key] = b
        same = prev is not None and _overlap(prev, b) > 0.5 * min(b.bottom - b.top, prev.bottom - prev.top)
        edge = _at_edge(b)
        out.append(
            LineGeo(
                b.gap_before,
                None if prev is None else (_first_baseline(b) - prev.baseline - _above(b, u)) / u.font,
                b.left - left,
                right - b.right,
                b.font_height / u.font,
                same,
                edge,
                edge and len(pages) > 1 and len(tops.get(round(b.top), ())) > 1,
                b.column,
                u.font,
                b.width / b.cells / u.pitch if b.cells and u.pitch else 0.0,
                measure,
                b.left - leftmost[key],
                b.label,
            )
        )
    return out


def _measures(geometry: Sequence[LineBox | None], edge: float) -> list[float]:
    """Each line's local measure (``LineGeo.measure``): the widest right edge near it in its column.

    Near: among the :data:`NEAR` lines before and after it in its column on its
    page, those that start within ``edge`` points of its left edge: a
    quotation's or a note's lines have a right margin of their own, which the
    text around them does not show.  Linear: each column's lines are read
    once, with a window of ``2 * NEAR + 1``.

    >>> from srtext.geometry.box import LineBox
    >>> line = LineBox(1, 600.0, 800.0, 50.0, 300.0, 0.0, 100.0, 110.0, 10.0, 0, 0, None)
    >>> rights = [120.0, 300.0, 150.0, 140.0, 130.0, 110.0, 100.0]
    >>> boxes = [line._replace(right=r) for r in rights] + [None, line._replace(left=80.0, right=90.0)]
    >>> _measures(boxes, 3.0)
    [300.0, 300.0, 300.0, 300.0, 300.0, 150.0, 140.0, 0.0, 90.0]
    >>> _measures([line._replace(left=80.0, right=90.0), line._replace(right=400.0)], 3.0)
    [90.0, 400.0]
    """
    columns: dict[tuple[int, int], list[LineBox]] = {}
    where: list[tuple[list[LineBox], int] | None] = []
    for b in geometry:
        if b is None:
            where.append(None)
            continue
        lines = columns.setdefault((b.page, b.column), [])
        where.append((lines, len(lines)))
        lines.append(b)
    out = []
    for at in where:
        if at is None:
            out.append(0.0)
            continue
        lines, k = at
        left = lines[k].left
        out.append(max(x.right for x in lines[max(0, k - NEAR) : k + NEAR + 1] if abs(x.left - left) <= edge))
    return out


def _above(b: LineBox, u: Usual) -> float:
    """The usual leading above the line: above a line with CJK its own (:attr:`Usual.cjk_leading`)."""
    return u.cjk_leading if b.cjk and u.cjk_leading else u.leading


def _first_baseline(b: LineBox) -> float:
    """The baseline of a line's first printed line: two that pdftotext joined at a hyphen have one box,
    and its ``baseline`` is the last one's.

    >>> from srtext.geometry.box import LineBox
    >>> one = LineBox(1, 600.0, 800.0, 50.0, 300.0, 108.0, 100.0, 110.0, 10.0, 0, 0, None)
    >>> _first_baseline(one), _first_baseline(one._replace(bottom=124.0, baseline=122.0))
    (108.0, 108.0)
    """
    if b.bottom - b.top > 1.6 * b.font_height:
        return b.top + (1 - DESCENT) * b.font_height
    return b.baseline


def _body(b: LineBox, font: float) -> bool:
    """Is the line in the body's type (its font height within 5%)?"""
    return abs(b.font_height - font) <= 0.05 * font


def _overlap(a: LineBox, b: LineBox) -> float:
    """How far two lines' boxes overlap vertically (negative: the gap between them)."""
    return min(a.bottom, b.bottom) - max(a.top, b.top)


def _at_edge(b: LineBox) -> bool:
    return b.top < EDGE * b.page_height or b.bottom > (1 - EDGE) * b.page_height

"""The audit page's geometry: each line's place in its side panel, and each page's line boxes drawn.

Where the input had geometry (a PDF, pdftotext ``-bbox-layout`` XHTML), a line's
decision may rest on where it stood (:mod:`srtext.pipeline.rules.geometry`): the
side panel shows the evidence (:func:`geometry_fields`, the fields of
:class:`~srtext.geometry.layout.LineGeo`), and every page gets an outline with
one box per line (:func:`page_outline`), coloured as its line and clickable like
it, so that a gap, an indent or a column is seen as on the page.  An outline is
a small SVG: one ``rect`` per line, no script per line (the page's script finds
the line by the box's ``data-l``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo

#: An outline's width on the audit page, in CSS pixels.
WIDTH = 180


def geometry_fields(geo: LineGeo | None) -> dict[str, object]:
    """A line's geometry evidence as side-panel fields (``geometry.*``), none without a box.

    >>> from srtext.geometry.layout import LineGeo
    >>> geometry_fields(LineGeo(12.0, 1.04, 11.5, 0.0, 1.0, False, True, True, 0, 10.0))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'geometry.gap': '12.0pt (+1.0 lines)', 'geometry.indent': '11.5pt', 'geometry.fill': '0.0pt',
     'geometry.font': '1.00x the body', 'geometry.column': 0, 'geometry.at': 'page edge, repeated'}
    >>> geometry_fields(None)
    {}
    """
    if geo is None:
        return {}
    fields: dict[str, object] = {
        "geometry.gap": "-" if geo.gap is None else f"{geo.gap:.1f}pt ({(geo.gap_extra or 0.0):+.1f} lines)",
        "geometry.indent": f"{geo.indent:.1f}pt",
        "geometry.fill": f"{geo.fill:.1f}pt",
        "geometry.font": f"{geo.font_ratio:.2f}x the body",
        "geometry.column": geo.column,
    }
    at = [name for name, on in (("same line", geo.same_line), ("page edge", geo.at_edge)) if on]
    if geo.repeated:
        at.append("repeated")
    if geo.label:
        at.append("a list's label drawn before it")
    if at:
        fields["geometry.at"] = ", ".join(at)
    return fields


def page_outline(boxes: Iterable[tuple[str, str, LineBox]]) -> str:
    """One page's outline: a box per line, each ``(element id, classes, box)``; empty for none.

    >>> from srtext.geometry.box import LineBox
    >>> box = LineBox(1, 600.0, 800.0, 60.0, 300.0, 100.0, 90.0, 102.0, 12.0, 0, 0, None)
    >>> print(page_outline([("L1", "bx k0 a1 r2", box)]))  # doctest: +NORMALIZE_WHITESPACE
    <svg class=outline viewBox="0 0 600 800" width=180 height=240 role=img
     aria-label="the page's line boxes"><rect class=sheet width=600 height=800></rect><rect
     class="bx k0 a1 r2" data-l=L1 x=60.0 y=90.0 width=240.0 height=12.0></rect></svg>
    """
    rects = []
    size = None
    for name, classes, b in boxes:
        size = size or (b.page_width, b.page_height)
        height = max(b.bottom - b.top, 1.0)
        rects.append(
            f'<rect class="{classes}" data-l={name} x={b.left:.1f} y={b.top:.1f} '
            f"width={max(b.right - b.left, 1.0):.1f} height={height:.1f}></rect>"
        )
    if size is None:
        return ""
    w, h = size
    return (
        f'<svg class=outline viewBox="0 0 {w:g} {h:g}" width={WIDTH} height={round(WIDTH * h / w)} role=img '
        f'aria-label="the page\'s line boxes"><rect class=sheet width={w:g} height={h:g}></rect>'
        + "".join(rects)
        + "</svg>"
    )

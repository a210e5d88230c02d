"""The line-width histogram of the audit page, as inline SVG: the picture the algorithm decides by."""

from __future__ import annotations

from collections import Counter

from srtext.pipeline.width import mean_width


def histogram_svg(
    histogram: Counter[int], cw: int, eps: float, *, width: int = 540, height: int = 150
) -> str:
    """The line-width histogram as inline SVG: a bar per width, the CW ± eps·CW band, CW and l_avg.

    Empty lines (width 0) are not drawn (the page gives their count); lines
    wider than 2·CW are summed in one last bar, so that one line of a wide table
    does not squeeze the picture.

    >>> svg = histogram_svg(Counter({0: 4, 9: 2, 10: 6}), 10, 0.1)
    >>> svg.startswith("<svg") and "CW = 10" in svg and svg.count("<rect class=\\"bar") == 2
    True
    """
    widths = sorted(w for w in histogram if w > 0)
    top = widths[-1] if widths else cw
    cap = min(top, max(2 * cw, int(cw * (1 + eps)) + 5))
    over = sum(histogram[w] for w in widths if w > cap)
    columns = cap + (3 if over else 1)
    left, bottom, right, head = 40, 22, 10, 18
    plot_w, plot_h = width - left - right, height - bottom - head
    unit = plot_w / columns
    counts = [histogram[w] for w in widths if w <= cap] + ([over] if over else [])
    peak = max(counts) if counts else 1

    def x(col: float) -> float:
        return left + col * unit

    def y(n: int) -> float:
        return head + plot_h - plot_h * n / peak

    low, high = cw * (1 - eps), cw * (1 + eps)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="line-width histogram">',
        f'<rect class="band" x="{x(low):.1f}" y="{head}" width="{(high - low) * unit:.1f}" height="{plot_h}">'
        f"<title>full-width band: CW ± eps·CW = {low:.1f} to {high:.1f} columns</title></rect>",
    ]
    for w in widths:
        if w > cap:
            break
        n = histogram[w]
        out.append(
            f'<rect class="bar" x="{x(w):.1f}" y="{y(n):.1f}" width="{max(unit * 0.9, 0.6):.1f}" '
            f'height="{plot_h * n / peak:.1f}"><title>width {w}: {n} line{"s" * (n != 1)}</title></rect>'
        )
    if over:
        out.append(
            f'<rect class="bar over" x="{x(cap + 2):.1f}" y="{y(over):.1f}" width="{unit:.1f}" '
            f'height="{plot_h * over / peak:.1f}"><title>wider than {cap}: {over} lines</title></rect>'
            f'<text x="{x(cap + 2):.1f}" y="{height - 6}" class="tick">&gt;{cap}</text>'
        )
    l_avg = mean_width(histogram)
    out.append(
        f'<line class="cw" x1="{x(cw):.1f}" x2="{x(cw):.1f}" y1="{head - 4}" y2="{head + plot_h}"/>'
        f'<text class="cwl" x="{x(cw):.1f}" y="{head - 6}" text-anchor="middle">CW = {cw}</text>'
        f'<line class="avg" x1="{x(l_avg):.1f}" x2="{x(l_avg):.1f}" y1="{head}" y2="{head + plot_h}"/>'
        f'<text class="tick" x="{x(l_avg) + 3:.1f}" y="{head + 10}">l_avg = {l_avg:.1f}</text>'
        f'<line class="axis" x1="{left}" x2="{width - right}" y1="{head + plot_h}" y2="{head + plot_h}"/>'
    )
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**9) if columns / s <= 12)
    for t in range(0, cap + 1, step):
        out.append(f'<text class="tick" x="{x(t):.1f}" y="{height - 6}" text-anchor="middle">{t}</text>')
    out.append(f'<text class="tick" x="{left - 4}" y="{head + 8}" text-anchor="end">{peak}</text>')
    out.append("</svg>")
    return "".join(out)

"""``--stats``: the line-width histogram drawn in the terminal, with the CW ± eps band."""

from __future__ import annotations

from collections import Counter

from srtext.pipeline.width import mean_width


def draw_histogram(histogram: Counter[int], cw: int, eps: float, *, width: int = 50, rows: int = 40) -> str:
    """Draw the line-width histogram as text, one row per width bucket.

    Rows inside the CW ± eps·CW band are drawn with ``=``, others with ``#``;
    the row holding CW is marked ``<- CW`` and the one holding ``l_avg`` ``<- l_avg``.

    >>> print(draw_histogram(Counter({0: 4, 1: 1, 9: 2, 10: 6}), 10, 0.1, width=6, rows=20))
    CW = 10, l_avg = 6.1, eps = 0.1: full-width band 9..11, 13 lines
    width  lines
        0      4 ####
        1      1 #
        2      0
        3      0
        4      0
        5      0
        6      0  <- l_avg
        7      0
        8      0
        9      2 ==
       10      6 ====== <- CW
    """
    total = sum(histogram.values())
    l_avg = mean_width(histogram)
    low, high = cw - eps * cw, cw + eps * cw
    top = max(histogram) if histogram else 0
    step = max(1, -(-(top + 1) // rows))
    buckets: Counter[int] = Counter()
    for w, n in histogram.items():
        buckets[w // step] += n
    peak = max(buckets.values()) if buckets else 1
    head = (
        f"CW = {cw}, l_avg = {l_avg:.1f}, eps = {eps}: full-width band "
        f"{int(-(-low // 1))}..{int(high)}, {total} lines\n"
    )
    out = [head, "width  lines\n"]
    for b in range(top // step + 1):
        start = b * step
        n = buckets[b]
        inside = start + step - 1 >= low and start <= high
        bar = ("=" if inside else "#") * (round(n / peak * width) if n else 0)
        if n and not bar:
            bar = "=" if inside else "#"
        marks = []
        if start <= cw < start + step:
            marks.append("<- CW")
        if start <= l_avg < start + step:
            marks.append("<- l_avg")
        label = f"{start}" if step == 1 else f"{start}-{start + step - 1}"
        out.append(f"{label:>5} {n:>6} {bar} {' '.join(marks)}".rstrip() + "\n")
    return "".join(out).rstrip("\n")

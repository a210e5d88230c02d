"""Soft evidence weighed with the page: the boundary model for lines that have geometry.

:mod:`srtext.pipeline.weigh` weighs what the text shows at a boundary.  When
the input had geometry (a PDF, pdftotext ``-bbox-layout``), the page shows
more: the space above the line against the page's usual leading, where its
first line starts against the column's edge, how much room the line before
left at the right margin (in points, not characters), whether the type is
larger or smaller than the body's, whether the line sits within the line
before's height.  :func:`boundary` weighs the text's features
(:data:`srtext.pipeline.weigh.FEATURES`) and these (:data:`GEO_FEATURES`)
with boosted trees of their own, fitted by ``bench/fit_weights.py --geometry``
on the real corpus's tuning families only (each document's pdftotext
``-bbox-layout`` boxes; never a validation family, never arxiv-dev) and
written to :mod:`srtext.pipeline.weights_geometry`.  A line without geometry
is never asked: its decisions are the text's alone, line for line.

Every distance is in the body's font heights (``LineGeo.unit``), the unit the
page is set in, so that one model serves 8-point columns and 12-point pages.

>>> names = [name for name, _ in GEO_FEATURES]
>>> len(names) == len(set(names)) and "gap" in names
True
"""

from __future__ import annotations

from functools import cache, lru_cache

from srtext.pipeline import weigh
from srtext.pipeline.events import Reason
from srtext.pipeline.weigh import FEATURES, features
from srtext.pipeline.width import display_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from srtext.geometry.box import LineBox
    from srtext.pipeline.rules.context import Ctx
    from srtext.pipeline.weigh import Node

#: The usual leading in font heights (as :data:`srtext.pipeline.rules.geometry.LEADING`).
LEADING = 1.2
#: A value the page does not give (no line right above, no line below in the column).
NONE = -9.0

#: The page's features, after the text's, in the order :func:`geo_features` computes them.
GEO_FEATURES: tuple[tuple[str, str], ...] = (
    ("geo_above", "the paragraph's last line stands right above this line, in its column"),
    ("gap", "space above the line beyond the usual leading, in body font heights (-9: no line above)"),
    ("own_gap", "the same space in the line's own type's heights (larger type is set with more)"),
    ("gap_below", "space above the next line beyond the usual leading (-9: not right below)"),
    ("prev_gap", "space above the paragraph's last line beyond the usual leading (-9: none)"),
    ("indent", "the line's left edge from its column's usual left edge, in body font heights"),
    ("prev_indent", "the paragraph's last line's left edge from the column's usual, in heights"),
    ("next_indent", "the next line's left edge from its column's usual, in heights (-9: none)"),
    ("fill", "room from the line's right edge to the column's usual right edge, in heights"),
    ("prev_fill", "room at the right of the paragraph's last line, in heights"),
    ("word_room", "room left at the right of the line above after this line's first word, in heights"),
    ("font", "the line's font height over the body's"),
    ("prev_font", "the paragraph's last line's font height over the body's"),
    ("next_font", "the next line's font height over the body's (-9: none)"),
    ("same_line", "the line sits within the line before's height"),
    ("at_edge", "the line stands at the page's top or bottom edge"),
)

NAMES: tuple[str, ...] = tuple(name for name, _ in (*FEATURES, *GEO_FEATURES))


def _step(x: float, lo: float, hi: float, step: float) -> float:
    """``x`` within ``[lo, hi]``, rounded to ``step`` (a few values, so that trees and caches see few)."""
    return round(max(lo, min(x, hi)) / step) * step


def geo_features(c: Ctx, above: bool) -> tuple[float, ...]:
    """The values of :data:`GEO_FEATURES` at this boundary (the line must have geometry).

    ``above``: the paragraph's last line stands right above this one (the rules' ``_geo``).
    """
    s = c.state
    geo = c.cur.ev.geo
    assert s is not None and geo is not None
    last = s.last.geo
    unit = geo.unit or 1.0
    nxt = c.nxt
    ng = nxt.ev.geo if nxt is not None else None
    below = NONE
    here, there = c.cur.ev.box, nxt.ev.box if nxt is not None else None
    if (
        ng is not None
        and ng.gap_extra is not None
        and here is not None
        and there is not None
        and (here.page, here.column) == (there.page, there.column)
        and there.top > here.top  # the next line right below this one (the rules' ``_follows``)
    ):
        below = _step(ng.gap_extra, -2.0, 4.0, 0.05)
    gap = geo.gap_extra if above and geo.gap_extra is not None else None
    room = NONE
    box = c.cur.ev.box
    if above and last is not None and box is not None:
        room = _step((last.fill - first_word_points(c.text, box)) / unit, -20.0, 40.0, 0.1)
    return (
        float(above),
        NONE if gap is None else _step(gap, -2.0, 4.0, 0.05),
        NONE if gap is None else _step((gap + LEADING) / geo.font_ratio - LEADING, -2.0, 4.0, 0.05),
        below,
        NONE if last is None or last.gap_extra is None else _step(last.gap_extra, -2.0, 4.0, 0.05),
        _step(geo.indent / unit, -10.0, 20.0, 0.1),
        NONE if last is None else _step(last.indent / unit, -10.0, 20.0, 0.1),
        NONE if ng is None else _step(ng.indent / unit, -10.0, 20.0, 0.1),
        _step(geo.fill / unit, -5.0, 60.0, 0.1),
        NONE if last is None else _step(last.fill / unit, -5.0, 60.0, 0.1),
        room,
        _step(geo.font_ratio, 0.0, 4.0, 0.02),
        NONE if last is None else _step(last.font_ratio, 0.0, 4.0, 0.02),
        NONE if ng is None else _step(ng.font_ratio, 0.0, 4.0, 0.02),
        float(geo.same_line),
        float(geo.at_edge),
    )


def first_word_points(text: str, box: LineBox) -> float:
    """The width in points of the line's first word and a space after it: their share of the line's.

    >>> from srtext.geometry.box import LineBox
    >>> box = LineBox(1, 600.0, 800.0, 50.0, 150.0, 0.0, 90.0, 100.0, 10.0, 0, 0, None)
    >>> first_word_points(" Run it now ", box)
    40.0
    """
    text = text.strip()
    first = text.split(None, 1)[0] if text else ""
    return box.width * (display_width(first) + 1) / (display_width(text) or 1)


def all_features(c: Ctx, above: bool) -> tuple[float, ...]:
    """The text's features and the page's, in the order of :data:`NAMES`."""
    return features(c) + geo_features(c, above)


@cache
def model() -> tuple[float, tuple[tuple[Node, ...], ...]]:
    """The fitted model of :mod:`srtext.pipeline.weights_geometry`: a baseline and trees of :data:`NAMES`."""
    from srtext.pipeline import weights_geometry

    if NAMES != weights_geometry.FEATURES:
        raise RuntimeError(
            "srtext/pipeline/weights_geometry.py is fitted on other features; "
            "run bench/fit_weights.py --geometry"
        )
    return weights_geometry.BASELINE, weights_geometry.TREES


def boundary(c: Ctx, above: bool) -> tuple[bool, float, Reason]:
    """Does the line go on the open paragraph, by the page and the text?  With the log-odds and why.

    As :func:`srtext.pipeline.weigh.boundary`, with the model fitted on both: the
    reason, the features that weighed most, is written out (:func:`why`) only when read.
    """
    values = all_features(c, above)
    score = weigh_score(values)
    return score > 0, score, Reason(why, values)


@lru_cache(maxsize=1 << 14)
def weigh_score(values: tuple[float, ...]) -> float:
    """The log-odds of joining for these feature values, kept for values seen before.

    The trees are asked as ``weights_geometry.score``, the code
    :func:`srtext.pipeline.weigh.written_out` made of them (the same floats as
    walking them, :func:`srtext.pipeline.weigh.walk`).
    """
    model()
    from srtext.pipeline import weights_geometry

    return weights_geometry.score(values)


def why(values: tuple[float, ...]) -> str:
    """The three features with most credit for these feature values (``weights_geometry.weigh``'s credits)."""
    model()
    from srtext.pipeline import weights_geometry

    return weigh.credited(weights_geometry.weigh(values)[1], NAMES)


def weights_module(data: dict[str, Any]) -> str:
    """The text of ``weights_geometry.py`` for a fitted model, as ``weigh.weights_module`` for ``weights.py``.

    >>> text = weights_module({"model": "m", "fitted_on": "f", "features": ["a"], "baseline": 0.5,
    ...                        "threshold": 0.0, "trees": [[[-1, 0.0, 0, 0, 0.25]]]})
    >>> text.splitlines()[0][3:-3] == HEAD
    True
    """
    _, rest = weigh.weights_module(data).split("\n", 1)
    return f'"""{HEAD}"""\n{rest}'


HEAD = "The fitted model of srtext.pipeline.weigh_geometry; bench/fit_weights.py --geometry writes it."

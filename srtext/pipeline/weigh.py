"""Soft evidence weighed: does a line go on the open paragraph, or start a new one?

Where no hard rule of :mod:`srtext.pipeline.rules` knows the answer, the
evidence at a line boundary is soft: a line ending short of the margin, a blank
line, a capital, a first word that would have fitted on the line before.  Each
points one way more or less often; none decides alone.  :func:`boundary`
scores them with small boosted decision trees over named features (a sum of
the trees' leaves, as log-odds), which ``bench/fit_weights.py`` fits on the tuning half of the broad corpus
(never on arxiv-dev or the validation half) and writes to ``weights.json``
beside this module.  ``--explain`` shows the score and the features that
weighed most.

>>> names = [name for name, _ in FEATURES]
>>> len(names) == len(set(names)) and "blank_before" in names
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from srtext.pipeline.classify import Band, LineClass, is_indented, is_title_like, looks_like_debris
from srtext.pipeline.function_words import ends_on_dangling_word
from srtext.pipeline.width import display_width

if TYPE_CHECKING:
    from srtext.pipeline.rules import Ctx

WEIGHTS = Path(__file__).with_name("weights.json")

_HYPHEN_ENDS = ("-", "\u2010", "\u2011", "\u00ad")


def _prev_text(c: Ctx) -> str:
    assert c.state is not None
    return c.state.lines[-1].text


def _prev_fill(c: Ctx) -> float:
    """How far the paragraph's last line reaches across the column (its width over CW, at most 1.2)."""
    return min(display_width(_prev_text(c).rstrip()) / max(c.cur.cw, 1), 1.2)


def _first_word_fits(c: Ctx) -> float:
    """Would this line's first word have fitted on the line before within CW?"""
    words = c.text.split(None, 1)
    if not words:
        return 0.0
    return float(display_width(_prev_text(c).rstrip()) + 1 + display_width(words[0]) <= c.cur.cw)


def _first_char(c: Ctx) -> str:
    text = c.text.lstrip()
    return text[:1]


def _cjk(c: Ctx) -> float:
    ch = _first_char(c)
    return float(bool(ch) and "\u2e80" <= ch <= "\u9fff")


def _next_blank(c: Ctx) -> float:
    nxt = c.nxt
    return float(nxt is None or nxt.blank_before or nxt.page_break_before)


def _prev_unfinished(c: Ctx) -> bool:
    assert c.state is not None
    return c.state.last_cls is LineClass.UNFINISHED


def _prev_short(c: Ctx) -> bool:
    assert c.state is not None
    return c.state.last_band is Band.SHORT


Feature = Callable[["Ctx"], float]

#: The named features, in the order of the weights.  Each is a number, most of them 0 or 1.
FEATURES: tuple[tuple[str, Feature], ...] = (
    ("prev_unfinished", lambda c: float(_prev_unfinished(c))),
    ("prev_short", lambda c: float(_prev_short(c))),
    ("prev_fill", _prev_fill),
    ("prev_dangling", lambda c: float(ends_on_dangling_word(_prev_text(c)))),
    ("prev_colon", lambda c: float(_prev_text(c).rstrip().endswith(":"))),
    ("prev_hyphen", lambda c: float(_prev_text(c).rstrip().endswith(_HYPHEN_ENDS))),
    ("after_debris", lambda c: float(c.state is not None and c.state.after_debris > 0)),
    ("first_word_fits", _first_word_fits),
    ("lower", lambda c: float(c.lower)),
    ("digit", lambda c: float(_first_char(c).isdigit())),
    ("blank_before", lambda c: float(c.cur.blank_before)),
    ("page_break", lambda c: float(c.cur.page_break_before)),
    ("after_marked", lambda c: float(c.cur.after_marked)),
    ("indented", lambda c: float(is_indented(c.text))),
    ("cjk", _cjk),
    ("short", lambda c: float(c.short)),
    ("unfinished", lambda c: float(c.cls is LineClass.UNFINISHED)),
    ("next_blank", _next_blank),
    ("debris_like", lambda c: float(looks_like_debris(c.text))),
    ("prev_single", lambda c: float(c.state is not None and len(c.state.lines) == 1)),
    (
        "prev_title_like",
        lambda c: float(c.state is not None and len(c.state.lines) == 1 and is_title_like(_prev_text(c))),
    ),
    # Interactions: evidence whose weight depends on other evidence.
    ("blank_x_prev_unfinished", lambda c: float(c.cur.blank_before and _prev_unfinished(c))),
    ("blank_x_lower", lambda c: float(c.cur.blank_before and c.lower)),
    ("page_x_prev_unfinished", lambda c: float(c.cur.page_break_before and _prev_unfinished(c))),
    ("prev_short_x_lower", lambda c: float(_prev_short(c) and c.lower)),
    ("fits_x_capital", lambda c: _first_word_fits(c) * float(not c.lower)),
    ("prev_short_x_unfinished", lambda c: float(_prev_short(c) and _prev_unfinished(c))),
    ("cjk_x_prev_fill", lambda c: _cjk(c) * _prev_fill(c)),
)


def features(c: Ctx) -> list[float]:
    """The values of :data:`FEATURES` at this boundary (the open paragraph's last line, then ``c``)."""
    return [f(c) for _, f in FEATURES]


Node = tuple[int, float, int, int, float]  # feature (-1: a leaf), threshold, left, right, value


@cache
def model() -> tuple[float, tuple[tuple[Node, ...], ...]]:
    """The fitted model from ``weights.json``: a baseline and boosted trees of :data:`FEATURES`."""
    import json

    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    if data.get("features") != [name for name, _ in FEATURES]:
        raise RuntimeError(f"{WEIGHTS.name} was fitted on other features; run bench/fit_weights.py")
    trees = tuple(
        tuple((int(n[0]), float(n[1]), int(n[2]), int(n[3]), float(n[4])) for n in tree)
        for tree in data["trees"]
    )
    return float(data["baseline"]), trees


def boundary(c: Ctx) -> tuple[bool, float, str]:
    """Does the line go on the open paragraph?  With the model's log-odds and the features that weighed most.

    The log-odds are the baseline plus each tree's leaf for this boundary;
    positive, the line joins.  Each step down a tree credits the change of value
    to the feature it asked, and the explanation names the three features with
    the largest credit.
    """
    baseline, trees = model()
    values = features(c)
    credit = [0.0] * len(values)
    score = baseline
    for tree in trees:
        node = tree[0]
        while node[0] >= 0:
            child = tree[node[2] if values[node[0]] <= node[1] else node[3]]
            credit[node[0]] += child[4] - node[4]
            node = child
        score += node[4]
    ranked = sorted(range(len(credit)), key=lambda k: -abs(credit[k]))[:3]
    why = ", ".join(f"{FEATURES[k][0]} {credit[k]:+.1f}" for k in ranked if credit[k])
    return score > 0, score, why


def probability(score: float) -> float:
    """The log-odds as a probability of joining.

    >>> probability(0.0)
    0.5
    """
    return 1 / (1 + math.exp(-score))

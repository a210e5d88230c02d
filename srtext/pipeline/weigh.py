"""Soft evidence weighed: does a line go on the open paragraph, or start a new one?

Where no hard rule of :mod:`srtext.pipeline.rules` knows the answer, the
evidence at a line boundary is soft: a line ending short of the margin, a blank
line, a capital, a first word that would have fitted on the line before.  Each
points one way more or less often; none decides alone.  :func:`boundary`
scores them with small boosted decision trees over named features (a sum of
the trees' leaves, as log-odds), which ``bench/fit_weights.py`` fits on the tuning half of the broad corpus
(never on arxiv-dev or the validation half) and writes to
:mod:`srtext.pipeline.weights` (plain data: tuples that Python loads as one
constant, without a JSON parser on the start-up path) with :func:`weights_module`,
which also writes the same trees out as one function of tests and sums
(``weights.weigh``: no loop, no tuple read, 3.4 times fewer instructions than
walking the tuples, :func:`walk`, which it answers exactly as).
``--explain`` shows the score and the features that weighed most.

>>> names = [name for name, _ in FEATURES]
>>> len(names) == len(set(names)) and "blank_before" in names
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from srtext.lang import HYPHENS
from srtext.pipeline.classify import LineClass, is_indented
from srtext.pipeline.events import Reason
from srtext.pipeline.width import display_width, typeset_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from srtext.pipeline.rules.context import Ctx

_HYPHEN_ENDS = (*HYPHENS, "\u00ad")  # a soft hyphen too

#: The named features, in the order :func:`features` computes them, each with what it asks.
#: All but ``prev_fill``, ``first_word_room`` (ratios in steps of 0.02), ``fill`` (0.05), ``open_lines``
#: and ``paragraph_lines`` (counts) and ``wrapped_at_cw`` (a share) are 0 or 1.
FEATURES: tuple[tuple[str, str], ...] = (
    ("prev_unfinished", "the paragraph's last line ends without a sentence end"),
    ("prev_fill", "the paragraph's last line's width over CW (at most 1.2)"),
    ("prev_dangling", "the paragraph's last line ends on an article, a preposition or a conjunction"),
    ("prev_colon", "the paragraph's last line ends in a colon"),
    ("prev_hyphen", "the paragraph's last line ends in a hyphen"),
    ("after_debris", "formula or table debris was dropped after the paragraph's last line"),
    ("first_word_room", "room left on the line before after this line's first word, over CW (-0.2 to 0.5)"),
    ("lower", "this line starts in lower case"),
    ("digit", "this line starts with a digit"),
    ("blank_before", "a blank line comes before this line"),
    ("page_break", "a page break comes before this line"),
    ("after_marked", "furniture or footnotes were set aside before this line"),
    ("indented", "this line is indented"),
    ("cjk", "this line starts with a CJK character"),
    ("unfinished", "this line ends without a sentence end"),
    ("next_blank", "a blank line or page break comes after this line"),
    ("debris_like", "this line has little prose in it"),
    ("prev_single", "the open paragraph has one line"),
    ("prev_title_like", "the open paragraph is one line that could be a whole heading"),
    ("open_lines", "the open paragraph's lines so far (at most 8)"),
    ("fill", "this line's width over CW (at most 1.2, in steps of 0.05)"),
    ("paragraph_lines", "the document's full lines per plain paragraph end (0: unknown), at most 16"),
    ("wrapped_at_cw", "the document's share of lines wrapped near the margin that end at CW (0 to 1)"),
)
_NAMES = tuple(name for name, _ in FEATURES)


def features(c: Ctx) -> tuple[float, ...]:
    """The values of :data:`FEATURES` at this boundary (the open paragraph's last line, then ``c``)."""
    s = c.state
    assert s is not None
    prev = s.lines[-1].text.rstrip()
    cw = max(c.cur.cw, 1)
    width = typeset_width(prev)
    text = c.text
    first = text.lstrip()[:1]
    words = text.split(None, 1)
    single = len(s.lines) == 1
    nxt = c.nxt
    return (
        float(s.last_cls is LineClass.UNFINISHED),
        round(min(width / cw, 1.2) * 50) / 50,
        float(s.last.dangling),
        float(prev.endswith(":")),
        float(prev.endswith(_HYPHEN_ENDS)),
        float(s.after_debris > 0),
        round(max(-0.2, min((cw - width - 1 - display_width(words[0] if words else "")) / cw, 0.5)) * 50)
        / 50,
        float(c.lower),
        float(first.isdigit()),
        float(c.cur.blank_before),
        float(c.cur.page_break_before),
        float(c.cur.after_marked),
        float(is_indented(text)),
        float("\u2e80" <= first <= "\u9fff"),
        float(c.cls is LineClass.UNFINISHED),
        float(nxt is None or nxt.blank_before or nxt.page_break_before),
        float(c.cur.ev.debris),
        float(single),
        float(single and s.last.title_like),
        float(min(len(s.lines), 8)),
        round(min(c.cur.width / cw, 1.2) * 20) / 20,
        *c.shape,
    )


Node = tuple[int, float, int, int, float]  # feature (-1: a leaf), threshold, left, right, value


@cache
def model() -> tuple[float, tuple[tuple[Node, ...], ...]]:
    """The fitted model of :mod:`srtext.pipeline.weights`: a baseline and trees of :data:`FEATURES`."""
    from srtext.pipeline import weights

    if tuple(name for name, _ in FEATURES) != weights.FEATURES:
        raise RuntimeError("srtext/pipeline/weights.py is fitted on other features; run bench/fit_weights.py")
    return weights.BASELINE, weights.TREES


def weights_module(data: dict[str, Any]) -> str:
    """The text of ``weights.py`` for a fitted model (``bench/fit_weights.py`` writes it).

    The trees as data (``TREES``), then the same trees written out as code
    (``weigh``, :func:`written_out`).

    >>> text = weights_module({"model": "m", "fitted_on": "f", "features": ["a"], "baseline": 1.5,
    ...                        "threshold": -0.8, "trees": [[[0, 0.5, 1, 2, 0.0], [-1, 0.0, 0, 0, 0.25],
    ...                                                      [-1, 0.0, 0, 0, -0.5]]]})
    >>> ns: dict[str, Any] = {}
    >>> exec(text, ns)
    >>> ns["FEATURES"], ns["BASELINE"], ns["TREES"][0][:2]
    (('a',), 1.5, ((0, 0.5, 1, 2, 0.0), (-1, 0.0, 0, 0, 0.25)))
    >>> ns["weigh"]((0.2,)), ns["weigh"]((0.7,)), walk((0.7,), 1.5, ns["TREES"])
    ((1.75, [0.25]), (1.0, [-0.5]), (1.0, [-0.5]))
    """
    nodes = [[(int(n[0]), float(n[1]), int(n[2]), int(n[3]), float(n[4])) for n in t] for t in data["trees"]]
    trees = ",\n".join("    (" + ", ".join(map(repr, tree)) + ",)" for tree in nodes)
    baseline = float(data["baseline"])
    return (
        '"""The fitted model of srtext.pipeline.weigh; bench/fit_weights.py writes it."""\n\n'
        "# fmt: off\n"
        f"MODEL = {data['model']!r}\n"
        f"FITTED_ON = {data['fitted_on']!r}\n"
        f"FEATURES = {tuple(data['features'])!r}\n"
        f"BASELINE = {baseline!r}\n"
        f"THRESHOLD = {float(data['threshold'])!r}\n"
        f"TREES = (\n{trees},\n)\n"
        f"{written_out(baseline, nodes, len(data['features']))}"
    )


def written_out(baseline: float, trees: list[list[Node]], features: int) -> str:
    """The trees as the source of a function, ``weigh(v)``, that answers as :func:`walk` does, and of
    ``score(v)``, its log-odds alone (what a boundary needs unless its reason is read).

    The values are taken out of the tuple once (``_`` those no tree asks);
    each node is a test of its feature against its threshold, each branch adds
    its change of value to the feature's credit (a constant, the same float
    :func:`walk` subtracts) and each leaf its value to the score, in the
    trees' order: the same sums, in the same order, as :func:`walk`'s, without
    its loop and its reads of the tuples.
    """
    names = [f"c{k}" for k in range(features)]
    asked = {node[0] for tree in trees for node in tree}
    out = [
        "",
        "",
        "def weigh(v: tuple[float, ...]) -> tuple[float, list[float]]:",
        '    """TREES as code: the log-odds and each feature\'s credit (srtext.pipeline.weigh.walk)."""',
        f"    {', '.join(f'v{k}' if k in asked else '_' for k in range(features))}, = v",
        f"    {' = '.join(names)} = 0.0",
        f"    s = {baseline!r}",
    ]

    def node(tree: list[Node], at: int, indent: str, credits: bool) -> None:
        feature, threshold, left, right, value = tree[at]
        if feature < 0:
            out.append(f"{indent}s += {value!r}")
            return
        out.append(f"{indent}if v{feature} <= {threshold!r}:")
        for child, head in ((left, None), (right, f"{indent}else:")):
            if head:
                out.append(head)
            if credits:
                out.append(f"{indent}    c{feature} += {tree[child][4] - value!r}")
            node(tree, child, indent + "    ", credits)

    for tree in trees:
        node(tree, 0, "    ", True)
    out.append(f"    return s, [{', '.join(names)}]")
    out += [
        "",
        "",
        "def score(v: tuple[float, ...]) -> float:",
        '    """weigh(v)[0] without the credits: the same leaves added in the same order."""',
        f"    {', '.join(f'v{k}' if k in asked else '_' for k in range(features))}, = v",
        f"    s = {baseline!r}",
    ]
    for tree in trees:
        node(tree, 0, "    ", False)
    out.append("    return s")
    return "\n".join(out) + "\n"


def boundary(c: Ctx) -> tuple[bool, float, Reason]:
    """Does the line go on the open paragraph?  With the model's log-odds and the features that weighed most.

    The log-odds are the baseline plus each tree's leaf for this boundary;
    positive, the line joins.  Each step down a tree credits the change of value
    to the feature it asked, and the explanation names the three features with
    the largest credit: a :class:`Reason`, written out (:func:`why`) only when
    it is read.
    """
    values = features(c)
    score = weigh_score(values)
    return score > 0, score, Reason(why, values)


@lru_cache(maxsize=1 << 14)
def weigh_score(values: tuple[float, ...]) -> float:
    """The log-odds of joining for these feature values, kept for values seen before.

    A pure function of the values: most boundaries of a document share a few
    patterns of evidence.  The trees are asked as ``weights.score``, the code
    :func:`written_out` made of them.
    """
    return _score()(values)


def why(values: tuple[float, ...]) -> str:
    """The three features with most credit for these feature values (``weights.weigh``'s credits)."""
    return credited(_weigh()(values)[1], _NAMES)


def credited(credit: list[float], names: Sequence[str]) -> str:
    """The three features with most credit, each with its credit ("lower -11.6, cjk +6.0").

    >>> credited([0.0, -2.5, 1.0, 0.25, 3.0], "abcde")
    'e +3.0, b -2.5, c +1.0'
    """
    largest = [-abs(x) for x in credit]
    ranked = sorted(range(len(credit)), key=largest.__getitem__)[:3]
    return ", ".join(f"{names[k]} {credit[k]:+.1f}" for k in ranked if credit[k])


@cache
def _score() -> Callable[[tuple[float, ...]], float]:
    """``weights.score``, once :func:`model` has checked the features it was fitted on."""
    model()
    from srtext.pipeline import weights

    return weights.score


@cache
def _weigh() -> Callable[[tuple[float, ...]], tuple[float, list[float]]]:
    """``weights.weigh``, once :func:`model` has checked the features it was fitted on."""
    model()
    from srtext.pipeline import weights

    return weights.weigh


def walk(
    values: tuple[float, ...], baseline: float, trees: tuple[tuple[Node, ...], ...]
) -> tuple[float, list[float]]:
    """The log-odds and each feature's credit, each tree walked from its root to a leaf.

    The log-odds are the baseline plus each tree's leaf; each step down a tree
    credits the change of value to the feature it asked.  ``weights.weigh``
    gives the same floats (:func:`written_out`).
    """
    credit = [0.0] * len(values)
    score = baseline
    for tree in trees:
        node = tree[0]
        while node[0] >= 0:
            child = tree[node[2] if values[node[0]] <= node[1] else node[3]]
            credit[node[0]] += child[4] - node[4]
            node = child
        score += node[4]
    return score, credit

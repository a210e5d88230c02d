"""Fit the weights of srtext's soft boundary decision (srtext/pipeline/weigh.py) on the broad corpus.

    pip install -e '.[fit]'
    python bench/fit_weights.py            # fit on the tuning half, judge on the validation half,
                                           # write srtext/pipeline/weights.py
    python bench/fit_weights.py --dry-run  # the same figures, weights.py left as it is
    python bench/fit_weights.py --real corpora/real/full  # also the real corpus's tuning families
    python bench/fit_weights.py --geometry --real corpora/real/full  # the model for lines with geometry,
                                           # srtext/pipeline/weights_geometry.py

Labels come from the ground truth: every pdftotext line is aligned word by word
with the truth (one paragraph per line), and a boundary between the open
paragraph's last line and the next line is a join when both sides land in the same
truth paragraph.  Only boundaries that no hard rule decides are used (those whose
rule is ``weighed_boundary``, or one of the soft rules it replaced: :data:`SOFT`).
The fit uses the tuning half only (corpora/broadgen/split.py); the validation half
is only judged, and arxiv-dev is never read.  With ``--real``, the real corpus's
tuning families (corpora/real/split.tsv) join the tuning half and its validation
families the judged half; each corpus then weighs as much as the other in the fit
(every boundary weighted by the inverse of its corpus's count), so that the
real corpus's many lines do not drown the broad corpus's kinds of document.  scikit-learn is a dev-only extra:
nothing of it is imported when srtext runs.

With ``--geometry`` it fits the second model, :mod:`srtext.pipeline.weigh_geometry`,
for lines that have a place on the page: the real corpus's tuning families only,
each document read with its ``ID.bbox.html`` (pdftotext ``-bbox-layout``) as
srtext reads a PDF, at every boundary the rule ``weighed_on_the_page`` or a rule
after it in its table decides (:func:`geometry_boundaries`), each family weighing
as much as another.  Its two thresholds (after a line that ends a sentence, and
after one that does not) are chosen on scores out of the fit: each source of
documents (the PyPI READMEs, the Debian Handbook, ...) scored by trees fitted on
the others, so that a threshold is judged on documents its trees did not see.
The validation families are only judged.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import regex

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.broad import Doc, load  # noqa: E402
from srtext import Config  # noqa: E402
from srtext.api import recover  # noqa: E402
from srtext.pipeline import recover as recover_module  # noqa: E402
from srtext.pipeline import weigh  # noqa: E402
from srtext.pipeline.lines import text_lines  # noqa: E402
from srtext.pipeline.rules.context import JOIN, Ctx  # noqa: E402

BROAD = ROOT / "corpora" / "broad"
#: The rules whose answers the model weighs (the weighed rule, and the soft rules it replaced).
SOFT = {
    "weighed_boundary",
    "after_unfinished_line",
    "blank_after_finished_line",
    "sentence_at_the_margin",
}
#: Matching runs shorter than this many words are taken for chance.
MIN_RUN = 4
# Not srtext.eval.scores.words: that splits "UTF-8编码" before the ideographs, and the
# labels the committed weights were fitted on came from this splitting.
_TOKEN = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]|[\p{L}\p{N}]+")


def tokens(text: str) -> list[str]:
    """Words (CJK: characters) of a text, in lower case."""
    return [t.lower() for t in _TOKEN.findall(text)]


def align(text: str, truth: str) -> dict[int, tuple[int, int]]:
    """For each input line number, the truth paragraphs of its first and last aligned words."""
    seq: list[str] = []
    line_of: list[int] = []
    for line in text_lines(text):
        for t in tokens(line.text):
            seq.append(t)
            line_of.append(line.number)
    tseq: list[str] = []
    para_of: list[int] = []
    for i, par in enumerate(truth.splitlines()):
        for t in tokens(par):
            tseq.append(t)
            para_of.append(i)
    found: dict[int, tuple[int, int]] = {}
    matcher = difflib.SequenceMatcher(None, seq, tseq, autojunk=False)
    counted: dict[int, int] = {}
    for a, b, size in matcher.get_matching_blocks():
        if size < MIN_RUN:
            continue  # a word or two matched by chance: a figure's label, a table's cell
        for k in range(size):
            n, p = line_of[a + k], para_of[b + k]
            first, _ = found.get(n, (p, p))
            found[n] = (first, p)
            counted[n] = counted.get(n, 0) + 1
    per_line = Counter(line_of)
    return {n: v for n, v in found.items() if 2 * counted[n] >= per_line[n]}


def boundaries(text: str, truth: str) -> list[tuple[list[float], int, int]]:
    """(features, label, srtext's answer) at every soft boundary of one document."""
    where = align(text, truth)
    seen: list[tuple[list[float], int, int]] = []
    original = recover_module.decide

    def recording(c: Ctx) -> tuple[str, str, str]:
        verb, reason, rule = original(c)
        if rule in SOFT and c.state is not None:
            before = where.get(c.state.lines[-1].number)
            after = where.get(c.cur.line.number)
            if before is not None and after is not None:
                label = int(before[1] == after[0])
                seen.append((weigh.features(c), label, int(verb == JOIN)))
        return verb, reason, rule

    recover_module.decide = recording
    try:
        for _ in recover(text_lines(text), Config(window=None)):
            pass
    finally:
        recover_module.decide = original
    return seen


def source_of(family: str) -> str:
    """The source of a real family's documents, whatever printed them ("pypi-md-weasy-book": "pypi-md").

    >>> source_of("pypi-md-weasy-book"), source_of("python-docs-chromium"), source_of("latex-texdoc")
    ('pypi-md', 'python-docs', 'latex-texdoc')
    """
    return regex.sub(r"-(?:weasy-\w+|chromium)\Z", "", family)


def geometry_boundaries(job: tuple[str, str, str]) -> list[tuple[tuple[float, ...], int]]:
    """(features, label) at every boundary the geometry model weighs in one document with its boxes.

    The boundaries are those that reach ``weighed_on_the_page`` in their table
    (decided by a rule after it: the rules decide without it, so that the fit does
    not depend on the weights it replaces), in a paragraph or a heading, on a
    line with geometry: what the model is asked when srtext runs.
    """
    from srtext.geometry.bbox import align as align_boxes
    from srtext.geometry.bbox import parse_bbox
    from srtext.pipeline import rules, weigh_geometry
    from srtext.pipeline.events import BODY, HEADING
    from srtext.pipeline.rules import geometry as geometry_rules
    from srtext.pipeline.vocabulary import Vocabulary
    from srtext.recovery import recover as recover_geometry

    text, truth, bbox = job
    read, boxes = parse_bbox(Path(bbox).read_text(encoding="utf-8", errors="replace"))
    geometry = align_boxes(text, read, boxes)
    after = [
        {r.__name__ for r in table[table.index(rules.weighed_on_the_page) :]} for table in rules._BY_BAND
    ]
    where = align(text, truth)
    seen: list[tuple[tuple[float, ...], int]] = []
    original = recover_module.decide

    def recording(c: Ctx) -> tuple[str, str, str]:
        verb, reason, rule = original(c)
        s = c.state
        if (
            s is not None
            and s.kind in (BODY, HEADING)
            and c.cur.ev.geo is not None
            and rule in after[not c.short]
        ):
            before, here = where.get(s.lines[-1].number), where.get(c.cur.line.number)
            if before is not None and here is not None:
                seen.append(
                    (
                        weigh_geometry.all_features(c, geometry_rules._geo(c) is not None),
                        int(before[1] == here[0]),
                    )
                )
        return verb, reason, rule

    # The rules decide without the weighing, as before it was fitted: the boundaries and their
    # features do not depend on the weights in place, so that a fit is the same whatever it replaces.
    tables = rules._BY_BAND
    recover_module.decide = recording
    rules._BY_BAND = tuple(tuple(r for r in table if r is not rules.weighed_on_the_page) for table in tables)
    try:
        for _ in recover_geometry(
            text_lines(text), Config(window=None), vocabulary=Vocabulary(None), geometry=geometry
        ):
            pass
    finally:
        recover_module.decide = original
        rules._BY_BAND = tables
    return seen


def fit_geometry(args: argparse.Namespace) -> None:
    """Fit, judge and write the geometry model (``--geometry``): see the module's docstring."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier

    from srtext.pipeline import weigh_geometry

    if args.real is None:
        raise SystemExit("--geometry needs --real (the real corpus, with each document's .bbox.html)")
    real, _ = load(args.real)
    docs = [d for d in real if (args.real / d.family / f"{d.name}.bbox.html").exists()]
    data: dict[str, tuple[list[tuple[float, ...]], list[int], list[str]]] = {}
    for split in ("tune", "validate"):
        part = [d for d in docs if d.split == split]
        jobs = [(d.source, d.truth, str(args.real / d.family / f"{d.name}.bbox.html")) for d in part]
        X: list[tuple[float, ...]] = []
        y: list[int] = []
        fam: list[str] = []
        with ProcessPoolExecutor(2) as pool:
            for d, rows in zip(part, pool.map(geometry_boundaries, jobs, chunksize=2), strict=True):
                X += [f for f, _ in rows]
                y += [label for _, label in rows]
                fam += [d.family] * len(rows)
        data[split] = (X, y, fam)
    X, y, fam = data["tune"]
    Xa, ya = np.array(X), np.array(y)
    count = Counter(fam)
    weight = np.array([1.0 / count[f] for f in fam])
    weight *= len(weight) / weight.sum()
    source = np.array([source_of(f) for f in fam])

    def fitted(rows: Any, labels: Any, w: Any) -> Any:
        return HistGradientBoostingClassifier(
            max_iter=args.trees, max_depth=args.depth, early_stopping=False, random_state=0
        ).fit(rows, labels, sample_weight=w)

    held_out = np.zeros(len(y))
    for name in sorted(set(source)):
        out = source == name
        held_out[out] = fitted(Xa[~out], ya[~out], weight[~out]).decision_function(Xa[out])
    unfinished = Xa[:, 0] > 0.5  # prev_unfinished, the first feature
    grid = [k / 20 for k in range(-60, 61)]

    def errors(scores: Any, labels: Any, keep: Any, t: float) -> tuple[int, int]:
        joins = scores > t
        return int((joins & (labels == 0) & keep).sum()), int((~joins & (labels == 1) & keep).sum())

    # Each threshold the one with the fewest errors out of the fit; after an unfinished line a
    # false start breaks a sentence as well as a paragraph: it counts twice.
    # With --thresholds, the two given (chosen end to end on the tuning families: bench/fit_weights.py's
    # docstring).
    finished_t = min(grid, key=lambda t: (sum(errors(held_out, ya, ~unfinished, t)), abs(t)))
    unfinished_t = min(
        grid,
        key=lambda t: (
            errors(held_out, ya, unfinished, t)[0] + 2 * errors(held_out, ya, unfinished, t)[1],
            abs(t),
        ),
    )
    print(f"out of the fit: {finished_t:+.2f} after a sentence's end, {unfinished_t:+.2f} mid-sentence")
    if args.thresholds:
        finished_t, unfinished_t = args.thresholds
    model = fitted(Xa, ya, weight)

    def judged(scores: Any, labels: Any, rows: Any) -> str:
        cut = np.where(rows[:, 0] > 0.5, unfinished_t, finished_t)
        joins = scores > cut
        false_joins, false_starts = int((joins & (labels == 0)).sum()), int((~joins & (labels == 1)).sum())
        return f"{false_joins} false joins, {false_starts} false starts"

    Xv, yv = np.array(data["validate"][0]), np.array(data["validate"][1])
    print(
        f"boundaries: tuning {len(y)} ({int(ya.sum())} joins), validation {len(yv)} ({int(yv.sum())} joins)"
    )
    print(f"thresholds: {finished_t:+.2f} after a sentence's end, {unfinished_t:+.2f} mid-sentence")
    print(f"tuning, each source scored by trees fitted on the others: {judged(held_out, ya, Xa)}")
    if len(yv):
        print(f"validation (judged only): {judged(model.decision_function(Xv), yv, Xv)}")
    if not args.dry_run:
        fitted_on = (
            f"corpora/real tuning families with each document's pdftotext -bbox-layout boxes: "
            f"{len(set(fam))} families, {len(y)} boundaries (each family weighing as much as another)"
        )
        names = list(weigh_geometry.NAMES)
        out = _written(args, model, "--geometry", fitted_on, names, finished_t, unfinished_t)
        _write("weights_geometry.py", weigh_geometry.weights_module(out))


def _trees(model: Any) -> list[list[list[float]]]:
    """The fitted trees as lists of nodes (feature, threshold, left, right, value; feature -1: a leaf)."""
    trees = []
    for (predictor,) in model._predictors:
        trees.append(
            [
                [
                    -1 if n["is_leaf"] else int(n["feature_idx"]),
                    round(float(n["num_threshold"]), 6),
                    int(n["left"]),
                    int(n["right"]),
                    round(float(n["value"]), 6),
                ]
                for n in predictor.nodes
            ]
        )
    return trees


def _stump(finished: float, unfinished: float) -> list[list[float]]:
    """The second threshold as one more tree: a stump on prev_unfinished (feature 0) that moves the
    score of a boundary after an unfinished line by the difference of the two."""
    return [[0, 0.5, 1, 2, 0.0], [-1, 0.0, 0, 0, 0.0], [-1, 0.0, 0, 0, round(finished - unfinished, 6)]]


def _collect(docs: list[Doc]) -> tuple[list[list[float]], list[int], list[int]]:
    X: list[list[float]] = []
    y: list[int] = []
    old: list[int] = []
    with ProcessPoolExecutor(2) as pool:
        for rows in pool.map(boundaries, [d.source for d in docs], [d.truth for d in docs], chunksize=4):
            for f, label, answer in rows:
                X.append(f)
                y.append(label)
                old.append(answer)
    return X, y, old


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true", help="report, do not write weights.py")
    ap.add_argument("--trees", type=int, default=50, help="boosting rounds (default 50)")
    ap.add_argument("--depth", type=int, default=4, help="the trees' depth (default 4)")
    ap.add_argument(
        "--fewer-breaks",
        action="store_true",
        help="when no threshold beats the rules on both errors, take the best that breaks no more sentences",
    )
    ap.add_argument("--real", type=Path, help="the real corpus (corpora/real/full): its tuning families too")
    ap.add_argument(
        "--geometry",
        action="store_true",
        help="fit the model for lines with geometry (srtext/pipeline/weights_geometry.py) "
        "on --real's tuning families",
    )
    ap.add_argument(
        "--thresholds",
        type=float,
        nargs=2,
        metavar=("FINISHED", "UNFINISHED"),
        help="with --geometry: these thresholds (after a sentence's end, mid-sentence), "
        "not those chosen out of the fit",
    )
    args = ap.parse_args()
    if args.geometry:
        fit_geometry(args)
        return
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression

    docs, _notes = load(BROAD)
    tune = [d for d in docs if d.split == "tune"]
    validate = [d for d in docs if d.split == "validate"]
    X, y, old = _collect(tune)
    Xv, yv, oldv = _collect(validate)
    weight = [1.0] * len(y)
    corpus = [0] * len(y)  # which corpus each boundary comes from: 0 broad, 1 real
    fitted_on = f"corpora/broad tuning half: {len(tune)} documents, {len(y)} boundaries"
    if args.real:
        real, _ = load(args.real)
        real_tune = [d for d in real if d.split == "tune"]
        rX, ry, rold = _collect(real_tune)
        rXv, ryv, roldv = _collect([d for d in real if d.split == "validate"])
        weight = [1.0] * len(y) + [len(y) / max(len(ry), 1)] * len(ry)
        corpus += [1] * len(ry)
        fitted_on += f"; corpora/real tuning families: {len(real_tune)} documents, {len(ry)} boundaries"
        fitted_on += " (each corpus weighing as much as the other)"
        X, y, old = X + rX, y + ry, old + rold
        Xv, yv, oldv = Xv + rXv, yv + ryv, oldv + roldv
    lr = LogisticRegression(max_iter=3000).fit(X, y, sample_weight=weight)
    model = HistGradientBoostingClassifier(
        max_iter=args.trees, max_depth=args.depth, early_stopping=False, random_state=0
    ).fit(X, y, sample_weight=weight)

    def accuracy(pred: list[int], truth: list[int]) -> float:
        return 100 * sum(p == t for p, t in zip(pred, truth, strict=True)) / max(len(truth), 1)

    def counts(pred: list[int], truth: list[int]) -> tuple[int, int]:
        joins = sum(p == 1 and t == 0 for p, t in zip(pred, truth, strict=True))
        return joins, sum(p == 0 and t == 1 for p, t in zip(pred, truth, strict=True))

    def errors(pred: list[int], truth: list[int]) -> str:
        joins, starts = counts(pred, truth)
        return f"{accuracy(pred, truth):.2f}% right ({joins} false joins, {starts} false starts)"

    # Two thresholds, one after a line that ends mid-sentence and one after a line that ends a
    # sentence.  A false start after an unfinished line breaks a sentence, a false join only
    # merges two paragraphs: after an unfinished line the threshold is, of those at which the
    # trees make no more false joins and no more false starts than the rules they replace, the
    # one with the fewest errors (the trees must not buy fewer merges with broken sentences).
    # After a line that ends a sentence a false start breaks none: the threshold with the fewest
    # errors.  Errors are counted with the fit's weights (each corpus weighing as much as the other).
    raw, raw_v = model.decision_function(X), model.decision_function(Xv)

    def at(thresholds: tuple[float, float], scores: Any, rows: list[list[float]]) -> list[int]:
        finished, unfinished = thresholds
        return [int(s > (unfinished if r[0] else finished)) for s, r in zip(scores, rows, strict=True)]

    def weighed(pred: list[int], truth: list[int], keep: list[bool]) -> tuple[float, float]:
        rows = [(p, t, w) for p, t, w, k in zip(pred, truth, weight, keep, strict=True) if k]
        joins = sum(w for p, t, w in rows if p == 1 and t == 0)
        return joins, sum(w for p, t, w in rows if p == 0 and t == 1)

    after_unfinished = [bool(r[0]) for r in X]
    after_finished = [not k for k in after_unfinished]
    grid = [k / 20 for k in range(-80, 81)]
    rules_joins, rules_starts = weighed(old, y, after_unfinished)

    def breaks(pred: list[int]) -> list[int]:
        """False starts after unfinished lines (sentences broken), per corpus."""
        counted = [0, 0]
        for p, t, c, k in zip(pred, y, corpus, after_unfinished, strict=True):
            counted[c] += k and p == 0 and t == 1
        return counted

    rules_breaks = breaks(old)
    # Each threshold's false joins and starts after unfinished lines, and whether it breaks no
    # more sentences than the rules in either corpus.
    scored = []
    for t in grid:
        pred = [int(s > t) for s in raw]
        joins, starts = weighed(pred, y, after_unfinished)
        fewer = all(a <= b for a, b in zip(breaks(pred), rules_breaks, strict=True))
        scored.append((t, joins, starts, fewer))
    # Of those no worse than the rules on both errors, the fewest errors; with --fewer-breaks, when
    # none is, of those that break no more sentences.
    candidates = [(j + s, t) for t, j, s, fewer in scored if fewer and j <= rules_joins]
    if not candidates and args.fewer_breaks:
        candidates = [(j + s, t) for t, j, s, fewer in scored if fewer]
    best = min(candidates) if candidates else None
    if best is None:
        print(
            f"  the rules after unfinished lines: {rules_joins:.0f} false joins, "
            f"{rules_starts:.0f} false starts",
            file=sys.stderr,
        )
        raise SystemExit(
            "no threshold makes the trees as good as the rules on both errors: weights not written"
        )
    unfinished_threshold = best[1]
    finished_threshold = min(
        grid, key=lambda t: (sum(weighed([int(s > t) for s in raw], y, after_finished)), abs(t))
    )
    thresholds = (finished_threshold, unfinished_threshold)
    print(f"boundaries: tuning {len(y)} ({sum(y)} joins), validation {len(yv)} ({sum(yv)} joins)")
    print(f"what srtext decided:  tuning {errors(old, y)}; validation {errors(oldv, yv)}")
    for name, m in (("logistic regression", lr), (f"{args.trees} boosted trees", model)):
        t_, v_ = [int(v) for v in m.predict(X)], [int(v) for v in m.predict(Xv)]
        print(f"{name}, log-odds 0: tuning {errors(t_, y)}; validation {errors(v_, yv)}")
    print(
        f"{args.trees} boosted trees, log-odds {finished_threshold:+.2f} after a sentence's end, "
        f"{unfinished_threshold:+.2f} mid-sentence: tuning {errors(at(thresholds, raw, X), y)}; "
        f"validation {errors(at(thresholds, raw_v, Xv), yv)}"
    )
    names = [name for name, _ in weigh.FEATURES]
    if not args.dry_run:
        data = _written(args, model, "", fitted_on, names, finished_threshold, unfinished_threshold)
        _write("weights.py", weigh.weights_module(data))


def _written(
    args: argparse.Namespace,
    model: Any,
    option: str,
    fitted_on: str,
    names: list[str],
    finished: float,
    unfinished: float,
) -> dict[str, Any]:
    """The data of a weights module: the fitted trees, their baseline moved by the threshold after a
    sentence's end, and the second threshold as one more tree: a stump on prev_unfinished that moves
    the score of a boundary after an unfinished line by the difference of the two."""
    return {
        "model": f"{args.trees} gradient-boosted trees of depth {args.depth} (scikit-learn "
        f"HistGradientBoostingClassifier), bench/fit_weights.py{' ' + option if option else ''}",
        "fitted_on": fitted_on,
        "features": names,
        "baseline": round(float(model._baseline_prediction.ravel()[0]) - finished, 6),
        "threshold": finished,
        "trees": [*_trees(model), _stump(finished, unfinished)],
    }


def _write(name: str, text: str) -> None:
    target = ROOT / "srtext" / "pipeline" / name
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""The weighed boundary decision (issue 21): its features, its fitted trees, its explanation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from srtext.pipeline import weigh, weights
from srtext.pipeline.classify import Band, classify_line
from srtext.pipeline.events import BODY, Open
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.lines import Line
from srtext.pipeline.rules.context import Ctx, Item

ROOT = Path(__file__).resolve().parents[1]


def _item(text: str, number: int, *, cw: int = 60, blank: bool = False) -> Item:
    width = len(text)
    band = Band.SHORT if width < 0.9 * cw else Band.FULL
    return Item(
        Line(number, 1, text), width, cw, classify_line(text), band, blank, False, False, Evidence(text)
    )


def _ctx(before: str, line: str, *, blank: bool = False) -> Ctx:
    prev = _item(before, 1)
    state = Open(BODY, prev.line, prev.cls, prev.band, prev.ev)
    return Ctx(_item(line, 2, blank=blank), None, state)


def test_the_fitted_trees_ask_the_features_srtext_computes() -> None:
    assert tuple(name for name, _ in weigh.FEATURES) == weights.FEATURES
    assert "tuning half" in weights.FITTED_ON
    _baseline, trees = weigh.model()
    assert len(trees) == len(weights.TREES) > 0
    for tree in trees:
        for feature, _threshold, left, right, _value in tree:
            assert feature < len(weigh.FEATURES)
            assert feature < 0 or (0 < left < len(tree) and 0 < right < len(tree))


def test_a_sentence_going_on_in_lower_case_joins_and_says_why() -> None:
    joins, score, why = weigh.boundary(
        _ctx("The drives were tested for a week before they held any of", "the data, and then")
    )
    assert joins and score > 0
    assert "lower" in str(why) or "prev_unfinished" in str(why)


def test_a_blank_line_after_a_short_finished_line_weighs_towards_a_new_paragraph() -> None:
    short_end = weigh.boundary(_ctx("It ended there.", "A new paragraph begins here with words", blank=True))
    running = weigh.boundary(
        _ctx("The drives were tested for a week before they held any of", "the data, and then")
    )
    assert short_end[1] < running[1]


def test_features_are_numbers_for_every_boundary() -> None:
    c = _ctx("一个很长的中文句子在这里结束了没有标点", "下一行继续写")
    values = weigh.features(c)
    assert len(values) == len(weigh.FEATURES)
    assert all(isinstance(v, float) for v in values)
    assert values[[n for n, _ in weigh.FEATURES].index("cjk")] == 1.0


def test_weights_fitted_on_other_features_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(weights, "FEATURES", ("gone",))
    weigh.model.cache_clear()
    try:
        with pytest.raises(RuntimeError, match=r"bench/fit_weights\.py"):
            weigh.model()
    finally:
        weigh.model.cache_clear()


def _fit_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fit_weights", ROOT / "bench" / "fit_weights.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_weights"] = module
    spec.loader.exec_module(module)
    return module


def test_labels_come_from_the_truth_paragraph_of_each_line() -> None:
    """The fit's labels: a line's first and last words found in the truth, by runs of 4 words or more."""
    fit = _fit_script()
    text = (
        "Rivers move their beds slowly over many years and\n"
        "the old maps show where they ran before the dams.\n"
        "Page 3\n"
        "Farmers kept records of the floods in every village\n"
        "and those records are still read by engineers today.\n"
    )
    truth = (
        "Rivers move their beds slowly over many years and the old maps show where they ran "
        "before the dams.\n"
        "Farmers kept records of the floods in every village and those records are still read "
        "by engineers today.\n"
    )
    where = fit.align(text, truth)
    assert where[1] == (0, 0) and where[2] == (0, 0)
    assert 3 not in where  # the page number is in no paragraph of the truth
    assert where[4] == (1, 1) and where[5] == (1, 1)


def test_the_weighing_reads_the_documents_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """The document's shape (width.WidthStats.document_shape) reaches each weighed boundary."""
    from srtext import Config
    from srtext.api import recover
    from srtext.pipeline.lines import text_lines

    seen: list[float] = []
    original = weigh.features

    def recording(c: Ctx) -> tuple[float, ...]:
        values = original(c)
        seen.append(values[[n for n, _ in weigh.FEATURES].index("paragraph_lines")])
        assert values[-2:] == c.shape
        return values

    monkeypatch.setattr(weigh, "features", recording)
    full = "The crew checked every valve on the line before the spring thaw had"
    para = [full, full, "set in, and they wrote down what they found there.", ""]
    short = [full, "and it held.", ""]
    text = "\n".join((para + short) * 6 + [full, "Then came the rest. It went on.", full, "and so on."])
    list(recover(text_lines(text), Config(window=None)))
    assert seen and all(v == seen[0] for v in seen)
    assert seen[0] == 1.5  # twenty full lines over fourteen plain ends, in steps of a half


def test_a_boundary_mid_sentence_has_its_own_threshold() -> None:
    """The last tree is a stump on prev_unfinished: the second threshold (bench/fit_weights.py)."""
    last = weights.TREES[-1]
    assert len(last) == 3 and last[0][0] == 0 and last[1][0] == last[2][0] == -1

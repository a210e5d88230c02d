"""Dehyphenation: hand-written hard cases, and the labelled sets from the corpora and arxiv-dev.

The labelled sets come from pdftotext -raw and -layout output, where line-end
hyphens are still there, with each answer read off the ground truth
(bench.hyphenset).  The issue's bar: at least 99% right, overall and per language.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.hyphenset import (
    Case,
    always_join,
    iter_arxiv_groups,
    iter_corpus_groups,
    read_hand_cases,
    score,
)
from srtext.pipeline.hyphen import Dehyphenator, dehyphenate
from srtext.pipeline.vocabulary import Vocabulary
from tests.conftest import ARXIV, ROOT

HAND = Path(__file__).parent / "hyphens"
XFAIL: dict[str, str] = {}


def _hand() -> list[Case]:
    return [c for p in sorted(HAND.glob("*.tsv")) for c in read_hand_cases(p, p.stem)]


def _param(c: Case) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=XFAIL[c.source])] if c.source in XFAIL else []
    return pytest.param(c, id=c.source, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in _hand()])
def test_hand_written_case(case: Case) -> None:
    joint = Dehyphenator(Vocabulary(case.lang)).joint
    assert dehyphenate(case.left, case.right, joint) == case.expected


def test_hand_cases_are_not_all_joins() -> None:
    answers = {c.answer for c in _hand()}
    assert answers == {"join", "keep", "space"}
    baseline = sum(dehyphenate(c.left, c.right, always_join) == c.expected for c in _hand())
    assert baseline < len(_hand()) * 0.7  # the hard cases are hard for the paper's rule


def _check(groups: list[tuple[str, list[Case], list[str], int]], minimum: int) -> None:
    tallies, wrong = score([(cases, lines) for _name, cases, lines, _u in groups])
    assert sum(t.total for t in tallies.values()) >= minimum
    for lang, t in tallies.items():
        assert t.accuracy >= 0.99, (lang, t, wrong)
        assert t.right >= t.baseline, lang


def test_corpus_set_is_decided_at_least_99_percent_per_language() -> None:
    groups = list(iter_corpus_groups(ROOT / "corpora" / "latex"))
    assert {c.lang for g in groups for c in g[1]} == {"en", "de", "sr", "ru"}  # zh has no hyphens
    _check(groups, 500)


@pytest.mark.skipif(not ARXIV.exists(), reason="arxiv-dev not present")
def test_arxiv_raw_set_is_decided_at_least_99_percent() -> None:
    groups = list(iter_arxiv_groups(ARXIV))
    if not groups:
        pytest.skip("pdftotext not installed")
    _check(groups, 250)


def test_the_document_decides_before_the_lexicon() -> None:
    v = Vocabulary("en")
    v.add("the ElcMgnIntAct term and the co-operation of the parts")
    joint = Dehyphenator(v).joint
    assert dehyphenate("the ElcMgn-", "IntAct term", joint) == "the ElcMgnIntAct term"
    assert dehyphenate("the co-", "operation", joint) == "the co-operation"


def test_the_lexicon_is_not_opened_without_a_hyphen() -> None:
    d = Dehyphenator(Vocabulary())
    assert dehyphenate("no hyphen", "here", d.joint) == "no hyphen here"
    assert d._lexicon is False

"""The rules' guards (srtext.pipeline.rules.guards) pass wherever their rule answers.

A rule whose guard fails is not asked; these tests ask it anyway, on every line
of the case files and of every fifth document of the broad corpus, and find
that it answers nothing there.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from srtext import Config
from srtext.api import recover
from srtext.geometry.bbox import read_xhtml
from srtext.pipeline import recover as machine
from srtext.pipeline import rules
from srtext.pipeline.lines import text_lines
from srtext.pipeline.rules.context import Ctx
from srtext.pipeline.rules.guards import GEOMETRY, SHORT, facts, first_facts, passes

ROOT = Path(__file__).parent.parent
CASES = sorted((ROOT / "tests" / "cases").glob("*.in"))
BROAD = sorted((ROOT / "corpora" / "broad").glob("*/*.pdftotext.txt"))[::5]


@contextmanager
def checked(found: list[str], asked: list[int]) -> Iterator[None]:
    """The recovery, each line also asked the rules its guards skip: those that answer go in ``found``."""
    decide = machine.decide

    def checking(c: Ctx) -> tuple[str, str, str]:
        f = facts(c)
        table = (rules._BY_BAND if f & GEOMETRY else rules._BY_BAND_TEXT)[0 if f & SHORT else 1]
        for rule in table:
            guard = rules.GUARDS.get(rule)
            if guard is not None and not passes(guard, f):
                asked[0] += 1
                if rule(c) is not None:
                    found.append(f"{rule.__name__}: {c.text!r}")
        return decide(c)

    machine.decide = checking
    try:
        yield
    finally:
        machine.decide = decide


def _run(text: str, geometry: object = None) -> None:
    for _ in recover(text_lines(text), Config(), geometry=geometry):  # type: ignore[arg-type]
        pass


@pytest.mark.parametrize("part", range(4))
def test_no_skipped_rule_answers_on_the_cases_and_the_broad_corpus(part: int) -> None:
    found: list[str] = []
    asked = [0]
    with checked(found, asked):
        for case in CASES[part::4]:
            text, geometry = read_xhtml(case.read_text(encoding="utf-8"))
            _run(text, geometry)
        for path in BROAD[part::4]:
            _run(path.read_text(encoding="utf-8"))
    assert not found, found[:5]
    assert asked[0] > 1000  # the guards were asked


def test_every_guard_names_a_rule_of_the_tables() -> None:
    assert set(rules.GUARDS) <= set(rules.RULES)
    assert not set(rules.GUARDS) & rules.GEOMETRY_RULES  # those are skipped without geometry already


@pytest.mark.parametrize("first", ["", "a", "A", "3", "(", "-", "•", "\uf0b7", "定", "v", "#", " "])
def test_first_facts_are_kept_once_known(first: str) -> None:
    assert first_facts(first) == first_facts(first)


def test_the_beginnings_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from srtext.pipeline.rules import guards

    monkeypatch.setattr(guards, "_FIRSTS", {})
    monkeypatch.setattr(guards, "KEPT", 3)
    facts_of = [guards.first_facts(chr(0x4E00 + k) + "x") for k in range(10)]
    assert len(guards._FIRSTS) == 3
    assert facts_of == [guards.first_facts(chr(0x4E00 + k) + "x") for k in range(10)]

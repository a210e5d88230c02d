"""The recovery's rules: each one named, documented, and made by a case file where it fires."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from srtext import Config
from srtext.api import recover
from srtext.pipeline.events import Decision
from srtext.pipeline.lines import text_lines
from srtext.pipeline.recover import STEPS
from srtext.pipeline.rules import RULES

CASES = sorted((Path(__file__).parent / "cases").glob("*.in"))


@functools.cache
def fired() -> dict[str, set[str]]:
    """Each rule or step name, to the case files in which it decides a line."""
    names: dict[str, set[str]] = {}
    for case in CASES:
        text = case.read_text(encoding="utf-8")
        for event in recover(text_lines(text), Config()):
            if isinstance(event, Decision):
                for name in event.rule.split(" > "):
                    names.setdefault(name, set()).add(case.stem)
    return names


@pytest.mark.parametrize("name", [r.__name__ for r in RULES] + list(STEPS))
def test_every_rule_fires_in_a_case_file(name: str) -> None:
    assert fired().get(name), f"no case in tests/cases/ is decided by {name}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_every_rule_says_why(rule: object) -> None:
    doc = getattr(rule, "__doc__", None) or ""
    assert len(doc.split()) >= 5, "a rule's docstring is its reason"


def test_every_decision_of_the_default_mode_names_its_rule() -> None:
    text = (Path(__file__).parent / "cases" / "worked-example.in").read_text(encoding="utf-8")
    decisions = [e for e in recover(text_lines(text), Config()) if isinstance(e, Decision)]
    known = {r.__name__ for r in RULES} | set(STEPS) | {"empty_line"}
    for d in decisions:
        parts = d.rule.split(" > ")
        assert all(p in known or p.startswith("pages.") for p in parts), d.rule

"""The recovery's rules: each one named, documented, and made by a case file where it fires."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from srtext import Config, SentenceRecovery
from srtext.api import recover
from srtext.geometry.bbox import read_xhtml
from srtext.pipeline.events import Decision
from srtext.pipeline.lines import text_lines
from srtext.pipeline.names import known, rule_names
from srtext.pipeline.rules import RULES
from srtext.pipeline.steps import line_limit

CASES = sorted((Path(__file__).parent / "cases").glob("*.in"))
PDF_CASES = sorted((Path(__file__).parent / "cases").glob("*.pdf"))


@functools.cache
def fired() -> dict[str, set[str]]:
    """Each rule or step name, to the case files in which it decides a line."""
    names: dict[str, set[str]] = {}
    for case in CASES:
        text, geometry = read_xhtml(case.read_text(encoding="utf-8"))  # geometry-*.in: bbox XHTML
        for event in recover(text_lines(text), Config(), geometry=geometry):
            if isinstance(event, Decision):
                for name in event.rule.split(" > "):
                    names.setdefault(name, set()).add(case.stem)
    for pdf in PDF_CASES:  # read as srtext reads a PDF: pdftotext, or pypdf when it is not installed
        for decision in SentenceRecovery(pdf).decisions:
            for name in decision.rule.split(" > "):
                names.setdefault(name, set()).add(pdf.stem)
    return names


# A paragraph of 5,000 lines is the memory bound's case, not a document's: test_robustness makes one;
# tests/test_references.py drops a list's heading with it.
NOT_IN_CASES = {line_limit.__name__, "heading_dropped_with_its_list", "empty_line"}


@pytest.mark.parametrize("name", [n for n in rule_names() if n not in NOT_IN_CASES])
def test_every_rule_fires_in_a_case_file(name: str) -> None:
    assert fired().get(name), f"no case in tests/cases/ is decided by {name}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_every_rule_says_why(rule: object) -> None:
    doc = getattr(rule, "__doc__", None) or ""
    assert len(doc.split()) >= 5, "a rule's docstring is its reason"


def test_every_decision_of_the_default_mode_names_its_rule() -> None:
    text = (Path(__file__).parent / "cases" / "worked-example.in").read_text(encoding="utf-8")
    decisions = [e for e in recover(text_lines(text), Config()) if isinstance(e, Decision)]
    for d in decisions:
        assert known(d.rule), d.rule


def _committed_texts() -> list[Path]:
    root = Path(__file__).resolve().parents[1]
    corpora = root / "corpora"
    return CASES + sorted(corpora.rglob("*.pdftotext.txt")) + sorted(corpora.glob("samples/*.txt"))


def test_every_line_of_every_committed_text_has_a_known_rule() -> None:
    """Every input line gets a decision whose rule is a name of the tables (srtext.pipeline.names)."""
    texts = _committed_texts()
    assert len(texts) > 400
    for path in texts:
        text = path.read_text(encoding="utf-8", errors="replace")
        decisions = [e for e in recover(text_lines(text), Config()) if isinstance(e, Decision)]
        numbers = {d.line.number for d in decisions}
        assert numbers == set(range(1, len(numbers) + 1)), f"{path.name}: a line has no decision"
        unknown = [d.rule for d in decisions if not known(d.rule)]
        assert not unknown, f"{path.name}: {unknown[:3]}"


def test_jsonl_with_dropped_names_the_rule_of_every_line() -> None:
    """Every line in a record of --format jsonl --with-dropped carries its rule, and each rule is known."""
    import json

    from srtext.pipeline.output import format_jsonl

    for case in CASES:
        text = case.read_text(encoding="utf-8")
        events = list(recover(text_lines(text), Config()))
        kept = {e.line.number for e in events if isinstance(e, Decision) and e.action not in ("drop", "skip")}
        seen = set()
        for row in map(json.loads, format_jsonl(events, with_dropped=True)):
            rules = [row["rule"]] if row["dropped"] else row["rules"]
            assert len(rules) == len(row["lines"]) and all(map(known, rules)), (case.name, row)
            seen.update(row["lines"])
        assert kept <= seen, case.name


def test_a_numbered_item_after_the_item_before_it_is_an_item_not_a_heading() -> None:
    """ "2. names ..." after "1. comments ..." starts the next item (enumerated_item), whatever their
    line ends: without full stops, an item's line looked like a heading's."""
    from srtext import SentenceRecovery

    case = Path(__file__).parent / "cases" / "numbered-items-without-full-stops.in"
    rows = {
        d.line.number: (d.kind, d.rule) for d in SentenceRecovery(case.read_text(encoding="utf-8")).decisions
    }
    assert rows[4] == ("body", "enumerated_item")
    assert rows[6] == ("body", "enumerated_item")


@pytest.mark.parametrize(
    "table", ["ANY_LINE_RULES", "SHORT_LINE_RULES", "LONG_LINE_RULES"], ids=lambda t: t.lower()
)
def test_a_rule_stands_once_in_its_table(table: str) -> None:
    from srtext.pipeline import rules

    names = [r.__name__ for r in getattr(rules, table)]
    assert len(names) == len(set(names))  # a second entry is never asked: the first answers for it
    assert not set(rules.ANY_LINE_RULES) & (set(rules.SHORT_LINE_RULES) | set(rules.LONG_LINE_RULES))

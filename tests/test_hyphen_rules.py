"""Each line end's verdict and each character repair as a named record: the criteria table, its
golden cases (tests/hyphens/criteria/golden.tsv), and the notes --explain, jsonl --with-dropped and
the audit page show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from srtext import Config
from srtext.api import recover
from srtext.pipeline.chars import REPAIR_RULES, RepairRecorder
from srtext.pipeline.events import Paragraph
from srtext.pipeline.hyphen import HYPHEN_RULES, Dehyphenator, hyphen_rule_names
from srtext.pipeline.lines import text_lines
from srtext.pipeline.names import note_names
from srtext.pipeline.output import explain_rows, format_jsonl
from srtext.pipeline.vocabulary import Vocabulary
from tests.conftest import CASES

RULES = Path(__file__).parent / "hyphens" / "criteria" / "golden.tsv"
# A paragraph whose lines end in a hyphen broken word, a compound's hyphen, and a ligature (invented).
TEXT = (
    "The survey of the river found that the rate of the fish in the slow meta-\n"
    "bolic pools was lower than the rate given in the report of the Meier-\n"
    "Schultze team, and the ﬁeld notes of the second survey agree with it.\n"
    "The crews came back in the spring.\n"
)


def _rows() -> list[tuple[str, ...]]:
    rows = [
        r.split("\t") for r in RULES.read_text(encoding="utf-8").splitlines() if r and not r.startswith("#")
    ]
    return [tuple(r) for r in rows]


@pytest.mark.parametrize(("lang", "left", "right", "verdict", "rule", "document"), _rows())
def test_golden_line_end(lang: str, left: str, right: str, verdict: str, rule: str, document: str) -> None:
    vocabulary = Vocabulary(lang)
    for line in [left, right, *(document.split(" | ") if document else [])]:
        vocabulary.add(line)
    assert Dehyphenator(vocabulary).verdict(left, right) == (verdict, rule)


def test_every_criterion_has_a_golden_case_and_a_reason() -> None:
    named = {row[4] for row in _rows()}
    assert named == set(hyphen_rule_names())
    for rule in HYPHEN_RULES:
        assert len((rule.__doc__ or "").split()) >= 8, rule.__name__


def test_names_come_from_the_tables() -> None:
    assert note_names() == (*[r.__name__ for r in HYPHEN_RULES], *[name for name, _f, _p in REPAIR_RULES])
    assert len(set(note_names())) == len(note_names())


def test_a_line_end_and_a_repair_are_named_in_explain() -> None:
    rows = [r.rstrip("\n").split("\t") for r in explain_rows(recover(text_lines(TEXT), note=True))]
    assert rows[0][-1] == "notes"
    notes = {int(r[0]): r[-1] for r in rows[1:]}
    assert notes == {
        1: "hyphen=join:part_not_a_word",
        2: "hyphen=keep:capital_after",
        3: "repair=ligatures:ﬁ>fi",
        4: "-",
    }


def test_jsonl_with_dropped_lists_line_ends_and_repairs() -> None:
    events = recover(text_lines(TEXT), Config(output_format="jsonl", with_dropped=True))
    record = next(map(json.loads, format_jsonl(events, with_dropped=True)))
    assert "metabolic pools" in record["text"] and "Meier-Schultze" in record["text"]
    assert record["hyphens"] == [
        {"line": 1, "verdict": "join", "rule": "part_not_a_word", "at": "meta-|bolic"},
        {"line": 2, "verdict": "keep", "rule": "capital_after", "at": "Meier-|Schultze"},
    ]
    assert record["repairs"] == [{"line": 3, "rule": "ligatures", "before": "ﬁ", "after": "fi", "times": 1}]


def test_the_audit_page_shows_them_in_the_line_panel() -> None:
    from srtext.audit import audit_page
    from srtext.pipeline.width import WidthStats

    stats = WidthStats()
    events = list(recover(text_lines(TEXT), stats=stats, note=True))
    page = "".join(audit_page(events, stats.histogram, stats.cw(True), 0.1))
    data = json.loads(page.split("<script type=application/json id=data>")[1].split("</script>")[0])
    named = [(n, kind, fields["rule"]) for n, kind, fields in data["records"]]
    assert named == [
        (1, "Joining", "part_not_a_word"),
        (2, "Joining", "capital_after"),
        (3, "Repair", "ligatures"),
    ]


@pytest.mark.parametrize("case", sorted(CASES.glob("*.in")), ids=lambda p: p.stem)
def test_noting_changes_no_output_and_every_note_is_named(case: Path) -> None:
    """The verdicts noted are the ones made: the same paragraphs with notes and without; every name known."""
    text = case.read_text(encoding="utf-8")
    plain = [e for e in recover(text_lines(text)) if isinstance(e, Paragraph)]
    noted = [e for e in recover(text_lines(text), note=True) if isinstance(e, Paragraph)]
    assert [p.text for p in noted] == [p.text for p in plain]
    assert all(not p.hyphens and not p.repairs for p in plain)
    names = set(note_names())
    for p in noted:
        assert {h.rule for h in p.hyphens} | {r.rule for r in p.repairs} <= names
        assert {h.line for h in p.hyphens} <= set(p.lines)


def test_the_repair_recorder_repairs_as_the_repairer() -> None:
    from srtext.pipeline.chars import repairer

    line = "ﬁrst \x88 Mосква and eﬀort\x07"
    repair = repairer()
    assert repair is not None
    assert RepairRecorder()(line) == repair(line)

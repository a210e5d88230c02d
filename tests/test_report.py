"""The benchmark report's own parts, on a tiny broad-corpus fixture (tests/fixtures/broad)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.broad import groups, load, split_table, versus_table
from bench.report import Runner, arxiv_section, broad_section
from srtext.eval.scores import Scores

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "broad"


def cells(section: str, heading: str, row: str) -> list[str]:
    """The cells of ``row`` in the table under ``### heading``."""
    part = section.split(f"### {heading}\n", 1)[1].split("\n### ", 1)[0]
    line = next(x for x in part.splitlines() if x.startswith(f"| {row} |"))
    return [c.strip() for c in line.strip("|").split("|")][1:]


def test_load_keeps_documents_with_a_split_and_notes_the_others() -> None:
    docs, notes = load(FIXTURE)
    assert [(d.name, d.family, d.language, d.split) for d in docs] == [
        ("a1", "letters", "en", "tune"),
        ("a2", "letters", "de", "validate"),
        ("b1", "notes", "en", "validate"),
    ]
    assert notes == ["notes/b2: no split (tune or validate) in its json"]


def test_groups_are_families_then_languages_then_all() -> None:
    docs, _ = load(FIXTURE)
    assert [(name, [d.name for d in ds]) for name, ds in groups(docs)] == [
        ("family letters", ["a1", "a2"]),
        ("family notes", ["b1"]),
        ("language de", ["a2"]),
        ("language en", ["a1", "b1"]),
        ("all", ["a1", "a2", "b1"]),
    ]


def test_tables_have_a_cell_per_measure_with_both_values() -> None:
    a = Scores(gt_paragraphs=4, nl_plus=1, sentences=10, broken=1)
    b = Scores(gt_paragraphs=5, nl_minus=1)
    lines = split_table([("srtext", a, b), ("blocks", b, a)]).splitlines()
    assert len({line.count("|") for line in lines}) == 1 and len(lines) == 4
    assert lines[2].startswith("| srtext | 10.0 / – | 25.0 / 0.0 | 0.0 / 20.0 |")
    lines = versus_table([("all", 2, a, b)], ["NL+%", "NL-%"]).splitlines()
    assert lines[0] == "| srtext / blocks | documents | NL+ | NL- |"
    assert lines[2] == "| all | 2 | 25.0 / 0.0 | 0.0 / 20.0 |"


def test_broad_section_scores_each_family_and_language_by_half() -> None:
    out = broad_section(Runner(1), FIXTURE)
    assert "3 documents, 3 pages" in out and "1 in the tuning half, 2 in the validation half" in out
    assert re.findall(r"^### (.*)$", out, re.M) == [
        "Validation half: srtext / blank-line blocks",
        "family letters (1 tuning + 1 validation documents)",
        "family notes (0 tuning + 1 validation documents)",
        "language de (0 tuning + 1 validation documents)",
        "language en (1 tuning + 1 validation documents)",
        "all (1 tuning + 2 validation documents)",
    ]
    # a1 (tuning): pdftotext splits one of its 3 paragraphs over two lines; a2 (validation) has
    # a paragraph per line.  The blocks leak a1's running head and page number, and its footnote.
    pdftotext = cells(out, "family letters (1 tuning + 1 validation documents)", "pdftotext")
    blocks = cells(out, "family letters (1 tuning + 1 validation documents)", "blank-line blocks")
    assert pdftotext[1] == "33.3 / 0.0" and blocks[1] == "0.0 / 0.0"
    assert blocks[8:10] == ["100.0 / –", "100.0 / –"]  # furniture and footnotes leaked
    # No tuning document in family notes: its cells are empty on the left.
    notes = cells(out, "family notes (0 tuning + 1 validation documents)", "srtext")
    assert all(c.startswith("– / ") for c in notes)
    assert cells(out, "Validation half: srtext / blank-line blocks", "family notes")[0] == "1"
    assert "- notes/b2: no split (tune or validate) in its json" in out


def test_absent_data_is_skipped_with_a_note(tmp_path: Path) -> None:
    runner = Runner(1)
    assert "section skipped" in broad_section(runner, tmp_path / "none")
    assert "section skipped" in broad_section(runner, tmp_path)
    assert "arxiv-dev not found" in arxiv_section(runner, tmp_path / "none", tmp_path / "none")


def fake_arxiv(root: Path) -> Path:
    paper = root / "arxiv" / "0001"
    paper.mkdir(parents=True)
    (paper / "x0001.pdftotext.txt").write_text(
        "Tides\n\nThe water rises twice a day. Boats wait in the\nharbour until it is high enough.\n\f"
    )
    (paper / "x0001.body.txt").write_text(
        "Tides\n\nThe water rises twice a day. Boats wait in the harbour until it is high enough.\n"
    )
    return root / "arxiv"


def test_arxiv_section_without_the_scorer_says_so(tmp_path: Path) -> None:
    out = arxiv_section(Runner(1), fake_arxiv(tmp_path), tmp_path / "bk-scorer")
    assert "1 papers" in out and "scorer not found" in out and "srtext-eval / scorer" not in out


def test_arxiv_section_sets_the_scorers_numbers_beside_its_own(tmp_path: Path) -> None:
    scorer = tmp_path / "bk-scorer"
    scorer.mkdir()
    (scorer / "score.py").write_text(
        "import sys, glob\n"
        "assert sys.argv[1:] == ['.sr.txt', sys.argv[2], '--blank-from-lines']\n"
        "n = len(glob.glob(sys.argv[2] + '/*.body.txt'))\n"
        "print(f'TOTAL docs={n} NL+=50.0% NL-=0.0% P+=0.0% P-=0.0% W~=0.0%')\n"
    )
    out = arxiv_section(Runner(1), fake_arxiv(tmp_path), scorer)
    row = next(x for x in out.splitlines() if x.startswith("| pdftotext | ") and "/" in x)
    # pdftotext splits the second paragraph over two lines: srtext-eval counts NL+ 50% too
    assert row.split(" | ")[1] == "50.00 / 50.0 (0%)"
    (scorer / "score.py").write_text("print('no total here')\n")
    assert "failed (no TOTAL line" in arxiv_section(Runner(1), fake_arxiv(tmp_path / "again"), scorer)


def test_words_lost_by_rule_cost_no_more_than_the_words_lost() -> None:
    from bench.lost import lost_by_rule

    for doc in load(FIXTURE)[0]:
        n, lost, blocks, cost, examples = lost_by_rule(doc)
        assert 0 <= sum(cost.values()) <= lost <= n and 0 <= blocks <= n
        assert all(held > 0 for held, _, _ in examples)


def test_words_lost_report_shows_no_validation_line(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.lost import main

    assert main(["--corpus", str(FIXTURE), "--split", "validate", "--examples", "5", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("all: ")
    assert not any(line.startswith("           ") for line in lines)  # numbers only: no dropped line shown

"""Heading levels and Markdown out: golden files, and levels from numbering and from font size.

tests/fixtures/markdown/NAME.in is a text, NAME.expected what ``srtext --format
markdown`` writes for it.  After a deliberate change, remake an expected file
with ``srtext --format markdown NAME.in > NAME.expected`` and read the diff.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from srtext import SentenceRecovery
from srtext.api import recover_text
from srtext.config import Config
from srtext.geometry.bbox import parse_bbox
from srtext.pipeline.levels import Levels, document_levels

HERE = Path(__file__).resolve().parent
CASES = sorted((HERE / "fixtures" / "markdown").glob("*.in"))
GEOMETRY = HERE / "fixtures" / "geometry"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_markdown_golden(case: Path) -> None:
    expected = case.with_suffix(".expected").read_text(encoding="utf-8")
    assert recover_text(case.read_text(encoding="utf-8"), Config(output_format="markdown")) == expected


def test_markdown_streams_from_the_command_line() -> None:
    """Standard input to standard output, as the other formats: the same text as the library's."""
    case = CASES[0]
    r = subprocess.run(
        [sys.executable, "-m", "srtext", "--format", "markdown"],
        input=case.read_bytes(),
        capture_output=True,
        timeout=60,
    )
    assert r.returncode == 0 and r.stdout.decode() == case.with_suffix(".expected").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize(
    ("headings", "levels"),
    [
        (["1 Introduction", "2 Methods", "2.1 Data", "2.1.3 Noise", "3. Results"], [1, 1, 2, 3, 1]),
        (["I. INTRODUCTION", "A. Setup", "B. Results", "II. METHOD", "A. Data"], [1, 2, 2, 1, 2]),
        (["A Proofs", "A.1 The first lemma", "B Tables"], [1, 2, 1]),
        # the first heading is the title; unnumbered ones under it are 2 until a number says otherwise
        (
            ["Title of the paper", "Abstract", "1 Introduction", "Acknowledgements", "References"],
            [1, 2, 1, 1, 1],
        ),
        (["1.1 Scope", "1.2 Terms", "Notes", "2.1 Parts"], [1, 1, 1, 1]),  # no first level: counted from 2
        # a section of a book printed alone: its outline's top is its first number's depth
        (["9.10. Backup", "9.10.1. Tapes", "In practice", "9.10.2. Disks", "9.11. Next"], [1, 2, 1, 2, 1]),
        (["2.1.3 A stray number", "1 Introduction", "1.1 Data"], [1, 1, 2]),  # shallower: 1 from there on
        (["A handbook", "2.1 Parts", "2.1.1 Bolts"], [1, 2, 3]),  # after a title: the numbering's own depth
        (["2.0.1", "1.4.1 (2023-12-15)", "0.17 Fixes", "Notes"], [1, 2, 2, 2]),  # versions number no section
        (["Chapter 3", "3.1 Rivers", "Appendix A", "§ 4 Paragraphs"], [1, 2, 1, 1]),
        (["1 Top", "1.2.3.4.5.6.7 Very deep"], [1, 6]),  # at most 6
        (["I am a heading", "A new start"], [1, 2]),  # "I" and "A" are words here, not numbers
        # a letter without a dot is a number only after numbered headings: an appendix, not an article
        (["Tidewater", "Help", "A Simple Example", "Changes"], [1, 2, 2, 2]),
        (["1 Rivers", "2 Lakes", "A Tables", "A.1 Flow"], [1, 1, 1, 2]),
    ],
)
def test_levels_from_numbering(headings: list[str], levels: list[int]) -> None:
    level = Levels().level
    assert [level(h) for h in headings] == levels
    assert document_levels([(h, None) for h in headings]) == levels


def test_jsonl_carries_level_for_headings_only() -> None:
    text = (HERE / "fixtures" / "markdown" / "numbered-paper.in").read_text(encoding="utf-8")
    records = [json.loads(x) for x in recover_text(text, Config(output_format="jsonl")).splitlines()]
    assert [(r["text"], r["level"]) for r in records if r["kind"] == "heading"] == [
        ("A Study of Rivers", 1),
        ("1 Introduction", 1),
        ("2 Methods", 1),
        ("2.1 Data", 2),
        ("2.1.1 Errors", 3),
        ("References", 1),
    ]
    assert all("level" not in r for r in records if r["kind"] != "heading")
    sentences = recover_text(text, Config(output_format="jsonl", sentences=True)).splitlines()
    assert [json.loads(x).get("level") for x in sentences][:2] == [1, 1]


def _font_heights(fixture: str, headings: list[str]) -> list[tuple[str, float | None]]:
    text, boxes = parse_bbox((GEOMETRY / fixture).read_text(encoding="utf-8"))
    lines = text.split("\n")
    found = []
    for heading in headings:
        box = boxes[lines.index(heading)]
        found.append((heading, box.font_height if box else None))
    return found


def test_levels_from_font_size_of_unnumbered_headings() -> None:
    """The source (debian-handbook HTML) has h1, then h2 for the others: told apart by size alone."""
    headings = [
        "Filtern aufgrund des Nachrichteninhalts",
        "Greylisting einrichten",
        "Filter anhand des Empfängers einstellen",
        "Integrating an Antivirus Filter",
        "Integration des Sender Policy Framework (SPF)",
    ]
    assert document_levels(_font_heights("html-weasy-de-0000.bbox.html", headings)) == [1, 2, 2, 2, 2]
    # without sizes the first heading is taken for the title and the others for its sections: the same here
    assert document_levels([(h, None) for h in headings]) == [1, 2, 2, 2, 2]


def test_unnumbered_heading_takes_the_level_of_numbered_ones_of_its_size() -> None:
    numbered = _font_heights(
        "latex-koma-de-0008.bbox.html", ["1 Formen und Backen", "1.1 Sauerteig und Geduld"]
    )
    (_, section), (_, subsection) = numbered
    assert section is not None and subsection is not None and section > subsection
    made_up = [
        *numbered,
        ("Literatur", section),
        ("Kleingedrucktes", subsection),
        ("Fußnoten", 0.5 * subsection),
    ]
    assert document_levels(made_up) == [1, 2, 1, 2, 3]


def test_a_stray_number_does_not_set_its_size_level() -> None:
    """A number glued to one heading of many of its size is no numbering: sizes rank the levels."""
    headings = [("Functional HOWTO", 24.0), ("Introduction", 18.0), ("Modularity", 14.0)]
    headings += [("Iterators", 18.0), ("13 Generators", 18.0), ("Coroutines", 18.0), ("Sending", 14.0)]
    assert document_levels(headings) == [1, 2, 3, 2, 2, 2, 3]


def test_steps_numbered_under_larger_headings_are_not_the_outline() -> None:
    """A README's numbered steps under its sections: the sections are 2, the steps 3, as printed."""
    headings = [("tidewater", 24.0), ("Installation", 18.0), ("1. Get a key", 14.0)]
    headings += [("2. Start using it", 14.0), ("Usage", 18.0), ("Options", 18.0), ("Licence", 18.0)]
    assert document_levels(headings) == [1, 2, 3, 3, 2, 2, 2]
    # a paper: one title above its numbered sections, which are level 1
    paper = [("A Study of Rivers", 20.0), ("1 Introduction", 16.0), ("1.1 Data", 13.0), ("2 Flow", 16.0)]
    assert document_levels(paper) == [1, 1, 2, 1]


def test_markdown_of_xhtml_ranks_headings_by_font_size() -> None:
    xhtml = GEOMETRY / "html-weasy-de-0000.bbox.html"
    with_sizes = SentenceRecovery(xhtml, output_format="markdown").out_text.splitlines()
    text_only = SentenceRecovery(xhtml, output_format="markdown", geometry="off").out_text.splitlines()
    assert "## Filter anhand des Empfängers einstellen" in with_sizes
    assert "## Filter anhand des Empfängers einstellen" in text_only  # under the document's first heading
    assert "## Integrating an Antivirus Filter" in with_sizes  # larger type: a heading (rules/geometry.py)
    assert "Integrating an Antivirus Filter" in text_only
    assert "## Greylisting einrichten" in with_sizes  # smaller, under the title: body_type_under_heading
    # the same words, headings' marks and the escape of a paragraph's first "#" left out (a code
    # comment at a page's top, "# Virus check ...", is a heading to the text and code to the page)
    strip = " ".join(line.lstrip("#\\ ") for line in with_sizes).split()
    assert strip == " ".join(line.lstrip("#\\ ") for line in text_only).split()


def test_markdown_streams_with_bounded_look_ahead() -> None:
    """Without geometry the first block is out after at most a window of lines, as with the other formats."""
    from srtext import recover
    from srtext.pipeline.lines import number_lines
    from srtext.pipeline.output import render

    read = 0

    def lines() -> Iterator[str]:
        nonlocal read
        for i in range(100_000):
            read += 1
            yield f"{i + 1} Section\n" if i % 10 == 0 else "A line of running text that goes on and on,\n"

    config = Config(output_format="markdown", window=50)
    first = next(iter(render(recover(number_lines(lines()), config), config)))
    assert first.startswith("# 1 Section") and read <= 200, read


def test_items_whose_bullets_were_drawn_are_markdown_items() -> None:
    """A browser's bullets are shapes, not text (srtext.geometry.drawn): the items are still "- " items."""
    case = Path(__file__).parent / "cases" / "geometry-bullets-drawn-as-shapes.pdf"
    out = SentenceRecovery(case, config=Config(output_format="markdown")).out_text
    items = [line for line in out.splitlines() if line.startswith("- ")]
    assert len(items) == 6
    assert items[2:] == ["- bench drill", "- orbital sander with dust bag", "- jigsaw", "- two clamps"]
    assert "\n\n- Each member may take three tools" in out  # one tight list after the paragraph above it

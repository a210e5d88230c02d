"""Data-driven: every tests/cases/NAME.in with NAME.expected (default mode) and
NAME.paper.expected (paper mode), and every corpora/samples document with its truth."""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext import SentenceRecovery
from tests.conftest import CASES, SAMPLES

#: NAME.in (text, or pdftotext -bbox-layout XHTML for geometry-*) and NAME.pdf: a PDF printed from our own
#: text, where what decides is in the PDF itself (a list's bullets drawn as shapes: srtext.geometry.drawn).
INPUTS = sorted([*CASES.glob("*.in"), *CASES.glob("*.pdf")])
SAMPLE_DOCS = sorted(SAMPLES.glob("*.truth.txt"))


def _pairs(suffix: str) -> list[tuple[Path, Path]]:
    return [(i, i.with_suffix(suffix)) for i in INPUTS if i.with_suffix(suffix).exists()]


def _marks(path: Path) -> list[pytest.MarkDecorator]:
    reason = path.with_suffix(".xfail")
    if reason.exists():
        return [pytest.mark.xfail(strict=True, reason=reason.read_text(encoding="utf-8").strip())]
    return []


@pytest.mark.parametrize(
    ("source", "expected"),
    [pytest.param(i, e, id=i.stem, marks=_marks(i)) for i, e in _pairs(".expected")],
)
def test_default_mode(source: Path, expected: Path) -> None:
    assert SentenceRecovery(source).out_text == expected.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("source", "expected"), [pytest.param(i, e, id=i.stem) for i, e in _pairs(".paper.expected")]
)
def test_paper_mode(source: Path, expected: Path) -> None:
    assert SentenceRecovery(source, mode="paper").out_text == expected.read_text(encoding="utf-8")


@pytest.mark.parametrize("truth", SAMPLE_DOCS, ids=[t.name.split(".")[0] for t in SAMPLE_DOCS])
def test_samples_recover_exactly(truth: Path) -> None:
    source = truth.with_name(truth.name.replace(".truth.txt", ".txt"))
    assert SentenceRecovery(source).out_text == truth.read_text(encoding="utf-8")


def test_every_case_has_an_expectation() -> None:
    for i in INPUTS:
        assert i.with_suffix(".expected").exists() or i.with_suffix(".paper.expected").exists(), i


def test_samples_cover_the_required_languages() -> None:
    names = {t.name.split(".")[0].rsplit("-", 1)[0] for t in SAMPLE_DOCS}
    assert {"en", "de", "ru", "zh", "sr-cyrl", "sr-latn"} <= names


def test_paper_worked_example_decisions() -> None:
    """The paper's figures 5-7, on our own text of the same shape."""
    sr = SentenceRecovery(CASES / "worked-example.in", mode="paper")
    actions = [(d.line.number, d.action) for d in sr.decisions]
    assert actions == [
        (1, "heading"),
        (2, "merge"),  # a two-line heading, merged
        (3, "start"),
        (4, "join"),
        (5, "join"),  # three full-width lines
        (6, "skip"),  # the empty line is deleted
        (7, "drop"),  # the footnote line is removed
        (8, "join"),
        (9, "join"),
        (10, "join"),  # the rest, the last one finished
        (11, "heading"),  # the subheading
    ]
    assert [p.kind for p in sr.paragraphs] == ["heading", "body", "heading"]
    assert sr.paragraphs[1].lines == (3, 4, 5, 8, 9, 10)
    assert sr.paragraphs[1].page == 1

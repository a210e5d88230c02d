from __future__ import annotations

from pathlib import Path

import pytest

from srtext import Config, SentenceRecovery
from srtext.api import recover
from srtext.geometry.bbox import parse_bbox
from srtext.pipeline.events import Decision
from srtext.pipeline.lines import text_lines

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "corpora" / "samples"
CASES = Path(__file__).resolve().parent / "cases"
ARXIV = ROOT.parent / "shared" / "bench" / "arxiv-dev"


@pytest.fixture
def root() -> Path:
    return ROOT


def case_decisions(case: Path, geometry: bool) -> list[Decision]:
    """The decisions on a case of pdftotext -bbox-layout XHTML or a PDF, with its boxes or its text alone."""
    if case.suffix == ".pdf":
        return list(SentenceRecovery(case, geometry="auto" if geometry else "off").decisions)
    text, boxes = parse_bbox(case.read_text(encoding="utf-8"))
    events = recover(text_lines(text), Config(), geometry=boxes if geometry else None)
    return [e for e in events if isinstance(e, Decision)]


def assert_needs_its_geometry(case: Path, rules: set[str], silent: set[str]) -> None:
    """A case of pdftotext -bbox-layout XHTML comes out as expected with its boxes and otherwise with its
    text alone; ``rules`` decide some of its lines with the boxes, and none of ``silent`` without them."""
    expected = case.with_suffix(".expected").read_text(encoding="utf-8")
    assert SentenceRecovery(case).out_text == expected
    assert SentenceRecovery(case, geometry="off").out_text != expected  # text alone gets it wrong
    assert rules <= {d.rule for d in case_decisions(case, geometry=True)}
    assert not {d.rule for d in case_decisions(case, geometry=False)} & silent

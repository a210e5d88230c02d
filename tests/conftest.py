from __future__ import annotations

from pathlib import Path

import pytest

from srtext import Config
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
    """The decisions on a case of pdftotext -bbox-layout XHTML, with its boxes or with its text alone."""
    text, boxes = parse_bbox(case.read_text(encoding="utf-8"))
    events = recover(text_lines(text), Config(), geometry=boxes if geometry else None)
    return [e for e in events if isinstance(e, Decision)]

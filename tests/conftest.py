from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "corpora" / "samples"
CASES = Path(__file__).resolve().parent / "cases"
ARXIV = ROOT.parent / "shared" / "bench" / "arxiv-dev"


@pytest.fixture
def root() -> Path:
    return ROOT

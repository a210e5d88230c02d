"""Lint, types, and the arXiv benchmark: skipped where the tool or the data is absent."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from srtext import Config, recover_text
from srtext.evaluate import Scores, score
from tests.conftest import ARXIV, ROOT


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff not installed")
def test_ruff_clean() -> None:
    r = subprocess.run(
        ["ruff", "check", "srtext", "tests", "bench", "corpora"], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_clean() -> None:
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "srtext"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


DOCS = sorted(ARXIV.glob("*/*.pdftotext.txt")) if ARXIV.exists() else []


@pytest.mark.skipif(not DOCS, reason="../shared/bench/arxiv-dev is not here")
def test_default_mode_beats_paper_mode_on_arxiv_dev() -> None:
    totals = {"paper": Scores(), "default": Scores()}
    for doc in DOCS:
        src = doc.read_text(encoding="utf-8", errors="replace")
        truth = doc.with_name(doc.name.replace(".pdftotext.txt", ".body.txt")).read_text(encoding="utf-8")
        for mode, total in totals.items():
            total.add(score(recover_text(src, Config(mode=mode, window=None)), truth, src))
    paper, default = totals["paper"].shares(), totals["default"].shares()
    # Measured 26.7% and 3.2% broken sentences, NL+ 15.7% and 5.0%, P- 15.5% and 2.6%.
    assert default["broken%"] < paper["broken%"] / 5
    assert default["NL+%"] < paper["NL+%"] / 2.5
    assert default["P-%"] < paper["P-%"] / 4
    assert default["broken%"] < 5.0

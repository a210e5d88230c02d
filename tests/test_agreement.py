"""srtext-eval agrees with the benchmark's own scorer on arXiv papers (issue 20).

Skipped unless ../shared/bench holds arxiv-dev and the scorer (bk-scorer). Both tools of
the brief are scored: plain pdftotext (each line a paragraph) and srtext's default output.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from srtext import Config, recover_text
from srtext.evaluate import Scores, score
from tests.conftest import ARXIV

SCORER = ARXIV.parent / "bk-scorer" / "score.py"
DOCS = sorted(ARXIV.glob("*/*.pdftotext.txt")) if ARXIV.exists() else []
MEASURES = ("NL+", "NL-", "P+", "P-", "W~")
TOOLS = {
    "pdftotext": lambda text: text.replace("\f", "\n"),
    "srtext": lambda text: recover_text(text, Config(window=None)),
}


def scorer_totals(directory: Path) -> dict[str, float]:
    """The scorer's TOTAL line: its five measures in percent (one decimal)."""
    r = subprocess.run(
        [sys.executable, str(SCORER), ".sr.txt", str(directory), "--blank-from-lines"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    line = r.stdout.strip().splitlines()[-1]
    assert line.startswith("TOTAL docs=20 "), r.stdout[-500:] + r.stderr[-500:]
    return {k: float(v) for k, v in re.findall(r"(\S+)=([\d.]+)%", line)}


@pytest.mark.skipif(
    not (DOCS and SCORER.exists()), reason="../shared/bench (arxiv-dev, bk-scorer) is not here"
)
@pytest.mark.parametrize("tool", list(TOOLS))
def test_srtext_eval_agrees_with_the_benchmark_scorer(tool: str, tmp_path: Path) -> None:
    """Within 10% (relative) on each of NL+, NL-, P+, P-, W~; measured: equal on every paper."""
    total = Scores()
    for doc in DOCS:
        name = doc.name[: -len(".pdftotext.txt")]
        truth = doc.with_name(f"{name}.body.txt")
        out = TOOLS[tool](doc.read_text(encoding="utf-8", errors="replace"))
        (tmp_path / f"{name}.sr.txt").write_text(out, encoding="utf-8")
        os.symlink(truth, tmp_path / f"{name}.body.txt")
        total.add(score(out, truth.read_text(encoding="utf-8")))
    ours = total.shares()
    theirs = scorer_totals(tmp_path)
    for k in MEASURES:
        mine = ours[f"{k}%"]
        assert mine is not None
        # the scorer prints one decimal: allow its rounding on top of 10%
        assert abs(mine - theirs[k]) <= 0.1 * theirs[k] + 0.05, (k, mine, theirs[k])

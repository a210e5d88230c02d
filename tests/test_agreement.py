"""srtext-eval agrees with the benchmark's own scorer on arXiv papers (issue 20).

Skipped unless ../shared/bench holds arxiv-dev and the scorer (bk-scorer). Both tools of
the brief are scored: plain pdftotext (each line a paragraph) and srtext's default output.
"""

from __future__ import annotations

import pytest

from bench import bkscorer
from srtext import Config, recover_text
from srtext.eval.scores import Scores, score
from tests.conftest import ARXIV

SCORER = ARXIV.parent / "bk-scorer" / "score.py"
DOCS = sorted(ARXIV.glob("*/*.pdftotext.txt")) if ARXIV.exists() else []
TOOLS = {
    "pdftotext": lambda text: text.replace("\f", "\n"),
    "srtext": lambda text: recover_text(text, Config(window=None)),
}


@pytest.mark.skipif(
    not (DOCS and SCORER.exists()), reason="../shared/bench (arxiv-dev, bk-scorer) is not here"
)
@pytest.mark.parametrize("tool", list(TOOLS))
def test_srtext_eval_agrees_with_the_benchmark_scorer(tool: str) -> None:
    """Within 10% (relative) on each of NL+, NL-, P+, P-, W~; measured: equal on every paper."""
    total = Scores()
    outputs = []
    for doc in DOCS:
        truth = doc.with_name(doc.name.replace(".pdftotext.txt", ".body.txt"))
        out = TOOLS[tool](doc.read_text(encoding="utf-8", errors="replace"))
        outputs.append((doc.name[: -len(".pdftotext.txt")], out, truth))
        total.add(score(out, truth.read_text(encoding="utf-8")))
    ours = total.shares()
    theirs = bkscorer.score(SCORER, outputs)
    for k in bkscorer.MEASURES:
        mine = ours[f"{k}%"]
        assert mine is not None
        # the scorer prints one decimal: allow its rounding on top of 10%
        assert abs(mine - theirs[k]) <= 0.1 * theirs[k] + 0.05, (k, mine, theirs[k])

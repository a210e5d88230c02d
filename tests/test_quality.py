"""Lint, types, and the arXiv benchmark: skipped where the tool or the data is absent."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from srtext import Config, recover_text
from srtext.eval.scores import Scores, score
from srtext.pipeline.events import DROPPED_BY_DEFAULT
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
    # Measured (the benchmark's definitions): 26.7% and 1.8% broken sentences, NL+ 40.8% and
    # 6.0%, P- 13.1% and 0.6%.
    assert default["broken%"] < paper["broken%"] / 5
    assert default["NL+%"] < paper["NL+%"] / 2.5
    assert default["P-%"] < paper["P-%"] / 4
    assert default["broken%"] < 5.0


@pytest.mark.skipif(not DOCS, reason="../shared/bench/arxiv-dev is not here")
def test_issue_5_targets_on_arxiv_dev() -> None:
    """Page elements (issue 5), by the benchmark's definitions (srtext-eval agrees with its scorer).

    Measured: broken 1.77%, NL+ 8.82%, NL- 6.0%, P- 0.6%.  (Issue 5 set NL+ 6, NL- 15, P- 1,
    P+ 8 by srtext-eval's older, more lenient counts.  Since a display formula ends its
    paragraph, as this truth has it, NL- fell from 18.91% and NL+ and broken sentences rose
    from 6.03% and 1.77%.  Since the weighing was refit on the real corpus (docs/boundaries.md),
    a sentence that ends at the margin before a capital starts a paragraph more often: NL+
    7.6 -> 8.8, NL- 8.3 -> 6.0; the bounds are issue 30's arXiv targets, NL+ 10 and NL- 11.)
    """
    default, dropped = Scores(), Scores()
    leave_out = DROPPED_BY_DEFAULT | {"captions", "frontmatter", "references"}
    for doc in DOCS:
        src = doc.read_text(encoding="utf-8", errors="replace")
        truth = doc.with_name(doc.name.replace(".pdftotext.txt", ".body.txt")).read_text(encoding="utf-8")
        default.add(score(recover_text(src, Config(window=None)), truth, src))
        dropped.add(score(recover_text(src, Config(window=None, drop=leave_out)), truth, src))
    d, x = default.shares(), dropped.shares()
    assert d["broken%"] <= 2.5 and d["NL+%"] <= 10 and d["NL-%"] <= 11
    assert d["P-%"] <= 1
    assert x["P+%"] <= 8


# Modules a run on one text file must not import: each costs milliseconds of every
# run's start-up (docs/speed.md).  wordfreq (~100 ms) is imported only to build a
# language's cached list, never once the cache has it.
NOT_ON_START_UP = (
    "dataclasses",
    "inspect",
    "wordfreq",
    "signal",
    "multiprocessing",
    "srtext.pipeline.sentences",
    "shutil",  # and with it bz2 and lzma: argparse's help formatter and the PDF extractor import it
    "bz2",
    "lzma",
    "regex._main",  # regex's parser: patterns are built from srtext.pipeline.patterns' cache
    "regex._regex_core",
    "typing",  # srtext.record stands in for NamedTuple and Generic
    "pathlib",  # on standard input no path is made
    "json",  # the weighed model is Python data
)
# Run as ``python -S`` (site-packages on PYTHONPATH), so that no .pth start-up hook (an
# editable install's, a sandbox's) imports for srtext what it must not import itself.
START_UP_PROBE = """
import sys
before = set(sys.modules)
from srtext.cli import main
sys.argv = ["srtext", "--lang", "en"]
try:
    main()
except SystemExit:
    pass
print(" ".join(name for name in {names!r} if name in sys.modules and name not in before), file=sys.stderr)
"""


def test_a_run_on_one_file_imports_only_what_it_needs(tmp_path: Path) -> None:
    doc = tmp_path / "doc.txt"
    long = "a line of plain prose that runs on to the right margin of the page and then "
    doc.write_text(f"{long}meta-\nbolic pathways and their {long}\nend of it.\n", encoding="utf-8")
    path = os.pathsep.join([str(ROOT), *site.getsitepackages()])
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": path}
    probe = [sys.executable, "-S", "-c", START_UP_PROBE.format(names=NOT_ON_START_UP)]

    def run() -> subprocess.CompletedProcess[str]:
        with doc.open() as stdin:
            return subprocess.run(probe, env=env, stdin=stdin, capture_output=True, text=True, check=True)

    first = run()
    assert "metabolic pathways" in first.stdout
    assert {"wordfreq", "regex._main"} <= set(first.stderr.split())  # the caches were built
    second = run()
    assert second.stdout == first.stdout and second.stderr.split() == []

"""The benchmark's own scorer, called by the report where it is present.

``../shared/bench/bk-scorer/score.py`` (Bast & Korzen's evaluation, MIT; never copied
into this project) scores ``DIR/**/ID.sr.txt`` against ``DIR/**/ID.body.txt`` and prints
``TOTAL docs=N NL+=x% NL-=x% P+=x% P-=x% W~=x%``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

MEASURES = ("NL+", "NL-", "P+", "P-", "W~")


class ScorerError(Exception):
    pass


def parse_total(stdout: str) -> dict[str, float]:
    """The scorer's last line: documents scored and its five measures in percent.

    >>> parse_total("a NL+=1\\nTOTAL docs=2 NL+=6.0% NL-=18.9% P+=23.7% P-=0.6% W~=1.0%\\n")
    {'docs': 2.0, 'NL+': 6.0, 'NL-': 18.9, 'P+': 23.7, 'P-': 0.6, 'W~': 1.0}
    """
    lines = [x for x in stdout.splitlines() if x.startswith("TOTAL ")]
    if not lines:
        raise ScorerError("no TOTAL line in the scorer's output")
    found = {k: float(v) for k, v in re.findall(r"(\S+)=([\d.]+)%?", lines[-1])}
    missing = [k for k in ("docs", *MEASURES) if k not in found]
    if missing:
        raise ScorerError(f"the scorer's TOTAL line lacks {', '.join(missing)}")
    return found


def score(scorer: Path, outputs: Sequence[tuple[str, str, Path]], timeout: float = 600) -> dict[str, float]:
    """Score ``(name, output text, truth file)`` triples, the output one paragraph per line."""
    with tempfile.TemporaryDirectory(prefix="srtext-bk-") as tmp:
        for name, text, truth in outputs:
            (Path(tmp) / f"{name}.sr.txt").write_text(text, encoding="utf-8")
            (Path(tmp) / f"{name}.body.txt").symlink_to(truth.resolve())
        try:
            r = subprocess.run(
                [sys.executable, str(scorer), ".sr.txt", tmp, "--blank-from-lines"],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ScorerError(str(e)) from e
    if r.returncode != 0:
        raise ScorerError((r.stderr.strip().splitlines() or [f"exit status {r.returncode}"])[-1])
    total = parse_total(r.stdout)
    if total["docs"] != len(outputs):
        raise ScorerError(f"the scorer scored {total['docs']:.0f} of {len(outputs)} documents (a timeout?)")
    return total

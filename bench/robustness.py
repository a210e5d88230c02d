"""Extreme inputs, run by hand: one line of 100 MB, and a long stream, with time and peak memory.

    python bench/robustness.py [--mb 100] [--lines 2000000]

Prints, for each case, the exit status, the wall time, the peak resident
memory of the srtext process (from the kernel's rusage of the child) and the
longest output line: one line of ``--mb`` MB with no newline, and ``--lines``
lines with no sentence end (one paragraph, cut at 100,000 characters).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def measure(name: str, path: Path) -> None:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    out = path.with_suffix(".out")
    with path.open("rb") as f, out.open("wb") as o:
        r = subprocess.run([sys.executable, "-m", "srtext"], stdin=f, stdout=o, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    note = "" if peak > before else " (peak not above an earlier case)"
    with out.open("rb") as o:
        longest = max((len(line) for line in o), default=0)
    out.unlink()
    print(
        f"{name:40} exit {r.returncode}  {elapsed:6.1f} s  peak RSS {peak / 1024:7.1f} MB"
        f"  longest line {longest:,} B{note}"
    )
    if r.stderr:
        print(f"  stderr: {r.stderr.decode(errors='replace').strip()[:200]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--lines", type=int, default=2_000_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        line = Path(tmp) / "line.txt"
        with line.open("wb") as f:
            chunk = b"word " * 200_000  # 1 MB
            for _ in range(args.mb):
                f.write(chunk)
        measure(f"one line of {args.mb} MB, no newline", line)
        lines = Path(tmp) / "lines.txt"
        with lines.open("wb") as f:
            for _ in range(args.lines // 1000):
                f.write(b"a line of words that goes on without any end to its sentence\n" * 1000)
        measure(f"{args.lines:,} lines, no sentence end", lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Extreme inputs, run by hand: one line of 100 MB, and a long stream, with time and peak memory.

    python bench/robustness.py [--mb 100]

Prints, for each case, the exit status, the wall time and the peak resident
memory of the srtext process (from the kernel's rusage of the child).
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
    with path.open("rb") as f:
        r = subprocess.run(
            [sys.executable, "-m", "srtext"], stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
    elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    note = "" if peak > before else " (peak not above an earlier case)"
    print(f"{name:40} exit {r.returncode}  {elapsed:6.1f} s  peak RSS {peak / 1024:7.1f} MB{note}")
    if r.stderr:
        print(f"  stderr: {r.stderr.decode(errors='replace').strip()[:200]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=100)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        line = Path(tmp) / "line.txt"
        with line.open("wb") as f:
            chunk = b"word " * 200_000  # 1 MB
            for _ in range(args.mb):
                f.write(chunk)
        measure(f"one line of {args.mb} MB, no newline", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Snapshot srtext's decisions and outputs on every committed text, to show a change kept them.

    python bench/decisions.py snapshot DIR      # --explain table and default output per file
    python bench/decisions.py compare DIR1 DIR2 # lists the files whose snapshot differs

Inputs: tests/cases/*.in and every *.txt under corpora/ (pdftotext, -raw and layout outputs,
truths, samples).  Runs through the command line (``python -m srtext``) so that whatever
layout the package has, the snapshot is of what a user gets.  A refactoring (issue 19) or a
speed change (issue 23) must leave ``compare`` empty.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def inputs() -> list[Path]:
    """The committed inputs: a corpus built in place (``corpora/real/full``, git-ignored) is left out."""
    files = sorted((ROOT / "tests" / "cases").glob("*.in"))
    corpus = sorted(p for p in (ROOT / "corpora").rglob("*.txt") if p.is_file())
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z", "corpora"], capture_output=True, check=True
        ).stdout.decode("utf-8", "surrogateescape")
    except (OSError, subprocess.CalledProcessError):  # not a checkout: every file found
        return files + corpus
    committed = {ROOT / name for name in listed.split("\0") if name}
    return files + [p for p in corpus if p in committed]


def _one(path: Path) -> tuple[str, str]:
    parts = []
    for flags in (["--explain"], []):
        r = subprocess.run(
            [sys.executable, "-m", "srtext", *flags, "-"],
            stdin=path.open("rb"),
            capture_output=True,
            cwd="/",
        )
        parts.append(f"## srtext {' '.join(flags)} exit {r.returncode}\n")
        parts.append(r.stdout.decode("utf-8", "replace"))
        parts.append(r.stderr.decode("utf-8", "replace"))
    return str(path.relative_to(ROOT)), "".join(parts)


def snapshot(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(2) as pool:
        for name, text in pool.map(_one, inputs()):
            key = name.replace("/", "__")
            (out / key).write_text(text, encoding="utf-8")
    print(f"{len(list(out.iterdir()))} snapshots in {out}")


def compare(a: Path, b: Path) -> int:
    def digests(d: Path) -> dict[str, str]:
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in d.iterdir()}

    da, db = digests(a), digests(b)
    differ = sorted(k for k in da.keys() | db.keys() if da.get(k) != db.get(k))
    for k in differ:
        print(k)
    print(f"{len(differ)} of {len(da.keys() | db.keys())} differ", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "snapshot":
        snapshot(Path(sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(__doc__)

"""Extreme inputs, run by hand: one line of 100 MB, and a long stream, with time and peak memory.

    python bench/robustness.py [--mb 100] [--lines 2000000] [--doubling 100000]

Prints, for each case, the exit status, the wall time, the peak resident
memory of the srtext process (from the kernel's rusage of the child) and the
longest output line: one line of ``--mb`` MB with no newline, and ``--lines``
lines with no sentence end (one paragraph, cut at 100,000 characters).

Then the doubling rows: for each class of character (:data:`PATHOLOGICAL`), a
paper with one line of ``--doubling`` characters of it, and of twice as many,
and the ratio of their recovery times: about 2 when the time is linear in the
line's length, 4 when it is quadratic; and for each class of line
(:data:`REPEATED`), a page of ``--lines-doubling`` such lines and of twice as
many.  ``tests/test_robustness.py`` fails when a doubling costs more than 3x.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
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


# One pathological line per class of character, of about n characters: what a bad PDF's
# text holds on one line (a table flattened, a font without spaces, a ligature run).
PATHOLOGICAL: dict[str, Callable[[int], str]] = {
    "letters": lambda n: "a" * n,
    "digits with stops": lambda n: "1." * (n // 2),
    "CJK": lambda n: "中" * n,
    "brackets": lambda n: "(" * (n // 2) + ")" * (n // 2),
    "hyphens": lambda n: "a-" * (n // 2),
    "letters, then a hyphen": lambda n: "a" * n + " x-",
    "dotted letters": lambda n: "a." * (n // 2) + " x",
    "ligatures": lambda n: "ﬁ" * n,
    "mixed scripts": lambda n: "aа" * (n // 2),  # Latin a, Cyrillic а
    "spaces": lambda n: "a" + " " * n + "b",
}


def paper_with(line: str) -> str:
    """A short paper with ``line`` in its body."""
    return "A heading\n\n" + "Some body text of a paper that goes on.\n" * 5 + line + "\nThe end of it.\n"


# Many lines of one class on one page (no form feed: a page is held whole, up to the
# window of 20,000 lines), what a text without form feeds or a long column of notes,
# numbers or marks gives: the page's steps must read such a page once, not once a line.
def _new_word(n: int) -> str:
    """The ``n``-th word of an endless vocabulary ("bacad", "bacaf", ...): no two alike."""
    letters = "bcdfghklmnprstvz"
    word = ""
    while True:
        n, k = divmod(n, len(letters))
        word += letters[k] + "aeiou"[k % 5]
        if not n:
            return word + "ter"


def hyphens_in_new_words(n: int) -> str:
    """``n`` lines, every other one ending in a word broken at a hyphen, the next ending its
    sentence, every word new to the document: its vocabulary grows with it, and each line end
    asks the dehyphenation criteria as its paragraph closes."""
    words = (" ".join(_new_word(9 * i + k) for k in range(7)) for i in range(n // 2))
    return "".join(
        f"{w} ver{_new_word(9 * i + 7)}-\n{_new_word(9 * i + 8)} is the rest of it.\n"
        for i, w in enumerate(words)
    )


REPEATED: dict[str, str | Callable[[int], str]] = {
    "numbers alone": "1\n",
    "marks alone": "‡\n",
    "notes glued to their number": "3Installing it creates a user.\n",
    "numbered sentences": "12 The results are shown here.\n",
    "CJK notes": "4 参见本章末尾的说明。\n",
    "dotted notes": "1. See the notes.\n",
    "symbol notes": "† Email: a@b.c\n",
    "pages of one line": "The river runs on.\n\f",
    "line-end hyphens in new words": hyphens_in_new_words,
}


def page_of(unit: str | Callable[[int], str], n: int) -> str:
    """A short paper's start, then ``n`` lines of ``unit`` repeated (or made by it)."""
    lines = unit(n) if callable(unit) else unit * (n // unit.count("\n"))
    return "A heading\n\n" + "Some body text of a paper that goes on.\n" * 5 + lines


def recovery_seconds(
    kind: str, n: int, runs: int = 2, timeout: float | None = None, lines: bool = False
) -> float:
    """The best of ``runs`` recovery times (CPU time: other processes on the machine do not count)
    of a paper with a pathological line of ``n`` characters of ``kind`` (with ``lines``:
    ``n`` lines of :data:`REPEATED`'s ``kind``), each run in a fresh process (none shares a
    cache); ``inf`` after ``timeout`` seconds."""
    text = f"page_of(REPEATED[{kind!r}], {n})" if lines else f"paper_with(PATHOLOGICAL[{kind!r}]({n}))"
    code = (
        "import time\nfrom bench.robustness import PATHOLOGICAL, REPEATED, page_of, paper_with\n"
        "from srtext import recover_text\n"
        f"text = {text}\n"
        "recover_text(text[:2000])  # patterns compiled, word lists loaded: not timed\n"
        "best = float('inf')\n"
        f"for _ in range({runs}):\n"
        "    t = time.process_time(); recover_text(text); best = min(best, time.process_time() - t)\n"
        "print(best)\n"
    )
    root = Path(__file__).resolve().parents[1]
    try:
        r = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=root,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return float("inf")
    return float(r.stdout)


def doubling(n: int, timeout: float | None = None, lines: bool = False) -> Iterator[tuple[str, float, float]]:
    """For each class of :data:`PATHOLOGICAL`: its time at ``n`` characters and at ``2n``
    (with ``lines``, each class of :data:`REPEATED` at ``n`` lines and ``2n``).

    The run at ``2n`` is given at most ``timeout`` seconds, or, when that is None, 3x the
    time at ``n`` and 10 s more: past that the ratio is over 3 anyway (``inf``).
    """
    for kind in REPEATED if lines else PATHOLOGICAL:
        once = recovery_seconds(kind, n, timeout=timeout, lines=lines)
        twice = recovery_seconds(kind, 2 * n, timeout=timeout or 3 * 2 * once + 10, lines=lines)
        yield kind, once, twice


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--lines", type=int, default=2_000_000)
    ap.add_argument("--doubling", type=int, default=100_000, metavar="N", help="characters of a doubling row")
    ap.add_argument(
        "--lines-doubling", type=int, default=4_000, metavar="N", help="lines of a doubling row of one page"
    )
    ap.add_argument("--only-doubling", action="store_true", help="the doubling rows alone")
    args = ap.parse_args()
    print(f"{'one line of':24} {args.doubling:>10,} ch {2 * args.doubling:>10,} ch  ratio")
    for kind, once, twice in doubling(args.doubling):
        print(f"{kind:24} {once:11.3f} s {twice:11.3f} s  {twice / once:5.2f}")
    print(f"{'one page of':27} {args.lines_doubling:>10,} lines {2 * args.lines_doubling:>10,} lines  ratio")
    for kind, once, twice in doubling(args.lines_doubling, lines=True):
        print(f"{kind:27} {once:14.3f} s {twice:14.3f} s  {twice / once:5.2f}")
    if args.only_doubling:
        return 0
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

"""Score srtext's modes on ../shared/bench/arxiv-dev (pdftotext default output).

    python bench/arxiv.py [--bench DIR] [--eps 0.1] [-v]

Prints, per mode, the pooled measures of srtext.evaluate (counts summed over the
documents, then divided).  Rows: the raw pdftotext output (each line a paragraph),
naive joining (each blank-line separated block a paragraph), paper mode, default
mode.  Exits 0 with a message when the benchmark directory is absent.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import regex

from srtext import Config, recover_text
from srtext.evaluate import Scores, score

DEFAULT_BENCH = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "arxiv-dev"


def naive(text: str) -> str:
    """Join every line of a blank-line separated block."""
    blocks = regex.split(r"\n[ \t\f]*\n", text.replace("\f", "\n"))
    return "\n".join(" ".join(b.split()) for b in blocks if b.strip()) + "\n"


def raw(text: str) -> str:
    return text.replace("\f", "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    ap.add_argument("--eps", type=float, default=0.1)
    ap.add_argument("-v", "--verbose", action="store_true", help="per-document rows")
    args = ap.parse_args()
    docs = sorted(args.bench.glob("*/*.pdftotext.txt"))
    if not docs:
        print(f"no benchmark at {args.bench}: nothing to measure", file=sys.stderr)
        return 0
    tools = {
        "pdftotext": raw,
        "naive join": naive,
        "srtext --mode paper": lambda t: recover_text(t, Config(mode="paper", eps=args.eps, window=None)),
        "srtext (default)": lambda t: recover_text(t, Config(eps=args.eps, window=None)),
    }
    print(f"{len(docs)} documents from {args.bench}\n")
    print("| tool | broken sentences | NL+ | NL- | P+ | P- |\n|---|---|---|---|---|---|")
    for name, tool in tools.items():
        total = Scores()
        for doc in docs:
            src = doc.read_text(encoding="utf-8", errors="replace")
            truth = doc.with_name(doc.name.replace(".pdftotext.txt", ".body.txt")).read_text(
                encoding="utf-8", errors="replace"
            )
            s = score(tool(src), truth, src)
            total.add(s)
            if args.verbose:
                print(f"  {doc.stem:30} {s.shares()}", file=sys.stderr)
        sh = total.shares()
        cells = [f"{total.broken}/{total.sentences} ({sh['broken%']}%)"]
        cells += [f"{sh[k]}%" for k in ("NL+%", "NL-%", "P+%", "P-%")]
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

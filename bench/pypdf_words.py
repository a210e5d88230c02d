"""How many of pdftotext's words pypdf's text gives, PDF by PDF: the measure README quotes.

    python bench/pypdf_words.py [PDF or DIR ...]   (default: corpora/ and ../shared/bench/arxiv-dev)

For each PDF, the words (``\\w+``, lower-cased) of pdftotext's text and of the text
srtext's pypdf extractor gives (:func:`srtext.run.extract.extract` with
``pypdf``), as multisets; the agreement is the share of pdftotext's words that
pypdf's text holds.  Prints one row a PDF, then the mean, the lowest and how many
PDFs fall below 90% and get srtext's run-together warning.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from srtext.run.extract import PDFError, extract

ROOT = Path(__file__).resolve().parents[1]
_WORD = re.compile(r"\w+")


def words(text: str) -> Counter[str]:
    return Counter(w.lower() for w in _WORD.findall(text))


def agreement(pdf: Path) -> tuple[float, bool] | None:
    """The share of pdftotext's words that pypdf's text gives, and whether srtext warned."""
    ref = subprocess.run(["pdftotext", "-enc", "UTF-8", "-q", str(pdf), "-"], capture_output=True)
    truth = words(ref.stdout.decode("utf-8", "replace"))
    notes: list[str] = []
    try:
        got = words(extract(pdf, "pypdf", notes).decode("utf-8", "replace"))
    except PDFError:
        return None
    if not truth:
        return None
    return sum((truth & got).values()) / sum(truth.values()), bool(notes)


def main(argv: list[str]) -> int:
    roots = [Path(a) for a in argv] or [ROOT / "corpora", ROOT.parent / "shared" / "bench" / "arxiv-dev"]
    pdfs = sorted(p for r in roots for p in ([r] if r.is_file() else r.rglob("*.pdf")))
    shares = []
    warned = 0
    for pdf in pdfs:
        measured = agreement(pdf)
        if measured is None:
            continue
        share, warning = measured
        shares.append(share)
        warned += warning
        print(f"{share:7.1%}  {'warned ' if warning else '       '}{pdf}")
    if shares:
        below = sum(s < 0.9 for s in shares)
        print(
            f"{len(shares)} PDFs: mean {sum(shares) / len(shares):.1%}, lowest {min(shares):.1%}, "
            f"{below} below 90%, {warned} warned"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

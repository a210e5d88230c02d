"""The truth check: how many of the truth's words pdftotext's text holds, in order.

Words are srtext-eval's (lower case, punctuation left out, each CJK character a
word), normalised to NFKC so that a ligature glyph counts as its letters.  Each
truth word is looked for in the text's letters (all words run together, so a
word that pdftotext broke at a line end, hyphen or not, is still found) after
the end of the last word found: first within ``NEAR`` letters, else further
on where the next ``AHEAD`` truth words follow it, each within ``GAP`` letters
of the last (a table, a code block or a running head, not in the truth, may
stand between two paragraphs; a chance match of a short word far on must not
move the search past everything between).  A word not found is counted
missing and the search goes on from the same place.

``python -m corpora.real.check [FOLDER]`` checks every built document again
(every family, the LaTeX ones too: their truth is TeX's paragraphs, their text
pdftotext's of the PDF as printed) and prints each family's figures; it fails
where a document's share is not the one its json records.

>>> share, bad = check(["The first paragraph.", "A second one here."],
...                    "The first para-\\ngraph.\\n\\nx | y\\nA second one here.\\n")
>>> share, bad
(1.0, [])
>>> check(["Lost words are counted."], "Lost are counted.\\n")
(0.75, [1])
>>> check(["First comes this.", "Then that."], "Then that.\\nFirst comes this.\\n")
(1.0, [])
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

from srtext.eval import scores

NEAR = 60
AHEAD = 4
GAP = 40
TRIES = 400


def words(text: str) -> list[str]:
    """srtext-eval's words of ``text``, NFKC (a CJK character a word).

    >>> words("Eﬃcient 処理")
    ['efficient', '処', '理']
    """
    return _norm(text)


def _norm(text: str) -> list[str]:
    return scores.words(unicodedata.normalize("NFKC", text).replace("\u00ad", ""))


def _follows(stream: str, pos: int, after: list[str]) -> bool:
    """Do the words ``after`` follow ``pos`` in ``stream``, each within ``GAP`` letters of the last?"""
    for w in after:
        at = stream.find(w, pos, pos + GAP + len(w))
        if at < 0:
            return False
        pos = at + len(w)
    return True


def _start(stream: str, ws: list[str], pos: int) -> int:
    """Where the paragraph ``ws`` starts in ``stream`` from ``pos`` on (its first words together), or -1."""
    at = stream.find(ws[0], pos)
    for _ in range(TRIES):
        if at < 0 or _follows(stream, at + len(ws[0]), ws[1 : 1 + AHEAD]):
            return at
        at = stream.find(ws[0], at + 1)
    return -1


def _paragraph(stream: str, ws: list[str], cursor: int) -> tuple[int, int]:
    """(words of ``ws`` found in order from ``cursor``, where the last one found ends)."""
    found = 0
    for i, w in enumerate(ws):
        at = stream.find(w, cursor, cursor + NEAR + len(w))
        if at < 0:  # further on only where the next words follow too: no jump on a chance match
            after = ws[i + 1 : i + 1 + AHEAD]
            at = stream.find(w, cursor)
            for _ in range(TRIES):
                if at < 0 or _follows(stream, at + len(w), after):
                    break
                at = stream.find(w, at + 1)
            else:
                at = -1
        if at >= 0:
            found += 1
            cursor = at + len(w)
    return found, cursor


def check(truth: list[str], text: str) -> tuple[float, list[int]]:
    """(share of truth words found in order, 1-based numbers of the paragraphs missing some).

    Each paragraph is looked for on its own, first after the last one's end,
    then anywhere: pdftotext may put a paragraph of the next column first.
    """
    stream = "".join(_norm(text))
    total = found = end = 0
    bad = []
    for k, p in enumerate(truth, 1):
        ws = _norm(p)
        if not ws:
            continue
        total += len(ws)
        at = _start(stream, ws, end)
        if at < 0:
            at = max(0, _start(stream, ws, 0))
        n, after = _paragraph(stream, ws, at)
        found += n
        if n < len(ws):
            bad.append(k)
        if n:
            end = after
    return (found / total if total else 1.0), bad


def recheck(root: Path) -> dict[str, list[tuple[str, float, float]]]:
    """Each family's documents under ``root``: (id, share found now, share in the json)."""
    out: dict[str, list[tuple[str, float, float]]] = defaultdict(list)
    for meta_file in sorted(root.glob("*/*.json")):
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        stem = meta_file.with_suffix("")
        truth = stem.with_suffix(".truth.txt").read_text(encoding="utf-8").splitlines()
        share, _missing = check(truth, stem.with_suffix(".pdftotext.txt").read_text(encoding="utf-8"))
        out[meta_file.parent.name].append((stem.name, round(share, 4), float(meta.get("truth_check", -1))))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Check the real corpus's truth against pdftotext's text again.")
    ap.add_argument("folder", type=Path, nargs="?", default=Path(__file__).resolve().parent / "full")
    args = ap.parse_args(argv)
    if not args.folder.is_dir():
        print(f"check: no corpus at {args.folder}", file=sys.stderr)
        return 2
    bad = 0
    print("family\tdocuments\tmean\tbelow 1\tbelow 0.95\tnot as recorded")
    for family, docs in sorted(recheck(args.folder).items()):
        shares = [now for _d, now, _was in docs]
        off = sum(abs(now - was) > 1e-4 for _d, now, was in docs)
        bad += off
        print(
            f"{family}\t{len(docs)}\t{sum(shares) / len(shares):.4f}\t{sum(x < 1 for x in shares)}\t"
            f"{sum(x < 0.95 for x in shares)}\t{off}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

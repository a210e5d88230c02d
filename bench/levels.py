"""Heading levels against the sources' own, run by hand: ``python bench/levels.py [--split validate]``.

    python bench/levels.py --corpus corpora/real/full [--split validate] [--family F]

For every PDF of corpora/broad (or of the real corpus, ``--corpus``: each family a row,
its split from each document's json) whose source is kept beside it (HTML: h1-h6;
LaTeX: \\part, \\chapter, \\section, \\subsection, \\subsubsection, \\paragraph,
ranked in that order among those the document uses; ODT: ``text:outline-level``),
recovers the PDF with ``--format jsonl``, with geometry and without it, pairs the
headings srtext writes with the source's headings of the same words (numbers left
out: "2.1 Data" is "Data"), in order (a longest common subsequence; ``--pairing
first``: each with the first source heading of its words), and reports
the share of paired headings whose level is the source's.  The source's levels
count from 1 for the document's shallowest heading (an HTML page whose headings
are h2 and h3 has levels 1 and 2).
"""

from __future__ import annotations

import argparse
import csv
import difflib
import html
import json
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from srtext.api import SentenceRecovery  # noqa: E402

TEX_LEVELS = ("part", "chapter", "section", "subsection", "subsubsection", "paragraph")
_TEX = re.compile(r"\\(" + "|".join(TEX_LEVELS) + r")\*?\s*(?:\[[^\]]*\])?\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_HTML = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1>", re.S | re.I)
_ODT = re.compile(r'<text:h\b[^>]*text:outline-level="(\d+)"[^>]*>(.*?)</text:h>', re.S)
_NUMBER = re.compile(
    r"^\s*(?:(?:chapter|kapitel|глава|poglavlje|поглавље|part|teil|appendix|anhang)\s+)?"
    r"(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z](?:\.\d+)*\.?)\s+",
    re.I,
)


def words(text: str) -> str:
    return " ".join(re.findall(r"\w+", _NUMBER.sub("", text).lower()))


def truth(pdf: Path) -> list[tuple[str, int]] | None:
    stem = pdf.with_suffix("")
    found: list[tuple[str, int]] = []
    if stem.with_suffix(".html").exists():
        for level, text in _HTML.findall(stem.with_suffix(".html").read_text("utf-8")):
            found.append((html.unescape(re.sub(r"<[^>]+>", " ", text)), int(level)))
    elif stem.with_suffix(".tex").exists():
        for command, text in _TEX.findall(stem.with_suffix(".tex").read_text("utf-8")):
            text = re.sub(r"\\[a-zA-Z]+\s*", " ", text).replace("{", "").replace("}", "").replace("~", " ")
            found.append((text, TEX_LEVELS.index(command)))
    elif stem.with_suffix(".odt").exists():
        with zipfile.ZipFile(stem.with_suffix(".odt")) as z:
            content = z.read("content.xml").decode("utf-8")
        for level, text in _ODT.findall(content):
            found.append((html.unescape(re.sub(r"<[^>]+>", "", text)), int(level)))
    else:
        return None
    if not found:
        return found
    used = sorted({level for _text, level in found})
    return [(words(text), used.index(level) + 1) for text, level in found]


def pairs(want: list[str], got: list[str], pairing: str = "ordered") -> list[tuple[int, int]]:
    """The source's and srtext's headings of the same words, paired in order (a longest common
    subsequence: a title that repeats a section's words is not paired with the section), or
    with ``first`` each of srtext's with the first unpaired source heading of its words."""
    if pairing == "first":
        found, free = [], list(range(len(want)))
        for b, text in enumerate(got):
            a = next((a for a in free if want[a] == text), None)
            if a is not None:
                free.remove(a)
                found.append((a, b))
        return found
    matcher = difflib.SequenceMatcher(None, want, got, autojunk=False)
    return [(a + k, b + k) for a, b, size in matcher.get_matching_blocks() for k in range(size)]


def headings(pdf: Path, geometry: str) -> list[tuple[str, int]]:
    sr = SentenceRecovery(pdf, output_format="jsonl", geometry=geometry)
    records = [json.loads(line) for line in sr.out_text.splitlines()]
    return [(words(r["text"]), r["level"]) for r in records if r["kind"] == "heading"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default=None, help="validate or tune (default: both)")
    ap.add_argument("--pairing", choices=("ordered", "first"), default="ordered")
    ap.add_argument("--corpus", type=Path, help="the real corpus (corpora/real/full), not corpora/broad")
    ap.add_argument("--family", action="append", help="only these families (repeatable)")
    args = ap.parse_args()
    root = args.corpus or ROOT / "corpora" / "broad"
    if args.corpus:  # the real corpus: each document's json says its split ("tune" or "validate")
        split = {
            j.name.removesuffix(".json"): json.loads(j.read_text("utf-8")).get("split", "?")
            for j in args.corpus.glob("*/*.json")
        }
    else:
        index = ROOT / "corpora" / "broad" / "index.tsv"
        split = {row["id"]: row["split"] for row in csv.DictReader(index.open(), delimiter="\t")}
    table: dict[tuple[str, str, str], list[int]] = {}
    for pdf in sorted(root.glob("*/*.pdf") if args.corpus else root.rglob("*.pdf")):
        if args.family and pdf.parent.name not in args.family:
            continue
        part = split.get(pdf.stem, "?")
        if args.split and part != args.split:
            continue
        want = truth(pdf)
        if not want:
            continue
        family = pdf.parent.name
        for geometry in ("off", "auto"):
            got = headings(pdf, geometry)
            right = paired = 0
            for a, b in pairs([t for t, _level in want], [t for t, _level in got], args.pairing):
                paired += 1
                right += want[a][1] == got[b][1]
            cell = table.setdefault((family, part, geometry), [0, 0, 0])
            cell[0] += right
            cell[1] += paired
            cell[2] += len(want)
    print("| family | split | geometry | levels right / headings paired | paired / source headings |")
    print("|---|---|---|---|---|")
    totals: dict[tuple[str, str], list[int]] = {}
    for (family, part, geometry), (right, paired, total) in sorted(table.items()):
        print(f"| {family} | {part} | {geometry} | {_row(right, paired, total)}")
        t = totals.setdefault((part, geometry), [0, 0, 0])
        t[0] += right
        t[1] += paired
        t[2] += total
    for (part, geometry), (right, paired, total) in sorted(totals.items()):
        print(f"| all | {part} | {geometry} | {_row(right, paired, total)}")


def _row(right: int, paired: int, total: int) -> str:
    return f"{right}/{paired} ({right / max(paired, 1):.1%}) | {paired}/{total} |"


if __name__ == "__main__":
    main()

"""What srtext's NL- (paragraphs merged) is made of, on a corpus's tuning documents.

    python bench/merged.py [--corpus /tmp/realfull] [--family F,G] [--split tune] [--examples 3]
        [--geometry] [--jobs 2]

NL- (:mod:`srtext.eval.docdiff`) counts every truth paragraph break the output
lacks, and also the splits needed to cut out of the output's paragraphs the
text the truth does not have (code blocks, tables, furniture left in: P+), or to
set in place the truth's text the output lost or moved.  Only the first is a
paragraph merged in the reader's sense.  This script repeats the diff's costing
(:func:`srtext.eval.docdiff._costs`) and charges each NL- to one of:

``joined heading``
    a truth break between two kept paragraphs, after a truth paragraph that
    looks like a heading (at most 10 words, no sentence end): a heading glued
    to the text after it;
``joined prose``
    any other truth break between two kept paragraphs that srtext joined;
``next to extra text``
    a split to cut out output text the truth lacks (P+): code, tables, debris
    glued to a kept paragraph;
``next to replaced text``, ``next to lost text``, ``moved``
    splits around text the output has in other words, lacks, or has elsewhere.

Only the first two are fixed by breaking more often between prose lines; the
third by keeping code and tables apart.  Per family, with examples (the last
words before the break and the first after, from the truth) for the first two.
Tuning documents only by default: read the validation families' numbers, never
their lines.  With ``--geometry`` each document is recovered with the boxes of its
``ID.bbox.html`` (pdftotext ``-bbox-layout``), as ``srtext x.pdf`` reads it
(:func:`bench.real_report.with_geometry`); a document without one, from its text alone.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.broad import Doc as CorpusDoc
from bench.broad import load
from srtext.api import recover_text
from srtext.eval import docdiff
from srtext.eval.moves import find_moved
from srtext.eval.phrases import MOVED, REPLACE, Doc, Phrase, Side, cut_at_breaks, find_phrases

KINDS = (
    "joined heading",
    "joined prose",
    "next to extra text",
    "next to replaced text",
    "next to lost text",
    "moved",
)
_ENDS = (".", "!", "?", ":", ";", ")", '"', "\u201d")


def _headinglike(paragraph: str) -> bool:
    """A truth paragraph that reads as a heading: at most 10 words, no sentence end."""
    text = paragraph.strip()
    return 0 < len(text.split()) <= 10 and not text.endswith(_ENDS)


def charged(output: list[str], truth: list[str]) -> tuple[Counter[str], list[tuple[str, str, str]]]:
    """Each NL- of one document charged to a kind of :data:`KINDS`, with (kind, before, after)
    examples of the joined breaks (the truth paragraphs either side, shortened)."""
    doc = Doc(Side(output, True), Side(truth, True), True)
    phrases = cut_at_breaks(
        doc, find_phrases(doc, list(range(len(doc.out.norm))), list(range(len(doc.truth.norm))))
    )

    def fix(a: list[int], t: list[int]) -> tuple[Counter[str], Counter[str]]:
        inner = docdiff._split_and_merge(doc, cut_at_breaks(doc, find_phrases(doc, a, t)))
        return docdiff._costs(doc, inner)

    find_moved(doc, phrases, fix)
    phrases = docdiff._split_and_merge(doc, docdiff._settle_moves(doc, phrases))
    counts: Counter[str] = Counter()
    examples: list[tuple[str, str, str]] = []
    for p in phrases:
        if p.kind == MOVED:
            splits, _ = docdiff._split_merge_ops(doc, p, by_truth=False)
            counts["moved"] += splits
        elif p.kind == REPLACE and not doc.ignored(p):
            na, nt = len(p.a), len(p.t)
            paras = {"P-": 1} if na == 0 else {"P+": 1} if nt == 0 else {"P+": 1, "P-": 1}
            words = nt if nt else na
            splits, merges = docdiff._split_merge_ops(doc, p, by_truth=na == 0)
            forced = (splits, merges) == (0, 0)
            if forced or docdiff.PARA_COST * (splits + merges) + sum(paras.values()) <= words:
                kind = (
                    "next to lost text"
                    if na == 0
                    else "next to extra text"
                    if nt == 0
                    else "next to replaced text"
                )
                counts[kind] += splits
        if p.split_before:
            counts[_joined(doc, p, truth, examples)] += 1
    return counts, examples


def _joined(doc: Doc, p: Phrase, truth: list[str], examples: list[tuple[str, str, str]]) -> str:
    """The kind of a truth break the output lacks at the start of ``p``."""
    if not p.t:
        return "joined prose"
    here = doc.truth.para[p.t[0]]
    before = truth[here - 1] if here > 0 else ""
    kind = "joined heading" if _headinglike(before) else "joined prose"
    examples.append((kind, before[-70:], truth[here][:70]))
    return kind


def one(job: tuple[str, str, str]) -> tuple[Counter[str], list[tuple[str, str, str]], int]:
    source, truth, bbox = job
    xhtml = ""
    if bbox:
        try:
            xhtml = Path(bbox).read_text(encoding="utf-8", errors="replace")
        except OSError:
            xhtml = ""
    if xhtml:
        from bench.real_report import with_geometry

        text = with_geometry(source, xhtml)
    else:
        text = recover_text(source)
    out = [p for p in text.splitlines() if p.strip()]
    gt = [p for p in truth.splitlines() if p.strip()]
    counts, examples = charged(out, gt)
    return counts, examples, len(gt)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=Path("/tmp/realfull"))
    ap.add_argument("--family", help="families, comma-separated (default: all)")
    ap.add_argument("--split", default="tune", help="tune (default) or validate: numbers only")
    ap.add_argument("--examples", type=int, default=0)
    ap.add_argument("--geometry", action="store_true", help="each line with its box (ID.bbox.html)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    docs, _ = load(args.corpus)
    docs = [d for d in docs if d.split == args.split]
    if args.family:
        docs = [d for d in docs if d.family in args.family.split(",")]
    per: dict[str, Counter[str]] = {}
    shown: dict[str, list[tuple[str, str, str]]] = {}

    def bbox(d: CorpusDoc) -> str:
        return str(args.corpus / d.family / f"{d.name}.bbox.html") if args.geometry else ""

    jobs = [(d.source, d.truth, bbox(d)) for d in docs]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for d, (counts, examples, n) in zip(docs, pool.map(one, jobs, chunksize=2), strict=True):
            per.setdefault(d.family, Counter()).update(counts + Counter(paragraphs=n))
            shown.setdefault(d.family, []).extend(examples)
    total: Counter[str] = Counter()
    print(f"{'family':32} {'NL-%':>6} " + " ".join(f"{k:>12}" for k in KINDS))
    for family in sorted(per):
        c = per[family]
        total.update(c)
        _row(family, c)
        if args.examples and args.split == "tune":
            for kind in ("joined heading", "joined prose"):
                for _, before, after in [e for e in shown[family] if e[0] == kind][: args.examples]:
                    print(f"    {kind}: ...{before!r} | {after!r}...")
    _row("all", total)


def _row(name: str, c: Counter[str]) -> None:
    n = max(c["paragraphs"], 1)
    nl = sum(c[k] for k in KINDS)
    print(f"{name:32} {100 * nl / n:6.2f} " + " ".join(f"{100 * c[k] / n:12.2f}" for k in KINDS))


if __name__ == "__main__":
    main()

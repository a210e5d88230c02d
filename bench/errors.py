"""Every paragraph-boundary error of srtext on a corpus, classified by the rule that made it.

    python bench/errors.py [--corpus corpora/real/full] [--split tune] [--family F] [--examples 3]
        [--rule NAME] [--json FILE] [--geometry]

For each document (``FAMILY/ID.pdftotext.txt`` with ``ID.truth.txt`` one paragraph
per line and ``ID.json`` giving its ``split``), srtext's decision for every input
line (its ``--explain`` row) is set against the truth: the line's first word is
aligned with the truth's words (:func:`srtext.eval.scores.align`), and the truth
says *start* when that word opens a truth paragraph, *join* when it continues one.
A line srtext starts (a paragraph or a heading) where the truth joins is a
**spurious** break (it shows as NL+ and a broken sentence); a line srtext joins
where the truth starts is a **missing** break (NL-); a line srtext drops whose
words the truth keeps is **lost**.  Lines whose first word the truth does not
hold (furniture, a misordered piece) are not judged.  With ``--geometry`` each line
has the box of its document's ``ID.bbox.html`` (pdftotext ``-bbox-layout``), as
``srtext x.pdf`` reads it; a document without one is judged on its text alone.

The counts are per rule name, so that a change to a rule can be judged by the
errors it owns; ``--split`` keeps to the tuning documents by default: read the
validation families' numbers, never their lines, to write a rule.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: bench/ and srtext/ from this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.broad import Doc, load
from srtext.api import SentenceRecovery
from srtext.eval.scores import align, words

ROOT = Path(__file__).resolve().parents[1]
STARTS = frozenset({"start", "heading"})
JOINS = frozenset({"join", "merge"})


def judged(doc: Doc, bbox: Path | None = None) -> list[tuple[str, str, str, int, str, str]]:
    """``(verdict, rule, kind, line number, previous kept line, line)`` for every line judged wrong.

    >>> d = Doc("x", "f", "en", "tune", 1, "A first line that ends\\nhere. And more.\\n\\nNext one.\\n",
    ...         "A first line that ends here. And more.\\nNext one.\\n")
    >>> [(v, n) for v, _, _, n, _, _ in judged(d)]
    []
    """
    truth_pars = [p for p in doc.truth.splitlines() if p.strip()]
    starts: set[int] = set()
    truth: list[str] = []
    for p in truth_pars:
        starts.add(len(truth))
        truth += words(p)
    sr = SentenceRecovery(doc.source)
    if bbox is not None and bbox.is_file():
        from srtext.geometry.bbox import align as align_boxes
        from srtext.geometry.bbox import parse_bbox

        sr.geometry = align_boxes(doc.source, *parse_bbox(bbox.read_text(encoding="utf-8", errors="replace")))
    decisions = sr.decisions
    line_words = [words(d.line.text) for d in decisions]
    src = [w for ws in line_words for w in ws]
    to_truth = align(src, truth)
    out: list[tuple[str, str, str, int, str, str]] = []
    pos = 0
    previous = ""
    held = 0  # words in the paragraph srtext has open: a join onto a lone bullet starts its item's words
    for d, ws in zip(decisions, line_words, strict=True):
        first = pos
        pos += len(ws)
        if d.action in STARTS:
            held = 0
        if not ws:
            continue
        t = to_truth[first]
        if d.action == "drop":
            if sum(1 for k in range(first, pos) if to_truth[k] >= 0) * 2 > len(ws):
                out.append(("lost", d.rule, d.kind, d.line.number, previous, d.line.text))
            continue
        if t >= 0:
            truth_starts = t in starts
            if d.action in STARTS and not truth_starts and t > 0 and to_truth[first - 1] == t - 1:
                out.append(("spurious", d.rule, d.kind, d.line.number, previous, d.line.text))
            elif d.action in JOINS and truth_starts and held:
                out.append(("missing", d.rule, d.kind, d.line.number, previous, d.line.text))
        if d.action in STARTS or d.action in JOINS:
            held += len(ws)
        previous = d.line.text
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=ROOT / "corpora" / "real" / "full")
    ap.add_argument("--split", default="tune", choices=("tune", "validate", "all"))
    ap.add_argument("--family", action="append", default=[], help="only these families (repeatable)")
    ap.add_argument("--language", action="append", default=[], help="only these languages (repeatable)")
    ap.add_argument("--examples", type=int, default=3, help="examples shown per rule and verdict")
    ap.add_argument("--rule", default="", help="show every example of this rule")
    ap.add_argument("--json", type=Path, help="write every error as JSON lines here")
    ap.add_argument("--geometry", action="store_true", help="each line with its box (ID.bbox.html)")
    args = ap.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"errors: no corpus at {args.corpus}", file=sys.stderr)
        return 0
    docs, _ = load(args.corpus)
    docs = [
        d
        for d in docs
        if (args.split == "all" or d.split == args.split)
        and (not args.family or d.family in args.family)
        and (not args.language or d.language in args.language)
    ]
    counts: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], list[str]] = defaultdict(list)
    sink = args.json.open("w", encoding="utf-8") if args.json else None
    judged_lines = 0
    for doc in docs:
        judged_lines += doc.source.count("\n")
        bbox = args.corpus / doc.family / f"{doc.name}.bbox.html" if args.geometry else None
        for verdict, rule, kind, number, prev, text in judged(doc, bbox):
            key = (verdict, rule)
            counts[key] += 1
            if len(examples[key]) < args.examples or rule == args.rule:
                examples[key].append(f"{doc.name}:{number}  [{prev[-60:]}] | [{text[:80]}]")
            if sink:
                row = {"doc": doc.name, "line": number, "verdict": verdict, "rule": rule, "kind": kind}
                sink.write(json.dumps({**row, "previous": prev, "text": text}, ensure_ascii=False) + "\n")
    if sink:
        sink.close()
    print(f"{len(docs)} documents, {judged_lines} lines")
    for verdict in ("spurious", "missing", "lost"):
        total = sum(n for (v, _), n in counts.items() if v == verdict)
        print(f"\n## {verdict}: {total}")
        for (v, rule), n in counts.most_common():
            if v != verdict:
                continue
            print(f"{n:6d}  {rule}")
            for e in examples[(v, rule)]:
                print(f"          {e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

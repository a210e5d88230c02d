"""Words lost, per family, by the rule that dropped them (issues 30 and 31).

    python bench/lost.py [--corpus corpora/real/full] [--split tune] [--family F,G] [--examples 3]
                          [--max-pages 1]

"Words lost" is srtext-eval's measure: the truth's words the output holds fewer
times, whatever their order.  For each rule that dropped lines of a document
(a ``(kind, rule)`` pair of ``--explain``: ``('object', 'debris')``,
``('footnote', 'footnote.note_at_the_foot')``...), the words it cost are the
words lost that keeping its lines would give back: the lost words of the output
less those of the output with that rule's dropped lines added, rule by rule.
What no dropped line holds (a hyphen joined wrongly, text pdftotext lost) is
``not dropped``.  Beside it, pdftotext's blank-line blocks' words lost.

With ``--examples N`` each rule shows the N dropped lines holding the most
lost words.  The validation half (``--split validate``) prints numbers only:
read the validation families' numbers, never their lines, to write a rule.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: bench/ and srtext/ from this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.broad import Doc, load
from srtext.api import SentenceRecovery
from srtext.eval.scores import words

ROOT = Path(__file__).resolve().parents[1]


def _lost(truth: Counter[str], out: Counter[str]) -> int:
    return sum((truth - out).values())


def lost_by_rule(doc: Doc) -> tuple[int, int, int, Counter[tuple[str, str]], list[tuple[int, str, str]]]:
    """``(truth words, words lost, blocks' words lost, cost per (kind, rule), examples)`` of one document.

    An example is ``(lost words it holds, "kind rule", "line number: text")``.

    >>> d = Doc("x", "f", "en", "tune", 1, "The rivers rose.\\n\\n3\\n", "The rivers rose.\\n3\\n")
    >>> n, lost, blocks, cost, _ = lost_by_rule(d)
    >>> n, lost, blocks, dict(cost)
    (4, 1, 0, {('furniture', 'furniture.page_number_at_foot'): 1})
    """
    sr = SentenceRecovery(doc.source)
    truth = Counter(w for p in doc.truth.splitlines() for w in words(p))
    out = Counter(words(sr.out_text))
    lost = _lost(truth, out)
    blocks = Counter(w for b in re.split(r"\n\s*\n", doc.source) for w in words(" ".join(b.split())))
    dropped: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for d in sr.decisions:
        if d.action == "drop":
            dropped.setdefault((d.kind, d.rule or d.line.rule or "?"), []).append(
                (d.line.number, d.line.text)
            )
    cost: Counter[tuple[str, str]] = Counter()
    examples: list[tuple[int, str, str]] = []
    missing = truth - out
    for key, lines in dropped.items():
        gain = lost - _lost(truth, out + Counter(w for _, t in lines for w in words(t)))
        if gain:
            cost[key] += gain
            for number, text in lines:
                held = sum(1 for w in set(words(text)) if missing[w] > 0)
                if held:
                    examples.append((held, f"{key[0]} {key[1]}", f"{doc.name}:{number}: {text[:100]}"))
    return sum(truth.values()), lost, _lost(truth, blocks), cost, examples


@dataclass
class _Family:
    words: int = 0
    lost: int = 0
    blocks: int = 0
    cost: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: list[tuple[int, str, str]] = field(default_factory=list)


def report(docs: Sequence[Doc], examples: int = 0, jobs: int = 2) -> list[str]:
    """The report's lines: per family, words lost beside blocks' and each rule's cost, largest first."""
    rows: dict[str, _Family] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for doc, (n, lost, blocks, cost, ex) in zip(
            docs, pool.map(lost_by_rule, docs, chunksize=2), strict=True
        ):
            row = rows.setdefault(doc.family, _Family())
            row.words += n
            row.lost += lost
            row.blocks += blocks
            row.cost.update(cost)
            row.examples.extend(ex)
    out: list[str] = []
    total = _Family()
    for family in sorted(rows):
        row = rows[family]
        n, dropped = max(row.words, 1), sum(row.cost.values())
        total.words += row.words
        total.lost += row.lost
        total.blocks += row.blocks
        total.cost.update(row.cost)
        out.append(
            f"{family}: {row.words} truth words, srtext lost {100 * row.lost / n:.2f}%"
            f" (blocks {100 * row.blocks / n:.2f}%),"
            f" not in dropped lines {100 * (row.lost - dropped) / n:.2f}%"
        )
        for (kind, rule), words_lost in row.cost.most_common():
            out.append(f"  {100 * words_lost / n:6.3f}%  {words_lost:6d}  {kind} {rule}")
            shown = sorted((e for e in row.examples if e[1] == f"{kind} {rule}"), reverse=True)[:examples]
            out.extend(f"           {held:3d}  {line}" for held, _, line in shown)
    n = max(total.words, 1)
    out.append(
        f"all: {total.words} truth words, srtext lost {100 * total.lost / n:.2f}%"
        f" (blocks {100 * total.blocks / n:.2f}%), in dropped lines {100 * sum(total.cost.values()) / n:.2f}%"
    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpus", default=str(ROOT / "corpora" / "real" / "full"))
    parser.add_argument("--split", default="tune", choices=("tune", "validate"))
    parser.add_argument("--family", default="", help="families, comma-separated (default: all of the split)")
    parser.add_argument("--examples", type=int, default=0, help="dropped lines shown per rule (tuning only)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-pages", type=int, default=0, help="only documents of at most this many pages")
    args = parser.parse_args(argv)
    docs, _ = load(Path(args.corpus))
    families = {f for f in args.family.split(",") if f}
    docs = [
        d
        for d in docs
        if d.split == args.split
        and (not families or d.family in families)
        and (not args.max_pages or d.pages <= args.max_pages)
    ]
    examples = args.examples if args.split == "tune" else 0  # validation: numbers only
    print("\n".join(report(docs, examples, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

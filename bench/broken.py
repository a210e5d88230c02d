"""The sentences srtext breaks that blank-line blocks keep whole, by the rule that broke each (issue 30).

    python bench/broken.py [--corpus corpora/real/full] [--family F] [--examples 3] [--rule NAME]
        [--json FILE]

For each tuning document (``FAMILY/ID.pdftotext.txt``, ``ID.truth.txt`` one
paragraph per line, ``ID.json`` with its ``split``), the truth's sentences that
the input holds whole are aligned, as :mod:`srtext.eval.scores` aligns them for
``broken``, with srtext's output and with pdftotext's blank-line blocks'
(:func:`bench.report.naive`).  A sentence whole in one block and not in one of
srtext's paragraphs is charged to the first input line among its lines that
srtext dropped, or started a paragraph or a heading with (its ``--explain``
rule); ``lost`` when none did but a word is missing from the output, ``other``
when none did and the words are there but out of order.  The counts are per
verb and rule, most first, with examples.  Only tuning documents are read:
validation families are judged by their numbers alone (corpora/real/split.tsv).
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
from bench.report import naive
from srtext.api import SentenceRecovery
from srtext.config import Config
from srtext.eval.scores import align, sentences, words

ROOT = Path(__file__).resolve().parents[1]
STARTS = frozenset({"start", "heading"})


def _owners(text: str) -> tuple[list[int], list[str]]:
    """For each word of a text (one paragraph per line), its paragraph's index; and the words."""
    pars = [p for p in text.splitlines() if p.strip()]
    return [i for i, p in enumerate(pars) for _ in words(p)], [w for p in pars for w in words(p)]


def broken(doc: Doc) -> list[dict[str, object]]:
    """The sentences of ``doc`` that blank-line blocks keep whole and srtext breaks, each with its cause.

    >>> source, truth = "A first line\\nthat ends here.\\n", "A first line that ends here.\\n"
    >>> broken(Doc("x", "f", "en", "tune", 1, source, truth))
    []
    """
    truth = [w for p in doc.truth.splitlines() if p.strip() for w in words(p)]
    sr = SentenceRecovery(doc.source, Config(window=None))
    decisions = sr.decisions
    line_words = [words(d.line.text) for d in decisions]
    line_of = [i for i, ws in enumerate(line_words) for _ in ws]
    in_source = align(truth, [w for ws in line_words for w in ws])
    out_owner, out_words = _owners(sr.out_text)
    block_owner, block_words = _owners(naive(doc.source))
    to_out, to_blocks = align(truth, out_words), align(truth, block_words)
    found: list[dict[str, object]] = []
    pos = 0
    for paragraph in doc.truth.splitlines():
        for sentence in sentences(paragraph) if paragraph.strip() else []:
            span = range(pos, pos + len(words(sentence)))
            pos = span.stop
            if not span or any(in_source[k] < 0 for k in span):
                continue
            ours = {out_owner[to_out[k]] if to_out[k] >= 0 else -1 for k in span}
            theirs = {block_owner[to_blocks[k]] if to_blocks[k] >= 0 else -1 for k in span}
            if (len(ours) == 1 and -1 not in ours) or len(theirs) != 1 or -1 in theirs:
                continue
            lines = sorted({line_of[in_source[k]] for k in span})
            cause = ("lost" if -1 in ours else "other", "?", lines[0])
            for i in range(lines[0], lines[-1] + 1):
                d = decisions[i]
                if line_words[i] and (
                    (d.action == "drop" and i in lines) or (i != lines[0] and d.action in STARTS)
                ):
                    cause = (d.action, d.rule, i)
                    break
            verb, rule, i = cause
            found.append(
                {
                    "doc": doc.name,
                    "family": doc.family,
                    "verb": verb,
                    "rule": rule,
                    "line": decisions[i].line.number,
                    "text": decisions[i].line.text.strip(),
                    "sentence": sentence,
                }
            )
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=ROOT / "corpora" / "real" / "full")
    ap.add_argument("--family", action="append", default=[], help="only these families (repeatable)")
    ap.add_argument("--examples", type=int, default=3, help="examples shown per verb and rule")
    ap.add_argument("--rule", default="", help="show every example of this rule")
    ap.add_argument("--json", type=Path, help="write every broken sentence as JSON lines here")
    args = ap.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"broken: no corpus at {args.corpus}", file=sys.stderr)
        return 0
    docs, _ = load(args.corpus)
    docs = [d for d in docs if d.split == "tune" and (not args.family or d.family in args.family)]
    rows = [row for doc in docs for row in broken(doc)]
    if args.json:
        with args.json.open("w", encoding="utf-8") as sink:
            sink.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    counts = Counter((str(r["verb"]), str(r["rule"])) for r in rows)
    examples: dict[tuple[str, str], list[dict[str, object]]] = defaultdict(list)
    for r in rows:
        examples[str(r["verb"]), str(r["rule"])].append(r)
    print(f"{len(docs)} tuning documents, {len(rows)} sentences whole in blank-line blocks, broken by srtext")
    for (verb, rule), n in counts.most_common():
        print(f"{n:6d}  {verb:8} {rule}")
        for r in examples[verb, rule] if rule == args.rule else examples[verb, rule][: args.examples]:
            print(f"          {r['doc']}:{r['line']}  [{str(r['text'])[:70]}]  in: {str(r['sentence'])[:70]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

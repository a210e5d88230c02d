"""Headers and footers of one-page documents (issue 31): per family, each tool, tuning and validation.

    python bench/onepage.py [--corpus /work/onepage] [--jobs 2] [--family F] [--fails] [--order-fails]

The one-page corpus (corpora/real/onepage.py) records each document's header
and footer strings (``headers``, ``footers`` in its json).  A header or footer
*passes* in an output when it occurs there (as a run of words) no more often
than in the truth and its objects (code, cells: srtext keeps code): a title
repeated as a running head must be dropped once and kept once; a footer ``1``
passes when the output holds no more ``1`` words than the truth (the test
issue 31 names: a page's header or footer text absent from the output).
Beside it: documents whose every header and footer passes, srtext-eval's
furniture leaked %, truth words lost (the share of the truth's words,
counted with their repeats, that the output lacks) and paragraph pairs in
order (:func:`in_order`, the issue's other test: two paragraphs in the truth's
order).  Tools:
pdftotext as it is, blank-line blocks, srtext text-only and srtext with the
page's geometry (bench/real_report.with_geometry).  ``--fails`` lists each
failing header or footer of the tuning families (validation ones are counted,
never listed); ``--order-fails`` each pair of paragraphs that pdftotext holds in
order and srtext does not, in the tuning families, with the rule of the line
that holds each paragraph's first words (:func:`order_fails`).
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __package__ in (None, ""):  # run as a script: bench/ and srtext/ from this checkout, or from $SRTEXT_TREE
    sys.path.insert(0, os.environ.get("SRTEXT_TREE") or str(Path(__file__).resolve().parents[1]))

from bench.broad import Doc, load
from bench.real_report import with_geometry
from bench.report import TOOLS as BENCH_TOOLS
from srtext.eval.scores import _contains, score, words

TOOLS = ["pdftotext", "blank-line blocks", "srtext", "srtext with geometry"]


def passes(
    furniture: str,
    out_words: Sequence[str],
    truth_words: Sequence[str],
    objects: Sequence[Sequence[str]] = (),
) -> bool | None:
    """Does the header or footer occur in the output no more often than in the truth (None: no words)?

    The truth's objects (code lines, table cells: ``objects``, words of each) count as the
    truth: srtext keeps code, which the truth leaves out.

    >>> passes("Page 1 of 1", "a b page 1 of 1".split(), "a b".split())
    False
    >>> passes("Intro", "intro a b".split(), "intro a b".split())
    True
    """
    want = words(furniture)
    if not want:
        return None
    return _contains(out_words, want) <= _contains(truth_words, want) + sum(
        _contains(o, want) for o in objects
    )


def lost(out_words: Sequence[str], truth_words: Sequence[str]) -> tuple[int, int]:
    """(truth words the output lacks, counted with their repeats; truth words)."""
    have = Counter(out_words)
    need = Counter(truth_words)
    return sum(max(0, n - have[w]) for w, n in need.items()), sum(need.values())


def in_order(out_words: Sequence[str], truth: str, n: int = 4) -> tuple[int, int]:
    """(pairs in order, pairs): each two consecutive truth paragraphs whose first ``n`` words occur
    once in the truth, both found in the output, the first before the second (an order test).

    >>> in_order("b b b b a a a a".split(), "a a a a\\nb b b b\\n")
    (0, 1)
    """
    heads = [tuple(words(p)[:n]) for p in truth.splitlines()]
    tw = words(truth)
    out = list(out_words)

    def where(h: tuple[str, ...]) -> int:
        return next((i for i in range(len(out) - n + 1) if tuple(out[i : i + n]) == h), -1)

    good = total = 0
    for a, b in itertools.pairwise(heads):
        if len(a) < n or len(b) < n or a == b or _contains(tw, a) != 1 or _contains(tw, b) != 1:
            continue
        total += 1
        i, j = where(a), where(b)
        good += 0 <= i < j
    return good, total


def _where(out: Sequence[str], head: tuple[str, ...]) -> int:
    n = len(head)
    return next((i for i in range(len(out) - n + 1) if tuple(out[i : i + n]) == head), -1)


def order_fails(source: str, truth: str, bbox: str = "", n: int = 4) -> list[str]:
    """The pairs of :func:`in_order` that pdftotext holds and srtext does not, each with the rule
    (``--explain``'s) of the line that holds the paragraph's first words, where srtext's output has
    them (-1: not as a run), for srtext with the page's geometry when ``bbox`` names its XHTML.

    >>> order_fails("a a a a\\n\\nb b b b\\n", "a a a a\\nb b b b\\n")
    []
    """
    from srtext.api import SentenceRecovery

    sr = SentenceRecovery(source)
    if bbox:
        from srtext.geometry.bbox import align, parse_bbox

        read, boxes = parse_bbox(Path(bbox).read_text(encoding="utf-8", errors="replace"))
        sr.geometry = align(source, read, boxes)  # type: ignore[assignment]
    out, pdf, tw = words(sr.out_text), words(source), words(truth)
    heads = [tuple(words(p)[:n]) for p in truth.splitlines()]
    lines = [(words(d.line.text), d) for d in sr.decisions]

    def rule(head: tuple[str, ...]) -> str:
        for w, d in lines:
            if w and tuple(w[: len(head)]) == head[: len(w)] and w[0] == head[0]:
                return f"line {d.line.number} {d.kind} {d.action} {d.rule or d.line.rule}: {d.line.text[:60]}"
        return "no line starts with it"

    fails = []
    for a, b in itertools.pairwise(heads):
        if len(a) < n or len(b) < n or a == b or _contains(tw, a) != 1 or _contains(tw, b) != 1:
            continue
        if not 0 <= _where(pdf, a) < _where(pdf, b):
            continue
        i, j = _where(out, a), _where(out, b)
        if not 0 <= i < j:
            fails.append(f"{' '.join(a)!r} at {i} ({rule(a)}) / {' '.join(b)!r} at {j} ({rule(b)})")
    return fails


def _order_job(job: tuple[str, str, str, str]) -> tuple[str, list[str]]:
    name, source, truth, bbox = job
    return name, order_fails(source, truth, bbox)


def run(job: tuple[str, str, str, str, dict[str, object]]) -> dict[str, object]:
    tool, source, truth, bbox, meta = job
    if tool == "srtext with geometry":
        out = with_geometry(source, Path(bbox).read_text(encoding="utf-8", errors="replace"))
    else:
        out = BENCH_TOOLS[tool](source)
    ow, tw = words(out), words(truth)
    furniture = [*map(str, meta.get("headers") or []), *map(str, meta.get("footers") or [])]
    objects = [words(str(x)) for x in meta.get("objects") or []]  # type: ignore[attr-defined]
    results = [(f, passes(f, ow, tw, objects)) for f in furniture]
    s = score(out, truth, source, meta)
    miss, total = lost(ow, tw)
    return {
        "tests": [(f, ok) for f, ok in results if ok is not None],
        "leaked": (s.furniture_leaked, s.furniture),
        "lost": (miss, total),
        "order": in_order(ow, truth),
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=Path("/work/onepage"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--family", default="")
    ap.add_argument("--tools", default=",".join(TOOLS))
    ap.add_argument("--max-pages", type=int, default=0, help="only documents of at most this many pages")
    ap.add_argument(
        "--fails", action="store_true", help="list the tuning families' failing headers and footers"
    )
    ap.add_argument(
        "--order-fails",
        action="store_true",
        help="list the tuning documents' paragraph pairs pdftotext holds in order and srtext does not",
    )
    args = ap.parse_args(argv)
    docs, _notes = load(args.corpus)
    docs = [
        d
        for d in docs
        if d.family.startswith(args.family) and (not args.max_pages or d.pages <= args.max_pages)
    ]
    tools = args.tools.split(",")
    jobs = [
        (t, d.source, d.truth, str(args.corpus / d.family / f"{d.name}.bbox.html"), d.meta)
        for t in tools
        for d in docs
    ]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        got = list(pool.map(run, jobs, chunksize=4))
    results: dict[tuple[str, str], dict[str, object]] = {
        (j[0], d.name): g for j, g, d in zip(jobs, got, [d for _ in tools for d in docs], strict=True)
    }
    families = sorted(
        {d.family for d in docs}, key=lambda f: (next(d.split for d in docs if d.family == f), f)
    )
    print(
        "| family (split, docs) | tool | headers+footers removed | documents all removed "
        "| furniture leaked % | truth words lost % | paragraph pairs in order |"
    )
    print("|---|---|---|---|---|---|---|")
    for family in [*families, "all tuning", "all validation"]:
        if family.startswith("all "):
            half = "tune" if family.endswith("tuning") else "validate"
            ds: list[Doc] = [d for d in docs if d.split == half]
        else:
            ds = [d for d in docs if d.family == family]
        if not ds:
            continue
        for tool in tools:
            rs = [results[tool, d.name] for d in ds]
            tests = [ok for r in rs for _f, ok in r["tests"]]  # type: ignore[attr-defined]
            whole = sum(all(ok for _f, ok in r["tests"]) for r in rs)  # type: ignore[attr-defined]
            leaked = [sum(x) for x in zip(*(r["leaked"] for r in rs), strict=True)]  # type: ignore[misc]
            gone = [sum(x) for x in zip(*(r["lost"] for r in rs), strict=True)]  # type: ignore[misc]
            order = [sum(x) for x in zip(*(r["order"] for r in rs), strict=True)]  # type: ignore[misc]
            print(
                f"| {family} ({ds[0].split}, {len(ds)}) | {tool} | {sum(tests)}/{len(tests)} "
                f"({100 * sum(tests) / max(1, len(tests)):.1f}%) | {whole}/{len(ds)} | "
                f"{100 * leaked[0] / max(1, leaked[1]):.1f} | {100 * gone[0] / max(1, gone[1]):.2f} | "
                f"{order[0]}/{order[1]} |"
            )
    if args.fails:
        for d in docs:
            if d.split != "tune":
                continue
            for tool in tools:
                for f, ok in results[tool, d.name]["tests"]:  # type: ignore[attr-defined]
                    if not ok and tool.startswith("srtext"):
                        print(f"FAIL\t{tool}\t{d.family}\t{d.name}\t{f}")
    if args.order_fails:
        for tool in (t for t in tools if t.startswith("srtext")):
            geometry = tool == "srtext with geometry"
            order_jobs = [
                (
                    d.name,
                    d.source,
                    d.truth,
                    str(args.corpus / d.family / f"{d.name}.bbox.html") if geometry else "",
                )
                for d in docs
                if d.split == "tune"
            ]
            with ProcessPoolExecutor(max(1, args.jobs)) as pool:
                for name, fails in pool.map(_order_job, order_jobs, chunksize=4):
                    for f in fails:
                        print(f"ORDER\t{tool}\t{name}\t{f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

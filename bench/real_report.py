"""The real corpus in the benchmark (issue 29): per family, language and kind, validation first.

    python bench/real_report.py [--corpus corpora/real/full] [--out docs/real-corpus.md] [--jobs 2]
        [--family PREFIX ...]

The corpus (corpora/real/, built by ``python -m corpora.real.build``) holds
documents other people wrote, printed by several renderers, each with exact
truth.  Whole families are validation only (corpora/real/split.tsv): never
fitted on, never read to write a rule, so their rows come first and say what
srtext does on documents nobody tuned it on.  Tools: pdftotext's output as it
is, blank-line blocks, srtext text-only (the default mode on pdftotext's text),
and srtext with the PDF's geometry (the same text, each line's box from the
document's ``.bbox.html``, pdftotext ``-bbox-layout``'s output, aligned to it as
srtext aligns a PDF's: :func:`with_geometry`).  Beside
srtext-eval's measures, per truth kind (``blocks`` in each document's json):

* list items whole: truth list items that come out as a paragraph of their own;
* code joined: code blocks whose first line is joined to the prose paragraph
  before it, or whose last line to the one after, in one output paragraph.

The report is skipped with a note when the corpus is absent.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: bench/ and srtext/ from this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.broad import Doc, groups, load, pooled, split_table, versus_table
from bench.report import TOOLS as BENCH_TOOLS
from bench.report import Runner, write_report
from srtext import Config, __version__
from srtext.eval.scores import Scores, score, words

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpora" / "real" / "full"
GEOMETRY = "srtext with geometry"
TOOLS = ["pdftotext", "blank-line blocks", "srtext", GEOMETRY]
TEXT_TOOLS = TOOLS[:3]
MEASURES = ["broken%", "NL+%", "NL-%", "P+%", "P-%", "W~%", "headings kept%", "captions kept%"]
MEASURES += ["furniture leaked%"]
HALF = {"tune": "tuning", "validate": "validation"}


def with_geometry(source: str, xhtml: str, config: Config | None = None, pdf: Path | None = None) -> str:
    """srtext's default output for pdftotext's text with the boxes of its ``-bbox-layout`` XHTML.

    What ``srtext x.pdf`` does with geometry: the default mode's text, each line
    given the box of the XHTML's line at the same place (``align``), and, given
    the ``pdf`` itself, the lines a list's label is drawn before marked
    (:mod:`srtext.geometry.drawn`).
    """
    from srtext.geometry.bbox import align, parse_bbox
    from srtext.geometry.drawn import mark_labels, pdf_labels
    from srtext.pipeline.lines import text_lines
    from srtext.pipeline.output import render
    from srtext.pipeline.vocabulary import Vocabulary
    from srtext.recovery import recover

    read, boxes = parse_bbox(xhtml)
    geometry = align(source, read, boxes)
    if pdf is not None:
        geometry = mark_labels(geometry, pdf_labels(pdf))
    config, vocabulary = config or Config(window=None), Vocabulary(config.lang if config else None)
    events = recover(text_lines(source), config, vocabulary=vocabulary, geometry=geometry)
    return "".join(render(events, config, lambda: vocabulary.lang, geometry))


def _geometry_job(job: tuple[str, str, dict[str, object], str]) -> tuple[Scores, str]:
    """The geometry row's scores and output for one document (in a worker process)."""
    source, truth, meta, bbox = job
    try:
        xhtml = Path(bbox).read_text(encoding="utf-8", errors="replace")
    except OSError:
        xhtml = ""
    pdf = Path(bbox[: -len(".bbox.html")] + ".pdf") if bbox.endswith(".bbox.html") else None
    if pdf is not None and not pdf.is_file():
        pdf = None
    # no XHTML: text alone
    out = with_geometry(source, xhtml, pdf=pdf) if xhtml else BENCH_TOOLS["srtext"](source)
    return score(out, truth, source, meta), out


def _line(ws: Sequence[str]) -> str:
    return " " + " ".join(ws) + " "


def kinds(out: str, meta: dict[str, object]) -> Counter[str]:
    """Counts per truth kind in one output (one paragraph per line): list items whole, code joined.

    >>> meta = {"blocks": [["body", 0, "Run it:"], ["code", 0, "make all\\nmake test"],
    ...                    ["item", 0, "1. First thing"], ["item", 0, "2. Second"], ["body", 0, "Done."]]}
    >>> c = kinds("Run it: make all\\nmake test\\n1. First thing 2. Second\\nDone.\\n", meta)
    >>> c["items"], c["items whole"], c["code"], c["code joined"]
    (2, 0, 1, 1)
    >>> c = kinds("Run it:\\nmake all\\nmake test\\n1. First thing\\n2. Second\\nDone.\\n", meta)
    >>> c["items whole"], c["code joined"]
    (2, 0)
    """
    lines = [_line(words(x)) for x in out.splitlines() if x.strip()]
    own = set(lines)
    blocks = meta.get("blocks")
    c: Counter[str] = Counter()
    if not isinstance(blocks, list):
        return c
    prose = [(i, b) for i, b in enumerate(blocks) if b[0] not in ("code", "cell", "picture")]
    for i, (kind, _level, text) in enumerate(blocks):
        if kind == "item":
            c["items"] += 1
            c["items whole"] += _line(words(text)) in own
        elif kind == "code":
            code = [words(x) for x in text.split("\n") if words(x)]
            if not code:
                continue
            before = [words(b[2])[-3:] for j, b in prose if j < i][-1:]
            after = [words(b[2])[:3] for j, b in prose if j > i][:1]
            joined = any(p and _line(p + code[0]) in x for p in before for x in lines)
            joined = joined or any(n and _line(code[-1] + n) in x for n in after for x in lines)
            c["code"] += 1
            c["code joined"] += joined
    return c


def kind_table(rows: Sequence[tuple[str, Counter[str], Counter[str]]]) -> str:
    """A row per tool: list items whole and code joined, tuning / validation.

    >>> t, v = Counter({"items": 4, "items whole": 3}), Counter({"code": 2, "code joined": 1})
    >>> print(kind_table([("srtext", t, v)]), end="")
    | tune / validate | list items whole | code joined to prose |
    |---|---|---|
    | srtext | 75.0 / – | – / 50.0 |
    """

    def share(c: Counter[str], part: str, whole: str) -> str:
        return f"{100 * c[part] / c[whole]:.1f}" if c[whole] else "–"

    out = "| tune / validate | list items whole | code joined to prose |\n|---|---|---|\n"
    for name, t, v in rows:
        items = f"{share(t, 'items whole', 'items')} / {share(v, 'items whole', 'items')}"
        code = f"{share(t, 'code joined', 'code')} / {share(v, 'code joined', 'code')}"
        out += f"| {name} | {items} | {code} |\n"
    return out


def corpus_table(docs: Sequence[Doc]) -> str:
    """Documents, pages, words and the truth check per family."""
    out = "| family | split | documents | pages | languages | truth check (mean) | below 1 | below 0.95 |\n"
    out += "|---|---|---|---|---|---|---|---|\n"
    for family in sorted({d.family for d in docs}, key=lambda f: (docs_split(docs, f), f)):
        ds = [d for d in docs if d.family == family]
        checks = [float(str(d.meta.get("truth_check", 0))) for d in ds]
        langs = Counter(d.language for d in ds)
        out += (
            f"| {family} | {HALF[ds[0].split]} | {len(ds)} | {sum(d.pages for d in ds)} | "
            f"{', '.join(f'{k} {n}' for k, n in sorted(langs.items()))} | {sum(checks) / len(checks):.4f} | "
            f"{sum(x < 1 for x in checks)} | {sum(x < 0.95 for x in checks)} |\n"
        )
    checks = [float(str(d.meta.get("truth_check", 0))) for d in docs]
    mean, below, far = sum(checks) / len(checks), sum(x < 1 for x in checks), sum(x < 0.95 for x in checks)
    out += (
        f"| all | | {len(docs)} | {sum(d.pages for d in docs)} | {len({d.language for d in docs})} "
        f"languages | {mean:.4f} | {below} | {far} |\n"
    )
    return out


def docs_split(docs: Sequence[Doc], family: str) -> int:
    """0 for a validation family, 1 for a tuning one (validation rows first)."""
    return int(next(d.split for d in docs if d.family == family) == "tune")


def section(runner: Runner, root: Path, families: Sequence[str] = ()) -> str:
    """The real corpus's part of the benchmark report (only the families starting with one of
    ``families``, when given: a corpus built in part, or a change measured on the families it is for)."""
    if not root.is_dir():
        return (
            f"_The real corpus not found at `{root}` (build it: corpora/real/README.md): section skipped._\n"
        )
    docs, notes = load(root)
    if families:
        docs = [d for d in docs if d.family.startswith(tuple(families))]
    if not docs:
        return f"_No scorable documents in `{root}`: section skipped._\n"
    results = runner.run([(t, d.source, d.truth, d.meta, False) for t in TEXT_TOOLS for d in docs])
    jobs = [(d.source, d.truth, d.meta, str(root / d.family / f"{d.name}.bbox.html")) for d in docs]
    results += list(
        map(_geometry_job, jobs) if runner.pool is None else runner.pool.map(_geometry_job, jobs, chunksize=2)
    )
    scores: dict[tuple[str, str], Scores] = {}
    counts: dict[tuple[str, str], Counter[str]] = {}
    for k, tool in enumerate(TOOLS):
        for d, (s, out) in zip(docs, results[k * len(docs) : (k + 1) * len(docs)], strict=True):
            scores[d.name, tool] = s
            counts[d.name, tool] = kinds(out, d.meta)
    halves = Counter(d.split for d in docs)
    text = (
        f"{len(docs)} documents, {sum(d.pages for d in docs)} pages, in "
        f"{len({d.family for d in docs})} families (source x renderer) and {len({d.language for d in docs})} "
        f"languages: {halves['tune']} in tuning families, {halves['validate']} in validation families "
        "(whole families, fixed in corpora/real/split.tsv: **validation families were never fitted on "
        "and never read to write a rule**). Truth check: the share of each document's truth words found "
        "in order, paragraph by paragraph, in pdftotext's default output (below 1 where pdftotext "
        "misordered or lost text).\n\n"
    )
    text += corpus_table(docs)
    grouped = groups(docs)
    text += "\n### Validation families: srtext / blank-line blocks (documents nobody tuned on)\n\n"
    text += versus_table(
        [
            (
                name,
                sum(d.split == "validate" for d in ds),
                pooled(ds, "validate", lambda d: scores[d.name, "srtext"]),
                pooled(ds, "validate", lambda d: scores[d.name, "blank-line blocks"]),
            )
            for name, ds in grouped
            if any(d.split == "validate" for d in ds)
        ],
        MEASURES,
    )
    for name, ds in grouped:
        n = Counter(d.split for d in ds)
        text += f"\n### {name} ({n['tune']} tuning + {n['validate']} validation documents)\n\n"
        text += split_table(
            [
                (
                    tool,
                    pooled(ds, "tune", lambda d, tool=tool: scores[d.name, tool]),
                    pooled(ds, "validate", lambda d, tool=tool: scores[d.name, tool]),
                )
                for tool in TOOLS
            ],
            MEASURES,
        )
        if name == "all":
            total = {
                (tool, half): sum((counts[d.name, tool] for d in ds if d.split == half), Counter())
                for tool in TOOLS
                for half in ("tune", "validate")
            }
            text += "\nPer truth kind, all documents:\n\n"
            text += kind_table([(t, total[t, "tune"], total[t, "validate"]) for t in TOOLS])
    failing = sorted((float(str(d.meta.get("truth_check", 0))), d.name) for d in docs)
    failing = [(x, n) for x, n in failing if x < 1]
    text += (
        f"\n### Documents whose truth check is below 1 ({len(failing)})\n\n"
        "Kept and scored (the damage is in srtext's input); listed here, lowest first:\n\n"
    )
    text += ", ".join(f"`{n}` {x:.3f}" for x, n in failing) + ("\n" if failing else "none\n")
    if notes:
        text += "\nLeft out:\n\n" + "".join(f"- {x}\n" for x in notes)
    return text


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "real-corpus.md")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--family", action="append", default=[], help="only the families starting with this (repeatable)"
    )
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    started = time.perf_counter()
    runner = Runner(args.jobs)
    try:
        body = section(runner, args.corpus, args.family)
    finally:
        if runner.pool is not None:
            runner.pool.shutdown()
    elapsed = time.perf_counter() - started
    text = (
        "# The real corpus\n\n"
        f"Generated by `python bench/real_report.py` (srtext {__version__}); do not edit by hand. "
        "Measures are defined in [measures.md](measures.md): percentages, counts pooled over the "
        "documents of a row, each cell the tuning families' value / the validation families'. "
        "Rows: **pdftotext** as it is (each line a paragraph), **blank-line blocks** (each "
        "blank-line separated block joined), **srtext** (text-only, the default mode on pdftotext's "
        "default output), **srtext with geometry** (the same text with each line's box from the "
        "document's pdftotext -bbox-layout XHTML, as srtext reads a PDF with --geometry auto).\n\n"
        f"{body}\n---\n\nRun time of this report: {elapsed:.0f} s ({args.jobs} worker processes).\n"
    )
    write_report(args.out, text, elapsed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

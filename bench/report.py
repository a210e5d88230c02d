"""Regenerate docs/benchmarks.md: srtext and baselines on arxiv-dev and the corpora.

    python bench/report.py [--out docs/benchmarks.md] [--arxiv DIR] [--scorer DIR] [--broad DIR] [--real DIR]
        [--jobs 2]

Tools compared on the same input:
* pdftotext: the converter's output as it is, each line a paragraph;
* blank-line blocks: every line of a blank-line separated block joined with a
  space (the usual first regex, and the baseline to beat);
* srtext --mode paper: the published algorithm;
* srtext: the default mode.
All measures come from srtext.eval.evaluate (see docs/measures.md), counts pooled
over the documents of a row; on arxiv-dev the benchmark's own scorer too, where
it is present.  The real corpus (bench/real_report.py) comes first: its
validation families are documents nobody tuned on; arxiv-dev and the broad
corpus's tuning half were tuned on.  Sections whose data is absent (arxiv-dev,
the scorer, the broad or the real corpus) are left out with a note.  Documents are scored by ``--jobs`` worker
processes; the report ends with its own run time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import regex

if __package__ in (None, ""):  # run as a script: bench/ and srtext/ from this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import bkscorer
from bench.broad import COLUMNS, SPLITS, groups, load, pooled, split_table, versus_table
from bench.hyphenset import ANSWERS, Case, answers, iter_arxiv_groups, iter_corpus_groups, read_hand_cases
from bench.hyphenset import score as score_hyphens
from srtext import Config, __version__, recover_text
from srtext.eval.scores import Scores, on_lines_of_its_own, score
from srtext.pipeline.events import DROPPED_BY_DEFAULT

ROOT = Path(__file__).resolve().parents[1]
ARXIV = ROOT.parent / "shared" / "bench" / "arxiv-dev"
CORPORA = ROOT / "corpora" / "latex"
BROAD = ROOT / "corpora" / "broad"
REAL = ROOT / "corpora" / "real" / "full"
MEASURES = ["broken%", "NL+%", "NL-%", "P+%", "P-%", "W~%"]
ARXIV_MEASURES = ["broken%", "NL+%", "NL-%", "P+%", "P-%", "W+%", "W-%", "W~%", "words lost%"]
CLASSES = ["headings kept%", "captions kept%", "furniture leaked%", "footnotes leaked%"]


def naive(text: str) -> str:
    """Join every line of each blank-line separated block.

    >>> naive("a\\nb\\n\\nc\\n")
    'a b\\nc\\n'
    """
    blocks = regex.split(r"\n[ \t\f]*\n", text.replace("\f", "\n"))
    return "\n".join(" ".join(b.split()) for b in blocks if b.strip()) + "\n"


def as_lines(text: str) -> str:
    return text.replace("\f", "\n")


# What srtext keeps by default and the benchmark's ground truth leaves out.
UNLIKE_TRUTH = frozenset({"captions", "references", "frontmatter"})
DROP = f"srtext --drop {','.join(sorted(UNLIKE_TRUTH))}"

TOOLS: dict[str, Callable[[str], str]] = {
    "pdftotext": as_lines,
    "blank-line blocks": naive,
    "srtext --mode paper": lambda t: recover_text(t, Config(mode="paper", window=None)),
    "srtext": lambda t: recover_text(t, Config(window=None)),
    DROP: lambda t: recover_text(t, Config(window=None, drop=DROPPED_BY_DEFAULT | UNLIKE_TRUTH)),
}
ROWS = ["pdftotext", "blank-line blocks", "srtext --mode paper", "srtext"]

# ---------------------------------------------------------------- scoring in worker processes

Job = tuple[str, str, str, "dict[str, object] | None", bool]  # tool, input, truth, metadata, wildcards


def _work(job: tuple[tuple[str, ...], str, str, dict[str, object] | None, bool]) -> list[tuple[Scores, str]]:
    """Several tools on one document, in one process (which aligns the truth with the input once)."""
    tools, source, truth, meta, wildcards = job
    results = []
    for tool in tools:
        out = TOOLS[tool](source)
        results.append((score(out, truth, source, meta, wildcards=wildcards), out))
    return results


class Runner:
    """Runs tools and scores documents, in ``workers`` processes."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = ProcessPoolExecutor(workers) if workers > 1 else None

    def run(self, jobs: Sequence[Job]) -> list[tuple[Scores, str]]:
        """Each job's scores and output, in order; the jobs of one document go together."""
        groups: dict[tuple[int, int, int, bool], list[int]] = {}
        for k, (_tool, source, truth, meta, wildcards) in enumerate(jobs):
            groups.setdefault((id(source), id(truth), id(meta), wildcards), []).append(k)
        work = [
            (tuple(jobs[k][0] for k in ks), jobs[ks[0]][1], jobs[ks[0]][2], jobs[ks[0]][3], jobs[ks[0]][4])
            for ks in groups.values()
        ]
        done = map(_work, work) if self.pool is None else self.pool.map(_work, work, chunksize=1)
        results: list[tuple[Scores, str] | None] = [None] * len(jobs)
        for ks, got in zip(groups.values(), done, strict=True):
            for k, r in zip(ks, got, strict=True):
                results[k] = r
        return [r for r in results if r is not None]

    def totals(
        self,
        docs: Sequence[tuple[str, str, dict[str, object] | None]],
        tools: Sequence[str],
        wildcards: bool = True,
    ) -> list[tuple[str, Scores]]:
        """Each tool's counts pooled over the documents."""
        results = self.run([(t, src, truth, meta, wildcards) for t in tools for src, truth, meta in docs])
        rows = []
        for k, tool in enumerate(tools):
            total = Scores()
            for s, _out in results[k * len(docs) : (k + 1) * len(docs)]:
                total.add(s)
            rows.append((tool, total))
        return rows


def fmt(v: float | None) -> str:
    return "–" if v is None else f"{v:.1f}"


def table(rows: list[tuple[str, Scores]], columns: list[str]) -> str:
    head = "| | " + " | ".join(COLUMNS.get(c, c.replace("%", "")) for c in columns) + " |\n"
    head += "|---" * (len(columns) + 1) + "|\n"
    body = ""
    for name, s in rows:
        sh = s.shares()
        body += f"| {name} | " + " | ".join(fmt(sh[c]) for c in columns) + " |\n"
    return head + body


# ---------------------------------------------------------------- arxiv-dev


def agreement_table(ours: dict[str, Scores], theirs: dict[str, dict[str, float]]) -> str:
    """srtext-eval against the benchmark's scorer: each cell ours / theirs (relative difference).

    >>> s = Scores(gt_paragraphs=100, gt_words=1000, nl_plus=6, nl_minus=19)
    >>> s.p_plus, s.p_minus, s.w_damaged = 237, 6, 10
    >>> t = {"NL+": 6.0, "NL-": 19.0, "P+": 23.7, "P-": 0.6, "W~": 1.0}
    >>> print(agreement_table({"srtext": s}, {"srtext": t}), end="")
    | srtext-eval / scorer | NL+ | NL- | P+ | P- | W~ |
    |---|---|---|---|---|---|
    | srtext | 6.00 / 6.0 (0%) | 19.00 / 19.0 (0%) | 23.70 / 23.7 (0%) | 0.60 / 0.6 (0%) | 1.00 / 1.0 (0%) |
    """
    out = "| srtext-eval / scorer | " + " | ".join(bkscorer.MEASURES) + " |\n"
    out += "|---" * (len(bkscorer.MEASURES) + 1) + "|\n"
    for tool, t in theirs.items():
        sh = ours[tool].shares()
        cells = []
        for k in bkscorer.MEASURES:
            mine = sh[f"{k}%"] or 0.0
            rel = f"{100 * (mine - t[k]) / t[k]:+.0f}%" if t[k] else "–"
            cells.append(f"{mine:.2f} / {t[k]:.1f} ({rel.replace('+0%', '0%').replace('-0%', '0%')})")
        out += f"| {tool} | " + " | ".join(cells) + " |\n"
    return out


def arxiv_docs(bench: Path) -> list[tuple[str, str, str, Path]]:
    """(name, input, truth, truth file) of each arxiv-dev paper."""
    docs = []
    for f in sorted(bench.glob("*/*.pdftotext.txt")):
        truth = f.with_name(f.name.replace(".pdftotext.txt", ".body.txt"))
        source = f.read_text(encoding="utf-8", errors="replace")
        docs.append((f.name[: -len(".pdftotext.txt")], source, truth.read_text(encoding="utf-8"), truth))
    return docs


def arxiv_section(runner: Runner, bench: Path, scorer: Path) -> str:
    docs = arxiv_docs(bench)
    if not docs:
        return f"_arxiv-dev not found at `{bench}`: section skipped._\n"
    tools = [*ROWS, DROP]
    results = runner.run([(t, src, truth, None, True) for t in tools for _n, src, truth, _p in docs])
    ours: dict[str, Scores] = {}
    outputs: dict[str, list[tuple[str, str, Path]]] = {}
    for k, tool in enumerate(tools):
        part = results[k * len(docs) : (k + 1) * len(docs)]
        ours[tool] = Scores()
        for s, _out in part:
            ours[tool].add(s)
        outputs[tool] = [
            (name, out, path) for (name, _s, _t, path), (_sc, out) in zip(docs, part, strict=True)
        ]
    words = ours["pdftotext"].gt_words
    out = (
        f"{len(docs)} papers, {words} ground-truth words (the benchmark's count, placeholders included), "
        "pdftotext's default output as input; ground truth from Bast & Korzen's benchmark (it leaves "
        "out the abstract, captions, footnotes, tables, the reference list and page furniture, so "
        "text srtext keeps on purpose counts as P+; the last row drops what srtext can tell apart of "
        "it; the truth of a few papers does hold their authors and abstract, which that row then "
        "counts as P-). NL+, NL-, P+, P-, W+, W-, W~ are the benchmark's own definitions "
        "(`srtext.eval.docdiff`; P+ and P- count the words of whole spurious or missing paragraphs, W+ "
        "and W- single spurious or missing words); the truth's placeholders (`[formula]`, "
        "`[\\cite=x]`) are junk that costs nothing, as in the benchmark (docs/measures.md).\n\n"
    )
    out += table(list(ours.items()), ARXIV_MEASURES)
    if (scorer / "score.py").exists():
        started = time.perf_counter()
        try:
            with ThreadPoolExecutor(runner.workers) as threads:
                totals = list(threads.map(lambda t: bkscorer.score(scorer / "score.py", outputs[t]), tools))
            out += (
                "\nThe same outputs scored by the benchmark's own scorer (`bk-scorer/score.py .sr.txt DIR "
                "--blank-from-lines`, "
                f"{time.perf_counter() - started:.0f} s), beside srtext-eval's numbers above "
                "(ours / theirs, relative difference; the scorer prints one decimal):\n\n"
            )
            out += agreement_table(ours, dict(zip(tools, totals, strict=True)))
        except bkscorer.ScorerError as e:
            out += f"\n_The benchmark's scorer at `{scorer}` failed ({e}): its table skipped._\n"
    else:
        out += f"\n_The benchmark's scorer not found at `{scorer}`: its table skipped._\n"
    strict = runner.totals(
        [(src, truth, None) for _n, src, truth, _p in docs], ["srtext", DROP], wildcards=False
    )
    out += (
        "\nThe srtext rows again with the placeholders removed before comparing "
        "(`srtext-eval --no-wildcards`): every output word that stands for a formula or a "
        "citation counts. Stricter than the benchmark:\n\n"
    )
    out += table(strict, ARXIV_MEASURES)
    files = sorted(bench.glob("*/*.pdftotext.txt"))
    for option in ("-raw", "-layout"):
        converted = converted_docs(files, option)
        if converted:
            rows = [
                (f"{name} ({option})", s) for name, s in runner.totals(converted, ["pdftotext", "srtext"])
            ]
            out += f"\nThe same papers through `pdftotext {option}` "
            out += "(line-end hyphens kept for srtext to decide):\n\n"
            out += table(rows, ARXIV_MEASURES)
    return out


def converted_docs(files: list[Path], option: str) -> list[tuple[str, str, dict[str, object] | None]]:
    """arxiv-dev's PDFs through ``pdftotext OPTION`` (empty when pdftotext is not installed)."""
    if shutil.which("pdftotext") is None:
        return []
    docs: list[tuple[str, str, dict[str, object] | None]] = []
    for f in files:
        pdf = f.with_name(f.name.replace(".pdftotext.txt", ".pdf"))
        truth = f.with_name(f.name.replace(".pdftotext.txt", ".body.txt"))
        proc = subprocess.run(["pdftotext", option, "-enc", "UTF-8", str(pdf), "-"], capture_output=True)
        docs.append((proc.stdout.decode("utf-8", "replace"), truth.read_text(encoding="utf-8"), None))
    return docs


# ---------------------------------------------------------------- the project's corpora


def corpus_docs(
    kind: str, where: Callable[[dict[str, object]], bool]
) -> list[tuple[str, str, dict[str, object] | None]]:
    docs: list[tuple[str, str, dict[str, object] | None]] = []
    for meta_file in sorted(CORPORA.glob("*.json")):
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        if not where(meta):
            continue
        name = meta_file.name[: -len(".json")]
        source = (CORPORA / f"{name}.{kind}.txt").read_text(encoding="utf-8")
        truth = (CORPORA / f"{name}.truth.txt").read_text(encoding="utf-8")
        docs.append((source, truth, meta))
    return docs


def corpora_section(runner: Runner) -> str:
    out = ""
    for layout in ("onecol", "twocol", "novel"):
        for kind, label in (("pdftotext", "pdftotext"), ("raw", "pdftotext -raw")):
            docs = corpus_docs(kind, lambda m, layout=layout: m["layout"] == layout)
            rows = runner.totals(docs, ROWS)
            out += f"\n### {layout}, {label} ({len(docs)} documents)\n\n" + table(rows, MEASURES + CLASSES)
    out += "\n### srtext per language (all layouts, pdftotext's default output)\n\n"
    rows = []
    damaged = []
    for lang in ("en", "de", "sr-cyrl", "sr-latn", "ru", "zh"):
        docs = corpus_docs("pdftotext", lambda m, lang=lang: m["language"] == lang)
        rows.append((lang, runner.totals(docs, ["srtext"])[0][1]))
        n = sum(
            not on_lines_of_its_own(source, text)
            for source, _, meta in docs
            for text in [*meta["headings"], *meta["captions"]]  # type: ignore[misc]
        )
        if n:
            damaged.append(f"{lang} {n}")
    out += table(rows, MEASURES + CLASSES)
    if damaged:
        out += (
            "\nHeadings and captions that pdftotext does not leave on lines of their own "
            "(interleaved with the other column, or a word split between columns), which no "
            f"text filter can give back whole: {', '.join(damaged)}.\n"
        )
    return out


def _revision(root: Path) -> str:
    """The git commit of the checkout holding ``root``, when it is one."""
    try:
        r = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%h (%cd)", "--date=short"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    dirty = subprocess.run(
        ["git", "-C", str(root), "status", "--porcelain", "--", "."], capture_output=True, text=True
    ).stdout.strip()
    return r.stdout.strip() + (", with uncommitted files" if dirty else "") if r.returncode == 0 else ""


def broad_section(runner: Runner, root: Path) -> str:
    if not root.is_dir():
        return f"_The broad corpus not found at `{root}`: section skipped._\n"
    docs, notes = load(root)
    if not docs:
        return f"_No scorable documents in `{root}`: section skipped._\n" + "".join(f"- {n}\n" for n in notes)
    results = runner.run([(t, d.source, d.truth, d.meta, True) for t in ROWS for d in docs])
    by: dict[tuple[str, str], Scores] = {}
    for k, tool in enumerate(ROWS):
        for d, (s, _out) in zip(docs, results[k * len(docs) : (k + 1) * len(docs)], strict=True):
            by[f"{d.family}/{d.name}", tool] = s
    halves = {x: sum(d.split == x for d in docs) for x in SPLITS}
    pages = sum(d.pages for d in docs)
    rev = _revision(root)
    out = (
        f"{len(docs)} documents, {pages} pages, from `{root.name}/`{f' at commit {rev}' if rev else ''}: "
        f"{halves['tune']} in the tuning half, {halves['validate']} in the validation half "
        "(fixed per document in its json). **Recovery changes are judged on the validation half** "
        "(and arxiv-dev); the tuning half is where rules may be fitted.\n\n"
        "### Validation half: srtext / blank-line blocks\n\n"
    )
    grouped = groups(docs)
    out += versus_table(
        [
            (
                name,
                sum(d.split == "validate" for d in ds),
                pooled(ds, "validate", lambda d: by[f"{d.family}/{d.name}", "srtext"]),
                pooled(ds, "validate", lambda d: by[f"{d.family}/{d.name}", "blank-line blocks"]),
            )
            for name, ds in grouped
        ]
    )
    for name, ds in grouped:
        n = {x: sum(d.split == x for d in ds) for x in SPLITS}
        out += f"\n### {name} ({n['tune']} tuning + {n['validate']} validation documents)\n\n"
        out += split_table(
            [
                (
                    tool,
                    pooled(ds, "tune", lambda d, tool=tool: by[f"{d.family}/{d.name}", tool]),
                    pooled(ds, "validate", lambda d, tool=tool: by[f"{d.family}/{d.name}", tool]),
                )
                for tool in ROWS
            ]
        )
    if notes:
        out += "\nLeft out:\n\n" + "".join(f"- {n}\n" for n in notes)
    return out


def hyphen_section(bench: Path) -> str:
    """The labelled dehyphenation set: srtext's decisions against always joining, per language."""
    groups = list(iter_corpus_groups(CORPORA))
    hand = [(read_hand_cases(p, p.stem), []) for p in sorted((ROOT / "tests" / "hyphens").glob("*.tsv"))]
    arxiv = list(iter_arxiv_groups(bench)) if bench.exists() else []
    out = "| set | language | cases | join / keep / space | srtext right | always join right |\n"
    out += "|---|---|---|---|---|---|\n"
    sets: list[tuple[str, list[tuple[list[Case], list[str]]], int]] = [
        ("corpora -raw/-layout", [(c, lines) for _n, c, lines, _u in groups], sum(g[3] for g in groups)),
        ("arxiv-dev -raw", [(c, lines) for _n, c, lines, _u in arxiv], sum(g[3] for g in arxiv)),
        ("hand-written", hand, 0),
    ]
    total_right = total = total_base = 0
    notes = []
    for name, cases, unlabelled in sets:
        tallies, wrong = score_hyphens(cases)
        for lang, t in sorted(tallies.items()):
            kinds = answers(c for cs, _l in cases for c in cs if c.lang == lang)
            mix = " / ".join(str(kinds[a]) for a in ANSWERS)
            out += f"| {name} | {lang} | {t.total} | {mix} | {t.right} ({100 * t.accuracy:.1f}%) | "
            out += f"{t.baseline} ({100 * t.baseline / t.total:.1f}%) |\n"
            total_right += t.right
            total += t.total
            total_base += t.baseline
        if unlabelled:
            notes.append(
                f"{name}: {unlabelled} line-end hyphens left out (the truth does not show the answer)"
            )
        notes += [
            f"wrong: `{c.left[-24:]}` / `{c.right[:24]}`: {c.answer}, decided {got}" for c, got in wrong
        ]
    if total:
        out += f"| all | | {total} | | {total_right} ({100 * total_right / total:.1f}%) | "
        out += f"{total_base} ({100 * total_base / total:.1f}%) |\n"
    return out + "\n" + "".join(f"- {n}\n" for n in notes)


PUBLISHED = """\
| tool | NL+ | NL- | P+ | P- | W~ |
|---|---|---|---|---|---|
| pdftotext | 16% | 53% | 29% | 0.6% | 1.2% |
| PdfBox | 3.6% | 85% | 27% | 0.2% | 1.6% |
| Grobid | 11% | 36% | 6.7% | 15% | 1.9% |
| LA-PdfText | 6.4% | 28% | 3.1% | 73% | 0.6% |
| Icecite (best overall) | 4.0% | 13% | 4.2% | 5.5% | 0.6% |
"""


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks.md")
    ap.add_argument("--arxiv", type=Path, default=ARXIV, help="arxiv-dev (default ../shared/bench/arxiv-dev)")
    ap.add_argument(
        "--scorer", type=Path, help="the benchmark's scorer (default: bk-scorer beside arxiv-dev)"
    )
    ap.add_argument("--broad", type=Path, default=BROAD, help="the broad corpus (default corpora/broad)")
    ap.add_argument(
        "--real", type=Path, default=REAL, help="the real corpus, built in full (default corpora/real/full)"
    )
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    scorer = args.scorer or args.arxiv.parent / "bk-scorer"
    started = time.perf_counter()
    runner = Runner(args.jobs)

    def timed(name: str, section: Callable[[], str]) -> str:
        t = time.perf_counter()
        text = section()
        print(f"report: {name} in {time.perf_counter() - t:.1f} s", file=sys.stderr)
        return text

    from bench.real_report import section as real_section  # it imports this module's Runner

    try:
        real = timed("real corpus", lambda: real_section(runner, args.real))
        arxiv = timed("arxiv-dev", lambda: arxiv_section(runner, args.arxiv, scorer))
        broad = timed("broad corpus", lambda: broad_section(runner, args.broad))
        corpora = timed("corpora", lambda: corpora_section(runner))
        hyphens = timed("dehyphenation", lambda: hyphen_section(args.arxiv))
    finally:
        if runner.pool is not None:
            runner.pool.shutdown()
    elapsed = time.perf_counter() - started
    given = list(sys.argv[1:] if argv is None else argv)
    shown = [x for i, x in enumerate(given) if x != "--out" and (i == 0 or given[i - 1] != "--out")]
    command = " ".join(["python bench/report.py", *shown])
    text = f"""# Benchmarks

Generated by `{command}` (srtext {__version__}); do not edit by hand.
Measures are defined in [measures.md](measures.md); all are percentages, counts
pooled over the documents of a row. Lower is better except for "whole".

Rows: **pdftotext** is the converter's output as it is (each line a paragraph);
**blank-line blocks** joins the lines of each blank-line separated block (the
usual first regex, and the baseline to beat); **srtext --mode paper** is the
published algorithm; **srtext** is the default mode.

## Real corpus

Documents other people wrote (PyPI READMEs, Debian's and Python's manuals), printed
by WeasyPrint in three styles and by Chromium, with exact truth (corpora/real/README.md).
**Its validation families were never fitted on nor read to write a rule**: their
rows are what srtext does on documents nobody tuned it on.

{real}
## arxiv-dev (tuned on)

These 20 papers were read to write rules and fit weights: their rows are tuned-on figures.

{arxiv}
Published results of other tools on the whole benchmark (12,098 papers, Bast &
Korzen 2017, by the same definitions):

{PUBLISHED}
## Broad corpus

Generated documents of many producers and layouts (`corpora/broad/`, built by
the corpus generator; see corpora/README), each with exact ground truth: one
paragraph per line (title, headings, body paragraphs, captions), and the
headings, captions, footnotes and page furniture listed in its json. Every
family and every language apart, then all documents pooled; each cell gives
the tuning half's value / the validation half's.

{broad}
## Corpora

The project's LaTeX corpora (`corpora/latex/`, built by `corpora/build.py`): six
language variants (en, de, sr-cyrl, sr-latn, ru, zh) in three layouts: one
column (A5, running header, page-number footer, footnotes, a figure box, a
table, a display formula), two columns (odd and even pages with different
headers carrying the page number) and a novel-like page (chapters, no objects).
The ground truth holds headings, body paragraphs and captions.
{corpora}
## Dehyphenation

Every line-end hyphen in pdftotext's -raw and -layout output of the corpora and
of arxiv-dev, with the answer read off the ground truth (`bench/hyphenset.py`),
and the hand-written hard cases of `tests/hyphens/`: join ("meta-bolic"), keep
("cost-effective") or keep with a space ("Ein- und"). srtext decides with the
document's own words and wordfreq; the baseline removes every hyphen (the paper's
rule; pdftotext's default mode does the same).

{hyphens}
---

Run time of this report: {elapsed:.0f} s ({args.jobs} worker process{"es" if args.jobs > 1 else ""};
{os.cpu_count()} cores on this machine).
"""
    write_report(args.out, text, elapsed)
    return 0


def write_report(out: Path, text: str, elapsed: float) -> None:
    """Write a report atomically (srtext.files.atomic_write) and say so on stderr."""
    from srtext.files import atomic_write

    with atomic_write(out) as f:
        f.write(text.encode("utf-8"))
    print(f"wrote {out} in {elapsed:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())

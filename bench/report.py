"""Regenerate docs/benchmarks.md: srtext and baselines on arxiv-dev and the corpora.

    python bench/report.py [--out docs/benchmarks.md] [--arxiv DIR]

Tools compared on the same input:
* pdftotext: the converter's output as it is, each line a paragraph;
* naive join: every line of a blank-line separated block joined with a space
  (the usual first regex);
* srtext --mode paper: the published algorithm;
* srtext: the default mode.
All measures come from srtext.evaluate (see docs/measures.md), counts pooled
over the documents of a row.  The arxiv-dev section is left out, with a note,
when ../shared/bench/arxiv-dev is absent.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import regex

from srtext import Config, __version__, recover_text
from srtext.evaluate import Scores, on_lines_of_its_own, score
from srtext.events import DROPPED_BY_DEFAULT
from srtext.hyphenset import ANSWERS, Case, answers, iter_arxiv_groups, iter_corpus_groups, read_hand_cases
from srtext.hyphenset import score as score_hyphens

ROOT = Path(__file__).resolve().parents[1]
ARXIV = ROOT.parent / "shared" / "bench" / "arxiv-dev"
CORPORA = ROOT / "corpora" / "latex"
MEASURES = ["broken%", "NL+%", "NL-%", "P+%", "P-%", "W~%"]
# On arxiv-dev also P+ and P- in the benchmark's own unit (whole spurious or missing paragraphs).
ARXIV_MEASURES = ["broken%", "NL+%", "NL-%", "P+%", "P-%", "W+%", "W-%", "W~%"]
HEADERS: dict[str, str] = {}
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


TOOLS: dict[str, Callable[[str], str]] = {
    "pdftotext": as_lines,
    "naive join": naive,
    "srtext --mode paper": lambda t: recover_text(t, Config(mode="paper", window=None)),
    "srtext": lambda t: recover_text(t, Config(window=None)),
}


# What srtext keeps by default and the benchmark's ground truth leaves out.
UNLIKE_TRUTH = frozenset({"captions", "references", "frontmatter"})


def without_what_truth_leaves_out(text: str) -> str:
    return recover_text(text, Config(window=None, drop=DROPPED_BY_DEFAULT | UNLIKE_TRUTH))


def fmt(v: float | None) -> str:
    return "–" if v is None else f"{v:.1f}"


def table(rows: list[tuple[str, Scores]], columns: list[str]) -> str:
    head = "| | " + " | ".join(HEADERS.get(c, c.replace("%", "")) for c in columns) + " |\n"
    head += "|---" * (len(columns) + 1) + "|\n"
    body = ""
    for name, s in rows:
        sh = s.shares()
        body += f"| {name} | " + " | ".join(fmt(sh[c]) for c in columns) + " |\n"
    return head + body


def run(
    docs: list[tuple[str, str, dict[str, object] | None]], tool: Callable[[str], str], wildcards: bool = True
) -> Scores:
    total = Scores()
    for source, truth, meta in docs:
        total.add(score(tool(source), truth, source, meta, wildcards=wildcards))
    return total


def arxiv_section(bench: Path) -> str:
    files = sorted(bench.glob("*/*.pdftotext.txt"))
    if not files:
        return f"_arxiv-dev not found at `{bench}`: section skipped._\n"
    docs = []
    for f in files:
        truth = f.with_name(f.name.replace(".pdftotext.txt", ".body.txt"))
        docs.append(
            (f.read_text(encoding="utf-8", errors="replace"), truth.read_text(encoding="utf-8"), None)
        )
    rows = [(name, run(docs, tool)) for name, tool in TOOLS.items()]
    rows.append((f"srtext --drop {','.join(sorted(UNLIKE_TRUTH))}", run(docs, without_what_truth_leaves_out)))
    words = rows[0][1].gt_words
    out = (
        f"{len(docs)} papers, {words} ground-truth words, pdftotext's default output as input; "
        "ground truth from Bast & Korzen's benchmark (it leaves out the abstract, captions, footnotes, "
        "tables, the reference list and page furniture, so text srtext keeps on purpose counts as P+; "
        "the last row drops what srtext can tell apart of it; the truth of a few papers does hold "
        "their authors and abstract, which that row then counts as P-). P+ ¶ and P- ¶ count "
        "only whole spurious or missing paragraphs, by the benchmark's cost rule "
        "(`srtext.evaluate.counts_as_paragraph`), the unit of the published results below; "
        "P+ and P- count every word. The truth's placeholders (`[formula]`, `[\\cite=x]`) are "
        "wildcards, by the benchmark's rule: a stretch where output and truth differ and the truth "
        "holds a placeholder counts for neither (docs/measures.md).\n\n"
    )
    out += table(rows, ARXIV_MEASURES)
    strict = [
        ("srtext", run(docs, TOOLS["srtext"], wildcards=False)),
        (rows[-1][0], run(docs, without_what_truth_leaves_out, wildcards=False)),
    ]
    out += (
        "\nThe srtext rows again with the placeholders removed before aligning "
        "(`srtext-eval --no-wildcards`): every output word that stands for a formula or a "
        "citation, and every word of a stretch the truth lacks around one, counts as P+. "
        "Stricter than the benchmark:\n\n"
    )
    out += table(strict, ARXIV_MEASURES)
    for option in ("-raw", "-layout"):
        converted = converted_docs(files, option)
        if converted:
            rows = [(f"{name} ({option})", run(converted, TOOLS[name])) for name in ("pdftotext", "srtext")]
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


def corpus_docs(
    kind: str, where: Callable[[dict[str, object]], bool]
) -> list[tuple[str, str, dict[str, object]]]:
    docs = []
    for meta_file in sorted(CORPORA.glob("*.json")):
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        if not where(meta):
            continue
        name = meta_file.name[: -len(".json")]
        source = (CORPORA / f"{name}.{kind}.txt").read_text(encoding="utf-8")
        truth = (CORPORA / f"{name}.truth.txt").read_text(encoding="utf-8")
        docs.append((source, truth, meta))
    return docs


def corpora_section() -> str:
    out = ""
    for layout in ("onecol", "twocol", "novel"):
        for kind, label in (("pdftotext", "pdftotext"), ("raw", "pdftotext -raw")):
            docs = corpus_docs(kind, lambda m, layout=layout: m["layout"] == layout)
            rows = [(name, run(docs, tool)) for name, tool in TOOLS.items()]
            out += f"\n### {layout}, {label} ({len(docs)} documents)\n\n" + table(rows, MEASURES + CLASSES)
    out += "\n### srtext per language (all layouts, pdftotext's default output)\n\n"
    rows = []
    damaged = []
    for lang in ("en", "de", "sr-cyrl", "sr-latn", "ru", "zh"):
        docs = corpus_docs("pdftotext", lambda m, lang=lang: m["language"] == lang)
        rows.append((lang, run(docs, TOOLS["srtext"])))
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


PUBLISHED = """\
| tool | NL+ | NL- | P+ | P- | W~ |
|---|---|---|---|---|---|
| pdftotext | 16% | 53% | 29% | 0.6% | 1.2% |
| PdfBox | 3.6% | 85% | 27% | 0.2% | 1.6% |
| Grobid | 11% | 36% | 6.7% | 15% | 1.9% |
| LA-PdfText | 6.4% | 28% | 3.1% | 73% | 0.6% |
| Icecite (best overall) | 4.0% | 13% | 4.2% | 5.5% | 0.6% |
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks.md")
    ap.add_argument("--arxiv", type=Path, default=ARXIV)
    args = ap.parse_args()
    started = time.perf_counter()
    text = f"""# Benchmarks

Generated by `python bench/report.py` (srtext {__version__}); do not edit by hand.
Measures are defined in [measures.md](measures.md); all are percentages, counts
pooled over the documents of a row. Lower is better except for "kept".

Rows: **pdftotext** is the converter's output as it is (each line a paragraph);
**naive join** joins the lines of each blank-line separated block (the usual
first regex); **srtext --mode paper** is the published algorithm; **srtext** is
the default mode.

## arxiv-dev

{arxiv_section(args.arxiv)}
Published results of other tools on the whole benchmark (12,098 papers, Bast &
Korzen 2017; their P+ and P- count whole spurious or missing paragraphs, as
the P+ ¶ and P- ¶ columns above do):

{PUBLISHED}
## Corpora

The project's LaTeX corpora (`corpora/latex/`, built by `corpora/build.py`): six
language variants (en, de, sr-cyrl, sr-latn, ru, zh) in three layouts: one
column (A5, running header, page-number footer, footnotes, a figure box, a
table, a display formula), two columns (odd and even pages with different
headers carrying the page number) and a novel-like page (chapters, no objects).
The ground truth holds headings, body paragraphs and captions.
{corpora_section()}
## Dehyphenation

Every line-end hyphen in pdftotext's -raw and -layout output of the corpora and
of arxiv-dev, with the answer read off the ground truth (`srtext/hyphenset.py`),
and the hand-written hard cases of `tests/hyphens/`: join ("meta-bolic"), keep
("cost-effective") or keep with a space ("Ein- und"). srtext decides with the
document's own words and wordfreq; the baseline removes every hyphen (the paper's
rule; pdftotext's default mode does the same).

{hyphen_section(args.arxiv)}"""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

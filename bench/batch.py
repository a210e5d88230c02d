"""Corpus throughput, run by hand: ``python bench/batch.py [--docs 400] [--runs 3] [--out docs/batch.md]``.

Builds a directory of at least ``--docs`` documents by replicating the project's
corpora (and ../shared/bench/arxiv-dev when it is there): pdftotext text files,
and separately the PDFs themselves.  Then measures, each run a separate
``srtext`` process over the whole directory, as a user would run it:

* documents per second (median of ``--runs`` runs) with ``-j 1`` and ``-j 2``, and on a Dask LocalCluster of
  two single-threaded worker processes (``--dask``; cluster start-up not counted,
  reported apart);
* for PDFs, the same, and where the time of one document goes: the extractor
  (pdftotext, pypdf) against srtext's own work, from the per-file results of
  :func:`srtext.run.process.process_file`;
* that every run wrote byte-identical outputs.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARXIV = ROOT.parent / "shared" / "bench" / "arxiv-dev"
sys.path.insert(0, str(ROOT))

from bench.speed import timed  # noqa: E402
from srtext.config import RunOptions  # noqa: E402
from srtext.run.batch import Job  # noqa: E402
from srtext.run.process import process_file  # noqa: E402


def replicate(sources: list[Path], target: Path, count: int) -> int:
    """Copy the sources into ``target`` (in subdirectories of 50) until there are ``count``."""
    n = 0
    while n < count:
        for src in sources:
            sub = target / f"part{n // 50:03}"
            sub.mkdir(parents=True, exist_ok=True)
            name = src.name.replace(".pdftotext.txt", ".txt")
            shutil.copy(src, sub / f"{n:05}-{name}")
            n += 1
            if n >= count:
                break
    return n


def timed_run(args: list[str]) -> float:
    """The wall time of one run of srtext with ``args``."""
    return timed([sys.executable, "-m", "srtext", "-q", "--force", *args])


def same_tree(a: Path, b: Path) -> bool:
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    return files_a == files_b and all(filecmp.cmp(a / f, b / f, shallow=False) for f in files_a)


def measure(
    kind: str, corpus: Path, n: int, tmp: Path, address: str | None, runs: int
) -> list[tuple[str, str]]:
    """Docs/s of each way to run, interleaved run by run (so that drift in the
    machine's speed hits all alike), the median of ``runs``."""
    ways = {"-j 1": ["-j", "1"], "-j 2": ["-j", "2"]}
    if address:
        ways["--dask"] = ["--dask", address]
    times: dict[str, list[float]] = {way: [] for way in ways}
    outs = {way: tmp / f"{kind}-{way.replace(' ', '')}" for way in ways}
    for _ in range(runs):
        for way, args in ways.items():
            times[way].append(timed_run([*args, str(corpus), "-o", str(outs[way])]))
    t = {way: statistics.median(ts) for way, ts in times.items()}
    rows = [(f"{kind}: `{way}`", f"{n / t[way]:.1f} docs/s ({t[way]:.1f} s)") for way in ("-j 1", "-j 2")]
    ratios = ", ".join(f"{a / b:.2f}" for a, b in zip(times["-j 1"], times["-j 2"], strict=True))
    rows.append((f"{kind}: `-j 2` / `-j 1`", f"{t['-j 1'] / t['-j 2']:.2f} x (per round: {ratios})"))
    if address:
        rows.append(
            (
                f"{kind}: `--dask`, LocalCluster of 2 workers",
                f"{n / t['--dask']:.1f} docs/s ({t['--dask']:.1f} s)",
            )
        )
    same = all(same_tree(outs["-j 1"], o) for o in outs.values())
    rows.append((f"{kind}: outputs of all runs byte-identical", "yes" if same else "NO"))
    return rows


def pdf_shares(pdfs: list[Path], tmp: Path) -> list[tuple[str, str]]:
    rows = []
    for extractor in ("pdftotext", "pypdf"):
        if extractor == "pdftotext" and not shutil.which("pdftotext"):
            rows.append(("pdftotext", "not installed: not measured"))
            continue
        total = extract = 0.0
        for i, pdf in enumerate(pdfs):
            r = process_file(
                Job(pdf, tmp / f"share-{extractor}-{i}.txt"), options=RunOptions(extractor=extractor)
            )
            total += r.seconds
            extract += r.extract_seconds
        own = total - extract
        rows.append(
            (
                f"one PDF with {extractor}, mean of {len(pdfs)} (in-process)",
                f"{1000 * total / len(pdfs):.0f} ms: extractor {1000 * extract / len(pdfs):.0f} ms "
                f"({100 * extract / total:.0f}%), "
                f"srtext {1000 * own / len(pdfs):.0f} ms ({100 * own / total:.0f}%)",
            )
        )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=400, help="documents per directory (default 400)")
    ap.add_argument("--runs", type=int, default=5, help="rounds of runs; medians reported (default 5)")
    ap.add_argument("--out", type=Path, help="also write the table to this Markdown file")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster runs")
    args = ap.parse_args()
    texts = sorted((ROOT / "corpora" / "latex").glob("*.pdftotext.txt")) + sorted(
        ARXIV.glob("*/*.pdftotext.txt")
    )
    pdfs = sorted((ROOT / "corpora" / "latex").glob("*.pdf")) + sorted(ARXIV.glob("*/*.pdf"))
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        n_text = replicate(texts, tmp / "texts", args.docs)
        n_pdf = replicate(pdfs, tmp / "pdfs", args.docs)
        size = sum(p.stat().st_size for p in (tmp / "texts").rglob("*")) / 1e6
        rows.append(
            ("text directory", f"{n_text} pdftotext outputs, {size:.1f} MB, from {len(texts)} documents")
        )
        rows.append(("PDF directory", f"{n_pdf} PDFs from {len(pdfs)} documents"))
        cluster = None
        address = None
        if not args.no_dask:
            try:
                from distributed import LocalCluster

                start = time.perf_counter()
                cluster = LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
                )
                address = cluster.scheduler_address
                rows.append(
                    ("Dask LocalCluster start-up (not counted below)", f"{time.perf_counter() - start:.1f} s")
                )
            except ImportError:
                rows.append(("Dask", "not installed (pip install 'srtext[dask]'): not measured"))
        try:
            rows += measure("text", tmp / "texts", n_text, tmp, address, args.runs)
            rows += measure("PDF", tmp / "pdfs", n_pdf, tmp, address, args.runs)
        finally:
            if cluster is not None:
                cluster.close()
        rows += pdf_shares(pdfs, tmp)
    table = "| measure | result |\n|---|---|\n" + "".join(f"| {a} | {b} |\n" for a, b in rows)
    note = f"\n(cores available: {len(os.sched_getaffinity(0))}, Python {sys.version.split()[0]})\n"
    print(table + note, end="")
    if args.out:
        head = args.out.read_text().split("<!-- table -->")[0] if args.out.exists() else ""
        args.out.write_text(head + "<!-- table -->\n" + table + note)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Geometry in, run by hand: ``python bench/geometry.py [--runs 3] [--pypdf] [PDF or DIR...]``.

For every PDF (default: corpora/broad, corpora/latex and ../shared/bench/arxiv-dev
when it is there, read only), runs ``pdftotext x.pdf -`` and ``pdftotext
-bbox-layout x.pdf -`` and reports:

* the share of lines of :func:`srtext.geometry.bbox.parse_bbox`'s text identical to
  the default mode's, line by line (lines compared at the same position; a PDF whose
  two texts have different numbers of lines counts all its lines after the first
  difference as different), and the share of PDFs whose whole text is identical;
* the time of each run (best of ``--runs``), and their ratio over all PDFs;
* with ``--srtext``, the time of ``srtext x.pdf`` with ``--geometry auto`` and ``off``
  (best of ``--runs``, one process each), and whether the two outputs are identical;
* with ``--pypdf``, the share of pypdf's lines that got a box from its visitor
  (:mod:`srtext.geometry.positioned`), and the time of pypdf with and without it;
* with ``--arxiv``, srtext on arxiv-dev's papers (each ``ID.pdftotext.txt``) with
  and without the geometry of its PDF (``pdftotext -bbox-layout``, aligned to that
  text as srtext aligns a PDF's), scored by the benchmark's own scorer
  (``../shared/bench/bk-scorer``, :mod:`bench.bkscorer`), for srtext and for srtext
  --drop captions,frontmatter,references (what the benchmark's truth leaves out).
  The PDF arguments are ignored then.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ARXIV = ROOT.parent / "shared" / "bench" / "arxiv-dev"

from srtext.geometry.bbox import parse_bbox  # noqa: E402


def pdfs(paths: list[str]) -> list[Path]:
    roots = [Path(p) for p in paths] or [ROOT / "corpora" / "broad", ROOT / "corpora" / "latex", ARXIV]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            found += sorted(root.rglob("*.pdf"))
        elif root.exists():
            found.append(root)
    return found


def timed(args: list[str], runs: int) -> tuple[bytes, float]:
    best = float("inf")
    out = b""
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run(args, capture_output=True, check=True).stdout
        best = min(best, time.perf_counter() - t)
    return out, best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pypdf", action="store_true")
    ap.add_argument("--srtext", action="store_true")
    ap.add_argument("--arxiv", action="store_true")
    args = ap.parse_args()
    if args.arxiv:
        arxiv()
        return
    same_lines = all_lines = same_docs = 0
    plain_s = bbox_s = 0.0
    groups: dict[str, list[float]] = {}
    found = pdfs(args.paths)
    for pdf in found:
        plain, tp = timed(["pdftotext", "-enc", "UTF-8", "-q", str(pdf), "-"], args.runs)
        xhtml, tb = timed(["pdftotext", "-enc", "UTF-8", "-q", "-bbox-layout", str(pdf), "-"], args.runs)
        text, boxes = parse_bbox(xhtml.decode("utf-8", "surrogateescape"))
        want = plain.decode("utf-8", "surrogateescape").split("\n")
        got = text.split("\n")
        assert len(got) == len(boxes), pdf
        if len(want) == len(got):
            same = sum(a == b for a, b in zip(want, got, strict=True))
        else:  # the lines up to the first difference
            same = next((i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b), len(want))
        same_lines += same
        all_lines += len(want)
        same_docs += want == got
        plain_s += tp
        bbox_s += tb
        group = "arxiv-dev" if ARXIV in pdf.parents else pdf.parent.name
        groups.setdefault(group, []).append(tb / tp)
        if want != got:
            print(f"{pdf}: {same}/{len(want)} lines identical", file=sys.stderr)
    print(f"PDFs: {len(found)}; identical texts: {same_docs} ({same_docs / max(len(found), 1):.1%})")
    print(f"lines identical: {same_lines} of {all_lines} ({same_lines / max(all_lines, 1):.3%})")
    print(f"pdftotext plain {plain_s:.2f} s, -bbox-layout {bbox_s:.2f} s: {bbox_s / plain_s:.2f}x")
    for group, ratios in sorted(groups.items()):
        ratios.sort()
        print(f"  {group}: {len(ratios)} PDFs, -bbox-layout / plain median {ratios[len(ratios) // 2]:.2f}x")
    if args.srtext:
        srtext = [sys.executable, "-m", "srtext", "-q"]
        times = {"auto": 0.0, "off": 0.0}
        same = 0
        for pdf in found:
            outs = {}
            for mode in times:
                outs[mode], seconds = timed([*srtext, "--geometry", mode, str(pdf)], args.runs)
                times[mode] += seconds
            same += outs["auto"] == outs["off"]
        print(
            f"srtext x.pdf: --geometry auto {times['auto']:.2f} s, off {times['off']:.2f} s "
            f"({times['auto'] / times['off']:.2f}x); outputs identical for {same} of {len(found)} PDFs"
        )
    if args.pypdf:
        from srtext.run.extract import extract, extract_geometry

        boxed = lines = 0
        plain_s = geo_s = 0.0
        for pdf in found:
            t = time.perf_counter()
            text = extract(pdf, "pypdf").decode("utf-8", "surrogateescape")
            plain_s += time.perf_counter() - t
            t = time.perf_counter()
            data, boxes = extract_geometry(pdf, "pypdf")
            text2 = data.decode("utf-8", "surrogateescape")
            geo_s += time.perf_counter() - t
            assert text2 == text, pdf
            lines += sum(1 for line in text.split("\n") if line.strip("\f "))
            boxed += sum(1 for b in boxes if b is not None)
        print(
            f"pypdf: {boxed} of {lines} non-empty lines boxed ({boxed / max(lines, 1):.1%});"
            f" {plain_s:.2f} s plain, {geo_s:.2f} s with boxes ({geo_s / plain_s:.2f}x)"
        )


def arxiv() -> None:
    """arxiv-dev with the benchmark's scorer: each srtext row text-only and with the PDF's geometry."""
    from bench import bkscorer
    from bench.real_report import with_geometry
    from bench.report import UNLIKE_TRUTH
    from srtext import Config, recover_text
    from srtext.pipeline.events import DROPPED_BY_DEFAULT

    scorer = ARXIV.parent / "bk-scorer" / "score.py"
    if not ARXIV.is_dir() or not scorer.exists():
        print(f"arxiv-dev or its scorer not found beside the project ({ARXIV}): skipped")
        return
    configs = {
        "srtext": Config(window=None),
        "srtext --drop": Config(window=None, drop=DROPPED_BY_DEFAULT | UNLIKE_TRUTH),
    }
    outputs: dict[str, list[tuple[str, str, Path]]] = {}
    for pdf in sorted(ARXIV.rglob("*.pdf")):
        source = pdf.with_suffix(".pdftotext.txt").read_text(encoding="utf-8")
        truth = pdf.with_suffix(".body.txt")
        xhtml = subprocess.run(
            ["pdftotext", "-enc", "UTF-8", "-q", "-bbox-layout", str(pdf), "-"],
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8", "surrogateescape")
        for name, config in configs.items():
            outputs.setdefault(name, []).append((pdf.stem, recover_text(source, config), truth))
            outputs.setdefault(f"{name}, geometry", []).append(
                (pdf.stem, with_geometry(source, xhtml, config), truth)
            )
    print("| arxiv-dev, the benchmark's scorer | " + " | ".join(bkscorer.MEASURES) + " |")
    print("|---" * (len(bkscorer.MEASURES) + 1) + "|")
    for name, triples in outputs.items():
        total = bkscorer.score(scorer, triples)
        print(
            f"| {name} ({total['docs']:.0f} papers) | "
            + " | ".join(f"{total[m]:.1f}" for m in bkscorer.MEASURES)
            + " |"
        )


if __name__ == "__main__":
    main()

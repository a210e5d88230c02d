"""``srtext-eval``: score recovered text against ground truth, file by file or directory by directory.

The measures are :mod:`srtext.eval.scores` (full definitions in ``docs/measures.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from srtext.eval.scores import Scores, score


@dataclass(frozen=True)
class Pair:
    name: str
    output: Path
    truth: Path
    source: Path | None
    meta: Path | None


def find_pairs(
    outputs: Path,
    truths: Path,
    *,
    truth_suffix: str,
    output_suffix: str,
    sources: Path | None,
    source_suffix: str,
) -> Iterator[Pair]:
    """Pairs of files by name: ``truths/NAME{truth_suffix}`` with ``outputs/NAME{output_suffix}``."""
    for truth in sorted(truths.rglob(f"*{truth_suffix}")):
        rel = truth.relative_to(truths)
        name = str(rel)[: -len(truth_suffix)]
        src = sources / f"{name}{source_suffix}" if sources else None
        meta = truths / f"{name}.json"
        yield Pair(
            name,
            outputs / f"{name}{output_suffix}",
            truth,
            src if src and src.exists() else None,
            meta if meta.exists() else None,
        )


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}"


MEASURES = """\
measures (in percent; full definitions in docs/measures.md):
  broken   ground-truth sentences the input holds whole that the output does not
           hold whole inside one paragraph, of those sentences (the SR paper's)
  NL+ NL-  spurious and missing paragraph breaks, of ground-truth paragraphs
  P+ P-    words of spurious and missing paragraphs, of ground-truth words
  W+ W- W~ other spurious, missing and misspelt words, of ground-truth words
  words lost   words of the truth the output lacks, in any order, of the truth's words
  headings kept, captions kept     those that come out whole as a paragraph of their own
  furniture leaked, footnotes leaked  those of the input that leak into the output
  (these four need the corpus metadata: NAME.json beside NAME.truth.txt, or --meta)"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="srtext-eval",
        description="Score recovered text against ground truth (one paragraph per line). "
        "OUTPUT and TRUTH are two files, or two directories of files paired by name.",
        epilog=MEASURES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("output", type=Path, help="the tool's output (file or directory)")
    parser.add_argument("truth", type=Path, help="the ground truth (file or directory)")
    parser.add_argument(
        "--source",
        type=Path,
        help="the tool's input, file or directory (then only sentences it contains count)",
    )
    parser.add_argument(
        "--meta",
        type=Path,
        help="corpus metadata JSON for a single pair (default: NAME.json beside NAME.truth.txt)",
    )
    parser.add_argument("--truth-suffix", default=".truth.txt", help="in directories (default .truth.txt)")
    parser.add_argument("--output-suffix", default=".sr.txt", help="in directories (default .sr.txt)")
    parser.add_argument(
        "--source-suffix", default=".pdftotext.txt", help="in directories (default .pdftotext.txt)"
    )
    parser.add_argument(
        "--json", action="store_true", help="JSON lines: one per document, then the pooled one"
    )
    parser.add_argument(
        "--no-wildcards",
        action="store_true",
        help="remove the truth's placeholders ([formula]...) before comparing, so that the output's "
        "words in their place count (stricter than the benchmark, which ignores every difference "
        "whose truth side is mostly placeholders)",
    )
    args = parser.parse_args(argv)
    if args.output.is_dir() != args.truth.is_dir():
        parser.error("OUTPUT and TRUTH must both be files or both be directories")
    if args.truth.is_dir():
        pairs = list(
            find_pairs(
                args.output,
                args.truth,
                truth_suffix=args.truth_suffix,
                output_suffix=args.output_suffix,
                sources=args.source,
                source_suffix=args.source_suffix,
            )
        )
    else:
        meta = args.meta
        if meta is None and args.truth.name.endswith(args.truth_suffix):
            beside = args.truth.with_name(args.truth.name[: -len(args.truth_suffix)] + ".json")
            meta = beside if beside.exists() else None
        pairs = [Pair(args.output.name, args.output, args.truth, args.source, meta)]
    if not pairs:
        print(f"srtext-eval: no *{args.truth_suffix} files in {args.truth}", file=sys.stderr)
        return 1
    total = Scores()
    rows: list[tuple[str, Scores]] = []
    failed = 0
    for pair in pairs:
        try:
            meta = json.loads(_read(pair.meta)) if pair.meta else None
            s = score(
                _read(pair.output),
                _read(pair.truth),
                _read(pair.source) if pair.source else None,
                meta,
                wildcards=not args.no_wildcards,
            )
        except (OSError, ValueError) as e:
            print(f"srtext-eval: {pair.name}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            failed += 1
            continue
        total.add(s)
        rows.append((pair.name, s))
    rows.append(("pooled" if len(pairs) > 1 else rows[-1][0] if rows else "pooled", total))
    if len(pairs) == 1:
        rows = rows[-1:]
    if args.json:
        for name, s in rows:
            print(json.dumps({"document": name, **asdict(s), **s.shares()}, ensure_ascii=False))
    else:
        keys = list(Scores().shares())
        widths = [max(7, len(k) - 1) + 2 for k in keys]
        print(
            "document".ljust(28)
            + "".join(k.replace("%", "").rjust(w) for k, w in zip(keys, widths, strict=True))
        )
        for name, s in rows:
            sh = s.shares()
            print(
                name[:27].ljust(28) + "".join(_fmt(sh[k]).rjust(w) for k, w in zip(keys, widths, strict=True))
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

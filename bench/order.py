"""Which adjacent decisions are order-bound: swap each pair of a table and count the outputs that change.

    python bench/order.py [--json FILE]

For every table that is asked in order (the rules of each band,
:data:`srtext.pipeline.steps.CAPTION_STEPS`, :data:`~srtext.pipeline.steps.STEPS`,
:data:`~srtext.pipeline.steps.AMENDMENTS`), each adjacent pair is swapped in turn,
and every committed text (tests/cases/*.in, corpora/**/*.pdftotext.txt,
corpora/samples/*.txt) is recovered again; the report lists, for each pair, the
texts whose output changed and the case files among them.  A pair that changes
an output must have a case file that fails when swapped (tests/test_order.py
holds the pinned pairs, :data:`tests.test_order.PINNED`, and the swapping).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from srtext import Config  # noqa: E402
from srtext.api import recover_text  # noqa: E402
from tests.test_order import PINNED, pairs, swapped  # noqa: E402


def texts(cases_only: bool = False) -> list[Path]:
    found = sorted((ROOT / "tests" / "cases").glob("*.in"))
    if not cases_only:
        found += sorted((ROOT / "corpora").rglob("*.pdftotext.txt"))
        found += sorted((ROOT / "corpora").glob("samples/*.txt"))
    return found


def outputs(paths: list[Path]) -> dict[str, str]:
    config = Config()
    return {
        str(p.relative_to(ROOT)): recover_text(p.read_text(encoding="utf-8", errors="replace"), config)
        for p in paths
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the report as JSON")
    args = parser.parse_args()
    paths = texts()
    before = outputs(paths)
    report = []
    for table, i, a, b in pairs():
        with swapped(table, i):
            after = outputs(paths)
        changed = sorted(k for k in before if before[k] != after[k])
        cases = [k for k in changed if k.startswith("tests/cases/")]
        pinned = (a, b) in PINNED
        report.append(
            {"table": table, "pair": [a, b], "changed": len(changed), "cases": cases, "pinned": pinned}
        )
        flag = "  <- changes texts, pinned by no case" if changed and not cases else ""
        print(f"{table:16} {a} / {b}: {len(changed)} texts change, {len(cases)} case files{flag}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

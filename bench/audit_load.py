"""How long the audit page of a long document takes to load in Chromium: ``python -m bench.audit_load``.

Builds a document of ``--pages`` pages (default 300) from the pages of the
broad corpus's pdftotext texts, taken in name order, writes its audit page with
``srtext --audit`` as a user would, and loads it ``--runs`` times in headless
Chromium (a new tab each time), reporting the page's size, its lines and the
load time the browser measured: the navigation's ``loadEventEnd`` (parsing the
HTML, styles, the script's set-up, up to the load event), and the time until the
script's first two animation frames after it, which includes the first layout and
paint; and the time the filter "only dropped" takes, with the layout after it.
Issue 28 asks for a 300-page document to load in under 2 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROAD = ROOT / "corpora" / "broad"


def long_document(pages: int = 300, min_lines: int = 30) -> str:
    """A text of ``pages`` pages separated by form feeds, each a page of the broad corpus with at
    least ``min_lines`` lines (page-sized pages: a document's last page is often a few lines)."""
    out: list[str] = []
    while len(out) < pages:
        before = len(out)
        for path in sorted(BROAD.glob("*/*.pdftotext.txt")):
            for page in path.read_text(encoding="utf-8").split("\f"):
                if page.count("\n") >= min_lines:
                    out.append(page.strip("\n"))
                    if len(out) == pages:
                        break
            if len(out) == pages:
                break
        if len(out) == before:
            raise ValueError("the broad corpus has no page that long")
    return "\f".join(out) + "\n"


_FRAMES = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))"


_FILTER = (
    "(() => { const t = performance.now(); document.getElementById('only-dropped').click(); "
    "document.body.offsetHeight; const u = performance.now(); document.getElementById('show-all').click(); "
    "document.body.offsetHeight; return u - t; })()"
)


def measure(page: Path, runs: int) -> list[tuple[float, float, float]]:
    """``(loadEventEnd, after two frames, the filter "only dropped")`` in ms for each load of the page."""
    from tests.browser import Chromium, find_chromium

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("chromium is not installed")
    times = []
    with Chromium(chromium) as browser:
        for _ in range(runs):
            browser.open("about:blank")
            browser.open(page.as_uri())
            frames = browser.evaluate(_FRAMES)
            load = browser.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
            filtered = browser.evaluate(_FILTER)
            if browser.errors:
                raise SystemExit(f"console errors: {browser.errors}")
            times.append((float(load), float(frames), float(filtered)))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        text = Path(tmp) / "long.txt"
        text.write_text(long_document(args.pages), encoding="utf-8")
        page = Path(tmp) / "long.html"
        cmd = [sys.executable, "-m", "srtext", "-q", "--audit", str(page), str(text)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        lines = text.read_text(encoding="utf-8").count("\n")
        size = page.stat().st_size
        before = os.getloadavg()[0]
        times = measure(page, args.runs)
        after = os.getloadavg()[0]
    loads = [t[0] for t in times]
    painted = [t[1] for t in times]
    print(f"{args.pages} pages, {lines} lines, audit page {size / 1e6:.1f} MB, {args.runs} loads")
    print(f"load average {before:.1f} before, {after:.1f} after, {os.cpu_count()} cores")
    spread = f"min {min(loads):.0f}, max {max(loads):.0f}"
    print(f"loadEventEnd: median {statistics.median(loads):.0f} ms ({spread})")
    print(f"after two frames: median {statistics.median(painted):.0f} ms (max {max(painted):.0f})")
    filters = [t[2] for t in times]
    print(f"filter 'only dropped' with its layout: median {statistics.median(filters):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

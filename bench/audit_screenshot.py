"""Remake docs/audit.png, the README's picture of the audit page, from the code as it is.

    python bench/audit_screenshot.py [--input corpora/broad/latex-article/latex-article-en-0000.pdftotext.txt]

Writes the input's audit page (``srtext --audit``), opens it in headless Chromium
(tests/browser.py), clicks line 27 so that the side panel shows one decision's
fields, and saves the window (1400 x 900) as docs/audit.png.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser import Chromium, find_chromium  # noqa: E402

DEFAULT = ROOT / "corpora" / "broad" / "latex-article" / "latex-article-en-0000.pdftotext.txt"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", type=Path, default=DEFAULT)
    ap.add_argument("--line", default="L27", help="the line whose panel is shown (default L27)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "audit.png")
    args = ap.parse_args()
    chromium = find_chromium()
    if chromium is None:
        print("audit_screenshot: no Chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "audit.html"
        name = args.input.relative_to(ROOT) if args.input.is_relative_to(ROOT) else args.input
        subprocess.run(
            [sys.executable, "-m", "srtext", "--audit", str(page), str(name)],
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with Chromium(chromium) as browser:
            browser.open(page.as_uri())
            browser.evaluate(f"document.getElementById({args.line!r}).scrollIntoView({{block: 'center'}})")
            browser.evaluate(f"document.getElementById({args.line!r}).click()")
            args.out.write_bytes(browser.screenshot())
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

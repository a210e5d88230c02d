"""Typeset the hand-written sample texts as pdftotext-like output with exact ground truth.

    python corpora/samples/make.py

For each ``NAME.src`` (headings start with "# ", paragraphs are separated by
blank lines; the project's own text, MIT licence) it writes:

* ``NAME.txt``: the text as pdftotext writes a one-column page: lines wrapped at
  a column width in display columns (CJK characters count two), no blank line
  between paragraphs (Chinese ones indented by two full-width spaces), a blank
  line around headings, and every ``PAGE`` lines a page number, a blank line
  and a form feed;
* ``NAME.truth.txt``: the ground truth, one paragraph (or heading) per line.

The output is deterministic; tests compare srtext's result with the truth.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
WIDTH = {"en-rivers": 72, "de-brot": 64, "ru-les": 66, "sr-cyrl-reka": 70, "sr-latn-reka": 70, "zh-tea": 60}
PAGE = 24


def cells(word: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in word)


def wrap(text: str, width: int) -> list[str]:
    """Greedy wrapping by display columns; CJK text may break between any characters
    except before closing punctuation."""
    cjk = any(unicodedata.east_asian_width(c) in "WF" for c in text)
    units = list(text) if cjk else text.split()
    sep = "" if cjk else " "
    lines: list[str] = []
    cur = ""
    for u in units:
        cand = cur + sep + u if cur else u
        # Kinsoku: closing punctuation never starts a line.
        if cells(cand) > width and cur and u not in "。，、；：！？）」』":
            lines.append(cur)
            cur = u
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


def typeset(src: str, width: int) -> tuple[str, str]:
    blocks = [b.strip() for b in src.split("\n\n") if b.strip()]
    truth: list[str] = []
    body: list[str] = []
    for block in blocks:
        text = " ".join(block.split())
        if text.startswith("# "):
            truth.append(text[2:])
            if body:
                body.append("")
            body.extend([text[2:], ""])
        else:
            truth.append(text)
            # Chinese typesetting indents a paragraph's first line by two full-width spaces.
            indent = "\u3000\u3000" if any(unicodedata.east_asian_width(c) == "W" for c in text) else ""
            body.extend(wrap(indent + text, width))
    out: list[str] = []
    page = 1
    count = 0
    for line in body:
        if count == PAGE:
            out.extend([str(page), ""])
            page += 1
            line = "\f" + line
            count = 0
        out.append(line)
        count += 1
    out.extend([str(page), "", "\f"])
    return "\n".join(out), "\n".join(truth) + "\n"


def main() -> int:
    for src in sorted(HERE.glob("*.src")):
        name = src.stem
        text, truth = typeset(src.read_text(encoding="utf-8"), WIDTH.get(name, 72))
        (HERE / f"{name}.txt").write_text(text, encoding="utf-8")
        (HERE / f"{name}.truth.txt").write_text(truth, encoding="utf-8")
        print(f"{name}: {text.count(chr(10)) + 1} lines, {truth.count(chr(10))} paragraphs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

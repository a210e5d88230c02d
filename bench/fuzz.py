"""Fuzz the library entry points with generated documents for a given time.

    python bench/fuzz.py [--seconds 1800] [--seed 1] [--report FILE]

Each input is a random document built from pieces that PDF converters produce
(words in several scripts, sentence ends, closing quotes, hyphens, form feeds,
blank lines, page numbers, footnote markers, captions, reference labels, control
characters, invalid UTF-8, CR and CRLF line ends, very long lines, NUL-free
binary noise).  For every input and both modes it checks:

* no exception escapes (``SentenceRecovery`` on bytes, the streaming
  ``recover`` with small windows, the output formats, ``srtext.eval.scores.score``);
* every input line gets exactly one decision;
* every paragraph holds exactly the characters of the lines it names (any
  Unicode white space and line-end hyphens aside), and no kept line is in two
  paragraphs;
* streaming with a window as long as the input equals whole-document processing.

It prints a summary (inputs run, failures by kind) and the first failing input
of each kind, and exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter

import regex

from srtext import Config, SentenceRecovery, paragraphs, recover
from srtext.eval.scores import score
from srtext.pipeline.lines import BinaryInputError, byte_lines
from srtext.pipeline.output import explain_line, format_paragraphs

# White space (any Unicode space, which joining strips at line ends) and the
# hyphens that joining may remove at a line end.
_SPACE_OR_HYPHEN = regex.compile(r"[\s\-\u00ad\u2010]")

WORDS = (
    "the river bank moved twice and nobody saw it happen water flows slowly "
    "Der Fluss fließt langsam über die Wiese und der Bäcker backt Brot "
    "Река тече полако и мења свој ток Reka teče polako i menja svoj tok "
    "Лес после пожара восстанавливается медленно "
    "茶树 喜欢 温暖 湿润 的 气候 "
    "x y z α β ∑ ∂ = + − 1 2 3 12 1990 (3.1) [4] [12] e.g. i.e. et al. Fig. "
    "meta- bolic cost- effective well-known co- operation Ein- und"
).split()
ENDS = [
    "",
    "",
    "",
    ".",
    ".",
    "?",
    "!",
    ":",
    ";",
    ",",
    '."',
    ".)",
    "?»",
    "…",
    "。",
    "-",
    "\u00ad",
    "∗",
    "†",
    "1",
]
SPECIAL = [
    "",
    "",
    "",
    "1",
    "2",
    "iii",
    "- 4 -",
    "Page 3 of 9",
    "стр. 7",
    "References",
    "Литература",
    "Figure 1: A figure",
    "Table 2. A table",
    "图 1：茶园",
    "∗ A footnote here.",
    "[3] A. Author, Title.",
    "Journal of Things 12 (2026)",
    "\f",
    "\x0c\x0c",
    "\x88",
    "\x00"[:0],
    "ﬁne ﬂow",
    "\t\tindented",
]


def document(rng: random.Random) -> bytes:
    lines: list[str] = []
    header = rng.choice(["Running Header", "Journal 12", ""])
    for _ in range(rng.randint(0, 80)):
        r = rng.random()
        if r < 0.15:
            lines.append(rng.choice(SPECIAL))
        elif r < 0.18:
            lines.append("\f" + header)
        elif r < 0.19:
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(200, 3000))))
        else:
            n = rng.choice([1, 2, 3, 8, 10, 11, 12, 12, 12, 13])
            lines.append(" ".join(rng.choice(WORDS) for _ in range(n)) + rng.choice(ENDS))
    eol = rng.choice(["\n", "\n", "\r\n", "\r"])
    data = eol.join(lines).encode("utf-8")
    if rng.random() < 0.1:
        pos = rng.randint(0, len(data))
        data = data[:pos] + bytes([rng.choice([0x80, 0xC3, 0xFF, 0xFE])]) + data[pos:]
    if rng.random() < 0.1:
        data = b"\xef\xbb\xbf" + data
    if rng.random() < 0.5:
        data += eol.encode()
    return data


def check(data: bytes, mode: str) -> None:
    config = Config(mode=mode, window=None)
    try:
        sr = SentenceRecovery(data, config)
    except BinaryInputError:
        return
    lines = sr.lines
    decisions = sr.decisions
    assert [(d.line.number, d.line.text) for d in decisions] == [(x.number, x.text) for x in lines], (
        "decisions"
    )
    kept: dict[int, str] = {}
    for d in decisions:
        if d.action not in ("drop", "skip"):
            kept[d.line.number] = kept.get(d.line.number, "") + d.line.text
    # A line cut by a form feed is two lines with one number; it may feed two paragraphs.
    numbers = Counter(x.number for x in lines)
    split = {n for n, count in numbers.items() if count > 1}
    for p in sr.paragraphs:
        if split.isdisjoint(p.lines):
            expected = "".join(kept.get(n, "") for n in p.lines)
            assert _SPACE_OR_HYPHEN.sub("", p.text) == _SPACE_OR_HYPHEN.sub("", expected), "paragraph text"
    # All paragraphs together hold exactly the kept text, nothing lost or doubled.
    out_chars = Counter(_SPACE_OR_HYPHEN.sub("", "".join(p.text for p in sr.paragraphs)))
    kept_chars = Counter(_SPACE_OR_HYPHEN.sub("", "".join(kept.values())))
    assert out_chars == kept_chars, "text lost or doubled"
    for fmt in ("lines", "blank"):
        "".join(format_paragraphs(sr.paragraphs, fmt))
    for d in decisions:
        explain_line(d)
    window = max(len(lines), 1)
    streamed = list(
        paragraphs(
            recover(
                byte_lines([data[i : i + 97] for i in range(0, len(data), 97)]), config.replace(window=window)
            )
        )
    )
    assert streamed == sr.paragraphs, "streaming"
    small = list(paragraphs(recover(byte_lines([data]), config.replace(window=3))))
    assert isinstance(small, list)
    score(sr.out_text, data.decode("utf-8", "replace"), data.decode("utf-8", "replace"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1800)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    runs = 0
    failures: Counter[str] = Counter()
    first: dict[str, tuple[bytes, str]] = {}
    while time.monotonic() - started < args.seconds:
        data = document(rng)
        for mode in ("default", "paper"):
            runs += 1
            try:
                check(data, mode)
            except Exception as e:  # the point is to catch everything
                kind = f"{mode}: {type(e).__name__}: {str(e)[:60]}"
                failures[kind] += 1
                first.setdefault(kind, (data, traceback.format_exc(limit=3)))
    elapsed = time.monotonic() - started
    print(f"fuzz: {runs} inputs in {elapsed:.0f} s (seed {args.seed}), {sum(failures.values())} failures")
    for kind, n in failures.most_common():
        data, tb = first[kind]
        print(f"\n{n} x {kind}\nfirst input: {data[:300]!r}\n{tb}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

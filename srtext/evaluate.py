"""Compare recovered paragraphs with ground truth (one paragraph per line).

Measures, per document (see ``docs/measures.md`` for the full definitions):

* ``broken``: ground-truth sentences that the input contains whole (all their
  words) but that the output does not hold whole inside one paragraph, as a
  share of those sentences (the paper's measure);
* ``nl_plus``: spurious paragraph breaks (a ground-truth paragraph split), and
  ``nl_minus``: missing breaks (two ground-truth paragraphs merged), each as a
  share of ground-truth paragraphs;
* ``p_plus``: output words that align with no ground-truth word, and
  ``p_minus``: ground-truth words that no output word aligns with, each as a
  share of ground-truth words.

Words are compared lower-cased, punctuation ignored; the benchmark's
placeholders (``[formula]``, ``[\\cite=x]``...) are wildcards, so they are
dropped before aligning.  Alignment is :class:`difflib.SequenceMatcher` over
the two word sequences.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from difflib import SequenceMatcher
from pathlib import Path

import regex

_PLACEHOLDER = regex.compile(r"\[\\?[A-Za-z]+(?:=[^\]\s]*)?\]")
_WORD = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}]|[\p{L}\p{N}--\p{Han}\p{Hiragana}\p{Katakana}]+", regex.V1)
_SENTENCE_END = regex.compile(r"(?<=[.?!])[\"'’”)\]]*\s+(?=[\p{Lu}\p{N}\[(\"'“‘])")


def words(text: str) -> list[str]:
    """Lower-cased words of a text, placeholders removed.

    >>> words("The [formula] is Tr(A) [\\\\cite=x].")
    ['the', 'is', 'tr', 'a']

    Chinese and Japanese are written without spaces: each character is a word.

    >>> words("泡茶的水温abc")
    ['泡', '茶', '的', '水', '温', 'abc']
    """
    return [w.lower() for w in _WORD.findall(_PLACEHOLDER.sub(" ", text))]


def sentences(paragraph: str) -> list[str]:
    """Split a ground-truth paragraph into sentences (a plain rule is enough here).

    >>> sentences("One thing. Two (x). 3 more")
    ['One thing.', 'Two (x).', '3 more']
    """
    return [s for s in _SENTENCE_END.split(paragraph.strip()) if s]


def align(a: Sequence[str], b: Sequence[str]) -> list[int]:
    """For each word of ``a``, the index of the word of ``b`` it aligns with, or -1.

    >>> align(["a", "b", "c"], ["a", "x", "c"])
    [0, -1, 2]
    """
    out = [-1] * len(a)
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    for i, j, n in matcher.get_matching_blocks():
        for k in range(n):
            out[i + k] = j + k
    return out


@dataclass
class Scores:
    """Counts for one document; the shares are properties."""

    gt_paragraphs: int = 0
    gt_words: int = 0
    sentences: int = 0
    broken: int = 0
    nl_plus: int = 0
    nl_minus: int = 0
    p_plus: int = 0
    p_minus: int = 0

    def add(self, other: Scores) -> None:
        for k, v in asdict(other).items():
            setattr(self, k, getattr(self, k) + v)

    def shares(self) -> dict[str, float]:
        def pct(n: int, d: int) -> float:
            return round(100.0 * n / d, 2) if d else 0.0

        return {
            "broken%": pct(self.broken, self.sentences),
            "NL+%": pct(self.nl_plus, self.gt_paragraphs),
            "NL-%": pct(self.nl_minus, self.gt_paragraphs),
            "P+%": pct(self.p_plus, self.gt_words),
            "P-%": pct(self.p_minus, self.gt_words),
        }


def _tokens(paragraphs: Sequence[str]) -> tuple[list[str], list[int]]:
    toks: list[str] = []
    owner: list[int] = []
    for i, p in enumerate(paragraphs):
        ws = words(p)
        toks.extend(ws)
        owner.extend([i] * len(ws))
    return toks, owner


def score(output: str, truth: str, source: str | None = None) -> Scores:
    """Score one document: ``output`` paragraphs (one per line, or blank-line separated)
    against ``truth`` (one paragraph per line); ``source`` is the input text, which
    decides which sentences count for ``broken``.

    >>> s = score("One two three.\\nFour five.\\nSix seven.\\n", "One two three. Four five.\\nSix seven.\\n")
    >>> (s.nl_plus, s.nl_minus, s.p_plus, s.p_minus, s.broken, s.sentences)
    (1, 0, 0, 0, 0, 3)
    >>> s = score("One two three. Four five. Six seven.\\n", "One two three. Four five.\\nSix seven.\\n")
    >>> (s.nl_plus, s.nl_minus, s.broken)
    (0, 1, 0)
    >>> s = score("One two\\nthree. Header\\n", "One two three.\\n")
    >>> (s.nl_plus, s.p_plus, s.broken, s.sentences)
    (1, 1, 1, 1)
    """
    gt_pars = [p for p in truth.splitlines() if p.strip()]
    out_pars = [p for p in output.splitlines() if p.strip()]
    gt_toks, gt_owner = _tokens(gt_pars)
    out_toks, out_owner = _tokens(out_pars)
    to_out = align(gt_toks, out_toks)
    s = Scores(gt_paragraphs=len(gt_pars), gt_words=len(gt_toks))
    s.p_minus = sum(1 for j in to_out if j < 0)
    s.p_plus = len(out_toks) - (len(gt_toks) - s.p_minus)
    # Paragraph boundaries, from consecutive aligned ground-truth words.
    prev_gt, prev_out = -1, -1
    for i, j in enumerate(to_out):
        if j < 0:
            continue
        g, o = gt_owner[i], out_owner[j]
        if prev_gt == g and prev_out != o:
            s.nl_plus += 1
        elif prev_gt != -1 and prev_gt != g and prev_out == o:
            s.nl_minus += 1
        prev_gt, prev_out = g, o
    # Sentences.
    in_source: list[int] | None = None
    if source is not None:
        in_source = align(gt_toks, words(source))
    pos = 0
    for p in gt_pars:
        for sent in sentences(p):
            n = len(words(sent))
            span = range(pos, pos + n)
            pos += n
            if n == 0 or (in_source is not None and any(in_source[k] < 0 for k in span)):
                continue
            s.sentences += 1
            owners = {out_owner[to_out[k]] if to_out[k] >= 0 else -1 for k in span}
            if len(owners) != 1 or -1 in owners:
                s.broken += 1
    return s


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="srtext-eval",
        description="Score recovered text against ground truth (one paragraph per line).",
    )
    parser.add_argument("output", type=Path, help="the tool's output")
    parser.add_argument("truth", type=Path, help="the ground truth")
    parser.add_argument("--source", type=Path, help="the tool's input (counts only sentences it contains)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    try:
        out = args.output.read_text(encoding="utf-8", errors="replace")
        truth = args.truth.read_text(encoding="utf-8", errors="replace")
        src = args.source.read_text(encoding="utf-8", errors="replace") if args.source else None
    except OSError as e:
        print(f"srtext-eval: {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    s = score(out, truth, src)
    if args.json:
        print(json.dumps({**asdict(s), **s.shares()}))
    else:
        for k, v in s.shares().items():
            print(f"{k:10}{v:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

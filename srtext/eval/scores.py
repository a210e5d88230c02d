"""The measures of recovered paragraphs against ground truth: :func:`score` and :class:`Scores`.

``srtext-eval`` (:mod:`srtext.eval.evaluate`) runs them over files.

Ground truth is one paragraph per line; the output is one paragraph per line or
blank-line separated paragraphs (empty lines are ignored either way).  NL+, NL-,
P+, P- and W~ are the benchmark's own (Bast & Korzen's evaluation, rebuilt in
:mod:`srtext.eval.docdiff`): they agree with its scorer on the same files.  Broken
sentences align words lower-cased with punctuation ignored (each CJK character
a word) by longest common runs, as :class:`difflib.SequenceMatcher` does.  The benchmark's placeholders
(``[formula]``, ``[\\cite=x]``...) are junk that costs nothing, as in the
benchmark (``--no-wildcards`` removes them instead, so that the output's words
in their place count).  The measures (full definitions in ``docs/measures.md``):

``broken``
    ground-truth sentences that the input contains whole (all their words align
    with the input) but that the output does not hold whole inside one
    paragraph, as a share of those sentences: the paper's measure.
``NL+`` / ``NL-``
    spurious paragraph breaks (a ground-truth paragraph split) and missing ones
    (two ground-truth paragraphs merged), as a share of ground-truth paragraphs;
    cutting a spurious paragraph out of the middle of one also counts.
``P+`` / ``P-``
    words of spurious and missing paragraphs (a run of words the truth lacks, or
    the output lacks, when removing or inserting it as a paragraph costs less
    than word by word), as a share of ground-truth words.
``W+`` / ``W-`` / ``W~``
    the other differences, word by word: spurious, missing and misspelt words
    (``meta- bolic``, ``wellknown``, a formula's symbols in the truth's words'
    place), as a share of ground-truth words.
headings, captions (where the corpus metadata lists them)
    share of them that come out whole as a paragraph of their own.
furniture, footnotes (where the corpus metadata lists them)
    share of running-header occurrences in the input, and of footnotes, that
    leak into the output.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache

import regex

from srtext.eval.docdiff import diff
from srtext.eval.phrases import Runs
from srtext.lang import SPACELESS_SCRIPTS

_PLACEHOLDER = regex.compile(r"\[\\?[A-Za-z]+(?:=[^\]\s]*)?\]")
_WORD = regex.compile(rf"[{SPACELESS_SCRIPTS}]|[\p{{L}}\p{{N}}--{SPACELESS_SCRIPTS}]+", regex.V1)
_SENTENCE_END = regex.compile(r"(?<=[.?!])[\"'’”)\]]*\s+(?=[\p{Lu}\p{N}\[(\"'“‘])|(?<=[。！？])")


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
    >>> sentences("第一句。第二句！")
    ['第一句。', '第二句！']
    """
    return [s.strip() for s in _SENTENCE_END.split(paragraph.strip()) if s.strip()]


def align(a: Sequence[str], b: Sequence[str]) -> list[int]:
    """For each item of ``a``, the index of the item of ``b`` it aligns with, or -1.

    >>> align(["a", "b", "c"], ["a", "x", "c"])
    [0, -1, 2]
    """
    out = [-1] * len(a)
    for i, j, n in Runs(a, b).blocks(len(a), len(b)):
        out[i : i + n] = range(j, j + n)
    return out


@dataclass
class Scores:
    """Counts for one document or pooled over several; :meth:`shares` gives the measures."""

    documents: int = 0
    gt_paragraphs: int = 0
    gt_words: int = 0
    sentences: int = 0
    broken: int = 0
    nl_plus: int = 0
    nl_minus: int = 0
    p_plus: int = 0
    p_minus: int = 0
    w_plus: int = 0
    w_minus: int = 0
    w_damaged: int = 0
    moved: int = 0
    body_words: int = 0
    words_lost: int = 0
    headings: int = 0
    headings_kept: int = 0
    captions: int = 0
    captions_kept: int = 0
    furniture: int = 0
    furniture_leaked: int = 0
    footnotes: int = 0
    footnotes_leaked: int = 0

    def add(self, other: Scores) -> None:
        for k, v in asdict(other).items():
            setattr(self, k, getattr(self, k) + v)

    def shares(self) -> dict[str, float | None]:
        """The measures in percent (None where the corpus does not record the class)."""

        def pct(n: int, d: int) -> float | None:
            return round(100.0 * n / d, 2) if d else None

        return {
            "broken%": pct(self.broken, self.sentences),
            "NL+%": pct(self.nl_plus, self.gt_paragraphs),
            "NL-%": pct(self.nl_minus, self.gt_paragraphs),
            "P+%": pct(self.p_plus, self.gt_words),
            "P-%": pct(self.p_minus, self.gt_words),
            "W+%": pct(self.w_plus, self.gt_words),
            "W-%": pct(self.w_minus, self.gt_words),
            "W~%": pct(self.w_damaged, self.gt_words),
            "words lost%": pct(self.words_lost, self.body_words),
            "headings kept%": pct(self.headings_kept, self.headings),
            "captions kept%": pct(self.captions_kept, self.captions),
            "furniture leaked%": pct(self.furniture_leaked, self.furniture),
            "footnotes leaked%": pct(self.footnotes_leaked, self.footnotes),
        }


def _contains(haystack: Sequence[str], needle: Sequence[str]) -> int:
    """How many times ``needle`` occurs as a contiguous run in ``haystack``.

    >>> _contains("a b c a b".split(), ["a", "b"])
    2
    """
    if not needle:
        return 0
    hay, want = list(haystack), list(needle)
    first, n = want[0], len(want)
    return sum(1 for i, w in enumerate(hay) if w == first and hay[i : i + n] == want)


def score(
    output: str,
    truth: str,
    source: str | None = None,
    meta: dict[str, object] | None = None,
    wildcards: bool = True,
) -> Scores:
    """Score one document.

    ``output`` and ``truth`` are texts (paragraphs one per line, or blank-line
    separated); ``source`` is the input the tool was given, which decides which
    sentences count for ``broken``; ``meta`` is a corpus metadata record with
    lists of ``headings``, ``captions``, ``headers`` and ``footnotes``.
    ``wildcards=False`` removes the truth's placeholders before comparing, so
    that the output's words in their place count (stricter than the benchmark,
    which ignores every difference whose truth side is mostly placeholders).

    >>> s = score("One two three.\\nFour five.\\nSix seven.\\n", "One two three. Four five.\\nSix seven.\\n")
    >>> (s.nl_plus, s.nl_minus, s.p_plus, s.p_minus, s.broken, s.sentences)
    (1, 0, 0, 0, 0, 3)
    >>> s = score("One two three. Four five. Six seven.\\n", "One two three. Four five.\\nSix seven.\\n")
    >>> (s.nl_plus, s.nl_minus, s.broken)
    (0, 1, 0)
    >>> s = score("One two\\nthree. Header\\n", "One two three.\\n")
    >>> (s.nl_plus, s.w_plus, s.broken, s.sentences)
    (1, 1, 1, 1)

    A placeholder of the truth stands for whatever the output has in its place,
    or for nothing; other differences still count:

    >>> truth = "The energy is [formula] where f is small.\\n"
    >>> [(s.w_damaged, s.w_plus, s.gt_words) for s in (score(o, truth) for o in (
    ...     "The energy is E = mc2 where f is small.", "The energy is where f is small.",
    ...     "The energy is E = mc2 where f is large."))]
    [(0, 0, 8), (0, 0, 8), (1, 0, 8)]
    """
    gt_pars = [p for p in truth.splitlines() if p.strip()]
    out_pars = [p for p in output.splitlines() if p.strip()]
    d = diff(out_pars, gt_pars, wildcards)
    c = d.counts
    s = Scores(
        documents=1,
        gt_paragraphs=d.paragraphs,
        gt_words=d.words,
        nl_plus=c["NL+"],
        nl_minus=c["NL-"],
        p_plus=c["P+"],
        p_minus=c["P-"],
        w_plus=c["W+"],
        w_minus=c["W-"],
        w_damaged=c["W~"],
        moved=c["moved"],
    )
    _broken(s, gt_pars, out_pars, source)
    if meta:
        _classes(s, meta, gt_pars, out_pars, source)
    return s


@lru_cache(maxsize=4)
def _in_source(gt_pars: tuple[str, ...], source: str) -> list[int]:
    """The truth's words aligned with the input's (kept for the next tool scored on the same input)."""
    return align([w for p in gt_pars for w in words(p)], words(source))


def _broken(s: Scores, gt_pars: list[str], out_pars: list[str], source: str | None) -> None:
    """Sentences of the truth the input holds whole that the output does not hold in one
    paragraph; and the truth's words (placeholders left out) missing from the output, in any order."""
    gt_toks = [w for p in gt_pars for w in words(p)]
    out_owner = [i for i, p in enumerate(out_pars) for _ in words(p)]
    to_out = align(gt_toks, [w for p in out_pars for w in words(p)])
    s.body_words += len(gt_toks)
    # Lost whatever the order: words of the truth the output holds fewer times.
    s.words_lost += sum((Counter(gt_toks) - Counter(w for p in out_pars for w in words(p))).values())
    in_source = _in_source(tuple(gt_pars), source) if source is not None else None
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


def _strings(meta: dict[str, object], key: str) -> list[str]:
    value = meta.get(key) or []
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []


def on_lines_of_its_own(source: str, text: str) -> bool:
    """Do some consecutive lines of ``source`` hold exactly the words of ``text``?

    A heading or caption that pdftotext interleaved with another column's lines,
    or whose last word it split between two columns, cannot come out whole.

    >>> on_lines_of_its_own("x\\n2. Data and\\nmethods\\ny", "2. Data and methods")
    True
    >>> on_lines_of_its_own("2. Data and other text\\nmethods", "2. Data and methods")
    False
    """
    target = words(text)
    lines = [w for w in map(words, source.splitlines()) if w]
    for i in range(len(lines)):
        run: list[str] = []
        for line in lines[i:]:
            run += line
            if len(run) >= len(target):
                break
        if run == target:
            return True
    return False


def _classes(
    s: Scores, meta: dict[str, object], gt_pars: list[str], out_pars: list[str], source: str | None
) -> None:
    own = {tuple(words(p)) for p in out_pars}
    out_words = [w for p in out_pars for w in words(p)]
    for key, total, kept in (
        ("headings", "headings", "headings_kept"),
        ("captions", "captions", "captions_kept"),
    ):
        for text in _strings(meta, key):
            setattr(s, total, getattr(s, total) + 1)
            if tuple(words(text)) in own:
                setattr(s, kept, getattr(s, kept) + 1)
    if source is not None:
        lines = [tuple(words(x)) for x in source.splitlines()]
        truth_words = [w for p in gt_pars for w in words(p)]
        # Running heads and footers (page numbers, "Page 3 of 9", a margin stamp): each
        # line of the input that holds one, and how many of them reach the output.
        for item in dict.fromkeys(_strings(meta, "headers") + _strings(meta, "footers")):
            hw = tuple(words(item))
            in_input = sum(1 for x in lines if x == hw) if hw else 0
            s.furniture += in_input
            if in_input:
                # Occurrences beyond those the ground truth itself holds (a title may also be a
                # header, a page number a number of the text).
                legit = _contains(truth_words, hw)
                s.furniture_leaked += min(in_input, max(0, _contains(out_words, hw) - legit))
    for note in _strings(meta, "footnotes"):
        s.footnotes += 1
        if _contains(out_words, words(note)):
            s.footnotes_leaked += 1

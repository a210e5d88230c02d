"""The benchmark's paragraph diff: how ``srtext-eval`` counts NL+, NL-, P+, P- and W~.

Bast & Korzen's benchmark (JCDL 2017; its evaluation, ``doc_diff``, is MIT
licensed) scores a tool by the cheapest edit that turns its output into the
ground truth.  This module follows that definition step by step, in its own
code, so that srtext-eval's numbers agree with the benchmark's scorer run the
way the benchmark runs it (words lower-cased, rearrangement allowed from 10
words, a lone common word between longer differences not trusted, the
placeholders ``[formula]``, ``[\\cite=key]``... as junk that costs nothing):

1. Words: each whitespace-separated token is cut at its punctuation (``"Tr(A)"``
   is ``tr`` ``a``; ``"3.5"`` and ``"1,000"`` stay one word, ``3.5`` and ``1000``),
   placeholders are words of their own; each Chinese or Japanese character is a
   word too (the benchmark's tool would make a whole clause one word).
2. Phrases: the longest common run of words, then recursively left and right of
   it; a run of one word with at least three differing words on both sides of
   either text is folded into the difference around it.  Common phrases are cut
   at the output's paragraph breaks, differing ones paired paragraph by paragraph.
3. Rearrangement: a run of at least 10 output words that the truth has elsewhere
   (shared 10-word grams, then a Smith-Waterman local alignment) is a moved block,
   when moving it is cheaper than fixing it word by word.
4. Breaks: walking the phrases word by word, an output break where the truth has
   none is NL+ (a paragraph split), a truth break the output lacks is NL-.
5. Costs: a differing phrase is fixed by word operations (one per word: W+
   deleted, W- inserted, W~ replaced, counted in truth words) or by paragraph
   operations (P+ delete its output words, P- insert the truth's words, each
   paragraph 1, plus 1.1 per split or merge needed to cut it out, which count in
   NL- and NL+), whichever costs less; a phrase between paragraph breaks is
   always a paragraph.  A phrase whose truth side is mostly placeholders costs
   nothing.

>>> d = diff(["One two three. Four five six."], ["One two three.", "Four five six."])
>>> (d.counts["NL+"], d.counts["NL-"], d.paragraphs, d.words)
(0, 1, 2, 6)
>>> d = diff(["a b c d e", "x y z", "f g h"], ["a b c d e f g h"])
>>> (d.counts["P+"], d.counts["NL+"], d.counts["NL-"])
(3, 1, 1)

(The spurious paragraph is cut out of the output's text by one split, and the
truth's paragraph is rejoined by one merge: the benchmark counts both.)

Steps 1 and 2 are in :mod:`srtext.eval.phrases`, step 3 in :mod:`srtext.eval.moves`,
steps 4 and 5 here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from srtext.eval.moves import find_moved
from srtext.eval.phrases import JUNK, MOVED, REPLACE, Doc, Phrase, Side, cut_at_breaks, find_phrases

PARA_COST = 1.1  # a split or merge costs a little more than a word
#: The keys of :attr:`Diff.counts`.
KEYS = ("NL+", "NL-", "P+", "P-", "W+", "W-", "W~", "moved")


def _split_merge_ops(doc: Doc, p: Phrase, by_truth: bool) -> tuple[int, int]:
    """Splits and merges needed to cut a phrase out of its paragraph (output side) or
    to fit it into the truth's (``by_truth``, for missing text)."""
    if by_truth:
        bb, ba = doc.truth.break_before(p.t), doc.truth.break_after(p.t)
        return int(not bb and not ba), int(not bb) + int(not ba)
    bb, ba = doc.out.break_before(p.a), doc.out.break_after(p.a)
    return int(not bb) + int(not ba), int(not bb and not ba)


def _settle_moves(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
    """Apply the moves cheaper than word operations; each moved block sits where the truth has it."""
    for p in phrases:
        for m in sorted(p.candidates, key=lambda x: x.a[0]):
            assert m.sub is not None and m.source is not None and m.target is not None
            splits, merges = _split_merge_ops(doc, m, by_truth=False)
            forced = splits == 0  # breaks on both sides
            # The move, plus the operations inside the block, which the benchmark adds twice here.
            cost = PARA_COST * (splits + merges) + 2 * sum(m.sub[0].values()) + 1
            if forced or cost <= len(m.t):
                gone_a, gone_t = set(m.a), set(m.t)
                m.source.a = [x for x in m.source.a if x not in gone_a]
                m.target.t = [x for x in m.target.t if x not in gone_t]
                m.target.applied.append(m)
    result: list[Phrase] = []
    for p in phrases:
        parts = [p] if p.a or p.t else []
        if p.applied:
            parts += p.applied
            parts.sort(key=lambda x: x.t[0] if x.t else -1)
        result += parts
    return result


# ---------------------------------------------------------------- breaks and costs


def _split_and_merge(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
    """Walk the phrases word by word; cut them where the output's and the truth's breaks differ."""
    result: list[Phrase] = []
    pre_a = pre_t = -1
    for p in phrases:
        if doc.ignored(p):
            result.append(p)
            continue
        if p.kind == MOVED:
            p.merge_before = not doc.truth.break_before(p.t)
            p.merge_after = not doc.truth.break_after(p.t)
            result.append(p)
            continue
        last, split_before, merge_before = 0, False, False
        for i in range(min(len(p.a), len(p.t))):
            wa, wt = p.a[i], p.t[i]
            ba = pre_a < 0 or doc.out.is_break(pre_a, wa)
            bt = pre_t < 0 or doc.truth.is_break(pre_t, wt)
            if ba != bt:
                part = p.part(doc, last, i)
                last = i
                if part.a or part.t:
                    part.split_before, part.merge_before = split_before, merge_before
                    result.append(part)
                split_before, merge_before = bt, ba
            pre_a, pre_t = wa, wt
        if last:
            p = p.part(doc, last, None)
        if p.a or p.t:
            p.split_before, p.merge_before = split_before, merge_before
            result.append(p)
    return result


def _costs(doc: Doc, phrases: list[Phrase]) -> tuple[Counter[str], Counter[str]]:
    """Operations (paragraph ops counted once) and their sizes in words."""
    ops: Counter[str] = Counter()
    size: Counter[str] = Counter()
    for p in phrases:
        if p.kind == MOVED:
            assert p.sub is not None
            splits, merges = _split_merge_ops(doc, p, by_truth=False)
            ops.update({"NL-": splits, "NL+": merges, "moved": 1})
            ops.update(p.sub[0])
            size.update({"NL-": splits, "NL+": merges, "moved": len(p.a)})
        elif p.kind == REPLACE and not doc.ignored(p):
            na, nt = len(p.a), len(p.t)
            if na == 0:
                words, paras, sizes = {"W-": nt}, {"P-": 1}, {"P-": nt}
            elif nt == 0:
                words, paras, sizes = {"W+": na}, {"P+": 1}, {"P+": na}
            else:
                words, paras, sizes = {"W~": nt}, {"P+": 1, "P-": 1}, {"P+": na, "P-": nt}
            splits, merges = _split_merge_ops(doc, p, by_truth=na == 0)
            forced = (splits, merges) == (0, 0)
            if forced or PARA_COST * (splits + merges) + sum(paras.values()) <= sum(words.values()):
                ops.update({"NL-": splits, "NL+": merges, **paras})
                size.update({"NL-": splits, "NL+": merges, **sizes})
            else:
                ops.update(words)
                size.update(words)
        if p.split_before:
            ops["NL-"] += 1
            size["NL-"] += 1
        if p.merge_before:
            ops["NL+"] += 1
            size["NL+"] += 1
    return +ops, +size


class Diff:
    """The benchmark's counts for one document: ``counts`` (NL+ and NL- in breaks,
    the others in words), truth ``paragraphs`` and ``words`` (placeholders included)."""

    def __init__(self, counts: Counter[str], paragraphs: int, words: int) -> None:
        self.counts, self.paragraphs, self.words = counts, paragraphs, words


def diff(output: Sequence[str], truth: Sequence[str], wildcards: bool = True) -> Diff:
    """Diff output paragraphs against truth paragraphs by the benchmark's rules.

    ``wildcards=False``: the truth's placeholders are removed instead, so that
    whatever the output has in their place counts.
    """
    if not wildcards:
        truth = [JUNK.sub(" ", p) for p in truth]
    doc = Doc(Side(output, wildcards), Side(truth, wildcards), wildcards)
    phrases = cut_at_breaks(
        doc, find_phrases(doc, list(range(len(doc.out.norm))), list(range(len(doc.truth.norm))))
    )

    def fix(a: list[int], t: list[int]) -> tuple[Counter[str], Counter[str]]:
        return _costs(doc, _split_and_merge(doc, cut_at_breaks(doc, find_phrases(doc, a, t))))

    find_moved(doc, phrases, fix)
    phrases = _split_and_merge(doc, _settle_moves(doc, phrases))
    _ops, size = _costs(doc, phrases)
    return Diff(size, doc.truth.paragraphs, len(doc.truth.norm))

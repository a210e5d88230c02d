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
"""

from __future__ import annotations

import heapq
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence

import regex

from srtext.lang import SPACELESS_SCRIPTS

_JUNK_COMMANDS = (
    "cite citep citet citealp citealt citetext citeauthor citeyear citeyearpar Citep Citet Citealp "
    "Citealt Citetext Citeauthor Citeyear Citeyearpar citetalias citepalias ref eqref"
).split()
#: The benchmark's placeholders: a formula, table or figure, a citation or reference.
JUNK = re.compile(
    "("
    + "|".join([r"\[formula\]", r"\[table\]", r"\[figure\]"] + [rf"\[\\{c}=.+\]" for c in _JUNK_COMMANDS])
    + ")"
)
_SPECIAL = re.compile(r"(?<!\d)\W+|\W+(?!\d)")
_NON_WORD = re.compile(r"\W")
# Each character of a script written without spaces is a word (srtext.lang.SPACELESS_SCRIPTS).
_CJK = regex.compile(rf"[{SPACELESS_SCRIPTS}]|[^{SPACELESS_SCRIPTS}]+")
_HAS_CJK = regex.compile(rf"[{SPACELESS_SCRIPTS}]")

MIN_REARRANGE = 10  # words: the benchmark's setting for arXiv papers
PARA_COST = 1.1  # a split or merge costs a little more than a word
#: The keys of :attr:`Diff.counts`.
KEYS = ("NL+", "NL-", "P+", "P-", "W+", "W-", "W~", "moved")


def _clean(piece: str) -> str:
    """A word without its punctuation; a point between digits stays.

    >>> _clean("3.5"), _clean("1,000"), _clean("x")
    ('3.5', '1000', 'x')
    """
    if piece.isalnum():
        return piece
    n = len(piece)
    return "".join(
        c
        for i, c in enumerate(piece)
        if not _NON_WORD.match(c)
        or (c == "." and 0 < i < n - 1 and piece[i - 1].isdigit() and piece[i + 1].isdigit())
    )


class Side:
    """The words of one text: normalized form, paragraph, placeholder or not, and the phrase each is in."""

    def __init__(self, paragraphs: Sequence[str], junk: bool) -> None:
        self.norm: list[str] = []
        self.para: list[int] = []
        self.junk: list[bool] = []
        self.paragraphs = 0
        for p in paragraphs:
            before = len(self.norm)
            for token in p.split():
                if token.isalnum():  # most words: nothing to cut or clean
                    word = token.lower()
                    if word.isascii() or not _HAS_CJK.search(word):
                        self._add(word, False)
                        continue
                parts = JUNK.split(token) if junk else [token]
                for k, part in enumerate(parts):
                    if k % 2:
                        self._add(part, True)
                        continue
                    for piece in _SPECIAL.split(part):
                        word = _clean(piece.lower())
                        if word and not word.isascii() and _HAS_CJK.search(word):
                            for w in _CJK.findall(word):
                                self._add(w, False)
                        elif word:
                            self._add(word, False)
            if len(self.norm) > before:
                self.paragraphs += 1
        self.owner: list[Phrase | None] = [None] * len(self.norm)

    def _add(self, word: str, junk: bool) -> None:
        self.norm.append(word)
        self.para.append(self.paragraphs)
        self.junk.append(junk)

    def is_break(self, w1: int, w2: int) -> bool:
        """Is there a paragraph break between consecutive words ``w1`` and ``w2``?
        A split or merge decided at a phrase's start counts (the benchmark's rule)."""
        o1, o2 = self.owner[w1], self.owner[w2]
        if o1 is not o2 and o1 is not None and o2 is not None:
            if o2.split_before:
                return True
            if o1.merge_after or o2.merge_before:
                return False
        return self.para[w1] != self.para[w2]

    def break_before(self, words: list[int]) -> bool:
        if not words:
            return False
        return words[0] == 0 or self.is_break(words[0] - 1, words[0])

    def break_after(self, words: list[int]) -> bool:
        if not words:
            return False
        return words[-1] == len(self.norm) - 1 or self.is_break(words[-1], words[-1] + 1)


COMMON, REPLACE, MOVED = "common", "replace", "moved"


class Phrase:
    """Output words ``a`` against truth words ``t`` (indices into the two sides)."""

    def __init__(self, doc: Doc, kind: str, a: list[int], t: list[int]) -> None:
        self.kind, self.a, self.t = kind, a, t
        self.split_before = self.merge_before = self.merge_after = False
        self.candidates: list[Phrase] = []
        self.applied: list[Phrase] = []
        self.source: Phrase | None = None
        self.target: Phrase | None = None
        self.sub: tuple[Counter[str], Counter[str]] | None = None
        for i in a:
            doc.out.owner[i] = self
        for j in t:
            doc.truth.owner[j] = self

    def part(self, doc: Doc, start: int, end: int | None) -> Phrase:
        return Phrase(doc, self.kind, self.a[start:end], self.t[start:end])


class Doc:
    def __init__(self, out: Side, truth: Side, junk: bool) -> None:
        self.out, self.truth, self.junk = out, truth, junk

    def ignored(self, p: Phrase) -> bool:
        """A phrase whose truth side is placeholders (all, any of fewer than 10
        words, or a third of it) costs nothing."""
        if not self.junk or not p.t:
            return False
        n = len(p.t)
        k = sum(1 for j in p.t if self.truth.junk[j])
        if k == n:
            return True
        return k > 0 if n < 10 else k / (n - k) >= 0.5


class Runs:
    """Longest common runs of a sequence ``a`` and a sequence ``b`` within given ranges.

    The same runs as :meth:`difflib.SequenceMatcher.find_longest_match` (no junk): the
    longest, the earliest in ``a`` among those, then the earliest in ``b``; faster on
    small ranges of long texts, where only the positions inside the range are visited.

    >>> Runs("xabc", "abcab").longest(0, 4, 0, 5)
    (1, 0, 3)
    >>> Runs("xabc", "abcab").longest(0, 4, 1, 5)
    (1, 3, 2)
    """

    def __init__(self, a: Sequence[str], b: Sequence[str]) -> None:
        self.a = a
        self.where: dict[str, list[int]] = {}
        for j, x in enumerate(b):
            self.where.setdefault(x, []).append(j)

    def longest(self, alo: int, ahi: int, blo: int, bhi: int) -> tuple[int, int, int]:
        """``(i, j, n)``: ``a[i:i+n] == b[j:j+n]`` within ``a[alo:ahi]`` and ``b[blo:bhi]``."""
        best_i, best_j, best = alo, blo, 0
        runs: dict[int, int] = {}
        where, a = self.where, self.a
        for i in range(alo, ahi):
            found = where.get(a[i])
            new: dict[int, int] = {}
            if found:
                k = bisect_left(found, blo)
                end = bisect_left(found, bhi, k)
                while k < end:
                    j = found[k]
                    n = new[j] = runs.get(j - 1, 0) + 1
                    if n > best:
                        best_i, best_j, best = i - n + 1, j - n + 1, n
                    k += 1
            runs = new
        return best_i, best_j, best

    def blocks(self, alen: int, blen: int) -> list[tuple[int, int, int]]:
        """All the matching runs, as ``difflib.SequenceMatcher.get_matching_blocks`` finds them
        (without its final empty block), in order.

        >>> Runs("abxcd", "abcd").blocks(5, 4)
        [(0, 0, 2), (3, 2, 2)]
        """
        out: list[tuple[int, int, int]] = []
        todo = [(0, alen, 0, blen)]
        while todo:
            alo, ahi, blo, bhi = todo.pop()
            i, j, n = self.longest(alo, ahi, blo, bhi)
            if n:
                out.append((i, j, n))
                if alo < i and blo < j:
                    todo.append((alo, i, blo, j))
                if i + n < ahi and j + n < bhi:
                    todo.append((i + n, ahi, j + n, bhi))
        return sorted(out)


def _phrases(doc: Doc, a: list[int], t: list[int]) -> list[Phrase]:
    """Common and differing phrases: the longest common run first, then both sides of it."""
    an = [doc.out.norm[i] for i in a]
    tn = [doc.truth.norm[j] for j in t]
    runs = Runs(tn, an)
    out: list[Phrase] = []
    stack: list[tuple[str, int, int, int, int]] = [("range", 0, len(an), 0, len(tn))]
    while stack:
        what, alo, ahi, tlo, thi = stack.pop()
        if what == COMMON:
            out.append(Phrase(doc, COMMON, a[alo:ahi], t[tlo:thi]))
            continue
        if alo == ahi and tlo == thi:
            continue
        ti, ai, n = runs.longest(tlo, thi, alo, ahi)
        if n == 1:
            # A lone common word between longer differences is not trusted.
            a_side = min(ai - alo, ahi - ai - 1)
            t_side = min(ti - tlo, thi - ti - 1)
            n = 0 if a_side > 2 or t_side > 2 else 1
        if n == 0:
            out.append(Phrase(doc, REPLACE, a[alo:ahi], t[tlo:thi]))
            continue
        stack.append(("range", ai + n, ahi, ti + n, thi))
        stack.append((COMMON, ai, ai + n, ti, ti + n))
        stack.append(("range", alo, ai, tlo, ti))
    return out


def _by_paragraph(side: Side, words: list[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for w in words:
        if groups and side.para[groups[-1][-1]] == side.para[w]:
            groups[-1].append(w)
        else:
            groups.append([w])
    return groups


def _cut(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
    """Common phrases cut at the output's breaks; differing ones paired paragraph by paragraph."""
    result: list[Phrase] = []
    for p in phrases:
        if doc.ignored(p):
            result.append(p)
        elif p.kind == COMMON:
            k = 0
            for group in _by_paragraph(doc.out, p.a):
                result.append(p.part(doc, k, k + len(group)))
                k += len(group)
        else:
            ga, gt = _by_paragraph(doc.out, p.a), _by_paragraph(doc.truth, p.t)
            for i in range(max(len(ga), len(gt))):
                result.append(
                    Phrase(doc, REPLACE, ga[i] if i < len(ga) else [], gt[i] if i < len(gt) else [])
                )
    return result


# ---------------------------------------------------------------- rearrangement


class _Window:
    """Words ``start:end`` of a differing phrase's output (``out``) or truth side."""

    def __init__(self, doc: Doc, phrase: Phrase, out: bool, start: int = 0, end: int | None = None) -> None:
        words = phrase.a if out else phrase.t
        self.doc, self.phrase, self.out = doc, phrase, out
        self.start, self.end = start, len(words) if end is None else end
        self.words = words[self.start : self.end]
        side = doc.out if out else doc.truth
        q = [side.norm[w] for w in self.words if not side.junk[w]]
        self.grams = Counter("".join(q[i : i + MIN_REARRANGE]) for i in range(len(q) - MIN_REARRANGE + 1))

    def sub(self, start: int, end: int) -> _Window:
        return _Window(self.doc, self.phrase, self.out, start, end)


class _Pair:
    def __init__(
        self,
        score: int,
        deleted: _Window,
        inserted: _Window,
        span_d: tuple[int, int],
        span_i: tuple[int, int],
    ) -> None:
        self.score, self.deleted, self.inserted = score, deleted, inserted
        self.span_d, self.span_i = span_d, span_i
        self.obsolete = False

    def __lt__(self, other: _Pair) -> bool:
        return self.score > other.score


def _local_alignment(d: list[str], i: list[str]) -> tuple[int, int, int, int, int]:
    """Smith-Waterman (match 2, mismatch or gap -1): score and the spans ``d[d1:d2]``, ``i[i1:i2]``.

    >>> _local_alignment(list("xxabcdyy"), list("zabcdz"))
    (8, 2, 6, 1, 5)
    """
    rows, cols = len(d) + 1, len(i) + 1
    m = [[0] * cols for _ in range(rows)]
    best, best_pos = 0, (0, 0)
    for r in range(1, rows):
        prev, cur, dw = m[r - 1], m[r], d[r - 1]
        for c in range(1, cols):
            v = prev[c - 1] + (2 if dw == i[c - 1] else -1)
            up, left = prev[c] - 1, cur[c - 1] - 1
            if up > v:
                v = up
            if left > v:
                v = left
            if v < 0:
                v = 0
            cur[c] = v
            if v >= best:
                best, best_pos = v, (r, c)
    r, c = best_pos
    while r > 0 and c > 0:
        v = m[r][c]
        if m[r - 1][c - 1] > 0 and m[r - 1][c - 1] == v - (2 if d[r - 1] == i[c - 1] else -1):
            r, c = r - 1, c - 1
        elif m[r - 1][c] > 0 and m[r - 1][c] == v + 1:
            r -= 1
        elif m[r][c - 1] > 0 and m[r][c - 1] == v + 1:
            c -= 1
        else:
            break
    return best, r - 1, best_pos[0], c - 1, best_pos[1]


def _match(deleted: _Window, index: dict[Phrase, list[_Window]]) -> _Pair | None:
    """The truth window that shares most of an output window's 10-word grams, best aligned of three."""
    if len(deleted.words) < MIN_REARRANGE:
        return None
    shared: list[tuple[_Window, int]] = []
    for windows in index.values():
        for w in windows:
            if len(w.words) >= MIN_REARRANGE:
                n = sum((deleted.grams & w.grams).values())
                if n > 0:
                    shared.append((w, n))
    shared.sort(key=lambda x: x[1], reverse=True)
    best: _Pair | None = None
    doc = deleted.doc
    dn = [doc.out.norm[x] for x in deleted.words]
    for w, _n in shared[:3]:
        score, d1, d2, i1, i2 = _local_alignment(dn, [doc.truth.norm[x] for x in w.words])
        if score > (best.score if best else 0):
            best = _Pair(
                score, deleted, w, (deleted.start + d1, deleted.start + d2), (w.start + i1, w.start + i2)
            )
    return best


def _find_moved(doc: Doc, phrases: list[Phrase]) -> None:
    """Candidates for moved blocks, best alignments first, each window used once."""
    index = {p: [_Window(doc, p, False)] for p in phrases if p.kind == REPLACE and p.t}
    queue: list[_Pair] = []
    waiting: dict[_Window, list[_Pair]] = {}

    def put(pair: _Pair | None) -> None:
        if pair is not None:
            heapq.heappush(queue, pair)
            waiting.setdefault(pair.inserted, []).append(pair)

    for p in phrases:
        if p.kind == REPLACE and p.a:
            put(_match(_Window(doc, p, True), index))
    while queue:
        pair = heapq.heappop(queue)
        if pair.obsolete:
            continue
        dw, iw = pair.deleted, pair.inserted
        (d1, d2), (i1, i2) = pair.span_d, pair.span_i
        moved = Phrase(doc, MOVED, dw.phrase.a[d1:d2], iw.phrase.t[i1:i2])
        moved.sub = _costs(doc, _split_and_merge(doc, _cut(doc, _phrases(doc, moved.a, moved.t))))
        moved.source, moved.target = dw.phrase, iw.phrase
        dw.phrase.candidates.append(moved)
        rest_d = [dw.sub(s, e) for s, e in ((dw.start, d1), (d2, dw.end)) if s < e]
        rest_i = [iw.sub(s, e) for s, e in ((iw.start, i1), (i2, iw.end)) if s < e]
        index[iw.phrase].remove(iw)
        index[iw.phrase].extend(rest_i)
        for w in rest_d:
            put(_match(w, index))
        for other in waiting.pop(iw, []):
            if other is not pair:
                other.obsolete = True
                put(_match(other.deleted, index))


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
    phrases = _cut(doc, _phrases(doc, list(range(len(doc.out.norm))), list(range(len(doc.truth.norm)))))
    _find_moved(doc, phrases)
    phrases = _split_and_merge(doc, _settle_moves(doc, phrases))
    _ops, size = _costs(doc, phrases)
    return Diff(size, doc.truth.paragraphs, len(doc.truth.norm))

"""Step 3 of the benchmark's paragraph diff (see :mod:`srtext.eval.docdiff`): moved blocks.

A run of at least :data:`MIN_REARRANGE` output words that the truth has elsewhere
(shared 10-word grams, then a Smith-Waterman local alignment) is a candidate
for a moved block; :func:`srtext.eval.docdiff.diff` applies it when moving it is
cheaper than fixing it word by word.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable

from srtext.eval.phrases import MOVED, REPLACE, Doc, Phrase

MIN_REARRANGE = 10  # words: the benchmark's setting for arXiv papers
#: The operations (and their sizes) that fix output words ``a`` into truth words ``t``.
Fix = Callable[[list[int], list[int]], tuple[Counter[str], Counter[str]]]


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


#: The most cells of a local alignment: two windows whose product is larger are aligned
#: around a 10-word gram they share, :data:`REACH` words either side, so that a long
#: differing stretch (a page whose columns were interleaved) costs linear time, not quadratic.
MAX_CELLS = 1_000_000
REACH = 500
#: Alignment cells a document may spend in all, per word of its output and truth: text
#: that repeats (a template's filler) can make every moved block re-match the others.
CELLS_PER_WORD = 500


def _aligned(dn: list[str], tn: list[str], deleted: _Window, w: _Window) -> tuple[int, int, int, int, int]:
    """:func:`_local_alignment` of ``dn`` and ``tn``, around a shared gram when both are long.

    >>> _aligned(list("xxabcdyy"), list("zabcdz"), None, None)  # type: ignore[arg-type]
    (8, 2, 6, 1, 5)
    """
    if len(dn) * len(tn) <= MAX_CELLS:
        return _local_alignment(dn, tn)
    gram = next(iter(deleted.grams & w.grams))
    d0, t0 = _gram_at(deleted, gram), _gram_at(w, gram)
    ds, ts = max(0, d0 - REACH), max(0, t0 - REACH)
    score, d1, d2, i1, i2 = _local_alignment(dn[ds : d0 + REACH], tn[ts : t0 + REACH])
    return score, d1 + ds, d2 + ds, i1 + ts, i2 + ts


def _gram_at(window: _Window, gram: str) -> int:
    """The index in ``window.words`` where ``gram`` (10 words, junk left out) starts."""
    side = window.doc.out if window.out else window.doc.truth
    kept = [k for k, x in enumerate(window.words) if not side.junk[x]]
    q = [side.norm[window.words[k]] for k in kept]
    for i in range(len(q) - MIN_REARRANGE + 1):
        if "".join(q[i : i + MIN_REARRANGE]) == gram:
            return kept[i]
    return 0


def _match(deleted: _Window, index: dict[Phrase, list[_Window]], budget: list[int]) -> _Pair | None:
    """The truth window that shares most of an output window's 10-word grams, best aligned of three.

    ``budget`` holds the alignment cells left for the document; when they are
    spent, no more moved blocks are looked for (the rest is fixed word by word).
    """
    if len(deleted.words) < MIN_REARRANGE or budget[0] <= 0:
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
        tn = [doc.truth.norm[x] for x in w.words]
        budget[0] -= min(len(dn) * len(tn), MAX_CELLS)
        score, d1, d2, i1, i2 = _aligned(dn, tn, deleted, w)
        if score > (best.score if best else 0):
            best = _Pair(
                score, deleted, w, (deleted.start + d1, deleted.start + d2), (w.start + i1, w.start + i2)
            )
    return best


def find_moved(doc: Doc, phrases: list[Phrase], fix: Fix) -> None:
    """Candidates for moved blocks, best alignments first, each window used once.

    Each candidate is a phrase of kind ``moved`` among its source phrase's
    ``candidates``, with ``fix(a, t)``, the cost of the word and paragraph
    operations inside the block, as its ``sub``.
    """
    index = {p: [_Window(doc, p, False)] for p in phrases if p.kind == REPLACE and p.t}
    budget = [CELLS_PER_WORD * (len(doc.out.norm) + len(doc.truth.norm))]
    queue: list[_Pair] = []
    waiting: dict[_Window, list[_Pair]] = {}

    def put(pair: _Pair | None) -> None:
        if pair is not None:
            heapq.heappush(queue, pair)
            waiting.setdefault(pair.inserted, []).append(pair)

    for p in phrases:
        if p.kind == REPLACE and p.a:
            put(_match(_Window(doc, p, True), index, budget))
    while queue:
        pair = heapq.heappop(queue)
        if pair.obsolete:
            continue
        dw, iw = pair.deleted, pair.inserted
        (d1, d2), (i1, i2) = pair.span_d, pair.span_i
        moved = Phrase(doc, MOVED, dw.phrase.a[d1:d2], iw.phrase.t[i1:i2])
        moved.sub = fix(moved.a, moved.t)
        moved.source, moved.target = dw.phrase, iw.phrase
        dw.phrase.candidates.append(moved)
        rest_d = [dw.sub(s, e) for s, e in ((dw.start, d1), (d2, dw.end)) if s < e]
        rest_i = [iw.sub(s, e) for s, e in ((iw.start, i1), (i2, iw.end)) if s < e]
        index[iw.phrase].remove(iw)
        index[iw.phrase].extend(rest_i)
        for w in rest_d:
            put(_match(w, index, budget))
        for other in waiting.pop(iw, []):
            if other is not pair:
                other.obsolete = True
                put(_match(other.deleted, index, budget))

"""Steps 1 and 2 of the benchmark's paragraph diff (see :mod:`srtext.eval.docdiff`): words and phrases.

A text's words (:class:`Side`), the two texts side by side (:class:`Doc`), and
their common and differing phrases (:func:`find_phrases`, :func:`cut_at_breaks`).
"""

from __future__ import annotations

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


def find_phrases(doc: Doc, a: list[int], t: list[int]) -> list[Phrase]:
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


def cut_at_breaks(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
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

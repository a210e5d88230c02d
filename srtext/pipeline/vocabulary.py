"""The document's own words: evidence for dehyphenation, and the text its language is detected from.

:func:`observe` passes lines through unchanged and hands their texts to a
:class:`Vocabulary`, which tokenizes them only when a question is asked (or
when many are pending), so a document without line-end hyphens costs one list
append per line.  In the streaming pipeline it sits before the column-width
stage, which holds a window of lines back: when the first paragraph is joined,
the vocabulary already holds that whole window (the whole document, for one of
at most a window of lines).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from srtext.lang import HYPHENS
from srtext.pipeline.lines import Line
from srtext.pipeline.patterns import lazy

# A word broken at a line end, with its two fragments: not evidence of either.
_BREAKS = (*HYPHENS, "\u00ad")
# Hyphens other than ASCII's, which a typesetter may write where it breaks a word (Vocabulary.inside).
_MARKS = ("\u2010", "\u2011")
# Searched from the end ((?r)): forward, every start of a long run of letters was tried (quadratic).
_HEAD_FRAGMENT = lazy(rf"(?r)\p{{L}}*[{HYPHENS}\u00ad]\Z")
_TAIL_FRAGMENT = lazy(r"\A\s*\p{L}*")
_WORD = lazy(rf"\p{{L}}+(?:[{HYPHENS}]\p{{L}}+)*")
_ASCII_WORD = "[a-z]+(?:-[a-z]+)*"
_AS_ASCII_HYPHEN = str.maketrans({h: "-" for h in HYPHENS})
# Every ASCII character but a-z and "-" to a space (ascii_words).
_ASCII_LETTERS = str.maketrans({chr(i): " " for i in range(128) if not (chr(i).islower() or chr(i) == "-")})
_PENDING_LIMIT = 4096
_PENDING_CHARS = 1 << 20  # characters of pending lines, at most about (a memory bound)


#: The longest ending or beginning :meth:`Vocabulary.ending` and :meth:`Vocabulary.beginning` count
#: (a longer part after or before a hyphen is a word, not an affix: counted as no one's).
AFFIX_MAX = 16


class Vocabulary:
    """Counts of the words a document uses unbroken, and of its hyphenated compounds.

    >>> v = Vocabulary()
    >>> for t in ["The meta-", "bolic rate of a cost-effective", "metabolic process."]:
    ...     v.add(t)
    >>> v.unbroken("metabolic"), v.unbroken("meta"), v.hyphenated("cost-effective")
    (1, 0, 1)
    """

    def __init__(self, lang: str | None = None) -> None:
        self._pending: list[str] = []
        self._words: Counter[str] = Counter()
        self._compounds: Counter[str] = Counter()
        self._inside: Counter[str] = Counter()  # the break marks (U+2010, U+2011) seen inside a line
        self._ends: Counter[str] = Counter()  # ... and at a line's end
        self._sample: list[str] = []
        self._sample_size = 0
        self._lang = lang
        self._lang_known = lang is not None
        # ending() and beginning(): each affix of the document's distinct words to the lengths of
        # the words that have it (built when first asked, then kept up as words come in)
        self._affixes: tuple[dict[str, dict[int, int]], dict[str, dict[int, int]]] | None = None

    def add(self, text: str) -> None:
        """Take one line's text."""
        self._pending.append(text)
        if len(self._pending) >= _PENDING_LIMIT:
            self._digest()

    def _digest(self) -> None:
        if not self._pending:
            return
        pending = self._pending.copy()
        self._pending.clear()  # the same list: observe appends to it
        joined = "\n".join(pending)
        if self._sample_size < 200_000:  # the language detection's sample: kept only while it grows
            self._sample.append(joined)
            self._sample_size += len(joined)
        if not joined.isascii():
            for mark in _MARKS:
                if mark in joined:
                    ends = sum(t.endswith(mark) for t in map(str.rstrip, pending))
                    self._ends[mark] += ends
                    self._inside[mark] += joined.count(mark) - ends
        if joined.endswith(_BREAKS) or any(f"{mark}\n" in joined for mark in _BREAKS):
            joined = "\n".join(without_broken_words(pending))  # only when a line ends in a hyphen
        text = joined.lower()
        if text.isascii():
            counts = ascii_words(text)
        else:  # a word never spans lines: the ASCII lines counted apart, the others with the Unicode pattern
            lines = text.split("\n")
            counts = ascii_words("\n".join([t for t in lines if t.isascii()]))
            counts.update(_WORD.findall("\n".join([t for t in lines if not t.isascii()])))
        # a word with a hyphen in it, only where the text has one
        compounds = (
            [w for w in counts if any(h in w for h in HYPHENS)] if any(h in text for h in HYPHENS) else []
        )
        for word in compounds:
            self._compounds[word.translate(_AS_ASCII_HYPHEN)] += counts.pop(word)
        if self._affixes is not None:
            self._index([w for w in counts if w not in self._words])
        self._words.update(counts)

    def unbroken(self, word: str) -> int:
        """How often the document has ``word`` (any case) whole, not broken at a line end."""
        self._digest()
        return self._words[word.lower()]

    def ending(self, suffix: str, longer: int) -> int:
        """How many distinct words of the document end in ``suffix`` and are at least ``longer``
        letters longer (any case): many, and the suffix is an ending of the language's words.

        >>> v = Vocabulary()
        >>> v.add("quickly and slowly, really early, a fly")
        >>> v.ending("ly", 3), v.ending("ly", 4)
        (4, 3)
        """
        return self._affixed(suffix.lower(), longer, True)

    def beginning(self, prefix: str, longer: int) -> int:
        """How many distinct words of the document begin with ``prefix`` and are at least ``longer``
        letters longer (any case): many, and the prefix begins the language's words.

        >>> v = Vocabulary()
        >>> v.add("rebuild, rewrite, rest")
        >>> v.beginning("re", 3), v.beginning("Re", 6)
        (2, 0)
        """
        return self._affixed(prefix.lower(), longer, False)

    def _affixed(self, part: str, longer: int, end: bool) -> int:
        """The count of :meth:`ending` (``end``) or :meth:`beginning`, from an index of the affixes
        of :data:`AFFIX_MAX` letters at most: each question looks up its part, and reads no word
        (it read every word of the document, a hyphen's question after each new line: quadratic)."""
        self._digest()
        if self._affixes is None:
            self._affixes = ({}, {})
            self._index(list(self._words))
        if len(part) > AFFIX_MAX:
            return 0  # no affix is so long
        lengths = self._affixes[0 if end else 1].get(part)
        if lengths is None:
            return 0
        size = len(part) + longer
        return sum(n for length, n in lengths.items() if length >= size)

    def _index(self, words: list[str]) -> None:
        """Take the affixes of ``words`` (distinct words new to the document) into the index."""
        assert self._affixes is not None
        suffixes, prefixes = self._affixes
        for w in words:
            size = len(w)
            for k in range(1, min(AFFIX_MAX, size - 1) + 1):
                for index, part in ((suffixes, w[-k:]), (prefixes, w[:k])):
                    lengths = index.get(part)
                    if lengths is None:
                        index[part] = {size: 1}
                    else:
                        lengths[size] = lengths.get(size, 0) + 1

    def hyphenated(self, compound: str) -> int:
        """How often the document has the compound (``"cost-effective"``) with its hyphen mid-line."""
        self._digest()
        return self._compounds[compound.lower().translate(_AS_ASCII_HYPHEN)]

    def marks(self, mark: str) -> tuple[int, int]:
        """How often the document has ``mark`` (U+2010 or U+2011) at a line's end, and inside a line.

        A document that has one at line ends only has it as its typesetter's mark of a
        word broken there (see :func:`srtext.pipeline.hyphen.break_mark`).

        >>> v = Vocabulary()
        >>> v.add("a meta\u2010 "), v.add("bolic rate"), v.add("the non\u2011stop line")
        (None, None, None)
        >>> v.marks("\u2010"), v.marks("\u2011")
        ((1, 0), (0, 1))
        """
        self._digest()
        return self._ends[mark], self._inside[mark]

    @property
    def lang(self) -> str | None:
        """The document's language: the one given, else detected from its first 200,000 characters."""
        if not self._lang_known:
            self._digest()
            from srtext.pipeline.language import detect_language

            self._lang = detect_language("\n".join(self._sample))
            self._lang_known = True
        return self._lang


def ascii_words(text: str) -> Counter[str]:
    """The words of lower-case ASCII text, counted: what ``[a-z]+(?:-[a-z]+)*`` finds.

    ASCII text (most of it) has the letters a-z and the hyphen "-" only, so the
    Unicode pattern's words are these.  Every other character becomes a space
    and the text is split at spaces, which is about twice as fast as finding the
    words with a pattern; only the pieces holding a hyphen ("cost-effective",
    "-", "a--b", "x-") are searched.

    >>> sorted(ascii_words("a cost-effective, cost-\\n-x (a--b) x2y 3-d -").items())
    [('a', 2), ('b', 1), ('cost', 1), ('cost-effective', 1), ('d', 1), ('x', 2), ('y', 1)]
    """
    counts = Counter(text.translate(_ASCII_LETTERS).split())
    for piece in [w for w in counts if "-" in w]:
        n = counts.pop(piece)
        for word in re.findall(_ASCII_WORD, piece):
            counts[word] += n
    return counts


def without_broken_words(lines: list[str]) -> list[str]:
    """The lines without the two fragments of each word broken by a hyphen at a line end.

    >>> without_broken_words(["the meta-", "bolic rate", "a cost-", "", "no"])
    ['the  ', '  rate', 'a  ', ' ', 'no']
    """
    out = lines
    for i, text in enumerate(lines):
        if text.endswith(_BREAKS):
            if out is lines:
                out = list(lines)
            out[i] = _HEAD_FRAGMENT.sub(" ", out[i])
            if i + 1 < len(out):
                out[i + 1] = _TAIL_FRAGMENT.sub(" ", out[i + 1], count=1)
    return out


def observe(lines: Iterable[Line], vocabulary: Vocabulary) -> Iterator[Line]:
    """Pass lines through, giving each text to ``vocabulary``.

    :meth:`Vocabulary.add` inlined: one append per line, a digest every 4,096 lines,
    or sooner once they hold :data:`_PENDING_CHARS` characters (the pieces of a huge
    line are lines of 65,536 characters: 4,096 of them would hold 268 MB).
    """
    pending = vocabulary._pending
    add = pending.append
    held = 0
    for line in lines:
        add(line.text)
        held += len(line.text)
        if len(pending) >= _PENDING_LIMIT or held >= _PENDING_CHARS:
            vocabulary._digest()
            held = 0
        yield line

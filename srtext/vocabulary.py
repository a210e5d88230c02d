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

from collections import Counter
from collections.abc import Iterable, Iterator

import regex

from srtext.lines import Line

# A word broken at a line end, with its two fragments: not evidence of either.
_BROKEN = regex.compile(r"\p{L}*[-\u2010\u00ad]\n\s*\p{L}*")
_WORD = regex.compile(r"\p{L}+(?:[-\u2010]\p{L}+)*")
_PENDING_LIMIT = 4096


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
        self._sample: list[str] = []
        self._sample_size = 0
        self._lang = lang
        self._lang_known = lang is not None

    def add(self, text: str) -> None:
        """Take one line's text."""
        self._pending.append(text)
        if len(self._pending) >= _PENDING_LIMIT:
            self._digest()

    def _digest(self) -> None:
        if not self._pending:
            return
        text = "\n".join(self._pending)
        self._pending.clear()
        if self._sample_size < 200_000:
            self._sample.append(text)
            self._sample_size += len(text)
        for word in _WORD.findall(_BROKEN.sub(" ", text)):
            word = word.lower()
            if "-" in word or "\u2010" in word:
                self._compounds[word.replace("\u2010", "-")] += 1
            else:
                self._words[word] += 1

    def unbroken(self, word: str) -> int:
        """How often the document has ``word`` (any case) whole, not broken at a line end."""
        self._digest()
        return self._words[word.lower()]

    def hyphenated(self, compound: str) -> int:
        """How often the document has the compound (``"cost-effective"``) with its hyphen mid-line."""
        self._digest()
        return self._compounds[compound.lower().replace("\u2010", "-")]

    @property
    def lang(self) -> str | None:
        """The document's language: the one given, else detected from its first 200,000 characters."""
        if not self._lang_known:
            self._digest()
            from srtext.language import detect_language

            self._lang = detect_language("\n".join(self._sample))
            self._lang_known = True
        return self._lang


def observe(lines: Iterable[Line], vocabulary: Vocabulary) -> Iterator[Line]:
    """Pass lines through, giving each text to ``vocabulary``."""
    add = vocabulary.add
    for line in lines:
        add(line.text)
        yield line

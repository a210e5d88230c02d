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

from srtext.pipeline.hyphen import HYPHENS
from srtext.pipeline.lazyre import lazy
from srtext.pipeline.lines import Line

# A word broken at a line end, with its two fragments: not evidence of either.
_BREAKS = (*HYPHENS, "\u00ad")
_HEAD_FRAGMENT = lazy(rf"\p{{L}}*[{HYPHENS}\u00ad]\Z")
_TAIL_FRAGMENT = lazy(r"\A\s*\p{L}*")
_WORD = lazy(rf"\p{{L}}+(?:[{HYPHENS}]\p{{L}}+)*")
_ASCII_WORD = "[a-z]+(?:-[a-z]+)*"
_AS_ASCII_HYPHEN = str.maketrans({h: "-" for h in HYPHENS})
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
        pending, self._pending = self._pending, []
        if self._sample_size < 200_000:  # the language detection's sample: joined only while it grows
            sample = "\n".join(pending)
            self._sample.append(sample)
            self._sample_size += len(sample)
        text = "\n".join(without_broken_words(pending)).lower()
        # ASCII text (most of it): its letters are a-z, its only hyphen "-"; the standard
        # re finds the same words about twice as fast as the Unicode pattern.
        counts = Counter(re.findall(_ASCII_WORD, text) if text.isascii() else _WORD.findall(text))
        compounds = [w for w in counts if any(h in w for h in HYPHENS)]
        for word in compounds:
            self._compounds[word.translate(_AS_ASCII_HYPHEN)] += counts.pop(word)
        self._words.update(counts)

    def unbroken(self, word: str) -> int:
        """How often the document has ``word`` (any case) whole, not broken at a line end."""
        self._digest()
        return self._words[word.lower()]

    def hyphenated(self, compound: str) -> int:
        """How often the document has the compound (``"cost-effective"``) with its hyphen mid-line."""
        self._digest()
        return self._compounds[compound.lower().translate(_AS_ASCII_HYPHEN)]

    @property
    def lang(self) -> str | None:
        """The document's language: the one given, else detected from its first 200,000 characters."""
        if not self._lang_known:
            self._digest()
            from srtext.pipeline.language import detect_language

            self._lang = detect_language("\n".join(self._sample))
            self._lang_known = True
        return self._lang


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
    """Pass lines through, giving each text to ``vocabulary``."""
    add = vocabulary.add
    for line in lines:
        add(line.text)
        yield line

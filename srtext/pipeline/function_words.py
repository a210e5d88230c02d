"""Function words: the short common words that a line of prose has and a formula's line lacks.

A display formula that pdftotext writes on a line of its own is made of one-
and two-letter names, but also of names that look like words ("Tik", "Emag",
"ajq", "na").  A line of prose around a formula ("where x = 0", "für alle
x ∈ S", "если x > 0") nearly always holds one of its language's articles,
prepositions, conjunctions, pronouns or auxiliaries, which no formula does.
:func:`srtext.pipeline.classify.looks_like_debris` asks for one on a short line that
has a formula's operators.

The lists are each language's ``FUNCTION_WORDS`` and ``DANGLING_WORDS`` in
:mod:`srtext.lang`, written by hand for the languages srtext's corpora and tests
cover, plus their neighbours; a language not listed falls back on long words
(see ``looks_like_debris``).
"""

from __future__ import annotations

from srtext.lang import DANGLING_WORDS, FUNCTION_WORDS

__all__ = ["DANGLING_WORDS", "FUNCTION_WORDS", "ends_on_dangling_word", "is_function_word"]


def is_function_word(word: str) -> bool:
    """Is the word (any case) one of the listed languages' function words?

    >>> [is_function_word(w) for w in ["where", "Für", "если", "је", "Tik", "ajq", "na"]]
    [True, True, True, True, False, False, True]
    """
    return word.lower() in FUNCTION_WORDS


def ends_on_dangling_word(text: str) -> bool:
    """Does the line end on a word no sentence ends on (an article, a preposition, a conjunction)?

    Only a line of two words or more: a lone "a" or "I" may be a list's label.

    >>> [ends_on_dangling_word(t) for t in ["was written in", "held at 20 °C and",
    ...     "the value of the", "это видно из", "siehe dazu die"]]
    [True, True, True, True, True]
    >>> [ends_on_dangling_word(t) for t in ["turn it on", "a", "the end.", "and so on",
    ...     "see Fig.", "x and y"]]
    [False, False, False, False, False, False]
    """
    stripped = text.rstrip()
    cut = stripped.rfind(" ")
    if cut < 0:
        return False
    return stripped[cut + 1 :].lower() in DANGLING_WORDS

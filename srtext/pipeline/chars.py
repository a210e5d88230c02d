"""Character repair: what PDF converters get wrong inside words.

Three repairs, on by default and each switchable (``Config.repair``):

* ``ligatures``: the presentation forms ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ become their letters;
* ``controls``: stray control characters (C0 except tab, DEL, and the C1 range
  U+0080-U+009F, which converters emit for bullets and dashes) are removed;
* ``scripts``: a word that mixes Latin and Cyrillic letters, where every letter
  of the minority script has a look-alike in the majority script, is written
  in the majority script ("Mосква" with a Latin M becomes "Москва").

A line needing none of them costs one regular-expression search.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from srtext.pipeline.patterns import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    import regex


REPAIRS = frozenset({"ligatures", "controls", "scripts"})

LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"}
_LATIN = "AaBCcEeHKMOoPpTXxYy"
_CYRILLIC = "АаВСсЕеНКМОоРрТХхУу"
_TO_CYRILLIC = str.maketrans(_LATIN, _CYRILLIC)
_TO_LATIN = str.maketrans(_CYRILLIC, _LATIN)
_LIGATURE = lazy("[\ufb00-\ufb06]")
_CONTROL = lazy(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Script classes are slow to compile (milliseconds each): compiled on first use.
# A word is found first, then asked whether it mixes: one pattern for both
# (``\p{L}*(?:\p{Latin}\p{Cyrillic}|...)\p{L}*``) tried every start of a long run of
# letters and took quadratic time (40,000 letters: 109 s).
_LETTERS = lazy(r"\p{L}+")
_MIXED_PAIR = lazy(r"\p{Latin}\p{Cyrillic}|\p{Cyrillic}\p{Latin}")
_LATIN_LETTER = lazy(r"\p{Latin}")
_CYRILLIC_LETTER = lazy(r"\p{Cyrillic}")
# The characters one of each repair needs in a line, as plain ranges that the
# standard ``re`` searches fast: a line without any is left as it is, unsearched.
# For ``scripts`` a mixed word needs a Cyrillic letter: the Cyrillic blocks cover
# every character of the script (tests/test_speed_paths.py checks it against ``\p{Cyrillic}``).
CYRILLIC_BLOCKS = (
    "\u0400-\u052f\u1c80-\u1c8f\u1d2b\u1d78\u2de0-\u2dff\ua640-\ua69f\ufe2e\ufe2f\U0001e030-\U0001e08f"
)
_NEEDS = {
    "ligatures": "\ufb00-\ufb06",
    "controls": "\x00-\x08\x0b-\x1f\x7f-\x9f",
    "scripts": CYRILLIC_BLOCKS,
}
_ANY = {
    "ligatures": "[\ufb00-\ufb06]",
    "controls": r"[\x00-\x08\x0b-\x1f\x7f-\x9f]",
    "scripts": r"\p{Latin}\p{Cyrillic}|\p{Cyrillic}\p{Latin}",
}


def expand_ligatures(text: str) -> str:
    """The ligatures' letters.

    >>> expand_ligatures("ﬁnal eﬀort")
    'final effort'
    """
    return _LIGATURE.sub(lambda m: LIGATURES[m.group()], text)


def remove_controls(text: str) -> str:
    """Without control characters (tabs kept).

    >>> remove_controls("\\x88 item\\tone\\x07")
    ' item\\tone'
    """
    return _CONTROL.sub("", text)


def _one_script(m: regex.Match[str]) -> str:
    word = m.group()
    if _MIXED_PAIR.search(word) is None:
        return word
    is_latin, is_cyrillic = _LATIN_LETTER, _CYRILLIC_LETTER
    latin = len(is_latin.findall(word))
    cyrillic = len(is_cyrillic.findall(word))
    if cyrillic > latin:
        fixed = word.translate(_TO_CYRILLIC)
        return fixed if not is_latin.search(fixed) else word
    if latin > cyrillic:
        fixed = word.translate(_TO_LATIN)
        return fixed if not is_cyrillic.search(fixed) else word
    return word


def fix_mixed_scripts(text: str) -> str:
    """Write each word that mixes Latin and Cyrillic look-alikes in its majority script.

    >>> fix_mixed_scripts("Mосква и Пaриж, Kaзань")  # Latin M, a, K inside Cyrillic words
    'Москва и Париж, Казань'
    >>> fix_mixed_scripts("Cоmputer")  # Cyrillic о inside an English word
    'Computer'
    >>> fix_mixed_scripts("Бjörk")  # no look-alike for ö, j: left alone
    'Бjörk'
    """
    return _LETTERS.sub(_one_script, text)


def check_repairs(names: Iterable[str]) -> frozenset[str]:
    """The names as a set, or a ValueError naming the first that is not a repair.

    >>> sorted(check_repairs(["scripts", "ligatures"]))
    ['ligatures', 'scripts']
    >>> check_repairs(["fonts"])
    Traceback (most recent call last):
    ...
    ValueError: unknown repair 'fonts'; repairs are controls, ligatures, scripts
    """
    names = frozenset(names)
    unknown = names - REPAIRS
    if unknown:
        raise ValueError(f"unknown repair {sorted(unknown)[0]!r}; repairs are {', '.join(sorted(REPAIRS))}")
    return names


@lru_cache(maxsize=16)
def repairer(repairs: frozenset[str] = REPAIRS) -> Callable[[str], str] | None:
    """A function applying the chosen repairs to a line, or ``None`` for none.

    >>> repairer()("ﬁrst \\x88 Mосква")
    'first  Москва'
    >>> repairer(frozenset()) is None
    True
    """
    repairs = check_repairs(repairs)
    if not repairs:
        return None
    steps = [
        f
        for name, f in (
            ("controls", remove_controls),
            ("ligatures", expand_ligatures),
            ("scripts", fix_mixed_scripts),
        )
        if name in repairs
    ]
    needed = lazy("|".join(_ANY[name] for name in sorted(repairs)))
    may_need = re.compile("[" + "".join(_NEEDS[name] for name in sorted(repairs)) + "]").search

    def repair(text: str) -> str:
        if text.isascii() and text.isprintable():
            return text  # no ligature, no mixed script, no control character
        if may_need(text) is None or needed.search(text) is None:
            return text
        for step in steps:
            text = step(text)
        return text

    return repair

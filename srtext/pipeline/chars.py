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
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from srtext.pipeline.patterns import lazy
from srtext.record import NamedTuple

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


#: The repairs, in the order they are made: each one's name (``--no-repair``'s, and the rule
#: ``--explain`` names it by), its function, and the pattern of what it changes.  Control
#: characters go first, so that a ligature or a word they split is whole for the others.
REPAIR_RULES: tuple[tuple[str, Callable[[str], str], regex.Pattern[str]], ...] = (
    ("controls", remove_controls, _CONTROL),
    ("ligatures", expand_ligatures, _LIGATURE),
    ("scripts", fix_mixed_scripts, _LETTERS),
)
_REPLACE: dict[str, Callable[[str], str]] = {
    "controls": lambda _c: "",
    "ligatures": LIGATURES.__getitem__,
    "scripts": lambda word: _one_script(_LETTERS.fullmatch(word)),  # type: ignore[arg-type]  # a word
}


def repair_rule_names() -> tuple[str, ...]:
    """The repairs' names, in order: what ``--explain`` and jsonl name a repair by."""
    return tuple(name for name, _f, _p in REPAIR_RULES)


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
    steps = [f for name, f, _pattern in REPAIR_RULES if name in repairs]
    needed = lazy("|".join(_ANY[name] for name in sorted(repairs)))
    may_need = re.compile("[" + "".join(_NEEDS[name] for name in sorted(repairs)) + "]").search

    def repair(text: str) -> str:  # _needs inlined: called for every line of every paragraph
        if text.isascii() and text.isprintable():
            return text  # no ligature, no mixed script, no control character
        if may_need(text) is None or needed.search(text) is None:
            return text
        for step in steps:
            text = step(text)
        return text

    return repair


def _needs(repairs: frozenset[str]) -> Callable[[str], bool]:
    """A test of whether a line may need one of the repairs: most lines are passed by it unsearched."""
    needed = lazy("|".join(_ANY[name] for name in sorted(repairs)))
    may_need = re.compile("[" + "".join(_NEEDS[name] for name in sorted(repairs)) + "]").search

    def needs(text: str) -> bool:
        if text.isascii() and text.isprintable():
            return False  # no ligature, no mixed script, no control character
        return may_need(text) is not None and needed.search(text) is not None

    return needs


class Repair(NamedTuple):
    """One kind of change a repair made to a line: the repair's name (:data:`REPAIR_RULES`), what
    it found and what it wrote (a control character as ``U+0088``), and how many times (``times``)."""

    line: int
    rule: str
    before: str
    after: str
    times: int = 1


def _shown(text: str) -> str:
    """Text with control characters as their code points.

    >>> _shown("a\x88"), _shown("")
    ('aU+0088', '')
    """
    return _CONTROL.sub(lambda m: f"U+{ord(m.group()):04X}", text)


class RepairRecorder:
    """The repairs of :func:`repairer`, noting every change each repair made to a line, for
    ``--explain``, jsonl ``--with-dropped`` and the audit page (used only when one of them asks).

    >>> r = RepairRecorder(REPAIRS)
    >>> r("ﬁrst \x88 eﬀort, ﬁne"), r("plain")
    ('first  effort, fine', 'plain')
    >>> r.take([3, 4])  # doctest: +NORMALIZE_WHITESPACE
    (Repair(line=3, rule='controls', before='U+0088', after='', times=1),
     Repair(line=3, rule='ligatures', before='ﬁ', after='fi', times=2),
     Repair(line=3, rule='ligatures', before='ﬀ', after='ff', times=1))
    """

    def __init__(self, repairs: frozenset[str] = REPAIRS) -> None:
        repairs = check_repairs(repairs)
        self.rules = [(name, pattern) for name, _f, pattern in REPAIR_RULES if name in repairs]
        self.needs = _needs(repairs) if repairs else lambda _text: False
        self.noted: list[list[tuple[str, str, str]]] = []  # per line repaired, in order: its changes

    def __call__(self, text: str) -> str:
        changes: list[tuple[str, str, str]] = []
        self.noted.append(changes)
        if not self.needs(text):
            return text
        for name, pattern in self.rules:

            def change(m: regex.Match[str], name: str = name) -> str:
                before = m.group()
                after = _REPLACE[name](before)
                if after != before:
                    changes.append((name, _shown(before), after))
                return after

            text = pattern.sub(change, text)
        return text

    def take(self, lines: Sequence[int]) -> tuple[Repair, ...]:
        """The changes noted since the last call, counted; ``lines`` are the numbers of the lines
        repaired, in order."""
        noted, self.noted = self.noted, []
        out: list[Repair] = []
        for number, changes in zip(lines, noted, strict=False):
            for (name, before, after), n in Counter(changes).items():
                out.append(Repair(number, name, before, after, n))
        return tuple(out)

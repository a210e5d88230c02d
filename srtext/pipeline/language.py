"""Which language a document is in: its script, then the coverage of each candidate's common words.

Scripts used by one language decide alone (Han: ``zh``, or ``ja`` with kana;
Hangul: ``ko``; Greek: ``el``...).  For Latin, Cyrillic and Arabic script, each
wordfreq language written in it is scored by how many of the document's words
are among its 300 most frequent words; Serbian Cyrillic words are compared in
Latin script with wordfreq's Serbo-Croatian list (``sh``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from srtext.pipeline.lexicon import to_latin_serbian, top_words
from srtext.pipeline.patterns import lazy, pattern

_SCRIPTS = {
    "Latin": None,
    "Cyrillic": None,
    "Arabic": None,
    "Han": "zh",
    "Hiragana": "ja",
    "Katakana": "ja",
    "Hangul": "ko",
    "Greek": "el",
    "Hebrew": "he",
    "Devanagari": "hi",
    "Bengali": "bn",
    "Tamil": "ta",
}
_SCRIPT_RE = {name: lazy(rf"\p{{{name}}}") for name in _SCRIPTS}
_ASCII = pattern(r"[\x00-\x7f]+")
_ASCII_LETTER = pattern(r"[A-Za-z]+")
_CANDIDATES = {
    "Latin": "ca cs da de en es fi fil fr hu id is it lt lv ms nb nl pl pt ro sh sk sl sv tr vi".split(),
    "Cyrillic": "bg mk ru sh uk".split(),
    "Arabic": "ar fa ur".split(),
}
_WORD = pattern(r"\p{L}+")


def dominant_script(text: str) -> str | None:
    """The script of most letters of ``text`` (Han with any kana counts as Japanese's).

    >>> [dominant_script(t) for t in ("Ein Text", "Текст", "中文的文本", "1 2")]
    ['Latin', 'Cyrillic', 'Han', None]
    """
    # ASCII letters are Latin: counted in one pass, the scripts searched in the rest only.
    ascii_letters = len(text) - len(_ASCII_LETTER.sub("", text))
    rest = _ASCII.sub("", text)
    counts = Counter({name: len(pattern.findall(rest)) for name, pattern in _SCRIPT_RE.items() if rest})
    counts["Latin"] += ascii_letters
    kana = counts["Hiragana"] + counts["Katakana"]
    if kana and counts["Han"] + kana >= max(counts["Latin"], counts["Cyrillic"]):
        return "Hiragana"
    name, n = counts.most_common(1)[0]
    return name if n else None


@lru_cache(maxsize=64)
def _profile(lang: str) -> frozenset[str]:
    return frozenset(top_words(lang, 300))


def detect_language(text: str, max_words: int = 20000) -> str | None:
    """The wordfreq code of the language of ``text`` (``None`` when it has no letters).

    >>> detect_language("The river carries the sand to the sea, and the sea keeps it.")
    'en'
    >>> detect_language("Река носи песак до мора, а море га чува и не враћа.")
    'sh'
    >>> detect_language("Река несёт песок к морю, и море его хранит.")
    'ru'
    >>> detect_language("河流把沙子带到大海。")
    'zh'
    """
    script = dominant_script(text)
    if script is None:
        return None
    lang = _SCRIPTS.get(script)
    if lang is not None:
        return lang
    words = Counter(w.lower() for w in _WORD.findall(text, concurrent=False)[:max_words])
    return _best(words, _CANDIDATES[script])


def _best(words: Counter[str], candidates: Iterable[str]) -> str | None:
    best, best_score = None, -1
    latin: Counter[str] | None = None
    for lang in candidates:
        profile = _profile(lang)
        if lang == "sh":
            latin = latin or Counter({to_latin_serbian(w): n for w, n in words.items()})
            counted = latin
        else:
            counted = words
        score = sum(n for w, n in counted.items() if w in profile)
        if score > best_score:
            best, best_score = lang, score
    return best

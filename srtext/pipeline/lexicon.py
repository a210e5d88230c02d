"""The word lexicon: wordfreq's frequencies in a compact cached form that opens in microseconds.

wordfreq loads a language's whole list (0.1 to 0.8 s) on first use.  srtext
needs a few lookups per document, so the first time a language is needed its
list is written once to the cache directory as a sorted text file
(``word<TAB>zipf*10``, sorted by UTF-8 bytes) and later looked up by binary
search over a memory map: opening costs one ``mmap`` and a lookup about twenty
comparisons.  The cache directory is ``cache_dir`` when given, else
``$XDG_CACHE_HOME/srtext`` or ``~/.cache/srtext``; when it cannot be written, or
``SRTEXT_NO_CACHE=1`` is set (:func:`srtext.files.caching`), the list is kept in
memory for the process instead.

Serbian (``sr``; wordfreq's ``sh`` covers Serbian, Croatian and Bosnian in
Latin script) is looked up in Latin script: Cyrillic words are transliterated
first.
"""

from __future__ import annotations

import mmap
import os
from functools import lru_cache
from importlib.util import find_spec

from srtext.files import caching, default_cache_dir

_SR_CYRILLIC = dict(
    zip(
        "абвгдђежзијклљмнњопрстћуфхцчџш",
        "a b v g d đ e ž z i j k l lj m n nj o p r s t ć u f h c č dž š".split(),
        strict=True,
    )
)
_ALIASES = {"sr": "sh", "hr": "sh", "bs": "sh", "no": "nb", "tl": "fil", "iw": "he", "in": "id"}


def wordfreq_code(lang: str) -> str:
    """wordfreq's code for a language code (``sr`` -> ``sh``, ``en-GB`` -> ``en``).

    >>> wordfreq_code("sr"), wordfreq_code("en-GB"), wordfreq_code("ZH")
    ('sh', 'en', 'zh')
    """
    base = lang.replace("_", "-").split("-")[0].lower()
    return _ALIASES.get(base, base)


def to_latin_serbian(word: str) -> str:
    """Serbian Cyrillic to Latin script (other characters unchanged).

    >>> to_latin_serbian("пошта"), to_latin_serbian("љубав"), to_latin_serbian("abc")
    ('pošta', 'ljubav', 'abc')
    """
    if word.isascii():
        return word
    return "".join(_SR_CYRILLIC.get(c, c) for c in word)


def available(lang: str, cache_dir: str | os.PathLike[str] | None = None) -> bool:
    """Does wordfreq have a word list for the language?

    Answered from the cache when the language's list is there (an empty file
    for a language wordfreq does not have): importing wordfreq takes about
    100 ms, more than all the rest of a run on one paper.

    >>> available("en"), available("sr"), available("xx")
    (True, True, False)
    """
    try:
        return os.stat(_cache_path(wordfreq_code(lang), str(cache_dir or default_cache_dir()))).st_size > 0
    except OSError:
        pass
    import wordfreq

    return wordfreq_code(lang) in wordfreq.available_languages()


class Lexicon:
    """Word frequencies of one language, on the Zipf scale (0: unknown, 3: once per million words).

    >>> en = Lexicon("en")
    >>> en.zipf("metabolic") > 3 > en.zipf("costeffective"), en.zipf("xqzv")
    (True, 0.0)
    >>> Lexicon("sr").zipf("пошта") == Lexicon("sr").zipf("pošta") > 3
    True
    """

    def __init__(self, lang: str, cache_dir: str | os.PathLike[str] | None = None) -> None:
        self.lang = wordfreq_code(lang)
        self._data: mmap.mmap | bytes = _open(self.lang, str(cache_dir or default_cache_dir()))
        self._transliterate = self.lang == "sh"

    def zipf(self, word: str) -> float:
        """The word's Zipf frequency (lower-cased), 0.0 when the list does not have it."""
        word = word.lower()
        if self._transliterate:
            word = to_latin_serbian(word)
        key = word.encode("utf-8", "surrogatepass") + b"\t"
        data = self._data
        lo, hi = 0, len(data)
        while lo < hi:  # binary search over line starts
            mid = (lo + hi) // 2
            start = data.rfind(b"\n", 0, mid) + 1
            end = data.find(b"\n", start)
            if end < 0:
                end = len(data)
            line = data[start:end]
            if line.startswith(key):
                return int(line[len(key) :]) / 10
            if line < key:
                lo = end + 1
            else:
                hi = start
        return 0.0

    def __contains__(self, word: str) -> bool:
        return self.zipf(word) > 0


@lru_cache(maxsize=16)
def _open(lang: str, cache_dir: str) -> mmap.mmap | bytes:
    """The sorted list of a language, memory-mapped from the cache (built on first use)."""
    path = _cache_path(lang, cache_dir)
    if not caching():  # SRTEXT_NO_CACHE: built in memory, nothing read or written
        return _build(lang)
    if not os.path.exists(path):
        data = _build(lang)
        if not _write_cache(path, data):
            return data
    with open(path, "rb") as f:
        if os.fstat(f.fileno()).st_size == 0:
            return b""
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


def _cache_path(lang: str, cache_dir: str) -> str:
    return os.path.join(cache_dir, f"wordfreq-{_wordfreq_stamp()}-{lang}.tsv")


def _write_cache(path: str, data: bytes) -> bool:
    """Write a cache file atomically; False when the directory cannot be written, or no cache is kept."""
    from srtext.files import atomic_write, remove_stale_caches

    if not caching():
        return False
    try:
        with atomic_write(path) as f:
            f.write(data)
    except OSError:
        return False
    remove_stale_caches(path, f"-{_wordfreq_stamp()}-", "wordfreq-")  # older installations' lists
    return True


@lru_cache(maxsize=1)
def _wordfreq_stamp() -> str:
    """Names the installed wordfreq without importing it (which takes a tenth of a second)."""
    spec = find_spec("wordfreq")
    origin = spec.origin if spec is not None else None
    return str(os.stat(origin).st_mtime_ns) if origin else "none"


def _build(lang: str) -> bytes:
    """wordfreq's list for ``lang`` as sorted ``word<TAB>zipf*10`` lines."""
    import wordfreq

    if lang not in wordfreq.available_languages():
        return b""
    rows = []
    for word, freq in wordfreq.get_frequency_dict(lang).items():
        if "\t" in word or "\n" in word:
            continue
        zipf = round(10 * wordfreq.freq_to_zipf(freq)) if freq > 0 else 0
        rows.append(word.encode("utf-8") + b"\t" + str(max(zipf, 1)).encode())
    rows.sort()
    return b"\n".join(rows)


def top_words(lang: str, n: int = 300, cache_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """The language's ``n`` most frequent words (wordfreq's small list), for detection.

    Every language's list is cached in one small file, so that detection does not
    load wordfreq.

    >>> top_words("de", 5)
    ['die', 'der', 'und', 'in', 'das']
    """
    return _profiles(str(cache_dir or default_cache_dir())).get(wordfreq_code(lang), [])[:n]


@lru_cache(maxsize=4)
def _profiles(cache_dir: str) -> dict[str, list[str]]:
    path = os.path.join(cache_dir, f"wordfreq-{_wordfreq_stamp()}-top300.tsv")
    try:
        if not caching():
            raise FileNotFoundError(path)  # SRTEXT_NO_CACHE: made anew, not read
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        import wordfreq

        langs = sorted(wordfreq.available_languages(wordlist="small"))
        rows = [lang + "\t" + " ".join(wordfreq.top_n_list(lang, 300, wordlist="small")) for lang in langs]
        text = "\n".join(rows)
        _write_cache(path, text.encode("utf-8"))
    profiles = {}
    for row in text.split("\n"):
        lang, _, words = row.partition("\t")
        profiles[lang] = words.split(" ")
    return profiles

"""Each language's words in one place: one module per language, unions built once here.

A language module (``en.py``, ``de.py``, ...) holds plain data: tuples and
frozensets of strings (a few patterns where a language writes a number inside
its words, as Chinese does).  Every name is optional; the consuming modules in
:mod:`srtext.pipeline` compile their regular expressions from the unions below,
so adding a language is one module here, listed in :data:`LANGUAGES`, and its
test cases.  The names (:data:`FIELDS`):

``CODE``, ``ALSO``
    the language's code and the codes that share its sentence lists.
``FUNCTION_WORDS``
    articles, prepositions, conjunctions, pronouns, auxiliaries (lower case):
    a line of prose has them, a formula's line does not.
``DANGLING_WORDS``
    words no sentence ends on: a line ending on one stops mid-sentence.
``SUSPENSION_WORDS``
    conjunctions after which a line-end hyphen is suspended ("Ein- und").
``CAPTION_LABELS``, ``CAPTION_SHORT_LABELS``, ``CAPTION_CHARS``
    a figure's or table's label before its number ("Figure", "Abb."); short
    labels without their dot ("Fig 2:"); characters written with no space ("图").
``THEOREM_LABELS``
    a theorem-like statement's run-in label ("Theorem 2.1.", "Proof.", "Доказ.").
``CHAPTER_WORDS``, ``SECTION_WORDS``, ``CHAPTER_PATTERNS``, ``SECTION_PATTERNS``
    a chapter's or part's label ("Kapitel 2", which also counts as a section's
    number) and a section's ("Appendix 3"); patterns of their own forms.
``PAGE_WORDS``, ``PAGE_OF_WORDS``, ``PAGE_OF_AFTER_WORD``, ``PAGE_SUFFIXES``, ``PAGE_PATTERNS``
    a page number's word ("Seite 3"), the word before the page count ("3 of
    10", and only after a page word: "Página 3 de 10"), suffixes and patterns.
``REFERENCE_HEADINGS``, ``ABSTRACT_WORDS``, ``KEYWORD_WORDS``, ``INTRODUCTION_WORDS``
    headings of the reference list and of the front matter's parts; a space
    stands for any white space.
``TITLE_WORDS``, ``NAME_CONNECTORS``
    words of a title, never of a list of authors; words between authors'
    names and particles of names ("and", "van der"), in lower case.
``ABBREVIATIONS``, ``FINAL_ABBREVIATIONS``, ``FINAL_AFTER_NUMBER``, ``MONTHS``
    the sentence splitter's: abbreviations (lower case, no final dot), those
    that may end a sentence, those that end one after a number, month names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from types import ModuleType

from srtext.lang import cs, de, en, es, fr, it, nl, pl, pt, ru, sr, zh

#: The language modules, in the order their patterns are tried.
LANGUAGES: tuple[ModuleType, ...] = (en, de, sr, ru, zh, fr, es, it, pt, nl, pl, cs)

FIELDS = frozenset(
    """CODE ALSO FUNCTION_WORDS DANGLING_WORDS SUSPENSION_WORDS CAPTION_LABELS CAPTION_SHORT_LABELS
    CAPTION_CHARS CHAPTER_WORDS SECTION_WORDS CHAPTER_PATTERNS SECTION_PATTERNS PAGE_WORDS PAGE_OF_WORDS
    PAGE_OF_AFTER_WORD PAGE_SUFFIXES PAGE_PATTERNS REFERENCE_HEADINGS ABSTRACT_WORDS KEYWORD_WORDS
    INTRODUCTION_WORDS TITLE_WORDS NAME_CONNECTORS ABBREVIATIONS FINAL_ABBREVIATIONS FINAL_AFTER_NUMBER
    MONTHS THEOREM_LABELS""".split()
)

#: Scripts written without spaces between words: each character counts as a word.
SPACELESS_SCRIPTS = r"\p{Han}\p{Hiragana}\p{Katakana}"
#: The CJK scripts (Korean's Hangul too, though Korean spaces its words), for a character class.
CJK_SCRIPTS = SPACELESS_SCRIPTS + r"\p{Hangul}"
#: A character of a CJK script, as a pattern.
CJK_CHAR = f"[{CJK_SCRIPTS}]"
#: What an ASCII character takes on a CJK line, in twentieths of a column (a CJK
#: character takes two columns, a cell): typeset in a proportional font, Latin
#: capitals are wider than the one column a monospaced rendering gives them and a
#: space narrower.  Fitted by least squares on the real corpus's tuning families
#: (debian-handbook printed by WeasyPrint, plain, book and two-column: 765 Chinese
#: and Japanese lines holding Latin text that wrap mid-paragraph before a CJK
#: character), as the columns each kind of character adds to make up the line's
#: missing width against the document's full CJK line: per family, a capital 1.31
#: to 1.55 columns, a lower-case letter 1.03-1.10, a digit 1.12-1.35, a space
#: 0.53-0.69, other signs 0.86-1.29.  With these rounded values the mean error
#: of such a line's width falls from 1.83 to 1.60 columns (1.50 to 1.21 in two
#: columns).
LATIN_ON_CJK_LINE = {"upper": 28, "lower": 21, "digit": 25, "space": 12, "other": 20}
#: The hyphens a word breaks at the end of a line: hyphen-minus, hyphen, non-breaking hyphen.
HYPHENS = "-\u2010\u2011"


def _union(name: str) -> frozenset[str]:
    return frozenset(w for m in LANGUAGES for w in getattr(m, name, ()))


def _words(name: str) -> tuple[str, ...]:
    """All languages' words of one name, longest first (a pattern tries "Partie" before "Part")."""
    return tuple(sorted(_union(name), key=lambda w: (-len(w), w)))


def _patterns(name: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p for m in LANGUAGES for p in getattr(m, name, ())))


def alternation(words: Iterable[str]) -> str:
    """A group matching any of ``words`` literally, a space standing for any white space.

    Safe in verbose patterns (spaces and ``#`` are escaped or replaced).

    >>> alternation(["Fig.", "Key words"])
    '(?:Fig\\\\.|Key\\\\s+words)'
    """
    return "(?:" + "|".join(r"\s+".join(map(re.escape, w.split())) for w in words) + ")"


FUNCTION_WORDS = _union("FUNCTION_WORDS")
DANGLING_WORDS = _union("DANGLING_WORDS")
SUSPENSION_WORDS = _union("SUSPENSION_WORDS")
#: Each language's own suspension conjunctions by its code (and the codes it stands for too): a
#: document of a language that has them asks only those, since another language's conjunction is
#: often a suffix of its words (Dutch "en", a German plural's "Datei-" / "en").
SUSPENSIONS: dict[str, frozenset[str]] = {
    code: frozenset(m.SUSPENSION_WORDS)
    for m in LANGUAGES
    if hasattr(m, "SUSPENSION_WORDS")
    for code in (m.CODE, *getattr(m, "ALSO", ()))
}
TITLE_WORDS = _union("TITLE_WORDS")
NAME_CONNECTORS = _union("NAME_CONNECTORS")

#: The word lists, each the union of every language's, longest words first; the
#: names of the targets below, in their order (tests/test_lang.py checks it).
WORD_LISTS = (
    "CAPTION_LABELS CAPTION_SHORT_LABELS CHAPTER_WORDS SECTION_WORDS PAGE_WORDS PAGE_OF_WORDS"
    " PAGE_OF_AFTER_WORD PAGE_SUFFIXES REFERENCE_HEADINGS ABSTRACT_WORDS KEYWORD_WORDS INTRODUCTION_WORDS"
    " THEOREM_LABELS"
).split()
(
    CAPTION_LABELS,
    CAPTION_SHORT_LABELS,
    CHAPTER_WORDS,
    SECTION_WORDS,
    PAGE_WORDS,
    PAGE_OF_WORDS,
    PAGE_OF_AFTER_WORD,
    PAGE_SUFFIXES,
    REFERENCE_HEADINGS,
    ABSTRACT_WORDS,
    KEYWORD_WORDS,
    INTRODUCTION_WORDS,
    THEOREM_LABELS,
) = map(_words, WORD_LISTS)
CAPTION_CHARS = "".join(dict.fromkeys("".join(getattr(m, "CAPTION_CHARS", "") for m in LANGUAGES)))
CHAPTER_PATTERNS, SECTION_PATTERNS, PAGE_PATTERNS = map(
    _patterns, ["CHAPTER_PATTERNS", "SECTION_PATTERNS", "PAGE_PATTERNS"]
)

#: Each language's abbreviations by its code, and ``all``: every language's.
ABBREVIATIONS: dict[str, frozenset[str]] = {
    m.CODE: m.ABBREVIATIONS for m in LANGUAGES if hasattr(m, "ABBREVIATIONS")
}
ABBREVIATIONS["all"] = frozenset().union(*ABBREVIATIONS.values())
#: Codes that use another language's sentence lists ("sh" -> "sr").
ALIASES = {code: m.CODE for m in LANGUAGES if hasattr(m, "ABBREVIATIONS") for code in getattr(m, "ALSO", ())}
FINAL_ABBREVIATIONS = _union("FINAL_ABBREVIATIONS")
FINAL_AFTER_NUMBER = _union("FINAL_AFTER_NUMBER")
MONTHS = _union("MONTHS")

"""Splitting a recovered paragraph into sentences.

A sentence ends at ``.``, ``?``, ``!`` or an ellipsis (with any closing quotes
and brackets after it) followed by white space and a word that may start a
sentence, and at the CJK full stops ``。！？`` (with their closing marks) with
no space needed.  It does not end:

* after an abbreviation of the language ("Dr.", "z. B.", "т. е.", "npr."), an
  initial ("J. R. R. Tolkien") or a single letter;
* before a lower-case word, a comma or another punctuation mark ("Yahoo! is",
  "… and then");
* inside numbers ("3.14", "3,5", "1.000.000") and after a German or Serbian
  ordinal before a month name or a number ("am 3. Oktober", "15. 3. 2020.");
* after an abbreviation that can end a sentence ("etc.", "usw.", "itd.",
  "и т. д.") only when the next word is capitalised.

The lists are per language (:mod:`srtext.lang`: ``en``, ``de``, ``fr``,
``sr``/``sh``, ``hr``, ``bs``, ``ru``, ``uk``, ``bg``, ``mk``, ``zh``, ``ja``);
any other language, or ``None``, uses all of them.  French sets a space before
its closing guillemet, which then closes the sentence ("« C'est fini. » Puis").
"""

from __future__ import annotations

from collections.abc import Iterator

# Abbreviations after which a full stop does not end a sentence (lower case, without the
# final dot; inner dots kept: "e.g"), each language's and "all"; abbreviations that may
# end a sentence (a boundary only before a capitalised word; two-word ones, "и т. д.",
# written with a dot between the words); those that end one after a number ("в 1799 г.
# Он ..."); month names after an ordinal: each language's in srtext.lang.
from srtext.lang import ABBREVIATIONS as _ABBREVIATIONS
from srtext.lang import ALIASES as _ALIASES
from srtext.lang import FINAL_ABBREVIATIONS as _FINAL
from srtext.lang import FINAL_AFTER_NUMBER as _FINAL_AFTER_NUMBER
from srtext.lang import MONTHS as _MONTHS
from srtext.pipeline.patterns import VERBOSE, lazy, pattern

TYPE_CHECKING = False
if TYPE_CHECKING:
    import regex

# A candidate end: terminal punctuation, closing marks (French sets a space before its
# closing guillemet), then white space (Latin and Cyrillic...); or a CJK terminal mark with its closing
# marks (no space needed).
_END = pattern(
    r"""(?:
        (?P<term>[.?!…]+|\.(?:\s?\.){2})(?P<close>(?:["'”’»›)\]]|\s[»›])*)(?P<space>\s+)
      | (?P<cjk>[。！？]+|…{2}|\.{6})(?P<cjkclose>[」』”’）》〉"]*)\s*
    )""",
    VERBOSE,
)
_WORD_BEFORE = pattern(r"(?:\p{L}+\.)*[\p{L}\p{N}'’-]*\Z")
_NUMBERING = pattern(r"\s*(?:\d+(?:\.\d+)*|[IVXLC]+|\p{L})\Z")
_NEXT_WORD = pattern(r"\S+")
_OPENING = pattern(r"(?:[\"'“‘«‹„(\[¿¡—–-]|[«‹]\s)*(\S)")  # French: "« Non"
_NUMBER_BEFORE = lazy(r"\d\s*\Z")
_INITIALS = lazy(r"(?:\p{Lu}\.)+\p{Lu}")
_TWO_WORD_TAIL = lazy(r"(\p{L}{1,2})\.\s*\p{L}{1,2}\Z")


def _lang_key(lang: str | None) -> str:
    if lang is None:
        return "all"
    base = lang.split("-")[0].lower()
    base = _ALIASES.get(base, base)
    return base if base in _ABBREVIATIONS else "all"


def _is_boundary(text: str, m: regex.Match[str], abbreviations: frozenset[str], lang: str) -> bool:
    """Does the candidate end ``m`` end a sentence?"""
    if m.group("cjk"):
        return True
    opening = _OPENING.match(text, m.end())
    if opening is None:
        return False  # only closing marks or nothing follow
    first = opening.group(1)
    if not (first.isupper() or first.isdigit() or (first.isalpha() and not first.islower())):
        return False  # a lower-case word, a comma, a symbol: the sentence goes on
    term = m.group("term")
    if term != ".":
        return True  # ? ! … ...: followed by a capital, a boundary
    if m.group("close"):
        return True  # 'He said "Stop." Then'
    before = text[max(0, m.start() - 40) : m.start()]  # a bounded look-behind: linear time
    if m.start() <= 40 and _NUMBERING.match(before):
        return False  # "1. Introduction", "IV. Results", "2.3. Data"
    word = _WORD_BEFORE.search(before)
    token = word.group() if word else ""
    if not token:
        return True
    low = token.lower()
    if low in _FINAL_AFTER_NUMBER and _NUMBER_BEFORE.search(before[: len(before) - len(token)]):
        return True  # "в 1799 г." then a capital
    if len(token) == 1 and token.isalpha():
        return _two_word_final(before, low)
    if low in _FINAL or _two_word_final(before, low):
        return True  # "etc." then a capital: the sentence ended
    if low in abbreviations or (lang in ("de", "all") and low.endswith("str")):
        return False
    if token.isdigit() and lang in ("de", "sr", "all") and len(token) <= 2:
        nxt = _NEXT_WORD.match(text, m.end())
        following = nxt.group().rstrip(".,") if nxt else ""
        if following.lower() in _MONTHS or following.isdigit():
            return False  # an ordinal: "am 3. Oktober", "15. 3. 2020."
    # "U.S.A."-style initials inside a name do not end it
    return not _INITIALS.fullmatch(token)


def _two_word_final(before: str, last: str) -> bool:
    """Is the single letter ``last`` the end of a sentence-final abbreviation ("и т. д.", "i sl.")?"""
    tail = _TWO_WORD_TAIL.search(before)
    if tail is None:
        return False
    return f"{tail.group(1).lower()}.{last}" in _FINAL


def sentence_spans(text: str, lang: str | None = None) -> Iterator[tuple[int, int]]:
    """The ``(start, end)`` positions of each sentence of a paragraph.

    >>> text = "Dr. Smith came at 5 p.m. to the lab. It was late! Was it?"
    >>> [text[a:b] for a, b in sentence_spans(text, "en")]
    ['Dr. Smith came at 5 p.m. to the lab.', 'It was late!', 'Was it?']
    """
    key = _lang_key(lang)
    abbreviations = _ABBREVIATIONS[key]
    start = 0
    length = len(text)
    while start < length and text[start].isspace():
        start += 1
    for m in _END.finditer(text):
        if m.end() >= length or m.start() < start:
            continue
        if _is_boundary(text, m, abbreviations, key):
            end = m.end()
            while end > start and text[end - 1].isspace():
                end -= 1
            if end > start:
                yield start, end
            start = m.end()
    end = length
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        yield start, end


def split_sentences(text: str, lang: str | None = None) -> list[str]:
    """The sentences of a paragraph.

    >>> split_sentences("Das ist z. B. am 3. Oktober passiert. Dann kam er.", "de")
    ['Das ist z. B. am 3. Oktober passiert.', 'Dann kam er.']
    >>> split_sentences("Он пришёл, т. е. вернулся. Всё.", "ru")
    ['Он пришёл, т. е. вернулся.', 'Всё.']
    >>> split_sentences("他来了。她走了！真的吗？", "zh")
    ['他来了。', '她走了！', '真的吗？']
    """
    return [text[a:b] for a, b in sentence_spans(text, lang)]

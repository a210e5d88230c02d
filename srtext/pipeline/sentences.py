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

The lists are per language (``en``, ``de``, ``sr``/``sh``, ``hr``, ``bs``,
``ru``, ``uk``, ``bg``, ``mk``, ``zh``, ``ja``); any other language, or
``None``, uses all of them.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

# Abbreviations after which a full stop does not end a sentence (lower case, without the
# final dot; inner dots kept: "e.g").  Words that can also end a sentence are in _FINAL.
_ABBREVIATIONS: dict[str, frozenset[str]] = {
    "en": frozenset(
        "mr mrs ms dr prof sr jr st mt vs cf al fig figs eq eqs no nos vol vols pp ch sec secs "
        "approx dept univ inc ltd co corp jan feb mar apr jun jul aug sep sept oct nov dec "
        "ca resp e.g i.e a.m p.m ref refs ed eds rev gen col lt capt sgt gov rep sen assoc est thm def "
        "lem prop cor tab app".split()
    ),
    "de": frozenset(
        "z.b bzw ca dr prof nr vgl evtl ggf inkl bspw d.h u.a z.t abb tab hr fr st jh mio mrd "
        "sog u.ä s.o s.u o.ä i.a a.a.o hrsg bd jan feb febr aug sept okt nov dez zit gem "
        "ff s str tel".split()
    ),
    "sr": frozenset(
        "npr tj sl dr prof br str god gl g ul sv tzv ing mr dipl gosp gđa gđica sr "
        "нпр тј сл др проф бр стр год гл г ул св тзв инж мр дипл госп гђа сл".split()
    ),
    "ru": frozenset(
        "т.е т.к т.н т.о др пр см рис табл стр гг г им проф ул напр доц акад изд "
        "акад ин-т н.э гл ч руб коп тыс млн млрд англ лат нем франц см.также".split()
    ),
    "zh": frozenset(),
}
_ALIASES = {"sh": "sr", "hr": "sr", "bs": "sr", "uk": "ru", "bg": "ru", "mk": "sr", "ja": "zh"}
_ABBREVIATIONS["all"] = frozenset().union(*_ABBREVIATIONS.values())

# Abbreviations that may end a sentence: a boundary only before a capitalised word.
# Two-word ones ("и т. д.") are written with a dot between the words.
_FINAL = frozenset(["etc", "usw", "itd", "итд", "т.д", "т.п", "и.др", "i.sl", "и.сл", "u.s.w", "u.ä", "o.ä"])
# Abbreviations that end a sentence after a number ("в 1799 г. Он ...").
_FINAL_AFTER_NUMBER = frozenset(["г", "гг", "год", "god", "g", "j", "jh", "jhs"])

_MONTHS = frozenset(
    "januar februar märz april mai juni juli august september oktober november dezember "
    "jänner feber "
    "januar februar mart april maj jun jul avgust septembar oktobar novembar decembar "
    "јануар фебруар март април мај јун јул август септембар октобар новембар децембар "
    "siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada "
    "studenoga prosinca".split()
)

# A candidate end: terminal punctuation, closing marks, then white space (Latin and
# Cyrillic...); or a CJK terminal mark with its closing marks (no space needed).
_END = regex.compile(
    r"""(?:
        (?P<term>[.?!…]+|\.(?:\s?\.){2})(?P<close>["'”’»›)\]]*)(?P<space>\s+)
      | (?P<cjk>[。！？]+|…{2}|\.{6})(?P<cjkclose>[」』”’）》〉"]*)\s*
    )""",
    regex.VERBOSE,
)
_WORD_BEFORE = regex.compile(r"(?:\p{L}+\.)*[\p{L}\p{N}'’-]*\Z")
_NUMBERING = regex.compile(r"\s*(?:\d+(?:\.\d+)*|[IVXLC]+|\p{L})\Z")
_NEXT_WORD = regex.compile(r"\S+")
_OPENING = regex.compile(r"[\"'“‘«‹„(\[¿¡—–-]*(\S)")


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
    if low in _FINAL_AFTER_NUMBER and regex.search(r"\d\s*" + regex.escape(token) + r"\Z", before):
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
    return not regex.fullmatch(r"(?:\p{Lu}\.)+\p{Lu}", token)


def _two_word_final(before: str, last: str) -> bool:
    """Is the single letter ``last`` the end of a sentence-final abbreviation ("и т. д.", "i sl.")?"""
    tail = regex.search(r"(\p{L}{1,2})\.\s*\p{L}{1,2}\Z", before)
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

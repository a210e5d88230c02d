"""What kind of line is this?  Pure tests on one line's text and width.

The paper's three classes (:class:`LineClass`) are decided by the last character;
the width band (:class:`Band`) compares a line's width with the column width CW.
The default mode adds a few more tests of the text (debris, lower-case start,
section numbers), all here.
"""

from __future__ import annotations

import enum

import regex

from srtext.pipeline.function_words import is_function_word
from srtext.pipeline.lazyre import lazy


class LineClass(enum.Enum):
    """The paper's line classes."""

    EMPTY = "EL"
    FINISHED = "FL"
    UNFINISHED = "UL"


class Band(enum.Enum):
    """Where a line's width lies relative to CW ± eps·CW."""

    SHORT = "short"
    FULL = "full"
    LONG = "long"


# The paper's F = {. ? !}: the line's last character.
_PAPER_FINAL = frozenset(".?!")

# Default mode: a sentence-final mark (with the ellipsis and the CJK and full-width
# marks), optionally followed by closing quotes and brackets.
_FINISHED = regex.compile(
    r"""(?:[.?!…‼⁇⁈⁉。！？．｡]|\.\.\.)
        [\p{Pe}\p{Pf}"'’”»›」』】〉》）∗†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹]*\Z""",
    regex.VERBOSE,
)
_LAST_CHARS = frozenset(".?!…‼⁇⁈⁉。！？．｡\"'’”»›」』】〉》）∗†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹")
_CLOSER = regex.compile(r"[\p{Pe}\p{Pf}]")
_LOWER_START = regex.compile(r"\A\W*\p{Ll}")
_SECTION_NUMBER = regex.compile(
    r"""\A(?:(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.|§\s*\d+)\s+\S
        |(?:Chapter|Part|Section|Appendix|Kapitel|Teil|Anhang|Глава|Часть|Раздел|Поглавље|Део|Poglavlje|Deo)
         \s+[\dIVXLC]+\b|第\s*[\d一二三四五六七八九十百]+\s*[章节部]|[一二三四五六七八九十]+、|（[一二三四五六七八九十]+）)""",
    regex.VERBOSE,
)
_LETTER = regex.compile(r"\p{L}")
_WORD2 = regex.compile(r"\p{L}{2,}")
_WORD3 = regex.compile(r"\p{L}{3,}")
#: A character of a script written without spaces between words (CJK).
CJK_CHAR = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]")
_CJK = CJK_CHAR


def classify_paper(text: str) -> LineClass:
    """The paper's classification: EL (only spaces), FL (ends in . ? !) or UL.

    >>> [classify_paper(t).value for t in ["   ", "End.", 'End."', "A heading"]]
    ['EL', 'FL', 'UL', 'UL']
    """
    stripped = text.rstrip()
    if not stripped:
        return LineClass.EMPTY
    if stripped[-1] in _PAPER_FINAL:
        return LineClass.FINISHED
    return LineClass.UNFINISHED


def is_finished(text: str) -> bool:
    """Does the line end a sentence (. ? ! … 。！？, maybe then closing quotes, brackets or a footnote mark)?

    >>> [is_finished(t) for t in ['He left."', "(see above.)", "Why?»", "Wait…", "好。", "methods.†"]]
    [True, True, True, True, True, True]
    >>> [is_finished(t) for t in ["as follows:", "see [12]", "the cost-", "e.g"]]
    [False, False, False, False]
    """
    if not text or (text[-1] not in _LAST_CHARS and not _CLOSER.match(text[-1])):
        return False  # most lines end in a letter: no regular expression needed
    return _FINISHED.search(text) is not None


def classify_line(text: str) -> LineClass:
    """The default mode's classification: F also covers closing quotes, brackets, CJK.

    >>> [classify_line(t).value for t in ["", 'He said "yes."', "ending with:"]]
    ['EL', 'FL', 'UL']
    """
    stripped = text.rstrip()
    if not stripped:
        return LineClass.EMPTY
    if is_finished(stripped):
        return LineClass.FINISHED
    return LineClass.UNFINISHED


def width_band(width: int, cw: int, eps: float) -> Band:
    """Compare a width with CW: within ``eps * cw`` is FULL.

    >>> [width_band(w, 80, 0.1).value for w in (60, 72, 80, 88, 95)]
    ['short', 'full', 'full', 'full', 'long']
    """
    if abs(width - cw) <= eps * cw:
        return Band.FULL
    return Band.LONG if width > cw else Band.SHORT


def starts_lowercase(text: str) -> bool:
    """Does the first letter-or-digit of the line come as a lower-case letter?

    Leading punctuation (quotes, brackets) is skipped.  A lower-case start is
    strong evidence that the line continues the sentence before it.

    >>> [starts_lowercase(t) for t in ["and then", "(see", "The", "3 cases", "ёлка"]]
    [True, True, False, False, True]
    """
    return _LOWER_START.match(text.lstrip()) is not None


def is_indented(text: str) -> bool:
    """Does the line start with white space (spaces, tabs, the ideographic space)?

    pdftotext's default output has no indentation, so an indented line is a sign
    of a paragraph's first line (Chinese text indents it by two full-width spaces).

    >>> [is_indented(t) for t in ["\u3000\u3000茶树", "   Then", "Then"]]
    [True, True, False]
    """
    return bool(text) and text[0].isspace()


def has_section_number(text: str) -> bool:
    """Does the line start like a numbered heading ("3.", "2.1", "IV.", "A.", "§ 4", "Chapter 2")?

    >>> [has_section_number(t) for t in ["3 Results", "2.1. Data", "IV. Scope", "3D model"]]
    [True, True, True, False]
    >>> [has_section_number(t) for t in ["Chapter 2", "Глава 3", "第2章", "二、方法", "Chapters of it"]]
    [True, True, True, True, False]
    """
    return _SECTION_NUMBER.match(text.strip()) is not None


# A two-level number and a title of words up to its full stop: "2.1. Adams operations."
_NUMBERED = r"\A\s*\d{1,2}(?:\.\d{1,2})+\.?\s+\p{L}[\p{L}\p{M}\s'’,-]{0,58}?\."
_NUMBERED_TITLE = lazy(_NUMBERED + r"\s*\Z")
_RUN_IN_HEADING = lazy(_NUMBERED + r"(?=\s+\p{Lu})")


def is_numbered_title(text: str) -> bool:
    """Is the line a two-level number and a title ending in a full stop, as AMS journals set them?

    >>> [is_numbered_title(t) for t in ["2.1. Adams operations.", "3.4 Old maps.", "2. Data.", "2.1. x = 3."]]
    [True, True, False, False]
    """
    return _NUMBERED_TITLE.match(text) is not None


def run_in_heading_end(text: str) -> int:
    """Where a numbered run-in heading that opens the line ends (0: none), its paragraph running on.

    >>> text = "2.1. Adams operations. There are a few."
    >>> text[: run_in_heading_end(text)], run_in_heading_end("2.1. Adams operations. there")
    ('2.1. Adams operations.', 0)
    """
    m = _RUN_IN_HEADING.match(text)
    return 0 if m is None else m.end()


_NUMBER_ALONE = lazy(r"\A(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,5}|[A-Z])\.\Z")


def is_section_number_alone(text: str) -> bool:
    """Is the line only a section's number, as REVTeX and others set it apart from the title?

    The number needs its final dot: "3" alone is a page or equation number,
    "1.21" a table's cell.  "289." may end a reference, so the recovery rules
    ask for a title on the next line as well.

    >>> [is_section_number_alone(t) for t in ["II.", " A.", "3.", "2.1.", "IV. Scope"]]
    [True, True, True, True, False]
    >>> [is_section_number_alone(t) for t in ["3", "(3)", "1.21", "1999.", "a.", "IIII.."]]
    [False, False, False, False, False, False]
    """
    return _NUMBER_ALONE.match(text.strip()) is not None


_ARABIC_NUMBER = lazy(r"\A\s*(\d{1,2}(?:\.\d{1,2}){0,3})(?:\.?\s+\p{L}|\.?\s*\Z)")


def is_chapter_label(text: str) -> bool:
    """Is the line only a chapter's label and number ("Chapter 2", "Kapitel 3", "Глава 4", "第2章")?

    Such a line opens a chapter; a running header that names the chapter also
    carries its title.

    >>> [is_chapter_label(t) for t in ["Kapitel 2", " Глава IV ", "第2章", "Chapter 2. LVM", "Chapters"]]
    [True, True, True, False, False]
    """
    return _CHAPTER_LABEL.match(text) is not None


_CHAPTER_LABEL = lazy(
    r"\A\s*(?:(?:Chapter|Part|Kapitel|Teil|Глава|Часть|Поглавље|Део|Poglavlje|Deo|Chapitre|Capítulo|Capitolo)"
    r"\s+(?:\d{1,3}|[IVXLC]{1,6})|第\s*[\d一二三四五六七八九十百]+\s*[章部])\s*\Z"
)


def section_number(text: str) -> tuple[int, ...] | None:
    """The arabic section number a line starts with, as a tuple, or None.

    A chapter's label gives its number: "Kapitel 2" is (2,).

    >>> [section_number(t) for t in ["3.2 Thermal drift", "3.2.1", "4.", "1.21 m"]]
    [(3, 2), (3, 2, 1), (4,), (1, 21)]
    >>> section_number("1999 was dry"), section_number("(3)"), section_number("3D model")
    (None, None, None)
    """
    match = _ARABIC_NUMBER.match(text)
    if match is None:
        chapter = _CHAPTER_NUMBER.match(text)
        return (int(chapter.group(1)),) if chapter else None
    return tuple(int(n) for n in match.group(1).split("."))


_CHAPTER_NUMBER = lazy(r"\A\s*\p{L}+\s+(\d{1,3})\s*\Z")


def next_section_number(previous: tuple[int, ...] | None, number: tuple[int, ...]) -> bool:
    """Could ``number`` be a section soon after ``previous`` (a sibling, a child, an ancestor's sibling)?

    One heading may have been missed in between (3.2 -> 3.4, 3 -> 5); with no
    section seen yet, the first: 1 or 1.1.

    >>> [next_section_number((3, 2), n) for n in [(3, 3), (3, 4), (3, 2, 1), (4,), (4, 1), (5,)]]
    [True, True, True, True, True, True]
    >>> [next_section_number((3, 2), n) for n in [(3, 1), (3, 5), (6,), (1, 21), (3, 2, 7)]]
    [False, False, False, False, False]
    >>> next_section_number(None, (1,)), next_section_number(None, (4,))
    (True, False)
    """
    if previous is None:
        return number in ((1,), (1, 1))
    k = len(number)
    if number[:-1] == previous and number[-1] in (1, 2):
        return True  # a child
    if k <= len(previous) and number[:-1] == previous[: k - 1] and number[-1] - previous[k - 1] in (1, 2):
        return True  # a sibling, or an ancestor's
    return k == 2 and number[0] - previous[0] in (1, 2) and number[1] in (1, 2)  # a chapter unseen


def is_bare_number(text: str) -> bool:
    """Is the line only a number such as a section's without its final dot ("3.2.1", "4")?

    Alone it may be a page, equation or table number: the recovery rules ask for
    a title next and for the number to follow the last section's.

    >>> [is_bare_number(t) for t in ["3.2.1", " 4 ", "4.", "(4)", "123", "1.2.3.4.5"]]
    [True, True, False, False, False, False]
    """
    return _BARE_NUMBER.match(text) is not None


_BARE_NUMBER = lazy(r"\A\s*\d{1,2}(?:\.\d{1,2}){0,3}\s*\Z")


_SENTENCE_INSIDE = lazy(r"[.?!:;。！？](?:\s+\S|\S*\s+\p{Lu})")
_LINE_END_OPEN = lazy(r"[,;:\-‐–—(\[]\s*\Z")


def is_title_like(text: str) -> bool:
    """Could the line be a whole heading, however long (no sentence inside, at most 16 words)?

    A heading has no sentence end or colon followed by more words and does not
    end in a comma, colon or hyphen.  pdftotext writes a heading that wraps with
    a hyphen on one line, so a heading may be longer than the column.

    >>> is_title_like("2. Sauerteig, Temperatur und Geduld als die wichtigsten Zutaten eines guten Brotes")
    True
    >>> [is_title_like(t) for t in ["3. We fit it. Then we", "1. Steps:", "2. Data: a list", "4. the cost-"]]
    [False, False, False, False]
    """
    body = text.strip()
    m = _SECTION_NUMBER.match(body)
    if m is not None:
        body = body[m.end() - 1 :]
    return (
        len(body.split()) <= 16
        and _SENTENCE_INSIDE.search(body) is None
        and _LINE_END_OPEN.search(body) is None
    )


_OPERATOR_NAMES = frozenset(
    "arg cos cosh cot coth curl det diag dim div exp grad inf ker lim log max min mod rot sec sin sinh"
    " sup tan tanh".split()
)


def is_lead_in(text: str) -> bool:
    """Is a short line one or two lower-case words that may lead a sentence into a display?

    A formula's text often stands on a line of its own between the sentence's
    words ("... of a fermion gas is" / formula / "where ...", or the "or"
    between two equations).  Such a word has a vowel and two letters or more,
    unlike variable names ("dt", "x"); Greek letters and operator names
    ("exp", "ln") are formula text.

    >>> [is_lead_in(t) for t in ["is", "is :", "or", "where", "and thus,", "так что"]]
    [True, True, True, True, True, True]
    >>> [is_lead_in(t) for t in ["dt", "x", "exp", "αβ", "Then", "is it so", "a", "(3)"]]
    [False, False, False, False, False, False, False, False]
    """
    words = text.replace(":", " ").replace(",", " ").split()
    return 1 <= len(words) <= 2 and all(
        w.islower() and _PROSE_WORD.fullmatch(w) and not _VOWELS.isdisjoint(w) and _is_prose_word(w)
        for w in words
    )


_REPORT_NUMBER = lazy(
    r"""\A\s*(?:
        arXiv:\S+
      | [a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?
      | \p{Lu}{2,}(?:-\p{Lu}+)*(?:[-/\ ]\d{2,4}(?:[-./]\d{1,4})+|-\d{3,})
    )(?:\s|\Z)""",
    regex.VERBOSE,
)


def is_report_number(text: str) -> bool:
    """Does a short line start with a report or preprint number?

    Papers put their institution's report number or the preprint archive's
    identifier above the title ("CERN-TH/2000-035", "hep-th/0001207",
    "arXiv:2101.00001v2", "SLAC-PUB-8500", "DESY 00-123"), often with a date.
    Few of its characters are letters, yet it is text, not formula debris.

    >>> [is_report_number(t) for t in ["CERN-TH/2000-035", "hep-th/0001207", "DESY 00-123 May 2000"]]
    [True, True, True]
    >>> [is_report_number(t) for t in ["arXiv:2101.00001v2", "SLAC-PUB-8500", "CERN-EP/99-176"]]
    [True, True, True]
    >>> [is_report_number(t) for t in ["TABLE 2", "x/2", "NaCl 12", "USA 2000", "(3.12)", "A-1"]]
    [False, False, False, False, False, False]
    """
    return len(text.strip()) <= 60 and _REPORT_NUMBER.match(text) is not None


_CITATION = lazy(r"\[\d{1,3}(?:[,–-]\d{1,3})*\]")
# A figure's file name where a draft shows no figure ("MASS-R_1.EPS").
_FIGURE_FILE = lazy(r"\A\s*[\w./-]+\.(?:eps|ps|pdf|png|jpe?g|gif|tiff?|svg)\s*\Z", regex.IGNORECASE)
_MATH_OPERATOR = lazy(r"[=≤≥≡≈∼→⇒∈∝+−×∂∫∑∏√<>]")
# A word of prose, not a formula's name: lower-case letters, perhaps capitalised, not
# Greek (in formulas Greek letters are symbols); three or more, or two with a vowel ("if").
_WORD_OF_PROSE = r"(?<![\p{L}\p{M}])\p{Lu}?[\p{Ll}--\p{Greek}]{2,}"
_PROSE_WORD = lazy(_WORD_OF_PROSE + r"(?![\p{L}\p{M}])", regex.V1)
_VOWELS = frozenset("aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿąęėįųůőűаеёиоуыэюяіїє")
# Greek prose (a Greek document's words, not a formula's symbols): four letters or more, two vowels.
_GREEK_WORD = lazy(r"(?<![\p{L}\p{M}])\p{Greek}?[\p{Greek}&&\p{Ll}]{3,}(?![\p{L}\p{M}])", regex.V1)
_GREEK_VOWELS = frozenset("αεηιουωάέήίόύώϊϋΐΰ")


def _is_prose_word(word: str) -> bool:
    """Is a word ``_PROSE_WORD`` found prose: three letters or more, or two with a vowel; not an operator?"""
    lower = word.lower()
    return (len(lower) > 2 or not _VOWELS.isdisjoint(lower)) and lower not in _OPERATOR_NAMES


def looks_like_debris(text: str) -> bool:
    """Is a short line more likely debris of a formula, table or page than prose?

    Debris has little prose in it: fewer than half of its non-space characters
    are letters, or it has no word of three letters or more (formula fragments
    such as "mi vi2 +" are made of one- and two-letter names), or of two when
    the line ends a sentence ("No, no." is prose).  CJK text counts as prose.

    >>> [looks_like_debris(t) for t in ["12", "x y", "(3.1)", "∂L/∂q = 0", "− 3 −", "mi vi2 +"]]
    [True, True, True, True, True, True]
    >>> [looks_like_debris(t) for t in ["see [3] and references", "Introduction", "结论", "No, no."]]
    [False, False, False, False]

    Numbered citations are not counted: they end many a sentence's last line.

    >>> looks_like_debris("found in [17, 18]."), looks_like_debris("[0, 1]"), looks_like_debris("[12]")
    (False, True, True)

    A figure's file name, all a draft shows of it, is figure debris:

    >>> looks_like_debris("THE-IN_5.EPS"), looks_like_debris("figures/flow.pdf"), looks_like_debris("Fig.")
    (True, True, False)

    A line with a formula's operators needs a word of prose, which Greek letters,
    mixed-case names and operator names are not:

    >>> [looks_like_debris(t) for t in ["ρξρρ + ξρ = 0,", "δSEH = d x −gδg", "ψpψq = ψq ψp", "= lim f(x)"]]
    [True, True, True, True]
    >>> [looks_like_debris(t) for t in ["if p = 3.", "where x = 0", "Гц = 1/с как обычно", "όπου x = 0"]]
    [False, False, False, False]

    The word of prose is a function word of some language, a long word, or the
    word a sentence ends on; names that look like words do not count:

    >>> [looks_like_debris(t) for t in ["Tik = (ρ + p) ui uk ,", "Emag = V Fν", "E(na, nb) = α f (na /nb)"]]
    [True, True, True]
    >>> [looks_like_debris(t) for t in ["für alle x ∈ S", "na primer x = 0", "√ data.", "(3+1) dimensions"]]
    [False, False, False, False]
    """
    chars = "".join(text.split())
    if "." in chars and _FIGURE_FILE.match(text):
        return True
    if "[" in chars:
        chars = _CITATION.sub("", chars)
    if not chars:
        return True
    if _CJK.search(chars):
        return False
    letters = len(chars) - len(_LETTER.sub("", chars))
    if letters * 2 < len(chars):
        return True
    word = _WORD2 if is_finished(text) else _WORD3
    if word.search(text) is None:
        return True
    if _MATH_OPERATOR.search(chars) is None:
        return False
    last = _LAST_WORD.search(text)  # "√ data.": a sentence ends on a word of prose
    return (
        (last is None or not _is_prose_word(last.group(1)))
        and not any(_holds_up_prose(m.group(), text, m.start(), m.end()) for m in _PROSE_WORD.finditer(text))
        and not any(sum(c in _GREEK_VOWELS for c in w.lower()) >= 2 for w in _GREEK_WORD.findall(text))
    )


_LAST_WORD = lazy(f"({_WORD_OF_PROSE})[.?!]\\s*\\Z", regex.V1)


def _holds_up_prose(word: str, text: str, start: int, end: int) -> bool:
    """Does this word of ``text[start:end]`` make a line with a formula's operators prose?

    It does when it is a function word (:mod:`srtext.pipeline.function_words`), or a long
    word: formulas' names look like words often enough ("Tik", "Emag", "ajq"),
    but seldom have seven letters or more, in lower case but perhaps the first.
    A two-letter function word inside brackets ("E(na, nb)") is a name.
    """
    if len(word) >= 7 and word[1:].islower():
        return True
    if len(word) == 2 and (text[start - 1 : start] in _BRACKETS or text[end : end + 1] in _BRACKETS):
        return False
    return is_function_word(word)


_BRACKETS = frozenset("()[]{}/")


_CAPTION = regex.compile(
    r"""\A\s*(?:
        (?:Figure|Fig\.|Table|Tab\.|Algorithm|Listing|Scheme|Chart|Plate|Exhibit
         |Abbildung|Abb\.|Tabelle|Tab\.
         |Слика|Сл\.|Табела|Slika|Sl\.|Tabela
         |Рисунок|Рис\.|Таблица|Табл\.
         |Figura|Fig\.|Tabla|Tableau|Tabella|Rysunek|Rys\.|Tabulka|Obrázek|Obr\.)
        \s*[A-Z]?\d+(?:[.-]\d+)*[a-z]?(?:\s*[.:|—–-]|(?!\s+\p{Ll}))
      | (?:Fig|Tab)\s*\d+(?:[.-]\d+)*[a-z]?\s*[.:]
      | [图表圖]\s*\d+(?:[.-]\d+)*\s*[：:．.\s]
    )""",
    regex.VERBOSE,
)


def is_caption_start(text: str) -> bool:
    """Does the line start a figure or table caption (a label and a number)?

    >>> [is_caption_start(t) for t in ["Figure 3: Flow", "Fig. 2.1. Map", "Tabelle 4 – Zeiten",
    ...                                "Слика 1: Карта", "Рис. 5. Схема", "图 1：茶园", "Fig 2: Mass"]]
    [True, True, True, True, True, True, True]
    >>> [is_caption_start(t) for t in ["Figure out it", "Tables turn", "Figures 1 and 2", "Fig 1 shows"]]
    [False, False, False, False]

    A label and its number followed by a lower-case word is a reference inside
    a sentence ("Figure 3 shows", "Tabelle 2 zeigt"), not a caption:

    >>> [is_caption_start(t) for t in ["Figure 3 shows the map", "Table 2 with the data", "Table 1 Sizes"]]
    [False, False, True]
    """
    return _CAPTION.match(text) is not None


_REFERENCES = regex.compile(
    r"""\A\s*(?:[\dIVX]+\.?\s*)?(?:
        References|Bibliography|Literature\s+cited|Works\s+cited
      | Literatur|Literaturverzeichnis|Quellen
      | Литература|Список\s+литературы|Библиография|Референце|Литература
      | Literatura|Reference|Références|Bibliographie|Referencias|Bibliografía|Bibliografia|Riferimenti
      | 参考文献|參考文獻
    )\s*:?\s*\Z""",
    regex.VERBOSE | regex.IGNORECASE,
)
_REFERENCE_ENTRY = regex.compile(r"\A\s*(?:\[\s*[\w+.-]{1,12}\s*\]|\d{1,3}\.(?=\s+\p{Lu}))\s*")


def is_references_heading(text: str) -> bool:
    """Does the line head the reference list?

    >>> [is_references_heading(t) for t in ["References", "7. Literatur", "Литература", "参考文献"]]
    [True, True, True, True]
    >>> is_references_heading("References to earlier work are given")
    False
    """
    return _REFERENCES.match(text) is not None


def starts_reference_entry(text: str) -> bool:
    """Does the line start an entry of a reference list ("[12] ...", "[Kn84] ...", "3. Author")?

    >>> [starts_reference_entry(t) for t in ["[12] A. Author", "[Knu84] D. Knuth", "3. B. Author", "and 4."]]
    [True, True, True, False]
    """
    return _REFERENCE_ENTRY.match(text) is not None


# Bullet glyphs, and what pdftotext writes for a glyph it cannot map (a C1 control
# or U+FFFD): at the start of a line, followed by a space, that is most often a bullet.
_BULLETS = frozenset("•∙▪‣●■►▸\ufffd" + "".join(map(chr, range(0x80, 0xA0))))


def starts_list_item(text: str) -> bool:
    """Does the line start an item of a bulleted list ("• The first point")?

    An item is text, however short or dense in symbols, and starts a paragraph
    of its own.  "◦" is left out: pdftotext also starts lines with it when it
    breaks a formula at a composition.  A glyph pdftotext could not map (a C1
    control, U+FFFD) followed by a space counts as a bullet.

    >>> [starts_list_item(t) for t in ["• λ0 (r) = 1.", "▪ Item", "\x88 If 3 | N", "\ufffd Item"]]
    [True, True, True, True]
    >>> [starts_list_item(t) for t in ["◦ σ)(x)", "• ", "a • b", "\ufffdber"]]
    [False, False, False, False]

    A hyphen, a dash or an asterisk and a space before a capitalised word is a
    bullet too (Markdown's lists, rendered as they are typed; a line of
    dialogue, a paragraph of its own as well); before a formula's name it is a
    sign, and before a lower-case word a dash in a running sentence:

    >>> [starts_list_item(t) for t in ["- Run the script.", "– Kuda ideš?", "* Item", "- x = 3", "– and so"]]
    [True, True, True, False, False]
    """
    s = text.lstrip()
    if s[:1] in _DASH_BULLETS:
        return _DASH_ITEM.match(s) is not None
    return s[:1] in _BULLETS and s[1:2].isspace() and bool(s[2:].strip())


_DASH_BULLETS = frozenset("-–—*")
_DASH_ITEM = lazy(r"[-–—*] \p{Lu}\p{L}")


_FIRST_REFERENCE = lazy(r"\A\s*\[\s*1\s*\]\s+[\p{Lu}\p{Lt}]")


def starts_reference_list(text: str) -> bool:
    """Does the line open a numbered reference list that has no heading ("[1] A. Author")?

    Letters in the style of Physical Review put the list after the
    acknowledgements with no "References" above it.  A body sentence citing
    the first reference goes on in lower case, or does not start with it.

    >>> [starts_reference_list(t) for t in ["[1] D. W. Sivers, Phys. Rev.", "[1] George Bertsch set"]]
    [True, True]
    >>> [starts_reference_list(t) for t in ["[2] B. Author", "[1] showed that", "As [1] Smith"]]
    [False, False, False]
    """
    # Asked of every body line: most are answered without the pattern.
    return text.lstrip()[:1] == "[" and _FIRST_REFERENCE.match(text) is not None

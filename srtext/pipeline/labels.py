"""Lines that open a part of their own by a label: captions, reference lists and their entries, list items.

Tests on one line's text, as :mod:`srtext.pipeline.classify`'s are (which
re-exports them).  Each language's caption labels and reference-list headings
("Abbildung", "Рис.", "Références") are in :mod:`srtext.lang`.
"""

from __future__ import annotations

from srtext.lang import (
    CAPTION_CHARS,
    CAPTION_LABELS,
    CAPTION_SHORT_LABELS,
    REFERENCE_HEADINGS,
    THEOREM_LABELS,
    alternation,
)
from srtext.pipeline.patterns import IGNORECASE, VERBOSE, ascii_starts, lazy, pattern

TYPE_CHECKING = False
if TYPE_CHECKING:
    import regex

_REPORT_NUMBER = lazy(
    r"""\A\s*(?:
        arXiv:\S+
      | [a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?
      | \p{Lu}{2,}(?:-\p{Lu}+)*(?:[-/\ ]\d{2,4}(?:[-./]\d{1,4})+|-\d{3,})
    )(?:\s|\Z)""",
    VERBOSE,
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


_THEOREM = lazy(
    rf"\A\s*{alternation(THEOREM_LABELS)}(?:\s+of\s+\p{{Lu}}\p{{Ll}}+)?(?:\s*\d+(?:\.\d+)*)?"
    r"(?:\s*\([^()]{1,80}\))?(?:\s*[.．:：](?:\s|\Z)|(?<=[\d)])\s+(?=\p{Lu}\p{Ll}))"
)


def is_theorem_start(text: str) -> bool:
    """Does the line start with a theorem-like statement's run-in label and its full stop?

    A mathematical text sets each theorem, lemma, definition and proof as a
    paragraph of its own, its label run in: "Theorem 2.1.", "Proof.", "Lemma 3
    (Fatou).", "Доказательство.", "定理 1.1．", "Proof of Theorem 2.".  Some
    classes set the number without a full stop, the statement's capital
    after it ("Lemma 4.2 Every walk", Springer's); a reference in a sentence
    has no full stop after the number, and a word in lower case ("Theorem
    2.1 shows").

    >>> [is_theorem_start(t) for t in ["Theorem 2.1. Let x be", "Proof. Trivial.", "Satz 4.1. Eine",
    ...     "Lemma 3 (Fatou). If", "Доказ. Нека", "定理 1.1． 设", "Lemma 4.2 Every", "Proof of Lemma 2. By"]]
    [True, True, True, True, True, True, True, True]
    >>> [is_theorem_start(t) for t in ["Theorem 2.1 shows that", "Proofs are", "Example programs.",
    ...     "Remarkably.", "Lemma Every", "Proof of the claim"]]
    [False, False, False, False, False, False]
    """
    return text.lstrip()[:1] in _THEOREM_FIRST and _THEOREM.match(text) is not None


# The characters a label can start with: a line that starts otherwise is not matched at all
# (the regex's call costs more than the set's look-up, on nearly every line).
_THEOREM_FIRST = frozenset(label[0] for label in THEOREM_LABELS)
_CAPTION_FIRST = frozenset(label[0] for label in (*CAPTION_LABELS, *CAPTION_SHORT_LABELS)) | set(
    CAPTION_CHARS
)
_CAPTION = pattern(
    rf"""\A\s*(?:
        {alternation(CAPTION_LABELS)}
        \s*[A-Z]?\d++(?:[.-]\d+)*+[a-z]?+(?:\s*[.:|—–-]|(?!\s+\p{{Ll}}|\s*,))
      | {alternation(CAPTION_SHORT_LABELS)}\s*\d+(?:[.-]\d+)*[a-z]?\s*[.:]
      | [{CAPTION_CHARS}]\s*\d+(?:[.-]\d+)*\s*[：:．.\s]
      | (?:FIG\.|FIGURE|TABLE|TAB\.)\s*(?:[IVXL]+|\d+(?:[.-]\d+)*[a-z]?)\s*(?:[.:|—–-]|\Z)
    )""",
    VERBOSE,
)


def caption_title(text: str) -> str:
    """The words of a caption's line after its label and number ("" when it is not a caption's).

    >>> caption_title("Figure 14.1. Security contexts and Unix users"), caption_title("Figure 2.")
    ('Security contexts and Unix users', '')
    """
    m = _CAPTION.match(text) if text.lstrip()[:1] in _CAPTION_FIRST else None
    return text[m.end() :].strip() if m else ""


def is_theorem_first(char: str) -> bool:
    """May a theorem's run-in label (:func:`is_theorem_start`) start with this character?"""
    return char in _THEOREM_FIRST


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

    Nor is one followed by a comma ("Рисунок 9.4, «Перенаправление ...»)", "Figure 2, left"):
    a caption's label ends in a colon, a full stop, a dash or a space.

    >>> [is_caption_start(t) for t in ["Рисунок 9.4, «Порт»).", "Figure 2, which we"]]
    [False, False]

    Journals of physics and engineering set the label in capitals, a table's
    number in Roman numerals ("FIG. 2: ...", "TABLE IV. ...", "TABLE I" over
    its title):

    >>> [is_caption_start(t) for t in ["FIG. 2: The map", "TABLE IV. Sizes", "TABLE I", "FIGURE 3 shows"]]
    [True, True, True, False]
    """
    return text.lstrip()[:1] in _CAPTION_FIRST and _CAPTION.match(text) is not None


_REFERENCES = pattern(rf"\A\s*(?:[\dIVX]+\.?\s*)?{alternation(REFERENCE_HEADINGS)}\s*:?\s*\Z", IGNORECASE)
_REFERENCES_STARTS = ascii_starts(_REFERENCES)
_REFERENCE_ENTRY = pattern(r"\A\s*(?:\[\s*[\w+.-]{1,12}\s*\]|\d{1,3}\.(?=\s+\p{Lu}))\s*")


def is_references_heading(text: str) -> bool:
    """Does the line head the reference list?

    >>> [is_references_heading(t) for t in ["References", "7. Literatur", "Литература", "参考文献"]]
    [True, True, True, True]
    >>> is_references_heading("References to earlier work are given")
    False
    """
    return may_head_references(text.lstrip()[:1]) and _REFERENCES.match(text) is not None


def may_head_references(first: str) -> bool:
    """May a reference list's heading (:func:`is_references_heading`) start with this character?

    >>> [may_head_references(c) for c in ["R", "7", "Л", "T", ""]]
    [True, True, True, False, False]
    """
    return not first.isascii() or first in _REFERENCES_STARTS


def starts_reference_entry(text: str) -> bool:
    """Does the line start an entry of a reference list ("[12] ...", "[Kn84] ...", "3. Author")?

    >>> [starts_reference_entry(t) for t in ["[12] A. Author", "[Knu84] D. Knuth", "3. B. Author", "and 4."]]
    [True, True, True, False]
    """
    return _REFERENCE_ENTRY.match(text) is not None


# Bullet glyphs, and what pdftotext writes for a glyph it cannot map (a C1 control
# or U+FFFD): at the start of a line, followed by a space, that is most often a bullet.
# So is a character of the private use area (U+E000-U+F8FF): a Symbol or Wingdings
# bullet that the font did not map to Unicode (U+F0B7 for Symbol's bullet), and the
# ballot boxes, check marks and arrow heads of checklists.
_BULLETS = frozenset("•∙▪‣●■►▸◆◇❖➢➤▶☐☑☒✓✔✗✘\ufffd" + "".join(map(chr, range(0x80, 0xA0))))
# Glyphs that are bullets before a word but signs in a formula ("(g ◦ f)(x)", "x → 0"):
# they start an item only when a word of letters follows.
_WORD_BULLETS = frozenset("◦○→➔⇒")
_WORD_AFTER = lazy(r"\A\s*\S\s+[\p{L}\p{N}]*\p{L}{2}")


def starts_list_item(text: str) -> bool:
    """Does the line start an item of a bulleted list ("• The first point")?

    An item is text, however short or dense in symbols, and starts a paragraph
    of its own.  A glyph pdftotext could not map (a C1 control, U+FFFD) or a
    private-use character followed by a space counts as a bullet, and so do a
    checklist's boxes and marks.

    >>> [starts_list_item(t) for t in ["• λ0 (r) = 1.", "▪ Item", "\x88 If 3 | N", "\ufffd Item"]]
    [True, True, True, True]
    >>> [starts_list_item(t) for t in ["\uf0b7 Keep it dry", "☐ Batteries", "✓ Done", "\ue000 x"]]
    [True, True, True, True]
    >>> [starts_list_item(t) for t in ["• ", "a • b", "\ufffdber", "\uf0b7"]]
    [False, False, False, False]

    "◦", "○" and arrows are bullets before a word, signs before a formula's
    pieces (pdftotext starts lines with them when it breaks a formula at a
    composition or a limit):

    >>> [starts_list_item(t) for t in ["◦ Check the cable", "→ https://example.org", "◦ 2nd run"]]
    [True, True, True]
    >>> [starts_list_item(t) for t in ["◦ σ)(x)", "→ 0 as n grows", "◦ f", "◦ g)(x) = 1"]]
    [False, False, False, False]

    A hyphen, a dash or an asterisk and a space before a capitalised word is a
    bullet too (Markdown's lists, rendered as they are typed; a line of
    dialogue, a paragraph of its own as well); before a formula's name it is a
    sign, and before a lower-case word a dash in a running sentence:

    >>> [starts_list_item(t) for t in ["- Run the script.", "– Kuda ideš?", "* Item", "- x = 3", "– and so"]]
    [True, True, True, False, False]
    """
    s = text.lstrip()
    first = s[:1]
    if first in _DASH_BULLETS:
        return _DASH_ITEM.match(s) is not None
    if first in _WORD_BULLETS:
        return s[1:2].isspace() and _WORD_AFTER.match(s) is not None
    if first in _BULLETS or "\ue000" <= first <= "\uf8ff":
        return s[1:2].isspace() and bool(s[2:].strip())
    return False


def is_bullet_glyph(char: str) -> bool:
    """May a bulleted item (:func:`starts_list_item`) start with this character?

    >>> [is_bullet_glyph(ch) for ch in ["•", "-", "→", "\uf0b7", "", "a", "("]]
    [True, True, True, True, False, False, False]
    """
    return bool(char) and (
        char in _DASH_BULLETS or char in _WORD_BULLETS or char in _BULLETS or "\ue000" <= char <= "\uf8ff"
    )


def is_lone_bullet(text: str) -> bool:
    """Is the line a bullet glyph alone, its item's text on another line ("•", "\uf0b7", "◦")?

    pdftotext writes a word processor's bullet apart from its item when a tab
    stands between them.  Dashes and asterisks alone are rules and signs, and a
    check mark or an unmapped glyph alone is more often a table's cell.

    >>> [is_lone_bullet(t) for t in ["•", "  ▪ ", "\uf0b7", "◦"]]
    [True, True, True, True]
    >>> [is_lone_bullet(t) for t in ["", "-", "*", "• x", "→", "a", "✓", "\ufffd", "\uf8f1"]]
    [False, False, False, False, False, False, False, False, False]
    """
    s = text.strip()
    return len(s) == 1 and s in _LONE_BULLETS


# The glyphs that are bullets alone on a line too: not check marks, boxes or unmapped glyphs,
# and of the private use area only the bullets of Symbol and Wingdings (U+F0B7 "•", U+F0A7
# "▪", U+F0A8, U+F0D8 "➢", U+F076 "❖", U+F06E "■"): TeX's math fonts put the pieces of
# large braces and brackets there (U+F8E5-U+F8FF), alone on their lines.
_LONE_BULLETS = frozenset("•∙▪‣●■►▸◆◇❖➢➤▶◦○\uf0b7\uf0a7\uf0a8\uf0d8\uf076\uf06e")


_LONE_LABEL = lazy(r"\A\s*(\()?(\d{1,2}|[a-z])([.)])\s*\Z")


def lone_label(text: str) -> tuple[str, int] | None:
    """An enumerated item's label alone on its line ("1.", "b)", "(3)"): its style and its rank, else None.

    pdftotext reads a word processor's numbers apart from their items as it
    reads its bullets (a tab between them).  The style is the label's form
    ("(1)", "1.", "a)"), so that "2." follows "1." and not "1)".

    >>> [lone_label(t) for t in ["1.", " 12) ", "(b)", "c."]]
    [('1.', 1), ('1)', 12), ('(a)', 2), ('a.', 3)]
    >>> [lone_label(t) for t in ["1", "1.2", "(1.", "A.", "1. Run", "ab."]]
    [None, None, None, None, None, None]
    """
    m = _LONE_LABEL.match(text)
    if m is None or (m.group(1) is not None and m.group(3) != ")"):
        return None
    opening, rank, closing = m.group(1) or "", m.group(2), m.group(3)
    if rank.isdigit():
        return f"{opening}1{closing}", int(rank)
    return f"{opening}a{closing}", ord(rank) - ord("a") + 1


_DASH_BULLETS = frozenset("-–—*")
_DASH_ITEM = lazy(r"[-–—*] \p{Lu}\p{L}")

# An enumerated item's label: "(i)", "(iv)", "(a)", "a)", "3)", "(3)", "3." or "iv." before text.
_ENUMERATOR = lazy(
    r"\A\s*(?:\((?:[ivxlc]{1,6}|[a-z]|\d{1,2})\)|(?:[ivx]{1,5}|[a-z]|\d{1,2})\)|\d{1,2}\.|(?:i{1,3}|iv|vi{0,3}|ix|x)\.)"
    r"\s+\S"
)


def starts_enumerated_item(text: str) -> bool:
    """Does the line start with an enumerated item's label ("(ii) the store", "b) one line", "3. Run")?

    >>> [starts_enumerated_item(t) for t in ["(ii) the store", "b) one", "(3) Three", "12. Run", "iv) x"]]
    [True, True, True, True, True]
    >>> [starts_enumerated_item(t) for t in ["(ii)", "(see) this", "2.5 m long", "ab) no", "(x + y) z"]]
    [False, False, False, False, False]
    >>> [starts_enumerated_item(t) for t in ["ii. the store", "iv. Run", "i.e. that", "vii.x"]]
    [True, True, False, False]
    """
    s = text.lstrip()
    if not s or not (s[0] == "(" or s[0].isdigit() or s[1:2] == ")" or s[0] in "iv"):
        return False
    return _ENUMERATOR.match(s) is not None


def starts_an_item(text: str) -> bool:
    """Does the line start a list's item, after a bullet (:func:`starts_list_item`) or a label
    (:func:`starts_enumerated_item`)?

    >>> [starts_an_item(t) for t in ["• Keep it dry", "(b) the store", "Keep it dry"]]
    [True, True, False]
    """
    return starts_list_item(text) or starts_enumerated_item(text)


_LABEL = lazy(r"\A\s*(\()?(\d{1,2}|[ivx]{1,5}|[a-z])([.)])\s+\S")
_ROMAN = {"i": 1, "v": 5, "x": 10}


def _roman(numeral: str) -> int:
    """The value of a lower-case roman numeral of i, v and x ("iv" 4), 0 when it is not one.

    >>> [_roman(x) for x in ("i", "iv", "ix", "xii", "iiii", "vx", "a")]
    [1, 4, 9, 12, 0, 0, 0]
    """
    if not numeral or any(ch not in _ROMAN for ch in numeral):
        return 0
    total = 0
    for ch, after in zip(numeral, numeral[1:] + " ", strict=True):
        v = _ROMAN[ch]
        total += -v if _ROMAN.get(after, 0) > v else v
    canonical = ""
    n = total
    for value, letters in ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            canonical, n = canonical + letters, n - value
    return total if canonical == numeral else 0


def follows_label(first: str, text: str) -> bool:
    """Does ``text`` start with the label that comes after ``first``'s ("1." then "2.", "(a)" then "(b)")?

    >>> [follows_label(a, b) for a, b in [("1. one", "2. two"), ("(a) x", "(b) y"), ("b) x", "c) y")]]
    [True, True, True]
    >>> [follows_label(a, b) for a, b in [("(i) x", "(ii) y"), ("iv) x", "v) y"), ("(h) x", "(i) y")]]
    [True, True, True]
    >>> [follows_label(a, b) for a, b in [("1. one", "3. two"), ("1. one", "2) two"), ("a. x", "2. y")]]
    [False, False, False]
    """
    a, b = _LABEL.match(first), _LABEL.match(text)
    if a is None or b is None or a.group(1) != b.group(1) or a.group(3) != b.group(3):
        return False
    x, y = a.group(2), b.group(2)
    if x.isdigit() != y.isdigit():
        return False
    if x.isdigit():
        return int(y) == int(x) + 1
    rx, ry = _roman(x), _roman(y)
    if rx and ry and ry == rx + 1:
        return True  # "(iii)" after "(ii)", "v)" after "iv)"
    return len(x) == len(y) == 1 and ord(y) == ord(x) + 1


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


# A release's version alone on its line, with its date or none: "0.15.0 (May 17th, 2022)",
# "1.2.1 - 2025-10-26", "v1.4.1", "Version 3.9.0" (srtext.pipeline.rules.short_lines.release_heading).
_VERSION = lazy(
    r"""\A\s*(?:(?:Version|Release)\s+)?(?P<vee>v)?(?P<v>\d{1,4}(?:\.\d{1,4}){1,3})(?:[-.]?(?:a|b|rc|dev|post)\d*)?
    (?P<date>\s*\([^()]{4,40}\)|\s+(?:[-–—]\s+)?\d{4}-\d\d-\d\d)?\s*:?\s*\Z""",
    VERBOSE,
)


def release_version(text: str) -> regex.Match[str] | None:
    """The line as a release's version (its groups ``vee``, ``v`` and ``date``), asked only of lines
    that may be one."""
    first = text.lstrip()[:1]
    return _VERSION.match(text) if first.isdigit() or first in "vVR" else None


def is_version(text: str) -> bool:
    """Is the line a release's version, with its date or none ("0.15.0 (May 17th, 2022)", "Version 3.9.0")?

    >>> [is_version(t) for t in ["0.15.0 (May 17th, 2022)", "Version 3.9.0", "v2.1", "12", "3.2 Tides"]]
    [True, True, True, False, False]
    """
    return release_version(text) is not None

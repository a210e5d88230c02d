"""Joining the lines of one paragraph: spaces, hyphens and scripts without spaces.

The paper joins lines with a space, and a line that ends in "-" to the next
without space and without the hyphen.  The default mode keeps the hyphen where
the next line does not continue a lower-case word ("Meier-|Schultze",
"COVID-|19"), keeps a suspended hyphen with its space ("pre-|and post-war"),
drops a soft hyphen, and joins CJK lines without a space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from srtext.lang import CJK_SCRIPTS, HYPHENS, SUSPENSION_WORDS
from srtext.pipeline.patterns import lazy, pattern

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.pipeline.lexicon import Lexicon
    from srtext.pipeline.vocabulary import Vocabulary

#: How two lines meet: characters to cut from the end of the left one, and the separator.
Joint = Callable[[str, str], tuple[int, str]]
#: Where a piece of a joined paragraph came from: its position in the paragraph,
#: its offset in the input, its length, and its input line number and page.
Span = tuple[int, int, int, int, int]

#: A hyphen at a line end: ASCII's, U+2010 HYPHEN, and U+2011 NON-BREAKING HYPHEN, which
#: some PDF producers (pandoc's HTML route, for one) write where they break a word.
_HYPHEN_END = pattern(rf"(?r)(?<=\p{{L}})[{HYPHENS}]\Z")
_SOFT_HYPHEN_END = lazy(r"(?r)\u00ad\Z")
_CJK_END = lazy(rf"(?r)[{CJK_SCRIPTS}。、，！？：；」』）]\Z")
# A CJK line may start with punctuation too: a closing mark the line above had
# no room for ("。"), or an opening quote.
_CJK_START = lazy(rf"\A[{CJK_SCRIPTS}「『（《。、，！？：；」』）》“”‘’]")
_FIRST_WORD = lazy(r"\A\p{L}+")
# Every pattern here that looks at a line's end needs its last character to be one of
# these, or a CJK character or punctuation (all from U+1100 on); see plain_end.
_SPECIAL_ENDS = frozenset(HYPHENS + "\u00ad\u2013\u2014\u2212")
_FIRST_CJK = "\u1100"
_LOWER = lazy(r"\A\p{Ll}")

# SUSPENSION_WORDS: conjunctions after which a line-end hyphen is a suspended hyphen
# ("Ein- und Ausgang"), each language's in srtext.lang.


def joint_paper(left: str, right: str) -> tuple[int, str]:
    """The paper's joint: how many characters to cut from ``left``, and the separator.

    A space, or no space and no hyphen after a final "-".

    >>> joint_paper("meta-", "bolic"), joint_paper("two", "words")
    ((1, ''), (0, ' '))
    """
    if left.endswith("-"):
        return 1, ""
    return 0, " "


def plain_end(left: str) -> bool:
    """Does the line end in a character after which no hyphen, dash or CJK rule applies?

    Most lines end in a letter, a digit or a comma: they meet the next line with a
    space, decided without a regular expression.

    >>> [plain_end(t) for t in ["a word", "a sum,", "", "meta-", "range\u2013", "好"]]
    [True, True, True, False, False, False]
    """
    last = left[-1:]
    return last < _FIRST_CJK and last not in _SPECIAL_ENDS


def joint(left: str, right: str) -> tuple[int, str]:
    """The default joint of two lines: characters to cut from ``left``, and the separator.

    >>> joint("a meta-", "bolic rate"), joint("Meier-", "Schultze"), joint("Ein-", "und")
    ((1, ''), (0, ''), (0, ' '))
    >>> joint("说明原因的文字", "。管理员"), joint("他说", "“好的”"), joint("said", "“yes”")
    ((0, ''), (0, ''), (0, ' '))
    """
    if plain_end(left):
        return 0, " "
    if _SOFT_HYPHEN_END.search(left):
        return 1, ""
    if _HYPHEN_END.search(left):
        word = _FIRST_WORD.match(right)
        if word and word.group().lower() in SUSPENSION_WORDS:
            return 0, " "
        if _LOWER.match(right):
            return 1, ""
        return 0, ""
    if _CJK_END.search(left) and _CJK_START.search(right):
        return 0, ""
    return 0, " "


_LAST_FRAGMENT = lazy(rf"(?r)\p{{L}}+(?=[{HYPHENS}]\Z)")  # from the end: forward, quadratic on long lines
_DASH_END = lazy(r"(?r)(?<=\p{L})[\u2013\u2014\u2212]\Z")
_REPEATED_HYPHEN = lazy(rf"\A[{HYPHENS}]\p{{L}}")
# Languages that write compounds closed: a line-end hyphen between two known words
# is a typesetter's break there, not a compound's hyphen.
CLOSED_COMPOUNDS = frozenset("de nl sv da nb no fi is hu et sh sl cs sk pl".split())
# Of those, languages whose compound adjectives keep the hyphen after an "-o" first part.
O_COMPOUNDS = frozenset("sh sl cs sk pl".split())
# Particles that are always hyphenated ("когда-то", "кое-как").
KEEP_TAILS = {"ru": frozenset("то либо нибудь ка таки".split()), "uk": frozenset("то небудь будь".split())}
KEEP_HEADS = {"ru": frozenset(["кое", "кой"]), "uk": frozenset(["будь", "казна"])}
_DIGIT_HYPHEN_END = lazy(rf"(?r)\d[{HYPHENS}]\Z")
_FIRST_WORD_HYPHEN = lazy(rf"\A(\p{{L}}+)([{HYPHENS}]\p{{L}})?")
#: When both parts are words, the joined word must be at least this frequent (Zipf) to join.
JOIN_ZIPF = 2.0
#: Both parts at least this frequent, and the joined word not: keep the hyphen.
PART_ZIPF = 2.5
#: ... or the joined word this much rarer than its rarer part ("followup" against "follow", "up").
PART_GAP = 2.0


class Dehyphenator:
    """Joints that decide a line-end hyphen from the document's words and the language's lexicon.

    In order: a soft hyphen is removed; a dash, minus sign or a digit's hyphen
    at the end is kept and never joined as a word; a hyphen repeated at the start
    of the next line ("e-" / "-pošta") is written once; a next word that goes on
    as a compound ("state-" / "of-the-art") keeps it; a conjunction after it
    keeps it suspended with its space ("Ein- und"); the document decides when it
    has the word unbroken ("metabolic") or hyphenated ("cost-effective")
    elsewhere; a one-letter head, a capital or a digit after it keeps it
    ("x-axis", "Meier-Schultze", "COVID-19"); then the lexicon (:meth:`joins`).
    The lexicon is opened only when a hyphen needs it.

    >>> from srtext.pipeline.vocabulary import Vocabulary
    >>> d = Dehyphenator(Vocabulary("en"))
    >>> [dehyphenate(a, b, d.joint) for a, b in [("meta-", "bolic"), ("cost-", "effective"),
    ...     ("pre-", "and post-war"), ("Meier-", "Schultze"), ("Bose\u2013", "Einstein")]]
    ['metabolic', 'cost-effective', 'pre- and post-war', 'Meier-Schultze', 'Bose\u2013Einstein']
    """

    def __init__(self, vocabulary: Vocabulary, cache_dir: str | None = None) -> None:
        self.vocabulary = vocabulary
        self.cache_dir = cache_dir
        self._lexicon: Lexicon | bool | None = False  # False: not opened yet

    def lexicon(self) -> Lexicon | None:
        if self._lexicon is False:
            from srtext.pipeline.lexicon import Lexicon, available

            lang, cache = self.vocabulary.lang, self.cache_dir
            self._lexicon = Lexicon(lang, cache) if lang and available(lang, cache) else None
        return self._lexicon  # type: ignore[return-value]

    def joint(self, left: str, right: str) -> tuple[int, str]:
        """How ``left`` and ``right`` meet (see :func:`joint`)."""
        if plain_end(left):
            return 0, " "
        if not _HYPHEN_END.search(left):
            if _DASH_END.search(left) or _DIGIT_HYPHEN_END.search(left):
                return 0, ""
            return joint(left, right)
        if _REPEATED_HYPHEN.match(right):
            return 1, ""  # "e-" / "-pošta": the next line carries the hyphen
        fragment = _LAST_FRAGMENT.search(left)
        word = _FIRST_WORD_HYPHEN.match(right)
        if fragment is None or word is None:
            return 0, ""
        head, tail = fragment.group(), word.group(1)
        if word.group(2):
            return 0, ""  # "state-" / "of-the-art": the next word goes on as a compound
        if tail.lower() in SUSPENSION_WORDS and not self.is_word(head + tail):
            return 0, " "
        evidence = self.document_says(head, tail)
        if evidence is not None:
            return (1, "") if evidence else (0, "")
        if len(head) == 1 or (not tail[0].islower() and not (head.isupper() and tail.isupper())):
            return 0, ""  # "x-axis", "Meier-Schultze", "COVID-19"
        return (1, "") if self.joins(head, tail) else (0, "")

    def is_word(self, word: str) -> bool:
        if self.vocabulary.unbroken(word):
            return True
        lexicon = self.lexicon()
        return lexicon is not None and lexicon.zipf(word) >= JOIN_ZIPF

    def document_says(self, head: str, tail: str) -> bool | None:
        """Join (True) or keep (False) when the document has the word elsewhere; else None."""
        whole = self.vocabulary.unbroken(head + tail)
        hyphenated = self.vocabulary.hyphenated(f"{head}-{tail}")
        if whole or hyphenated:
            return whole >= hyphenated
        return None

    def joins(self, head: str, tail: str) -> bool:
        """Is ``head-`` / ``tail`` one word broken by the typesetter (not a compound's hyphen)?

        Particles that are always hyphenated keep it ("когда-то"); parts that are
        not both words join; languages that write compounds closed join (except
        Slavic "-o" compound adjectives, "naučno-istraživački"); else the joined
        word must be frequent enough, absolutely and against its rarer part.
        """
        lexicon = self.lexicon()
        if lexicon is None:
            return True
        lang = lexicon.lang
        if tail.lower() in KEEP_TAILS.get(lang, ()) or head.lower() in KEEP_HEADS.get(lang, ()):
            return False  # "когда-то", "кое-как"
        joined = lexicon.zipf(head + tail)
        part = min(lexicon.zipf(head), lexicon.zipf(tail)) if len(tail) > 1 else 0.0
        if part < PART_ZIPF:
            return True
        if lang in CLOSED_COMPOUNDS:
            # Closed compounds, except Slavic compound adjectives ("naučno-istraživački").
            return not (lang in O_COMPOUNDS and head[-1] in "oо" and len(head) > 3 and len(tail) > 3)
        return joined >= max(JOIN_ZIPF, part - PART_GAP)


def dehyphenate(left: str, right: str, decide: Joint | None = None) -> str:
    """Join two lines of a paragraph, deciding what a line-end hyphen means.

    >>> dehyphenate("a meta-", "bolic rate")
    'a metabolic rate'
    >>> dehyphenate("Meier-", "Schultze")
    'Meier-Schultze'
    >>> dehyphenate("Ein-", "und Ausgang")
    'Ein- und Ausgang'
    >>> dehyphenate("soft\u00ad", "ware"), dehyphenate("in 1990 -", "2000")
    ('software', 'in 1990 - 2000')
    >>> dehyphenate("中文", "文本"), dehyphenate("words", "more")
    ('中文文本', 'words more')
    """
    return join_spans([(left, 0, 0, 0), (right, 0, 0, 0)], decide or joint)[0]


def join_lines(texts: Sequence[str], mode: str = "default") -> str:
    """Join a paragraph's line texts into one line, as the mode joins them.

    Each text is stripped of surrounding white space first; empty texts are skipped.

    >>> join_lines(["  The", "pro-", "cess ends."])
    'The process ends.'
    >>> join_lines(["meta-", "bolic"], mode="paper")
    'metabolic'
    """
    return join_spans([(t, 0, 0, 0) for t in texts], joint_paper if mode == "paper" else joint)[0]


def join_spans(
    pieces: Iterable[tuple[str, int, int, int]], decide: Joint = joint
) -> tuple[str, tuple[Span, ...]]:
    """Join lines into one paragraph, and say where each piece came from.

    ``pieces`` are ``(text, input offset, line number, page)``; ``decide``
    chooses each joint (:func:`joint`, :func:`joint_paper`, or a lexicon's).  A
    span is ``(position in the paragraph, offset in the input, length, line, page)``.

    >>> join_spans([("  a meta-", 10, 1, 1), ("bolic rate", 20, 2, 1)])
    ('a metabolic rate', ((0, 12, 6, 1, 1), (6, 20, 10, 2, 1)))
    """
    parts: list[str] = []
    spans: list[Span] = []
    pos = 0
    for text, offset, number, page in pieces:
        stripped = text.strip()
        if not stripped:
            continue
        if parts:
            cut, sep = decide(parts[-1], stripped)
            if cut:
                parts[-1] = parts[-1][:-cut]
                at, off, length, n, pg = spans[-1]
                spans[-1] = (at, off, length - cut, n, pg)
                pos -= cut
            if sep:
                parts.append(sep)
                pos += len(sep)
        spans.append((pos, offset + len(text) - len(text.lstrip()), len(stripped), number, page))
        parts.append(stripped)
        pos += len(stripped)
    return "".join(parts), tuple(spans)

"""Joining the lines of one paragraph: spaces, hyphens and scripts without spaces.

The paper joins lines with a space, and a line that ends in "-" to the next
without space and without the hyphen.  The default mode keeps the hyphen where
the next line does not continue a lower-case word ("Meier-|Schultze",
"COVID-|19"), keeps a suspended hyphen with its space ("pre-|and post-war"),
drops a soft hyphen, and joins CJK lines without a space.

:class:`Dehyphenator` decides a line end with the document's words and the
language's lexicon: each criterion is a function of :data:`HYPHEN_RULES`, named,
documented and asked in order, and a verdict names the one that gave it.  The
names are the table's (:func:`hyphen_rule_names`); ``--explain``, jsonl
``--with-dropped`` and the audit page show them, through a :class:`Recorder`
that the recovery uses only when one of them asks (the default path notes nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from srtext.lang import CJK_SCRIPTS, HYPHENS, SUSPENSION_WORDS, SUSPENSIONS
from srtext.pipeline.patterns import lazy, pattern
from srtext.record import NamedTuple, Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.pipeline.lexicon import Lexicon
    from srtext.pipeline.vocabulary import Vocabulary

    Rule = Callable[["Dehyphenator", "End"], "str | None"]  # a criterion of HYPHEN_RULES

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
# ("Ein- und Ausgang"), every language's; SUSPENSIONS: each language's own (srtext.lang).


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
# Portuguese hyphenates a verb's enclitic pronoun ("designá-lo", "tornar-se").
KEEP_TAILS = {
    "ru": frozenset("то либо нибудь ка таки".split()),
    "uk": frozenset("то небудь будь".split()),
    "pt": frozenset("lo la los las se me te nos lhe lhes".split()),
}
# A word's last vowel with the accent of its stress: the verb's form before a Portuguese enclitic
# pronoun ("designá-lo", "fazê-lo"), which no word list has alone.
_STRESSED = frozenset("áéíóúâêô")
KEEP_HEADS = {"ru": frozenset(["кое", "кой"]), "uk": frozenset(["будь", "казна"])}
# The scripts of a letter (script_changes); any other letter counts as of no script.
_SCRIPT = lazy(r"(?P<latin>\p{Latin})|(?P<cyrillic>\p{Cyrillic})|(?P<greek>\p{Greek})")
_DIGIT_HYPHEN_END = lazy(rf"(?r)\d[{HYPHENS}]\Z")
_FIRST_WORD_HYPHEN = lazy(rf"\A(\p{{L}}+)([{HYPHENS}]\p{{L}})?")
#: A hyphen other than ASCII's, at this many line ends and never inside a line, is the typesetter's mark.
MARK_ENDS = 2
#: When both parts are words, the joined word must be at least this frequent (Zipf) to join.
JOIN_ZIPF = 2.0
#: Both parts at least this frequent, and the joined word not: keep the hyphen.
PART_ZIPF = 2.5
#: ... or the joined word this much rarer than its rarer part ("followup" against "follow", "up").
PART_GAP = 2.0
#: A part after the hyphen that at least this many distinct words of the document end in, each at
#: least ENDING_STEM letters longer, is an ending of the language's words ("-ly", "-remos", "-ным").
ENDING_WORDS = 5
ENDING_STEM = 3
#: A joined word at least this frequent is one the lexicon knows well ("thereof", "onto", "лето"):
#: written whole, however frequent its parts are, and a particle's hyphen ("ле-" / "то") is no
#: particle's.  The misspellings of hyphenated words that wordfreq has ("чтото" 3.3, "какойто" 2.9)
#: stay below it.
KNOWN_ZIPF = 3.5


class End(Record):
    """What the criteria of :data:`HYPHEN_RULES` see of one line end: the two lines, and around a
    hyphen after a letter the fragment before it (``head``) and the word the next line starts
    with (``tail``; both empty for any other end).  ``goes_on``: that word goes on with a hyphen;
    ``inside``: the fragment follows a hyphen itself ("cray-mpich-" / "abi").  A plain class, not a
    named tuple: made on the default path, its class costs less to build at start-up.
    """

    _fields = ("left", "right", "hyphen", "head", "tail", "goes_on", "inside")
    __slots__ = _fields

    def __init__(
        self,
        left: str,
        right: str,
        hyphen: bool,
        head: str = "",
        tail: str = "",
        goes_on: bool = False,
        inside: bool = False,
    ) -> None:
        self.left, self.right, self.hyphen = left, right, hyphen
        self.head, self.tail, self.goes_on, self.inside = head, tail, goes_on, inside


class Joining(NamedTuple):
    """The verdict on one line end of a paragraph, with the criterion that gave it.

    ``line`` is the input line that ends there; ``verdict`` is ``join`` (hyphen
    removed, no space), ``keep`` (hyphen kept, no space), ``space`` (a space; a
    hyphen kept), or ``close`` (no space: CJK); ``rule`` names the criterion
    (:data:`HYPHEN_RULES`); ``at`` is the last word of the line and the first of the
    next, as they were (``"meta-|bolic"``).
    """

    line: int
    verdict: str
    rule: str
    at: str


#: What each verdict does: characters cut from the left line, and the separator.
VERDICTS: dict[str, tuple[int, str]] = {"join": (1, ""), "keep": (0, ""), "space": (0, " "), "close": (0, "")}


def soft_hyphen(d: Dehyphenator, e: End) -> str | None:
    """A soft hyphen at the end is where the typesetter broke a word: removed, the word joined."""
    return "join" if e.left.endswith("\u00ad") else None


def dash_end(d: Dehyphenator, e: End) -> str | None:
    """A dash or minus sign after a letter ("Bose–" / "Einstein") is kept, with no space: no word's break."""
    return "keep" if not e.hyphen and _DASH_END.search(e.left) else None


def digit_hyphen(d: Dehyphenator, e: End) -> str | None:
    """A hyphen after a digit ("1990-" / "2000") is a range's or a code's: kept, without a space."""
    return "keep" if not e.hyphen and _DIGIT_HYPHEN_END.search(e.left) else None


def cjk_lines(d: Dehyphenator, e: End) -> str | None:
    """Two lines of a script written without spaces (CJK) meet without a space."""
    return "close" if not e.hyphen and _CJK_END.search(e.left) and _CJK_START.search(e.right) else None


def no_word_before(d: Dehyphenator, e: End) -> str | None:
    """Any other end that is not a hyphen after a letter ("in 1990 -") meets the next line with a space."""
    return "space" if not e.hyphen else None


def hyphen_repeated(d: Dehyphenator, e: End) -> str | None:
    """The next line starts with the hyphen again ("e-" / "-pošta"): written once."""
    return "join" if _REPEATED_HYPHEN.match(e.right) else None


def no_word_after(d: Dehyphenator, e: End) -> str | None:
    """The next line does not start with a letter ("COVID-" / "19"): the hyphen is kept."""
    return "keep" if not e.tail else None


def script_changes(d: Dehyphenator, e: End) -> str | None:
    """The parts are letters of two scripts ("Debian-" / "а", "Linux-" / "ом": a Latin name with a
    Cyrillic ending): no word changes its script inside, the hyphen is kept."""
    head, tail = _SCRIPT.match(e.head[-1]), _SCRIPT.match(e.tail[0])
    return "keep" if (head and head.lastgroup) != (tail and tail.lastgroup) else None


def compound_goes_on(d: Dehyphenator, e: End) -> str | None:
    """The next word goes on as a compound ("state-" / "of-the-art"): the hyphen is kept, unless
    the break's hyphen is the typesetter's own mark (:func:`break_mark`), or the two parts make a
    word the lexicon's criteria join: the compound's first part broken ("De-" / "bian-based",
    "day-" / "light-saving"); in a language that writes compounds closed, whose first part is often
    a closed compound no lexicon has ("Op-" / "waardeer-script"), a lower-case part after is enough."""
    if not e.goes_on or d.marks_breaks(e.left[-1]):
        return None
    lexicon = d.lexicon()
    closed = lexicon is not None and lexicon.lang in CLOSED_COMPOUNDS and e.tail[0].islower()
    word = closed or d.is_word(e.head + e.tail)
    return None if word and d.joins(e.head, e.tail) else "keep"


def break_mark(d: Dehyphenator, e: End) -> str | None:
    """The break's hyphen is a character (U+2010, U+2011) the document has at line ends only (at two
    or more), never inside a line: the typesetter's mark of its breaks (WeasyPrint's
    hyphenate-character, say), whatever the parts are ("Git\u2010" / "Hub"): joined."""
    return "join" if d.marks_breaks(e.left[-1]) else None


def compound_goes_back(d: Dehyphenator, e: End) -> str | None:
    """The fragment before the hyphen follows a hyphen itself ("cray-mpich-" / "abi"), the two
    parts make no word and the part after is a word: a compound of several parts broken at one of
    its own hyphens, kept (but "Broadcast-Adres-" / "sen" makes "Adressen", and "Debian-In-" /
    "stallation" has no word after: broken inside a part).  Not in a language that writes compounds
    closed, whose compound's part is a closed compound itself, seldom a word of its lexicon
    ("Debian-Installations-" / "programm"): :func:`closed_compound` decides those."""
    if not e.inside or d.is_word(e.head + e.tail) or not d.is_word(e.tail):
        return None
    lexicon = d.lexicon()
    return None if lexicon is not None and lexicon.lang in CLOSED_COMPOUNDS else "keep"


def parts_seen_alone(d: Dehyphenator, e: End) -> str | None:
    """Both parts are words the document writes alone ("update" and "grub"), and the joined word is
    neither in the document nor a word of the language ("updategrub"): a compound of the two, kept.
    Not in a language that writes compounds closed, whose compounds are mostly no word of its
    lexicon ("Daten" and "verluste", "Datenverluste"): :func:`closed_compound` decides those."""
    if not (d.vocabulary.unbroken(e.head) and d.vocabulary.unbroken(e.tail)) or len(e.tail) < 2:
        return None
    if d.is_word(e.head + e.tail):
        return None
    lexicon = d.lexicon()
    return None if lexicon is not None and lexicon.lang in CLOSED_COMPOUNDS else "keep"


def common_ending(d: Dehyphenator, e: End) -> str | None:
    """The part after the hyphen, in lower case, is an ending that many of the document's words have
    (:data:`ENDING_WORDS`): a word broken before its ending ("similar-" / "mente", "lossless-" / "ly",
    "сильны-" / "ми"), joined, though the ending is a word too ("mente", "ly") and the joined form is
    too rare an inflection for the lexicon.  A compound's second part is a word, rarely many words'
    ending."""
    if not e.tail[0].islower() or len(e.head) < 2:
        return None
    return "join" if d.vocabulary.ending(e.tail, ENDING_STEM) >= ENDING_WORDS else None


def suspended_hyphen(d: Dehyphenator, e: End) -> str | None:
    """A conjunction of the document's language (:data:`srtext.lang.SUSPENSIONS`; any language's when it
    has no list) after the hyphen ("Ein-" / "und Ausgang"), the two no word, the part before a word itself
    (a compound's first part): suspended, with its space.  A fragment that is no word ("прочита-" /
    "ни", "Непотписа-" / "ни") is a word broken before its ending, which may be a conjunction too."""
    words = SUSPENSIONS.get(d.vocabulary.lang or "", SUSPENSION_WORDS)
    if e.tail.lower() not in words or d.is_word(e.head + e.tail):
        return None
    lexicon = d.lexicon()
    if lexicon is None or d.vocabulary.unbroken(e.head) or lexicon.zipf(e.head) >= PART_ZIPF:
        return "space"
    return None


def document_says(d: Dehyphenator, e: End) -> str | None:
    """The document has the word elsewhere, unbroken ("metabolic") or hyphenated ("cost-effective"),
    on a line: the form it has more often."""
    whole = d.vocabulary.unbroken(e.head + e.tail)
    hyphenated = d.vocabulary.hyphenated(f"{e.head}-{e.tail}")
    if whole or hyphenated:
        return "join" if whole >= hyphenated else "keep"
    return None


def one_letter_head(d: Dehyphenator, e: End) -> str | None:
    """One letter before the hyphen ("x-" / "axis"): a compound, the hyphen kept."""
    return "keep" if len(e.head) == 1 else None


def capital_after(d: Dehyphenator, e: End) -> str | None:
    """A capital after the hyphen ("Meier-" / "Schultze"), both parts not capitals: a compound, kept."""
    return "keep" if not e.tail[0].islower() and not (e.head.isupper() and e.tail.isupper()) else None


def no_lexicon(d: Dehyphenator, e: End) -> str | None:
    """No word list for the language: a break inside a lower-case word is the typesetter's, joined."""
    return "join" if d.lexicon() is None else None


def hyphenated_particle(d: Dehyphenator, e: End) -> str | None:
    """A particle always written with a hyphen ("когда-" / "то", "кое-" / "как", "designá-" / "lo"):
    kept when the other part is a word (a particle goes with a whole word: "установщи-" / "ка" is
    "установщика") or ends in an accented stressed vowel (a verb's form before its pronoun, which
    no lexicon has: "designá-"), and the two make no word the lexicon knows well (:data:`KNOWN_ZIPF`:
    "ле-" / "то" is "лето").  Before :func:`common_ending`: a particle is many words' ending too."""
    lexicon = d.lexicon()
    if lexicon is None:
        return None
    lang = lexicon.lang
    if e.tail.lower() in KEEP_TAILS.get(lang, ()):
        other = e.head
    elif e.head.lower() in KEEP_HEADS.get(lang, ()):
        other = e.tail
    else:
        return None
    whole = lexicon.zipf(other) >= PART_ZIPF or other[-1] in _STRESSED
    return "keep" if whole and lexicon.zipf(e.head + e.tail) < KNOWN_ZIPF else None


def part_not_a_word(d: Dehyphenator, e: End) -> str | None:
    """A part that is no frequent word on its own ("meta-" / "bolic"): a word broken in two, joined."""
    return "join" if d.rarer_part(e) < PART_ZIPF else None


def closed_compound(d: Dehyphenator, e: End) -> str | None:
    """Both parts words, in a language that writes compounds closed (German, Dutch, the Nordic and
    West Slavic languages...): joined, but for a Slavic "-o" compound adjective ("naučno-istraživački")."""
    lang = d.lexicon().lang  # type: ignore[union-attr]
    if lang not in CLOSED_COMPOUNDS:
        return None
    head, tail = e.head, e.tail
    adjective = lang in O_COMPOUNDS and head[-1] in "oо" and len(head) > 3 and len(tail) > 3
    return "keep" if adjective else "join"


def common_beginning(d: Dehyphenator, e: End) -> str | None:
    """Both parts words, and the part before the hyphen begins many of the document's words
    (:data:`ENDING_WORDS`, each :data:`ENDING_STEM` letters longer): a prefix the typesetter broke
    after ("re-" / "sized", "пере-" / "сборки", "dé-" / "comprimer"), joined, though the joined word
    is too rare for the lexicon (hyphenation patterns break at a prefix's end first)."""
    return "join" if d.vocabulary.beginning(e.head, ENDING_STEM) >= ENDING_WORDS else None


def joined_word_frequency(d: Dehyphenator, e: End) -> str:
    """Both parts words: joined when the joined word is frequent, absolutely and against its rarer
    part ("followup" is rarer than "follow" and "up": kept), or a word the lexicon knows well
    (:data:`KNOWN_ZIPF`: "thereof", "onto" are much rarer than "there", "on" and "to", and words)."""
    joined = d.lexicon().zipf(e.head + e.tail)  # type: ignore[union-attr]
    return "join" if joined >= max(JOIN_ZIPF, min(d.rarer_part(e) - PART_GAP, KNOWN_ZIPF)) else "keep"


#: The criteria of a line end, asked in order; the first that answers decides.  The ends that
#: are no hyphen after a letter come first (each needs its own end: their order is free).  Of a
#: hyphen's: the next line's own evidence (a repeated hyphen, no letter, another script); then the
#: document's (the word seen elsewhere whole or hyphenated, which outweighs the shape of the words
#: around: "Open-" / "VPN-based" is "OpenVPN-based" where the document has "OpenVPN"), a compound
#: going on (which asks the lexicon's criteria whether its broken first part is one word) or back,
#: unless the hyphen is the typesetter's break mark, a suspension, a fixed particle (before the
#: endings: a particle is many words' ending), an ending many of the document's words have (before
#: the parts seen alone: an ending is often a word too, "ly"), both parts seen alone; then the
#: shape of the parts (one letter, a capital); and the lexicon last, opened only when a hyphen
#: needs it: the parts' and the joined word's frequencies, with a prefix many of the document's
#: words begin with asked just before the joined word's frequency.
HYPHEN_RULES: tuple[Rule, ...] = (
    soft_hyphen,
    dash_end,
    digit_hyphen,
    cjk_lines,
    no_word_before,
    hyphen_repeated,
    no_word_after,
    script_changes,
    document_says,
    compound_goes_on,
    break_mark,
    compound_goes_back,
    suspended_hyphen,
    hyphenated_particle,
    common_ending,
    parts_seen_alone,
    one_letter_head,
    capital_after,
    no_lexicon,
    part_not_a_word,
    closed_compound,
    common_beginning,
    joined_word_frequency,
)


def hyphen_rule_names() -> tuple[str, ...]:
    """The names of :data:`HYPHEN_RULES`, in order: what ``--explain`` and jsonl name a line end by."""
    return tuple(rule.__name__ for rule in HYPHEN_RULES)


class Dehyphenator:
    """Joints that decide a line-end hyphen from the document's words and the language's lexicon.

    Each line end that is not plain (:func:`plain_end`) is put to the criteria of
    :data:`HYPHEN_RULES` in order, and the first that answers decides; :meth:`verdict`
    says which.  The lexicon is opened only when a hyphen needs it.

    >>> from srtext.pipeline.vocabulary import Vocabulary
    >>> d = Dehyphenator(Vocabulary("en"))
    >>> [dehyphenate(a, b, d.joint) for a, b in [("meta-", "bolic"), ("cost-", "effective"),
    ...     ("pre-", "and post-war"), ("Meier-", "Schultze"), ("Bose\u2013", "Einstein")]]
    ['metabolic', 'cost-effective', 'pre- and post-war', 'Meier-Schultze', 'Bose\u2013Einstein']
    >>> d.verdict("a meta-", "bolic rate"), d.verdict("Meier-", "Schultze")
    (('join', 'part_not_a_word'), ('keep', 'capital_after'))
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
        return VERDICTS[self.verdict(left, right)[0]]

    def verdict(self, left: str, right: str) -> tuple[str, str]:
        """The verdict on the end of ``left`` before ``right``, and the name of the criterion that gave it."""
        e = end(left, right)
        for rule in HYPHEN_RULES:
            answer = rule(self, e)
            if answer is not None:
                return answer, rule.__name__
        raise AssertionError("the last criterion always answers")  # pragma: no cover

    def is_word(self, word: str) -> bool:
        if self.vocabulary.unbroken(word):
            return True
        lexicon = self.lexicon()
        return lexicon is not None and lexicon.zipf(word) >= JOIN_ZIPF

    def marks_breaks(self, hyphen: str) -> bool:
        """Does the document write ``hyphen`` (not ASCII's) at line ends only, never inside a line, and
        at more than one (one end is no evidence of a habit)?"""
        if hyphen not in _MARKS:
            return False
        ends, inside = self.vocabulary.marks(hyphen)
        return ends >= MARK_ENDS and inside == 0

    def rarer_part(self, e: End) -> float:
        """The frequency (Zipf) of the rarer part; 0 for a one-letter tail."""
        lexicon = self.lexicon()
        if lexicon is None or len(e.tail) <= 1:
            return 0.0
        return min(lexicon.zipf(e.head), lexicon.zipf(e.tail))

    def joins(self, head: str, tail: str) -> bool:
        """Is ``head-`` / ``tail`` one word broken by the typesetter (the lexicon's criteria only)?

        >>> from srtext.pipeline.vocabulary import Vocabulary
        >>> Dehyphenator(Vocabulary("en")).joins("meta", "bolic")
        True
        """
        e = End(head + "-", tail, True, head, tail)
        for rule in HYPHEN_RULES[HYPHEN_RULES.index(no_lexicon) :]:
            answer = rule(self, e)
            if answer is not None:
                return answer == "join"
        return True  # pragma: no cover


_MARKS = frozenset("\u2010\u2011")


def end(left: str, right: str) -> End:
    """What the criteria see of a line end (``left`` not plain).

    >>> end("the meta-", "bolic rate")  # doctest: +NORMALIZE_WHITESPACE
    End(left='the meta-', right='bolic rate', hyphen=True, head='meta', tail='bolic', goes_on=False,
        inside=False)
    """
    if not _HYPHEN_END.search(left):
        return End(left, right, False)
    fragment = _LAST_FRAGMENT.search(left)
    word = _FIRST_WORD_HYPHEN.match(right)
    if fragment is None or word is None:
        return End(left, right, True)
    head = fragment.group()
    at = fragment.start()
    inside = at > 0 and left[at - 1] in HYPHENS
    return End(left, right, True, head, word.group(1), bool(word.group(2)), inside)


def around(left: str, right: str) -> str:
    """The last word of ``left`` and the first of ``right``, as they were: where a joint is.

    >>> around("a meta-", "bolic rate"), around("", "x")
    ('meta-|bolic', '|x')
    """
    return f"{left.rsplit(None, 1)[-1] if left.strip() else ''}|{(right.split(None, 1) or [''])[0]}"


class Recorder:
    """A joint that notes the verdict on every line end that is not plain, for ``--explain``, jsonl
    ``--with-dropped`` and the audit page: the recovery uses it only when one of them asks.

    :meth:`take` gives the verdicts noted since it was last called, with the lines they end.

    >>> from srtext.pipeline.vocabulary import Vocabulary
    >>> r = Recorder(Dehyphenator(Vocabulary("en")))
    >>> join_spans([("a meta-", 0, 4, 1), ("bolic", 8, 5, 1), ("rate", 14, 6, 1)], r)[0]
    'a metabolic rate'
    >>> r.take([4, 5, 6])
    (Joining(line=4, verdict='join', rule='part_not_a_word', at='meta-|bolic'),)
    """

    def __init__(self, dehyphenator: Dehyphenator) -> None:
        self.dehyphenator = dehyphenator
        self.noted: list[tuple[str, str, str] | None] = []  # one per joint asked, in order

    def __call__(self, left: str, right: str) -> tuple[int, str]:
        if plain_end(left):
            self.noted.append(None)
            return 0, " "
        verdict, rule = self.dehyphenator.verdict(left, right)
        self.noted.append((verdict, rule, around(left, right)))
        return VERDICTS[verdict]

    def take(self, lines: Sequence[int]) -> tuple[Joining, ...]:
        """The verdicts noted since the last call; ``lines`` are the numbers of the lines joined,
        in order (those with text): the k-th joint is the end of the k-th."""
        noted, self.noted = self.noted, []
        return tuple(Joining(lines[k], *v) for k, v in enumerate(noted) if v is not None and k < len(lines))


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

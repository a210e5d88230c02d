"""The rules' guards: what a rule asks first, so that the table need not ask the rule.

Most rules answer nothing for most lines, and say so after a test or two that
costs little: the open paragraph is a heading, the line starts in lower case,
no line comes next.  :func:`facts` answers those tests once a line, as the bits
of one number; a rule's guard (:data:`GUARDS` in :mod:`srtext.pipeline.rules`)
is its first tests written over those bits (:func:`when`), and :func:`decide` asks only the
rules whose guard the line's facts pass, in the tables' order, from a table
made once for each set of facts.  A guard must pass wherever its rule may
answer (``tests/test_guards.py`` asks every rule whose guard fails, on every
line of the cases and of a sample of documents, and finds no answer); a rule
without one is always asked.  The rules keep their own tests: a guard is a
shortcut, not a second statement of the rule.
"""

from __future__ import annotations

from srtext.pipeline.classify import Band, LineClass
from srtext.pipeline.events import BODY, HEADING, REFERENCE
from srtext.pipeline.labels import is_bullet_glyph, is_lone_bullet, is_theorem_first, may_head_references

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.pipeline.rules.context import Ctx, Rule

#: A guard: the facts that leave its rule a chance to answer, as alternatives, each the facts it
#: needs all of, those it bars and those it needs one of at least (0: any); see :func:`when`.
Guard = tuple[tuple[int, int, int], ...]

# -- the facts, one bit each

# the line: its band, its class, its case, what stands around it
SHORT = 1 << 0  # the line is short (the table of short lines is asked, else that of long ones)
GEOMETRY = 1 << 1  # the line has a place on the page (the geometry rules are asked)
LOWER = 1 << 2  # it starts in lower case (``Ctx.lower``)
UNFINISHED = 1 << 3  # it ends without a sentence end
FINISHED = 1 << 4  # it ends a sentence
BLANK = 1 << 5  # a blank line comes before it
PAGE_BREAK = 1 << 6  # a page break comes before it
NEXT = 1 << 7  # a next line is known
# the open paragraph (none of these: nothing is open)
OPEN = 1 << 8
IN_BODY = 1 << 9
IN_HEADING = 1 << 10
IN_REFERENCES = 1 << 11
PREV_UNFINISHED = 1 << 12  # its last line ends without a sentence end
PREV_FINISHED = 1 << 13  # its last line ends a sentence
PREV_SHORT = 1 << 14  # its last line is short
AFTER_DEBRIS = 1 << 15  # debris was dropped after its last line
ONE_LINE = 1 << 16  # it has one line so far
LINES = 1 << 17  # it has two lines or more
IN_ITEM = 1 << 29  # its first line may start an item: a bullet's, a dash's or a label's first characters
# the line's first two characters after white space (:func:`first_facts`)
FIRST_DIGIT = 1 << 18
FIRST_LOWER = 1 << 19
FIRST_BRACKET = 1 << 20  # "("
FIRST_DASH = 1 << 21  # a dash or an asterisk: "-", "–", "—", "∗", "*"
FIRST_BULLET = 1 << 22  # a glyph a bulleted item may start with (:func:`is_bullet_glyph`)
FIRST_LONE_BULLET = 1 << 23  # a glyph that is a bullet alone on a line (:func:`is_lone_bullet`)
FIRST_THEOREM = 1 << 24  # a theorem's label may start with it (:func:`is_theorem_first`)
FIRST_VERSION = 1 << 25  # a digit, "v", "V" or "R": a release's version may start with it
FIRST_ISSUE = 1 << 26  # "#", "(", "P", "p", "I", "i", "G": an issue's reference may start with it
SECOND_SPACE = 1 << 27  # a space comes second ("q Keep", "• Item")
FIRST_LABEL = 1 << 28  # "(", "i", "v" or a digit first, or ")" or "." second: an item's label may start it
FIRST_SQUARE = 1 << 30  # "[": a note's label ("[1]") or an alert's ("[!NOTE]") may start it
IN_SQUARE = 1 << 31  # the open paragraph's first line starts with "["
FIRST_NUMERAL = 1 << 32  # an ASCII digit or a character not ASCII (a digit of another script?)
LOOSE = 1 << 34  # a word of a loose line, or the line under one (Evidence.loose)
FIRST_REFERENCES = 1 << 33  # a reference list's heading may start with it (labels.may_head_references)

_ITEM_FIRST = FIRST_BULLET | FIRST_LONE_BULLET | FIRST_LABEL
_KINDS = {BODY: OPEN | IN_BODY, HEADING: OPEN | IN_HEADING, REFERENCE: OPEN | IN_REFERENCES}
_FIRSTS: dict[str, int] = {}
_UNFINISHED, _FINISHED, _SHORT = LineClass.UNFINISHED, LineClass.FINISHED, Band.SHORT
#: The most beginnings (:func:`first_facts`) and sets of facts (the guarded tables) kept.
KEPT = 1 << 13


def first_facts(start: str) -> int:
    """The facts of a line's first two characters after white space, kept once known."""
    known = _FIRSTS.get(start)
    if known is None:
        first, second = start[:1], start[1:2]
        known = (
            (FIRST_DIGIT if first.isdigit() else 0)
            | (FIRST_LOWER if first.islower() else 0)
            | (FIRST_BRACKET if first == "(" else 0)
            | (FIRST_DASH if first and first in "-–—∗*" else 0)
            | (FIRST_BULLET if is_bullet_glyph(first) else 0)
            | (FIRST_LONE_BULLET if is_lone_bullet(first) else 0)
            | (FIRST_THEOREM if is_theorem_first(first) else 0)
            | (FIRST_VERSION if first.isdigit() or (first and first in "vVR") else 0)
            | (FIRST_ISSUE if first and first in "#(PpIiG" else 0)
            | (SECOND_SPACE if second == " " else 0)
            | (FIRST_LABEL if first and (first in "(iv" or first.isdigit() or second in ").") else 0)
            | (FIRST_SQUARE if first == "[" else 0)
            | (FIRST_NUMERAL if (first.isdigit() if first.isascii() else True) else 0)
            | (FIRST_REFERENCES if may_head_references(first) else 0)
        )
        if len(_FIRSTS) < KEPT:  # a bound on memory: a text of many scripts has many beginnings
            _FIRSTS[start] = known
    return known


def facts(c: Ctx) -> int:
    """The facts of a line, the lines around it and the open paragraph, as bits."""
    cur = c.cur
    cls = c.cls
    f = (
        first_facts(c.text.lstrip()[:2])
        | (SHORT if c.short else 0)
        | (LOWER if c.lower else 0)
        | (UNFINISHED if cls is _UNFINISHED else FINISHED if cls is _FINISHED else 0)
        | (BLANK if cur.blank_before else 0)
        | (PAGE_BREAK if cur.page_break_before else 0)
        | (NEXT if c.nxt is not None else 0)
        | (GEOMETRY if cur.ev.geo is not None else 0)
        | (LOOSE if cur.ev.loose else 0)
    )
    s = c.state
    if s is None:
        return f
    cls = s.last_cls
    f |= (
        _KINDS.get(s.kind, OPEN)
        | (PREV_UNFINISHED if cls is _UNFINISHED else PREV_FINISHED if cls is _FINISHED else 0)
        | (PREV_SHORT if s.last_band is _SHORT else 0)
        | (AFTER_DEBRIS if s.after_debris else 0)
    )
    n = len(s.lines)
    if n:
        opened = s.opened
        if opened < 0:  # the first line's facts that the paragraph's take, asked once a paragraph
            first = first_facts(s.lines[0].text.lstrip()[:2])
            opened = s.opened = (IN_ITEM if first & _ITEM_FIRST else 0) | (
                IN_SQUARE if first & FIRST_SQUARE else 0
            )
        f |= opened | (ONE_LINE if n == 1 else LINES)
    return f


def when(need: int = 0, bar: int = 0, some: int = 0) -> Guard:
    """A guard of one alternative: all the facts ``need``, none of ``bar``, one of ``some`` if any.

    Two guards added (``+``) pass where either passes.

    >>> g = when(OPEN, bar=BLANK) + when(NEXT)
    >>> passes(g, OPEN), passes(g, OPEN | BLANK), passes(g, NEXT | BLANK), passes(when(some=OPEN | NEXT), 0)
    (True, False, True, False)
    """
    return ((need, bar, some),)


def passes(guard: Guard, f: int) -> bool:
    """Do the facts ``f`` pass the guard (one of its alternatives)?"""
    return any(f & need == need and not f & bar and (not some or f & some) for need, bar, some in guard)


def guarded(rules: tuple[Rule, ...], guards: dict[Rule, Guard], f: int) -> tuple[Rule, ...]:
    """The rules of a table that a line with these facts is asked, in the table's order.

    :func:`passes` written out: made once for each set of facts a document shows, a few hundred
    in a paper, so that a table costs little more to make than to ask.
    """
    asked = []
    for rule in rules:
        guard = guards.get(rule)
        if guard is None:
            asked.append(rule)
            continue
        for need, bar, some in guard:
            if f & need == need and not f & bar and (not some or f & some):
                asked.append(rule)
                break
    return tuple(asked)

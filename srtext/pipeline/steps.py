"""The recovery's own steps: what it decides about a line before and after the rules.

The rules (:mod:`srtext.pipeline.rules`) decide a line of running text.  Around
them, the default recovery (:mod:`srtext.pipeline.recover`) keeps state that no
rule sees: an open caption, a reference list, the front matter.  Its decisions
about that state are named functions too, in three tables asked in a visible
order; each function's docstring is its reason, and its name is what
``--explain`` shows (``srtext/docgen.py`` lists them in README):

* :data:`TRANSITIONS`: the state changes before a line is decided.  Each is a
  question; where it answers yes, the machine applies its change (closing the
  front matter or the reference list, taking a line as full) and the name goes
  before the deciding rule's ("reference_list_ends > short_outside_paragraph").
* :data:`CAPTION_STEPS`, asked while a caption is open, then :data:`STEPS`, then
  the rules: the first that answers decides the line with a verdict (a verb and
  a reason).  The machine applies every verdict in one place
  (``_Machine.apply``).
* :data:`AMENDMENTS`: rewrite a verdict after it is given (a paragraph that
  grew too long starts anew); the name goes after the deciding rule's.

A step sees the machine's :class:`State`, the line and the next one.
"""

from __future__ import annotations

from collections.abc import Callable

from srtext.pipeline.classify import (
    Band,
    LineClass,
    starts_reference_list,
)
from srtext.pipeline.events import HEADING, REFERENCE, Open, Paragraph, Reason
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.front import starts_block
from srtext.pipeline.furniture import FRONT_MATTER
from srtext.pipeline.labels import caption_title
from srtext.pipeline.patterns import lazy
from srtext.pipeline.rules.context import DROP, JOIN, START, Item, mid_sentence, next_word_overflows
from srtext.pipeline.width import WidthStats

# Verbs of the steps, beside the rules' (srtext.pipeline.rules.context).
JOIN_CAPTION = "join-caption"
START_CAPTION = "start-caption"
START_REFERENCES = "start-references"

#: The most lines a paragraph holds while it is built: a text with no sentence end
#: (all table, or a dump) would otherwise be held whole.  Longer runs start a new
#: paragraph at this line; the output is cut at 100,000 characters anyway
#: (:data:`srtext.recovery.MAX_PARAGRAPH`), which 5,000 lines of prose exceed.
MAX_LINES = 5000
#: The most characters a paragraph holds while it is built (the output's cut, MAX_PARAGRAPH).
MAX_CHARS = 100_000

Verdict = tuple[str, "str | Reason"]


class State:
    """What the default recovery keeps between lines, which the steps read."""

    __slots__ = ("caption", "front", "note", "queue", "references", "section", "state", "stats")

    def __init__(self, stats: WidthStats | None = None) -> None:
        self.stats = stats
        self.state: Open | None = None  # the open body, heading or reference paragraph
        self.caption: Open | None = None  # the caption being collected
        self.note: Open | None = None  # a kept footnote being collected
        self.queue: list[Paragraph] = []  # side paragraphs waiting for the open body paragraph
        self.references = False  # inside a reference list
        self.front = False  # the open paragraph is the front matter's (srtext.pipeline.front)
        self.section: tuple[int, ...] | None = None  # the last numbered heading's number


Step = Callable[[State, Item, "Item | None"], "Verdict | None"]
Transition = Callable[[State, Item, "Item | None"], bool]
Amendment = Callable[[State, Item, Verdict], "Verdict | None"]


# -- transitions


def front_matter_ends(m: State, cur: Item, nxt: Item | None) -> bool:
    """The front matter's paragraph closes where the title or the body starts: never joined to them.

    The front matter (:mod:`srtext.pipeline.front`) is marked page by page; the
    line after its last one, or its first one after the title, starts anew.
    """
    return m.state is not None and m.front != (cur.line.mark == FRONT_MATTER)


def line_fills_the_column(m: State, cur: Item, nxt: Item | None) -> bool:
    """A short unfinished line whose next word would not have fitted is full.

    It ended because the word did not fit, not because its paragraph ended
    (proportional fonts make a full line look short in characters); it is
    decided as a full line (:func:`srtext.pipeline.rules.context.next_word_overflows`).
    Not after a blank line, nor a numbered heading.
    """
    return (
        cur.band is Band.SHORT
        and not cur.blank_before
        and not cur.ev.numbered
        and next_word_overflows(cur, nxt)
    )


def reference_list_ends(m: State, cur: Item, nxt: Item | None) -> bool:
    """The reference list ends where its entries stop looking like entries.

    A line that does not start with an entry's label, set apart (a blank line,
    a page break, notes or furniture before it), ends it when it is a
    capitalised title with no sentence in it and no full stop
    ("Acknowledgements", "Appendix", the next document's title), or, after an
    entry that ended a sentence, a capitalised full line with another full line
    under it and no label on either: two lines of prose, where an entry's rest
    after a page break is a line or two that a label soon follows.  Any line
    ends it where two lines of prose follow each other in an entry of four
    lines or more (:func:`prose_line`: an entry's lines hold years, initials,
    volumes and pages; an entry may run on for many lines, as physics lists
    put several works under one number).  Without this, whatever follows the list is
    swallowed into its last entry, and dropped with it under ``--drop references``.
    A numbered heading ends the list by the rules (:func:`heading_after_references`).
    """
    entry = m.state
    if entry is None or not _list_line(m, cur):
        return False
    text = cur.line.text
    if cur.ev.entry or cur.ev.caption:  # a caption is a float inside the list
        return False
    if len(entry.lines) >= 4 and prose_line(text) and prose_line(entry.lines[-1].text):
        return True
    if not cur.set_apart or not text.lstrip()[:1].isupper():
        return False
    if cur.band is Band.SHORT:  # a title has no full stop ("См." is a note's first word)
        return cur.ev.title_like and not text.rstrip().endswith(".") and not cur.ev.debris
    return (
        entry.last_cls is LineClass.FINISHED
        and nxt is not None
        and not nxt.blank_before
        and nxt.band is not Band.SHORT
        and not nxt.ev.entry
        and not cur.ev.debris
    )


_NOT_PROSE = lazy(r"\d|\p{Lu}\.|\bet al\b|[\[\]@/:]")


def prose_line(text: str) -> bool:
    """Is the line prose, as no reference entry's line is: eight words or more, mostly lower-case,
    with no digit, initial ("A."), "et al", bracket, slash or colon?

    >>> prose_line("the crews measured the depth of each well again before the rains came")
    True
    >>> [prose_line(t) for t in ["J. Smith, Rivers of the north, J. Field Surv. 12 (1990) 101",
    ...     "Reliable mail delivery in large organisations", "and the survey of the valley, Oxford"]]
    [False, False, False]
    """
    words = text.split()
    if len(words) < 8 or _NOT_PROSE.search(text) is not None:
        return False
    return sum(w[:1].islower() for w in words) * 4 >= len(words) * 3


def heading_after_references(cur: Item) -> bool:
    """Does a numbered heading end the reference list ("A. Old maps and new surveys", an appendix)?

    A short line set apart (a blank line, a page break, or notes or furniture
    before it), numbered and capitalised, with no sentence in it, that does not
    start like an entry (an entry's own lines hold its authors' initials).
    """
    text = cur.line.text
    return (
        cur.band is Band.SHORT
        and cur.set_apart
        and cur.ev.numbered
        and text.split(None, 1)[-1][:1].isupper()
        and cur.ev.title_like
        and not cur.ev.entry
    )


#: Asked in this order before a line is decided.  The front matter closes before
#: anything else is asked of the line (it is never joined to what follows); the
#: band is taken as full before the steps and rules read it; the reference list
#: ends before its steps are asked.
TRANSITIONS: tuple[Transition, ...] = (front_matter_ends, line_fills_the_column, reference_list_ends)


# -- steps


# "Figure 2: ..." is a caption wherever it stands; "Fig. 1. It consists ..." after "shown in"
# is the sentence going on.
_COLON_CAPTION = lazy(r"\A\s*\p{L}+\.?\s*\d+(?:[.-]\d+)*[a-z]?\s*:")


def caption_goes_on(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """An open caption goes on with a line right under it while it is unfinished (or long).

    At most eight lines, never a new caption or debris.  With geometry, not a
    line set apart from the caption by space (a caption without a full stop,
    then the text under its figure).  Nor, after a caption that wrapped onto a
    short line ("Figure 3.1. The gauge at the north pier and its" /
    "housing"), or after a short caption of one line that holds its title
    ("Figure 3.1. The tide gauge at the north pier"; not a label alone,
    "Figure 2:", whose title is under it), a full line that starts in upper
    case: the short line was the caption's last (a caption without a full
    stop), the full one opens the text under the figure.
    """
    c = m.caption
    assert c is not None
    if (
        not cur.blank_before
        and (c.last_cls is LineClass.UNFINISHED or cur.band is c.last_band is Band.LONG)
        and len(c.lines) < 8
        and not cur.ev.caption
        and not cur.ev.debris
        and not _set_apart(c.last, cur.ev)
        and not (
            c.last_band is Band.SHORT
            and cur.band is not Band.SHORT
            and cur.line.text.lstrip()[:1].isupper()
            and (len(c.lines) > 1 or len(caption_title(c.lines[0].text).split()) > 1)  # the regex last
        )
    ):
        return JOIN_CAPTION, "continues the caption"
    return None


def _set_apart(before: Evidence, ev: Evidence) -> bool:
    """Does the line stand right below ``before`` on the page, with space between beyond the leading?

    False without geometry (the text alone decides).
    """
    geo, a, b = ev.geo, before.box, ev.box
    if geo is None or geo.gap_extra is None or a is None or b is None:
        return False
    return a.page == b.page and a.column == b.column and b.top > a.bottom and geo.gap_extra >= CAPTION_GAP


#: Space beyond the leading, in body font heights, that ends a caption (with geometry).
CAPTION_GAP = 0.3


def symbol_inside_caption(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """A symbol of one or two characters inside an unfinished caption is set aside: the caption goes on.

    pdftotext sets a caption's formula symbol on a line of its own; the next
    line is the caption's again (wider than the column: the caption spans both).
    """
    c = m.caption
    assert c is not None
    if (
        not cur.blank_before
        and c.last_cls is LineClass.UNFINISHED
        and cur.band is Band.SHORT
        and len(cur.line.text.strip()) <= 2
        and nxt is not None
        and not nxt.blank_before
        and nxt.band is Band.LONG  # wider than the column: the caption's, not the column's
    ):
        return DROP, "a symbol inside an unfinished caption: it goes on"
    return None


def caption_start(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """A label and a number ("Figure 3:", "Tabelle 2", "图 1") start a caption, kept whole.

    Not inside a running sentence ("as shown in" / "Figure 3 ..."), unless a
    colon follows the number; an open heading closes before it.
    """
    text = cur.line.text
    if cur.ev.caption and (_COLON_CAPTION.match(text) or not mid_sentence(m.state)):
        return START_CAPTION, "caption: a label and a number"
    return None


def clean_text(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """Already clean text (most lines end a sentence): each line is a paragraph."""
    if m.stats is not None and m.stats.looks_clean():
        return START, "already clean text (most lines end a sentence): each line is a paragraph"
    return None


def _in_reference_list(m: State) -> bool:
    return m.references and m.state is not None and m.state.kind == REFERENCE


def _list_line(m: State, cur: Item) -> bool:
    """Is the line an open reference list's own (not a numbered heading after it)?"""
    return _in_reference_list(m) and not heading_after_references(cur)


def reference_list_debris(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """A line of one or two characters with little prose in a reference list is page debris."""
    if len(cur.line.text.strip()) <= 2 and _list_line(m, cur) and not cur.ev.entry and cur.ev.debris:
        return DROP, "short line with little prose: page debris in the reference list"
    return None


def reference_entry(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """In a reference list, an entry starts at its label ("[12]", "[Kn84]", "3.")."""
    if _list_line(m, cur) and cur.ev.entry:
        return START, "a reference entry starts at its label"
    return None


def reference_entry_goes_on(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """In a reference list, a line without a label continues the entry above it."""
    if _list_line(m, cur):
        return JOIN, "continues the reference entry"
    return None


def reference_list_without_heading(m: State, cur: Item, nxt: Item | None) -> Verdict | None:
    """A first entry ("[1] A. Author") after a finished line or a heading opens a list with no heading.

    Letters in the style of Physical Review put the list after the
    acknowledgements with no "References" above it.
    """
    s = m.state
    if (
        cur.line.mark != FRONT_MATTER
        and starts_reference_list(cur.line.text)
        and (s is None or cur.blank_before or s.kind == HEADING or s.last_cls is LineClass.FINISHED)
    ):
        return START_REFERENCES, "the first entry of a reference list with no heading"
    return None


#: Asked in order while a caption is open; if none answers, the caption closes.
CAPTION_STEPS: tuple[Step, ...] = (caption_goes_on, symbol_inside_caption)
#: Asked in order before the rules: a caption wherever it stands, then clean text
#: (which makes every line a paragraph, entries too), then the reference list's
#: own lines (debris before an entry's label, a label before a continuation).
STEPS: tuple[Step, ...] = (
    caption_start,
    clean_text,
    reference_list_debris,
    reference_entry,
    reference_entry_goes_on,
    reference_list_without_heading,
)
#: The steps that answer only inside a reference list; outside one, :data:`STEPS` less
#: these is asked (the same answers: each asks first whether a list is open).
LIST_STEPS = frozenset({reference_list_debris, reference_entry, reference_entry_goes_on})


# -- amendments


def front_block_starts(m: State, cur: Item, verdict: Verdict) -> Verdict | None:
    """In the front matter, the abstract and the keywords start blocks of their own."""
    if verdict[0] == JOIN and cur.line.mark == FRONT_MATTER and starts_block(cur.line.text):
        return START, "the abstract or the keywords start"
    return None


def line_limit(m: State, cur: Item, verdict: Verdict) -> Verdict | None:
    """A paragraph of :data:`MAX_LINES` lines, or of :data:`MAX_CHARS` characters, is closed.

    Memory stays bounded whatever the text: a text with no sentence end, or one
    line of a hundred megabytes (passed on in pieces, srtext.pipeline.lines),
    is never held whole.  The output cuts longer paragraphs anyway
    (:data:`srtext.recovery.MAX_PARAGRAPH`).
    """
    s = m.state
    if verdict[0] == JOIN and s is not None and (len(s.lines) >= MAX_LINES or s.chars >= MAX_CHARS):
        return START, f"{verdict[1]} (a paragraph of {MAX_LINES} lines or {MAX_CHARS} characters is closed)"
    return None


#: Asked in order of every verdict to join (the only verdict they rewrite); each may
#: rewrite it.  The front matter's blocks before the line limit (a block's start is a
#: start whatever its length).
AMENDMENTS: tuple[Amendment, ...] = (front_block_starts, line_limit)


def names() -> tuple[str, ...]:
    """The names of every transition, step and amendment, in the order they are asked."""
    return tuple(f.__name__ for f in (*TRANSITIONS, *CAPTION_STEPS, *STEPS, *AMENDMENTS))

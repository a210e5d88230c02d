"""The default recovery: which lines join, which start a paragraph, which go, and why.

It reads ``(line, width, CW, class)`` tuples (see :func:`srtext.pipeline.width.with_column_width`),
with page furniture and footnotes already marked (:mod:`srtext.pipeline.pages`), and
yields in input order a :class:`~srtext.pipeline.events.Decision` for every line and a
:class:`~srtext.pipeline.events.Paragraph` whenever one is complete.  It keeps only the
open paragraph (and the captions or kept furniture that interrupted it) and one
line of look-ahead, so it streams.  The published algorithm is in
:mod:`srtext.pipeline.paper`.

The steps here decide what no rule of :mod:`srtext.pipeline.rules` decides:
page furniture and footnotes set aside without ending the paragraph they
interrupt, captions kept whole as paragraphs of their own, reference lists
(one entry per paragraph), the front matter's blocks, already clean text, and
the band rewrite of an unfinished line whose next word would not have fitted.
Their names are in :data:`STEPS`; README's "How it works" lists them with the
rules, from the rules' docstrings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain

from srtext.pipeline.classify import (
    Band,
    LineClass,
    has_section_number,
    is_caption_start,
    is_references_heading,
    is_title_like,
    looks_like_debris,
    section_number,
    starts_reference_entry,
    starts_reference_list,
)
from srtext.pipeline.events import (
    BODY,
    CAPTION,
    CLASSES,
    DROPPED_BY_DEFAULT,
    FOOTNOTE,
    FRONT,
    FURNITURE,
    HEADING,
    OBJECT,
    REFERENCE,
    Decision,
    Event,
    Open,
    Paragraph,
)
from srtext.pipeline.front import starts_block
from srtext.pipeline.hyphen import Joint, joint
from srtext.pipeline.items import Trailing, items
from srtext.pipeline.pages import FOOTNOTE as FOOTNOTE_MARK
from srtext.pipeline.pages import FRONT_MATTER, PAGE_RULES
from srtext.pipeline.patterns import lazy
from srtext.pipeline.rules import decide
from srtext.pipeline.rules.context import (
    DROP,
    DROP_END,
    DROP_INTERRUPTION,
    JOIN,
    START,
    START_HEADING,
    Ctx,
    Item,
    mid_sentence,
    next_word_overflows,
)
from srtext.pipeline.width import Measured, WidthStats

#: The most lines a paragraph holds while it is built: a text with no sentence end
#: (all table, or a dump) would otherwise be held whole.  Longer runs start a new
#: paragraph at this line; the output is cut at 100,000 characters anyway
#: (:data:`srtext.api.MAX_PARAGRAPH`), which 5,000 lines of prose exceed.
MAX_LINES = 5000

#: The steps that decide a line before (or instead of) :data:`srtext.pipeline.rules.RULES`, by the
#: names ``--explain`` shows: a band rewrite, captions, clean text, reference lists,
#: the front matter's blocks.  Page furniture and footnotes are ``pages.KIND``.
STEPS = (
    "next_word_overflows",
    "caption_goes_on",
    "symbol_inside_caption",
    "caption_start",
    "clean_text",
    "reference_entry",
    "reference_entry_goes_on",
    "reference_list_debris",
    "reference_list_without_heading",
    "front.starts_block",
)


# "Figure 2: ..." is a caption wherever it stands; "Fig. 1. It consists ..." after "shown in"
# is the sentence going on.
_COLON_CAPTION = lazy(r"\A\s*\p{L}+\.?\s*\d+(?:[.-]\d+)*[a-z]?\s*:")


def heading_after_references(cur: Item) -> bool:
    """Does a numbered heading end the reference list ("A. Old maps and new surveys", an appendix)?

    A short line set apart (a blank line, a page break, or notes or furniture
    before it), numbered and capitalised, with no sentence in it, that does not
    start like an entry (an entry's own lines hold its authors' initials).
    """
    text = cur.line.text
    return (
        cur.band is Band.SHORT
        and (cur.blank_before or cur.page_break_before or cur.after_marked)
        and has_section_number(text)
        and text.split(None, 1)[-1][:1].isupper()
        and is_title_like(text)
        and not starts_reference_entry(text)
    )


def reference_list_ends(cur: Item, nxt: Item | None, entry: Open) -> bool:
    """Does the line end the reference list (an unnumbered appendix, acknowledgements, the next text)?

    A reference list ends where its entries stop looking like entries.  A line
    that does not start with an entry's label, set apart (a blank line, a page
    break, notes or furniture before it), ends it when it is a capitalised
    title with no sentence in it ("Acknowledgements", "Appendix", the next
    document's title), or, after an entry that ended a sentence, a capitalised
    full line with another full line under it and no label on either: two
    lines of prose, where an entry's rest after a page break is a line or two
    that a label soon follows.  Any line ends it once the open entry would hold
    more lines than an entry does (:data:`MAX_ENTRY_LINES`).
    Without this, whatever follows the list is swallowed into its last entry,
    and dropped with it under ``--drop references``.
    """
    text = cur.line.text
    if starts_reference_entry(text):
        return False
    if len(entry.lines) >= MAX_ENTRY_LINES:
        return True
    if not (cur.blank_before or cur.page_break_before or cur.after_marked) or not text.lstrip()[:1].isupper():
        return False
    if cur.band is Band.SHORT:  # a title has no full stop ("См." is a note's first word)
        return is_title_like(text) and not text.rstrip().endswith(".") and not looks_like_debris(text)
    return (
        entry.last_cls is LineClass.FINISHED
        and nxt is not None
        and not nxt.blank_before
        and nxt.band is not Band.SHORT
        and not starts_reference_entry(nxt.line.text)
        and not looks_like_debris(text)
    )


#: The most lines a reference entry holds: a longer "entry" is prose that followed the list.
MAX_ENTRY_LINES = 10


class _Machine:
    """The state of the default recovery over one document."""

    def __init__(
        self,
        drop: frozenset[str],
        stats: WidthStats | None = None,
        joint: Joint = joint,
        repair: Callable[[str], str] | None = None,
    ) -> None:
        self.stats = stats
        self.joint = joint
        self.repair = repair
        unknown = drop - CLASSES.keys()
        if unknown:
            raise ValueError(f"unknown class {sorted(unknown)[0]!r}")
        self.dropped = {kind for name in drop for kind in CLASSES[name]}
        self.state: Open | None = None  # the open body, heading or reference paragraph
        self.caption: Open | None = None  # the caption being collected
        self.note: Open | None = None  # a kept footnote being collected
        self.queue: list[Paragraph] = []  # side paragraphs waiting for the open body paragraph
        self.references = False
        self.front = False  # the open paragraph is the front matter's (srtext.pipeline.front)
        self.section: tuple[int, ...] | None = None  # the last numbered heading's number
        self.ended = ""  # "reference_list_ends > " when the line being decided ended the list

    # -- paragraphs

    def side(self, p: Paragraph) -> Iterator[Event]:
        """Emit a caption, footnote or furniture paragraph, after the body paragraph it interrupts."""
        if self.state is not None and self.state.kind in (BODY, REFERENCE):
            self.queue.append(p)
        else:
            yield p

    def close(self) -> Iterator[Event]:
        if self.state is not None:
            if self.front:  # a heading or body paragraph of the front matter
                if FRONT not in self.dropped:
                    yield self.state.close(self.joint, self.repair)._replace(kind=FRONT)
            elif self.state.kind not in self.dropped:
                yield self.state.close(self.joint, self.repair)
        self.state = None
        self.front = False
        yield from self.queue
        self.queue.clear()

    def close_side(self) -> Iterator[Event]:
        for attr in ("caption", "note"):
            side: Open | None = getattr(self, attr)
            if side is not None:
                setattr(self, attr, None)
                if side.kind not in self.dropped:
                    yield from self.side(side.close(self.joint, self.repair))

    def finish(self) -> Iterator[Event]:
        yield from self.close_side()
        yield from self.close()

    # -- lines

    def list_ended(self, cur: Item, nxt: Item | None, out: list[Event]) -> bool:
        """Close the reference list when the line ends it (:func:`reference_list_ends`)."""
        assert self.state is not None
        if not reference_list_ends(cur, nxt, self.state):
            return False
        out.extend(self.close())
        self.references = False
        self.ended = "reference_list_ends > "
        return True

    def act(self, cur: Item, kind: str, action: str, reason: str, rule: str) -> Decision:
        if kind in self.dropped:
            return cur.decision(kind, "drop", f"{reason} ({kind} dropped)", rule)
        return cur.decision(kind, action, reason, rule)

    def set_aside(self, cur: Item, kind: str, reason: str, rule: str) -> Iterator[Event]:
        """A line of debris or a footnote: dropped, or kept as a paragraph of its own."""
        if kind in self.dropped:
            yield cur.decision(kind, "drop", reason, rule)
        else:
            yield cur.decision(kind, "start", f"{reason} (kept)", rule)
            yield from self.side(Open(kind, cur.line, cur.cls, cur.band).close(self.joint, self.repair))

    def marked(self, cur: Item) -> Iterator[Event]:
        """A line marked as page furniture or footnote: never part of the text around it."""
        kind = FOOTNOTE if cur.line.mark == FOOTNOTE_MARK else FURNITURE
        rule = cur.line.rule
        reason = f"{kind}: {PAGE_RULES[rule][1]}"
        if kind in self.dropped:
            yield cur.decision(kind, "drop", reason, rule)
            return
        if kind == FOOTNOTE and self.note is not None and not is_caption_start(cur.line.text):
            self.note.add(cur.line, cur.cls, cur.band)
            yield cur.decision(kind, "join", reason, rule)
            return
        yield from self.close_side()
        yield cur.decision(kind, "start", reason, rule)
        opened = Open(kind, cur.line, cur.cls, cur.band)
        if kind == FOOTNOTE:
            self.note = opened
        else:
            yield from self.side(opened.close(self.joint, self.repair))

    def content(self, cur: Item, nxt: Item | None) -> list[Event]:
        """An unmarked non-empty line, or one of the front matter's: its events, in order.

        A list rather than a generator: one per line, most of them one decision.
        """
        out: list[Event] = []
        text = cur.line.text
        front = cur.line.mark == FRONT_MATTER
        if self.state is not None and self.front != front:
            out.extend(self.close())  # the front matter is never joined to the title or the body
        band_rule = ""
        if (
            cur.band is Band.SHORT
            and not cur.blank_before
            and not has_section_number(text)
            and next_word_overflows(cur, nxt)
        ):
            cur, band_rule = cur._replace(band=Band.FULL), "next_word_overflows > "
        if self.note is not None:
            out.extend(self.side(self.note.close(self.joint, self.repair)))
            self.note = None
        if self.caption is not None:
            c = self.caption
            if (
                not cur.blank_before
                and (c.last_cls is LineClass.UNFINISHED or cur.band is c.last_band is Band.LONG)
                and len(c.lines) < 8
                and not is_caption_start(text)
                and not looks_like_debris(text)
            ):
                c.add(cur.line, cur.cls, cur.band)
                out.append(
                    self.act(cur, CAPTION, "join", "continues the caption", band_rule + "caption_goes_on")
                )
                return out
            if (
                not cur.blank_before
                and c.last_cls is LineClass.UNFINISHED
                and cur.band is Band.SHORT
                and len(text.strip()) <= 2
                and nxt is not None
                and not nxt.blank_before
                and nxt.band is Band.LONG  # wider than the column: the caption's, not the column's
            ):
                reason = "a symbol inside an unfinished caption: it goes on"
                out.extend(self.set_aside(cur, OBJECT, reason, band_rule + "symbol_inside_caption"))
                return out
            out.extend(self.close_side())
        if is_caption_start(text) and (_COLON_CAPTION.match(text) or not mid_sentence(self.state)):
            if self.state is not None and self.state.kind == HEADING:
                out.extend(self.close())  # a heading does not go on after a caption
            self.caption = Open(CAPTION, cur.line, cur.cls, cur.band)
            reason = "caption: a label and a number"
            out.append(self.act(cur, CAPTION, "start", reason, band_rule + "caption_start"))
            if cur.cls is LineClass.FINISHED:
                out.extend(self.close_side())
            return out
        if self.stats is not None and self.stats.looks_clean():
            verb, reason = START, "already clean text (most lines end a sentence): each line is a paragraph"
            rule = "clean_text"
        elif (
            self.references
            and self.state is not None
            and self.state.kind == REFERENCE
            and not heading_after_references(cur)
            and not self.list_ended(cur, nxt, out)
        ):
            if starts_reference_entry(text):
                verb, reason, rule = START, "a reference entry starts at its label", "reference_entry"
            else:
                verb, reason, rule = JOIN, "continues the reference entry", "reference_entry_goes_on"
            if verb == JOIN and len(text.strip()) <= 2 and looks_like_debris(text):
                verb, reason = DROP, "short line with little prose: page debris in the reference list"
                rule = "reference_list_debris"
        elif (
            not front
            and starts_reference_list(text)
            and (
                self.state is None
                or cur.blank_before
                or self.state.kind == HEADING
                or self.state.last_cls is LineClass.FINISHED
            )
        ):
            verb, reason = START, "the first entry of a reference list with no heading"
            rule = "reference_list_without_heading"
            self.references = True
        else:
            verb, reason, rule = decide(Ctx(cur, nxt, self.state, self.section))
        rule = band_rule + self.ended + rule
        self.ended = ""
        if verb in (DROP, DROP_END, DROP_INTERRUPTION):
            if verb == DROP_END:
                assert self.state is not None
                self.state.last_cls, self.state.last_band = cur.cls, cur.band
            if verb != DROP_INTERRUPTION and self.state is not None:
                self.state.after_debris += 1
            out.extend(self.set_aside(cur, FOOTNOTE if verb == DROP_INTERRUPTION else OBJECT, reason, rule))
            return out
        body = REFERENCE if self.references else BODY
        if front and verb == JOIN and starts_block(text):
            verb, reason, rule = START, "the abstract or the keywords start", "front.starts_block"
        if verb == JOIN and self.state is not None and len(self.state.lines) >= MAX_LINES:
            verb, reason = START, f"{reason} (a paragraph of {MAX_LINES} lines is closed: memory bound)"
            rule = f"{rule} > line_limit"
        if verb == JOIN:
            assert self.state is not None
            self.state.add(cur.line, cur.cls, cur.band)
            action = "merge" if self.state.kind == HEADING else "join"
            out.append(self.act(cur, FRONT if front else self.state.kind, action, reason, rule))
            return out
        out.extend(self.close())
        kind = HEADING if verb == START_HEADING else body
        if kind == HEADING and not front:
            self.section = section_number(text) or self.section
            self.references = is_references_heading(text)
            if self.references and REFERENCE in self.dropped:
                out.append(cur.decision(REFERENCE, "drop", f"{reason} ({REFERENCE} dropped)", rule))
                return out  # dropping the list drops its heading with it
        # A paragraph's indented first line is a full line: the next goes on from it.
        band = Band.FULL if rule.endswith("indented_first_line") else cur.band
        self.state = Open(kind, cur.line, cur.cls, band)
        self.front = front
        action = "heading" if kind == HEADING else "start"
        reason = f"front matter: {reason}" if front else reason
        out.append(self.act(cur, FRONT if front else kind, action, reason, rule))
        return out


def recover_default(
    measured: Iterable[Measured],
    eps: float,
    hold: int | None = 20000,
    drop: frozenset[str] = DROPPED_BY_DEFAULT,
    stats: WidthStats | None = None,
    joint: Joint = joint,
    repair: Callable[[str], str] | None = None,
) -> Iterator[Event]:
    """The improved recovery; see the module's docstring for its rules.

    ``joint`` joins the lines of a paragraph (:func:`srtext.pipeline.hyphen.joint`, or a
    :class:`srtext.pipeline.hyphen.Dehyphenator`'s, which knows the document's words);
    ``repair`` mends each line's characters first (:func:`srtext.pipeline.chars.repairer`).

    >>> from srtext.pipeline.lines import text_lines
    >>> from srtext.pipeline.width import with_column_width
    >>> w = "w" * 38
    >>> text = f"{w} ends.\\n{w} more\\n(3.1)\\nand the end.\\nNext one:\\n"
    >>> events = recover_default(with_column_width(text_lines(text)), 0.1)
    >>> [(e.kind, e.text[-12:]) for e in events if isinstance(e, Paragraph)]
    [('body', 'and the end.'), ('heading', 'Next one:')]
    """
    machine = _Machine(drop, stats, joint, repair)
    current: Item | None = None
    current_trailing: Trailing = []
    end: list[tuple[Item | None, Trailing]] = [(None, [])]  # after the last item: no next line
    for nxt, trailing in chain(items(measured, eps, hold), end):
        if current is not None:
            yield from machine.content(current, nxt)
        for t in current_trailing:
            if isinstance(t, Decision):
                yield t
            else:
                yield from machine.marked(t)
        current, current_trailing = nxt, trailing
    yield from machine.finish()

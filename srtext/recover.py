"""The default recovery: which lines join, which start a paragraph, which go, and why.

It reads ``(line, width, CW)`` triples (see :func:`srtext.width.with_column_width`),
with page furniture and footnotes already marked (:mod:`srtext.pages`), and
yields in input order a :class:`~srtext.events.Decision` for every line and a
:class:`~srtext.events.Paragraph` whenever one is complete.  It keeps only the
open paragraph (and the captions or kept furniture that interrupted it) and one
line of look-ahead, so it streams.  The published algorithm is in
:mod:`srtext.paper`; this mode fixes what it gets wrong on real input:

* a full-width finished line does not end its paragraph (a sentence that happens
  to end at the margin is more likely than a paragraph whose last line is full);
  it does when a capitalised line follows after a blank line, indented, or
  starting with a word that would have fitted on the finished line;
* lines longer than CW(1+eps) are body lines, not objects;
* a line starting with a bullet ("• ") starts a list item, a paragraph of its own;
* a short line is dropped only on evidence: little prose in it (formula, table or
  page debris), or it interrupts a running sentence (the line before is a full
  unfinished line and the line after continues it in lower case);
  otherwise a short line after a body line is the paragraph's last line;
* a lower-case start continues the open paragraph even after a short line
  (a colon before a display formula, an abbreviation at the line end);
* a short unfinished line after a finished full line starts a heading when a
  blank line comes before it or it is numbered ("4.1 Results"); after an
  unfinished line it must be both; a short line that the next line continues in
  lower case starts a paragraph, not a heading; a numbered line with no sentence
  in it is a heading however long (pdftotext writes a heading wrapped with a
  hyphen on one line) when a capitalised line follows or it wraps onto a short
  unfinished one; a caption or a page break ends a heading;
* an unfinished CJK line nearly as wide as the column is full: its paragraph's
  first line is indented by two ideographs that pdftotext does not show;
* page furniture (running headers and footers, page numbers) and footnotes are
  dropped without ending the paragraph they interrupt, so it continues across
  the page break; captions ("Figure 3:", "Таблица 2.", "图 1：") are paragraphs of
  their own, and a body paragraph they interrupt goes on after them;
* after a "References" heading, body paragraphs are reference entries, each
  starting at its label ("[12]", "3."); so are they from a paragraph that starts
  with "[1]" and a capital, the list with no heading of a letter-style paper;
* lines :mod:`srtext.pages` marks as front matter (:mod:`srtext.front`) follow
  the same rules, but their paragraphs are of kind ``frontmatter``, never joined
  to the title or the body, and the abstract or keyword lines start their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

import regex

from srtext.classify import (
    Band,
    LineClass,
    classify_line,
    has_section_number,
    is_bare_number,
    is_caption_start,
    is_indented,
    is_lead_in,
    is_numbered_title,
    is_references_heading,
    is_report_number,
    is_section_number_alone,
    is_title_like,
    looks_like_debris,
    next_section_number,
    section_number,
    starts_list_item,
    starts_lowercase,
    starts_reference_entry,
    starts_reference_list,
    width_band,
)
from srtext.events import (
    BODY,
    CAPTION,
    CLASSES,
    DROPPED_BY_DEFAULT,
    EMPTY,
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
from srtext.front import starts_block
from srtext.function_words import ends_on_dangling_word
from srtext.hyphen import Joint, joint
from srtext.lazyre import lazy
from srtext.lines import Line
from srtext.pages import FOOTNOTE as FOOTNOTE_MARK
from srtext.pages import FRONT_MATTER
from srtext.width import WidthStats, display_width

_CJK = r"[\p{Han}\p{Hiragana}\p{Katakana}]"
# A short word (not CJK: there every character is a word) or a comma at the line end.
_DANGLING = lazy(rf"(?:(?<!\p{{L}})(?:(?!{_CJK})\p{{L}}){{1,3}}|,)\s*\Z")
_FIRST_WORD = regex.compile(_CJK + r"|\S+")
_CJK_END = regex.compile(_CJK + r"\s*\Z")
# Chinese and Japanese paragraphs indent their first line by two ideographs,
# which pdftotext's output does not show.
_CJK_INDENT = 4

Triple = tuple[Line, int, int]


class _Item(NamedTuple):
    """A non-empty line with what the rules need to know about it."""

    line: Line
    width: int
    cw: int
    cls: LineClass
    band: Band
    blank_before: bool
    page_break_before: bool

    def decision(self, kind: str, action: str, reason: str) -> Decision:
        return Decision(self.line, self.cls, self.band, self.width, self.cw, kind, action, reason)


Trailing = list["_Item | Decision"]


def _items(
    triples: Iterable[Triple], eps: float, hold: int | None
) -> Iterator[tuple[_Item | None, Trailing]]:
    """Pair every unmarked non-empty line with what follows it up to the next one.

    What follows is empty lines (as ``skip`` decisions) and marked lines
    (furniture, footnotes, as items), in input order.  A blank line counts as
    ``blank_before`` only when no page break or marked line comes between.  At
    most ``hold`` lines are held back.
    """
    trailing: Trailing = []
    item: _Item | None = None
    previous_page = 0
    interrupted = False
    for line, width, cw in triples:
        cls = classify_line(line.text)
        if cls is LineClass.EMPTY:
            trailing.append(Decision(line, cls, None, width, cw, EMPTY, "skip", "empty line"))
        elif line.mark and line.mark != FRONT_MATTER:  # front matter is text: see _Machine.content
            trailing.append(_Item(line, width, cw, cls, width_band(width, cw, eps), False, False))
            interrupted = True
        else:
            blank = not interrupted and any(
                isinstance(t, Decision) and t.line.page == line.page for t in trailing
            )
            if item is not None or trailing:
                yield item, trailing
            trailing, interrupted = [], False
            page_break = bool(previous_page) and line.page != previous_page
            item = _Item(line, width, cw, cls, width_band(width, cw, eps), blank, page_break)
            previous_page = line.page
            continue
        if hold is not None and len(trailing) >= hold:
            yield item, trailing
            item, trailing = None, []
    if item is not None or trailing:
        yield item, trailing


def next_word_overflows(cur: _Item, nxt: _Item | None) -> bool:
    """Would the first word of the next line have made this line wider than CW?

    Then this line ended because the word did not fit, not because its
    paragraph ended: it is full, whatever its width in characters (proportional
    fonts).  Only for a next line that follows without a blank line; an
    unfinished CJK line is judged by :func:`fills_cjk_line` alone.
    """
    if cur.cls is LineClass.UNFINISHED and _CJK_END.search(cur.line.text):
        return fills_cjk_line(cur.width, cur.cw)
    if nxt is None or nxt.blank_before:
        return False
    word = _FIRST_WORD.match(nxt.line.text.lstrip())
    if word is None:
        return False
    return cur.width + 1 + display_width(word.group()) > cur.cw


def fills_cjk_line(width: int, cw: int) -> bool:
    """Would one more ideograph have overflowed this unfinished CJK line?

    No space comes between ideographs; the line may be a paragraph's first
    line, indented by two ideographs that pdftotext does not show; compressed
    punctuation lets a line hold one ideograph more than CW suggests.

    >>> [fills_cjk_line(w, 48) for w in (42, 36)]
    [True, False]
    """
    return width + _CJK_INDENT + 2 > cw - 2


def heading_goes_on(cur: _Item, nxt: _Item | None, state: Open) -> bool:
    """Is this unfinished line the second line of a numbered heading?

    It is when the heading so far is one unfinished numbered line, no blank line
    comes between, and this line starts in lower case, or the heading's line ends
    in a comma or a short function word ("und", "of", "и") and this line is itself
    followed by a capitalised line (so it is not the first line of a paragraph).
    """
    if (
        len(state.lines) != 1
        or state.last_cls is not LineClass.UNFINISHED
        or cur.cls is not LineClass.UNFINISHED
        or cur.blank_before
        or not has_section_number(state.lines[0].text)
    ):
        return False
    if starts_lowercase(cur.line.text):
        return True
    dangling = _DANGLING.search(state.lines[0].text) is not None
    return dangling and nxt is not None and not starts_lowercase(nxt.line.text)


def after_display(cur: _Item, state: Open | None) -> bool:
    """Does this line come after a display formula (three lines of debris, or after a short line or a colon)?

    A display formula sets its paragraph apart: pdftotext writes it on three
    lines or more, or the text before it stops short of the margin or ends in a
    colon, because the formula starts a line of its own (or the formula ends
    in a full stop), and the text after it starts a paragraph, in lower case
    too ("where x is ..."), as the benchmark's ground truth has it and as the
    paper's F allows ("a paragraph may end in ':' before a display formula").
    An inline formula's debris inside a full line (a superscript, a fraction's
    two parts) does not end it.
    """
    return (
        state is not None
        and state.kind == BODY
        and state.after_debris > 0
        and (
            state.after_debris > 2
            or state.last_band is Band.SHORT
            or state.lines[-1].text.rstrip().endswith(":")
        )
    )


def long_heading(cur: _Item, nxt: _Item | None, state: Open | None) -> bool:
    """Is this full unfinished line a heading as wide as the column, standing alone?

    It is when empty lines (or a page break) set it apart above and below, the
    paragraph before it ended, it has no sentence in it and does not stop on an
    article or a preposition, and a capitalised line follows.  A paragraph's
    first line set apart by pdftotext's blank line inside a sentence goes on in
    lower case or on its dangling word.
    """
    return (
        cur.cls is LineClass.UNFINISHED
        and (cur.blank_before or cur.page_break_before)
        and nxt is not None
        and nxt.blank_before
        and (state is None or state.kind == HEADING or state.last_cls is LineClass.FINISHED)
        and not starts_lowercase(cur.line.text)
        and not starts_lowercase(nxt.line.text)
        and is_title_like(cur.line.text)
        and not ends_on_dangling_word(cur.line.text)
        and not looks_like_debris(nxt.line.text)
    )


def mid_sentence(state: Open | None) -> bool:
    """Does the open paragraph stop on a word no sentence ends on ("written in", "20 °C and")?

    Then the next line goes on with the sentence, whatever its case, width or
    first word ("C using ...", "85 °C.", "Fig. 1. It consists ..."), unless
    debris was dropped in between (a display formula after "by").
    """
    return (
        state is not None
        and state.kind in (BODY, REFERENCE)
        and not state.after_debris
        and ends_on_dangling_word(state.lines[-1].text)
    )


def title_follows(nxt: _Item | None) -> bool:
    """Is the next line a short capitalised line that could be a whole heading?"""
    return (
        nxt is not None
        and nxt.band is Band.SHORT
        and not starts_lowercase(nxt.line.text)
        and is_title_like(nxt.line.text)
        and not is_section_number_alone(nxt.line.text)
        and not looks_like_debris(nxt.line.text)
    )


def _word_would_fit(previous: str, text: str, cw: int) -> bool:
    """Would this line's first word have fitted on the previous line within CW?"""
    word = _FIRST_WORD.match(text.lstrip())
    return word is not None and display_width(previous) + 1 + display_width(word.group()) <= cw


# Verbs of the body rules.
DROP, DROP_END, DROP_INTERRUPTION = "drop", "drop-end", "drop-interruption"
JOIN, START, START_HEADING = "join", "start", "start-heading"
_MID_SENTENCE = "the line before ends on an article, a preposition or a conjunction: the sentence goes on"
_AFTER_DISPLAY = "a line after a display formula (debris after a short line or a colon): a paragraph starts"


def body_rule(
    cur: _Item, nxt: _Item | None, state: Open | None, section: tuple[int, ...] | None = None
) -> tuple[str, str]:
    """The decision for a line of running text: a verb and the reason.

    ``state`` is the open paragraph (body, heading or reference), ``nxt`` the next
    unmarked non-empty line, ``section`` the number of the last numbered heading.
    Verbs: ``drop`` (debris); ``drop-end`` (debris, but its sentence ended
    there); ``drop-interruption`` (a footnote or page element inside a running
    sentence); ``join``; ``start`` (a body paragraph); ``start-heading``.
    """
    text, cls, band = cur.line.text, cur.cls, cur.band
    lower = starts_lowercase(text)

    def continued() -> bool:
        return (
            nxt is not None
            and not nxt.blank_before
            and starts_lowercase(nxt.line.text)
            and not looks_like_debris(nxt.line.text)
        )

    def heading(reason: str) -> tuple[str, str]:
        if continued() and not has_section_number(text):
            return START, "short line continued in lower case on the next line: a paragraph starts"
        return START_HEADING, reason

    if starts_list_item(text):
        return START, "a list item starts at its bullet"
    if (
        state is not None
        and state.kind == HEADING
        and len(state.lines) == 1
        and (is_section_number_alone(state.lines[0].text) or is_bare_number(state.lines[0].text))
    ):
        return JOIN, "a heading's title after its number on a line of its own"
    if band is Band.SHORT:
        if is_numbered_title(text) and (state is None or not state.running):
            return START_HEADING, "a numbered title ending in a full stop (a run-in heading): heading"
        if (
            is_section_number_alone(text)
            and (state is None or state.kind == HEADING or (state.kind == BODY and not state.running))
            and title_follows(nxt)
        ):
            return START_HEADING, "a section number on a line of its own, a title next: the heading's number"
        if (
            is_bare_number(text)
            and (state is None or state.kind == HEADING or (state.kind == BODY and not state.running))
            and title_follows(nxt)
            and next_section_number(section, section_number(text) or ())
        ):
            return START_HEADING, "a number after the last section's, alone, a title next: a heading"
        if is_references_heading(text):
            return START_HEADING, "the reference list's heading"
        if cur.line.page == 1 and is_report_number(text):
            if state is not None and state.kind == HEADING and not cur.blank_before:
                return JOIN, "a report or preprint number under a heading-like line: part of it"
            return START_HEADING, "a report or preprint number on the first page: a line of its own"
        if state is not None and nxt is not None and is_lead_in(text) and looks_like_debris(nxt.line.text):
            if after_display(cur, state):
                return START, _AFTER_DISPLAY
            if state.running and not state.after_debris:
                return JOIN, "a word leading the running sentence into a display formula: it goes on"
        if state is not None and mid_sentence(state) and not (state.running and cur.page_break_before):
            return JOIN, _MID_SENTENCE
        if looks_like_debris(text):
            if cls is LineClass.FINISHED and state is not None and state.kind != HEADING:
                return DROP_END, "finished line with little prose: formula debris ending a sentence"
            return DROP, "short line with little prose: formula, table or page debris"
        if (
            state is not None
            and state.running
            and not lower
            and nxt is not None
            and nxt.band is not Band.SHORT
            and starts_lowercase(nxt.line.text)
            and is_title_like(text)
            and (cur.page_break_before or cur.blank_before or nxt.blank_before)
        ):
            return DROP_INTERRUPTION, "short line interrupting a running sentence: footnote or page element"
        if after_display(cur, state):
            return START, _AFTER_DISPLAY
        if state is None:
            if cls is LineClass.FINISHED:
                return START, "short finished line outside a paragraph: a paragraph of its own"
            return heading("short unfinished line outside a paragraph: heading")
        if state.kind == HEADING:
            if cls is LineClass.UNFINISHED and (
                cur.blank_before
                or cur.page_break_before
                or has_section_number(text)
                or (not lower and continued())
            ):
                return heading("short unfinished line, blank, page break or number: a heading of its own")
            if cls is LineClass.UNFINISHED:
                return JOIN, "consecutive short unfinished line: part of the heading"
            return START, "short finished line after a heading"
        if state.last_band is not Band.SHORT:
            numbered = has_section_number(text)
            if (
                cls is LineClass.UNFINISHED
                and not lower
                and (cur.blank_before or cur.page_break_before or numbered)
                and (numbered or state.last_cls is LineClass.FINISHED)
            ):
                return heading(
                    "short unfinished line after a finished line and a blank, page break or number: heading"
                )
            if state.last_cls is LineClass.FINISHED and cur.blank_before and not lower:
                return START, "short finished line after a blank line and a finished line: a paragraph"
            if (
                state.last_cls is LineClass.FINISHED
                and cls is LineClass.UNFINISHED
                and not lower
                and continued()
            ):
                return START, "short line after a finished line, continued in lower case: a paragraph starts"
            return JOIN, "short line after a body line: the paragraph's last line"
        if lower:
            return JOIN, "lower-case start: continues the paragraph"
        if cls is LineClass.FINISHED:
            return START, "short finished line after a finished paragraph: a paragraph of its own"
        return heading("short unfinished line after a finished paragraph: heading")

    # A full or long line: a body line, unless a numbered heading pdftotext wrote on one line.
    if (
        cls is LineClass.UNFINISHED
        and has_section_number(text)
        and (state is None or state.kind == HEADING or state.last_cls is LineClass.FINISHED)
        and nxt is not None
        and not looks_like_debris(nxt.line.text)
        and is_title_like(text)
    ):
        if not starts_lowercase(nxt.line.text):
            return START_HEADING, "numbered line, no sentence in it, capitalised line next: heading"
        if (
            nxt.band is Band.SHORT
            and nxt.cls is LineClass.UNFINISHED
            and not nxt.blank_before
            and is_title_like(f"{text} {nxt.line.text}")
        ):
            return START_HEADING, "numbered unfinished line wrapping onto a short unfinished line: a heading"
    if long_heading(cur, nxt, state):
        return START_HEADING, "a full line alone between blank lines, no sentence in it: a long heading"
    if state is None:
        return START, "body line outside a paragraph: starts one"
    if state.kind == HEADING:
        if heading_goes_on(cur, nxt, state):
            return JOIN, "a numbered heading wrapped onto a second line"
        return START, "body line after a heading: starts a paragraph"
    if after_display(cur, state):
        return START, _AFTER_DISPLAY
    if mid_sentence(state):
        return JOIN, _MID_SENTENCE
    if state.last_band is Band.SHORT:
        if lower:
            return JOIN, "lower-case start after a short line: continues the paragraph"
        return START, "body line after the paragraph's short last line: starts a paragraph"
    if state.last_cls is LineClass.UNFINISHED:
        return JOIN, "previous body line is unfinished"
    if cur.blank_before and not lower:
        return START, "blank line after a finished line: starts a paragraph"
    if is_indented(text) and not lower:
        return START, "indented line after a finished line: starts a paragraph"
    if not lower and state.lines and _word_would_fit(state.lines[-1].text, text, cur.cw):
        return START, "the previous line ended a sentence early: its next word would have fitted"
    return JOIN, "full finished line before: a sentence ended at the margin, the paragraph goes on"


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
        self.front = False  # the open paragraph is the front matter's (srtext.front)
        self.section: tuple[int, ...] | None = None  # the last numbered heading's number

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

    def act(self, cur: _Item, kind: str, action: str, reason: str) -> Decision:
        if kind in self.dropped:
            return cur.decision(kind, "drop", f"{reason} ({kind} dropped)")
        return cur.decision(kind, action, reason)

    def set_aside(self, cur: _Item, kind: str, reason: str) -> Iterator[Event]:
        """A line of debris or a footnote: dropped, or kept as a paragraph of its own."""
        if kind in self.dropped:
            yield cur.decision(kind, "drop", reason)
        else:
            yield cur.decision(kind, "start", f"{reason} (kept)")
            yield from self.side(Open(kind, cur.line, cur.cls, cur.band).close(self.joint, self.repair))

    def marked(self, cur: _Item) -> Iterator[Event]:
        """A line marked as page furniture or footnote: never part of the text around it."""
        kind = FOOTNOTE if cur.line.mark == FOOTNOTE_MARK else FURNITURE
        if kind == FOOTNOTE:
            reason = "footnote at the bottom of a page"
        else:
            reason = f"page furniture: {cur.line.mark}"
        if kind in self.dropped:
            yield cur.decision(kind, "drop", reason)
            return
        if kind == FOOTNOTE and self.note is not None and not is_caption_start(cur.line.text):
            self.note.add(cur.line, cur.cls, cur.band)
            yield cur.decision(kind, "join", reason)
            return
        yield from self.close_side()
        yield cur.decision(kind, "start", reason)
        opened = Open(kind, cur.line, cur.cls, cur.band)
        if kind == FOOTNOTE:
            self.note = opened
        else:
            yield from self.side(opened.close(self.joint, self.repair))

    def content(self, cur: _Item, nxt: _Item | None) -> Iterator[Event]:
        """An unmarked non-empty line, or one of the front matter's."""
        text = cur.line.text
        front = cur.line.mark == FRONT_MATTER
        if self.state is not None and self.front != front:
            yield from self.close()  # the front matter is never joined to the title or the body
        if (
            cur.band is Band.SHORT
            and not cur.blank_before
            and not has_section_number(text)
            and next_word_overflows(cur, nxt)
        ):
            cur = cur._replace(band=Band.FULL)
        if self.note is not None:
            yield from self.side(self.note.close(self.joint, self.repair))
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
                yield self.act(cur, CAPTION, "join", "continues the caption")
                return
            if (
                not cur.blank_before
                and c.last_cls is LineClass.UNFINISHED
                and cur.band is Band.SHORT
                and len(text.strip()) <= 2
                and nxt is not None
                and not nxt.blank_before
                and nxt.band is Band.LONG  # wider than the column: the caption's, not the column's
            ):
                yield from self.set_aside(cur, OBJECT, "a symbol inside an unfinished caption: it goes on")
                return
            yield from self.close_side()
        if is_caption_start(text) and not mid_sentence(self.state):
            if self.state is not None and self.state.kind == HEADING:
                yield from self.close()  # a heading does not go on after a caption
            self.caption = Open(CAPTION, cur.line, cur.cls, cur.band)
            yield self.act(cur, CAPTION, "start", "caption: a label and a number")
            if cur.cls is LineClass.FINISHED:
                yield from self.close_side()
            return
        if self.stats is not None and self.stats.looks_clean():
            verb, reason = START, "already clean text (most lines end a sentence): each line is a paragraph"
        elif self.references and self.state is not None and self.state.kind == REFERENCE:
            if starts_reference_entry(text):
                verb, reason = START, "a reference entry starts at its label"
            else:
                verb, reason = JOIN, "continues the reference entry"
            if verb == JOIN and len(text.strip()) <= 2 and looks_like_debris(text):
                verb, reason = DROP, "short line with little prose: page debris in the reference list"
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
            self.references = True
        else:
            verb, reason = body_rule(cur, nxt, self.state, self.section)
        if verb in (DROP, DROP_END, DROP_INTERRUPTION):
            if verb == DROP_END:
                assert self.state is not None
                self.state.last_cls, self.state.last_band = cur.cls, cur.band
            if verb != DROP_INTERRUPTION and self.state is not None:
                self.state.after_debris += 1
            yield from self.set_aside(cur, FOOTNOTE if verb == DROP_INTERRUPTION else OBJECT, reason)
            return
        body = REFERENCE if self.references else BODY
        if front and verb == JOIN and starts_block(text):
            verb, reason = START, "the abstract or the keywords start"
        if verb == JOIN:
            assert self.state is not None
            self.state.add(cur.line, cur.cls, cur.band)
            action = "merge" if self.state.kind == HEADING else "join"
            yield self.act(cur, FRONT if front else self.state.kind, action, reason)
            return
        yield from self.close()
        kind = HEADING if verb == START_HEADING else body
        if kind == HEADING and not front:
            self.section = section_number(text) or self.section
            self.references = is_references_heading(text)
            if self.references and REFERENCE in self.dropped:
                yield cur.decision(REFERENCE, "drop", f"{reason} ({REFERENCE} dropped)")
                return  # dropping the list drops its heading with it
        self.state = Open(kind, cur.line, cur.cls, cur.band)
        self.front = front
        action = "heading" if kind == HEADING else "start"
        yield self.act(cur, FRONT if front else kind, action, f"front matter: {reason}" if front else reason)


def recover_default(
    triples: Iterable[Triple],
    eps: float,
    hold: int | None = 20000,
    drop: frozenset[str] = DROPPED_BY_DEFAULT,
    stats: WidthStats | None = None,
    joint: Joint = joint,
    repair: Callable[[str], str] | None = None,
) -> Iterator[Event]:
    """The improved recovery; see the module's docstring for its rules.

    ``joint`` joins the lines of a paragraph (:func:`srtext.hyphen.joint`, or a
    :class:`srtext.hyphen.Dehyphenator`'s, which knows the document's words);
    ``repair`` mends each line's characters first (:func:`srtext.chars.repairer`).

    >>> from srtext.lines import text_lines
    >>> from srtext.width import with_column_width
    >>> w = "w" * 38
    >>> text = f"{w} ends.\\n{w} more\\n(3.1)\\nand the end.\\nNext one:\\n"
    >>> events = recover_default(with_column_width(text_lines(text)), 0.1)
    >>> [(e.kind, e.text[-12:]) for e in events if isinstance(e, Paragraph)]
    [('body', 'and the end.'), ('heading', 'Next one:')]
    """
    machine = _Machine(drop, stats, joint, repair)
    current: _Item | None = None
    current_trailing: Trailing = []
    for nxt, trailing in _chain(_items(triples, eps, hold)):
        if current is not None:
            yield from machine.content(current, nxt)
        for t in current_trailing:
            if isinstance(t, Decision):
                yield t
            else:
                yield from machine.marked(t)
        current, current_trailing = nxt, trailing
    yield from machine.finish()


def _chain(items: Iterator[tuple[_Item | None, Trailing]]) -> Iterator[tuple[_Item | None, Trailing]]:
    yield from items
    yield None, []

"""The rules for a full or long line: long headings, paragraph starts, and where the evidence is weighed."""

from __future__ import annotations

from srtext.pipeline.classify import (
    Band,
    LineClass,
    is_indented,
    is_title_like,
)
from srtext.pipeline.events import HEADING, Reason
from srtext.pipeline.rules.context import (
    AFTER_DISPLAY,
    CJK_SENTENCE_GOES_ON,
    JOIN,
    MID_SENTENCE,
    NEW_SENTENCE_IN_LOWER_CASE,
    START,
    START_HEADING,
    Ctx,
    Verdict,
    after_display,
    cjk_sentence_goes_on,
    heading_goes_on,
    holds_cjk_clause_mark,
    mid_sentence,
    new_sentence_in_lower_case,
    word_would_fit,
)
from srtext.pipeline.rules.short_lines import AFTER_AN_EXAMPLE, after_an_example
from srtext.pipeline.weigh import boundary

# -- full and long lines


def numbered_heading_line(c: Ctx) -> Verdict | None:
    """A numbered line with no sentence in it is a heading however long.

    pdftotext writes a heading that wraps with a hyphen on one line.  When a
    capitalised line follows, or it wraps onto a short unfinished line.  A
    title and its subtitle after a colon ("XII. Local Diagnosis: netstat",
    "I. The Legal Framework: A Non-Profit Organization") count as no sentence
    (:func:`colon_title`).
    """
    s, nxt, text = c.state, c.nxt, c.text
    if not (
        c.cls is LineClass.UNFINISHED
        and c.cur.ev.numbered
        and (s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED)
        and nxt is not None
        and not nxt.ev.debris
        and (c.cur.ev.title_like or colon_title(text))
        and not holds_cjk_clause_mark(text)  # a CJK sentence's line, "...的内容，同"
    ):
        return None
    if not nxt.ev.lower:
        return START_HEADING, "numbered line, no sentence in it, capitalised line next: heading"
    if (
        nxt.band is Band.SHORT
        and nxt.cls is LineClass.UNFINISHED
        and not nxt.blank_before
        and is_title_like(f"{text} {nxt.line.text}")
    ):
        return START_HEADING, "numbered unfinished line wrapping onto a short unfinished line: a heading"
    return None


def colon_title(text: str) -> bool:
    """Is the numbered line a title with a subtitle of a few words after a colon?

    A heading names its topic and then the tool or the aspect ("Local
    Diagnosis: netstat"); a sentence that leads in with a colon goes on with
    more words than that, or ends one.

    >>> [colon_title(t) for t in ["XII. Local Diagnosis: netstat", "4 Sniffers: tcpdump and wireshark"]]
    [True, True]
    >>> long = "2. Data: a list of the rivers we measured in the year"
    >>> [colon_title(t) for t in [long, "3. Steps:", "1. Note: see it."]]
    [False, False, False]
    """
    head, colon, tail = text.strip().partition(": ")
    return (
        bool(colon)
        and len(tail.split()) <= _SUBTITLE_WORDS
        and len(head.split()) >= 2
        and is_title_like(f"{head} {tail}")
        and not tail.rstrip().endswith((".", "!", "?"))
    )


_SUBTITLE_WORDS = 6  # words after a heading's colon at most ("A Non-Profit Organization")


def long_heading(c: Ctx) -> Verdict | None:
    """A full unfinished line standing alone between blank lines is a heading as wide as the column.

    The paragraph before it ended, it has no sentence in it and does not stop
    on an article or a preposition, and a capitalised line follows.  A
    paragraph's first line set apart by pdftotext's blank line inside a
    sentence goes on in lower case or on its dangling word.
    """
    cur, nxt, s = c.cur, c.nxt, c.state
    if (
        c.cls is LineClass.UNFINISHED
        and (cur.blank_before or cur.page_break_before)
        and nxt is not None
        and nxt.blank_before
        and (s is None or s.kind == HEADING or s.last_cls is LineClass.FINISHED)
        and not c.lower
        and not nxt.ev.lower
        and c.cur.ev.title_like
        and not c.cur.ev.dangling
        and not nxt.ev.debris
    ):
        return START_HEADING, "a full line alone between blank lines, no sentence in it: a long heading"
    return None


def body_outside_paragraph(c: Ctx) -> Verdict | None:
    """A body line with no paragraph open starts one."""
    if c.state is None:
        return START, "body line outside a paragraph: starts one"
    return None


def body_after_heading(c: Ctx) -> Verdict | None:
    """A body line after a heading starts a paragraph, unless it is the numbered heading's second line."""
    s = c.state
    if s is None or s.kind != HEADING:
        return None
    if heading_goes_on(c.cur, c.nxt, s):
        return JOIN, "a numbered heading wrapped onto a second line"
    return START, "body line after a heading: starts a paragraph"


def body_after_display(c: Ctx) -> Verdict | None:
    """A body line after a display formula starts a paragraph (see :func:`after_display`)."""
    if after_display(c.state):
        return START, AFTER_DISPLAY
    return None


def body_mid_sentence(c: Ctx) -> Verdict | None:
    """After a line ending on an article, a preposition or a conjunction the sentence goes on."""
    if mid_sentence(c.state):
        return JOIN, MID_SENTENCE
    return None


def body_after_short_line(c: Ctx) -> Verdict | None:
    """After a paragraph's short last line, lower case continues it; a capital starts a paragraph.

    Lower case after a short line that ends a sentence starts one too
    (:func:`new_sentence_in_lower_case`), and so does lower case after an
    example's line of code (:func:`srtext.pipeline.rules.short_lines.after_an_example`).

    Chinese and Japanese have no capitals: there a paragraph's short line that
    stops inside a sentence (no 。！？), not a line of its own, goes on, as a
    lower-case start would.
    """
    s = c.state
    if s is None or s.last_band is not Band.SHORT:
        return None
    if new_sentence_in_lower_case(c):
        return START, NEW_SENTENCE_IN_LOWER_CASE
    if c.lower and after_an_example(s):
        return START, AFTER_AN_EXAMPLE
    if c.lower:
        return JOIN, "lower-case start after a short line: continues the paragraph"
    if cjk_sentence_goes_on(c):
        return JOIN, CJK_SENTENCE_GOES_ON
    return START, "body line after the paragraph's short last line: starts a paragraph"


def indented_after_finished_line(c: Ctx) -> Verdict | None:
    """An indented capitalised line after a finished line starts a paragraph (CJK's two-space indent).

    Hard knowledge, not weighed: pdftotext's default output indents no line, so the
    broad corpus has no indented line to weigh; other producers indent a paragraph's
    first line (Chinese by two ideographic spaces).
    """
    s = c.state
    if s is not None and s.last_cls is LineClass.FINISHED and is_indented(c.text) and not c.lower:
        return START, "indented line after a finished line: starts a paragraph"
    return None


def sentence_then_blank_line(c: Ctx) -> Verdict | None:
    """After a line that ended a sentence, a blank line and a capitalised line start a paragraph.

    The blank line is where clean text (a README, an e-mail, a converter's
    blank-line paragraphs) ends its paragraphs; weighing it against the lines'
    widths joined paragraphs of one full line each.  Not after dropped debris (a
    display formula inside a paragraph), a page break or set-aside lines.
    """
    s, cur = c.state, c.cur
    if (
        s is not None
        and cur.blank_before
        and not c.lower
        and s.last_cls is LineClass.FINISHED
        and not s.after_debris
        and not cur.page_break_before
        and not cur.after_marked
    ):
        return START, "a blank line after a finished sentence: a paragraph starts"
    return None


def word_would_have_fitted(c: Ctx) -> Verdict | None:
    """A finished line that ended though the next line's first word would have fitted ended a paragraph.

    Hard knowledge, not weighed: a line is broken early only where its paragraph
    ends.  The broad corpus has almost no such boundary to weigh (4 of 13,011 in
    its tuning half leave room for a whole word).
    """
    s = c.state
    if (
        not c.lower
        and s is not None
        and s.last_cls is LineClass.FINISHED
        and s.lines
        and word_would_fit(s.lines[-1].text, c.text, c.cur.cw)
    ):
        return START, "the previous line ended a sentence early: its next word would have fitted"
    return None


def weighed_boundary(c: Ctx) -> Verdict | None:
    """Where no hard rule knows, the evidence at the boundary is weighed (:mod:`srtext.pipeline.weigh`).

    A line ending short of the margin, a blank line, a capital, a colon, a first
    word that would have fitted on the line before, a page break: each points one
    way more or less often and none decides alone.  The model that weighs them
    is fitted on the tuning half of the broad corpus (``bench/fit_weights.py``).
    """
    if c.state is None:
        return None
    joins, score, why = boundary(c)
    if joins:
        return JOIN, Reason(_GOES_ON.format, score, why)
    return START, Reason(_STARTS.format, score, why)


# The weighed boundary's reasons, written out when read (most runs read none).
_GOES_ON = "weighed {:+.1f}, the paragraph goes on ({})"
_STARTS = "weighed {:+.1f}, a paragraph starts ({})"

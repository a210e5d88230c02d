"""The default recovery: which lines join, which start a paragraph, which go, and why.

It reads ``(line, width, CW, class)`` tuples (see :func:`srtext.pipeline.width.with_column_width`),
with page furniture and footnotes already marked (:mod:`srtext.pipeline.pages`), and
yields in input order a :class:`~srtext.pipeline.events.Decision` for every line and a
:class:`~srtext.pipeline.events.Paragraph` whenever one is complete.  It keeps only the
open paragraph (and the captions or kept furniture that interrupted it) and one
line of look-ahead, so it streams.  The published algorithm is in
:mod:`srtext.pipeline.paper`.

Every decision is named.  A marked line's is the page stage's
(:data:`srtext.pipeline.pages.PAGE_RULES`); an unmarked line is decided by the
tables of :mod:`srtext.pipeline.steps` (transitions, steps, amendments) around
the rules of :mod:`srtext.pipeline.rules`, and :meth:`_Machine.apply` is the one
place where a verdict changes the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain

from srtext.pipeline.bullets import BULLETS, BULLETS_BY_RANK
from srtext.pipeline.classify import Band, LineClass, is_references_heading, section_number
from srtext.pipeline.columns import COLUMNS
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
    Reason,
)
from srtext.pipeline.hyphen import Joint, joint
from srtext.pipeline.interleave import INTERLEAVED
from srtext.pipeline.items import Trailing, items
from srtext.pipeline.pages import FOOTNOTE as FOOTNOTE_MARK
from srtext.pipeline.pages import FRONT_MATTER, PAGE_RULES
from srtext.pipeline.rows import MERGED
from srtext.pipeline.rules import decide
from srtext.pipeline.rules.context import (
    ALONE,
    APART,
    APART_END,
    DROP,
    DROP_END,
    DROP_INTERRUPTION,
    JOIN,
    START_HEADING,
    START_INDENTED,
    Ctx,
    Item,
)
from srtext.pipeline.steps import (
    AMENDMENTS,
    CAPTION_STEPS,
    JOIN_CAPTION,
    LIST_STEPS,
    START_CAPTION,
    START_REFERENCES,
    STEPS,
    State,
    Verdict,
    front_matter_ends,
    line_fills_the_column,
    reference_list_ends,
)
from srtext.pipeline.width import Measured, WidthStats

_DROPS = (DROP, DROP_END, DROP_INTERRUPTION)
_APART = (APART, APART_END)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from srtext.geometry.box import LineBox

    Geometry = Sequence[LineBox | None]

#: The page steps that move lines (srtext.pipeline.columns, interleave, rows, bullets): a moved line's
#: decision names the step first.
_MOVED = frozenset({COLUMNS, INTERLEAVED, MERGED, BULLETS, BULLETS_BY_RANK})


class _Machine(State):
    """The state of the default recovery over one document, and the one place verdicts change it."""

    __slots__ = ("dropped", "joint", "outside_lists", "repair")

    def __init__(
        self,
        drop: frozenset[str],
        stats: WidthStats | None = None,
        joint: Joint = joint,
        repair: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__(stats)
        self.joint = joint
        self.repair = repair
        unknown = drop - CLASSES.keys()
        if unknown:
            raise ValueError(f"unknown class {sorted(unknown)[0]!r}")
        self.dropped = {kind for name in drop for kind in CLASSES[name]}
        # STEPS outside a reference list: those that answer only inside one left out
        self.outside_lists = tuple(step for step in STEPS if step not in LIST_STEPS)

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

    def act(self, cur: Item, kind: str, action: str, reason: str | Reason, rule: str) -> Decision:
        if kind in self.dropped:
            return cur.decision(kind, "drop", f"{reason} ({kind} dropped)", rule)
        return cur.decision(kind, action, reason, rule)

    def set_aside(self, cur: Item, kind: str, reason: str | Reason, rule: str) -> Iterator[Event]:
        """A line of debris or a footnote: dropped, or kept as a paragraph of its own."""
        if kind in self.dropped:
            yield cur.decision(kind, "drop", reason, rule)
        else:
            yield cur.decision(kind, "start", f"{reason} (kept)", rule)
            yield from self.side(self.alone(cur, kind))

    def alone(self, cur: Item, kind: str) -> Paragraph:
        """The line ``cur`` as a paragraph of ``kind`` on its own."""
        return Open(kind, cur.line, cur.cls, cur.band, cur.ev).close(self.joint, self.repair)

    def marked(self, cur: Item) -> Iterator[Event]:
        """A line marked as page furniture or footnote: never part of the text around it."""
        kind = FOOTNOTE if cur.line.mark == FOOTNOTE_MARK else FURNITURE
        rule = cur.line.rule
        reason = f"{kind}: {PAGE_RULES[rule][1]}"
        if kind in self.dropped:
            yield cur.decision(kind, "drop", reason, rule)
            return
        if kind == FOOTNOTE and self.note is not None and not cur.ev.caption:
            self.note.add(cur.line, cur.cls, cur.band, cur.ev)
            yield cur.decision(kind, "join", reason, rule)
            return
        yield from self.close_side()
        yield cur.decision(kind, "start", reason, rule)
        opened = Open(kind, cur.line, cur.cls, cur.band, cur.ev)
        if kind == FOOTNOTE:
            self.note = opened
        else:
            yield from self.side(opened.close(self.joint, self.repair))

    def content(self, cur: Item, nxt: Item | None) -> list[Event]:
        """An unmarked non-empty line, or one of the front matter's: its events, in order.

        The transitions first (each may change the state), then the caption's
        steps, the steps and the rules until one gives a verdict, then the
        amendments; :meth:`apply` applies the verdict.  A list rather than a
        generator: one per line, most of them one decision.
        """
        out: list[Event] = []
        prefix = ""
        # each transition asked only where its first test may pass (most lines: neither)
        if (self.front or cur.line.mark) and front_matter_ends(self, cur, nxt):
            out.extend(self.close())  # the front matter is never joined to the title or the body
            prefix = "front_matter_ends > "
        if cur.band is Band.SHORT and line_fills_the_column(self, cur, nxt):
            cur, prefix = cur._replace(band=Band.FULL), prefix + "line_fills_the_column > "
        if self.note is not None:  # a kept footnote ends at the text's next line
            out.extend(self.side(self.note.close(self.joint, self.repair)))
            self.note = None
        if self.references and reference_list_ends(self, cur, nxt):
            out.extend(self.close())
            self.references = False
            prefix += "reference_list_ends > "
        verdict: Verdict | None = None
        name = ""
        if self.caption is not None:
            for step in CAPTION_STEPS:
                verdict = step(self, cur, nxt)
                if verdict is not None:
                    name = step.__name__
                    break
            else:
                out.extend(self.close_side())
        if verdict is None:
            for step in STEPS if self.references else self.outside_lists:
                verdict = step(self, cur, nxt)
                if verdict is not None:
                    name = step.__name__
                    break
            else:
                shape = self.stats.shape if self.stats is not None else (0.0, 0.0)
                verb, reason, name = decide(Ctx(cur, nxt, self.state, self.section, shape))
                verdict = verb, reason
        rule = prefix + name
        if verdict[0] == JOIN:  # the amendments rewrite a join only
            for amend in AMENDMENTS:
                amended = amend(self, cur, verdict)
                if amended is not None:
                    verdict, rule = amended, f"{rule} > {amend.__name__}"
        self.apply(cur, verdict, rule, out)
        return out

    def apply(self, cur: Item, verdict: Verdict, rule: str, out: list[Event]) -> None:
        """Apply a verdict to the state: the one place where a line's fate changes what is open."""
        verb, reason = verdict
        line = cur.line
        front = line.mark == FRONT_MATTER
        if front:
            rule = f"{line.rule or 'front_matter'} > {rule}"  # front_matter, or front_matter.title_note
        elif line.rule and line.rule in _MOVED:  # the page stage moved the line
            rule = f"{line.rule} > {rule}"
        if verb == JOIN:  # the most frequent verb first
            state = self.state
            assert state is not None
            state.add(line, cur.cls, cur.band, cur.ev)
            action = "merge" if state.kind == HEADING else "join"
            out.append(self.act(cur, FRONT if front else state.kind, action, reason, rule))
            return
        if verb == JOIN_CAPTION:
            assert self.caption is not None
            self.caption.add(cur.line, cur.cls, cur.band, cur.ev)
            out.append(self.act(cur, CAPTION, "join", reason, rule))
            return
        if verb == START_CAPTION:
            if self.state is not None and self.state.kind == HEADING:
                out.extend(self.close())  # a heading does not go on after a caption
                rule = f"{rule} > caption_closes_the_heading"
            self.caption = Open(CAPTION, cur.line, cur.cls, cur.band, cur.ev)
            out.append(self.act(cur, CAPTION, "start", reason, rule))
            if cur.cls is LineClass.FINISHED:
                out.extend(self.close_side())
            return
        if verb in _DROPS or verb in _APART:
            # for the lines after it, debris kept apart is debris all the same
            if verb in (DROP_END, APART_END):
                assert self.state is not None
                self.state.last_cls, self.state.last_band = cur.cls, cur.band
            if verb != DROP_INTERRUPTION and self.state is not None:
                self.state.after_debris += 1
                self.state.debris_chars += len("".join(cur.line.text.split()))
            if verb in _APART:
                out.append(cur.decision(BODY, "start", reason, rule))
                out.extend(self.side(self.alone(cur, BODY)))
            else:
                out.extend(
                    self.set_aside(cur, FOOTNOTE if verb == DROP_INTERRUPTION else OBJECT, reason, rule)
                )
            return
        if verb == START_REFERENCES:
            self.references = True
        out.extend(self.close())
        if verb == ALONE:  # a paragraph of one line, in its place
            out.append(cur.decision(BODY, "start", reason, rule))
            out.append(self.alone(cur, BODY))
            return
        kind = HEADING if verb == START_HEADING else REFERENCE if self.references else BODY
        if kind == HEADING and not front:
            self.section = section_number(cur.line.text) or self.section
            self.references = is_references_heading(cur.line.text)
            if self.references and REFERENCE in self.dropped:
                rule = f"{rule} > heading_dropped_with_its_list"
                out.append(cur.decision(REFERENCE, "drop", f"{reason} ({REFERENCE} dropped)", rule))
                return  # dropping the list drops its heading with it
        # A paragraph's indented first line is a full line: the next goes on from it.
        band = Band.FULL if verb == START_INDENTED else cur.band
        self.state = Open(kind, cur.line, cur.cls, band, cur.ev)
        self.state.rule = rule
        self.state.apart = cur.blank_before or cur.page_break_before
        self.front = front
        action = "heading" if kind == HEADING else "start"
        reason = f"front matter: {reason}" if front else reason
        out.append(self.act(cur, FRONT if front else kind, action, reason, rule))


def recover_default(
    measured: Iterable[Measured],
    eps: float,
    hold: int | None = 20000,
    drop: frozenset[str] = DROPPED_BY_DEFAULT,
    stats: WidthStats | None = None,
    joint: Joint = joint,
    repair: Callable[[str], str] | None = None,
    geometry: Geometry | None = None,
) -> Iterator[Event]:
    """The improved recovery; see the module's docstring for its rules.

    ``joint`` joins the lines of a paragraph (:func:`srtext.pipeline.hyphen.joint`, or a
    :class:`srtext.pipeline.hyphen.Dehyphenator`'s, which knows the document's words);
    ``repair`` mends each line's characters first (:func:`srtext.pipeline.chars.repairer`);
    ``geometry``, one box per input line, goes into each line's evidence.

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
    for nxt, trailing in chain(items(measured, eps, hold, geometry), end):
        if current is not None:
            yield from machine.content(current, nxt)
        for t in current_trailing:
            if isinstance(t, Decision):
                yield t
            else:
                yield from machine.marked(t)
        current, current_trailing = nxt, trailing
    yield from machine.finish()

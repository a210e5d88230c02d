"""What the recovery yields: a :class:`Decision` for every line, and :class:`Paragraph`\\ s."""

from __future__ import annotations

from collections.abc import Callable

from srtext.pipeline.chars import LIGATURES, Repair, RepairRecorder
from srtext.pipeline.classify import Band, LineClass
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.hyphen import Joining, Joint, Recorder, Span, join_spans
from srtext.pipeline.lines import Line
from srtext.record import NamedTuple

# Kinds of paragraphs (and of the lines that make them).
BODY = "body"
HEADING = "heading"
CAPTION = "caption"
REFERENCE = "reference"
FURNITURE = "furniture"
FOOTNOTE = "footnote"
OBJECT = "object"
FRONT = "frontmatter"
EMPTY = "empty"

# The classes --keep and --drop name, and the kinds each covers.
CLASSES: dict[str, tuple[str, ...]] = {
    "headings": (HEADING,),
    "captions": (CAPTION,),
    "furniture": (FURNITURE,),
    "footnotes": (FOOTNOTE,),
    "objects": (OBJECT,),
    "references": (REFERENCE,),
    "frontmatter": (FRONT,),
}
DROPPED_BY_DEFAULT = frozenset({"furniture", "footnotes", "objects"})


class Reason:
    """A reason written out only when it is read: ``str(reason)`` calls ``write(*args)``, once.

    A weighed boundary's reason names the features that weighed most
    (:mod:`srtext.pipeline.weigh`), which costs more than weighing them, and a
    plain run reads no reason: only ``--explain`` and the audit page do.  It
    reads, formats, compares and pickles as its text.

    >>> why = Reason("weighed {:+.1f} ({})".format, 2.345, "lower")
    >>> str(why), f"[{why}]", why == "weighed +2.3 (lower)"
    ('weighed +2.3 (lower)', '[weighed +2.3 (lower)]', True)
    """

    __slots__ = ("_args", "_text", "_write")

    def __init__(self, write: Callable[..., str], *args: object) -> None:
        self._write, self._args = write, args
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._write(*self._args)
        return self._text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (str, Reason)):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)  # unpickled as its text


class Decision(NamedTuple):
    """What happened to one input line, and why.

    ``kind`` is what the line is (body, heading, caption, reference, frontmatter, furniture,
    footnote, object, empty); ``action`` is what was done: ``start`` (starts a
    paragraph), ``join`` (joins the open one), ``heading`` (starts a heading),
    ``merge`` (joins the open heading), ``drop`` (removed) or ``skip`` (an
    empty line); ``rule`` names what decided it.
    """

    line: Line
    cls: LineClass
    band: Band | None
    width: int
    cw: int
    kind: str
    action: str
    reason: str | Reason  # a Reason: written out when read (str())
    rule: str = ""  # the name of the rule that decided (srtext.pipeline.rules), or of the step that did


class Paragraph(NamedTuple):
    """One recovered paragraph.

    Attributes:
        text: the paragraph on one line.
        kind: ``body``, ``heading``, ``caption``, ``reference``, ``frontmatter``, or, when kept on
            request, ``furniture``, ``footnote`` or ``object``.
        lines: the input line numbers it was made from.
        page: the page it starts on.
        spans: where its text came from: ``(position in text, offset in the
            input, length, line number, page)`` for each line's piece (see
            :attr:`srtext.pipeline.lines.Line.offset`).
        hyphens: the verdict on each of its line ends that is not plain (a hyphen, a dash,
            CJK), with the criterion's name (:data:`srtext.pipeline.hyphen.HYPHEN_RULES`);
            only when the recovery was asked to note them (``--explain``, jsonl
            ``--with-dropped``, the audit page), else empty.
        repairs: the character repairs made to its lines (:mod:`srtext.pipeline.chars`), when noted.
    """

    text: str
    kind: str
    lines: tuple[int, ...]
    page: int
    spans: tuple[Span, ...] = ()
    hyphens: tuple[Joining, ...] = ()
    repairs: tuple[Repair, ...] = ()

    @property
    def start(self) -> int:
        """Offset in the input of the paragraph's first character.

        >>> p = Paragraph("a metabolic", "body", (1, 2), 1, ((0, 12, 6, 1, 1), (6, 20, 5, 2, 1)))
        >>> p.start, p.end, p.source_offset(4), p.source_offset(8)
        (12, 25, 16, 22)
        """
        return self.spans[0][1] if self.spans else 0

    @property
    def end(self) -> int:
        """Offset in the input just after the paragraph's last character."""
        return self.spans[-1][1] + self.spans[-1][2] if self.spans else 0

    def source_offset(self, position: int) -> int:
        """The input offset of a position in :attr:`text`.

        A separator maps to the end of the piece before it.
        """
        off = 0
        for at, offset, length, _line, _page in self.spans:
            if at > position:
                break
            off = offset + min(position - at, length)
        return off


Event = Decision | Paragraph


class Open:
    """A paragraph being built: its kind and lines, and how its last line ended."""

    __slots__ = (
        "after_debris",
        "apart",
        "chars",
        "debris_chars",
        "kind",
        "last",
        "last_band",
        "last_cls",
        "lines",
        "opened",
        "rule",
    )

    def __init__(self, kind: str, line: Line, cls: LineClass, band: Band | None, ev: Evidence) -> None:
        self.kind = kind
        self.lines = [line]
        self.last_cls = cls
        self.last_band = band
        self.last = ev  # the evidence of the last line (srtext.pipeline.evidence)
        self.chars = len(line.text)  # the characters of its lines: a memory bound (steps.line_limit)
        self.after_debris = 0  # lines of formula or table debris dropped after the last line
        self.debris_chars = 0  # and their characters (white space left out)
        self.rule = ""  # the rule that opened it, where the recovery names it
        self.apart = False  # its first line stood after an empty line or a page break
        self.opened = -1  # its first line's first characters' facts, once asked (rules.guards.facts)

    def add(self, line: Line, cls: LineClass, band: Band | None, ev: Evidence) -> None:
        self.lines.append(line)
        self.last_cls = cls
        self.last_band = band
        self.last = ev
        self.chars += len(line.text)
        self.after_debris = 0
        self.debris_chars = 0

    def close(self, joint: Joint, repair: Callable[[str], str] | None = None) -> Paragraph:
        """The finished paragraph: lines repaired (:mod:`srtext.pipeline.chars`), joined as ``joint`` decides.

        A span of a repaired line is split where the repair changed the text's
        length, so that every span's offsets point into the input as it was.
        A joint or a repair that notes its verdicts (a :class:`~srtext.pipeline.hyphen.Recorder`,
        a :class:`~srtext.pipeline.chars.RepairRecorder`) gives them to the paragraph.
        """
        repaired = None
        if repair is None:
            pieces = [(x.text, x.offset, x.number, x.page) for x in self.lines]
            text, spans = join_spans(pieces, joint)
        else:
            texts = [x.text for x in self.lines]
            repaired = list(map(repair, texts))
            pieces = [(r, x.offset, x.number, x.page) for r, x in zip(repaired, self.lines, strict=True)]
            text, spans = join_spans(pieces, joint)
            if repaired != texts:  # a line was repaired
                spans = _unrepaired(spans, self.lines, repaired)
        paragraph = Paragraph(
            text=text,
            kind=self.kind,
            lines=tuple(dict.fromkeys([x.number for x in self.lines])),
            page=self.lines[0].page,
            spans=spans,
        )
        if isinstance(joint, Recorder) or isinstance(repair, RepairRecorder):
            return self._noted(paragraph, joint, repair, repaired)
        return paragraph

    def _noted(
        self,
        paragraph: Paragraph,
        joint: Joint,
        repair: Callable[[str], str] | None,
        repaired: list[str] | None,
    ) -> Paragraph:
        """The paragraph with the verdicts its joint and its repair noted while it was made.

        The joint was asked once between each two lines with text, in order, so its
        k-th verdict is on the end of the k-th of them; each line was repaired once.
        """
        hyphens: tuple[Joining, ...] = ()
        repairs: tuple[Repair, ...] = ()
        if isinstance(joint, Recorder):
            texts = repaired if repaired is not None else [x.text for x in self.lines]
            hyphens = joint.take([x.number for x, t in zip(self.lines, texts, strict=True) if t.strip()])
        if isinstance(repair, RepairRecorder):
            repairs = repair.take([x.number for x in self.lines])
        return paragraph._replace(hyphens=hyphens, repairs=repairs)

    @property
    def running(self) -> bool:
        """Is the last line a full or long unfinished body line (mid-sentence)?"""
        return (
            self.kind in (BODY, REFERENCE)
            and self.last_band is not Band.SHORT
            and self.last_cls is LineClass.UNFINISHED
        )


def _unrepaired(spans: tuple[Span, ...], lines: list[Line], repaired: list[str]) -> tuple[Span, ...]:
    """The spans of repaired lines, re-pointed at the input's own characters.

    ``join_spans`` gives one span per non-empty piece, in order, with offsets
    counted in the repaired text; a repaired piece is split into runs of
    characters that map one to one onto the input.
    """
    out: list[Span] = []
    pieces = [(x, r) for x, r in zip(lines, repaired, strict=True) if r.strip()]
    for span, (line, fixed) in zip(spans, pieces, strict=True):
        if fixed == line.text:
            out.append(span)
            continue
        at, offset, length, number, page = span
        where = source_positions(line.text, fixed)
        first = offset - line.offset  # where the span starts in the repaired text
        run_at, run_src, run_len = at, where[first], 0
        for k in range(first, first + length):
            src = where[k]
            if run_len and src != run_src + run_len:
                out.append((run_at, line.offset + run_src, run_len, number, page))
                run_at, run_src, run_len = at + k - first, src, 0
            run_len += 1
        out.append((run_at, line.offset + run_src, run_len, number, page))
    return tuple(out)


def source_positions(original: str, repaired: str) -> list[int]:
    """For each character of ``repaired``, the position of the character of ``original`` it came from.

    The repairs of :mod:`srtext.pipeline.chars` remove control characters, expand a
    ligature into its letters (each letter maps to the ligature), and change
    a letter's script one for one.

    >>> source_positions("\x88ﬁt", "fit")
    [1, 1, 2]
    """
    out: list[int] = []
    n = len(original)
    i = 0
    used = 0  # letters of the ligature at ``i`` already given
    for c in repaired:
        while used == 0 and i < n and original[i] != c and _removed(original[i]):
            i += 1
        if i < n and original[i] != c and original[i] in LIGATURES:
            out.append(i)
            used += 1
            if used == len(LIGATURES[original[i]]):
                i, used = i + 1, 0
            continue
        out.append(min(i, n - 1) if n else 0)
        i += 1
    return out


def _removed(c: str) -> bool:
    """Is ``c`` a character the controls repair removes?"""
    o = ord(c)
    return o <= 0x08 or 0x0B <= o <= 0x1F or 0x7F <= o <= 0x9F

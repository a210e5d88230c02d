"""Output formats: paragraphs or sentences as text or JSON lines, and the explanation of every decision.

The JSON lines format (``--format jsonl``) writes one object per paragraph
(or per sentence), in input order, with these keys:

``text``
    the paragraph (or sentence) on one line;
``kind``
    ``body``, ``heading``, ``caption``, ``reference``, ``frontmatter``, or a kept or dropped
    class: ``furniture``, ``footnote``, ``object``;
``page``
    the page it starts on (1-based; pages are separated by form feeds);
``lines``
    the input line numbers it came from (1-based);
``start``, ``end``
    character offsets into the input decoded as text (a BOM counts as one
    character): ``input[start:end]`` is the source, from its first to its last
    character (a paragraph's source spans its line ends, hyphens and any text
    dropped in between);
``dropped``
    ``false``, or ``true`` for a dropped line (written with ``--with-dropped``);
``paragraph``, ``sentence``
    with ``--sentences`` only: the 0-based number of the paragraph in the
    document and of the sentence in its paragraph;
``level``
    a heading's only: its level, 1 to 6, from its numbering (see
    :mod:`srtext.pipeline.levels`);
``rules``, ``rule``, ``hyphens``, ``repairs``
    with ``--with-dropped`` only: the rules that decided a paragraph's lines (one per
    line) and a dropped line's rule; a paragraph's (or sentence's) line ends that are
    not plain, each ``{"line", "verdict", "rule", "at"}`` (``verdict``: ``join``,
    ``keep``, ``space`` or ``close``; ``rule``: the criterion of
    :data:`srtext.pipeline.hyphen.HYPHEN_RULES`; ``at``: the words around the end,
    ``"meta-|bolic"``), and its character repairs, each ``{"line", "rule", "before",
    "after", "times"}`` (:data:`srtext.pipeline.chars.REPAIR_RULES`).

The Markdown format (``--format markdown``) writes a heading as ``#`` times
its level and a space, an item of a bulleted list as ``- `` and its text (an
item numbered "1." keeps its number, which Markdown reads as a numbered list),
every other paragraph as it is, and a blank line between two (but not between
two items of a bulleted list).  A paragraph
that would read as Markdown markup at its start (``#``, ``>``, or a bullet
that starts no list item) gets a backslash before it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

from srtext.pipeline.events import HEADING, Decision, Event, Paragraph
from srtext.pipeline.labels import starts_list_item
from srtext.pipeline.levels import Levels, document_levels

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence, Set

    from srtext.config import Config  # only its fields are read: the pipeline does not import the options
    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo

    Geometry = Sequence[LineBox | None]


def format_paragraphs(paragraphs: Iterable[Paragraph], fmt: str = "lines") -> Iterator[str]:
    """Text for each paragraph: one per line (``lines``) or separated by a blank line (``blank``).

    >>> ps = [Paragraph("One.", "body", (1,), 1), Paragraph("Two.", "body", (2,), 1)]
    >>> "".join(format_paragraphs(ps)), "".join(format_paragraphs(ps, "blank"))
    ('One.\\nTwo.\\n', 'One.\\n\\nTwo.\\n')
    """
    first = True
    for p in paragraphs:
        if fmt == "blank" and not first:
            yield "\n"
        first = False
        yield p.text + "\n"


def format_markdown(
    paragraphs: Iterable[Paragraph], levels: Sequence[int] | None = None, labelled: Set[int] = frozenset()
) -> Iterator[str]:
    """Markdown: headings as ``#`` times their level, bulleted items as ``- ``, a blank line between two.

    The items of one list follow each other without blank lines (a "tight" list).

    >>> ps = [Paragraph("A report", "heading", (1,), 1), Paragraph("2.1 Data", "heading", (2,), 1),
    ...       Paragraph("• First point", "body", (3,), 1), Paragraph("• Second", "body", (4,), 1),
    ...       Paragraph("# of items", "body", (5,), 1), Paragraph("Figure 1: A map", "caption", (6,), 1)]
    >>> print("".join(format_markdown(ps)), end="")
    # A report
    <BLANKLINE>
    ## 2.1 Data
    <BLANKLINE>
    - First point
    - Second
    <BLANKLINE>
    \\# of items
    <BLANKLINE>
    Figure 1: A map

    ``levels``, when given, are the levels of the headings, in order (see
    :func:`srtext.pipeline.levels.document_levels`); else each heading's comes
    from its numbering and the headings before it.  ``labelled``: the input
    lines that a list's label was drawn before (``LineBox.label``: a bullet
    drawn as a shape, which the text does not hold); a paragraph that starts on
    one is an item.

    >>> drawn = [Paragraph("jigsaw", "body", (4,), 1), Paragraph("# of saws", "body", (5,), 1)]
    >>> print("".join(format_markdown(drawn, labelled={4, 5})), end="")
    - jigsaw
    - \\# of saws
    """
    level = _leveler(levels)
    item = None  # was the paragraph before a list item? None: there was none
    for p in paragraphs:
        text = markdown(p, level)
        if p.lines and p.lines[0] in labelled and p.kind != HEADING and not text.startswith("- "):
            text = "- " + text  # escaped as a paragraph's: "# of items" is no heading inside the item
        is_item = text.startswith("- ") and p.kind != HEADING
        if item is not None and not (item and is_item):  # a list's items are one block
            yield "\n"
        item = is_item
        yield text + "\n"


def _leveler(levels: Sequence[int] | None) -> Callable[[str], int]:
    """A function giving each heading, in order, its level: from ``levels``, else from its text."""
    if levels is None:
        return Levels().level
    given = iter(levels)
    return lambda _text: next(given)


def markdown(p: Paragraph, level: Callable[[str], int]) -> str:
    """One paragraph as Markdown (``level`` gives a heading its level, in input order).

    >>> levels = Levels().level
    >>> [markdown(Paragraph(t, k, (1,), 1), levels) for t, k in [("1 Intro", "heading"), ("▪ Item", "body"),
    ...   ("- Run it.", "body"), ("1. First", "body"), ("> quoted", "body"), ("+ x", "body")]]
    ['# 1 Intro', '- Item', '- Run it.', '1. First', '\\\\> quoted', '\\\\+ x']
    """
    text = p.text
    if p.kind == HEADING:
        return "#" * level(text) + " " + text
    if starts_list_item(text):
        return "- " + text.lstrip()[1:].lstrip()
    if text[:1] in _MARKUP and text[:2] != "- ":
        return "\\" + text
    return text


_MARKUP = frozenset("#>*+-=|`~")


def format_sentences(paragraphs: Iterable[Paragraph], lang: Lang = None) -> Iterator[str]:
    """One sentence per line, paragraphs separated by a blank line.

    >>> ps = [Paragraph("One. Two.", "body", (1,), 1), Paragraph("Three", "heading", (3,), 1)]
    >>> print("".join(format_sentences(ps, "en")), end="")
    One.
    Two.
    <BLANKLINE>
    Three
    """
    first = True
    for p in paragraphs:
        if first:
            lang = _language(lang)
        else:
            yield "\n"
        first = False
        for a, b in _sentences(p, lang):  # type: ignore[arg-type]
            yield p.text[a:b] + "\n"


def _sentences(p: Paragraph, lang: str | None) -> Iterator[tuple[int, int]]:
    """A paragraph's sentences; a heading is one unit."""
    if p.kind == HEADING:
        return iter([(0, len(p.text))] if p.text else [])
    from srtext.pipeline.sentences import (
        sentence_spans,  # only sentence output needs it: not on the start-up path
    )

    return sentence_spans(p.text, lang)


def _json(record: dict[str, object]) -> str:
    import json  # only JSON output needs it: not on the start-up path of the others

    text = json.dumps(record, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # invalid input bytes, carried as surrogate escapes: U+FFFD, valid UTF-8
        from srtext.pipeline.lines import valid_text

        text = valid_text(text)
    return text + "\n"


def paragraph_record(p: Paragraph) -> dict[str, object]:
    """The JSON object of a paragraph.

    >>> spans = ((0, 12, 6, 1, 1), (6, 20, 5, 2, 1))
    >>> paragraph_record(Paragraph("a metabolic", "body", (1, 2), 1, spans))  # doctest: +NORMALIZE_WHITESPACE
    {'text': 'a metabolic', 'kind': 'body', 'page': 1, 'lines': [1, 2], 'start': 12, 'end': 25,
     'dropped': False}
    """
    return {
        "text": p.text,
        "kind": p.kind,
        "page": p.page,
        "lines": list(p.lines),
        "start": p.start,
        "end": p.end,
        "dropped": False,
    }


def sentence_records(p: Paragraph, number: int, lang: str | None = None) -> Iterator[dict[str, object]]:
    """The JSON objects of a paragraph's sentences; ``number`` is the paragraph's.

    >>> p = Paragraph("One. Two", "body", (4, 5), 2, ((0, 0, 4, 4, 2), (5, 10, 3, 5, 2)))
    >>> [(r["text"], r["lines"], r["start"], r["end"]) for r in sentence_records(p, 0)]
    [('One.', [4], 0, 4), ('Two', [5], 10, 13)]
    """
    for i, (a, b) in enumerate(_sentences(p, lang)):
        inside = [s for s in p.spans if s[0] < b and s[0] + s[2] > a] or list(p.spans[:1])
        yield {
            "text": p.text[a:b],
            "kind": p.kind,
            "page": inside[0][4] if inside else p.page,
            "lines": list(dict.fromkeys(s[3] for s in inside)),
            "start": p.source_offset(a),
            "end": p.source_offset(b - 1) + 1,
            "dropped": False,
            "paragraph": number,
            "sentence": i,
        }


def dropped_record(d: Decision) -> dict[str, object]:
    """The JSON object of a dropped line."""
    line = d.line
    return {
        "text": line.text.strip(),
        "kind": d.kind,
        "page": line.page,
        "lines": [line.number],
        "start": line.offset + len(line.text) - len(line.text.lstrip()),
        "end": line.offset + len(line.text),
        "dropped": True,
        "rule": d.rule,
    }


def format_jsonl(
    events: Iterable[Event],
    *,
    sentences: bool = False,
    with_dropped: bool = False,
    lang: Lang = None,
    levels: Sequence[int] | None = None,
    geometry: Geometry | None = None,
) -> Iterator[str]:
    """JSON lines: one object per paragraph or sentence (and dropped line), in input order.

    >>> from srtext.api import recover
    >>> from srtext.pipeline.lines import text_lines
    >>> text = "A first line, long\\nand its end. More.\\n"
    >>> print("".join(format_jsonl(recover(text_lines(text)))), end="")  # doctest: +NORMALIZE_WHITESPACE
    {"text": "A first line, long and its end. More.", "kind": "body", "page": 1, "lines": [1, 2],
     "start": 0, "end": 37, "dropped": false}

    ``levels`` are the headings' levels, as :func:`format_markdown` takes them.
    With ``with_dropped``, every record names the rules that decided its lines:
    a dropped line's ``rule``, a paragraph's ``rules`` (one per line, in order);
    and, when ``geometry`` is given, the geometry evidence of its lines
    (:func:`geometry_record`): a dropped line's ``geometry``, a paragraph's
    ``geometry`` (one per line, null for a line without a box).
    """
    geos = _layout(geometry) if with_dropped and geometry else None
    number = 0
    heading_level = _leveler(levels)
    rules: dict[int, str] = {}  # with_dropped: the rule of each kept line not yet in a paragraph
    for e in events:
        if isinstance(e, Paragraph):
            level = heading_level(e.text) if e.kind == HEADING else None
            named = _ruled(e, rules) if with_dropped else None
            placed = None if geos is None else [geometry_record(_at(geos, n)) for n in e.lines]
            if sentences:
                if number == 0:
                    lang = _language(lang)
                for record in sentence_records(e, number, lang):  # type: ignore[arg-type]
                    yield _json(_placed(_noted(_leveled(record, level, named), e, with_dropped), placed))
            else:
                yield _json(
                    _placed(_noted(_leveled(paragraph_record(e), level, named), e, with_dropped), placed)
                )
            number += 1
        elif with_dropped:
            if e.action == "drop":
                if e.line.text.strip():
                    record = dropped_record(e)
                    if geos is not None:
                        record["geometry"] = geometry_record(_at(geos, e.line.number))
                    yield _json(record)
            elif e.action != "skip":
                rules[e.line.number] = e.rule


def _at(geos: Sequence[LineGeo | None], number: int) -> LineGeo | None:
    return geos[number - 1] if 0 < number <= len(geos) else None


def _placed(record: dict[str, object], placed: list[dict[str, object] | None] | None) -> dict[str, object]:
    """The record with its lines' geometry evidence, when there is some."""
    if placed is not None:
        record["geometry"] = placed
    return record


def _ruled(p: Paragraph, rules: dict[int, str]) -> list[str]:
    """The rules of a paragraph's lines, forgotten once used.

    A paragraph cut at 100,000 characters (srtext.recovery.bounded) shares its
    last line with the next piece, so each paragraph's last line is kept until
    the next paragraph, and forgotten then unless that paragraph holds it too.

    >>> rules = {1: "a", 2: "b", 3: "c"}
    >>> _ruled(Paragraph("x", "body", (1, 2), 1), rules), rules
    (['a', 'b'], {2: 'b', 3: 'c'})
    >>> _ruled(Paragraph("y", "body", (2, 3), 1), rules), rules
    (['b', 'c'], {3: 'c'})
    >>> _ruled(Paragraph("z", "caption", (5,), 1), rules), rules
    ([''], {})
    """
    named = [rules.get(n, "") for n in p.lines]
    last = p.lines[-1]
    for n in [n for n in rules if n != last]:  # this paragraph's lines, the one before's last, queued notes
        if n in p.lines or n < p.lines[0]:
            del rules[n]
    return named


Lang = str | None | Callable[[], str | None]


def _leveled(
    record: dict[str, object], level: int | None, rules: list[str] | None = None
) -> dict[str, object]:
    """The record, with a heading's ``level`` and the lines' ``rules`` (when asked) as its last keys."""
    if level is not None:
        record["level"] = level
    if rules is not None:
        record["rules"] = rules
    return record


def _noted(record: dict[str, object], p: Paragraph, with_dropped: bool) -> dict[str, object]:
    """With ``with_dropped``, the record with the line ends and repairs of its lines, as its last keys.

    >>> from srtext.pipeline.hyphen import Joining
    >>> p = Paragraph("x-y", "body", (1, 2), 1, (), (Joining(1, "keep", "capital_after", "x-|Y"),))
    >>> _noted({"lines": [1, 2]}, p, True)  # doctest: +NORMALIZE_WHITESPACE
    {'lines': [1, 2], 'hyphens': [{'line': 1, 'verdict': 'keep', 'rule': 'capital_after', 'at': 'x-|Y'}],
     'repairs': []}
    """
    if with_dropped:  # a sentence's, or a piece's of a paragraph cut in several: those of its lines
        lines = record["lines"]
        mine = set(lines) if isinstance(lines, list) else set(p.lines)
        record["hyphens"] = [h._asdict() for h in p.hyphens if h.line in mine]
        record["repairs"] = [r._asdict() for r in p.repairs if r.line in mine]
    return record


def _language(lang: Lang) -> str | None:
    return lang() if callable(lang) else lang


def render(
    events: Iterable[Event], config: Config, lang: Lang = None, geometry: Geometry | None = None
) -> Iterator[str]:
    """The text of the events in ``config.output_format``.

    ``lang`` is the document's language, or a function that tells it, called when
    the first paragraph is out (see :attr:`srtext.pipeline.vocabulary.Vocabulary.lang`).
    ``geometry``, a box (or None) per input line, gives the headings of ``jsonl``
    and ``markdown`` levels from their font sizes too; the document's events are
    then all read before the first is written (see :mod:`srtext.pipeline.levels`).
    """
    fmt = config.output_format
    levels = None
    if geometry is not None and fmt in ("jsonl", "markdown"):
        events = list(events)
        headings = [e for e in events if isinstance(e, Paragraph) and e.kind == HEADING]
        levels = document_levels(
            [(p.text, font_height(p, geometry)) for p in headings], body_height(geometry)
        )
    if fmt == "jsonl":
        sentences, with_dropped = config.sentences, config.with_dropped
        return format_jsonl(
            events,
            sentences=sentences,
            with_dropped=with_dropped,
            lang=lang,
            levels=levels,
            geometry=geometry,
        )
    paragraphs = (e for e in events if isinstance(e, Paragraph))
    if fmt == "sentences":
        return format_sentences(paragraphs, lang)
    if fmt == "markdown":
        labelled = frozenset(n for n, b in enumerate(geometry or (), 1) if b is not None and b.label)
        return format_markdown(paragraphs, levels, labelled)
    return format_paragraphs(paragraphs, fmt)


def font_height(p: Paragraph, geometry: Geometry) -> float | None:
    """The median font height of a paragraph's lines that have boxes, or None.

    >>> from srtext.geometry.box import LineBox
    >>> box = LineBox(1, 612.0, 792.0, 72.0, 300.0, 100.0, 88.0, 102.0, 14.0, 0, 0, None)
    >>> font_height(Paragraph("1 Intro", "heading", (2,), 1), [None, box])
    14.0
    >>> font_height(Paragraph("x", "body", (1,), 1), [None]) is None
    True
    """
    heights = sorted(
        box.font_height for n in p.lines if 0 < n <= len(geometry) and (box := geometry[n - 1]) is not None
    )
    return heights[len(heights) // 2] if heights else None


def body_height(geometry: Geometry) -> float | None:
    """The font height most lines have (to a tenth of a point): the running text's.

    >>> from srtext.geometry.box import LineBox
    >>> box = LineBox(1, 612.0, 792.0, 72.0, 300.0, 100.0, 88.0, 102.0, 10.0, 0, 0, None)
    >>> body_height([box, None, box._replace(font_height=14.0), box._replace(font_height=10.02)])
    10.0
    """
    counts: dict[float, int] = {}
    for box in geometry:
        if box is not None:
            key = round(box.font_height, 1)
            counts[key] = counts.get(key, 0) + 1
    return max(counts, key=counts.__getitem__) if counts else None


EXPLAIN_HEADER = "line\tpage\tclass\tband\twidth/cw\tkind\taction\trule\treason\ttext\tnotes\n"
#: With geometry, ``--explain`` has one more column, after the notes (so that the others keep their places).
EXPLAIN_HEADER_GEOMETRY = EXPLAIN_HEADER[:-1] + "\tgeometry\n"
#: Rows held back at most by :func:`explain_rows`, waiting for their paragraph's notes (a bound on memory).
EXPLAIN_HOLD = 20_000


def _layout(geometry: Geometry) -> list[LineGeo | None]:
    from srtext.geometry.layout import layout  # only with geometry: not on the start-up path

    return layout(geometry)


def geometry_record(geo: LineGeo | None) -> dict[str, object] | None:
    """A line's place as a JSON object (jsonl ``--with-dropped``), or None without a box.

    >>> from srtext.geometry.layout import LineGeo
    >>> geometry_record(LineGeo(12.0, 1.0, 11.5, 0.0, 1.0, False, False, False, 0, 10.0))
    {'gap': 12.0, 'gap_extra': 1.0, 'indent': 11.5, 'fill': 0.0, 'font_ratio': 1.0, 'column': 0}
    >>> geometry_record(LineGeo(None, None, 0.0, 3.0, 1.4, True, True, True, 1, 10.0))["flags"]
    ['same_line', 'at_edge', 'repeated']
    """
    if geo is None:
        return None
    record: dict[str, object] = {
        "gap": None if geo.gap is None else round(geo.gap, 1),
        "gap_extra": None if geo.gap_extra is None else round(geo.gap_extra, 2),
        "indent": round(geo.indent, 1),
        "fill": round(geo.fill, 1),
        "font_ratio": round(geo.font_ratio, 2),
        "column": geo.column,
    }
    flags = [name for name in ("same_line", "at_edge", "repeated", "label") if getattr(geo, name)]
    if flags:
        record["flags"] = flags
    return record


def explain_line(d: Decision, notes: str = "") -> str:
    """One tab-separated row of ``--explain`` output; ``notes`` are the line's (:func:`line_notes`).

    >>> from srtext.pipeline.lines import Line
    >>> from srtext.pipeline.classify import LineClass, Band
    >>> print(explain_line(Decision(Line(7, 2, "x = 1"), LineClass.UNFINISHED, Band.SHORT,
    ...       5, 60, "object", "drop", "debris", "debris")), end="")  # doctest: +NORMALIZE_WHITESPACE
    7	2	UL	short	5/60	object	drop	debris	debris	x = 1	-
    """
    band = d.band.value if d.band is not None else "-"
    text = d.line.text.replace("\t", " ")
    cells: tuple[object, ...] = (d.line.number, d.line.page, d.cls.value, band, f"{d.width}/{d.cw}")
    cells += (d.kind, d.action, d.rule or "-", d.reason, text, notes or "-")
    return "\t".join(map(str, cells)) + "\n"


def line_notes(p: Paragraph) -> dict[int, list[str]]:
    """The notes of a paragraph's lines: the verdict on a line's end (``hyphen=VERDICT:RULE``) and
    each repair made to it (``repair=RULE:BEFORE>AFTER``, ``*N`` when made N times).

    >>> from srtext.pipeline.hyphen import Joining
    >>> from srtext.pipeline.chars import Repair
    >>> hyphens = (Joining(4, "join", "part_not_a_word", "meta-|bolic"),)
    >>> repairs = (Repair(5, "ligatures", "ﬁ", "fi", 2),)
    >>> p = Paragraph("a metabolic ﬁt", "body", (4, 5), 1, (), hyphens, repairs)
    >>> line_notes(p)
    {4: ['hyphen=join:part_not_a_word'], 5: ['repair=ligatures:ﬁ>fi*2']}
    """
    notes: dict[int, list[str]] = {}
    for h in p.hyphens:
        notes.setdefault(h.line, []).append(f"hyphen={h.verdict}:{h.rule}")
    for r in p.repairs:
        times = f"*{r.times}" if r.times > 1 else ""
        notes.setdefault(r.line, []).append(f"repair={r.rule}:{r.before}>{r.after}{times}".replace("\t", " "))
    return notes


def explain_rows(events: Iterable[Event], geometry: Geometry | None = None) -> Iterator[str]:
    """The ``--explain`` table: its header, and a row per decision, in input order, with the line's notes.

    A line's notes come with its paragraph, which is made after its lines are
    decided: a kept line's row waits until its paragraph has come (at most
    :data:`EXPLAIN_HOLD` rows wait; then the oldest goes without).  A line with two
    decisions (a line split in two) has its notes on its first row.

    >>> from srtext.api import recover
    >>> from srtext.pipeline.lines import text_lines
    >>> rows = list(explain_rows(recover(text_lines("A first line of a meta-\\nbolic rate.\\n"), note=True)))
    >>> [r.rstrip("\\n").split("\\t")[-1] for r in rows]
    ['notes', 'hyphen=join:part_not_a_word', '-']

    With ``geometry`` (a box or None per input line) each row ends in the line's
    place against the document's usual (:meth:`srtext.geometry.layout.LineGeo.describe`:
    the gap above it, its indent, fill, font size and column), ``-`` for a line
    without a box; without, the rows are those of the text alone.

    >>> from srtext.geometry.box import LineBox
    >>> box = LineBox(1, 612.0, 792.0, 72.0, 540.0, 100.0, 90.0, 102.0, 12.0, 0, 0, None)
    >>> rows = list(explain_rows(recover(text_lines("A line.\\n"), geometry=[box]), [box]))
    >>> rows[0].split("\\t")[-1], rows[1].split("\\t")[-1]
    ('geometry\\n', 'gap -, indent 0.0pt, fill 0.0pt, font 1.00x, column 0\\n')
    """
    geos = _layout(geometry) if geometry else None
    yield EXPLAIN_HEADER_GEOMETRY if geos is not None else EXPLAIN_HEADER

    def row(d: Decision, notes: str) -> str:
        text = explain_line(d, notes)
        if geos is None:
            return text
        n = d.line.number
        geo = geos[n - 1] if 0 < n <= len(geos) else None
        return text[:-1] + "\t" + (geo.describe() if geo is not None else "-") + "\n"

    waiting: deque[Decision] = deque()
    made: set[int] = set()  # the lines of the paragraphs made
    notes: dict[int, list[str]] = {}
    for e in events:
        if isinstance(e, Paragraph):
            made.update(e.lines)
            for n, said in line_notes(e).items():
                notes.setdefault(n, []).extend(said)
        else:
            waiting.append(e)
        while waiting and (
            waiting[0].action in ("drop", "skip")
            or waiting[0].line.number in made
            or len(waiting) > EXPLAIN_HOLD
        ):
            d = waiting.popleft()
            n = d.line.number
            if not waiting or waiting[0].line.number != n:
                made.discard(n)
            yield row(d, " ".join(notes.pop(n, ())))
    for d in waiting:
        yield row(d, " ".join(notes.pop(d.line.number, ())))

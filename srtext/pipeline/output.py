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
    document and of the sentence in its paragraph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from srtext.config import Config
from srtext.pipeline.events import HEADING, Decision, Event, Paragraph


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
    }


def format_jsonl(
    events: Iterable[Event], *, sentences: bool = False, with_dropped: bool = False, lang: Lang = None
) -> Iterator[str]:
    """JSON lines: one object per paragraph or sentence (and dropped line), in input order.

    >>> from srtext.api import recover
    >>> from srtext.pipeline.lines import text_lines
    >>> text = "A first line, long\\nand its end. More.\\n"
    >>> print("".join(format_jsonl(recover(text_lines(text)))), end="")  # doctest: +NORMALIZE_WHITESPACE
    {"text": "A first line, long and its end. More.", "kind": "body", "page": 1, "lines": [1, 2],
     "start": 0, "end": 37, "dropped": false}
    """
    number = 0
    for e in events:
        if isinstance(e, Paragraph):
            if sentences:
                if number == 0:
                    lang = _language(lang)
                for record in sentence_records(e, number, lang):  # type: ignore[arg-type]
                    yield _json(record)
            else:
                yield _json(paragraph_record(e))
            number += 1
        elif with_dropped and e.action == "drop" and e.line.text.strip():
            yield _json(dropped_record(e))


Lang = str | None | Callable[[], str | None]


def _language(lang: Lang) -> str | None:
    return lang() if callable(lang) else lang


def render(events: Iterable[Event], config: Config, lang: Lang = None) -> Iterator[str]:
    """The text of the events in ``config.output_format``.

    ``lang`` is the document's language, or a function that tells it, called when
    the first paragraph is out (see :attr:`srtext.pipeline.vocabulary.Vocabulary.lang`).
    """
    fmt = config.output_format
    if fmt == "jsonl":
        return format_jsonl(events, sentences=config.sentences, with_dropped=config.with_dropped, lang=lang)
    paragraphs = (e for e in events if isinstance(e, Paragraph))
    if fmt == "sentences":
        return format_sentences(paragraphs, lang)
    return format_paragraphs(paragraphs, fmt)


EXPLAIN_HEADER = "line\tpage\tclass\tband\twidth/cw\tkind\taction\trule\treason\ttext\n"


def explain_line(d: Decision) -> str:
    """One tab-separated row of ``--explain`` output.

    >>> from srtext.pipeline.lines import Line
    >>> from srtext.pipeline.classify import LineClass, Band
    >>> print(explain_line(Decision(Line(7, 2, "x = 1"), LineClass.UNFINISHED, Band.SHORT,
    ...       5, 60, "object", "drop", "debris", "debris")), end="")  # doctest: +NORMALIZE_WHITESPACE
    7	2	UL	short	5/60	object	drop	debris	debris	x = 1
    """
    band = d.band.value if d.band is not None else "-"
    text = d.line.text.replace("\t", " ")
    cells: tuple[object, ...] = (d.line.number, d.line.page, d.cls.value, band, f"{d.width}/{d.cw}")
    cells += (d.kind, d.action, d.rule or "-", d.reason, text)
    return "\t".join(map(str, cells)) + "\n"

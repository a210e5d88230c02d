"""The data of the audit page: each decision's fields as plain values, in columns, and the
paragraph each line went into.

Every field is read generically (:func:`decision_fields`), so that a field added
to :class:`~srtext.pipeline.events.Decision` later (a line's evidence, say) reaches
the page without a change here; an event that is neither a decision nor a
paragraph is kept with its line (:func:`record_fields`).
"""

from __future__ import annotations

import bisect

from srtext.pipeline.events import BODY, Decision, Paragraph

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def decision_fields(d: Decision) -> dict[str, object]:
    """A decision's fields as plain values (JSON's): every field, whatever fields there are.

    A field that is itself a record (the line) gives its own fields as
    ``field.name``, but for the line's text, which the page shows in place;
    an enumeration gives its value; anything else that JSON cannot hold, its text.

    >>> from srtext.pipeline.lines import Line
    >>> from srtext.pipeline.classify import LineClass, Band
    >>> line = Line(7, 2, "x = 1")
    >>> d = Decision(line, LineClass.UNFINISHED, Band.SHORT, 5, 60, "object", "drop", "why", "r")
    >>> decision_fields(d)  # doctest: +NORMALIZE_WHITESPACE
    {'line.number': 7, 'line.page': 2, 'line.mark': '', 'line.offset': 0, 'line.rule': '', 'cls': 'UL',
     'band': 'short', 'width': 5, 'cw': 60, 'kind': 'object', 'action': 'drop', 'reason': 'why', 'rule': 'r'}
    """
    out: dict[str, object] = {}
    for name in d._fields:
        value = getattr(d, name)
        inner = getattr(value, "_fields", None)
        if isinstance(inner, tuple) and not isinstance(value, type):  # a record: its fields, one level
            for sub in inner:
                if (name, sub) != ("line", "text"):
                    out[f"{name}.{sub}"] = _plain(getattr(value, sub))
        else:
            out[name] = _plain(value)
    return out


def _plain(value: object) -> object:
    """A value JSON can hold: itself, an enumeration's value, a record's or a mapping's fields, a
    collection's items, or its text.

    >>> from srtext.pipeline.classify import Band
    >>> _plain(Band.FULL), _plain({"gap": 1.5, "font": None}), _plain(frozenset({"b", "a"}))
    ('full', {'gap': 1.5, 'font': None}, ['a', 'b'])
    >>> from srtext.pipeline.lines import Line
    >>> _plain([Line(1, 1, "x")])
    [{'number': 1, 'page': 1, 'text': 'x', 'mark': '', 'offset': 0, 'rule': ''}]
    """
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return safe_text(value)
    enum_value = getattr(value, "value", None)
    if isinstance(enum_value, str | int) and hasattr(type(value), "__members__"):
        return enum_value
    fields = getattr(value, "_fields", None)
    if isinstance(fields, tuple) and not isinstance(value, type):
        return {str(f): _plain(getattr(value, f, None)) for f in fields}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=str)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return safe_text(str(value))


def record_fields(e: object) -> tuple[int | None, str, object]:
    """An event that is neither a decision nor a paragraph (a later srtext may yield records of its
    dehyphenation or repairs): its line's number, when it has a line, its type's name and its fields.

    >>> from srtext.pipeline.lines import Line
    >>> from collections import namedtuple
    >>> record_fields(namedtuple("Joint", "line word")(Line(4, 1, "exam-"), "example"))  # doctest: +ELLIPSIS
    (4, 'Joint', {'line': {'number': 4, 'page': 1, 'text': 'exam-', ...}, 'word': 'example'})
    """
    line = getattr(e, "line", None)
    number = line if isinstance(line, int) else getattr(line, "number", None)
    return (number if isinstance(number, int) else None), type(e).__name__, _plain(e)


def rule_name(d: Decision) -> str:
    """The name of the rule that decided, ``-`` for none."""
    return str(d.rule) if d.rule else "-"


def safe_text(s: str) -> str:
    """Text safe to write as UTF-8: an input's invalid bytes (surrogate escapes) become U+FFFD.

    >>> safe_text("caf\\udce9")
    'caf\\ufffd'
    """
    try:
        s.encode("utf-8")  # in C: most lines, and every ASCII one, have no surrogate
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in s)
    return s


def columns(rows: list[dict[str, object]]) -> dict[str, dict[str, list[Any]]]:
    """Rows as columns, a column of strings as its distinct values and each row's index into them.

    >>> columns([{"a": "x", "b": 1}, {"a": "x", "b": 2}, {"a": "y", "b": None}])
    {'a': {'d': ['x', 'y'], 'c': [0, 0, 1]}, 'b': {'v': [1, 2, None]}}
    """
    names = list(dict.fromkeys(name for row in rows for name in row))
    out: dict[str, dict[str, list[Any]]] = {}
    for name in names:
        values = [row.get(name) for row in rows]
        if all(isinstance(v, str) for v in values):
            distinct: dict[object, int] = {}
            codes = [distinct.setdefault(v, len(distinct)) for v in values]
            out[name] = {"d": list(distinct), "c": codes}
        else:
            out[name] = {"v": values}
    return out


def paragraph_of(decisions: list[Decision], paragraphs: list[Paragraph]) -> dict[int, int]:
    """For each decision (by its index), the paragraph (by index) its text went into.

    A line may have several decisions (a run-in heading split off its
    paragraph's first line, a footnote glued onto a line): a paragraph's spans
    point into the input, so each span finds the decision whose piece of the
    line holds its offset.  A paragraph without spans is matched by line number.

    >>> ds = [_piece(1, "Title. Text", 0), _piece(1, "Text", 7), _piece(2, "more", 12)]
    >>> ps = [Paragraph("Title.", "heading", (1,), 1, ((0, 0, 6, 1, 1),)),
    ...       Paragraph("Text more", "body", (1, 2), 1, ((0, 7, 4, 1, 1), (5, 12, 4, 2, 1)))]
    >>> paragraph_of(ds, ps)
    {0: 0, 1: 1, 2: 1}
    """
    starts = [d.line.offset for d in decisions]
    first: dict[int, int] = {}
    for i, d in enumerate(decisions):
        first.setdefault(d.line.number, i)
    out: dict[int, int] = {}
    for j, p in enumerate(paragraphs):
        if p.spans:
            for _at, offset, _length, _number, _page in p.spans:
                i = bisect.bisect_right(starts, offset) - 1
                if i >= 0:
                    out.setdefault(i, j)
        else:
            for n in p.lines:
                if n in first:
                    out.setdefault(first[n], j)
    return out


def _piece(number: int, text: str, offset: int) -> Decision:
    """A decision for the doctests."""
    from srtext.pipeline.classify import LineClass
    from srtext.pipeline.lines import Line

    return Decision(Line(number, 1, text, "", offset), LineClass.UNFINISHED, None, 0, 0, BODY, "join", "", "")

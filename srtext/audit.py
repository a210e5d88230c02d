"""The audit page (``--audit PAGE``): one HTML file that shows what srtext did to every input line.

A user checks srtext's work on their own document by reading it, not the
tab-separated ``--explain`` rows: the page shows the input page by page, each
line coloured by what became of it (joined, started a paragraph, heading,
caption, dropped as furniture, footnote, object, front matter or references),
dropped text struck through in place, its rule and reason on hover and every
field of its decision in a side panel on click; the recovered paragraphs beside
it; the decisions counted per rule; the line-width histogram with CW and the
±eps band (the picture the algorithm decides by); and filters.

The page is built only from what the recovery yields to any caller: a
:class:`~srtext.pipeline.events.Decision` for every line, the
:class:`~srtext.pipeline.events.Paragraph`\\ s, and the width histogram with CW
and eps.  No rule is named here: the rules counted, listed and filtered are the
ones the decisions name, so renaming or adding rules needs no change to the page.
The fields of a decision are read generically (:func:`decision_fields`): a field
added to :class:`~srtext.pipeline.events.Decision` later (a line's evidence, say)
shows in the side panel as it is, and so does an event of another type (a
record of a dehyphenation or a repair), in its line's panel.  Only the
documented vocabulary of a decision's ``kind`` and ``action`` gets its own
colour and style; another value gets a colour of its own too, from its name.

The file is self-contained, so that it can be mailed or archived with the
document: styles, script and data are inline, a Content-Security-Policy forbids
any request, and no font is loaded.  It stays quick on long documents (a
300-page one loads in well under 2 s in Chromium, measured by
``bench/audit_load.py``): the lines are plain HTML written here, the script does
no work per line on load, and a filter is one style rule, not a walk over the
lines.  Not on srtext's start-up path: imported only for ``--audit``.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Iterable, Iterator

from srtext.pipeline.events import (
    BODY,
    CAPTION,
    EMPTY,
    FOOTNOTE,
    FRONT,
    FURNITURE,
    HEADING,
    OBJECT,
    REFERENCE,
    Decision,
    Event,
    Paragraph,
)
from srtext.pipeline.width import mean_width
from srtext.run.batch import AUDIT_SUFFIX  # beside each output of a directory run: NAME.audit.html

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: The first bytes of every audit page: what ``--audit`` checks before it replaces a file.
MARK = "<!DOCTYPE html>\n<!-- srtext audit page -->\n"

# Background colours of the kinds of lines (events.py's kinds); another kind gets a hue from its name.
KIND_COLOURS: dict[str, str] = {
    BODY: "#ffffff",
    HEADING: "#cfe3ff",
    CAPTION: "#e6d9ff",
    REFERENCE: "#d4f2ec",
    FRONT: "#fbeccb",
    FURNITURE: "#e2e2e2",
    FOOTNOTE: "#ffdcc2",
    OBJECT: "#ffd2d6",
    EMPTY: "transparent",
}
# Styles of the actions a Decision documents (start, join, heading, merge, drop, skip).
ACTION_STYLES: dict[str, str] = {
    "start": "border-left-color:#1f4e99",
    "heading": "border-left-color:#1f4e99;font-weight:bold",
    "merge": "font-weight:bold",
    "drop": "text-decoration:line-through;color:#7a4b4b",
}
ACTION_MEANING: dict[str, str] = {
    "start": "starts a paragraph (blue bar)",
    "join": "joins the open paragraph",
    "heading": "starts a heading (bold, blue bar)",
    "merge": "joins the open heading (bold)",
    "drop": "dropped (struck through)",
    "skip": "empty line",
}


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
    {'line.number': 7, 'line.page': 2, 'line.mark': '', 'line.offset': 0, 'cls': 'UL', 'band': 'short',
     'width': 5, 'cw': 60, 'kind': 'object', 'action': 'drop', 'reason': 'why', 'rule': 'r'}
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
    [{'number': 1, 'page': 1, 'text': 'x', 'mark': '', 'offset': 0}]
    """
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return _text(value)
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
    return _text(str(value))


def _record(e: object) -> tuple[int | None, str, object]:
    """An event that is neither a decision nor a paragraph (a later srtext may yield records of its
    dehyphenation or repairs): its line's number, when it has a line, its type's name and its fields.

    >>> from srtext.pipeline.lines import Line
    >>> from collections import namedtuple
    >>> _record(namedtuple("Joint", "line word")(Line(4, 1, "exam-"), "example"))  # doctest: +ELLIPSIS
    (4, 'Joint', {'line': {'number': 4, 'page': 1, 'text': 'exam-', ...}, 'word': 'example'})
    """
    line = getattr(e, "line", None)
    number = line if isinstance(line, int) else getattr(line, "number", None)
    return (number if isinstance(number, int) else None), type(e).__name__, _plain(e)


def _rule(d: Decision) -> str:
    """The name of the rule that decided, ``-`` for none."""
    return str(d.rule) if d.rule else "-"


def _text(s: str) -> str:
    """Text safe to write as UTF-8: an input's invalid bytes (surrogate escapes) become U+FFFD.

    >>> _text("caf\\udce9")
    'caf\\ufffd'
    """
    if s.isascii():
        return s
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in s)


def _columns(rows: list[dict[str, object]]) -> dict[str, dict[str, list[Any]]]:
    """Rows as columns, a column of strings as its distinct values and each row's index into them.

    >>> _columns([{"a": "x", "b": 1}, {"a": "x", "b": 2}, {"a": "y", "b": None}])
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


def _hue(name: str) -> str:
    """A light colour of its own for a kind srtext did not have when this was written."""
    h = sum(ord(c) * (i + 1) for i, c in enumerate(name)) % 360
    return f"hsl({h} 70% 88%)"


def _class_index(values: Iterable[str]) -> dict[str, int]:
    return {v: i for i, v in enumerate(dict.fromkeys(values))}


def histogram_svg(
    histogram: Counter[int], cw: int, eps: float, *, width: int = 540, height: int = 150
) -> str:
    """The line-width histogram as inline SVG: a bar per width, the CW ± eps·CW band, CW and l_avg.

    Empty lines (width 0) are not drawn (the page gives their count); lines
    wider than 2·CW are summed in one last bar, so that one line of a wide table
    does not squeeze the picture.

    >>> svg = histogram_svg(Counter({0: 4, 9: 2, 10: 6}), 10, 0.1)
    >>> svg.startswith("<svg") and "CW = 10" in svg and svg.count("<rect class=\\"bar") == 2
    True
    """
    widths = sorted(w for w in histogram if w > 0)
    top = widths[-1] if widths else cw
    cap = min(top, max(2 * cw, int(cw * (1 + eps)) + 5))
    over = sum(histogram[w] for w in widths if w > cap)
    columns = cap + (3 if over else 1)
    left, bottom, right, head = 40, 22, 10, 18
    plot_w, plot_h = width - left - right, height - bottom - head
    unit = plot_w / columns
    counts = [histogram[w] for w in widths if w <= cap] + ([over] if over else [])
    peak = max(counts) if counts else 1

    def x(col: float) -> float:
        return left + col * unit

    def y(n: int) -> float:
        return head + plot_h - plot_h * n / peak

    low, high = cw * (1 - eps), cw * (1 + eps)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="line-width histogram">',
        f'<rect class="band" x="{x(low):.1f}" y="{head}" width="{(high - low) * unit:.1f}" height="{plot_h}">'
        f"<title>full-width band: CW ± eps·CW = {low:.1f} to {high:.1f} columns</title></rect>",
    ]
    for w in widths:
        if w > cap:
            break
        n = histogram[w]
        out.append(
            f'<rect class="bar" x="{x(w):.1f}" y="{y(n):.1f}" width="{max(unit * 0.9, 0.6):.1f}" '
            f'height="{plot_h * n / peak:.1f}"><title>width {w}: {n} line{"s" * (n != 1)}</title></rect>'
        )
    if over:
        out.append(
            f'<rect class="bar over" x="{x(cap + 2):.1f}" y="{y(over):.1f}" width="{unit:.1f}" '
            f'height="{plot_h * over / peak:.1f}"><title>wider than {cap}: {over} lines</title></rect>'
            f'<text x="{x(cap + 2):.1f}" y="{height - 6}" class="tick">&gt;{cap}</text>'
        )
    l_avg = mean_width(histogram)
    out.append(
        f'<line class="cw" x1="{x(cw):.1f}" x2="{x(cw):.1f}" y1="{head - 4}" y2="{head + plot_h}"/>'
        f'<text class="cwl" x="{x(cw):.1f}" y="{head - 6}" text-anchor="middle">CW = {cw}</text>'
        f'<line class="avg" x1="{x(l_avg):.1f}" x2="{x(l_avg):.1f}" y1="{head}" y2="{head + plot_h}"/>'
        f'<text class="tick" x="{x(l_avg) + 3:.1f}" y="{head + 10}">l_avg = {l_avg:.1f}</text>'
        f'<line class="axis" x1="{left}" x2="{width - right}" y1="{head + plot_h}" y2="{head + plot_h}"/>'
    )
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**9) if columns / s <= 12)
    for t in range(0, cap + 1, step):
        out.append(f'<text class="tick" x="{x(t):.1f}" y="{height - 6}" text-anchor="middle">{t}</text>')
    out.append(f'<text class="tick" x="{left - 4}" y="{head + 8}" text-anchor="end">{peak}</text>')
    out.append("</svg>")
    return "".join(out)


def audit_page(
    events: Iterable[Event],
    histogram: Counter[int],
    cw: int,
    eps: float,
    *,
    title: str = "",
    settings: dict[str, object] | None = None,
) -> Iterator[str]:
    """The audit page of a document, in pieces: its events (every decision and paragraph), the
    line-width histogram, CW and eps.

    ``title`` names the document; ``settings`` are shown under it (the options of the run).

    >>> from srtext.api import recover
    >>> from srtext.pipeline.lines import text_lines
    >>> from srtext.pipeline.width import WidthStats
    >>> stats = WidthStats()
    >>> text = "Title\\n" + "A line of words that runs on\\n" * 3 + "end.\\n"
    >>> events = list(recover(text_lines(text), stats=stats))
    >>> page = "".join(audit_page(events, stats.histogram, stats.cw(True), 0.1, title="t.txt"))
    >>> page.startswith(MARK), page.count('<div class="ln '), page.count('<p class="par ')
    (True, 5, 2)
    """
    decisions: list[Decision] = []
    paragraphs: list[Paragraph] = []
    records: list[tuple[int | None, str, object]] = []  # other events: (line number, type, fields)
    for e in events:
        if isinstance(e, Paragraph):
            paragraphs.append(e)
        elif hasattr(e, "line") and hasattr(e, "action"):  # a Decision, or a record that extends one
            decisions.append(e)
        else:
            records.append(_record(e))
    paragraph_of = _paragraph_of(decisions, paragraphs)
    kinds = _class_index([d.kind for d in decisions] + [p.kind for p in paragraphs])
    actions = _class_index(d.action for d in decisions)
    rules = _class_index(map(_rule, decisions))
    rows = []
    for i, d in enumerate(decisions):
        row = decision_fields(d)
        row["paragraph"] = paragraph_of.get(i)
        rows.append(row)
    data = {
        "lines": _columns(rows),
        "paragraphs": [list(p.lines) for p in paragraphs],
        "records": records,
        "kinds": list(kinds),
        "actions": list(actions),
        "rules": list(rules),
    }
    name = _text(title) or "standard input"
    dropped = sum(1 for d in decisions if d.action == "drop")
    pages = decisions[-1].line.page if decisions else 0
    yield MARK
    yield '<html lang="en"><head><meta charset="utf-8">'
    yield (
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
    )
    yield '<meta name="viewport" content="width=device-width, initial-scale=1">'
    yield f"<title>srtext audit: {html.escape(name)}</title><style>{CSS}{_kind_css(kinds, actions)}</style>"
    yield "</head><body><header>"
    yield f"<h1>srtext audit: <span id=name>{html.escape(name)}</span></h1>"
    shown: dict[str, object] = {"lines": len(decisions), "pages": pages, "paragraphs": len(paragraphs)}
    shown["dropped"] = dropped
    shown.update({"CW": cw, "eps": eps})
    shown.update(settings or {})
    yield "<p id=summary>" + " · ".join(
        f"<b>{html.escape(str(k))}</b> {html.escape(_text(str(v)))}" for k, v in shown.items()
    )
    yield "</p><details id=overview open><summary>widths, rules and colours</summary>"
    yield "<div id=top><section id=hist><h2>Line widths</h2>"
    yield histogram_svg(histogram, cw, eps)
    empty = histogram.get(0, 0)
    yield (
        "<p class=note>Bars: lines of each width (in columns; hover a bar for its count). Shaded: the "
        f"full-width band CW ± eps·CW (eps = {eps}); red line: the column width CW; dashed: the mean "
        f"width l_avg. The {empty} empty line{'s' * (empty != 1)} (width 0) are not drawn.</p></section>"
    )
    yield from _counts_table(decisions, rules)
    yield from _legend(kinds, actions)
    yield "</div></details>"
    yield from _filters(kinds, actions, rules, decisions)
    yield "</header><main><section id=input><h2>Input, page by page</h2>"
    yield from _input_lines(decisions, kinds, actions, rules)
    yield "</section><section id=output><h2>Recovered paragraphs</h2>"
    for i, p in enumerate(paragraphs):
        yield f'<p class="par k{kinds[p.kind]}" id=P{i}>{html.escape(_text(p.text))}</p>'
    yield (
        "</section><aside id=panel hidden><button id=close title=close>×</button>"
        "<div id=panel-body></div></aside></main>"
    )
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    yield "<script type=application/json id=data>" + payload.replace("</", "<\\/") + "</script>"
    yield f"<script>{SCRIPT}</script></body></html>\n"


def _paragraph_of(decisions: list[Decision], paragraphs: list[Paragraph]) -> dict[int, int]:
    """For each decision (by its index), the paragraph (by index) its text went into.

    A line may have several decisions (a run-in heading split off its
    paragraph's first line, a footnote glued onto a line): a paragraph's spans
    point into the input, so each span finds the decision whose piece of the
    line holds its offset.  A paragraph without spans is matched by line number.

    >>> ds = [_piece(1, "Title. Text", 0), _piece(1, "Text", 7), _piece(2, "more", 12)]
    >>> ps = [Paragraph("Title.", "heading", (1,), 1, ((0, 0, 6, 1, 1),)),
    ...       Paragraph("Text more", "body", (1, 2), 1, ((0, 7, 4, 1, 1), (5, 12, 4, 2, 1)))]
    >>> _paragraph_of(ds, ps)
    {0: 0, 1: 1, 2: 1}
    """
    import bisect

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


def _kind_css(kinds: dict[str, int], actions: dict[str, int]) -> str:
    css = []
    for kind, i in kinds.items():
        css.append(f".k{i}{{background:{KIND_COLOURS.get(kind) or _hue(kind)}}}")
    for action, i in actions.items():
        if action in ACTION_STYLES:
            css.append(f".a{i}{{{ACTION_STYLES[action]}}}")
    return "".join(css)


def _counts_table(decisions: list[Decision], rules: dict[str, int]) -> Iterator[str]:
    """The decisions counted per rule, most frequent first, with what each rule did."""
    per_rule: Counter[str] = Counter()
    what: dict[str, Counter[str]] = {}
    for d in decisions:
        rule = _rule(d)
        per_rule[rule] += 1
        what.setdefault(rule, Counter())[f"{d.action} {d.kind}"] += 1
    yield "<section id=counts><h2>Decisions by rule</h2><table><thead><tr><th>rule<th>lines<th>what it did"
    yield "</thead><tbody>"
    for rule, n in per_rule.most_common():
        did = ", ".join(f"{html.escape(k)} {m}" for k, m in what[rule].most_common(4))
        more = len(what[rule]) - 4
        if more > 0:
            did += f", {more} more"
        yield (
            f'<tr data-rule="{rules[rule]}" title="show only this rule\'s lines"><td>'
            f"<code>{html.escape(_text(rule))}</code><td class=n>{n}<td>{did}"
        )
    yield "</tbody></table></section>"


def _legend(kinds: dict[str, int], actions: dict[str, int]) -> Iterator[str]:
    yield "<section id=legend><h2>Colours</h2><ul>"
    for kind, i in kinds.items():
        yield f'<li><span class="sw k{i}"></span>{html.escape(_text(kind))}'
    yield "</ul><ul>"
    for action, i in actions.items():
        meaning = ACTION_MEANING.get(action, "")
        yield f'<li><span class="sw2 a{i}">{html.escape(_text(action))}</span> {html.escape(meaning)}'
    yield "</ul><p class=note>Hover a line for its rule and reason; click it for every field "
    yield "(Esc closes the panel).</p></section>"


def _filters(
    kinds: dict[str, int], actions: dict[str, int], rules: dict[str, int], decisions: list[Decision]
) -> Iterator[str]:
    """The filter bar: a kind, an action and a rule to show alone, and two shortcuts."""
    yield "<nav id=filters><b>Show</b> "
    for key, label, values, counts in (
        ("kind", "kind", kinds, Counter(d.kind for d in decisions)),
        ("action", "action", actions, Counter(d.action for d in decisions)),
        ("rule", "rule", rules, Counter(map(_rule, decisions))),
    ):
        yield f'<label>{label} <select id="f-{key}"><option value="">any</option>'
        for value, i in sorted(values.items(), key=lambda item: item[0]):
            if counts[value]:
                yield f'<option value="{i}">{html.escape(_text(value))} ({counts[value]})</option>'
        yield "</select></label> "
    drop, heading = actions.get("drop"), kinds.get(HEADING)
    none = " disabled title='none in this document'"
    off_drop, off_heading = none if drop is None else "", none if heading is None else ""
    yield (
        f"<button id=only-dropped data-action='{drop}'{off_drop}>only dropped</button> "
        f"<button id=only-headings data-kind='{heading}'{off_heading}>only headings</button> "
        "<button id=show-all>all</button> <span id=shown></span></nav>"
    )


def _input_lines(
    decisions: list[Decision], kinds: dict[str, int], actions: dict[str, int], rules: dict[str, int]
) -> Iterator[str]:
    """The input as it came, one element per line (per piece of a line split in two), a block per page."""
    page = None
    escape = html.escape
    pieces: Counter[int] = Counter()
    for d in decisions:
        line = d.line
        pieces[line.number] += 1
        more = pieces[line.number]  # a line with several decisions: L12, L12-2, ...
        if line.page != page:
            if page is not None:
                yield "</div>"
            page = line.page
            yield f"<div class=page id=page-{page}><h3>page {page}</h3>"
        cls = f"ln k{kinds[d.kind]} a{actions[d.action]} r{rules[_rule(d)]}"
        name = f"L{line.number}" if more == 1 else f"L{line.number}-{more}"
        yield f'<div class="{cls}" id={name}>{escape(_text(line.text))}</div>'
    if page is not None:
        yield "</div>"


def is_audit_page(head: bytes) -> bool:
    """Is this (the first ``len(MARK)`` bytes of) a page srtext wrote, or empty?  Only such is replaced.

    >>> is_audit_page(MARK.encode()), is_audit_page(b""), is_audit_page(b"%PDF-1.4")
    (True, True, False)
    """
    return not head or head.startswith(MARK.encode())


def audit_name(output: str, suffix: str) -> str:
    """The audit page beside an output: ``NAME.audit.html`` beside ``NAME.sr.txt``.

    >>> audit_name("dir/paper.sr.txt", ".sr.txt"), audit_name("dir/a_SRalg", "_SRalg")
    ('dir/paper.audit.html', 'dir/a.audit.html')
    """
    stem = output[: -len(suffix)] if suffix and output.endswith(suffix) else output
    return stem + AUDIT_SUFFIX


def index_page(entries: Iterable[tuple[str, str | None, str]]) -> Iterator[str]:
    """The page ``--audit PAGE`` names in a run over many inputs: a link to each input's page.

    ``entries`` are ``(input, its audit page or None, what became of it)``;
    the links are as given (relative to the index, or absolute).

    >>> "".join(index_page([("a.txt", "a.audit.html", "12 lines")])).count("<a href")
    1
    """
    yield MARK
    yield '<html lang="en"><head><meta charset="utf-8">'
    yield '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
    yield "style-src 'unsafe-inline'\">"
    yield f"<title>srtext audit</title><style>{CSS}</style></head>"
    yield "<body class=index><header><h1>srtext audit</h1></header>"
    yield "<main class=index><table><thead><tr><th>input<th>audit page<th>result</thead><tbody>"
    for name, page, status in entries:
        link = f'<a href="{html.escape(page)}">{html.escape(page)}</a>' if page else "-"
        yield f"<tr><td>{html.escape(_text(name))}<td>{link}<td>{html.escape(_text(status))}"
    yield "</tbody></table></main></body></html>\n"


CSS = """
*{box-sizing:border-box}
body{margin:0;font:14px/1.35 system-ui,sans-serif;color:#222;background:#f6f6f3;
 display:flex;flex-direction:column;height:100vh}
header{flex:none;max-height:60vh;overflow:auto;padding:6px 14px;background:#fff;border-bottom:1px solid #ccc}
summary{cursor:pointer;color:#555;font-size:12px}
h1{font-size:18px;margin:2px 0 4px}h2{font-size:14px;margin:4px 0}
h3{font:12px system-ui,sans-serif;color:#666;margin:10px 0 2px;border-bottom:1px dashed #bbb}
#summary{margin:2px 0 6px;color:#444}
#top{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
#hist,#legend{flex:none}#counts{flex:1 1 300px;min-width:280px;max-height:210px;overflow:auto}
#counts table{border-collapse:collapse;font-size:12px}
#counts td,#counts th{padding:1px 6px;border-bottom:1px solid #eee;text-align:left;white-space:nowrap}
#counts tr[data-rule]{cursor:pointer}#counts tr[data-rule]:hover{background:#eef4ff}
#counts td.n{text-align:right}
#legend{display:grid;grid-template-columns:auto auto;column-gap:14px;align-content:start}
#legend h2,#legend .note{grid-column:1/3}
#legend ul{list-style:none;margin:0 0 4px;padding:0;font-size:12px}
.sw{display:inline-block;width:12px;height:12px;border:1px solid #aaa;margin-right:4px;vertical-align:-2px}
.note{font-size:11px;color:#666;max-width:540px;margin:2px 0}
svg .bar{fill:#4a6fa5}svg .bar.over{fill:#9aa}svg .band{fill:#ffe9a8}
svg .cw{stroke:#c0392b;stroke-width:2}svg .avg{stroke:#555;stroke-dasharray:4 3}
svg .axis{stroke:#888}svg text{font:10px system-ui,sans-serif;fill:#444}
svg .cwl{fill:#c0392b;font-weight:bold}
#filters{margin-top:6px;font-size:13px}#filters select{max-width:260px}
#shown{color:#666;margin-left:8px}
main{flex:1;min-height:0;display:grid;grid-template-columns:minmax(0,1.4fr) minmax(0,1fr);gap:10px;
 padding:8px 14px}
body.index{display:block;height:auto}main.index{display:block}
#input,#output{overflow:auto;background:#fff;border:1px solid #ccc;padding:4px 8px;min-height:0}
.page{content-visibility:auto;contain-intrinsic-size:auto 900px}
.ln{font:12px/1.45 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere;
 border-left:3px solid transparent;padding-left:4.4em;min-height:1.45em;cursor:pointer;position:relative;
 unicode-bidi:plaintext}
#input .ln::before{content:attr(id);position:absolute;left:4px;color:#aaa;font-size:10px;
 user-select:none;text-decoration:none;direction:ltr}
.par{unicode-bidi:plaintext}
.ln:hover,.par:hover{outline:1px solid #999}
.ln.sel,.par.sel{outline:2px solid #e67e22}
.sw2{display:inline-block;font:12px ui-monospace,monospace;border-left:3px solid transparent;padding:0 4px}
.par{margin:0 0 6px;padding:2px 6px;border-radius:3px;cursor:pointer}
#panel{position:fixed;right:12px;bottom:12px;width:min(460px,45vw);max-height:60vh;overflow:auto;
 background:#fff;border:1px solid #888;box-shadow:0 2px 10px rgba(0,0,0,.25);padding:8px 10px;font-size:12px}
#panel table{border-collapse:collapse}#panel td{padding:1px 6px;vertical-align:top}
#panel td:first-child{color:#666;white-space:nowrap}
#panel pre{white-space:pre-wrap;background:#f3f3f3;padding:4px;margin:4px 0}
#close{float:right;border:0;background:none;font-size:18px;cursor:pointer}
"""

SCRIPT = r"""
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const cols = data.lines;
  const count = cols["line.number"] ? (cols["line.number"].v || cols["line.number"].c).length : 0;
  const fields = Object.keys(cols);
  function value(name, i) {
    const col = cols[name];
    if (!col) return undefined;
    return col.d ? col.d[col.c[i]] : col.v[i];
  }
  let rows = null;  // element -> row, in document order; line number -> its elements; made on first use
  let byNumber = null;
  function index() {
    if (rows !== null) return;
    rows = new Map();
    byNumber = new Map();
    const all = document.querySelectorAll("#input .ln");
    for (let i = 0; i < all.length; i++) {
      rows.set(all[i], i);
      const n = value("line.number", i);
      if (!byNumber.has(n)) byNumber.set(n, []);
      byNumber.get(n).push(all[i]);
    }
  }
  function row(el) {
    index();
    return rows.get(el);
  }
  function elements(number) {
    index();
    return byNumber.get(number) || [];
  }
  const input = document.getElementById("input");
  const output = document.getElementById("output");
  const panel = document.getElementById("panel");
  const body = document.getElementById("panel-body");
  const style = document.createElement("style");
  document.head.appendChild(style);
  const selects = {kind: "f-kind", action: "f-action", rule: "f-rule"};
  const prefix = {kind: "k", action: "a", rule: "r"};
  const codes = {kind: data.kinds, action: data.actions, rule: data.rules};

  function tip(i) {
    return value("rule", i) + ": " + value("reason", i);
  }
  input.addEventListener("mouseover", function (e) {
    const el = e.target.closest(".ln");
    if (el && !el.title) {
      const i = row(el);
      if (i !== undefined) el.title = tip(i);
    }
  });

  function clearSelection() {
    for (const el of document.querySelectorAll(".sel")) el.classList.remove("sel");
  }
  function cell(k, v) {
    const tr = document.createElement("tr");
    const a = document.createElement("td");
    const b = document.createElement("td");
    a.textContent = k;
    b.textContent = v === null || v === undefined ? "-"
      : (typeof v === "object" ? JSON.stringify(v) : String(v));
    tr.append(a, b);
    return tr;
  }
  function showLine(el) {
    const i = row(el);
    if (i === undefined) return;
    clearSelection();
    el.classList.add("sel");
    body.textContent = "";
    const h = document.createElement("h2");
    h.textContent = "line " + value("line.number", i) + ", page " + value("line.page", i);
    const pre = document.createElement("pre");
    pre.textContent = el.textContent;
    const table = document.createElement("table");
    for (const name of fields) {
      if (name !== "paragraph") table.append(cell(name, value(name, i)));
    }
    body.append(h, pre, table);
    const number = value("line.number", i);
    for (const [n, type, fields] of data.records) {
      if (n !== number) continue;
      const sub = document.createElement("table");
      const caption = document.createElement("caption");
      caption.textContent = type;
      sub.append(caption);
      const entries = fields && typeof fields === "object" && !Array.isArray(fields)
        ? Object.entries(fields) : [["value", fields]];
      for (const [k, v] of entries) sub.append(cell(k, v));
      body.append(sub);
    }
    const p = value("paragraph", i);
    if (p !== null && p !== undefined) {
      const par = document.getElementById("P" + p);
      if (par) {
        par.classList.add("sel");
        par.scrollIntoView({block: "nearest"});
        const note = document.createElement("p");
        note.textContent = "in paragraph " + (p + 1) + " (" + par.textContent.length
          + " characters), shown on the right";
        body.append(note);
      }
    } else {
      const note = document.createElement("p");
      note.textContent = "in no paragraph of the output";
      body.append(note);
    }
    panel.hidden = false;
  }
  function showParagraph(el) {
    const p = Number(el.id.slice(1));
    const lines = data.paragraphs[p] || [];
    clearSelection();
    el.classList.add("sel");
    const marked = [];
    for (const n of lines) {
      for (const ln of elements(n)) {
        const i = rows.get(ln);
        if (value("paragraph", i) === p || elements(n).length === 1) {
          ln.classList.add("sel");
          marked.push(i);
        }
      }
    }
    if (marked.length) document.querySelectorAll("#input .ln")[marked[0]].scrollIntoView({block: "nearest"});
    body.textContent = "";
    const h = document.createElement("h2");
    h.textContent = "paragraph " + (p + 1);
    const table = document.createElement("table");
    const span = lines.length ? lines[0] + "-" + lines[lines.length - 1] + " (" + lines.length + ")" : "-";
    table.append(cell("lines", span));
    table.append(cell("characters", el.textContent.length));
    const rules = new Map();
    for (const i of marked) rules.set(value("rule", i), (rules.get(value("rule", i)) || 0) + 1);
    for (const [r, n] of rules) table.append(cell("rule " + r, n + " line" + (n === 1 ? "" : "s")));
    body.append(h, table);
    panel.hidden = false;
  }
  input.addEventListener("click", function (e) {
    const el = e.target.closest(".ln");
    if (el) showLine(el);
  });
  output.addEventListener("click", function (e) {
    const el = e.target.closest(".par");
    if (el) showParagraph(el);
  });
  function close() {
    panel.hidden = true;
    clearSelection();
  }
  document.getElementById("close").addEventListener("click", close);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && !panel.hidden) close();
  });

  function chosen() {
    const out = {};
    for (const key in selects) out[key] = document.getElementById(selects[key]).value;
    return out;
  }
  function apply() {
    const c = chosen();
    let lines = "";
    let pars = "";
    for (const key in c) {
      if (c[key] !== "") lines += ":not(." + prefix[key] + c[key] + ")";
    }
    if (c.kind !== "") pars = "#output .par:not(.k" + c.kind + "){display:none}";
    style.textContent = (lines ? "#input .ln" + lines + "{display:none}" : "") + pars;
    let shown = Object.values(c).some(v => v !== "") ? 0 : count;  // no filter: no walk over the lines
    const want = {};
    for (const key in c) if (c[key] !== "") want[key] = codes[key][Number(c[key])];
    const keys = Object.keys(want);
    for (let i = 0; i < count && keys.length; i++) {
      let ok = true;
      for (const key of keys) {
        const v = value(key, i);
        if (v !== want[key] && !(key === "rule" && want[key] === "-" && !v)) { ok = false; break; }
      }
      if (ok) shown++;
    }
    document.getElementById("shown").textContent = shown + " of " + count + " lines shown";
  }
  function set(kind, action, rule) {
    document.getElementById("f-kind").value = kind;
    document.getElementById("f-action").value = action;
    document.getElementById("f-rule").value = rule;
    apply();
  }
  for (const key in selects) document.getElementById(selects[key]).addEventListener("change", apply);
  document.getElementById("only-dropped").addEventListener("click", function (e) {
    set("", e.target.dataset.action, "");
  });
  document.getElementById("only-headings").addEventListener("click", function (e) {
    set(e.target.dataset.kind, "", "");
  });
  document.getElementById("show-all").addEventListener("click", function () { set("", "", ""); });
  document.getElementById("counts").addEventListener("click", function (e) {
    const tr = e.target.closest("tr[data-rule]");
    if (tr) set("", "", tr.dataset.rule);
  });
  apply();
})();
"""

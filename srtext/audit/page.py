"""The audit page's HTML: the input lines, the paragraphs, the counts, the legend and the filters.

Its style and script are the package's ``page.css`` and ``page.js``, written
inline into every page.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from importlib.resources import files

from srtext.audit.boxes import geometry_fields, page_outline
from srtext.audit.data import columns, decision_fields, paragraph_of, record_fields, rule_name, safe_text
from srtext.audit.histogram import histogram_svg
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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo

#: The first bytes of every audit page: what ``--audit`` checks before it replaces a file.
MARK = "<!DOCTYPE html>\n<!-- srtext audit page -->\n"
CSS = (files("srtext.audit") / "page.css").read_text(encoding="utf-8")
SCRIPT = (files("srtext.audit") / "page.js").read_text(encoding="utf-8")

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


def _hue(name: str) -> str:
    """A light colour of its own for a kind srtext did not have when this was written."""
    h = sum(ord(c) * (i + 1) for i, c in enumerate(name)) % 360
    return f"hsl({h} 70% 88%)"


def _class_index(values: Iterable[str]) -> dict[str, int]:
    return {v: i for i, v in enumerate(dict.fromkeys(values))}


def audit_page(
    events: Iterable[Event],
    histogram: Counter[int],
    cw: int,
    eps: float,
    *,
    title: str = "",
    settings: dict[str, object] | None = None,
    geometry: Sequence[LineBox | None] | None = None,
) -> Iterator[str]:
    """The audit page of a document, in pieces: its events (every decision and paragraph), the
    line-width histogram, CW and eps.

    ``title`` names the document; ``settings`` are shown under it (the options of the run).
    ``geometry``, a box (or None) per input line where the input had them, adds each
    line's geometry evidence to its side panel and an outline of line boxes to each
    page (:mod:`srtext.audit.boxes`).

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
            records.append(record_fields(e))
    for p in paragraphs:  # each line end's verdict and each repair, in its line's panel
        records.extend(record_fields(x) for x in (*p.hyphens, *p.repairs))
    owner = paragraph_of(decisions, paragraphs)
    kinds = _class_index([d.kind for d in decisions] + [p.kind for p in paragraphs])
    actions = _class_index(d.action for d in decisions)
    rules = _class_index(map(rule_name, decisions))
    geos = _layout(geometry) if geometry else None
    rows = []
    for i, d in enumerate(decisions):
        row = decision_fields(d)
        row["paragraph"] = owner.get(i)
        if geos is not None:
            row.update(geometry_fields(_at(geos, d.line.number)))
        rows.append(row)
    data = {
        "lines": columns(rows),
        "paragraphs": [list(p.lines) for p in paragraphs],
        "records": records,
        "kinds": list(kinds),
        "actions": list(actions),
        "rules": list(rules),
    }
    name = safe_text(title) or "standard input"
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
        f"<b>{html.escape(str(k))}</b> {html.escape(safe_text(str(v)))}" for k, v in shown.items()
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
    yield from _input_lines(decisions, kinds, actions, rules, geometry)
    yield "</section><section id=output><h2>Recovered paragraphs</h2>"
    for i, p in enumerate(paragraphs):
        yield f'<p class="par k{kinds[p.kind]}" id=P{i}>{html.escape(safe_text(p.text))}</p>'
    yield (
        "</section><aside id=panel hidden><button id=close title=close>×</button>"
        "<div id=panel-body></div></aside></main>"
    )
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    yield "<script type=application/json id=data>" + payload.replace("</", "<\\/") + "</script>"
    yield f"<script>{SCRIPT}</script></body></html>\n"


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
        rule = rule_name(d)
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
            f"<code>{html.escape(safe_text(rule))}</code><td class=n>{n}<td>{did}"
        )
    yield "</tbody></table></section>"


def _legend(kinds: dict[str, int], actions: dict[str, int]) -> Iterator[str]:
    yield "<section id=legend><h2>Colours</h2><ul>"
    for kind, i in kinds.items():
        yield f'<li><span class="sw k{i}"></span>{html.escape(safe_text(kind))}'
    yield "</ul><ul>"
    for action, i in actions.items():
        meaning = ACTION_MEANING.get(action, "")
        yield f'<li><span class="sw2 a{i}">{html.escape(safe_text(action))}</span> {html.escape(meaning)}'
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
        ("rule", "rule", rules, Counter(map(rule_name, decisions))),
    ):
        yield f'<label>{label} <select id="f-{key}"><option value="">any</option>'
        for value, i in sorted(values.items(), key=lambda item: item[0]):
            if counts[value]:
                yield f'<option value="{i}">{html.escape(safe_text(value))} ({counts[value]})</option>'
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
    decisions: list[Decision],
    kinds: dict[str, int],
    actions: dict[str, int],
    rules: dict[str, int],
    geometry: Sequence[LineBox | None] | None = None,
) -> Iterator[str]:
    """The input as it came, one element per line (per piece of a line split in two), a block per page;
    with ``geometry``, each page's outline of line boxes first."""
    page = None
    escape = html.escape
    pieces: Counter[int] = Counter()
    outlines = _outlines(decisions, kinds, actions, rules, geometry) if geometry else {}
    for d in decisions:
        line = d.line
        pieces[line.number] += 1
        more = pieces[line.number]  # a line with several decisions: L12, L12-2, ...
        if line.page != page:
            if page is not None:
                yield "</div>"
            page = line.page
            yield f"<div class=page id=page-{page}><h3>page {page}</h3>{outlines.get(page, '')}"
        cls = f"ln k{kinds[d.kind]} a{actions[d.action]} r{rules[rule_name(d)]}"
        name = f"L{line.number}" if more == 1 else f"L{line.number}-{more}"
        yield f'<div class="{cls}" id={name}>{escape(safe_text(line.text))}</div>'
    if page is not None:
        yield "</div>"


def _outlines(
    decisions: list[Decision],
    kinds: dict[str, int],
    actions: dict[str, int],
    rules: dict[str, int],
    geometry: Sequence[LineBox | None],
) -> dict[int, str]:
    """Each page's outline (by the page of its lines' decisions): a box per line that has one."""
    per_page: dict[int, list[tuple[str, str, LineBox]]] = {}
    seen: set[int] = set()
    for d in decisions:
        n = d.line.number
        box = geometry[n - 1] if 0 < n <= len(geometry) else None
        if box is None or n in seen:  # a line's first piece stands for it
            continue
        seen.add(n)
        cls = f"bx k{kinds[d.kind]} a{actions[d.action]} r{rules[rule_name(d)]}"
        per_page.setdefault(d.line.page, []).append((f"L{n}", cls, box))
    return {page: page_outline(boxes) for page, boxes in per_page.items()}


def _layout(geometry: Sequence[LineBox | None]) -> list[LineGeo | None]:
    from srtext.geometry.layout import layout

    return layout(geometry)


def _at(geos: Sequence[LineGeo | None], number: int) -> LineGeo | None:
    return geos[number - 1] if 0 < number <= len(geos) else None


def is_audit_page(head: bytes) -> bool:
    """Is this (the first ``len(MARK)`` bytes of) a page srtext wrote, or empty?  Only such is replaced.

    >>> is_audit_page(MARK.encode()), is_audit_page(b""), is_audit_page(b"%PDF-1.4")
    (True, True, False)
    """
    return not head or head.startswith(MARK.encode())


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
        yield f"<tr><td>{html.escape(safe_text(name))}<td>{link}<td>{html.escape(safe_text(status))}"
    yield "</tbody></table></main></body></html>\n"

"""The audit page (``--audit PAGE``): what it holds, how the command line writes it, and how it
behaves in a real browser (headless Chromium, skipped where it is not installed).

The page must follow the data, not the names of today's rules: the tests compare
it with the decisions the recovery yields, and feed it rules, kinds and fields
that srtext does not have.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from collections import Counter, namedtuple
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from srtext.api import recover
from srtext.audit import MARK, audit_page, histogram_svg, is_audit_page
from srtext.config import Config
from srtext.pipeline.classify import Band, LineClass
from srtext.pipeline.events import Decision, Event, Paragraph
from srtext.pipeline.lines import Line, text_lines
from srtext.pipeline.width import WidthStats
from tests.browser import BrowserError, Chromium, find_chromium
from tests.conftest import ROOT, SAMPLES

BROAD = ROOT / "corpora" / "broad"
# The samples, and the first document of each generator of the broad corpus (LaTeX classes,
# Writer, HTML; Arabic, Cyrillic and CJK among them).
DOCUMENTS = sorted(SAMPLES.glob("*-*.txt"))
DOCUMENTS = [p for p in DOCUMENTS if not p.name.endswith(".truth.txt")]
DOCUMENTS += [sorted(d.glob("*.pdftotext.txt"))[0] for d in sorted(BROAD.iterdir()) if d.is_dir()]


def _ids(paths: list[Path]) -> list[str]:
    return [p.name.split(".")[0] for p in paths]


def _recover(text: str) -> tuple[list[Event], WidthStats]:
    stats = WidthStats()
    events = list(recover(text_lines(text), Config(window=None), stats=stats))
    return events, stats


def _page(events: list[Any], stats: WidthStats | None = None, eps: float = 0.1) -> str:
    histogram = stats.histogram if stats is not None else Counter({10: 1})
    cw = stats.cw(True) if stats is not None else 10
    return "".join(audit_page(events, histogram, cw, eps, title="test"))


class _Elements(HTMLParser):
    """The page's input lines and paragraphs: (id, classes, text) of each, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[str, list[str], str]] = []
        self.paragraphs: list[tuple[str, list[str], str]] = []
        self._open: list[tuple[str, list[str], str]] | None = None
        self._item: tuple[str, list[str]] = ("", [])
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if (tag, classes[:1]) in ((("div", ["ln"])), ("p", ["par"])) and a.get("id"):
            self._open = self.lines if tag == "div" else self.paragraphs
            self._item = (a["id"] or "", classes)
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and tag in ("div", "p"):
            self._open.append((*self._item, "".join(self._text)))
            self._open = None


def _parse(page: str) -> tuple[_Elements, dict[str, Any]]:
    elements = _Elements()
    elements.feed(page)
    data = re.search(r"<script type=application/json id=data>(.*?)</script>", page, re.S)
    assert data is not None
    return elements, json.loads(data.group(1))


def _column(data: dict[str, Any], name: str) -> list[Any]:
    col = data["lines"][name]
    return [col["d"][c] for c in col["c"]] if "d" in col else list(col["v"])


@pytest.mark.parametrize("path", DOCUMENTS, ids=_ids(DOCUMENTS))
def test_one_element_per_input_line_with_its_decision(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    events, stats = _recover(text)
    decisions = [e for e in events if isinstance(e, Decision)]
    paragraphs = [e for e in events if isinstance(e, Paragraph)]
    elements, data = _parse(_page(events, stats))
    # One element per decision: per input line, or per piece of a line split in two (a run-in heading).
    assert len(elements.lines) == len(decisions)
    assert sorted({d.line.number for d in decisions}) == [x.number for x in text_lines(text)]
    assert len({id_ for id_, _, _ in elements.lines}) == len(decisions)
    for (id_, classes, shown), d in zip(elements.lines, decisions, strict=True):
        assert id_.split("-")[0] == f"L{d.line.number}" and shown == d.line.text
        k, a, r = (int(c[1:]) for c in classes[1:4])
        assert (data["kinds"][k], data["actions"][a], data["rules"][r]) == (d.kind, d.action, d.rule or "-")
    assert [text for _, _, text in elements.paragraphs] == [p.text for p in paragraphs]
    assert _column(data, "rule") == [d.rule for d in decisions]
    assert _column(data, "reason") == [d.reason for d in decisions]
    # Each line's paragraph holds it; a dropped or empty line is in none; every paragraph has its lines.
    owner = _column(data, "paragraph")
    for d, j in zip(decisions, owner, strict=True):
        if d.action == "drop" or not d.line.text.strip():
            assert j is None, d
        else:
            assert d.line.number in paragraphs[j].lines, d
    assert set(owner) - {None} == set(range(len(paragraphs)))


@pytest.mark.parametrize("path", DOCUMENTS[:3], ids=_ids(DOCUMENTS[:3]))
def test_counts_per_rule_are_the_decisions(path: Path) -> None:
    events, stats = _recover(path.read_text(encoding="utf-8"))
    page = _page(events, stats)
    counts = Counter(e.rule or "-" for e in events if isinstance(e, Decision))
    table = re.search(r"<section id=counts>.*?</section>", page, re.S)
    assert table is not None
    found = re.findall(r"<td><code>(.*?)</code><td class=n>(\d+)", table.group(0))
    assert {html.unescape(rule): int(n) for rule, n in found} == counts


def _decision(number: int, text: str, kind: str, action: str, rule: str, page: int = 1) -> Decision:
    return Decision(Line(number, page, text), LineClass.UNFINISHED, Band.FULL, len(text), 20, kind, action,
                    f"because of {rule}", rule)  # fmt: skip


def _invented() -> list[Any]:
    """Events with rules, a kind and an action srtext does not have."""
    return [
        _decision(1, "Marginal note", "marginalia", "move", "zeta.rule"),
        _decision(2, "a line of text here", "body", "start", "alpha > beta"),
        _decision(3, "and its end.", "body", "join", "alpha > beta", page=2),
        Paragraph("a line of text here and its end.", "body", (2, 3), 1),
        Paragraph("Marginal note", "marginalia", (1,), 1),
    ]


def test_rules_kinds_and_actions_come_from_the_data() -> None:
    page = _page(_invented())
    assert re.search(r"<code>alpha &gt; beta</code><td class=n>2<", page)
    assert re.search(r"<code>zeta.rule</code><td class=n>1<", page)
    assert "marginalia" in page and "hsl(" in page  # a kind of its own gets a colour of its own
    elements, data = _parse(page)
    assert data["rules"] == ["zeta.rule", "alpha > beta"] and "move" in data["actions"]
    assert [i for i, _, _ in elements.lines] == ["L1", "L2", "L3"]
    assert page.count("<div class=page ") == 2


def test_no_rule_of_srtext_is_named_in_the_page_code() -> None:
    """The page must survive renamed rules: the names today's decisions carry are not in its code."""
    audit = ROOT / "srtext" / "audit"
    source = "".join(
        p.read_text(encoding="utf-8") for p in sorted(audit.iterdir()) if p.suffix in (".py", ".js", ".css")
    )
    names = set()
    for path in DOCUMENTS:
        events, _ = _recover(path.read_text(encoding="utf-8"))
        names |= {e.rule for e in events if isinstance(e, Decision) and re.search(r"[_.]", e.rule)}
    assert len(names) > 10
    assert sorted(n for n in names if n in source) == []


Richer = namedtuple("Richer", [*Decision._fields, "evidence"])  # a Decision with a field added later
Joint = namedtuple("Joint", ["line", "word", "rule"])  # an event of a kind srtext does not yield


def _with_evidence() -> list[Any]:
    events = _invented()
    events = [Richer(*e, f"gap {i}.5 pt") if isinstance(e, Decision) else e for i, e in enumerate(events)]
    return [*events[:3], Joint(events[2].line, "exam-ple", "hyphen.kept"), *events[3:]]


def test_other_events_are_kept_with_their_line() -> None:
    _, data = _parse(_page(_with_evidence()))
    assert data["records"] == [[3, "Joint", {"line": _plain_line(3, 2, "and its end."), "word": "exam-ple",
                                              "rule": "hyphen.kept"}]]  # fmt: skip


def _plain_line(number: int, page: int, text: str) -> dict[str, Any]:
    return {"number": number, "page": page, "text": text, "mark": "", "offset": 0, "rule": ""}


def test_a_field_added_to_decisions_is_shown() -> None:
    _, data = _parse(_page(_with_evidence()))
    assert _column(data, "evidence") == ["gap 0.5 pt", "gap 1.5 pt", "gap 2.5 pt"]


Geometry = namedtuple("Geometry", ["gap", "font"])


def test_a_record_or_mapping_field_is_shown_by_its_fields() -> None:
    """Evidence as a record gives a column per field; as a mapping or a set, one value of each line."""
    events = [
        Richer(*e, Geometry(i + 0.5, None)) if isinstance(e, Decision) else e
        for i, e in enumerate(_invented())
    ]
    _, data = _parse(_page(events))
    assert _column(data, "evidence.gap") == [0.5, 1.5, 2.5] and _column(data, "evidence.font") == [None] * 3
    events = [
        Richer(*e, {"gap": i, "tags": {"b", "a"}}) if isinstance(e, Decision) else e
        for i, e in enumerate(_invented())
    ]
    _, data = _parse(_page(events))
    assert _column(data, "evidence") == [{"gap": i, "tags": ["a", "b"]} for i in range(3)]


HOSTILE = [
    "</script><script>window.bad = 1</script>",
    "<b>bold</b> &amp; <!-- a comment",
    "x < y > z \"quoted\" 'single'",
    "café\udce9 invalid byte",
]


def test_text_is_escaped_and_written_as_utf8() -> None:
    events, stats = _recover("\n".join(HOSTILE) + "\n")
    page = _page(events, stats)
    page.encode("utf-8")  # no surrogate escape left
    elements, _ = _parse(page)
    assert [t for _, _, t in elements.lines] == [*HOSTILE[:3], "café\ufffd invalid byte"]
    assert page.count("</script>") == 2


def test_page_is_self_contained() -> None:
    events, stats = _recover((SAMPLES / "en-rivers.txt").read_text(encoding="utf-8"))
    page = _page(events, stats)
    assert page.startswith(MARK) and "Content-Security-Policy" in page and "default-src 'none'" in page
    assert not re.search(r"\b(src|href)\s*=|url\(|@import|@font-face", page)


def test_histogram_draws_cw_the_band_and_folds_outliers() -> None:
    svg = histogram_svg(Counter({0: 9, 5: 2, 40: 3, 78: 30, 80: 50, 10_000: 1}), 80, 0.1)
    assert svg.count('<rect class="bar"') == 4  # 5, 40, 78, 80; the empty lines are not drawn
    assert svg.count('<rect class="bar over"') == 1 and "wider than" in svg
    assert "CW = 80" in svg and "72.0 to 88.0 columns" in svg
    band = re.search(r'<rect class="band" x="([\d.]+)" y="\d+" width="([\d.]+)"', svg)
    cw = re.search(r'<line class="cw" x1="([\d.]+)"', svg)
    assert band is not None and cw is not None
    lo, width = float(band.group(1)), float(band.group(2))
    assert lo < float(cw.group(1)) < lo + width
    assert abs((float(cw.group(1)) - lo) - width / 2) < 0.2  # CW in the middle of its band


def test_is_audit_page() -> None:
    assert is_audit_page(MARK.encode()) and is_audit_page(b"")
    assert not is_audit_page(b"<!DOCTYPE html>\n<p>mine</p>") and not is_audit_page(b"%PDF-1.7")


# The command line.

EN = SAMPLES / "en-rivers.txt"


def srtext(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "srtext", *args], input=stdin, capture_output=True, timeout=120, cwd=cwd
    )


def _lines_of(page: Path) -> int:
    elements, _ = _parse(page.read_text(encoding="utf-8"))
    return len(elements.lines)


def test_audit_of_a_file_and_of_stdin(tmp_path: Path) -> None:
    plain = srtext(str(EN))
    r = srtext("--audit", str(tmp_path / "a.html"), str(EN))
    assert (r.returncode, r.stderr, r.stdout) == (0, b"", plain.stdout)  # the output is the same
    r = srtext("--audit", str(tmp_path / "b.html"), "-", stdin=EN.read_bytes())
    assert r.returncode == 0 and r.stdout == plain.stdout
    lines = len(list(text_lines(EN.read_text(encoding="utf-8"))))
    assert _lines_of(tmp_path / "a.html") == _lines_of(tmp_path / "b.html") == lines
    assert "srtext audit: -" in (tmp_path / "b.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "options", [["--mode", "paper"], ["--explain"], ["--format", "jsonl", "--keep", "furniture"]]
)
def test_audit_whatever_the_output(tmp_path: Path, options: list[str]) -> None:
    """The page shows the decisions, whatever form the output takes, and in the paper's mode too."""
    r = srtext(*options, "--audit", str(tmp_path / "a.html"), str(EN))
    assert r.returncode == 0 and r.stdout == srtext(*options, str(EN)).stdout
    assert _lines_of(tmp_path / "a.html") == len(list(text_lines(EN.read_text(encoding="utf-8"))))


def test_audit_with_an_output_file_is_always_made(tmp_path: Path) -> None:
    """With -o FILE the page is PAGE, which another run may have written for another input: an
    output up to date is made again, so that PAGE is this input's."""
    de = SAMPLES / "de-brot.txt"
    page, a, b = tmp_path / "page.html", tmp_path / "a.sr.txt", tmp_path / "b.sr.txt"
    assert srtext("--audit", str(page), "-o", str(a), str(EN)).returncode == 0
    assert srtext("--audit", str(page), "-o", str(b), str(de)).returncode == 0
    assert _lines_of(page) == len(list(text_lines(de.read_text(encoding="utf-8"))))
    assert srtext("--audit", str(page), "-o", str(a), str(EN)).returncode == 0
    assert _lines_of(page) == len(list(text_lines(EN.read_text(encoding="utf-8"))))


def test_audit_of_a_directory_run(tmp_path: Path) -> None:
    tree = tmp_path / "in"
    (tree / "sub").mkdir(parents=True)
    (tree / "a.txt").write_bytes(EN.read_bytes())
    (tree / "sub" / "b.txt").write_bytes((SAMPLES / "de-brot.txt").read_bytes())
    index = tmp_path / "index.html"
    r = srtext("-q", "--audit", str(index), str(tree))
    assert r.returncode == 0, r.stderr
    pages = [tree / "a.audit.html", tree / "sub" / "b.audit.html"]
    assert all(p.is_file() for p in pages)
    assert _lines_of(pages[0]) == len(list(text_lines(EN.read_text(encoding="utf-8"))))
    links = re.findall(r'<a href="([^"]+)"', index.read_text(encoding="utf-8"))
    assert [(tmp_path / link).resolve() for link in links] == [p.resolve() for p in pages]
    # An output that is up to date is skipped, unless its page is missing.
    pages[1].unlink()
    r = srtext("-q", "--audit", str(index), str(tree))
    assert r.returncode == 0 and pages[1].is_file()
    assert "up to date" in index.read_text(encoding="utf-8")
    assert not (tree / "a.audit.sr.txt").exists()  # a page is never an input


@pytest.mark.parametrize(
    ("make", "args", "message"),
    [
        ("mine.html", ["--audit", "{tmp}/mine.html", str(EN)], "not an srtext audit page"),
        ("", ["--audit", "{tmp}", str(EN)], "is a directory"),
        ("", ["--audit", "{tmp}/p.html", str(EN), str(EN)], "give -o DIR"),
        ("", ["--audit", str(EN), str(EN)], "not an srtext audit page"),
    ],
    ids=["foreign-file", "directory", "several-to-stdout", "the-input"],
)
def test_audit_page_refused(tmp_path: Path, make: str, args: list[str], message: str) -> None:
    if make:
        (tmp_path / make).write_text("<!DOCTYPE html>\n<p>my own page</p>\n")
    before = EN.read_bytes()
    r = srtext(*(a.format(tmp=tmp_path) for a in args))
    assert r.returncode == 2 and r.stdout == b""
    assert message in r.stderr.decode() and len(r.stderr.decode().strip().splitlines()) == 1
    assert EN.read_bytes() == before
    if make:
        assert (tmp_path / make).read_text().startswith("<!DOCTYPE html>\n<p>my own")


# In a real browser: Debian's chromium, headless.

CHROMIUM = find_chromium()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt install chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    assert CHROMIUM is not None
    try:
        started = Chromium(CHROMIUM)
    except (BrowserError, OSError) as e:  # installed but cannot start here (no display libraries...)
        pytest.skip(f"{CHROMIUM} does not start: {e}")
    with started as b:
        yield b


def _load(browser: Chromium, page: str, tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf-8")
    browser.errors.clear()
    browser.requests.clear()
    browser.open(path.as_uri())


_VISIBLE = "[...document.querySelectorAll('#input .ln')].filter(e => getComputedStyle(e).display !== 'none')"


def _visible(browser: Chromium) -> list[str]:
    ids: list[str] = browser.evaluate(_VISIBLE + ".map(e => e.id)")
    return ids


BROWSER_DOCS = [EN, *(p for p in DOCUMENTS if "latex-article" in p.name)]


@needs_chromium
@pytest.mark.parametrize("path", BROWSER_DOCS, ids=_ids(BROWSER_DOCS))
def test_page_in_chromium(browser: Chromium, tmp_path: Path, path: Path) -> None:
    events, stats = _recover(path.read_text(encoding="utf-8"))
    decisions = [e for e in events if isinstance(e, Decision)]
    _load(browser, _page(events, stats), tmp_path)
    assert browser.errors == []
    assert browser.requests == [(tmp_path / "page.html").as_uri()]  # nothing else is fetched
    every = [f"L{d.line.number}" for d in decisions]
    assert browser.evaluate("document.querySelectorAll('#input .ln').length") == len(decisions)
    assert _visible(browser) == every

    def shown(kind: str | None = None, action: str | None = None, rule: str | None = None) -> list[str]:
        return [
            f"L{d.line.number}"
            for d in decisions
            if kind in (None, d.kind) and action in (None, d.action) and rule in (None, d.rule)
        ]

    browser.evaluate("document.getElementById('only-dropped').click()")
    assert _visible(browser) == shown(action="drop") != []
    counted = browser.evaluate("document.getElementById('shown').textContent")
    assert counted == f"{len(shown(action='drop'))} of {len(decisions)} lines shown"
    browser.evaluate("document.getElementById('only-headings').click()")
    assert _visible(browser) == shown(kind="heading") != []
    for rule, _ in Counter(d.rule for d in decisions).most_common(2):
        rules = "JSON.parse(document.getElementById('data').textContent).rules"
        code = browser.evaluate(f"{rules}.indexOf({json.dumps(rule)})")
        browser.evaluate(f"document.querySelector('#counts tr[data-rule=\"{code}\"] td').click()")
        assert _visible(browser) == shown(rule=rule)
    browser.evaluate("document.getElementById('show-all').click()")
    assert _visible(browser) == every
    assert browser.errors == []


@needs_chromium
def test_hover_and_click_show_the_decision(browser: Chromium, tmp_path: Path) -> None:
    _load(browser, _page(_with_evidence()), tmp_path)
    over = "new MouseEvent('mouseover', {bubbles: true})"
    title = browser.evaluate(f"(e => (e.dispatchEvent({over}), e.title))(document.getElementById('L2'))")
    assert title == "alpha > beta: because of alpha > beta"
    assert browser.evaluate("document.getElementById('panel').hidden") is True
    browser.evaluate("document.getElementById('L3').click()")
    assert browser.evaluate("document.getElementById('panel').hidden") is False
    panel = browser.evaluate("document.getElementById('panel-body').innerText")
    shown_here = ("line 3, page 2", "and its end.", "because of alpha > beta", "evidence", "gap 2.5 pt")
    for shown in (*shown_here, "Joint", "exam-ple", "hyphen.kept"):
        assert shown in panel
    assert browser.evaluate("document.getElementById('P0').classList.contains('sel')") is True
    browser.evaluate("document.getElementById('P1').click()")  # a paragraph: its lines are marked
    assert browser.evaluate("[...document.querySelectorAll('.ln.sel')].map(e => e.id)") == ["L1"]
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
    assert browser.evaluate("document.getElementById('panel').hidden") is True
    assert browser.evaluate("document.querySelectorAll('.sel').length") == 0
    assert browser.errors == []


@needs_chromium
def test_hostile_text_runs_no_script(browser: Chromium, tmp_path: Path) -> None:
    events, stats = _recover("\n".join(HOSTILE) + "\n")
    _load(browser, _page(events, stats), tmp_path)
    assert browser.evaluate("typeof window.bad") == "undefined"
    assert browser.evaluate("document.getElementById('L1').textContent") == HOSTILE[0]
    assert browser.errors == []


@needs_chromium
def test_a_300_page_document_loads_quickly(browser: Chromium, tmp_path: Path) -> None:
    """Issue 28 asks for under 2 s; bench/audit_load.py measures it (0.3 to 0.6 s here).  The
    margin below is five times that, for a loaded test machine: the test is about the page
    staying usable, not a benchmark."""
    from bench.audit_load import long_document

    text = long_document(300)
    events, stats = _recover(text)
    _load(browser, _page(events, stats), tmp_path)
    lines = browser.evaluate("document.querySelectorAll('#input .ln').length")
    pages = browser.evaluate("document.querySelectorAll('#input .page').length")
    assert (lines, pages) == (sum(1 for e in events if isinstance(e, Decision)), 300)
    load = browser.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    assert load < 10_000
    assert browser.errors == []

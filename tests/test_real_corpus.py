"""The real corpus (corpora/real/, issue 29): its blocks, truth check, manifest, sample and report.

The committed manifest and sample are read as they are; the tests that print a
document skip when WeasyPrint or pdftotext is absent, the ones on the full
corpus when it was not built (corpora/real/full/ is not committed).
"""

from __future__ import annotations

import doctest
import hashlib
import importlib.util
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from bench import real_report
from bench.real_report import kinds, section
from bench.report import Runner
from corpora.real import blocks, build, check, latex, onepage, render, writer
from tests.conftest import ROOT

REAL = ROOT / "corpora" / "real"
SAMPLE = REAL / "sample"
FULL = REAL / "full"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "real"
REQUIRED = ("id", "family", "source", "renderer", "language", "licence", "split", "sha256", "truth_check")


@pytest.mark.parametrize("module", [blocks, check, render, real_report, onepage], ids=lambda m: m.__name__)
def test_doctests(module: object) -> None:
    """The modules' examples (pytest collects doctests under srtext/ and tests/ only)."""
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def manifest(name: str = "manifest.tsv") -> list[dict[str, str]]:
    lines = (REAL / name).read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, x.split("\t"), strict=True)) for x in lines[1:]]


def every_row() -> list[dict[str, str]]:
    """The real corpus's rows and the one-page documents' (corpora/real/onepage.py: their own manifest)."""
    return manifest() + manifest("onepage-manifest.tsv")


def page_of(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return text
    pytest.importorskip("markdown_it" if path.suffix == ".md" else "docutils")
    from corpora.real.sources import markdown_html, rst_html

    return markdown_html(text) if path.suffix == ".md" else rst_html(text)


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*") if ".blocks" not in p.name))
def test_blocks_of_each_generator_match_the_expected_file(name: str) -> None:
    """Markdown, reST, DocBook and Sphinx HTML: each leaf's kind, level and text."""
    got = [
        f"{b.kind}\t{b.level}\t{b.text.replace(chr(10), ' ⏎ ')}"
        for b in blocks.leaves(blocks.parse(page_of(FIXTURES / name)))
    ]
    want = (FIXTURES / f"{name}.blocks.tsv").read_text(encoding="utf-8").splitlines()
    assert got == want


def test_written_html_has_one_element_per_leaf() -> None:
    """Parsing the HTML the writer wrote gives the same leaves back: the truth is the page's."""
    for f in sorted(FIXTURES.glob("*")):
        if ".blocks" in f.name:
            continue
        tree = blocks.parse(page_of(f))
        again = blocks.parse(blocks.to_html(tree))
        first = [(b.kind, b.text) for b in blocks.leaves(tree) if b.kind != "picture"]
        assert [(b.kind, b.text) for b in blocks.leaves(again) if b.kind != "picture"] == first, f.name


@pytest.mark.parametrize(
    ("truth", "text", "share", "bad"),
    [
        (["One two three."], "One two\nthree.\n", 1.0, []),
        (["Hyphen­ated words join."], "Hyphen-\nated words join.\n", 1.0, []),
        (["First.", "Second para."], "Second para.\nFirst.\n", 1.0, []),  # misordered paragraphs
        (["Alpha beta gamma delta."], "Alpha gamma delta.\n", 0.75, [1]),
        (["Ｆｕｌｌ width ﬁne."], "Full width fine.\n", 1.0, []),
        (["処理します。"], "処理\nします。\n", 1.0, []),
        (["Nothing here."], "", 0.0, [1]),
    ],
)
def test_truth_check(truth: list[str], text: str, share: float, bad: list[int]) -> None:
    assert check.check(truth, text) == (share, bad)


def test_split_file_names_every_family_and_keeps_chromium_and_debian_reference_for_validation() -> None:
    halves = build.splits()
    assert set(halves) == set(build.FAMILIES) | set(latex.FAMILIES) | set(onepage.FAMILIES)
    assert len(halves) >= len(build.SOURCES) * 4 + len(latex.FAMILIES)
    assert {f for f in halves if "-writer" in f and f not in onepage.FAMILIES} == {
        f"{s}-{w}" for s in ("python-docs", "pypi-md", "debian-reference") for w in writer.WRITERS
    }
    # weasy-bare (Chromium's page, no bullet text) prints the tuning sources only.
    assert {f for f in halves if f.endswith("-weasy-bare")} == {
        f"{s}-weasy-bare" for s in ("pypi-md", "pypi-rst", "python-docs", "debian-handbook")
    }
    assert set(halves.values()) == {"tuning", "validation"}
    for family, half in halves.items():
        want = (
            "validation"
            if family.endswith("-chromium")
            or family.startswith("debian-reference")
            or family in ("latex-journal-samples", "onepage-weasy-memo")
            else "tuning"
        )
        assert half == want, family


def test_manifest_has_the_columns_and_the_scale_the_issue_asks() -> None:
    rows = manifest()
    assert set(REQUIRED) <= set(rows[0])
    assert len(rows) >= 1000
    assert len({r["id"] for r in rows}) == len(rows)
    halves = build.splits()
    families = Counter(r["family"] for r in rows)
    assert len(families) >= 12
    langs = Counter(r["language"] for r in rows)
    assert sum(n >= 30 for n in langs.values()) >= 6
    for r in rows:
        assert r["split"] == halves[r["family"]], r["id"]
        assert re.fullmatch(r"[0-9a-f]{64}", r["sha256"]), r["id"]
        assert 0 <= float(r["truth_check"]) <= 1, r["id"]
        assert r["source"].startswith(("pypi:", "debian:")) and "=" in r["source"], r["id"]
        assert r["licence"], r["id"]
        assert re.fullmatch(r"[a-z]{2}(-[A-Z]{2})?", r["language"]), r["id"]


def sample_docs() -> list[Path]:
    return sorted(SAMPLE.glob("*/*.json"))


def test_sample_is_small_and_has_every_family() -> None:
    size = sum(f.stat().st_size for f in SAMPLE.rglob("*") if f.is_file())
    assert 0 < size <= 20 * 2**20
    assert {p.parent.name for p in sample_docs()} == set(build.splits())


@pytest.mark.parametrize("path", sample_docs(), ids=lambda p: p.stem)
def test_sample_document_agrees_with_its_truth_its_check_and_the_manifest(path: Path) -> None:
    meta = json.loads(path.read_text(encoding="utf-8"))
    stem = path.with_suffix("")
    truth = stem.with_suffix(".truth.txt").read_text(encoding="utf-8").splitlines()
    # The truth is the blocks that are not objects, in order.
    assert truth == [t for k, _lvl, t in meta["blocks"] if k not in build.NOT_TRUTH]
    text = stem.with_suffix(".pdftotext.txt").read_text(encoding="utf-8")
    share, missing = check.check(truth, text)
    assert (round(share, 4), missing) == (meta["truth_check"], meta["truth_missing"])
    row = next(r for r in every_row() if r["id"] == meta["name"])
    assert hashlib.sha256(stem.with_suffix(".pdf").read_bytes()).hexdigest() == row["sha256"]
    assert row["split"] == {"tune": "tuning", "validate": "validation"}[meta["split"]]


def test_kinds_count_list_items_whole_and_code_joined() -> None:
    meta = {"blocks": [["body", 0, "See this:"], ["code", 0, "x = 1"], ["item", 0, "One item"]]}
    assert kinds("See this:\nx = 1\nOne item\n", meta) == Counter(items=1, code=1, **{"items whole": 1})
    got = kinds("See this: x = 1 One item\n", meta)
    assert (got["items whole"], got["code joined"]) == (0, 1)


def test_report_section_on_the_sample_puts_validation_first(tmp_path: Path) -> None:
    out = section(Runner(1), SAMPLE)
    headings = re.findall(r"^### (.*)$", out, re.M)
    assert headings[0].startswith("Validation families")
    assert "family pypi-md-chromium" in out and "Per truth kind" in out
    table = out.split("\n\n", 2)[1]
    splits = [x.split(" | ")[1] for x in table.splitlines()[2:-1]]
    assert splits == sorted(splits, key=lambda s: s != "validation")  # validation families first
    assert "section skipped" in section(Runner(1), tmp_path / "absent")


def _style(page: str) -> str:
    return page.split("<style>", 1)[1].split("</style>", 1)[0]


def test_weasy_bare_is_chromiums_page_with_no_bullet_and_not_printed_for_the_debian_reference() -> None:
    """Chromium draws a bullet as a shape (no bullet in pdftotext's text): weasy-bare, a tuning
    family, prints its page with WeasyPrint and no marker for an unordered list's items."""
    body = '<ul>\n<li>One</li>\n</ul>\n<ol start="3">\n<li>Three</li>\n</ol>'
    bare = _style(render.page_html(body, "A title", "en", "weasy-bare"))
    chromium = _style(render.page_html(body, "A title", "en", "chromium"))
    assert bare.startswith(chromium)  # the same page (Letter, the GitHub-like style)
    assert "\nul { list-style-type: none; }\n" in bare and "ul {" not in chromium  # no marker at all
    assert "ol { list-style-type: decimal; }" in bare  # numbered lists keep their numbers
    assert 'ol[start="3"] { counter-reset: list-item 2; }' in bare  # WeasyPrint ignores start
    assert "@top" not in bare and "@bottom" not in bare and "content:" not in bare
    assert render.furniture("weasy-bare", "A title", 3) == ([], [])
    families = {f for f in build.FAMILIES if f.endswith("-weasy-bare")}
    assert families == {f"{s}-weasy-bare" for s in ("pypi-md", "pypi-rst", "python-docs", "debian-handbook")}
    assert "debian-reference-weasy-bare" not in build.FAMILIES
    assert all(build.splits()[f] == "tuning" for f in families)


needs_weasy = pytest.mark.skipif(
    importlib.util.find_spec("weasyprint") is None or shutil.which("pdftotext") is None,
    reason="WeasyPrint or pdftotext not installed",
)


@needs_weasy
@pytest.mark.parametrize("renderer", ["weasy-plain", "weasy-book", "weasy-twocol", "weasy-bare"])
def test_a_printed_document_passes_its_truth_check_and_prints_the_same_twice(
    renderer: str, tmp_path: Path
) -> None:
    from corpora.real.sources import Text

    tree = blocks.parse(page_of(FIXTURES / "sphinx.html"))
    text = Text("python-docs-x", "debian:x=1", "x.html", "MIT", "en", "Classes", tree, "0")
    shas = []
    for n in range(2):
        row = build.build_one(text, renderer, f"python-docs-{renderer}", "tuning", tmp_path / str(n))
        assert isinstance(row, dict), row
        # One column: every truth word in order.  Two columns this short: pdftotext mixes them.
        assert row["truth_check"] == "1.0000" or renderer == "weasy-twocol"
        shas.append(row["sha256"])
    assert shas[0] == shas[1]


@needs_weasy
def test_weasy_bare_prints_no_bullet_text_and_keeps_the_numbers(tmp_path: Path) -> None:
    """A README's nested list: weasy-plain's text has a bullet before each unordered item,
    weasy-bare's none; both keep the ordered list's numbers and every truth word."""
    from corpora.real.sources import Text

    tree = blocks.parse(page_of(FIXTURES / "readme.md"))
    text = Text("pypi-md-x", "pypi:x==1", "x", "MIT", "en", "fastthing", tree, "0")
    got = {}
    for renderer in ("weasy-plain", "weasy-bare"):
        row = build.build_one(text, renderer, f"pypi-md-{renderer}", "tuning", tmp_path)
        assert isinstance(row, dict) and row["truth_check"] == "1.0000", row
        got[renderer] = (tmp_path / f"pypi-md-{renderer}" / f"pypi-md-x--{renderer}.pdftotext.txt").read_text(
            encoding="utf-8"
        )
    bullets = {r: len(re.findall(r"(?m)^\s*[•◦▪‣]", t)) for r, t in got.items()}
    assert bullets["weasy-plain"] >= 2 and bullets["weasy-bare"] == 0, bullets
    for t in got.values():
        assert re.search(r"(?m)^1\. ?Download it\.", t) and re.search(r"(?m)^3\. ?Done\.", t), t


@pytest.mark.skipif(not FULL.is_dir(), reason="the full real corpus is not built")
def test_full_corpus_holds_every_manifest_row() -> None:
    for r in manifest():
        assert (FULL / r["family"] / f"{r['id']}.json").exists(), r["id"]


# ---------------------------------------------------------------- the Writer renderer (issues 30, 31)


def test_writer_fixes_the_pdf_dates_identifier_and_checksum_at_the_same_offsets(tmp_path: Path) -> None:
    pdf = tmp_path / "x.pdf"
    head = b"%PDF-1.6\n/CreationDate(D:20261124210203Z')/ModDate (D:20261124210203+01'00')"
    tail = b"/ID [ <" + b"A1" * 16 + b">\n<" + b"A1" * 16 + b"> ]\n/DocChecksum /" + b"B2" * 16 + b"\n>>"
    pdf.write_bytes(head + tail)
    writer.fixed(pdf, "c3" * 16)
    got = pdf.read_bytes()
    assert len(got) == len(head + tail)
    assert got.count(b"D:20000101000000") == 2 and got.count(b"C3" * 16) == 3
    assert b"A1A1" not in got and b"B2B2" not in got


def test_writer_furniture_is_the_title_and_the_page_numbers() -> None:
    assert render.furniture("writer", "Classes", 3) == (["Classes"], ["1", "2", "3"])
    assert render.furniture("writer", "x" * 90, 1)[0] == ["x" * 70]
    assert render.furniture("writer-ragged", "Classes", 2) == ([], ["Page 1", "Page 2"])


def _odf_paragraphs(xml: str) -> list[tuple[str, str]]:
    """(kind, text) of each paragraph and heading of a flat ODT's body, white space collapsed as
    Writer collapses it: ``h``, ``p``, ``cell``, ``code`` (its style's) or ``item N`` (a list item's
    paragraph with its start value)."""
    import xml.etree.ElementTree as ET

    ns = {"text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
          "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
          "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0"}  # fmt: skip
    t, st = "{" + ns["text"] + "}", "{" + ns["style"] + "}"
    root = ET.fromstring(xml)
    parent = {s.get(st + "name"): s.get(st + "parent-style-name") for s in root.iter(st + "style")}
    body = root.find("office:body/office:text", ns)
    assert body is not None
    out: list[tuple[str, str]] = []

    def walk(node: ET.Element, item: str, cell: bool) -> None:
        for c in node:
            if c.tag in (t + "p", t + "h"):
                name = c.get(t + "style-name")
                code = "Preformatted_20_Text" in (name, parent.get(name))
                kind = "code" if code else "cell" if cell else item or c.tag[len(t) :]
                out.append((kind, " ".join("".join(c.itertext()).split())))
                item = ""
            elif c.tag == t + "list-item":
                walk(c, "item " + c.get(t + "start-value", ""), cell)
            else:
                walk(c, item, cell or c.tag.endswith("}table-cell"))

    walk(body, "", False)
    return out


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*") if ".blocks" not in p.name))
def test_writer_document_holds_each_truth_paragraph_as_one_styled_paragraph(name: str) -> None:
    """The ODT's paragraphs are the blocks: each truth paragraph one paragraph with its text (a
    numbered item's number given by the list), each cell one paragraph; no soffice needed."""
    pytest.importorskip("odf")
    tree = blocks.parse(page_of(FIXTURES / name))
    xml = writer.document(tree, "A title", "en", "writer")
    got = [(k, x) for k, x in _odf_paragraphs(xml) if x]
    want = []
    for b in blocks.leaves(tree):
        if b.kind in ("picture", "code"):
            continue
        text = b.inline and " ".join(b.text.split())
        if b.kind == "item" and re.match(r"\d+\. ", b.text):
            number, _, text = b.text.partition(". ")
            want.append((f"item {number}", text))
        else:
            want.append(("item " if b.kind == "item" else "h" if b.kind == "heading" else
                         "cell" if b.kind == "cell" else "p", text))  # fmt: skip
    assert [g for g in got if g[0] != "code"] == want
    assert sum(k == "code" for k, _ in got) == sum(b.kind == "code" for b in blocks.leaves(tree))
    assert 'style:name="Text_20_body"' in xml and 'style:display-name="Heading 1"' in xml
    assert "<text:page-number" in xml and ">A title<" in xml


def test_writer_document_is_the_same_text_whatever_was_written_before() -> None:
    """odfpy declares the namespaces the process has used so far: the page must not depend on them."""
    pytest.importorskip("odf")
    sphinx = blocks.parse(page_of(FIXTURES / "sphinx.html"))
    first = writer.document(sphinx, "Classes", "en", "writer")
    writer.document(blocks.parse(page_of(FIXTURES / "readme.md")), "x", "ja", "writer-ragged")  # a table
    assert writer.document(sphinx, "Classes", "en", "writer") == first


needs_soffice = pytest.mark.skipif(
    importlib.util.find_spec("odf") is None or not (shutil.which("soffice") and shutil.which("pdftotext")),
    reason="odfpy, LibreOffice (soffice) or pdftotext not installed",
)


@needs_soffice
def test_a_document_printed_by_writer_passes_its_truth_check_and_the_same_twice(tmp_path: Path) -> None:
    from corpora.real.sources import Text

    tree = blocks.parse(page_of(FIXTURES / "readme.md"))
    text = Text("pypi-md-x", "pypi:x==1", "x", "MIT", "en", "fastthing", tree, "0")
    rows = [build.build_one(text, "writer", "pypi-md-writer", "tuning", tmp_path / str(n)) for n in range(2)]
    assert all(isinstance(r, dict) for r in rows), rows
    assert rows[0]["truth_check"] == "1.0000" and rows[0]["renderer"].startswith("LibreOffice")  # type: ignore[index]
    assert rows[0]["sha256"] == rows[1]["sha256"]  # type: ignore[index]
    folder = tmp_path / "0" / "pypi-md-writer"
    meta = json.loads((folder / "pypi-md-x--writer.json").read_text(encoding="utf-8"))
    assert meta["headers"] == ["fastthing"] and meta["footers"] == ["1"]
    assert (folder / "pypi-md-x--writer.fodt").exists()

"""The broad development corpus (corpora/broad/): complete, split, and reproducible.

These tests read the committed files only; the ones that typeset a document
skip when xelatex, soffice or WeasyPrint is absent (CI has none of them).
"""

from __future__ import annotations

import doctest
import functools
import importlib.util
import json
import random
import shutil
import unicodedata
from collections import defaultdict
from pathlib import Path

import pytest

from corpora.broadgen import check, doc, latex, sources, split
from tests.conftest import ROOT

BROAD = ROOT / "corpora" / "broad"
KEYS = {
    "name",
    "family",
    "producer",
    "language",
    "layout",
    "pages",
    "licence",
    "source",
    "split",
    "headings",
    "captions",
    "footnotes",
    "headers",
    "footers",
    "objects",
    "pdftotext_misordered",
}
LISTS = ("headings", "captions", "footnotes", "headers", "footers", "objects")


@functools.cache
def documents() -> dict[str, dict]:  # type: ignore[type-arg]
    """Every committed document's metadata, by id."""
    return {
        p.name[: -len(".json")]: json.loads(p.read_text(encoding="utf-8")) for p in BROAD.glob("*/*.json")
    }


def test_corpus_is_big_and_broad() -> None:
    docs = documents()
    assert len(docs) >= 300
    assert sum(m["pages"] for m in docs.values()) >= 2000
    families = {m["family"] for m in docs.values()}
    assert {
        "latex-article",
        "latex-amsart",
        "latex-revtex",
        "latex-ieee",
        "latex-koma",
        "writer-odt",
        "html-weasy",
    } <= families
    assert {"en", "de", "sr-cyrl", "sr-latn", "ru", "zh", "ar"} <= {m["language"] for m in docs.values()}


def test_every_document_is_complete() -> None:
    for doc_id, m in documents().items():
        folder = BROAD / m["family"]
        for suffix in ("pdftotext.txt", "truth.txt", "json"):
            assert (folder / f"{doc_id}.{suffix}").is_file(), (doc_id, suffix)
        assert m.keys() >= KEYS, (doc_id, KEYS - m.keys())
        assert m["name"] == doc_id and doc_id.startswith(f"{m['family']}-{m['language']}-")
        assert m["split"] in split.SPLITS
        assert all(isinstance(m[k], list) and all(isinstance(s, str) for s in m[k]) for k in LISTS), doc_id
        truth = (folder / f"{doc_id}.truth.txt").read_text(encoding="utf-8").splitlines()
        assert truth and all(line.strip() == line and line for line in truth), doc_id
        lines = set(truth)
        missing = [h for h in m["headings"] + m["captions"] if h not in lines]
        assert not missing, (doc_id, missing)
        text = (folder / f"{doc_id}.pdftotext.txt").read_text(encoding="utf-8")
        assert text.count("\f") == m["pages"] >= 1, doc_id
        if m.get("pdf_kept"):
            assert (folder / f"{doc_id}.pdf").is_file()
        if m.get("source_file"):
            assert (folder / m["source_file"]).is_file()


def test_furniture_and_footnotes_are_not_in_the_truth() -> None:
    for doc_id, m in documents().items():
        truth = set((BROAD / m["family"] / f"{doc_id}.truth.txt").read_text(encoding="utf-8").splitlines())
        leaked = [
            s for s in m["headers"] + m["footers"] + m["footnotes"] if s in truth and s not in m["headings"]
        ]
        assert not leaked, (doc_id, leaked)


def test_split_rule_reproduces_each_documents_half() -> None:
    halves: dict[tuple[str, str], set[str]] = defaultdict(set)
    for doc_id, m in documents().items():
        assert split.split_of(doc_id) == m["split"], doc_id
        halves[("family", m["family"])].add(m["split"])
        halves[("language", m["language"])].add(m["split"])
        halves[("family-language", m["family"] + " " + m["language"])].add(m["split"])
    one_half = [k for k, v in halves.items() if v != set(split.SPLITS)]
    assert not one_half, one_half


def test_split_rule_doctest() -> None:
    for module in (split, check, sources, latex):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_index_matches_the_files() -> None:
    lines = (BROAD / "index.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0].split("\t") == ["id", "family", "language", "pages", "split", "licence"]
    rows = {r[0]: r for r in (x.split("\t") for x in lines[1:])}
    docs = documents()
    assert rows.keys() == docs.keys()
    for doc_id, m in docs.items():
        assert rows[doc_id] == [doc_id, m["family"], m["language"], str(m["pages"]), m["split"], m["licence"]]


def _sample() -> list[str]:
    """The shortest document of each family: enough to check, fast to check (the check is quadratic)."""
    shortest: dict[str, tuple[int, str]] = {}
    for doc_id, m in sorted(documents().items()):
        size = (BROAD / m["family"] / f"{doc_id}.pdftotext.txt").stat().st_size
        if m["family"] not in shortest or size < shortest[m["family"]][0]:
            shortest[m["family"]] = (size, doc_id)
    return sorted(x for _, x in shortest.values())


@pytest.mark.parametrize("doc_id", _sample())
def test_truth_is_in_the_pdftotext_output(doc_id: str) -> None:
    """The truth check, rerun on the committed default output, finds what the build recorded."""
    m = documents()[doc_id]
    folder = BROAD / m["family"]
    truth = (folder / f"{doc_id}.truth.txt").read_text(encoding="utf-8").splitlines()
    text = (folder / f"{doc_id}.pdftotext.txt").read_text(encoding="utf-8")
    found = [p.split(": ", 1)[1] for p in check.problems(doc_id, text, truth, m, rtl=m["language"] == "ar")]
    assert found == m["pdftotext_misordered"]
    assert check.artefacts(text, truth, m["headings"], m["footnotes"]) == m["artefacts"]
    # Not a check that passes on anything: a word that is not in the PDF is caught.
    wrong = [*truth[:1], "Zzyzx quorbly fnard"]
    assert check.problems(doc_id, text, wrong, {"headers": [], "footnotes": []}, rtl=m["language"] == "ar")


def _render(m: dict, seed: int) -> list[str]:  # type: ignore[type-arg]
    """Compose a committed document again, render its source (no typesetter): its truth."""
    build = _builder()
    d = doc.compose(m["name"], m["family"], m["language"], seed, build.features(m["family"]))
    rng = random.Random(f"{seed}/{m['name']}/layout")
    if m["family"].startswith("latex-"):
        latex.render(d, latex.FAMILIES[m["family"]][0], rng)
    return d.truth()


def _builder():  # type: ignore[no-untyped-def]
    import corpora.broad_build as build

    return build


def test_truth_building_is_deterministic() -> None:
    """Same id and seed, same blocks, truth and metadata; another seed, another document."""
    for lang in ("en", "sr-cyrl", "sr-latn", "zh"):
        for family in ("latex-article", "latex-revtex", "latex-amsart", "latex-report", "html-weasy"):
            feat = latex.FAMILIES[family][1] if family.startswith("latex") else doc.Features(code=True)
            a = doc.compose(f"{family}-{lang}-0001", family, lang, 1, feat)
            b = doc.compose(f"{family}-{lang}-0001", family, lang, 1, feat)
            c = doc.compose(f"{family}-{lang}-0001", family, lang, 2, feat)
            assert a.truth() == b.truth() and a.meta(5) == b.meta(5)
            assert a.truth() != c.truth()
            assert len(a.truth()) > 5


def test_committed_truth_is_reproduced_from_the_seed() -> None:
    """Each committed document whose text is srtext's own is composed again, byte for byte.

    (The English documents drawn from debian-handbook too, where it is installed.)
    """
    have_handbook = sources.HANDBOOK.is_dir()
    checked = 0
    for doc_id, m in sorted(documents().items()):
        # The handbook's English only: parsing each language's HTML takes a second.
        if "handbook" in m["source"] and not (have_handbook and m["language"] == "en"):
            continue
        truth = (BROAD / m["family"] / f"{doc_id}.truth.txt").read_text(encoding="utf-8").splitlines()
        assert _render(m, m["seed"]) == truth, doc_id
        checked += 1
    assert checked >= 20


def test_sources_record_their_licence() -> None:
    for doc_id, m in documents().items():
        assert m["licence"] and m["source"], doc_id
        if "debian-handbook" in m["source"]:
            assert "CC-BY-SA-3.0" in m["licence"] and "GPL-2+" in m["licence"], doc_id
        # Texts kept for evaluation are never used.
        assert not any(x in m["source"].lower() for x in ("gnome", "debian-reference", "maint-guide", "faq"))


def test_artefacts_are_counted_as_pdftotext_writes_them() -> None:
    """The corpus exercises what it was built for: each artefact appears somewhere."""
    totals: dict[str, int] = defaultdict(int)
    for m in documents().values():
        for k, v in m["artefacts"].items():
            totals[k] += v
    for k in ("number_apart", "blank_in_sentence", "footnote_mark_apart", "hyphen_u2010", "hyphen_u2011"):
        assert totals[k] > 0, k


def _build_one(family: str, lang: str, tmp_path: Path) -> dict:  # type: ignore[type-arg]
    build = _builder()
    out = tmp_path / "broad"
    for n in range(3):
        got = build.build_one(family, lang, n, 1, out, [0, 10**7], 40)
        if got is not None:
            break
    assert got is not None
    m = json.loads((out / family / f"{got}.json").read_text(encoding="utf-8"))
    truth = (out / family / f"{got}.truth.txt").read_text(encoding="utf-8").splitlines()
    assert truth == _render(m, 1)
    text = unicodedata.normalize("NFKC", (out / family / f"{got}.pdftotext.txt").read_text(encoding="utf-8"))
    assert m["pages"] == text.count("\f") >= 1
    return m


@pytest.mark.skipif(shutil.which("xelatex") is None, reason="xelatex is not installed")
def test_generator_typesets_a_latex_document(tmp_path: Path) -> None:
    m = _build_one("latex-amsart", "sr-cyrl", tmp_path)
    assert m["producer"] == "xelatex amsart" and m["headings"]


@pytest.mark.skipif(
    shutil.which("soffice") is None or importlib.util.find_spec("odf") is None,
    reason="LibreOffice or odfpy is not installed",
)
def test_generator_converts_a_writer_document(tmp_path: Path) -> None:
    m = _build_one("writer-odt", "sr-cyrl", tmp_path)
    assert m["producer"].startswith("LibreOffice") and m["headers"]


@pytest.mark.skipif(importlib.util.find_spec("weasyprint") is None, reason="WeasyPrint is not installed")
def test_generator_prints_an_html_document(tmp_path: Path) -> None:
    m = _build_one("html-weasy", "sr-latn", tmp_path)
    assert m["producer"].startswith("WeasyPrint")

"""PDF input through both extractors; bad PDFs give one-line errors and the batch goes on."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from srtext import SentenceRecovery
from srtext.run.extract import PDFError, extract
from tests.conftest import ROOT

LATEX = ROOT / "corpora" / "latex"
PDF = LATEX / "en-onecol.pdf"
EXTRACTORS = [
    "pypdf",
    pytest.param(
        "pdftotext",
        marks=pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed"),
    ),
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "srtext", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("extractor", EXTRACTORS)
def test_pdf_is_recovered(extractor: str) -> None:
    r = run("--extractor", extractor, str(PDF))
    assert r.returncode == 0, r.stderr
    truth = (LATEX / "en-onecol.truth.txt").read_text().splitlines()
    out = r.stdout.splitlines()
    assert out[0] == truth[0] and "1. Introduction" in out
    assert "Notes on moving rivers" not in out  # the running header is gone
    assert any(p.startswith("A river does not flow in a straight line for long.") for p in out)


@pytest.mark.parametrize("extractor", EXTRACTORS)
def test_pages_are_separated_by_form_feeds(extractor: str) -> None:
    text = extract(PDF, extractor).decode()
    assert text.count("\f") >= len(PdfReader(PDF).pages) - 1
    assert SentenceRecovery(text).paragraphs[0].page == 1


def _bad_pdfs(tmp: Path) -> dict[str, Path]:
    bad = {}
    truncated = tmp / "truncated.pdf"
    truncated.write_bytes(PDF.read_bytes()[:1500])
    bad["truncated"] = truncated
    writer = PdfWriter(clone_from=str(PDF))
    writer.encrypt(user_password="secret", owner_password="owner")
    with (tmp / "encrypted.pdf").open("wb") as f:
        writer.write(f)
    bad["encrypted"] = tmp / "encrypted.pdf"
    blank = PdfWriter()
    blank.add_blank_page(width=300, height=400)
    with (tmp / "image-only.pdf").open("wb") as f:
        blank.write(f)
    bad["image-only"] = tmp / "image-only.pdf"
    empty = PdfWriter()
    with (tmp / "no-pages.pdf").open("wb") as f:
        empty.write(f)
    bad["no-pages"] = tmp / "no-pages.pdf"
    return bad


@pytest.mark.parametrize("extractor", EXTRACTORS)
def test_bad_pdfs_give_one_line_errors_and_the_rest_goes_on(tmp_path: Path, extractor: str) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    bad = _bad_pdfs(corpus)
    shutil.copy(PDF, corpus / "good.pdf")
    r = run("-q", "--extractor", extractor, str(corpus))
    assert r.returncode == 1
    errors = r.stderr.splitlines()
    assert len(errors) == len(bad), r.stderr
    assert "Traceback" not in r.stderr
    for name, path in bad.items():
        line = next(e for e in errors if e.startswith(f"srtext: {path}:"))
        if name == "encrypted":
            assert "encrypted" in line
        if name == "image-only":
            assert "no text" in line
        assert not path.with_name(path.stem + ".sr.txt").exists()
    assert (corpus / "good.sr.txt").read_text().startswith("Rivers That Will Not Stay in Their Beds\n")


def test_extract_raises_pdf_error(tmp_path: Path) -> None:
    bad = _bad_pdfs(tmp_path)
    for path in bad.values():
        with pytest.raises(PDFError):
            extract(path, "pypdf")

"""PDF to text: pdftotext when it is installed, pypdf otherwise.

Either way pages are separated by form feeds, as srtext expects.  pdftotext
(Debian's poppler-utils) is run in its default mode, which measured best as
srtext's input (see docs/benchmarks.md); pypdf is a dependency, so PDFs work
out of the box.
"""

from __future__ import annotations

import io

from srtext.config import EXTRACTORS as EXTRACTORS  # the choices of --extractor

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from srtext.geometry.box import LineBox

    Boxes = list[LineBox | None]


class PDFError(Exception):
    """A PDF that yields no text: encrypted, damaged, empty or image-only."""


def is_pdf(path: Path) -> bool:
    """Is the file a PDF (by its name or its first bytes)?"""
    if path.suffix.lower() == ".pdf":
        return True
    try:
        with path.open("rb") as f:
            return f.read(5) == b"%PDF-"
    except OSError:
        return False


def choose(extractor: str) -> str:
    """The extractor ``auto`` stands for here: pdftotext when it is on PATH.

    >>> choose("pypdf")
    'pypdf'
    """
    import shutil  # only PDF input asks: shutil imports bz2, lzma and zlib, which a text run does not need

    if extractor == "auto":
        return "pdftotext" if shutil.which("pdftotext") else "pypdf"
    if extractor == "pdftotext" and shutil.which("pdftotext") is None:
        raise PDFError("pdftotext is not installed (Debian: apt-get install poppler-utils)")
    return extractor


def extract(path: Path, extractor: str = "auto", notes: list[str] | None = None) -> bytes:
    """The PDF's text as UTF-8 bytes, pages separated by form feeds.

    ``notes`` receives a warning about the text, if any (pypdf's text that looks
    run together: see :func:`run_together`).
    """
    tool = choose(extractor)
    return _check(_pdftotext(path) if tool == "pdftotext" else _pypdf(path, notes=notes))


def extract_data(data: bytes, extractor: str = "auto", notes: list[str] | None = None) -> bytes:
    """The text of a PDF given as bytes (read from an object store, say), as :func:`extract`."""
    tool = choose(extractor)
    return _check(_pdftotext(data) if tool == "pdftotext" else _pypdf(io.BytesIO(data), notes=notes))


# A text looks run together when this share of its letters stands in runs of
# RUN_LETTERS letters or more with no space: pypdf writes words without their
# spaces when a PDF sets the gap between words as a small kerning offset
# ("Theserverstartsfirst").  English prose has next to none (its longest words
# have about 20 letters); scripts written without spaces are not counted.
RUN_LETTERS = 25
RUN_SHARE = 0.05


def run_together(text: str) -> float:
    """The share of the letters of an alphabetic script that stand in runs of at least
    :data:`RUN_LETTERS` letters.

    >>> run_together("The server starts first."), run_together("Theserverstartsfirstandthentheclients.")
    (0.0, 1.0)
    >>> run_together("中文" * 40)
    0.0
    """
    from srtext.pipeline.patterns import pattern

    letters = sum(1 for c in text if c.isalpha())
    if not letters:
        return 0.0
    long_runs = pattern(rf"[\p{{Latin}}\p{{Cyrillic}}\p{{Greek}}]{{{RUN_LETTERS},}}").findall(text)
    return sum(map(len, long_runs)) / letters


def extract_geometry(
    source: Path | bytes, extractor: str = "auto", notes: list[str] | None = None
) -> tuple[bytes, Boxes]:
    """The PDF's text, as :func:`extract` gives it, and a box per line of it (see :mod:`srtext.geometry`).

    With pdftotext, the text is the default mode's, byte for byte, and the boxes
    come from a ``-bbox-layout`` run at the same time, whose lines are the default
    mode's lines (:func:`srtext.geometry.bbox.align`); with pypdf, the boxes come
    from its positioned text.
    """
    if choose(extractor) == "pdftotext":
        from srtext.geometry.bbox import align, parse_bbox

        data, xhtml = _pdftotext_both(source)
        read, lines = parse_bbox(xhtml.decode("utf-8", "surrogateescape"))
        return _check(data), align(data.decode("utf-8", "surrogateescape"), read, lines)
    boxes: Boxes = []
    data = _pypdf(io.BytesIO(source) if isinstance(source, bytes) else source, boxes, notes)
    return _check(data), boxes


def _check(text: bytes) -> bytes:
    if not any(c.isalnum() for c in text.decode("utf-8", "replace")):
        raise PDFError("no text in the PDF (empty, or pages that are only images)")
    return text


def _pdftotext(source: Path | bytes, *flags: str) -> bytes:
    """Run pdftotext on a file, or on bytes through its standard input."""
    import subprocess  # only for PDFs: not on the start-up path of text input

    name, data = ("-", source) if isinstance(source, bytes) else (str(source), None)
    r = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", *flags, name, "-"], input=data, capture_output=True, timeout=600
    )  # not -q: its messages tell an encrypted PDF and one with no pages from a damaged one
    _status(r.returncode, r.stderr)
    return r.stdout


def _pdftotext_both(source: Path | bytes) -> tuple[bytes, bytes]:
    """The default mode's text and the ``-bbox-layout`` XHTML; for a file, the two runs at once."""
    import subprocess

    if isinstance(source, bytes):
        return _pdftotext(source), _pdftotext(source, "-bbox-layout")
    args = ["pdftotext", "-enc", "UTF-8", str(source), "-"]
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        xhtml = _pdftotext(source, "-bbox-layout")
        text, messages = run.communicate(timeout=600)
    _status(run.returncode, messages)
    return text, xhtml


def _status(code: int, messages: bytes) -> None:
    if code != 0:
        raise PDFError(pdftotext_reason(code, messages.decode("utf-8", "replace")))


def pdftotext_reason(status: int, messages: str) -> str:
    """Why pdftotext failed, in a few words, from its exit status and its messages.

    pdftotext exits with 1 for an encrypted PDF as for a damaged one, and with
    99 for a PDF of no pages: its messages tell them apart.

    >>> pdftotext_reason(1, "Command Line Error: Incorrect password\\n")
    'the PDF is encrypted'
    >>> pdftotext_reason(99, "Syntax Error: Invalid page count 0\\nCommand Line Error: Wrong page range")
    'the PDF has no pages'
    >>> pdftotext_reason(1, "Syntax Error: Couldn't find trailer dictionary\\n")
    'cannot open the PDF (damaged?)'
    >>> pdftotext_reason(7, "Out of memory\\n")
    'pdftotext failed (status 7): Out of memory'
    """
    if status == 3 or "Incorrect password" in messages:
        return "the PDF is encrypted"
    if "Invalid page count 0" in messages or "Wrong page range" in messages:
        return "the PDF has no pages"
    if status == 1:
        return "cannot open the PDF (damaged?)"
    last = [line.strip() for line in messages.splitlines() if line.strip()]
    return f"pdftotext failed (status {status})" + (f": {last[-1][:200]}" if last else "")


# A gap between two strings of a TJ array, in thousandths of an em, from which
# words are taken to be apart (pdftotext's own threshold is about a tenth of an em;
# kerning inside a word is a few hundredths).
WORD_GAP = 100


def _spaced_pages(reader: Any) -> list[Any]:
    """The pages, copied, with a space put into each gap of at least :data:`WORD_GAP`
    between two strings of a TJ array (words rebuilt from their positions).

    Only for fonts of one-byte codes (not Type0), where a space is the byte 0x20.
    Asked only of a text that looks run together: most PDFs never pay for it.
    """
    from pypdf import PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject, ContentStream, FloatObject, NumberObject

    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        fonts = (page.get("/Resources") or {}).get("/Font") or {}
        stream = ContentStream(page.get_contents(), writer)
        simple = True
        for operands, operator in stream.operations:
            if operator == b"Tf" and operands:
                font = fonts.get(operands[0])
                simple = font is None or font.get_object().get("/Subtype") != "/Type0"
            elif operator == b"TJ" and operands and simple:
                spaced = ArrayObject()
                items = operands[0]
                for i, item in enumerate(items):
                    spaced.append(item)
                    gap = isinstance(item, (NumberObject, FloatObject)) and float(item) <= -WORD_GAP
                    if gap and 0 < i < len(items) - 1:
                        spaced.append(ByteStringObject(b" "))
                operands[0] = spaced
        page.replace_contents(stream)
    return list(writer.pages)


def _pypdf(source: Path | io.BytesIO, boxes: Boxes | None = None, notes: list[str] | None = None) -> bytes:
    """The text; a list given as ``boxes`` gets a box per line of it (:mod:`srtext.geometry.positioned`).

    Without ``boxes``, when pypdf's text looks run together, the text with spaces put
    into the gaps between words (:func:`_spaced_pages`) or pypdf's layout mode's, if
    that looks less so; and a note in ``notes`` if it still does.
    """
    import logging

    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(source if isinstance(source, io.BytesIO) else str(source))
        if reader.is_encrypted and not reader.decrypt(""):
            raise PDFError("the PDF is encrypted")
        if boxes is not None:
            from srtext.geometry.positioned import page_text

            read = [page_text(page, number) for number, page in enumerate(reader.pages, 1)]
            share = run_together("".join(text for text, _ in read))
            if share > RUN_SHARE:
                spaced_read = [
                    page_text(page, number) for number, page in enumerate(_spaced_pages(reader), 1)
                ]
                if (better := run_together("".join(text for text, _ in spaced_read))) < share:
                    read, share = spaced_read, better
        else:
            pages = [page.extract_text() or "" for page in reader.pages]
            share = run_together("".join(pages))
            if share > RUN_SHARE:
                spaced = [page.extract_text() or "" for page in _spaced_pages(reader)]
                if (better := run_together("".join(spaced))) < share:
                    pages, share = spaced, better
            if share > RUN_SHARE:
                laid_out = [page.extract_text(extraction_mode="layout") or "" for page in reader.pages]
                if (better := run_together("".join(laid_out))) < share:
                    pages, share = laid_out, better
            read = [(page, []) for page in pages]
    except PDFError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise PDFError(f"cannot read the PDF (damaged?): {type(e).__name__}") from None
    if not read:
        raise PDFError("the PDF has no pages")
    if share > RUN_SHARE and notes is not None:
        notes.append(
            f"pypdf's text looks run together ({share:.0%} of the letters in runs of {RUN_LETTERS} or more "
            "without a space); pdftotext (Debian: apt-get install poppler-utils) reads such PDFs better"
        )
    pages = [p.rstrip("\n") for p, _boxes in read]
    if boxes is not None:  # each page's lines, less the line ends rstrip took; a form feed starts a line
        for page, (_text, page_boxes) in zip(pages, read, strict=True):
            boxes += page_boxes[: page.count("\n") + 1]
    return "\f".join(p + "\n" for p in pages).encode("utf-8", "surrogateescape")

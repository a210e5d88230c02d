"""PDF to text: pdftotext when it is installed, pypdf otherwise.

Either way pages are separated by form feeds, as srtext expects.  pdftotext
(Debian's poppler-utils) is run in its default mode, which measured best as
srtext's input (see docs/benchmarks.md); pypdf is a dependency, so PDFs work
out of the box.
"""

from __future__ import annotations

import io

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from srtext.geometry.box import LineBox

    Boxes = list[LineBox | None]

EXTRACTORS = ("auto", "pdftotext", "pypdf")


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


def extract(path: Path, extractor: str = "auto") -> bytes:
    """The PDF's text as UTF-8 bytes, pages separated by form feeds."""
    tool = choose(extractor)
    return _check(_pdftotext(path) if tool == "pdftotext" else _pypdf(path))


def extract_data(data: bytes, extractor: str = "auto") -> bytes:
    """The text of a PDF given as bytes (read from an object store, say), as :func:`extract`."""
    tool = choose(extractor)
    return _check(_pdftotext(data) if tool == "pdftotext" else _pypdf(io.BytesIO(data)))


def extract_geometry(source: Path | bytes, extractor: str = "auto") -> tuple[bytes, Boxes]:
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
    data = _pypdf(io.BytesIO(source) if isinstance(source, bytes) else source, boxes)
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
        ["pdftotext", "-enc", "UTF-8", "-q", *flags, name, "-"], input=data, capture_output=True, timeout=600
    )
    _status(r.returncode)
    return r.stdout


def _pdftotext_both(source: Path | bytes) -> tuple[bytes, bytes]:
    """The default mode's text and the ``-bbox-layout`` XHTML; for a file, the two runs at once."""
    import subprocess

    if isinstance(source, bytes):
        return _pdftotext(source), _pdftotext(source, "-bbox-layout")
    args = ["pdftotext", "-enc", "UTF-8", "-q", str(source), "-"]
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as run:
        xhtml = _pdftotext(source, "-bbox-layout")
        text, _ = run.communicate(timeout=600)
    _status(run.returncode)
    return text, xhtml


def _status(code: int) -> None:
    if code != 0:
        reason = {1: "cannot open the PDF (damaged?)", 3: "the PDF is encrypted"}.get(
            code, f"pdftotext failed with status {code}"
        )
        raise PDFError(reason)


def _pypdf(source: Path | io.BytesIO, boxes: Boxes | None = None) -> bytes:
    """The text; a list given as ``boxes`` gets a box per line of it (:mod:`srtext.geometry.positioned`)."""
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
        else:
            read = [(page.extract_text() or "", []) for page in reader.pages]
    except PDFError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise PDFError(f"cannot read the PDF (damaged?): {type(e).__name__}") from None
    if not read:
        raise PDFError("the PDF has no pages")
    pages = [p.rstrip("\n") for p, _boxes in read]
    if boxes is not None:  # each page's lines, less the line ends rstrip took; a form feed starts a line
        for page, (_text, page_boxes) in zip(pages, read, strict=True):
            boxes += page_boxes[: page.count("\n") + 1]
    return "\f".join(p + "\n" for p in pages).encode("utf-8", "surrogateescape")

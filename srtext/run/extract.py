"""PDF to text: pdftotext when it is installed, pypdf otherwise.

Either way pages are separated by form feeds, as srtext expects.  pdftotext
(Debian's poppler-utils) is run in its default mode, which measured best as
srtext's input (see docs/benchmarks.md); pypdf is a dependency, so PDFs work
out of the box.
"""

from __future__ import annotations

import io
import os

from srtext.config import EXTRACTORS as EXTRACTORS  # the choices of --extractor
from srtext.run import early
from srtext.run.early import BBOX
from srtext.run.result import PDFError as PDFError  # where it was defined: its name here too

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path
    from typing import Any

    from srtext.geometry.box import LineBox

    Boxes = list[LineBox | None]


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
    if extractor == "auto":
        return "pdftotext" if on_path("pdftotext") else "pypdf"
    if extractor == "pdftotext" and not on_path("pdftotext"):
        raise PDFError("pdftotext is not installed (Debian: apt-get install poppler-utils)")
    return extractor


def on_path(name: str) -> bool:
    """Is there an executable file ``name`` in a directory of PATH (as :func:`shutil.which` finds it)?

    Not :mod:`shutil` itself, which imports bz2, lzma and fnmatch that a run does not need.

    >>> on_path("sh"), on_path("no-such-program-here")
    (True, False)
    """
    for directory in os.environ.get("PATH", os.defpath).split(os.pathsep):
        path = os.path.join(directory or os.curdir, name)
        if os.access(path, os.X_OK) and os.path.isfile(path):
            return True
    return False


def extract(path: Path | str, extractor: str = "auto", notes: list[str] | None = None) -> bytes:
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
    source: Path | str | bytes, extractor: str = "auto", notes: list[str] | None = None
) -> tuple[bytes, Boxes]:
    """The PDF's text, as :func:`extract` gives it, and a box per line of it (see :mod:`srtext.geometry`).

    With pdftotext, the text is the default mode's, byte for byte, and the boxes
    come from a ``-bbox-layout`` run at the same time, whose lines are the default
    mode's lines (:func:`srtext.geometry.bbox.align`), read page by page as
    pdftotext writes them (:class:`srtext.geometry.bbox.BoxReader`); with pypdf,
    the boxes come from its positioned text.
    """
    if choose(extractor) == "pdftotext":
        from srtext.geometry.bbox import BoxReader, align, parse_bbox
        from srtext.pipeline.lines import split_physical

        reader = BoxReader()
        data, _xhtml = _pdftotext_runs(source, [(), BBOX], [None, reader.feed])
        text = _check(data).decode("utf-8", "surrogateescape")
        fast = reader.close()
        if fast is not None and len(split_physical(text)) == reader.lines:
            return data, _labelled(source, fast)  # what align gives when the numbers of lines agree
        try:
            read, lines = parse_bbox(reader.xhtml())
        except ValueError as e:  # not poppler's XHTML: one line, as for a bad PDF
            raise PDFError(str(e)) from None
        return data, _labelled(source, align(text, read, lines))
    boxes: Boxes = []
    data = _pypdf(io.BytesIO(source) if isinstance(source, bytes) else source, boxes, notes)
    return _check(data), _labelled(source, boxes)


def _labelled(source: Path | str | bytes, boxes: Boxes) -> Boxes:
    """The boxes, each line a list's label drawn as a shape stands before marked.

    See :mod:`srtext.geometry.drawn`: a browser's bullets, which pdftotext's text does not show.
    """
    from srtext.geometry.drawn import mark_labels, pdf_labels

    return mark_labels(boxes, pdf_labels(source))


def _check(text: bytes) -> bytes:
    if not any(c.isalnum() for c in text.decode("utf-8", "replace")):
        raise PDFError("no text in the PDF (empty, or pages that are only images)")
    return text


def _pdftotext(source: Path | str | bytes, *flags: str) -> bytes:
    """Run pdftotext on a file, or on bytes through its standard input."""
    return _pdftotext_runs(source, [flags])[0]


TIMEOUT = 600  # seconds that pdftotext may take on one PDF


def _pdftotext_runs(
    source: Path | str | bytes,
    runs: Sequence[Sequence[str]],
    readers: Sequence[Callable[[bytes], object] | None] = (),
) -> list[bytes]:
    """The output of pdftotext with each of ``runs``' flags, the runs at the same time.

    A run started ahead (:func:`srtext.run.early.claim`) is taken over, others are
    started.  Each run's output is read as it comes, and each piece is handed to
    its reader, if it has one (its output then is ``b""``: the reader keeps it).
    Every run is reaped before this returns or raises: on an error, an interrupt or
    after :data:`TIMEOUT` seconds, killed first.  A run that fails raises
    :class:`PDFError`.
    """
    if not hasattr(os, "posix_spawnp"):  # not POSIX: one run after the other
        return _pdftotext_portable(source, runs, readers)
    import select
    import time

    path = None if isinstance(source, bytes) else str(source)
    started: list[early.Run] = []
    try:
        for flags in runs:
            try:
                early.take(path, flags, started)
            except OSError as e:
                raise PDFError(f"cannot run pdftotext: {e.strerror or e}") from None
        outputs: list[list[bytes]] = [[] for _ in runs]
        messages: list[list[bytes]] = [[] for _ in runs]
        poll = select.poll()
        # each open descriptor: where its pieces go (a list, or a reader), or the PDF still to write
        pending: dict[int, tuple[list[bytes], Callable[[bytes], object] | None] | memoryview] = {}
        for i, run in enumerate(started):
            pending[run.out] = (outputs[i], readers[i] if i < len(readers) else None)
            pending[run.err] = (messages[i], None)
            if run.input is not None and isinstance(source, bytes):
                os.set_blocking(run.input, False)
                pending[run.input] = memoryview(source)
        for fd, what in pending.items():
            poll.register(fd, select.POLLOUT if isinstance(what, memoryview) else select.POLLIN)
        deadline = time.monotonic() + TIMEOUT
        while pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PDFError(f"pdftotext took more than {TIMEOUT} s")
            for fd, _event in poll.poll(left * 1000):
                what = pending[fd]
                if isinstance(what, memoryview):
                    rest = _write(fd, what)
                    if rest:
                        pending[fd] = rest
                        continue
                    _close_input(started, fd)
                else:
                    piece = os.read(fd, 1 << 16)
                    if piece:
                        if what[1] is None:
                            what[0].append(piece)
                        else:
                            what[1](piece)
                        continue
                poll.unregister(fd)
                del pending[fd]
        for run, said in zip(started, messages, strict=True):
            _status(run.wait(), b"".join(said))  # its output is at its end: it is ending
        return [b"".join(output) for output in outputs]
    finally:
        for run in started:
            run.stop()  # kills only a run that was not reaped (an error, an interrupt)


def _write(fd: int, data: memoryview) -> memoryview | None:
    """Write what pdftotext can take of the PDF to its standard input; the rest (None: nothing)."""
    try:
        written = os.write(fd, data[: 1 << 16])
    except BlockingIOError:
        return data
    except BrokenPipeError:  # it stopped reading (a damaged PDF): its status will say why
        return None
    return data[written:] or None


def _close_input(runs: Sequence[early.Run], fd: int) -> None:
    """Close a run's standard input: pdftotext has the whole PDF."""
    for run in runs:
        if run.input == fd:
            run.input = None
    os.close(fd)


def _pdftotext_portable(
    source: Path | str | bytes,
    runs: Sequence[Sequence[str]],
    readers: Sequence[Callable[[bytes], object] | None] = (),
) -> list[bytes]:
    """:func:`_pdftotext_runs` where there is no :func:`os.posix_spawnp`: with :mod:`subprocess`, one run
    after the other."""
    import subprocess

    name, data = ("-", source) if isinstance(source, bytes) else (str(source), None)
    outputs = []
    for i, flags in enumerate(runs):
        try:
            r = subprocess.run(early.command(name, flags), input=data, capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise PDFError(f"pdftotext took more than {TIMEOUT} s") from None
        except OSError as e:
            raise PDFError(f"cannot run pdftotext: {e.strerror or e}") from None
        _status(r.returncode, r.stderr)
        reader = readers[i] if i < len(readers) else None
        if reader is not None:
            reader(r.stdout)
        outputs.append(b"" if reader is not None else r.stdout)
    return outputs


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


def _pypdf(
    source: Path | str | io.BytesIO, boxes: Boxes | None = None, notes: list[str] | None = None
) -> bytes:
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

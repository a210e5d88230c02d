"""One document from start to end: read (or extract), recover, write; and what that found.

:func:`process_file` is the per-file work of every way srtext runs over many
files: the command line one file after another or with ``-j N`` workers, a Dask
cluster (:mod:`srtext.cluster`), or a user's own pool.  It never raises for a bad
input: the :class:`Result` says what went wrong in one line.  Only an interrupt
(or a bug in the caller) escapes.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO, NamedTuple

from srtext.batch import Job, atomic_write, read_chunks
from srtext.config import Config
from srtext.events import Decision, Event, Paragraph
from srtext.extract import PDFError, extract, extract_data, is_pdf
from srtext.lines import (
    BinaryInputError,
    decode_chunks,
    has_invalid_bytes,
    iter_physical,
    number_lines,
)
from srtext.output import EXPLAIN_HEADER, explain_line, render
from srtext.record import Record
from srtext.recovery import recover, recover_text
from srtext.vocabulary import Vocabulary
from srtext.width import WidthStats

DONE, SKIPPED, FAILED = "done", "skipped", "failed"


class Result(Record):
    """What became of one input.

    Attributes:
        input: the input's path (or URL, or ``-``).
        output: where the result went; ``None``: standard output or :attr:`text`.
        status: ``done``, ``skipped`` (its output is newer than the input) or ``failed``.
        error: for a failed input, the one-line reason (``"NAME: reason"``).
        pages, lines, paragraphs, dropped: pages and lines read, paragraphs
            written, lines dropped.
        bytes: the size of the input text (of the extracted text, for a PDF).
        extract_seconds: the time the PDF extractor took; ``seconds``: the whole
            file's time, extraction included.
        warnings: messages for the user (invalid bytes).
        histogram: with ``stats=True``, the line-width histogram (``--stats``).
        dropped_rows: with ``dropped_rows=True``, the dropped lines as
            tab-separated rows (input, line, page, class, text).
        text: the output, when it was asked for instead of a file.
    """

    _fields = (
        "input",
        "output",
        "status",
        "error",
        "pages",
        "lines",
        "paragraphs",
        "dropped",
        "bytes",
        "extract_seconds",
        "seconds",
        "warnings",
        "histogram",
        "dropped_rows",
        "text",
    )
    __slots__ = _fields

    def __init__(
        self,
        input: str,
        output: str | None = None,
        status: str = DONE,
        error: str | None = None,
        pages: int = 0,
        lines: int = 0,
        paragraphs: int = 0,
        dropped: int = 0,
        bytes: int = 0,
        extract_seconds: float = 0.0,
        seconds: float = 0.0,
        warnings: list[str] | None = None,
        histogram: str = "",
        dropped_rows: str = "",
        text: str | None = None,
    ) -> None:
        self.input = input
        self.output = output
        self.status = status
        self.error = error
        self.pages = pages
        self.lines = lines
        self.paragraphs = paragraphs
        self.dropped = dropped
        self.bytes = bytes
        self.extract_seconds = extract_seconds
        self.seconds = seconds
        self.warnings: list[str] = [] if warnings is None else warnings
        self.histogram = histogram
        self.dropped_rows = dropped_rows
        self.text = text


class Document:
    """One input's run: the config, and what is counted and noticed while it is read."""

    def __init__(self, name: str, config: Config, result: Result | None = None) -> None:
        self.name = name
        self.config = config
        self.result = result or Result(name)
        self.invalid = False
        self.stats = WidthStats()
        self.vocabulary = Vocabulary(config.lang)

    def _counted(self, chunks: Iterable[bytes]) -> Iterator[bytes]:
        for chunk in chunks:
            self.result.bytes += len(chunk)
            yield chunk

    def texts(self, chunks: Iterable[bytes]) -> Iterator[str]:
        """The decoded text, noting invalid bytes."""
        for text in decode_chunks(self._counted(chunks), self.config.encoding):
            if not self.invalid and has_invalid_bytes(text):
                self.invalid = True
            yield text

    def render(
        self,
        chunks: Iterable[bytes],
        *,
        explain: bool = False,
        dropped: Callable[[str], Any] | None = None,
    ) -> Iterator[str]:
        """The output text, in pieces, of byte chunks; ``dropped`` receives one row per dropped line."""
        lines = number_lines(iter_physical(self.texts(chunks)))
        events = self._count(
            recover(lines, self.config, stats=self.stats, vocabulary=self.vocabulary), dropped
        )
        if explain:
            yield EXPLAIN_HEADER
            for e in events:
                if isinstance(e, Decision):
                    yield explain_line(e)
        else:
            yield from render(events, self.config, lambda: self.vocabulary.lang)

    def _count(self, events: Iterator[Event], dropped: Callable[[str], Any] | None) -> Iterator[Event]:
        r = self.result
        for e in events:
            if isinstance(e, Paragraph):
                r.paragraphs += 1
            else:
                r.lines = e.line.number
                r.pages = e.line.page
                if e.action == "drop":
                    r.dropped += 1
                    if dropped is not None:
                        text = e.line.text.replace("\t", " ")
                        dropped(f"{self.name}\t{e.line.number}\t{e.line.page}\t{e.kind}\t{text}\n")
            yield e

    def finish(self, stats: bool = False) -> None:
        """Add the warnings a finished run leaves: invalid bytes, and the histogram when asked."""
        if self.invalid:
            self.result.warnings.append(
                f"{self.name}: invalid {self.config.encoding} bytes passed through unchanged (see --encoding)"
            )
        if stats:
            cw = self.config.cw if self.config.cw is not None else self.stats.cw()
            from srtext.stats import draw_histogram  # --stats only

            drawn = draw_histogram(self.stats.histogram, cw, self.config.eps)
            self.result.histogram = f"{self.name}:\n{drawn}"


def write(out: BinaryIO | IO[bytes], texts: Iterable[str]) -> None:
    """Write text pieces as UTF-8, invalid input bytes restored."""
    for text in texts:
        out.write(text.encode("utf-8", "surrogateescape"))


class Options(NamedTuple):
    """How :func:`process_file` runs, besides the recovery's :class:`~srtext.config.Config`.

    Attributes:
        extractor: ``auto``, ``pdftotext`` or ``pypdf`` (see :mod:`srtext.extract`).
        force: write the output even when it is newer than its input (otherwise skipped).
        explain: write the ``--explain`` table instead of the text.
        stats: add the line-width histogram to the result.
        dropped_rows: collect the dropped lines in the result.
    """

    extractor: str = "auto"
    force: bool = False
    explain: bool = False
    stats: bool = False
    dropped_rows: bool = False


def is_up_to_date(job: Job, in_fs: Any = None, out_fs: Any = None) -> bool:
    """Is the job's output at least as new as its input (so that it need not be made again)?"""
    if job.output is None:
        return False
    try:
        return _mtime(out_fs, str(job.output)) >= _mtime(in_fs, str(job.input))
    except Exception:  # a filesystem that cannot tell: make it again
        return False


def _mtime(fs: Any, path: str) -> float:
    """The modification time, in seconds since the epoch (``fs`` None: a local path)."""
    if fs is None:
        return os.stat(path).st_mtime
    return float(fs.modified(path).timestamp())


def process_file(
    job: Job,
    config: Config | None = None,
    options: Options | None = None,
    *,
    in_fs: Any = None,
    out_fs: Any = None,
    stdout: IO[bytes] | None = None,
) -> Result:
    """Recover one file and write its output atomically; never raises for a bad input.

    ``job.output`` None writes to ``stdout`` when it is given, streaming, and
    otherwise returns the output in :attr:`Result.text`.  ``job.input`` ``-``
    reads standard input.  ``in_fs`` and ``out_fs`` are fsspec filesystems for
    paths that are not local (``s3://...``); ``None`` (default) uses local paths
    without importing fsspec.  A :class:`BrokenPipeError` from ``stdout`` is
    raised, so that the caller can stop like a Unix filter.
    """
    config = config or Config()
    options = options or Options()
    start = time.perf_counter()
    name = str(job.input)
    result = Result(name, None if job.output is None else str(job.output))
    if not options.force and is_up_to_date(job, in_fs, out_fs):
        result.status = SKIPPED
        return result
    doc = Document(name, config, result)
    rows: list[str] = []
    try:
        with contextlib.ExitStack() as stack:
            chunks = _open_input(job, options, stack, in_fs, result)
            dropped = rows.append if options.dropped_rows else None
            texts = doc.render(chunks, explain=options.explain, dropped=dropped)
            if job.output is not None:
                write(stack.enter_context(_open_output(job.output, out_fs)), texts)
            elif stdout is not None:
                write(stdout, texts)
            else:
                result.text = "".join(texts)
        doc.finish(options.stats)
    except BrokenPipeError:
        raise
    except PDFError as e:
        _fail(result, f"{name}: {e}")
    except BinaryInputError:
        _fail(result, f"{name}: binary file (NUL bytes), skipped")
    except (OSError, UnicodeError, LookupError) as e:
        _fail(result, describe(e, name))
    except Exception as e:  # a bug: one line, and the other inputs go on
        _fail(result, f"{describe(e, name)}: internal error ({type(e).__name__}), please report it")
    result.dropped_rows = "".join(rows)
    result.seconds = time.perf_counter() - start
    return result


def _fail(result: Result, message: str) -> None:
    result.status = FAILED
    result.error = message
    result.text = None


def _open_input(
    job: Job, options: Options, stack: contextlib.ExitStack, fs: Any, result: Result
) -> Iterator[bytes]:
    """The input's bytes in chunks; a PDF is extracted first, so that it fails before any output."""
    t = time.perf_counter()
    if fs is None and str(job.input) == "-":
        return read_chunks(sys.stdin.buffer)
    if fs is None:
        path = Path(job.input)
        if is_pdf(path):
            data = extract(path, options.extractor)
            result.extract_seconds = time.perf_counter() - t
            return iter([data])
        return read_chunks(stack.enter_context(path.open("rb")))
    f = stack.enter_context(fs.open(str(job.input), "rb"))
    if str(job.input).lower().endswith(".pdf") or f.read(5) == b"%PDF-":
        f.seek(0)
        data = extract_data(f.read(), options.extractor)
        result.extract_seconds = time.perf_counter() - t
        return iter([data])
    f.seek(0)
    return read_chunks(f)


def _open_output(output: str | Path, fs: Any) -> contextlib.AbstractContextManager[IO[bytes]]:
    if fs is None:
        return atomic_write(Path(output))
    return fsspec_atomic_write(fs, str(output))


@contextlib.contextmanager
def fsspec_atomic_write(fs: Any, path: str) -> Iterator[IO[bytes]]:
    """Write ``path`` through an fsspec filesystem, all or nothing.

    A filesystem with renames (local, NFS...) gets a temporary file beside the
    target, renamed into place; on an object store the upload is discarded on
    error and only becomes visible when it is complete.
    """
    parent, _, base = path.rpartition("/")
    if parent:
        fs.makedirs(parent, exist_ok=True)
    renames = "file" in _protocols(fs) or "local" in _protocols(fs)
    target = f"{parent}/.{base}.{os.getpid()}.tmp" if renames else path
    f = fs.open(target, "wb")
    try:
        yield f
    except BaseException:
        if renames:
            f.close()
            with contextlib.suppress(Exception):
                fs.rm(target)
        else:
            _discard(f)
        raise
    f.close()
    if renames:
        fs.mv(target, path)


def _discard(f: Any) -> None:
    """Abandon an upload, so that nothing of it becomes visible."""
    try:
        f.discard()
    except Exception:  # a file without uploads in parts: closing it is all there is
        with contextlib.suppress(Exception):
            f.close()


def _protocols(fs: Any) -> tuple[str, ...]:
    p = fs.protocol
    return (p,) if isinstance(p, str) else tuple(p)


def describe(e: Exception, name: str) -> str:
    """A one-line message for an error while processing ``name``.

    >>> describe(FileNotFoundError(2, "No such file or directory", "a.txt"), "a.txt")
    'a.txt: No such file or directory'
    """
    if isinstance(e, OSError):
        where = e.filename if e.filename else name
        return f"{where}: {e.strerror or e}"
    return f"{name}: {e}"


def recover_paths(
    paths: Iterable[str | os.PathLike[str]], config: Config | None = None, options: Options | None = None
) -> Iterator[Result]:
    """Recover files (text or PDF), yielding a :class:`Result` with the output in ``text``.

    Nothing is written; a bad file gives a failed result and the rest go on.  A
    generator over an iterable of paths, so it serves a Dask bag's
    ``map_partitions``, Spark's ``mapPartitions`` and ``multiprocessing`` alike.
    """
    for path in paths:
        yield process_file(Job(Path(path), None), config, options)


def recover_texts(texts: Iterable[str | bytes], config: Config | None = None) -> Iterator[str]:
    """Recover each text (``str``, or bytes in ``config.encoding``), yielding its output.

    >>> list(recover_texts(["A line that runs on\\nto its end.\\n", b"One.\\n"]))
    ['A line that runs on to its end.\\n', 'One.\\n']
    """
    config = config or Config(window=None)
    for text in texts:
        if isinstance(text, str):
            yield recover_text(text, config)
        else:
            yield "".join(Document("-", config).render([text]))

"""One document from start to end: read (or extract), recover, write; and what that found.

:func:`process_file` is the per-file work of every way srtext runs over many
files: the command line one file after another or with ``-j N`` workers, a Dask
cluster (:mod:`srtext.run.cluster`), or a user's own pool.  It never raises for a bad
input: the :class:`Result` says what went wrong in one line.  Only an interrupt
(or a bug in the caller) escapes.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator

from srtext.config import Config, RunOptions
from srtext.geometry.sniff import is_bbox
from srtext.pipeline.events import Event, Paragraph
from srtext.pipeline.lines import (
    BinaryInputError,
    decode_chunks,
    has_invalid_bytes,
    iter_physical,
    number_lines,
    valid_text,
)
from srtext.pipeline.output import explain_rows, render
from srtext.pipeline.vocabulary import Vocabulary
from srtext.pipeline.width import WidthStats
from srtext.recovery import recover
from srtext.run import early
from srtext.run.batch import Job, audit_name, posix_name, quote_name, read_chunks
from srtext.run.made import (
    DROPPED_HEADER_LINE,
    dropped_name,
    encode_made,
    made_name,
    made_record,
    made_same_way,
    same_input,
    tsv_rows,
    without_header,
)
from srtext.run.result import SKIPPED, PDFError, Result
from srtext.run.storage import (
    exists,
    identity,
    is_special,
    mtime,
    open_output,
    read_file,
    remove,
    sha256,
    size,
    write_whole,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import IO, Any, BinaryIO

    from srtext.geometry.box import LineBox


class Document:
    """One input's run: the config, and what is counted and noticed while it is read."""

    def __init__(self, name: str, config: Config, result: Result | None = None) -> None:
        self.name = name
        self.config = config
        self.result = result or Result(name)
        self.invalid = False
        self.stats = WidthStats()
        self.vocabulary = Vocabulary(config.lang)
        self.geometry: list[LineBox | None] | None = None  # a box per line, when the input had them

    def _counted(self, chunks: Iterable[bytes]) -> Iterator[bytes]:
        for chunk in chunks:
            self.result.bytes += len(chunk)
            yield chunk

    def texts(self, chunks: Iterable[bytes], *, sniff: bool = True) -> Iterator[str]:
        """The decoded text, noting invalid bytes; ``sniff``: refuse a binary file (NUL bytes)."""
        for text in decode_chunks(self._counted(chunks), self.config.encoding, sniff=sniff):
            if not self.invalid and has_invalid_bytes(text):
                self.invalid = True
            yield text

    def render(
        self,
        chunks: Iterable[bytes],
        *,
        explain: bool = False,
        dropped: Callable[[tuple[object, ...]], Any] | None = None,
        sniff: bool = True,
        seen: Callable[[Event], Any] | None = None,
    ) -> Iterator[str]:
        """The output text, in pieces, of byte chunks; ``dropped`` receives one row per dropped line,
        ``seen`` every event (for the audit page).

        ``sniff`` False takes NUL bytes as text: for the text a PDF extractor
        gave, which is text whatever characters it holds.
        """
        chunks, sniff = self._bbox(chunks, sniff)
        lines = number_lines(iter_physical(self.texts(chunks, sniff=sniff)))
        recovered = recover(
            lines,
            self.config,
            stats=self.stats,
            vocabulary=self.vocabulary,
            geometry=self.geometry,
            note=explain or seen is not None,  # the line ends' verdicts and the repairs, for these to show
        )
        events = self._count(recovered, dropped, seen)
        if explain:
            yield from explain_rows(events, self.geometry)
        else:
            yield from render(events, self.config, lambda: self.vocabulary.lang, self.geometry)

    def _bbox(self, chunks: Iterable[bytes], sniff: bool) -> tuple[Iterable[bytes], bool]:
        """The chunks, or, when they are pdftotext -bbox-layout XHTML, the text of its lines.

        The boxes are kept in :attr:`geometry` unless ``config.geometry`` is off.
        An extractor's text (``sniff`` False) is taken as it is.
        """
        if not sniff:
            return chunks, sniff
        chunks = iter(chunks)
        first = next(chunks, b"")
        if not is_bbox(first):
            return itertools.chain([first], chunks), sniff
        from srtext.geometry.bbox import parse_bbox  # only for XHTML: not on the start-up path

        xhtml = b"".join(itertools.chain([first], chunks))
        try:
            text, boxes = parse_bbox(xhtml.decode("utf-8", "surrogateescape"))
        except ValueError as e:  # XHTML that starts as poppler's and is not: one line, as a bad PDF
            raise PDFError(str(e)) from None
        if self.config.geometry != "off":
            self.geometry = boxes
        return [text.encode("utf-8", "surrogateescape")], False

    def _count(
        self,
        events: Iterator[Event],
        dropped: Callable[[tuple[object, ...]], Any] | None,
        seen: Callable[[Event], Any] | None = None,
    ) -> Iterator[Event]:
        r = self.result
        for e in events:
            if seen is not None:
                seen(e)
            if isinstance(e, Paragraph):
                r.paragraphs += 1
            else:
                r.lines = e.line.number
                r.pages = e.line.page
                if e.action == "drop":
                    r.dropped += 1
                    if dropped is not None:
                        # valid UTF-8: an invalid byte is U+FFFD (a reader of the TSV decodes it as UTF-8)
                        x = e.line
                        dropped((valid_text(self.name), x.number, x.page, e.kind, valid_text(x.text)))
            yield e

    def finish(self, stats: bool = False) -> None:
        """Add the warnings a finished run leaves: invalid bytes, and the histogram when asked."""
        if self.invalid:
            self.result.warnings.append(
                f"{quote_name(self.name)}: invalid {self.config.encoding} bytes"
                " passed through unchanged (see --encoding)"
            )
        if stats:
            cw = self.config.cw if self.config.cw is not None else self.stats.cw(self.config.mode != "paper")
            from srtext.pipeline.stats import draw_histogram  # --stats only

            drawn = draw_histogram(self.stats.histogram, cw, self.config.eps)
            self.result.histogram = f"{self.name}:\n{drawn}"

    def audit(self, events: list[Event]) -> Iterator[str]:
        """The audit page of the events of this run (:mod:`srtext.audit`)."""
        from srtext.audit import audit_page  # --audit only: not on the start-up path
        from srtext.version import __version__

        config = self.config
        cw = config.cw if config.cw is not None else self.stats.cw(config.mode != "paper")
        settings: dict[str, object] = {"mode": config.mode, "srtext": __version__}
        return audit_page(
            events,
            self.stats.histogram,
            cw,
            config.eps,
            title=self.name,
            settings=settings,
            geometry=self.geometry,
        )


def write(out: BinaryIO | IO[bytes], texts: Iterable[str]) -> None:
    """Write text pieces as UTF-8, each byte that was invalid in the input as U+FFFD (valid UTF-8)."""
    for text in texts:
        out.write(valid_text(text).encode("utf-8"))


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a closed terminal): the run stops."""

    def __init__(self, error: OSError) -> None:
        super().__init__(f"standard output: {error.strerror or error}")
        self.error = error


class _Stdout:
    """Standard output whose errors are not blamed on the input being read."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out

    def write(self, data: bytes) -> int:
        try:
            return self.out.write(data)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e) from None


def is_up_to_date(
    job: Job,
    in_fs: Any = None,
    out_fs: Any = None,
    record: dict[str, Any] | None = None,
    dropped: bool = False,
    audit: str | None = None,
) -> bool:
    """Can the job's output stay as it is?

    It can when the record beside it says it was made the same way (see
    :mod:`srtext.run.made`) from this very input: the size recorded, and the
    modification time or, when the time differs, the content's SHA-256 (see
    :func:`srtext.run.made.same_input`); with ``dropped``, its record of dropped
    lines must be there too, and with ``audit``, that audit page.  Without
    ``record``, it can when it is at least as new as its input.
    """
    if job.output is None:
        return False
    out, source = str(job.output), str(job.input)
    try:
        if record is None:
            return mtime(out_fs, out) >= mtime(in_fs, source)
        stored = made_same_way(read_file(out_fs, made_name(out)), record)
        if stored is None or not exists(out_fs, out):
            return False
        found = size(in_fs, source), mtime(in_fs, source)
        if not same_input(stored.get("input"), *found, lambda: sha256(in_fs, source)):
            return False
        if audit is not None and not exists(out_fs, audit):
            return False
        return not dropped or exists(out_fs, dropped_name(out))
    except Exception:  # a filesystem that cannot tell, no record: make it again
        return False


def process_file(
    job: Job,
    config: Config | None = None,
    options: RunOptions | None = None,
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
    raised, so that the caller can stop like a Unix filter, and so is an
    :class:`OutputError` for any other error writing ``stdout``.

    An output file gets a record of what made it beside it (and, with
    ``options.dropped_rows``, a record of its dropped lines; see
    :mod:`srtext.run.made`); an output that is newer than its input and was made
    the same way is skipped unless ``options.force``.
    """
    config = config or Config()
    options = options or RunOptions()
    start = time.perf_counter()
    name = job.label
    shown = quote_name(name)  # in messages: one line whatever the name holds
    result = Result(name, None if job.output is None else str(job.output))
    special, record, page = _output_of(job, config, options, out_fs)
    try:
        if _skipped(job, options, in_fs, out_fs, special, record, page):
            result.status = SKIPPED
            if options.dropped_rows:
                assert job.output is not None
                tsv = read_file(out_fs, dropped_name(str(job.output))).decode("utf-8", "surrogateescape")
                result.dropped_rows = without_header(tsv)
            return result
    except OSError as e:
        result.fail(describe(e, name))
        return result
    source: dict[str, Any] | None = None  # the input's identity, taken before it is read
    if record is not None and str(job.input) != "-":
        try:
            source = identity(in_fs, str(job.input))
        except OSError as e:
            result.fail(describe(e, name))
            return result
        except Exception:  # a filesystem that cannot tell: no identity, so the next run makes it again
            source = None
    doc = Document(name, config, result)
    rows: list[tuple[object, ...]] = []
    try:
        with contextlib.ExitStack() as stack:
            chunks, extracted = _open_input(job, options, stack, in_fs, result, doc)
            dropped = rows.append if options.dropped_rows else None
            events: list[Event] = []
            seen = events.append if page is not None else None
            texts = doc.render(
                chunks, explain=options.explain, dropped=dropped, sniff=not extracted, seen=seen
            )
            if job.output is not None:
                out = str(job.output)
                if not special:
                    remove(out_fs, made_name(out))  # never a record of an earlier output beside this one
                    remove(out_fs, dropped_name(out))
                write(stack.enter_context(open_output(job.output, out_fs)), texts)
            elif stdout is not None:
                write(_Stdout(stdout), texts)  # type: ignore[arg-type]
            else:
                result.text = "".join(texts)
        if page is not None:  # before the records beside the output, which say it is complete
            with open_output(page, out_fs) as f:
                write(f, doc.audit(events))
        result.dropped_rows = tsv_rows(rows) if rows else ""
        if job.output is not None and record is not None:
            if options.dropped_rows:
                data = (DROPPED_HEADER_LINE + result.dropped_rows).encode("utf-8", "surrogateescape")
                write_whole(out_fs, dropped_name(out), data)
            write_whole(out_fs, made_name(out), encode_made({**record, "input": source}))
        doc.finish(options.stats)
    except (BrokenPipeError, OutputError):
        raise
    except PDFError as e:
        result.fail(f"{shown}: {e}")
    except BinaryInputError:
        result.fail(f"{shown}: binary file (NUL bytes), skipped")
    except (OSError, UnicodeError, LookupError) as e:
        result.fail(describe(e, name))
    except Exception as e:  # a bug: one line, and the other inputs go on
        result.fail(f"{describe(e, name)}: internal error ({type(e).__name__}), please report it")
    result.seconds = time.perf_counter() - start
    return result


def _output_of(
    job: Job, config: Config, options: RunOptions, out_fs: Any
) -> tuple[bool, dict[str, Any] | None, str | None]:
    """Whether the job's output is a device or a FIFO, the record of how it is made (None for such
    an output and for standard output), and where its audit page goes."""
    special = job.output is not None and out_fs is None and is_special(str(job.output))
    record = None  # no records beside a device or a FIFO (-o /dev/null): never skipped
    if job.output is not None and not special:
        record = made_record(config, options.explain, options.extractor)
    return special, record, audit_page_name(job, options)


def _skipped(
    job: Job,
    options: RunOptions,
    in_fs: Any,
    out_fs: Any,
    special: bool,
    record: dict[str, Any] | None,
    page: str | None,
) -> bool:
    """Is the job's output up to date, to be left as it is (see :func:`is_up_to_date`)?"""
    # The run's one PAGE may hold another input's page: only a page beside its output lets it be skipped.
    skip = not options.force and not special and (page is None or options.audit_beside)
    return skip and is_up_to_date(job, in_fs, out_fs, record, options.dropped_rows, page)


def extract_ahead(job: Job, config: Config, options: RunOptions) -> bool:
    """Start pdftotext on the job's PDF now, to be read when the job is run (:mod:`srtext.run.early`):
    a local ``*.pdf`` file that pdftotext extracts, whose output is not up to date.  Whether it did."""
    source = str(job.input)
    if source == "-" or "://" in source or not source.lower().endswith(".pdf"):
        return False
    from srtext.run.extract import choose  # a PDF's: not on the start-up path of a text

    try:
        if choose(options.extractor) != "pdftotext":
            return False
        if _skipped(job, options, None, None, *_output_of(job, config, options, None)):
            return False
    except Exception:  # the job itself will say what is wrong
        return False
    return early.start(source, _pdf_geometry(config, options))


def audit_page_name(job: Job, options: RunOptions) -> str | None:
    """Where the job's audit page goes: ``options.audit``, or beside its output (``NAME.audit.html``)
    in a run over a directory or several inputs (``options.audit_beside``); None without ``--audit``.

    >>> audit_page_name(Job("a.txt", "out/a.sr.txt"), RunOptions(audit="x.html", audit_beside=True))
    'out/a.audit.html'
    >>> audit_page_name(Job("-", None), RunOptions(audit="x.html"))
    'x.html'
    """
    if options.audit is None:
        return None
    if options.audit_beside and job.output is not None:
        return audit_name(str(job.output), options.suffix)
    return options.audit


def _pdf_geometry(config: Config, options: RunOptions) -> bool:
    """Is a PDF extracted with its geometry (pdftotext's -bbox-layout run beside the text)?

    With ``--geometry auto``, always: the rules read where each line stood
    (:mod:`srtext.pipeline.rules.geometry`), whatever the output's format.  It
    costs the second extraction, run at the same time as the first (see
    docs/geometry.md for the time measured); ``--geometry off`` is the text alone.
    """
    return config.geometry != "off"


def _open_input(
    job: Job, options: RunOptions, stack: contextlib.ExitStack, fs: Any, result: Result, doc: Document
) -> tuple[Iterator[bytes], bool]:
    """The input's bytes in chunks, and whether they are a PDF's extracted text.

    A PDF is extracted first, so that it fails before any output; with geometry,
    its boxes go to ``doc.geometry``.
    """
    t = time.perf_counter()
    if fs is None and str(job.input) == "-":
        stdin = sys.stdin.buffer
        head = stdin.read(5)
        if head == b"%PDF-":  # a PDF piped in (curl ... | srtext): extracted, as a PDF file is
            return _extracted(head + stdin.read(), options, result, doc, t, [])
        first = head + stdin.read((1 << 16) - len(head))  # the binary check looks at the first chunk
        return itertools.chain([first], read_chunks(stdin)), False
    if fs is None:
        # One file's input is a name, not a pathlib.Path: pathlib's import costs 2 ms (urllib.parse...)
        path = str(job.input)
        opened = open(path, "rb") if isinstance(job.input, str) else job.input.open("rb")  # noqa: SIM115
        f = stack.enter_context(opened)
        head = f.read(5)  # read, not peeked: the input may be a pipe (<(pdftotext ...))
        if suffix(path).lower() == ".pdf" or head == b"%PDF-":
            regular = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
            return _extracted(path if regular else head + f.read(), options, result, doc, t, [])
        first = head + f.read((1 << 16) - len(head))  # the binary check looks at the first chunk
        return itertools.chain([first], read_chunks(f)), False
    f = stack.enter_context(fs.open(str(job.input), "rb"))
    if str(job.input).lower().endswith(".pdf") or f.read(5) == b"%PDF-":
        f.seek(0)
        return _extracted(f.read(), options, result, doc, t, None)
    f.seek(0)
    return read_chunks(f), False


def suffix(path: str) -> str:
    """The file name's extension, as :attr:`pathlib.PurePath.suffix` has it.

    >>> suffix("a/b.tar.PDF"), suffix("a/.pdf"), suffix("x.pdf."), suffix("..pdf"), suffix("d.pdf/")
    ('.PDF', '', '', '.pdf', '.pdf')
    """
    name = posix_name(path).rpartition("/")[2]
    i = name.rfind(".")
    return name[i:] if 0 < i < len(name) - 1 else ""


def _extracted(
    source: Path | str | bytes,
    options: RunOptions,
    result: Result,
    doc: Document,
    started: float,
    notes: list[str] | None,
) -> tuple[Iterator[bytes], bool]:
    """A PDF's text (a file's path, or its bytes), with its boxes into ``doc.geometry`` where
    they are read; ``notes``' warnings go to the result, and the time spent."""
    from srtext.run.extract import extract, extract_data, extract_geometry  # not on a text's start-up path

    if _pdf_geometry(doc.config, options):
        data, doc.geometry = extract_geometry(source, options.extractor, notes)
    elif isinstance(source, bytes):
        data = extract_data(source, options.extractor, notes)
    else:
        data = extract(source, options.extractor, notes)
    result.warnings.extend(f"{quote_name(result.input)}: {note}" for note in notes or ())
    result.extract_seconds = time.perf_counter() - started
    return iter([data]), True


def describe(e: Exception, name: str) -> str:
    """A one-line message for an error while processing ``name``.

    >>> describe(FileNotFoundError(2, "No such file or directory", "a.txt"), "a.txt")
    'a.txt: No such file or directory'
    """
    if isinstance(e, OSError):
        where = str(e.filename) if e.filename else name
        return f"{quote_name(where)}: {e.strerror or e}"
    return f"{quote_name(name)}: {e}"

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

from srtext.api import recover
from srtext.config import Config, RunOptions
from srtext.pipeline.events import Decision, Event, Paragraph
from srtext.pipeline.lines import (
    BinaryInputError,
    Piece,
    decode_chunks,
    has_invalid_bytes,
    iter_physical,
    number_lines,
    valid_text,
)
from srtext.pipeline.output import EXPLAIN_HEADER, explain_line, render
from srtext.pipeline.vocabulary import Vocabulary
from srtext.pipeline.width import WidthStats
from srtext.run.batch import Job, quote_name, read_chunks
from srtext.run.extract import PDFError, extract, extract_data
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
from srtext.run.result import SKIPPED, Result
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
    from typing import IO, Any, BinaryIO


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
    ) -> Iterator[str]:
        """The output text, in pieces, of byte chunks; ``dropped`` receives one row per dropped line.

        ``sniff`` False takes NUL bytes as text: for the text a PDF extractor
        gave, which is text whatever characters it holds.
        """
        physical = [0]  # how many physical lines were read (a long line's pieces count once)

        def counted(lines: Iterable[str]) -> Iterator[str]:
            for line in lines:
                if type(line) is not Piece:
                    physical[0] += 1
                yield line

        lines = number_lines(counted(iter_physical(self.texts(chunks, sniff=sniff))))
        events = self._count(
            recover(lines, self.config, stats=self.stats, vocabulary=self.vocabulary), dropped
        )
        if explain:
            yield EXPLAIN_HEADER
            last, page, cw = 0, 1, 0
            for e in events:
                if isinstance(e, Decision):
                    yield from _form_feed_rows(last + 1, e.line.number, e.line.page, e.cw)
                    last, page, cw = max(last, e.line.number), e.line.page, e.cw
                    yield explain_line(e)
            yield from _form_feed_rows(last + 1, physical[0] + 1, page, cw)
        else:
            yield from render(events, self.config, lambda: self.vocabulary.lang)

    def _count(
        self, events: Iterator[Event], dropped: Callable[[tuple[object, ...]], Any] | None
    ) -> Iterator[Event]:
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


def _form_feed_rows(first: int, end: int, page: int, cw: int) -> Iterator[str]:
    """``--explain`` rows for the input lines ``first`` to ``end - 1``, which gave the recovery no
    line: each held only white space and form feeds (page breaks), so that every input line
    has its row."""
    for number in range(first, end):
        reason = "only white space and a page break"
        yield "\t".join(map(str, (number, page, "EL", "-", f"0/{cw}", "empty", "skip", "form_feed", reason)))
        yield "\t\n"


def write(out: BinaryIO | IO[bytes], texts: Iterable[str]) -> None:
    """Write text pieces as UTF-8, invalid input bytes restored."""
    for text in texts:
        out.write(text.encode("utf-8", "surrogateescape"))


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
) -> bool:
    """Can the job's output stay as it is?

    It can when the record beside it says it was made the same way (see
    :mod:`srtext.run.made`) from this very input: the size recorded, and the
    modification time or, when the time differs, the content's SHA-256 (see
    :func:`srtext.run.made.same_input`); with ``dropped``, its record of dropped
    lines must be there too.  Without ``record``, it can when it is at least as
    new as its input.
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
    special = job.output is not None and out_fs is None and is_special(str(job.output))
    record = None  # no records beside a device or a FIFO (-o /dev/null): never skipped
    if job.output is not None and not special:
        record = made_record(config, options.explain, options.extractor)
    try:
        skip = not options.force and not special
        if skip and is_up_to_date(job, in_fs, out_fs, record, options.dropped_rows):
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
            chunks, extracted = _open_input(job, options, stack, in_fs, result)
            dropped = rows.append if options.dropped_rows else None
            texts = doc.render(chunks, explain=options.explain, dropped=dropped, sniff=not extracted)
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


def _open_input(
    job: Job, options: RunOptions, stack: contextlib.ExitStack, fs: Any, result: Result
) -> tuple[Iterator[bytes], bool]:
    """The input's bytes in chunks, and whether they are a PDF's extracted text.

    A PDF is extracted first, so that it fails before any output.
    """
    t = time.perf_counter()
    if fs is None and str(job.input) == "-":
        stdin = sys.stdin.buffer
        head = stdin.read(5)
        if head == b"%PDF-":  # a PDF piped in (curl ... | srtext): extracted, as a PDF file is
            data = extract_data(head + stdin.read(), options.extractor)
            result.extract_seconds = time.perf_counter() - t
            return iter([data]), True
        first = head + stdin.read((1 << 16) - len(head))  # the binary check looks at the first chunk
        return itertools.chain([first], read_chunks(stdin)), False
    if fs is None:
        from pathlib import Path

        path = Path(job.input)
        f = stack.enter_context(path.open("rb"))
        head = f.read(5)  # read, not peeked: the input may be a pipe (<(pdftotext ...))
        if path.suffix.lower() == ".pdf" or head == b"%PDF-":
            regular = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
            notes: list[str] = []
            if regular:
                data = extract(path, options.extractor, notes)
            else:
                data = extract_data(head + f.read(), options.extractor, notes)
            result.warnings.extend(f"{quote_name(result.input)}: {note}" for note in notes)
            result.extract_seconds = time.perf_counter() - t
            return iter([data]), True
        first = head + f.read((1 << 16) - len(head))  # the binary check looks at the first chunk
        return itertools.chain([first], read_chunks(f)), False
    f = stack.enter_context(fs.open(str(job.input), "rb"))
    if str(job.input).lower().endswith(".pdf") or f.read(5) == b"%PDF-":
        f.seek(0)
        data = extract_data(f.read(), options.extractor)
        result.extract_seconds = time.perf_counter() - t
        return iter([data]), True
    f.seek(0)
    return read_chunks(f), False


def describe(e: Exception, name: str) -> str:
    """A one-line message for an error while processing ``name``.

    >>> describe(FileNotFoundError(2, "No such file or directory", "a.txt"), "a.txt")
    'a.txt: No such file or directory'
    """
    if isinstance(e, OSError):
        where = str(e.filename) if e.filename else name
        return f"{quote_name(where)}: {e.strerror or e}"
    return f"{quote_name(name)}: {e}"

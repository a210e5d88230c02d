"""The command line: parses arguments into a Config and runs files through the library."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from srtext.config import DEFAULT_GLOBS, Config, RunOptions
from srtext.files import remove_pending_temporaries
from srtext.options import OPTIONS
from srtext.pipeline.chars import REPAIRS, check_repairs
from srtext.pipeline.events import CLASSES, DROPPED_BY_DEFAULT
from srtext.record import Frozen
from srtext.run import early
from srtext.run.batch import InputError, Job, audit_name, check_suffix
from srtext.run.guards import check_audit, check_dropped, clashes, writable
from srtext.run.made import DROPPED_HEADER_LINE
from srtext.run.plan import plan
from srtext.run.process import OutputError
from srtext.run.progress import Progress, Totals
from srtext.run.result import SKIPPED, Result
from srtext.run.storage import open_output
from srtext.version import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, BinaryIO

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_PIPE, EXIT_TERMINATED = 0, 1, 2, 130, 141, 143

DESCRIPTION = """\
Recover whole paragraphs and sentences from PDF-extracted text.

Reads the text of a PDF converter (pdftotext, pypdf...) and writes one
recovered paragraph per line: lines of a paragraph joined, hyphens at line ends
resolved, headings merged onto one line, formula and table debris removed.
With no PATH, or PATH '-', reads standard input and writes standard output.
A file's result goes to standard output; a PDF is converted first (pdftotext,
else pypdf). A directory is processed recursively (*.txt, *.pdf), by one
worker per core, each result written beside its input as NAME.sr.txt, or under
-o DIR; outputs newer than their inputs, made with the same options, are skipped
unless --force."""

EPILOG = """\
eps advice (from the paper): 0.1 for most documents, 0.3 for novels (one
column, few objects, rare short headings), 0.05 for two-column journals.

exit status: 0 all inputs processed; 1 some inputs failed (each named on
stderr); 2 usage error; 130 interrupted; 141 output pipe closed; 143
terminated (SIGTERM).

examples:
  pdftotext paper.pdf - | srtext
  srtext --eps 0.05 corpus/
  srtext --explain paper.txt | less -S
  srtext --stats paper.txt > /dev/null"""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, which gets the terminal's width without importing :mod:`shutil`.

    argparse makes one for every argument added, and its own imports ``shutil``
    (and with it ``bz2``, ``lzma`` and ``fnmatch``) for the width: about 1.5 ms
    of a run that never shows the help.  The width is found as
    :func:`shutil.get_terminal_size` finds it: ``COLUMNS``, else the terminal of
    stdout, else 80.
    """

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ):
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


def build_parser() -> argparse.ArgumentParser:
    """The parser of srtext's arguments, built from :data:`srtext.config.OPTIONS`."""
    p = argparse.ArgumentParser(
        prog="srtext",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=_Formatter,
        add_help=False,
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="input files or directories; '-' is stdin")
    by_action = sorted(OPTIONS, key=lambda o: o.action != "help")  # -h first, as argparse puts it
    for o in by_action:
        kwargs: dict[str, Any] = {"help": o.text()}
        if o.action == "version":
            kwargs.update(action="version", version=f"srtext {__version__}")
        elif o.action == "help":
            kwargs.update(action="help")
        else:
            kwargs.update(dest=o.dest)
            if o.action == "append":
                kwargs.update(action="append", default=[])
            elif o.action is not None:
                kwargs.update(action=o.action)
            else:
                kwargs.update(default=o.default)
            if o.metavar is not None:
                kwargs.update(metavar=o.metavar)
            if o.choices is not None:
                kwargs.update(choices=o.choices)
            if o.type is not None:
                kwargs.update(type=_TYPES[o.type])
        p.add_argument(*o.names, **kwargs)
    return p


def _positive(value: str) -> int:
    n = int(value)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


_TYPES: dict[str, Callable[[str], Any]] = {"int": int, "float": float, "positive": _positive}


def _listed(values: list[str]) -> tuple[str, ...]:
    """The items of a repeatable, comma-separated option, in order.

    >>> _listed(["*.md,*.txt", " refs "])
    ('*.md', '*.txt', 'refs')
    """
    return tuple(item.strip() for v in values for item in v.split(",") if item.strip())


def _classes(values: list[str]) -> set[str]:
    return set(_listed(values))


def config_from_args(args: argparse.Namespace) -> Config:
    """The Config the parsed arguments describe (raises ValueError on bad values)."""
    keep, drop = _classes(args.keep), _classes(args.drop)
    if keep & drop:
        raise ValueError(f"--keep and --drop both name {sorted(keep & drop)[0]!r}")
    unknown = (keep | drop) - CLASSES.keys()
    if unknown:
        raise ValueError(f"unknown class {sorted(unknown)[0]!r}; classes are {', '.join(CLASSES)}")
    if args.mode == "paper" and (keep or drop or args.no_repair):
        raise ValueError("--keep, --drop and --no-repair apply to the default mode, not to --mode paper")
    if args.explain and (args.output_format != "lines" or args.sentences or args.with_dropped):
        raise ValueError(
            "--explain writes its own table: it goes with no --format, --sentences or --with-dropped"
        )
    if args.lang is not None:
        from srtext.pipeline.lexicon import available

        if not available(args.lang):
            raise ValueError(f"--lang {args.lang!r}: no word list for this language (see --help for codes)")
    drops = frozenset((DROPPED_BY_DEFAULT - keep) | drop)
    repairs = REPAIRS - check_repairs(_classes(args.no_repair))
    return Config(drop=drops, repair=repairs, **_fields(args, Config, "drop", "repair"))


def run_options_from_args(args: argparse.Namespace) -> RunOptions:
    """The RunOptions the parsed arguments describe (raises ValueError on bad values)."""
    check_suffix(args.suffix)
    if args.output is not None and not args.output.strip():
        raise ValueError("-o needs a file or directory name")
    if args.dask and (not args.paths or "-" in args.paths):
        raise ValueError("--dask needs files or directories, not standard input")
    dropped = args.dropped or None
    return RunOptions(
        globs=_globs(args.glob), dropped=dropped, **_fields(args, RunOptions, "globs", "dropped")
    )


def _fields(args: argparse.Namespace, record: type[Frozen], *computed: str) -> dict[str, Any]:
    """The parsed arguments that are fields of ``record`` as they are (the options' names are the
    fields'), but the ``computed`` ones."""
    return {f: getattr(args, f) for f in record._fields if f not in computed and hasattr(args, f)}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (143 when terminated: SIGTERM)."""
    early.TERMINATED.clear()
    try:
        status = _main(argv)
        if status == EXIT_INTERRUPTED:  # the interrupt may have landed inside a temporary file's creation
            remove_pending_temporaries()
    except BaseException:
        remove_pending_temporaries()
        raise
    finally:
        early.discard()  # a pdftotext started ahead for an input the run did not read
        early.restore_terminate()  # the caller's own handler back (main may run inside another program)
    return EXIT_TERMINATED if early.TERMINATED else status


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
        run = run_options_from_args(args)
    except ValueError as e:
        parser.print_usage(sys.stderr)
        print(f"srtext: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    paths: list[str] = args.paths
    if run.audit is not None:
        try:
            check_audit(run.audit)
        except ValueError as e:
            print(f"srtext: {e}", file=sys.stderr)
            return EXIT_USAGE
    if run.dropped is None:
        return _run_all(paths, config, run, sys.stdout.buffer, None)
    if run.dropped == "-":  # standard output, when the text goes to files
        early.handle_terminate()  # files written: something to clean up
        return _run_all(paths, config, run, sys.stdout.buffer, sys.stdout.buffer)
    try:
        check_dropped(run.dropped)
    except ValueError as e:
        print(f"srtext: {e}", file=sys.stderr)
        return EXIT_USAGE
    early.handle_terminate()  # files written: something to clean up
    try:
        with open_output(run.dropped, None) as dropped:  # a FIFO or /dev/stderr is written directly
            dropped.write(DROPPED_HEADER_LINE.encode())
            status = _run_all(paths, config, run, sys.stdout.buffer, dropped)
            if status in (EXIT_INTERRUPTED, EXIT_USAGE):
                raise _Abandon(status)  # so that no half-written --dropped file is left
    except _Abandon as e:
        return e.status
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except OSError as e:
        print(f"srtext: {run.dropped}: {e.strerror or e}", file=sys.stderr)
        return EXIT_FAILED
    return status


class _Abandon(Exception):
    """Leave the --dropped file as it was, and exit with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _run_all(
    paths: list[str], config: Config, run: RunOptions, stdout: BinaryIO, dropped: IO[bytes] | None
) -> int:
    """Process every input; the exit status."""
    start = time.monotonic()
    totals = Totals()
    failed = 0
    bar: Progress | None = None
    client = None

    def report(message: str, *, one_line: bool = True) -> None:
        if bar is not None:
            bar.clear()
        if one_line and not message.isprintable():  # a name the message did not quote: still one line
            message = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in message)
        print(f"srtext: {message}", file=sys.stderr)

    try:
        results: Iterator[Result]
        errors: list[InputError]
        if run.dask:
            from srtext.run.cluster import ClusterError, connect, run_dask
            from srtext.run.plan import plan_urls

            try:
                client = connect(run.dask)
                remote = list(plan_urls(paths, run.output, run.suffix, run.globs))
            except ClusterError as e:
                report(str(e))
                return EXIT_FAILED
            planned = [p for p in remote if not isinstance(p, InputError)]
            errors = [p for p in remote if isinstance(p, InputError)]
            jobs = [job for job, _, _ in planned]
        else:
            local = list(plan(paths or ["-"], run.output, run.suffix, run.globs, run.force))
            errors = [p for p in local if isinstance(p, InputError)]
            jobs = [p for p in local if isinstance(p, Job)]
            jobs, unwritable = writable(jobs)
            errors += unwritable
        if run.dropped == "-":
            if not jobs or any(job.output is None for job in jobs):
                report("--dropped -: standard output carries the text; give -o, or --dropped FILE")
                return EXIT_USAGE
            _write_stdout(stdout, DROPPED_HEADER_LINE.encode())
        elif run.dropped and (clash := clashes(run.dropped, jobs)) is not None:
            report(f"--dropped {run.dropped}: is {clash}, an input or output of this run")
            return EXIT_USAGE
        if run.audit is not None:
            if (clash := clashes(run.audit, jobs)) is not None:
                report(f"--audit {run.audit}: is {clash}, an input or output of this run")
                return EXIT_USAGE
            # Pages beside outputs for many inputs, or on a cluster (whose workers cannot see PAGE).
            beside = len(jobs) > 1 or bool(run.dask) or any(os.path.isdir(p) for p in paths)
            if beside and any(job.output is None for job in jobs):
                report("--audit: inputs written to standard output have no place for pages; give -o DIR")
                return EXIT_USAGE
            run = run.replace(audit_beside=beside)
        pages: list[tuple[str, str | None, str]] = []  # with --audit over many inputs: the index
        if run.dask:
            results = run_dask(client, planned, config, run)
        else:
            from srtext.run.parallel import available_cores, run_jobs

            results = run_jobs(jobs, config, run, run.jobs or available_cores(), stdout)
        for error in errors:
            report(str(error))
            totals.refused(error)
            failed += 1
        to_files = sum(1 for job in jobs if job.output is not None)
        if to_files:
            early.handle_terminate()  # files written: something to clean up
        if to_files > 1 and not run.quiet and sys.stderr.isatty():
            with contextlib.suppress(ImportError):  # tqdm missing (installed without dependencies): no bar
                bar = Progress(to_files, sys.stderr)
        for r in results:
            totals.add(r)
            if r.text is not None:
                _write_stdout(stdout, r.text.encode("utf-8", "surrogateescape"))
            if dropped is not None and r.dropped_rows:
                dropped.write(r.dropped_rows.encode("utf-8", "surrogateescape"))
            if r.error is not None:
                report(r.error)
                failed += 1
            for warning in () if run.quiet else r.warnings:
                report(warning)
            if r.histogram:
                report(r.histogram, one_line=False)
            if bar is not None and r.output is not None:
                bar.update(r)
            if run.audit_beside:
                pages.append(_audit_entry(r, run))
        _write_stdout(stdout, b"", flush=True)
        if run.audit is not None and run.audit_beside:
            _write_index(run.audit, pages)
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except OutputError as e:
        report(str(e))
        _silence_stdout()
        return EXIT_FAILED
    except KeyboardInterrupt:
        report("terminated" if early.TERMINATED else "interrupted")
        return EXIT_INTERRUPTED
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
    if not run.quiet and (to_files > 1 or run.dask or any(os.path.isdir(p) for p in paths)):
        print(totals.line(time.monotonic() - start), file=sys.stderr)
    return EXIT_FAILED if failed else EXIT_OK


def _audit_entry(r: Result, run: RunOptions) -> tuple[str, str | None, str]:
    """A line of the --audit index: the input, its page (relative to the index), what became of it."""
    page = None
    if r.output is not None and r.error is None:
        page = audit_name(r.output, run.suffix)
        if "://" not in page and run.audit is not None:
            page = os.path.relpath(page, os.path.dirname(os.path.abspath(run.audit)))
    status = r.error or f"{r.lines} lines, {r.paragraphs} paragraphs, {r.dropped} dropped"
    if r.status == SKIPPED:
        status = "up to date, not made again"
    return r.input, page, status


def _write_index(path: str, pages: list[tuple[str, str | None, str]]) -> None:
    """Write the --audit index of a run over many inputs, atomically."""
    from srtext.audit import index_page

    with open_output(path, None) as f:
        f.write("".join(index_page(pages)).encode("utf-8", "surrogateescape"))


def _write_stdout(stdout: BinaryIO, data: bytes, flush: bool = False) -> None:
    """Write (and flush) standard output; an error other than a closed pipe is an :class:`OutputError`."""
    try:
        if data:
            stdout.write(data)
        if flush:
            stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(e) from None


def _globs(values: list[str]) -> tuple[str, ...]:
    """The --glob patterns given, or the default ones.

    >>> _globs([]), _globs(["*.md,*.txt"])
    (('*.txt', '*.pdf'), ('*.md', '*.txt'))
    """
    return _listed(values) or DEFAULT_GLOBS


def _silence_stdout() -> None:
    """After the reader of stdout went away, make the final flush at exit harmless."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())

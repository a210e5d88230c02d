"""The command line: parses arguments into a Config and runs files through the library."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import IO, BinaryIO

from srtext import __version__
from srtext.config import FORMATS, MODES, Config
from srtext.pipeline.chars import REPAIRS, check_repairs
from srtext.pipeline.events import CLASSES, DROPPED_BY_DEFAULT
from srtext.run.batch import DEFAULT_GLOBS, DEFAULT_SUFFIX, InputError, Job, check_suffix, plan
from srtext.run.extract import EXTRACTORS
from srtext.run.guards import check_dropped, clashes, writable
from srtext.run.made import DROPPED_HEADER_LINE
from srtext.run.process import Options, OutputError, Result
from srtext.run.progress import Progress, Totals
from srtext.run.storage import open_output

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_PIPE = 0, 1, 2, 130, 141

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
stderr); 2 usage error; 130 interrupted; 141 output pipe closed.

examples:
  pdftotext paper.pdf - | srtext
  srtext --eps 0.05 corpus/
  srtext --explain paper.txt | less -S
  srtext --stats paper.txt > /dev/null"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="srtext",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="input files or directories; '-' is stdin")
    p.add_argument(
        "--mode",
        choices=MODES,
        default="default",
        help="'default' (improved) or 'paper' (the published algorithm, literally)",
    )
    p.add_argument(
        "--eps",
        type=float,
        default=0.1,
        metavar="EPS",
        help="tolerance around the column width, as a fraction of it (default 0.1)",
    )
    p.add_argument("--cw", type=int, metavar="N", help="column width in characters (default: estimated)")
    p.add_argument(
        "--format",
        dest="output_format",
        choices=FORMATS,
        default="lines",
        help="'lines': one paragraph per line (default); 'blank': paragraphs separated by a blank line; "
        "'sentences': one sentence per line, paragraphs separated by a blank line; 'jsonl': one JSON "
        "object per paragraph with text, kind, page, lines, start, end (character offsets in the input)",
    )
    p.add_argument(
        "--sentences",
        action="store_true",
        help="with --format jsonl: one object per sentence, with its paragraph and sentence number",
    )
    p.add_argument(
        "--with-dropped",
        action="store_true",
        help='with --format jsonl: also write every dropped line, with its class and "dropped": true',
    )
    p.add_argument(
        "--lang",
        metavar="CODE",
        help="the language of the input (en, de, fr, sr, ru, zh...; default: detected from the text)",
    )
    p.add_argument(
        "--explain",
        action="store_true",
        help="instead of the text, write for every input line its number, page, class, band, "
        "width/CW, decision, the rule that made it, and the reason (tab-separated)",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="write CW, l_avg and the line-width histogram with the CW±eps band to stderr",
    )
    p.add_argument(
        "--keep",
        action="append",
        default=[],
        metavar="CLASS",
        help="keep a class of text that is dropped by default: furniture, footnotes, objects "
        "(repeatable, or comma-separated); each kept paragraph on a line of its own",
    )
    p.add_argument(
        "--drop",
        action="append",
        default=[],
        metavar="CLASS",
        help="drop a class of text that is kept by default: headings, captions, references, "
        "frontmatter (authors, affiliations, abstract and keywords between a paper's title and its body); "
        "repeatable, or comma-separated",
    )
    p.add_argument(
        "--no-repair",
        action="append",
        default=[],
        metavar="WHAT",
        help="switch off a character repair: ligatures (ﬁ -> fi), controls (stray control characters), "
        "scripts (Latin look-alikes in Cyrillic words and the reverse); repeatable, or comma-separated",
    )
    p.add_argument(
        "--dropped",
        metavar="FILE",
        help="write every dropped line to FILE (input, line number, page, class, text; "
        "tab-separated values under a header row), so that no text is lost silently; each output file "
        "also keeps its own, NAME.dropped.tsv, so FILE lists the lines of skipped outputs too",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        help="write results under DIR (mirroring directory trees); with a single input file, the output "
        "file itself, unless DIR exists as a directory or ends in /",
    )
    p.add_argument(
        "--suffix",
        default=DEFAULT_SUFFIX,
        help=f"suffix of output files in place of .txt (default {DEFAULT_SUFFIX})",
    )
    p.add_argument(
        "--glob",
        action="append",
        default=[],
        metavar="PATTERN",
        help="in directories, process the files whose names match PATTERN, ignoring case "
        "(repeatable, or comma-separated; default *.txt,*.pdf)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="remake outputs that are newer than their inputs (by default they are skipped when the same "
        "srtext version made them with the same options)",
    )
    p.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help="process N files in parallel (default: all cores)",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); paths and -o "
        "may be fsspec URLs such as s3://bucket/dir (needs Dask and fsspec: "
        "pip install 'dask[distributed]' fsspec)",
    )
    p.add_argument(
        "--extractor",
        choices=EXTRACTORS,
        default="auto",
        help="PDF to text: pdftotext when installed, else pypdf (auto, the default), or one of them",
    )
    p.add_argument("--encoding", default="utf-8", help="encoding of the input (default utf-8)")
    p.add_argument(
        "--window",
        type=int,
        default=20000,
        metavar="LINES",
        help="lines held back to estimate the column width when streaming (default 20000)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no warnings on stderr, only errors")
    p.add_argument("--version", action="version", version=f"srtext {__version__}")
    return p


def _positive(value: str) -> int:
    n = int(value)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


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
    return Config(
        drop=frozenset((DROPPED_BY_DEFAULT - keep) | drop),
        mode=args.mode,
        eps=args.eps,
        cw=args.cw,
        window=args.window,
        output_format=args.output_format,
        sentences=args.sentences,
        with_dropped=args.with_dropped,
        lang=args.lang,
        repair=REPAIRS - check_repairs(_classes(args.no_repair)),
        encoding=args.encoding,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
        check_suffix(args.suffix)
        if args.output is not None and not args.output.strip():
            raise ValueError("-o needs a file or directory name")
        if args.dask and (not args.paths or "-" in args.paths):
            raise ValueError("--dask needs files or directories, not standard input")
    except ValueError as e:
        parser.print_usage(sys.stderr)
        print(f"srtext: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    if not args.dropped:
        return _run_all(args, config, sys.stdout.buffer, None)
    try:
        check_dropped(args.dropped)
    except ValueError as e:
        print(f"srtext: {e}", file=sys.stderr)
        return EXIT_USAGE
    try:
        with open_output(args.dropped, None) as dropped:  # a FIFO or /dev/stderr is written directly
            dropped.write(DROPPED_HEADER_LINE.encode())
            status = _run_all(args, config, sys.stdout.buffer, dropped)
            if status in (EXIT_INTERRUPTED, EXIT_USAGE):
                raise _Abandon(status)  # so that no half-written --dropped file is left
    except _Abandon as e:
        return e.status
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except OSError as e:
        print(f"srtext: {args.dropped}: {e.strerror or e}", file=sys.stderr)
        return EXIT_FAILED
    return status


class _Abandon(Exception):
    """Leave the --dropped file as it was, and exit with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _run_all(args: argparse.Namespace, config: Config, stdout: BinaryIO, dropped: IO[bytes] | None) -> int:
    """Process every input; the exit status."""
    options = Options(
        extractor=args.extractor,
        force=args.force,
        explain=args.explain,
        stats=args.stats,
        dropped_rows=dropped is not None,
    )
    start = time.monotonic()
    totals = Totals()
    failed = 0
    bar: Progress | None = None
    client = None

    def report(message: str) -> None:
        if bar is not None:
            bar.clear()
        print(f"srtext: {message}", file=sys.stderr)

    try:
        results: Iterator[Result]
        errors: list[InputError]
        if args.dask:
            from srtext.run.cluster import ClusterError, connect, plan_urls, run_dask

            try:
                client = connect(args.dask)
                remote = list(plan_urls(args.paths, args.output, args.suffix, _globs(args.glob)))
            except ClusterError as e:
                report(str(e))
                return EXIT_FAILED
            planned = [p for p in remote if not isinstance(p, InputError)]
            errors = [p for p in remote if isinstance(p, InputError)]
            jobs = [job for job, _, _ in planned]
        else:
            paths = args.paths or ["-"]
            local = list(plan(paths, args.output, args.suffix, _globs(args.glob), args.force))
            errors = [p for p in local if isinstance(p, InputError)]
            jobs = [p for p in local if isinstance(p, Job)]
            jobs, unwritable = writable(jobs)
            errors += unwritable
        if args.dropped and (clash := clashes(args.dropped, jobs)) is not None:
            report(f"--dropped {args.dropped}: is {clash}, an input or output of this run")
            return EXIT_USAGE
        if args.dask:
            results = run_dask(client, planned, config, options)
        else:
            from srtext.run.parallel import available_cores, run_jobs

            results = run_jobs(jobs, config, options, args.jobs or available_cores(), stdout)
        for error in errors:
            report(str(error))
            totals.refused(error)
            failed += 1
        to_files = sum(1 for job in jobs if job.output is not None)
        if to_files > 1 and not args.quiet and sys.stderr.isatty():
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
            for warning in () if args.quiet else r.warnings:
                report(warning)
            if r.histogram:
                report(r.histogram)
            if bar is not None and r.output is not None:
                bar.update(r)
        _write_stdout(stdout, b"", flush=True)
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except OutputError as e:
        report(str(e))
        _silence_stdout()
        return EXIT_FAILED
    except KeyboardInterrupt:
        report("interrupted")
        return EXIT_INTERRUPTED
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
    if not args.quiet and (to_files > 1 or args.dask or any(os.path.isdir(p) for p in args.paths)):
        print(totals.line(time.monotonic() - start), file=sys.stderr)
    return EXIT_FAILED if failed else EXIT_OK


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

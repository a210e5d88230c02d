"""The command line: parses arguments into a Config and runs files through the library."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from srtext import __version__
from srtext.batch import DEFAULT_SUFFIX, InputError, Job, atomic_write, check_suffix, plan, read_chunks
from srtext.chars import REPAIRS, check_repairs
from srtext.config import FORMATS, MODES, Config
from srtext.events import CLASSES, DROPPED_BY_DEFAULT, Decision, Event
from srtext.extract import EXTRACTORS, PDFError, extract, is_pdf
from srtext.lines import BinaryInputError, decode_chunks, has_invalid_bytes, iter_physical, number_lines
from srtext.output import EXPLAIN_HEADER, explain_line, render
from srtext.recovery import recover
from srtext.stats import draw_histogram
from srtext.vocabulary import Vocabulary
from srtext.width import WidthStats

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_PIPE = 0, 1, 2, 130, 141

DESCRIPTION = """\
Recover whole paragraphs and sentences from PDF-extracted text.

Reads the text of a PDF converter (pdftotext, pypdf...) and writes one
recovered paragraph per line: lines of a paragraph joined, hyphens at line ends
resolved, headings merged onto one line, formula and table debris removed.
With no PATH, or PATH '-', reads standard input and writes standard output.
A file's result goes to standard output; a PDF is converted first (pdftotext,
else pypdf). A directory is processed recursively (*.txt, *.pdf), each result
written beside its input as NAME.sr.txt, or under -o DIR."""

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
        help="the language of the input (en, de, sr, ru, zh...; default: detected from the text)",
    )
    p.add_argument(
        "--explain",
        action="store_true",
        help="instead of the text, write for every input line its number, page, class, band, "
        "width/CW, decision and reason (tab-separated)",
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
        help="drop a class of text that is kept by default: headings, captions, references "
        "(repeatable, or comma-separated)",
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
        "tab-separated), so that no text is lost silently",
    )
    p.add_argument(
        "-o", "--output", metavar="DIR", help="write results under DIR (mirroring directory trees)"
    )
    p.add_argument(
        "--suffix",
        default=DEFAULT_SUFFIX,
        help=f"suffix of output files in place of .txt (default {DEFAULT_SUFFIX})",
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


def _classes(values: list[str]) -> set[str]:
    return {c.strip() for v in values for c in v.split(",") if c.strip()}


def config_from_args(args: argparse.Namespace) -> Config:
    """The Config the parsed arguments describe (raises ValueError on bad values)."""
    keep, drop = _classes(args.keep), _classes(args.drop)
    if keep & drop:
        raise ValueError(f"--keep and --drop both name {sorted(keep & drop)[0]!r}")
    unknown = (keep | drop) - CLASSES.keys()
    if unknown:
        raise ValueError(f"unknown class {sorted(unknown)[0]!r}; classes are {', '.join(CLASSES)}")
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


class _Run:
    """What one input needs besides the config: its name, and what was noticed while reading it."""

    def __init__(self, name: str, config: Config) -> None:
        self.name = name
        self.config = config
        self.invalid = False
        self.stats = WidthStats()
        self.vocabulary = Vocabulary(config.lang)

    def texts(self, chunks: Iterator[bytes]) -> Iterator[str]:
        for text in decode_chunks(chunks, self.config.encoding):
            if not self.invalid and has_invalid_bytes(text):
                self.invalid = True
            yield text

    def render(self, chunks: Iterator[bytes], explain: bool, dropped: BinaryIO | None) -> Iterator[str]:
        lines = number_lines(iter_physical(self.texts(chunks)))
        events = recover(lines, self.config, stats=self.stats, vocabulary=self.vocabulary)
        if dropped is not None:
            events = self.record_dropped(events, dropped)
        if explain:
            yield EXPLAIN_HEADER
            for e in events:
                if isinstance(e, Decision):
                    yield explain_line(e)
        else:
            yield from render(events, self.config, lambda: self.vocabulary.lang)

    def record_dropped(self, events: Iterator[Event], out: BinaryIO) -> Iterator[Event]:
        """Pass the events on, writing every dropped line to ``out``."""
        for e in events:
            if isinstance(e, Decision) and e.action == "drop":
                text = e.line.text.replace("\t", " ")
                row = f"{self.name}\t{e.line.number}\t{e.line.page}\t{e.kind}\t{text}\n"
                out.write(row.encode("utf-8", "surrogateescape"))
            yield e


def _write(out: BinaryIO, texts: Iterator[str]) -> None:
    for text in texts:
        out.write(text.encode("utf-8", "surrogateescape"))


def _run_one(
    job: Job | None, args: argparse.Namespace, config: Config, stdout: BinaryIO, dropped: BinaryIO | None
) -> None:
    name = "-" if job is None else str(job.input)
    run = _Run(name, config)
    with contextlib.ExitStack() as stack:
        chunks: Iterator[bytes]
        if job is None:
            chunks = read_chunks(sys.stdin.buffer)
        elif is_pdf(job.input):
            # Extracted first, so that a bad PDF fails before its output file is opened.
            chunks = iter([extract(job.input, args.extractor)])
        else:
            chunks = read_chunks(stack.enter_context(job.input.open("rb")))
        if job is not None and job.output is not None:
            out = stack.enter_context(atomic_write(job.output))
        else:
            out = stdout
        _write(out, run.render(chunks, args.explain, dropped))
    if run.invalid and not args.quiet:
        print(
            f"srtext: {name}: invalid {config.encoding} bytes passed through unchanged (see --encoding)",
            file=sys.stderr,
        )
    if args.stats:
        cw = config.cw if config.cw is not None else run.stats.cw()
        print(f"srtext: {name}:", file=sys.stderr)
        print(draw_histogram(run.stats.histogram, cw, config.eps), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
        check_suffix(args.suffix)
    except ValueError as e:
        parser.print_usage(sys.stderr)
        print(f"srtext: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    if not args.dropped:
        return _run_all(args, config, sys.stdout.buffer, None)
    try:
        with atomic_write(Path(args.dropped)) as dropped:
            status = _run_all(args, config, sys.stdout.buffer, dropped)
            if status == EXIT_INTERRUPTED:
                raise KeyboardInterrupt  # so that no half-written --dropped file is left
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except OSError as e:
        print(f"srtext: {args.dropped}: {e.strerror or e}", file=sys.stderr)
        return EXIT_FAILED
    return status


def _run_all(args: argparse.Namespace, config: Config, stdout: BinaryIO, dropped: BinaryIO | None) -> int:
    """Process every input; the exit status."""
    failed = 0
    try:
        for arg in args.paths or ["-"]:
            jobs: list[Job | InputError | None] = (
                [None] if arg == "-" else list(plan([arg], args.output, args.suffix))
            )
            for job in jobs:
                if isinstance(job, InputError):
                    print(f"srtext: {job}", file=sys.stderr)
                    failed += 1
                    continue
                try:
                    _run_one(job, args, config, stdout, dropped)
                except PDFError as e:
                    print(f"srtext: {job.input if job else '-'}: {e}", file=sys.stderr)
                    failed += 1
                except BinaryInputError:
                    print(
                        f"srtext: {'-' if job is None else job.input}: binary file (NUL bytes), skipped",
                        file=sys.stderr,
                    )
                    failed += 1
                except BrokenPipeError:
                    raise
                except (OSError, UnicodeError, LookupError) as e:
                    print(f"srtext: {_describe(e, job)}", file=sys.stderr)
                    failed += 1
                except Exception as e:  # a bug: report it in one line, go on with the other inputs
                    print(
                        f"srtext: {_describe(e, job)}: internal error ({type(e).__name__}), please report it",
                        file=sys.stderr,
                    )
                    failed += 1
        stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:
        print("srtext: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_FAILED if failed else EXIT_OK


def _describe(e: Exception, job: Job | None) -> str:
    name = "-" if job is None else str(job.input)
    if isinstance(e, OSError):
        where = e.filename if e.filename else name
        return f"{where}: {e.strerror or e}"
    return f"{name}: {e}"


def _silence_stdout() -> None:
    """After the reader of stdout went away, make the final flush at exit harmless."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())

"""The configuration of srtext: every option, with its default and its help, in one place.

:class:`Config` holds the options of the recovery (what the library needs) and
:class:`RunOptions` those of a run over files (what the command line adds).  Each
record's ``__init__`` signature is the one place of its defaults; :data:`OPTIONS`
holds, for every command-line option, its help text, flags, metavar and
choices.  The command line (:func:`srtext.cli.build_parser`), ``--help``, the
README's options table and the man page's OPTIONS section are all built from
these (see :mod:`srtext.docgen`), so they cannot drift apart.  The library never
reads ``sys.argv`` or the environment.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from srtext.pipeline.chars import REPAIRS, check_repairs
from srtext.pipeline.events import CLASSES, DROPPED_BY_DEFAULT
from srtext.record import Frozen
from srtext.run.batch import DEFAULT_GLOBS, DEFAULT_SUFFIX
from srtext.run.extract import EXTRACTORS

Mode = Literal["default", "paper"]
Format = Literal["lines", "blank", "sentences", "jsonl"]

MODES: tuple[str, ...] = ("default", "paper")
FORMATS: tuple[str, ...] = ("lines", "blank", "sentences", "jsonl")


class Config(Frozen):
    """Options of one srtext run.  Frozen: derive a changed copy with :meth:`replace`.

    Attributes:
        mode: ``"default"``, the improved recovery, or ``"paper"``, a literal
            implementation of the published Sentence Recovery algorithm (Pajić,
            Vujičić Stanković and Pajić, Infotheca 2015) for reproducing its results.
        eps: tolerance around the column width CW.  A line whose width is within
            ``eps * CW`` of CW is a full-width paragraph line.  The paper's advice:
            0.1 (default) for most documents, 0.3 for novels (one column, rare short
            headings), 0.05 for two-column journals.
        cw: the column width in characters; ``None`` (default) estimates it from the
            line-length histogram.
        window: when streaming, the number of lines held back to estimate CW before
            the first of them is processed.  The histogram keeps accumulating over
            the whole input and CW is re-estimated after every ``window`` lines, so
            memory is bounded by ``window`` lines; an input of at most ``window``
            lines gives exactly the whole-file result.  ``None`` holds the whole
            input (what :class:`srtext.SentenceRecovery` does).
        output_format: ``"lines"``, one paragraph per line (default);
            ``"blank"``, paragraphs separated by an empty line; ``"sentences"``,
            one sentence per line with paragraphs separated by an empty line; or
            ``"jsonl"``, one JSON object per paragraph with its kind, page, input
            line numbers and character offsets (schema in :mod:`srtext.pipeline.output`).
        sentences: with ``output_format="jsonl"``, one object per sentence
            instead of per paragraph.
        with_dropped: with ``output_format="jsonl"``, also write every dropped
            line, with its class and ``"dropped": true``.
        lang: the document's language as a wordfreq/ISO 639-1 code (``en``,
            ``de``, ``sr``, ``ru``, ``zh``...), used by the dehyphenation lexicon
            and the sentence splitter; ``None`` (default) detects it from the text.
        repair: the character repairs applied to the text (default mode): any of
            ``ligatures`` (ﬁ -> fi), ``controls`` (stray control characters
            removed) and ``scripts`` (a word mixing Latin and Cyrillic look-alike
            letters written in one script); default: all three (see
            :mod:`srtext.pipeline.chars`).
        cache_dir: where the compact lexicon files are kept (see
            :mod:`srtext.pipeline.lexicon`); ``None`` (default): ``$XDG_CACHE_HOME/srtext``
            or ``~/.cache/srtext``.
        encoding: the encoding of byte input (default UTF-8).  Bytes that do not
            decode are carried through unchanged (as surrogate escapes) and written
            back as the same bytes, never replaced.
        drop: the classes of text removed from the output (default mode): any of
            ``headings``, ``captions``, ``furniture`` (running headers and footers,
            page numbers), ``footnotes``, ``objects`` (table cells, formula and
            figure debris), ``references`` (the reference list, its heading included) and
            ``frontmatter`` (authors, affiliations, abstract and keywords between
            a paper's title and its body, see :mod:`srtext.pipeline.front`).  Default:
            furniture, footnotes and objects.  A class not dropped is kept, each
            of its paragraphs on a line of its own.
    """

    _fields = (
        "mode",
        "eps",
        "cw",
        "window",
        "output_format",
        "sentences",
        "with_dropped",
        "lang",
        "repair",
        "cache_dir",
        "encoding",
        "drop",
    )
    __slots__ = _fields
    # A plain class, not a dataclass: see srtext.record.  Its defaults are those of __init__.

    mode: Mode
    eps: float
    cw: int | None
    window: int | None
    output_format: Format
    sentences: bool
    with_dropped: bool
    lang: str | None
    repair: frozenset[str]
    cache_dir: str | None
    encoding: str
    drop: frozenset[str]

    def __init__(
        self,
        mode: Mode = "default",
        eps: float = 0.1,
        cw: int | None = None,
        window: int | None = 20000,
        output_format: Format = "lines",
        sentences: bool = False,
        with_dropped: bool = False,
        lang: str | None = None,
        repair: Iterable[str] = REPAIRS,
        cache_dir: str | None = None,
        encoding: str = "utf-8",
        drop: Iterable[str] = DROPPED_BY_DEFAULT,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if not 0.0 <= eps < 1.0:
            raise ValueError(f"eps must be at least 0 and below 1, not {eps!r}")
        if cw is not None and cw < 1:
            raise ValueError(f"cw must be a positive number of columns, not {cw!r}")
        if window is not None and window < 1:
            raise ValueError(f"window must be at least 1 line, not {window!r}")
        if output_format not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {output_format!r}")
        if (sentences or with_dropped) and output_format != "jsonl":
            raise ValueError("--sentences and --with-dropped go with --format jsonl")
        repairs = check_repairs(repair)
        unknown = set(drop) - CLASSES.keys()
        if unknown:
            raise ValueError(f"unknown class {sorted(unknown)[0]!r}; classes are {', '.join(CLASSES)}")
        try:
            "".encode(encoding)
        except LookupError:
            raise ValueError(f"unknown encoding {encoding!r}") from None
        values = (
            mode,
            eps,
            cw,
            window,
            output_format,
            sentences,
            with_dropped,
            lang,
            repairs,
            cache_dir,
            encoding,
            frozenset(drop),
        )
        self._set(values)

    def replace(self, **changes: object) -> Config:
        """A copy with some fields changed.

        >>> Config().replace(eps=0.3).eps
        0.3
        """
        return super().replace(**changes)


class RunOptions(Frozen):
    """How srtext runs over files, besides the recovery's :class:`Config` (the command line's options).

    :func:`srtext.run.process.process_file` reads ``extractor``, ``force``,
    ``explain``, ``stats`` and ``dropped``; the others are the command line's
    (see :data:`OPTIONS` for what each one means).  Frozen, as :class:`Config`.

    >>> RunOptions(force=True).replace(jobs=2)
    RunOptions(output=None, suffix='.sr.txt', globs=('*.txt', '*.pdf'), force=True, jobs=2, dask=None, \
extractor='auto', quiet=False, explain=False, stats=False, dropped=None)
    """

    _fields = (
        "output",
        "suffix",
        "globs",
        "force",
        "jobs",
        "dask",
        "extractor",
        "quiet",
        "explain",
        "stats",
        "dropped",
    )
    __slots__ = _fields

    output: str | None
    suffix: str
    globs: tuple[str, ...]
    force: bool
    jobs: int | None
    dask: str | None
    extractor: str
    quiet: bool
    explain: bool
    stats: bool
    dropped: str | None

    def __init__(
        self,
        output: str | None = None,
        suffix: str = DEFAULT_SUFFIX,
        globs: Iterable[str] = DEFAULT_GLOBS,
        force: bool = False,
        jobs: int | None = None,
        dask: str | None = None,
        extractor: str = "auto",
        quiet: bool = False,
        explain: bool = False,
        stats: bool = False,
        dropped: str | None = None,
    ) -> None:
        if extractor not in EXTRACTORS:
            raise ValueError(f"extractor must be one of {', '.join(EXTRACTORS)}, not {extractor!r}")
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs!r}")
        globs = tuple(globs)
        values = (output, suffix, globs, force, jobs, dask, extractor, quiet, explain, stats, dropped)
        self._set(values)

    @property
    def dropped_rows(self) -> bool:
        """Are the dropped lines collected (``--dropped FILE``)?"""
        return self.dropped is not None

    def replace(self, **changes: object) -> RunOptions:
        return super().replace(**changes)


class Option(NamedTuple):
    """One command-line option: how it is spelled and what it means; its default is its field's.

    ``help`` is the one text of ``--help``, the README's options table and the
    man page, where ``more`` follows it; ``{default}`` in either stands for the
    default of the field.
    """

    dest: str  # the parsed argument's name
    help: str
    flags: tuple[str, ...] = ()  # default: --dest, with - for _
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    action: str | None = None  # store_true, append (repeatable, comma-separated), version, help
    type: str | None = None  # int, float or positive (an int of at least 1)
    field: str | None = None  # the Config or RunOptions field it sets when not dest; "" for none
    more: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return self.flags or ("--" + self.dest.replace("_", "-"),)

    @property
    def default(self) -> object:
        """The default of the field the option sets (``None`` for an option without one)."""
        field = self.dest if self.field is None else self.field
        return DEFAULTS.get(field)

    def text(self, more: bool = False) -> str:
        """The help text, with the default filled in; with ``more``, the man page's text."""
        default = self.default
        shown = ",".join(default) if isinstance(default, tuple) else default
        text = self.help + (". " + self.more if more and self.more else "")
        return text.format(default=shown)


def _defaults(record: type[Frozen]) -> dict[str, object]:
    """The defaults of a record's fields, as its ``__init__`` declares them."""
    return dict(zip(record._fields, record.__init__.__defaults__ or (), strict=True))


#: Every field's default, read from the signatures of Config and RunOptions.
DEFAULTS: dict[str, object] = {**_defaults(Config), **_defaults(RunOptions)}


#: The command line's options, in the order of ``--help``.
OPTIONS: tuple[Option, ...] = (
    Option(
        "mode",
        "'default' (improved) or 'paper' (the published algorithm, literally)",
        choices=MODES,
        more="The paper mode is the published Sentence Recovery algorithm (Pajić, Vujičić Stanković "
        "and Pajić, Infotheca 2015), to reproduce its results",
    ),
    Option(
        "eps",
        "tolerance around the column width, as a fraction of it (default {default})",
        metavar="EPS",
        type="float",
        more="A line within EPS*CW of the column width CW is a full-width paragraph line",
    ),
    Option(
        "cw",
        "column width in characters (default: estimated)",
        metavar="N",
        type="int",
        more="The estimate is the most frequent line width among widths at or above the mean width",
    ),
    Option(
        "output_format",
        "'lines': one paragraph per line (default); 'blank': paragraphs separated by a blank line; "
        "'sentences': one sentence per line, paragraphs separated by a blank line; 'jsonl': one JSON "
        "object per paragraph with text, kind, page, lines, start, end (character offsets in the input)",
        flags=("--format",),
        choices=FORMATS,
        more="Sentences are split for the document's language (abbreviations, initials, ordinals, "
        "numbers, ellipses, quotes and CJK full stops), see --lang; the JSON keys are under JSON LINES",
    ),
    Option(
        "sentences",
        "with --format jsonl: one object per sentence, with its paragraph and sentence number",
        action="store_true",
    ),
    Option(
        "with_dropped",
        'with --format jsonl: also write every dropped line, with its class and "dropped": true',
        action="store_true",
    ),
    Option(
        "lang",
        "the language of the input (en, de, sr, ru, zh...; default: detected from the text)",
        metavar="CODE",
        more="It serves dehyphenation and sentence splitting; a code with no word list is a usage error",
    ),
    Option(
        "explain",
        "instead of the text, write for every input line its number, page, class, band, "
        "width/CW, decision, the rule that made it, and the reason (tab-separated)",
        action="store_true",
        more="The classes are EL, FL and UL, the bands short, full and long, the decisions start, join, "
        "heading, merge, drop and skip; a header row comes first.  Not with --format, --sentences "
        "or --with-dropped",
    ),
    Option(
        "stats",
        "write CW, l_avg and the line-width histogram with the CW±eps band to stderr",
        action="store_true",
    ),
    Option(
        "keep",
        "keep a class of text that is dropped by default: furniture, footnotes, objects "
        "(repeatable, or comma-separated); each kept paragraph on a line of its own",
        metavar="CLASS",
        action="append",
        field="",
        more="Furniture is running headers and footers and page numbers; objects are table cells, "
        "formula and figure debris; a kept paragraph does not interrupt the text around it",
    ),
    Option(
        "drop",
        "drop a class of text that is kept by default: headings, captions, references, "
        "frontmatter (authors, affiliations, abstract and keywords between a paper's title and its body); "
        "repeatable, or comma-separated",
        metavar="CLASS",
        action="append",
        field="",
        more="The references are the reference list and its heading.  --keep, --drop and --no-repair belong "
        "to the default mode: with --mode paper they are a usage error",
    ),
    Option(
        "no_repair",
        "switch off a character repair: ligatures (ﬁ -> fi), controls (stray control characters), "
        "scripts (Latin look-alikes in Cyrillic words and the reverse); repeatable, or comma-separated",
        metavar="WHAT",
        action="append",
        field="",
        more="All repairs are on by default: ligatures makes letters of the presentation forms ﬀ ﬁ ﬂ ﬃ "
        "ﬄ, controls removes the control characters (such as U+0088) converters write for bullets, "
        "scripts writes a word mixing Latin and Cyrillic look-alike letters in its majority script",
    ),
    Option(
        "dropped",
        "write every dropped line to FILE (input, line number, page, class, text; "
        "tab-separated values under a header row), so that no text is lost silently; each output file "
        "also keeps its own, NAME.dropped.tsv, so FILE lists the lines of skipped outputs too",
        metavar="FILE",
        more="A field holding a tab, a newline or a double quote is quoted, as Python's csv module "
        "reads it.  An existing FILE is replaced only when it is an earlier such record (or empty); "
        "an input or output of the run, or any other file, is refused (exit 2)",
    ),
    Option(
        "output",
        "write results under DIR (mirroring directory trees); with a single input file, the output "
        "file itself, unless DIR exists as a directory or ends in /",
        flags=("-o", "--output"),
        metavar="DIR",
        more="DIR is created if needed.  An existing output file that srtext did not make is replaced "
        "only with --force",
    ),
    Option(
        "suffix",
        "suffix of output files in place of .txt (default {default})",
        more="The paper's program used _SRalg.  It may not be empty nor an input extension",
    ),
    Option(
        "glob",
        "in directories, process the files whose names match PATTERN, ignoring case "
        "(repeatable, or comma-separated; default {default})",
        metavar="PATTERN",
        action="append",
        field="globs",
    ),
    Option(
        "force",
        "remake outputs that are newer than their inputs (by default they are skipped when the same "
        "srtext version made them with the same options)",
        action="store_true",
        more="Skipping them lets a run over a corpus that was interrupted go on where it stopped",
    ),
    Option(
        "jobs",
        "process N files in parallel (default: all cores)",
        flags=("-j", "--jobs"),
        metavar="N",
        type="positive",
        more="Each in a worker process; results, messages and --dropped rows come in the order of the inputs",
    ),
    Option(
        "dask",
        "run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); paths and -o "
        "may be fsspec URLs such as s3://bucket/dir (needs Dask and fsspec: "
        "pip install 'dask[distributed]' fsspec)",
        metavar="ADDRESS",
        more="Paths may also be paths every worker can see; messages and --dropped rows name the inputs "
        "as a local run does",
    ),
    Option(
        "extractor",
        "PDF to text: pdftotext when installed, else pypdf ({default}, the default), or one of them",
        choices=EXTRACTORS,
        more="Pages are separated by form feeds either way.  A PDF that is encrypted, damaged, empty or "
        "only images gets a one-line error",
    ),
    Option(
        "encoding",
        "encoding of the input (default {default})",
        more="Bytes that are not valid in it are carried through unchanged, with one warning per input.  "
        "A UTF-16 or UTF-32 byte-order mark selects that encoding",
    ),
    Option(
        "window",
        "lines held back to estimate the column width when streaming (default {default})",
        metavar="LINES",
        type="int",
        more="See STREAMING",
    ),
    Option(
        "quiet",
        "no warnings on stderr, only errors",
        flags=("-q", "--quiet"),
        action="store_true",
        more="No progress bar or summary either",
    ),
    Option("version", "print the version and exit", action="version", field=""),
    Option("help", "print the options and exit", flags=("-h", "--help"), action="help", field=""),
)

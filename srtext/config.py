"""The configuration of srtext: every option, with its default and its help, in one place.

:class:`Config` holds the options of the recovery (what the library needs) and
:class:`RunOptions` those of a run over files (what the command line adds).  Each
record's ``__init__`` signature is the one place of its defaults (:data:`DEFAULTS`
reads them); :data:`srtext.options.OPTIONS` holds, for every command-line option,
its help text, flags, metavar and choices.  The command line
(:func:`srtext.cli.build_parser`), ``--help``, the README's options table and the
man page's OPTIONS section are all built from these (see :mod:`srtext.docgen`), so
they cannot drift apart.  The library never
reads ``sys.argv`` or the environment.
"""

from __future__ import annotations

from collections.abc import Iterable

from srtext.pipeline.chars import REPAIRS, check_repairs
from srtext.pipeline.events import CLASSES, DROPPED_BY_DEFAULT
from srtext.record import Frozen

#: The defaults of a run over files (srtext.run uses them; the options are this module's).
DEFAULT_SUFFIX = ".sr.txt"
DEFAULT_GLOBS = ("*.txt", "*.pdf")
EXTRACTORS = ("auto", "pdftotext", "pypdf")

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    Mode = Literal["default", "paper"]
    Format = Literal["lines", "blank", "sentences", "jsonl", "markdown"]
    Geometry = Literal["auto", "off"]
else:
    Mode = Format = Geometry = str  # the choices are checked by Config itself (and argparse)

MODES: tuple[str, ...] = ("default", "paper")
FORMATS: tuple[str, ...] = ("lines", "blank", "sentences", "jsonl", "markdown")
GEOMETRIES: tuple[str, ...] = ("auto", "off")


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
            line numbers and character offsets (schema in :mod:`srtext.pipeline.output`);
            or ``"markdown"``, headings as ``#`` times their level (see
            :mod:`srtext.pipeline.levels`), list items as ``- `` or their number,
            other paragraphs as paragraphs, a blank line between two.
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
        cache_dir: where the caches are kept: the compact word lists (see
            :mod:`srtext.pipeline.lexicon`) and the patterns a recovery made
            (:mod:`srtext.pipeline.patterns`, written there at exit; read at import
            from the default directory, before any Config exists); ``None`` (default):
            ``$XDG_CACHE_HOME/srtext`` or ``~/.cache/srtext``.  Under the environment
            variable ``SRTEXT_NO_CACHE=1`` nothing is read from or written to any cache.
        encoding: the encoding of byte input (default UTF-8).  Bytes that do not
            decode are carried through the recovery as surrogate escapes (offsets stay
            exact) and become U+FFFD in every output: the text, jsonl, ``--dropped``
            rows and the API's strings are valid UTF-8.
        drop: the classes of text removed from the output (default mode): any of
            ``headings``, ``captions``, ``furniture`` (running headers and footers,
            page numbers), ``footnotes``, ``objects`` (table cells, formula and
            figure debris), ``references`` (the reference list, its heading included) and
            ``frontmatter`` (authors, affiliations, abstract and keywords between
            a paper's title and its body, see :mod:`srtext.pipeline.front`).  Default:
            furniture, footnotes and objects.  A class not dropped is kept, each
            of its paragraphs on a line of its own.
        geometry: ``"auto"`` (default): where the input says where each line
            stood on its page (a PDF, or pdftotext's ``-bbox-layout`` XHTML), keep
            a :class:`~srtext.geometry.box.LineBox` per line beside the text; ``"off"``:
            read text only (a PDF in pdftotext's default mode, as before; XHTML is
            still read as the text of its lines).  The text is the same either way
            (see :mod:`srtext.geometry`); the rules of
            :mod:`srtext.pipeline.rules.geometry` read the boxes where they are.
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
        "geometry",
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
    geometry: Geometry

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
        geometry: Geometry = "auto",
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
        if geometry not in GEOMETRIES:
            raise ValueError(f"geometry must be one of {', '.join(GEOMETRIES)}, not {geometry!r}")
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
            geometry,
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
    ``explain``, ``stats``, ``dropped``, ``audit`` and ``audit_beside``; the others are the
    command line's (see :data:`srtext.options.OPTIONS` for what each one means).  ``audit``
    is the audit page of a single input; with ``audit_beside`` (which the command line sets
    for a run over a directory or several inputs) each output gets its own page beside it
    (``NAME.audit.html``), and ``audit`` is the index of them.  Frozen, as :class:`Config`.

    >>> RunOptions(force=True).replace(jobs=2)
    RunOptions(output=None, suffix='.sr.txt', globs=('*.txt', '*.pdf'), force=True, jobs=2, dask=None, \
extractor='auto', quiet=False, explain=False, stats=False, dropped=None, audit=None, audit_beside=False)
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
        "audit",
        "audit_beside",
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
    audit: str | None
    audit_beside: bool

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
        audit: str | None = None,
        audit_beside: bool = False,
    ) -> None:
        if extractor not in EXTRACTORS:
            raise ValueError(f"extractor must be one of {', '.join(EXTRACTORS)}, not {extractor!r}")
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs!r}")
        globs = tuple(globs)
        values = (output, suffix, globs, force, jobs, dask, extractor, quiet, explain, stats, dropped, audit)
        self._set((*values, audit_beside))

    @property
    def dropped_rows(self) -> bool:
        """Are the dropped lines collected (``--dropped FILE``)?"""
        return self.dropped is not None

    def replace(self, **changes: object) -> RunOptions:
        return super().replace(**changes)


def _defaults(record: type[Frozen]) -> dict[str, object]:
    """The defaults of a record's fields, as its ``__init__`` declares them."""
    return dict(zip(record._fields, record.__init__.__defaults__ or (), strict=True))


#: Every field's default, read from the signatures of Config and RunOptions.
DEFAULTS: dict[str, object] = {**_defaults(Config), **_defaults(RunOptions)}

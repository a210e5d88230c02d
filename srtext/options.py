"""The command line's options: for each, its help text, flags, metavar and choices.

Its default is the default of the :class:`~srtext.config.Config` or
:class:`~srtext.config.RunOptions` field it sets (:data:`srtext.config.DEFAULTS`).
:func:`srtext.cli.build_parser` builds ``--help`` from :data:`OPTIONS`, and
:mod:`srtext.docgen` the README's options table and the man page's OPTIONS.
"""

from __future__ import annotations

from srtext.config import DEFAULTS, EXTRACTORS, FORMATS, GEOMETRIES, MODES
from srtext.record import NamedTuple


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
        "object per paragraph with text, kind, page, lines, start, end (character offsets in the input), "
        "and level for a heading; 'markdown': headings as '#' times their level, list items as '- ' or "
        "their number, other paragraphs as paragraphs, a blank line between two",
        flags=("--format",),
        choices=FORMATS,
        more="Sentences are split for the document's language (abbreviations, initials, ordinals, "
        "numbers, ellipses, quotes and CJK full stops), see --lang; the JSON keys are under JSON LINES. "
        "A heading's level is its numbering's depth (2.1 is 2; in a document that opens with a numbered "
        "heading, counted from its shallowest number: 9.10 is 1, 9.10.1 is 2); with geometry "
        "(see --geometry) also its font size among the document's headings (see docs/geometry.md)",
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
        "the language of the input (en, de, fr, sr, ru, zh...; default: detected from the text)",
        metavar="CODE",
        more="It serves dehyphenation and sentence splitting; a code with no word list is a usage error",
    ),
    Option(
        "explain",
        "instead of the text, write for every input line its number, page, class, band, "
        "width/CW, decision, the rule that made it, the reason, its text and its notes (tab-separated)",
        action="store_true",
        more="The classes are EL, FL and UL, the bands short, full and long, the decisions start, join, "
        "heading, merge, drop and skip; the notes name the verdict on the line's end and its criterion "
        "(hyphen=join:part_not_a_word) and each character repair (repair=ligatures:ﬁ>fi), - for none; "
        "a header row comes first.  Not with --format, --sentences or --with-dropped",
    ),
    Option(
        "stats",
        "write CW, l_avg and the line-width histogram with the CW±eps band to stderr",
        action="store_true",
    ),
    Option(
        "audit",
        "also write an audit page to PAGE: one self-contained HTML file showing the input page by page, "
        "each line coloured by what became of it with its rule and reason, the recovered paragraphs "
        "beside it, the decisions counted per rule and the line-width histogram with CW and the eps band",
        metavar="PAGE",
        more="In a run over a directory (or several inputs) each output gets its own page beside it, "
        "NAME.audit.html, and PAGE lists them.  An existing PAGE is replaced only when it is an earlier "
        "audit page (or empty); see docs/audit.md",
    ),
    Option(
        "keep",
        "keep a class of text that is dropped by default: furniture, footnotes, objects "
        "(repeatable, or comma-separated); each kept paragraph on a line of its own",
        metavar="CLASS",
        action="append",
        field="",
        more="Furniture is running headers and footers and page numbers; objects are table cells, "
        "formula and figure debris; a kept paragraph does not interrupt the text around it.  A line "
        "of debris that holds words (code, an API's signature, a table's row with its labels) is "
        "text, kept by default as a paragraph of its own (the rule words_in_debris)",
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
        "also keeps its own, NAME.sr.txt.dropped.tsv (its name and .dropped.tsv), so FILE lists the lines "
        "of skipped outputs too; - is standard output, when the text goes to files (-o, a directory)",
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
        "geometry",
        "where each line stood on the page: 'auto' ({default}) keeps it when the input has it "
        "(pdftotext -bbox-layout XHTML on standard input or in a file; a PDF's, extracted beside its "
        "text) and the rules read it (a gap or an indent starts a paragraph, larger type is a heading); "
        "'off' reads text only",
        choices=GEOMETRIES,
        more="The text is the same either way: pdftotext -bbox-layout's lines written as pdftotext's "
        "default mode writes them; the decisions may differ (docs/geometry.md).  With 'off' a PDF is "
        "read by pdftotext's default mode alone, which is faster",
    ),
    Option(
        "encoding",
        "encoding of the input (default {default})",
        more="Bytes that are not valid in it become U+FFFD, the replacement character, in every output "
        "(text, jsonl, --dropped), so that each is valid UTF-8, with one warning per input.  "
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

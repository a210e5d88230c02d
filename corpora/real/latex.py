"""Real LaTeX documents with truth from TeX itself (issue 29): TeX Live's documentation and samples.

The sources are the ``.tex`` files that Debian's TeX Live documentation packages
ship (``/usr/share/doc/texlive-doc``): journal and thesis classes' samples and
templates (``texlive-publishers-doc``: family ``latex-journal-samples``) and
package manuals, guides and their translations (the other packages: family
``latex-texdoc``).  Each is printed by pdfLaTeX:

* as is: that PDF is the document (its pdftotext text is srtext's input);
* with ``srtmark.tex`` read first: a marker of zero width at every paragraph's
  start and end (LaTeX's ``para/begin`` and ``para/end`` hooks), around display
  math, at each running head and foot, and with the paragraph's kind (heading
  and its level, list item, caption, footnote, verbatim, table cell, front
  matter) from the command that set it.

The markers take no room, so TeX breaks every line as in the first PDF; that is
checked, not assumed: the two PDFs' lines (pdftotext ``-bbox``, markers taken
out) must hold the same text at the same heights, or the document is left out.
The truth is read from the marked PDF's ``pdftotext -raw`` text (the order TeX
wrote the page in: the text of each paragraph between its two markers), so it
does not depend on pdftotext's reading order; display math, table cells and
verbatim lines are objects, not truth.  The one thing TeX's markers do not
tell is whether a hyphen at a line's end is TeX's (a word broken: dropped) or
the text's (``well-known``: kept); :func:`join_lines` decides it from the
document's own words, then wordfreq, and each document's json counts the
hyphens so decided (``hyphens_decided``).

>>> blocks, furniture, objects = parse(
...     "QXZTZXQ Head\\nQXZSHB1ZXQ1 Intro QXZE1ZXQ\\nQXZSB2ZXQ A para-\\ngraph, QXZD2ZXQ\\n"
...     "x = y (1)\\nQXZR2ZXQ then more.QXZE2ZXQ\\nQXZUZXQ 1\\n")
>>> blocks
[('heading', 1, '1 Intro'), ('body', 0, 'A paragraph, then more.')]
>>> furniture, objects
((['Head'], ['1']), ['x = y (1)'])
"""

from __future__ import annotations

import gzip
import hashlib
import html
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
MARKER_TEX = HERE / "srtmark.tex"
DOC = Path("/usr/share/doc/texlive-doc")
DPKG = Path("/var/lib/dpkg/info")
#: Debian's package of journal, conference and thesis classes: its samples are one family.
JOURNAL_PACKAGE = "texlive-publishers-doc"
#: Journal classes that Debian ships in another package (the AMS's, in texlive-latex-base-doc).
JOURNAL_CLASSES = frozenset({"amscls"})
FAMILIES = ("latex-journal-samples", "latex-texdoc")
#: TeX Live's licence tags (the packages' ``Licenses`` files) that are free licences.
FREE = ("lppl", "gpl", "lgpl", "fdl", "opl", "pd", "mit", "bsd", "cc-by", "cc0", "artistic",
        "apache", "ofl", "knuth", "other-free", "isc", "eupl")  # fmt: skip
NOT_FREE = ("nosell", "nosource", "nocommercial", "noinfo", "nonfree", "cc-by-nc", "cc-by-nd")
MAX_SOURCE = 120_000  # bytes of the main file: larger sources are whole manuals, hundreds of pages
MAX_PAGES = 40
PER_PACKAGE = 1  # at most this many documents of one TeX Live package, the smallest first
#: The classes the issue names (and their sample packages): up to ``PER_NAMED`` documents each.
NAMED = frozenset(
    "ieeetran elsarticle els-cas-templates revtex revtex4 revtex4-1 acmart llncs llncsconf aastex amscls "
    "koma-script koma-script-examples memoir hep-paper mnras".split()
)
PER_NAMED = 6
#: Of the other packages, every STEP-th of each family (sorted by name): each document is printed
#: three times, and this machine gives the build about half an hour.
STEP = {"latex-journal-samples": 1, "latex-texdoc": 2}
TIMEOUT = 90  # seconds for one pdfLaTeX run
#: pdfLaTeX's dates: \today and the PDF's own dates, fixed so that a PDF is the same bytes again.
TEX_ENV = {"SOURCE_DATE_EPOCH": "946684800", "FORCE_SOURCE_DATE": "1"}
#: babel and polyglossia language names and their BCP 47 tags.
LANGS = {
    "english": "en", "american": "en", "british": "en", "USenglish": "en", "UKenglish": "en",
    "german": "de", "ngerman": "de", "austrian": "de", "naustrian": "de", "french": "fr",
    "francais": "fr", "frenchb": "fr", "spanish": "es", "italian": "it", "polish": "pl",
    "portuguese": "pt", "portuges": "pt", "brazil": "pt-BR", "brazilian": "pt-BR", "russian": "ru",
    "ukrainian": "uk", "czech": "cs", "slovak": "sk", "dutch": "nl", "estonian": "et",
    "finnish": "fi", "slovene": "sl", "slovenian": "sl", "swedish": "sv", "danish": "da",
    "norsk": "nb", "catalan": "ca", "greek": "el", "hungarian": "hu", "magyar": "hu",
    "croatian": "hr", "romanian": "ro", "turkish": "tr", "bulgarian": "bg", "serbian": "sr",
}  # fmt: skip
KINDS = {"B": "body", "I": "item", "C": "caption", "F": "footnote", "V": "code", "W": "cell", "A": "front"}
MARK = re.compile(
    r"QXZ([SEDRTU])(H[A-G]|[BICFVWA])?(\d*)(?:ZXQ|ZX|Z)?"  # whole, or its end cut at the page's edge
    r"|(?<![A-Za-z])X?Z([SEDRTU])(H[A-G]|[BICFVWA])?(\d*)(?:ZXQ|(?<=\d)ZX)"  # its start cut (or both ends)
)
#: What is left of a marker cut shorter still: no text writes these.
JUNK = re.compile(r"\S*(?:QXZ|ZXQ)\S*")
#: A marker, or one cut at the page's edge (its box stands out of the page): at a word's end, any
#: start of one (a page's own ``Q`` at a word's end goes too, in both prints alike).
CUT_MARK = re.compile(r"QXZ[A-Z]*\d*(?:ZXQ|ZX|Z)?|QX?$")
NOT_TRUTH = frozenset({"code", "cell"})
#: Not the body's text either: footnotes are listed in the json (``footnotes``, the measure
#: "footnotes leaked") and left out of the truth, as in every other family and corpus (the
#: HTML families' sources drop theirs, corpora/broad never writes them in).
NOT_BODY = NOT_TRUTH | {"footnote"}
#: What the two prints depend on besides the source: the markers and the way of printing (raise
#: PRINT_VERSION when the printing below changes).  A document printed with the same is not printed
#: again (nor one that failed): its truth is read again from the files it left.
PRINT_VERSION = "1"
#: Raised when the layout check changes: a document that failed it is printed again.
ACCEPT_VERSION = "3"
MARKS_SHA256 = hashlib.sha256(MARKER_TEX.read_bytes() + PRINT_VERSION.encode()).hexdigest()


@dataclass
class Source:
    """One LaTeX document as shipped: the file, its package and licence."""

    key: str  # the id stem, e.g. latex-revtex-apssamp
    family: str
    path: Path  # the main .tex (or .tex.gz) file
    tlpkg: str  # TeX Live's package (the folder under doc/<format>/)
    package: str  # Debian's package and version, e.g. texlive-publishers-doc=2022.20230122-4
    licence: str
    language: str
    text_sha256: str


# ---------------------------------------------------------------- finding the sources


@cache
def _owners() -> dict[str, str]:
    """Each installed documentation file and the Debian package that ships it."""
    out: dict[str, str] = {}
    for lst in sorted(DPKG.glob("texlive-*.list")):
        for line in lst.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith(str(DOC) + "/"):
                out[line] = lst.name[: -len(".list")]
    return out


@cache
def _version(package: str) -> str:
    p = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
    return p.stdout.strip() or "?"


@cache
def licences() -> dict[str, tuple[str, str]]:
    """Each documentation folder (``latex/base``) -> (TeX Live package, its licence tag), from the
    Debian packages' ``Licenses`` files (a package's paths follow its ``name: licence`` line).

    >>> licence_ok("lppl1.3c"), licence_ok("gpl lppl"), licence_ok("nosell"), licence_ok("")
    (True, True, False, False)
    """
    out: dict[str, tuple[str, str]] = {}
    for f in sorted(Path("/usr/share/doc").glob("texlive-*/Licenses.gz")):
        name = tag = ""
        for line in gzip.decompress(f.read_bytes()).decode("utf-8", "replace").splitlines():
            m = re.match(r"^([A-Za-z0-9_.+-]+): ?(.*)$", line)
            if m and "/" not in line:
                name, tag = m.group(1), m.group(2).strip()
            elif line.startswith("texmf-dist/doc/") and name:
                folder = "/".join(line.split("/")[2:4])
                out.setdefault(folder, (name, tag))
    return out


def licence_ok(tag: str) -> bool:
    tag = tag.lower()
    return bool(tag) and not any(x in tag for x in NOT_FREE) and any(x in tag for x in FREE)


def _read(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")


def language(source: str) -> str:
    """The document's main language (BCP 47) from its babel or polyglossia options; ``en`` else.

    >>> language(r"\\usepackage[english,ngerman]{babel}"), language(r"\\setdefaultlanguage{french}")
    ('de', 'fr')
    >>> language(r"\\documentclass[ngerman]{scrartcl}\\usepackage{babel}"), language("")
    ('de', 'en')
    """
    text = re.sub(r"(?<!\\)%.*", "", source)
    m = re.search(r"\\setdefaultlanguage(?:\[[^]]*\])?\{(\w+)\}", text)
    if m and m.group(1) in LANGS:
        return LANGS[m.group(1)]
    opts: list[str] = []
    b = re.search(r"\\usepackage\[([^]]*)\]\{babel\}", text)
    if b:
        opts = b.group(1).split(",")
    else:
        c = re.search(r"\\documentclass\[([^]]*)\]", text)
        if c and re.search(r"\\usepackage(?:\[[^]]*\])?\{babel\}", text):
            opts = c.group(1).split(",")
    names = [LANGS[o.strip().split("=")[-1]] for o in opts if o.strip().split("=")[-1] in LANGS]
    return names[-1] if names else "en"


def _standalone(text: str) -> bool:
    """A whole LaTeX document for pdfLaTeX: a class, a body, no engine of its own."""
    head = text[:20000]
    if not re.search(r"^\s*\\documentclass", head, re.M) or "\\begin{document}" not in text:
        return False
    # fontspec, polyglossia, xeCJK, luacode...: written for XeLaTeX or LuaLaTeX.
    return not re.search(
        r"\\usepackage(\[[^]]*\])?\{(fontspec|polyglossia|xeCJK|luacode|ctex|unicode-math)", text
    )


def sources(root: Path = DOC) -> list[Source]:
    """The LaTeX documents to print: free licence, standalone, the smallest ``PER_PACKAGE`` of a package.

    The smallest because they are the samples and templates (a package's manual is its
    largest file), and because each is printed four times (twice as is, twice marked).
    """
    owners = _owners()
    lic = licences()
    found: dict[str, list[tuple[int, str, Source]]] = {}
    for f in sorted(root.glob("*/*/**/*.tex*")):
        if not f.name.endswith((".tex", ".tex.gz")) or not f.is_file():
            continue
        package = owners.get(str(f))
        if package is None or f.stat().st_size > MAX_SOURCE:
            continue
        rel = f.relative_to(root).parts
        tlpkg, tag = lic.get(f"{rel[0]}/{rel[1]}", (rel[1], ""))
        if not licence_ok(tag):
            continue
        text = _read(f)
        if not _standalone(text):
            continue
        stem = f.name.removesuffix(".gz").removesuffix(".tex")
        key = re.sub(r"[^a-z0-9]+", "-", f"latex-{tlpkg}-{stem}".lower()).strip("-")
        family = FAMILIES[0] if package == JOURNAL_PACKAGE or tlpkg in JOURNAL_CLASSES else FAMILIES[1]
        src = Source(
            key, family, f, tlpkg, f"debian:{package}={_version(package)}", tag, language(text),
            hashlib.sha256(text.encode("utf-8")).hexdigest(),
        )  # fmt: skip
        found.setdefault(tlpkg, []).append((len(text), key, src))
    out: list[Source] = []
    keys: set[str] = set()
    seen: dict[str, int] = {}
    for pkg, docs in sorted(found.items()):
        family = docs[0][2].family
        seen[family] = seen.get(family, -1) + 1
        if pkg not in NAMED and seen[family] % STEP[family]:
            continue
        for _size, key, src in sorted(docs, key=lambda d: (d[0], d[1]))[
            : PER_NAMED if pkg in NAMED else PER_PACKAGE
        ]:
            if key not in keys:
                keys.add(key)
                out.append(src)
    return out


# ---------------------------------------------------------------- printing


def _copy_folder(src: Path, dest: Path) -> None:
    """The document's folder (its pictures, inputs) into ``dest``, gzip'd files unpacked."""
    for f in sorted(src.rglob("*")):
        if not f.is_file() or f.stat().st_size > 20_000_000:
            continue
        rel = f.relative_to(src)
        target = dest / (str(rel)[:-3] if f.suffix == ".gz" else str(rel))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.decompress(f.read_bytes()) if f.suffix == ".gz" else f.read_bytes())


def _pdflatex(folder: Path, name: str, marked: bool, runs: int) -> tuple[Path | None, int]:
    """Run pdfLaTeX ``runs`` times; (the PDF or None, errors in the log)."""
    env = {**os.environ, **TEX_ENV}
    first = f"\\input{{{MARKER_TEX.name}}}\\input{{{name}.tex}}" if marked else f"{name}.tex"
    if marked:
        shutil.copy(MARKER_TEX, folder / MARKER_TEX.name)
    cmd = ["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", f"-jobname={name}", first]
    (folder / f"{name}.pdf").unlink(missing_ok=True)  # the package ships its own print of it
    log = folder / f"{name}.log"
    for _ in range(runs):
        try:
            subprocess.run(
                cmd, cwd=folder, env=env, capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired:
            return None, -1
        if _pages(log) > MAX_PAGES:
            break
    errors = log.read_text(encoding="latin-1").count("\n! ") if log.exists() else -1
    pdf = folder / f"{name}.pdf"
    return (pdf if pdf.exists() and pdf.stat().st_size else None), errors


def _pages(log: Path) -> int:
    m = (
        re.search(r"Output written on .*?\((\d+) pages?", log.read_text(encoding="latin-1"))
        if log.exists()
        else None
    )
    return int(m.group(1)) if m else 0


def print_twice(src: Source, tmp: Path) -> tuple[Path, Path, int]:
    """The document printed as is and marked: (plain PDF, marked PDF, errors TeX reported).

    A document longer than ``MAX_PAGES`` is not printed marked (it is left out).
    """
    stem = src.path.name.removesuffix(".gz").removesuffix(".tex")
    pdfs = []
    errors = 0
    for variant in ("plain", "marked"):
        folder = tmp / variant
        _copy_folder(src.path.parent, folder)
        if variant == "marked":  # the cross references of the plain print: one run is enough
            for f in (tmp / "plain").glob(f"{stem}.*"):
                if f.suffix not in (".pdf", ".log", ".tex"):
                    shutil.copy(f, folder / f.name)
        pdf, err = _pdflatex(folder, stem, variant == "marked", 2 if variant == "plain" else 1)
        if pdf is None:
            raise RuntimeError(f"pdfLaTeX gave no PDF ({variant}{', timed out' if err < 0 else ''})")
        pages = _pages(folder / f"{stem}.log")
        if pages > MAX_PAGES:
            raise RuntimeError(f"{pages} pages, more than {MAX_PAGES}: left out")
        errors = max(errors, err)
        pdfs.append(pdf)
    return pdfs[0], pdfs[1], errors


# ---------------------------------------------------------------- same layout?


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>')


def placed_lines(bbox_html: str, near: float = 4.0) -> list[tuple[int, str]]:
    """(page, text) of every line of a ``pdftotext -bbox`` page, top to bottom: its words, left to
    right, run together, the markers taken out (a marker may split a word in two; a marker alone is
    no word).  A line is the words whose tops lie within ``near`` points of its first word's
    (pdftotext may make a raised or lowered letter, the E of TeX's logo, a word of its own in one
    print and not in the other).

    >>> placed_lines('<page><word xMin="9.0" yMin="2.2" xMax="3" yMax="4">two</word>'
    ...              '<word xMin="1.0" yMin="2.0" xMax="3" yMax="4">QXZSB1ZXQOne</word>'
    ...              '<word xMin="5.0" yMin="4.1" xMax="6" yMax="6">E</word>'
    ...              '<word xMin="0.0" yMin="12.0" xMax="1" yMax="16">QXZUZXQ</word>'
    ...              '<word xMin="1.0" yMin="14.0" xMax="3" yMax="16">Next</word></page>')
    [(1, 'OneEtwo'), (1, 'Next')]
    """
    out: list[tuple[int, str]] = []
    for n, page in enumerate(bbox_html.split("<page")[1:], 1):
        found = ((float(y), float(x), CUT_MARK.sub("", w)) for x, y, w in _WORD.findall(page))
        words = sorted(x for x in found if x[2])
        lines: list[tuple[float, list[tuple[float, str]]]] = []
        for y, x, w in words:
            if lines and y - lines[-1][0] <= near:
                lines[-1][1].append((x, w))
            else:
                lines.append((y, [(x, w)]))
        out.extend((n, "".join(w for _x, w in sorted(ws))) for _y, ws in lines)
    return out


def same_layout(plain_bbox: str, marked_bbox: str) -> tuple[bool, int]:
    """Do the two PDFs hold the same lines, page by page, top to bottom?  (verdict, lines differing)

    Heights are not compared: a marker's glyphs (its tall Q) may raise the top of the word it
    stands before; what the truth needs is that every line holds the same text in both prints.
    """
    a, b = placed_lines(plain_bbox), placed_lines(marked_bbox)
    return a == b, len(set(a) ^ set(b)) + abs(len(a) - len(b))


# ---------------------------------------------------------------- the text in TeX's order

_RAW_WORD = re.compile(
    r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)</word>'
)


def raw_text(raw_bbox: str) -> str:
    r"""``pdftotext -raw -bbox``'s words (in the order TeX wrote them) as lines, pages by form feeds.

    pdftotext's own ``-raw`` text starts a line, with a space, wherever the
    baseline moves (``L``, a raised ``A``, ``TEX``); here a word starts a new
    line only when it stands lower by more than half its height or further
    left, and a space only where there is a gap between two words.

    >>> raw_text('<page><word xMin="0" yMin="0" xMax="5" yMax="10">under</word>'
    ...          '<word xMin="9" yMin="0" xMax="11" yMax="10">L</word>'
    ...          '<word xMin="10.5" yMin="0" xMax="13" yMax="6">A</word>'
    ...          '<word xMin="13" yMin="0" xMax="20" yMax="10">TEX</word>'
    ...          '<word xMin="0" yMin="12" xMax="9" yMax="22">next</word></page>')
    'under LATEX\nnext\n\x0c'
    """
    pages: list[str] = []
    for page in raw_bbox.split("<page")[1:]:
        lines: list[str] = []
        line = ""
        last: tuple[float, float, float, float] | None = None
        for m in _RAW_WORD.findall(page):
            x0, y0, x1, y1 = (float(v) for v in m[:4])
            if last is not None:
                height = max(y1 - y0, last[3] - last[1], 1.0)
                if abs(y1 - last[3]) > height / 2 or x0 < last[0] - height:
                    lines.append(line)
                    line = ""
                elif x0 - last[2] > height * 0.12:
                    line += " "
            line += html.unescape(m[4])
            last = (x0, y0, x1, y1)
        lines.append(line)
        pages.append("\n".join(lines) + "\n\f")
    return "".join(pages)


# ---------------------------------------------------------------- reading the truth


def _kind(code: str | None) -> tuple[str, int]:
    if code and code.startswith("H") and len(code) == 2:
        return "heading", ord(code[1]) - ord("A")
    return KINDS.get(code or "B", "body"), 0


@dataclass
class _Open:
    kind: str
    level: int
    lines: list[str]
    formula: bool = False
    since: int = 0  # where the text after the last display math starts, in ``lines``
    last: str = "S"  # what came last: S, text, D or R


def _add(lines: list[str], text: str, newline: bool) -> None:
    if newline or not lines:
        lines.append(text)
    else:
        lines[-1] += text


def parse(
    raw: str, join: Callable[[list[str]], str] | None = None
) -> tuple[list[tuple[str, int, str]], tuple[list[str], list[str]], list[str]]:
    """The marked PDF's ``pdftotext -raw`` text -> (blocks: kind, level, text), (heads, feet), objects.

    A paragraph's text is what stands between its start and its end marker in the
    order TeX wrote the page; a footnote or float met inside it is a paragraph of its
    own; display math (between D and R, or from the paragraph's start to R) and
    text outside every paragraph (table cells, pictures' labels) are objects; the
    text on a line after a head (T) or foot (U) marker is furniture.  A paragraph
    that ends with display math has no end marker (see srtmark.tex): the next
    paragraph's start closes it.
    """
    blocks: list[tuple[str, int, str]] = []
    heads: list[str] = []
    feet: list[str] = []
    objects: list[str] = []
    stack: list[_Open] = []
    loose: list[str] = []

    def close(p: _Open) -> None:
        text = (join or join_lines)(p.lines)
        if p.kind == "item":
            text = unbullet(text)
        if text:
            blocks.append((p.kind, p.level, text))

    for line in raw.replace("\f", "\n").split("\n"):
        furniture: list[str] | None = None
        fresh = True  # the next text starts a new line of the paragraph it goes to
        pos = 0
        for m in [*MARK.finditer(line), None]:
            chunk = JUNK.sub("", line[pos : m.start() if m else len(line)])
            if chunk.strip():
                if furniture is not None:
                    furniture.append(chunk.strip())
                elif stack:
                    top = stack[-1]
                    if top.formula:
                        loose.append(chunk.strip())
                    else:
                        _add(top.lines, chunk, fresh)
                        top.last = "text"
                        fresh = False
                else:
                    loose.append(chunk.strip())
            if m is None:
                break
            pos = m.end()
            op, code = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(5))
            if op == "S":
                # A paragraph whose display math was its end has no E (its empty rest made no line).
                while stack and stack[-1].last in "DR":
                    close(stack.pop())
                kind, level = _kind(code)
                stack.append(_Open(kind, level, []))
                fresh = True
            elif op == "E" and stack:
                close(stack.pop())
                fresh = True
            elif op == "D" and stack:
                stack[-1].formula = True
                stack[-1].last = "D"
            elif op == "R" and stack:
                top = stack[-1]
                if not top.formula:  # display math that started the paragraph: no D before it
                    loose.extend(x.strip() for x in top.lines[top.since :] if x.strip())
                    del top.lines[top.since :]
                top.formula = False
                top.last = "R"
                top.since = len(top.lines)
                fresh = True
            elif op in "TU":
                furniture = heads if op == "T" else feet
        if furniture is not None and furniture:
            furniture[-1:] = [" ".join(furniture[-1:])]
    for p in reversed(stack):
        close(p)
    return _merge_code(blocks), (heads, feet), objects + [x for x in loose if x]


def unbullet(text: str) -> str:
    """A list item's text without its bullet, as the other families' truth (a number stays).

    >>> unbullet("\x88 First item"), unbullet("• Second"), unbullet("2. Third"), unbullet("(a) Fourth")
    ('First item', 'Second', '2. Third', '(a) Fourth')
    """
    head, _, rest = text.partition(" ")
    if rest and len(head) == 1 and not head.isalnum() and head not in "([{\"'“‘":
        return rest
    return text


def _merge_code(blocks: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """Consecutive verbatim lines (each a paragraph to TeX) as one code block, lines kept."""
    out: list[tuple[str, int, str]] = []
    for b in blocks:
        if b[0] == "code" and out and out[-1][0] == "code":
            out[-1] = ("code", 0, out[-1][2] + "\n" + b[2])
        else:
            out.append(b)
    return out


_HYPHEN_END = re.compile(r"(\w+)-$")
_WORD_START = re.compile(r"^(\w+)")


def join_lines(lines: list[str], known: frozenset[str] = frozenset(), lang: str = "en") -> str:
    """A paragraph's lines as one line: white space collapsed; a hyphen at a line's end decided.

    The hyphen stays when the document writes the hyphenated form inside a line
    (``known``), goes when it writes the whole word there; else it goes when
    wordfreq finds the whole word more frequent in ``lang`` than the two words,
    or when a half is no common word (``hyphen-ation``, a Zipf frequency below
    2.5), and stays when both halves are (``well-known``).

    >>> join_lines(["A para-", "graph and a well-", "known one."])
    'A paragraph and a well-known one.'
    """
    out = ""
    for line in lines:
        line = " ".join(line.split())
        if not line:
            continue
        m, n = _HYPHEN_END.search(out), _WORD_START.search(line)
        if m and n and out.endswith("-"):
            out = out[:-1] + ("" if _drop_hyphen(m.group(1), n.group(1), known, lang) else "-") + line
        else:
            out = f"{out} {line}" if out else line
    return out


def _drop_hyphen(left: str, right: str, known: frozenset[str], lang: str) -> bool:
    whole, compound = (left + right).lower(), f"{left}-{right}".lower()
    if compound in known:
        return False
    if whole in known:
        return True
    if right[:1].isupper():
        return False
    zipf = _zipf(lang)
    if zipf(whole) > zipf(compound):
        return True
    return not (zipf(left.lower()) >= 2.5 and zipf(right.lower()) >= 2.5)


@cache
def _zipf(lang: str):  # type: ignore[no-untyped-def]
    from wordfreq import zipf_frequency

    return lambda w: zipf_frequency(w, lang.split("-")[0])


def known_words(text: str) -> frozenset[str]:
    """The words (and hyphenated words) the document writes inside its lines, not at a line's end."""
    out: set[str] = set()
    for line in text.splitlines():
        line = line.rstrip()
        if line.endswith("-"):
            line = line.rsplit(" ", 1)[0] if " " in line else ""
        out.update(w.lower() for w in re.findall(r"\w+(?:-\w+)*", line))
        out.update(w.lower() for w in re.findall(r"\w+", line))
    return frozenset(out)


def truth(
    raw_marked: str, plain_text: str, lang: str
) -> tuple[list[tuple[str, int, str]], list[str], list[str], list[str], int]:
    """(blocks, heads, feet, objects, hyphens decided) of one document, from its marked raw text."""
    known = known_words(plain_text)
    decided = 0

    def joined(lines: list[str]) -> str:
        nonlocal decided
        decided += sum(1 for a, b in itertools.pairwise(lines) if a.rstrip().endswith("-") and b.strip())
        return join_lines(lines, known, lang)

    blocks, (heads, feet), objects = parse(raw_marked, joined)
    return blocks, heads, feet, objects, decided


# ---------------------------------------------------------------- one document


def _pdftotext(args: list[str], cwd: Path) -> str:
    p = subprocess.run(["pdftotext", "-enc", "UTF-8", *args, "-"], cwd=cwd, capture_output=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"pdftotext failed: {p.stderr.decode('utf-8', 'replace').strip()[:200]}")
    return p.stdout.decode("utf-8", "replace")


@cache
def producer() -> str:
    p = subprocess.run(["pdflatex", "--version"], capture_output=True, text=True)
    return p.stdout.splitlines()[0] if p.returncode == 0 and p.stdout else "pdfTeX"


def build_one(src: Source, half: str, out: Path) -> dict[str, object] | str:
    """Print one LaTeX document twice and write its files; its manifest row, or why it was left out."""
    doc_id = f"{src.key}--pdflatex"
    folder = out / src.family
    stem = folder / doc_id
    stamp = f"{src.text_sha256} {MARKS_SHA256}"
    failed = stem.with_suffix(".failed")
    if failed.exists():  # failed before: again only if the layout check changed and it failed that
        stamped, _, reason = failed.read_text(encoding="utf-8").partition("\n")
        layout = "markers moved" in reason
        if stamped.split()[:2] == stamp.split() and (not layout or stamped.endswith(f" {ACCEPT_VERSION}")):
            return reason.strip()
    kept = [stem.with_suffix(x) for x in (".pdf", ".pdftotext.txt", ".marked.txt", ".stamp")]
    printed = kept[-1].read_text(encoding="utf-8").split("\n") if all(f.exists() for f in kept) else []
    if printed[:1] == [stamp]:
        errors = int(printed[1])
    else:
        for old_file in folder.glob(f"{doc_id}.*"):  # a document that fails now leaves no files of before
            old_file.unlink()
        got = _print(src, doc_id, folder)
        if isinstance(got, str):
            folder.mkdir(parents=True, exist_ok=True)
            failed.write_text(f"{stamp} {ACCEPT_VERSION}\n{got}\n", encoding="utf-8")
            return got
        errors = got
        stem.with_suffix(".stamp").write_text(f"{stamp}\n{errors}\n", encoding="utf-8")
    return describe(src, half, stem, errors)


def _print(src: Source, doc_id: str, folder: Path) -> int | str:
    """Print the document as is and marked, check the layout, keep the files; TeX's errors, or why not."""
    with tempfile.TemporaryDirectory(prefix="srtext-latex-") as t:
        tmp = Path(t)
        try:
            plain, marked, errors = print_twice(src, tmp)
            same, moved = same_layout(
                _pdftotext(["-bbox", plain.name], plain.parent),
                _pdftotext(["-bbox", marked.name], marked.parent),
            )
            if not same:
                return f"{doc_id}: the markers moved {moved} lines (layout not the same): left out"
            if "QXZS" not in _pdftotext(["-raw", marked.name], marked.parent):
                return f"{doc_id}: no paragraph markers in the marked print (the class sets its own)"
            default = _pdftotext([plain.name], plain.parent)
            bbox = _pdftotext(["-bbox-layout", plain.name], plain.parent)
            raw_marked = raw_text(_pdftotext(["-raw", "-bbox", marked.name], marked.parent))
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
            return f"{doc_id}: {e}"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(plain, folder / f"{doc_id}.pdf")
        (folder / f"{doc_id}.pdftotext.txt").write_text(default, encoding="utf-8")
        (folder / f"{doc_id}.bbox.html").write_text(bbox, encoding="utf-8")
        (folder / f"{doc_id}.marked.txt").write_text(raw_marked, encoding="utf-8")
    return errors


def describe(src: Source, half: str, stem: Path, errors: int) -> dict[str, object] | str:
    """Read a printed document's truth from its files and write its truth and json; its manifest row."""
    from corpora.real.check import check, words

    doc_id = stem.name
    default = stem.with_suffix(".pdftotext.txt").read_text(encoding="utf-8")
    pages = default.count("\f")
    blocks, heads, feet, objects, decided = truth(
        stem.with_suffix(".marked.txt").read_text(encoding="utf-8"), default, src.language
    )
    text = [b[2] for b in blocks if b[0] not in NOT_BODY]
    stem.with_suffix(".json").unlink(missing_ok=True)
    if sum(len(words(x)) for x in text) < 100:
        return f"{doc_id}: fewer than 100 words of paragraphs: left out"
    share, missing = check(text, default)
    stem.with_suffix(".truth.txt").write_text("".join(x + "\n" for x in text), encoding="utf-8")
    sha = hashlib.sha256(stem.with_suffix(".pdf").read_bytes()).hexdigest()
    rel = (
        str(src.path.relative_to(DOC.parent.parent.parent))
        if src.path.is_relative_to(DOC.parent.parent.parent)
        else str(src.path)
    )
    row: dict[str, object] = {
        "id": doc_id,
        "family": src.family,
        "source": src.package,
        "file": "/" + rel if not rel.startswith("/") else rel,
        "renderer": producer(),
        "language": src.language,
        "licence": src.licence,
        "split": half,
        "pages": pages,
        "words": sum(len(words(x)) for x in text),
        "sha256": sha,
        "truth_check": f"{share:.4f}",
    }
    meta = {
        "name": doc_id,
        "family": src.family,
        "language": src.language,
        "split": "tune" if half == "tuning" else "validate",
        "pages": pages,
        "source": src.package,
        "file": row["file"],
        "tex_package": src.tlpkg,
        "licence": src.licence,
        "renderer": row["renderer"],
        "title": next((b[2] for b in blocks if b[0] in ("front", "heading")), src.key)[:80],
        "text_sha256": src.text_sha256,
        "marks_sha256": MARKS_SHA256,
        "tex_errors": errors,
        "hyphens_decided": decided,
        "truth_check": round(share, 4),
        "truth_missing": missing,
        "headings": [b[2] for b in blocks if b[0] == "heading"],
        "captions": [b[2] for b in blocks if b[0] == "caption"],
        "footnotes": [b[2] for b in blocks if b[0] == "footnote"],
        "headers": list(dict.fromkeys(heads)),
        "footers": list(dict.fromkeys(feet)),
        "objects": objects + [x for b in blocks if b[0] in NOT_TRUTH for x in b[2].split("\n") if x.strip()],
        "blocks": [list(b) for b in blocks],
        "row": row,
    }
    text_json = json.dumps(meta, ensure_ascii=False, indent=1) + "\n"
    stem.with_suffix(".json").write_text(text_json, encoding="utf-8")
    return row

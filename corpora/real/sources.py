"""The texts of the real corpus: documents other people wrote, as block trees.

Four sources, each read from a package as published (the manifest records the
package, its version and the file):

* ``pypi-md``, ``pypi-rst``: the long description (the README) in the metadata
  of the wheels pinned in ``corpora/real/pypi.txt``; Markdown through
  markdown-it-py (CommonMark with tables and strikethrough, raw HTML kept),
  reStructuredText through docutils (its HTML5 writer);
* ``debian-reference``: the Debian Reference (Debian's ``debian-reference-*``
  packages), one document per top-level section of a chapter, in nine languages;
* ``debian-handbook``: the Debian Administrator's Handbook (``debian-handbook``),
  one document per section file, in several languages;
* ``python-docs``: Python's tutorial and HOWTOs (``python3.11-doc``), a page each.

A document longer than ``MAX_WORDS`` is cut after the top-level block that
reaches it (whole blocks only, so the truth stays exact).
"""

from __future__ import annotations

import email.parser
import hashlib
import re
import subprocess
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from corpora.real.blocks import Block, Node, dom, leaves, parse, words_of

MAX_WORDS = 2500
MIN_WORDS = 250
HERE = Path(__file__).resolve().parent
DEBREF = Path("/usr/share/debian-reference")
HANDBOOK = Path("/usr/share/doc/debian-handbook/html")
PYDOCS = Path("/usr/share/doc/python3.11/html")
#: Debian Reference's file suffixes and their BCP 47 tags.
DEBREF_LANGS = {
    "en": "en", "de": "de", "es": "es", "fr": "fr", "it": "it", "ja": "ja", "pt": "pt",
    "zh-cn": "zh-CN", "zh-tw": "zh-TW",
}  # fmt: skip
#: The handbook's folders and their BCP 47 tags (Arabic and Persian left out: pdftotext writes
#: right-to-left text in visual order, so the truth check cannot hold).
HANDBOOK_LANGS = {
    "en-US": "en", "de-DE": "de", "fr-FR": "fr", "es-ES": "es", "it-IT": "it", "ja-JP": "ja",
    "pt-BR": "pt-BR", "ru-RU": "ru", "zh-CN": "zh-CN", "nl-NL": "nl", "pl-PL": "pl",
}  # fmt: skip


@dataclass
class Text:
    """One document's text: where it comes from and its blocks."""

    key: str  # a stable id stem, e.g. pypi-md-requests
    source: str  # package and version, e.g. "pypi:requests==2.32.3"
    file: str  # the file inside the package
    licence: str
    language: str  # BCP 47
    title: str
    tree: Block
    text_sha256: str  # of the text read (the README, the HTML page)


def _sha(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def _cut(tree: Block, limit: int = MAX_WORDS) -> Block:
    """The first top-level blocks of ``tree`` up to about ``limit`` words."""
    kept: list[Block] = []
    n = 0
    for c in tree.children:
        if n >= limit:
            break
        kept.append(c)
        n += words_of(c)
    # A heading left last, with nothing under it, goes too.
    while kept and kept[-1].kind == "heading":
        kept.pop()
    return Block("root", children=kept)


def _title(tree: Block, default: str) -> str:
    for b in leaves(tree):
        if b.kind == "heading":
            return b.text[:80]
    return default


# ---------------------------------------------------------------- PyPI READMEs


def pins(path: Path = HERE / "pypi.txt") -> list[tuple[str, str]]:
    """(name, version) of each pinned package."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            out.append((name.strip(), version.strip()))
    return out


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheels(dirs: list[Path]) -> dict[tuple[str, str], Path]:
    """Each (normalised name, version) of the wheels in ``dirs``."""
    found: dict[tuple[str, str], Path] = {}
    for d in dirs:
        for w in sorted(d.glob("*.whl")):
            parts = w.name.split("-")
            if len(parts) >= 5:
                found.setdefault((_norm(parts[0]), parts[1]), w)
    return found


def _licence(m: email.message.Message) -> str:
    expr = m.get("License-Expression")
    if expr:
        return str(expr)
    lic = str(m.get("License") or "").strip()
    if lic and "\n" not in lic and len(lic) < 60 and lic.upper() != "UNKNOWN":
        return lic
    for c in m.get_all("Classifier") or []:
        if str(c).startswith("License ::"):
            return str(c).split("::")[-1].strip()
    return "see package"


def markdown_html(text: str) -> str:
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(text))


def rst_html(text: str) -> str:
    from docutils.core import publish_parts  # type: ignore[import-untyped]

    settings = {
        "report_level": 5,
        "halt_level": 5,
        "raw_enabled": False,
        "file_insertion_enabled": False,
        "syntax_highlight": "none",
        "doctitle_xform": False,
        "warning_stream": False,
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(publish_parts(text, writer_name="html5", settings_overrides=settings)["body"])


def _language(tree: Block) -> str:
    """The README's language: Chinese or Japanese when most letters say so, else English."""
    text = " ".join(b.text for b in leaves(tree) if b.kind != "code")
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "en"
    kana = sum("\u3040" <= c <= "\u30ff" for c in letters)
    han = sum("\u4e00" <= c <= "\u9fff" for c in letters)
    if kana > len(letters) / 20:
        return "ja"
    return "zh" if han > len(letters) / 4 else "en"


def pypi(dirs: list[Path]) -> Iterator[Text]:
    """The READMEs of the pinned packages found in ``dirs``; a missing one is reported."""
    have = wheels(dirs)
    for name, version in pins():
        w = have.get((_norm(name), version))
        if w is None:
            print(f"real: pypi: {name}=={version}: no wheel in {', '.join(map(str, dirs))}")
            continue
        with zipfile.ZipFile(w) as z:
            meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
            raw = z.read(meta).decode("utf-8", "replace")
        m = email.parser.Parser().parsestr(raw)
        body = m.get_payload()
        if not isinstance(body, str):
            continue
        kind = str(m.get("Description-Content-Type") or "").split(";")[0].strip()
        if kind == "text/markdown":
            fmt, page = "md", markdown_html(body)
        elif kind == "text/x-rst":
            fmt, page = "rst", rst_html(body)
        else:
            continue
        tree = _cut(parse(page))
        if words_of(tree) < MIN_WORDS:
            continue
        yield Text(
            f"pypi-{fmt}-{_norm(name)}",
            f"pypi:{name}=={version}",
            f"{w.name}:{meta}",
            _licence(m),
            _language(tree),
            _title(tree, name),
            tree,
            _sha(body),
        )


# ---------------------------------------------------------------- Debian's HTML


def _deb_version(package: str) -> str:
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    return out.stdout.strip() or "?"


def _find(node: Node, want: str, cls: str | None = None) -> Iterator[Node]:
    """Elements named ``want`` (with the class ``cls``) under ``node``, outermost first."""
    for c in node.children:
        if isinstance(c, Node):
            if c.tag == want and (cls is None or cls in c.attrs.get("class", "").split()):
                yield c
            else:
                yield from _find(c, want, cls)


def _drop(node: Node, classes: set[str]) -> Node:
    """``node`` without the elements of the given classes (navigation, tables of contents, index marks)."""
    node.children = [
        _drop(c, classes) if isinstance(c, Node) else c
        for c in node.children
        if not (isinstance(c, Node) and classes & set(c.attrs.get("class", "").split()))
    ]
    return node


def debian_reference(every: int = 6) -> Iterator[Text]:
    """Every ``every``-th top-level section of the Debian Reference, in each language (the same ones)."""
    for suffix, lang in DEBREF_LANGS.items():
        package = f"debian-reference-{suffix}"
        version = _deb_version(package)
        n = 0
        for f in sorted(DEBREF.glob(f"ch[0-9][0-9].{suffix}.html")):
            page = f.read_text(encoding="utf-8")
            root = _drop(dom(page), {"toc", "navheader", "navfooter", "footnotes", "indexterm"})
            chapter = next(_find(root, "div", "chapter"), None)
            if chapter is None:
                continue
            for sect in (c for c in chapter.children if isinstance(c, Node) and c.tag == "div"):
                if "section" not in sect.attrs.get("class", "").split():
                    continue
                n += 1
                if n % every:
                    continue
                tree = _cut(parse(sect))
                if words_of(tree) < MIN_WORDS:
                    continue
                yield Text(
                    f"debian-reference-{suffix}-{f.name[:4]}-{n:03d}",
                    f"debian:{package}={version}",
                    str(f),
                    "GPL-2+",
                    lang,
                    _title(tree, f.name),
                    tree,
                    _sha(page),
                )


def debian_handbook(every: int = 12) -> Iterator[Text]:
    """Every ``every``-th section file of the Debian Administrator's Handbook, in each language."""
    version = _deb_version("debian-handbook")
    files = sorted(p.name for p in (HANDBOOK / "en-US").glob("sect.*.html"))[::every]
    for folder, lang in HANDBOOK_LANGS.items():
        for name in files:
            f = HANDBOOK / folder / name
            if not f.exists():
                continue
            page = f.read_text(encoding="utf-8")
            root = _drop(dom(page), {"docnav", "indexterm", "toc", "footnotes"})
            sect = next(_find(root, "div", "section"), None)
            if sect is None:
                continue
            tree = _cut(parse(sect))
            if words_of(tree) < MIN_WORDS:
                continue
            yield Text(
                f"debian-handbook-{folder.lower()}-{name[5:-5].replace('.', '-')}",
                f"debian:debian-handbook={version}",
                str(f),
                "GPL-2+ or CC-BY-SA-3.0",
                lang,
                _title(tree, name),
                tree,
                _sha(page),
            )


def python_docs() -> Iterator[Text]:
    """Python's tutorial and HOWTO pages (their index pages left out)."""
    version = _deb_version("python3.11-doc")
    for part in ("tutorial", "howto"):
        for f in sorted((PYDOCS / part).glob("*.html")):
            if f.name == "index.html":
                continue
            page = f.read_text(encoding="utf-8")
            root = _drop(dom(page), {"headerlink", "toctree-wrapper"})
            main = next((n for n in _find(root, "div", "body") if n.attrs.get("role") == "main"), None)
            if main is None:
                continue
            tree = _cut(parse(main))
            if words_of(tree) < MIN_WORDS:
                continue
            yield Text(
                f"python-docs-{part}-{f.stem}",
                f"debian:python3.11-doc={version}",
                str(f),
                "PSF-2.0",
                "en",
                _title(tree, f.stem),
                tree,
                _sha(page),
            )

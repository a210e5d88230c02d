"""One-page documents with headers and footers (issue 31): the real corpus's texts cut to one page.

    python -m corpora.real.onepage [--out corpora/real/onepage] [--wheels DIR] [--jobs 2] [--only FAMILY]
        [--limit N] [--sample corpora/real/sample]

A one-page document has no running head to find by repetition: what is at its
top and foot must be told from its place, its type and its words alone.  This
builder takes the real corpus's texts (corpora/real/sources.py), keeps of each
a prefix of whole blocks (paragraphs, list items, whole tables) that the
renderer prints on one page, and prints it with a header and a footer of one
of several kinds, chosen per document from a hash of its key (so a build gives
the same choice again):

* ``onepage-weasy`` (tuning): WeasyPrint, A4 or Letter, margins of 12-30 mm,
  serif or sans serif 9.5-12 pt, justified or ragged; ``@page`` margin boxes at
  the top (the title, a stamp, a date, a reference number, a line that reads
  like prose) and the foot (``Page 1 of 1``, ``1``, ``- 1 -``, ``1/1``, a URL, a
  date, a copyright or confidentiality line), one to three of them;
* ``onepage-writer`` (tuning): LibreOffice Writer (corpora/real/writer.py) with
  the same kinds of header and footer text, two page looks;
* ``onepage-chromium`` (validation): headless Chromium's own print header and
  footer (``--print-to-pdf`` without ``--no-pdf-header-footer``): the date and
  the page's title at the top, its URL and ``1/1`` at the foot.  The page is
  served from a local HTTP server under a made-up host name
  (``--host-resolver-rules``) so the URL printed is a web address, and the clock
  is set per document by ``faketime`` so the date printed is the same again;
* ``onepage-weasy-memo`` (validation): WeasyPrint, the Debian Reference's texts
  (kept for evaluation), with header and footer texts of other wordings than
  the tuning families' (a memo's and a report's).

Each document's json records ``headers`` and ``footers`` as the corpus does: the
strings printed in the page's top and bottom margins, read back from the PDF's
words (``pdftotext -bbox``) above the body's top edge and below its foot, so
they are what is on the page (Chromium shortens a long title or URL with an
ellipsis).  The truth is the kept blocks' text, exact as in the rest of the real
corpus (corpora/real/blocks.py).  A text whose first blocks do not fit on one
page is left out.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import hashlib
import html
import http.server
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from corpora.real import build, render, sources, writer
from corpora.real.blocks import LEAF, Block, leaves, to_html, words_of
from corpora.real.check import check, words
from corpora.real.timed import run_killed_after

HERE = Path(__file__).resolve().parent
FAMILIES = ("onepage-weasy", "onepage-writer", "onepage-chromium", "onepage-weasy-memo")
#: Containers never cut inside (a table's rows, a figure and its caption).
WHOLE = frozenset({"table", "figure", "row"})
MM = 72 / 25.4


def _h(key: str, salt: str) -> int:
    return int(hashlib.sha256(f"{salt}:{key}".encode()).hexdigest()[:12], 16)


def pick(key: str, salt: str, options: list[str] | tuple[str, ...]) -> str:
    """One of ``options``, the same for the same key and salt.

    >>> pick("a", "x", ["p", "q", "r"]) == pick("a", "x", ["p", "q", "r"])
    True
    """
    return options[_h(key, salt) % len(options)]


def between(key: str, salt: str, lo: float, hi: float, step: float = 1) -> float:
    """A number from lo to hi by ``step``, the same for the same key and salt."""
    n = round((hi - lo) / step) + 1
    return lo + step * (_h(key, salt) % n)


# ---------------------------------------------------------------- cutting to a page


def _count(b: Block) -> int:
    return sum(1 for _ in leaves(b))


def prefix(b: Block, n: int) -> tuple[Block | None, int]:
    """The first ``n`` leaves of ``b`` as a tree of whole blocks (a table whole or not at all); leaves left.

    >>> from corpora.real.blocks import parse
    >>> t = parse('<h1>T</h1><p>a b</p><ul><li>x</li><li>y</li></ul><p>c</p>')
    >>> [x.text for x in leaves(prefix(t, 3)[0])]
    ['T', 'a b', 'x']
    """
    if (b.kind in LEAF and not b.children) or b.kind in WHOLE:
        size = _count(b)
        return (b, n - size) if size <= n else (None, n)
    kept: list[Block] = []
    own = 1 if b.kind in LEAF else 0
    if own > n:
        return None, n
    n -= own
    for c in b.children:
        got, n = prefix(c, n)
        if got is None:
            break
        kept.append(got)
        if got is not c:
            break
    if not kept and not own:
        return None, n
    return dataclasses.replace(b, children=kept), n


def cut(tree: Block, n: int) -> Block | None:
    """The first ``n`` leaves of the tree, less a heading, label or term left last (nothing under it)."""
    while n > 0:
        got, _ = prefix(tree, n)
        if got is None:
            return None
        last = list(leaves(got))
        if last and last[-1].kind in ("heading", "label", "term", "picture"):
            n -= 1
            continue
        return got if last else None
    return None


def leaves_for(tree: Block, target: int) -> int:
    """How many leaves hold about ``target`` words (at least one)."""
    total, n = 0, 0
    for b in leaves(tree):
        n += 1
        if b.kind not in ("code", "cell"):
            total += len(b.text.split())
        if total >= target:
            break
    return max(n, 1)


# ---------------------------------------------------------------- headers and footers

STAMPS = [
    "CONFIDENTIAL", "DRAFT", "Internal use only", "DRAFT - not for distribution", "For review",
    "Preliminary", "Working copy",
]  # fmt: skip
DATES = [
    "14 March 2024", "2024-03-14", "March 2024", "Updated 2 September 2023", "Rev. 3, 11/2023",
    "5 June 2025", "2023-01-30", "October 12, 2024", "Last revised: 2024-07-01",
]  # fmt: skip
REFS = [
    "Ref. OPS-2024-017", "Doc. no. TN-0142 rev. B", "Technical note 7", "Handout 3", "Release notes",
    "Section 4.2", "Issue 12", "Knowledge base article KB1193",
]  # fmt: skip
PROSE_HEADS = [
    "Notes prepared for the release review meeting", "A short guide for new contributors",
    "Summary of the discussion held on Tuesday", "Reading list for the spring term",
    "Material for the onboarding session of the operations team",
]  # fmt: skip
CONFIDENTIAL_FEET = [
    "This document is confidential and intended solely for the use of the addressee.",
    "Copyright 2024 the authors. Distributed under the terms of the project's licence.",
    "Printed copies are uncontrolled; check the online version before use.",
    "All rights reserved. Do not copy or forward without permission.",
]  # fmt: skip
#: A letterhead's two lines (onepage-weasy): a body's name over its address.
ORGS = [
    "The Harbour Software Cooperative", "Northfield Library Services", "Example Project Foundation",
    "Department of Systems and Networks", "Riverside Community Trust",
]  # fmt: skip
ADDRESSES = [
    "12 Quay Street, Portsmouth PO1 2AB - info@example.org", "PO Box 4410, 1001 Lausanne",
    "Building 3, Science Park Road, Cambridge", "Tel. +44 20 7946 0000 - www.example.org",
]  # fmt: skip
#: The validation memo family's own wordings (never seen by the tuning families).
MEMO_HEADS = [
    "MEMORANDUM", "Project status report", "Meeting minutes, 9 May", "Confidential - restricted circulation",
    "Q3 2024 planning", "Prepared by the systems group for the steering committee",
]  # fmt: skip
MEMO_FEET = [
    "Sheet 1 of 1", "p. 1", "[1]", "Distribution: staff only", "Version 2.1 - 2024-11-05",
    "Questions about this memo should go to the systems group mailbox.",
    "https://intranet.example.com/memos/2024/118", "Page 1/1",
]  # fmt: skip


def url_of(key: str) -> str:
    """A web address for the document, as a page printed from the web would show."""
    if key.startswith("pypi-"):
        return f"https://pypi.example.org/project/{key.split('-', 2)[2]}/"
    if key.startswith("python-docs-"):
        part, _, page = key[len("python-docs-") :].partition("-")
        return f"https://docs.example.org/3/{part}/{page}.html"
    return f"https://wiki.example.net/{key}.html"


def head_foot(key: str, title: str, family: str) -> tuple[list[str], list[str]]:
    """The header boxes and footer boxes (text, ``{n}``/``{N}`` for the page number and count)."""
    t = title[:60]
    if family == "onepage-weasy-memo":
        heads = [pick(key, "mh", MEMO_HEADS)]
        if _h(key, "mh2") % 3 == 0:
            heads.append(pick(key, "md", DATES))
        feet = [pick(key, "mf", MEMO_FEET)]
        if _h(key, "mf2") % 3 == 0:
            feet.append(t)
        return heads, feet
    head_kinds = ["title", "stamp", "date", "ref", "prose", "title+date", "stamp+ref", "none"]
    if family == "onepage-writer":
        head_kinds = head_kinds[:5]
    kind = pick(key, "hk", head_kinds)
    heads = {
        "title": [t],
        "stamp": [pick(key, "st", STAMPS)],
        "date": [pick(key, "dt", DATES)],
        "ref": [pick(key, "rf", REFS)],
        "prose": [pick(key, "pr", PROSE_HEADS)],
        "title+date": [t, pick(key, "dt", DATES)],
        "stamp+ref": [pick(key, "st", STAMPS), pick(key, "rf", REFS)],
        "none": [],
    }[kind]
    if family == "onepage-weasy" and _h(key, "letterhead") % 5 == 0:  # a letterhead: two lines, one box
        heads = [f"{pick(key, 'org', ORGS)}\n{pick(key, 'addr', ADDRESSES)}"]
    foot_kinds = ["page of", "n", "dash", "slash", "page n", "url", "url+n", "date", "legal", "legal+n"]
    if family == "onepage-writer":
        foot_kinds = ["page of", "n", "page n", "url", "legal", "date"]
    kind = pick(key, "fk", foot_kinds)
    feet = {
        "page of": ["Page {n} of {N}"],
        "n": ["{n}"],
        "dash": ["- {n} -"],
        "slash": ["{n}/{N}"],
        "page n": ["Page {n}"],
        "url": [url_of(key)],
        "url+n": [url_of(key), "{n}"],
        "date": [pick(key, "dt2", DATES)],
        "legal": [pick(key, "lg", CONFIDENTIAL_FEET)],
        "legal+n": [pick(key, "lg", CONFIDENTIAL_FEET), "Page {n}"],
    }[kind]
    return heads, feet


def _css_content(s: str) -> str:
    if "\n" in s:  # lines of one box (with white-space: pre)
        return ' "\\A" '.join(_css_content(x) for x in s.split("\n"))
    parts = re.split(r"(\{[nN]\})", s)
    out = []
    for p in parts:
        if p == "{n}":
            out.append("counter(page)")
        elif p == "{N}":
            out.append("counter(pages)")
        elif p:
            out.append(f'"{render.css_string(p)}"')
    return " ".join(out)


def weasy_page(tree: Block, key: str, title: str, language: str, family: str) -> str:
    """The HTML WeasyPrint prints: a varied page with its header and footer in ``@page`` margin boxes."""
    heads, feet = head_foot(key, title, family)
    paper = pick(key, "paper", ["A4", "Letter"])
    top, bottom = between(key, "mt", 14, 30), between(key, "mb", 14, 30)
    side = between(key, "ms", 15, 30)
    size = between(key, "fs", 9.5, 12, 0.5)
    small = pick(key, "hs", ["same", "small", "small", "smaller"])
    fsize = {"same": size, "small": size - 1.5, "smaller": max(7.0, size - 3)}[small]
    font = pick(key, "font", [render.SANS, render.SERIF])
    align = pick(key, "align", ["justify", "left"])
    line = between(key, "lh", 1.25, 1.5, 0.05)
    style = pick(key, "hstyle", ["", "font-style: italic;", "font-weight: bold;", "color: #555;"])
    where_h = pick(key, "hw", ["top-center", "top-left", "top-right"])
    where_f = pick(key, "fw", ["bottom-center", "bottom-left", "bottom-right"])
    boxes = []
    for text, at in zip(
        heads, [where_h, "top-right" if where_h != "top-right" else "top-left"], strict=False
    ):
        pre = " white-space: pre;" if "\n" in text else ""
        boxes.append(f"@{at} {{ content: {_css_content(text)}; font-size: {fsize}pt; {style}{pre} }}")
    for text, at in zip(
        feet, [where_f, "bottom-right" if where_f != "bottom-right" else "bottom-left"], strict=False
    ):
        boxes.append(f"@{at} {{ content: {_css_content(text)}; font-size: {fsize}pt; }}")
    css = (
        f"@page {{ size: {paper}; margin: {top}mm {side}mm {bottom}mm; {' '.join(boxes)} }}\n"
        f"html {{ font-family: {font}; font-size: {size}pt; line-height: {line}; }}\n"
        f"p, li, dd {{ text-align: {align}; }}\np {{ margin: 0.5em 0; }}\n"
    )
    body = to_html(tree)
    css += render._starts(body)
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>\n<style>{render.COMMON}{css}</style></head>\n<body>\n{body}\n</body></html>\n"
    )


def chromium_page(tree: Block, key: str, title: str, language: str) -> str:
    """The HTML Chromium prints; its header and footer are Chromium's own (date, title, URL, 1/1)."""
    top, bottom = between(key, "mt", 12, 25), between(key, "mb", 12, 25)
    side = between(key, "ms", 12, 25)
    size = between(key, "fs", 10, 12, 0.5)
    css = render.STYLES["chromium"].replace("SANS", render.SANS).replace("11pt", f"{size}pt")
    css = css.replace("margin: 18mm;", f"margin: {top}mm {side}mm {bottom}mm;")
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>\n<style>{render.COMMON}{css}</style></head>\n<body>\n"
        f"{to_html(tree)}\n</body></html>\n"
    )


def writer_look(key: str, title: str) -> writer.Look:
    heads, feet = head_foot(key, title, "onepage-writer")
    base = writer.LOOKS[pick(key, "look", list(writer.WRITERS))]
    return dataclasses.replace(
        base,
        header=bool(heads),
        header_text=heads[0] if heads else "",
        header_align=pick(key, "ha", ["center", "start", "end"]),
        footer=feet[0],
        footer_align=pick(key, "fa", ["center", "start", "end"]),
        size=between(key, "fs", 10, 12, 0.5),
    )


# ---------------------------------------------------------------- printing


@contextlib.contextmanager
def served(folder: Path) -> Iterator[int]:
    """A local HTTP server of ``folder`` on a free port, for as long as the block runs."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a: object, **k: object) -> None:
            super().__init__(*a, directory=str(folder), **k)  # type: ignore[arg-type]

        def log_message(self, *a: object) -> None:
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield srv.server_address[1]
    finally:
        srv.shutdown()
        srv.server_close()


def chromium_print(src: Path, pdf: Path, key: str, timeout: int = 90) -> None:
    """Chromium's print with its header and footer, from a made-up web address, the clock set per document."""
    exe = next((x for x in render.CHROMIUM if shutil.which(x)), None)
    if exe is None or shutil.which("faketime") is None:
        raise RuntimeError("chromium or faketime not found")
    day = 1 + _h(key, "day") % 28
    month = 1 + _h(key, "month") % 12
    hour, minute = _h(key, "hour") % 24, _h(key, "min") % 60
    clock = f"@{2020 + _h(key, 'year') % 6}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:00"
    url = url_of(key).replace("https://", "http://")
    host, _, path = url[len("http://") :].partition("/")
    target = src.parent / path if not path.endswith("/") else src.parent / path / "index.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(src, target)
    with served(src.parent) as port, tempfile.TemporaryDirectory() as profile:
        cmd = [
            "faketime", "-f", clock, exe, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", f"--user-data-dir={profile}",
            f"--host-resolver-rules=MAP {host} 127.0.0.1:{port}",
            f"--print-to-pdf={pdf}", url,
        ]  # fmt: skip
        run_killed_after(cmd, timeout, "chromium", {**os.environ, "TZ": "UTC"})
    if not pdf.exists() or pdf.stat().st_size == 0:
        raise RuntimeError("chromium wrote no PDF")
    render.fixed_dates(pdf)


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def margins_text(bbox: str, top_pt: float, bottom_pt: float) -> tuple[list[str], list[str]]:
    """The lines printed above ``top_pt`` and below the page's height less ``bottom_pt`` (pdftotext -bbox).

    >>> w = '<word xMin="{}" yMin="{}" xMax="{}" yMax="{}">{}</word>'.format
    >>> page = '<page width="600" height="800">' + w(50, 20, 90, 28, "3/14/24,") + w(92, 20, 120, 28, "10:30")
    >>> page += w(300, 20, 340, 28, "Title") + w(60, 100, 90, 110, "Body") + w(290, 780, 300, 788, "1/1")
    >>> margins_text(page, 40, 30)
    (['3/14/24, 10:30', 'Title'], ['1/1'])
    """
    m = _PAGE.search(bbox)
    if m is None:
        return [], []
    height = float(m.group(2))
    top: dict[int, list[tuple[float, float, str]]] = {}
    foot: dict[int, list[tuple[float, float, str]]] = {}
    for w in _WORD.finditer(bbox):
        x0, y0, x1, y1 = (float(w.group(k)) for k in range(1, 5))
        word = (x0, x1, html.unescape(w.group(5)))
        if y1 <= top_pt:
            top.setdefault(round(y0), []).append(word)
        elif y0 >= height - bottom_pt:
            foot.setdefault(round(y0), []).append(word)

    def boxes(rows: dict[int, list[tuple[float, float, str]]]) -> list[str]:
        # Words of one row more than 24 pt apart are two boxes (Chromium's date and title).
        out = []
        for _y, ws in sorted(rows.items()):
            ws.sort()
            run = [ws[0]]
            for prev, cur in itertools.pairwise(ws):
                if cur[0] - prev[1] > 24:
                    out.append(" ".join(t for _, _, t in run))
                    run = []
                run.append(cur)
            out.append(" ".join(t for _, _, t in run))
        return out

    return boxes(top), boxes(foot)


_SPARE_NS = re.compile(r' xmlns:(ns\d+)="[^"]*"')


def unused_namespaces_out(xml: str) -> str:
    """The flat ODT without the namespaces odfpy numbered (``ns42``) that no element or attribute uses.

    odfpy keeps, for the whole process, every namespace any document made so far
    met: which documents a worker printed before would change the file's bytes.

    >>> unused_namespaces_out('<a xmlns:ns4="n" xmlns:ns5="m"><ns5:b/></a>')
    '<a xmlns:ns5="m"><ns5:b/></a>'
    """
    rest = _SPARE_NS.sub("", xml)
    return _SPARE_NS.sub(lambda m: m.group(0) if f"{m.group(1)}:" in rest else "", xml)


def page_of(text: sources.Text, family: str, tree: Block) -> tuple[str, str]:
    if family == "onepage-writer":
        look = writer_look(text.key, text.title)
        return unused_namespaces_out(
            writer.document(tree, text.title, text.language, "writer", look)
        ), ".fodt"
    if family == "onepage-chromium":
        return chromium_page(tree, text.key, text.title, text.language), ".html"
    return weasy_page(tree, text.key, text.title, text.language, family), ".html"


def margins_pt(text: sources.Text, family: str) -> tuple[float, float]:
    """The top and bottom margins (pt) the header and footer are printed in."""
    key = text.key
    if family == "onepage-writer":
        return (
            2.05 / 2.54 * 72,
            2.05 / 2.54 * 72,
        )  # the header's and footer's bands: 1.2 cm margin, 0.6 cm band
    if family == "onepage-chromium":
        return between(key, "mt", 12, 25) * MM, between(key, "mb", 12, 25) * MM
    return between(key, "mt", 14, 30) * MM, between(key, "mb", 14, 30) * MM


def print_one(page: str, suffix: str, family: str, key: str, tmp: Path) -> Path:
    src = tmp / f"doc{suffix}"
    src.write_text(page, encoding="utf-8")
    pdf = tmp / "doc.pdf"
    pdf.unlink(missing_ok=True)
    if family == "onepage-writer":
        writer.soffice(src, pdf)
    elif family == "onepage-chromium":
        chromium_print(src, pdf, key)
    else:
        render.weasyprint(src, pdf)
    return pdf


def build_one(text: sources.Text, family: str, half: str, out: Path) -> dict[str, object] | str:
    """Cut the text to one page, print it, write its files; its manifest row or why it was left out."""
    doc_id = f"{text.key}--{family}"
    folder = out / family
    meta_file = folder / f"{doc_id}.json"
    target = int(between(text.key, "words", 60, 420, 20))
    n = leaves_for(text.tree, target)
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        for _attempt in range(8):
            tree = cut(text.tree, n)
            if tree is None or words_of(tree) < 30:
                return f"{doc_id}: its first blocks do not fit on one page"
            page, suffix = page_of(text, family, tree)
            printed = folder / f"{doc_id}{suffix}"
            with contextlib.suppress(OSError, ValueError, KeyError):
                if meta_file.exists() and printed.read_text(encoding="utf-8") == page:
                    return dict(json.loads(meta_file.read_text(encoding="utf-8"))["row"])
            try:
                pdf = print_one(page, suffix, family, text.key, tmp)
                build.pdftotext([pdf.name, "out.txt"], tmp)
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
                return f"{doc_id}: {e}"
            body = (tmp / "out.txt").read_text(encoding="utf-8")
            pages = body.count("\f")
            if pages == 1:
                break
            shown = len(list(leaves(tree)))
            n = min(n - 1, int(shown * 0.8))
        else:
            return f"{doc_id}: not on one page after 8 cuts"
        build.pdftotext(["-bbox-layout", pdf.name, "bbox.html"], tmp)
        blocks = list(leaves(tree))
        truth = [b.text for b in blocks if b.kind not in build.NOT_TRUTH]
        share, missing = check(truth, body)
        bbox = (tmp / "bbox.html").read_text(
            encoding="utf-8", errors="replace"
        )  # the title in the head may not be UTF-8
        headers, footers = margins_text(bbox, *margins_pt(text, family))
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(pdf, folder / f"{doc_id}.pdf")
        (folder / f"{doc_id}{suffix}").write_text(page, encoding="utf-8")
        shutil.copy(tmp / "bbox.html", folder / f"{doc_id}.bbox.html")
        (folder / f"{doc_id}.pdftotext.txt").write_text(body, encoding="utf-8")
        (folder / f"{doc_id}.truth.txt").write_text("".join(x + "\n" for x in truth), encoding="utf-8")
        sha = hashlib.sha256(pdf.read_bytes()).hexdigest()
    producer = {
        "onepage-writer": writer.producer("writer"),
        "onepage-chromium": render.producer("chromium"),
    }.get(family) or render.producer("weasy-plain").replace("(plain)", "(onepage)")
    row: dict[str, object] = {
        "id": doc_id, "family": family, "source": text.source, "file": text.file, "renderer": producer,
        "language": text.language, "licence": text.licence, "split": half, "pages": 1,
        "words": sum(len(words(x)) for x in truth), "sha256": sha, "truth_check": f"{share:.4f}",
    }  # fmt: skip
    meta = {
        "name": doc_id, "family": family, "language": text.language,
        "split": "tune" if half == "tuning" else "validate", "pages": 1, "source": text.source,
        "file": text.file, "licence": text.licence, "renderer": producer, "title": text.title,
        "text_sha256": text.text_sha256, "truth_check": round(share, 4), "truth_missing": missing,
        "headings": [b.text for b in blocks if b.kind == "heading"],
        "captions": [b.text for b in blocks if b.kind == "caption"],
        "footnotes": [], "headers": headers, "footers": footers,
        "objects": [x for b in blocks if b.kind in build.NOT_TRUTH for x in b.text.split("\n") if x.strip()],
        "blocks": [[b.kind, b.level, b.text] for b in blocks], "row": row,
    }  # fmt: skip
    meta_file.write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return row


def texts_for(family: str, wheel_dirs: list[Path]) -> list[sources.Text]:
    """The texts a family prints: a share of the tuning sources', or the Debian Reference's (memo)."""
    if family == "onepage-weasy-memo":
        return [t for t in sources.debian_reference(every=3) if t.language in ("en", "de", "fr", "es", "it")][
            ::2
        ]
    everything = [*sources.pypi(wheel_dirs), *sources.python_docs(), *sources.debian_handbook()]
    everything = [t for t in everything if not t.key.startswith("debian-handbook") or "-en-us-" in t.key
                  or _h(t.key, "lang") % 4 == 0]  # fmt: skip
    offset = FAMILIES.index(family)
    # WeasyPrint, the quickest to print, takes a third share of the texts.
    shares = (offset, offset + 4, 8) if family == "onepage-weasy" else (offset, offset + 4)
    return [t for t in everything if _h(t.key, "family") % 9 in shares]


def _job(args: tuple[sources.Text, str, str, Path]) -> dict[str, object] | str:
    return build_one(*args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE / "onepage")
    ap.add_argument("--wheels", type=Path, action="append", help="folders holding the pinned wheels")
    ap.add_argument("--only", default="", help="build only the families whose name starts with this")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="at most this many documents a family")
    ap.add_argument("--manifest", type=Path, default=HERE / "onepage-manifest.tsv")
    ap.add_argument("--sample", type=Path, help="copy a small sample of each family here")
    args = ap.parse_args(argv)
    started = time.monotonic()
    half = build.splits()
    wheel_dirs = args.wheels or [HERE / "full" / "wheels"]
    jobs = []
    for family in FAMILIES:
        if family.startswith(args.only):
            got = texts_for(family, wheel_dirs)
            jobs += [(t, family, half[family], args.out) for t in got[: args.limit or None]]
    print(f"onepage: {len(jobs)} documents to build", file=sys.stderr)
    rows: list[dict[str, object]] = []
    failed: list[str] = []
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for n, got in enumerate(pool.map(_job, jobs, chunksize=1), 1):
            if isinstance(got, str):
                failed.append(got)
            else:
                rows.append(got)
            if n % 25 == 0:
                print(f"onepage: {n}/{len(jobs)} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    for f in failed:
        print(f"onepage: left out: {f}", file=sys.stderr)
    built = {j[1] for j in jobs}
    build.write_manifest(build.merge_rows(args.manifest, rows, built), args.manifest)
    if args.sample:
        build.sample(args.out, args.sample, rows)
    families = Counter(str(r["family"]) for r in rows)
    print(
        f"onepage: {len(rows)} documents ({dict(families)}), {len(failed)} left out; "
        f"{time.monotonic() - started:.0f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

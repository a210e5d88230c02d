"""Print a document's blocks with LibreOffice Writer: an OpenDocument text with real paragraph styles.

Word processors lay a page out otherwise than browsers do, and reports,
manuals and forms are mostly printed by them, so the real corpus has a
renderer that is one (issues 30, 31).  The blocks of a text
(corpora/real/blocks.py) are written as a flat OpenDocument text (``.fodt``,
with odfpy) whose paragraphs carry the named styles a Writer user would use
(``Text body``, ``Heading 1`` to ``Heading 4``, ``Caption``, ``Quotations``,
``Preformatted Text``, ``Table Contents``, lists with bullets and numbers), and
LibreOffice headless prints it (``soffice --headless --convert-to pdf``):

* ``writer``: A4, Liberation Serif 11 pt, justified, not hyphenated, each body
  paragraph's first line indented with no space between paragraphs; headings
  in Liberation Sans, bold; the title in the header (italic, centred) and the
  page number centred in the footer;
* ``writer-ragged``: Letter, Carlito 11 pt (Calibri's metrics), ragged right,
  paragraphs apart by space with no indent; no header, ``Page N`` at the foot
  on the right.

Each block is one paragraph (or one list item, one table cell), and its text is
the block's text: the paragraph's white space is collapsed by Writer as the
truth collapses it, a numbered item gets its number from the list (the item's
``start-value``, so the number printed is the truth's), a bullet is not in the
truth.  A table cannot stand in a list item in OpenDocument, so lists are
written flat: each item is a list of its own at its depth, an item's further
paragraphs are indented paragraphs, a table keeps its place in the text.

One ``soffice`` runs at a time (a lock file), with a profile folder of its
own, killed after a time limit; the PDF's dates and identifier are then set
from the document's text, so printing again gives the same bytes.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from corpora.real.blocks import Block
from corpora.real.timed import run_killed_after

WRITERS = ("writer", "writer-ragged")
SOFFICE = ("soffice", "libreoffice")
#: CJK fonts by language: (serif, sans).
CJK = {"ja": "JP", "zh-TW": "TC", "zh-CN": "SC", "zh": "SC"}


@dataclass(frozen=True)
class Look:
    """A renderer's page: paper, fonts, alignment, paragraph spacing and furniture."""

    paper: tuple[str, str]
    margins: tuple[str, str]  # top and bottom, left and right
    font: str
    heading_font: str
    size: float
    align: str  # justify or start
    indent: str  # a body paragraph's first line
    after: str  # space after a body paragraph
    header: bool  # the title at the top of each page
    footer: str  # the page number's text, {n} the number ({N}: the page count)
    footer_align: str
    header_text: str = ""  # the header's text in place of the title (corpora/real/onepage.py)
    header_align: str = "center"


LOOKS = {
    "writer": Look(
        ("21cm", "29.7cm"), ("2cm", "2.2cm"), "Liberation Serif", "Liberation Sans", 11,
        "justify", "0.6cm", "0cm", True, "{n}", "center",
    ),
    "writer-ragged": Look(
        ("21.59cm", "27.94cm"), ("2.54cm", "2.54cm"), "Carlito", "Carlito", 11,
        "start", "0cm", "0.25cm", False, "Page {n}", "end",
    ),
}  # fmt: skip
MONO = "Liberation Mono"
#: Indent of each list level and of each quotation or definition level (cm).
STEP = 0.635
QUOTE = 1.0


def furniture(renderer: str, title: str, pages: int) -> tuple[list[str], list[str]]:
    """(headers, footers): the strings the renderer puts at the top and foot of the pages."""
    look = LOOKS[renderer]
    headers = [title[:70]] if look.header else []
    return headers, [look.footer.format(n=n) for n in range(1, pages + 1)]


def producer(renderer: str) -> str:
    """LibreOffice's name and version, for the manifest."""
    return f"{_version()} ({renderer})"


@functools.cache
def _version() -> str:
    """``LibreOffice 7.4.7.2``: asked once per process (soffice takes a second to answer)."""
    exe = next((x for x in SOFFICE if shutil.which(x)), None)
    name = "LibreOffice"
    if exe is not None:
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=120).stdout
            m = re.search(r"LibreOffice (\S+)", out)
            if m:
                name = f"LibreOffice {m.group(1)}"
    return name


# ---------------------------------------------------------------- the document


class _Doc:
    """The OpenDocument being written, with its styles."""

    def __init__(self, look: Look, title: str, language: str) -> None:
        from odf import style as st  # odfpy: only the build needs it (pip install -e '.[corpus]')
        from odf import text as tx
        from odf.opendocument import OpenDocumentText

        self.st, self.tx = st, tx
        self.look = look
        self.odt = OpenDocumentText()
        self.auto: dict[tuple[str, float], Any] = {}
        cjk = CJK.get(language)
        serif = f"Noto Serif CJK {cjk}" if cjk else "Noto Serif CJK SC"
        sans = f"Noto Sans CJK {cjk}" if cjk else "Noto Sans CJK SC"
        for name, generic in ((look.font, "roman"), (look.heading_font, "swiss"), (MONO, "modern")):
            self._face(name, generic)
        self._face(serif, "roman")
        self._face(sans, "swiss")
        lang, _, country = language.partition("-")
        # The defaults: the body's font, the document's language (Asian text in the CJK font).
        default = st.DefaultStyle(family="paragraph")
        props = {"fontname": look.font, "fontsize": f"{look.size}pt", "fontnameasian": serif}
        props.update(fontsizeasian=f"{look.size}pt", fontsizecomplex=f"{look.size}pt")
        if cjk:
            props.update(languageasian=lang, countryasian=country or {"ja": "JP"}.get(lang, "CN"))
            props.update(language="en", country="US")
        else:
            props.update(language=lang, country=country or "none")
        default.addElement(st.TextProperties(hyphenate="false", **props))
        default.addElement(st.ParagraphProperties(orphans="2", widows="2"))
        self.odt.styles.addElement(default)
        size = look.size
        indent = {"textindent": look.indent} if look.indent != "0cm" else {}
        self.body = self._style(
            "Text_20_body", "Text body", size, align=look.align, after=look.after, **indent
        )
        self.plain = self._style(
            "List_20_Contents", "List Contents", size, align=look.align, after=look.after
        )
        self.item = self._style("List", "List", size, align=look.align, after=look.after)
        self.quote = self._style(
            "Quotations", "Quotations", size, align=look.align, after=look.after, left=f"{QUOTE}cm"
        )
        self.caption = self._style("Caption", "Caption", size - 1, italic=True, before="0.1cm", after="0.2cm")
        self.label = self._style("Label", "Label", size, bold=True, before="0.1cm", after="0.05cm")
        self.term = self._style("Term", "Term", size, bold=True, before="0.1cm", after="0cm")
        self.code = self._style(
            "Preformatted_20_Text", "Preformatted Text", size - 2, font=MONO, before="0.1cm", after="0.2cm",
            background="#f3f3f3",
        )  # fmt: skip
        self.cell = self._style("Table_20_Contents", "Table Contents", size - 1.5)
        self.picture = self._style("Figure", "Figure", size, before="0.1cm", after="0.1cm")
        hsizes = (size + 5, size + 3, size + 1.5, size)
        self.headings = [
            self._style(
                f"Heading_20_{n}", f"Heading {n}", hsizes[n - 1], font=look.heading_font, asian=sans,
                bold=True, italic=n == 4, before="0.45cm" if n < 3 else "0.3cm", after="0.2cm", keep=True,
                outline=n,
            )
            for n in range(1, 5)
        ]  # fmt: skip
        self._spans()
        self.lists = {
            "bullet": self._list("Bullets", numbered=False),
            "number": self._list("Numbers", numbered=True),
        }
        self._page(title)
        self._settings()

    def _settings(self) -> None:
        """Writer's compatibility settings: a line ended by a forced break is not stretched to the margin.

        (Stretched, its last word stands alone at the right margin, and pdftotext reads it
        after the next line: the truth check would fail for the renderer, not the text.)
        """
        from odf import config

        items = config.ConfigItemSet(name="ooo:configuration-settings")
        manual = config.ConfigItem(name="DoNotJustifyLinesWithManualBreak", type="boolean", text="true")
        items.addElement(manual)
        self.odt.settings.addElement(items)

    def _face(self, name: str, generic: str) -> None:
        self.odt.fontfacedecls.addElement(
            self.st.FontFace(name=name, fontfamily=name, fontfamilygeneric=generic, fontpitch="variable")
        )

    def _style(
        self,
        name: str,
        display: str,
        size: float,
        *,
        font: str = "",
        asian: str = "",
        bold: bool = False,
        italic: bool = False,
        align: str = "start",
        before: str = "0cm",
        after: str = "0cm",
        left: str = "0cm",
        textindent: str = "0cm",
        background: str = "",
        keep: bool = False,
        outline: int = 0,
    ) -> Any:
        st = self.st
        kw: dict[str, str] = {"name": name, "displayname": display, "family": "paragraph"}
        if outline:
            kw["defaultoutlinelevel"] = str(outline)
        s = st.Style(**kw)
        pp = {"margintop": before, "marginbottom": after, "marginleft": left, "textindent": textindent}
        pp["textalign"] = align
        if background:
            pp["backgroundcolor"] = background
        if keep:
            pp["keepwithnext"] = "always"
        s.addElement(st.ParagraphProperties(**pp))
        tp = {"fontsize": f"{size}pt", "fontsizeasian": f"{size}pt", "fontsizecomplex": f"{size}pt"}
        if font:
            tp["fontname"] = font
        if asian:
            tp["fontnameasian"] = asian
        if bold:
            tp.update(fontweight="bold", fontweightasian="bold", fontweightcomplex="bold")
        if italic:
            tp.update(fontstyle="italic", fontstyleasian="italic", fontstylecomplex="italic")
        s.addElement(st.TextProperties(**tp))
        self.odt.styles.addElement(s)
        return s

    def _spans(self) -> None:
        """The character styles of the inline elements blocks.py keeps."""
        st = self.st
        props: dict[str, dict[str, str]] = {
            "em": {"fontstyle": "italic", "fontstyleasian": "italic"},
            "strong": {"fontweight": "bold", "fontweightasian": "bold"},
            "code": {"fontname": MONO, "fontsize": "90%"},
            "sub": {"textposition": "sub 58%"},
            "sup": {"textposition": "super 58%"},
            "small": {"fontsize": "85%"},
            "del": {"textlinethroughstyle": "solid", "textlinethroughtype": "single"},
            "u": {"textunderlinestyle": "solid", "textunderlinetype": "single", "textunderlinewidth": "auto"},
            "mark": {"backgroundcolor": "#fff3a0"},
            "a": {"color": "#1a4f9c"},
        }
        self.spans: dict[str, Any] = {}
        for tag, p in props.items():
            s = st.Style(name=f"Span_{tag}", family="text")
            s.addElement(st.TextProperties(**p))
            self.odt.styles.addElement(s)
            self.spans[tag] = s
        grey = st.Style(name="Picture", family="graphic")
        grey.addElement(
            st.GraphicProperties(fill="solid", fillcolor="#d8d8d8", stroke="none", verticalpos="middle")
        )
        self.odt.automaticstyles.addElement(grey)
        self.grey = grey
        cell = st.Style(name="Cell", family="table-cell")
        cell.addElement(st.TableCellProperties(border="0.5pt solid #999999", padding="0.05cm"))
        self.odt.automaticstyles.addElement(cell)
        self.cellstyle = cell

    def _list(self, name: str, numbered: bool) -> Any:
        st, tx = self.st, self.tx
        ls = tx.ListStyle(name=name)
        for level in range(1, 11):
            if numbered:
                lv = tx.ListLevelStyleNumber(level=level, numformat="1", numsuffix=".", displaylevels="1")
            else:
                lv = tx.ListLevelStyleBullet(level=level, bulletchar="•◦▪"[(level - 1) % 3])
            pp = st.ListLevelProperties(listlevelpositionandspacemode="label-alignment")
            pp.addElement(
                st.ListLevelLabelAlignment(
                    labelfollowedby="listtab",
                    listtabstopposition=f"{STEP * level:.3f}cm",
                    textindent=f"-{STEP:.3f}cm",
                    marginleft=f"{STEP * level:.3f}cm",
                )
            )
            lv.addElement(pp)
            ls.addElement(lv)
        self.odt.styles.addElement(ls)
        return ls

    def _page(self, title: str) -> None:
        st, tx, look = self.st, self.tx, self.look
        layout = st.PageLayout(name="Page")
        vertical, horizontal = look.margins
        layout.addElement(
            st.PageLayoutProperties(
                pagewidth=look.paper[0], pageheight=look.paper[1], printorientation="portrait",
                margintop="1.2cm" if look.header else vertical, marginbottom="1.2cm",
                marginleft=horizontal, marginright=horizontal,
            )
        )  # fmt: skip
        # Header and footer sit inside the page's margins: their height and spacing make the rest.
        for kind in ("Header", "Footer"):
            hf = st.HeaderStyle() if kind == "Header" else st.FooterStyle()
            hf.addElement(
                st.HeaderFooterProperties(
                    minheight="0.6cm", margintop="0.5cm" if kind == "Footer" else "0cm",
                    marginbottom="0.5cm" if kind == "Header" else "0cm",
                )
            )  # fmt: skip
            layout.addElement(hf)
        self.odt.automaticstyles.addElement(layout)
        size = self.look.size
        master = st.MasterPage(name="Standard", pagelayoutname=layout)
        if look.header:
            s = self._style("Header", "Header", size - 2, italic=True, align=look.header_align)
            header = st.Header()
            header.addElement(tx.P(stylename=s, text=look.header_text or title[:70]))
            master.addElement(header)
        s = self._style("Footer", "Footer", size - 2, align=look.footer_align)
        p = tx.P(stylename=s)
        for part in re.split(r"(\{[nN]\})", look.footer):
            if part == "{n}":
                p.addElement(tx.PageNumber(selectpage="current", numformat="1", text="1"))
            elif part == "{N}":
                p.addElement(tx.PageCount(numformat="1", text="1"))
            elif part:
                p.addText(part)
        footer = st.Footer()
        footer.addElement(p)
        master.addElement(footer)
        self.odt.masterstyles.addElement(master)

    def indented(self, base: Any, left: float, own: float = 0.0) -> Any:
        """``base`` with its left margin at ``left`` cm (``own``, its style's): an automatic style."""
        if abs(left - own) < 1e-6:
            return base
        key = (base.getAttribute("name"), round(left, 3))
        if key not in self.auto:
            s = self.st.Style(name=f"P{len(self.auto) + 1}", family="paragraph", parentstylename=base)
            s.addElement(self.st.ParagraphProperties(marginleft=f"{left:.3f}cm"))
            self.odt.automaticstyles.addElement(s)
            self.auto[key] = s
        return self.auto[key]


# ---------------------------------------------------------------- inline content


class _Inline(HTMLParser):
    """A block's inline HTML (blocks.py's: kept elements, spans, ``br``, picture boxes) into ODF."""

    def __init__(self, doc: _Doc, para: Any) -> None:
        super().__init__(convert_charrefs=True)
        self.doc = doc
        self.stack = [para]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        tx = self.doc.tx
        a = {k: v or "" for k, v in attrs}
        if tag == "br":
            self.stack[-1].addElement(tx.LineBreak())
            return
        if tag == "span" and a.get("class") == "pic":
            self.stack[-1].addElement(self._box(a.get("style", "")))
            self.stack.append(tx.Span())  # a placeholder, closed by its end tag, never added
            return
        cls = a.get("class") if tag == "span" else tag
        style = self.doc.spans.get(cls or "")
        span = tx.Span(stylename=style) if style is not None else tx.Span()
        self.stack[-1].addElement(span)
        self.stack.append(span)

    def _box(self, css: str) -> Any:
        from odf import draw

        w = re.search(r"width:(\d+)px", css)
        h = re.search(r"height:(\d+)px", css)
        width = int(w.group(1)) * 0.75 if w else 60.0
        height = int(h.group(1)) * 0.75 if h else 10.0
        return draw.Rect(
            stylename=self.doc.grey, anchortype="as-char", width=f"{width:.2f}pt", height=f"{height:.2f}pt"
        )

    def handle_endtag(self, tag: str) -> None:
        if len(self.stack) > 1 and tag != "br":
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if data:
            self.stack[-1].addText(data)


def _fill(doc: _Doc, para: Any, inline: str) -> Any:
    parser = _Inline(doc, para)
    parser.feed(inline)
    parser.close()
    return para


# ---------------------------------------------------------------- blocks


@dataclass
class _Where:
    """Where a block stands: its list depth and its quotation (or definition) depth."""

    lists: int = 0
    quotes: int = 0

    def left(self) -> float:
        return STEP * self.lists + QUOTE * self.quotes


def _write(doc: _Doc, b: Block, where: _Where, out: Any) -> None:
    tx = doc.tx
    k = b.kind
    if k == "heading":
        n = min(max(b.level, 1), 4)
        h = tx.H(outlinelevel=max(b.level, 1), stylename=doc.headings[n - 1])
        out.addElement(_fill(doc, h, b.inline))
    elif k in ("body", "label", "term", "caption", "picture"):
        styles = {"body": doc.body, "label": doc.label, "term": doc.term, "caption": doc.caption}
        base = styles.get(k, doc.picture)
        own = 0.0
        if k == "body" and (where.lists or where.quotes):
            base, own = (doc.plain, 0.0) if where.lists else (doc.quote, QUOTE)
        out.addElement(_fill(doc, tx.P(stylename=doc.indented(base, where.left(), own)), b.inline))
    elif k == "code":
        from odf.teletype import addTextToElement

        p = tx.P(stylename=doc.indented(doc.code, where.left()))
        addTextToElement(p, b.text)
        out.addElement(p)
    elif k == "list":
        ordered = bool(b.attrs.get("ordered"))
        for li in b.children:
            _item(doc, li, ordered, _Where(where.lists + 1, where.quotes), out)
    elif k in ("quote", "note", "dd"):
        for c in b.children:
            _write(doc, c, _Where(where.lists, where.quotes + 1), out)
    elif k == "table":
        _table(doc, b, where, out)
    elif k == "rule":
        out.addElement(tx.P(stylename=doc.indented(doc.picture, where.left())))
    else:  # other containers (dl, figure, li met alone): their children in order
        for c in b.children:
            _write(doc, c, where, out)


def _item(doc: _Doc, li: Block, ordered: bool, where: _Where, out: Any) -> None:
    """A list item: its first paragraph as a list of its own at its depth, the rest indented."""
    tx = doc.tx
    first = li.children[0] if li.children else None
    if first is not None and first.kind == "item":
        style = doc.lists["number" if ordered and li.level else "bullet"]
        outer = tx.List(stylename=style)
        holder = outer
        for _ in range(where.lists - 1):  # the depth: items without a paragraph of their own
            wrap = tx.ListItem()
            holder.addElement(wrap)
            inner = tx.List()
            wrap.addElement(inner)
            holder = inner
        item = tx.ListItem(startvalue=str(li.level)) if ordered and li.level else tx.ListItem()
        item.addElement(_fill(doc, tx.P(stylename=doc.item), first.inline))
        holder.addElement(item)
        out.addElement(outer)
        rest = li.children[1:]
    else:
        rest = li.children
    for c in rest:
        _write(doc, c, where, out)


def _table(doc: _Doc, b: Block, where: _Where, out: Any) -> None:
    from odf import table as tb

    tx, st = doc.tx, doc.st
    for c in b.children:
        if c.kind == "caption":
            _write(doc, c, where, out)
    rows = [r for r in b.children if r.kind == "row"]
    if not rows:
        return
    width = max(len(r.children) for r in rows)
    name = f"Table{sum(1 for _ in _tables(out)) + 1}"
    s = st.Style(name=name, family="table")
    left = where.left()
    s.addElement(st.TableProperties(align="left" if left else "margins", marginleft=f"{left:.3f}cm"))
    doc.odt.automaticstyles.addElement(s)
    t = tb.Table(name=name, stylename=s)
    t.addElement(tb.TableColumn(numbercolumnsrepeated=str(width)))
    for r in rows:
        row = tb.TableRow()
        for c in r.children:
            cell = tb.TableCell(stylename=doc.cellstyle, valuetype="string")
            cell.addElement(_fill(doc, tx.P(stylename=doc.cell), c.inline))
            row.addElement(cell)
        for _ in range(width - len(r.children)):
            cell = tb.TableCell(stylename=doc.cellstyle)
            cell.addElement(tx.P(stylename=doc.cell))
            row.addElement(cell)
        t.addElement(row)
    out.addElement(t)


def _tables(out: Any) -> Iterator[Any]:
    for c in out.childNodes:
        if getattr(c, "qname", ("", ""))[1] == "table":
            yield c


def document(tree: Block, title: str, language: str, renderer: str, look: Look | None = None) -> str:
    """The flat OpenDocument text (``.fodt``) a Writer renderer prints: ``tree``'s blocks, styled.

    >>> from corpora.real.blocks import parse
    >>> xml = document(parse('<h1>Title</h1><p>One <em>two</em>.</p><ol start="3"><li>Go</li></ol>'),
    ...                'Title', 'en', 'writer')
    >>> 'text:style-name="Heading_20_1"' in xml and 'text:start-value="3"' in xml
    True
    >>> '<text:span text:style-name="Span_em">two</text:span>' in xml
    True
    """
    from odf.element import Element
    from odf.namespaces import nsdict

    doc = _Doc(look or LOOKS[renderer], title, language)
    for c in tree.children:
        _write(doc, c, _Where(), doc.odt.text)
    # odfpy declares the namespaces every element made so far in the process used (a class-wide
    # dict): the same text would be another file after a document with a table.  All, in order.
    Element.namespaces.clear()
    Element.namespaces.update(sorted(nsdict.items(), key=lambda kv: kv[1]))
    return doc.odt.xml().decode("utf-8")


# ---------------------------------------------------------------- printing


@contextlib.contextmanager
def _one_at_a_time() -> Iterator[None]:
    """Hold the machine's soffice lock: one LibreOffice prints at a time, whatever the build's jobs."""
    path = Path(tempfile.gettempdir()) / f"srtext-soffice-{os.getuid()}.lock"
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def soffice(src: Path, pdf: Path, timeout: int = 240) -> None:
    """Print ``src`` (a ``.fodt``) to ``pdf`` with LibreOffice headless, in a profile folder of its own."""
    exe = next((x for x in SOFFICE if shutil.which(x)), None)
    if exe is None:
        raise RuntimeError("soffice not found (apt-get install libreoffice-writer-nogui)")
    with tempfile.TemporaryDirectory() as t, _one_at_a_time():
        out = Path(t) / "out"
        cmd = [
            exe, f"-env:UserInstallation={(Path(t) / 'profile').as_uri()}", "--headless", "--norestore",
            "--nologo", "--nodefault", "--nolockcheck", "--convert-to", "pdf:writer_pdf_Export",
            "--outdir", str(out), str(src.resolve()),
        ]  # fmt: skip
        env = {**os.environ, "SAL_USE_VCLPLUGIN": "svp", "HOME": t}
        status = run_killed_after(cmd, timeout, "soffice", env)
        got = out / f"{src.stem}.pdf"
        if not got.exists() or got.stat().st_size == 0:
            raise RuntimeError(f"soffice wrote no PDF (exit {status})")
        shutil.move(str(got), pdf)
    fixed(pdf, hashlib.md5(src.read_bytes()).hexdigest())


_DATE = re.compile(rb"/(CreationDate|ModDate) ?\(D:\d{14}([^)]*)\)")
_ID = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]{32})>\s*<([0-9A-Fa-f]{32})>\s*\]")
_SUM = re.compile(rb"/DocChecksum\s*/([0-9A-Fa-f]{32})")


def fixed(pdf: Path, digest: str) -> None:
    """The PDF's dates set to 2000-01-01, its identifier and checksum to ``digest`` (offsets stay).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.pdf"
    >>> ident = b"<" + b"AB" * 16 + b">"
    >>> _ = p.write_bytes(b"/CreationDate(D:20261124064001Z')/ID [ " + ident + b"\\n" + ident + b" ]")
    >>> fixed(p, "0f" * 16); p.read_bytes().replace(b"0F" * 16, b"<digest>")
    b"/CreationDate(D:20000101000000Z')/ID [ <<digest>>\\n<<digest>> ]"
    """
    data = pdf.read_bytes()

    def date(m: re.Match[bytes]) -> bytes:
        s = m.group(0)
        i = s.index(b"D:") + 2
        return s[:i] + b"20000101000000" + s[i + 14 :]

    new_id = digest.upper().encode()

    def ident(m: re.Match[bytes]) -> bytes:
        s, at = m.group(0), m.start(0)
        return (
            s[: m.start(1) - at] + new_id + s[m.end(1) - at : m.start(2) - at] + new_id + s[m.end(2) - at :]
        )

    new = _ID.sub(ident, _DATE.sub(date, data))
    new = _SUM.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + new_id, new)
    if new != data:
        pdf.write_bytes(new)

"""Render a composed document as an OpenDocument text (odfpy), for LibreOffice Writer.

The generator converts it with ``soffice --headless --convert-to pdf``.  Word-
style headings (numbered in their text), running heads (odd and even pages
different when two-sided), 'Page N of M' or a page number in the footer,
footnotes, bulleted and numbered lists, tables, framed figure placeholders;
ragged or justified text; fonts, paper and margins from the RNG.  Arabic is set
right to left.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from corpora.broadgen.doc import Block, Doc, Features
from corpora.broadgen.words import script_of, words_for

PRODUCER = "LibreOffice 7.4 (odfpy)"
FEATURES = Features(formulas=False, min_sections=6, max_sections=14)
FONTS = {
    "latin": ["DejaVu Serif", "Noto Serif", "DejaVu Sans", "Noto Sans", "Liberation Serif", "Carlito"],
    "cyrillic": ["DejaVu Serif", "Noto Serif", "DejaVu Sans", "Noto Sans"],
    "zh": ["Noto Sans CJK SC", "Noto Serif CJK SC"],
    "ar": ["Noto Naskh Arabic", "Amiri", "Noto Sans Arabic"],
}
PAPERS = {"A4": ("21cm", "29.7cm"), "Letter": ("21.59cm", "27.94cm"), "A5": ("14.8cm", "21cm")}


def render(doc: Doc, rng: random.Random, path: Path) -> None:
    """Write ``doc`` as an .odt file at ``path``; ``doc`` gets its furniture set."""
    from odf import style as st  # odfpy: only the build needs it (pip install -e '.[corpus]')
    from odf import table as tb
    from odf import text as tx
    from odf.opendocument import OpenDocumentText

    lang = doc.lang
    w, tr = words_for(lang)
    font = rng.choice(FONTS[script_of(lang)])
    size = rng.choice([9, 10, 11, 12])
    paper = rng.choice(list(PAPERS))
    margin = rng.choice([1.5, 2.0, 2.5])
    justified = rng.random() < 0.5
    twoside = rng.random() < 0.5
    footer = rng.choice(["{n}", "page", "page", ""])
    rtl = lang == "ar"
    odt = OpenDocumentText()

    def text_props(pt: float, bold: bool = False, italic: bool = False) -> Any:
        kw: dict[str, str] = {"fontsize": f"{pt}pt", "fontsizeasian": f"{pt}pt", "fontsizecomplex": f"{pt}pt"}
        kw.update(fontfamily=font, fontfamilyasian=font, fontfamilycomplex=font)
        kw["fontname"] = font
        if bold:
            kw.update(fontweight="bold", fontweightasian="bold", fontweightcomplex="bold")
        if italic:
            kw.update(fontstyle="italic")
        return st.TextProperties(**kw)

    def pstyle(
        name: str,
        pt: float,
        *,
        bold: bool = False,
        align: str = "",
        before: str = "0cm",
        after: str = "0.15cm",
        family: str = "paragraph",
        parent: str = "",
        auto: bool = False,
    ) -> Any:
        kw = {"name": name, "family": family}
        if parent:
            kw["parentstylename"] = parent
        s = st.Style(**kw)
        pp: dict[str, str] = {"margintop": before, "marginbottom": after}
        if align:
            pp["textalign"] = align
        if rtl:
            pp["writingmode"] = "rl-tb"
        s.addElement(st.ParagraphProperties(**pp))
        s.addElement(text_props(pt, bold))
        (odt.automaticstyles if auto else odt.styles).addElement(s)
        return s

    body_align = "justify" if justified else ("end" if rtl else "start")
    s_body = pstyle("Text Body", size, align=body_align)
    s_title = pstyle("Title", size + 8, bold=True, align="center", after="0.5cm")
    s_h1 = pstyle("Heading 1", size + 4, bold=True, before="0.4cm", after="0.2cm")
    s_h2 = pstyle("Heading 2", size + 2, bold=True, before="0.3cm", after="0.15cm")
    s_cap = pstyle("Caption", size - 1, align="center", before="0.1cm", after="0.3cm")
    s_cell = pstyle("Table Contents", size - 1)
    s_note = pstyle("Footnote", size - 2)
    s_head = pstyle("Header", size - 1, align="center")
    s_foot = pstyle("Footer", size - 1, align="center")
    for h, lvl in ((s_h1, 1), (s_h2, 2)):
        h.setAttribute("defaultoutlinelevel", str(lvl))

    # Page layout, running heads and footers.
    pw, ph = PAPERS[paper]
    layout = st.PageLayout(name="PL")
    layout.addElement(
        st.PageLayoutProperties(
            pagewidth=pw,
            pageheight=ph,
            margintop=f"{margin}cm",
            marginbottom=f"{margin}cm",
            marginleft=f"{margin}cm",
            marginright=f"{margin}cm",
            printorientation="portrait",
            writingmode="rl-tb" if rtl else "lr-tb",
        )
    )
    odt.automaticstyles.addElement(layout)
    master = st.MasterPage(name="Standard", pagelayoutname=layout)
    journal = tr(rng.choice(w["journals"]))
    author = tr(rng.choice(w["names"]))
    header = st.Header()
    header.addElement(tx.P(stylename=s_head, text=journal))
    master.addElement(header)
    doc.headers = [journal]
    if twoside:
        left = st.HeaderLeft()
        left.addElement(tx.P(stylename=s_head, text=author))
        master.addElement(left)
        doc.headers = [journal, author]
    if footer:
        fp = tx.P(stylename=s_foot)
        if footer == "{n}":
            fp.addElement(tx.PageNumber(selectpage="current", text="1"))
            doc.footer = "{n}"
        else:
            fmt = tr(w["page"])
            before, rest = fmt.split("{n}")
            middle, after = rest.split("{m}")
            fp.addText(before)
            fp.addElement(tx.PageNumber(selectpage="current", text="1"))
            fp.addText(middle)
            fp.addElement(tx.PageCount(text="1"))
            fp.addText(after)
            doc.footer = fmt
        f = st.Footer()
        f.addElement(fp)
        master.addElement(f)
    odt.masterstyles.addElement(master)

    # Lists: a bullet style and a numbered style.
    bullets = tx.ListStyle(name="Bullets")
    lb = tx.ListLevelStyleBullet(level=1, bulletchar="•")
    lb.addElement(st.ListLevelProperties(spacebefore="0.4cm", minlabelwidth="0.5cm"))
    bullets.addElement(lb)
    numbers = tx.ListStyle(name="Numbers")
    ln = tx.ListLevelStyleNumber(level=1, numformat="1", numsuffix=".")
    ln.addElement(st.ListLevelProperties(spacebefore="0.4cm", minlabelwidth="0.7cm"))
    numbers.addElement(ln)
    odt.styles.addElement(bullets)
    odt.styles.addElement(numbers)
    s_frame = st.Style(name="FrameCell", family="table-cell")
    s_frame.addElement(st.TableCellProperties(border="0.06pt solid #000000", padding="0.3cm"))
    odt.automaticstyles.addElement(s_frame)

    body = odt.text
    current_list: Any = None
    list_kind = ""
    fn = 0
    for b in doc.blocks:
        if b.kind != "item":
            current_list = None
        if b.kind == "title":
            body.addElement(tx.P(stylename=s_title, text=b.text))
        elif b.kind == "heading":
            body.addElement(
                tx.H(
                    outlinelevel=max(1, b.level),
                    stylename=s_h1 if b.level <= 1 else s_h2,
                    text=b.truth() or "",
                )
            )
        elif b.kind in ("para", "ref"):
            body.addElement(_para(b, s_body, s_note, fn + 1))
            fn += b.footnote is not None
        elif b.kind == "item":
            kind = "Numbers" if b.number else "Bullets"
            if current_list is None or kind != list_kind:
                current_list = tx.List(stylename=numbers if b.number else bullets)
                list_kind = kind
                body.addElement(current_list)
            item = tx.ListItem()
            item.addElement(tx.P(stylename=s_body, text=b.text))
            current_list.addElement(item)
        elif b.kind == "table":
            body.addElement(tx.P(stylename=s_cap, text=b.text))
            t = tb.Table(name=f"Table{len(body.childNodes)}")
            t.addElement(tb.TableColumn(numbercolumnsrepeated=len(b.cells[0])))
            for row in b.cells:
                r = tb.TableRow()
                for c in row:
                    cell = tb.TableCell(stylename=s_frame)
                    cell.addElement(tx.P(stylename=s_cell, text=c))
                    r.addElement(cell)
                t.addElement(r)
            body.addElement(t)
        elif b.kind == "figure":
            t = tb.Table(name=f"Figure{len(body.childNodes)}")
            t.addElement(tb.TableColumn())
            r = tb.TableRow()
            cell = tb.TableCell(stylename=s_frame)
            lab = b.labels
            for line in (lab[0], f"{lab[2]}      {lab[3]}      {lab[4]}", lab[1]):
                cell.addElement(tx.P(stylename=s_cap, text=line))
            r.addElement(cell)
            t.addElement(r)
            body.addElement(t)
            body.addElement(tx.P(stylename=s_cap, text=b.text))
    odt.save(str(path))
    doc.settings.update(
        font=font,
        size=size,
        paper=paper,
        margin_cm=margin,
        justified=justified,
        ragged=not justified,
        twoside=twoside,
        rtl=rtl,
    )


def _para(b: Block, s_body: Any, s_note: Any, n: int) -> Any:
    from odf import text as tx

    p = tx.P(stylename=s_body)
    text = b.truth() or ""
    if b.footnote is None:
        p.addText(text)
        return p
    words = text.split(" ")
    after = min(b.footnote[0], max(1, len(words) - 1))
    p.addText(" ".join(words[:after]))
    note = tx.Note(id=f"ftn{n}", noteclass="footnote")
    note.addElement(tx.NoteCitation(text=str(n)))
    nb = tx.NoteBody()
    nb.addElement(tx.P(stylename=s_note, text=b.footnote[1]))
    note.addElement(nb)
    p.addElement(note)
    p.addText(" " + " ".join(words[after:]))
    return p

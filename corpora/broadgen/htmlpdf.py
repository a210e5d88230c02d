"""Render a composed document as a README-like HTML page, and print it with WeasyPrint.

Headings, paragraphs, lists, code blocks, links, tables and framed figure
placeholders; CSS ``hyphens: auto`` with ``hyphenate-character: "\\2010"`` (or
U+2011) so that words broken at line ends carry a non-ASCII hyphen; page
numbers or 'Page N of M' and a running title in @page margin boxes.  Arabic is
set right to left.
"""

from __future__ import annotations

import html
import random
from pathlib import Path

from corpora.broadgen.doc import Block, Doc, Features
from corpora.broadgen.words import script_of, words_for

FEATURES = Features(formulas=False, code=True, refs=False, numbering="none", min_sections=6, max_sections=14)
FONTS = {
    "latin": ["DejaVu Sans", "Noto Sans", "DejaVu Serif", "Noto Serif"],
    "cyrillic": ["DejaVu Sans", "Noto Sans", "DejaVu Serif", "Noto Serif"],
    "zh": ["Noto Sans CJK SC", "Noto Serif CJK SC"],
    "ar": ["Noto Naskh Arabic", "Noto Sans Arabic"],
}
HTML_LANG = {"sr-cyrl": "sr-Cyrl", "sr-latn": "sr-Latn"}


def _producer() -> str:
    try:
        import weasyprint

        return f"WeasyPrint {weasyprint.__version__}"
    except ImportError:  # pragma: no cover - only the build needs it
        return "WeasyPrint"


PRODUCER = _producer()


def _inline(b: Block) -> str:
    """A paragraph's HTML; a footnote becomes a float: footnote (WeasyPrint's footnotes)."""
    text = b.truth() or ""
    if b.footnote is None:
        return html.escape(text)
    words = text.split(" ")
    after = min(b.footnote[0], max(1, len(words) - 1))
    return (
        html.escape(" ".join(words[:after]))
        + f'<span class="fn">{html.escape(b.footnote[1])}</span> '
        + html.escape(" ".join(words[after:]))
    )


def render(doc: Doc, rng: random.Random) -> str:
    """The HTML of ``doc``; ``doc`` gets its furniture set."""
    lang = doc.lang
    w, tr = words_for(lang)
    font = rng.choice(FONTS[script_of(lang)])
    size = rng.choice([9, 10, 10.5, 11, 12])
    paper = rng.choice(["A4", "Letter", "A5"])
    margin = rng.choice([12, 16, 20, 25])
    justified = rng.random() < 0.5
    hyph = rng.choice(["\\2010", "\\2010", "\\2011", "-"])
    footer = rng.choice(["{n}", "page", "page"])
    rtl = lang == "ar"
    title = tr(rng.choice(w["journals"]))
    doc.headers = [title]
    if footer == "{n}":
        doc.footer = "{n}"
        foot_css = "counter(page)"
    else:
        fmt = tr(w["page"])
        doc.footer = fmt
        before, rest = fmt.split("{n}")
        middle, after = rest.split("{m}")
        foot_css = f'"{before}" counter(page) "{middle}" counter(pages) "{after}"'
    css = f"""
@page {{ size: {paper}; margin: {margin}mm;
  @top-center {{ content: "{title}"; font-size: 8pt; color: #555; }}
  @bottom-center {{ content: {foot_css}; font-size: 8pt; }} }}
html {{ font-family: "{font}"; font-size: {size}pt; }}
body {{ line-height: 1.4; }}
p, li {{ text-align: {"justify" if justified else "start"}; hyphens: auto; hyphenate-character: "{hyph}"; }}
pre {{ background: #f4f4f4; padding: 6pt; font-family: "DejaVu Sans Mono"; font-size: 0.85em;
  white-space: pre-wrap; }}
code {{ font-family: "DejaVu Sans Mono"; }}
.fn {{ float: footnote; font-size: 0.8em; }}
.figure {{ border: 1px solid #000; padding: 10pt; text-align: center; margin: 6pt 15%; }}
.caption {{ text-align: center; font-size: 0.9em; }}
table {{ border-collapse: collapse; margin: 6pt auto; }}
td {{ border: 1px solid #999; padding: 2pt 6pt; }}
h1 {{ border-bottom: 1px solid #ccc; }}
"""
    out = [
        f'<!DOCTYPE html>\n<html lang="{HTML_LANG.get(lang, lang)}"{" dir=rtl" if rtl else ""}>',
        f"<head><meta charset=utf-8><title>{html.escape(title)}</title><style>{css}</style></head><body>",
    ]
    open_list = ""
    for b in doc.blocks:
        if open_list and b.kind != "item":
            out.append(f"</{open_list}>")
            open_list = ""
        if b.kind == "title":
            out.append(f"<h1>{html.escape(b.text)}</h1>")
        elif b.kind == "heading":
            out.append(f"<h{b.level + 1}>{html.escape(b.truth() or '')}</h{b.level + 1}>")
        elif b.kind in ("para", "ref"):
            out.append(f"<p>{_inline(b)}</p>")
        elif b.kind == "item":
            tag = "ol" if b.number else "ul"
            if open_list != tag:
                if open_list:
                    out.append(f"</{open_list}>")
                out.append(f"<{tag}>")
                open_list = tag
            out.append(f"<li>{html.escape(b.text)}</li>")
        elif b.kind == "code":
            out.append(f"<pre><code>{html.escape(b.text)}</code></pre>")
        elif b.kind == "figure":
            lab = [html.escape(x) for x in b.labels]
            out.append(
                f'<div class="figure"><div>{lab[0]}</div><div>{lab[2]} &#160; {lab[3]} &#160; {lab[4]}</div>'
                f'<div>{lab[1]}</div></div><p class="caption">{html.escape(b.text)}</p>'
            )
        elif b.kind == "table":
            rows = "".join(
                "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in b.cells
            )
            out.append(f'<p class="caption">{html.escape(b.text)}</p><table>{rows}</table>')
    if open_list:
        out.append(f"</{open_list}>")
    out.append("</body></html>\n")
    doc.settings.update(
        font=font,
        size=size,
        paper=paper,
        margin_mm=margin,
        justified=justified,
        ragged=not justified,
        hyphenate_character=hyph.replace("\\", "U+"),
        rtl=rtl,
    )
    return "\n".join(out)


def to_pdf(src: Path, pdf: Path) -> None:
    """Print the HTML file ``src`` to ``pdf`` with WeasyPrint."""
    import weasyprint

    weasyprint.HTML(filename=str(src)).write_pdf(str(pdf))

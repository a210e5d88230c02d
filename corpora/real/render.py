"""Print a document's blocks to PDF: WeasyPrint in four styles, headless Chromium and LibreOffice Writer.

Each renderer is a family of its own (with the source):

* ``weasy-plain``: A4, sans serif, ragged right, paragraphs apart by space, the
  page number at the foot (a README as a browser would show it);
* ``weasy-book``: Letter, serif, justified and hyphenated (CSS ``hyphens: auto``
  in the document's language), paragraphs by indent with no space between,
  the title as running head and ``Page N of M`` at the foot;
* ``weasy-twocol``: A4 in two justified columns, small sans serif, running
  head and page numbers;
* ``weasy-bare``: WeasyPrint with the ``chromium`` renderer's page (Letter, the
  GitHub-like style, no running head or foot) and the bullets of unordered
  lists not printed at all (``list-style-type: none``; ordered lists keep their
  numbers): Chromium draws a bullet as a shape, so pdftotext's text of its
  pages has no bullet, and every Chromium family is validation; this one is a
  tuning family whose lists likewise have no bullet in the text.  It prints the
  tuning sources only (not the Debian Reference: corpora/real/build.py);
* ``chromium``: Debian's Chromium printing to PDF (``--print-to-pdf``, no header
  or footer), Letter, a GitHub-like style;
* ``writer``: LibreOffice Writer printing an OpenDocument text written from the
  blocks with real paragraph styles (corpora/real/writer.py): justified, first
  lines indented, the title in the header, the page number in the footer.

The furniture each prints is returned, as the strings it puts on the pages.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from corpora.real import writer
from corpora.real.blocks import Block, to_html
from corpora.real.timed import run_killed_after

RENDERERS = ("weasy-plain", "weasy-book", "weasy-twocol", "weasy-bare", "chromium", *writer.WRITERS)

COMMON = """
.pic { display: inline-block; background: #d8d8d8; vertical-align: middle; }
.pics { margin: 6pt 0; }
pre { background: #f3f3f3; padding: 5pt; font-family: "DejaVu Sans Mono", monospace; font-size: 0.82em;
  white-space: pre-wrap; overflow-wrap: anywhere; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; }
p, li, dd, dt, td, h1, h2, h3, h4, h5, h6 { overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 6pt 0; font-size: 0.85em; max-width: 100%; }
td { border: 0.5pt solid #999; padding: 1pt 4pt; vertical-align: top; }
caption, .caption { font-style: italic; margin: 4pt 0; }
.note { border-left: 3pt solid #bbb; padding-left: 8pt; margin: 6pt 0; }
.label { font-weight: bold; }
blockquote { margin-left: 1.5em; color: #333; }
ol { list-style-type: decimal; }
dt { font-weight: bold; margin-top: 4pt; } dd { margin-left: 1.5em; }
"""

SANS = '"DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", sans-serif'
SERIF = '"DejaVu Serif", "Noto Serif", "Noto Serif CJK SC", serif'
CJK = {"ja": "JP", "zh-TW": "TC", "zh-CN": "SC", "zh": "SC"}

STYLES = {
    "weasy-plain": """
@page { size: A4; margin: 20mm 20mm 22mm; @bottom-center { content: counter(page); font-size: 9pt; } }
html { font-family: SANS; font-size: 10.5pt; line-height: 1.45; }
p { margin: 0.55em 0; }
""",
    "weasy-book": """
@page { size: Letter; margin: 25mm 28mm;
  @top-center { content: "TITLE"; font-size: 8.5pt; font-style: italic; }
  @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 8.5pt; } }
html { font-family: SERIF; font-size: 11pt; line-height: 1.3; }
p, li, dd { text-align: justify; hyphens: auto; }
p { margin: 0; } p + p { text-indent: 1.5em; }
h1, h2, h3, h4, h5, h6 { margin: 1em 0 0.4em; }
""",
    "weasy-twocol": """
@page { size: A4; margin: 18mm 15mm;
  @top-left { content: "TITLE"; font-size: 7.5pt; }
  @bottom-right { content: counter(page); font-size: 8pt; } }
html { font-family: SANS; font-size: 8.5pt; line-height: 1.3; }
body { column-count: 2; column-gap: 7mm; }
p, li, dd { text-align: justify; }
p { margin: 0.35em 0; }
h1 { font-size: 1.5em; } h2 { font-size: 1.3em; } h3 { font-size: 1.15em; }
""",
    "chromium": """
@page { size: Letter; margin: 18mm; }
html { font-family: SANS; font-size: 11pt; line-height: 1.5; color: #1f2328; }
h1, h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: 0.3em; }
p { margin: 0 0 0.8em; }
""",
}
#: Chromium's page printed by WeasyPrint, an unordered list's items without a bullet (no marker at all).
STYLES["weasy-bare"] = STYLES["chromium"] + "ul { list-style-type: none; }\n"


def css_string(s: str) -> str:
    """A CSS string's content: backslashes and quotes escaped.

    >>> css_string('Say "hi" \\\\ now')
    'Say \\\\"hi\\\\" \\\\\\\\ now'
    """
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def page(tree: Block, title: str, language: str, renderer: str) -> tuple[str, str]:
    """The page a renderer prints and its file suffix: HTML for a browser, a flat ODT for Writer."""
    if renderer in writer.WRITERS:
        return writer.document(tree, title, language, renderer), ".fodt"
    return page_html(to_html(tree), title, language, renderer), ".html"


def page_html(body: str, title: str, language: str, renderer: str) -> str:
    """The whole HTML page a renderer prints."""
    cjk = CJK.get(language)
    sans, serif = SANS, SERIF
    if cjk:
        sans = sans.replace("Noto Sans CJK SC", f"Noto Sans CJK {cjk}")
        serif = serif.replace("Noto Serif CJK SC", f"Noto Serif CJK {cjk}")
    css = STYLES[renderer].replace("SANS", sans).replace("SERIF", serif)
    css = css.replace("TITLE", css_string(title[:70]))
    if renderer != "chromium":
        css += _starts(body)
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>\n<style>{COMMON}{css}</style></head>\n<body>\n{body}\n</body></html>\n"
    )


def _starts(body: str) -> str:
    """CSS that starts each numbered list at its ``start``: WeasyPrint (70) ignores the attribute.

    >>> _starts('<ol start="1"><li>a</li></ol><ol start="4"><li>b</li></ol>')
    'ol[start="4"] { counter-reset: list-item 3; }\\n'
    """
    starts = sorted({int(n) for n in re.findall(r'<ol start="(\d+)">', body)} - {1})
    return "".join(f'ol[start="{n}"] {{ counter-reset: list-item {n - 1}; }}\n' for n in starts)


def furniture(renderer: str, title: str, pages: int) -> tuple[list[str], list[str]]:
    """(headers, footers): the strings a renderer puts at the top and foot of the pages.

    ``chromium`` and ``weasy-bare`` (its page) print none:

    >>> furniture("weasy-bare", "Title", 3), furniture("chromium", "Title", 3)
    (([], []), ([], []))
    """
    if renderer in writer.WRITERS:
        return writer.furniture(renderer, title, pages)
    if renderer == "weasy-plain":
        return [], [str(n) for n in range(1, pages + 1)]
    if renderer == "weasy-book":
        return [title[:70]], [f"Page {n} of {pages}" for n in range(1, pages + 1)]
    if renderer == "weasy-twocol":
        return [title[:70]], [str(n) for n in range(1, pages + 1)]
    return [], []


def producer(renderer: str) -> str:
    """The renderer's name and version, for the manifest."""
    if renderer in writer.WRITERS:
        return writer.producer(renderer)
    if renderer == "chromium":
        exe = next((x for x in CHROMIUM if shutil.which(x)), None)
        if exe is None:
            return "chromium"
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60).stdout.split()
        return f"Chromium {out[1]}" if len(out) > 1 else "chromium"
    import weasyprint as wp  # type: ignore[import-untyped]

    return f"WeasyPrint {wp.__version__} ({renderer[len('weasy-') :]})"


def weasyprint(src: Path, pdf: Path) -> None:
    import logging

    import weasyprint as wp

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    wp.HTML(filename=str(src)).write_pdf(str(pdf))


CHROMIUM = ("chromium", "chromium-browser", "google-chrome")


def chromium(src: Path, pdf: Path, timeout: int = 180) -> None:
    """Print ``src`` with headless Chromium; its dates are set to a fixed one so the PDF is reproducible."""
    exe = next((x for x in CHROMIUM if shutil.which(x)), None)
    if exe is None:
        raise RuntimeError("chromium not found")
    with tempfile.TemporaryDirectory() as profile:
        cmd = [
            exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
            f"--print-to-pdf={pdf}", "--no-pdf-header-footer", src.resolve().as_uri(),
        ]  # fmt: skip
        run_killed_after(cmd, timeout, "chromium")
    if not pdf.exists() or pdf.stat().st_size == 0:
        raise RuntimeError("chromium wrote no PDF")
    fixed_dates(pdf)


_DATE = re.compile(rb"/(CreationDate|ModDate) ?\(D:\d{14}([^)]*)\)")


def _fix(m: re.Match[bytes]) -> bytes:
    s = m.group(0)
    i = s.index(b"D:") + 2
    return s[:i] + b"20000101000000" + s[i + 14 :]


def fixed_dates(pdf: Path) -> None:
    """The PDF's creation and modification dates set to 2000-01-01 (same length: offsets stay).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.pdf"
    >>> _ = p.write_bytes(b"<</CreationDate (D:20261124064001+00'00')>>")
    >>> fixed_dates(p); p.read_bytes()
    b"<</CreationDate (D:20000101000000+00'00')>>"
    """
    data = pdf.read_bytes()
    new = _DATE.sub(_fix, data)
    if new != data:
        pdf.write_bytes(new)


def render(page: str, renderer: str, tmp: Path) -> tuple[Path, Path]:
    """Print the page (:func:`page`): (its file, HTML or flat ODT, and its PDF)."""
    src = tmp / ("doc.fodt" if renderer in writer.WRITERS else "doc.html")
    src.write_text(page, encoding="utf-8")
    pdf = tmp / "doc.pdf"
    if renderer in writer.WRITERS:
        writer.soffice(src, pdf)
    elif renderer == "chromium":
        chromium(src, pdf)
    else:
        weasyprint(src, pdf)
    return src, pdf

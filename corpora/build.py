"""Build the LaTeX corpora: known text typeset into PDFs, with exact ground truth.

    python corpora/build.py [--only NAME] [--keep-pdf-under KB]

Needs Debian's TeX Live (xelatex with polyglossia, ctex and fancyhdr) and
poppler-utils (pdftotext); the tests need neither, because the text files this
writes are committed.  For each language (en, de, sr-cyrl, sr-latn, ru, zh) and
layout (onecol, twocol, novel) it writes, under ``corpora/latex/``:

* ``NAME.tex`` and ``NAME.pdf`` (the PDF kept only when small);
* ``NAME.pdftotext.txt``, ``NAME.raw.txt``, ``NAME.layout.txt``: pdftotext's
  default, ``-raw`` and ``-layout`` output;
* ``NAME.truth.txt``: the ground truth, one paragraph per line in reading order:
  the title and section headings, body paragraphs, and captions; not the running
  headers and footers, page numbers, footnotes, table cells, figure contents or
  display formulas;
* ``NAME.json``: metadata: language, layout, paper, font, page count, and the
  strings of each class (headings, captions, headers, footers, footnotes) for
  measuring what leaks.

The texts are the project's own (``corpora/texts/``, MIT licence); Serbian Latin
is transliterated from Serbian Cyrillic.  The generator verifies its ground truth
against the PDF's text: every letter of each ground-truth paragraph must appear,
in order, in ``pdftotext -raw``'s output, which follows the PDF's content stream
(spaces, punctuation and hyphens aside, since pdftotext joins some hyphenated
words and drops some hyphens), and every header and footnote must appear in it.
The same check on pdftotext's default output, which reorders text by position
and sometimes mixes two columns, is recorded in the metadata
(``pdftotext_misordered``): that damage is in the input srtext is given.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXTS = HERE / "texts"
OUT = HERE / "latex"


LANGS = ("en", "de", "sr-cyrl", "sr-latn", "ru", "zh")
LAYOUTS = ("onecol", "twocol", "novel")

# Per language: polyglossia setup, font, title, section titles (one long enough
# to wrap), running header, figure and table captions, footnotes, table cells.
STRINGS: dict[str, dict[str, object]] = {
    "en": dict(
        lang=r"\setmainlanguage{english}",
        font="Latin Modern Roman",
        title="Rivers That Will Not Stay in Their Beds",
        sections=[
            "Introduction",
            "How a meander grows and why old maps show it better than any single observer",
            "Measuring the channel",
            "Living with a moving river",
        ],
        header="Notes on moving rivers",
        chapter="Chapter",
        figure="Figure 1: Outline of a meandering channel in two surveys made forty years apart.",
        table="Table 1: Sinuosity of four river reaches.",
        footnotes=[
            "The surveys were made by hand before aerial photographs were common.",
            "Measured along the centre line of the channel.",
        ],
        cells=[
            ["Reach", "Length", "Sinuosity"],
            ["Upper", "12.4", "1.21"],
            ["Middle", "18.9", "1.64"],
            ["Lower", "25.1", "1.87"],
        ],
    ),
    "de": dict(
        lang=r"\setmainlanguage[spelling=new]{german}",
        font="DejaVu Sans",
        title="Vom Backen im eigenen Ofen",
        sections=[
            "Einleitung",
            "Sauerteig, Temperatur und Geduld als die wichtigsten Zutaten eines guten Brotes",
            "Formen und Backen",
            "Der Backtag im Dorf",
        ],
        header="Notizen zum Brotbacken",
        chapter="Kapitel",
        figure="Abbildung 1: Querschnitt durch einen Laib mit offener Krume.",
        table="Tabelle 1: Backzeiten für drei Brotsorten.",
        footnotes=[
            "Die Mengen gelten für einen Laib von etwa einem Kilogramm.",
            "Im Winter dauert die Gare oft doppelt so lange.",
        ],
        cells=[
            ["Brot", "Minuten", "Grad"],
            ["Weizen", "35", "230"],
            ["Misch", "50", "240"],
            ["Roggen", "65", "250"],
        ],
    ),
    "sr-cyrl": dict(
        lang=r"\setmainlanguage[script=Cyrillic]{serbian}",
        font="DejaVu Serif",
        title="Река у равници и људи поред ње",
        sections=[
            "Увод",
            "Како река мења свој ток и зашто стари рибари памте имена свих окука",
            "Мостови и насеља",
            "Река данас",
        ],
        header="Белешке о реци",
        chapter="Поглавље",
        figure="Слика 1: Стари и нови ток реке на две карте.",
        table="Табела 1: Водостај на три моста.",
        footnotes=[
            "Мерења су преузета из дневника мостарских чувара.",
            "Највиши забележени водостај био је у пролеће.",
        ],
        cells=[
            ["Мост", "Април", "Август"],
            ["Горњи", "412", "198"],
            ["Средњи", "455", "210"],
            ["Доњи", "503", "236"],
        ],
    ),
    "ru": dict(
        lang=r"\setmainlanguage{russian}",
        font="DejaVu Serif",
        title="Лес после пожара",
        sections=[
            "Введение",
            "Как лес восстанавливается после огня и почему хвойные деревья возвращаются позже",
            "Животные и почва",
            "Следы в истории леса",
        ],
        header="Заметки о лесе",
        chapter="Глава",
        figure="Рисунок 1: Граница пожара на карте лесничества.",
        table="Таблица 1: Возраст деревьев на трёх участках.",
        footnotes=[
            "Карты лесничества обновляются раз в пять лет.",
            "Возраст определялся по годичным кольцам.",
        ],
        cells=[
            ["Участок", "Берёза", "Ель"],
            ["Первый", "12", "4"],
            ["Второй", "25", "11"],
            ["Третий", "40", "32"],
        ],
    ),
    "zh": dict(
        lang="",
        font="",
        title="茶的种植、加工与饮用",
        sections=[
            "一、引言",
            "二、茶叶的采摘与加工方法以及不同工艺对茶叶颜色和味道的影响",
            "三、泡茶的学问",
            "四、茶与生活",
        ],
        header="关于茶的笔记",
        chapter="第",
        figure="图1：茶园的地形示意图。",
        table="表1：三种茶的冲泡水温。",
        footnotes=["数据来自几位茶农的经验。", "水温以摄氏度计。"],
        cells=[["茶", "水温", "时间"], ["绿茶", "80", "2"], ["乌龙", "95", "3"], ["红茶", "100", "4"]],
    ),
}
SR_LATN_MAP = dict(
    zip(
        "абвгдђежзијклљмнњопрстћуфхцчџшАБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ",
        "a b v g d đ e ž z i j k l lj m n nj o p r s t ć u f h c č dž š "
        "A B V G D Đ E Ž Z I J K L Lj M N Nj O P R S T Ć U F H C Č Dž Š".split(),
        strict=True,
    )
)

LAYOUT_SETUP = {
    "onecol": dict(cls="article", opts="10pt", paper="a6paper,margin=11mm,top=15mm,bottom=17mm"),
    "twocol": dict(
        cls="article",
        opts="9pt,twocolumn",
        paper="paperwidth=170mm,paperheight=125mm,margin=10mm,top=15mm,bottom=12mm",
    ),
    "novel": dict(
        cls="article",
        opts="11pt",
        paper="paperwidth=105mm,paperheight=160mm,margin=11mm,top=17mm,bottom=16mm",
    ),
}


def to_latin(text: str) -> str:
    """Serbian Cyrillic to Serbian Latin, letter by letter.

    >>> to_latin("Љубав и џем")
    'Ljubav i džem'
    """
    return "".join(SR_LATN_MAP.get(c, c) for c in text)


def strings(lang: str) -> dict[str, object]:
    if lang != "sr-latn":
        return STRINGS[lang]
    out: dict[str, object] = {}
    for k, v in STRINGS["sr-cyrl"].items():
        if isinstance(v, str):
            out[k] = to_latin(v)
        elif isinstance(v, list):
            out[k] = [to_latin(x) if isinstance(x, str) else [to_latin(c) for c in x] for x in v]
    out["lang"] = r"\setmainlanguage[script=Latin]{serbian}"
    out["font"] = "DejaVu Serif"
    return out


def paragraphs(lang: str) -> list[str]:
    name = "sr-cyrl" if lang == "sr-latn" else lang
    lines = (TEXTS / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    pars = [x.strip() for x in lines if x.strip() and not x.startswith("#")]
    return [to_latin(p) for p in pars] if lang == "sr-latn" else pars


def tex_escape(s: str) -> str:
    return s.replace("&", r"\&").replace("%", r"\%").replace("#", r"\#").replace("_", r"\_")


@dataclass
class Doc:
    """The document being built: LaTeX body, ground truth and metadata together."""

    body: list[str] = field(default_factory=list)
    truth: list[str] = field(default_factory=list)
    meta: dict[str, list[str]] = field(
        default_factory=lambda: {
            "headings": [],
            "captions": [],
            "footnotes": [],
            "headers": [],
            "footers": [],
        }
    )

    def heading(self, text: str, level: str = r"\section*") -> None:
        if level == "bold":  # a journal's small bold heading, in the body's size
            self.body.append(f"\\par\\medskip\\noindent\\textbf{{{tex_escape(text)}}}\\par\\smallskip")
        else:
            self.body.append(f"{level}{{{tex_escape(text)}}}")
        self.truth.append(text)
        self.meta["headings"].append(text)

    def paragraph(self, text: str, *, footnote: str | None = None, formula: bool = False) -> None:
        sentences = split_sentences(text)
        tex = [tex_escape(s) for s in sentences]
        if footnote is not None:
            # The marker goes after a sentence's full stop, so no word is changed.
            tex[0] = tex[0] + rf"\footnote{{{tex_escape(footnote)}}}"
            self.meta["footnotes"].append(footnote)
        if formula and len(tex) > 1:
            tex.insert(1, r"\[ E = \sum_{i=1}^{n} m_i v_i^2 + \frac{a}{b} \]")
        self.body.append(" ".join(tex) + "\n")
        self.truth.append(text)

    def figure(self, caption: str) -> None:
        self.body.append(
            "\\begin{center}\\fbox{\\parbox{0.8\\linewidth}{\\centering\\vspace{8mm}"
            "0 \\hfill 10 \\hfill 20 \\hfill 30\\vspace{8mm}}}\\par\\smallskip\n"
            f"{tex_escape(caption)}\\end{{center}}\n"
        )
        self.truth.append(caption)
        self.meta["captions"].append(caption)

    def table(self, caption: str, cells: list[list[str]]) -> None:
        rows = " \\\\\n".join(" & ".join(tex_escape(c) for c in row) for row in cells)
        self.body.append(
            f"\\begin{{center}}{tex_escape(caption)}\\par\\smallskip\n"
            f"\\begin{{tabular}}{{lrr}}\\hline\n{rows} \\\\\n\\hline\\end{{tabular}}\\end{{center}}\n"
        )
        self.truth.append(caption)
        self.meta["captions"].append(caption)


def split_sentences(text: str) -> list[str]:
    out, cur = [], ""
    for i, ch in enumerate(text):
        cur += ch
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if ch in ".!?。！？" and (nxt == " " or nxt == "" or ch in "。！？"):
            out.append(cur.strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip())
    return out


def compose(lang: str, layout: str) -> tuple[str, Doc]:
    s = strings(lang)
    pars = paragraphs(lang)
    rng = random.Random(f"{lang}-{layout}")
    doc = Doc()
    if layout == "twocol":
        # The title spans both columns, as in a journal.
        doc.body.append(f"\\twocolumn[\\section*{{{tex_escape(str(s['title']))}}}]")
        doc.truth.append(str(s["title"]))
        doc.meta["headings"].append(str(s["title"]))
    else:
        doc.heading(str(s["title"]), r"\section*")
    sections = list(s["sections"])  # type: ignore[call-overload]
    per = max(1, len(pars) // len(sections))
    footnotes = list(s["footnotes"])  # type: ignore[call-overload]
    for k, title in enumerate(sections):
        if layout == "novel":
            title = f"{s['chapter']} {k + 1}" if lang != "zh" else f"第{k + 1}章"
        elif lang != "zh":
            title = f"{k + 1}. {title}"
        doc.heading(title, "bold" if layout == "twocol" else r"\section*")
        chunk = pars[k * per : (k + 1) * per] if k < len(sections) - 1 else pars[k * per :]
        for j, p in enumerate(chunk):
            fn = footnotes.pop(0) if footnotes and layout != "novel" and j == 1 else None
            doc.paragraph(p, footnote=fn, formula=layout != "novel" and k == 2 and j == 0)
            if layout != "novel" and k == 1 and j == 0:
                doc.figure(str(s["figure"]))
            if layout != "novel" and k == 2 and j == len(chunk) - 1:
                doc.table(str(s["table"]), s["cells"])  # type: ignore[arg-type]
    rng.random()
    setup = LAYOUT_SETUP[layout]
    header = str(s["header"])
    title = str(s["title"])
    doc.meta["headers"] = [header, title] if layout != "onecol" else [header]
    if lang == "zh":
        preamble = f"\\documentclass[{setup['opts']},UTF8]{{ctexart}}\n"
    else:
        preamble = (
            f"\\documentclass[{setup['opts'].replace('9pt', '10pt')}]{{{setup['cls']}}}\n"
            "\\usepackage{fontspec}\n\\usepackage{polyglossia}\n"
            f"{s['lang']}\n\\setmainfont{{{s['font']}}}\n"
        )
    if "9pt" in setup["opts"] and lang != "zh":
        preamble += "\\AtBeginDocument{\\small}\n"
    preamble += (
        f"\\usepackage[{setup['paper']}]{{geometry}}\n"
        "\\usepackage{fancyhdr}\n\\pagestyle{fancy}\n\\fancyhf{}\n"
        "\\renewcommand{\\headrulewidth}{0pt}\n\\renewcommand{\\thefootnote}{\\fnsymbol{footnote}}\n"
        "\\setlength{\\parskip}{0pt}\n"
    )
    if layout == "onecol":
        preamble += f"\\fancyhead[C]{{{tex_escape(header)}}}\n\\fancyfoot[C]{{\\thepage}}\n"
        doc.meta["footers"] = ["<page number>"]
    else:
        # Odd and even pages carry different headers; the page number is in the header.
        preamble += (
            "\\fancyhead[R]{\\ifodd\\value{page}" + tex_escape(header) + "\\hfill\\thepage"
            "\\else\\thepage\\hfill " + tex_escape(title) + "\\fi}\n"
        )
        doc.meta["footers"] = []
    tex = preamble + "\\begin{document}\n" + "\n".join(doc.body) + "\n\\end{document}\n"
    return tex, doc


def run(cmd: list[str], cwd: Path) -> str:
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}")
    return r.stdout


def letters(text: str) -> list[str]:
    """The letters and digits of a text, lower-cased: what must survive typesetting.

    Spaces, punctuation and hyphens are left out, so a word that pdftotext
    joined at a line-end hyphen (or whose hyphen it dropped) still matches.
    """
    return [c for c in text.lower() if c.isalnum()]


def verify(name: str, text: str, truth: list[str], meta: dict[str, list[str]]) -> list[str]:
    """Problems with the ground truth, checked against pdftotext's output."""
    problems = []
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(letters(text))
    for k, paragraph in enumerate(truth, 1):
        gt = letters(paragraph)
        matcher.set_seq1(gt)
        found = sum(n for _, _, n in matcher.get_matching_blocks())
        if found < len(gt):
            problems.append(
                f"{name}: paragraph {k}: {len(gt) - found} letters not in pdftotext's output in order"
            )
    flat = "".join(letters(text))
    for cls in ("headers", "footnotes"):
        for s in meta[cls]:
            if "".join(letters(s)) not in flat:
                problems.append(f"{name}: {cls[:-1]} not found: {s!r}")
    return problems


def build(lang: str, layout: str, keep_pdf_kb: int) -> list[str]:
    name = f"{lang}-{layout}"
    tex, doc = compose(lang, layout)
    OUT.mkdir(exist_ok=True)
    (OUT / f"{name}.tex").write_text(tex, encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "doc.tex").write_text(tex, encoding="utf-8")
        for _ in range(2):
            run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], t)
        pdf = t / "doc.pdf"
        outputs = {}
        for suffix, flags in (("pdftotext", []), ("raw", ["-raw"]), ("layout", ["-layout"])):
            run(["pdftotext", "-enc", "UTF-8", *flags, "doc.pdf", f"{suffix}.txt"], t)
            outputs[suffix] = (t / f"{suffix}.txt").read_text(encoding="utf-8")
            (OUT / f"{name}.{suffix}.txt").write_text(outputs[suffix], encoding="utf-8")
        pages = outputs["pdftotext"].count("\f")
        size = pdf.stat().st_size
        if size <= keep_pdf_kb * 1024:
            shutil.copy(pdf, OUT / f"{name}.pdf")
        else:
            (OUT / f"{name}.pdf").unlink(missing_ok=True)
    (OUT / f"{name}.truth.txt").write_text("\n".join(doc.truth) + "\n", encoding="utf-8")
    s = strings(lang)
    meta = {
        "name": name,
        "language": lang,
        "layout": layout,
        "pages": pages,
        "paper": LAYOUT_SETUP[layout]["paper"],
        "font": s["font"] or "Fandol (ctex default)",
        "licence": "MIT (text written for srtext; see corpora/texts/)",
        "pdf_kept": size <= keep_pdf_kb * 1024,
        **doc.meta,
    }
    (OUT / f"{name}.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    # pdftotext -raw writes the text in the order of the PDF's content stream,
    # which is LaTeX's reading order; the default mode reorders by position and
    # sometimes mixes two columns (recorded, since that damage is the input's).
    problems = verify(name, outputs["raw"], doc.truth, doc.meta)
    misordered = [p.split(": ")[1] for p in verify(name, outputs["pdftotext"], doc.truth, doc.meta)]
    meta["pdftotext_misordered"] = misordered
    (OUT / f"{name}.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(
        f"{name}: {pages} pages, {len(doc.truth)} paragraphs, pdf {size // 1024} KB"
        + ("" if not problems else f", {len(problems)} problems"),
        file=sys.stderr,
    )
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="build only documents whose name starts with this")
    ap.add_argument("--keep-pdf-under", type=int, default=120, metavar="KB")
    args = ap.parse_args()
    for tool in ("xelatex", "pdftotext"):
        if shutil.which(tool) is None:
            print(
                f"build.py: {tool} not found (apt-get install texlive-xetex poppler-utils ...)",
                file=sys.stderr,
            )
            return 2
    problems: list[str] = []
    for lang in LANGS:
        for layout in LAYOUTS:
            if args.only and not f"{lang}-{layout}".startswith(args.only):
                continue
            problems += build(lang, layout, args.keep_pdf_under)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

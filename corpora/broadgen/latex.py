"""Render a composed document as LaTeX for one of several classes (xelatex).

Families: article (one or two columns), report (chapters), amsart (theorems,
proofs, run-in subsections), revtex4-2 (two columns, REVTeX front matter),
IEEEtran, scrartcl (KOMA-Script).  The RNG varies fonts, paper, margins,
justification (\\sloppy, ragged right), the gap between a section's number and
its title, footnote marks, running heads and page-number footers, and the
arXiv-like stamp in the left margin of page 1.
"""

from __future__ import annotations

import random

from corpora.broadgen.doc import Block, Doc, Features
from corpora.broadgen.words import script_of, words_for

FAMILIES: dict[str, tuple[str, Features]] = {
    "latex-article": ("article", Features()),
    "latex-report": ("report", Features(chapters=True)),
    "latex-amsart": ("amsart", Features(numbering="dotted", runin_sub=True, theorems=True, lists=False)),
    "latex-revtex": ("revtex4-2", Features(numbering="roman", upper_sections=True)),
    "latex-ieee": ("IEEEtran", Features(numbering="roman")),
    "latex-koma": ("scrartcl", Features()),
}

FONTS = {
    "latin": [
        "Latin Modern Roman",
        "DejaVu Serif",
        "Noto Serif",
        "Noto Sans",
        "DejaVu Sans",
        "Latin Modern Sans",
    ],
    "cyrillic": ["DejaVu Serif", "Noto Serif", "Noto Sans", "DejaVu Sans"],
    "zh": ["Noto Serif CJK SC", "Noto Sans CJK SC", "AR PL SungtiL GB"],
    "ar": ["Noto Naskh Arabic", "Amiri"],
}

POLYGLOSSIA = {
    "en": r"\setmainlanguage{english}",
    "de": r"\setmainlanguage[spelling=new]{german}",
    "sr-cyrl": r"\setmainlanguage[script=Cyrillic]{serbian}",
    "sr-latn": r"\setmainlanguage[script=Latin]{serbian}",
    "ru": r"\setmainlanguage{russian}",
    "zh": r"\setmainlanguage{english}",
    "ar": r"\setmainlanguage{arabic}\setotherlanguage{english}",
}

_ESC = {"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_"}


def esc(s: str) -> str:
    """Escape the TeX specials that sources.usable lets through.

    >>> esc("50% of R&D #1 a_b")
    '50\\\\% of R\\\\&D \\\\#1 a\\\\_b'
    """
    return "".join(_ESC.get(c, c) for c in s)


def _para_tex(b: Block, lang: str) -> str:
    text = b.text
    if b.footnote is not None:
        after = b.footnote[0]
        words = text.split(" ")
        after = min(after, len(words) - 1) if len(words) > 1 else 1
        text = " ".join(words[:after]) + "\x00" + " ".join(words[after:])
    out = esc(text)
    if b.footnote is not None:
        out = out.replace("\x00", "\\footnote{" + esc(b.footnote[1]) + "} ")
    if b.formula is not None:
        # The formula goes after the first sentence; the paragraph goes on after it.
        cut = out.find(". ") + 1
        out = out[:cut] + "\n\\begin{equation}" + b.formula[1] + "\\end{equation}\n" + out[cut:].lstrip()
    return out


def render(doc: Doc, cls: str, rng: random.Random) -> str:
    """The LaTeX source of ``doc`` for class ``cls``; ``doc`` gets its furniture set."""
    lang = doc.lang
    w, tr = words_for(lang)
    twocol = cls in ("revtex4-2", "IEEEtran") or (cls in ("article", "scrartcl") and rng.random() < 0.4)
    font = rng.choice(FONTS[script_of(lang)])
    size = rng.choice(["10pt", "11pt"] if not twocol else ["9pt", "10pt"])
    if cls in ("article", "report", "amsart") and size == "9pt":
        size = "10pt"
    paper = (
        rng.choice(["a4paper", "letterpaper", "a5paper", "b5paper"])
        if not twocol
        else rng.choice(["a4paper", "letterpaper"] + (["a5paper"] if cls in ("article", "scrartcl") else []))
    )
    margin = rng.choice([12, 15, 20, 25]) if paper in ("a4paper", "letterpaper") else rng.choice([10, 12, 15])
    sloppy = rng.random() < 0.5
    # No hyphenation in a \sloppy paragraph: wide word gaps, where pdftotext may
    # cut a line in two blocks (a blank line inside a sentence).
    nohyphen = sloppy and rng.random() < 0.5
    ragged = not sloppy and rng.random() < 0.2
    wide_gap = rng.random() < 0.5
    twoside = rng.random() < 0.6
    footer = rng.choice(["{n}", "page", "page", ""])
    stamp = rng.random() < 0.4
    opts = [size, paper]
    if twoside:
        opts.append("twoside")
    if cls == "revtex4-2":
        opts = ["reprint", "aps", rng.choice(["pra", "prb", "prd"]), "nofootinbib", paper]
    elif cls == "IEEEtran":
        opts = [size, "journal", paper]
    elif twocol:
        opts.append("twocolumn")
    lines = [f"\\documentclass[{','.join(opts)}]{{{cls}}}"]
    if cls != "revtex4-2" and cls != "IEEEtran":
        lines.append(
            f"\\usepackage[{paper},margin={margin}mm,top={margin + 8}mm,bottom={margin + 6}mm]{{geometry}}"
        )
    lines += [
        r"\usepackage{amsmath}",
        r"\usepackage{lastpage}",
        r"\usepackage{eso-pic}",
        r"\usepackage{graphicx}",
        r"\usepackage{xcolor}",
        r"\usepackage{fancyhdr}",
    ]
    if wide_gap and cls in ("article", "report"):
        lines += [r"\usepackage{titlesec}", r"\titlelabel{\thetitle\hspace{3em}}"]
    if cls == "IEEEtran":  # polyglossia's Serbian redefines \thepart, which IEEEtran lacks
        lines += [
            r"\makeatletter\@ifundefined{c@part}{\newcounter{part}}{}\makeatother",
            r"\providecommand{\thepart}{\Roman{part}}",
        ]
    lines += [r"\usepackage{fontspec}", r"\usepackage{polyglossia}", POLYGLOSSIA[lang]]
    if lang == "zh":
        lines += [
            r"\usepackage{xeCJK}",
            f"\\setCJKmainfont{{{font}}}",
            r"\setmainfont{Latin Modern Roman}",
            r"\setlength{\parindent}{2em}",
        ]
    elif lang == "ar":
        lines += [
            f"\\setmainfont[Script=Arabic]{{{font}}}",
            f"\\newfontfamily\\arabicfont[Script=Arabic]{{{font}}}",
        ]
    else:
        lines.append(f"\\setmainfont{{{font}}}")
    if script_of(lang) == "cyrillic":  # KOMA's headings are sans serif; Latin Modern has no Cyrillic
        lines += [r"\setsansfont{DejaVu Sans}", r"\setmonofont{DejaVu Sans Mono}"]
    if cls == "amsart":
        lines += [r"\newtheorem{theorem}{" + tr(w["theorem"]) + "}[section]"]
        lines.append(r"\AtBeginDocument{\renewcommand{\proofname}{" + tr(w["proof"]) + "}}")
    if cls == "report":
        lines.append(
            r"\AtBeginDocument{\renewcommand{\chaptername}{" + esc(tr(w["chapter"].split(" ")[0])) + "}}"
        )
    if wide_gap and cls == "scrartcl":
        lines += [
            r"\renewcommand*{\sectionformat}{\thesection\hspace{3em}}",
            r"\renewcommand*{\subsectionformat}{\thesubsection\hspace{3em}}",
        ]
    if rng.random() < 0.3 and sum(b.footnote is not None for b in doc.blocks) <= 9:
        lines.append(r"\renewcommand{\thefootnote}{\fnsymbol{footnote}}")
    # Running heads: journal on odd pages, author on even; page numbers in the footer.
    journal = tr(rng.choice(w["journals"]))
    author = tr(rng.choice(w["names"]))
    lines += [r"\pagestyle{fancy}", r"\fancyhf{}", r"\renewcommand{\headrulewidth}{0pt}"]
    if twoside and cls != "IEEEtran" and cls != "revtex4-2":
        lines += [f"\\fancyhead[RO]{{{esc(journal)}}}", f"\\fancyhead[LE]{{{esc(author)}}}"]
        doc.headers = [journal, author]
    else:
        lines += [f"\\fancyhead[C]{{{esc(journal)}}}"]
        doc.headers = [journal]
    pagefmt = tr(w["page"])
    if footer == "{n}":
        lines.append(r"\fancyfoot[C]{\thepage}")
        doc.footer = "{n}"
    elif footer == "page":
        tex = pagefmt.replace("{n}", r"\thepage").replace("{m}", r"\pageref{LastPage}")
        lines.append(f"\\fancyfoot[C]{{{tex}}}")
        doc.footer = pagefmt
    lines.append(r"\fancypagestyle{plain}{}")
    if stamp:
        yy, mm = rng.randint(10, 24), rng.randint(1, 12)
        ident = f"arXiv:{yy:02d}{mm:02d}.{rng.randint(1000, 99999):05d}v{rng.randint(1, 4)}"
        cat = rng.choice(["cs.CL", "cs.OS", "cs.NI", "math.PR", "physics.soc-ph"])
        month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][mm - 1]
        doc.stamp = f"{ident} [{cat}] {rng.randint(1, 28)} {month} 20{yy:02d}"
        lines.append(
            r"\AddToShipoutPictureBG*{\AtPageLowerLeft{\put(\LenToUnit{8mm},\LenToUnit{0.3\paperheight})"
            r"{\rotatebox{90}{\textcolor{gray}{\Large "
            + doc.stamp.replace("[", "{[}").replace("]", "{]}")
            + "}}}}}"
        )
    body: list[str] = []
    blocks = list(doc.blocks)
    title = blocks.pop(0)
    if cls == "revtex4-2":
        aff = tr(rng.choice(w["venues"]))
        doc.front = [author, aff]
        abstract = blocks.pop(next(i for i, b in enumerate(blocks) if b.kind == "para"))
        abstract.footnote = abstract.formula = None
        abstract.env = abstract.prefix = ""
        lines.append(r"\begin{document}")
        body += [
            f"\\title{{{esc(title.text)}}}",
            f"\\author{{{esc(author)}}}",
            f"\\affiliation{{{esc(aff)}}}",
            f"\\begin{{abstract}}{_para_tex(abstract, lang)}\\end{{abstract}}",
            r"\maketitle",
            r"\thispagestyle{fancy}",
        ]
        doc.blocks = [title, abstract, *blocks]
    else:
        lines.append(r"\begin{document}")
        if twocol:
            body.append(r"\twocolumn[{\centering\LARGE\bfseries " + esc(title.text) + r"\par\bigskip}]")
        else:
            body.append(r"{\centering\LARGE\bfseries " + esc(title.text) + r"\par\bigskip}")
    body.append(r"\setlength{\emergencystretch}{2em}")  # fewer lines run off the page
    if sloppy:
        body.append(r"\sloppy")
    if nohyphen:
        body.append(r"\hyphenpenalty=10000 \exhyphenpenalty=10000")
    if ragged:
        body.append(r"\raggedright")
    in_list = ""
    for b in blocks:
        if in_list and b.kind != "item":
            body.append(f"\\end{{{in_list}}}")
            in_list = ""
        if b.kind == "heading":
            if b.level == 0:
                if b.env == "label":
                    continue  # the label "Chapter N" is typeset by \chapter
                body.append(f"\\chapter{{{esc(b.text)}}}")
            elif not b.number:
                body.append(f"\\section*{{{esc(b.text)}}}")
            else:
                cmd = "section" if b.level == 1 else "subsection"
                body.append(f"\\{cmd}{{{esc(b.text)}}}")
        elif b.kind == "para":
            if b.env == "theorem":
                body.append(f"\\begin{{theorem}}{_para_tex(b, lang)}\\end{{theorem}}\n")
            elif b.env == "proof":
                body.append(f"\\begin{{proof}}{_para_tex(b, lang)}\\end{{proof}}\n")
            else:
                body.append(_para_tex(b, lang) + "\n")
        elif b.kind == "item":
            env = "enumerate" if b.number else "itemize"
            if not in_list:
                body.append(f"\\begin{{{env}}}")
                in_list = env
            body.append(f"\\item {esc(b.text)}")
        elif b.kind == "figure":
            lab = [esc(x) for x in b.labels]
            body.append(
                "\\begin{center}\\fbox{\\parbox{0.8\\linewidth}{\\centering\\vspace{4mm}"
                f"{lab[0]}\\par\\vspace{{6mm}}{lab[2]} \\hfill {lab[3]} \\hfill {lab[4]}\\par\\vspace{{2mm}}"
                f"{lab[1]}\\par}}}}\\par\\smallskip\n{esc(b.text)}\\end{{center}}\n"
            )
        elif b.kind == "table":
            rows = " \\\\\n".join(" & ".join(esc(c) for c in row) for row in b.cells)
            body.append(
                f"\\begin{{center}}{esc(b.text)}\\par\\smallskip\n"
                f"\\begin{{tabular}}{{lrr}}\\hline\n{rows} \\\\\n\\hline\\end{{tabular}}\\end{{center}}\n"
            )
        elif b.kind == "ref":
            body.append(f"\\noindent\\hangindent=1.5em {esc(b.text)}\\par")
        elif b.kind == "code":
            body.append("\\begin{verbatim}\n" + b.text + "\n\\end{verbatim}")
    if in_list:
        body.append(f"\\end{{{in_list}}}")
    doc.settings.update(
        cls=cls,
        font=font,
        size=size,
        paper=paper,
        margin=margin,
        twocolumn=twocol,
        sloppy=sloppy,
        nohyphen=nohyphen,
        ragged=ragged,
        wide_gap=wide_gap,
        twoside=twoside,
    )
    return "\n".join(lines + body + [r"\end{document}", ""])

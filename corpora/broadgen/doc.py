"""A document as blocks, composed from a seeded RNG; its ground truth and metadata.

Nothing here runs a typesetter: the same id and seed give the same blocks, the
same truth and the same metadata (tests check this without TeX).  A renderer
(latex, writer, html) turns the blocks into a source file; the furniture that
depends on the page count (``Page 3 of 9``) is filled in after typesetting by
``Doc.furniture``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from corpora.broadgen import sources
from corpora.broadgen.words import words_for


@dataclass
class Block:
    """One thing on the page, in reading order."""

    kind: str  # title, heading, para, item, figure, table, code, ref
    text: str = ""
    level: int = 1  # heading level (0: chapter), or list nesting
    number: str = ""  # a heading's number or a list item's label, as typeset
    runin: bool = False  # a run-in heading (amsart): the truth keeps its full stop
    prefix: str = ""  # a theorem's or proof's label, part of the truth line
    env: str = ""  # theorem, proof
    footnote: tuple[int, str] | None = None  # (after this many words, footnote text)
    formula: tuple[int, str, str] | None = None  # (after this many sentences, TeX, text)
    cells: list[list[str]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    def truth(self) -> str | None:
        """The block's line in the ground truth, or None when it has none."""
        if self.kind in ("code",):
            return None
        if self.kind == "heading":
            return f"{self.number} {self.text}".strip() + ("." if self.runin else "")
        if self.kind == "item":
            return f"{self.number} {self.text}".strip()
        if self.kind in ("figure", "table"):
            return self.text
        return f"{self.prefix} {self.text}".strip()


@dataclass
class Doc:
    """A composed document: id, language, blocks and the furniture's templates."""

    doc_id: str
    family: str
    lang: str
    blocks: list[Block] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    footer: str = ""  # "{n}", "Page {n} of {m}" or "" (no page numbers)
    stamp: str = ""  # the margin stamp on page 1, or ""
    front: list[str] = field(default_factory=list)  # authors, affiliations: not in the truth
    licences: set[str] = field(default_factory=set)
    sources: list[str] = field(default_factory=list)
    settings: dict[str, object] = field(default_factory=dict)

    def truth(self) -> list[str]:
        return [t for b in self.blocks if (t := b.truth()) is not None]

    def furniture(self, pages: int) -> list[str]:
        """The footers and stamp, as typeset on a document of ``pages`` pages."""
        out = [self.footer.format(n=n, m=pages) for n in range(1, pages + 1)] if self.footer else []
        return out + ([self.stamp] if self.stamp else [])

    def meta(self, pages: int) -> dict[str, object]:
        """The classes of strings, for measuring what leaks or breaks."""
        objects: list[str] = []
        for b in self.blocks:
            objects += [c for row in b.cells for c in row] + b.labels
            if b.formula:
                objects.append(b.formula[2])
            if b.kind == "code":
                objects += [x for x in b.text.splitlines() if x.strip()]
        return {
            "headings": [t for b in self.blocks if b.kind in ("title", "heading") and (t := b.truth())],
            "captions": [b.text for b in self.blocks if b.kind in ("figure", "table")],
            "footnotes": [b.footnote[1] for b in self.blocks if b.footnote],
            "headers": list(dict.fromkeys(self.headers)),
            "footers": self.furniture(pages),
            "objects": objects,
            "front": list(self.front),
        }


@dataclass
class Features:
    """What a family's documents may contain; the RNG decides how much of it."""

    numbering: str = "arabic"  # arabic (1, 1.1), dotted (1., 1.1.), roman (I., A.), none
    upper_sections: bool = False  # REVTeX sets section titles in capitals
    runin_sub: bool = False  # amsart: subsections run in, with a full stop
    chapters: bool = False
    footnotes: bool = True
    formulas: bool = True
    tables: bool = True
    figures: bool = True
    lists: bool = True
    refs: bool = True
    theorems: bool = False
    code: bool = False
    subsections: bool = True
    min_sections: int = 6
    max_sections: int = 14
    min_pars: int = 3
    max_pars: int = 7


ROMAN = [
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
]
LETTERS = "ABCDEFGHIJKLMNOP"

FORMULAS = [
    (r"E = m c^{2}", "E = mc2"),
    (r"a^{2} + b^{2} = c^{2}", "a2 + b2 = c2"),
    (r"\sum_{i=1}^{n} x_{i} = n \bar{x}", "n xi = nx̄"),
    (r"f(x) = \frac{1}{1 + e^{-x}}", "f(x) = 1 / (1 + e−x)"),
    (r"\int_{0}^{1} t^{2} \, dt = \frac{1}{3}", "∫ t2 dt = 1/3"),
    (r"y = \alpha + \beta x + \varepsilon", "y = α + βx + ε"),
]


def _pool(lang: str, rng: random.Random) -> tuple[list[sources.Section], str]:
    """The sections a document in ``lang`` may draw on, and which source they are."""
    base = "sr-cyrl" if lang.startswith("sr") else lang
    own = list(sources.own(base)) if base in sources.OWN_TITLES else []
    book = list(sources.handbook(base)) if base in sources.HANDBOOK_LANG else []
    draw = rng.random()  # drawn always, so the RNG goes on the same with or without the handbook
    if book and (not own or draw < 0.85):
        return book, "handbook"
    return own, "own"


def compose(doc_id: str, family: str, lang: str, seed: int, feat: Features) -> Doc:
    """The blocks of document ``doc_id``, from a RNG seeded by the seed and the id."""
    rng = random.Random(f"{seed}/{doc_id}")
    w, tr = words_for(lang)
    pool, which = _pool(lang, rng)
    doc = Doc(doc_id, family, lang)
    # Never more sections than the pool has: a document repeats no section.
    n_sec = min(rng.randint(feat.min_sections, feat.max_sections), len(pool) - 1)
    start = rng.randrange(len(pool))
    # A run of consecutive sections (they belong together), wrapping around.
    secs = [pool[(start + k) % len(pool)] for k in range(n_sec + 1)]
    doc.blocks.append(Block("title", tr(secs[0].title)))
    for s in secs:
        doc.licences.add(s.licence)
        if s.source not in doc.sources:
            doc.sources.append(s.source)
    fig_n = tab_n = fn_n = 0
    chapter = 0

    def heading(level: int, idx: tuple[int, ...], text: str) -> None:
        nonlocal chapter
        title = tr(text)
        if level == 0:
            doc.blocks.append(Block("heading", tr(w["chapter"].format(n=idx[0])), level=0, env="label"))
            doc.blocks.append(Block("heading", title, level=0))
            return
        if feat.numbering == "arabic":
            num = ".".join(map(str, idx))
        elif feat.numbering == "dotted":
            num = ".".join(map(str, idx)) + "."
        elif feat.numbering == "roman":
            num = ROMAN[idx[-1] - 1] + "." if level == 1 else LETTERS[idx[-1] - 1] + "."
        else:
            num = ""
        if feat.upper_sections and level == 1:
            title = title.upper()
        doc.blocks.append(
            Block("heading", title, level=level, number=num, runin=feat.runin_sub and level == 2)
        )

    sec_no = sub_no = sub_title_no = 0
    thm_no = 0
    for k, s in enumerate(secs[1:]):
        if feat.chapters and (k == 0 or rng.random() < 0.35):
            chapter += 1
            sec_no = 0
            heading(0, (chapter,), s.title)
        else:
            sec_no += 1
            sub_no = 0
            thm_no = 0
            idx = (chapter, sec_no) if feat.chapters else (sec_no,)
            heading(1, idx, s.title)
        pars = [b for b in s.blocks if b[0] == "p"]
        items = [b for b in s.blocks if b[0] == "li"]
        codes = [b for b in s.blocks if b[0] == "code"]
        n_par = min(len(pars), rng.randint(feat.min_pars, feat.max_pars))
        for j, (_, text) in enumerate(pars[:n_par]):
            if feat.subsections and j == 2 and rng.random() < 0.5 and sec_no:
                sub_no += 1
                idx = (chapter, sec_no, sub_no) if feat.chapters else (sec_no, sub_no)
                spare = pool[(start + n_sec + 1 + sub_title_no) % len(pool)]
                sub_title_no += 1
                heading(2, idx, spare.title)
            b = Block("para", tr(text))
            if feat.footnotes and rng.random() < 0.25:
                fn_n += 1
                n_words = len(text.split())
                # A sentence of a paragraph this document does not print, or a stock note.
                spare_pars = [t for k_, t in s.blocks if k_ == "p"][n_par:]
                note = tr(rng.choice(spare_pars).split(". ")[0].rstrip(".") + ".") if spare_pars else ""
                if not 10 < len(note) < 160:
                    note = tr(w["note"])
                b.footnote = (rng.randint(1, max(1, n_words - 1)), note)
            if feat.formulas and rng.random() < 0.15 and text.count(". ") >= 1 and lang != "ar":
                tex, typed = rng.choice(FORMULAS)
                b.formula = (1, tex, typed)
            if feat.theorems and rng.random() < 0.2 and sec_no:
                thm_no += 1
                b.env, b.prefix = "theorem", tr(f"{w['theorem']} {sec_no}.{thm_no}.")
            elif feat.theorems and rng.random() < 0.1:
                b.env, b.prefix = "proof", tr(f"{w['proof']}.")
            doc.blocks.append(b)
            if j == 0 and feat.lists and items and rng.random() < 0.6:
                ordered = rng.random() < 0.4
                for n, (_, it) in enumerate(items[:6], 1):
                    doc.blocks.append(Block("item", tr(it), number=f"{n}." if ordered else ""))
            if j == 0 and feat.code and codes and rng.random() < 0.7:
                doc.blocks.append(Block("code", codes[0][1]))
            if j == 1 and feat.figures and rng.random() < 0.3:
                fig_n += 1
                labels = rng.sample(w["axes"], 2) + [str(x) for x in sorted(rng.sample(range(0, 100, 5), 3))]
                doc.blocks.append(Block("figure", tr(f"{w['figure']} {fig_n}: {s.title}."), labels=labels))
            if j == 1 and feat.tables and rng.random() < 0.25:
                tab_n += 1
                doc.blocks.append(
                    Block("table", tr(f"{w['table']} {tab_n}: {s.title}."), cells=_cells(rng, text, tr))
                )
    if feat.refs:
        doc.blocks.append(Block("heading", tr(w["references"]), level=1))
        for n in range(1, rng.randint(3, 7)):
            doc.blocks.append(Block("ref", tr(_reference(rng, n, w))))
    doc.settings["source_kind"] = which
    doc.settings["footnotes"] = fn_n
    return doc


def _cells(rng: random.Random, text: str, tr: object) -> list[list[str]]:
    words = [x.strip(",.;:()（），。") for x in text.split() if len(x.strip(",.;:()（），。")) > 2][:12]
    if len(words) < 3:
        words = ["A", "B", "C"]
    rows = [[str(tr(x)) for x in words[:3]]]  # type: ignore[operator]
    for _ in range(rng.randint(2, 4)):
        rows.append([str(rng.randint(1, 99)), f"{rng.randint(1, 999) / 10:.1f}", str(rng.randint(100, 999))])
    return rows


def _reference(rng: random.Random, n: int, w: dict) -> str:
    a = rng.choice(w["names"])
    b = rng.choice(w["names"])
    title = rng.choice(w["reftitles"])
    year = rng.randint(1995, 2024)
    return f"[{n}] {a}, {b}. {title}. {rng.choice(w['venues'])}, {year}."

"""Where the corpus's text comes from: sections of real prose, with their licence.

Two sources:

* ``corpora/texts/`` and ``corpora/broadgen/texts/``: paragraphs written for
  srtext (MIT licence); section titles for them are written here too;
* the Debian Administrator's Handbook (Debian package ``debian-handbook``,
  GPL-2+ or CC-BY-SA-3.0), read from its HTML in several languages: its
  sections, their titles, paragraphs, list items and code blocks.

A source is a list of ``Section``s; the generator samples runs of them.
Paragraphs are kept whole; those with characters that a producer would change
(TeX specials, straight double quotes, dashes made of hyphens) are left out, so
that the typeset text is the truth's text.
"""

from __future__ import annotations

import functools
import html.parser
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXTS = HERE.parent / "texts"
OWN_TEXTS = HERE / "texts"
HANDBOOK = Path("/usr/share/doc/debian-handbook/html")
HANDBOOK_LANG = {"en": "en-US", "de": "de-DE", "ru": "ru-RU", "zh": "zh-CN", "ar": "ar-MA"}
HANDBOOK_LICENCE = "GPL-2+ or CC-BY-SA-3.0 (Debian package debian-handbook)"
OWN_LICENCE = "MIT (text written for srtext)"

# Characters a producer would change or that need escaping beyond the usual:
# such paragraphs are skipped rather than escaped.
_BAD = re.compile(r'[\\{}$^~<>|`"\t]|--|\.\.\.|://|\[|\]|@|…')


@dataclass
class Section:
    """A titled run of blocks: ("p", text), ("li", text) or ("code", text)."""

    title: str
    blocks: list[tuple[str, str]] = field(default_factory=list)
    licence: str = OWN_LICENCE
    source: str = ""


def clean(text: str) -> str:
    """Whitespace collapsed, apostrophes typographic (as TeX would set them).

    >>> clean("  it's   a\\n test ")
    'it’s a test'
    """
    text = "".join(c for c in text if c in "\n\t" or unicodedata.category(c) != "Cf")
    return re.sub(r"\s+", " ", text).strip().replace("'", "’")


_EN_WORDS = frozenset("the and of to is are that this with for you your it be can which".split())
_SCRIPT = {
    "ru": re.compile(r"[а-яё]", re.I),
    "zh": re.compile(r"[\u4e00-\u9fff]"),
    "ar": re.compile(r"[\u0600-\u06ff]"),
}


def in_language(text: str, lang: str) -> bool:
    """Whether a translated paragraph is translated (the handbook leaves some in English).

    >>> in_language("This is the way to do it.", "de"), in_language("Das ist der Weg.", "de")
    (False, True)
    >>> in_language("Пакет apt и его зависимости", "ru"), in_language("apt and its dependencies", "ru")
    (True, False)
    """
    if lang == "en":
        return True
    if lang in _SCRIPT:
        letters = [c for c in text if c.isalpha()]
        return len(_SCRIPT[lang].findall(text)) >= 0.3 * len(letters)
    words = re.findall(r"\w+", text.lower())
    return sum(w in _EN_WORDS for w in words) < 0.06 * max(1, len(words))


def usable(text: str, lo: int = 40, hi: int = 1400) -> bool:
    """Whether a paragraph is kept: long enough, short enough, no risky characters."""
    return lo <= len(text) <= hi and not _BAD.search(text)


class _HandbookParser(html.parser.HTMLParser):
    """Collects h2-h4 titles, div.para paragraphs, list items and pre blocks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sections: list[Section] = []
        self.stack: list[tuple[str, str]] = []  # (tag, class)
        self.buf: list[str] | None = None
        self.kind = ""
        self.skip = 0  # depth inside sidebars, tables, figures, examples, toc

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if tag in ("br", "img", "meta", "link", "hr", "input"):
            return
        self.stack.append((tag, cls))
        if cls in ("sidebar", "table", "informaltable", "figure", "example", "toc", "docnav", "calloutlist"):
            self.skip += 1
        if self.skip or self.buf is not None:
            return
        if tag in ("h2", "h3", "h4") and cls == "title":
            self.buf, self.kind = [], tag
        elif tag == "div" and cls == "para":
            in_li = any(t == "li" for t, _ in self.stack[:-1])
            self.buf, self.kind = [], "li" if in_li else "p"
        elif tag == "pre" and cls in ("screen", "programlisting"):
            self.buf, self.kind = [], "code"

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            t, cls = self.stack.pop()
            if cls in (
                "sidebar",
                "table",
                "informaltable",
                "figure",
                "example",
                "toc",
                "docnav",
                "calloutlist",
            ):
                self.skip -= 1
            closes = {"code": "pre", "p": "div", "li": "div"}.get(self.kind, self.kind)
            if self.buf is not None and t == closes and len(self.stack) == self._depth:
                self._flush()
            if t == tag:
                break

    _depth = -1

    def handle_data(self, data: str) -> None:
        if self.buf is not None:
            self.buf.append(data)

    def _flush(self) -> None:
        assert self.buf is not None
        raw = "".join(self.buf)
        self.buf = None
        if self.kind in ("h2", "h3", "h4"):
            title = re.sub(r"^\s*[\d.]+\s*", "", clean(raw))
            self.sections.append(Section(title))
        elif self.sections:
            text = raw.strip("\n") if self.kind == "code" else clean(raw)
            self.sections[-1].blocks.append((self.kind, text))


def _parse(path: Path) -> list[Section]:
    p = _HandbookParser()
    # Remember the depth at which a collected element opens, to close it there.
    orig = p.handle_starttag

    def start(tag: str, attrs: list[tuple[str, str | None]]) -> None:
        before = p.buf
        orig(tag, attrs)
        if before is None and p.buf is not None:
            p._depth = len(p.stack) - 1

    p.handle_starttag = start  # type: ignore[method-assign]
    p.feed(path.read_text(encoding="utf-8"))
    return p.sections


@functools.cache
def handbook(lang: str) -> tuple[Section, ...]:
    """The handbook's sections in one language, in reading order, filtered."""
    folder = HANDBOOK / HANDBOOK_LANG[lang]
    if not folder.is_dir():
        return ()
    out = []
    for path in sorted(folder.glob("*.html")):
        for s in _parse(path):
            blocks = [
                (k, t)
                for k, t in s.blocks
                if (k == "code" and 0 < len(t) < 600 and t.count("\n") < 12)
                or (
                    k != "code"
                    and usable(t, 40 if k == "p" else 8, 1400 if k == "p" else 300)
                    and in_language(t, lang)
                )
            ]
            if (
                usable(s.title, 3, 120)
                and in_language(s.title, lang)
                and sum(k == "p" for k, _ in blocks) >= 2
            ):
                out.append(Section(s.title, blocks, HANDBOOK_LICENCE, f"debian-handbook {path.name}"))
    return tuple(out)


# Titles for the sections of srtext's own texts, per language.
OWN_TITLES = {
    "en": [
        "Rivers and their beds",
        "Old maps and new surveys",
        "Measuring a channel",
        "Engineers and floods",
        "Giving the land back",
        "Names and sediment",
        "Models of a moving valley",
        "What the spade shows",
    ],
    "de": [
        "Der Teig",
        "Sauerteig und Geduld",
        "Formen und Backen",
        "Der Backtag im Dorf",
        "Mehl und Wasser",
        "Die Kruste",
    ],
    "sr-cyrl": [
        "Река у равници",
        "Стари рибари и окуке",
        "Мостови и насеља",
        "Река данас",
        "Поплаве и насипи",
        "Живот на обали",
        "Бродови и скеле",
        "Ушће",
    ],
    "ru": [
        "Лес после пожара",
        "Первые годы",
        "Животные и почва",
        "Следы в истории леса",
        "Хвойные деревья",
        "Лесники",
    ],
    "zh": ["茶的种植", "采摘与加工", "泡茶的学问", "茶与生活"],
}


@functools.cache
def own(lang: str) -> tuple[Section, ...]:
    """srtext's own paragraphs for a language, as titled sections.

    corpora/texts/LANG.txt is cut into sections of a few paragraphs titled from
    OWN_TITLES; in corpora/broadgen/texts/LANG.txt a line "## Title" opens a section.
    """
    out: list[Section] = []
    path = TEXTS / f"{lang}.txt"
    if path.exists():
        lines = path.read_text(encoding="utf-8").splitlines()
        pars = [clean(x) for x in lines if x.strip() and not x.startswith("#")]
        titles = OWN_TITLES[lang]
        per = 2 if lang == "zh" else 3
        for k in range(0, len(pars), per):
            out.append(
                Section(
                    titles[(k // per) % len(titles)],
                    [("p", p) for p in pars[k : k + per]],
                    OWN_LICENCE,
                    f"corpora/texts/{lang}.txt",
                )
            )
    path = OWN_TEXTS / f"{lang}.txt"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("## "):
                out.append(Section(clean(line[3:]), [], OWN_LICENCE, f"corpora/broadgen/texts/{lang}.txt"))
            elif line.strip() and not line.startswith("#") and out:
                out[-1].blocks.append(("p", clean(line)))
    return tuple(out)

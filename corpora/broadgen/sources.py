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
    return re.sub(r"\s+", " ", text).strip().replace("'", "’")


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
            if cls in ("sidebar", "table", "informaltable", "figure", "example", "toc", "docnav", "calloutlist"):
                self.skip -= 1
            if self.buf is not None and t == {"code": "pre", "p": "div", "li": "div"}.get(self.kind, self.kind):
                if len(self.stack) == self._depth:
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
                or (k != "code" and usable(t, 40 if k == "p" else 8, 1400 if k == "p" else 300))
            ]
            if usable(s.title, 3, 120) and sum(k == "p" for k, _ in blocks) >= 2:
                out.append(Section(s.title, blocks, HANDBOOK_LICENCE, f"debian-handbook {path.name}"))
    return tuple(out)


# Titles for the sections of srtext's own texts, per language.
OWN_TITLES = {
    "en": ["Rivers and their beds", "Old maps and new surveys", "Measuring a channel",
           "Engineers and floods", "Giving the land back", "Names and sediment",
           "Models of a moving valley", "What the spade shows"],
    "de": ["Der Teig", "Sauerteig und Geduld", "Formen und Backen", "Der Backtag im Dorf",
           "Mehl und Wasser", "Die Kruste"],
    "sr-cyrl": ["Река у равници", "Стари рибари и окуке", "Мостови и насеља", "Река данас",
                "Поплаве и насипи", "Живот на обали", "Бродови и скеле", "Ушће"],
    "ru": ["Лес после пожара", "Первые годы", "Животные и почва", "Следы в истории леса",
           "Хвойные деревья", "Лесники"],
    "zh": ["茶的种植", "采摘与加工", "泡茶的学问", "茶与生活"],
}


@functools.cache
def own(lang: str) -> tuple[Section, ...]:
    """srtext's own paragraphs for a language, cut into titled sections."""
    pars: list[str] = []
    for folder in (TEXTS, OWN_TEXTS):
        path = folder / f"{lang}.txt"
        if path.exists():
            lines = path.read_text(encoding="utf-8").splitlines()
            pars += [clean(x) for x in lines if x.strip() and not x.startswith("#")]
    titles = OWN_TITLES[lang]
    per = 2 if lang == "zh" else 3
    out = []
    for k in range(0, len(pars), per):
        title = titles[(k // per) % len(titles)]
        out.append(Section(title, [("p", p) for p in pars[k : k + per]], OWN_LICENCE, f"corpora/texts/{lang}.txt"))
    return tuple(out)

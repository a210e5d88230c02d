"""Dehyphenation as a typesetter breaks words: every legal break point of real running text, decided.

A dev-only benchmark (issue 30, item 10).  The project's own corpora give few and easy line-end
hyphens; a typeset document (TeX, LibreOffice) breaks any word at the points its language's
hyphenation patterns allow.  This script takes real running text in several languages, finds
every word a typesetter could break, splits it at each legal point (pyphen, which carries the
hunspell/LibreOffice hyphenation dictionaries: ``pip install -e '.[bench]'``), and asks
srtext's :class:`~srtext.pipeline.hyphen.Dehyphenator` whether ``left-`` / ``right`` is joined
or kept.  The truth: join, for a word written without a hyphen; keep, where the word (a
compound, "cost-effective") has its own hyphen at that point.  Each occurrence of a word gives
its cases, so words and compounds weigh as often as the text has them.

The Dehyphenator knows the document it decides in: a :class:`Vocabulary` of the whole
document (one HTML page, one manual page, one message catalog) less the occurrence being
broken (in a typeset document that occurrence is on two lines, not a word of the vocabulary),
so the document's other occurrences of the word are its evidence, as in a real one.

Text sources, read where Debian installs them (nothing is copied into the repository;
``apt-get install debian-handbook debian-reference-en debian-reference-de debian-reference-es
debian-reference-fr debian-reference-it debian-reference-pt python3.11-doc manpages-de manpages-fr
manpages-ru manpages-sr``):

=========== ======================================================= ============= ==========
source      where                                                   licence       split
=========== ======================================================= ============= ==========
handbook    /usr/share/doc/debian-handbook/html/<ll-CC>/*.html      GPL-2+ or     tune
            (The Debian Administrator's Handbook)                   CC-BY-SA-3.0
gettext     /usr/share/locale/{sr,sr@latin}/LC_MESSAGES/*.mo        each          tune
            (msgstr of Debian packages' message catalogs)           package's (free)
reference   /usr/share/doc/debian-reference-common/docs/*.<ll>.html GPL-2+        validate
            (Debian Reference)
manpages    /usr/share/man/<ll>/man*/ (manpages-l10n translations)  GPL-3+ (the   validate
                                                                    translations)
pydoc       /usr/share/doc/python3.11/html/{tutorial,howto,         PSF licence   validate
            reference}/*.html (English)
=========== ======================================================= ============= ==========

The tuning split (handbook, gettext) may be looked at to change a criterion; the validation
split (reference, manpages, pydoc) is only counted: its misses are not printed.  Serbian has no
handbook: its tuning text is the message catalogs (``sr`` Cyrillic, ``sr@latin``), its
validation the Serbian manual pages (Cyrillic), and again transliterated to Latin script (the
Serbian Latin text a converter would write; Serbian's two scripts map letter to letter).
Chinese and Japanese are not broken at hyphens: no cases.

Only paragraphs in the source's language count (srtext's own detection decides: the handbook's
translations leave some paragraphs in English); code (``pre``, ``code``, ``tt``, ``kbd``) is
left out, and so are the inline names DocBook's print stylesheets set in a monospaced font
(packages, commands, file names: ``_SKIP_CLASSES``), which a typesetter does not hyphenate; a
word with a capital after its first letter (an acronym, a program's name) is not
broken, as a typesetter sets those without hyphenation.

    python bench/hyphen_typeset.py [--split tune|validate|both] [--lang de,ru] [--misses N]
        [--decided] [--markdown] [--cache DIR]

``--misses N`` lists N wrong decisions per criterion (tuning only); ``--decided`` gives each
criterion's verdicts, wrong of all, per split and language (counts only).
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html.parser
import os
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from srtext.pipeline.hyphen import Dehyphenator  # noqa: E402
from srtext.pipeline.language import detect_language  # noqa: E402
from srtext.pipeline.lexicon import to_latin_serbian, wordfreq_code  # noqa: E402
from srtext.pipeline.vocabulary import Vocabulary  # noqa: E402

HANDBOOK = Path("/usr/share/doc/debian-handbook/html")
REFERENCE = Path("/usr/share/doc/debian-reference-common/docs")
LOCALE = Path("/usr/share/locale")
MAN = Path("/usr/share/man")
PYDOC = Path("/usr/share/doc/python3.11/html")

# language: (srtext's code, pyphen's dictionary)
LANGS = {
    "en": ("en", "en_US"),
    "de": ("de", "de_DE"),
    "fr": ("fr", "fr"),
    "es": ("es", "es"),
    "it": ("it", "it_IT"),
    "pt": ("pt", "pt_BR"),
    "pl": ("pl", "pl_PL"),
    "nl": ("nl", "nl_NL"),
    "ru": ("ru", "ru_RU"),
    "hr": ("hr", "hr_HR"),
    "sr": ("sr", "sr"),  # Cyrillic
    "sr-Latn": ("sr", "sr_Latn"),
}
HANDBOOK_DIRS = {
    "en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "it": "it-IT", "pt": "pt-BR",
    "pl": "pl-PL", "nl": "nl-NL", "ru": "ru-RU", "hr": "hr-HR",
}  # fmt: skip
REFERENCE_LANGS = ("en", "de", "es", "fr", "it", "pt")
MAN_DIRS = {
    "de": "de",
    "fr": "fr",
    "es": "es",
    "it": "it",
    "pt": "pt",
    "pl": "pl",
    "nl": "nl",
    "ru": "ru",
    "sr": "sr",
}
# Manual pages read per language at most (every k-th of the sorted list): groff takes a while.
MAN_PAGES = 160
# A paragraph shorter than this is not put to language detection, nor counted.
MIN_BLOCK = 40
# The context a case shows around the broken word (words on each side), like a line's.
CONTEXT_WORDS = 4
# The parts pyphen leaves at least before and after a break (TeX's and LibreOffice's usual 2 and 2).
LEFT_MIN, RIGHT_MIN = 2, 2

_TOKEN = regex.compile(r"\p{L}+(?:-\p{L}+)*")
# A word in running text: not part of a path, an option, an identifier, a file name or an address.
_BEFORE_BAD = set("-_/\\.@$%=:~'’`") | set("0123456789")
_AFTER_BAD = set("-_/\\@=`(") | set("0123456789")
_SKIP_TAGS = {"pre", "code", "tt", "kbd", "script", "style", "samp", "title", "head"}
# DocBook's classes of what its print stylesheets set in a monospaced font (never hyphenated):
# package and distribution names, manual page names, keys, commands typed, e-mail addresses.
_SKIP_CLASSES = {"pkg", "distribution", "refentrytitle", "citerefentry", "keycap", "userinput", "replaceable",
                 "email", "literal", "command", "filename", "computeroutput", "varname", "option",
                 "function"}  # fmt: skip
# Elements that may carry such a class and have an end tag.
_INLINE_TAGS = {"span", "em", "strong", "a", "b", "i"}
_BLOCK_TAGS = {"p", "div", "li", "td", "th", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "br", "tr",
               "table", "ul", "ol", "dl", "blockquote", "section", "figcaption", "caption"}  # fmt: skip


class _Text(html.parser.HTMLParser):
    """An HTML page's running text, one string per block (paragraph, list item, cell...)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.full: list[str] = []  # the same blocks with their monospaced and code text: the document's words
        self._now: list[str] = []
        self._all: list[str] = []
        self._skip = 0
        self._open: list[tuple[str, bool]] = []  # inline elements open: (tag, skipping)

    def _flush(self) -> None:
        text = " ".join("".join(self._now).split())
        full = " ".join("".join(self._all).split())
        if full:
            self.blocks.append(text)
            self.full.append(full)
        self._now, self._all = [], []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP_TAGS:
            self._skip += 1
        elif tag in _INLINE_TAGS:
            classes = set((dict(attrs).get("class") or "").split())
            skipping = bool(classes & _SKIP_CLASSES)
            self._open.append((tag, skipping))
            self._skip += skipping
        if tag in _BLOCK_TAGS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP_TAGS:
            self._skip = max(0, self._skip - 1)
        elif tag in _INLINE_TAGS:
            for k in range(len(self._open) - 1, -1, -1):
                if self._open[k][0] == tag:
                    if self._open.pop(k)[1]:
                        self._skip = max(0, self._skip - 1)
                    break
        if tag in _BLOCK_TAGS:
            self._flush()

    def handle_data(self, data: str) -> None:
        self._now.append(" " if self._skip else data)
        self._all.append(data)


def html_blocks(path: Path) -> tuple[list[str], list[str]]:
    """A page's prose blocks (monospaced text blanked) and the same blocks whole."""
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    parser._flush()
    return parser.blocks, parser.full


def man_blocks(path: Path, cache: Path) -> list[str]:
    """A manual page's paragraphs, rendered by man without hyphenation nor justification (cached)."""
    key = hashlib.sha1(str(path).encode()).hexdigest()[:16]
    cached = cache / f"man-{key}.txt"
    if cached.exists():
        text = cached.read_text(encoding="utf-8")
    else:
        env = dict(os.environ, MANWIDTH="3000", MAN_KEEP_FORMATTING="", LANG="C.UTF-8")
        proc = subprocess.run(
            f"man --nh --nj -E UTF-8 -l '{path}' 2>/dev/null | col -bx",
            shell=True, capture_output=True, env=env, check=False,
        )  # fmt: skip
        text = proc.stdout.decode("utf-8", "replace")
        cache.mkdir(parents=True, exist_ok=True)
        cached.write_text(text, encoding="utf-8")
    blocks, now = [], []
    for line in text.split("\n"):
        if line.strip():
            now.append(line.strip())
        elif now:
            blocks.append(" ".join(now))
            now = []
    if now:
        blocks.append(" ".join(now))
    return blocks


def mo_blocks(path: Path) -> list[str]:
    """A message catalog's translations (msgstr), accelerator marks removed."""
    with path.open("rb") as f:
        try:
            catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        except Exception:
            return []
    out = []
    for key, value in catalog.items():
        if not key or not isinstance(value, str):
            continue
        text = regex.sub(r"[_&](?=\p{L})", "", value.replace("\\n", " "))
        out.append(" ".join(text.split()))
    return out


@dataclass
class Document:
    name: str
    lang: str  # a key of LANGS
    source: str
    split: str
    blocks: list[str]  # the running text whose words are broken: paragraphs in the document's language
    words: list[str]  # all the document's text: its vocabulary


def _in_language(blocks: list[str], lang: str) -> list[str]:
    code = wordfreq_code(LANGS[lang][0])
    return [b for b in blocks if len(b) >= MIN_BLOCK and detect_language(b) == code]


def _html(name: str, lang: str, source: str, split: str, page: Path) -> Document:
    blocks, full = html_blocks(page)
    return Document(name, lang, source, split, _in_language(blocks, lang), full)


def documents(langs: set[str], splits: set[str], cache: Path) -> Iterator[Document]:
    if "tune" in splits:
        for lang, sub in HANDBOOK_DIRS.items():
            if lang in langs:
                for page in sorted((HANDBOOK / sub).glob("*.html")):
                    yield _html(f"handbook/{sub}/{page.name}", lang, "handbook", "tune", page)
        for lang, sub in (("sr", "sr"), ("sr-Latn", "sr@latin")):
            if lang in langs:
                for mo in sorted((LOCALE / sub / "LC_MESSAGES").glob("*.mo")):
                    blocks = mo_blocks(mo)
                    yield Document(f"gettext/{sub}/{mo.name}", lang, "gettext", "tune",
                                   _in_language(blocks, lang), blocks)  # fmt: skip
    if "validate" not in splits:
        return
    for lang in REFERENCE_LANGS:
        if lang in langs:
            for page in sorted(REFERENCE.glob(f"*.{lang}.html")):
                yield _html(f"reference/{page.name}", lang, "reference", "validate", page)
    if "en" in langs:
        for sub in ("tutorial", "howto", "reference"):
            for page in sorted((PYDOC / sub).glob("*.html")):
                yield _html(f"pydoc/{sub}/{page.name}", "en", "pydoc", "validate", page)
    for lang, sub in MAN_DIRS.items():
        wanted = [x for x in (lang, "sr-Latn" if lang == "sr" else "") if x in langs]
        if not wanted:
            continue
        pages = sorted(p for p in (MAN / sub).glob("man*/*") if p.is_file())
        step = max(1, len(pages) // MAN_PAGES)
        for page in pages[::step][:MAN_PAGES]:
            full = man_blocks(page, cache)
            blocks = _in_language(full, lang)
            for want in wanted:
                if want == "sr-Latn":
                    latin = [to_latin_serbian_text(b) for b in blocks]
                    yield Document(f"manpages/{sub}/{page.name}", want, "manpages", "validate", latin,
                                   [to_latin_serbian_text(b) for b in full])  # fmt: skip
                else:
                    yield Document(f"manpages/{sub}/{page.name}", want, "manpages", "validate", blocks, full)


def to_latin_serbian_text(text: str) -> str:
    """Serbian Cyrillic to Latin, keeping capitals ("Љубав" -> "Ljubav")."""
    out = []
    for c in text:
        latin = to_latin_serbian(c.lower())
        if c.isupper() and latin != c.lower():
            latin = latin[0].upper() + latin[1:]
        out.append(latin)
    return "".join(out)


class _LeftOut(Vocabulary):
    """A document's vocabulary less the one occurrence being broken (a typeset page has it on two lines)."""

    left_out = ""

    def unbroken(self, word: str) -> int:
        n = super().unbroken(word)
        return max(0, n - 1) if n and word.lower() == self.left_out else n

    def ending(self, suffix: str, longer: int) -> int:
        n = super().ending(suffix, longer)
        word = self.left_out
        broken = (
            word.endswith(suffix.lower()) and len(word) >= len(suffix) + longer and self._words[word] == 1
        )
        return n - 1 if n and broken else n

    def hyphenated(self, compound: str) -> int:
        n = super().hyphenated(compound)
        return max(0, n - 1) if n and compound.lower().replace("\u2010", "-") == self.left_out else n


@dataclass
class Tally:
    cases: int = 0
    right: int = 0
    baseline: int = 0
    keeps: int = 0
    misses: Counter[str] = field(default_factory=Counter)  # by criterion
    decided: Counter[str] = field(default_factory=Counter)  # by criterion and verdict ("rule:keep")
    wrong_by: Counter[str] = field(default_factory=Counter)  # ... of those, wrong
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))


def _running(text: str, m: regex.Match[str]) -> bool:
    before = text[m.start() - 1] if m.start() else " "
    after = text[m.end()] if m.end() < len(text) else " "
    if before in _BEFORE_BAD or after in _AFTER_BAD:
        return False
    if after == "." and m.end() + 1 < len(text) and text[m.end() + 1].isalnum():
        return False  # a file name, an address
    return not any(c.isupper() for part in m.group().split("-") for c in part[1:])


def cases_of(doc: Document, hyphenator: object) -> Iterator[tuple[str, str, str, str]]:
    """``(left, right, truth, token)``: every legal break of every running word of the document."""
    positions = hyphenator.positions  # type: ignore[attr-defined]
    for block in doc.blocks:
        matches = list(_TOKEN.finditer(block))
        for i, m in enumerate(matches):
            if not _running(block, m):
                continue
            token = m.group()
            before = block[matches[max(0, i - CONTEXT_WORDS)].start() : m.start()]
            after = (
                block[m.end() : matches[min(len(matches) - 1, i + CONTEXT_WORDS)].end()]
                if i + 1 < len(matches)
                else block[m.end() :]
            )
            parts = token.split("-")
            offset = 0
            for k, part in enumerate(parts):
                for p in positions(part) if len(part) >= LEFT_MIN + RIGHT_MIN else ():
                    at = offset + p
                    yield before + token[:at] + "-", token[at:] + after, "join", token
                if k + 1 < len(parts):
                    at = offset + len(part)
                    yield before + token[:at] + "-", token[at + 1 :] + after, "keep", token
                offset += len(part) + 1


def run(docs: Iterator[Document], misses: int) -> dict[tuple[str, str], Tally]:
    import pyphen

    hyphenators = {}
    tallies: dict[tuple[str, str], Tally] = {}
    for doc in docs:
        if not doc.blocks:
            continue
        if doc.lang not in hyphenators:
            hyphenators[doc.lang] = pyphen.Pyphen(lang=LANGS[doc.lang][1], left=LEFT_MIN, right=RIGHT_MIN)
        vocabulary = _LeftOut(LANGS[doc.lang][0])
        for block in doc.words:
            vocabulary.add(block)
        dehyphenator = Dehyphenator(vocabulary)
        tally = tallies.setdefault((doc.split, doc.lang), Tally())
        source = tallies.setdefault((doc.source, doc.lang), Tally())
        for left, right, truth, token in cases_of(doc, hyphenators[doc.lang]):
            vocabulary.left_out = token.lower()
            verdict, rule = dehyphenator.verdict(left, right)
            for t in (tally, source):
                t.cases += 1
                t.keeps += truth == "keep"
                t.baseline += truth == "join"
                t.decided[f"{rule}:{verdict}"] += 1
                if verdict == truth:
                    t.right += 1
                else:
                    t.misses[rule] += 1
                    t.wrong_by[f"{rule}:{verdict}"] += 1
            if verdict != truth and doc.split == "tune" and misses and len(tally.examples[rule]) < misses:
                head = left.rsplit(" ", 1)[-1]
                tail = right.split(" ", 1)[0]
                tally.examples[rule].append(f"{head}|{tail} ({truth}; {doc.name})")
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", default="both", choices=("tune", "validate", "both"))
    parser.add_argument("--lang", default=",".join(LANGS), help="comma-separated keys: " + ",".join(LANGS))
    parser.add_argument(
        "--misses", type=int, default=0, help="examples of wrong decisions per criterion (tuning only)"
    )
    parser.add_argument("--decided", action="store_true", help="every criterion's verdicts: wrong of all")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "srtext-bench" / "man"
    parser.add_argument("--cache", type=Path, default=cache, help="rendered manual pages")
    args = parser.parse_args(argv)
    splits = {"tune", "validate"} if args.split == "both" else {args.split}
    langs = set(args.lang.split(","))
    tallies = run(documents(langs, splits, args.cache), args.misses)
    order = {
        k: i
        for i, k in enumerate(("tune", "handbook", "gettext", "validate", "reference", "pydoc", "manpages"))
    }
    rows = sorted(tallies.items(), key=lambda kv: (order[kv[0][0]], list(LANGS).index(kv[0][1])))
    if args.markdown:
        print(
            "| split / source | lang | cases | keep | srtext right % | always-join % | misses by criterion |"
        )
        print("|---|---|---:|---:|---:|---:|---|")
    else:
        print("split/source\tlang\tcases\tkeep\tright%\tall-join%\tmisses by criterion")
    for (where, lang), t in rows:
        pct = 100 * t.right / max(t.cases, 1)
        base = 100 * t.baseline / max(t.cases, 1)
        miss = ", ".join(f"{r} {n}" for r, n in t.misses.most_common())
        if args.markdown:
            strong = "**" if where in ("tune", "validate") else ""
            print(
                f"| {strong}{where}{strong} | {lang} | {t.cases} | {t.keeps} | {pct:.2f} | {base:.2f} "
                f"| {miss} |"
            )
        else:
            print(f"{where}\t{lang}\t{t.cases}\t{t.keeps}\t{pct:.2f}\t{base:.2f}\t{miss}")
    if args.decided:
        print("\ndecisions by criterion (wrong/all):")
        for (where, lang), t in rows:
            if where in ("tune", "validate"):
                parts = []
                for key, n in t.decided.most_common():
                    rule, verdict = key.split(":")
                    wrong = t.wrong_by.get(key, 0)
                    parts.append(f"{rule}:{verdict} {wrong}/{n}")
                print(f"{where} {lang}: " + ", ".join(parts))
    for (where, lang), t in rows:
        for rule, examples in t.examples.items():
            print(f"\n{where} {lang} {rule}: " + "; ".join(examples))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Check a document's truth against its PDF's text, and count pdftotext's artefacts.

The truth check is corpora/build.py's ``verify`` (every letter of each truth
paragraph in order in ``pdftotext -raw``'s output; every header and footnote in
it), on text normalised to NFKC so that a ligature glyph's code point (ﬁ)
counts as its letters.  The artefacts are counted in pdftotext's default output
and recorded in each document's metadata, so the corpus shows what it exercises.
"""

from __future__ import annotations

import re
import unicodedata

from corpora.build import verify

__all__ = ["artefacts", "problems"]


def problems(
    name: str, raw: str, truth: list[str], meta: dict[str, list[str]], rtl: bool = False
) -> list[str]:
    """What of the truth, headers and footnotes is not in the PDF's text (empty: all is).

    Right-to-left text is checked word by word, order free (a smoke test):
    pdftotext writes it in visual order and splits ligatures such as lam-alef.
    """
    text = unicodedata.normalize("NFKC", raw)
    return _rtl(name, text, truth) if rtl else verify(name, text, truth, meta)


def _key(word: str) -> str:
    return "".join(sorted(c for c in word.lower() if c.isalnum()))


def _rtl(name: str, text: str, truth: list[str]) -> list[str]:
    """Paragraphs of which more than a tenth of the words are not in the text, letters in any order."""
    words = {_key(w) for w in "".join(c for c in text if unicodedata.category(c) != "Cf").split()}
    out = []
    for k, paragraph in enumerate(truth, 1):
        keys = [x for x in map(_key, paragraph.split()) if x]
        missing = sum(x not in words for x in keys)
        if missing > len(keys) / 10:
            out.append(f"{name}: paragraph {k}: {missing} of {len(keys)} words not in pdftotext's output")
    return out


_END = re.compile(r"[.!?:;。！？：”)»]\s*\Z")
_MARK = re.compile(r"\A(?:\d{1,2}|[∗*†‡§¶‖]{1,3})\Z")


def _letters(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", text).lower() if c.isalnum())


def artefacts(text: str, truth: list[str], headings: list[str], footnotes: list[str]) -> dict[str, int]:
    """Counts of what pdftotext did to the layout, in its default output ``text``.

    * number_apart: a heading's number on its own line, a blank line, then its title;
    * blank_in_sentence: a blank line between two lines that run on inside one
      sentence of the truth (the last 8 letters of the one and the first 8 of
      the other stand together in a truth paragraph, not at a sentence's end);
    * footnote_mark_apart: a footnote mark alone on its line, its footnote's text
      on one of the next two lines;
    * hyphen_u2010, hyphen_u2011: lines ending in U+2010 or U+2011.

    >>> t = "3.2\\n\\nThermal drift\\nThe sensor was put in the\\n\\nshade at noon.\\n1\\nA note.\\n"
    >>> truth = ["3.2 Thermal drift", "The sensor was put in the shade at noon."]
    >>> a = artefacts(t, truth, ["3.2 Thermal drift"], ["A note."])
    >>> a["number_apart"], a["blank_in_sentence"], a["footnote_mark_apart"]
    (1, 1, 1)
    >>> artefacts(t.replace("the\\n\\nshade", "the shade"), truth, [], [])["blank_in_sentence"]
    0
    """
    lines = [x.strip() for x in text.replace("\f", "\n").split("\n")]
    apart = 0
    for h in headings:
        num, _, title = h.partition(" ")
        if not title or not re.fullmatch(r"[\dIVXA-Z]{1,4}(?:\.\d{1,2})*\.?", num):
            continue
        for i in range(len(lines) - 2):
            if lines[i] == num and lines[i + 1] == "" and title[:12] and lines[i + 2].startswith(title[:12]):
                apart += 1
                break
    body = "\n".join(_letters(p) for p in truth)
    blank = 0
    for i in range(1, len(lines) - 1):
        before, after = _letters(lines[i - 1])[-8:], _letters(lines[i + 1])[:8]
        if lines[i] == "" and len(before) == len(after) == 8 and not _END.search(lines[i - 1]):
            blank += before + after in body
    marks = 0
    for f in footnotes:
        head = f[:15]
        for i, x in enumerate(lines):
            if _MARK.match(x) and any(y.startswith(head) for y in lines[i + 1 : i + 3]):
                marks += 1
                break
    return {
        "number_apart": apart,
        "blank_in_sentence": blank,
        "footnote_mark_apart": marks,
        "hyphen_u2010": sum(x.endswith("\u2010") for x in lines),
        "hyphen_u2011": sum(x.endswith("\u2011") for x in lines),
    }

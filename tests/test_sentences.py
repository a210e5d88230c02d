"""The sentence splitter on hand-written hard cases (tests/sentences/LANG.txt).

Each file holds paragraphs separated by a blank line, one sentence per line.
The test joins each paragraph's sentences (with a space, or nothing for Chinese)
and checks that the splitter gives them back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext.pipeline.sentences import sentence_spans, split_sentences

HERE = Path(__file__).parent / "sentences"
XFAIL: dict[tuple[str, int], str] = {
    ("zh", 1): "a quotation ending in 。” followed by its speech tag (他说。) is split off it",
}


def cases() -> list[tuple[str, int, list[str]]]:
    out = []
    for path in sorted(HERE.glob("*.txt")):
        lang = path.stem
        blocks = path.read_text(encoding="utf-8").strip().split("\n\n")
        for i, block in enumerate(blocks):
            out.append((lang, i, block.splitlines()))
    return out


def _param(lang: str, i: int, sentences: list[str]) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=XFAIL[lang, i])] if (lang, i) in XFAIL else []
    return pytest.param(lang, sentences, id=f"{lang}-{i}", marks=marks)


@pytest.mark.parametrize(("lang", "sentences"), [_param(*c) for c in cases()])
def test_hard_case(lang: str, sentences: list[str]) -> None:
    sep = "" if lang == "zh" else " "
    assert split_sentences(sep.join(sentences), lang) == sentences


def test_every_language_has_cases() -> None:
    assert {c[0] for c in cases()} >= {"en", "de", "fr", "sr", "ru", "zh"}


@pytest.mark.parametrize("text", ["", "   ", "no end", "End.", "a. b. c.", "???", "。", "\u2026 x"])
def test_spans_cover_the_text(text: str) -> None:
    spans = list(sentence_spans(text))
    rest = text
    for a, b in spans:
        assert text[a:b].strip() == text[a:b] != ""
    covered = "".join(text[a:b] for a, b in spans)
    assert covered.replace(" ", "") == rest.replace(" ", "")

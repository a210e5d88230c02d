"""Streaming: bounded look-ahead, and the same result as whole-file processing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from srtext import Config, Paragraph, SentenceRecovery, paragraphs, recover
from srtext.pipeline.lines import Line, byte_lines, text_lines
from tests.conftest import CASES, SAMPLES

_SPACE_OR_HYPHEN = regex.compile(r"[\s\-\u00ad\u2010]")  # joining strips spaces, may remove hyphens
DOCS = sorted(SAMPLES.glob("*.txt")) + sorted(CASES.glob("*.in"))
DOCS = [d for d in DOCS if not d.name.endswith(".truth.txt")]
DOCS = [d for d in DOCS if "geometry-" not in d.name]  # bbox XHTML: read whole, with its boxes


def _streamed(path: Path, window: int, mode: str = "default") -> list[Paragraph]:
    data = path.read_bytes()
    chunks = [data[i : i + 7] for i in range(0, len(data), 7)]  # odd chunk size: split CRLF, UTF-8
    return list(paragraphs(recover(byte_lines(chunks), Config(window=window, mode=mode))))


@pytest.mark.parametrize("doc", DOCS, ids=[d.stem for d in DOCS])
@pytest.mark.parametrize("mode", ["default", "paper"])
def test_streaming_equals_whole_file(doc: Path, mode: str) -> None:
    whole = SentenceRecovery(doc, mode=mode).paragraphs
    assert _streamed(doc, 20000, mode) == whole


def test_small_window_still_equals_whole_file_on_an_ordinary_document() -> None:
    """A window a little longer than a page (pages here have 24 lines and a few more)."""
    doc = SAMPLES / "en-rivers.txt"
    assert _streamed(doc, 30) == SentenceRecovery(doc).paragraphs


def test_look_ahead_is_bounded_by_the_window() -> None:
    consumed = 0

    def endless() -> Iterator[Line]:
        nonlocal consumed
        n = 0
        while True:
            for text in (
                "A line of prose that runs to the margin",
                "and on and on to the margin",
                "and ends here.",
            ):
                n += 1
                consumed = n
                yield Line(n, 1, text)

    events = recover(endless(), Config(window=100))
    first = next(e for e in events if isinstance(e, Paragraph))
    assert first.text == "A line of prose that runs to the margin and on and on to the margin and ends here."
    assert consumed <= 100 + 3


WORDS = st.sampled_from(
    [
        "the",
        "river",
        "bank",
        "moved",
        "twice",
        "in",
        "a",
        "year",
        "and",
        "nobody",
        "saw",
        "it",
        "happen",
        "Der",
        "Fluss",
        "Река",
        "тече",
        "河流",
        "改道",
        "meta-",
        "bolic",
        "e.g.",
        "3.1",
        "(12)",
        "[4]",
        ":",
        ";",
        "—",
        "x",
        "y",
    ]
)
LINE = st.lists(WORDS, min_size=0, max_size=14).map(" ".join)
ENDING = st.sampled_from(["", ".", "?", ":", '."', "-", "\f"])
DOC = st.lists(st.tuples(LINE, ENDING).map("".join), min_size=0, max_size=60).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(DOC, st.sampled_from(["default", "paper"]), st.integers(min_value=1, max_value=40))
def test_properties_of_random_documents(text: str, mode: str, window: int) -> None:
    config = Config(mode=mode, window=None)
    sr = SentenceRecovery(text, config)
    # Every input line gets exactly one decision.
    lines = list(text_lines(text))
    assert [(d.line.number, d.line.text) for d in sr.decisions] == [(x.number, x.text) for x in lines]
    # No text lost unless dropped on purpose: a paragraph holds exactly its lines'
    # characters (white space and line-end hyphens aside).
    by_number: dict[int, str] = {}
    for d in sr.decisions:
        if d.action not in ("drop", "skip"):
            by_number[d.line.number] = by_number.get(d.line.number, "") + d.line.text
    kept = set(by_number)
    seen: set[int] = set()
    # A line cut by a form feed is two lines with one number; it may feed two paragraphs.
    split = {n for n, count in Counter(x.number for x in lines).items() if count > 1}
    for p in sr.paragraphs:
        assert p.text == p.text.strip() and "\n" not in p.text
        if split.isdisjoint(p.lines):
            expected = "".join(by_number[n] for n in p.lines)
            assert _SPACE_OR_HYPHEN.sub("", p.text) == _SPACE_OR_HYPHEN.sub("", expected)
        seen.update(p.lines)
    assert seen == kept
    all_text = _SPACE_OR_HYPHEN.sub("", "".join(p.text for p in sr.paragraphs))
    assert Counter(all_text) == Counter(_SPACE_OR_HYPHEN.sub("", "".join(by_number.values())))
    # Streaming with a window as long as the document equals whole-file processing.
    streamed = list(
        paragraphs(recover(text_lines(text), Config(mode=mode, window=max(window, len(lines) or 1))))
    )
    assert streamed == sr.paragraphs


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_crash(data: bytes) -> None:
    try:
        sr = SentenceRecovery(data)
    except ValueError:
        assert b"\0" in data  # only binary input is refused
        return
    assert isinstance(sr.out_text, str)


PROSE = st.lists(
    st.sampled_from(
        ["river", "bank", "moved", "twice", "in", "one", "year", "and", "nobody", "saw", "it", "happen"]
    ),
    min_size=2,
    max_size=40,
).map(lambda ws: " ".join(ws).capitalize() + ".")


@settings(max_examples=100, deadline=None)
@given(st.lists(PROSE, min_size=1, max_size=12))
@example(  # found by hypothesis: weighed, the third line joined the second (sentence_then_blank_line)
    [
        "River bank bank bank bank bank bank bank bank.",
        "Bank bank bank bank bank bank bank bank bank.",
        "Bank river bank bank bank bank bank bank bank.",
    ]
)
def test_clean_blank_separated_paragraphs_come_out_unchanged(pars: list[str]) -> None:
    """Already clean text stays as it is.  (Words have two letters or more: a line
    like "A a." has no word and is debris by design.)"""
    text = "\n\n".join(pars) + "\n"
    assert SentenceRecovery(text).out_text == "\n".join(pars) + "\n"
    assert SentenceRecovery(text, output_format="blank").out_text == text


@settings(max_examples=60, deadline=None)
@given(st.lists(PROSE, min_size=8, max_size=20))
def test_clean_one_paragraph_per_line_comes_out_unchanged(pars: list[str]) -> None:
    text = "\n".join(pars) + "\n"
    assert SentenceRecovery(text).out_text == text

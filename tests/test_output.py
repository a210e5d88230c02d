"""Output formats: sentences and JSON lines, with offsets that point back at the input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from srtext import Config, recover
from srtext.pipeline.chars import LIGATURES, repairer
from srtext.pipeline.events import Paragraph
from srtext.pipeline.lines import byte_lines
from srtext.pipeline.output import format_jsonl
from tests.conftest import CASES, ROOT, SAMPLES
from tests.test_cli import in_process

DOCS = [d for d in sorted(SAMPLES.glob("*.txt")) if not d.name.endswith(".truth.txt")]
DOCS += sorted((ROOT / "corpora" / "latex").glob("*.pdftotext.txt")) + sorted(CASES.glob("*.in"))
KEYS = {"text", "kind", "page", "lines", "start", "end", "dropped"}


def _records(data: bytes, **options: object) -> list[dict[str, object]]:
    config = Config(output_format="jsonl", **options)  # type: ignore[arg-type]
    events = recover(byte_lines([data]), config)
    return [
        json.loads(x)
        for x in format_jsonl(events, sentences=config.sentences, with_dropped=config.with_dropped)
    ]


def _check_paragraph_spans(text: str, p: Paragraph) -> None:
    """Every piece of the paragraph is exactly the input text its span names."""
    for at, offset, length, _line, _page in p.spans:
        assert p.text[at : at + length] == text[offset : offset + length]


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_paragraph_spans_point_at_their_input(doc: Path) -> None:
    data = doc.read_bytes()
    text = data.decode("utf-8", "surrogateescape")
    for e in recover(byte_lines([data]), Config(window=None)):
        if isinstance(e, Paragraph):
            _check_paragraph_spans(text, e)


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_jsonl_offsets_point_at_their_input(doc: Path) -> None:
    data = doc.read_bytes()
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    for sentences in (False, True):
        for r in _records(data, sentences=sentences, with_dropped=True):
            assert r.keys() >= KEYS
            start, end, body = int(r["start"]), int(r["end"]), str(r["text"])  # type: ignore[call-overload]
            assert text[start] == body[0] and text[end - 1] == body[-1], r
            first_line = text.count("\n", 0, start) + 1
            assert first_line == r["lines"][0], r  # type: ignore[index]
            assert body[:1] in lines[first_line - 1]


def test_jsonl_schema_of_a_paragraph_and_its_sentences() -> None:
    data = b"Results\n\nThe first sentence of a para-\ngraph ends. A second one\nfollows it here.\n"
    (head, body) = _records(data)
    assert head == {
        "text": "Results",
        "kind": "heading",
        "page": 1,
        "lines": [1],
        "start": 0,
        "end": 7,
        "dropped": False,
        "level": 1,
    }
    assert "level" not in body
    assert body["text"] == "The first sentence of a paragraph ends. A second one follows it here."
    assert body["lines"] == [3, 4, 5] and body["start"] == 9 and body["end"] == len(data) - 1
    sents = _records(data, sentences=True)
    assert [(s["text"], s["lines"], s["paragraph"], s["sentence"]) for s in sents[1:]] == [
        ("The first sentence of a paragraph ends.", [3, 4], 1, 0),
        ("A second one follows it here.", [4, 5], 1, 1),
    ]
    second = sents[2]
    assert data.decode()[second["start"] : second["end"]] == "A second one\nfollows it here."


def test_jsonl_with_dropped_lists_furniture_with_its_class() -> None:
    doc = SAMPLES / "en-rivers.txt"
    records = _records(doc.read_bytes(), with_dropped=True)
    dropped = [r for r in records if r["dropped"]]
    assert dropped and all(r["kind"] in {"furniture", "footnote", "object"} for r in dropped)
    assert all(len(r["lines"]) == 1 for r in dropped)
    kept = _records(doc.read_bytes())
    # the same paragraphs, each with the rules, line ends and repairs of its lines besides
    assert [
        {k: v for k, v in r.items() if k not in ("rules", "hyphens", "repairs")}
        for r in records
        if not r["dropped"]
    ] == kept
    assert all(len(r["rules"]) == len(r["lines"]) for r in records if not r["dropped"])


def test_cli_sentences_format(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    data = b"Dr. Smith came in the morning, as he\nsaid. It rained.\n\nA new paragraph.\n"
    status, out, _err = in_process(["--format", "sentences", "--lang", "en"], data, monkeypatch, capsysbinary)
    assert status == 0
    assert out.decode() == "Dr. Smith came in the morning, as he said.\nIt rained.\n\nA new paragraph.\n"


def test_cli_jsonl_keeps_invalid_bytes_valid_json(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    status, out, _err = in_process(
        ["--format", "jsonl", "-q"], b"caf\xe9 au lait.\n", monkeypatch, capsysbinary
    )
    assert status == 0
    (record,) = [json.loads(x) for x in out.splitlines()]
    assert record["text"] == "caf\ufffd au lait."  # issue 32 item 9: U+FFFD, no lone surrogate


@pytest.mark.parametrize("flag", ["--sentences", "--with-dropped"])
def test_cli_jsonl_flags_need_jsonl(
    flag: str, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    status, _out, err = in_process([flag], b"x\n", monkeypatch, capsysbinary)
    assert status == 2
    assert "--format jsonl" in err


_LINE = st.text(alphabet=st.sampled_from("ab cD.-\u00ad\t\f\r\nЖ中1"), max_size=40)


@settings(max_examples=150, deadline=None)
@given(st.lists(_LINE, max_size=30), st.sampled_from(["\n", "\r\n", "\r"]))
def test_spans_point_at_the_input_for_any_document(lines: list[str], end: str) -> None:
    text = end.join(lines)
    data = text.encode()
    decoded = data.decode()
    config = Config(window=None, repair=frozenset())  # repairs change the text the spans point at
    for e in recover(byte_lines([data[i : i + 5] for i in range(0, len(data), 5)]), config):
        if isinstance(e, Paragraph):
            _check_paragraph_spans(decoded, e)


# Repaired lines (issue 22, item 4): a removed control character or an expanded
# ligature must not shift the offsets of what follows it.
_REPAIRED = (
    "The \u0088ﬁrst line of a paragraph that runs on and on, with the\n"
    "eﬀect that the sen\u0007tence goes on to its ﬁnal word here. A second\n"
    "sentence ends the paragraph at its oﬃcial end.\n"
)


@pytest.mark.parametrize("sentences", [False, True])
def test_jsonl_offsets_point_at_the_input_on_repaired_lines(sentences: bool) -> None:
    records = _records(_REPAIRED.encode(), sentences=sentences)
    assert records
    for r in records:
        start, end, body = int(r["start"]), int(r["end"]), str(r["text"])  # type: ignore[call-overload]
        source = _REPAIRED[start:end]
        assert source[0] == body[0] and source[-1] == body[-1], (r, source)
        assert " ".join(repairer()(source).split()) == body  # type: ignore[misc]


def test_paragraph_spans_of_repaired_lines_point_at_their_source() -> None:
    from srtext.pipeline.lines import text_lines

    paragraphs = [e for e in recover(text_lines(_REPAIRED)) if isinstance(e, Paragraph)]
    repair = repairer()
    assert repair is not None and paragraphs
    for p in paragraphs:
        for at, offset, length, _line, _page in p.spans:
            source, text = _REPAIRED[offset : offset + length], p.text[at : at + length]
            fixed = repair(source)
            # A run may end inside a ligature's letters ("ef" from "eﬀ") or start inside them
            # ("fect" from "ﬀect"): its source is then the whole ligature.
            ends_inside = source[-1] in LIGATURES and fixed.startswith(text)
            starts_inside = source[0] in LIGATURES and fixed.endswith(text)
            assert fixed == text or ends_inside or starts_inside, (source, text)

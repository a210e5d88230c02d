"""Language detection on every language of the corpora, --lang, and character repair."""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext import Config, SentenceRecovery, recover_text
from srtext.pipeline.language import detect_language
from tests.conftest import ROOT, SAMPLES
from tests.test_cli import in_process

EXPECTED = {"en": "en", "de": "de", "sr-cyrl": "sh", "sr-latn": "sh", "ru": "ru", "zh": "zh"}
DOCS = sorted((ROOT / "corpora" / "latex").glob("*.pdftotext.txt"))
DOCS += [p for p in sorted(SAMPLES.glob("*.txt")) if not p.name.endswith(".truth.txt")]


def _lang_of(path: Path) -> str:
    name = path.name
    return next(v for k, v in sorted(EXPECTED.items(), key=lambda kv: -len(kv[0])) if name.startswith(k))


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_detected_language_of_every_corpus_document(doc: Path) -> None:
    assert detect_language(doc.read_text(encoding="utf-8")) == _lang_of(doc)
    assert SentenceRecovery(doc).lang == _lang_of(doc)


def test_every_corpus_language_is_covered() -> None:
    assert {_lang_of(d) for d in DOCS} == set(EXPECTED.values())


@pytest.mark.parametrize("lang", ["en", "de", "sr", "sh", "ru", "zh"])
def test_lang_option_overrides_detection(lang: str) -> None:
    doc = SAMPLES / "en-rivers.txt"
    assert SentenceRecovery(doc, lang=lang).lang == lang


def test_lang_changes_the_decisions() -> None:
    # German writes compounds closed: between two words the hyphen is the typesetter's.
    text = "A short first line about a cost-\neffective way.\n"
    assert recover_text(text, Config(window=None, lang="en")).strip().endswith("cost-effective way.")
    assert recover_text(text, Config(window=None, lang="de")).strip().endswith("costeffective way.")


def test_unknown_language_falls_back_to_rules() -> None:
    text = "Text über eine meta-\nbolische Rate.\n"
    assert "metabolische" in recover_text(text, Config(window=None, lang="xx"))


def test_no_letters_no_language() -> None:
    assert detect_language("12 + 3 = 15") is None


def test_character_repair_is_on_by_default_and_switchable() -> None:
    text = "The \ufb01rst line with \x88 a M\u043e\u0441\u043a\u0432\u0430 and an e\ufb00ective end.\n"
    assert recover_text(text) == "The first line with  a Москва and an effective end.\n"
    kept = Config(window=None, repair=frozenset())
    assert recover_text(text, kept) == text


def test_cli_no_repair(monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    data = "\ufb01ne words\n".encode()
    status, out, _err = in_process(["--no-repair", "controls,ligatures"], data, monkeypatch, capsysbinary)
    assert status == 0
    assert out.decode() == "\ufb01ne words\n"


def test_lexicon_works_when_its_cache_cannot_be_written(tmp_path: Path) -> None:
    from srtext.pipeline.lexicon import Lexicon

    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    lexicon = Lexicon("en", blocker / "cache")  # mkdir under a file fails, as on a read-only home
    assert lexicon.zipf("metabolic") > 3
    assert not (blocker / "cache").exists()

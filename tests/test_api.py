"""The library's entry points: SentenceRecovery from every kind of source, and Config."""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext import Config, SentenceRecovery, paragraphs, recover, recover_text
from srtext.pipeline.lines import text_lines
from tests.conftest import ROOT, SAMPLES

EN = SAMPLES / "en-rivers.txt"
TRUTH = (SAMPLES / "en-rivers.truth.txt").read_text(encoding="utf-8")


def test_every_kind_of_source_gives_the_same_result() -> None:
    text = EN.read_text(encoding="utf-8")
    sources: list[object] = [text, EN.read_bytes(), EN, text.splitlines(keepends=True), text.splitlines()]
    for source in sources:
        assert SentenceRecovery(source).out_text == TRUTH, type(source)  # type: ignore[arg-type]


def test_paper_attributes_and_steps() -> None:
    sr = SentenceRecovery(EN, eps=0.2)
    assert sr.eps == 0.2 and sr.cw == sr.calculate_cw() and sr.l_avg > 0
    assert sr.lines[0].number == 1 and sr.lines[0].page == 1
    assert sr.run() is sr.run() and sr.sr_algorithm() is sr.run()
    assert [p.kind for p in sr.paragraphs][:2] == ["heading", "body"]
    assert len(sr.decisions) == len(sr.lines)


def test_config_is_frozen_and_validated() -> None:
    c = Config()
    with pytest.raises(AttributeError):
        c.eps = 0.2
    assert c.replace(eps=0.3).eps == 0.3 and c.eps == 0.1
    for bad in (
        dict(eps=1.0),
        dict(eps=-0.1),
        dict(cw=0),
        dict(window=0),
        dict(mode="x"),
        dict(output_format="x"),
        dict(encoding="nope"),
        dict(drop=frozenset({"x"})),
    ):
        with pytest.raises(ValueError):
            Config(**bad)
    with pytest.raises(TypeError):
        c.replace(epsilon=0.3)


def test_config_compares_hashes_pickles_and_prints_by_value() -> None:
    import pickle

    a, b = Config(eps=0.3, drop=["captions"]), Config().replace(eps=0.3, drop=frozenset({"captions"}))
    assert a == b and hash(a) == hash(b) and a != Config() and len({a, b, Config()}) == 2
    assert pickle.loads(pickle.dumps(a)) == a and isinstance(a.drop, frozenset)
    assert repr(a).startswith("Config(mode='default', eps=0.3, cw=None,")
    assert repr(a).endswith("drop=frozenset({'captions'}), geometry='auto')")
    with pytest.raises(AttributeError):
        del a.eps


def test_streaming_api_and_recover_text_agree() -> None:
    text = EN.read_text(encoding="utf-8")
    streamed = "".join(p.text + "\n" for p in paragraphs(recover(text_lines(text), Config())))
    assert streamed == recover_text(text) == TRUTH
    assert recover_text(text, Config(output_format="blank")) == TRUTH.replace("\n", "\n\n")[:-1]


def test_package_names_are_not_shadowed_by_submodules() -> None:
    """No public name of srtext is also a module of the package (issue 19): importing every
    module leaves ``srtext.recover`` the function, and the public names are exactly these."""
    import importlib
    import pkgutil

    import srtext

    modules = {m.name for m in pkgutil.walk_packages(srtext.__path__, "srtext.")} - {"srtext.__main__"}
    for name in modules:
        importlib.import_module(name)
    assert callable(srtext.recover) and srtext.recover.__module__ == "srtext.recovery"
    assert not {f"srtext.{n}" for n in srtext.__all__} & modules
    assert all(hasattr(srtext, name) for name in srtext.__all__)
    assert set(srtext.__all__) == {
        "Config",
        "Decision",
        "Line",
        "Paragraph",
        "Result",
        "SentenceRecovery",
        "__version__",
        "paragraphs",
        "recover",
        "recover_documents",
        "recover_paths",
        "recover_text",
        "recover_texts",
    }


# Issue 22, item 19: paths, PDFs, iteration and repr.


def test_a_str_naming_a_file_is_text_with_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "p.txt").write_text("A line that runs on\nto its end.\n")
    monkeypatch.chdir(tmp_path)
    with pytest.warns(UserWarning, match=r"pass pathlib.Path\('p.txt'\)"):
        sr = SentenceRecovery("p.txt")
    assert sr.out_text == "p.txt\n"  # the text itself, as documented
    assert SentenceRecovery(Path("p.txt")).out_text == "A line that runs on to its end.\n"


def test_a_pdf_path_is_read_as_the_command_line_reads_it() -> None:
    from srtext.run.batch import Job
    from srtext.run.process import process_file

    pdf = ROOT / "corpora" / "latex" / "en-onecol.pdf"
    assert SentenceRecovery(pdf).out_text == process_file(Job(pdf, None)).text


def test_sentence_recovery_iterates_over_its_paragraphs_and_prints_briefly() -> None:
    sr = SentenceRecovery(EN.read_text(encoding="utf-8"))
    assert list(sr) == sr.paragraphs and len(sr.paragraphs) > 3
    assert repr(sr) == f"SentenceRecovery(lines={len(sr.lines)}, cw={sr.cw}, eps=0.1, mode='default')"

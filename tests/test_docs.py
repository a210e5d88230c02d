"""README, --help and the man page must agree: every option documented everywhere."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from srtext import __version__, docgen
from srtext.cli import build_parser
from srtext.config import Config, RunOptions
from srtext.options import OPTIONS, Option
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
MAN = (ROOT / "man" / "srtext.1").read_text(encoding="utf-8")


def _options() -> list[str]:
    opts = []
    for action in build_parser()._actions:
        opts.extend(s for s in action.option_strings if s.startswith("--"))
    return opts


def _man_text(s: str) -> str:
    return s.replace("\\-", "-").replace("\\fB", "").replace("\\fR", "").replace("\\fI", "")


@pytest.mark.parametrize("option", _options())
def test_every_option_is_in_readme_and_man_page(option: str) -> None:
    if option == "--help":
        assert "--help" in _man_text(MAN)
        return
    assert f"`{option}" in README, f"{option} missing from README.md"
    assert re.search(rf"(^|\s|\"){re.escape(option)}\b", _man_text(MAN), re.M), (
        f"{option} missing from man page"
    )


def test_man_page_has_no_unknown_option() -> None:
    known = set(_options())
    mentioned = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", _man_text(MAN)))
    assert mentioned <= known, mentioned - known


def test_readme_has_no_unknown_option() -> None:
    known = set(_options()) | {"--mode", "--doctest-modules"}
    table = README.split("## Usage", 1)[1].split("## How it works", 1)[0]
    mentioned = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", table))
    assert mentioned <= known, mentioned - known


def test_versions_agree() -> None:
    assert f'"srtext {__version__}"' in MAN
    out = subprocess.run([sys.executable, "-m", "srtext", "--version"], capture_output=True, text=True)
    assert out.stdout.strip() == f"srtext {__version__}"


def test_defaults_agree_with_config() -> None:
    c, run = Config(), RunOptions()
    parser = build_parser()
    for field in ("mode", "eps", "cw", "window", "encoding", "output_format"):
        assert parser.get_default(field) == getattr(c, field), field
    for field in ("output", "suffix", "force", "jobs", "dask", "extractor", "quiet", "explain", "dropped"):
        assert parser.get_default(field) == getattr(run, field), field
    assert f"(default {c.eps})" in parser.format_help()
    assert f"(default {c.window})" in MAN.replace("\\-", "-")


def test_generated_docs_are_up_to_date() -> None:
    """README's tables and the man page's OPTIONS are made by cog from the code (srtext/docgen.py)."""
    import os

    from cogapp import Cog

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        status = Cog().main(["cog", "--check", "--diff", "README.md", "man/srtext.1"])
    finally:
        os.chdir(cwd)
    assert status == 0, "run: cog -r README.md man/srtext.1"


@pytest.mark.parametrize("option", list(OPTIONS), ids=lambda o: o.names[-1])
def test_help_readme_and_man_page_say_the_same(option: Option) -> None:
    help_text = "".join(build_parser().format_help().split())  # argparse wraps lines, at hyphens too
    assert "".join(option.text().split()) in help_text
    assert option.text(more=True) in README
    man = " ".join(_man_text(MAN).split())
    assert " ".join(_man_text(docgen._body(option.text(more=True))).split())[1:] in man


def test_every_rule_is_in_readme() -> None:
    from srtext.pipeline.names import rule_names

    for name in rule_names():
        assert f"`{name}`" in README, name


def test_exit_statuses_agree() -> None:
    help_text = build_parser().format_help()
    for code in ("0", "1", "2", "130", "141"):
        assert f"\n.B {code}\n" in MAN
        assert code in help_text.split("exit status:")[1]
        assert f" {code} " in README.split("Exit status:")[1].split("\n\n")[0] + " "


def test_readme_names_the_ci_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "pip install -e '.[test]' && python -m pytest"
    assert command in README
    assert "pip install -e '.[test]'" in ci and "python -m pytest" in ci


def test_jsonl_keys_are_documented_in_readme_and_man_page() -> None:
    from srtext.pipeline.events import Paragraph
    from srtext.pipeline.output import paragraph_record, sentence_records

    p = Paragraph("One. Two.", "body", (1,), 1, ((0, 0, 9, 1, 1),))
    keys = set(paragraph_record(p)) | set(next(sentence_records(p, 0)))
    man = _man_text(MAN)
    for key in keys:
        assert f"| `{key}`" in README or f", `{key}`" in README, key
        assert re.search(rf"^\.IR? (.*\W)?{key}\b", man, re.M), key


def test_man_page_is_installed_with_the_package() -> None:
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files = pyproject["tool"]["setuptools"]["data-files"]["share/man/man1"]
    assert files == ["man/srtext.1"] and (ROOT / files[0]).is_file()


def test_every_package_and_data_file_is_installed() -> None:
    """pip installs what pyproject names: every package under srtext/ (found, not listed by hand:
    a hand-written list once missed srtext.lang), py.typed and the fitted weights."""
    import tomllib

    from setuptools import find_namespace_packages

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    include = setuptools["packages"]["find"]["include"]
    found = set(find_namespace_packages(str(ROOT), include=include))
    packages = {
        p.parent.relative_to(ROOT).as_posix().replace("/", ".")
        for p in (ROOT / "srtext").rglob("__init__.py")
    }
    assert packages <= found
    data = setuptools["package-data"]
    assert "py.typed" in data["srtext"]


def test_gallery_shows_what_srtext_does_now() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("gallery", ROOT / "bench" / "gallery.py")
    assert spec is not None and spec.loader is not None
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    assert gallery.readme_with_gallery(README) == README, "run python bench/gallery.py"
    assert gallery.gallery() == (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")

"""srtext.pipeline.patterns: patterns built from the cached arguments match as regex's own do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import regex

from srtext.pipeline import patterns

# Each pattern below is compiled in a fresh process, once with an empty cache (by
# regex) and once from the cache (by regex's engine alone); both must answer alike.
PROBE = """
import sys, json
from srtext.pipeline import patterns
cases = json.loads(sys.argv[1])
out = []
for source, flags, texts in cases:
    p = patterns.pattern(source, flags)
    out.append([p.pattern, p.flags, sorted(p.groupindex.items()),
                [[m.span(), m.groups()] for t in texts for m in p.finditer(t)],
                [p.sub(lambda m: "<" + m.group() + ">", t) for t in texts]])
print(json.dumps(out))
print(" ".join(sorted(m for m in sys.modules if m.startswith("regex"))), file=sys.stderr)
patterns.keep()  # as a recovery asks: this process's patterns go to the cache at exit
"""
CASES = [
    (r"\p{Lu}\.(?:\s?-?\p{Lu}\.)*|\p{Lu}[\p{L}\p{M}'’\-]*\.?", 0, ["J. R. R. Tolkien und Ölmüller", "x"]),
    (
        r"\A\s*(?:Abstract|Аннотация|Résumé)\b",
        patterns.IGNORECASE,
        ["  ABSTRACT here", "аннотация", "résumé"],
    ),
    (
        r"(?<![\p{L}\p{M}])\p{Lu}?[\p{Ll}--\p{Greek}]{2,}(?![\p{L}\p{M}])",
        patterns.V1,
        ["the αβγ Word and ßtraße", "ΑΒΓ"],
    ),
    (
        r"(?P<num>\d{1,2})(?:\.(?P<sub>\d+))*  # a section number\n \s+ (?=\p{Lu})",
        patterns.VERBOSE,
        ["2.3 Results", "12 x"],
    ),
    (r"(?m)^[ \t]*\d+[ \t]*$", 0, ["a\n 12 \nb", "12"]),
    (r"[\p{Han}\p{Hiragana}]{2}|。", 0, ["中文。かな", "abc"]),
]


def _probe(cache: Path) -> tuple[str, list[str]]:
    import json

    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    run = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(CASES)], env=env, capture_output=True, text=True, check=True
    )
    return run.stdout, run.stderr.split()


def test_flags_are_regexs() -> None:
    assert patterns.IGNORECASE == regex.IGNORECASE
    assert patterns.MULTILINE == regex.MULTILINE
    assert patterns.VERBOSE == regex.VERBOSE
    assert patterns.V1 == regex.V1


def test_a_lazy_pattern_keeps_every_attribute_of_regexs_patterns() -> None:
    assert tuple(a for a in dir(regex.Pattern) if not a.startswith("_")) == patterns.ATTRIBUTES
    stand_in = patterns.lazy(r"(?P<w>\w+)")
    assert hasattr(type(stand_in), "__getattr__")  # not compiled yet
    assert stand_in.groupindex == {"w": 1}
    assert not hasattr(type(stand_in), "__getattr__")  # compiled: no fallback look-up left


def test_patterns_from_the_cache_match_as_regexs_own(tmp_path: Path) -> None:
    compiled, modules = _probe(tmp_path)
    assert "regex._regex_core" in modules  # the first run parses with regex
    files = list((tmp_path / "srtext").glob("regex-*.cache"))
    assert len(files) == 1
    cached, modules = _probe(tmp_path)
    assert modules == ["regex._regex"]  # the second only loads the engine
    assert cached == compiled
    for source, flags, texts in CASES:  # and both are regex's answers
        p = regex.compile(source, flags)
        assert p.findall(texts[0]) == patterns.pattern(source, flags).findall(texts[0])


@pytest.mark.parametrize("damage", ["truncated", "flipped", "empty", "other"])
def test_a_damaged_cache_file_is_ignored_and_replaced(tmp_path: Path, damage: str) -> None:
    compiled, _ = _probe(tmp_path)
    (path,) = (tmp_path / "srtext").glob("regex-*.cache")
    data = path.read_bytes()
    path.write_bytes(
        {
            "truncated": data[: len(data) // 2],
            "flipped": data[:-40] + bytes([data[-40] ^ 0x55]) + data[-39:],
            "empty": b"",
            "other": b"\x00" * 100,
        }[damage]
    )
    again, modules = _probe(tmp_path)
    assert again == compiled and "regex._regex_core" in modules
    # written again, whole (regex's opcodes may differ from one process to the next:
    # it orders some sets by their hash)
    assert set(patterns._decode(path.read_bytes()) or ()) == set(patterns._decode(data) or ())
    assert _probe(tmp_path) == (compiled, ["regex._regex"])


def test_an_unwritable_cache_directory_costs_only_speed(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    compiled, _ = _probe(tmp_path)
    again, modules = _probe(blocker)  # $XDG_CACHE_HOME/srtext cannot be made
    assert again == compiled and "regex._regex_core" in modules


def test_the_file_is_named_after_the_installed_regex(tmp_path: Path) -> None:
    _probe(tmp_path)
    (path,) = (tmp_path / "srtext").glob("regex-*.cache")
    stamp = path.name.removeprefix("regex-").removesuffix(".cache")
    assert len(stamp) == 8 and int(stamp, 16) >= 0
    other = path.with_name("regex-00000000.cache")  # as if regex had been upgraded since
    path.rename(other)
    _, modules = _probe(tmp_path)
    assert "regex._regex_core" in modules and path.exists()


def _run(code: str, cache: Path, **env: str) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "SRTEXT_NO_CACHE"}
    environ.update(XDG_CACHE_HOME=str(cache), **env)
    subprocess.run([sys.executable, "-c", code], env=environ, check=True, capture_output=True)


def test_importing_srtext_writes_no_cache(tmp_path: Path) -> None:
    """A library user who imports srtext (its patterns compiled) and runs nothing finds no new file."""
    _run("import srtext, srtext.cli", tmp_path)
    assert not (tmp_path / "srtext").exists() or not list((tmp_path / "srtext").iterdir())


def test_a_recovery_writes_its_patterns_to_the_config_cache_dir(tmp_path: Path) -> None:
    own = tmp_path / "own"
    code = (
        f"from srtext import Config, recover_text; recover_text('A line.\\n', Config(cache_dir={str(own)!r}))"
    )
    _run(code, tmp_path)
    assert len(list(own.glob("regex-*.cache"))) == 1
    assert not list((tmp_path / "srtext").glob("regex-*.cache"))  # not the default directory


def test_no_cache_is_read_or_written_under_srtext_no_cache(tmp_path: Path) -> None:
    code = "from srtext import recover_text; print(recover_text('Der Fluss fließt lang-\\nsam.\\n'))"
    _run(code, tmp_path, SRTEXT_NO_CACHE="1")
    assert not (tmp_path / "srtext").exists()
    _run(code, tmp_path)  # without it, both caches are written
    names = sorted(p.name.split("-")[0] for p in (tmp_path / "srtext").iterdir())
    assert "regex" in names and "wordfreq" in names

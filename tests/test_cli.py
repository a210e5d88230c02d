"""The command line, in-process and through real pipes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from srtext.cli import main
from tests.conftest import CASES, SAMPLES

EN = SAMPLES / "en-rivers.txt"
EN_TRUTH = SAMPLES / "en-rivers.truth.txt"


def run(
    args: list[str],
    stdin: bytes = b"",
    monkeypatch: pytest.MonkeyPatch | None = None,
    capfd: pytest.CaptureFixture[str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m srtext`` in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "srtext", *args], input=stdin, capture_output=True, timeout=60
    )


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def in_process(
    args: list[str], data: bytes, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> tuple[int, bytes, str]:
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    code = main(args)
    out, err = capsysbinary.readouterr()
    return code, out, err.decode()


def test_stdin_to_stdout_in_process(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    code, out, err = in_process([], EN.read_bytes(), monkeypatch, capsysbinary)
    assert (code, err) == (0, "")
    assert out == EN_TRUTH.read_bytes()


def test_dash_is_stdin(monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    code, out, _ = in_process(["-"], EN.read_bytes(), monkeypatch, capsysbinary)
    assert code == 0 and out == EN_TRUTH.read_bytes()


def test_file_to_stdout_through_a_real_pipe() -> None:
    r = run([str(EN)])
    assert r.returncode == 0, r.stderr
    assert r.stdout == EN_TRUTH.read_bytes()


def test_pdftotext_style_pipe_into_srtext() -> None:
    cat = subprocess.Popen(["cat", str(EN)], stdout=subprocess.PIPE)
    r = subprocess.run([sys.executable, "-m", "srtext"], stdin=cat.stdout, capture_output=True, timeout=60)
    cat.wait()
    assert r.returncode == 0 and r.stdout == EN_TRUTH.read_bytes()


def test_blank_format(monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    code, out, _ = in_process(["--format", "blank"], EN.read_bytes(), monkeypatch, capsysbinary)
    assert code == 0
    assert out.decode() == EN_TRUTH.read_text().replace("\n", "\n\n")[:-1]


def test_explain_names_every_line(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    data = (CASES / "worked-example.in").read_bytes()
    code, out, _ = in_process(["--explain", "--mode", "paper"], data, monkeypatch, capsysbinary)
    rows = out.decode().splitlines()
    assert code == 0
    assert rows[0].split("\t") == [
        "line",
        "page",
        "class",
        "band",
        "width/cw",
        "kind",
        "action",
        "rule",
        "reason",
        "text",
        "notes",
    ]
    assert [r.split("\t")[0] for r in rows[1:]] == [str(n) for n in range(1, 12)]
    footnote = rows[7].split("\t")
    assert footnote[1:4] == ["2", "UL", "short"] and footnote[5:7] == ["object", "drop"]
    assert footnote[7] == "paper"
    assert footnote[9] == "1 See the notes kept in the town library"


def test_stats_draws_the_histogram_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    code, out, err = in_process(["--stats"], EN.read_bytes(), monkeypatch, capsysbinary)
    assert code == 0 and out == EN_TRUTH.read_bytes()
    assert "CW = 69, l_avg = 48.0, eps = 0.1: full-width band 63..75, 58 lines" in err
    assert "<- CW" in err and "<- l_avg" in err and "=" in err


def test_cw_override(monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    code, out, err = in_process(
        ["--stats", "--cw", "40", "--explain"], EN.read_bytes(), monkeypatch, capsysbinary
    )
    assert code == 0
    assert "CW = 40" in err
    assert all(r.split("\t")[4].endswith("/40") for r in out.decode().splitlines()[1:])


@pytest.mark.parametrize(
    "args",
    [
        ["--eps", "1.5"],
        ["--eps", "x"],
        ["--cw", "0"],
        ["--mode", "fast"],
        ["--window", "0"],
        ["--encoding", "no-such-codec"],
        ["--no-such-option"],
        # issue 22, item 18: options that would be ignored silently
        ["--lang", "xx"],
        ["--mode", "paper", "--keep", "furniture"],
        ["--mode", "paper", "--drop", "headings"],
        ["--explain", "--format", "jsonl", "--sentences"],
        ["--explain", "--format", "sentences"],
        ["-o", ""],
    ],
)
def test_usage_errors_exit_2_in_one_line(args: list[str]) -> None:
    r = run(args)
    assert r.returncode == 2
    err = r.stderr.decode()
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("srtext: error:")


@pytest.mark.parametrize("lang", ["en", "sr", "de", "zh"])
def test_known_languages_are_accepted(lang: str) -> None:
    assert run(["--lang", lang], b"One line.\n").returncode == 0


def test_missing_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    r = run([str(tmp_path / "nope.txt"), str(EN)])
    assert r.returncode == 1
    assert r.stderr.decode().splitlines() == [f"srtext: {tmp_path / 'nope.txt'}: no such file or directory"]
    assert r.stdout == EN_TRUTH.read_bytes()  # the other input still done


def test_binary_input_is_skipped_with_a_message(tmp_path: Path) -> None:
    binary = tmp_path / "x.txt"
    binary.write_bytes(b"\x7fELF\x00\x01\x02" * 50)
    r = run([str(binary)])
    assert r.returncode == 1 and r.stdout == b""
    assert r.stderr.decode() == f"srtext: {binary}: binary file (NUL bytes), skipped\n"


def test_invalid_utf8_becomes_the_replacement_character() -> None:
    """Every output is valid UTF-8 (issue 32, item 9): an invalid byte is U+FFFD, with a warning."""
    r = run([], stdin=b"caf\xe9 au lait, a line that is long\nand its end.\n")
    assert r.returncode == 0
    assert r.stdout == "caf\ufffd au lait, a line that is long and its end.\n".encode()
    assert r.stderr.decode().count("\n") == 1 and "invalid utf-8" in r.stderr.decode()


def test_other_encoding() -> None:
    r = run(["--encoding", "latin-1"], stdin="café crème\n".encode("latin-1"))
    assert r.returncode == 0 and r.stdout.decode("utf-8") == "café crème\n"


@pytest.mark.parametrize("data", [b"", b"\n\n\n", b"\f\f", b"   \n\t\n"])
def test_empty_input_gives_empty_output(data: bytes) -> None:
    r = run([], stdin=data)
    assert (r.returncode, r.stdout, r.stderr) == (0, b"", b"")


def test_crlf_and_cr_give_the_same_result_as_lf() -> None:
    lf = EN.read_bytes()
    assert run([], stdin=lf.replace(b"\n", b"\r\n")).stdout == EN_TRUTH.read_bytes()
    assert run([], stdin=lf.replace(b"\n", b"\r")).stdout == EN_TRUTH.read_bytes()


def test_bom_is_not_text() -> None:
    assert run([], stdin=b"\xef\xbb\xbf" + EN.read_bytes()).stdout == EN_TRUTH.read_bytes()


def test_sigpipe_is_quiet() -> None:
    big = EN.read_bytes() * 3000
    shell = f"{sys.executable} -m srtext | head -n 1"
    r = subprocess.run(["sh", "-c", shell], input=big, capture_output=True, timeout=120)
    assert r.stdout.count(b"\n") == 1
    assert r.stderr == b""


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "a" / "b").mkdir(parents=True)
    (root / "one.txt").write_bytes(EN.read_bytes())
    (root / "a" / "two.txt").write_bytes((SAMPLES / "de-brot.txt").read_bytes())
    (root / "a" / "b" / "three.txt").write_bytes((SAMPLES / "zh-tea.txt").read_bytes())
    (root / "a" / "notes.md").write_text("not an input\n")
    return root


def test_directory_results_beside_inputs(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    r = run([str(root)])
    assert r.returncode == 0, r.stderr
    assert r.stdout == b""
    assert (root / "one.sr.txt").read_bytes() == EN_TRUTH.read_bytes()
    assert (root / "a" / "two.sr.txt").read_bytes() == (SAMPLES / "de-brot.truth.txt").read_bytes()
    assert (root / "a" / "b" / "three.sr.txt").read_bytes() == (SAMPLES / "zh-tea.truth.txt").read_bytes()
    assert not (root / "a" / "notes.sr.txt").exists()
    assert all(p.read_bytes() == data for p, data in before.items())  # inputs untouched
    # A second run does not take srtext's outputs as inputs.
    run([str(root)])
    assert not list(root.rglob("*.sr.sr.txt"))
    assert not [p for p in root.rglob("*") if p.name.endswith(".tmp")]


def test_directory_under_output_dir_mirrors_tree(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    out = root / "results"  # inside the input tree: must not be read back
    r = run([str(root), "-o", str(out)])
    assert r.returncode == 0, r.stderr
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.txt")) == [
        "a/b/three.sr.txt",
        "a/two.sr.txt",
        "one.sr.txt",
    ]
    r = run([str(root), "-o", str(out)])
    assert not (out / "results").exists()
    assert not list(root.glob("*.sr.txt"))


def test_file_with_output_dir_and_paper_suffix(tmp_path: Path) -> None:
    r = run([str(EN), "-o", str(tmp_path), "--suffix", "_SRalg"])
    assert r.returncode == 0
    assert (tmp_path / "en-rivers_SRalg").read_bytes() == EN_TRUTH.read_bytes()


@pytest.mark.parametrize("suffix", [".txt", "", ".PDF"])
def test_a_suffix_that_could_overwrite_inputs_is_refused(tmp_path: Path, suffix: str) -> None:
    src = tmp_path / "doc.txt"
    src.write_bytes(EN.read_bytes())
    r = run([str(tmp_path), "--suffix", suffix])
    assert r.returncode == 2
    assert r.stderr.decode().splitlines()[-1].startswith("srtext: error: --suffix")
    assert [p.name for p in tmp_path.iterdir()] == ["doc.txt"]
    assert src.read_bytes() == EN.read_bytes()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads unreadable files")
def test_unreadable_file_does_not_stop_the_rest(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    bad = root / "a" / "two.txt"
    bad.chmod(0)
    r = run(["-q", str(root)])
    assert r.returncode == 1
    assert (root / "one.sr.txt").exists() and (root / "a" / "b" / "three.sr.txt").exists()
    assert len(r.stderr.decode().splitlines()) == 1


def test_unwritable_output_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = run([str(EN), "-o", str(blocker / "sub")])
    assert r.returncode == 1
    err = r.stderr.decode()
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_python_dash_m_and_version() -> None:
    from srtext import __version__

    r = run(["--version"])
    assert r.returncode == 0 and r.stdout.decode().strip() == f"srtext {__version__}"


def test_dangling_link_in_a_tree_does_not_stop_the_rest(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "a" / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    r = run(["-q", str(root)])
    assert r.returncode == 1
    assert r.stderr.decode().splitlines() == [f"srtext: {root / 'a' / 'gone.txt'}: No such file or directory"]
    assert (root / "one.sr.txt").exists() and (root / "a" / "b" / "three.sr.txt").exists()
    assert not (root / "a" / "gone.sr.txt").exists()


def test_symlink_loop_is_not_followed(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "a" / "loop").symlink_to(root, target_is_directory=True)
    r = run([str(root)])
    assert r.returncode == 0, r.stderr
    assert len(list(root.rglob("*.sr.txt"))) == 3


def test_quiet_silences_warnings_but_not_the_asked_for_histogram(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    data = EN.read_bytes().replace(b"river", b"riv\xffer", 1)
    _, _, err = in_process(["-q", "--stats"], data, monkeypatch, capsysbinary)
    assert "invalid utf-8 bytes" not in err and err.startswith("srtext: -:\nCW = ")
    _, _, err = in_process([], data, monkeypatch, capsysbinary)
    assert err == "srtext: -: invalid utf-8 bytes passed through unchanged (see --encoding)\n"

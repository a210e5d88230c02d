"""Many files: --glob, --force, -j N workers, progress and summary, the Python API, Dask."""

from __future__ import annotations

import csv
import multiprocessing
import os
import pty
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from srtext import Config, recover_text
from srtext.api import recover_paths, recover_texts
from srtext.config import RunOptions
from srtext.run.batch import Job
from srtext.run.parallel import run_jobs
from srtext.run.process import process_file
from srtext.run.result import FAILED, SKIPPED
from tests.conftest import ROOT, SAMPLES

LATEX = ROOT / "corpora" / "latex"
HAS_PDFTOTEXT = shutil.which("pdftotext") is not None


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "srtext", *args], capture_output=True, text=True, timeout=timeout
    )


def _corpus(root: Path) -> Path:
    """A nested tree: text files, a good PDF, a damaged PDF, a dangling link, a non-input."""
    (root / "a" / "b").mkdir(parents=True)
    shutil.copy(SAMPLES / "en-rivers.txt", root / "en.txt")
    shutil.copy(SAMPLES / "de-brot.txt", root / "a" / "de.TXT")
    shutil.copy(SAMPLES / "zh-tea.txt", root / "a" / "b" / "zh.txt")
    shutil.copy(LATEX / "ru-onecol.pdf", root / "a" / "ru.pdf")
    (root / "a" / "b" / "damaged.pdf").write_bytes(b"%PDF-1.7\n" + os.urandom(2000))
    (root / "a" / "gone.txt").symlink_to(root / "nowhere.txt")
    (root / "notes.md").write_text("Not an input by default.\n")
    return root


def _outputs(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.sr.txt"))}


def test_parallel_run_equals_serial_run_and_bad_files_do_not_stop_it(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "corpus")
    inputs = {p: p.read_bytes() for p in corpus.rglob("*") if p.is_file()}
    one = run("-j", "1", str(corpus), "-o", str(tmp_path / "one"))
    two = run("-j", "2", str(corpus), "-o", str(tmp_path / "two"))
    assert one.returncode == two.returncode == 1
    assert one.stderr.splitlines()[:-1] == two.stderr.splitlines()[:-1]  # same messages, same order
    errors = one.stderr.splitlines()
    assert errors[0] == f"srtext: {corpus / 'a' / 'gone.txt'}: No such file or directory"
    assert errors[1].startswith(f"srtext: {corpus / 'a' / 'b' / 'damaged.pdf'}: ")
    assert re.fullmatch(r"srtext: 6 files \(4 done, 2 failed\), \d+ pages, \d+ paragraphs, .*", errors[2])
    expected = ["a/b/zh.sr.txt", "a/de.sr.txt", "a/ru.sr.txt", "en.sr.txt"]
    assert sorted(_outputs(tmp_path / "one")) == expected
    assert _outputs(tmp_path / "one") == _outputs(tmp_path / "two")
    assert _outputs(tmp_path / "one")["en.sr.txt"] == (SAMPLES / "en-rivers.truth.txt").read_bytes()
    assert {p: p.read_bytes() for p in inputs} == inputs  # inputs untouched
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_glob_chooses_the_inputs(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "corpus")
    r = run("-q", "--glob", "*.md", str(corpus))
    assert r.returncode == 0, r.stderr
    assert list(_outputs(corpus)) == ["notes.md.sr.txt"]  # only .txt and .pdf are replaced
    r = run("-q", "--glob", "zh*,en*", str(corpus))
    assert sorted(_outputs(corpus)) == ["a/b/zh.sr.txt", "en.sr.txt", "notes.md.sr.txt"]


def test_two_inputs_never_share_an_output(tmp_path: Path) -> None:
    shutil.copy(LATEX / "en-onecol.pdf", tmp_path / "paper.pdf")
    shutil.copy(LATEX / "en-onecol.pdftotext.txt", tmp_path / "paper.txt")
    r = run("-q", str(tmp_path))
    assert r.returncode == 1
    assert r.stderr.splitlines() == [
        f"srtext: {tmp_path / 'paper.txt'}: skipped, its output {tmp_path / 'paper.sr.txt'} is "
        f"{tmp_path / 'paper.pdf'}'s too"
    ]
    assert run("-q", "--glob", "*.txt", "--force", str(tmp_path)).returncode == 0


def test_outputs_newer_than_inputs_are_skipped_unless_forced(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a.txt", "b.txt"):
        shutil.copy(SAMPLES / "en-rivers.txt", src / name)
    assert run("-q", str(src)).returncode == 0
    stamp = {p.name: p.stat().st_mtime_ns for p in src.glob("*.sr.txt")}
    r = run(str(src))
    summary = "srtext: 2 files (2 skipped (up to date; --force redoes them))"
    assert r.stderr.splitlines()[-1].startswith(summary)
    assert {p.name: p.stat().st_mtime_ns for p in src.glob("*.sr.txt")} == stamp
    # An input changed after its output: made again, the other one skipped.
    time.sleep(0.01)
    (src / "a.txt").write_bytes((SAMPLES / "de-brot.txt").read_bytes())
    r = run(str(src))
    assert "(1 done, 1 skipped" in r.stderr
    assert (src / "a.sr.txt").read_bytes() == (SAMPLES / "de-brot.truth.txt").read_bytes()
    r = run("--force", str(src))
    assert "(2 done)" in r.stderr
    assert (src / "b.sr.txt").stat().st_mtime_ns > stamp["b.sr.txt"]


def test_quiet_has_no_summary_and_a_file_to_stdout_none(tmp_path: Path) -> None:
    src = _corpus(tmp_path / "c")
    shutil.rmtree(src / "a")
    assert run("-q", str(src)).stderr == ""
    assert run(str(SAMPLES / "en-rivers.txt")).stderr == ""


def _on_a_terminal(args: list[str], columns: int) -> str:
    """What srtext writes on stderr when it is a terminal ``columns`` wide (0: one that does not say)."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "srtext", *args], stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal closed
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(timeout=60)
    os.close(master)
    return seen.decode()


@pytest.mark.parametrize("columns", [40, 0])
def test_progress_bar_on_a_terminal_only(tmp_path: Path, columns: int) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for i in range(5):
        shutil.copy(SAMPLES / "en-rivers.txt", src / f"{i}.txt")
    text = _on_a_terminal(["--force", str(src)], columns)
    assert re.search(r"/5 \[\d\d:\d\d<(\?|\d\d:\d\d)", text), text  # done of total, time left
    width = columns or 80  # a terminal that does not say how wide it is: 80 columns
    assert max(len(piece) for piece in re.split(r"[\r\n]", text.split("srtext:")[0])) <= width, text
    assert text.rstrip().splitlines()[-1].split("\r")[-1].startswith("srtext: 5 files (5 done)")
    assert "file/s" not in run("--force", str(src)).stderr  # not a terminal: no bar


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jobs_option(tmp_path: Path, jobs: str) -> None:
    r = run("-j", jobs, "-q", str(SAMPLES), "-o", str(tmp_path))
    assert r.returncode == 0, r.stderr
    for truth in SAMPLES.glob("*.truth.txt"):
        name = truth.name.replace(".truth.txt", ".sr.txt")
        assert (tmp_path / name).read_bytes() == truth.read_bytes()


@pytest.mark.parametrize("bad", ["0", "-1", "x"])
def test_bad_jobs_is_a_usage_error(bad: str) -> None:
    r = run("-j", bad, str(SAMPLES))
    assert r.returncode == 2 and "argument -j/--jobs" in r.stderr.splitlines()[-1]


def test_dropped_rows_come_in_input_order_with_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.tsv", tmp_path / "two.tsv"
    for jobs, rows in (("1", one), ("2", two)):
        out = str(tmp_path / f"o{jobs}")
        run("-q", "-j", jobs, "--dropped", str(rows), str(LATEX), "-o", out, "--glob", "*.pdftotext.txt")
    rows = _tsv(one)
    assert len(rows) > 100 and rows == _tsv(two)
    names = list(dict.fromkeys(r[0] for r in rows))
    assert names == sorted(names)


def _tsv(path: Path) -> list[list[str]]:
    """The rows of a --dropped record, checking its header."""
    with path.open(newline="", encoding="utf-8", errors="surrogateescape") as f:
        header, *rows = csv.reader(f, delimiter="\t")
    assert header == ["input", "line", "page", "class", "text"]
    return rows


# The library: the same per-file work, usable from any pool.


def test_process_file_never_raises_for_a_bad_input(tmp_path: Path) -> None:
    r = process_file(Job(tmp_path / "missing.txt", tmp_path / "out.txt"))
    assert r.status == FAILED and r.error == f"{tmp_path / 'missing.txt'}: No such file or directory"
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.4 nothing")
    r = process_file(Job(bad, tmp_path / "bad.sr.txt"), options=RunOptions(extractor="pypdf"))
    assert r.status == FAILED and r.error is not None and r.error.startswith(f"{bad}: ")
    assert not (tmp_path / "bad.sr.txt").exists()


def test_process_file_counts_and_skips(tmp_path: Path) -> None:
    out = tmp_path / "en.sr.txt"
    r = process_file(Job(SAMPLES / "en-rivers.txt", out))
    assert out.read_bytes() == (SAMPLES / "en-rivers.truth.txt").read_bytes()
    truth_paragraphs = len((SAMPLES / "en-rivers.truth.txt").read_text().splitlines())
    text = (SAMPLES / "en-rivers.txt").read_text()
    physical = text.count("\n") + (not text.endswith("\n"))  # the last line, a form feed, has no line end
    assert (r.status, r.paragraphs, r.lines) == ("done", truth_paragraphs, physical)
    assert text.endswith("\f") and r.pages == text.count("\f")  # each page ends in a form feed
    assert r.bytes == (SAMPLES / "en-rivers.txt").stat().st_size
    assert process_file(Job(SAMPLES / "en-rivers.txt", out)).status == SKIPPED
    assert process_file(Job(SAMPLES / "en-rivers.txt", out), options=RunOptions(force=True)).status == "done"


@pytest.mark.skipif(not HAS_PDFTOTEXT, reason="pdftotext is not installed")
def test_pdf_result_times_the_extractor(tmp_path: Path) -> None:
    from pypdf import PdfReader

    r = process_file(Job(LATEX / "en-onecol.pdf", tmp_path / "en.sr.txt"))
    assert r.status == "done" and 0 < r.extract_seconds < r.seconds
    assert r.pages == len(PdfReader(LATEX / "en-onecol.pdf").pages)


def test_recover_texts_and_paths_equal_recover_text() -> None:
    paths = sorted(SAMPLES.glob("*-*.txt"))
    paths = [p for p in paths if not p.name.endswith(".truth.txt")]
    texts = [p.read_text(encoding="utf-8") for p in paths]
    expected = [recover_text(t) for t in texts]
    assert list(recover_texts(texts)) == expected
    assert list(recover_texts(p.read_bytes() for p in paths)) == expected
    assert [r.text for r in recover_paths(paths, Config())] == expected
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(recover_text, texts) == expected


def test_run_jobs_keeps_order_with_workers(tmp_path: Path) -> None:
    inputs = sorted(p for p in SAMPLES.glob("*.txt") if not p.name.endswith(".truth.txt"))
    jobs = [Job(p, tmp_path / f"{i}.out") for i, p in enumerate(inputs)]
    results = list(run_jobs(jobs, Config(), RunOptions(), workers=2))
    assert [r.input for r in results] == [str(p) for p in inputs]
    assert all(r.status == "done" for r in results)


# fsspec and Dask (the optional extra srtext[dask]).


def test_fsspec_filesystems_give_the_local_result(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    mem = fsspec.filesystem("memory")
    mem.pipe("/corpus/en.txt", (SAMPLES / "en-rivers.txt").read_bytes())
    r = process_file(Job("/corpus/en.txt", "/out/en.sr.txt"), in_fs=mem, out_fs=mem)
    assert r.status == "done", r.error
    assert mem.cat("/out/en.sr.txt") == (SAMPLES / "en-rivers.truth.txt").read_bytes()
    local = fsspec.filesystem("file")
    out = tmp_path / "deep" / "ru.sr.txt"
    r = process_file(Job(str(LATEX / "ru-onecol.pdf"), str(out)), in_fs=local, out_fs=local)
    assert r.status == "done", r.error
    assert out.read_bytes() == process_file(Job(LATEX / "ru-onecol.pdf", None)).text.encode()  # type: ignore[union-attr]
    assert sorted(p.name for p in out.parent.iterdir()) == ["ru.sr.txt", "ru.sr.txt.srtext.json"]  # no .tmp


def test_fsspec_write_failure_leaves_nothing(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    from srtext.run.storage import fsspec_atomic_write

    local = fsspec.filesystem("file")
    target = tmp_path / "x.txt"
    with pytest.raises(RuntimeError), fsspec_atomic_write(local, str(target)) as f:
        f.write(b"half")
        raise RuntimeError("disk gone")
    assert list(tmp_path.iterdir()) == []


def test_dask_local_cluster_equals_the_local_run(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("fsspec")
    corpus = _corpus(tmp_path / "corpus")
    local = run("-j", "2", str(corpus), "-o", str(tmp_path / "local"))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        remote = run("--dask", cluster.scheduler_address, str(corpus), "-o", str(tmp_path / "dask"))
        beside = run("-q", "--dask", cluster.scheduler_address, str(corpus / "a"))
        single = run("--dask", cluster.scheduler_address, str(SAMPLES / "en-rivers.txt"))
    assert remote.returncode == local.returncode == 1
    assert remote.stderr.splitlines()[:-1] == local.stderr.splitlines()[:-1]
    assert remote.stderr.splitlines()[-1].startswith("srtext: 6 files (4 done, 2 failed)")
    assert _outputs(tmp_path / "dask") == _outputs(tmp_path / "local")
    assert beside.returncode == 1 and (corpus / "a" / "de.sr.txt").exists()
    assert single.stdout == (SAMPLES / "en-rivers.truth.txt").read_text()


def test_dask_refuses_standard_input() -> None:
    r = run("--dask", "tcp://127.0.0.1:1", "-")
    assert r.returncode == 2 and "--dask needs files or directories" in r.stderr


def test_unreachable_scheduler_is_one_line() -> None:
    pytest.importorskip("distributed")
    r = run("--dask", "tcp://127.0.0.1:9", str(SAMPLES / "en-rivers.txt"), timeout=120)
    assert r.returncode == 1
    assert r.stderr.splitlines() == [r.stderr.strip()] and "cannot reach the Dask scheduler" in r.stderr


def test_dask_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from srtext.cli import main

    monkeypatch.setitem(sys.modules, "fsspec", None)  # as if srtext[dask] were not installed
    assert main(["--dask", "tcp://127.0.0.1:1", str(SAMPLES / "en-rivers.txt")]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "srtext: --dask needs Dask and fsspec: pip install 'dask[distributed]' fsspec"
    ]

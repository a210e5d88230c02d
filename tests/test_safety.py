"""Data safety and faults (issue 22): side outputs, stale results, hangs, non-regular files, encodings."""

from __future__ import annotations

import contextlib
import csv
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from srtext import Config, recover_texts
from srtext.config import RunOptions
from srtext.run.batch import Job
from srtext.run.process import process_file
from srtext.run.result import FAILED
from tests.conftest import ARXIV, ROOT, SAMPLES

EN = SAMPLES / "en-rivers.txt"
EN_TRUTH = SAMPLES / "en-rivers.truth.txt"
LATEX = ROOT / "corpora" / "latex"


def run(
    *args: str, stdin: bytes | None = None, timeout: float = 120, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's srtext, from any directory
    return subprocess.run(
        [sys.executable, "-m", "srtext", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=env,
        input=None if stdin is None else stdin.decode(),
        stdin=subprocess.DEVNULL if stdin is None else None,
    )


def _tsv(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as f:
        header, *rows = csv.reader(f, delimiter="\t")
    assert header == ["input", "line", "page", "class", "text"]
    return rows


def _tree(root: Path, n: int = 3) -> Path:
    root.mkdir()
    for i in range(n):
        shutil.copy(LATEX / "en-onecol.pdftotext.txt", root / f"doc{i}.txt")
    return root


# 1. --dropped never overwrites an input or any file that is not a --dropped record.


def test_dropped_refuses_to_overwrite_an_input(tmp_path: Path) -> None:
    pdf = tmp_path / "v.pdf"
    shutil.copy(LATEX / "en-onecol.pdf", pdf)
    before = pdf.read_bytes()
    r = run("--dropped", str(pdf), str(pdf))
    assert r.returncode == 2 and "--dropped" in r.stderr and len(r.stderr.splitlines()) == 1
    assert pdf.read_bytes() == before
    paper = tmp_path / "paper.txt"
    shutil.copy(EN, paper)
    r = run("--dropped", str(paper), stdin=b"")
    assert r.returncode == 2 and paper.read_bytes() == EN.read_bytes()


def test_dropped_refuses_an_output_of_the_run_and_replaces_its_own_record(tmp_path: Path) -> None:
    src = _tree(tmp_path / "in", 1)
    r = run("-q", "--dropped", str(src / "doc0.sr.txt"), str(src))
    assert r.returncode == 2 and not (src / "doc0.sr.txt").exists()
    record = tmp_path / "dropped.tsv"
    assert run("-q", "--force", "--dropped", str(record), str(src)).returncode == 0
    assert run("-q", "--force", "--dropped", str(record), str(src)).returncode == 0  # its own: replaced
    assert _tsv(record)


# 2. and 13. The --dropped record survives re-runs; rows are quoted TSV.


def test_dropped_record_survives_a_rerun_that_skips_everything(tmp_path: Path) -> None:
    src = _tree(tmp_path / "in")
    first, second = tmp_path / "first.tsv", tmp_path / "second.tsv"
    assert run("-q", "--dropped", str(first), str(src)).returncode == 0
    r = run("--dropped", str(second), str(src))
    assert "3 skipped" in r.stderr
    assert len(_tsv(first)) > 10 and _tsv(second) == _tsv(first)
    own = [row for row in _tsv(first) if row[0].endswith("doc1.txt")]
    assert _tsv(src / "doc1.sr.txt.dropped.tsv") == own


def test_dropped_record_quotes_tabs_and_newlines_in_names(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    name = "odd\tna\nme.txt"
    shutil.copy(LATEX / "en-onecol.pdftotext.txt", src / name)
    record = tmp_path / "d.tsv"
    assert run("-q", "--dropped", str(record), str(src)).returncode == 0
    rows = _tsv(record)
    assert rows and all(len(row) == 5 and row[0] == str(src / name) for row in rows)
    assert all(row[1].isdigit() and row[2].isdigit() for row in rows)


def test_dask_names_inputs_in_dropped_rows_as_a_local_run_does(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("fsspec")
    _tree(tmp_path / "in", 2)
    assert run("-q", "--dropped", "local.tsv", "in", "-o", "one", cwd=tmp_path).returncode == 0
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        r = run("-q", "--dask", address, "--dropped", "dask.tsv", "in", "-o", "two", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    local = _tsv(tmp_path / "local.tsv")
    assert local == _tsv(tmp_path / "dask.tsv") and local[0][0] == "in/doc0.txt"


# 3. Outputs made with other options are made again.


@pytest.mark.parametrize(
    "changed",
    [["--format", "jsonl"], ["--eps", "0.3"], ["--drop", "headings"], ["--mode", "paper"], ["--explain"]],
)
def test_an_output_made_with_other_options_is_made_again(tmp_path: Path, changed: list[str]) -> None:
    src = _tree(tmp_path / "in", 2)
    out = tmp_path / "out"
    assert run("-q", str(src), "-o", str(out)).returncode == 0
    r = run(*changed, str(src), "-o", str(out))
    assert "(2 done)" in r.stderr, r.stderr
    expected = run(*changed, str(src / "doc0.txt")).stdout
    assert (out / "doc0.sr.txt").read_text() == expected
    r = run(*changed, str(src), "-o", str(out))
    assert "(2 skipped" in r.stderr  # the same options again: up to date


def test_a_failed_remake_never_leaves_a_record_of_the_old_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import srtext.run.process as process

    out = tmp_path / "en.sr.txt"
    job = Job(EN, out)
    assert process_file(job).status == "done"
    record = Path(str(out) + ".srtext.json")
    assert record.exists()

    def fail(out: object, texts: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(process, "write", fail)
        assert process_file(job, Config(output_format="jsonl")).status == FAILED
    assert not record.exists()  # the old output stays, but no longer claims to be up to date
    assert process_file(job).status == "done"  # so it is made again, not skipped


# 4. is in tests/test_output.py (jsonl offsets on repaired lines).

# 5. A worker killed during -j: reported, the others go on, no hang.


def test_a_killed_worker_is_reported_and_the_run_ends(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    big = EN.read_bytes() * 300
    for i in range(6):
        (src / f"doc{i}.txt").write_bytes(big)
    proc = subprocess.Popen(
        [sys.executable, "-m", "srtext", "-j", "2", str(src)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    victim = _a_worker(proc.pid)
    os.kill(victim, signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    lines = err.decode().splitlines()
    assert proc.returncode == 1, lines
    died = [line for line in lines if "worker process died" in line]
    assert len(died) == 1 and died[0].startswith(f"srtext: {src}/doc")
    assert lines[-1].startswith("srtext: 6 files (5 done, 1 failed)")
    outputs = sorted(src.glob("*.sr.txt"))
    assert len(outputs) == 5 and len({p.read_bytes() for p in outputs}) == 1  # complete, all alike


def _a_worker(parent: int, timeout: float = 60) -> int:
    """A child process of ``parent`` that is busy with a job (it has a temporary file open)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
                if ppid != parent:
                    continue
                fds = Path(f"/proc/{entry}/fd")
                if any(os.readlink(fds / fd).endswith(".tmp") for fd in os.listdir(fds)):
                    return int(entry)
            except (OSError, IndexError, ValueError):
                continue
        time.sleep(0.01)
    raise AssertionError("no busy worker found")


# 6. A FIFO in a tree is skipped with a message, not waited on.


def test_a_fifo_in_a_tree_is_skipped(tmp_path: Path) -> None:
    src = _tree(tmp_path / "in", 1)
    os.mkfifo(src / "pipe.txt")
    r = run(str(src), timeout=60)
    assert r.returncode == 1
    assert f"srtext: {src / 'pipe.txt'}: skipped, not a regular file (a FIFO)" in r.stderr.splitlines()
    assert (src / "doc0.sr.txt").exists()
    assert stat.S_ISFIFO(os.stat(src / "pipe.txt").st_mode)


def test_an_explicit_pipe_is_still_read(tmp_path: Path) -> None:
    r = subprocess.run(
        ["bash", "-c", f'{sys.executable} -m srtext <(cat "{EN}")'], capture_output=True, timeout=60
    )
    assert r.returncode == 0 and r.stdout == EN_TRUTH.read_bytes()


# 7. The binary check is for raw input files, not for an extractor's text.


def test_a_nul_in_extracted_text_is_not_a_binary_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import srtext.run.extract as extract

    text = (LATEX / "en-onecol.pdftotext.txt").read_bytes()
    monkeypatch.setattr(
        extract, "_pypdf", lambda source, boxes=None, notes=None: text.replace(b"the ", b"the \0", 3)
    )
    r = process_file(Job(LATEX / "en-onecol.pdf", None), options=RunOptions(extractor="pypdf"))
    assert r.status == "done", r.error
    assert r.text is not None and "\0" not in r.text and len(r.text) > 1000


@pytest.mark.skipif(not ARXIV.is_dir(), reason="arxiv-dev is not here")
def test_pypdf_reads_every_arxiv_dev_pdf(tmp_path: Path) -> None:
    pdfs = sorted(ARXIV.glob("*/*.pdf"))
    failed = [
        r.error for r in (process_file(Job(p, None), options=RunOptions(extractor="pypdf")) for p in pdfs)
    ]
    assert pdfs and [e for e in failed if e] == []


# 8. UTF-16 and UTF-32 input.


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_utf16_and_utf32_input(tmp_path: Path, encoding: str) -> None:
    text = EN.read_text(encoding="utf-8")
    path = tmp_path / "en.txt"
    path.write_bytes(text.encode(encoding))
    r = run("--encoding", encoding, str(path))
    assert r.returncode == 0 and r.stdout == EN_TRUTH.read_text(), r.stderr


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_utf16_or_utf32_byte_order_mark_is_recognised(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "en.txt"
    path.write_bytes(EN.read_text(encoding="utf-8").encode(encoding))  # with its BOM
    r = run(str(path))
    assert r.returncode == 0 and r.stdout == EN_TRUTH.read_text(), r.stderr


def test_binary_input_is_still_refused_in_utf16(tmp_path: Path) -> None:
    path = tmp_path / "bin.txt"
    path.write_bytes(b"\xff\xfe" + b"\0\0" * 100)
    r = run(str(path))
    assert r.returncode == 1 and "binary file" in r.stderr


# 9. A bad document among many: an error for it, the others processed.


def test_recover_texts_goes_on_after_a_bad_document() -> None:
    texts = [EN.read_bytes(), b"a\0binary\0file", EN.read_text()]
    out = list(recover_texts(texts))
    assert out == [EN_TRUTH.read_text(), None, EN_TRUTH.read_text()]


def test_recover_texts_in_a_dask_partition() -> None:
    bag = pytest.importorskip("dask.bag")
    texts = [EN.read_text(), b"\0\0", EN.read_text()]
    out = bag.from_sequence(texts, npartitions=1).map_partitions(recover_texts).compute(scheduler="sync")
    assert out == [EN_TRUTH.read_text(), None, EN_TRUTH.read_text()]


# 10. Outputs honour the umask.


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_outputs_honour_the_umask(tmp_path: Path, mask: int) -> None:
    src = _tree(tmp_path / "in", 2)
    record = tmp_path / "d.tsv"
    subprocess.run(
        [
            sys.executable,
            "-c",
            f"import os, sys; os.umask({mask}); from srtext.cli import main; "
            f"sys.exit(main(['-q', '--dropped', {str(record)!r}, {str(src)!r}]))",
        ],
        check=True,
        timeout=120,
    )
    made = [*src.glob("*.sr.txt*"), record]
    assert len(made) == 7
    for p in made:
        assert stat.S_IMODE(p.stat().st_mode) == 0o666 & ~mask, p


# 12. Outputs of another suffix are never inputs; refused inputs count in the summary.


def test_a_suffix_change_does_not_take_earlier_outputs_as_inputs(tmp_path: Path) -> None:
    src = _tree(tmp_path / "in", 2)
    assert run("-q", str(src)).returncode == 0
    r = run("--suffix", "_SRalg", str(src))
    assert r.returncode == 0 and "2 files (2 done)" in r.stderr
    assert sorted(p.name for p in src.iterdir() if not p.name.endswith((".json", ".tsv"))) == [
        "doc0.sr.txt",
        "doc0.txt",
        "doc0_SRalg",
        "doc1.sr.txt",
        "doc1.txt",
        "doc1_SRalg",
    ]


def test_refused_inputs_are_counted_as_failed_in_the_summary(tmp_path: Path) -> None:
    src = _tree(tmp_path / "in", 2)
    shutil.copy(LATEX / "en-onecol.pdf", src / "doc0.pdf")  # doc0.pdf and doc0.txt share doc0.sr.txt
    r = run(str(src))
    assert r.returncode == 1
    assert "srtext: 3 files (2 done, 1 failed)" in r.stderr.splitlines()[-1]


# 14. Temporary files left by a killed process are removed by the next run.


def test_a_killed_writer_s_temporary_file_is_removed_by_the_next_run(tmp_path: Path) -> None:
    from srtext.files import temporary_prefix

    src = _tree(tmp_path / "in", 1)
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = src / temporary_prefix("doc0.sr.txt").replace(f"-{os.getpid()}.", f"-{dead.pid}.")
    stale = stale.with_name(stale.name + "abcd1234.tmp")
    stale.write_bytes(b"half")
    live = src / (temporary_prefix("doc0.sr.txt") + "efgh5678.tmp")  # this process: alive
    live.write_bytes(b"busy")
    assert run("-q", str(src)).returncode == 0
    assert not stale.exists() and live.exists()


def test_a_killed_dask_worker_s_temporary_file_is_removed(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    from srtext.files import temporary_prefix
    from srtext.run.storage import fsspec_atomic_write

    dead = subprocess.Popen(["true"])
    dead.wait()
    name = temporary_prefix("x.sr.txt").replace(f"-{os.getpid()}.", f"-{dead.pid}.") + "0.tmp"
    (tmp_path / name).write_bytes(b"half")
    with fsspec_atomic_write(fsspec.filesystem("file"), str(tmp_path / "x.sr.txt")) as f:
        f.write(b"whole")
    assert [p.name for p in tmp_path.iterdir()] == ["x.sr.txt"]


# 16. Errors name the output, once per unwritable directory; a full stdout is not the input's fault.


def test_an_unwritable_output_directory_is_said_once_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from srtext import cli
    from srtext.run import guards

    src = _tree(tmp_path / "in", 4)
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(guards, "_read_only", lambda path: os.path.samefile(path, out))
    assert cli.main(["-q", str(src), "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"srtext: {out}: cannot write there (Read-only file system); 4 inputs not processed"]


def test_a_failed_write_names_the_output_not_a_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    real = os.fchmod

    def refuse(fd: int, mode: int) -> None:
        name = os.readlink(f"/proc/self/fd/{fd}")
        raise OSError(errno.EROFS, "Read-only file system", name)

    monkeypatch.setattr(os, "fchmod", refuse)
    r = process_file(Job(EN, tmp_path / "en.sr.txt"))
    monkeypatch.setattr(os, "fchmod", real)
    assert r.status == FAILED and r.error == f"{tmp_path / 'en.sr.txt'}: Read-only file system"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_standard_output_is_said_once_and_not_blamed_on_the_input() -> None:
    with open("/dev/full", "wb") as full:
        r = subprocess.run(
            [sys.executable, "-m", "srtext", str(EN), str(SAMPLES / "de-brot.txt")],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert r.returncode == 1
    assert r.stderr.splitlines() == ["srtext: standard output: No space left on device"]


# 17. A single input with -o FILE writes that file.


def test_a_single_input_with_o_file_writes_that_file(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    r = run(str(EN), "-o", str(out))
    assert r.returncode == 0 and out.is_file() and out.read_bytes() == EN_TRUTH.read_bytes()
    r = run("-o", str(tmp_path / "from-stdin.txt"), stdin=EN.read_bytes())
    assert r.returncode == 0 and (tmp_path / "from-stdin.txt").read_bytes() == EN_TRUTH.read_bytes()
    r = run(str(EN), "-o", str(tmp_path / "dir") + "/")  # a trailing slash: a directory
    assert (tmp_path / "dir" / "en-rivers.sr.txt").read_bytes() == EN_TRUTH.read_bytes()
    copy = tmp_path / "copy.txt"
    shutil.copy(EN, copy)
    r = run(str(copy), "-o", str(copy))
    assert r.returncode == 1 and copy.read_bytes() == EN.read_bytes()


def test_an_output_file_given_as_a_second_path_gets_a_hint(tmp_path: Path) -> None:
    r = run(str(EN), str(tmp_path / "out.txt"))
    assert r.returncode == 1
    assert r.stderr.splitlines()[0] == (
        f"srtext: {tmp_path / 'out.txt'}: no such file or directory (to write the result to a file: "
        f"-o {tmp_path / 'out.txt'})"
    )


def test_workers_that_cannot_start_fail_the_jobs_without_a_hang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import srtext.run.parallel as parallel

    def die(state: object) -> None:
        os._exit(3)

    monkeypatch.setattr(parallel, "_worker_init", die)
    jobs = [Job(EN, tmp_path / f"{i}.sr.txt") for i in range(3)]
    results = list(parallel.run_jobs(jobs, Config(), RunOptions(), workers=2))
    assert [r.status for r in results] == [FAILED] * 3
    assert all(r.error is not None and "worker process died" in r.error for r in results)
    assert list(tmp_path.iterdir()) == []


def _read_fifo(path: Path, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with path.open("rb") as f:
            into.append(f.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def test_an_output_or_dropped_file_that_is_a_fifo_is_written_into_not_replaced(tmp_path: Path) -> None:
    """As -o /dev/null or --dropped /dev/stderr: a temporary file renamed onto them would replace them."""
    out, dropped = tmp_path / "out.fifo", tmp_path / "dropped.fifo"
    os.mkfifo(out)
    os.mkfifo(dropped)
    got: list[bytes] = []
    rows: list[bytes] = []
    readers = [_read_fifo(out, got), _read_fifo(dropped, rows)]
    r = run(str(LATEX / "en-onecol.pdftotext.txt"), "-o", str(out), "--dropped", str(dropped), timeout=60)
    for reader in readers:
        reader.join(timeout=60)
    assert r.returncode == 0, r.stderr
    assert got == [run(str(LATEX / "en-onecol.pdftotext.txt")).stdout.encode()]
    assert rows[0].startswith(b"input\tline\tpage\tclass\ttext\n") and rows[0].count(b"\n") > 5
    assert stat.S_ISFIFO(os.stat(out).st_mode) and stat.S_ISFIFO(os.stat(dropped).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dropped.fifo", "out.fifo"]  # no records


def test_the_dask_client_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("fsspec")
    import srtext.run.cluster as cluster
    from srtext.cli import main

    class Client:
        closed = False

        def close(self) -> None:
            Client.closed = True

    monkeypatch.setattr(cluster, "connect", lambda address: Client())
    monkeypatch.setattr(cluster, "run_dask", lambda client, planned, config, options: iter([]))
    assert main(["-q", "--dask", "tcp://127.0.0.1:1", str(EN)]) == 0
    assert Client.closed


def test_o_file_never_replaces_a_file_srtext_did_not_make_unless_forced(tmp_path: Path) -> None:
    mine = tmp_path / "paper.txt"
    mine.write_text("my own pdftotext output\n")
    r = run(str(EN), "-o", str(mine))
    assert r.returncode == 1 and "--force" in r.stderr and mine.read_text() == "my own pdftotext output\n"
    assert run("--eps", "0.2", str(EN), "-o", str(tmp_path / "out.txt")).returncode == 0
    assert run(str(EN), "-o", str(tmp_path / "out.txt")).returncode == 0  # its own output: remade
    assert (tmp_path / "out.txt").read_bytes() == EN_TRUTH.read_bytes()
    assert run("--force", str(EN), "-o", str(mine)).returncode == 0
    assert mine.read_bytes() == EN_TRUTH.read_bytes()


# Issue 32: data safety, second round.


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    """A directory an unprivileged user may enter (pytest's own is the owner's only)."""
    import tempfile

    here = Path(tempfile.mkdtemp(prefix="srtext-32-"))
    here.chmod(0o755)
    yield here
    for p in [here, *here.rglob("*")]:
        with contextlib.suppress(OSError):
            p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(here, ignore_errors=True)


def run_unprivileged(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """srtext as a user whom permissions bind: ``nobody`` when the tests run as root."""
    user: dict[str, object] = {}
    if os.geteuid() == 0:
        user = {"user": 65534, "group": 65534, "extra_groups": []}
        try:
            subprocess.run([sys.executable, "-c", ""], timeout=60, check=True, **user)  # type: ignore[call-overload]
        except (OSError, subprocess.CalledProcessError):
            pytest.skip("as root, and nobody may not run this Python: see the simulated test")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cwd / ".cache")}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "srtext", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        **user,
    )


# 32.2 An unreadable directory, an over-long path: one line each, counted as failed, exit 1.


def test_an_unreadable_directory_is_said_and_counted(shared: Path) -> None:
    src = shared / "in"
    (src / "closed").mkdir(parents=True)
    shutil.copy(EN, src / "a.txt")
    shutil.copy(EN, src / "closed" / "b.txt")
    (src / "closed").chmod(0o000)
    src.chmod(0o777)
    r = run_unprivileged("in", cwd=shared)
    lines = r.stderr.splitlines()
    assert r.returncode == 1, r.stderr
    assert "srtext: in/closed: cannot read the directory (Permission denied)" in lines
    assert lines[-1].startswith("srtext: 2 files (1 done, 1 failed)")
    assert (src / "a.sr.txt").exists()


def test_a_path_too_long_to_walk_is_said_and_counted(tmp_path: Path) -> None:
    deep = tmp_path / "in"
    deep.mkdir()
    shutil.copy(EN, deep / "a.txt")
    here = deep
    os.chdir(deep)  # made one step at a time: the whole path is longer than PATH_MAX
    try:
        for _ in range(25):
            os.mkdir("d" * 250)
            os.chdir("d" * 250)
        Path("x.txt").write_bytes(b"text\n")
    finally:
        os.chdir(ROOT)
    r = run("-q", str(here))
    assert r.returncode == 1
    errors = r.stderr.splitlines()
    assert len(errors) == 1 and "File name too long" in errors[0], r.stderr
    assert (deep / "a.sr.txt").exists()


def test_walk_errors_are_counted_in_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same as root, who may read any directory: os.walk's error is simulated."""
    import errno

    from srtext import cli

    src = _tree(tmp_path / "in", 2)
    (src / "sub").mkdir()
    real = os.scandir

    def scandir(path: object) -> object:
        if str(path).endswith("sub"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    assert cli.main([str(src)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert f"srtext: {src / 'sub'}: cannot read the directory (Permission denied)" in err
    assert err[-1].startswith("srtext: 3 files (2 done, 1 failed)")


# 32.5 A file in a directory that may not be searched: one line, never a traceback.


@pytest.mark.parametrize("output", [False, True])
def test_a_file_in_a_directory_that_may_not_be_searched(shared: Path, output: bool) -> None:
    closed = shared / "closed"
    closed.mkdir()
    shutil.copy(EN, closed / "a.txt")
    closed.chmod(0o644)  # readable, not searchable
    args = ["closed/a.txt", *(["-o", "out.txt"] if output else [])]
    (shared).chmod(0o777)
    r = run_unprivileged(*args, cwd=shared)
    assert r.returncode == 1
    assert r.stderr.splitlines() == ["srtext: closed/a.txt: Permission denied"]


def test_a_file_in_a_directory_that_may_not_be_searched_simulated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same as root, who may search any directory: the stat's error is simulated."""
    import errno

    from srtext import cli

    closed = tmp_path / "closed"
    closed.mkdir()
    shutil.copy(EN, closed / "a.txt")
    real = os.stat

    def refuse(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if str(path).startswith(str(closed) + "/"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", refuse)
    for args in ([], ["-o", str(tmp_path / "out.txt")]):
        assert cli.main([str(closed / "a.txt"), *args]) == 1
        assert capsys.readouterr().err.splitlines() == [f"srtext: {closed / 'a.txt'}: Permission denied"]


# 32.10 A file name holding a newline is quoted as ls quotes it: one line per message.


def test_a_name_with_a_newline_gives_a_one_line_message(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "bad\nname.txt").write_bytes(b"\0\1binary")
    r = run(str(src))
    assert r.returncode == 1
    assert f"srtext: '{src}/bad'$'\\n''name.txt': binary file (NUL bytes), skipped" in r.stderr.splitlines()
    r = run(str(tmp_path / "no\nsuch.txt"))
    assert r.stderr.splitlines() == [f"srtext: '{tmp_path}/no'$'\\n''such.txt': no such file or directory"]


# 32.4 Workers end when the main process dies; SIGTERM is handled as SIGINT is (exit 143).


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == parent:
                found.append(int(entry))
    return found


def _gone(pids: list[int], timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_the_main_process_dies(tmp_path: Path, how: int) -> None:
    src = tmp_path / "in"
    src.mkdir()
    big = EN.read_bytes() * 300
    for i in range(8):
        (src / f"doc{i}.txt").write_bytes(big)
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "srtext", "-q", "-j", "2", "-o", str(out), str(src)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _a_worker(proc.pid)
    workers = _children(proc.pid)
    assert workers
    os.kill(proc.pid, how)
    proc.wait(timeout=60)
    try:
        # standard error reaches its end: no worker holds it open (before, this waited for ever)
        reader = threading.Thread(target=proc.stderr.read, daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(timeout=30)
        assert not reader.is_alive(), "a worker still holds standard error"
        assert _gone(workers)
    finally:  # a failing run leaves no orphans behind
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    if how == signal.SIGTERM:
        assert proc.returncode == 143
    for _ in range(100):  # the workers' temporary files are removed as they unwind
        if not list(out.rglob("*.tmp")):
            break
        time.sleep(0.1)
    assert not list(out.rglob("*.tmp"))
    assert len({p.read_bytes() for p in out.glob("*.sr.txt")}) <= 1  # the outputs made are complete


def test_sigterm_of_a_single_file_run_exits_143_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(EN.read_bytes() * 2000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "srtext", str(big), "-o", str(tmp_path / "out.txt")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert err.decode().splitlines() == ["srtext: terminated"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.txt"]


# 32.6 The API takes bytes as the command line does, and refuses other types by name.

BYTES_TEXT = "A first line that is long\nand the end of it, café.\n"


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
def test_recover_text_decodes_bytes_as_the_command_line_does(kind: type) -> None:
    from srtext import recover_text

    expected = recover_text(BYTES_TEXT)
    assert recover_text(kind(BYTES_TEXT.encode())) == expected
    assert recover_text(kind(BYTES_TEXT.encode("utf-16"))) == expected
    assert list(recover_texts([kind(BYTES_TEXT.encode())])) == [expected]


@pytest.mark.parametrize(
    ("call", "says"),
    [
        ("recover_text(None)", "recover_text() takes the text as str or bytes"),
        ("recover_text(3)", "not int"),
        ("recover_text('x', config={'eps': 0.1})", "config must be a srtext.Config"),
        ("SentenceRecovery({'a': 1})", "SentenceRecovery() takes a str, bytes, a path"),
        ("SentenceRecovery(None)", "not NoneType"),
        ("SentenceRecovery(['a line', 3])", "line 2 of the iterable is int"),
        ("SentenceRecovery('x', {'eps': 0.1})", "config must be a srtext.Config"),
        ("list(recover_texts('a str'))", "recover_texts() takes an iterable of documents"),
        ("list(recover_texts(b'bytes'))", "for one text, use recover_text()"),
        ("list(recover_texts([None]))", "a document is a str or bytes, not NoneType"),
        ("list(recover_documents('a str'))", "recover_documents() takes an iterable of documents"),
        ("list(recover_paths('p.txt'))", "recover_paths() takes an iterable of paths"),
        ("list(recover_paths([3]))", "a path is a str or os.PathLike, not int"),
    ],
)
def test_the_api_refuses_wrong_types_by_name(call: str, says: str) -> None:
    import srtext

    names = {name: getattr(srtext, name) for name in srtext.__all__}  # imported when first asked for
    with pytest.raises(TypeError, match=__import__("re").escape(says)):
        eval(call, names)


# 32.9 Invalid input bytes: U+FFFD in every output but the plain text, so that each is valid UTF-8.

INVALID = b"A Title of \xe9 Things\n\nThe body of caf\xe9 the paper goes on for a line.\nAnd ends here now.\n"


def test_api_strings_carry_no_surrogates(tmp_path: Path) -> None:
    from srtext import SentenceRecovery, recover_documents, recover_paths, recover_text

    path = tmp_path / "bad.txt"
    path.write_bytes(INVALID)
    texts = [
        recover_text(INVALID),
        SentenceRecovery(INVALID).out_text,
        SentenceRecovery(path).out_text,
        *(r.text for r in recover_documents([INVALID])),
        *(r.text for r in recover_paths([path])),
        *recover_texts([INVALID]),
    ]
    for text in texts:
        assert text is not None and "caf\ufffd the paper" in text
        text.encode("utf-8")  # no surrogate left to fail the write


def test_dropped_record_and_jsonl_are_valid_utf8(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "bad.txt").write_bytes(INVALID)
    dropped = tmp_path / "dropped.tsv"
    r = run("-q", "--drop", "headings", "--dropped", str(dropped), str(src))
    assert r.returncode == 0, r.stderr
    rows = _tsv(dropped)  # read as UTF-8: fails on a raw invalid byte
    assert rows and any("\ufffd" in row[4] for row in rows)
    (src / "bad.dropped.tsv").unlink(missing_ok=True)
    record = (src / "bad.sr.txt.dropped.tsv").read_bytes()
    record.decode("utf-8")
    j = subprocess.run(
        [sys.executable, "-m", "srtext", "--format", "jsonl", "--with-dropped", str(src / "bad.txt")],
        capture_output=True,
        timeout=60,
    )
    import json

    out = j.stdout.decode("utf-8")  # valid UTF-8
    records = [json.loads(line) for line in out.splitlines()]
    assert any("caf\ufffd" in rec["text"] for rec in records)
    for rec in records:
        rec["text"].encode("utf-8")  # no lone surrogate ("\udce9") in the JSON either
    # the plain text is valid UTF-8 too (README: U+FFFD in every output)
    assert "caf\ufffd the paper".encode() in run_bytes(str(src / "bad.txt"))


def run_bytes(*args: str) -> bytes:
    return subprocess.run([sys.executable, "-m", "srtext", *args], capture_output=True, timeout=60).stdout


# 32.12 --explain has a row for every input line, a line of white space and a form feed too.


@pytest.mark.parametrize("data", [b"A line.\n \f \nNext page.\n", b"A line.\n\f\nNext.\n\f", b"\f\n\f\n"])
def test_explain_has_a_row_for_every_input_line(data: bytes) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "srtext", "--explain"], input=data, capture_output=True, timeout=60
    )
    rows = r.stdout.decode().splitlines()[1:]
    physical = data.replace(b"\r\n", b"\n").count(b"\n") + (not data.endswith(b"\n"))
    assert [int(row.split("\t")[0]) for row in rows] == list(range(1, physical + 1))


# 32.10 pdftotext's failures named: an encrypted PDF, a PDF with no pages.


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_pdftotext_failures_say_what_is_wrong(tmp_path: Path) -> None:
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=str(LATEX / "en-onecol.pdf"))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    with (tmp_path / "encrypted.pdf").open("wb") as f:
        writer.write(f)
    with (tmp_path / "no-pages.pdf").open("wb") as f:
        PdfWriter().write(f)
    r = run("--extractor", "pdftotext", str(tmp_path / "encrypted.pdf"), str(tmp_path / "no-pages.pdf"))
    assert r.returncode == 1
    assert r.stderr.splitlines() == [
        f"srtext: {tmp_path / 'encrypted.pdf'}: the PDF is encrypted",
        f"srtext: {tmp_path / 'no-pages.pdf'}: the PDF has no pages",
    ]


# 32.11 --dropped - is standard output when the text goes to files, else refused; a PDF on stdin is read.


def test_dropped_dash_is_standard_output_when_the_text_goes_to_files(tmp_path: Path) -> None:
    src = _tree(tmp_path / "in", 2)
    r = subprocess.run(
        [sys.executable, "-m", "srtext", "-q", "--dropped", "-", "-o", str(tmp_path / "out"), str(src)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    header, *rows = r.stdout.splitlines()
    assert header == "input\tline\tpage\tclass\ttext" and rows
    assert {row.split("\t")[0] for row in rows} == {str(src / "doc0.txt"), str(src / "doc1.txt")}
    assert not (tmp_path / "-").exists()
    r = run("--dropped", "-", str(EN), cwd=tmp_path)  # the text goes to standard output: refused
    assert r.returncode == 2 and "--dropped -" in r.stderr and r.stdout == ""
    assert not (tmp_path / "-").exists()


def test_a_pdf_on_standard_input_is_read_as_a_pdf() -> None:
    pdf = LATEX / "en-onecol.pdf"
    r = subprocess.run(
        [sys.executable, "-m", "srtext"], input=pdf.read_bytes(), capture_output=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert (
        r.stdout
        == subprocess.run([sys.executable, "-m", "srtext", str(pdf)], capture_output=True, timeout=60).stdout
    )
    assert r.stdout.startswith(b"Rivers That Will Not Stay in Their Beds\n")


# 32.3 The record beside an output identifies its input by content, not by time alone.


def test_an_input_replaced_with_an_older_time_is_made_again(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(EN, src / "a.txt")
    assert run("-q", str(src)).returncode == 0
    out = src / "a.sr.txt"
    assert out.read_bytes() == EN_TRUTH.read_bytes()
    # as rsync -a, tar x and cp -p leave it: other content, the same size, an older time
    old = EN.read_bytes()
    data = ((SAMPLES / "de-brot.txt").read_bytes() * 10)[: len(old)]
    assert len(data) == len(old) and data != old  # only the content tells them apart
    (src / "a.txt").write_bytes(data)
    os.utime(src / "a.txt", ns=(1_000_000_000, 1_000_000_000))  # 2001: older than the output
    r = run(str(src))
    assert "(1 done)" in r.stderr, r.stderr
    assert out.read_bytes() == run(str(src / "a.txt")).stdout.encode()
    # touched without a change: kept (the content settles it)
    stamp = out.stat().st_mtime_ns
    os.utime(src / "a.txt")
    r = run(str(src))
    assert "(1 skipped" in r.stderr and out.stat().st_mtime_ns == stamp


# 32.13 The cache keeps one installation's files: older installations' are removed.


def test_the_cache_drops_older_installations_files(tmp_path: Path) -> None:
    cache = tmp_path / "cache" / "srtext"
    cache.mkdir(parents=True)
    old = [cache / "wordfreq-1000-en.tsv", cache / "wordfreq-1000-top300.tsv", cache / "regex-00000000.cache"]
    recent = cache / "wordfreq-2000-de.tsv"  # another installation's, made today: kept
    for path in [*old, recent]:
        path.write_bytes(b"x")
    two_days_ago = time.time() - 2 * 24 * 3600
    for path in old:
        os.utime(path, (two_days_ago, two_days_ago))
    text = b"A line of the text with a word that is broken at its end by a hyph-\nen and goes on.\n"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    r = subprocess.run(
        [sys.executable, "-m", "srtext"], input=text, capture_output=True, env=env, timeout=120
    )
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in cache.iterdir())
    assert not [p for p in old if p.exists()], names
    assert recent.exists()
    assert any(n.startswith("wordfreq-") and n.endswith("-en.tsv") for n in names)
    assert any(n.startswith("regex-") for n in names)


# 32.14 Docs: the per-output record's name, srtext-eval's measures, README's one-liner from anywhere.


def test_help_names_each_output_s_dropped_record() -> None:
    out = run("--help").stdout
    assert "NAME.sr.txt.dropped.tsv" in " ".join(out.split())
    assert "own, NAME.dropped.tsv" not in " ".join(out.split())


def test_srtext_eval_help_says_what_it_measures() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "srtext.eval.evaluate", "--help"], capture_output=True, text=True, timeout=60
    )
    for measure in ("broken", "NL+", "NL-", "P+", "P-", "W+", "W-", "W~", "words lost"):
        assert measure in r.stdout, measure


def test_readme_python_one_liner_runs_from_the_clone_s_parent(tmp_path: Path) -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(
        line.strip() for line in readme.splitlines() if "from srtext import SentenceRecovery" in line
    )
    (tmp_path / "srtext").mkdir()  # the clone's folder, as after git clone ... srtext
    shutil.copy(EN, tmp_path / "p.txt")
    args = re.findall(r"'[^']*'|\S+", command)
    assert args[0] == "python"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run(
        [sys.executable, *(a.strip("'") for a in args[1:])],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == EN_TRUTH.read_text(encoding="utf-8") + "\n"


# 32.8 pypdf's text that runs words together gets one warning per document.


def _pdf_with_kerned_gaps(path: Path, gap: int) -> None:
    """A one-page PDF whose words are set apart by a kerning offset, not a space (TJ arrays):
    pypdf writes them run together when the offset is small (120/1000 em), pdftotext does not."""
    words = b"".join(b"(%s) -%d " % (w, gap) for w in b"The server starts first and then it waits".split())
    content = b"\n".join(b"BT /F1 11 Tf 72 %d Td [%s] TJ ET" % (700 - 14 * i, words) for i in range(20))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    data, offsets = b"%PDF-1.4\n", []
    for i, body in enumerate(objects, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (i, body)
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(data)


def test_run_together_pypdf_text_is_rebuilt_or_warned_once_per_document(tmp_path: Path) -> None:
    """Gaps of 120/1000 em: pypdf ran the words together; srtext puts the spaces back.  Gaps of
    60/1000 em (below a word gap): still run together, one warning for the document."""
    _pdf_with_kerned_gaps(tmp_path / "tight.pdf", 120)
    _pdf_with_kerned_gaps(tmp_path / "tighter.pdf", 60)
    _pdf_with_kerned_gaps(tmp_path / "loose.pdf", 280)
    r = run("--extractor", "pypdf", *(str(tmp_path / f"{n}.pdf") for n in ("tight", "tighter", "loose")))
    assert r.returncode == 0, r.stderr
    warnings = r.stderr.splitlines()
    assert len(warnings) == 1, r.stderr
    assert warnings[0].startswith(f"srtext: {tmp_path / 'tighter.pdf'}: pypdf's text looks run")
    paragraphs = r.stdout.splitlines()
    assert paragraphs[0].startswith("The server starts first and then it waits The server")  # tight
    assert paragraphs[1].startswith("Theserverstartsfirst")  # tighter
    assert paragraphs[2].startswith("The server starts first")  # loose


def test_exit_status_143_is_documented() -> None:
    from srtext.cli import build_parser

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    man = (ROOT / "man" / "srtext.1").read_text(encoding="utf-8")
    assert " 143\nterminated (SIGTERM" in readme.split("Exit status:")[1].split("\n\n")[0]
    assert "\n.B 143\n" in man
    assert "143" in build_parser().format_help().split("exit status:")[1]

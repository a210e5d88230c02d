"""pdftotext started ahead (srtext.run.early): for ``srtext x.pdf`` before the imports, for the next
PDF of a run; every process it starts is read or killed, and reaped, whatever happens."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from srtext.options import OPTIONS
from srtext.run import early
from srtext.run.batch import Job
from srtext.run.extract import PDFError, extract_geometry
from tests.conftest import ROOT

PDF = ROOT / "corpora" / "latex" / "en-onecol.pdf"
HAS_PDFTOTEXT = shutil.which("pdftotext") is not None
needs_pdftotext = pytest.mark.skipif(not HAS_PDFTOTEXT, reason="pdftotext is not installed")

# A pdftotext that notes its process id in $PIDS, then sleeps (SLEEP set) or runs the real one.
FAKE = """#!/bin/sh
echo $$ >> "$PIDS"
if [ -n "$SLEEP" ]; then exec sleep "$SLEEP"; fi
exec {real} "$@"
"""


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory whose pdftotext is :data:`FAKE`, first on PATH (here and in children); its pids file."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "pdftotext"
    script.write_text(FAKE.format(real=shutil.which("pdftotext") or "false"))
    script.chmod(0o755)
    pids = tmp_path / "pids"
    pids.touch()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("PIDS", str(pids))
    return pids


def _alive(pids: Path) -> list[int]:
    """The noted processes still running (a zombie, reaped by no one, counts as running)."""
    alive = []
    for pid in map(int, pids.read_text().split()):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split()[2]
        except OSError:
            continue
        alive.append(pid) if state != "Z" else alive.append(-pid)
    return alive


def _started(argv: list[str]) -> list[tuple[str, ...]]:
    early.prestart(argv)
    try:
        return [run.flags for run in early._started]
    finally:
        early.discard()


def test_the_early_look_knows_every_option_as_the_parser_does() -> None:
    """prestart skips each option's value as argparse does: its lists of options are srtext's."""
    valued = {n for o in OPTIONS if o.action in (None, "append") for n in o.names} - {"--dask"}
    flags = {n for o in OPTIONS if o.action == "store_true" for n in o.names}
    assert valued == early.VALUED and flags == early.FLAGS


@pytest.mark.parametrize(
    ("argv", "started"),
    [
        (["{pdf}"], [(), early.BBOX]),
        (["--eps", "0.05", "-q", "{pdf}"], [(), early.BBOX]),
        (["--geometry", "off", "{pdf}"], [()]),
        (["--geometry=off", "-o", "out.pdf", "{pdf}"], [()]),
        (["-j2", "--extractor", "pdftotext", "{pdf}"], [(), early.BBOX]),
        (["--extractor", "pypdf", "{pdf}"], []),
        (["{pdf}", "{pdf}"], []),
        (["--help", "{pdf}"], []),
        (["--geo", "off", "{pdf}"], []),  # an abbreviation: argparse's to read
        (["--dask", "tcp://x:8786", "{pdf}"], []),
        (["-o", "{pdf}"], []),  # the PDF is -o's value
        (["{dir}"], []),
        (["{fifo}"], []),
    ],
)
def test_what_is_started_before_the_arguments_are_parsed(
    fake: Path, tmp_path: Path, argv: list[str], started: list[tuple[str, ...]]
) -> None:
    fifo = tmp_path / "in.pdf"
    os.mkfifo(fifo)
    names = {"pdf": str(PDF), "dir": str(PDF.parent), "fifo": str(fifo)}
    os.environ["SLEEP"] = "30"
    try:
        assert _started([a.format(**names) for a in argv]) == started
    finally:
        del os.environ["SLEEP"]
    assert _alive(fake) == []  # discarded: killed and reaped


def test_a_start_is_claimed_for_the_same_file_only(fake: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "a.pdf"
    shutil.copy(PDF, pdf)
    os.environ["SLEEP"] = "30"
    try:
        assert early.start(str(pdf), geometry=False)
        assert early.claim(str(pdf), early.BBOX) is None  # not started with these flags
        os.utime(pdf, ns=(0, 0))  # another file now (or the same, changed)
        assert early.claim(str(pdf), ()) is None
        assert len(early._started) == 1
        assert early.start(str(pdf), geometry=False)
        run = early.claim(f"{tmp_path}/./a.pdf", ())  # the same file by another name
        assert run is not None
        run.stop()
        assert run.status == -signal.SIGKILL
    finally:
        del os.environ["SLEEP"]
        early.discard()
    assert _alive(fake) == []


def test_no_pdftotext_starts_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert not early.start(str(PDF), geometry=True) and early._started == []


def _srtext(
    *args: str, env: dict[str, str] | None = None, **kw: object
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "srtext", *args], capture_output=True, timeout=120, env=env, **kw
    )


LATER = "import sys; from srtext.cli import main; sys.exit(main(sys.argv[1:]))"  # no start ahead


@needs_pdftotext
def test_the_text_is_the_same_with_pdftotext_started_first() -> None:
    """``python -m srtext x.pdf`` (started first) writes what main() called with the same arguments
    writes (started when the PDF is read), as text, jsonl and --explain."""
    for args in ([], ["--format", "jsonl"], ["--explain"], ["--geometry", "off"]):
        first = _srtext(*args, str(PDF))
        later = subprocess.run(
            [sys.executable, "-c", LATER, *args, str(PDF)],
            capture_output=True,
            timeout=120,
        )
        assert first.returncode == later.returncode == 0, first.stderr
        assert first.stdout == later.stdout and first.stdout


def test_a_start_the_run_does_not_read_is_killed(fake: Path) -> None:
    """A usage error after the start: the sleeping pdftotext is killed and reaped, at once."""
    began = time.monotonic()
    r = _srtext("--keep", "no-such-class", str(PDF), env={**os.environ, "SLEEP": "30"})
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert time.monotonic() - began < 20
    assert len(fake.read_text().split()) == 2 and _alive(fake) == []


def test_an_interrupt_stops_pdftotext(fake: Path) -> None:
    """Ctrl-C (SIGINT to srtext alone) and SIGTERM while pdftotext runs: a one-line message, the
    interrupt's exit status, no process left."""
    for signum, status in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
        fake.write_text("")
        env = {**os.environ, "SLEEP": "30"}
        with subprocess.Popen(
            [sys.executable, "-m", "srtext", "-o", os.devnull, str(PDF)],
            env=env,
            stderr=subprocess.PIPE,
            # Ctrl-C as a terminal delivers it: a process started with SIGINT ignored (a job started in
            # the background by a shell without job control, as some CI runners do) keeps it ignored
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        ) as p:
            while len(fake.read_text().split()) < 2:
                time.sleep(0.05)
            time.sleep(0.3)
            p.send_signal(signum)
            _, err = p.communicate(timeout=20)
        assert p.returncode == status, err
        assert b"Traceback" not in err and len(err.splitlines()) == 1
        assert _alive(fake) == []


def test_pdftotext_that_never_ends_is_killed(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from srtext.run import extract

    monkeypatch.setenv("SLEEP", "30")
    monkeypatch.setattr(extract, "TIMEOUT", 0.5)
    with pytest.raises(PDFError, match=r"pdftotext took more than 0\.5 s"):
        extract_geometry(PDF, "pdftotext")
    assert len(fake.read_text().split()) == 2 and _alive(fake) == []


@needs_pdftotext
def test_a_closed_output_pipe_ends_the_run(tmp_path: Path) -> None:
    """``srtext x.pdf | head -c 1``: exit 141 (or 0 when all was written before), no traceback."""
    r = subprocess.run(
        f'{sys.executable} -m srtext {PDF} | head -c 1; echo " ${{PIPESTATUS[0]}}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        timeout=120,
    )
    assert r.stdout.split()[-1] in (b"141", b"0") and b"Traceback" not in r.stderr


@needs_pdftotext
def test_closed_standard_streams_leave_pdftotext_its_own(tmp_path: Path) -> None:
    """With standard input closed, the first pipe srtext makes takes its number: pdftotext
    still reads /dev/null and writes to srtext, not to a pipe end of the wrong kind."""
    out = tmp_path / "out.txt"
    subprocess.run(
        f'exec {sys.executable} -m srtext -o "{out}" "{PDF}" <&-', shell=True, check=True, timeout=120
    )
    assert out.read_text(encoding="utf-8") == _srtext(str(PDF)).stdout.decode("utf-8")


def test_without_pdftotext_a_pdf_is_read_by_pypdf(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path)}  # no pdftotext (and python by its full path)
    r = _srtext(str(PDF), env=env)
    assert r.returncode == 0 and "A river does not flow" in r.stdout.decode("utf-8")
    r = _srtext("--extractor", "pdftotext", str(PDF), env=env)
    assert r.returncode == 1
    assert (
        r.stderr.decode()
        .strip()
        .endswith("pdftotext is not installed (Debian: apt-get install poppler-utils)")
    )


@needs_pdftotext
def test_a_pdf_on_standard_input_is_written_to_pdftotext() -> None:
    with PDF.open("rb") as f:
        piped = _srtext(stdin=f)
    assert piped.returncode == 0 and piped.stdout == _srtext(str(PDF)).stdout


@needs_pdftotext
def test_the_next_pdf_is_extracted_ahead_unless_it_is_up_to_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a -j 1 run, the next PDF's pdftotext starts while one is recovered; the outputs are those of
    one run each; an output that is up to date starts nothing."""
    from srtext.config import Config, RunOptions
    from srtext.run import parallel, process

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        shutil.copy(PDF, corpus / name)
    ahead: list[bool] = []
    real = process.extract_ahead

    def counted(job: Job, config: Config, options: RunOptions) -> bool:
        ahead.append(real(job, config, options))
        return ahead[-1]

    monkeypatch.setattr(parallel, "extract_ahead", counted)
    jobs = [
        Job(corpus / n, tmp_path / "out" / n.replace(".pdf", ".sr.txt")) for n in ("a.pdf", "b.pdf", "c.pdf")
    ]
    (tmp_path / "out").mkdir()
    results = list(parallel.run_jobs(jobs, Config(), RunOptions(), workers=1))
    assert [r.error for r in results] == [None] * 3 and ahead == [True, True]
    assert early._started == []  # each one claimed
    once = _srtext(str(PDF)).stdout.decode("utf-8")
    assert all(job.output.read_text(encoding="utf-8") == once for job in jobs)  # type: ignore[union-attr]
    assert not process.extract_ahead(jobs[1], Config(), RunOptions())  # up to date now
    assert process.extract_ahead(jobs[1], Config(), RunOptions(force=True))
    early.discard()


@given(st.text(alphabet="/.ab\\", max_size=12))
def test_names_are_pathlibs_without_pathlib(name: str) -> None:
    from pathlib import PurePosixPath

    from srtext.run.batch import posix_name
    from srtext.run.process import suffix

    assert posix_name(name) == str(PurePosixPath(name))
    assert suffix(name) == PurePosixPath(name).suffix


# Run as ``python -S`` (site-packages on PYTHONPATH): no .pth hook imports anything for srtext.
PDF_PROBE = """
import sys
from srtext.__main__ import main
sys.argv = ["srtext", {pdf!r}]
try:
    main()
except SystemExit:
    pass
names = ("subprocess", "pathlib", "shutil", "threading")
print(" ".join(m for m in names if m in sys.modules), file=sys.stderr)
"""


@needs_pdftotext
def test_a_run_on_one_pdf_imports_neither_subprocess_nor_pathlib(tmp_path: Path) -> None:
    """pdftotext is started without subprocess (posix_spawn), the PDF named without pathlib: their
    imports cost about 10 ms of ``srtext x.pdf`` (urllib.parse and ipaddress come with pathlib)."""
    import site

    path = os.pathsep.join([str(ROOT), *site.getsitepackages()])
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": path}
    probe = [sys.executable, "-S", "-c", PDF_PROBE.format(pdf=str(PDF))]
    subprocess.run(probe, env=env, capture_output=True, check=True, timeout=120)  # the caches made
    r = subprocess.run(probe, env=env, capture_output=True, text=True, check=True, timeout=120)
    assert "A river does not flow" in r.stdout and r.stderr.split() == []


@needs_pdftotext
def test_a_run_left_half_way_leaves_no_pdftotext(fake: Path, tmp_path: Path) -> None:
    """A caller that stops reading run_jobs' results (a closed pipe, an interrupt) closes it: the
    next PDF's pdftotext, started ahead, is killed and reaped."""
    from srtext.config import Config, RunOptions
    from srtext.run.parallel import run_jobs

    jobs = []
    for name in ("a", "b", "c"):
        shutil.copy(PDF, tmp_path / f"{name}.pdf")
        jobs.append(Job(tmp_path / f"{name}.pdf", tmp_path / f"{name}.sr.txt"))
    results = run_jobs(jobs, Config(), RunOptions(), workers=1)
    assert next(results).error is None
    assert len(early._started) == 2  # b's two runs, started ahead
    results.close()
    assert early._started == [] and _alive(fake) == []


@needs_pdftotext
def test_a_forked_worker_leaves_the_parents_runs_alone() -> None:
    """A worker forked while a run is started (srtext.run.parallel's) forgets it: the parent reads
    the whole text, the worker neither claims nor kills it."""
    assert early.start(str(PDF), geometry=False)
    pid = os.fork()
    if pid == 0:  # the worker
        early.forget()
        os._exit(0 if early._started == [] and early.claim(str(PDF), ()) is None else 1)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
    from srtext.run.extract import extract

    assert len(early._started) == 1
    assert (
        extract(PDF, "pdftotext")
        == subprocess.run(
            ["pdftotext", "-enc", "UTF-8", str(PDF), "-"], capture_output=True, check=True
        ).stdout
    )
    assert early._started == []


def test_an_interrupt_while_the_command_line_is_imported(
    fake: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C after pdftotext started and before the command line handles one: one line, 130, and the
    runs started killed and reaped."""
    import srtext.cli
    from srtext.__main__ import main

    def interrupted(argv: object = None) -> int:
        assert len(early._started) == 2
        raise KeyboardInterrupt

    monkeypatch.setenv("SLEEP", "30")
    monkeypatch.setattr(sys, "argv", ["srtext", str(PDF)])
    monkeypatch.setattr(srtext.cli, "main", interrupted)
    assert main() == 130
    assert capsys.readouterr().err == "srtext: interrupted\n"
    assert early._started == [] and _alive(fake) == []


def test_a_sigterm_while_the_command_line_is_imported(
    fake: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SIGTERM after pdftotext started and before the command line handles one (a loaded machine
    takes long to import it): one line, 143, the runs started killed and reaped, and the handler that
    was in place before put back.  Before, SIGTERM killed srtext there and left pdftotext running."""
    import srtext.cli
    from srtext.__main__ import main

    def terminated(argv: object = None) -> int:
        assert len(early._started) == 2
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler raises at once
        return 0

    before = signal.getsignal(signal.SIGTERM)
    monkeypatch.setenv("SLEEP", "30")
    monkeypatch.setattr(sys, "argv", ["srtext", str(PDF)])
    monkeypatch.setattr(srtext.cli, "main", terminated)
    assert main() == 143
    assert capsys.readouterr().err == "srtext: terminated\n"
    assert early._started == [] and _alive(fake) == []
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """Python's Ctrl-C handler, even where the tests run with SIGINT ignored (started in the background
    by a shell without job control, as some CI runners are: Python then leaves SIGINT ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.fixture(params=[False, True], ids=["one thread", "threads"])
def threads(request: pytest.FixtureRequest) -> Iterator[None]:
    """Another thread, which does not block signals, as a progress bar's or a scheduler's: the kernel
    gives it a signal that the main thread blocks, and Python then runs the handler in the main thread
    at once (CI's pytest had such threads left from earlier tests, and lost a pdftotext to it)."""
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    if request.param:
        other.start()
    try:
        yield
    finally:
        stop.set()
        if request.param:
            other.join()


@pytest.mark.parametrize("ahead", [False, True], ids=["spawned", "claimed"])
@pytest.mark.usefixtures("ctrl_c", "threads")
def test_an_interrupt_as_a_run_is_taken_leaves_no_pdftotext(
    fake: Path, monkeypatch: pytest.MonkeyPatch, ahead: bool
) -> None:
    """Ctrl-C that lands right after pdftotext is started or claimed, before the run is in the list
    of runs to reap: the run is reaped all the same (the signals wait until it is listed)."""
    from srtext.run import extract

    monkeypatch.setenv("SLEEP", "30")
    if ahead:
        assert early.start(str(PDF), geometry=False)
    taken = early.claim if ahead else early.spawn

    def interrupted(*args: object) -> early.Run | None:
        run = taken(*args)  # type: ignore[operator]
        os.kill(os.getpid(), signal.SIGINT)  # delivered at once, unless held
        return run

    monkeypatch.setattr(early, "claim" if ahead else "spawn", interrupted)
    with pytest.raises(KeyboardInterrupt):
        extract._pdftotext_runs(str(PDF), [()])
    early.discard()
    deadline = time.monotonic() + 10
    while not fake.read_text().split() and time.monotonic() < deadline:  # killed before it wrote?
        time.sleep(0.05)
    time.sleep(0.2)
    assert _alive(fake) == []

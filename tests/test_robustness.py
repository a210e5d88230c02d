"""Bad input, faults and interruptions (see docs/robustness.md for the table)."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.robustness import PATHOLOGICAL, REPEATED, recovery_seconds
from srtext import Config, SentenceRecovery, paragraphs, recover
from srtext.cli import main
from srtext.pipeline.lines import byte_lines
from tests.conftest import SAMPLES

EN = SAMPLES / "en-rivers.txt"
EN_TRUTH = SAMPLES / "en-rivers.truth.txt"


def run(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "srtext", *args], input=stdin, capture_output=True, timeout=300
    )


def test_no_final_newline() -> None:
    data = EN.read_bytes().rstrip(b"\n\f")
    assert run([], data).stdout == EN_TRUTH.read_bytes()


def test_one_line_document() -> None:
    assert run([], b"Just one line of text.").stdout == b"Just one line of text.\n"


def test_a_million_lines() -> None:
    data = b"A line of a long document that goes\non and on across the column and\nends here.\n" * 333_334
    assert data.count(b"\n") >= 1_000_000
    r = run([], data)
    assert r.returncode == 0 and r.stderr == b""
    assert r.stdout.count(b"\n") == 333_334


def test_one_very_long_line_without_newline() -> None:
    line = ("word " * 4_000_000).encode()  # 20 MB; bench/robustness.py runs 100 MB
    r = run([], line)
    assert r.returncode == 0
    assert len(r.stdout) == len(line.rstrip()) + 1


def test_lines_beyond_the_window_stream_in_bounded_look_ahead() -> None:
    data = EN.read_bytes() * 50
    events = recover(byte_lines([data]), Config(window=100))
    assert sum(1 for _ in paragraphs(events)) > 50


def test_full_disk_leaves_no_partial_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a.txt", "b.txt"):
        (src / name).write_bytes(EN.read_bytes())
    import srtext.run.process as process

    real = process.write
    calls = {"n": 0}

    def full_disk(out: io.BufferedIOBase, texts: object) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(out, texts)  # type: ignore[arg-type]

    monkeypatch.setattr(process, "write", full_disk)
    assert main(["-q", "-j", "1", str(src)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"srtext: {src / 'a.txt'}: No space left on device"]
    assert not (src / "a.sr.txt").exists()
    assert (src / "b.sr.txt").read_bytes() == EN_TRUTH.read_bytes()
    assert not [p for p in src.iterdir() if p.name.endswith(".tmp")]


WORKER_TERMINATED_TWICE = """
import os, signal, sys, time
from srtext.run.parallel import _worker_init
_worker_init(None)
try:
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(5)
except SystemExit:
    try:  # unwinding: the pool's second terminate must not cut the clean-up short
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.2)
    except SystemExit:
        sys.exit("interrupted twice")
    print("unwound")
"""


def test_a_worker_unwinding_from_a_terminate_is_not_interrupted_by_the_next() -> None:
    # the executor terminates every worker again when the first one exits (it takes the
    # pool for broken); a second SystemExit inside a clean-up left a temporary file in CI
    done = subprocess.run([sys.executable, "-c", WORKER_TERMINATED_TWICE], capture_output=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, b"unwound"), done.stderr


def test_an_interrupt_inside_a_temporary_files_creation_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # CI once kept ".doc000.sr.txt.srtext.json.HOST-PID.xxxx.tmp": Ctrl-C landed after the file
    # was created and before the code that removes it on error was entered
    from srtext import files

    real_open = os.open

    def created_then_interrupted(path: str, *args: int) -> int:
        os.close(real_open(path, *args))
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "open", created_then_interrupted)
    other = tmp_path / files.temporary_prefix("a.sr.txt").replace(f"-{os.getpid()}.", "-1.")
    other = other.with_name(other.name + "x1y2.tmp")  # another process's: never touched
    other.write_text("x")
    with pytest.raises(KeyboardInterrupt), files.atomic_write(tmp_path / "a.sr.txt") as f:
        f.write(b"never")
    monkeypatch.undo()
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == 2 and left[1].endswith(".tmp")  # the half-made one is there until the program ends
    assert files.remove_pending_temporaries() == 1
    assert [p.name for p in tmp_path.iterdir()] == [other.name]


def test_ctrl_c_inside_the_creation_of_an_outputs_record_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the command line, not only the writer: the record beside the output is made last
    from srtext import files

    real_create = files._create_temporary

    def interrupted_once_made(parent: str, name: str) -> tuple[int, str]:
        fd, tmp = real_create(parent, name)
        if name.endswith(".srtext.json"):
            os.close(fd)
            raise KeyboardInterrupt
        return fd, tmp

    monkeypatch.setattr(files, "_create_temporary", interrupted_once_made)
    (tmp_path / "a.txt").write_bytes(EN.read_bytes())
    assert main(["-q", str(tmp_path)]) == 130
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sr.txt", "a.txt"]


def test_a_temporary_file_renamed_or_removed_is_no_longer_pending(tmp_path: Path) -> None:
    from srtext import files

    with files.atomic_write(tmp_path / "a.txt") as f:
        f.write(b"a")
    with pytest.raises(RuntimeError), files.atomic_write(tmp_path / "b.txt") as f:
        raise RuntimeError
    assert files.remove_pending_temporaries() == 0
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sigint_in_a_directory_run_leaves_no_half_written_output(tmp_path: Path, jobs: str) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    big = EN.read_bytes() * 400
    for i in range(200):  # far more than a loaded machine finishes between the first output and the signal
        (corpus / f"doc{i:03}.txt").write_bytes(big)
    proc = subprocess.Popen(
        [sys.executable, "-m", "srtext", "-j", jobs, str(corpus)],
        stderr=subprocess.PIPE,
        # Ctrl-C as a terminal delivers it: a process started with SIGINT ignored keeps it ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not list(corpus.glob("*.sr.txt")) and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.decode().strip().splitlines()[-1] == "srtext: interrupted"
    outputs = list(corpus.glob("*.sr.txt"))
    assert 0 < len(outputs) < 200
    whole = SentenceRecovery(corpus / "doc000.txt").out_text.encode()
    assert all(p.read_bytes() == whole for p in outputs)  # complete, never half-written
    assert not [p for p in corpus.iterdir() if p.name.endswith(".tmp")]


def test_read_only_output_directory(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o500)
    try:
        if os.access(out, os.W_OK):
            pytest.skip("running as root: directory permissions are not enforced")
        r = run([str(EN), "-o", str(out)])
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1
    finally:
        out.chmod(0o700)


def test_output_under_a_file_is_a_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = run([str(EN), "-o", str(blocker / "sub")])
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1 and b"Traceback" not in r.stderr


def test_read_only_output_directory_simulated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As root permissions are not enforced, so the refusal is simulated where srtext creates files."""

    out = tmp_path / "out"
    from srtext import files

    real_create = files._create_temporary

    def refuse(parent: str, name: str) -> tuple[int, str]:
        if parent.startswith(str(out)):  # only srtext's outputs, where the refusal is simulated
            raise PermissionError(errno.EACCES, "Permission denied", str(out))
        return real_create(parent, name)

    monkeypatch.setattr(files, "_create_temporary", refuse)
    assert main(["-q", str(EN), str(SAMPLES / "de-brot.txt"), "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(e.endswith("Permission denied") for e in err)


def test_unreadable_file_simulated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An input that cannot be opened (simulated, since root can read anything)."""
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.txt").write_bytes(EN.read_bytes())
    (tree / "b.txt").write_bytes(EN.read_bytes())
    real_open = Path.open

    def guarded(self: Path, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if self.name == "a.txt":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", guarded)
    assert main(["-q", str(tree)]) == 1
    assert capsys.readouterr().err.splitlines() == [f"srtext: {tree / 'a.txt'}: Permission denied"]
    assert (tree / "b.sr.txt").read_bytes() == EN_TRUTH.read_bytes()
    assert not (tree / "a.sr.txt").exists()


# Issue 22, item 11: a few very long lines must not move CW, and no paragraph is unbounded.

ONECOL = SAMPLES.parent / "latex" / "en-onecol.pdftotext.txt"


@pytest.mark.parametrize("length", [10_000, 200_000])
def test_one_very_long_line_does_not_move_the_column_width(length: int) -> None:
    text = ONECOL.read_text(encoding="utf-8")
    long_line = ("word " * (length // 5)).strip() + "\n"
    assert SentenceRecovery(text + long_line).cw == SentenceRecovery(text).cw == 53
    before = SentenceRecovery(text).out_text
    assert SentenceRecovery(text + long_line).out_text.startswith(before.rsplit("\n", 2)[0])


def test_a_text_with_no_sentence_end_gives_bounded_paragraphs() -> None:
    from srtext.api import MAX_PARAGRAPH

    data = b"a line of words that goes on without any end to its sentence\n" * 20_000  # 1.2 MB
    r = run([], data)
    assert r.returncode == 0
    out = r.stdout.decode().splitlines()
    assert len(out) > 1 and max(map(len, out)) <= MAX_PARAGRAPH
    assert "".join(out).replace(" ", "") == data.decode().replace("\n", "").replace(" ", "")


def test_cut_paragraphs_keep_offsets_into_the_input() -> None:
    data = ("A table cell 12 34 56 " * 30_000).encode() + b"\n"  # 660 kB on one line
    records = [json.loads(x) for x in run(["--format", "jsonl"], data).stdout.splitlines()]
    text = data.decode()
    assert len(records) > 1
    for r in records:
        assert text[r["start"] : r["end"]] == r["text"]


def test_a_paragraph_is_closed_at_its_line_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory is bounded: the open paragraph holds at most MAX_LINES lines."""
    from srtext import recover_text
    from srtext.pipeline import steps

    monkeypatch.setattr(steps, "MAX_LINES", 3)
    text = "".join(f"a line of prose that runs on without end number {n} and\n" for n in range(7))
    out = recover_text(text, Config(window=None)).splitlines()
    assert [p.count("number") for p in out] == [3, 3, 1]


def test_a_paragraph_is_closed_at_its_character_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory is bounded by characters too: pieces of one huge line do not make one open paragraph."""
    from srtext import recover_text
    from srtext.pipeline import steps

    monkeypatch.setattr(steps, "MAX_CHARS", 120)
    text = "".join(f"a line of prose that runs on without end number {n} and\n" for n in range(7))
    out = recover_text(text, Config(window=None)).splitlines()
    assert [p.count("number") for p in out] == [3, 3, 1]  # 57 characters a line: closed after 3


# Issue 32, item 7b: every step linear in a line's length (a quadratic pattern stalled a corpus run).


@pytest.mark.parametrize("kind", list(PATHOLOGICAL))
def test_a_pathological_line_four_times_as_long_costs_at_most_eight_times_as_much(kind: str) -> None:
    """22,500 characters, then 90,000 (both under the 100,000 of a paragraph's cut): linear
    is about 4x, quadratic 16x; more than 8x fails (0.1 s allowed for the noise of a shared
    machine).  A step of 4x with a bound of 8x leaves room for the CPU time of one run to
    vary by a third either way, which a step of 2x with a bound of 3x did not (it failed now
    and then with no change to the code).

    Before: 10,000 ligatures took 2.2 s and 20,000 12.6 s (the look-alike script pattern
    tried every start of a run of letters), and "1." repeated took quadratic time in
    a section number's pattern (100,000 characters: 2 s).
    """
    once = recovery_seconds(kind, 22_500, runs=5, timeout=30)
    assert once < 30, f"{kind}: 22,500 characters took more than 30 s"
    four = recovery_seconds(kind, 90_000, runs=5, timeout=5 * 16 * once + 10)
    assert four <= 8 * once + 0.1, f"{kind}: {once:.3f} s, four times as long {four:.3f} s"


@pytest.mark.parametrize("kind", list(REPEATED))
def test_a_page_of_four_times_as_many_lines_costs_at_most_eight_times_as_much(kind: str) -> None:
    """1,000 lines of one class on one page, then 4,000: linear is about 4x, quadratic 16x;
    more than 8x fails (the bound as for a pathological line, above).

    Before: the footnotes' step asked the whole page's text, for every line that
    starts with a number and ends a sentence, whether it carries the number as a
    mark (8,000 lines "3Installing it creates a user." took 30 s), and read a run
    of marks or numbers alone forward from each of its lines (4,000 lines "1":
    11 s); each number is now looked up once a page, each run read once.
    """
    once = recovery_seconds(kind, 1_000, runs=3, timeout=30, lines=True)
    assert once < 30, f"{kind}: 1,000 lines took more than 30 s"
    four = recovery_seconds(kind, 4_000, runs=3, timeout=5 * 16 * once + 10, lines=True)
    assert four <= 8 * once + 0.1, f"{kind}: {once:.3f} s, four times as many lines {four:.3f} s"


# Issue 32, item 7: one huge line costs memory by its pieces, not by copies of the whole line.


def _peak_mb(data: bytes) -> tuple[float, bytes]:
    """srtext's peak resident memory on ``data`` (standard input), in MB, and its output."""
    code = (
        "import resource, subprocess, sys\n"
        "r = subprocess.run([sys.executable, '-m', 'srtext'], stdin=sys.stdin, stdout=subprocess.PIPE)\n"
        "sys.stdout.buffer.write(r.stdout)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, timeout=300)
    return int(r.stderr.split()[-1]) / 1024, r.stdout


@pytest.mark.parametrize(("unit", "n"), [(b"word ", 2_000_000), ("中文".encode(), 2_500_000)])
def test_one_huge_line_does_not_cost_copies_of_itself(unit: bytes, n: int) -> None:
    """10 MB of words on one line took 212 MB (copies of the whole line in every step); now its
    pieces of 65,536 characters go through the steps: 37 MB.  The text is unchanged."""
    data = unit * n
    peak, out = _peak_mb(data)
    assert peak < 100, f"{peak:.0f} MB for a line of {len(data) / 1e6:.0f} MB"
    if unit == b"word ":
        assert out.replace(b"\n", b" ").rstrip() == data.rstrip()  # cut at spaces only
    else:
        assert out.replace(b"\n", b"") == data


def test_memory_does_not_grow_with_a_huge_line() -> None:
    """A line of 80 MB costs no more than one of 20 MB: the window, the vocabulary's pending
    lines and the open paragraph are bounded by characters as well as lines (one line of
    100 MB took 207 MB, 200 MB 418 MB; now 40 MB each)."""
    small, _ = _peak_mb(b"word " * 4_000_000)
    large, out = _peak_mb(b"word " * 16_000_000)
    assert large < small + 20, f"20 MB: {small:.0f} MB, 80 MB: {large:.0f} MB"
    assert len(out) >= 80_000_000


def test_a_page_of_lines_at_one_height_is_read_once() -> None:
    """The geometry's rows (:func:`srtext.geometry.margins._rows`) of 4,000 line boxes that
    share one height (text drawn over itself), then 8,000: linear is about 2x, more than 3x
    fails. Before, each line read its row again: 4,000 lines of a bbox page took 33 s."""
    from srtext.geometry.box import LineBox
    from srtext.geometry.margins import _rows

    def seconds(n: int) -> float:
        boxes = [
            (
                i,
                LineBox(
                    1,
                    600.0,
                    800.0,
                    72.0,
                    300.0,
                    108.0 + i / n,
                    100.0 + i / n,
                    110.0 + i / n,
                    10.0,
                    0,
                    0,
                    None,
                ),
            )
            for i in range(n)
        ]
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            rows = _rows(boxes)
            best = min(best, time.process_time() - t)
        assert len(rows) == 1
        return best

    once = seconds(4_000)
    assert seconds(8_000) <= 3 * once + 0.05

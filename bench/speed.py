"""Speed and memory benchmark, run by hand: ``python -m bench.speed``.

Measures on this machine, in one run, and prints a Markdown table:

* throughput in MB/s of pdftotext text (at least 50 MB, the corpora and, when
  present, ../shared/bench/arxiv-dev replicated) for srtext's default and paper
  modes, next to a pure-Python loop that only reads and writes the same lines;
* the wall time of ``srtext`` on one typical paper's pdftotext output (and on
  its ``pdftotext -raw`` output, whose line-end hyphens make srtext look words up
  in the lexicon), next to ``python -c pass`` and to pdftotext's own time on that
  paper's PDF (median of ``--runs`` interleaved rounds, bytecode and lexicon
  cached as in an installed srtext; see :func:`installed_env`), and the same
  without the start-up hooks this Python's ``.pth`` files run (:func:`startup_hooks`);
* peak resident memory while streaming ``--stream-mb`` MB through stdin.

Every figure comes from a separate process, as a user would run it.

``--targets [TREE ...]`` prints instead the figures of the speed issue's targets
(issue 23), each as a ratio measured in the same run: this checkout and each
other TREE (a clean export of an older commit, say) in interleaved rounds, with
the machine's load average before and after.  Start-up is measured as a clean
start (``python -S``, site-packages on ``PYTHONPATH``) of a console script's
wrapper reading pdftotext's output on stdin, next to ``python -S -c pass`` and
pdftotext on the PDF; throughput in microseconds per input line of the
arxiv-dev text (the best of ``--runs`` interleaved rounds), and peak RSS
streaming ``--stream-mb`` MB.

``--pdf [TREE ...]`` prints the PDF targets (issue 31) for this checkout and each
TREE, in interleaved rounds: for each arxiv-dev paper of about ten pages
(:data:`PAPERS`), the median wall time of ``srtext x.pdf`` (its console script,
pdftotext and geometry included) against ``pdftotext x.pdf``'s; and the time of
``srtext -j 1`` and ``-j 2`` over a directory of all of arxiv-dev's PDFs, each
tree's against the first's.  A TREE is a checkout (run as a clean start, as for
``--targets``) or a virtual environment with srtext installed (``TREE/bin/srtext``:
``pip install .`` into a fresh venv, what a user runs).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import site
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# ../shared beside the checkout; from a git worktree (wt/NAME), the shared/ further up.
_SHARED = [p / "shared" / "bench" / "arxiv-dev" for p in ROOT.parents]
ARXIV = next((p for p in _SHARED if p.is_dir()), _SHARED[0])
PAPER = "0001/hep-th0001013"

COPY_LOOP = """
import sys
with open(sys.argv[1], "rb") as f, open(os.devnull, "wb") as g:
    for line in f:
        g.write(line)
"""


def sources() -> list[Path]:
    """The documents replicated into the inputs (from a checkout: corpora/ beside srtext/)."""
    found = sorted(ARXIV.glob("*/*.pdftotext.txt")) + sorted(
        (ROOT / "corpora" / "latex").glob("*.pdftotext.txt")
    )
    found = found or sorted((ROOT / "corpora" / "samples").glob("*.txt"))
    if not found:
        raise SystemExit(f"bench.speed: no documents under {ROOT / 'corpora'}; run it from a checkout")
    return found


def build_input(path: Path, megabytes: int) -> int:
    texts = [p.read_bytes() for p in sources()]
    size = 0
    with path.open("wb") as f:
        while size < megabytes * 1_000_000:
            for t in texts:
                f.write(t)
                size += len(t)
    return size


def timed(
    cmd: list[str],
    stdin: Path | None = None,
    runs: int = 1,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
) -> float:
    """The median wall time of ``runs`` runs of a command, in seconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        _run(cmd, stdin, env, cwd)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _run(
    cmd: list[str], stdin: Path | None, env: dict[str, str] | None, cwd: Path | None, stderr: bool = False
) -> str:
    """Run a command to its end, its output thrown away; its standard error returned when asked."""
    with open(stdin or os.devnull, "rb") as f:
        done = subprocess.run(
            cmd,
            stdin=f,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE if stderr else subprocess.DEVNULL,
            check=True,
            env=env,
            cwd=cwd,
        )
    return done.stderr.decode(errors="replace") if stderr else ""


def installed_env(tmp: Path) -> dict[str, str]:
    """The environment of an installed srtext: bytecode cached, lexicon cache in ``tmp``.

    pip byte-compiles what it installs, so an installed srtext never compiles its
    sources at start-up; a checkout run with ``PYTHONDONTWRITEBYTECODE`` set
    does, on every run (about 20 ms).  The cache goes to a fresh prefix in ``tmp``
    that a first, untimed run fills.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    env["XDG_CACHE_HOME"] = str(tmp / "cache")
    return env


def startup_hooks() -> list[str]:
    """The .pth files of this Python's site-packages that run code at every start-up.

    ``python -c pass`` pays for them (an editable install's import finder, a
    sandbox's certificate hook), and so does srtext; the ratio between the two
    looks better than it is on a clean Python, so the bench measures both.
    """
    found = []
    for directory in site.getsitepackages():
        for pth in sorted(Path(directory).glob("*.pth")):
            lines = pth.read_text(errors="replace").splitlines()
            if any(line.startswith(("import ", "import\t")) for line in lines):
                found.append(pth.name)
    return found


def start_up(doc: Path, runs: int, tmp: Path) -> list[tuple[str, str]]:
    """The one-paper rows: srtext against ``python -c pass`` and pdftotext."""
    py = sys.executable
    rows: list[tuple[str, str]] = []
    env = installed_env(tmp)
    pdf = doc.with_name(doc.name.replace(".pdftotext.txt", ".pdf"))
    inputs = [(doc, f"{doc.name} ({doc.stat().st_size // 1000} kB)")]
    if shutil.which("pdftotext") and pdf.exists():
        raw = tmp / "raw.txt"
        subprocess.run(["pdftotext", "-raw", str(pdf), str(raw)], check=True)
        hyphens = sum(line.rstrip().endswith("-") for line in raw.read_text(errors="replace").splitlines())
        inputs.append((raw, f"its `pdftotext -raw` output ({hyphens} line-end hyphens: lexicon lookups)"))
    has_pdftotext = bool(shutil.which("pdftotext")) and pdf.exists()
    bare = dict(os.environ)  # this shell's environment, PYTHONDONTWRITEBYTECODE and all
    commands: list[tuple[list[str], dict[str, str]]] = [([py, "-c", "pass"], env)]
    commands += [([py, "-m", "srtext", str(path)], env) for path, _ in inputs]
    hooks = startup_hooks()
    no_site = {**env, "PYTHONPATH": os.pathsep.join([str(ROOT), *site.getsitepackages()])}
    if hooks:
        commands += [([py, "-S", "-c", "pass"], no_site), ([py, "-S", "-m", "srtext", str(doc)], no_site)]
    if bare.get("PYTHONDONTWRITEBYTECODE"):
        commands += [([py, "-c", "pass"], bare), ([py, "-m", "srtext", str(doc)], bare)]
    if has_pdftotext:
        commands.append((["pdftotext", str(pdf), os.devnull], bare))
    for cmd, cmd_env in commands:
        timed(cmd, env=cmd_env)  # fills the bytecode and lexicon caches
    # Interleaved rounds, so that a change in the machine's load hits every command alike.
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for (cmd, cmd_env), measured in zip(commands, times, strict=True):
            measured.append(timed(cmd, env=cmd_env))
    medians = [statistics.median(measured) for measured in times]
    t_pass = medians[0]
    rows.append(("python -c pass", f"{1000 * t_pass:.0f} ms"))
    for (_, label), t_one in zip(inputs, medians[1:], strict=False):
        rows.append((f"srtext on {label}", f"{1000 * t_one:.0f} ms = {t_one / t_pass:.1f} x python -c pass"))
    extra = 1 + len(inputs)
    if hooks:
        t_clean, t_one_clean = medians[extra : extra + 2]
        extra += 2
        rows.append(
            (
                f"the same paper without this Python's {len(hooks)} .pth start-up hooks "
                f"({', '.join(hooks)}; python -S, site-packages on PYTHONPATH)",
                f"{1000 * t_one_clean:.0f} ms = {t_one_clean / t_clean:.1f} x python -S -c pass "
                f"({1000 * t_clean:.0f} ms)",
            )
        )
    if bare.get("PYTHONDONTWRITEBYTECODE"):
        t_bare, t_nocache = medians[extra : extra + 2]
        rows.append(
            (
                "srtext on the paper with PYTHONDONTWRITEBYTECODE, as set in this shell (no bytecode cache)",
                f"{1000 * t_nocache:.0f} ms = {t_nocache / t_bare:.1f} x python -c pass "
                f"({1000 * t_bare:.0f} ms) in the same environment",
            )
        )
    if has_pdftotext:
        rows.append((f"pdftotext on {pdf.name}", f"{1000 * medians[-1]:.0f} ms"))
    else:
        rows.append(("pdftotext", "not installed or no PDF: not measured"))
    return rows


def peak_rss_streaming(megabytes: int, env: dict[str, str] | None = None, cwd: Path | None = None) -> float:
    """Peak RSS in MB of srtext reading ``megabytes`` MB from a pipe."""
    texts = [p.read_bytes() for p in sources()]
    proc = subprocess.Popen(
        [sys.executable, "-m", "srtext"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env, cwd=cwd
    )
    assert proc.stdin is not None
    sent = 0
    while sent < megabytes * 1_000_000:
        for t in texts:
            proc.stdin.write(t)
            sent += len(t)
    proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss / 1024


CONSOLE_SCRIPT = "import sys\nfrom {module} import {function}\nsys.exit({function}())\n"  # what pip writes


def console_script(tree: Path) -> str:
    """The console script pip writes for the tree's ``srtext`` entry point (pyproject.toml's)."""
    entry = "srtext.cli:main"
    pyproject = tree / "pyproject.toml"
    if pyproject.exists():
        for line in pyproject.read_text(encoding="utf-8").splitlines():
            value = line.split("=", 1)[1].strip().strip('"') if "=" in line else ""
            if line.replace(" ", "").startswith("srtext=") and ":" in value:  # not package data's
                entry = value
    module, function = entry.split(":")
    return CONSOLE_SCRIPT.format(module=module, function=function)


def tree_env(tree: Path, tmp: Path) -> dict[str, str]:
    """A clean start's environment for a checkout: its own bytecode cache, site-packages after it."""
    env = installed_env(tmp)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / f"pycache-{abs(hash(str(tree)))}")
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *site.getsitepackages()])
    return env


def _rounds(
    commands: list[tuple[list[str], dict[str, str], Path | None]], runs: int, cwd: Path
) -> list[list[float]]:
    """Each command's times over ``runs`` interleaved rounds (after one untimed run each).

    The commands run in ``cwd``, outside every checkout: ``python -m srtext`` run in
    a checkout imports that checkout's srtext, whatever ``PYTHONPATH`` says.
    """
    for cmd, env, stdin in commands:
        timed(cmd, stdin=stdin, env=env, cwd=cwd)
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for (cmd, env, stdin), measured in zip(commands, times, strict=True):
            measured.append(timed(cmd, stdin=stdin, env=env, cwd=cwd))
    return times


def instructions(
    cmd: list[str], env: dict[str, str], stdin: Path | None = None, cwd: Path | None = None
) -> float:
    """Instructions a command executes, children included (valgrind's callgrind), in millions.

    Unlike wall time, the count hardly moves with the machine's load: on a
    shared machine it is the figure to compare trees by.
    """
    valgrind = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null"]
    report = _run([*valgrind, *cmd], stdin, env, cwd, stderr=True)
    return sum(int(line.split()[-1]) for line in report.splitlines() if "Collected" in line) / 1e6


def _start_up_rows(
    what: str,
    unit: Callable[[float], str],
    labels: tuple[str, str, list[str]],
    t_pass: float,
    t_pdf: float | None,
    t_trees: list[float],
) -> list[tuple[str, str]]:
    """The one-paper rows, in seconds or instructions: each tree against pdftotext and python -S -c pass."""
    pdf_name, doc_name, names = labels
    rows = [(f"{what}python -S -c pass", unit(t_pass))]
    if t_pdf is not None:
        rows.append((f"{what}pdftotext on {pdf_name}", unit(t_pdf)))
    for name, t in zip(names, t_trees, strict=True):
        vs_pdf = f" = {t / t_pdf:.2f} x pdftotext (target 1.3)" if t_pdf else ""
        rows.append(
            (
                f"{what}srtext ({name}), console script, {doc_name} on stdin",
                f"{unit(t)}{vs_pdf}, {t / t_pass:.2f} x python -S -c pass (target 4)",
            )
        )
    return rows


def targets(trees: list[Path], runs: int, stream_mb: int, count: bool = False) -> list[tuple[str, str]]:
    """The issue's targets, every figure a ratio from the same run (see the module's doc)."""
    py = sys.executable
    rows: list[tuple[str, str]] = []
    load = os.getloadavg()
    doc = ARXIV / f"{PAPER}.pdftotext.txt"
    pdf = doc.with_name(doc.name.replace(".pdftotext.txt", ".pdf"))
    names = [str(t) if t != ROOT else "this checkout" for t in trees]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        envs = [tree_env(t, tmp) for t in trees]
        bare = installed_env(tmp)
        Command = tuple[list[str], dict[str, str], Path | None]
        commands: list[Command] = [([py, "-S", "-c", "pass"], bare, None)]
        for n, (tree, env) in enumerate(zip(trees, envs, strict=True)):
            script = tmp / f"srtext-console-{n}.py"
            script.write_text(console_script(tree))
            commands.append(([py, "-S", str(script)], env, doc))
        if shutil.which("pdftotext") and pdf.exists():
            commands.append((["pdftotext", str(pdf), os.devnull], bare, None))
        times = _rounds(commands, runs, tmp)
        med = [statistics.median(t) for t in times]
        t_pass, t_trees = med[0], med[1 : 1 + len(trees)]
        t_pdf = med[-1] if len(med) > 1 + len(trees) else None
        labels = (pdf.name, doc.name, names)
        rows += _start_up_rows("", lambda t: f"{1000 * t:.1f} ms", labels, t_pass, t_pdf, t_trees)
        # Each paper a document of its own, four times over, as a user runs a corpus (one
        # text of all the papers would be read, after the first reference list, as one).
        texts = [p.read_bytes() for p in sorted(ARXIV.glob("*/*.pdftotext.txt"))] or [doc.read_bytes()]
        papers = tmp / "papers"
        papers.mkdir()
        files = []
        for copy in range(4):
            for n, text in enumerate(texts):
                files.append(papers / f"{copy}-{n:02}.txt")
                files[-1].write_bytes(text)
        lines = 4 * sum(text.count(b"\n") for text in texts)
        runs_big = max(3, runs // 3)
        whole: list[Command] = [([py, "-S", "-m", "srtext", *map(str, files)], env, None) for env in envs]
        through = _rounds(whole, runs_big, tmp)
        best = [min(t) for t in through]
        for name, t in zip(names, best, strict=True):
            rows.append(
                (
                    f"srtext ({name}), {lines} lines of arxiv-dev text ({len(files)} documents)",
                    f"{1e6 * t / lines:.1f} us/line (whole run) = {best[0] / t:.2f} x the first tree's speed",
                )
            )
        rows += _parallel_pdf_rows(py, envs, names, runs_big, tmp)
        if count and shutil.which("valgrind"):
            ir = [instructions(cmd, env, stdin, tmp) for cmd, env, stdin in commands]
            ir_pass, ir_trees = ir[0], ir[1 : 1 + len(trees)]
            ir_pdf = ir[-1] if len(ir) > 1 + len(trees) else None
            rows += _start_up_rows(
                "instructions: ", lambda n: f"{n:.0f} M", labels, ir_pass, ir_pdf, ir_trees
            )
            per_line = [
                (instructions(cmd, env, stdin, tmp) - n) / lines
                for (cmd, env, stdin), n in zip(whole, ir_trees, strict=True)
            ]
            for name, n in zip(names, per_line, strict=True):
                rows.append(
                    (
                        f"instructions per line: srtext ({name}), whole run less the paper's run",
                        f"{n * 1000:.1f} k = {per_line[0] / n:.3f} x the first tree's speed",
                    )
                )
    for name, tree in zip(names, trees, strict=True):
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), *site.getsitepackages()])}
        rss = peak_rss_streaming(stream_mb, env, cwd=Path(tempfile.gettempdir()))
        label = f"srtext ({name}), peak RSS streaming {stream_mb} MB (target < 150 MB for 1 GB)"
        rows.append((label, f"{rss:.0f} MB"))
    after = os.getloadavg()
    rows.append(
        (
            "machine load (1-minute load average, before / after)",
            f"{load[0]:.2f} / {after[0]:.2f} on {os.cpu_count()} cores",
        )
    )
    return rows


def _pdf_folder(pdfs: list[Path], tmp: Path) -> tuple[Path, Path]:
    """A folder in ``tmp`` holding copies of ``pdfs`` (a directory run's input), and where its output goes."""
    folder = tmp / "pdfs"
    folder.mkdir()
    for pdf in pdfs:
        shutil.copyfile(pdf, folder / pdf.name)
    return folder, tmp / "pdf-out"


def _parallel_pdf_rows(
    py: str, envs: list[dict[str, str]], names: list[str], runs: int, tmp: Path
) -> list[tuple[str, str]]:
    """``srtext -j 2 DIR`` over arxiv-dev's PDFs, next to pdftotext alone on them two at a time."""
    pdfs = sorted(ARXIV.glob("*/*.pdf"))
    if not pdfs or not shutil.which("pdftotext"):
        return [("srtext -j 2 over arxiv-dev's PDFs", "not measured: no PDFs or no pdftotext")]
    folder, out = _pdf_folder(pdfs, tmp)
    # a fresh output directory each run: srtext skips outputs that are up to date
    ours = 'rm -rf "$1" && exec "$0" -S -m srtext -j 2 -o "$1" "$2"'
    alone = 'printf "%s\\0" "$@" | xargs -0 -P 2 -I{} pdftotext {} /dev/null'
    commands: list[tuple[list[str], dict[str, str], Path | None]] = [
        (["sh", "-c", ours, py, str(out), str(folder)], env, None) for env in envs
    ]
    commands.append((["sh", "-c", alone, "sh", *map(str, sorted(folder.iterdir()))], envs[0], None))
    times = [min(t) for t in _rounds(commands, runs, tmp)]
    rows = [(f"pdftotext alone over the {len(pdfs)} arxiv-dev PDFs, two at a time", f"{times[-1]:.2f} s")]
    for name, t in zip(names, times, strict=False):
        rows.append(
            (
                f"srtext ({name}) -j 2 over the same {len(pdfs)} PDFs (its own pdftotext included)",
                f"{t:.2f} s = {t / times[-1]:.2f} x pdftotext alone (target 1.3)",
            )
        )
    return rows


# arxiv-dev's papers of 8 to 13 pages (pdfinfo), the "10-page paper" of issue 31
PAPERS = (
    "0501/hep-ex0501025",
    "0501/gr-qc0501019",
    "0001/hep-th0001013",
    "0501/math0501070",
    "0501/math-ph0501061",
    "0001/quant-ph0001099",
)


def srtext_command(tree: Path, tmp: Path, n: int) -> tuple[list[str], dict[str, str]]:
    """How to run the tree's srtext as a user does: a venv's installed console script, or a checkout's
    console script as a clean start (``python -S``, the tree and site-packages on PYTHONPATH)."""
    installed = tree / "bin" / "srtext"
    if installed.exists():
        env = installed_env(tmp)
        env["PYTHONPYCACHEPREFIX"] = str(tmp / f"pycache-{n}")  # pip's own bytecode is used anyway
        return [str(installed)], env
    script = tmp / f"srtext-console-{n}.py"
    script.write_text(console_script(tree))
    return [sys.executable, "-S", str(script)], tree_env(tree, tmp)


def pdf_targets(trees: list[Path], runs: int) -> list[tuple[str, str]]:
    """Issue 31's targets: ``srtext x.pdf`` against ``pdftotext x.pdf`` on each paper of :data:`PAPERS`,
    and ``srtext -j 1`` and ``-j 2`` over arxiv-dev's PDFs, each tree's time against the first tree's."""
    pdfs = sorted(ARXIV.glob("*/*.pdf"))
    if not pdfs or not shutil.which("pdftotext"):
        return [("PDF targets", "not measured: no arxiv-dev PDFs or no pdftotext")]
    load = os.getloadavg()
    names = [str(t) if t != ROOT else "this checkout" for t in trees]
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        runners = [srtext_command(tree, tmp, n) for n, tree in enumerate(trees)]
        Command = tuple[list[str], dict[str, str], Path | None]
        commands: list[Command] = []
        papers = [ARXIV / f"{p}.pdf" for p in PAPERS if (ARXIV / f"{p}.pdf").exists()]
        for pdf in papers:
            commands.append((["pdftotext", str(pdf), str(tmp / "pdftotext.txt")], installed_env(tmp), None))
            commands += [([*cmd, str(pdf)], env, None) for cmd, env in runners]
        times = _rounds(commands, runs, tmp)
        med = [statistics.median(t) for t in times]
        per = 1 + len(trees)
        for k, pdf in enumerate(papers):
            t_pdf = med[k * per]
            rows.append((f"pdftotext {pdf.parent.name}/{pdf.name}", f"{1000 * t_pdf:.1f} ms"))
            for name, t in zip(names, med[k * per + 1 : (k + 1) * per], strict=True):
                rows.append(
                    (
                        f"srtext ({name}) {pdf.name}",
                        f"{1000 * t:.1f} ms = {t / t_pdf:.2f} x pdftotext (target 1.5)",
                    )
                )
        folder, out = _pdf_folder(pdfs, tmp)
        # a fresh output directory each run: srtext skips outputs that are up to date
        ours = 'rm -rf "$1" && shift && exec "$@"'
        for jobs in (1, 2):
            whole: list[Command] = [
                (
                    [
                        "sh",
                        "-c",
                        ours,
                        "sh",
                        str(out),
                        *cmd,
                        "-q",
                        "-j",
                        str(jobs),
                        "-o",
                        str(out),
                        str(folder),
                    ],
                    env,
                    None,
                )
                for cmd, env in runners
            ]
            best = [statistics.median(t) for t in _rounds(whole, max(3, runs // 3), tmp)]
            for name, t in zip(names, best, strict=True):
                rows.append(
                    (
                        f"srtext ({name}) -j {jobs} over the {len(pdfs)} arxiv-dev PDFs",
                        f"{t:.2f} s = {t / best[0]:.2f} x the first tree's time",
                    )
                )
    after = os.getloadavg()
    rows.append(
        (
            "machine load (1-minute load average, before / after)",
            f"{load[0]:.2f} / {after[0]:.2f} on {os.cpu_count()} cores",
        )
    )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.speed", description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=50, help="size of the throughput input (default 50)")
    ap.add_argument(
        "--stream-mb", type=int, default=1024, help="size streamed for peak memory (default 1024)"
    )
    ap.add_argument("--runs", type=int, default=15, help="runs of each start-up measure (default 15)")
    ap.add_argument(
        "--targets",
        nargs="*",
        metavar="TREE",
        type=Path,
        help="print the speed issue's targets instead, for this checkout and each TREE, interleaved",
    )
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="with --targets: count instructions too (valgrind; steady under load, about 2 minutes)",
    )
    ap.add_argument(
        "--pdf",
        nargs="*",
        metavar="TREE",
        type=Path,
        help="print the PDF targets instead (issue 31), for this checkout (or only the TREEs given as venvs) "
        "and each TREE, interleaved",
    )
    args = ap.parse_args()
    if args.pdf is not None:
        trees = (
            args.pdf
            if args.pdf and all((t / "bin" / "srtext").exists() for t in args.pdf)
            else [*args.pdf, ROOT]
        )
        print("| measure | result |\n|---|---|")
        for name, value in pdf_targets(trees, args.runs):
            print(f"| {name} | {value} |")
        return 0
    if args.targets is not None:
        table = targets([*args.targets, ROOT], args.runs, args.stream_mb, args.instructions)
        print("| measure | result |\n|---|---|")
        for name, value in table:
            print(f"| {name} | {value} |")
        return 0
    py = sys.executable
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.txt"
        size = build_input(big, args.mb) / 1e6
        loop = Path(tmp) / "loop.py"
        loop.write_text("import os\n" + COPY_LOOP)
        t_loop = timed([py, str(loop), str(big)])
        t_default = timed([py, "-m", "srtext", str(big)])
        t_paper = timed([py, "-m", "srtext", "--mode", "paper", str(big)])
        t_sent = timed([py, "-m", "srtext", "--format", "sentences", str(big)])
        t_jsonl = timed([py, "-m", "srtext", "--format", "jsonl", "--sentences", str(big)])
        rows += [
            (f"read-and-write loop, {size:.0f} MB", f"{size / t_loop:.1f} MB/s"),
            (
                "srtext (default mode)",
                f"{size / t_default:.2f} MB/s = {100 * t_loop / t_default:.1f}% of the loop",
            ),
            ("srtext --mode paper", f"{size / t_paper:.2f} MB/s = {100 * t_loop / t_paper:.1f}% of the loop"),
            (
                "srtext --format sentences",
                f"{size / t_sent:.2f} MB/s = {t_sent / t_default:.2f} x the paragraphs' time",
            ),
            (
                "srtext --format jsonl --sentences",
                f"{size / t_jsonl:.2f} MB/s = {t_jsonl / t_default:.2f} x the paragraphs' time",
            ),
        ]
    paper_txt = ARXIV / f"{PAPER}.pdftotext.txt"
    doc = paper_txt if paper_txt.exists() else sources()[0]
    with tempfile.TemporaryDirectory() as tmp:
        rows += start_up(doc, args.runs, Path(tmp))
        env = installed_env(Path(tmp))
        cache = Path(tmp) / "lexicon"
        lookup = "from pathlib import Path; from srtext.pipeline.lexicon import Lexicon; "
        lookup += f"Lexicon('en', Path({str(cache)!r})).zipf('metabolic')"
        t_build = timed([py, "-c", lookup], env=env)  # first use: wordfreq loads its list, srtext caches it
        t_lookup = timed([py, "-c", lookup], runs=args.runs, env=env)
        t_import = timed([py, "-c", "import srtext"], runs=args.runs, env=env)
        rows += [
            ("python -c 'import srtext'", f"{1000 * t_import:.0f} ms"),
            ("lexicon, first use (wordfreq load + cache write)", f"{1000 * t_build:.0f} ms"),
            ("lexicon, cached: open + one lookup, incl. import", f"{1000 * t_lookup:.0f} ms"),
        ]
        console = shutil.which("srtext")
        if console:
            t_console = timed([console, str(doc)], runs=args.runs, env=env)
            rows.append(("the srtext console script on it", f"{1000 * t_console:.0f} ms"))
    rss = peak_rss_streaming(args.stream_mb)
    rows.append((f"peak RSS streaming {args.stream_mb} MB through stdin", f"{rss:.0f} MB"))
    try:
        import unstructured  # type: ignore[import-not-found]  # noqa: F401

        rows.append(("unstructured (optional peer)", "installed but not measured"))
    except ImportError:
        rows.append(("unstructured (optional peer)", "not installed: not measured"))
    print("| measure | result |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    print(
        f"\n(cores: {os.cpu_count()}, Python {sys.version.split()[0]}, "
        f"self RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""pdftotext started ahead: for ``srtext x.pdf`` before srtext's own modules are imported, and for
the next PDF of a run while the current one is recovered.

``srtext x.pdf`` runs pdftotext (twice with geometry: the default mode and
``-bbox-layout``), then recovers the text.  Python's start-up and srtext's imports
take about as long as pdftotext on a paper, so :func:`prestart` starts pdftotext
as the very first thing the command line does, from a quick look at the
arguments, and :mod:`srtext.run.extract` :func:`claim`\\ s the running processes
when it comes to the PDF; likewise :func:`start` for the next PDF of a run over
several inputs (:func:`srtext.run.parallel.run_jobs`).  A process nobody claims
is killed and reaped by :func:`discard` (the command line calls it on its way out,
whatever the way), so a run never leaves one behind.

This module imports nothing of srtext's: it runs before the rest is imported.
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    Identity = tuple[int, int, int, int]

#: The command-line options that take a value, and those that do not (``srtext.options``
#: has them all; tests/test_pdf.py checks that these agree).  An argument :func:`prestart`
#: does not know (an abbreviation, short options run together) leaves the start to the run.
VALUED = frozenset(
    "--mode --eps --cw --format --lang --audit --keep --drop --no-repair --dropped -o --output"
    " --suffix --glob -j --jobs --extractor --geometry --encoding --window".split()
)
FLAGS = frozenset("--sentences --with-dropped --explain --stats --force -q --quiet".split())
BBOX = ("-bbox-layout",)  # the flags of the run that gives the geometry

_started: list[Run] = []
PIPE_SIZE = 1 << 20  # Linux's largest pipe for a user (/proc/sys/fs/pipe-max-size): a paper's XHTML


def command(path: str, flags: Sequence[str] = ()) -> list[str]:
    """pdftotext's command line for a PDF (``-`` reads standard input), writing to standard output.

    >>> command("a.pdf", BBOX)
    ['pdftotext', '-enc', 'UTF-8', '-bbox-layout', 'a.pdf', '-']
    """
    # not -q: its messages tell an encrypted PDF and one with no pages from a damaged one
    return ["pdftotext", "-enc", "UTF-8", *flags, path, "-"]


class Run:
    """A pdftotext process: its id, the pipes it writes its output and its messages to, and the one
    it reads the PDF from (``-``: the PDF is given as bytes), and its exit status once reaped.

    Started with :func:`os.posix_spawnp`, not :mod:`subprocess` (whose import alone
    costs about 8 ms, most of it ``re`` and ``locale``, before the first process could
    start), with the signals :class:`subprocess.Popen` resets (SIGPIPE, SIGXFSZ) at
    their defaults and standard input from /dev/null unless the PDF is written to it.
    """

    __slots__ = ("err", "flags", "identity", "input", "out", "pid", "status")

    def __init__(self, path: str, flags: Sequence[str], identity: Identity | None = None) -> None:
        import signal

        self.flags, self.identity = tuple(flags), identity
        self.status: int | None = None
        self.input: int | None = None
        ends: list[int] = []  # the child's ends, closed here once it has them
        try:
            self.out, out = _pipe(ends)
            self.err, err = _pipe(ends)
            actions: list[tuple[int, ...] | tuple[int, int, str, int, int]]
            if path == "-":
                self.input, stdin = _pipe(ends, child_reads=True)
                actions = [(os.POSIX_SPAWN_DUP2, stdin, 0)]
            else:
                actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0)]
            actions += [(os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, err, 2)]
            self.pid = os.posix_spawnp(
                "pdftotext",
                command(path, flags),
                os.environ,
                file_actions=actions,
                setsigdef=(signal.SIGPIPE, signal.SIGXFSZ),
                setsigmask=(),  # none blocked, whatever the caller blocks
            )
        except BaseException:
            for fd in (getattr(self, "out", None), getattr(self, "err", None), self.input):
                if fd is not None:
                    os.close(fd)
            raise
        finally:
            for fd in ends:
                os.close(fd)
        _widen(self.out)

    def wait(self) -> int:
        """Reap the process; its exit status (negative: the signal that ended it)."""
        if self.status is None:
            while True:
                try:
                    _pid, status = os.waitpid(self.pid, 0)
                    break
                except ChildProcessError:  # reaped by someone else: no status to tell
                    status = 0
                    break
                except InterruptedError:
                    continue
            self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def stop(self) -> None:
        """Kill the process (if it has not been reaped), close the pipes and reap it."""
        if self.status is None:
            try:  # noqa: SIM105 (contextlib imports collections and functools: 2 ms before the start)
                os.kill(self.pid, 9)  # SIGKILL
            except OSError:
                pass
        for name in ("out", "err", "input"):
            fd = getattr(self, name)
            if fd is not None:
                setattr(self, name, None)
                try:  # noqa: SIM105
                    os.close(fd)
                except OSError:
                    pass
        self.wait()


def _pipe(ends: list[int], child_reads: bool = False) -> tuple[int, int]:
    """A pipe: (srtext's end, the child's end, which goes into ``ends``), both above 2 and not inherited
    (only what the child's file actions put at 0, 1 and 2 is)."""
    read, write = os.pipe()
    for fd in (read, write):
        if fd <= 2:  # standard input, output or error closed: a pipe end took its number
            import fcntl

            moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)
            os.close(fd)
            read, write = (moved, write) if fd == read else (read, moved)
    ends.append(read if child_reads else write)
    return (write, read) if child_reads else (read, write)


def _widen(fd: int) -> None:
    """Let pdftotext write up to :data:`PIPE_SIZE` bytes before it waits for srtext to read them.

    A pipe holds 64 kB; a paper's XHTML is a few hundred: pdftotext would stop
    and wait while srtext is still starting up or recovering another document.
    """
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    except (ImportError, AttributeError, OSError):  # not Linux, or a lower limit: the pipe as it is
        pass


def _identity(path: str) -> Identity | None:
    """The file's device, inode, size and modification time; None unless it is a regular file."""
    try:
        s = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(s.st_mode):
        return None
    return s.st_dev, s.st_ino, s.st_size, s.st_mtime_ns


def spawn(path: str, flags: Sequence[str] = ()) -> Run:
    """Start pdftotext on the PDF file ``path`` (``-``: on bytes written to :attr:`Run.input`);
    :class:`OSError` when it cannot be (FileNotFoundError: not installed)."""
    return Run(path, flags)


class _Held:
    """SIGINT and SIGTERM held for a ``with`` block, as they were after it (see :func:`take`).

    Held where Python handles them: in the main thread their handlers are replaced
    by one that only notes them, and once the block is left the handlers are put
    back and each signal noted is raised again, to be handled as it would have been
    (an exception, the default action, or nothing when it is ignored).  Python runs
    signal handlers only in the main thread, so another thread needs no holding.
    The signals are not blocked with ``pthread_sigmask``: the kernel then gives a
    signal to another thread (a progress bar's, a scheduler's, a library user's),
    and Python 3.11 may then run its handler in the main thread at once, inside the
    block, or only much later (CI lost a pdftotext to the first and a Ctrl-C for
    30 s to the second).
    """

    def __enter__(self) -> None:
        import signal

        self.noted: list[int] = []
        self.handlers: list[tuple[int, object]] = []
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is None:  # a handler not set from Python: left as it is
                continue
            try:
                self.handlers.append((signum, signal.signal(signum, self._note)))
            except ValueError:  # not the main thread: Python runs no handler here
                break

    def _note(self, signum: int, frame: object) -> None:
        self.noted.append(signum)

    def __exit__(self, *exc: object) -> None:
        import signal

        for signum, handler in self.handlers:
            signal.signal(signum, handler)  # type: ignore[arg-type]
        for signum in dict.fromkeys(self.noted):
            signal.raise_signal(signum)


def take(path: str | None, flags: Sequence[str], runs: list[Run]) -> Run:
    """The run started ahead on ``path`` with ``flags`` (:func:`claim`), or a new one (:func:`spawn`;
    ``path`` None: on bytes written to it), appended to ``runs``, the caller's runs to reap.

    SIGINT and SIGTERM are held meanwhile: an interrupt that landed between the start
    (or the claim) and the list would leave a pdftotext running that no one reaps.
    """
    with _Held():
        run = claim(path, flags) if path is not None else None
        if run is None:
            run = spawn(path or "-", flags)
        runs.append(run)
        return run


def start(path: str, geometry: bool) -> bool:
    """Start pdftotext on the PDF file ``path`` (and ``-bbox-layout`` with ``geometry``), to be
    :func:`claim`\\ ed; False when it cannot be (not a regular file, no pdftotext)."""
    identity = _identity(path)
    if identity is None or not hasattr(os, "posix_spawnp"):
        return False
    try:
        with _Held():
            for flags in [(), BBOX] if geometry else [()]:
                _started.append(Run(path, flags, identity))
    except OSError:  # not installed, or not runnable: the run chooses (pypdf) and says why
        return False
    return True


def claim(path: str, flags: Sequence[str]) -> Run | None:
    """The pdftotext run started on ``path`` with ``flags``, if there is one and the file is still the
    one it was started on; the caller then reads it and reaps it."""
    if not _started:
        return None
    identity = _identity(path)
    for i, run in enumerate(_started):
        if run.flags == tuple(flags) and run.identity == identity:
            del _started[i]
            return run
    return None


def forget() -> None:
    """Let go of every run started (in a process forked from the one that started them, which reads
    or kills them), closing this process's copies of their pipes."""
    while _started:
        run = _started.pop()
        for fd in (run.out, run.err, run.input):
            if fd is not None:
                try:  # noqa: SIM105
                    os.close(fd)
                except OSError:
                    pass


def discard() -> None:
    """Kill and reap every run started and not claimed."""
    while _started:
        _started.pop().stop()


def prestart(argv: Sequence[str]) -> None:
    """Start pdftotext when the arguments are one PDF file with options that extract it with
    pdftotext (``--extractor auto`` or ``pdftotext``; with geometry unless ``--geometry off``).

    Only a quick look: anything it does not know (``--help``, ``--dask``, an abbreviated
    option) starts nothing, and a start the run turns out not to need is :func:`discard`\\ ed.
    """
    paths: list[str] = []
    extractor = geometry = "auto"
    args = list(argv)
    i = 0
    only_paths = False
    while i < len(args):
        arg = args[i]
        i += 1
        if only_paths or arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        if arg == "--":
            only_paths = True
            continue
        name, equals, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in FLAGS and not equals:
            continue
        if name not in VALUED:
            if arg[:2] in ("-o", "-j") and len(arg) > 2:  # -j2, -oout.txt
                continue
            return
        if not equals:
            if i == len(args):
                return
            value = args[i]
            i += 1
        if name == "--extractor":
            extractor = value
        elif name == "--geometry":
            geometry = value
    if len(paths) == 1 and paths[0].lower().endswith(".pdf") and extractor in ("auto", "pdftotext"):
        handle_terminate()  # first: a SIGTERM while srtext is imported must not leave pdftotext behind
        start(paths[0], geometry != "off")


#: The SIGTERM received while :func:`handle_terminate`'s handler was in place (the exit status is 143).
TERMINATED: list[int] = []
_HANDLED: list[object] = []  # the SIGTERM handler replaced, if it was


def _on_terminate(signum: int, frame: object) -> None:
    """SIGTERM (what schedulers and systemd send) is handled as Ctrl-C: the runs started are killed
    and reaped, temporary files removed; then the exit status is 143."""
    TERMINATED.append(signum)
    raise KeyboardInterrupt


def handle_terminate() -> None:
    """Handle SIGTERM as Ctrl-C from now on, unless the program has a handler of its own.

    The command line calls it where it has something to clean up: a pdftotext it
    started (:func:`prestart`, before srtext's modules are imported: a SIGTERM
    meanwhile would kill srtext and leave pdftotext running), files it writes.
    """
    import signal

    if not _HANDLED and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        _HANDLED.append(signal.signal(signal.SIGTERM, _on_terminate))


def restore_terminate() -> None:
    """The SIGTERM handler :func:`handle_terminate` replaced, back (the command line may run inside
    another program)."""
    if _HANDLED:
        import signal

        signal.signal(signal.SIGTERM, _HANDLED.pop())  # type: ignore[arg-type]

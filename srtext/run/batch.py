"""Files and directories: which inputs, where their outputs go, and atomic writes.

Inputs are never overwritten and srtext's own outputs are never taken as inputs:
the output suffix may not be empty or an input extension, a file whose name ends
in it is skipped, and so is the output directory when it lies inside an input
tree.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, NamedTuple, TypeVar

DEFAULT_SUFFIX = ".sr.txt"
INPUT_SUFFIXES = (".txt", ".pdf")
DEFAULT_GLOBS = ("*.txt", "*.pdf")
# Beside each output file: what made it (version and options, see srtext.run.made), and,
# with --dropped, the lines dropped from it.
MADE_SUFFIX = ".srtext.json"
DROPPED_SUFFIX = ".dropped.tsv"
T = TypeVar("T")


class Job(NamedTuple):
    """One input and where its result goes.

    ``input`` ``-`` is standard input; ``output`` None is standard output (or
    the result's text, see :func:`srtext.run.process.process_file`).  Paths may be
    fsspec URLs (``s3://bucket/a.pdf``) when run on a cluster.  ``name`` is how
    messages and ``--dropped`` rows name the input (default: ``input``), so that
    a cluster run names files as the user gave them, as a local run does.
    """

    input: Path | str
    output: Path | str | None
    name: str | None = None

    @property
    def label(self) -> str:
        """The input's name in messages and records."""
        return self.name if self.name is not None else str(self.input)


class InputError(Exception):
    """An input that cannot be processed; the message names it."""


def output_name(name: str, suffix: str = DEFAULT_SUFFIX) -> str:
    """The output file name for an input file name.

    >>> output_name("paper.txt"), output_name("notes"), output_name("a.pdf", "_SRalg")
    ('paper.sr.txt', 'notes.sr.txt', 'a_SRalg')
    """
    stem = name
    for ext in INPUT_SUFFIXES:
        if name.lower().endswith(ext) and len(name) > len(ext):
            stem = name[: -len(ext)]
            break
    return stem + suffix


def is_input(name: str, suffix: str = DEFAULT_SUFFIX, globs: Sequence[str] = DEFAULT_GLOBS) -> bool:
    """Is a file found in a directory an input: matched by a glob (ignoring case), not an output?

    >>> is_input("Paper.PDF"), is_input("paper.sr.txt"), is_input("notes.md")
    (True, False, False)
    >>> is_input("a.md", globs=["*.md"])
    True

    An output of srtext made with the default suffix, and srtext's own records
    beside outputs, are never inputs, whatever the suffix of this run:

    >>> is_input("paper.sr.txt", "_SRalg"), is_input("a_SRalg.dropped.tsv", "_SRalg", ["*"])
    (False, False)
    """
    if name.endswith((suffix, DEFAULT_SUFFIX, MADE_SUFFIX, DROPPED_SUFFIX)):
        return False
    low = name.lower()
    return any(fnmatch.fnmatchcase(low, g.lower()) for g in globs)


def _walk(root: Path, skip: Path | None, suffix: str, globs: Sequence[str]) -> Iterator[Path | InputError]:
    """Input files under ``root``, sorted, symbolic links to directories not followed.

    A file made by srtext (one that has a record of what made it beside it) is
    not an input, and neither is anything but a regular file (a FIFO would
    block the run, a device never ends): those get an :class:`InputError`.
    """
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if skip is None or (here / d).resolve() != skip)
        names = set(filenames)
        for name in sorted(filenames):
            if not is_input(name, suffix, globs) or name + MADE_SUFFIX in names:
                continue
            path = here / name
            kind = _kind(path)
            if kind:
                yield InputError(f"{path}: skipped, not a regular file ({kind})")
            else:
                yield path


def _kind(path: Path) -> str:
    """What a path is when it is not a regular file ("" for a regular or a missing file)."""
    try:
        mode = path.stat().st_mode
    except OSError:  # a dangling link: processing it gives the error
        return ""
    return kind_of(mode)


def kind_of(mode: int) -> str:
    """What a file of this mode is, when it is not a regular file ("" for a regular file).

    >>> kind_of(0o100644), kind_of(0o010644)
    ('', 'a FIFO')
    """
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def plan(
    paths: list[str],
    output_dir: str | None,
    suffix: str = DEFAULT_SUFFIX,
    globs: Sequence[str] = DEFAULT_GLOBS,
    force: bool = False,
) -> Iterator[Job | InputError]:
    """The jobs for the command-line paths, in order; an :class:`InputError` for each bad path.

    A file goes to standard output (or to ``output_dir``); ``-`` is standard
    input.  A directory is walked for files whose names match ``globs``, and
    each one's result is written beside it (or under ``output_dir``, mirroring
    the tree).  Two inputs whose outputs would be the same file (``paper.pdf``
    and ``paper.txt`` side by side) are not both processed: the second is an
    error.  A single input file with ``output_dir`` naming a file is written
    to that file (see :func:`output_is_file`), which replaces an existing file
    only when srtext made it (a record is beside it) or with ``force``.
    """
    return unique_outputs(_plan(paths, output_dir, suffix, globs, force), lambda job: job)


def unique_outputs(planned: Iterable[T | InputError], job_of: Callable[[T], Job]) -> Iterator[T | InputError]:
    """Pass planned jobs on, turning a job whose output is already taken into an error."""
    taken: dict[str, str] = {}
    for p in planned:
        if not isinstance(p, InputError):
            job = job_of(p)
            if job.output is not None:
                target = str(job.output)
                if target in taken:
                    yield InputError(f"{job.input}: skipped, its output {target} is {taken[target]}'s too")
                    continue
                taken[target] = str(job.input)
        yield p


def _plan(
    paths: list[str],
    output_dir: str | None,
    suffix: str = DEFAULT_SUFFIX,
    globs: Sequence[str] = DEFAULT_GLOBS,
    force: bool = False,
) -> Iterator[Job | InputError]:
    """:func:`plan` without the check of unique outputs."""
    if output_dir is not None and output_is_file(paths, output_dir):
        yield _file_job(paths[0], Path(output_dir), force)
        return
    out_root = Path(output_dir) if output_dir else None
    skip = out_root.resolve() if out_root else None
    for arg in paths:
        path = Path(arg)
        if arg == "-":
            yield Job(path, None)
        elif path.is_dir():
            for f in _walk(path, skip, suffix, globs):
                if isinstance(f, InputError):
                    yield f
                    continue
                rel = f.relative_to(path)
                target = (out_root / rel.parent if out_root else f.parent) / output_name(f.name, suffix)
                yield Job(f, target)
        elif path.exists():
            yield Job(path, out_root / output_name(path.name, suffix) if out_root else None)
        elif len(paths) == 2 and arg == paths[1] and os.path.isfile(paths[0]):
            yield InputError(f"{arg}: no such file or directory (to write the result to a file: -o {arg})")
        else:
            yield InputError(f"{arg}: no such file or directory")


def output_is_file(paths: Sequence[str], output: str) -> bool:
    """Does ``-o OUTPUT`` name the output file (rather than a directory)?

    It does for a single input that is a file (or standard input) when OUTPUT
    is not an existing directory and does not end in ``/``.
    """
    if len(paths) != 1 or output.endswith("/") or os.path.isdir(output):
        return False
    return paths[0] == "-" or not os.path.isdir(paths[0])


def _file_job(arg: str, output: Path, force: bool) -> Job | InputError:
    """The job of one input written to the file ``output``; never onto the input itself.

    An existing regular file that srtext did not make (no record beside it) is
    replaced only with ``force``: it may be the user's own text.
    """
    if arg != "-" and not os.path.exists(arg):
        return InputError(f"{arg}: no such file or directory")
    if arg != "-" and output.exists() and os.path.samefile(arg, output):
        return InputError(f"{arg}: skipped, -o names the input itself")
    ours = os.path.exists(str(output) + MADE_SUFFIX)
    if output.is_file() and not ours and not force and output.stat().st_size:
        return InputError(f"{output}: not replaced, srtext did not make it (--force replaces it)")
    return Job(Path(arg), output)


def check_suffix(suffix: str) -> None:
    """Refuse an output suffix that could make an output look like (or be) an input.

    >>> check_suffix(".sr.txt")
    >>> check_suffix(".txt")
    Traceback (most recent call last):
    ...
    ValueError: --suffix must not be empty nor an input extension (.txt, .pdf), not '.txt'
    """
    if suffix.lower() in ("", *INPUT_SUFFIXES) or "/" in suffix:
        raise ValueError(f"--suffix must not be empty nor an input extension (.txt, .pdf), not {suffix!r}")


@contextlib.contextmanager
def atomic_write(path: Path) -> Iterator[BinaryIO]:
    """Write ``path`` through a temporary file beside it, renamed into place on success.

    The file gets the permissions a new file gets (0666 less the umask), as with
    any Unix tool.  On any error (or an interrupt) the temporary file is removed
    and ``path`` is left as it was; an error names ``path``, not the temporary
    file.  Temporary files that a killed process left for ``path`` are removed
    (see :func:`temporary_name`).
    """
    import tempfile  # here: its import costs start-up time that a filter to stdout never needs

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path.name), suffix=".tmp", dir=path.parent)
    except OSError as e:
        raise _naming(e, path) from None
    try:
        os.fchmod(fd, 0o666 & ~umask())
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError) and e.filename == tmp:
            raise _naming(e, path) from None
        raise
    remove_stale_temporaries(path.parent, path.name, os.listdir, os.unlink)


def _naming(e: OSError, path: Path | str) -> OSError:
    """The same error, naming the output instead of a temporary file."""
    return type(e)(e.errno, e.strerror, str(path)) if e.errno is not None else e


_UMASK: list[int] = []


def umask() -> int:
    """This process's umask (read once; setting it back at once)."""
    if not _UMASK:
        mask = os.umask(0o022)
        os.umask(mask)
        _UMASK.append(mask)
    return _UMASK[0]


def _host() -> str:
    """A short tag of this machine, so that a temporary file's process id is only judged here.

    >>> len(_host())
    6
    """
    import socket
    import zlib

    return f"{zlib.crc32(socket.gethostname().encode()) & 0xFFFFFF:06x}"


def temporary_prefix(name: str) -> str:
    """The start of a temporary file's name for output ``name``: ``.NAME.HOST-PID.``.

    The machine and process ids let a later run remove what a killed process left.
    """
    return f".{name}.{_host()}-{os.getpid()}."


def remove_stale_temporaries(
    parent: str | Path, name: str, listdir: Callable[[str], Iterable[str]], remove: Callable[[str], object]
) -> int:
    """Remove the temporary files for output ``name`` in ``parent`` left by dead processes of this machine.

    A process that is killed (kill -9, the OOM killer) cannot remove its
    temporary file; the next successful write of the same output does.  Files
    of live processes, or of other machines, are left alone.  Returns how many
    were removed.
    """
    prefix = f".{name}.{_host()}-"
    removed = 0
    try:
        names = [n for n in listdir(str(parent)) if n.startswith(prefix) and n.endswith(".tmp")]
    except Exception:  # a filesystem that cannot list: nothing to clean
        return 0
    for n in names:
        pid = n[len(prefix) :].split(".", 1)[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        with contextlib.suppress(Exception):
            remove(f"{str(parent).rstrip('/')}/{n}")
            removed += 1
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def read_chunks(f: BinaryIO, size: int = 1 << 16) -> Iterator[bytes]:
    """Read a binary stream in chunks until its end."""
    while chunk := f.read(size):
        yield chunk

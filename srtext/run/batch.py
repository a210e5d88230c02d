"""Files of a run: a :class:`Job` (an input and its output), the names of outputs and of
the records beside them, and atomic writes.  Which jobs a run has is :mod:`srtext.run.plan`.

The output suffix may not be empty or an input extension (:func:`check_suffix`), so
that an output never overwrites an input.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from itertools import groupby

from srtext.record import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO, TypeVar

    T = TypeVar("T")

DEFAULT_SUFFIX = ".sr.txt"
INPUT_SUFFIXES = (".txt", ".pdf")
DEFAULT_GLOBS = ("*.txt", "*.pdf")
# Beside each output file: what made it (version and options, see srtext.run.made), and,
# with --dropped, the lines dropped from it.
MADE_SUFFIX = ".srtext.json"
DROPPED_SUFFIX = ".dropped.tsv"
AUDIT_SUFFIX = ".audit.html"  # with --audit in a run over a directory: NAME.audit.html beside NAME.sr.txt


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


def quote_name(name: str) -> str:
    """A file name as it can be shown in a one-line message: as it is when every character
    is printable, else quoted as ``ls`` quotes it (shell-escape), so that a newline in a
    name never splits a message over two lines.

    >>> quote_name("paper.txt"), quote_name("it's.txt")
    ('paper.txt', "it's.txt")
    >>> print(quote_name("a\\nb.txt"), quote_name("x\\tit's"), quote_name("b\\udcff.txt"))
    'a'$'\\n''b.txt' 'x'$'\\t''it'\\''s' 'b'$'\\xff''.txt'
    """
    if name.isprintable():
        return name
    parts: list[str] = []  # quoted runs of printable characters, and $'...' runs of the others
    for printable, run in groupby(name, str.isprintable):
        text = "".join(run)
        if printable:
            parts.append("'" + text.replace("'", "'\\''") + "'")
        else:
            parts.append("$'" + "".join(map(_escape, text)) + "'")
    return "".join(parts)


def _escape(c: str) -> str:
    """A character that is not printable, as bash's ``$'...'`` writes it."""
    code = ord(c)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte of the name
        return f"\\x{code - 0xDC00:02x}"
    named = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c)
    if named:
        return named
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


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
def atomic_write(path: str | Path) -> Iterator[BinaryIO]:
    """Write ``path`` through a temporary file beside it, renamed into place on success.

    The file gets the permissions a new file gets (0666 less the umask), as with
    any Unix tool.  On any error (or an interrupt) the temporary file is removed
    and ``path`` is left as it was; an error names ``path``, not the temporary
    file.  Temporary files that a killed process left for ``path`` are removed
    (see :func:`temporary_name`).
    """
    import tempfile  # here: its import costs start-up time that a filter to stdout never needs
    from pathlib import Path

    path = Path(path)

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


# A cache file of another installation is removed when it was made this long ago: a
# reinstall's files replace the last one's, while two installations sharing the cache
# (two virtual environments) do not remove each other's files at every run.
STALE_CACHE_SECONDS = 24 * 3600


def remove_stale_caches(written: str | Path, stamp: str, prefix: str) -> int:
    """Remove the cache files beside ``written`` named ``prefix...`` without ``stamp`` in
    their names (another installation's), made more than a day ago; how many.

    Called when a cache file is written, so that the cache holds one installation's
    files instead of gaining a set per reinstall (the word lists are about 40 MB).
    """
    import time

    parent = os.path.dirname(os.fspath(written)) or "."
    removed = 0
    try:
        names = os.listdir(parent)
    except OSError:
        return 0
    cutoff = time.time() - STALE_CACHE_SECONDS
    for name in names:
        if not name.startswith(prefix) or stamp in name or name.startswith("."):
            continue
        path = os.path.join(parent, name)
        with contextlib.suppress(OSError):
            if os.stat(path).st_mtime < cutoff:
                os.unlink(path)
                removed += 1
    return removed


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
    return _remove_temporaries(parent, name, listdir, remove, lambda pid: not _alive(pid))


def remove_own_temporaries(output: str) -> int:
    """Remove the temporary files this process made for ``output``; how many.

    For a worker that was stopped at a point where no clean-up could run (the
    moment between creating its temporary file and guarding it).
    """
    parent, name = os.path.split(output)
    own = os.getpid()
    return _remove_temporaries(parent or ".", name, os.listdir, os.unlink, lambda pid: pid == own)


def _remove_temporaries(
    parent: str | Path,
    name: str,
    listdir: Callable[[str], Iterable[str]],
    remove: Callable[[str], object],
    whose: Callable[[int], bool],
) -> int:
    """Remove this machine's temporary files for output ``name`` whose process id ``whose`` accepts."""
    prefix = f".{name}.{_host()}-"
    removed = 0
    try:
        names = [n for n in listdir(str(parent)) if n.startswith(prefix) and n.endswith(".tmp")]
    except Exception:  # a filesystem that cannot list: nothing to clean
        return 0
    for n in names:
        pid = n[len(prefix) :].split(".", 1)[0]
        if not pid.isdigit() or not whose(int(pid)):
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


def audit_name(output: str, suffix: str) -> str:
    """The audit page beside an output: ``NAME.audit.html`` beside ``NAME.sr.txt``.

    >>> audit_name("dir/paper.sr.txt", ".sr.txt"), audit_name("dir/a_SRalg", "_SRalg")
    ('dir/paper.audit.html', 'dir/a.audit.html')
    """
    stem = output[: -len(suffix)] if suffix and output.endswith(suffix) else output
    return stem + AUDIT_SUFFIX

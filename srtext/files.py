"""Writing files safely: atomic writes that honour the umask, and the temporary files a killed
process leaves, removed by the next write.  The base of every layer that writes a file: the
caches of :mod:`srtext.pipeline` (word lists, compiled patterns) and the outputs of
:mod:`srtext.run`; it imports nothing of srtext.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO


@contextlib.contextmanager
def atomic_write(path: str | Path) -> Iterator[BinaryIO]:
    """Write ``path`` through a temporary file beside it, renamed into place on success.

    The file gets the permissions a new file gets (0666 less the umask), as with
    any Unix tool.  On any error (or an interrupt) the temporary file is removed
    and ``path`` is left as it was; an error names ``path``, not the temporary
    file.  Temporary files that a killed process left for ``path`` are removed
    (see :func:`temporary_prefix`).  An interrupt that lands before the ``try``
    below is entered (inside the file's creation) leaves the file among this
    process's pending temporaries, which the program removes on its way out
    (:func:`remove_pending_temporaries`).
    """
    from pathlib import Path

    path = Path(path)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _create_temporary(str(path.parent), path.name)
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
        done_temporary(tmp)
        if isinstance(e, OSError) and e.filename == tmp:
            raise _naming(e, path) from None
        raise
    done_temporary(tmp)
    remove_stale_temporaries(path.parent, path.name, os.listdir, os.unlink)


#: This process's temporary files that are not yet renamed into place or removed, each with
#: how to remove it: named here *before* it is created, so that an interrupt at any point of
#: its creation leaves nothing that :func:`remove_pending_temporaries` does not know of.
_PENDING: dict[str, Callable[[str], object]] = {}


def _create_temporary(parent: str, name: str) -> tuple[int, str]:
    """Create a new temporary file for output ``name`` in ``parent`` (readable by this user
    only until it is complete); its descriptor and path."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(parent, f"{temporary_prefix(name)}{os.urandom(4).hex()}.tmp")
        pending_temporary(tmp, os.unlink)  # the name has this process's id: no other process makes it
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            done_temporary(tmp)
        except OSError:  # not made; an interrupt, which may come once it is made, leaves it pending
            done_temporary(tmp)
            raise
    raise FileExistsError(17, "no free temporary name", os.path.join(parent, name))


def pending_temporary(path: str, remove: Callable[[str], object]) -> None:
    """Note a temporary file about to be made (through ``remove``, remove it) as pending."""
    _PENDING[path] = remove


def done_temporary(path: str) -> None:
    """The pending temporary file ``path`` was renamed into place or removed."""
    _PENDING.pop(path, None)


def remove_pending_temporaries() -> int:
    """Remove the temporary files this process made and neither renamed nor removed; how many.

    For a program stopped by an interrupt (Ctrl-C, SIGTERM) that may have landed
    between a temporary file's creation and the code that guards it.

    >>> import tempfile; d = tempfile.mkdtemp()
    >>> fd, tmp = _create_temporary(d, "x.txt"); os.close(fd)
    >>> remove_pending_temporaries(), os.listdir(d)
    (1, [])
    """
    removed = 0
    while _PENDING:
        path, remove = _PENDING.popitem()
        try:
            remove(path)
            removed += 1
        except Exception:  # gone already (renamed, removed), or the filesystem refuses: nothing more to do
            pass
    return removed


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


def caching() -> bool:
    """May srtext keep its caches on disk?  Not when ``SRTEXT_NO_CACHE`` is set (to anything but 0).

    >>> os.environ["SRTEXT_NO_CACHE"] = "1"; caching()
    False
    >>> os.environ["SRTEXT_NO_CACHE"] = "0"; caching()
    True
    >>> del os.environ["SRTEXT_NO_CACHE"]
    """
    return os.environ.get("SRTEXT_NO_CACHE", "0") in ("", "0")


def default_cache_dir() -> str:
    """``$XDG_CACHE_HOME/srtext``, else ``~/.cache/srtext``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "srtext")

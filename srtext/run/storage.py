"""Where bytes are read and written: local paths, or fsspec filesystems (``s3://...``) on a cluster.

Each function takes ``fs``: ``None`` for a local path (fsspec is not imported),
else an fsspec filesystem.  Writes are atomic either way.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator

from srtext.files import (
    atomic_write,
    done_temporary,
    pending_temporary,
    remove_stale_temporaries,
    temporary_prefix,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import IO, Any


def mtime(fs: Any, path: str) -> float:
    """The modification time, in seconds since the epoch (``fs`` None: a local path)."""
    if fs is None:
        return os.stat(path).st_mtime
    return float(fs.modified(path).timestamp())


def size(fs: Any, path: str) -> int:
    """The size in bytes (``fs`` None: a local path)."""
    if fs is None:
        return os.stat(path).st_size
    return int(fs.size(path))


def sha256(fs: Any, path: str) -> str:
    """The SHA-256 of the file's content, read in chunks (hex)."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") if fs is None else fs.open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def identity(fs: Any, path: str) -> dict[str, Any]:
    """What identifies an input's content: its size, modification time and SHA-256."""
    return {"size": size(fs, path), "mtime": mtime(fs, path), "sha256": sha256(fs, path)}


def read_file(fs: Any, path: str) -> bytes:
    from pathlib import Path

    if fs is None:
        return Path(path).read_bytes()
    return bytes(fs.cat_file(path))


def exists(fs: Any, path: str) -> bool:
    return os.path.exists(path) if fs is None else bool(fs.exists(path))


def remove(fs: Any, path: str) -> None:
    """Remove a file if it is there."""
    if fs is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    elif fs.exists(path):
        fs.rm(path)


def write_whole(fs: Any, path: str, data: bytes) -> None:
    with open_output(path, fs) as f:
        f.write(data)


def is_special(path: str | Path) -> bool:
    """Is the local path an existing file that is not a regular file (a device, a FIFO)?

    Such an output (``-o /dev/null``, ``--dropped /dev/stderr``) is written to
    directly: a temporary file renamed onto it would replace the device itself.

    >>> is_special("/dev/null"), is_special("/no/such/file")
    (True, False)
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def open_output(output: str | Path, fs: Any) -> contextlib.AbstractContextManager[IO[bytes]]:
    """Where an output is written: atomically, or straight into a device or FIFO."""
    from pathlib import Path

    if fs is None:
        if is_special(output):
            return open(output, "wb")
        return atomic_write(Path(output))
    return fsspec_atomic_write(fs, str(output))


@contextlib.contextmanager
def fsspec_atomic_write(fs: Any, path: str) -> Iterator[IO[bytes]]:
    """Write ``path`` through an fsspec filesystem, all or nothing.

    A filesystem with renames (local, NFS...) gets a temporary file beside the
    target, renamed into place; on an object store the upload is discarded on
    error and only becomes visible when it is complete.  Temporary files that a
    killed worker left for the same output are removed after a successful write
    (see :func:`srtext.files.remove_stale_temporaries`).
    """
    import uuid  # here: only cluster and fsspec runs need it

    parent, _, base = path.rpartition("/")
    if parent:
        fs.makedirs(parent, exist_ok=True)
    renames = "file" in _protocols(fs) or "local" in _protocols(fs)
    target = f"{parent}/{temporary_prefix(base)}{uuid.uuid4().hex[:8]}.tmp" if renames else path
    if renames:
        pending_temporary(target, fs.rm)  # before it exists: see srtext.files.remove_pending_temporaries
    try:
        f = fs.open(target, "wb")
    except BaseException:
        done_temporary(target)
        raise
    try:
        yield f
    except BaseException:
        if renames:
            f.close()
            with contextlib.suppress(Exception):
                fs.rm(target)
            done_temporary(target)
        else:
            _discard(f)
        raise
    f.close()
    if renames:
        fs.mv(target, path)
        done_temporary(target)
        remove_stale_temporaries(
            parent, base, lambda d: [p.rsplit("/", 1)[-1] for p in fs.ls(d, detail=False)], fs.rm
        )


def _discard(f: Any) -> None:
    """Abandon an upload, so that nothing of it becomes visible."""
    try:
        f.discard()
    except Exception:  # a file without uploads in parts: closing it is all there is
        with contextlib.suppress(Exception):
            f.close()


def _protocols(fs: Any) -> tuple[str, ...]:
    p = fs.protocol
    return (p,) if isinstance(p, str) else tuple(p)

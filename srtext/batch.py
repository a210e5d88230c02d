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
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, NamedTuple, TypeVar

DEFAULT_SUFFIX = ".sr.txt"
INPUT_SUFFIXES = (".txt", ".pdf")
DEFAULT_GLOBS = ("*.txt", "*.pdf")
T = TypeVar("T")


class Job(NamedTuple):
    """One input and where its result goes.

    ``input`` ``-`` is standard input; ``output`` None is standard output (or
    the result's text, see :func:`srtext.process.process_file`).  Paths may be
    fsspec URLs (``s3://bucket/a.pdf``) when run on a cluster.
    """

    input: Path | str
    output: Path | str | None


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
    """
    if name.endswith(suffix):
        return False
    low = name.lower()
    return any(fnmatch.fnmatchcase(low, g.lower()) for g in globs)


def _walk(root: Path, skip: Path | None, suffix: str, globs: Sequence[str]) -> Iterator[Path]:
    """Input files under ``root``, sorted, symbolic links to directories not followed."""
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if skip is None or (here / d).resolve() != skip)
        for name in sorted(filenames):
            if is_input(name, suffix, globs):
                yield here / name


def plan(
    paths: list[str],
    output_dir: str | None,
    suffix: str = DEFAULT_SUFFIX,
    globs: Sequence[str] = DEFAULT_GLOBS,
) -> Iterator[Job | InputError]:
    """The jobs for the command-line paths, in order; an :class:`InputError` for each bad path.

    A file goes to standard output (or to ``output_dir``); ``-`` is standard
    input.  A directory is walked for files whose names match ``globs``, and
    each one's result is written beside it (or under ``output_dir``, mirroring
    the tree).  Two inputs whose outputs would be the same file (``paper.pdf``
    and ``paper.txt`` side by side) are not both processed: the second is an
    error.
    """
    return unique_outputs(_plan(paths, output_dir, suffix, globs), lambda job: job)


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
) -> Iterator[Job | InputError]:
    """:func:`plan` without the check of unique outputs."""
    out_root = Path(output_dir) if output_dir else None
    skip = out_root.resolve() if out_root else None
    for arg in paths:
        path = Path(arg)
        if arg == "-":
            yield Job(path, None)
        elif path.is_dir():
            for f in _walk(path, skip, suffix, globs):
                rel = f.relative_to(path)
                target = (out_root / rel.parent if out_root else f.parent) / output_name(f.name, suffix)
                yield Job(f, target)
        elif path.exists():
            yield Job(path, out_root / output_name(path.name, suffix) if out_root else None)
        else:
            yield InputError(f"{arg}: no such file or directory")


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

    On any error (or an interrupt) the temporary file is removed and ``path``
    is left as it was.
    """
    import tempfile  # here: its import costs start-up time that a filter to stdout never needs

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_chunks(f: BinaryIO, size: int = 1 << 16) -> Iterator[bytes]:
    """Read a binary stream in chunks until its end."""
    while chunk := f.read(size):
        yield chunk

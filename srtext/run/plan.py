"""Which inputs a run has and where their outputs go: one planner for local paths and fsspec URLs.

:func:`plan` plans a local run, :func:`plan_urls` a cluster run (paths or URLs, each
job with its input and output filesystem).  Both are :func:`_planned` over a
:class:`_Tree`, the little a planner asks of a filesystem: is a path a directory,
does it exist, what input files lie under it.

Inputs are never overwritten and srtext's own outputs are never taken as inputs:
a file whose name ends in the output suffix is skipped, and so is a file with
a record of what made it beside it, and the output directory when it lies
inside an input tree.  Two inputs never share an output.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
from collections.abc import Callable, Iterable, Iterator, Sequence

from srtext.config import DEFAULT_GLOBS, DEFAULT_SUFFIX
from srtext.record import Generic
from srtext.run.batch import (
    AUDIT_SUFFIX,
    DROPPED_SUFFIX,
    INPUT_SUFFIXES,
    MADE_SUFFIX,
    InputError,
    Job,
    kind_of,
    posix_name,
    quote_name,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeVar

    T = TypeVar("T")
    Job_co = TypeVar("Job_co", covariant=True)
    Planned = tuple[Job, Any, Any]  # a cluster run's job, with its input and output filesystems
else:
    Job_co = Planned = None  # at run time only subscripted, and srtext.record.Generic ignores that


def _path(name: str) -> Path:
    """``pathlib.Path(name)``, pathlib imported on first use: a run on standard input makes no path."""
    from pathlib import Path

    return Path(name)


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
    if name.endswith((suffix, DEFAULT_SUFFIX, MADE_SUFFIX, DROPPED_SUFFIX, AUDIT_SUFFIX)):
        return False
    low = name.lower()
    return any(fnmatch.fnmatchcase(low, g.lower()) for g in globs)


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
    if output_dir is not None and output_is_file(paths, output_dir):
        return iter([_file_job(paths[0], _path(output_dir), force)])
    planned: Iterator[Job | InputError] = _planned(paths, _Local(output_dir), suffix, globs)
    return unique_outputs(planned, _itself)


def plan_urls(
    paths: Sequence[str],
    output_dir: str | None,
    suffix: str = DEFAULT_SUFFIX,
    globs: Sequence[str] = DEFAULT_GLOBS,
) -> Iterator[Planned | InputError]:
    """The jobs for paths or URLs, each with its input and output filesystem (fsspec).

    As :func:`plan`: a directory's inputs go beside them or under
    ``output_dir``, mirroring the tree; a file's output goes under
    ``output_dir``, or comes back as text when there is none; two inputs never
    share an output.  Raises :class:`srtext.run.cluster.ClusterError` without fsspec.
    """
    planned: Iterator[Planned | InputError] = _planned(paths, _URLs(output_dir), suffix, globs)
    return unique_outputs(planned, _first)


def _itself(job: Job) -> Job:
    return job


def _first(planned: Planned) -> Job:
    return planned[0]


class _Tree(Generic[Job_co]):
    """What the planner asks of a filesystem; its jobs are ``Job_co`` (a Job, or one with filesystems)."""

    def is_dir(self, arg: str) -> bool:
        raise NotImplementedError

    def exists(self, arg: str) -> bool:
        raise NotImplementedError

    def unreachable(self, arg: str) -> InputError | None:
        """Why the path ``arg`` cannot be looked at (a directory on its way that may not be
        searched, a name too long), or None."""
        return None

    def files(self, arg: str, wanted: Callable[[str], bool]) -> Iterator[tuple[Any, str, str] | InputError]:
        """The files under the directory ``arg`` whose names are ``wanted``, in ``os.walk`` order:
        each one's path, its path under ``arg`` (``/``-separated) and what it is when it is not a
        regular file (else "").  The output tree is left out, and so is a file with a record
        of what made it beside it.  A directory that cannot be read gives an :class:`InputError`
        in its place, so that it is never skipped silently."""
        raise NotImplementedError

    def in_tree(self, arg: str, path: Any, rel: str, output: str) -> Job_co:
        """The job of the file ``path`` (``rel`` under the directory ``arg``), written to the file
        named ``output`` beside it or in the output tree."""
        raise NotImplementedError

    def single(self, arg: str, output: str) -> Job_co:
        """The job of the file ``arg``, written to the file named ``output`` under the output
        directory, or to standard output when there is none."""
        raise NotImplementedError

    def missing(self, arg: str, paths: Sequence[str]) -> InputError:
        return InputError(f"{quote_name(arg)}: no such file or directory")


def _planned(
    paths: Sequence[str], tree: _Tree[T], suffix: str, globs: Sequence[str]
) -> Iterator[T | InputError]:
    """The plan of a run, before the check of unique outputs."""

    def wanted(name: str) -> bool:
        return is_input(name, suffix, globs)

    for arg in paths:
        if arg != "-" and (error := tree.unreachable(arg)) is not None:
            yield error
        elif arg != "-" and tree.is_dir(arg):
            for found in tree.files(arg, wanted):
                if isinstance(found, InputError):
                    yield found
                    continue
                path, rel, kind = found
                if kind:
                    yield InputError(f"{quote_name(_label(arg, rel))}: skipped, not a regular file ({kind})")
                else:
                    yield tree.in_tree(arg, path, rel, output_name(posixpath.basename(rel), suffix))
        elif arg == "-" or tree.exists(arg):
            yield tree.single(arg, output_name(posixpath.basename(arg.rstrip("/")), suffix))
        else:
            yield tree.missing(arg, paths)


class _Local(_Tree[Job]):
    """Local paths, walked with :func:`os.walk` (symbolic links to directories not followed)."""

    def __init__(self, output_dir: str | None) -> None:
        self.out_root: Path | None = None
        self.skip: Path | None = None
        if output_dir:
            self.out_root = _path(output_dir)
            self.skip = self.out_root.resolve()

    def is_dir(self, arg: str) -> bool:
        return os.path.isdir(arg)  # as Path(arg).is_dir(): False for a name that cannot be asked

    def exists(self, arg: str) -> bool:
        return os.path.exists(arg)

    def unreachable(self, arg: str) -> InputError | None:
        try:
            os.stat(arg)
        except FileNotFoundError:
            return None  # missing: said by missing()
        except (OSError, ValueError) as e:  # EACCES on the way, ENAMETOOLONG, ELOOP; a NUL in the name
            return InputError(f"{quote_name(arg)}: {getattr(e, 'strerror', None) or e}")
        return None

    def files(self, arg: str, wanted: Callable[[str], bool]) -> Iterator[tuple[Path, str, str] | InputError]:
        root = _path(arg)
        errors: list[OSError] = []
        for dirpath, dirnames, filenames in os.walk(root, onerror=errors.append, followlinks=False):
            yield from _unreadable(errors)
            here = _path(dirpath)
            dirnames[:] = sorted(
                d for d in dirnames if self.skip is None or (here / d).resolve() != self.skip
            )
            names = set(filenames)
            for name in sorted(filenames):
                if wanted(name) and name + MADE_SUFFIX not in names:
                    path = here / name
                    yield path, path.relative_to(root).as_posix(), _kind(path)
        yield from _unreadable(errors)

    def in_tree(self, arg: str, path: Path, rel: str, output: str) -> Job:
        parent = self.out_root / _path(rel).parent if self.out_root else path.parent
        return Job(path, parent / output)

    def single(self, arg: str, output: str) -> Job:
        if arg == "-":
            return Job("-", None)
        if self.out_root is None:  # to standard output: the name, as pathlib writes it, and no pathlib
            return Job(posix_name(arg) if os.sep == "/" else str(_path(arg)), None)
        return Job(_path(arg), self.out_root / output)

    def missing(self, arg: str, paths: Sequence[str]) -> InputError:
        if len(paths) == 2 and arg == paths[1] and os.path.isfile(paths[0]):
            return InputError(f"{arg}: no such file or directory (to write the result to a file: -o {arg})")
        return super().missing(arg, paths)


class _URLs(_Tree[Planned]):
    """Paths or fsspec URLs (``s3://bucket/dir``), each job with its input and output filesystem."""

    def __init__(self, output_dir: str | None) -> None:
        from srtext.run.cluster import fsspec_module

        self.fsspec = fsspec_module()
        self.out_fs: Any = None
        self.out_root: str | None = None
        if output_dir:
            self.out_fs, self.out_root = self.fsspec.core.url_to_fs(output_dir)
        self.skip = self.out_root.rstrip("/") if self.out_root else None
        self.resolved: dict[str, tuple[Any, str]] = {}

    def _fs(self, arg: str) -> tuple[Any, str]:
        """The filesystem of a path or URL, and the path in it."""
        if arg not in self.resolved:
            self.resolved[arg] = self.fsspec.core.url_to_fs(arg)
        return self.resolved[arg]

    def is_dir(self, arg: str) -> bool:
        fs, root = self._fs(arg)
        return bool(fs.isdir(root))

    def exists(self, arg: str) -> bool:
        fs, root = self._fs(arg)
        return bool(fs.exists(root))

    def files(self, arg: str, wanted: Callable[[str], bool]) -> Iterator[tuple[str, str, str]]:
        fs, root = self._fs(arg)
        root = root.rstrip("/")
        found = fs.find(root, detail=True)
        same_fs = self.out_fs is not None and fs.protocol == self.out_fs.protocol
        for f in sorted(found, key=_walk_order):
            if same_fs and self.skip and (f == self.skip or f.startswith(self.skip + "/")):
                continue
            if not wanted(posixpath.basename(f)) or f + MADE_SUFFIX in found:
                continue
            info = found[f]
            kind = ""
            if info.get("type", "file") != "file" and not info.get("islink"):  # a FIFO, a device
                kind = (kind_of(info["mode"]) if isinstance(info.get("mode"), int) else "") or "not a file"
            yield f, posixpath.relpath(f, root), kind

    def in_tree(self, arg: str, path: str, rel: str, output: str) -> Planned:
        fs, _ = self._fs(arg)
        f = path
        parent = (
            posixpath.join(self.out_root, posixpath.dirname(rel)) if self.out_root else posixpath.dirname(f)
        )
        return Job(f, posixpath.join(parent, output), _label(arg, rel)), fs, self.out_fs or fs

    def single(self, arg: str, output: str) -> Planned:
        fs, root = self._fs(arg)
        beside = posixpath.join(self.out_root, output) if self.out_root else None
        return Job(root, beside, _label(arg, "")), fs, self.out_fs or fs


def _unreadable(errors: list[OSError]) -> Iterator[InputError]:
    """One error for each directory :func:`os.walk` could not read (it skips them without a word)."""
    for e in errors:
        yield InputError(f"{quote_name(str(e.filename))}: cannot read the directory ({e.strerror or e})")
    errors.clear()


def _label(arg: str, rel: str) -> str:
    """How a local run names the input ``rel`` under the command-line path ``arg``.

    >>> _label("corpus/", "a/x.txt"), _label("./p.pdf", ""), _label("s3://b/c", "x.pdf")
    ('corpus/a/x.txt', 'p.pdf', 's3://b/c/x.pdf')
    """
    if "://" in arg:
        return posixpath.join(arg.rstrip("/"), rel) if rel else arg
    return str(_path(arg) / rel) if rel else str(_path(arg))


def _walk_order(path: str) -> tuple[tuple[str, ...], str]:
    """Sort key giving os.walk's order: a directory's files before its subdirectories'.

    >>> sorted(["r/a/b/x", "r/a/y", "r/z"], key=_walk_order)
    ['r/z', 'r/a/y', 'r/a/b/x']
    """
    *dirs, name = path.split("/")
    return tuple(dirs), name


def _kind(path: Path) -> str:
    """What a path is when it is not a regular file ("" for a regular or a missing file)."""
    try:
        mode = path.stat().st_mode
    except OSError:  # a dangling link: processing it gives the error
        return ""
    return kind_of(mode)


def unique_outputs(planned: Iterable[T | InputError], job_of: Callable[[T], Job]) -> Iterator[T | InputError]:
    """Pass planned jobs on, turning a job whose output is already taken into an error."""
    taken: dict[str, str] = {}
    for p in planned:
        if not isinstance(p, InputError):
            job = job_of(p)
            if job.output is not None:
                target = str(job.output)
                if target in taken:
                    yield InputError(
                        f"{quote_name(str(job.input))}: skipped, its output {quote_name(target)}"
                        f" is {quote_name(taken[target])}'s too"
                    )
                    continue
                taken[target] = str(job.input)
        yield p


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
    if arg != "-":
        try:
            os.stat(arg)
        except FileNotFoundError:
            return InputError(f"{quote_name(arg)}: no such file or directory")
        except (OSError, ValueError) as e:
            return InputError(f"{quote_name(arg)}: {getattr(e, 'strerror', None) or e}")
    if arg != "-" and output.exists() and os.path.samefile(arg, output):
        return InputError(f"{arg}: skipped, -o names the input itself")
    ours = os.path.exists(str(output) + MADE_SUFFIX)
    if output.is_file() and not ours and not force and output.stat().st_size:
        return InputError(f"{output}: not replaced, srtext did not make it (--force replaces it)")
    return Job(_path(arg), output)

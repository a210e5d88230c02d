"""Many files on a Dask cluster: the same :func:`srtext.run.process.process_file` on its workers.

Paths are fsspec URLs, so local paths (which every worker must see, as on a
shared filesystem) and object stores (``s3://bucket/corpus``, with s3fs
installed) both work.  Needs Dask and fsspec (``pip install '.[dask]'`` in srtext's
source tree)::

    srtext --dask tcp://scheduler:8786 s3://bucket/pdfs -o s3://bucket/text

Only the planning (listing the input tree) runs here; every file is read,
extracted, recovered and written by a worker, so its result is the same as a
local run's.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from srtext.config import Config, RunOptions
from srtext.run.batch import (
    DEFAULT_GLOBS,
    DEFAULT_SUFFIX,
    MADE_SUFFIX,
    InputError,
    Job,
    is_input,
    kind_of,
    output_name,
    unique_outputs,
)
from srtext.run.process import process_file
from srtext.run.result import Result

MISSING = "--dask needs Dask and fsspec: pip install 'dask[distributed]' fsspec"


class ClusterError(Exception):
    """The cluster cannot be used (not installed, not reachable); the message says why."""


def _fsspec() -> Any:
    try:
        import fsspec  # type: ignore[import-untyped]
    except ImportError:
        raise ClusterError(MISSING) from None
    return fsspec


def _plan_urls(
    paths: Sequence[str],
    output_dir: str | None,
    suffix: str = DEFAULT_SUFFIX,
    globs: Sequence[str] = DEFAULT_GLOBS,
) -> Iterator[tuple[Job, Any, Any] | InputError]:
    """:func:`plan_urls` without the check of unique outputs."""
    fsspec = _fsspec()
    out_fs, out_root = fsspec.core.url_to_fs(output_dir) if output_dir else (None, None)
    skip = out_root.rstrip("/") if out_root else None
    out_protocol = out_fs.protocol if out_fs is not None else None
    for arg in paths:
        in_fs, root = fsspec.core.url_to_fs(arg)
        if in_fs.isdir(root):
            root = root.rstrip("/")
            found = in_fs.find(root, detail=True)
            for f in sorted(found, key=_walk_order):
                if skip and (f == skip or f.startswith(skip + "/")) and in_fs.protocol == out_protocol:
                    continue
                if not is_input(posixpath.basename(f), suffix, globs) or f + MADE_SUFFIX in found:
                    continue
                rel = posixpath.relpath(f, root)
                label = _label(arg, rel)
                info = found[f]
                if info.get("type", "file") != "file" and not info.get("islink"):  # a FIFO, a device
                    kind = kind_of(info["mode"]) if isinstance(info.get("mode"), int) else ""
                    yield InputError(f"{label}: skipped, not a regular file ({kind or 'not a file'})")
                    continue
                parent = (
                    posixpath.join(out_root, posixpath.dirname(rel)) if out_root else posixpath.dirname(f)
                )
                target = posixpath.join(parent, output_name(posixpath.basename(f), suffix))
                yield Job(f, target, label), in_fs, out_fs or in_fs
        elif in_fs.exists(root):
            name = output_name(posixpath.basename(root), suffix)
            beside = posixpath.join(out_root, name) if out_root else None
            yield Job(root, beside, _label(arg, "")), in_fs, out_fs or in_fs
        else:
            yield InputError(f"{arg}: no such file or directory")


def _label(arg: str, rel: str) -> str:
    """How a local run names the input ``rel`` under the command-line path ``arg``.

    >>> _label("corpus/", "a/x.txt"), _label("./p.pdf", ""), _label("s3://b/c", "x.pdf")
    ('corpus/a/x.txt', 'p.pdf', 's3://b/c/x.pdf')
    """
    if "://" in arg:
        return posixpath.join(arg.rstrip("/"), rel) if rel else arg
    return str(Path(arg) / rel) if rel else str(Path(arg))


def _walk_order(path: str) -> tuple[tuple[str, ...], str]:
    """Sort key giving os.walk's order: a directory's files before its subdirectories'.

    >>> sorted(["r/a/b/x", "r/a/y", "r/z"], key=_walk_order)
    ['r/z', 'r/a/y', 'r/a/b/x']
    """
    *dirs, name = path.split("/")
    return tuple(dirs), name


def plan_urls(
    paths: Sequence[str],
    output_dir: str | None,
    suffix: str = DEFAULT_SUFFIX,
    globs: Sequence[str] = DEFAULT_GLOBS,
) -> Iterator[tuple[Job, Any, Any] | InputError]:
    """The jobs for paths or URLs, each with its input and output filesystem.

    As :func:`srtext.run.batch.plan`: a directory's inputs go beside them or under
    ``output_dir``, mirroring the tree; a file's output goes under
    ``output_dir``, or comes back as text when there is none; two inputs never
    share an output.
    """
    return unique_outputs(_plan_urls(paths, output_dir, suffix, globs), lambda planned: planned[0])


def _run(job: Job, config: Config, options: RunOptions, in_fs: Any, out_fs: Any) -> Result:
    return process_file(job, config, options, in_fs=in_fs, out_fs=out_fs)


def connect(address: str) -> Any:
    """A Dask client for the scheduler at ``address`` (``tcp://host:8786``)."""
    _fsspec()
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(MISSING) from None
    try:
        return Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {e}") from None


def run_dask(
    client: Any, planned: Sequence[tuple[Job, Any, Any]], config: Config, options: RunOptions
) -> Iterator[Result]:
    """Run the planned jobs on the cluster, yielding their results in order."""
    import uuid

    run = uuid.uuid4().hex
    futures = [
        client.submit(_run, job, config, options, in_fs, out_fs, key=f"srtext-{run}-{i}")
        for i, (job, in_fs, out_fs) in enumerate(planned)
    ]
    try:
        for f in futures:
            yield f.result()
    finally:
        client.cancel(futures)

"""Many files on a Dask cluster: the same :func:`srtext.run.process.process_file` on its workers.

Paths are fsspec URLs, so local paths (which every worker must see, as on a
shared filesystem) and object stores (``s3://bucket/corpus``, with s3fs
installed) both work.  Needs Dask and fsspec (``pip install '.[dask]'`` in srtext's
source tree)::

    srtext --dask tcp://scheduler:8786 s3://bucket/pdfs -o s3://bucket/text

Only the planning (listing the input tree, :func:`srtext.run.plan.plan_urls`) runs here; every file is read,
extracted, recovered and written by a worker, so its result is the same as a
local run's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from srtext.config import Config, RunOptions
from srtext.run.batch import Job
from srtext.run.process import process_file
from srtext.run.result import Result

MISSING = "--dask needs Dask and fsspec: pip install 'dask[distributed]' fsspec"


class ClusterError(Exception):
    """The cluster cannot be used (not installed, not reachable); the message says why."""


def fsspec_module() -> Any:
    """The fsspec module, or a :class:`ClusterError` saying how to install it."""
    try:
        import fsspec  # type: ignore[import-untyped]
    except ImportError:
        raise ClusterError(MISSING) from None
    return fsspec


def _run(job: Job, config: Config, options: RunOptions, in_fs: Any, out_fs: Any) -> Result:
    return process_file(job, config, options, in_fs=in_fs, out_fs=out_fs)


def connect(address: str) -> Any:
    """A Dask client for the scheduler at ``address`` (``tcp://host:8786``)."""
    fsspec_module()
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

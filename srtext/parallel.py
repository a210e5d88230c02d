"""Many files on one machine: worker processes, each running :func:`srtext.process.process_file`.

Results come back in the order of the jobs, so that messages and ``--dropped``
rows do not depend on which worker finished first.  On an interrupt the workers
are stopped at once; each removes the temporary file it was writing, so no
half-written output is left.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from functools import partial
from itertools import groupby
from types import FrameType
from typing import IO, TYPE_CHECKING

from srtext.batch import Job
from srtext.config import Config
from srtext.process import Options, Result, process_file

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext


def available_cores() -> int:
    """The number of cores this process may run on (the default of ``-j``).

    >>> available_cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _stop(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _worker_init() -> None:
    """In a worker: the parent handles Ctrl-C; a terminate unwinds (removing temporary files)."""
    import signal  # here, not at start-up: importing it costs ~1.5 ms of every run

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)


def _context() -> BaseContext:
    """fork where there is one (cheap: workers inherit the imported modules), else the default."""
    import multiprocessing  # here, not at start-up: one file needs no workers

    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def run_jobs(
    jobs: Sequence[Job],
    config: Config,
    options: Options,
    workers: int = 1,
    stdout: IO[bytes] | None = None,
) -> Iterator[Result]:
    """Process the jobs, yielding their results in order.

    Jobs whose output is standard output run in this process, streaming to
    ``stdout``; jobs with an output file run on ``workers`` processes (in this
    process when ``workers`` is 1 or there is a single such job).
    """
    for to_file, group in groupby(jobs, key=lambda job: job.output is not None):
        run = list(group)
        if to_file and workers > 1 and len(run) > 1:
            yield from _pool(run, config, options, min(workers, len(run)))
        else:
            for job in run:
                yield process_file(job, config, options, stdout=stdout)


def _pool(jobs: Sequence[Job], config: Config, options: Options, workers: int) -> Iterator[Result]:
    pool = _context().Pool(workers, initializer=_worker_init)
    try:
        yield from pool.imap(partial(process_file, config=config, options=options), jobs, chunksize=1)
    except BaseException:
        pool.terminate()  # SIGTERM: each worker unwinds, removing its temporary file
        pool.join()
        raise
    pool.close()
    pool.join()

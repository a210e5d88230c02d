"""Many files on one machine: worker processes, each running :func:`srtext.run.process.process_file`.

Results come back in the order of the jobs, so that messages and ``--dropped``
rows do not depend on which worker finished first.  On an interrupt the workers
are stopped at once; each removes the temporary file it was writing, so no
half-written output is left.  A worker that dies (kill -9, the out-of-memory
killer) costs the job it was running, reported as failed; the others go on.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator, Sequence
from itertools import groupby
from types import FrameType

from srtext.config import Config, RunOptions
from srtext.files import remove_pending_temporaries
from srtext.run import early
from srtext.run.batch import Job
from srtext.run.process import extract_ahead, process_file
from srtext.run.result import FAILED, Result

TYPE_CHECKING = False
if TYPE_CHECKING:
    from concurrent.futures import Future
    from multiprocessing.context import BaseContext
    from typing import IO, Any


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
    """A terminate: unwind, and let no later one cut the unwinding short.

    The pool sends more than one: when the first worker exits, the executor
    takes the pool for broken and terminates every worker again, and a second
    SystemExit raised inside a clean-up would skip the removal of a temporary
    file.
    """
    import signal

    signal.signal(signum, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def _context() -> BaseContext:
    """fork where there is one (cheap: workers inherit the imported modules), else the default."""
    import multiprocessing  # here, not at start-up: one file needs no workers

    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def run_jobs(
    jobs: Sequence[Job],
    config: Config,
    options: RunOptions,
    workers: int = 1,
    stdout: IO[bytes] | None = None,
) -> Iterator[Result]:
    """Process the jobs, yielding their results in order.

    Jobs whose output is standard output run in this process, streaming to
    ``stdout``; jobs with an output file run on ``workers`` processes (in this
    process when ``workers`` is 1 or there is a single such job).  In this
    process, the next job's PDF is extracted while a job is recovered
    (:func:`srtext.run.process.extract_ahead`); a pdftotext started and not
    read (the run stopped) is killed and reaped (:func:`srtext.run.early.discard`).
    """
    for to_file, group in groupby(jobs, key=lambda job: job.output is not None):
        run = list(group)
        if to_file and workers > 1 and len(run) > 1:
            yield from _pool(run, config, options, min(workers, len(run)))
        else:
            try:
                for i, job in enumerate(run):
                    if i + 1 < len(run):  # the next PDF's pdftotext runs while this one is recovered
                        extract_ahead(run[i + 1], config, options)
                    yield process_file(job, config, options, stdout=stdout)
            finally:  # the run stopped (an interrupt, a closed pipe, the caller gone): none left running
                early.discard()


_started: Any = None  # in a worker: the shared state of every job
WAITING, RUNNING, FINISHED, TERMINATED = 0, 1, 2, 3


def _worker_init(state: Any, parent: int | None = None) -> None:
    """In a worker: the parent handles Ctrl-C; a terminate unwinds (removing temporary files).

    The worker is terminated too when ``parent`` dies (kill -9, or a death
    that left no time to stop the workers): otherwise it would wait for jobs
    for ever, holding the run's standard error open (``srtext -o o/ corp/ 2>&1
    | cat`` never ended).
    """
    import signal  # here, not at start-up: importing it costs ~1.5 ms of every run

    global _started
    _started = state
    early.forget()  # a pdftotext the parent started ahead is the parent's to read or kill
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    if parent is not None:
        _die_with(parent, signal.SIGTERM)


def _die_with(parent: int, signum: int) -> None:
    """Have the kernel send ``signum`` to this process when its parent dies (Linux's
    ``PR_SET_PDEATHSIG``); elsewhere, a thread that watches the parent's process id."""
    import ctypes
    import sys

    PR_SET_PDEATHSIG = 1
    asked = False
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            asked = libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0
        except (OSError, AttributeError):
            asked = False
    if not asked:
        import threading

        threading.Thread(target=_watch_parent, args=(parent, signum), daemon=True).start()
    if os.getppid() != parent:  # it died before the kernel was asked
        os.kill(os.getpid(), signum)


def _watch_parent(parent: int, signum: int) -> None:
    """Send ``signum`` to this process once its parent is gone (polled every half second)."""
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os.kill(os.getpid(), signum)


def _work(i: int, job: Job, config: Config, options: RunOptions) -> Result:
    """In a worker: run job ``i``, noting in the shared flags when it starts and how it ends."""
    if _started is not None:
        _started[i] = RUNNING
    try:
        result = process_file(job, config, options)
    except SystemExit as e:  # terminated: the temporary file is removed; the pool must not go on
        if _started is not None:
            _started[i] = TERMINATED
        remove_pending_temporaries()  # a terminate between creating one and guarding it
        os._exit(e.code if isinstance(e.code, int) else 1)
    if _started is not None:
        _started[i] = FINISHED
    return result


def died(job: Job) -> Result:
    """The result of a job whose worker process died under it (kill -9, the out-of-memory killer)."""
    return Result(
        job.label,
        None if job.output is None else str(job.output),
        status=FAILED,
        error=f"{job.label}: the worker process died while processing it (killed, or out of memory?)",
    )


def _pool(jobs: Sequence[Job], config: Config, options: RunOptions, workers: int) -> Iterator[Result]:
    """Run the jobs on a process pool, yielding the results in order.

    When a worker dies without a word (kill -9, the out-of-memory killer), the
    pool breaks: the executor stops the other workers, and every unfinished
    job fails with BrokenProcessPool.  The shared state of each job tells which
    one the dead worker was running (it neither finished nor was stopped): that
    job is reported as failed, and the others run again on a new pool.  So the
    run never hangs, and a job that kills its worker is not tried again.
    """
    run = _Run(jobs, config, options)
    pending = list(range(len(jobs)))
    fruitless = 0  # pools in a row that broke with nothing done and no culprit found
    while pending:
        broken = yield from run.round(pending, workers)
        if not broken:
            break
        left = [i for i in pending if i not in run.done]
        for i in left:
            if run.state[i] == RUNNING:
                run.store(i, died(jobs[i]))
            run.state[i] = WAITING
        fruitless = fruitless + 1 if len(left) == len(pending) and not run.done & set(left) else 0
        if fruitless >= 3:  # workers die before any job (cannot start): fail the rest, never loop
            for i in left:
                if i not in run.done:
                    run.store(i, died(jobs[i]))
        yield from run.ready()
        pending = [i for i in left if i not in run.done]
    yield from run.ready()


class _Run:
    """The jobs of one pool run, their results, and the state of each in the workers."""

    def __init__(self, jobs: Sequence[Job], config: Config, options: RunOptions) -> None:
        self.jobs, self.config, self.options = jobs, config, options
        self.ctx = _context()
        self.state = self.ctx.Array("b", len(jobs), lock=False)
        self.results: dict[int, Result] = {}
        self.done: set[int] = set()
        self.following = 0  # the number of the next result to yield

    def store(self, i: int, result: Result) -> None:
        self.results[i] = result
        self.done.add(i)

    def ready(self) -> Iterator[Result]:
        """The results that can be yielded in order now."""
        while self.following in self.results:
            yield self.results.pop(self.following)
            self.following += 1

    def round(self, pending: list[int], workers: int) -> Generator[Result, None, bool]:
        """Run ``pending`` on a new pool, yielding results in order; True when the pool broke."""
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        executor = ProcessPoolExecutor(
            min(workers, len(pending)),
            mp_context=self.ctx,
            initializer=_worker_init,
            initargs=(self.state, os.getpid()),
        )
        broken = False
        try:
            futures: dict[int, Future[Result]] = {}
            for i in pending:
                try:
                    futures[i] = executor.submit(_work, i, self.jobs[i], self.config, self.options)
                except BrokenProcessPool:  # broken already: the rest waits for the next pool
                    broken = True
                    break
            for i in pending:
                if i not in futures:
                    break
                try:
                    self.store(i, _result(futures[i]))
                except BrokenProcessPool:
                    broken = True
                yield from self.ready()
        except BaseException:
            _terminate(executor)  # SIGTERM: each worker unwinds, removing its temporary file
            raise
        executor.shutdown(wait=True)
        return broken


def _result(future: Future[Result]) -> Result:
    """The future's result, waiting in short steps.

    A wait without a time-out is not woken by a signal that the kernel hands
    to another of this process's threads (the executor's), so Ctrl-C would
    not be seen until the job ends.
    """
    while True:
        try:
            return future.result(timeout=0.2)
        except TimeoutError:
            continue


def _terminate(executor: Any) -> None:
    """Stop the workers at once (an interrupt), then the executor."""
    stop = getattr(executor, "terminate_workers", None)  # Python 3.14
    if stop is not None:
        stop()
    else:
        processes = list((getattr(executor, "_processes", None) or {}).values())
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
    executor.shutdown(wait=True, cancel_futures=True)

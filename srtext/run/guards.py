"""Checks made before a run starts: the ``--dropped`` file, and the output directories."""

from __future__ import annotations

import os
from collections.abc import Sequence

from srtext.run.batch import InputError, Job
from srtext.run.made import DROPPED_HEADER_LINE, dropped_name, is_dropped_record, made_name
from srtext.run.storage import is_special


def check_dropped(path: str) -> None:
    """Refuse a --dropped FILE that is a file other than an earlier --dropped record.

    An existing file is only replaced when it is empty or begins with the
    record's header, so that ``--dropped paper.pdf`` or a mistyped name
    never overwrites an input or any other file.
    """
    if os.path.isdir(path):
        raise ValueError(f"--dropped {path}: is a directory")
    if is_special(path):  # a device or a FIFO: written to, never read or replaced
        return
    try:
        with open(path, "rb") as f:
            head = f.read(len(DROPPED_HEADER_LINE.encode()))
    except FileNotFoundError:
        return
    except OSError:
        return  # not readable: writing it reports the error
    if not is_dropped_record(head):
        raise ValueError(f"--dropped {path}: refusing to overwrite a file that is not a --dropped record")


def check_audit(path: str) -> None:
    """Refuse an --audit PAGE that is a directory or a file other than an earlier audit page.

    As with --dropped, an existing file is only replaced when it is empty or an
    audit page srtext wrote, so that a mistyped name never overwrites an input.
    """
    from srtext.audit import MARK, is_audit_page  # --audit only: not on the start-up path

    if os.path.isdir(path):
        raise ValueError(f"--audit {path}: is a directory")
    try:
        with open(path, "rb") as f:
            head = f.read(len(MARK.encode()))
    except OSError:
        return  # absent, or not readable: writing it reports the error
    if not is_audit_page(head):
        raise ValueError(f"--audit {path}: refusing to overwrite a file that is not an srtext audit page")


def clashes(dropped: str, jobs: Sequence[Job]) -> str | None:
    """The input or output that the --dropped FILE (or --audit PAGE) would be, if any."""
    target = os.path.realpath(dropped)
    for job in jobs:
        records = () if job.output is None else (made_name(str(job.output)), dropped_name(str(job.output)))
        for path in (job.input, job.output, *records):
            local = path is not None and str(path) != "-" and "://" not in str(path)
            if local and os.path.realpath(str(path)) == target:
                return str(path)
    return None


def writable(jobs: list[Job]) -> tuple[list[Job], list[InputError]]:
    """The jobs whose output directory can be written, and one error per directory that cannot.

    Checked before any work, so that a read-only output directory is said once,
    naming it, rather than once per input after all the work.
    """
    verdict: dict[str, tuple[str, str] | None] = {}
    keep: list[Job] = []
    refused: dict[str, int] = {}
    for job in jobs:
        if job.output is None:
            keep.append(job)
            continue
        parent = os.path.dirname(os.path.abspath(str(job.output)))
        if parent not in verdict:
            verdict[parent] = _cannot_write(parent)
        if verdict[parent] is None:
            keep.append(job)
        else:
            refused[parent] = refused.get(parent, 0) + 1
    errors = []
    for parent, n in refused.items():
        where, reason = verdict[parent] or (parent, "")
        inputs = f"{n} input{'s' * (n > 1)}"
        errors.append(InputError(f"{where}: cannot write there ({reason}); {inputs} not processed"))
    return keep, errors


def _cannot_write(directory: str) -> tuple[str, str] | None:
    """Where and why files cannot be made in ``directory`` (or where it would be made), or None."""
    import errno

    path = directory
    while not os.path.exists(path):
        up = os.path.dirname(path)
        if up == path:
            break
        path = up
    if not os.path.isdir(path):
        return path, os.strerror(errno.ENOTDIR)
    if _read_only(path):
        return path, os.strerror(errno.EROFS)
    if not os.access(path, os.W_OK):
        return path, os.strerror(errno.EACCES)
    return None


def _read_only(path: str) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False

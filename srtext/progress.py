"""What a batch run tells the user on stderr: a progress bar on a terminal, and a summary."""

from __future__ import annotations

import time
from typing import TextIO

from srtext.process import DONE, FAILED, SKIPPED, Result
from srtext.record import Record


class Totals(Record):
    """Sums over the results of a run.

    >>> t = Totals()
    >>> t.add(Result("a.txt", pages=2, paragraphs=5, dropped=3))
    >>> t.add(Result("b.txt", status="failed", error="b.txt: damaged"))
    >>> t.line(2.0)
    'srtext: 2 files (1 done, 1 failed), 2 pages, 5 paragraphs, 3 lines dropped, 2.0 s'
    """

    _fields = ("counts", "pages", "paragraphs", "dropped", "bytes", "extract_seconds", "seconds")
    __slots__ = _fields

    def __init__(self) -> None:
        self.counts = {DONE: 0, SKIPPED: 0, FAILED: 0}
        self.pages = 0
        self.paragraphs = 0
        self.dropped = 0
        self.bytes = 0
        self.extract_seconds = 0.0
        self.seconds = 0.0

    def add(self, r: Result) -> None:
        self.counts[r.status] += 1
        self.pages += r.pages
        self.paragraphs += r.paragraphs
        self.dropped += r.dropped
        self.bytes += r.bytes
        self.extract_seconds += r.extract_seconds
        self.seconds += r.seconds

    @property
    def files(self) -> int:
        return sum(self.counts.values())

    def line(self, elapsed: float) -> str:
        """The one-line summary of the run."""
        parts = [f"{n} {status}" for status, n in self.counts.items() if n]
        if self.counts[SKIPPED]:
            parts[parts.index(f"{self.counts[SKIPPED]} {SKIPPED}")] += " (up to date; --force redoes them)"
        return (
            f"srtext: {_n(self.files, 'file')} ({', '.join(parts) or 'none'}), {_n(self.pages, 'page')}, "
            f"{_n(self.paragraphs, 'paragraph')}, {_n(self.dropped, 'line')} dropped, {elapsed:.1f} s"
        )


def _n(n: int, word: str) -> str:
    """
    >>> _n(1, "file"), _n(1234, "page")
    ('1 file', '1,234 pages')
    """
    return f"{n:,} {word}{'' if n == 1 else 's'}"


class ProgressBar:
    """A one-line bar redrawn on a terminal: files done of the total, failures, rate."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.done = 0
        self.failed = 0
        self.start = time.monotonic()
        self.last = 0.0

    def update(self, r: Result) -> None:
        self.done += 1
        self.failed += r.status == FAILED
        now = time.monotonic()
        if now - self.last >= 0.1 or self.done == self.total:
            self.last = now
            self.stream.write("\r" + self.render(now - self.start))
            self.stream.flush()

    def render(self, elapsed: float) -> str:
        """
        >>> import io
        >>> ProgressBar(4, io.StringIO(), width=8).render(2.0)
        '[        ]    0/4 files, 0 failed, 0.0 files/s'
        """
        filled = self.width * self.done // max(self.total, 1)
        bar = "#" * filled + " " * (self.width - filled)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        digits = len(str(self.total))
        return (
            f"[{bar}] {self.done:>{digits + 3}}/{self.total} files, {self.failed} failed, {rate:.1f} files/s"
        )

    def clear(self) -> None:
        """Erase the bar, so that messages and the summary start on a clean line."""
        self.stream.write("\r\x1b[K")
        self.stream.flush()

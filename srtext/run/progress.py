"""What a batch run tells the user on stderr: a progress bar on a terminal, and a summary."""

from __future__ import annotations

import os

from srtext.record import Record
from srtext.run.result import DONE, FAILED, SKIPPED, Result

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO


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

    def refused(self, error: object) -> None:
        """Count an input that was refused before it was processed (it failed)."""
        self.counts[FAILED] += 1

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


class Progress:
    """A progress bar redrawn on a terminal: files done of the total, failures, rate and time left.

    Drawn by tqdm, which fits the bar to the terminal's width (and follows its
    resizing) and estimates the time left; imported only here, so only a
    directory run on a terminal pays for its import.
    """

    def __init__(self, total: int, stream: TextIO) -> None:
        from tqdm import tqdm

        self.failed = 0
        try:
            known = os.get_terminal_size(stream.fileno()).columns > 0
        except (OSError, ValueError, AttributeError):
            known = False
        self.bar = tqdm(
            total=total,
            file=stream,
            unit="file",
            dynamic_ncols=known,
            ncols=None if known else 80,  # a terminal that does not tell its size
            nrows=None if known else 24,
            mininterval=0.1,
            leave=False,
            postfix={"failed": 0},
        )

    def update(self, r: Result) -> None:
        if r.status == FAILED:
            self.failed += 1
            self.bar.set_postfix(failed=self.failed, refresh=False)
        self.bar.update(1)

    def clear(self) -> None:
        """Erase the bar, so that a message starts on a clean line (the bar is redrawn after it)."""
        self.bar.clear()

    def close(self) -> None:
        """Erase the bar for good, so that the summary starts on a clean line."""
        self.bar.close()

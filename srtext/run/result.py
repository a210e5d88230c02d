"""What became of one input: :class:`Result`, the answer of every way srtext runs over documents."""

from __future__ import annotations

from srtext.record import Record

DONE, SKIPPED, FAILED = "done", "skipped", "failed"


class PDFError(Exception):
    """A PDF that yields no text: encrypted, damaged, empty or image-only.

    :mod:`srtext.run.extract` raises it (and names it too); it is defined here so
    that a run that reads no PDF does not import the extractor to catch it.
    """


class Result(Record):
    """What became of one input.

    Attributes:
        input: the input's path (or URL, or ``-``).
        output: where the result went; ``None``: standard output or :attr:`text`.
        status: ``done``, ``skipped`` (its output is newer than the input) or ``failed``.
        error: for a failed input, the one-line reason (``"NAME: reason"``).
        pages, lines, paragraphs, dropped: pages and lines read, paragraphs
            written, lines dropped.
        bytes: the size of the input text (of the extracted text, for a PDF).
        extract_seconds: the time the PDF extractor took; ``seconds``: the whole
            file's time, extraction included.
        warnings: messages for the user (invalid bytes).
        histogram: with ``stats=True``, the line-width histogram (``--stats``).
        dropped_rows: with ``dropped_rows=True``, the dropped lines as
            tab-separated rows (input, line, page, class, text).
        text: the output, when it was asked for instead of a file.
    """

    _fields = (
        "input",
        "output",
        "status",
        "error",
        "pages",
        "lines",
        "paragraphs",
        "dropped",
        "bytes",
        "extract_seconds",
        "seconds",
        "warnings",
        "histogram",
        "dropped_rows",
        "text",
    )
    __slots__ = _fields

    def __init__(
        self,
        input: str,
        output: str | None = None,
        status: str = DONE,
        error: str | None = None,
        pages: int = 0,
        lines: int = 0,
        paragraphs: int = 0,
        dropped: int = 0,
        bytes: int = 0,
        extract_seconds: float = 0.0,
        seconds: float = 0.0,
        warnings: list[str] | None = None,
        histogram: str = "",
        dropped_rows: str = "",
        text: str | None = None,
    ) -> None:
        self.input = input
        self.output = output
        self.status = status
        self.error = error
        self.pages = pages
        self.lines = lines
        self.paragraphs = paragraphs
        self.dropped = dropped
        self.bytes = bytes
        self.extract_seconds = extract_seconds
        self.seconds = seconds
        self.warnings: list[str] = [] if warnings is None else warnings
        self.histogram = histogram
        self.dropped_rows = dropped_rows
        self.text = text

    def fail(self, message: str) -> None:
        """Mark the input failed, for the one-line reason ``message``; no output is kept."""
        self.status = FAILED
        self.error = message
        self.text = None
        self.dropped_rows = ""

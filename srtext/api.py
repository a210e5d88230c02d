"""The library: :func:`recover` (streaming), :func:`recover_text`, :class:`SentenceRecovery`, and
:func:`recover_paths`, :func:`recover_texts` and :func:`recover_documents` for many documents."""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterable, Iterator, Mapping, Set
from functools import cached_property

from srtext.config import Config, RunOptions
from srtext.pipeline.events import Decision, Event, Paragraph
from srtext.pipeline.lines import (
    BinaryInputError,
    Line,
    byte_lines,
    decode_chunks,
    number_lines,
    text_lines,
    valid_text,
)
from srtext.pipeline.output import render
from srtext.pipeline.vocabulary import Vocabulary
from srtext.pipeline.width import WidthStats, with_column_width
from srtext.recovery import MAX_PARAGRAPH as MAX_PARAGRAPH
from srtext.recovery import bounded as bounded
from srtext.recovery import paragraphs as paragraphs
from srtext.recovery import recover as recover
from srtext.run.result import Result as Result  # the result of recover_paths and recover_documents

Source = str | bytes | bytearray | memoryview | os.PathLike[str] | Iterable[str]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from srtext.geometry.box import LineBox


def recover_text(text: str | bytes | bytearray | memoryview, config: Config | None = None) -> str:
    """Recover a whole text and format it as ``config.output_format`` says.

    ``text`` is a ``str``, or bytes (``bytes``, ``bytearray``, ``memoryview``)
    decoded as the command line decodes them (``config.encoding``, a UTF-16 or
    UTF-32 byte-order mark, a binary file refused with
    :class:`~srtext.pipeline.lines.BinaryInputError`).  Bytes that are invalid in
    the encoding become U+FFFD, so that the result can be written as UTF-8.

    >>> print(recover_text("A first line that is long\\nand the end of it.\\n"), end="")
    A first line that is long and the end of it.
    >>> recover_text(b"caf\\xe9 au lait.\\n")
    'caf\ufffd au lait.\\n'
    >>> recover_text(None)
    Traceback (most recent call last):
    ...
    TypeError: recover_text() takes the text as str or bytes (bytes, bytearray, memoryview), not NoneType
    """
    config = _config(config, "recover_text")
    vocabulary = Vocabulary(config.lang)
    text = _text_of(text, config, "recover_text")
    geometry = None
    if text.startswith(("<!DOCTYPE", "\ufeff<!DOCTYPE")):  # pdftotext -bbox-layout XHTML: its lines' text
        from srtext.geometry.bbox import read_xhtml

        text, geometry = read_xhtml(text, keep=config.geometry != "off")
    events = recover(text_lines(text), config, vocabulary=vocabulary, geometry=geometry)
    return valid_text("".join(render(events, config, lambda: vocabulary.lang, geometry)))


_BYTES = (bytes, bytearray, memoryview)


def _config(config: object, who: str) -> Config:
    """``config``, or the whole-document default for None; a TypeError for anything else."""
    if config is None:
        return Config(window=None)
    if not isinstance(config, Config):
        raise TypeError(f"{who}(): config must be a srtext.Config or None, not {type(config).__name__}")
    return config


def _text_of(text: object, config: Config, who: str) -> str:
    """A document given as ``str``, or bytes decoded as the command line decodes them (invalid
    bytes as U+FFFD); a TypeError for anything else."""
    if isinstance(text, str):
        return text
    if isinstance(text, _BYTES):
        return valid_text("".join(decode_chunks([bytes(text)], config.encoding)))
    raise TypeError(
        f"{who}() takes the text as str or bytes (bytes, bytearray, memoryview), not {type(text).__name__}"
    )


def _lines_of(text: object, config: Config, who: str) -> Iterator[Line]:
    """The numbered lines of a document given as ``str`` or bytes; a TypeError for anything else."""
    if isinstance(text, str):
        return text_lines(text)
    if isinstance(text, _BYTES):
        return _valid_lines(byte_lines([bytes(text)], config.encoding))
    raise TypeError(
        f"{who}() takes the text as str or bytes (bytes, bytearray, memoryview), not {type(text).__name__}"
    )


def _valid_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Lines whose invalid bytes are U+FFFD (see :func:`~srtext.pipeline.lines.valid_text`)."""
    for line in lines:
        text = valid_text(line.text)
        yield line if text is line.text else line._replace(text=text)


def _documents(texts: object, who: str) -> Iterable[Any]:
    """An iterable of documents, refusing a single document (which would iterate over characters)."""
    if isinstance(texts, (str, *_BYTES)) or not isinstance(texts, Iterable):
        raise TypeError(
            f"{who}() takes an iterable of documents (str or bytes), not {type(texts).__name__}"
            + ("; for one text, use recover_text()" if isinstance(texts, (str, *_BYTES)) else "")
        )
    return texts


def _str_lines(lines: Iterable[object]) -> Iterator[str]:
    """The lines of an iterable, each checked to be a ``str``."""
    for i, line in enumerate(lines):
        if not isinstance(line, str):
            raise TypeError(
                f"SentenceRecovery(): line {i + 1} of the iterable is {type(line).__name__}, not str"
            )
        yield line


def _names_a_file(text: str) -> bool:
    try:
        return os.path.isfile(text)
    except (OSError, ValueError):  # a NUL byte, a name too long
        return False


class SentenceRecovery:
    """The paper's ``SentenceRecovery`` class: one document, processed whole.

    ``source`` is the text itself (``str``), raw bytes (decoded as
    ``config.encoding``), a path (``pathlib.Path`` or another ``os.PathLike``),
    or an iterable of lines (with or without line ends).  Options come as a
    :class:`~srtext.config.Config` or as its fields by keyword.  The constructor
    reads the lines and computes CW, as the paper's does; the recovery runs when
    a result is first asked for.

    >>> sr = SentenceRecovery("2. A HEADING\\n" + "Words of a line, words\\n" * 3 + "end.\\n")
    >>> sr.cw, sr.eps
    (22, 0.1)
    >>> [(p.kind, p.lines) for p in sr.paragraphs]
    [('heading', (1,)), ('body', (2, 3, 4, 5))]
    >>> print(sr.out_text, end="")
    2. A HEADING
    Words of a line, words Words of a line, words Words of a line, words end.
    """

    def __init__(self, source: Source, config: Config | None = None, **options: object) -> None:
        base = _config(config, "SentenceRecovery")
        self.config: Config = base.replace(**options) if options else base
        #: a box per input line (``geometry[line.number - 1]``) when the source was a PDF or
        #: pdftotext -bbox-layout XHTML and ``config.geometry`` is not off; else None
        self.geometry: list[LineBox | None] | None = None
        self.lines: list[Line] = self.read_lines(source)
        self.stats = WidthStats()
        self.vocabulary = Vocabulary(self.config.lang)
        self.cw: int = self.calculate_cw()

    @property
    def eps(self) -> float:
        return self.config.eps

    def __iter__(self) -> Iterator[Paragraph]:
        """The recovered paragraphs, in order."""
        return iter(self.paragraphs)

    def __repr__(self) -> str:
        """
        >>> SentenceRecovery("One line.\\n")
        SentenceRecovery(lines=1, cw=9, eps=0.1, mode='default')
        """
        mode = self.config.mode
        return f"SentenceRecovery(lines={len(self.lines)}, cw={self.cw}, eps={self.eps}, mode={mode!r})"

    @property
    def l_avg(self) -> float:
        """The mean line width, the paper's ``l_avg``."""
        return self.stats.l_avg

    def read_lines(self, source: Source) -> list[Line]:
        """Read the document's lines from text, bytes, a path (text or PDF) or an iterable of lines.

        A ``str`` is always the text itself; one that names an existing file
        gets a warning, since ``Path(name)`` was probably meant.  pdftotext
        ``-bbox-layout`` XHTML (as text, bytes or a file) is read as the text of
        its lines, and a PDF or such XHTML sets :attr:`geometry` (unless
        ``config.geometry`` is off).
        """
        from pathlib import Path

        from srtext.geometry.sniff import is_bbox

        if isinstance(source, str):
            if "\n" not in source and len(source) < 4096 and _names_a_file(source):
                import warnings

                warnings.warn(
                    f"SentenceRecovery({source!r}): a str is the text itself; "
                    f"pass pathlib.Path({source!r}) to read the file",
                    stacklevel=3,
                )
            if source.startswith(("<!DOCTYPE", "\ufeff<!DOCTYPE")) and is_bbox(source[:4096].encode()):
                return self._read_bbox(source)
            return list(text_lines(source))
        if isinstance(source, _BYTES):
            if is_bbox(bytes(source[:4096])):
                return self._read_bbox(bytes(source).decode("utf-8", "surrogateescape"))
            return list(_lines_of(source, self.config, "SentenceRecovery"))
        if isinstance(source, os.PathLike):
            path = Path(source)
            from srtext.run.extract import extract, is_pdf

            if is_pdf(path):
                if self.config.geometry == "off":
                    return list(_valid_lines(byte_lines([extract(path)], self.config.encoding, sniff=False)))
                from srtext.run.extract import extract_geometry

                data, self.geometry = extract_geometry(path)
                return list(_valid_lines(byte_lines([data], "utf-8", sniff=False)))
            with path.open("rb") as f:
                head = f.read(4096)
                if is_bbox(head):
                    return self._read_bbox((head + f.read()).decode("utf-8", "surrogateescape"))
                chunks = itertools.chain([head], iter(lambda: f.read(1 << 16), b""))
                return list(_valid_lines(byte_lines(chunks, self.config.encoding)))
        if isinstance(source, (Mapping, Set)) or not isinstance(source, Iterable):
            raise TypeError(
                "SentenceRecovery() takes a str, bytes, a path (os.PathLike) or an iterable of lines"
                f" (str), not {type(source).__name__}"
            )
        return list(number_lines(_str_lines(source)))

    def _read_bbox(self, xhtml: str) -> list[Line]:
        from srtext.geometry.bbox import parse_bbox

        text, boxes = parse_bbox(xhtml)
        if self.config.geometry != "off":
            self.geometry = boxes
        return list(text_lines(text))

    def calculate_cw(self) -> int:
        """Compute the column width CW from the line-width histogram (or take ``config.cw``)."""
        for _line, _width, cw, _cls in with_column_width(
            self.lines,
            mode=self.config.mode,
            cw=self.config.cw,
            window=None,
            stats=self.stats,
        ):
            return cw
        return self.config.cw or 1

    def run(self) -> list[Event]:
        """Run the recovery: every decision and paragraph, in input order."""
        return self.events

    sr_algorithm = run

    @cached_property
    def events(self) -> list[Event]:
        config = self.config.replace(cw=self.cw, window=None)
        return list(recover(self.lines, config, vocabulary=self.vocabulary, geometry=self.geometry))

    @property
    def paragraphs(self) -> list[Paragraph]:
        """The recovered paragraphs."""
        return list(paragraphs(self.events))

    @property
    def decisions(self) -> list[Decision]:
        """For every input line, what was done with it and why."""
        return [e for e in self.events if isinstance(e, Decision)]

    @property
    def out_text(self) -> str:
        """The result as text, in ``config.output_format``."""
        return "".join(render(self.events, self.config, self.lang, self.geometry))

    @property
    def lang(self) -> str | None:
        """The document's language: ``config.lang``, or detected from its text."""
        self.events  # noqa: B018  (the vocabulary is filled by the recovery)
        return self.vocabulary.lang


def recover_paths(
    paths: Iterable[str | os.PathLike[str]], config: Config | None = None, options: RunOptions | None = None
) -> Iterator[Result]:
    """Recover files (text or PDF), yielding a :class:`Result` with the output in ``text``.

    Nothing is written; a bad file gives a failed result and the rest go on.  A
    generator over an iterable of paths, so it serves a Dask bag's
    ``map_partitions``, Spark's ``mapPartitions`` and ``multiprocessing`` alike.
    Invalid bytes of the input become U+FFFD in ``text``.

    >>> next(recover_paths("p.txt"))
    Traceback (most recent call last):
    ...
    TypeError: recover_paths() takes an iterable of paths (str or os.PathLike), not str
    """
    from pathlib import Path

    from srtext.run.batch import Job
    from srtext.run.process import process_file

    if isinstance(paths, (str, *_BYTES, os.PathLike)) or not isinstance(paths, Iterable):
        raise TypeError(
            f"recover_paths() takes an iterable of paths (str or os.PathLike), not {type(paths).__name__}"
        )
    config = None if config is None else _config(config, "recover_paths")
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"recover_paths(): a path is a str or os.PathLike, not {type(path).__name__}")
        result = process_file(Job(Path(path), None), config, options)
        if result.text is not None:
            result.text = valid_text(result.text)
        yield result


def recover_documents(texts: Iterable[str | bytes], config: Config | None = None) -> Iterator[Result]:
    """Recover each text (``str``, or bytes in ``config.encoding``), yielding a :class:`Result`.

    A document that cannot be processed (bytes with NUL bytes: a binary file)
    gives a failed result whose ``error`` says why, and the others go on, as
    the command line and a cluster run treat a bad file.  ``input`` is the
    document's 0-based number as ``#N``.

    >>> [(r.status, r.error, r.text) for r in recover_documents([b"\\0\\1", "One.\\n"])]
    [('failed', '#0: binary file (NUL bytes), skipped', None), ('done', None, 'One.\\n')]
    """
    from srtext.run.process import Document  # which uses recover, above

    config = _config(config, "recover_documents")
    for i, text in enumerate(_documents(texts, "recover_documents")):
        name = f"#{i}"
        result = Result(name)
        start = time.perf_counter()
        if not isinstance(text, (str, *_BYTES)):
            raise TypeError(f"recover_documents(): a document is a str or bytes, not {type(text).__name__}")
        try:
            if isinstance(text, str):
                result.text = recover_text(text, config)
            else:
                doc = Document(name, config, result)
                result.text = valid_text("".join(doc.render([bytes(text)])))
                doc.finish()
        except BinaryInputError:
            result.fail(f"{name}: binary file (NUL bytes), skipped")
        except (UnicodeError, LookupError, ValueError) as e:
            result.fail(f"{name}: {e}")
        result.seconds = time.perf_counter() - start
        yield result


def recover_texts(texts: Iterable[str | bytes], config: Config | None = None) -> Iterator[str | None]:
    """Recover each text (``str``, or bytes in ``config.encoding``), yielding its output.

    A document that cannot be processed (bytes holding NUL bytes: a binary
    file) yields ``None`` and the others go on, so that one bad document
    never fails a whole Dask partition; :func:`recover_documents` says why.

    >>> list(recover_texts(["A line that runs on\\nto its end.\\n", b"\\0", b"One.\\n"]))
    ['A line that runs on to its end.\\n', None, 'One.\\n']
    """
    for result in recover_documents(_documents(texts, "recover_texts"), config):
        yield result.text

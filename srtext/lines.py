"""Input: bytes or text to numbered lines with their page numbers.

A line ends at LF, CRLF or a lone CR.  A form feed (``\\f``, which pdftotext
writes between pages) is a page boundary, not text: it is removed and the text
after it belongs to the next page.  Trailing white space is removed (it is
invisible and converters add it at random); leading white space is kept.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import regex

_EOL = regex.compile(r"\r\n|\r|\n")
_INVALID = regex.compile(r"[\udc80-\udcff]")
BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Line:
    """One input line.

    Attributes:
        number: 1-based number of the line in the input (lines end at LF, CRLF, CR).
        page: 1-based page number (pages are separated by form feeds).
        text: the line without its end of line, form feeds and trailing white space.
        mark: what :mod:`srtext.pages` found the line to be ("header", "footer",
            "page number", "footnote"), or "" for an ordinary line.
    """

    number: int
    page: int
    text: str
    mark: str = ""


class BinaryInputError(ValueError):
    """The input holds NUL bytes: it is a binary file, not text."""


def split_physical(text: str) -> list[str]:
    """Split text into physical lines at LF, CRLF and lone CR, without the ends.

    A final line end does not make an extra empty line.

    >>> split_physical("a\\r\\nb\\rc\\n")
    ['a', 'b', 'c']
    >>> split_physical("one\\fpage two")
    ['one\\x0cpage two']
    >>> split_physical("")
    []
    """
    if not text:
        return []
    parts = _EOL.split(text)
    if parts[-1] == "":
        parts.pop()
    return parts


def number_lines(physical: Iterable[str], *, first: int = 1) -> Iterator[Line]:
    """Number physical lines and split them at form feeds into pages.

    >>> [(x.number, x.page, x.text) for x in number_lines(["a ", "\\fb", "", "\\f"])]
    [(1, 1, 'a'), (2, 2, 'b'), (3, 2, '')]
    >>> [(x.number, x.page, x.text) for x in number_lines(["end\\fstart"])]
    [(1, 1, 'end'), (1, 2, 'start')]
    """
    page = 1
    for number, raw in enumerate(physical, first):
        if number == first and raw.startswith(BOM):
            raw = raw[1:]
        if "\f" not in raw:
            yield Line(number, page, raw.rstrip())
            continue
        pieces = raw.split("\f")
        for i, piece in enumerate(pieces):
            if i:
                page += 1
            piece = piece.rstrip()
            if piece:
                yield Line(number, page, piece)


def text_lines(text: str) -> Iterator[Line]:
    """Lines of a whole text.

    >>> [x.text for x in text_lines("\\ufeffTitle\\r\\n\\r\\nBody.\\n")]
    ['Title', '', 'Body.']
    """
    return number_lines(split_physical(text))


def iter_physical(chunks: Iterable[str]) -> Iterator[str]:
    """Physical lines from text arriving in chunks of any size (a CRLF may be split).

    Each chunk is split once, so a line of any length costs linear time.

    >>> list(iter_physical(["a\\r", "\\nb\\r", "c", "\\n", "d"]))
    ['a', 'b', 'c', 'd']
    >>> list(iter_physical(["one ", "long ", "line"])), list(iter_physical(["x\\r"]))
    (['one long line'], ['x'])
    """
    carry = ""  # a CR at the end of the previous chunk, perhaps half of a CRLF
    buf: list[str] = []
    for chunk in chunks:
        if not chunk:
            continue
        if carry:
            chunk, carry = carry + chunk, ""
        if chunk.endswith("\r"):
            chunk, carry = chunk[:-1], "\r"
        parts = _EOL.split(chunk)
        buf.append(parts[0])
        if len(parts) == 1:
            continue
        yield "".join(buf)
        yield from parts[1:-1]
        buf = [parts[-1]]
    rest = "".join(buf)
    if carry or rest:
        yield rest


def decode_chunks(chunks: Iterable[bytes], encoding: str = "utf-8", *, sniff: bool = True) -> Iterator[str]:
    """Decode byte chunks incrementally.

    Bytes that are invalid in the encoding become surrogate escapes, so that they
    are written back unchanged.  With ``sniff``, a NUL byte in the first chunk
    raises :class:`BinaryInputError`.

    >>> list(decode_chunks([b"caf\\xc3", b"\\xa9\\n"]))
    ['caf', 'é\\n']
    >>> list(decode_chunks([b"\\x00\\x01"]))  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    BinaryInputError: binary input (NUL bytes)
    """
    decoder = codecs.getincrementaldecoder(encoding)(errors="surrogateescape")
    first = True
    for chunk in chunks:
        if first and chunk:
            first = False
            if sniff and b"\0" in chunk[:65536]:
                raise BinaryInputError("binary input (NUL bytes)")
        text = decoder.decode(chunk)
        if text:
            yield text
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def byte_lines(chunks: Iterable[bytes], encoding: str = "utf-8") -> Iterator[Line]:
    """Numbered lines from bytes arriving in chunks.

    >>> [(x.number, x.page, x.text) for x in byte_lines([b"a\\r\\nb\\x0c", b"c\\n"])]
    [(1, 1, 'a'), (2, 1, 'b'), (2, 2, 'c')]
    """
    return number_lines(iter_physical(decode_chunks(chunks, encoding)))


def has_invalid_bytes(text: str) -> bool:
    """True when decoded text carries bytes that were not valid in its encoding.

    >>> has_invalid_bytes(b"ok \\xff".decode("utf-8", "surrogateescape"))
    True
    >>> has_invalid_bytes("ok")
    False
    """
    return not text.isascii() and _INVALID.search(text) is not None

"""Input: bytes or text to numbered lines with their page numbers.

A line ends at LF, CRLF or a lone CR.  A form feed (``\\f``, which pdftotext
writes between pages) is a page boundary, not text: it is removed and the text
after it belongs to the next page.  Trailing white space is removed (it is
invisible and converters add it at random); leading white space is kept.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator

from srtext.pipeline.patterns import pattern
from srtext.record import NamedTuple

_EOL_KEEP = pattern(r"(\r\n|\r|\n)")
_INVALID = pattern(r"[\udc80-\udcff]")
BOM = "\ufeff"


class Line(NamedTuple):
    """One input line (immutable; ``line._replace(text=...)`` makes a changed copy).

    Attributes:
        number: 1-based number of the line in the input (lines end at LF, CRLF, CR).
        page: 1-based page number (pages are separated by form feeds).
        text: the line without its end of line, form feeds and trailing white space.
        mark: what :mod:`srtext.pipeline.pages` found the line to be ("header", "footer",
            "page number", "footnote", "front matter"), or "" for an ordinary line.
        offset: where ``text`` starts in the input, in characters of the decoded
            input (a BOM counts as one): ``input[offset:offset + len(text)] == text``.
        rule: the name of the page stage's rule that marked it ("footnote.note_at_the_foot",
            "furniture.running_header"; :data:`srtext.pipeline.pages.PAGE_RULES`), or "".
    """

    number: int
    page: int
    text: str
    mark: str = ""
    offset: int = 0
    rule: str = ""


#: A window of N lines holds at most N * CHARS_PER_WINDOW_LINE characters too, so that
#: memory stays bounded whatever the lines' lengths (the pieces of one huge line are
#: lines of 65,536 characters each).
CHARS_PER_WINDOW_LINE = 200

#: The rule of the empty line that an input line of white space and form feeds gives.
PAGE_BREAK = "page_break"


class BinaryInputError(ValueError):
    """The input holds NUL bytes: it is a binary file, not text."""


def split_physical(text: str) -> list[str]:
    """Split text into physical lines at LF, CRLF and lone CR, each with its line end.

    >>> split_physical("a\\r\\nb\\rc\\n")
    ['a\\r\\n', 'b\\r', 'c\\n']
    >>> split_physical("one\\fpage two")
    ['one\\x0cpage two']
    >>> split_physical("")
    []
    """
    return list(iter_physical([text]))


def number_lines(physical: Iterable[str], *, first: int = 1) -> Iterator[Line]:
    """Number physical lines (each with or without its line end) and split them at form feeds into pages.

    The offsets count the line ends given, so pass the lines with their ends
    (as :func:`iter_physical` gives them) for offsets into the input.

    >>> [(x.number, x.page, x.text) for x in number_lines(["a ", "\\fb", "", "\\f"])]
    [(1, 1, 'a'), (2, 2, 'b'), (3, 2, ''), (4, 2, '')]

    Every input line gives at least one line: one of white space and form feeds
    only is an empty line on the page it ends, whose rule is :data:`PAGE_BREAK`
    (it tells :mod:`srtext.pipeline.width` that it is no line of the text).
    >>> [(x.number, x.page, x.text, x.offset) for x in number_lines(["end\\fstart\\r\\n", "x"])]
    [(1, 1, 'end', 0), (1, 2, 'start', 4), (2, 2, 'x', 11)]
    """
    page = 1
    offset = 0
    new = tuple.__new__
    number = first - 1
    going_on = False  # the last string was a Piece: this one is the same line's
    for raw in physical:
        start = offset
        offset += len(raw)
        if going_on:
            going_on = type(raw) is Piece
            if "\f" not in raw:
                yield new(Line, (number, page, raw.rstrip(), "", start, ""))
                continue
        else:
            number += 1
            going_on = type(raw) is Piece
        if "\f" not in raw and number != first:  # most lines: rstrip() takes the line end too
            # Line(...) without its Python __new__
            yield new(Line, (number, page, raw.rstrip(), "", start, ""))
            continue
        if raw.endswith(("\n", "\r")):
            raw = raw.rstrip("\r\n")
        if number == first and start == 0 and raw.startswith(BOM):
            raw = raw[1:]
            start += 1
        if "\f" not in raw:
            yield new(Line, (number, page, raw.rstrip(), "", start, ""))
            continue
        pieces = raw.split("\f")
        first_page, first_start, gave = page, start, False
        for i, piece in enumerate(pieces):
            if i:
                page += 1
            text = piece.rstrip()
            if text:
                yield Line(number, page, text, "", start, "")
                gave = True
            start += len(piece) + 1
        if not gave:  # only white space and form feeds: an empty line where the page ended
            yield Line(number, first_page, "", "", first_start, PAGE_BREAK)


def text_lines(text: str) -> Iterator[Line]:
    """Lines of a whole text.

    >>> [x.text for x in text_lines("\\ufeffTitle\\r\\n\\r\\nBody.\\n")]
    ['Title', '', 'Body.']
    """
    return number_lines(split_physical(text))


# The longest piece of a line passed on: a longer line (a table or a whole text on one
# line, with no line end) is passed on in pieces of at most this many characters, cut
# at a space, each with the line's number, so that no step holds or copies a whole
# line of any length (one line of 48 MB took 1.1 GB).
MAX_PIECE = 1 << 16


def iter_physical(chunks: Iterable[str], limit: int = MAX_PIECE) -> Iterator[str]:
    """Physical lines, each with its line end, from text arriving in chunks of any size.

    A CRLF may be split between chunks.  Each chunk is split once, so a line of
    any length costs linear time.  A line longer than ``limit`` characters comes
    in pieces (see :func:`cut_piece`): every piece but the last is a :class:`Piece`,
    which tells :func:`number_lines` that the next one goes on the same line.

    >>> list(iter_physical(["a\\r", "\\nb\\r", "c", "\\n", "d"]))
    ['a\\r\\n', 'b\\r', 'c\\n', 'd']
    >>> list(iter_physical(["one ", "long ", "line"])), list(iter_physical(["x\\r"]))
    (['one long line'], ['x\\r'])
    >>> list(iter_physical(["one long", " line\\nnext\\n"], limit=6))
    ['one ', 'long ', 'line\\n', 'next\\n']
    """
    carry = ""  # a CR at the end of the previous chunk, perhaps half of a CRLF
    buf: list[str] = []
    held = 0  # characters in buf
    for chunk in chunks:
        if not chunk:
            continue
        if carry:
            chunk, carry = carry + chunk, ""
        if chunk.endswith("\r"):
            chunk, carry = chunk[:-1], "\r"
        if "\n" not in chunk and "\r" not in chunk:  # the line goes on into the next chunk
            buf.append(chunk)
            held += len(chunk)
            if held > limit:  # a long line: its pieces, never the whole of it
                yield from _cut_open(buf, limit)
                held = len(buf[0])
            continue
        if "\r" not in chunk:  # LF only (most text): split without the pattern
            texts = chunk.split("\n")  # text, text, ..., rest
            buf.append(texts[0] + "\n")
            yield from _pieces("".join(buf), limit)
            for t in texts[1:-1]:  # a line shorter than the limit is its only piece: no _pieces
                if len(t) < limit:
                    yield t + "\n"
                else:
                    yield from _pieces(t + "\n", limit)
            buf, held = [texts[-1]], len(texts[-1])
            continue
        parts = _EOL_KEEP.split(chunk)  # text, end, text, end, ..., rest
        buf.append(parts[0] + parts[1])
        yield from _pieces("".join(buf), limit)
        if len(parts) > 3:
            yield from (p for t in map(str.__add__, parts[2:-1:2], parts[3::2]) for p in _pieces(t, limit))
        buf, held = [parts[-1]], len(parts[-1])
    rest = "".join(buf) + carry
    if rest:
        yield from _pieces(rest, limit)


def _cut_open(buf: list[str], limit: int) -> Iterator[str]:
    """The pieces of a line held in ``buf`` that is longer than ``limit``; ``buf`` keeps the rest.

    >>> buf = ["one two ", "three four"]
    >>> list(_cut_open(buf, 9)), buf
    (['one two ', 'three '], ['four'])
    """
    rest = "".join(buf)
    while len(rest) > limit:
        piece, rest = cut_piece(rest, limit)
        yield piece
    buf[:] = [rest]


def _pieces(line: str, limit: int) -> Iterator[str]:
    """A line, or its pieces when it is longer than ``limit`` (most lines: the line itself)."""
    if len(line) <= limit:
        yield line
        return
    buf = [line]
    yield from _cut_open(buf, limit)
    if buf[0]:
        yield buf[0]


class Piece(str):
    """A piece of a long line, not its end: the next string goes on the same line (see
    :func:`number_lines`)."""

    __slots__ = ()


def cut_piece(text: str, limit: int) -> tuple[str, str]:
    """The first piece of a long line and the rest: cut after the last space within
    ``limit`` characters (the space stays at the piece's end, where it is trailing
    white space), else at ``limit``.

    >>> cut_piece("one two three", 9), cut_piece("abcdefgh", 3)
    (('one two ', 'three'), ('abc', 'defgh'))
    """
    space = text.rfind(" ", limit // 2, limit)
    cut = space + 1 if space >= 0 else limit
    return Piece(text[:cut]), text[cut:]


_BOMS = (  # longest first: the UTF-32 little-endian BOM starts with UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def wide_encoding(encoding: str) -> bool:
    """Does the encoding write ordinary text with NUL bytes (UTF-16, UTF-32)?

    >>> wide_encoding("UTF-16LE"), wide_encoding("utf_32"), wide_encoding("latin-1")
    (True, True, False)
    """
    return codecs.lookup(encoding).name.startswith(("utf-16", "utf-32"))


def sniff_encoding(head: bytes, encoding: str) -> str:
    """The encoding to decode with: a UTF-16 or UTF-32 byte-order mark overrides UTF-8.

    >>> sniff_encoding(b"\\xff\\xfeA\\x00", "utf-8"), sniff_encoding(b"A", "utf-8")
    ('utf-16', 'utf-8')
    """
    if codecs.lookup(encoding).name == "utf-8":
        for bom, name in _BOMS:
            if head.startswith(bom):
                return name
    return encoding


def decode_chunks(chunks: Iterable[bytes], encoding: str = "utf-8", *, sniff: bool = True) -> Iterator[str]:
    """Decode byte chunks incrementally.

    Bytes that are invalid in the encoding become surrogate escapes, so that they
    are written back unchanged.  A UTF-16 or UTF-32 byte-order mark at the
    start of UTF-8 input selects that encoding.  With ``sniff``, a NUL byte in
    the first chunk raises :class:`BinaryInputError`: a NUL byte, for
    encodings that write none in text, and a NUL character after decoding, for
    UTF-16 and UTF-32, which do.

    >>> list(decode_chunks([b"caf\\xc3", b"\\xa9\\n"]))
    ['caf', 'é\\n']
    >>> list(decode_chunks(["café\\n".encode("utf-16")]))
    ['café\\n']
    >>> list(decode_chunks([b"\\x00\\x01"]))  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    BinaryInputError: binary input (NUL bytes)
    """
    decoder: codecs.IncrementalDecoder | None = None
    wide = False
    for chunk in chunks:
        if decoder is None:
            if not chunk:
                continue
            encoding = sniff_encoding(chunk, encoding)
            wide = wide_encoding(encoding)
            decoder = codecs.getincrementaldecoder(encoding)(errors="surrogateescape")
            if sniff and not wide and b"\0" in chunk[:65536]:
                raise BinaryInputError("binary input (NUL bytes)")
            text = decoder.decode(chunk)
            if sniff and wide and "\0" in text[:65536]:
                raise BinaryInputError("binary input (NUL characters)")
        else:
            text = decoder.decode(chunk)
        if text:
            yield text
    if decoder is not None:
        tail = decoder.decode(b"", final=True)
        if tail:
            yield tail


def byte_lines(chunks: Iterable[bytes], encoding: str = "utf-8", *, sniff: bool = True) -> Iterator[Line]:
    """Numbered lines from bytes arriving in chunks.

    >>> [(x.number, x.page, x.text) for x in byte_lines([b"a\\r\\nb\\x0c", b"c\\n"])]
    [(1, 1, 'a'), (2, 1, 'b'), (2, 2, 'c')]
    """
    return number_lines(iter_physical(decode_chunks(chunks, encoding, sniff=sniff)))


def valid_text(text: str) -> str:
    """The text with each byte that was invalid in its encoding (a surrogate escape) as
    U+FFFD, the replacement character: what every output gets, so that it is valid
    UTF-8 (one character for one, so offsets do not move).

    >>> valid_text(b"caf\\xe9 ok".decode("utf-8", "surrogateescape")), valid_text("ok")
    ('caf\ufffd ok', 'ok')
    """
    return text if text.isascii() or _INVALID.search(text) is None else _INVALID.sub("\ufffd", text)


def has_invalid_bytes(text: str) -> bool:
    """True when decoded text carries bytes that were not valid in its encoding.

    >>> has_invalid_bytes(b"ok \\xff".decode("utf-8", "surrogateescape"))
    True
    >>> has_invalid_bytes("ok")
    False
    """
    return not text.isascii() and _INVALID.search(text) is not None

"""Files of a run: a :class:`Job` (an input and its output), the names of outputs and of
the records beside them.  Which jobs a run has is :mod:`srtext.run.plan`; atomic
writes are :mod:`srtext.files`'.

The output suffix may not be empty or an input extension (:func:`check_suffix`), so
that an output never overwrites an input.
"""

from __future__ import annotations

import stat
from collections.abc import Iterator
from itertools import groupby

from srtext.record import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO, TypeVar

    T = TypeVar("T")

INPUT_SUFFIXES = (".txt", ".pdf")
# Beside each output file: what made it (version and options, see srtext.run.made), and,
# with --dropped, the lines dropped from it.
MADE_SUFFIX = ".srtext.json"
DROPPED_SUFFIX = ".dropped.tsv"
AUDIT_SUFFIX = ".audit.html"  # with --audit in a run over a directory: NAME.audit.html beside NAME.sr.txt


class Job(NamedTuple):
    """One input and where its result goes.

    ``input`` ``-`` is standard input; ``output`` None is standard output (or
    the result's text, see :func:`srtext.run.process.process_file`).  Paths may be
    fsspec URLs (``s3://bucket/a.pdf``) when run on a cluster.  ``name`` is how
    messages and ``--dropped`` rows name the input (default: ``input``), so that
    a cluster run names files as the user gave them, as a local run does.
    """

    input: Path | str
    output: Path | str | None
    name: str | None = None

    @property
    def label(self) -> str:
        """The input's name in messages and records."""
        return self.name if self.name is not None else str(self.input)


def posix_name(name: str) -> str:
    """``str(pathlib.PurePosixPath(name))`` without importing :mod:`pathlib` (2 ms of a run on one
    file): empty and ``.`` parts dropped, slashes collapsed but a leading ``//``.

    >>> [posix_name(n) for n in ("a//b/./c/", "./p.pdf", "", "//x", "///x/..", ".")]
    ['a/b/c', 'p.pdf', '.', '//x', '/x/..', '.']
    """
    rel = name.lstrip("/")
    slashes = len(name) - len(rel)
    root = "//" if slashes == 2 else "/" if slashes else ""
    return root + "/".join(p for p in rel.split("/") if p and p != ".") or "."


class InputError(Exception):
    """An input that cannot be processed; the message names it."""


def quote_name(name: str) -> str:
    """A file name as it can be shown in a one-line message: as it is when every character
    is printable, else quoted as ``ls`` quotes it (shell-escape), so that a newline in a
    name never splits a message over two lines.

    >>> quote_name("paper.txt"), quote_name("it's.txt")
    ('paper.txt', "it's.txt")
    >>> print(quote_name("a\\nb.txt"), quote_name("x\\tit's"), quote_name("b\\udcff.txt"))
    'a'$'\\n''b.txt' 'x'$'\\t''it'\\''s' 'b'$'\\xff''.txt'
    """
    if name.isprintable():
        return name
    parts: list[str] = []  # quoted runs of printable characters, and $'...' runs of the others
    for printable, run in groupby(name, str.isprintable):
        text = "".join(run)
        if printable:
            parts.append("'" + text.replace("'", "'\\''") + "'")
        else:
            parts.append("$'" + "".join(map(_escape, text)) + "'")
    return "".join(parts)


def _escape(c: str) -> str:
    """A character that is not printable, as bash's ``$'...'`` writes it."""
    code = ord(c)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte of the name
        return f"\\x{code - 0xDC00:02x}"
    named = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c)
    if named:
        return named
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def kind_of(mode: int) -> str:
    """What a file of this mode is, when it is not a regular file ("" for a regular file).

    >>> kind_of(0o100644), kind_of(0o010644)
    ('', 'a FIFO')
    """
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def check_suffix(suffix: str) -> None:
    """Refuse an output suffix that could make an output look like (or be) an input.

    >>> check_suffix(".sr.txt")
    >>> check_suffix(".txt")
    Traceback (most recent call last):
    ...
    ValueError: --suffix must not be empty nor an input extension (.txt, .pdf), not '.txt'
    """
    if suffix.lower() in ("", *INPUT_SUFFIXES) or "/" in suffix:
        raise ValueError(f"--suffix must not be empty nor an input extension (.txt, .pdf), not {suffix!r}")


def read_chunks(f: BinaryIO, size: int = 1 << 16) -> Iterator[bytes]:
    """Read a binary stream in chunks until its end."""
    while chunk := f.read(size):
        yield chunk


def audit_name(output: str, suffix: str) -> str:
    """The audit page beside an output: ``NAME.audit.html`` beside ``NAME.sr.txt``.

    >>> audit_name("dir/paper.sr.txt", ".sr.txt"), audit_name("dir/a_SRalg", "_SRalg")
    ('dir/paper.audit.html', 'dir/a.audit.html')
    """
    stem = output[: -len(suffix)] if suffix and output.endswith(suffix) else output
    return stem + AUDIT_SUFFIX

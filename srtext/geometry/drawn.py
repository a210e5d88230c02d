"""List labels a PDF draws as shapes, not text: the bullets pdftotext cannot see.

A browser prints a list's bullets as small filled discs or squares, vector
paths with no character behind them (Chromium does), so pdftotext's text of a
tight list is its items' words one under another with nothing to tell where
each item starts.  A tagged PDF marks each label (``/Lbl``, the structure
type of a list item's label), text or not; a label that draws a path and shows
no text is such a bullet.  :func:`labels` finds them in a page's content
stream (the marked-content sequences tagged ``/Lbl``, the current
transformation matrix followed through ``q``, ``Q`` and ``cm``), and
:func:`mark_labels` marks the line box each one stands before
(``LineBox.label``).

Read only when the PDF has ``/Lbl`` at all (its structure tree is plain in the
file's bytes: a cheap test), so untagged PDFs cost nothing.  Paths inside
form XObjects are not followed.

>>> page = b"q 1 0 0 -1 0 792 cm /Lbl <</MCID 1>> BDC 34 78 m 37 78 l 37 81 l h f EMC Q"
>>> labels(page, 792.0)
[(34.0, 37.0, 78.0, 81.0)]
>>> labels(b"/Lbl <</MCID 1>> BDC BT /F1 10 Tf 50 700 Td (1.) Tj ET EMC", 792.0)
[]
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from pathlib import Path

    from srtext.geometry.box import LineBox

#: A content stream's tokens: strings (literal, with escapes; hex), dictionaries' brackets,
#: names, numbers, operators.  Anything else (an inline image's bytes) is skipped.
_TOKEN = re.compile(
    rb"\((?:\\.|[^\\)])*\)|<<|>>|<[0-9A-Fa-f\s]*>|/[^\s/\[\]()<>{}%]*|[-+]?(?:\d+\.?\d*|\.\d+)"
    rb"|[A-Za-z'\"*]+|%[^\r\n]*",
    re.DOTALL,
)
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)\Z")
_BT = re.compile(rb"\bBT\b")
_ET = re.compile(rb"\bET\b")
#: The operators that show text.
_SHOWS = frozenset((b"Tj", b"TJ", b"'", b'"', b"BT"))
#: A label's shape is no larger than this many points (a bullet, not a rule or a box).
LARGEST = 20.0
#: A label stands at most this many of the line's font heights left of the line's first word.
NEAR = 3.0

Matrix = tuple[float, float, float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    """The matrix ``m`` then ``n`` (PDF's row-vector convention: ``m x n``)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def labels(content: bytes, height: float) -> list[tuple[float, float, float, float]]:
    """The boxes ``(left, right, top, bottom)`` of the labels drawn without text, in points
    from the page's top left (as poppler's boxes), for a page ``height`` points high.

    Linear in the stream: its text objects cut out in one pass (each stands
    as its ``BT``), then one pass over the tokens left.
    """
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[Matrix] = []
    operands: list[bytes] = []
    depth = 0  # marked-content nesting
    inside = 0  # the depth of the label being read, 0 when none
    texty = False
    points: list[tuple[float, float]] = []
    out: list[tuple[float, float, float, float]] = []
    for m in _TOKEN.finditer(_without_text(content)):
        tok = m.group()
        if tok[:1] in b"(<%/" or tok == b">>" or _NUMBER.match(tok):
            operands.append(tok)  # an operand (a dictionary's brackets among them), not an operator
            continue
        op = tok
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop() if stack else ctm
        elif op == b"cm" and len(operands) >= 6:
            try:
                n = tuple(float(x) for x in operands[-6:])
            except ValueError:
                n = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            ctm = _times(n, ctm)  # type: ignore[arg-type]
        elif op in (b"BDC", b"BMC"):
            depth += 1
            tag = next((x for x in operands if x[:1] == b"/"), b"")
            if tag == b"/Lbl" and not inside:
                inside, texty, points = depth, False, []
        elif op == b"EMC":
            if inside and depth == inside:
                if points and not texty:
                    xs, ys = [p[0] for p in points], [p[1] for p in points]
                    if max(xs) - min(xs) <= LARGEST and max(ys) - min(ys) <= LARGEST:
                        out.append((min(xs), max(xs), height - max(ys), height - min(ys)))
                inside = 0
            depth = max(0, depth - 1)
        elif inside:
            if op in _SHOWS:
                texty = True
            elif (op in (b"m", b"l") and len(operands) >= 2) or (op == b"c" and len(operands) >= 6):
                points.append(_at(ctm, operands[-2], operands[-1]))  # a curve's end point
            elif op == b"re" and len(operands) >= 4:
                x, y, w, h = (_float(v) for v in operands[-4:])
                a, b = _at(ctm, x, y), _at(ctm, x + w, y + h)
                points += [a, b]
        operands = []
    return out


def _without_text(content: bytes) -> bytes:
    """The content with each text object (``BT`` to ``ET``) cut down to its ``BT``.

    A text object is most of a page's content, and nothing in it moves the
    matrix (``q``, ``Q`` and ``cm`` may not stand inside one); its ``BT`` says
    that text shows.  Linear: each search starts where the last one ended, and
    a ``BT`` with no ``ET`` after it leaves the rest as it is.

    >>> _without_text(b"q BT /F1 9 Tf (a) Tj ET 1 0 0 1 5 5 cm BT (b) Tj")
    b'q  BT  1 0 0 1 5 5 cm BT (b) Tj'
    """
    parts = []
    at = 0
    while (start := _BT.search(content, at)) is not None and (end := _ET.search(content, start.end())):
        parts += [content[at : start.start()], b" BT "]
        at = end.end()
    parts.append(content[at:])
    return b"".join(parts)


def _float(token: bytes | float) -> float:
    try:
        return float(token)
    except ValueError:
        return 0.0


def _at(ctm: Matrix, x: bytes | float, y: bytes | float) -> tuple[float, float]:
    """The point ``(x, y)`` of user space on the page (the default space: origin at the bottom left)."""
    u, v = _float(x), _float(y)
    a, b, c, d, e, f = ctm
    return (a * u + c * v + e, b * u + d * v + f)


def pdf_labels(source: Path | str | bytes) -> dict[int, list[tuple[float, float, float, float]]]:
    """The drawn labels of each page (1-based) of a PDF; empty when it tags no ``/Lbl`` or cannot be read.

    A file is searched for ``/Lbl`` a megabyte at a time (a scan of a thousand
    pages is not read into memory for it); a page whose content is larger than
    :data:`LARGEST_CONTENT` is left as it is.
    """
    if not (b"/Lbl" in source if isinstance(source, bytes) else _tagged(source)):
        return {}
    import io
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    out: dict[int, list[tuple[float, float, float, float]]] = {}
    try:
        reader = PdfReader(io.BytesIO(source) if isinstance(source, bytes) else str(source))
        for number, page in enumerate(reader.pages, 1):
            contents = page.get_contents()
            if contents is None:
                continue
            stream = contents.get_data()
            if b"/Lbl" not in stream or len(stream) > LARGEST_CONTENT:
                continue
            box = page.cropbox
            found = labels(stream, float(box.top))
            left = float(box.left)
            top_gap = float(page.mediabox.top) - float(box.top)
            out[number] = [(a - left, b - left, c - top_gap, d - top_gap) for a, b, c, d in found]
    except Exception:  # a PDF pypdf cannot read: no labels, the text and boxes as they are
        return {}
    return out


#: A page's content stream larger than this (bytes) is not read for labels: a page of text
#: and bullets holds tens of kilobytes; more is a drawing or a scan, read in linear time
#: but for nothing.
LARGEST_CONTENT = 16 << 20
_CHUNK = 1 << 20


def _tagged(path: Path | str) -> bool:
    """Does the file hold ``/Lbl`` (read a chunk at a time, a few bytes kept across chunks)?

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile(delete=False) as f:
    ...     _ = f.write(b"x" * (_CHUNK - 2) + b"/Lbl")
    >>> _tagged(f.name), _tagged("/no/such/file"); os.unlink(f.name)
    (True, False)
    """
    try:
        with open(path, "rb") as f:
            tail = b""
            while chunk := f.read(_CHUNK):
                if b"/Lbl" in tail + chunk[:4] or b"/Lbl" in chunk:
                    return True
                tail = chunk[-3:]
    except OSError:
        return False
    return False


def mark_labels(
    boxes: Sequence[LineBox | None], found: dict[int, list[tuple[float, float, float, float]]]
) -> list[LineBox | None]:
    """The boxes, each line that a drawn label stands before marked (``label``).

    Before: the label's middle within the line's height, its right edge left of
    the line's left edge by at most :data:`NEAR` font heights.

    >>> from srtext.geometry.box import LineBox
    >>> line = LineBox(1, 612.0, 792.0, 48.0, 300.0, 88.0, 76.0, 90.0, 12.0, 0, 0, None)
    >>> [b.label for b in mark_labels([line, line._replace(page=2)], {1: [(34.0, 37.0, 78.0, 81.0)]})]
    [True, False]
    """
    if not found:
        return list(boxes)
    return list(_marked(boxes, found))


def _marked(
    boxes: Sequence[LineBox | None], found: dict[int, list[tuple[float, float, float, float]]]
) -> Iterator[LineBox | None]:
    for b in boxes:
        if b is None or b.page not in found:
            yield b
            continue
        hit = any(
            b.top <= (top + bottom) / 2 <= b.bottom and 0 <= b.left - right <= NEAR * b.font_height
            for _left, right, top, bottom in found[b.page]
        )
        yield b._replace(label=True) if hit else b

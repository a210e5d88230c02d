"""pdftotext's ``-bbox-layout`` XHTML to the text its default mode writes, and a box per line.

poppler's ``pdftotext -bbox-layout`` writes, for every page, the same flows,
blocks, lines and words that its default (reading-order) mode prints: both come
from one ``TextPage`` that poppler builds once.  The default mode prints each
line's words (one space between two words where there was space on the page),
a line end after each line, one more line end after each flow, and a form feed
after each page.  :func:`parse_bbox` writes the same text from the XHTML, line
by line, and appends one entry to the geometry for every line end it writes: a
:class:`~srtext.geometry.box.LineBox` after a printed line, ``None`` after the
blank line that closes a flow.  The text and its geometry are therefore aligned
by construction, whatever the words say: ``len(boxes)`` is the number of
physical lines of ``text`` (the form feed after the last page counts as one,
with ``None``).

poppler's default mode also joins a line that ends in an ASCII hyphen to the
next line of its flow, without the hyphen; :func:`parse_bbox` does the same and
gives the joined line the union of the printed lines' boxes.  What the XHTML
does not say is whether poppler put a space between two adjacent words (its
``spaceAfter`` depends on the font size, which the XHTML lacks): a space is
written where the gap is at least 0.025 word-box heights (poppler: 0.03 font
sizes) or, in a line of one-character words, 1.3 times the least gap; along y
in a rotated line.  Right-to-left runs are reordered as poppler's
``reorderText`` does.  Measured (bench/geometry.py, docs/geometry.md): 99.48% of
33,173 lines of 146 PDFs identical to ``pdftotext x.pdf -``, the rest formulas'
spaces; tests/test_geometry.py asserts 99% on the committed PDFs.

So for a PDF srtext does not rebuild the text: it runs the default mode beside
``-bbox-layout`` and :func:`align` gives each line of the default text the box
of the XHTML's line at the same place (the same number of lines in 146 of 146
PDFs; otherwise lines equal but for spaces are paired).  The rebuilt text is
used only where there is no PDF: the XHTML on standard input or in a file.
"""

from __future__ import annotations

import itertools
import math
import re

from srtext.geometry.box import LineBox, columns_of
from srtext.geometry.sniff import is_bbox as is_bbox
from srtext.pipeline.lines import split_physical
from srtext.pipeline.width import display_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

_TAG = re.compile(
    r'<(?:page width="(?P<w>[^"]*)" height="(?P<h>[^"]*)"'
    r"|(?P<tag>/page|flow|/flow)"
    r'|(?P<kind>block|line|word) xMin="(?P<x0>[^"]*)" yMin="(?P<y0>[^"]*)"'
    r' xMax="(?P<x1>[^"]*)" yMax="(?P<y1>[^"]*)")'
    r">(?:(?P<text>[^<]*)</word>)?"
)
_RTL = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&#39;", "'"), ("&amp;", "&"))
SPACE = 0.025  # a gap of this many word heights is a space: poppler's 0.03 font sizes (maxCharSpacing)
WIDE = 1.3  # poppler's maxWideCharSpacingMul: in a line of one-character words, 1.3 times the least gap
RLE, LRE, POP = "\u202b", "\u202a", "\u202c"
DESCENT = 0.2  # the part of a word box's height below the baseline, as estimated


def _unescape(text: str) -> str:
    """
    >>> _unescape("a&amp;lt;b &lt;c&gt;")
    'a&lt;b <c>'
    """
    if "&" in text:
        for entity, char in _ENTITIES:
            text = text.replace(entity, char)
    return text


class _Word:
    __slots__ = ("text", "x0", "x1", "y0", "y1")

    def __init__(self, text: str, x0: float, y0: float, x1: float, y1: float) -> None:
        self.text, self.x0, self.y0, self.x1, self.y1 = text, x0, y0, x1, y1


_Line = tuple[float, float, float, float, list[_Word]]
_Flow = list[tuple[tuple[float, float, float, float], list[_Line]]]


def line_text(words: list[_Word], rotated: bool = False) -> str:
    """The words of a line as pdftotext's default mode prints them (``rotated``: up or down the page).

    >>> w = [_Word("E", 0, 0, 8, 10), _Word("=", 10, 0, 16, 10), _Word("mc", 18, 0, 30, 10)]
    >>> line_text([*w, _Word("2", 30, -2, 34, 5)])
    'E = mc2'
    """
    if len(words) == 1:
        return words[0].text
    space = _space(words, rotated)
    parts = [words[0].text]
    for before, word in itertools.pairwise(words):
        if _gap(before, word, rotated) >= space:
            parts.append(" ")
        parts.append(word.text)
    return "".join(parts)


def _bidi(kind: str) -> str:
    """A character's direction as poppler's ``unicodeTypeR``/``L``/``Num`` see it: R, L, N (number) or ''."""
    if kind in ("R", "AL"):
        return "R"
    if kind == "L":
        return "L"
    return "N" if kind in ("EN", "AN", "CS", "ES", "ET") else ""


def reorder(text: str, left_to_right: bool) -> str:
    """A line's characters (in the order on the page) as poppler's default mode writes them.

    poppler keeps characters in visual order and writes a right-to-left run
    reversed between RLE and POP marks (U+202B, U+202C); on a page that is
    mostly right-to-left, the whole line is so written, its left-to-right runs
    between LRE and POP (poppler's ``reorderText``).

    >>> reorder("abc", True)
    'abc'
    >>> [hex(ord(c)) for c in reorder("\u05d0\u05d1 x", True)]
    ['0x202b', '0x20', '0x5d1', '0x5d0', '0x202c', '0x78']
    """
    import unicodedata

    kinds = [_bidi(unicodedata.bidirectional(c)) for c in text]
    out: list[str] = []
    n = len(text)
    if left_to_right:
        i = 0
        while i < n:
            j = i
            while j < n and kinds[j] != "R":
                j += 1
            out.append(text[i:j])
            i = j
            while j < n and kinds[j] not in ("L", "N"):
                j += 1
            if j > i:
                out += [RLE, text[i:j][::-1], POP]
                i = j
        return "".join(out)
    out.append(RLE)
    i = n - 1
    while i >= 0:
        j = i
        while j >= 0 and kinds[j] not in ("L", "N"):
            j -= 1
        out.append(text[j + 1 : i + 1][::-1])
        i = j
        while j >= 0 and kinds[j] != "R":
            j -= 1
        if j < i:
            out += [LRE, text[j + 1 : i + 1], POP]
            i = j
    out.append(POP)
    return "".join(out)


def _space(words: list[_Word], rotated: bool) -> float:
    """The least gap between two words that poppler prints as a space, in points."""
    if len(words) > 1 and all(len(w.text) == 1 for w in words):
        least = min(_gap(a, b, rotated) for a, b in itertools.pairwise(words))
        if least > 0:
            return WIDE * least
    first = words[0]
    return SPACE * (first.x1 - first.x0 if rotated else first.y1 - first.y0)


def _gap(before: _Word, word: _Word, rotated: bool) -> float:
    """The gap between two words along the line: across the page, or up or down it when rotated."""
    if rotated:
        return max(word.y0 - before.y1, before.y0 - word.y1)
    return word.x0 - before.x1


def parse_bbox(xhtml: str) -> tuple[str, list[LineBox | None]]:
    """The text pdftotext's default mode writes for the same PDF, and one box per line of it.

    >>> text, boxes = parse_bbox(_DOCTEST)
    >>> text
    'Fish &chips\\nfried\\n\\n\\x0c\\x0c'
    >>> [(b.page, b.top, b.gap_before, b.font_height) if b else b for b in boxes]
    [(1, 90.0, None, 10.0), (1, 112.0, 12.0, 13.0), None, None]
    """
    out: list[str] = []
    boxes: list[LineBox | None] = []
    for number, (width, height, flows) in enumerate(_pages(xhtml), 1):
        blocks = [block for flow in flows for block, _lines in flow]
        columns = columns_of([(b[0], b[2]) for b in blocks], width)
        last_bottom: dict[int, float] = {}
        left_to_right = _left_to_right(flows)
        index = 0
        for flow in flows:
            # a hyphenated line poppler joins to the next: its text, printed lines and gap before
            pending: tuple[str, list[_Line], float | None] | None = None
            for b, (_rect, lines) in enumerate(flow):
                column = columns[index]
                for i, line in enumerate(lines):
                    words = line[4]
                    if not words:
                        continue
                    rotated = len(words) > 1 and line[3] - line[1] > line[2] - line[0]  # taller than wide
                    text = line_text(words, rotated)
                    hyphen = text.endswith("-") and (i + 1 < len(lines) or b + 1 < len(flow))
                    if left_to_right is not None:
                        text = reorder(text[:-1] if hyphen else text, left_to_right) + ("-" if hyphen else "")
                    gap = line[1] - last_bottom[column] if column in last_bottom else None
                    last_bottom[column] = line[3]
                    parts = [line]
                    if pending is not None:
                        text, parts, gap = pending[0] + text, pending[1] + parts, pending[2]
                    if hyphen:
                        pending = (text[:-1], parts, gap)
                        continue
                    pending = None
                    out.append(text)
                    out.append("\n")
                    boxes.append(_finite(_box(number, width, height, parts, index, column, gap)))
                index += 1
            out.append("\n")
            boxes.append(None)
        out.append("\f")
    if out:
        boxes.append(None)  # the line the last form feed starts, which has no text
    return "".join(out), boxes


# The fast reading of a PDF's XHTML (:class:`BoxReader`): a line with its words' XHTML, a block's
# left and right, a flow's or a page's start or end; then the words of each line.
_TAG_FAST = re.compile(
    r'<(?:line xMin="([^"]*)" yMin="([^"]*)" xMax="([^"]*)" yMax="([^"]*)">'
    r"([^<]*(?:<(?!/line>)[^<]*)*)</line>"  # the words: any tags but </line>, fast (no lazy .*?)
    r'|block xMin="([^"]*)" yMin="[^"]*" xMax="([^"]*)"'
    r'|(flow|/flow|/page)>|page width="([^"]*)" height="([^"]*)")'
)
# (a word with a line end in its text is not read: the count of words found then says so)
_WORD = re.compile(r'<word xMin="[^"]*" yMin="([^"]*)" xMax="[^"]*" yMax="([^"]*)">([^<\r\n]*)</word>')
_PAGE_END = b"</page>"


class BoxReader:
    """The boxes :func:`parse_bbox` gives, read from the XHTML of a PDF as it arrives, page by page.

    For a PDF, srtext takes the text from pdftotext's default mode and only the
    boxes from the XHTML (see :func:`align`), so the words' text need not be
    rebuilt: :meth:`feed` reads each complete page (five patterns, each a pass in
    C, and the boxes), while pdftotext writes the next.  :meth:`close` gives the
    boxes, or None when they could differ from :func:`parse_bbox`'s: XHTML that is
    not poppler's as expected (the tags each pattern found are not all there
    are), a word with no text or a line end in it, a line that could be longer
    than :data:`~srtext.pipeline.lines.MAX_PIECE`; the caller then reads the
    whole XHTML with :func:`parse_bbox` (:meth:`xhtml`).  :attr:`lines` is the
    number of lines of :func:`parse_bbox`'s text (``len(split_physical(text))``).

    >>> reader = BoxReader()
    >>> data = _DOCTEST.encode()
    >>> reader.feed(data[:300]); reader.feed(data[300:])
    >>> reader.close() == parse_bbox(_DOCTEST)[1], reader.lines
    (True, 4)
    >>> reader = BoxReader(); reader.feed(_DOCTEST.replace("fried", "").encode()); reader.close() is None
    True
    """

    def __init__(self) -> None:
        self.boxes: list[LineBox | None] = []
        self.exact = True
        self._chunks: list[bytes] = []
        self._tail = b""  # what came after the last page end read
        self._pages = 0

    @property
    def lines(self) -> int:
        return len(self.boxes)

    def xhtml(self) -> str:
        """All the XHTML fed, decoded as :func:`parse_bbox` reads it."""
        return b"".join(self._chunks).decode("utf-8", "surrogateescape")

    def feed(self, data: bytes) -> None:
        """Read the pages that ``data`` completes."""
        self._chunks.append(data)
        if not self.exact or not data:
            return
        edge = self._tail[-len(_PAGE_END) + 1 :] + data[: len(_PAGE_END) - 1]  # an end cut in two
        if _PAGE_END not in edge and data.rfind(_PAGE_END) < 0:
            self._tail += data
            return
        tail = self._tail + data
        end = tail.rfind(_PAGE_END) + len(_PAGE_END)
        self._tail = tail[end:]
        self._pages_of(tail[:end].decode("utf-8", "surrogateescape"))

    def close(self) -> list[LineBox | None] | None:
        """The boxes, or None when :func:`parse_bbox` must read the XHTML (see the class)."""
        if self.exact:
            rest = self._tail.decode("utf-8", "surrogateescape")
            self.exact = "<page " not in rest and "<word " not in rest and "<line " not in rest
        if not self.exact:
            return None
        if self._pages:
            self.boxes.append(None)  # the line the last form feed starts
        return self.boxes

    def _pages_of(self, xhtml: str) -> None:
        """Read the complete pages of ``xhtml``; not exact when a tag is not where it belongs."""
        found = [0, 0, 0, 0, 0]  # the pages, flows, blocks, lines and words read
        flows: list[list[tuple[float, float, list[_FastLine]]]] | None = None
        flow: list[tuple[float, float, list[_FastLine]]] | None = None
        lines: list[_FastLine] | None = None
        size = (0.0, 0.0)
        for x0, y0, x1, y1, body, left, right, tag, width, height in _TAG_FAST.findall(xhtml):
            if x0:
                if lines is None:
                    break
                words = _WORD.findall(body)
                found[4] += len(words)
                lines.append((float(x0), float(y0), float(x1), float(y1), words, len(body)))
            elif left:
                if flow is None:
                    break
                lines = []
                flow.append((float(left), float(right), lines))
            elif width:
                if flows is not None:
                    break
                flows, flow, lines, size = [], None, None, (float(width), float(height))
                found[0] += 1
            elif flows is None:
                break
            elif tag == "flow":
                flow, lines = [], None
                flows.append(flow)
            elif tag == "/flow":
                flow = lines = None
            else:  # </page>
                self._pages += 1
                if not self._page(self._pages, size[0], size[1], flows, found):
                    break
                flows = flow = lines = None
        else:
            tags = ("<page ", "<flow>", "<block ", "<line ", "<word ")
            self.exact = flows is None and found == [xhtml.count(tag) for tag in tags]
            return
        self.exact = False

    def _page(
        self,
        number: int,
        width: float,
        height: float,
        flows: list[list[tuple[float, float, list[_FastLine]]]],
        found: list[int],
    ) -> bool:
        """Append the page's boxes as :func:`parse_bbox` makes them, counting its flows, blocks and
        lines into ``found``; False when they might not be :func:`parse_bbox`'s (see the class)."""
        found[1] += len(flows)
        for flow in flows:
            found[2] += len(flow)
            for block in flow:
                found[3] += len(block[2])
        columns = columns_of([(b[0], b[1]) for flow in flows for b in flow], width)
        last_bottom: dict[int, float] = {}
        boxes = self.boxes
        index = 0
        for flow in flows:
            pending: tuple[list[_FastLine], float | None, int] | None = None
            for b, (_x0, _x1, lines) in enumerate(flow):
                column = columns[index]
                for i, line in enumerate(lines):
                    words = line[4]
                    if not words:
                        continue
                    last = words[-1][2]
                    size = line[5]  # its XHTML's length, more than its words' characters and one after each
                    if size > _LONGEST:
                        size = sum(len(w[2]) + 1 for w in words)
                    if not last or size > _LONGEST:
                        return False  # the hyphen asks the text's end; a long line may be cut
                    hyphen = last[-1] == "-" and (i + 1 < len(lines) or b + 1 < len(flow))
                    gap = line[1] - last_bottom[column] if column in last_bottom else None
                    last_bottom[column] = line[3]
                    parts = [line]
                    if pending is not None:
                        parts, gap, size = pending[0] + parts, pending[1], pending[2] + size
                        if size > _LONGEST:
                            return False
                    if hyphen:
                        pending = (parts, gap, size)
                        continue
                    pending = None
                    boxes.append(_finite(_fast_box(number, width, height, parts, index, column, gap)))
                index += 1
            boxes.append(None)
        return True


_FastLine = tuple[float, float, float, float, list[tuple[str, str, str]], int]
# Characters of a line's words (and one after each) beyond which its text, with spaces and
# right-to-left marks (at most 4 characters for each), might be longer than MAX_PIECE and cut.
_LONGEST = (1 << 16) // 4


def font_height(words: list[tuple[float, str]]) -> float:
    """A line's type size: the upper median height of its words' boxes, of words with a letter or digit.

    A picture character's box (an emoji before a README's heading, a bullet, an
    arrow) is taller than the type around it: in a short heading it would be
    the median and make the heading look larger than its type.  Such words count
    only in a line that has no other.

    >>> font_height([(18.0, "\N{ROCKET}"), (12.0, "Install")]), font_height([(18.0, "\N{ROCKET}")])
    (12.0, 18.0)
    >>> font_height([(10.0, "a"), (12.0, "Bb"), (11.0, "c")])
    11.0
    """
    heights = sorted(h for h, text in words if any(ch.isalnum() for ch in text)) or sorted(
        h for h, _ in words
    )
    return heights[len(heights) // 2]


def _baseline(words: list[tuple[float, float, int]], bottom: float) -> float:
    """A printed line's baseline: where most of its letters stand, not its lowest glyph's foot.

    Each word's box reaches :data:`DESCENT` of its height below its own
    baseline; the line's is the median of its words' baselines, each word
    counted by its characters.  The line's bottom edge would follow a subscript,
    an index, a lowered letter of the TeX logo ("LaTeX2e"), inline code in a
    font with a deeper descent: the line would seem to stand lower than it does,
    and the gap above it to be a paragraph's.  Without words (a box with no
    text), the bottom edge.

    >>> _baseline([(100.0, 110.0, 9), (100.0, 110.0, 5), (104.0, 112.5, 1)], 112.5)
    108.0
    >>> _baseline([], 110.0)
    110.0
    """
    if not words:
        return bottom
    feet = sorted((y1 - DESCENT * (y1 - y0), max(n, 1)) for y0, y1, n in words)
    half = sum(n for _foot, n in feet) / 2
    seen = 0
    for foot, n in feet:
        seen += n
        if seen >= half:
            return foot
    return feet[-1][0]


def _fast_box(
    page: int, width: float, height: float, parts: list[_FastLine], block: int, column: int, gap: float | None
) -> LineBox:
    """:func:`_box` of lines whose words are (yMin, yMax, text) as the XHTML writes them."""
    if len(parts) == 1:
        left, right = parts[0][0], parts[0][2]
    else:
        left = min(part[0] for part in parts)
        right = max(part[2] for part in parts)
    words = [
        (float(y1) - float(y0), _unescape(text) if "&" in text else text)
        for part in parts
        for y0, y1, text in part[4]
    ]
    font = font_height(words)
    bottom = parts[-1][3]
    baseline = _baseline([(float(y0), float(y1), len(text)) for y0, y1, text in parts[-1][4]], bottom)
    return LineBox(
        page,
        width,
        height,
        left,
        right,
        baseline,
        parts[0][1],
        bottom,
        font,
        block,
        column,
        gap,
        _cells([text for _h, text in words]) if len(parts) == 1 else 0,
        _cjk([text for _h, text in words]),
    )


def _cells(words: list[str]) -> int:
    """The display width of one printed line's words and the spaces between them.

    >>> _cells(["Rivers", "run"]), _cells(["中文", "x"])
    (10, 6)
    """
    return sum(map(display_width, words)) + len(words) - 1


def _cjk(words: list[str]) -> bool:
    """Does a word hold a character two cells wide (CJK)?

    >>> _cjk(["Rivers", "café"]), _cjk(["中文", "x"])
    (False, True)
    """
    return any(not w.isascii() and display_width(w) > len(w) for w in words)


def read_xhtml(text: str, keep: bool = True) -> tuple[str, list[LineBox | None] | None]:
    """A text that may be pdftotext's XHTML: its lines' text and boxes (``keep`` False: None), else itself.

    >>> read_xhtml("plain text\\n")
    ('plain text\\n', None)
    """
    if not is_bbox(text[:4096].encode("utf-8", "surrogateescape")):
        return text, None
    read, boxes = parse_bbox(text)
    return read, boxes if keep else None


def align(text: str, read: str, boxes: Sequence[LineBox | None]) -> list[LineBox | None]:
    """The boxes of ``read``'s lines, moved to the same lines of ``text`` (pdftotext's default output).

    ``read`` is :func:`parse_bbox`'s text and ``boxes`` its boxes.  The two texts
    have the same lines (146 of 146 PDFs measured: the same number, and 99.8% the
    same but for spaces), so the boxes are taken as they are when the numbers of
    lines agree; otherwise lines that are equal without their spaces are paired
    (:class:`difflib.SequenceMatcher`) and a line of ``text`` left unpaired has no box.

    >>> b = parse_bbox(_DOCTEST)[1]
    >>> align("Fish & chips\\nfried\\n\\n\\x0c\\x0c", "Fish &chips\\nfried\\n\\n\\x0c\\x0c", b) == b
    True
    >>> [x.top if x else x for x in align("Fish &chips\\n\\n\\x0c", "Fish &chips\\nfried\\n\\n\\x0c\\x0c", b)]
    [90.0, None, None]
    """
    want, got = split_physical(text), split_physical(read)
    if len(want) == len(got):
        return list(boxes)
    import difflib

    squeeze = [line.replace(" ", "").strip() for line in want]
    matcher = difflib.SequenceMatcher(
        None, squeeze, [line.replace(" ", "").strip() for line in got], autojunk=False
    )
    aligned: list[LineBox | None] = [None] * len(want)
    for a, b, size in matcher.get_matching_blocks():
        aligned[a : a + size] = boxes[b : b + size]
    return aligned


def _left_to_right(flows: list[_Flow]) -> bool | None:
    """Is the page mostly left-to-right (poppler's ``primaryLR``)?  None: no right-to-left letter at all."""
    text = "".join(w.text for flow in flows for _rect, lines in flow for line in lines for w in line[4])
    if not _RTL.search(text):
        return None
    import unicodedata

    kinds = [_bidi(unicodedata.bidirectional(c)) for c in text]
    return kinds.count("L") >= kinds.count("R")


def _box(
    page: int, width: float, height: float, parts: list[_Line], block: int, column: int, gap: float | None
) -> LineBox:
    """The box of one line of text: one printed line, or several that poppler joined at hyphens.

    ``gap`` is the gap before the first part; a joined line's box is the union
    of its parts, its baseline the last part's.
    """
    font = font_height([(w.y1 - w.y0, w.text) for part in parts for w in part[4]])
    left = min(part[0] for part in parts)
    right = max(part[2] for part in parts)
    bottom = parts[-1][3]
    baseline = _baseline([(w.y0, w.y1, len(w.text)) for w in parts[-1][4]], bottom)
    cells = _cells([w.text for w in parts[0][4]]) if len(parts) == 1 else 0
    cjk = _cjk([w.text for part in parts for w in part[4]])
    top = parts[0][1]
    return LineBox(
        page, width, height, left, right, baseline, top, bottom, font, block, column, gap, cells, cjk
    )


def _finite(box: LineBox) -> LineBox | None:
    """The box, or None when a number of it is not finite ("nan", "inf" in the XHTML): no place.

    >>> b = parse_bbox(_DOCTEST)[1][0]
    >>> _finite(b) == b, _finite(b._replace(font_height=float("nan")))
    (True, None)
    """
    return box if math.isfinite(box.top + box.bottom + box.left + box.right + box.font_height) else None


def _pages(xhtml: str) -> Iterator[tuple[float, float, list[_Flow]]]:
    """Each page's width, height and flows (blocks of lines of words), in the order written.

    Raises ValueError for XHTML that is not poppler's ``-bbox-layout`` (words
    without lines, a line outside a block, a block outside a flow, a coordinate
    that is not a number) or that was cut short (it ends inside a page: the
    pages after it would be lost without a word).  The tags are read with one
    ``findall`` (tuples made in C, 5x faster than a match object's groups).

    >>> list(_pages(_DOCTEST[:200]))
    Traceback (most recent call last):
    ValueError: pdftotext -bbox-layout output cut short: it ends inside page 1
    >>> list(_pages(_DOCTEST.replace('xMin="50"', 'xMin="fifty"')))
    Traceback (most recent call last):
    ValueError: not pdftotext -bbox-layout output: a coordinate is not a number ('fifty')
    """
    try:
        yield from _read_pages(xhtml)
    except ValueError as e:
        if not str(e).startswith("could not convert"):
            raise
        raise ValueError(
            f"not pdftotext -bbox-layout output: a coordinate is not a number ({str(e).rsplit(': ', 1)[-1]})"
        ) from None


def _read_pages(xhtml: str) -> Iterator[tuple[float, float, list[_Flow]]]:
    """:func:`_pages`, but for the clearer message of a coordinate that is not a number."""
    size: tuple[float, float] | None = None
    flows: list[_Flow] = []
    flow: _Flow | None = None
    lines: list[_Line] | None = None
    words: list[_Word] | None = None
    pages = 0
    for width, height, tag, kind, x0, y0, x1, y1, text in _TAG.findall(xhtml):
        if kind == "word":
            if words is None:
                raise ValueError(_NOT_LAYOUT)
            words.append(_Word(_unescape(text), float(x0), float(y0), float(x1), float(y1)))
        elif kind == "line":
            if lines is None:
                raise ValueError(_NOT_LAYOUT)
            words = []
            lines.append((float(x0), float(y0), float(x1), float(y1), words))
        elif kind == "block":
            if flow is None:
                raise ValueError(_NOT_LAYOUT)
            lines, words = [], None
            flow.append(((float(x0), float(y0), float(x1), float(y1)), lines))
        elif width:
            size, flows, flow, lines, words = (float(width), float(height)), [], None, None, None
        elif size is None:
            raise ValueError(_NOT_LAYOUT)
        elif tag == "flow":
            flow = []
            flows.append(flow)
            lines = words = None
        elif tag == "/flow":
            flow = lines = words = None
        else:  # </page>
            yield size[0], size[1], flows
            size = None
            pages += 1
    if size is not None:
        raise ValueError(f"pdftotext -bbox-layout output cut short: it ends inside page {pages + 1}")


_NOT_LAYOUT = "not pdftotext -bbox-layout output (words outside lines, blocks or flows; -bbox has no lines)"


# the document of the doctests: one page of two lines in one block, then an empty page
_DOCTEST = (
    '<doc><page width="600" height="800"><flow>'
    '<block xMin="50" yMin="90" xMax="200" yMax="125">'
    '<line xMin="50" yMin="90" xMax="200" yMax="100">'
    '<word xMin="50" yMin="90" xMax="100" yMax="100">Fish</word>'
    '<word xMin="102" yMin="90" xMax="200" yMax="100">&amp;chips</word></line>'
    '<line xMin="50" yMin="112" xMax="90" yMax="125">'
    '<word xMin="50" yMin="112" xMax="90" yMax="125">fried</word></line>'
    '</block></flow></page><page width="600" height="800"></page></doc>'
)

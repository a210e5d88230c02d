"""Line widths and the column width CW.

The histogram of line widths of a text made mostly of paragraphs is bimodal:
a mode near 0 (empty lines, page numbers, table cells, formula debris) and a mode
at the width of the text column.  The paper splits the histogram at the mean width
``l_avg`` and takes the most frequent width at or above it as CW.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import accumulate, repeat

from srtext.lang import LATIN_ON_CJK_LINE
from srtext.pipeline.classify import LineClass, is_finished
from srtext.pipeline.lines import CHARS_PER_WINDOW_LINE, PAGE_BREAK, Line
from srtext.pipeline.patterns import lazy, pattern

#: A line measured: its width, the column width CW when it is released, its class.
Measured = tuple[Line, int, int, LineClass]

_WIDE = lazy(r"[\p{East_Asian_Width=Wide}\p{East_Asian_Width=Fullwidth}]")
_ZERO = lazy(r"[\p{Mn}\p{Me}\p{Cf}]")
_SPECIAL = pattern(r"[\p{East_Asian_Width=Wide}\p{East_Asian_Width=Fullwidth}\p{Mn}\p{Me}\p{Cf}]")
_DELTAS: dict[str, int] = {}
# The non-ASCII characters of a line (the standard re: a plain range, no property classes).
_NON_ASCII = re.compile("[^\\x00-\\x7f]").findall


def display_width(text: str) -> int:
    """Columns the text takes in a monospaced rendering.

    East Asian wide and full-width characters count two, combining marks and
    format characters zero, everything else one.

    >>> display_width("column")
    6
    >>> display_width("中文")
    4
    >>> display_width("e\\u0301")
    1
    >>> display_width("α ≤ 中 x\\u00ad"), display_width("中文" * 5 + "\\u0301")
    (8, 20)
    """
    if text.isascii():
        return len(text)
    chars = _NON_ASCII(text)
    if len(chars) <= 8:  # a few (most non-ASCII lines): each one's width known once (_delta)
        return len(text) + sum(map(_delta, chars))
    special = _SPECIAL.findall(text)  # one search: most non-ASCII lines have no such character
    if not special:
        return len(text)
    return len(text) + sum(_delta(c) for c in special)


def _ascii_kinds() -> tuple[int, tuple[tuple[bytes, int], ...]]:
    """An ASCII sign's width on a CJK line and, for each other kind of ASCII character, its
    bytes and what one adds to that, in twentieths of a column (:data:`LATIN_ON_CJK_LINE`)."""
    share = LATIN_ON_CJK_LINE
    kinds = {"upper": str.isupper, "lower": str.islower, "digit": str.isdigit, "space": " ".__eq__}
    other = share["other"]
    return other, tuple(
        (bytes(c for c in range(128) if test(chr(c))), share[kind] - other) for kind, test in kinds.items()
    )


_OTHER, _KINDS = _ascii_kinds()


def typeset_width(text: str) -> int:
    """The display width, with a CJK line's Latin text at the width type gives it.

    A Chinese or Japanese line set in a proportional font holds its Latin words
    at their typeset widths, not at one column a character: capitals are wider,
    spaces narrower (:data:`srtext.lang.LATIN_ON_CJK_LINE`), so that a CJK line
    that holds "SELinux (Security Enhanced Linux)" fills the column at a display
    width of 49 columns of 56.  Lines without a wide character are measured as
    :func:`display_width` measures them.  The histogram, and so CW, stays of
    display widths (:func:`with_column_width`): on the tuning documents CW from
    typeset widths did no better (Chinese and Japanese, real and broad corpora:
    251 broken sentences, 627 NL+, 675 NL-, against 250, 627, 680) and moved CW
    by a column in some documents.

    >>> typeset_width("SELinux (Security Enhanced Linux) は Linux の LSM")
    52
    >>> display_width("SELinux (Security Enhanced Linux) は Linux の LSM")
    49
    >>> typeset_width("使用 rsync 同步"), typeset_width("Plain Latin text")
    (14, 16)
    """
    if text.isascii():
        return len(text)
    return _widths(text)[1]


@lru_cache(maxsize=4096)
def _widths(text: str) -> tuple[int, int]:
    """A non-ASCII line's display and typeset widths, kept: the weighing and the rules ask again."""
    shown = display_width(text)
    return shown, _on_cjk_line(text, shown)


def _on_cjk_line(text: str, width: int) -> int:
    """:func:`typeset_width` of a text whose display width is ``width``."""
    if width <= len(text) or "  " in text:  # no wide character, or laid out in columns (-layout)
        return width
    latin = text.encode("ascii", "ignore")  # kinds counted by bytes.translate: no loop per character
    n = len(latin)
    twentieths = n * _OTHER
    for chars, extra in _KINDS:
        twentieths += (n - len(latin.translate(None, chars))) * extra
    return width - n + (twentieths + 10) // 20


def _delta(char: str) -> int:
    """What a character adds to a line's width beyond one column: +1 wide, -1 zero width (0 both)."""
    delta = _DELTAS.get(char)
    if delta is None:
        delta = (_WIDE.match(char) is not None) - (_ZERO.match(char) is not None)
        if len(_DELTAS) < 4096:
            _DELTAS[char] = delta
    return delta


def mean_width(histogram: Counter[int]) -> float:
    """The mean width, ``l_avg``, of the lines counted in a histogram.

    >>> mean_width(Counter({0: 2, 10: 2}))
    5.0
    >>> mean_width(Counter())
    0.0
    """
    total = sum(histogram.values())
    if not total:
        return 0.0
    return sum(w * n for w, n in histogram.items()) / total


# A line this many times wider than the median non-empty line, and wider than
# OUTLIER_FLOOR columns, is an outlier (a table or a whole text on one line): left
# out of the column-width estimate.  The widest line of the corpora and of
# arxiv-dev is 282 columns, 47 times its document's median: none is an outlier.
OUTLIER_FACTOR = 8
OUTLIER_FLOOR = 1000


def outlier_width(histogram: Counter[int]) -> int | None:
    """The width above which a line is an outlier, or None when the histogram has no line above it.

    >>> outlier_width(Counter({0: 5, 80: 100, 10_000: 1}))
    1000
    >>> outlier_width(Counter({0: 5, 80: 100, 250: 3})) is None
    True
    """
    total = sum(n for w, n in histogram.items() if w)
    if not total:
        return None
    seen, median = 0, 0
    for width in sorted(w for w in histogram if w):
        seen += histogram[width]
        if 2 * seen >= total:
            median = width
            break
    limit = max(OUTLIER_FLOOR, OUTLIER_FACTOR * median)
    return limit if max(histogram) > limit else None


def column_width(histogram: Counter[int], robust: bool = False) -> int:
    """The paper's CW: the width the most lines have among widths >= ``l_avg``.

    Ties go to the smaller width.  An empty histogram (or one of empty lines only)
    gives 1, so that no division by zero can follow.  ``robust`` (the default
    mode's) leaves outliers (:func:`outlier_width`) out, so that one line of
    10,000 characters cannot move CW.

    >>> column_width(Counter({0: 10, 2: 8, 60: 3, 62: 5, 63: 5}))
    62
    >>> column_width(Counter())
    1
    >>> skewed = Counter({0: 30, 40: 10, 78: 30, 80: 50, 10_000: 1})
    >>> column_width(skewed), column_width(skewed, robust=True)
    (10000, 80)
    """
    if robust and (limit := outlier_width(histogram)) is not None:
        histogram = Counter({w: n for w, n in histogram.items() if w <= limit})
    l_avg = mean_width(histogram)
    best, best_count = 0, -1
    for width in sorted(histogram):
        if width >= l_avg and histogram[width] > best_count:
            best, best_count = width, histogram[width]
    return max(best, 1)


#: The band of widths below the margin that a column's wrapped lines fill: from
#: this share of the margin's width to a little past it (a ragged right edge ends
#: its lines anywhere in the last tenth; a proportional font's justified lines
#: hold a few characters more or fewer than the mode).
MARGIN_BAND = (0.9, 1.03)
MARGIN_LINES = 8
#: A margin this many times CW or more is no column's own (:func:`margin_width`): two columns
#: read one at a time make lines a little under half the page's width (a gutter between), so
#: a page's full-width lines (a title, an abstract, a wide table) stand at up to about 2.15
#: times the column; a README's or a web page's prose stands at 2.5 to 5 times its code lines.
FAR_MARGIN = 2.2
#: A line this wide (a share of CW) reached the margin (:meth:`WidthStats.lines_per_paragraph`).
FULL_LINE = 0.9
#: A line that ends a sentence this far short of CW, under a full line, ended its paragraph.
SHORT_END = 0.8
#: The most lines a paragraph is counted as holding (:meth:`WidthStats.lines_per_paragraph`).
MAX_PARAGRAPH_LINES = 16.0


def _in_band(widths: list[int], counts: list[int], width: int) -> int:
    """Lines with a width in ``width``'s band, from sorted ``widths`` and running ``counts``."""
    low = bisect_left(widths, MARGIN_BAND[0] * width)
    high = bisect_right(widths, MARGIN_BAND[1] * width)
    return counts[high] - counts[low]


def is_worded(text: str, width: int) -> bool:
    """Does a line hold three words or more, or CJK text (wider than its characters)?

    A line that wraps mid-sentence at the margin does; a table's cell ("✓",
    "O(1)~"), a code line's token or a label does not, and a document can
    hold hundreds of those at one narrow width (:func:`margin_width`).

    >>> is_worded("the subtle sweetness of", 23), is_worded("O(1)~ O(1)~", 11), is_worded("其公开部", 8)
    (True, False, True)
    """
    return width > len(text) or len(text.split(None, 2)) > 2


def wraps_as_prose(text: str) -> bool:
    """Does a line of words end as prose wraps, not on a bracket, a quote or an operator?

    A line of code ends on those more often than not (``f.write("x")``,
    ``d = {``, ``$ make install``); "from cachebox import LFUCache" is a
    code line that ends on a word: only most of them are told apart.

    >>> wraps_as_prose("the subtle sweetness of"), wraps_as_prose('f.write("Send my changes")')
    (True, False)
    """
    return text.rstrip()[-1:] not in _CODE_ENDS


_CODE_ENDS = frozenset(")]}>\"'`;=:/\\|{([<*#")


def margin_width(cw: int, unfinished: Counter[int], at_cw: Counter[int] | None = None) -> int:
    """CW checked against the lines that wrap: where most lines that end mid-sentence end.

    The paper's CW is the most frequent width among the wider lines.  That is
    the column when its lines are justified (most of them end at the same
    width), but ragged-right text (a README, a web page printed) spreads its
    lines over the last tenth of the column, so that a width shared by a few
    code lines or list items can win: then most lines that wrap mid-sentence,
    the ones that reached the margin, are far wider than CW.  The lines
    counted are those of three words or more (:func:`is_worded`): a table
    of hundreds of one-word cells wraps none of its lines at a margin; and
    in CW's own band, given ``at_cw``, only those that end as prose wraps
    (:func:`wraps_as_prose`): a README's code lines can share one width by
    the dozen, but do not end on words.  When the band of
    :data:`MARGIN_BAND` below some wider width holds more than twice as many of
    them as CW's band, and at least :data:`MARGIN_LINES` (a few lines say
    nothing of a margin), that width (the smallest with the most) is the column.

    A margin far wider than CW (:data:`FAR_MARGIN` times or more) needs fewer:
    more such lines in its band than in CW's.  A document of short lines (a
    README's code, a changelog's dates, a list of one-line items) can give
    CW's band as many lines of three words as the prose's band has, but no
    column holds lines more than twice as wide as itself, so the wider
    band, where the prose wraps, is the column (its lines spread over the
    last fifth of it when the right edge is ragged, so fewer fall in one band):

    >>> ragged = Counter({80: 3, 83: 4, 85: 3, 86: 5, 88: 4, 90: 3, 34: 2})
    >>> margin_width(34, ragged)
    88
    >>> justified = Counter({62: 20, 60: 3, 31: 2})
    >>> margin_width(62, justified)
    62

    Two columns with a few full-width lines (an abstract) keep the column's width:

    >>> margin_width(45, Counter({44: 6, 45: 30, 46: 5, 90: 8}))
    45
    >>> margin_width(70, Counter({70: 1, 73: 2, 76: 2}))
    70

    A README whose dates and one-line items outnumber the wrapped lines of any
    one band of its prose (but not all of them):

    >>> readme = Counter({19: 12, 18: 6, 80: 3, 84: 4, 88: 5, 90: 4, 93: 3, 95: 4, 97: 3})
    >>> margin_width(19, readme)
    93

    Full-width lines of a two-column page stand at about twice CW: CW stays:

    >>> margin_width(45, Counter({45: 10, 47: 6, 89: 6, 92: 8, 94: 3}))
    45
    """
    if not unfinished:
        return cw
    widths = sorted(unfinished)
    counts = [0, *accumulate(unfinished[w] for w in widths)]
    here = _in_band(widths, counts, cw)
    if at_cw is not None:
        mine = sorted(at_cw)
        here = _in_band(mine, [0, *accumulate(at_cw[w] for w in mine)], cw)
    best, best_count = cw, here
    far, far_count = cw, 0
    for width in widths:
        if width > cw * MARGIN_BAND[1]:
            count = _in_band(widths, counts, width)
            if count > best_count:
                best, best_count = width, count
            if width >= FAR_MARGIN * cw and count > far_count:
                far, far_count = width, count
    if best_count > 2 * here and best_count >= MARGIN_LINES:
        return best
    return far if far_count > here and far_count >= MARGIN_LINES else cw


def line_width(line: Line, mode: str) -> int:
    """The width of a line as the mode measures it.

    Paper mode counts characters, as the paper's ``l(t)``; the default mode counts
    display columns (CJK characters count two, Latin text on a CJK line its
    typeset width: :func:`typeset_width`).

    >>> line_width(Line(1, 1, "日本語"), "paper"), line_width(Line(1, 1, "日本語"), "default")
    (3, 6)
    """
    if mode == "paper":
        return len(line.text)
    return typeset_width(line.text)


class WidthStats:
    """The line-width histogram of the lines seen so far, the CW it gives, and how
    many of the lines end a sentence.

    Both modes compute CW from the histogram as the paper does
    (:func:`column_width`); they differ in how they measure widths
    (:func:`line_width`).  (A band-based estimate, the width whose ±eps band holds
    most lines, was tried for proportional fonts and did slightly worse on
    arxiv-dev.)
    """

    __slots__ = (
        "_clean",
        "_last_width",
        "filled",
        "finished",
        "finished_under",
        "histogram",
        "prose_wrapped",
        "shape",
        "unfinished",
        "worded",
    )

    def __init__(self) -> None:
        self.histogram: Counter[int] = Counter()
        self.unfinished: Counter[int] = Counter()  # widths of the lines that end mid-sentence
        #: widths of the lines that end mid-sentence with three words or more (:func:`is_worded`),
        #: and of those of them that end as prose wraps (:func:`wraps_as_prose`)
        self.worded: Counter[int] = Counter()
        self.prose_wrapped: Counter[int] = Counter()
        #: (width of the line before, width) of each line that ends a sentence
        self.finished_under: Counter[tuple[int, int]] = Counter()
        self.filled = 0
        self.finished = 0
        self._last_width = 0  # the width of the last line added
        #: :meth:`document_shape` when the lines so far were released (with_column_width)
        self.shape = (0.0, 0.0)
        self._clean: tuple[int, bool] = (-1, False)  # looks_clean's answer for this many lines

    def add(self, width: int, text: str = "") -> None:
        self.histogram[width] += 1
        if text.strip():
            self.filled += 1
            if is_finished(text.rstrip()):
                self.finished += 1
                self.finished_under[self._last_width, width] += 1
            else:
                self.unfinished[width] += 1
                if is_worded(text, width):
                    self.worded[width] += 1
                    if wraps_as_prose(text):
                        self.prose_wrapped[width] += 1
        self._last_width = width

    def lines_per_paragraph(self, cw: int) -> float:
        """How many full lines the document's paragraphs hold, as its plain paragraph ends tell.

        A paragraph of several lines ends plainly where a line that ends a
        sentence well short of the column (:data:`SHORT_END`) comes under a
        line that reached it (:data:`FULL_LINE`); the ends nothing marks (a
        last line that reached the margin too) are a share of those, about the
        same in every document.  So the full lines over the plain ends say
        whether the document's paragraphs are long (a paper: a sentence that
        ends at the margin goes on) or short (a README: it often ends its
        paragraph).  Lines of formulas, tables and lists rarely reach the
        margin and do not count.  At most :data:`MAX_PARAGRAPH_LINES`, in
        steps of a half; 0 before any text.

        >>> s = WidthStats()
        >>> for t in ["x" * 60, "x" * 60, "x" * 58 + ".", "x" * 60, "x" * 20 + ".", ""] * 4:
        ...     s.add(len(t), t)
        >>> s.lines_per_paragraph(60)
        4.0
        """
        if not self.filled:
            return 0.0
        full, short = FULL_LINE * cw, SHORT_END * cw
        lines = sum(n for width, n in self.histogram.items() if width >= full)
        ends = sum(n for (above, width), n in self.finished_under.items() if above >= full and width < short)
        return round(min(lines / max(ends, 1), MAX_PARAGRAPH_LINES) * 2) / 2

    def wrapped_at_cw(self, cw: int) -> float:
        """The share of the lines that wrap near the margin that end at CW itself (within 3%).

        High in justified text, whose wrapped lines all end at the column, low
        in ragged-right text (a README, a web page printed), whose lines end
        anywhere in the last tenth or so.  In steps of a tenth; 0 when no line wraps.

        >>> s = WidthStats()
        >>> for t in ["x" * 60, "x" * 60, "x" * 54, "x" * 20 + "."]:
        ...     s.add(len(t), t)
        >>> s.wrapped_at_cw(60)
        0.7
        """
        near = wide = 0
        low, high, full = 0.97 * cw, 1.03 * cw, 0.85 * cw
        for width, n in self.unfinished.items():
            if width >= full:
                wide += n
                if low <= width <= high:
                    near += n
        return round(10 * near / wide) / 10 if wide else 0.0

    def document_shape(self, cw: int) -> tuple[float, float]:
        """What the weighing asks of the whole document: :meth:`lines_per_paragraph`, :meth:`wrapped_at_cw`.

        >>> WidthStats().document_shape(60)
        (0.0, 0.0)
        """
        return self.lines_per_paragraph(cw), self.wrapped_at_cw(cw)

    def looks_clean(self) -> bool:
        """Is the text already one paragraph per line?  Then most lines end a sentence.

        PDF converters' output has at most about 30% finished lines (measured on
        arxiv-dev and the corpora); text with one paragraph per line has about 70%.
        A short document of list items that end in full stops has as many, but its
        wrapped items leave lines as wide as the column that end mid-sentence; in
        text with one paragraph per line those are rare (a tenth of the lines at most).

        >>> s = WidthStats()
        >>> for t in ["A paragraph on one line.", "Another one, as long as that.", "A heading"] * 3:
        ...     s.add(len(t), t)
        >>> s.looks_clean()
        True
        >>> for t in ["- Unpack the archive in a", "directory of your own.", "- Run it."] * 3:
        ...     s.add(len(t), t)
        >>> s.looks_clean()
        False
        """
        if self.filled < 8 or self.finished < 0.5 * self.filled:
            return False
        if self._clean[0] != self.filled:  # asked for every line: counted once per state
            full = 0.9 * self.cw()
            wrapped = sum(n for width, n in self.unfinished.items() if width >= full)
            self._clean = (self.filled, wrapped <= 0.1 * self.filled)
        return self._clean[1]

    @property
    def l_avg(self) -> float:
        return mean_width(self.histogram)

    @property
    def lines(self) -> int:
        return sum(self.histogram.values())

    def cw(self, robust: bool = False) -> int:
        """CW of the lines so far; ``robust`` (the default mode's): outliers left out
        (see :func:`column_width`) and CW checked against the lines that wrap
        (:func:`margin_width`)."""
        cw = column_width(self.histogram, robust)
        return margin_width(cw, self.worded, self.prose_wrapped) if robust else cw


def with_column_width(
    lines: Iterable[Line],
    *,
    mode: str = "default",
    cw: int | None = None,
    window: int | None = None,
    stats: WidthStats | None = None,
) -> Iterator[Measured]:
    """Yield ``(line, width, CW, class)`` for every line, holding back at most ``window`` lines.

    The class is the default mode's (:func:`srtext.pipeline.classify.classify_line`:
    empty, finished or unfinished), asked once here for the histogram of unfinished
    lines and for the rules.

    Lines are read ``window`` at a time (all at once when ``window`` is None);
    the histogram accumulates over everything read so far and CW is recomputed
    (unless ``cw`` is given) before each batch is released, so that the
    statistics cover at least the batch a line is in when it is processed.
    Pass ``stats`` to read the final histogram afterwards.

    >>> text = [Line(i, 1, t) for i, t in enumerate(["x" * 40, "", "x" * 40, "2"], 1)]
    >>> [(w, c, k.value) for _, w, c, k in with_column_width(text)]
    [(40, 40, 'UL'), (0, 40, 'EL'), (40, 40, 'UL'), (1, 40, 'UL')]
    """
    if stats is None:
        stats = WidthStats()
    robust = mode != "paper"  # the paper's CW, literally, in paper mode
    held: list[Line] = []
    widths: list[int] = []
    classes: list[LineClass] = []
    paper = mode == "paper"
    keep, keep_width, keep_class = held.append, widths.append, classes.append
    empty, finished_line, unfinished_line = LineClass.EMPTY, LineClass.FINISHED, LineClass.UNFINISHED
    limit = window if window is not None else float("inf")
    char_limit = limit * CHARS_PER_WINDOW_LINE  # pieces of a huge line: bounded by characters too
    held_chars = 0
    # WidthStats.add and line_width, inlined: no call per line (an ASCII line's width is its length).
    histogram, unfinished, finished_under = stats.histogram, stats.unfinished, stats.finished_under
    worded, prose_wrapped = stats.worded, stats.prose_wrapped
    filled = finished = 0
    last_width = stats._last_width
    for line in lines:
        text = line.text
        if paper or text.isascii():
            width = shown = len(text)
        else:  # CW from display widths, as before; each line judged by its typeset width
            shown, width = _widths(text)
        if line.rule != PAGE_BREAK:  # a page break's line (white space and form feeds) is no text
            histogram[shown] += 1
        if text.strip():
            filled += 1
            if is_finished(text.rstrip()):
                finished += 1
                finished_under[last_width, shown] += 1
                keep_class(finished_line)
            else:
                unfinished[shown] += 1
                if is_worded(text, shown):
                    worded[shown] += 1
                    if wraps_as_prose(text):
                        prose_wrapped[shown] += 1
                keep_class(unfinished_line)
        else:
            keep_class(empty)
        last_width = shown
        keep(line)
        keep_width(width)
        held_chars += len(text)
        if len(held) >= limit or held_chars >= char_limit:
            held_chars = 0
            stats.filled += filled
            stats.finished += finished
            stats._last_width = last_width
            filled = finished = 0
            current = cw if cw is not None else stats.cw(robust)
            stats.shape = stats.document_shape(current)
            yield from zip(held, widths, repeat(current, len(held)), classes, strict=True)
            held.clear()
            widths.clear()
            classes.clear()
    stats.filled += filled
    stats.finished += finished
    stats._last_width = last_width
    if held:
        current = cw if cw is not None else stats.cw(robust)
        stats.shape = stats.document_shape(current)
        yield from zip(held, widths, repeat(current, len(held)), classes, strict=True)

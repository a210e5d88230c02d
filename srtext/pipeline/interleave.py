"""Two columns that pdftotext interleaved line by line, put back one after the other.

On some two-column pages (Chinese and Japanese ones above all) pdftotext makes
each printed line a block of its own and orders the blocks row by row: the
left column's first line, the right column's first line, the left column's
second line..., often each between blank lines.  Read in that order every
line breaks off mid-sentence; read as two streams, the even lines and the odd
lines, each reads on.

Which order reads on is told by the words that a line break splits: in Chinese
and Japanese a line ends wherever the column does, so that many line breaks
inside a paragraph fall inside a word, which the lexicon knows whole (the last
character of one line and the first of the next: "管" + "理").  On the real
corpus's tuning families (debian-handbook in Chinese and Japanese, three
layouts) 42% of the true line breaks (859) split a known word of two
characters, against 7% of the false ones (857 breaks from a line to the line
after the next).  In a run of lines of a column's width (at most one blank line
between two), a stretch is read as two streams when its breaks two lines apart
split known words at least :data:`MIN_SPLIT_WORDS` times and at least twice as
often, plus :data:`MIN_SPLIT_WORDS` - 1, as its breaks between neighbours do
(:func:`interleaved`).

:func:`deinterleave` works on one page (the page stage holds whole pages) and
moves lines only inside such a stretch: the first stream, then the second,
then the stretch's blank lines.  Each line it moved carries the step's name,
:data:`INTERLEAVED` (``Line.rule``), which its decision shows first.  No line
is lost or changed; only the order of a stretch's lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from srtext.lang import CJK_CHAR
from srtext.pipeline.lines import PAGE_BREAK, Line
from srtext.pipeline.patterns import lazy
from srtext.pipeline.width import typeset_width

#: The step's name, on each line of a run it reordered (see :data:`srtext.pipeline.pages.PAGE_RULES`).
INTERLEAVED = "interleaved_columns"
#: What the step does, as ``--explain`` and the README's list of rules give it.
REASON = (
    "two columns interleaved line by line (lines that read on two apart, "
    "not one apart): read as the first column, then the second"
)

#: The fewest lines of a run (three in each column) and the fewest line breaks two apart
#: that split a known word.
MIN_RUN = 6
MIN_SPLIT_WORDS = 3
#: A run's first and last lines are at least this share of its median width (a column's
#: lines are full but for a paragraph's last line; see :func:`_columns`).
MIN_SHARE = 0.6
#: A word split by a line break: at most this many characters on either side and in all
#: (a word of two characters: one lookup a break; words of three too found 48% of the
#: true breaks, 8% of the false, for three lookups), at least this Zipf frequency (once
#: per million words: 3).
MAX_SIDE = 1
MAX_WORD = 2
MIN_ZIPF = 3.0

_CJK = lazy(CJK_CHAR)
# The first bytes, or the first two, of the UTF-8 of every character of CJK_CHAR's scripts
# (tests/test_speed_paths.py holds them to it): a page whose UTF-8 has none (most pages,
# mathematics' symbols, dashes and all) is not searched for CJK_CHAR's four script
# properties, which regex tries at every character.
_NOT_CJK_LEADS = bytes(range(0xE1)) + b"\xe2" + bytes(range(0xEE, 0xF0)) + bytes(range(0xF5, 0x100))
_CJK_PAIRS = (
    *(bytes((0xE2, b)) for b in range(0xBA, 0xC0)),  # U+2E80-U+2FFF
    *(bytes((0xEF, b)) for b in (*range(0xA4, 0xAC), *range(0xBD, 0xC0))),  # U+F900-U+FAFF, U+FF40-
)


def _byte_classes() -> bytes:
    """A table for ``bytes.translate`` that writes each byte of UTF-8 as what :func:`may_hold_cjk` asks of it.

    ``!`` a first byte that only CJK characters start with (not in
    :data:`_NOT_CJK_LEADS`), ``a`` and ``b`` the first bytes E2 and EF of
    :data:`_CJK_PAIRS`, ``c`` a second byte of a pair of E2's alone, ``d`` of
    both E2's and EF's, ``e`` of EF's alone; ``.`` any other byte.  The pairs
    become :data:`_CLASS_PAIRS`: four searches of the page instead of fourteen.
    """
    table = bytearray(b"." * 256)
    for b in range(256):
        if b not in _NOT_CJK_LEADS:
            table[b] = ord("!")
    table[0xE2], table[0xEF] = ord("a"), ord("b")
    for first, second in _CJK_PAIRS:  # a second byte of both leads' pairs is seen twice
        table[second] = ord("d") if table[second] != ord(".") else ord("c" if first == 0xE2 else "e")
    return bytes(table)


_CLASSES = _byte_classes()
_CLASS_PAIRS = (b"ac", b"ad", b"bd", b"be")


def may_hold_cjk(text: str) -> bool:
    """Could the text hold a character of CJK_CHAR?  No pattern asked: bytes of its UTF-8.

    >>> may_hold_cjk("∑ x – y ’s"), may_hold_cjk("其公开部"), may_hold_cjk("ᄀ")
    (False, True, True)
    """
    kinds = text.encode("utf-8", "surrogatepass").translate(_CLASSES)
    return b"!" in kinds or any(map(kinds.__contains__, _CLASS_PAIRS))


_KANA = lazy(r"[\p{Hiragana}\p{Katakana}]")

Zipf = Callable[[str], float]


def _runs(page: Sequence[Line]) -> list[list[int]]:
    """Runs of at least :data:`MIN_RUN` unmarked lines of text with at most one empty line between two.

    >>> texts = ["a", "", "b", "c", "", "d", "e", "f", "", "", "g"]
    >>> _runs([Line(n, 1, t) for n, t in enumerate(texts, 1)])
    [[0, 2, 3, 5, 6, 7]]
    """
    runs: list[list[int]] = []
    run: list[int] = []
    last = len(page) - 1
    for i, line in enumerate(page):
        if line.text.strip() and not line.mark and line.rule != PAGE_BREAK:
            run.append(i)
            continue
        if not line.text.strip() and run and run[-1] == i - 1 and i < last and page[i + 1].text.strip():
            continue  # one empty line inside the run: pdftotext's blocks of one line each
        if len(run) >= MIN_RUN:
            runs.append(run)
        run = []
    if len(run) >= MIN_RUN:
        runs.append(run)
    return runs


def splits_word(a: str, b: str, zipf: Zipf) -> bool:
    """Does the break between line ``a`` and line ``b`` fall inside a CJK word the lexicon knows?

    >>> known = {"管理": 4.5, "管理员": 4.0}.get
    >>> splits_word("服务器的管", "理员每天", lambda w: known(w, 0.0))
    True
    >>> splits_word("服务器的", "每天", lambda w: known(w, 0.0))
    False
    """
    a, b = a.rstrip(), b.lstrip()
    for k in range(1, min(MAX_SIDE, len(a)) + 1):
        tail = a[-k:]
        if not _CJK.match(tail[0]):
            break
        for m in range(1, min(MAX_SIDE, len(b), MAX_WORD - k) + 1):
            word = tail + b[:m]
            if not _CJK.match(word[-1]):
                break
            if zipf(word) >= MIN_ZIPF:
                return True
    return False


def interleaved(texts: Sequence[str], zipf: Zipf) -> list[int] | None:
    """The order to read the stretch of these lines that reads on two apart rather than one apart.

    None when no stretch does; else the stretch's line indices in their new order.

    Of the stretches of at least :data:`MIN_RUN` lines whose breaks two apart
    split words at least :data:`MIN_SPLIT_WORDS` times, and at least twice as
    often, plus :data:`MIN_SPLIT_WORDS` - 1, as their breaks between neighbours,
    the one where they do so by the most (then the longest), less the lines at
    its ends whose break two apart splits no word: which column such a line
    belongs to nothing tells, and left before and after the two columns, the
    first column's first lines and the second column's last lines stay in place.

    >>> known = {"管理": 4.5, "同步": 4.5, "服务": 4.8, "文件": 4.7}.get
    >>> zipf = lambda w: known(w, 0.0)
    >>> columns = ["一二管", "理三同", "步四服", "务五六"], ["七八九", "十文", "件百千", "万亿兆"]
    >>> interleaved([t for pair in zip(*columns) for t in pair], zipf)
    [0, 2, 4, 6, 1, 3, 5, 7]
    >>> interleaved(["上一段的", "最后两行"] + [t for pair in zip(*columns) for t in pair], zipf)
    [0, 1, 2, 4, 6, 8, 3, 5, 7, 9]
    >>> interleaved(columns[0] + columns[1], zipf) is None
    True
    """
    n = len(texts)
    if n < MIN_RUN:
        return None
    apart = [splits_word(a, c, zipf) for a, c in zip(texts, texts[2:], strict=False)]
    if sum(apart) < MIN_SPLIT_WORDS:
        return None  # the usual text: breaks two apart split words 8% of the time
    next_to = [splits_word(a, b, zipf) for a, b in pairwise(texts)]
    near, far = [0], [0]  # prefix sums
    for x in next_to:
        near.append(near[-1] + x)
    for x in apart:
        far.append(far[-1] + x)

    def margin(start: int, end: int) -> int | None:  # lines start..end-1
        splits = far[end - 2] - far[start]
        need = max(MIN_SPLIT_WORDS, 2 * (near[end - 1] - near[start]) + MIN_SPLIT_WORDS - 1)
        return splits - need if splits >= need else None

    best: tuple[int, int, int, int] | None = None  # (margin, length, start, end)
    for start in range(n - MIN_RUN + 1):
        for end in range(start + MIN_RUN, n + 1):
            m = margin(start, end)
            if m is not None and (best is None or (m, end - start) > best[:2]):
                best = (m, end - start, start, end)
    if best is None:
        return None
    outer, stop = best[2:]
    start, end = outer, stop
    while not apart[start]:
        start += 1
    while not apart[end - 3]:
        end -= 1
    if end - start < MIN_RUN or margin(start, end) is None:
        return None
    inner = range(start, end)
    return [*range(outer, start), *inner[0::2], *inner[1::2], *range(end, stop)]


def _lexicon(texts: Sequence[str]) -> Zipf | None:
    from srtext.pipeline.lexicon import Lexicon, available  # only for a page with such a run

    lang = "ja" if any(_KANA.search(t) for t in texts) else "zh"
    return Lexicon(lang).zipf if available(lang) else None


def deinterleave(page: list[Line], lexicon: Callable[[Sequence[str]], Zipf | None] = _lexicon) -> list[Line]:
    """The page's lines, each run of two interleaved columns read column by column.

    >>> known = {"管理": 4.5, "同步": 4.5, "服务": 4.8, "文件": 4.7}.get
    >>> texts = ["一二管", "七八九", "理三同", "十文", "步四服", "件百千", "务五六", "万亿兆"]
    >>> page = [Line(n, 1, t) for n, t in enumerate("\\n\\n".join(texts).split("\\n"), 1)]
    >>> out = deinterleave(page, lambda texts: lambda w: known(w, 0.0))
    >>> [x.text for x in out if x.text]
    ['一二管', '理三同', '步四服', '务五六', '七八九', '十文', '件百千', '万亿兆']
    >>> {x.rule for x in out if x.text}, len(out) == len(page), [x.text for x in out[8:]]
    ({'interleaved_columns'}, True, ['', '', '', '', '', '', ''])
    """
    text = "\n".join([x.text for x in page])
    if text.isascii() or not may_hold_cjk(text) or not _CJK.search(text):
        return page  # no CJK text: the usual page, asked no more
    runs = _runs(page)
    if not runs:
        return page
    out = list(page)
    for run in (part for block in runs for part in _columns(page, block)):
        texts = [page[i].text.strip() for i in run]
        zipf = lexicon(texts)
        found = interleaved(texts, zipf) if zipf is not None else None
        if found is None:
            continue
        order = [run[k] for k in found]
        first, last = min(order), max(order)
        inside = set(order)
        blanks = [i for i in range(first, last + 1) if i not in inside]
        moved = [page[i]._replace(rule=INTERLEAVED) for i in order] + [page[i] for i in blanks]
        out[first : last + 1] = moved
    return out


def _columns(page: Sequence[Line], run: list[int]) -> list[list[int]]:
    """The parts of a run of lines that could be a column's lines.

    Lines with CJK text, none wider than the run's median width by more than
    a quarter (a heading or a paragraph pdftotext kept whole is not a column's
    line), and none narrower than :data:`MIN_SHARE` of it at either end (a
    paragraph's last line may be short inside, not at the run's edges).

    >>> page = [Line(n, 1, t) for n, t in enumerate(["标题", "", *"一二三四五六七八"], 1)]
    >>> page = [x._replace(text=x.text * 6) if len(x.text) == 1 else x for x in page]
    >>> _columns(page, [0, 2, 3, 4, 5, 6, 7, 8, 9])
    [[2, 3, 4, 5, 6, 7, 8, 9]]
    """
    width = {i: typeset_width(page[i].text.strip()) for i in run}
    median = sorted(width.values())[len(run) // 2]
    parts: list[list[int]] = []
    part: list[int] = []
    for i in [*run, -1]:
        if i >= 0 and width[i] <= 1.25 * median and _CJK.search(page[i].text):
            part.append(i)
            continue
        while part and width[part[-1]] < MIN_SHARE * median:
            part.pop()
        while part and width[part[0]] < MIN_SHARE * median:
            part.pop(0)
        if len(part) >= MIN_RUN:
            parts.append(part)
        part = []
    return parts

"""With geometry, a list's bullets that pdftotext wrote apart go back before their items' lines.

A word processor sets a bullet, then a tab, then the item's text; the gap is
wide, and pdftotext often reads the bullets as a block of their own: every
bullet of the list on lines of their own ("•", "•", "•"), then the items
("CPU only", "single GPU", ...), or each bullet on its own line, a blank line
away from its item.  Text alone cannot pair them.  With the boxes of
``-bbox-layout`` each bullet stands on its item's first printed line: a line
on the same page whose box spans the bullet's middle height and starts to its
right, within :data:`REACH` bullet heights.  That line's bullet is moved to
just before it, so the rules see a bullet alone on its line and then its item
(:func:`srtext.pipeline.rules.any_line.bullet_on_its_own_line`).

:func:`by_bullets` gives each line it moved the step's name, :data:`BULLETS`
(``Line.rule``); no line is lost or changed.  A page whose bullets already
stand before their items, or that has none, is returned as it is.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from srtext.pipeline.function_words import ends_on_dangling_word
from srtext.pipeline.labels import is_lone_bullet, lone_label, starts_list_item
from srtext.pipeline.lines import Line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.geometry.box import LineBox

#: The step's name, on each line it moved (see :data:`srtext.pipeline.pages.PAGE_RULES`).
BULLETS = "bullets_by_geometry"
#: What the step does, as ``--explain`` and the README's list of rules give it.
REASON = (
    "with geometry, a bullet that pdftotext wrote apart from its item (a word processor's "
    "bullet and tab): moved to just before the line that starts on its printed line, to its right"
)
#: An item's first line starts at most this many bullet heights right of its bullet.
REACH = 6.0


def by_bullets(page: list[Line], box: Callable[[int], LineBox | None]) -> list[Line]:
    """The page's lines with each lone bullet moved to just before the line beside it on the page.

    >>> from srtext.geometry.box import LineBox
    >>> def at(left: float, top: float, width: float = 100.0) -> LineBox:
    ...     return LineBox(1, 600, 800, left, left + width, top + 10, top, top + 12, 12, 0, 0, None)
    >>> texts = ["Supports:", "•", "•", "", "CPU only", "single GPU"]
    >>> places = [at(50, 80, 200), at(60, 100, 5), at(60, 114, 5), None, at(80, 100), at(80, 114)]
    >>> page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    >>> out = by_bullets(page, dict(enumerate(places, 1)).get)
    >>> [x.text for x in out], [x.rule for x in out][2]
    (['Supports:', '', '•', 'CPU only', '•', 'single GPU'], 'bullets_by_geometry')
    """
    lone = [i for i, line in enumerate(page) if is_lone_bullet(line.text)]
    if not lone:
        return page
    boxes = [b if b is not None and b.is_place else None for b in (box(line.number) for line in page)]
    # each line that holds words, by the rows of the page its box spans (a bullet looks up its own row)
    rows: dict[tuple[int, int], list[int]] = {}
    alone = set(lone)
    unit = _unit([b for i, b in enumerate(boxes) if b is not None and i not in alone])
    if unit <= 0.0:
        return page
    for i, b in enumerate(boxes):
        # a box taller than a few lines is no item's line (and would span rows without end)
        if b is not None and i not in alone and page[i].text.strip() and b.bottom - b.top <= 3 * unit:
            for row in range(int(b.top // unit), int(b.bottom // unit) + 1):
                rows.setdefault((b.page, row), []).append(i)
    item_of: dict[int, int] = {}  # bullet's index -> its item's index
    taken: set[int] = set()
    for i in lone:
        b = boxes[i]
        if b is None:
            continue
        middle = (b.top + b.bottom) / 2
        height = max(b.bottom - b.top, 1.0)
        beside = [
            (c.left, k)
            for k in rows.get((b.page, int(middle // unit)), ())
            if k not in taken
            and (c := boxes[k]) is not None
            and c.top <= middle <= c.bottom
            and 0.0 <= c.left - b.right <= REACH * height
        ]
        if beside:
            _left, k = min(beside)  # the nearest to the bullet's right
            item_of[i] = k
            taken.add(k)
    if all(k == i + 1 for i, k in item_of.items()):
        return page  # every bullet already stands right before its item
    return _before_their_items(page, item_of, BULLETS)


def _before_their_items(page: list[Line], item_of: dict[int, int], rule: str) -> list[Line]:
    """The page with each bullet ``i`` of ``item_of`` moved to just before its item's line ``item_of[i]``,
    named ``rule`` (a bullet that stands there already is left as it is)."""
    before = {k: i for i, k in item_of.items()}
    out: list[Line] = []
    for k, line in enumerate(page):
        if k in item_of:
            continue  # the bullet goes before its item
        if k in before:
            bullet = before[k]
            out.append(page[bullet] if bullet == k - 1 else page[bullet]._replace(rule=rule))
        out.append(line)
    return out


def _unit(boxes: list[LineBox]) -> float:
    """The page's usual line height (the median of its lines' box heights), the rows' height."""
    heights = sorted(b.bottom - b.top for b in boxes if b.bottom > b.top)
    return heights[len(heights) // 2] if heights else 0.0


#: The text-only step's name, on each line it moved (see :data:`srtext.pipeline.pages.PAGE_RULES`).
BULLETS_BY_RANK = "bullets_by_rank"
#: What the text-only step does, as ``--explain`` and the README's list of rules give it.
RANK_REASON = (
    "a run of bullets alone on their lines, then their items (a word processor's bullets read as a "
    "column of their own): each bullet moved to just before the item of the same rank"
)
#: A line whose next word would have fitted within this share of the page's widest line ended on
#: purpose (an item's end), not at the margin.
WRAP_FILL = 0.97
#: The same, when the next line starts in lower case (a sentence going on is likelier).
WRAP_FILL_LOWER = 0.85
#: The page's width is its (WIDEST + 1)-th widest line's.
WIDEST = 2


#: The longest a bullet or a label alone on its line is, white space aside ("(12)").
_LONGEST_ALONE = 4


def by_rank(page: list[Line]) -> list[Line]:
    """The page's lines with each run of lone bullets spread over the items that follow it.

    A word processor sets each bullet, a tab, then the item's text; pdftotext
    often reads the bullets as a column of their own: k lines that are only a
    bullet, a blank line, then the k items.  So it reads a numbered list's
    labels ("1.", "2.", "3."), in order.  An item that wraps takes more than
    one line, so the items are told apart by their ends: a line whose next
    word would have fitted on it, within the page's width (its third widest
    line: code or a link may run past the margin), ended on
    purpose (:func:`_item_starts`).  When the block holds as many items as there
    are bullets, or one more (a lead-in that ends in a colon before them, or a
    paragraph after them), each bullet goes before the item of its rank; when
    it holds fewer, or more, the bullets stay where they are (their items are
    elsewhere, or where the list stands in the block is a guess).
    The rules then see each bullet alone on its line and its item
    (:func:`srtext.pipeline.rules.any_line.bullet_on_its_own_line`).

    >>> texts = ["A library that reads and writes files, in plain Python.",
    ...          "It is small; it works on every system; its features:", "•", "•", "•", "",
    ...          "fast and small, written in plain Python without any", "dependencies", "Tested", "Typed"]
    >>> out = by_rank([Line(n, 1, t) for n, t in enumerate(texts, 1)])
    >>> [x.text for x in out][2:]  # doctest: +NORMALIZE_WHITESPACE
    ['', '•', 'fast and small, written in plain Python without any', 'dependencies',
     '•', 'Tested', '•', 'Typed']
    >>> [x.rule for x in out][3]
    'bullets_by_rank'
    """
    # a lone bullet or label is four characters at most ("(12)"): only such lines are asked
    alone = {i for i, line in enumerate(page) if 0 < len(line.text.strip()) <= _LONGEST_ALONE}
    if not any(is_lone_bullet(page[i].text) or lone_label(page[i].text) for i in alone):
        return page
    widths = heapq.nlargest(WIDEST + 1, (len(line.text.rstrip()) for line in page))  # linear, not a sort
    width = widths[-1]  # a long line or two (code, a link) is no measure
    item_of: dict[int, int] = {}
    i, n = 0, len(page)
    while i < n:
        j = _run_end(page, i) if i in alone else i
        if j == i:
            i += 1
            continue
        first = j
        while first < n and not page[first].text.strip():
            first += 1
        end = first
        while end < n and page[end].text.strip() and (end not in alone or _run_end(page, end) == end):
            end += 1
        starts = _item_starts([line.text for line in page[first:end]], j - i, width)
        if starts is not None and not (j - i == 1 and first == j):  # a bullet right before its item stays
            for bullet, start in zip(range(i, j), starts, strict=True):
                item_of[bullet] = first + start
        i = max(j, end)
    if not item_of:
        return page
    return _before_their_items(page, item_of, BULLETS_BY_RANK)


def _run_end(page: list[Line], i: int) -> int:
    """The end of the run of lone bullets, or of lone labels in order ("1.", "2.", "3."), at ``i``
    (``i`` itself when none starts there: a label alone is no run, it may be a page's number).

    >>> runs = (["•", "•", "x"], ["1.", "2.", "4."], ["1.", "x"])
    >>> [_run_end([Line(1, 1, t) for t in texts], 0) for texts in runs]
    [2, 2, 0]
    """
    if is_lone_bullet(page[i].text):
        j = i + 1
        while j < len(page) and is_lone_bullet(page[j].text):
            j += 1
        return j
    label = lone_label(page[i].text)
    j = i + 1
    while label is not None and j < len(page) and lone_label(page[j].text) == (label[0], label[1] + 1):
        label, j = (label[0], label[1] + 1), j + 1
    return j if j - i >= 2 else i


def _item_starts(block: list[str], count: int, width: int) -> list[int] | None:
    """Where ``count`` items start among a block's lines (indexes), or None when it cannot tell.

    A line starts an item when the line above it ended with room left for its
    first word, and not on a word no sentence ends on (an article, a
    preposition: the item's text went on, its line shorter by the width of
    its letters, which characters do not measure); a line that starts with a
    bullet of its own (a nested list's item) starts no item of this list.

    >>> _item_starts(["one", "two that wraps at the", "margin", "three"], 3, 20)
    [0, 1, 3]
    >>> _item_starts(["Choose one:", "red", "green"], 2, 40)
    [1, 2]
    >>> _item_starts(["one"], 2, 40) is None, _item_starts(["a:", "b", "c", "d"], 1, 40) is None
    (True, True)
    """
    if len(block) < count:
        return None
    starts = [0]
    for k in range(1, len(block)):
        above, text = block[k - 1].rstrip(), block[k].strip()
        if starts_list_item(text):
            continue
        word = text.split(maxsplit=1)[0] if text else ""
        lower = text[:1].islower() and not above.endswith(":")  # a lead-in's colon ends its line
        room = width * (WRAP_FILL_LOWER if lower else WRAP_FILL) - (len(above) + 1 + len(word))
        if room >= 0 and not ends_on_dangling_word(above):  # "... the default is to" / "Warn"
            starts.append(k)
    if len(starts) < count:
        return None
    if len(starts) == count:
        return starts
    if len(starts) > count + 1:
        return None  # more than the list and one paragraph: where the list stands is a guess
    if block[starts[1] - 1].rstrip().endswith(":"):
        return starts[1:]  # a lead-in ending in a colon, then the items
    return starts[:count]


def alone_before_its_item(line: Line) -> bool:
    """Is the line a bullet alone, or a label alone that :func:`by_rank` put before its item?

    A lone "2." that no step moved may be a page's number or a formula's piece.

    >>> lines = [("•", ""), ("2.", BULLETS_BY_RANK), ("2.", "")]
    >>> [alone_before_its_item(Line(1, 1, t, rule=r)) for t, r in lines]
    [True, True, False]
    """
    return is_lone_bullet(line.text) or (line.rule == BULLETS_BY_RANK and lone_label(line.text) is not None)

"""Printed lines of Chinese or Japanese text that pdftotext cut into pieces at their wide gaps.

A justified line that mixes ideographs and Latin words ("PPP 采用 PPTP
服务器配置时也需在 /etc/ppp/options") is stretched across its column at the
spaces around the Latin words; pdftotext then reads each stretch between two
wide gaps as a line of its own, often a block of its own (a blank line
between): "PPP" / "采用" / "PPTP" / "服务器配置时也需在" / "/etc/ppp/options", each
below a blank line.

Each piece is short, and would be taken for a heading or a paragraph of its
own; together they fill the line, and the line under them goes on with the
same paragraph (a justified line is never a paragraph's last: that one is
not stretched).  :func:`split_lines` finds such runs before the rules ask and
marks their lines (``Evidence.piece``: 1 for the first piece, 2 for the other
pieces and the line under them); the rule
:func:`srtext.pipeline.rules.any_line.piece_of_a_split_line` decides them.

A run is found when its pieces, read in order, make printed lines one after
another, one or two of them (:data:`MOST_LINES`): each group of two pieces or
more (at most :data:`MOST_PIECES`) fills its line to :data:`REACH` of the
column without running past it, and can be one printed line
(:func:`_one_line`: an ideograph or a kana in it, no sentence ended inside
it, no box's label in capitals) and, where the page is known, stands on one
row from margin to margin (:func:`_on_one_row`); the line under the run
reaches the margin.  A list of short items, a table's cells or a
paragraph's short last line before a heading make no such groups.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from srtext.pipeline.classify import CJK_CHAR, starts_an_item
from srtext.pipeline.rules.context import Item

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.pipeline.items import Trailing

#: The most pieces one printed line is cut into (more are a column of words).
MOST_PIECES = 6
#: The most printed lines in a run of pieces (more are a table or a block of code).
MOST_LINES = 2
#: The longest run of short lines held back to be looked at (a longer one is let through).
LONGEST_RUN = 4 * MOST_PIECES
#: A printed line's pieces reach at least this share of the column (the next word did not fit).
REACH = 0.7


def _groups(run: list[Item], after: Item, eps: float) -> bool:
    """Do the pieces of ``run``, in order, make one or two printed lines (see the module's doc)?

    More are a table's cells or a block of code, whose lines are short
    anyway; so is a run with a line of code ("# apt-get update↵") or a
    caption's label ("图 4.2.") among its pieces.
    """
    if any(_not_a_piece(x) for x in run):
        return False
    cw = run[0].cw
    group: list[Item] = []
    width = -1
    lines = 0
    for item in run:
        group.append(item)
        width += item.width + 1
        if width > (1 + eps) * cw or len(group) > MOST_PIECES:
            return False
        if width >= REACH * cw:
            lines += 1
            if lines > MOST_LINES or not _one_line(group) or not _on_one_row(group, after):
                return False
            group, width = [], -1
    return not group


def _not_a_piece(item: Item) -> bool:
    """Is the line code (a prompt, a comment, Writer's line-break mark) or a caption's label?"""
    text = item.line.text
    return "↵" in text or text.lstrip()[:1] in "#$" or item.ev.caption


def _one_line(group: list[Item]) -> bool:
    """Can the pieces of ``group`` be one printed line of Chinese or Japanese text?

    Two pieces or more, an ideograph or a kana among them; no piece but the
    last ends a sentence (a gap is stretched at a space, and none follows 。);
    none opens with a box's label in capitals ("BACK TO BASICS" / "ウィンドウマネージャ"),
    and the first opens no item or link line ("→ https://...").
    """
    if len(group) < 2 or not any(CJK_CHAR.search(x.line.text) for x in group):
        return False
    if any(x.line.text.rstrip()[-1:] in _SENTENCE_ENDS for x in group[:-1]):
        return False
    if any(_label(x.line.text) for x in group):
        return False
    first = group[0].line.text.strip()
    return not (first[:1] in _LEADS or starts_an_item(first))


def _on_one_row(group: list[Item], under: Item) -> bool:
    """Where the page is known: do the pieces stand on one row, from the margin to the margin?

    Their baselines agree, and the row runs from the left edge of the line
    under them to its right edge (a justified line fills the column); a
    table's row ends where its last cell's text does.  Without boxes, True.
    """
    below = under.ev.box
    boxes = [x.ev.box for x in group]
    if below is None or any(b is None for b in boxes):
        return True
    first, last = boxes[0], boxes[-1]
    assert first is not None and last is not None
    size = max(below.font_height, 1.0)
    return (
        all(
            b is not None and b.page == first.page and abs(b.baseline - first.baseline) < 0.4 * size
            for b in boxes
        )
        and abs(first.left - below.left) < size
        and abs(last.right - below.right) < size
    )


def _label(text: str) -> bool:
    """Does the text open with a box's label in capitals ("BACK TO BASICS", "HISTORY", "IN PRACTICE")?

    >>> [_label(t) for t in ["GOING FURTHER 最適な設定", "HISTORY Debian メニュー", "PPTP", "PPP 采用"]]
    [True, True, False, False]
    """
    words = text.split(None, 2)
    if not words or not _capitals(words[0]):
        return False
    return len(words[0]) >= 5 or (len(words) > 1 and _capitals(words[1]))


def _capitals(word: str) -> bool:
    return word.isascii() and word.isalpha() and word.isupper()


# What a piece cut at a gap inside a printed line does not end with; what its first does not open with.
_SENTENCE_ENDS = frozenset("。！？.!?")
_LEADS = frozenset("→⇒•")


def _mark(pairs: list[tuple[Item | None, Trailing]], after: Item | None, eps: float) -> None:
    """Mark the pieces of the longest tail of a run that makes printed lines, and the line under it.

    The lines before the tail hold no CJK text (code, a Latin word): short
    lines of CJK text before it are cells of a table or a list's items, and so
    are the pieces after them; a numbered heading among the lines is no piece,
    and the pieces come after it.
    """
    run = [x for x, _ in pairs if x is not None]  # all of them: a run holds lines only
    numbered = [n for n, x in enumerate(run) if x.ev.numbered]
    if numbered:
        run = run[numbered[-1] + 1 :]
    if (
        after is None
        or len(run) < 2
        or after.width < (1 - eps) * after.cw
        or after.page_break_before
        or after.after_marked
        or after.ev.numbered
        or starts_an_item(after.line.text)
    ):
        return
    for start in range(len(run) - 1):
        if start and CJK_CHAR.search(run[start - 1].line.text):
            return  # short lines of CJK text before the pieces: a table's cells, a list
        tail = run[start:]
        if _groups(tail, after, eps):
            tail[0].ev.piece = 1
            for x in (*tail[1:], after):
                x.ev.piece = 2
            for x in (*tail, after):
                x.ev.loose = True  # the guard of the rules that read loose lines lets it be asked
            return


def split_lines(
    pairs: Iterable[tuple[Item | None, Trailing]], eps: float
) -> Iterator[tuple[Item | None, Trailing]]:
    """The pairs of :func:`srtext.pipeline.items.items`, the pieces of split printed lines marked.

    Runs of short lines are held back until the line after them says whether
    they are a printed line's pieces; a page break or a marked line (furniture,
    a footnote) ends a run, and a run longer than :data:`LONGEST_RUN` is let
    through unmarked, so that the pass stays linear.  Only a run with CJK text
    in it is looked at (most runs are a formula's or a list's, in Latin script).
    """
    short = 1 - eps
    run: list[tuple[Item | None, Trailing]] = []
    cjk = False  # CJK text in the run
    for pair in pairs:
        item = pair[0]
        if item is not None and item.width < short * item.cw:
            if run and (item.page_break_before or item.after_marked or len(run) >= LONGEST_RUN):
                if cjk:
                    _mark(run, item, eps)
                yield from run
                run, cjk = [], False
            run.append(pair)
            if not cjk:
                text = item.line.text
                cjk = not text.isascii() and CJK_CHAR.search(text) is not None
            continue
        if run:
            if cjk:
                _mark(run, item, eps)
            yield from run
            run, cjk = [], False
        yield pair
    yield from run

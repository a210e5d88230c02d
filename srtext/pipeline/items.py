"""Lines to items: every unmarked non-empty line paired with the empty and marked lines after it.

An :class:`~srtext.pipeline.rules.context.Item` is a line with its class, width band,
and whether a blank line, a page break or marked lines (furniture, footnotes) came
before it: what the rules need to know about a line besides its neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from srtext.pipeline.classify import CJK_CHAR, Band, LineClass, starts_an_item, starts_list_item
from srtext.pipeline.events import EMPTY, Decision
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.function_words import DANGLING_WORDS, is_function_word
from srtext.pipeline.lines import PAGE_BREAK
from srtext.pipeline.pages import FRONT_MATTER
from srtext.pipeline.pieces import split_lines
from srtext.pipeline.rules.context import Item
from srtext.pipeline.width import Measured, display_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeVar

    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo
    from srtext.pipeline.lines import Line

    Geometry = Sequence[LineBox | None]
    T = TypeVar("T")  # a box, or a line's place against the document's usual

Trailing = list["Item | Decision"]


def box(geometry: Sequence[T | None], number: int) -> T | None:
    """The box of input line ``number`` (1-based), or None where the geometry has none."""
    return geometry[number - 1] if 0 < number <= len(geometry) else None


def _placed(line: Line, boxes: Geometry, geos: Sequence[LineGeo | None]) -> Evidence:
    """The evidence of a line with its box and its place against the document's usual."""
    return Evidence(line.text, box(boxes, line.number), box(geos, line.number))


def items(
    measured: Iterable[Measured], eps: float, hold: int | None, geometry: Geometry | None = None
) -> Iterator[tuple[Item | None, Trailing]]:
    """Pair every unmarked non-empty line with what follows it up to the next one.

    The words of a list set one a line with no bullet are marked on the way
    (:func:`word_columns`), the words of a loose line that pdftotext set one a
    line (:func:`loose_lines`), and the pieces of a printed line that it
    cut at its wide gaps (:func:`srtext.pipeline.pieces.split_lines`).
    """
    return split_lines(loose_lines(word_columns(_items(measured, eps, hold, geometry), eps), eps), eps)


def _items(
    measured: Iterable[Measured], eps: float, hold: int | None, geometry: Geometry | None = None
) -> Iterator[tuple[Item | None, Trailing]]:
    """Pair every unmarked non-empty line with what follows it up to the next one.

    What follows is empty lines (as ``skip`` decisions) and marked lines
    (furniture, footnotes, as items), in input order.  A blank line counts as
    ``blank_before`` only when no page break or marked line comes between.  At
    most ``hold`` lines are held back.  Each item carries its line's
    :class:`~srtext.pipeline.evidence.Evidence`, with the line's box from
    ``geometry`` (one per input line, by line number) when given, and that box
    against the document's usual (:func:`srtext.geometry.layout.layout`, measured once).
    """
    boxes: Geometry = geometry or ()
    geos = None
    if geometry:
        from srtext.geometry.layout import layout  # only with geometry: not on the start-up path

        geos = layout(geometry)
    trailing: Trailing = []
    item: Item | None = None
    previous_page = 0
    interrupted = False
    # width_band, inlined (the same test), and the records made without their Python
    # __new__: the per-line path.
    new = tuple.__new__
    empty = LineClass.EMPTY
    full, long, short = Band.FULL, Band.LONG, Band.SHORT
    band_cw, tolerance = None, 0.0
    for line, width, cw, cls in measured:  # the class with_column_width asked once
        if cls is empty:
            if line.rule == PAGE_BREAK:
                reason, rule = "only white space and a page break", line.rule
            else:
                reason, rule = "empty line", "empty_line"
            trailing.append(new(Decision, (line, cls, None, width, cw, EMPTY, "skip", reason, rule)))
        else:
            if cw != band_cw:
                band_cw, tolerance = cw, eps * cw
            band = full if abs(width - cw) <= tolerance else long if width > cw else short
            mark = line.mark
            if mark and mark != FRONT_MATTER:  # front matter is text: see _Machine.content
                ev = Evidence(line.text) if geos is None else _placed(line, boxes, geos)
                trailing.append(new(Item, (line, width, cw, cls, band, False, False, False, ev)))
                interrupted = True
            else:
                page = line.page
                blank = False
                if not interrupted:
                    for t in trailing:  # an empty line on this page, not a marked line's item
                        if isinstance(t, Decision) and t.line.page == page:
                            blank = True
                            break
                if item is not None or trailing:
                    yield item, trailing
                after_marked, trailing, interrupted = interrupted, [], False
                page_break = bool(previous_page) and page != previous_page
                ev = Evidence(line.text) if geos is None else _placed(line, boxes, geos)
                item = new(Item, (line, width, cw, cls, band, blank, page_break, after_marked, ev))
                previous_page = page
                continue
        if hold is not None and len(trailing) >= hold:
            yield item, trailing
            item, trailing = None, []
    if item is not None or trailing:
        yield item, trailing


_SENTENCE_MARKS = frozenset(",;:.!?")

#: A column of single words holds this many at least before it counts as a list's.
COLUMN_WORDS = 3


def _column_word(text: str) -> bool:
    """Is the line a name or a term: one word that opens on a letter or a digit and holds a letter?

    Not CJK, not a sentence's word (an article, a preposition or a conjunction,
    a word with a comma or a full stop after it: "können,"),
    not a path or a pattern ("/tmp/**").

    >>> [_column_word(t) for t in ["readall", "path.exists", "the", "7", "two words", "茶"]]
    [True, True, False, False, False, False]
    >>> [_column_word(t) for t in ["Sie,", "/tmp/**", "_private"]]
    [False, False, True]
    """
    word = text.strip()
    if not word or " " in word or not (word[0].isalnum() or word[0] == "_") or word[-1] in _SENTENCE_MARKS:
        return False
    if CJK_CHAR.search(word) or not any(ch.isalpha() for ch in word):
        return False
    return word.lower() not in DANGLING_WORDS


def word_columns(
    pairs: Iterable[tuple[Item | None, Trailing]], eps: float
) -> Iterator[tuple[Item | None, Trailing]]:
    """The pairs of :func:`_items`, each word of a column of single words marked ``ev.column``.

    A list of names or commands whose bullets are no text (a browser drew them
    as shapes, a stylesheet left them out) comes out one word a line: "close"
    / "flush" / "read" / "readall".  Such words look like a loose justified
    line's (:func:`loose_lines`) or a sentence's set one a line, and would be
    joined.  A column is a list's when it is :data:`COLUMN_WORDS` words alone
    or more, one under another with no blank line between, no article,
    preposition or conjunction among them (a sentence has them:
    :data:`~srtext.pipeline.function_words.DANGLING_WORDS`), its words but the
    last run past one printed line (a loose line's words fit one line; its
    last may be the long word that could not join it) or it stands under a
    lead-in's colon, and the line under it does not go on in lower case (two
    loose lines of a narrow column, one word a line: "В" / "некоторых" /
    "странах" / ... / "пожары. Они ...").  Streaming: a run is held back until
    it ends, :data:`COLUMN_HOLD` lines at most.
    """
    run: list[tuple[Item, Trailing]] = []  # only lines that are items join a run
    width = 0  # the run's words but the last, and a space after each
    marking = False  # the run is a column: its next words are marked as they come
    colon = False  # the line above the run ends in a colon
    above: Item | None = None

    def mark() -> None:
        for x, _ in run:
            x.ev.column = True

    for pair in pairs:
        item = pair[0]
        if item is not None and _column_word(item.line.text) and not ((run or marking) and item.blank_before):
            if marking:
                item.ev.column = True
                yield pair
                continue
            if run:
                width += display_width(run[-1][0].line.text.strip()) + 1
            else:
                colon = above is not None and not item.blank_before and above.line.text.rstrip().endswith(":")
            run.append((item, pair[1]))
            if len(run) >= COLUMN_HOLD and _column(run, colon, width, eps):
                mark()  # held long enough: a sentence set one word a line is not this long
                marking = True
                yield from run
                run = []
            continue
        if run and _column(run, colon, width, eps) and not _goes_on(item):
            mark()
        yield from run
        run, width, marking = [], 0, False
        if item is not None and _column_word(item.line.text):  # a word set apart: a new run starts
            run.append((item, pair[1]))
            colon = False
            above = item
            continue
        above = item
        yield pair
    if run and _column(run, colon, width, eps):
        mark()
    yield from run


#: The most lines of a column of single words held back before it is marked.
COLUMN_HOLD = 64


def _column(run: list[tuple[Item, Trailing]], colon: bool, width: int, eps: float) -> bool:
    """Is the run long enough, and past one printed line or under a colon, to be a list's column?"""
    return len(run) >= COLUMN_WORDS and (colon or width > (1 + eps) * run[-1][0].cw)


def _goes_on(item: Item | None) -> bool:
    """Does the line under a run of single words go on with their sentence: lower case, words, no blank?"""
    if item is None or item.set_apart or not item.ev.lower:
        return False
    return len(item.line.text.split(None, 2)) > 2


#: A loose line's words and the next line's first word run past this share of the
#: column width: the next word did not fit, which is why the line was set loose.
LOOSE_REACH = 0.7


def _word_alone(text: str, parts: list[str], first: bool) -> bool:
    """One word (not CJK), or, first in a run, an item's bullet or number and a word ("• MySQL", "3. The").

    ``parts``: the line's words, split at most twice (``text.split(None, 2)``: more than
    two words are no word alone, and a long line is not split further).
    """
    if len(parts) == 2 and first and starts_an_item(text):
        parts = parts[1:]
    return (
        len(parts) == 1
        and (not first or any(ch.isalpha() for ch in parts[0]))
        and not CJK_CHAR.search(parts[0])
    )


def _sentence_opens(run: list[Item]) -> bool:
    """Do three words alone or more open a sentence, a function word among them ("GitHub" / "is")?

    A paragraph's first line set loose has nothing above it to go on from; a
    list of single words (names, commands) has no function word in it.
    """
    words = [x.line.text.strip() for x in run]
    return (
        len(words) >= 3
        and words[0][:1].isupper()
        and any(w.islower() and is_function_word(w) for w in words[1:])
    )


def _is_loose(before: Item | None, run: list[Item], after: Item | None, eps: float) -> bool:
    """Are the words of ``run``, one a line, one printed line set loose, which ``after`` goes on from?

    A justified line that a long word (a URL, a name in code) could not join
    is stretched across the column; pdftotext then reads each word of it as a
    line of its own.  Such a line is never a paragraph's last, so the line
    under it goes on with the same paragraph.  The run is two lines or more
    (the first may be a list item's bullet and first word), its words fit one
    line, with the next line's first word they would have run past
    :data:`LOOSE_REACH` of the column, and it opens an item or goes on from
    a line that is unfinished and well filled (or a bulleted item's: a
    numbered line may be a heading) right above it.
    A column of single words (a list of names, a table's cells) fails one of
    these: a list's words come after a heading or a lead-in, or they would
    have fitted beside the next line's first word.
    """
    if len(run) < 2 or after is None or after.set_apart or any(x.set_apart for x in run[1:]):
        return False
    if run[0].cls is LineClass.FINISHED and run[1].line.text.lstrip()[:1].isupper():
        return False  # a paragraph's last word alone, then the next paragraph's first line set loose
    text = after.line.text
    if starts_an_item(text) or after.ev.numbered or not text.split():
        return False  # an item or a numbered heading starts anew below
    if run[0].set_apart or before is None:
        if not _sentence_opens(run):
            return False
    elif not starts_an_item(run[0].line.text):
        if before.cls is not LineClass.UNFINISHED or before.ev.numbered:
            return False  # a sentence ended above, or a numbered heading stands there
        if before.width < LOOSE_REACH * before.cw and not starts_list_item(before.line.text):
            return False
    cw = run[-1].cw
    width = sum(display_width(x.line.text.strip()) for x in run) + len(run) - 1
    return width <= (1 + eps) * cw and width + 1 + display_width(text.split()[0]) > LOOSE_REACH * cw


def _stacked(run: list[Item]) -> list[Item]:
    """The words that end ``run``, one a line and each set apart by a blank line, when they are a title's.

    A sidebar's or an example's title set in a narrow box beside the text
    ("DEBIAN" / "POLICY" / "Register" / "a" / "server" / "in" / "/etc/", a
    blank line between each two) comes out of pdftotext one word a block:
    short lines that look like a figure's label, debris or headings of their
    own, and are dropped or split.  The run's last words from the last one
    not below a blank line (a paragraph's last word may come before them),
    from the first two that are a label:
    three words or more, each short, each after the first below a blank line
    (not a page break or a marked line), opening with a box's label
    (:func:`_labelled`), and a function word in lower case among them
    (:func:`_sentence_opens`): a title, not a column of names, numbers or a
    table's cells one a block, nor a paragraph's loose line.
    """
    first = len(run) - 1
    while (
        first > 0
        and run[first].blank_before
        and not (run[first].page_break_before or run[first].after_marked)
    ):
        first -= 1
    while first + 2 < len(run) and not _labelled(run[first : first + 3]):
        first += 1  # a word set apart above the label ("/etc/inetd.conf" / "DEBIAN" / "POLICY")
    words = run[first:]
    if (
        len(words) >= 3
        and _labelled(words)
        and all(x.band is Band.SHORT for x in words)
        and _sentence_opens(words)
    ):
        return words
    return []


def _labelled(run: list[Item]) -> bool:
    """Does a box's label open the words, the title's first word capitalised after it?

    A label is two words in capitals ("DEBIAN" / "POLICY" / "Register") or a
    word and a number ending on a dot ("Example" / "10.9." / "Changes").  A
    box's title opens with its label; a loose line of a paragraph set one
    word a block opens with a sentence's words ("Real" / "file" / "IO"), a
    version is no label's number ("Python" / "3.8"), and a sentence's words
    go on in lower case after a number ("Python" / "3.10." / "(#359").
    """
    a = run[0].line.text.strip()
    if not (a[:1].isupper() and a.isalpha() and run[2].line.text.lstrip()[:1].isupper()):
        return False  # the cheap tests first: most runs of words are a formula's pieces
    b = run[1].line.text.strip()
    if len(a) > 1 and len(b) > 1 and b.isalpha() and a.isupper() and b.isupper():
        return True
    number = b[:-1]
    return b[-1:] == "." and number != "" and number.replace(".", "").isdigit()


#: The most words of the line under a stacked title that end it ("interfaces file").
STACK_TAIL = 3


def _stack(run: list[Item], after: Item | None) -> bool:
    """Mark a stacked title's words (:func:`_is_stacked`), and the line under them when it ends the title.

    A stacked word is marked ``loose`` too, so that the rules' guard that
    asks for a loose line lets the rule for it be asked
    (:func:`srtext.pipeline.rules.any_line.word_of_a_stacked_title`).  The
    line under the words ends the title when it is short, of a few words, set
    apart like them and in lower case ("interfaces file"): then True, and
    the line under that is marked loose (the rule starts a paragraph with it).
    """
    for x in run:
        x.ev.loose = x.ev.stacked = True
    if (
        after is not None
        and after.blank_before
        and after.band is Band.SHORT
        and after.ev.lower
        and len(after.line.text.split(None, STACK_TAIL)) <= STACK_TAIL
    ):
        after.ev.loose = after.ev.stacked = True
        return True
    return False


def loose_lines(
    pairs: Iterable[tuple[Item | None, Trailing]], eps: float
) -> Iterator[tuple[Item | None, Trailing]]:
    """The pairs of :func:`_items`, each word of a loose line and the line under it marked ``ev.loose``.

    Runs of words alone on their lines are held back until the line after
    them says whether they are a loose line (:func:`_is_loose`); a run's
    first line, when it opens a list item, keeps its own decision.
    """
    before: Item | None = None  # the line before the run
    run: list[tuple[Item, Trailing]] = []  # only lines that are items join a run
    width = 0  # the run's words and the spaces after them
    under = False  # the last line of a stacked title came last: the next line is under it
    for pair in pairs:
        item = pair[0]
        if under and item is not None:
            item.ev.loose = True  # asked word_of_a_stacked_title, which starts a paragraph with it
            under = False
        # a word alone, or a bullet and a word: two words at most (most lines have more)
        parts = item.line.text.split(None, 2) if item is not None else []
        few = item if item is not None and len(parts) < 3 else None
        if few is not None and run and _word_alone(few.line.text, parts, False):
            word = display_width(few.line.text.strip())
            if width + word <= (1 + eps) * few.cw:  # a word too long for the printed line goes under it
                run.append((few, pair[1]))
                width += word + 1
                continue
        if run:
            words = [x for x, _ in run]
            if _is_loose(before, words, item, eps):
                for x in words[1:] if len(words[0].line.text.split()) == 2 else words:
                    x.ev.loose = True
                if item is not None:
                    item.ev.loose = True
            elif len(words) >= 3 and words[-1].blank_before:
                stacked = _stacked(words)
                if stacked:
                    under = _stack(stacked, item)
            yield from run
            before = run[-1][0]
            run = []
        if few is not None and _word_alone(few.line.text, parts, True):
            run.append((few, pair[1]))
            width = display_width(few.line.text.strip()) + 1
            continue
        if item is not None:
            before = item
        yield pair
    yield from run

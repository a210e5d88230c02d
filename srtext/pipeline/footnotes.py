"""Footnotes, found page by page: short blocks after a marker at a page's bottom, or mid-page.

A footnote starts with a marker symbol, or with a number that the page's text
carries as a marker; a footnote that pdftotext glued onto a line of text is
split off it first (:func:`split_glued_footnotes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from srtext.pipeline.classify import CJK_CHAR
from srtext.pipeline.furniture import FOOTER
from srtext.pipeline.lines import Line
from srtext.pipeline.patterns import MULTILINE, lazy, pattern
from srtext.record import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    import regex

MAX_NOTES = 9  # footnotes taken at a page's bottom, each above the one found before
_MARK_SYMBOLS = "[∗*†‡§¶⋆♯‖]"
# A marker symbol before a note's text; the ASCII asterisk needs a space or a
# capitalised word after it ("*See"), since "*.changes" or "*/5" are a glob and a
# cron field, not notes. A section or paragraph sign before a number ("§4. Local
# options", "¶ 12") numbers the text's own sections, it does not mark a note.
_SYMBOL_MARK = pattern(r"\A\s*(?:\*+(?=\s|\p{Lu}\p{Ll})|[∗†‡⋆♯‖]|[§¶](?!\s?\d)|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*\S")
# An ASCII asterisk that a wrapped sentence set first on its line, under a line of text, with
# words in lower case or figures after it, is an operator ("the" / "* operator", "2" / "** 55"),
# not a note's mark: a note starts with a capital, or stands apart from the text above it.
_OPERATOR_START = lazy(r"\A\s*\*+\s+(?:\p{Ll}+[\s.,;]|\d|[/+=(-])")
# What _SYMBOL_MARK needs somewhere on the page, and what its lines start with: characters
# alone, each looked for with "in" (a regex class tried each of its members at every character).
_SYMBOLS = "*∗†‡§¶⋆♯‖¹²³⁴⁵⁶⁷⁸⁹⁰"
_SYMBOL_STARTS = frozenset(_SYMBOLS)
# A marker on a line of its own, its note's text after an empty line.
_MARK_ALONE = pattern(rf"\A\s*{_MARK_SYMBOLS}{{1,2}}\s*\Z")  # LaTeX doubles them: "††"
# A note's number before its text, with a space or glued to a capitalised word ("1See",
# "4В некоторых": a word of one letter too, but a Latin one, since "2D array" and "4K
# screens" are a figure's unit) or to a word of a script without case ("1参见").
_NUMBER_MARK = pattern(
    rf"\A\s*\(?(\d{{1,2}})\)?(?:\s+\S|(?=\p{{Lu}}\p{{Ll}}|(?![A-Z])\p{{Lu}}[ \t]\p{{Ll}}|{CJK_CHAR.pattern}))"
)
_DOTTED_NUMBER_MARK = pattern(r"\A\s*(\d{1,2})\.\s+(?=\p{Lu})")
# A dotted number before a word of a script without case ("1. 参见..."): a note only
# where the page's text carries its mark (a numbered list's items come in sequence too).
_DOTTED_CJK_MARK = pattern(rf"\A\s*(\d{{1,2}})\.\s*(?={CJK_CHAR.pattern})")
# "1 INTRODUCTION": a numbered heading in capitals, not a footnote.
_CAPITALS_HEADING = lazy(r"\p{Lu}{2,}(?:[\s-]+\p{Lu}{2,}|\s+\p{Lu}?\p{Ll}{1,3})*\s*\Z")


#: The footnotes' rules: name -> the reason ``--explain`` gives, in the order
#: :func:`find_footnotes` asks them.  At the page's foot, going up: a mark alone over
#: its note before a line that starts with a mark (the mark alone would otherwise be
#: taken for a page number or a formula's piece), then numbered notes in sequence
#: above a note already found.  Then, anywhere on the page (two columns put the
#: first column's notes mid-page): stacked marks, a mark alone over its note, a
#: numbered note of one sentence, a line that starts with a marker symbol.
FOOTNOTE_RULES: dict[str, str] = {
    "number_alone_over_its_note": "a note's number or mark alone near the page's foot, its note under it",
    "note_at_the_foot": "a line near the page's foot that starts with a mark the page's text carries",
    "notes_in_sequence": "numbered notes in sequence, above a note or the footer",
    "dotted_note_marked_apart": "a dotted note at the page's foot, its mark apart before a point in the text",
    "dotted_note_wrapped": "a dotted note wrapped at the page's foot, its number a mark in the text",
    "glued_note_marked_apart": "a note glued to its number at the page's foot, its mark apart in the text",
    "marks_stacked": "notes' marks stacked on lines of their own, their notes beside them",
    "mark_alone_over_its_note": "a marker symbol alone, its note's capitalised text under it",
    "numbered_note_mid_page": "a one-sentence note mid-page whose number the page's text carries",
    "symbol_note_mid_page": "a line that starts with a marker symbol, mid-page (a column's foot)",
    "same_as_a_note": "the same sentence as a note or a running footer of the page, in its lower half",
}


def find_footnotes(page: Sequence[Line], furniture: dict[int, str]) -> dict[int, str]:
    """Footnote lines of one page, each to its rule (:data:`FOOTNOTE_RULES`).

    What lies below a marker line near the page's bottom is a note.

    Going up from the last line (furniture and empty lines aside), the nearest
    line within six lines that starts with a marker symbol (∗ † ‡ § ¶, superscript
    digits), or with a number that the page's text carries as a marker after a
    word ("banks.1", "Fellow1"), starts a footnote that runs down to an empty line
    (what follows it is the other column's text).  Up to :data:`MAX_NOTES`
    footnotes are taken, each found above the previous one the same way.
    A line that starts with a marker symbol starts a footnote anywhere on the
    page (two columns: the first column's footnotes come mid-page), which runs
    to the next empty line (four lines at most).

    >>> texts = ["Rivers move on.1 They cut", "banks and fields.", "1 See the survey", "of 1990.", "", "4"]
    >>> page = [Line(i, 1, t) for i, t in enumerate(texts)]
    >>> sorted(find_footnotes(page, {5: "page number"}))
    [2, 3]
    >>> sorted(find_footnotes(page[:2] + page[4:], {3: "page number"}))
    []

    A numbered heading in capitals is not a footnote, though the page has its number as a marker:

    >>> texts = ["Rivers move on.1 They cut", "", "1 INTRODUCTION", "Rivers cut banks.", "⋆ E-mail: a@b.c"]
    >>> sorted(find_footnotes([Line(i, 1, t) for i, t in enumerate(texts)], {}))
    [4]

    A marker alone on its line is a note's when an empty line and a capitalised
    text follow it; a formula's superscript that pdftotext set apart is not:

    >>> texts = ["Rivers cut their", "∗", "", "Email: a@b.c", "", "banks.", "U", "†", "", "U (x) → gL"]
    >>> sorted(find_footnotes([Line(i, 1, t) for i, t in enumerate(texts)], {}))
    [1, 3]
    """
    notes: dict[int, str] = {}
    claimed: set[str] = set()  # the numbers of the notes found: a mark points to one note
    short = _Short(page)  # asked only where a note is found
    texts: list[str] = []  # the page's text but its furniture, and the lines that hold some
    content: list[int] = []
    for i, line in enumerate(page):
        if i not in furniture:
            texts.append(line.text)
            if line.text.strip():
                content.append(i)
    body = "\n".join(texts)
    end = len(content)
    for _note in range(MAX_NOTES):
        for k in range(end - 1, max(end - 7, 0), -1):  # never the page's first line
            text = page[content[k]].text
            if k + 1 < end and _note_below_mark(page, content[k], content[k + 1], numbers=True):
                last = _note_end(page, content[k + 1], content[end - 1], short.chars)
                name, first = "number_alone_over_its_note", content[k + 1]
                notes[content[k]] = name  # the marker, and its note's lines (not the empty line between)
            elif (
                _starts_with_marker(text, body, dotted=True)
                and _note_number(text) not in claimed
                and not _operator_going_on(page, content[k])
            ):
                name, first = "note_at_the_foot", content[k]
                last = _note_end(page, first, content[end - 1], short.chars)
            elif (content[k] + 1 in notes or furniture.get(content[k] + 1) == FOOTER) and _numbered_notes(
                page, content[k], content[k] + 1, wrapped=content[k] + 1 in notes
            ):
                name, first = "notes_in_sequence", content[k]
                last = _note_end(page, first, content[end - 1], short.chars)
            elif _glued_note_marked_apart(text, body) and _note_number(text) not in claimed:
                name, first = "glued_note_marked_apart", content[k]
                last = _note_end(page, first, content[end - 1], short.chars)
            elif (
                _dotted_note_wrapped(page, content[k], content[end - 1], body)
                and _note_number(text) not in claimed
            ):
                name, first, last = "dotted_note_wrapped", content[k], content[end - 1]
            elif (
                _dotted_note_marked_apart(text, body, page[content[end - 1]].text)
                and _note_number(text) not in claimed
            ):
                name, first = "dotted_note_marked_apart", content[k]
                last = _note_end(page, first, content[end - 1], short.chars)
            else:
                continue
            notes.update(dict.fromkeys(range(first, last + 1), name))
            number = _note_number(text)
            if number is not None:
                claimed.add(number)
            end = k
            break
        else:
            break
    # In two columns a footnote ends a column, in the middle of pdftotext's page:
    # a line with a marker symbol starts one anywhere, and it runs to an empty line.
    symbols = any(map(body.__contains__, _SYMBOLS))  # a page without marker symbols: no line asked
    run: _MarkRun | None = None
    carried: dict[object, bool] = {}  # what the page's text carries, each number looked up once
    for n, k in enumerate(content[1:], 1):
        if k in notes:
            continue
        text = page[k].text
        lead = text.lstrip()[:1]  # what _MARK_ALONE, _NUMBER_ALONE_MARK and _SYMBOL_MARK start with
        # marks alone are short, and a mark or a digit (lstrip takes the white space \s does):
        # the cheap questions first
        mark_alone = len(text.strip()) <= 2 and (lead == "*" or "0" <= lead <= "9" or lead > "\x7f")
        if mark_alone and (run is None or k >= run.end):
            run = _mark_run(page, k)  # the run of marks this line starts; its lines below share it
        stacked = _stacked_marks(page, k, run) if mark_alone else range(0)
        if stacked:
            notes.update(dict.fromkeys(stacked, "marks_stacked"))
            continue
        if mark_alone and n + 1 < len(content) and _note_below_mark(page, k, content[n + 1]):
            notes.update(dict.fromkeys((k, content[n + 1]), "mark_alone_over_its_note"))
        elif (
            lead.isdigit()
            and (not claimed or _note_number(text) not in claimed)
            and _numbered_note_mid_page(
                page, k, body, content[n + 1] if n + 1 < len(content) else None, carried
            )
        ):
            notes[k] = "numbered_note_mid_page"
        elif (
            symbols
            and lead in _SYMBOL_STARTS
            and _SYMBOL_MARK.match(text)
            and not (lead == "*" and _operator_going_on(page, k))
        ):
            j = k
            while j < len(page) and page[j].text.strip() and j - k < 4 and j not in furniture:
                notes[j] = "symbol_note_mid_page"
                if len(page[j].text.strip()) < short.chars:
                    break  # a short line ends the note: the body goes on below it
                j += 1
    _same_as_a_note(page, notes, furniture, content)
    return {i: name for i, name in notes.items() if i not in furniture}


def _operator_going_on(page: Sequence[Line], i: int) -> bool:
    """Does the line open with an ASCII asterisk that is an operator of the sentence above it?

    A sentence about ``*`` or ``**`` that wraps before the operator sets it first
    on its line, right under the line before (no empty line between), with a word
    in lower case or a figure after it (:data:`_OPERATOR_START`); a note's mark
    stands before a capital or apart from the text above it.

    >>> texts = ["Expressions are simple: the operators +, -,", "* and / work as in most languages."]
    >>> _operator_going_on([Line(n, 1, t) for n, t in enumerate(texts)], 1)
    True
    >>> texts = ["the text above it,", "* See the notes at the end of the chapter."]
    >>> _operator_going_on([Line(n, 1, t) for n, t in enumerate(texts)], 1)
    False
    """
    return i > 0 and bool(page[i - 1].text.strip()) and _OPERATOR_START.match(page[i].text) is not None


_REPEATED_NOTE_CHARS = 15  # a repeated note's sentence at least ("See the notes.")


def _same_as_a_note(
    page: Sequence[Line], notes: dict[int, str], furniture: dict[int, str], content: list[int]
) -> None:
    """Take into ``notes`` the lines of the page's lower half that repeat a note's sentence.

    A note that the text points to several times on a page ("See the notes at
    the end of the chapter.") is printed under each mark; pdftotext sets the
    marks apart, out of order or not at all, so that only some of the copies
    are known by their mark, and the same line at the foot of many pages is
    taken for a running footer.  A copy of such a sentence in the page's lower
    half is a note too.  Only a sentence (a title that is also the running
    footer ends in no full stop) of some length.

    >>> texts = ["The rivers rose.", "Banks fell2 and fields flooded3.", "3", "See the notes at the end.",
    ...     "See the notes at the end.", "2 See the notes at the end."]
    >>> notes = {5: "note_at_the_foot"}
    >>> _same_as_a_note([Line(i, 1, t) for i, t in enumerate(texts)], notes, {}, list(range(6)))
    >>> sorted(notes)
    [3, 4, 5]
    """
    known = [page[i].text for i in notes] + [page[i].text for i, kind in furniture.items() if kind == FOOTER]
    sentences = {_NOTE_TEXT.sub("", t, count=1).strip() for t in known}
    sentences = {t for t in sentences if len(t) >= _REPEATED_NOTE_CHARS and t.endswith(_NOTE_ENDS)}
    if not sentences:
        return
    half = len(page) // 2
    for k in content:
        if k >= half and k not in notes and _NOTE_TEXT.sub("", page[k].text, count=1).strip() in sentences:
            notes[k] = "same_as_a_note"


# A note's mark before its sentence, taken off to compare notes ("2 See ...", "‡ See ...").
_NOTE_TEXT = pattern(rf"\A\s*(?:\(?\d{{1,2}}[.)]?|{_MARK_SYMBOLS}{{1,2}}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*")


def starts_like_note(text: str) -> bool:
    """Does the line start as a footnote does: a marker symbol, or a number, then text?

    >>> [starts_like_note(t) for t in ["† Email: a@b.c", "3 See it", "2Videti", "12. Ibid.", "4В саду"]]
    [True, True, True, True, True]
    >>> [starts_like_note(t) for t in ["Page 3 of 9", "2.1 Rivers", "Rivers of the north", "7", "2D array."]]
    [False, False, False, False, False]
    """
    return bool(_SYMBOL_MARK.match(text) or _NUMBER_MARK.match(text) or _DOTTED_NUMBER_MARK.match(text))


def _note_number(text: str) -> str | None:
    """The number a note's line starts with ("3 See ...", "3. See ..."), or None.

    A mark in the text points to one note: once the note numbered 3 is found on
    a page, another line there that starts with "3" is not a note but, say, the
    section "3 Features of a package" whose number a word ("kernel3") seemed to mark.

    >>> _note_number("3 See the notes."), _note_number("12. Ibid."), _note_number("∗ Email")
    ('3', '12', None)
    """
    m = _NUMBER_MARK.match(text) or _DOTTED_NUMBER_MARK.match(text)
    return m.group(1) if m is not None else None


class _MarkRun(NamedTuple):
    """A run of marks alone on consecutive lines, as :func:`_stacked_marks` asks of any line in it.

    ``end``: the first line after the run; ``last_number``: the run's last line that
    is a number alone (-1: none); ``capitals``: the lines in a row under the empty
    line after the run that start as a note's text does (counted up to the run's
    length); ``sentences``: of those, the first ones in a row that end a sentence.
    Measured once for the run, so that asking each of its lines costs nothing more
    (a page of marks alone, a column of numbers, is read once, not once per line).
    """

    end: int
    last_number: int
    capitals: int
    sentences: int


def _mark_run(page: Sequence[Line], i: int) -> _MarkRun:
    """The run of marks alone from line ``i`` (see :class:`_MarkRun`).

    >>> texts = ["text‡ more§ text", "‡", "2", "", "See the notes.", "See them too", "", "Body"]
    >>> _mark_run([Line(n, 1, t) for n, t in enumerate(texts)], 1)
    _MarkRun(end=3, last_number=2, capitals=2, sentences=1)
    """
    j, last_number = i, -1
    while j < len(page):
        text = page[j].text
        if not _MARK_ALONE.match(text):
            if not _NUMBER_ALONE_MARK.match(text):
                break
            last_number = j
        j += 1
    capitals = sentences = 0
    if j < len(page) and not page[j].text.strip():
        notes = page[j + 1 : j + 1 + j - i]  # never more notes than the run's marks are asked for
        capitals = next(
            (n for n, line in enumerate(notes) if not _CAPITAL_START.match(line.text)), len(notes)
        )
        ends = (line.text.rstrip().endswith(_NOTE_ENDS) for line in notes[:capitals])
        sentences = next((n for n, ended in enumerate(ends) if not ended), capitals)
    return _MarkRun(j, last_number, capitals, sentences)


def _stacked_marks(page: Sequence[Line], i: int, run: _MarkRun | None = None) -> range:
    """Marks alone on consecutive lines from ``i``, an empty line, then as many notes' lines.

    KOMA-Script's and the standard classes' notes come out so when pdftotext
    sets the marks apart: "‡", "§", "", "See the notes ...", "See the notes ...";
    numbers too ("1", "2"), when each note ends a sentence.  The range covers
    marks, empty line and notes; it is empty when the shape is not there (one
    mark alone is :func:`_note_below_mark`'s).  ``run``: the run of marks that
    holds line ``i``, measured from its first line or from ``i`` (:func:`_mark_run`).

    >>> texts = ["text‡ more§ text", "‡", "§", "", "See the notes.", "See them too.", "", "Body"]
    >>> _stacked_marks([Line(n, 1, t) for n, t in enumerate(texts)], 1)
    range(1, 6)
    """
    if run is None:
        run = _mark_run(page, i)
    j = run.end
    marks = j - i
    if marks < 2 or j >= len(page) or page[j].text.strip():
        return range(0)
    if run.capitals < marks:  # as many lines under the empty line, each a note's start
        return range(0)
    if run.last_number >= i and run.sentences < marks:
        return range(0)  # numbers stacked over words: a table's column
    return range(i, j + 1 + marks)


def _numbered_notes(page: Sequence[Line], i: int, j: int, wrapped: bool = False) -> bool:
    """Are lines ``i`` and ``j`` numbered notes in sequence ("1. See ...", "2. See ...")?

    A note whose mark stands on the page before (the note moved to the next
    page) is known by the note under it.  With ``wrapped``, line ``j`` starts a
    note found already, which may go on to the next line.

    >>> texts = ["1. See the notes.", "2. Lost in the flood.", "3 Results"]
    >>> page = [Line(n, 1, t) for n, t in enumerate(texts)]
    >>> _numbered_notes(page, 0, 1), _numbered_notes(page, 1, 2)
    (True, False)

    A note that is an address alone ends no sentence (:data:`_URL_NOTE`):

    >>> texts = ["3 https://example.org/issue/8", "4 https://example.org/issue/11"]
    >>> _numbered_notes([Line(n, 1, t) for n, t in enumerate(texts)], 0, 1)
    True
    """
    numbers = []
    for n in (i, j):
        text = page[n].text.rstrip()
        m = _DOTTED_NUMBER_MARK.match(text) or _NUMBER_MARK.match(text)
        if m is None or not (
            text.endswith(_NOTE_ENDS) or _URL_NOTE.match(text, m.end(1)) or (n == j and wrapped)
        ):
            return False
        numbers.append(int(m.group(1)))
    return numbers[0] < numbers[1]


# A note that is an address alone after its number ("3 https://example.org/issue/8"): LaTeX's
# \footnote{\url{...}} ends no sentence.
_URL_NOTE = lazy(r"\s+(?:https?://|www\.)\S+\Z")


def _glued_note_marked_apart(text: str, body: str) -> bool:
    """Does the line start with a note glued to its number ("3Installing ...") whose mark the text sets apart?

    Writer's and some LaTeX classes' superscript marks come out of pdftotext
    with a space before them ("servers; 3 it is then", "a 9 warning"), which
    :func:`_marked_number` does not take (a figure after a word and a space is
    more often a count: "Python 3", "issue 42").  A number glued to a
    capitalised word that ends a sentence is a note's start the body never
    has, so such a mark, after a word (and a point) and before a word in lower
    case or a point, is enough.

    >>> body = "kept on servers; 3 it is then made available.\\n3Installing it creates a user."
    >>> _glued_note_marked_apart("3Installing it creates a user.", body)
    True
    >>> _glued_note_marked_apart("3Installing it creates a user.", "Its 3 Servers are kept.")  # no mark
    False
    >>> _glued_note_marked_apart("3 Installing it creates a user.", body)  # apart: a numbered heading's shape
    False
    """
    if not text[:1].isdigit() or not text.rstrip().endswith(_NOTE_ENDS):
        return False
    m = _GLUED_NOTE.match(text)
    return m is not None and _spaced_mark(m.group(1)).search(body) is not None


def _dotted_note_wrapped(page: Sequence[Line], i: int, last: int, body: str) -> bool:
    """Do lines ``i`` to ``last`` (the page's last) hold a dotted note that wraps ("4. The ..." / "and ...")?

    :func:`_starts_with_marker` takes a dotted note only when its first line
    ends a sentence, since a numbered list's item of two lines may end a page
    too.  The item comes after the list's items before it: a dotted number
    with no line of the page numbered one less ("3. ") over it, two to
    :data:`_NOTE_LINES` lines down to the page's last that end a sentence, and
    the number a mark right after a word's point ("blossoms.4"), is a note (a
    list's items before it may be on the page before, and a figure glued to a
    word is as often its own: "ext4").  The
    line numbered one less may be a note itself (one sentence, marked too).

    >>> texts = ["The trees came from the valley.4 Most are apples.",
    ...     "4. The nursery closed long ago, but its catalogues", "are kept in the library."]
    >>> page = [Line(n, 1, t) for n, t in enumerate(texts)]
    >>> _dotted_note_wrapped(page, 1, 2, "\\n".join(texts))
    True
    >>> page.insert(1, Line(9, 1, "3. Water the trees.4"))
    >>> _dotted_note_wrapped(page, 2, 3, "\\n".join(t.text for t in page))
    False
    """
    text = page[i].text
    if not text.lstrip()[:1].isdigit() or not 1 <= last - i < _NOTE_LINES:
        return False
    m = _DOTTED_NUMBER_MARK.match(text) or _DOTTED_CJK_MARK.match(text)
    if m is None or text.rstrip().endswith(_NOTE_ENDS):
        return False  # one line that ends a sentence: _starts_with_marker's
    block = [line.text.strip() for line in page[i + 1 : last + 1]]
    if not all(block) or not block[-1].endswith(_NOTE_ENDS):
        return False
    number = m.group(1)
    if _marked_after_point(number).search(body) is None:
        return False
    before = f"{int(number) - 1}."
    return not any(
        line.text.lstrip().startswith(before) and not _starts_with_marker(line.text, body, dotted=True)
        for line in page[:i]
    )


@lru_cache(maxsize=64)
def _marked_after_point(number: str) -> regex.Pattern[str]:
    """The number as a mark right after a word's point ("blossoms.4", "fields,2", "结束。3").

    A figure glued to a word alone is as often the word's own ("ext4", "IPv6", "ch09").
    """
    return pattern(rf"\p{{L}}[.,;:!?)。，]{number}(?!\d)")


def _dotted_note_marked_apart(text: str, body: str, bottom: str) -> bool:
    """Is the line a dotted note ("1. C'est ainsi ...") whose mark the text sets apart before a point?

    French typesetting puts a thin space before a note's mark and before the
    point after it; pdftotext keeps both ("puisse en profiter 1 . Ces macros",
    "nul 2 :"), which :func:`_marked_number` does not take.  A number alone
    between a word and a point, each a space away, is such a mark (a count or a
    reference comes right before its point: "chapter 1."); the note, at the
    page's foot, runs down to the page's last line, which ends a sentence (a
    numbered list's item seldom ends a page so, under a mark of its number).

    >>> body = "pour que chacun puisse en profiter 1 . Ces macros\\n1. C'est ainsi qu'on la nomme."
    >>> _dotted_note_marked_apart("1. C'est ainsi qu'on la nomme.", body, "1. C'est ainsi qu'on la nomme.")
    True
    >>> body = "Read chapter 1. It is short.\\n1. Install the package."
    >>> _dotted_note_marked_apart("1. Install the package.", body, "1. Install the package.")
    False
    """
    if not text[:1].isdigit() or not bottom.rstrip().endswith(_NOTE_ENDS):
        return False
    m = _DOTTED_NUMBER_MARK.match(text)
    return m is not None and _mark_before_point(m.group(1)).search(body) is not None


@lru_cache(maxsize=64)
def _mark_before_point(number: str) -> regex.Pattern[str]:
    """The number set apart between a word and a point ("profiter 1 .", "nul 2 :")."""
    return pattern(rf"\p{{L}}[ \t]{number}[ \t][.,;:!?](?!\S)")


# A note's number glued to its capitalised text ("3Installing", "4В некоторых", "1See").
_GLUED_NOTE = lazy(r"(\d{1,2})(?=\p{Lu}\p{Ll}|(?![A-Z])\p{Lu}[ \t]\p{Ll})")


@lru_cache(maxsize=64)
def _spaced_mark(number: str) -> regex.Pattern[str]:
    """The number as a mark set apart after a word, before a word in lower case or a point ("ones; 3 it")."""
    return pattern(rf"\p{{L}}[.,;:]?[ \t]{number}[ \t](?:\p{{Ll}}|[.,;:!?])")


def _numbered_note_mid_page(
    page: Sequence[Line], i: int, body: str, following: int | None, carried: dict[object, bool] | None = None
) -> bool:
    """Is line ``i``, in mid-page, a one-line numbered note ("1 See the notes ...")?

    Two columns put the first column's notes in the middle of pdftotext's page.
    The page must carry the number as a marker after a word, the line must end
    a sentence (a numbered heading does not), and an empty line, another such
    note or the page's end must follow.  ``carried``: the answers of the page's
    text so far (see :func:`_starts_with_marker`).
    """
    text = page[i].text.rstrip()
    if text.lstrip().startswith("("):
        return False  # "(2) Those rings are ...": an item of the text's own list
    if not text.endswith((".", "。", "!", "?")) or not _starts_with_marker(text, body, carried=carried):
        return False
    if _SYMBOL_MARK.match(text):
        return False  # the symbol's own rule
    return following is None or following > i + 1 or _NUMBER_MARK.match(page[following].text) is not None


def _note_below_mark(page: Sequence[Line], mark: int, text: int, numbers: bool = False) -> bool:
    """Is line ``mark`` a marker alone, with its note's text after one empty line, or right below?

    A marker symbol alone is just as often a formula's superscript ("θ∗", "U†")
    that pdftotext put on a line of its own; those have the formula's next line
    right below them, a note has an empty line and then a capitalised text, or
    right below it a sentence of four words or more.  With ``numbers``, a
    number the page carries as a marker counts too (:func:`number_mark_alone`).

    >>> texts = ["rights§ apply", "§", "Only when the daemon was started by hand.", "U", "†", "U (x) → gL"]
    >>> page = [Line(n, 1, t) for n, t in enumerate(texts)]
    >>> _note_below_mark(page, 1, 2), _note_below_mark(page, 4, 5)
    (True, False)
    """
    if text == mark + 1 and not _sentence_note(page[text].text):
        return False
    if text not in (mark + 1, mark + 2):
        return False
    if _MARK_ALONE.match(page[mark].text) is not None:
        return _CAPITAL_START.match(page[text].text) is not None
    return numbers and number_mark_alone(page, mark, gap=text - mark - 1)


def _sentence_note(text: str) -> bool:
    """A note's line as a sentence: four words (or six CJK characters) or more, capitalised, ending one."""
    stripped = text.strip()
    return (
        (len(stripped.split()) >= 4 or len(CJK_CHAR.findall(stripped)) >= 6)
        and stripped.endswith(_NOTE_ENDS)
        and _CAPITAL_START.match(stripped) is not None
    )


def number_mark_alone(page: Sequence[Line], i: int, gap: int = 1) -> bool:
    """Is line ``i`` a note's number set apart ("1", an empty line, "Older drives report ...")?

    The page's text must carry the number as a marker after a word ("drives1"),
    else it is a page number; the note must end a sentence on its first line, or
    on its second after a full first one, else it is a section's title under its
    number ("1" / "Introduction") or the body going on.
    ``gap`` is the number of empty lines between the number and the note (0 or 1).

    >>> texts = ["The serial numbers of the drives1 were kept.", "", "1", "", "Older drives have none.", "2"]
    >>> page = [Line(n, 1, t) for n, t in enumerate(texts)]
    >>> [number_mark_alone(page, i) for i in (2, 5)]
    [True, False]
    >>> number_mark_alone(page[:4] + [Line(4, 1, "Introduction")], 2)
    False
    """
    number = _NUMBER_ALONE_MARK.match(page[i].text)
    at = i + 1 + gap
    if number is None or at >= len(page) or any(page[j].text.strip() for j in range(i + 1, at)):
        return False
    note = page[at].text.strip()
    if _CAPITAL_START.match(note) is None:
        return False
    if not note.endswith(_NOTE_ENDS) and not _wrapped_note(page, at):
        return False  # a body line under a stray number is no note
    body = " ".join(line.text for n, line in enumerate(page) if n != i)
    return _marked_number(number.group(1)).search(body) is not None


_NOTE_ENDS = (".", "!", "?", ")", "。")
#: Lines of a note that wraps, at most: a longer block under a number is the body.
_NOTE_LINES = 5


def _wrapped_note(page: Sequence[Line], at: int) -> bool:
    """Do the lines from ``at`` wrap as one note in small type, then end a sentence, then nothing?

    Two to :data:`_NOTE_LINES` lines down to an empty line or the page's end,
    the last ending a sentence: two lines, the first a full one; or more, each
    but the last longer than the page's usual full line: a note's smaller type
    holds more characters in the same column, and a paragraph of the body under
    a stray number wraps at the body's width (a section's title over its text
    is short).

    >>> body = [Line(n, 1, "The drives were kept in the rack of the office.") for n in range(6)]
    >>> note = "The serial numbers of the old drives were kept in a small book by the clerk"
    >>> page = body + [Line(n, 1, t) for n, t in enumerate([note, note, "office.", "", "7"], 6)]
    >>> _wrapped_note(page, 6), _wrapped_note(page, 7), _wrapped_note(page[:6] + page[8:], 6)
    (True, True, False)
    >>> _wrapped_note(body[:2] + [Line(6, 1, "Introduction")] + page[6:], 2)
    False
    >>> _wrapped_note(body + body[:3], 6)  # the body going on under a number
    False
    """
    block: list[str] = []
    for line in page[at : at + _NOTE_LINES + 1]:
        text = line.text.strip()
        if not text:
            break
        block.append(text)
    if not 2 <= len(block) <= _NOTE_LINES:  # more: the loop ran past the longest note
        return False
    if not block[-1].endswith(_NOTE_ENDS):
        return False
    if len(block) == 2 and len(block[0]) >= _short_line(page):
        return True  # a full line and one ending the note: two lines are too few to be the body's
    lengths = sorted(len(line.text.strip()) for line in page if line.text.strip())
    usual = lengths[len(lengths) * 3 // 4]  # the page's full line, in the body's type
    return all(len(x) > usual * 21 // 20 for x in block[:-1])


_NUMBER_ALONE_MARK = pattern(r"\A\s*(\d{1,2})\s*\Z")


def _note_end(page: Sequence[Line], first: int, last: int, short: int) -> int:
    """The last line of a note that starts at ``first``: down to an empty line, ``last`` at most.

    A full line goes on to the next; after a line shorter than ``short``
    characters only another note does (a short sentence, or a mark alone with
    its sentence under it: pdftotext sets notes and marks apart in any order).
    What else comes without an empty line is the body going on (no page break
    below the note).
    """
    end = first
    while end < last and page[end + 1].text.strip():
        if len(page[end].text.strip()) >= short:
            end += 1
            continue
        after = page[end + 1].text
        if _sentence_note(after) and len(after.strip()) < short:
            end += 1
            continue
        marked = _MARK_ALONE.match(after) or _NUMBER_ALONE_MARK.match(after)
        if marked and end + 2 <= last and _sentence_note(page[end + 2].text):
            end += 2
            continue
        break
    return end


class _Short:
    """:func:`_short_line` of a page, computed on first use (most pages have no note)."""

    __slots__ = ("_chars", "page")

    def __init__(self, page: Sequence[Line]) -> None:
        self.page = page
        self._chars = -1

    @property
    def chars(self) -> int:
        if self._chars < 0:
            self._chars = _short_line(self.page)
        return self._chars


def _short_line(page: Sequence[Line]) -> int:
    """Characters under which a line of the page is short: 4/5 of its upper-quartile line."""
    lengths = sorted(len(line.text.strip()) for line in page if line.text.strip())
    return lengths[len(lengths) * 3 // 4] * 4 // 5 if lengths else 0


# A note's text: a capitalised word of three letters, or a shorter one or an
# abbreviation followed by another word ("См. примечания", "Ib. p. 4"), a word
# of two letters by anything ("If \\Index is not used", "In (3) the"); a capital
# alone before a bracket is a formula's ("U (x) → gL").
# Scripts without case start a note with any word: "参见本章末尾的说明。".
_CAPITAL_START = pattern(
    rf"\A\s*(?:\p{{Lu}}(?:\p{{Ll}}{{2}}|\p{{Ll}}{{0,2}}\.?\s+\p{{L}}|\p{{Ll}}{{1,2}}\s+\S)|{CJK_CHAR.pattern}{{2}})"
)


@lru_cache(maxsize=256)
def _marked_number(number: str) -> regex.Pattern[str]:
    """The number as a marker after a word ("banks.1", "Fellow1", "错误。1"), compiled once per number.

    A letter right after it makes it part of a name ("T2A", "H2O"), not a mark.

    >>> [bool(_marked_number("1").search(t)) for t in ["banks.1 More", "没有严重的错误。1", "in 1990", "x 1"]]
    [True, True, False, False]
    >>> bool(_marked_number("2").search("in the T2A encoding"))
    False
    """
    return pattern(rf"\p{{L}}[.,;:)。，、）」』”]?{number}(?![\d\p{{Lu}}\p{{Ll}}])")


@lru_cache(maxsize=256)
def _marked_apart(number: str, cjk: bool = False) -> regex.Pattern[str]:
    """The number as a marker after a word, no CJK character right after it ("包括5 Options", "消息。6").

    With ``cjk``, after a CJK character or a CJK comma or full stop only, and before a space
    or the line's end.

    >>> [bool(_marked_apart("1").search(t)) for t in ["使用convmv1 重命名", "错误。1", "第1章", "共1页"]]
    [True, True, False, False]
    >>> [bool(_marked_apart("4", cjk=True).search(t)) for t in ["包括4 Options", "ext4 文件系统"]]
    [True, False]
    """
    if cjk:
        return pattern(rf"{CJK_CHAR.pattern}[。，、）」』”]?{number}(?=[ \t]|$)", MULTILINE)
    return pattern(rf"\p{{L}}[.,;:)。，、）」』”]?{number}(?!\d|{CJK_CHAR.pattern})")


def _starts_with_marker(
    text: str, page_text: str, dotted: bool = False, carried: dict[object, bool] | None = None
) -> bool:
    """Does the line start with a marker symbol, or with a number the page carries as a marker?

    With ``dotted``, "1. See the notes ..." counts too (HTML's and Writer's notes;
    only at a page's bottom, where a numbered list seldom ends a page on a note
    whose number the text carries: "so8"), when the line ends a sentence (a
    numbered item of two lines at a page's foot is no note: "4. Use line.render()
    ... In this case" / "you can't ...").  ``carried`` keeps what the page's text
    was asked for each number (a number has one answer on a page): asked of every
    line of a page, each question reads the page's text once, not once a line.

    >>> carried: dict[object, bool] = {}
    >>> body = "Rivers cut banks.3 More text.\\n3 See the survey.\\n3 See the survey."
    >>> [_starts_with_marker("3 See the survey.", body, carried=carried) for _ in range(2)], len(carried)
    ([True, True], 1)
    """
    if _SYMBOL_MARK.match(text):
        return True
    m = _NUMBER_MARK.match(text)
    if m is None and dotted and text.rstrip().endswith(_NOTE_ENDS):
        m = _DOTTED_NUMBER_MARK.match(text) or _DOTTED_CJK_MARK.match(text)
    if m is None or _CAPITALS_HEADING.match(text, m.end() - 1):
        return False
    number = m.group(1)
    after = text[m.end(1) :]
    dotted_cjk = after[:1] == "." and CJK_CHAR.match(after.lstrip(". ")) is not None
    if dotted_cjk or CJK_CHAR.match(after) is not None:
        # "1参见..." or "1. 参见...": CJK text carries numbers after its characters
        # ("第1章", "共1页"), a mark stands apart from the word after it ("包括5 Options");
        # a dotted number's mark follows a CJK character (a Latin name's digit is its own,
        # "ext4 ", and a numbered list's items end a page as notes do)
        return _carries(_marked_apart(number, cjk=dotted_cjk), page_text, carried)
    if _carries(_marked_number(number), page_text, carried):
        return True
    # CJK text: pdftotext sets the superscript apart, on a line of its own, when it
    # keeps it at all; a note that ends a sentence under such a number is taken.
    if CJK_CHAR.search(text) is None or not text.rstrip().endswith(_NOTE_ENDS):
        return False
    alone = ("alone", number)
    found = carried.get(alone) if carried is not None else None
    if found is None:
        found = any(line.strip(" \t") == number for line in page_text.split("\n"))
        if carried is not None:
            carried[alone] = found
    return found


def _carries(mark: regex.Pattern[str], page_text: str, carried: dict[object, bool] | None) -> bool:
    """Does ``page_text`` hold ``mark`` (a number's pattern)?  Asked once per pattern with ``carried``."""
    if carried is None:
        return mark.search(page_text) is not None
    found = carried.get(mark)
    if found is None:
        found = carried[mark] = mark.search(page_text) is not None
    return found


_GLUED_SYMBOLS = "∗*†‡§¶⋆"
_GLUED_MARK = pattern(rf"(?<=\p{{Ll}})[{_GLUED_SYMBOLS}][ \t]+(?=\p{{Lu}})")


def split_glued_footnotes(page: Sequence[Line]) -> list[Line]:
    """Split lines where pdftotext glued a footnote onto the text beside or above it.

    pdftotext puts text on one line when it shares a baseline (a footnote of one
    column beside the other column's text), and it joins a page's hyphenated last
    line with the footnote below it ("bea-" + "∗ The data..." -> "bea∗ The data").
    A marker symbol right after a lower-case letter, then a space and a capital,
    is such a seam when the page carries the same marker elsewhere (the note's
    reference in the text).  Both parts keep the line's number; the second part's
    offset points at the marker.

    >>> page = [Line(1, 1, "It rose.∗ Then it fell"), Line(2, 1, "and fe∗ Data from 1990.", offset=23)]
    >>> [(x.number, x.text, x.offset) for x in split_glued_footnotes(page)]
    [(1, 'It rose.∗ Then it fell', 0), (2, 'and fe', 23), (2, '∗ Data from 1990.', 29)]
    >>> [x.text for x in split_glued_footnotes(page[1:])]  # the only ∗ of the page is a reference
    ['and fe∗ Data from 1990.']
    """
    text = "\n".join([x.text for x in page])
    # one search of the page before a search of each line, and none without a marker symbol
    if not any(mark in text for mark in _GLUED_SYMBOLS) or _GLUED_MARK.search(text) is None:
        return list(page)
    out: list[Line] = []
    for line in page:
        seam = None
        for m in _GLUED_MARK.finditer(line.text):
            seam = m
        if seam is not None and text.count(seam.group()[0]) >= 2:
            k = seam.start()
            out.append(line._replace(text=line.text[:k]))
            out.append(line._replace(text=line.text[k:], offset=line.offset + k))
            continue
        out.append(line)
    return out

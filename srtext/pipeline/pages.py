"""Page furniture and footnotes, found page by page from the form feeds between pages.

Running headers and footers repeat at the top or bottom of many pages once digits
are masked (odd and even pages may carry different ones; a header may be as long
as the column); page numbers stand alone in the top or bottom lines of a page in
their usual forms (3, iii, "- 3 -", "Page 3 of 10", "S. 3", "стр. 3").
Footnotes are short blocks at the bottom of a page that start with a marker
symbol, or with a number that the page's text carries as a marker; a footnote
that pdftotext glued onto a line of text is split off it first.  What a line of
furniture looks like is :mod:`srtext.pipeline.furniture`'s, the footnotes
:mod:`srtext.pipeline.footnotes`'; this module decides page by page, and
re-exports their public names.

:func:`mark_pages` streams: it holds whole pages, at most ``window`` lines, and
counts repeats over every page read so far, so an input of at most ``window``
lines gets exactly the whole-document decisions.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence

from srtext.pipeline.bullets import BULLETS, BULLETS_BY_RANK, RANK_REASON, by_bullets, by_rank
from srtext.pipeline.bullets import REASON as BULLETS_REASON
from srtext.pipeline.classify import is_caption_start, looks_like_debris, starts_lowercase
from srtext.pipeline.columns import COLUMNS, by_columns
from srtext.pipeline.columns import REASON as COLUMNS_REASON
from srtext.pipeline.footnotes import (
    FOOTNOTE_RULES,
    MAX_NOTES,
    find_footnotes,
    number_mark_alone,
    split_glued_footnotes,
    starts_like_note,
)
from srtext.pipeline.front import TITLE_NOTE, find_front_matter, title_notes
from srtext.pipeline.furniture import (
    FOOTER,
    FOOTNOTE,
    FRONT_MATTER,
    HEADER,
    PAGE_NUMBER,
    STAMP,
    ZONE,
    is_date_line,
    is_page_number,
    is_stamp,
    is_stamp_line,
    is_web_address,
    mask,
    may_hold_stamp,
    zones,
)
from srtext.pipeline.interleave import INTERLEAVED, deinterleave
from srtext.pipeline.interleave import REASON as INTERLEAVED_REASON
from srtext.pipeline.labels import is_version
from srtext.pipeline.lines import CHARS_PER_WINDOW_LINE, PAGE_BREAK, Line
from srtext.pipeline.numbering import is_chapter_label, run_in_heading_end
from srtext.pipeline.patterns import lazy, pattern
from srtext.pipeline.rows import MERGED, unmerge
from srtext.pipeline.rows import REASON as MERGED_REASON

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.geometry.box import LineBox
    from srtext.geometry.margins import Margin, Placed

__all__ = [
    "FOOTER",
    "FOOTNOTE",
    "FOOTNOTE_RULES",
    "FRONT_MATTER",
    "FURNITURE_RULES",
    "HEADER",
    "MAX_NOTES",
    "PAGE_NUMBER",
    "PAGE_RULES",
    "STAMP",
    "ZONE",
    "Repeats",
    "find_footnotes",
    "is_page_number",
    "is_stamp",
    "mark_pages",
    "mask",
    "page_furniture",
    "split_glued_footnotes",
    "split_run_in_headings",
    "zones",
]


class Repeats:
    """How many pages carry each masked line in their top and bottom zones."""

    __slots__ = (
        "_headers",
        "_held",
        "_unasked",
        "_waiting",
        "beside",
        "bottom",
        "middle",
        "pages",
        "top",
        "versions",
    )

    def __init__(self) -> None:
        self.pages = 0
        self.top: Counter[str] = Counter()
        self.bottom: Counter[str] = Counter()
        # Pages that carry each release's version line ("0.14.6 (February 1st, 2022)") in their
        # top or bottom zones, as written: digits not masked.
        self.versions: Counter[str] = Counter()
        # Pages that carry each short masked line between their zones (at most MIDDLE_KEYS lines).
        self.middle: Counter[str] = Counter()
        # The lines between the zones not counted yet, masked only when a masked line that
        # starts as theirs is asked for (in_the_text): pages' lines as read, then by the first
        # character of their mask.  Held while the pages so far have fewer such lines than
        # MIDDLE_KEYS (so the bound has not been reached), counted as they come after.
        self._waiting: list[list[str]] = []
        self._unasked: dict[str, list[list[str]]] = {}
        self._held = 0
        # Pages with a line standing alone beside the page number at the top, by the
        # number's offset from the page's index (a page number counts up with the pages).
        self.beside: Counter[int] = Counter()
        self._headers: bool | None = None  # has_headers(), until the next page is added

    def add(self, page: Sequence[Line]) -> None:
        self.pages += 1
        self._headers = None
        top, bottom = zones(page)
        self.top.update({mask(page[i].text) for i in top})
        self.bottom.update({mask(page[i].text) for i in bottom})
        edges = {*top, *bottom}
        self.versions.update({" ".join(page[i].text.split()) for i in edges if is_version(page[i].text)})
        texts = [  # the short lines between the zones that hold text
            text
            for i, text in enumerate([line.text for line in page])
            if len(text) <= MIDDLE_CHARS and text.strip() and i not in edges
        ]
        if self._held < MIDDLE_KEYS:  # the bound cannot be reached before this page: each line counts
            self._held += len(texts)
            self._waiting.append(texts)
        else:
            self._count(None)
            middle = {mask(text) for text in texts}
            if len(self.middle) < MIDDLE_KEYS:
                self.middle.update(middle)
            else:  # bounded: only lines already counted
                self.middle.update(m for m in middle if m in self.middle)
        numbers = {i: PAGE_NUMBER for i in top if page[i].text.strip().isdigit()}
        if (
            len(numbers) == 1
            and not any(is_page_number(page[i].text) for i in bottom)
            and any(i not in numbers and _beside_page_number(page, i, numbers, above=True) for i in top)
        ):
            self.beside[int(page[next(iter(numbers))].text) - self.pages] += 1

    def has_paired_headers(self) -> bool:
        """Do pages carry a line of their own beside the page number at the top, whatever it says?

        Odd and even pages of a short document may each show their running
        header (journal / author) too few times to repeat; the layout repeats.
        The numbers must count up with the pages and be the page's only number:
        a section's "1" / "Introduction" at a page's top is not a header.
        """
        return max(self.beside.values(), default=0) >= self.threshold()

    def has_headers(self) -> bool:
        """Do lines other than page numbers repeat at the top of pages?

        Asked once per page, answered once per set of pages (the pages' tops grow with the document).
        """
        if self._headers is None:
            need = self.threshold()
            self._headers = any(
                n >= need and not is_page_number(m.replace("#", "1")) for m, n in self.top.items()
            )
        return self._headers

    def in_the_text(self, masked: str) -> bool:
        """Does the line stand between the zones of as many pages as at their top, or as at their foot?

        A changelog's "Security fixes" or "Bug fixes" heads every release, so it
        falls at the top or foot of many pages; but it stands inside pages as
        often.  A running head stands at the edge, and inside a page at most
        where its chapter begins.  Top and foot are weighed apart: "Related
        issues and pull requests on GitHub: #1906." closes each of a
        changelog's entries, and once digits are masked the foot of half the
        pages and the top of others carry it, but the inside of nearly all.
        """
        self._count(masked[:1])
        return self.middle[masked] >= max(self.top[masked], self.bottom[masked])

    def _count(self, first: str | None) -> None:
        """Count the waiting lines whose mask starts with ``first`` (all of them for None).

        A page's lines that mask alike count once, as in :meth:`add`: masks that start
        differently differ, so a page's lines are counted by first character apart.
        """
        for texts in self._waiting:
            groups: dict[str, list[str]] = {}
            for text in texts:
                groups.setdefault(_mask_start(text), []).append(text)
            for start, group in groups.items():
                self._unasked.setdefault(start, []).append(group)
        self._waiting.clear()
        for start in list(self._unasked) if first is None else [first]:
            for group in self._unasked.pop(start, ()):
                self.middle.update({mask(text) for text in group})

    def releases(self, text: str) -> bool:
        """Is the line one of a changelog's releases, which repeat at pages' edges only once masked?

        A changelog heads each release with its version ("0.14.6 (February
        1st, 2022)", "Version 3.9.0"); with digits masked they are one line,
        and one opens a page as often as not.  A running head that names a
        version names the same one on every page: the line as written repeats.
        """
        return is_version(text) and self.versions[" ".join(text.split())] < self.threshold()

    def most(self) -> int:
        """Pages a line at the first page's foot must repeat on to be furniture there: most pages.

        The first page's foot holds notes, affiliations and a title's last
        lines; the same line at the foot of most pages, however few, is a
        running footer ("draft", a conference's short name) there too.
        """
        return max(2, self.pages // 2 + 1)

    def threshold(self) -> int:
        """Pages a line must repeat on to be furniture: 2, or an eighth of the pages."""
        return max(2, math.ceil(self.pages / 8))


def page_number_in_margin(page: Sequence[Line], i: int, margin: Margin) -> bool:
    """A page number in the page's top or bottom margin, wherever pdftotext put it in the text.

    pdftotext may write a page's number after its first column or among a
    table's cells, out of the lines the text rules look at; its box stays in
    the margin, set apart from the body and outside its extent on every page
    (:mod:`srtext.geometry.margins`).  Not in larger type than the body (a
    chapter's number over its title), nor a note's number set apart
    (:func:`srtext.pipeline.footnotes.number_mark_alone`).
    """
    return (
        margin.outside
        and margin.font_ratio <= LARGER_MARGIN
        and is_page_number(page[i].text)
        and not number_mark_alone(page, i)
    )


def margin_position_repeats(page: Sequence[Line], i: int, margin: Margin) -> bool:
    """A line in the page's margin, at the height where many pages carry one, is a running head or foot.

    Whatever it says: a chapter's title, the author's name on even pages and
    the journal's on odd ones, which repeat too seldom as text.  Outside the
    body's extent on every page (a page that opens with a heading has it at
    the body's top, where other pages have their first line).  Not in larger
    type than the body (a chapter's heading at a page's top), nor a
    sentence's end or its lower-case middle (two columns' first lines at the
    same height) or a note's start (a footnote's last line stands at the
    body's foot on many pages).
    """
    return (
        margin.repeated
        and margin.outside
        and margin.font_ratio <= LARGER_MARGIN
        and _neither_sentence_nor_note(page[i].text, margin)
    )


def margin_in_small_type(page: Sequence[Line], i: int, margin: Margin) -> bool:
    """A line in smaller type than the body, alone in the page's margin, is a running head or foot.

    A document of one page repeats nothing, yet its header (a journal's name, a
    chapter's title) or its footer stands apart from the body, outside its
    extent, in smaller type.  Only in a document of one page (in a longer one a
    heading in small capitals may open a page).  Not a sentence's end, a
    note's start, a caption, nor in the bottom margin a line that starts in
    lower case (a note's next line).  At the top a running head may start in
    lower case: a program's or a package's name ("cattrs: ...", "urdfdom").
    """
    text = page[i].text
    return (
        margin.alone
        and margin.outside
        and margin.font_ratio <= SMALLER_MARGIN
        and _SENTENCE_END.search(text) is None
        and (margin.top or (not starts_lowercase(text) and not starts_like_note(text)))
        and not is_caption_start(text)
    )


def footer_sentence_in_small_type(page: Sequence[Line], i: int, margin: Margin) -> bool:
    """A sentence in smaller type than the body, alone in the bottom margin of one page, is its footer.

    An office's or a publisher's page prints a line of rights or of
    confidentiality at its foot ("All rights reserved. Do not copy it."), a
    sentence that :func:`margin_in_small_type` leaves to the text.  Alone in the
    margin of a document of one page, set apart from the body and in smaller
    type, it is no paragraph's last line: those stand a line's space under the
    one before.  Not a note (it opens with its mark), a caption, nor a line
    that starts in lower case (a sentence going on).
    """
    text = page[i].text
    return (
        margin.alone
        and not margin.top
        and margin.outside
        and margin.font_ratio <= SMALLER_MARGIN
        and _SENTENCE_END.search(text) is not None
        and not starts_lowercase(text)
        and not starts_like_note(text)
        and not is_caption_start(text)
    )


def margin_far_from_the_body(page: Sequence[Line], i: int, margin: Margin) -> bool:
    """A line alone in the margin of one page, far from the body, not in larger type, is its header or footer.

    A header or footer may be set in the body's own type ("Summary of the
    meeting" over a page, a line of rights under it), where
    :func:`margin_in_small_type` cannot tell it.  It stands in the page's
    margin, half the margin away from the text: :data:`FAR` body font heights
    or more, where the body's lines, its paragraphs and the space under a
    heading in the body's type are a line or so apart.  Not in larger type (a
    title over the page stands apart too), nor a caption, nor at the foot a
    note's start.
    """
    text = page[i].text
    return (
        margin.alone
        and margin.outside
        and margin.apart >= FAR
        and margin.font_ratio <= LARGER_MARGIN
        and not is_caption_start(text)
        and (margin.top or not starts_like_note(text))
    )


#: A line this many body font heights from the body, in the margin of one page, is set far apart.
FAR = 2.0
#: A margin line in type this much larger than the body's is a heading's, not furniture.
LARGER_MARGIN = 1.1
#: A margin line in type this much smaller than the body's at most is furniture on its own.
SMALLER_MARGIN = 0.92
_SENTENCE_END = lazy(r"(?r)[.?!]\W*\Z")


def _neither_sentence_nor_note(text: str, margin: Margin) -> bool:
    """Does the line neither end a sentence, nor go on from one (a lower-case start: a line of
    prose at a page's top or foot), nor, in the bottom margin, start like a footnote?"""
    return (
        _SENTENCE_END.search(text) is None
        and not starts_lowercase(text)
        and (margin.top or not starts_like_note(text))
    )


MarginTest = Callable[[Sequence[Line], int, "Margin"], bool]

#: The rules that read where a line stood, asked of the lines in a page's margin that the text
#: rules left unmarked (:func:`page_furniture`'s ``margins``): name -> (the test, the margin it
#: answers in: top, bottom or either (None), the line's mark, the reason ``--explain`` gives),
#: in the order they are asked: a page number (a mark of its own), a height that repeats,
#: small type.
MARGIN_RULES: dict[str, tuple[MarginTest, bool | None, str, str]] = {
    "page_number_in_margin": (
        page_number_in_margin,
        None,
        PAGE_NUMBER,
        "a page number in the page's margin, set apart from the body",
    ),
    "header_at_a_repeated_height": (
        margin_position_repeats,
        True,
        HEADER,
        "in the page's top margin, at the height where many pages carry a line",
    ),
    "footer_at_a_repeated_height": (
        margin_position_repeats,
        False,
        FOOTER,
        "in the page's bottom margin, at the height where many pages carry a line",
    ),
    "header_in_small_type": (
        margin_in_small_type,
        True,
        HEADER,
        "alone in the page's top margin, in smaller type than the body",
    ),
    "footer_in_small_type": (
        margin_in_small_type,
        False,
        FOOTER,
        "alone in the page's bottom margin, in smaller type than the body",
    ),
    "footer_sentence_in_small_type": (
        footer_sentence_in_small_type,
        False,
        FOOTER,
        "a sentence alone in the bottom margin of a one-page document, in smaller type than the body",
    ),
    "header_far_from_the_body": (
        margin_far_from_the_body,
        True,
        HEADER,
        "alone in the top margin of a one-page document, far above the body, not in larger type",
    ),
    "footer_far_from_the_body": (
        margin_far_from_the_body,
        False,
        FOOTER,
        "alone in the bottom margin of a one-page document, far below the body, not in larger type",
    ),
}


#: The page furniture's rules: name -> (the line's mark, the reason ``--explain`` gives), in
#: the order :func:`page_furniture` asks them.  A stamp first (it is found wherever it
#: stands); then the top lines, where a page number is taken before a repeated line (a
#: number repeats too once digits are masked); a line beside the page number only once
#: the top's page numbers are known; the bottom lines last, where a number set apart may
#: be a footnote's mark instead (footnotes.number_mark_alone).
FURNITURE_RULES: dict[str, tuple[str, str]] = {
    "stamp": (STAMP, "a stamp in the page's margin (an identifier and a date, a download notice)"),
    "page_number_at_top": (PAGE_NUMBER, "a page number alone in the page's top lines"),
    "running_header": (HEADER, "the same line (digits masked) at the top of many pages"),
    "header_beside_page_number": (
        HEADER,
        "a line alone beside the page number at the top, on pages that carry running heads",
    ),
    "page_number_at_foot": (PAGE_NUMBER, "a page number alone in the page's bottom lines"),
    "running_footer": (FOOTER, "the same line (digits masked) at the bottom of many pages"),
    "one_page_header": (
        HEADER,
        "a date or a stamp alone over the text of a one-page document",
    ),
    "title_over_its_heading": (
        HEADER,
        "alone at the top of a one-page document, repeated by the heading under it",
    ),
    "one_page_footer": (
        FOOTER,
        "a date, a web address or a stamp alone under the text of a one-page document",
    ),
    **{name: (mark, reason) for name, (_test, _top, mark, reason) in MARGIN_RULES.items()},
}


def page_furniture(
    page: Sequence[Line], repeats: Repeats, *, first: bool = False, alone: bool = False
) -> dict[int, str]:
    """Furniture of one page: index in the page to the rule that found it (:data:`FURNITURE_RULES`).

    A line that stands alone (empty lines around it) next to the page number in
    the top lines is a header too when other pages carry running headers, or,
    after the first page, when other pages have such a line beside their number
    (odd and even pages' headers in a short document, each shown once or twice).
    On the first page the top line only is taken as a repeated header, so that a
    title which is also the running header of later pages stays, and a number
    under the top line is a page number only when other pages carry theirs at the
    top: under a title it is the first section's ("1" / "Introduction").

    >>> bodies = ["Rivers move.", "Banks fall.", "Fields flood."]
    >>> pages = [[Line(1, p, "Notes on rivers"), Line(2, p, ""), Line(3, p, bodies[p - 1]),
    ...           Line(4, p, str(p))] for p in (1, 2, 3)]
    >>> r = Repeats()
    >>> for p in pages: r.add(p)
    >>> page_furniture(pages[1], r)
    {0: 'running_header', 3: 'page_number_at_top'}
    """
    top, bottom = zones(page)
    need = repeats.threshold()
    found: dict[int, str] = {}
    if may_hold_stamp("\n".join([x.text for x in page])):  # one search of the page before one per line
        found = {i: "stamp" for i, line in enumerate(page) if is_stamp(line.text)}
    # A page has one number: with its number at the foot ("Strana 3 od 7"), a bare
    # number at its top is a section's ("4" over its title).
    numbered = {i for i in bottom if is_page_number(page[i].text)}
    numbered_below = any(i not in top for i in numbered)
    for i in top:
        text = page[i].text
        if i in found:
            continue
        if numbered_below and text.strip().isdigit():
            continue
        masked = mask(text)
        if is_page_number(text) and not (first and i != top[0] and repeats.top[masked] < need):
            found[i] = "page_number_at_top"
        elif (
            repeats.top[masked] >= need
            and (not first or i == top[0])
            and not is_chapter_label(text)
            and not repeats.in_the_text(masked)
            and not repeats.releases(text)
        ):
            found[i] = "running_header"  # "Kapitel 2" alone opens a chapter, though "Kapitel #" repeats
    headers = repeats.has_headers() or (not first and repeats.has_paired_headers())
    numbers = {i for i, name in found.items() if name == "page_number_at_top"}
    if numbers and headers:
        for i in top:
            if i not in found and _beside_page_number(page, i, numbers, above=not first):
                found[i] = "header_beside_page_number"
    for i in bottom:
        text = page[i].text
        if i in found:
            continue
        if i in numbered:
            if not number_mark_alone(page, i):
                found[i] = "page_number_at_foot"
                continue
            note = next((line.text for line in page[i + 1 :] if line.text.strip()), "")
            if repeats.bottom[mask(note)] < need:
                continue  # a note's number set apart is the footnotes' to take, not a footer's
        masked = mask(text)
        if (
            _footer_on_first_page(page, i, masked, repeats) if first else repeats.bottom[masked] >= need
        ) and not (repeats.in_the_text(masked) or repeats.releases(text)):
            found[i] = "running_footer"
    if alone:  # a printed document of one page: nothing repeats, the edges' words tell
        found.update(one_page_edges(page, found))
    return _text_repeated(page, found, first) if found else found


def dated_or_addressed(text: str) -> bool:
    """A date, a web address or a stamp's words alone: what a printed page's header or footer says.

    >>> [dated_or_addressed(t) for t in ["3/14/24, 10:30 AM", "https://example.org/x", "DRAFT", "Rivers"]]
    [True, True, True, False]
    """
    return is_date_line(text) or is_web_address(text) or is_stamp_line(text)


def one_page_header(page: Sequence[Line], i: int) -> bool:
    """A date or a stamp alone over the text of a document of one page is its header.

    A page printed from a browser carries the date over its text, an office's
    page a date or "DRAFT"; on one page nothing repeats to show it, but a date
    alone ("3/14/24, 10:30 AM", "Last revised: 2024-07-01") or a stamp's words
    alone ("CONFIDENTIAL") is no paragraph's text and no title.  Not a web
    address: a browser prints it at the foot, and a README may open with one
    (a picture's address written out where the picture did not load).
    """
    text = page[i].text
    return is_date_line(text) or is_stamp_line(text)


def title_over_its_heading(page: Sequence[Line], i: int) -> bool:
    """A line alone at the top of one page that the heading under it repeats is the page's printed title.

    A browser prints the page's title over it and a report its title in the
    header, and the document then opens with the same words as its heading:
    the first of the two is the header (shortened with an ellipsis when long).
    The heading is the next line, or the next two (a title that wraps).
    """
    own = _words_of(page[i].text)
    if len(own) < 3:
        return False
    # The heading under it, past a date or a stamp printed beside the title (a second header box).
    below = [x.text for x in page[i + 1 : i + 8] if x.text.strip() and not dated_or_addressed(x.text)][:2]
    if not below:
        return False
    cut = own.endswith(("…", "...")) and len(own) > 12
    for k in (1, 2):
        under = " ".join(_words_of(t) for t in below[:k])
        if own == under or (cut and under.startswith(own.rstrip(".…").rstrip())):
            return True
    return False


def one_page_footer(page: Sequence[Line], i: int) -> bool:
    """A date, a web address or a stamp alone under the text of a document of one page is its footer.

    A browser prints the page's address at its foot, an office's page a date
    or a stamp; as at the top (:func:`one_page_header`), such a line alone is
    no paragraph's text.
    """
    return dated_or_addressed(page[i].text)


def _words_of(text: str) -> str:
    return " ".join(text.split()).casefold()


#: The rules of a document of one page (:func:`one_page_edges`): name -> (the test, at the top?).
ONE_PAGE_RULES: dict[str, tuple[Callable[[Sequence[Line], int], bool], bool]] = {
    "one_page_header": (one_page_header, True),
    "title_over_its_heading": (title_over_its_heading, True),
    "one_page_footer": (one_page_footer, False),
}


def one_page_edges(page: Sequence[Line], found: Container[int]) -> dict[int, str]:
    """Furniture of a one-page document by its words: index in the page to the rule (:data:`ONE_PAGE_RULES`).

    Asked of the top and the bottom :data:`ZONE` lines from the page's edge
    inward, until one is not furniture; those found stand apart from the text
    (an empty line, the page's edge or furniture on either side: two boxes of
    a header, its title and its date, may be two lines of one block): lines
    between the text and the edge only.  A page of fewer than four lines is
    left alone.
    """
    out: dict[int, str] = {}
    content = [i for i, line in enumerate(page) if line.text.strip()]
    if len(content) < 4:
        return out
    for at_top, order in ((True, content[:ZONE]), (False, content[::-1][:ZONE])):
        run: dict[int, str] = {}
        for i in order:
            if i in found:
                continue
            name = next(
                (n for n, (test, top) in ONE_PAGE_RULES.items() if top is at_top and test(page, i)), None
            )
            if name is None:
                break
            run[i] = name
        for i, name in run.items():
            if not (_apart(page, i - 1, found, run) and _apart(page, i + 1, found, run)):
                break
            out[i] = name
    return out


def _apart(page: Sequence[Line], j: int, found: Container[int], run: Container[int]) -> bool:
    """Is line ``j`` beyond the page's edge, empty, or furniture (``found``, or the ``run`` found with it)?"""
    return j < 0 or j >= len(page) or not page[j].text.strip() or j in found or j in run


def _text_repeated(page: Sequence[Line], found: dict[int, str], first: bool) -> dict[int, str]:
    """``found`` without the repeated lines that the page's text runs into or comes out of.

    A running head stands apart from the text; a sample document or a form that
    prints the same paragraph on every page repeats its lines at each page's top
    and foot too, but there two lines or more repeat in one block, the last of
    them stops mid-sentence and the text goes on under it in lower case, with
    no empty line between ("... If you" / "read this text"), or the repeated
    lines at the foot go on from the text's last line above them.  A single
    repeated line is a running head even so, but on the first page: the first
    line of a later page may go on with a sentence of the page before, right
    under its head.
    """
    kept = dict(found)
    for name, step in (("running_header", 1), ("running_footer", -1)):
        run = [i for i, rule in found.items() if rule == name]
        if len(run) < (1 if first else 2):
            continue  # one line: a running head, which a page's text may run on from
        edge = max(run) if step == 1 else min(run)
        if any(i + step not in found for i in run if i != edge):
            continue  # not one block of lines
        upper, lower = (edge, edge + 1) if step == 1 else (edge - 1, edge)
        if not (upper >= 0 and lower < len(page)) or (upper in found and lower in found):
            continue
        above, below = page[upper].text, page[lower].text.lstrip()
        if above.strip() and below[:1].islower() and _SENTENCE_DONE.search(above) is None:
            for i in run:
                del kept[i]
    return kept


def margin_furniture(
    page: Sequence[Line], margins: dict[int, Margin], taken: Container[int]
) -> dict[int, str]:
    """Furniture found by where it stood: index in the page to the rule (:data:`MARGIN_RULES`).

    ``margins`` are the page's lines that stood in its top or bottom margin, by
    index (:func:`srtext.geometry.margins.margins`); the rules are asked of
    those the text's rules did not take (``taken``: furniture and footnotes).
    The text's evidence comes first: a note's number alone at the page's foot
    is the note's, though it stands where page numbers do.
    """
    found: dict[int, str] = {}
    for i, margin in margins.items():
        if i not in taken:
            for name, (test, side, _mark, _reason) in MARGIN_RULES.items():
                if side in (None, margin.top) and test(page, i, margin):
                    found[i] = name
                    break
    return found


def _mask_start(text: str) -> str:
    """The first character of ``mask(text)``, for a line with a character other than white space.

    >>> [_mask_start(t) for t in (" Notes 3", "12 Notes", "Σ 1", "٣ x")]
    ['N', '#', 'Σ', '#']
    """
    first = text.lstrip()[:1]  # strip() takes what the mask's white space leaves
    if first < "\x80":
        return "#" if "0" <= first <= "9" else first
    return "#" if _DIGIT.match(first) else first


_DIGIT = lazy(r"\d")  # as mask() reads digits, for a line that starts with a character not ASCII


#: Lines between the zones are counted up to this length (a heading's, a running head's), and
#: up to this many different ones: the count's memory is bounded whatever the document.
MIDDLE_CHARS = 80
MIDDLE_KEYS = 50_000


def _footer_on_first_page(page: Sequence[Line], i: int, masked: str, repeats: Repeats) -> bool:
    """Is the first page's bottom line ``i`` (``masked``: masked) the footer at the foot of most pages?

    Set apart (not a paragraph's line) and starting with a letter: a note's
    number or mark masks as a page number does, and notes repeat too.
    """
    return (
        repeats.bottom[masked] >= repeats.most()
        and page[i].text.lstrip()[:1].isalpha()
        and (i == 0 or not page[i - 1].text.strip())
    )


def _beside_page_number(page: Sequence[Line], i: int, numbers: Container[int], above: bool = False) -> bool:
    """Is line ``i`` a block of its own (empty lines or the page's edge around it) next to a page number?

    With ``above``, the page number must be the block right above it.

    >>> page = [Line(n, 1, t) for n, t in enumerate(["Notes", "", "1", "", "Title", "1. Intro"])]
    >>> [_beside_page_number(page, i, {2}) for i in (0, 4)]
    [True, False]
    """
    neighbours = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(page) and not page[j].text.strip():
            j += step
        if 0 <= j < len(page) and j == i + step:
            return False  # a line of text right above or below: part of a block
        neighbours.append(j)
    return any(j in numbers for j in (neighbours[:1] if above else neighbours))


_SENTENCE_DONE = lazy(r"(?r)[.?!:]\W*\Z")
# A line without a letter: a table's figures, a page's or an equation's number ("132", "(3)").
_NO_LETTER = lazy(r"\P{L}*\Z")
# What a run-in heading's line opens with (run_in_heading_end), asked of each line of a page:
# a third of the time of one search of the page's text for it at a line's start.
_RUN_IN_START = pattern(r"\s*\d{1,2}\.\d")
# A section's numbered heading right above a run-in subsection's: "3. Results", "4 Proofs".
_SECTION_ABOVE = lazy(r"\s*\d{1,2}\.?\s+\p{Lu}[\p{L} ,'’-]{0,60}\Z")


#: The footnotes found by their type (:func:`small_type_notes`): name -> the reason ``--explain``
#: gives, in the order they are asked: a block at the page's foot, then the lines that go on
#: from a note.
SMALL_TYPE_NOTE_RULES: dict[str, str] = {
    "small_type_block_at_the_foot": (
        "a block in smaller type than the body at the page's foot, set apart from the body, "
        "opening with a note's mark"
    ),
    "note_goes_on_in_small_type": "in the small type of the note right above it: the note goes on",
}
#: The text's footnote rules that find a note at the page's foot, which a line in its type goes on.
FOOT_NOTES = frozenset({"number_alone_over_its_note", "note_at_the_foot", "notes_in_sequence"})
#: A line in type this much smaller than the body's at most is a note's (or furniture's).
NOTE_TYPE = 0.88


def small_type_notes(
    page: Sequence[Line], placed: Placed, furniture: Container[int], notes: dict[int, str]
) -> dict[int, str]:
    """Footnotes found by their type: index in the page to the rule (:data:`SMALL_TYPE_NOTE_RULES`).

    Notes are set in smaller type than the body; the text's rules find a note
    by its mark and end it at a short line or where the mark's number is not
    the page's, so a note's second line, or a note whose mark the text does not
    carry, comes out as text.  Going up from the page's last line (furniture
    aside), the lines in smaller type (:data:`NOTE_TYPE`), each printed above
    the one after it, form a block at the page's foot; where it opens with a
    note's mark followed by prose (not code: READMEs set their code in small
    type too) and the line above it is a note, in the body's type or stands
    apart, the block is notes.  Then each line of prose in the small type of a note found
    at the page's foot right above it (at most one empty line between, within a
    line's height) goes on with that note.
    """
    found: dict[int, str] = {}
    content = [i for i, line in enumerate(page) if line.text.strip()]
    ratio = {i: b.font_height / placed.font for i in content if (b := placed.box(page[i].number)) is not None}
    block: list[int] = []
    for i in reversed(content):
        if i in furniture:
            if block:
                break
            continue
        if i in notes or ratio.get(i, 1.0) > NOTE_TYPE or (block and _gap(page, placed, i, block[-1]) < -1.0):
            break  # the body's type, or a line printed below the block's (a float pdftotext put after it)
        block.append(i)
    if block:
        block.reverse()
        top = block[0]
        above = max((j for j in content if j < top and j not in furniture), default=None)
        apart = (
            above is None
            or above in notes
            or ratio.get(above, 1.0) > NOTE_TYPE
            or _gap(page, placed, above, top) > 1.0
        )
        if apart and starts_like_note(page[top].text) and not looks_like_debris(page[top].text):
            found.update(dict.fromkeys((i for i in block if i not in notes), "small_type_block_at_the_foot"))
    before = None
    for i in content:
        if (
            before is not None
            and i not in furniture
            and i not in notes
            and i not in found
            and (notes.get(before) in FOOT_NOTES or before in found)
            and not looks_like_debris(page[i].text)
            and i - before <= 2
            and before in ratio
            and i in ratio
            and ratio[i] <= NOTE_TYPE
            and abs(ratio[i] - ratio[before]) <= 0.08
            and _gap(page, placed, before, i) <= 1.0
        ):
            found[i] = "note_goes_on_in_small_type"
        before = i
    return found


def _gap(page: Sequence[Line], placed: Placed, above: int, below: int) -> float:
    """The space between two lines' boxes in body font heights (0: a box unknown, or on another page)."""
    a, b = placed.box(page[above].number), placed.box(page[below].number)
    if a is None or b is None or a.page != b.page:
        return 0.0
    return (b.top - a.bottom) / placed.font


#: Every rule of the page stage, by the name ``--explain`` shows: its mark and its reason.
PAGE_RULES: dict[str, tuple[str, str]] = {
    **{f"furniture.{name}": rule for name, rule in FURNITURE_RULES.items()},
    **{f"footnote.{name}": (FOOTNOTE, reason) for name, reason in FOOTNOTE_RULES.items()},
    **{f"footnote.{name}": (FOOTNOTE, reason) for name, reason in SMALL_TYPE_NOTE_RULES.items()},
    "front_matter": (
        FRONT_MATTER,
        "between the title and the body of the first page (srtext.pipeline.front)",
    ),
    TITLE_NOTE: (
        FRONT_MATTER,
        "a note at the first page's foot that the title or an author's name points to"
        " (srtext.pipeline.front)",
    ),
    COLUMNS: ("", COLUMNS_REASON),  # reorders lines by their boxes, marks none (srtext.pipeline.columns)
    BULLETS: ("", BULLETS_REASON),  # moves bullets by their boxes, marks none (srtext.pipeline.bullets)
    BULLETS_BY_RANK: ("", RANK_REASON),  # moves bullets by their items' ranks, marks none (the same)
    INTERLEAVED: ("", INTERLEAVED_REASON),  # reorders lines, marks none (srtext.pipeline.interleave)
    MERGED: ("", MERGED_REASON),  # cuts joined lines and reorders lines, marks none (srtext.pipeline.rows)
}


def split_run_in_headings(page: Sequence[Line]) -> list[Line]:
    """Put a numbered run-in heading ("2.1. Adams operations. There are...") on a line of its own.

    AMS journals set subsection headings in the paragraph's first line.  The
    number must have two levels (a lone "2." may start a list item), the title
    be words only, up to its full stop, and the line before end a sentence, be
    empty, hold no letter (a table's last figures, an equation's number), be its
    section's numbered heading ("3. Results": the subsection
    opens the section) or be the page's first line, its running head or number
    ("R. Wagner" over "3.1. Stable Users. Our goal ..."; furniture is found after
    this split); a line break inside "see Section" + "2.1. Then..." is no heading.
    Both parts keep the line's number, as :func:`split_glued_footnotes` does.

    >>> page = [Line(1, 1, "is a unit."), Line(2, 1, "2.1. Adams operations. There are a few.", offset=11)]
    >>> [(x.text, x.offset) for x in split_run_in_headings(page)]
    [('is a unit.', 0), ('2.1. Adams operations.', 11), ('There are a few.', 34)]
    >>> [x.text for x in split_run_in_headings([Line(1, 1, "as in"), Line(2, 1, "so"), page[1]])]
    ['as in', 'so', '2.1. Adams operations. There are a few.']
    >>> [x.text for x in split_run_in_headings([Line(1, 1, "A. Smith"), page[1]])]
    ['A. Smith', '2.1. Adams operations.', 'There are a few.']
    >>> [x.text for x in split_run_in_headings([Line(1, 1, "so"), Line(2, 1, "2. Operations"), page[1]])]
    ['so', '2. Operations', '2.1. Adams operations.', 'There are a few.']
    >>> [x.text for x in split_run_in_headings([Line(1, 1, "so"), Line(2, 1, "40.0"), page[1]])]
    ['so', '40.0', '2.1. Adams operations.', 'There are a few.']
    """
    opens = _RUN_IN_START.match
    # the pattern asked only of a line that starts with an ASCII digit, or with another character
    # than ASCII (a digit of another script), after its white space (lstrip takes what \s does)
    texts = [line.text for line in page]
    if not any(opens(t) for t in texts if "0" <= (c := t.lstrip()[:1]) <= "9" or c > "\x7f"):
        return list(page)  # no line opens with a two-level number: no line is asked more
    out: list[Line] = []
    previous = ""
    top = True  # no text above the previous line on the page
    for line in page:
        k = run_in_heading_end(line.text)
        if k and (
            not previous.strip()
            or _SENTENCE_DONE.search(previous)
            or _NO_LETTER.match(previous)
            or _SECTION_ABOVE.match(previous)
            or (top and len(out) > 0)
        ):
            rest = len(line.text) - len(line.text[k:].lstrip())
            out.append(line._replace(text=line.text[:k]))
            out.append(line._replace(text=line.text[rest:], offset=line.offset + rest))
        else:
            out.append(line)
        top = top and not previous.strip()
        previous = line.text
    return out


def _page_marks(
    page: list[Line], repeats: Repeats, first: bool, placed: Placed | None = None, alone: bool = False
) -> list[Line]:
    """The page's lines, each marked with its kind and the rule that found it (``Line.rule``).

    A page break's own line (:data:`srtext.pipeline.lines.PAGE_BREAK`, the last of its page)
    is no line of the page: it comes after them, unmarked.  ``placed``: the document's
    geometry as the page stage reads it (:func:`srtext.geometry.margins.placed`).
    """
    breaks: list[Line] = []
    while page and page[-1].rule == PAGE_BREAK:
        breaks.append(page.pop())
    if placed is not None:
        page = by_bullets(by_columns(page, placed.box), placed.box)
    page = by_rank(page)
    page = deinterleave(split_run_in_headings(split_glued_footnotes(page)))
    page = unmerge(page, box=placed.box if placed is not None else None)
    # A document of one page, printed: the whole input read, one page in it, ended by a page break
    # (a text without form feeds is one "page" too, but nobody printed it with a header).
    furniture = page_furniture(page, repeats, first=first, alone=alone and first and bool(breaks))
    notes = find_footnotes(page, {i: FURNITURE_RULES[name][0] for i, name in furniture.items()})
    if placed is not None:
        margins = {i: m for i, line in enumerate(page) if (m := placed.margins.get(line.number)) is not None}
        if margins:
            furniture.update(margin_furniture(page, margins, furniture.keys() | notes.keys()))
        notes.update(small_type_notes(page, placed, furniture, notes))
    front = find_front_matter(page, furniture.keys() | notes.keys()) if first else range(0)
    thanks = (
        title_notes(page, notes.keys(), furniture, alone and first and bool(breaks))
        if first and notes
        else []
    )
    for i in thanks:
        del notes[i]
    if not (furniture or notes or front or thanks):  # nothing marked: the page as it is
        return page + breaks[::-1] if breaks else page
    out = page + breaks[::-1]  # each marked line replaced: furniture first, then notes, then front matter
    for i in front:
        if page[i].text.strip():
            out[i] = page[i]._replace(mark=FRONT_MATTER, rule="front_matter")
    for i in thanks:
        out[i] = page[i]._replace(mark=FRONT_MATTER, rule=TITLE_NOTE)
    for i, note in notes.items():
        out[i] = page[i]._replace(mark=FOOTNOTE, rule=f"footnote.{note}")
    for i, name in furniture.items():
        out[i] = page[i]._replace(mark=FURNITURE_RULES[name][0], rule=f"furniture.{name}")
    return out


def mark_pages(
    lines: Iterable[Line], window: int | None = 20000, geometry: Sequence[LineBox | None] | None = None
) -> Iterator[Line]:
    """Mark page furniture and footnotes (``Line.mark``), holding at most ``window`` lines
    (and ``window`` times :data:`srtext.pipeline.lines.CHARS_PER_WINDOW_LINE` characters).

    ``geometry``, one box per input line, adds the rules of :data:`MARGIN_RULES`
    and :data:`SMALL_TYPE_NOTE_RULES` (the lines in a page's margin are found over
    the whole document first).

    >>> text = [Line(n, p, t) for n, (p, t) in enumerate(
    ...     [(1, "Journal"), (1, "Body one"), (1, "1"), (2, "Journal"), (2, "Body two"), (2, "2")], 1)]
    >>> [(x.text, x.mark) for x in mark_pages(text)]  # doctest: +NORMALIZE_WHITESPACE
    [('Journal', 'header'), ('Body one', ''), ('1', 'page number'),
     ('Journal', 'header'), ('Body two', ''), ('2', 'page number')]
    """
    repeats = Repeats()
    placed = None
    if geometry:
        from srtext.geometry.margins import placed as measure  # only with geometry: not on the start-up path

        placed = measure(geometry)
    held: list[list[Line]] = []
    held_lines = held_chars = page_chars = 0
    chars = window * CHARS_PER_WINDOW_LINE if window is not None else 0
    page: list[Line] = []
    first_page = True
    done = False  # the whole input read

    def release() -> list[Line]:
        nonlocal first_page, held_lines, held_chars
        out: list[Line] = []
        for p in held:
            out += _page_marks(p, repeats, first_page, placed, alone=done and repeats.pages == 1)
            first_page = False
        held.clear()
        held_lines = held_chars = 0
        return out

    for line in lines:
        if page and line.page != page[-1].page:
            repeats.add(page)
            held.append(page)
            held_lines += len(page)
            held_chars += page_chars
            page, page_chars = [], 0
            if window is not None and (held_lines >= window or held_chars >= chars):
                yield from release()
        page.append(line)
        page_chars += len(line.text)
        if window is not None and (len(page) > window or page_chars > chars):
            # A "page" longer than the window: no form feeds, or a huge line; nothing to mark.
            yield from page
            page, page_chars = [], 0
    if page:
        repeats.add(page)
        held.append(page)
    done = True
    yield from release()

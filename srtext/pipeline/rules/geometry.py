"""The rules that read where a line stood on its page: gaps, indents, shared lines, larger type.

pdftotext's text hides what the page shows: a paragraph set apart by space
rather than a blank line (READMEs, reports, HTML printed to PDF: most of the
paragraphs text alone merges), a first line indented after a full line that
ended a sentence, a superscript set on a line of its own, a heading in larger
type.  Each rule here reads the line's :class:`~srtext.geometry.layout.LineGeo`
(``c.cur.ev.geo``: its place against the document's usual, measured once) and
answers only when the input had geometry; without it every rule is silent and
the decisions are those of the text alone, line for line.

The thresholds are in body font heights, the unit the page is set in, and were
tried on the tuning families of the real corpus only (bench/real_report.py).
"""

from __future__ import annotations

from srtext.pipeline.classify import Band, LineClass, starts_list_item
from srtext.pipeline.events import BODY, HEADING, Reason
from srtext.pipeline.numbering import is_bare_number, is_section_number_alone
from srtext.pipeline.patterns import lazy
from srtext.pipeline.rules.context import (
    JOIN,
    START,
    START_HEADING,
    Ctx,
    Rule,
    Verdict,
    mid_sentence,
)
from srtext.pipeline.weigh_geometry import boundary, first_word_points
from srtext.pipeline.width import display_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo
    from srtext.pipeline.evidence import Evidence

#: A gap this many body font heights beyond the usual leading sets a paragraph apart.
GAP = 0.3
#: A line within this much (body font heights) of the usual leading follows the line above as in a paragraph.
SAME_LEADING = 0.15
#: Two lines whose font heights differ by less than this share of the body's are in the same type.
SAME_TYPE = 0.05
#: A printed line whose right edge is within this many font heights of its column's is full.
ROW_FULL = 3.0
#: An indent between these many body font heights is a paragraph's first line
#: (less is a ragged edge, more a quotation, a list's hanging indent or code).
INDENT = (0.6, 4.0)
#: A line in type this much larger than the body's is a heading's (a word processor's
#: third level is 1.12 times its body's type: LibreOffice's 101% + 1.5 pt, Word's 12 pt over
#: 11).  From 1.15 to 1.1, with body_type_under_heading no longer asking for it, every 4th
#: real document with geometry: NL- 5.10 -> 4.93% tuning, 8.13 -> 8.07% validation,
#: headings whole 94.8 -> 95.6% and 92.2 -> 93.0%; arxiv-dev unchanged.
LARGER = 1.1
#: ... and this much larger than the lines right above and below it.
LOCAL = 1.1
#: A line in type this much larger than the body's is a title even in lower case
#: ("aiofiles: file support for asyncio", a program's name first).
MUCH_LARGER = 1.3
#: Type whose characters are narrower than this share of what its height implies is
#: not larger: a typewriter font's boxes are taller than the body's at the same size.
NARROW = 0.75
#: The usual leading, in font heights (baseline to baseline): larger type is set with more.
LEADING = 1.2
#: Each band's rules after :func:`weighed_on_the_page` (short lines, full and long
#: ones), set by :mod:`srtext.pipeline.rules` where it orders the tables.
AFTER_THE_PAGE: list[tuple[Rule, ...]] = [(), ()]


def _own_gap(geo: LineGeo) -> float:
    """The line's gap beyond the usual leading, in its own type's font heights, not the body's.

    Larger type is set with larger leading: two lines of a title in twice the
    body's type stand a body line's height further apart than two lines of
    the body, and are still one title.

    >>> from srtext.geometry.layout import LineGeo
    >>> round(_own_gap(LineGeo(6.0, 1.2, 0.0, 0.0, 2.0, False, False, False, 0, 10.0)), 2)
    0.0
    """
    extra = geo.gap_extra or 0.0
    return (extra + LEADING) / geo.font_ratio - LEADING


def _follows(before: Evidence, ev: Evidence) -> bool:
    """Does ``ev``'s line come right after ``before``'s in the same column of the same page?

    Right after: below it, or on its row to its right (a printed line that
    pdftotext split at a wide gap, or at a word in another font: both pieces
    have the same top, or stand on the same baseline, a typewriter word's box
    being taller than the roman words' beside it).
    """
    a, b = before.box, ev.box
    if a is None or b is None or a.page != b.page or a.column != b.column:
        return False
    return b.top > a.top or _on_its_row(a, b)


#: Points within which two boxes' tops are one row's.
ROW = 0.5
#: Two boxes whose baselines are this share of the smaller font height apart stand on one row.
BASELINE = 0.1


def _geo(c: Ctx) -> LineGeo | None:
    """The line's place, when the open paragraph's last line is the line right above it.

    Right above: the line its gap was measured to, not a line further up with
    dropped lines (a display formula's, a footnote's) between.
    """
    geo = c.cur.ev.geo
    s = c.state
    if geo is None or geo.gap is None or s is None or not _follows(s.last, c.cur.ev):
        return None
    a, b = s.last.box, c.cur.ev.box
    if a is None or b is None or abs(b.top - a.bottom - geo.gap) > 0.5:
        return None
    return geo


def gap_before_line(c: Ctx) -> Verdict | None:
    """A line set apart from the paragraph above by more than the usual leading starts a paragraph.

    Documents printed from HTML, Markdown or a word processor separate their
    paragraphs by space, not by an indent, and pdftotext writes no blank line
    for it: text alone sees one long run of full lines.  A gap of more than
    :data:`GAP` body font heights beyond the leading is such a space.  Not when
    the paragraph stops inside a sentence (a display formula or a figure set
    inside it) or the line goes on in lower case.  A short line so set apart,
    with no sentence in it and a gap below it too, is a heading.
    """
    geo = _geo(c)
    s = c.state
    if geo is None or s is None or geo.gap_extra is None or geo.gap_extra < GAP or s.kind != BODY:
        return None
    if mid_sentence(s) or geo.same_line:
        return None
    nxt = c.nxt
    below = nxt is not None and nxt.ev.geo is not None and (nxt.ev.geo.gap_extra or 0.0) >= GAP
    if c.short and c.open and c.cur.ev.title_like and below:
        return c.heading("a short line without a sentence, set apart by space above and below: a heading")
    return START, "a gap above the line beyond the usual leading: a paragraph starts"


#: Two lines whose font heights differ by this factor or more are in other type: code under
#: prose (a browser's or a word processor's monospace is 0.8 of the body's), prose under code.
#: A line of prose with inline code in it is 0.9 of the body's at most.
OTHER_TYPE = 1.15


def other_type_over_a_break(c: Ctx) -> Verdict | None:
    """A line at the top of a page or column in other type than the paragraph's last line starts a paragraph.

    Across a page or column break the page shows no gap: the line is its
    column's first, its gap unknown, and a code block (in smaller type) that
    opens the next page after "... as follows:" is taken for the next line of
    the sentence, or the text after a code block for the block's.  A paragraph
    keeps its type from line to line; a line whose font height is
    :data:`OTHER_TYPE` times the last line's, or as much smaller, is another
    block's.  Not where either line mixes in CJK characters (their boxes are
    taller than a Latin line's in the same type).
    """
    geo = c.cur.ev.geo
    s = c.state
    if geo is None or s is None or s.kind not in (BODY, HEADING) or geo.same_line or c.cur.ev.debris:
        return None
    if geo.gap is not None and _follows(s.last, c.cur.ev):
        return None  # the line right above is the paragraph's: the gap rules measure it
    last = s.last.geo
    if last is None or last.font_ratio <= 0.0 or geo.font_ratio <= 0.0:
        return None
    ratio = geo.font_ratio / last.font_ratio
    if 1 / OTHER_TYPE < ratio < OTHER_TYPE or _wide_characters(c.text) or _wide_characters(s.last.text):
        return None
    return START, "over a page or column break, in other type than the paragraph's last line: it starts"


def _wide_characters(text: str) -> bool:
    """Does the text hold a character two cells wide (CJK)?

    >>> _wide_characters("plain text"), _wide_characters("中文 text")
    (False, True)
    """
    return display_width(text) != len(text)


def gap_after_item(c: Ctx) -> Verdict | None:
    """A line set apart by space below a bulleted item starts a paragraph: the item has ended.

    Text alone sees an item's last line that stopped short of the margin
    without a sentence's end (a URL, a command, "→ https://...") and takes the
    next line for the item's.  On the page an item's lines follow each other at
    the usual leading, whether they hang indented under the bullet or start at
    the column's edge; the text after the list stands below a gap of
    :data:`GAP` or more.  Not a line that goes on in lower case.
    """
    geo = _geo(c)
    s = c.state
    if geo is None or s is None or s.kind != BODY or geo.gap_extra is None or geo.gap_extra < GAP or c.lower:
        return None
    if s.last.geo is None or not starts_list_item(s.lines[0].text):
        return None
    return START, "set apart by space below a bulleted item: the item has ended, a paragraph starts"


def goes_on_below_a_split_row(c: Ctx) -> Verdict | None:
    """A line right below a printed line that pdftotext cut into pieces goes on with it, as after a full line.

    pdftotext cuts a justified line at its widest spaces into pieces of a word
    or two, each a line of its own ("SELinux-Regeln" / "erwarten," / "dass" /
    "wichtige"): text alone sees a short last line that stopped inside a
    sentence, then a capital, and starts a paragraph.  On the page the last
    piece sits on the row of the line before (:func:`on_the_same_line`) and
    reaches the column's right edge (within :data:`ROW_FULL` font heights), so
    the printed line was full; the next line follows at the usual leading
    (less than :data:`SAME_LEADING` beyond it), at the column's edge and in the
    same type: the paragraph goes on.
    """
    geo = _geo(c)
    s = c.state
    if geo is None or s is None or s.kind != BODY or s.last_band is not Band.SHORT:
        return None
    last = s.last.geo
    if last is None or not last.same_line or last.fill >= ROW_FULL * last.unit:
        return None
    if s.last_cls is not LineClass.UNFINISHED or geo.gap_extra is None or geo.gap_extra >= SAME_LEADING:
        return None
    if abs(geo.indent) >= INDENT[0] * geo.unit or abs(geo.font_ratio - last.font_ratio) >= SAME_TYPE:
        return None
    return JOIN, "below a full printed line that pdftotext cut into pieces, at the usual leading: goes on"


def body_type_under_heading(c: Ctx) -> Verdict | None:
    """A line in the body's type under a heading in larger type is no line of the heading.

    Text alone takes a short unfinished line under a heading for the
    heading's next line ("Writing a .te file" over "Look at the file
    example.te:"); on the page the line under the heading is set :data:`LOCAL`
    times smaller or more.  The heading itself need not be :data:`LARGER` than
    the body's type: a heading that text rules found and whose line is so much
    larger than the line under it is one (a word processor's third level is 1.12
    times its body's type).  A line still larger than the body's type, with no
    sentence in it, is a heading of its own (a chapter's subtitle under its title).
    A full line in the body's type under a numbered heading is no wrapped
    second line of the heading either, as text alone takes it when it starts
    in lower case ("9.6. The inetd super-server" / "inetd (often called the
    Internet super-server) is ..."); only a short line may be a heading of its own.
    Nor is a line in the body's type in another column or on another page
    than the heading's: a heading does not wrap over a column's break.
    """
    s = c.state
    if s is None or s.kind != HEADING:
        return None
    geo = _geo(c)
    if geo is None:
        return _across_a_break(c, s.last)
    last = s.last.geo
    if last is None or geo.font_ratio * LOCAL > last.font_ratio:
        return None
    if geo.font_ratio >= LARGER:
        if c.short and c.open and c.cur.ev.title_like:
            return c.heading("under a heading, in type larger than the body and smaller: a heading")
        return None
    return START, "a line in the body's type under a heading in larger type: a paragraph starts"


def _across_a_break(c: Ctx, heading: Evidence) -> Verdict | None:
    """A line in the body's type in another column or on another page than the heading's line above."""
    a, b, geo, last = heading.box, c.cur.ev.box, c.cur.ev.geo, heading.geo
    if a is None or b is None or geo is None or last is None or (a.page, a.column) == (b.page, b.column):
        return None
    if geo.font_ratio >= LARGER or geo.font_ratio * LOCAL > last.font_ratio:
        return None
    return (
        START,
        "a line in the body's type over a column's break from a heading in larger type: a paragraph starts",
    )


def indented_after_full_line(c: Ctx) -> Verdict | None:
    """An indented line after a full line that ended a sentence starts a paragraph.

    Typeset books and papers mark a paragraph by indenting its first line,
    which pdftotext does not show: the line before is full and ends a
    sentence, as any line of a paragraph may.  On the page the indent is plain
    (:data:`INDENT` body font heights in from the column's edge, the line
    before at the edge).  The line before need not reach the right margin: a
    paragraph's last line that stops a word or two short of it is full to the
    text's bands, and on the page the indent under it is as plain.
    """
    geo = _geo(c)
    s = c.state
    if geo is None or s is None or s.kind != BODY or s.last_cls is not LineClass.FINISHED or c.lower:
        return None
    last = s.last.geo
    if last is None or abs(last.indent) > INDENT[0] / 2 * last.unit:
        return None
    if INDENT[0] <= geo.indent / geo.unit <= INDENT[1] and not geo.same_line:
        return START, "an indented line after a full line that ended a sentence: a paragraph starts"
    return None


def drawn_bullet(c: Ctx) -> Verdict | None:
    """A line with a list's label drawn before it (a bullet as a shape, not text) starts an item.

    A browser draws a list's bullets as small filled shapes (Chromium does), so
    pdftotext's text has no bullet and a tight list's items run together; a
    tagged PDF marks each such label (``/Lbl``), and the line it stands before
    (``LineBox.label``, :mod:`srtext.geometry.drawn`) starts an item as a
    bulleted line does.  Only where the PDF itself was read (a file, the API):
    pdftotext's ``-bbox-layout`` XHTML on a pipe has no shapes.
    """
    box = c.cur.ev.box
    if box is None or not box.label:
        return None
    return START, "a list's label drawn before the line (a bullet as a shape): a list item starts"


#: A first word fits on the line above when the room there is this many times its width
#: (and a space) estimated from the line's mean character width: a word's own letters may be
#: wider than the line's mean.
FIT_MARGIN = 1.3
#: Two lines whose left edges are within this many body font heights start at one edge.
SAME_EDGE = 0.3


def word_fitted_on_the_page(c: Ctx) -> Verdict | None:
    """A list's line whose first word would have fitted at the end of the line above starts an item.

    A printer breaks a line only where the next word does not fit; a line that
    stops with room for the next line's first word ended its paragraph or its
    item.  A browser draws a list's bullets as shapes, not text (Chromium
    does), and a tight list has no space between its items: pdftotext's text
    shows short items one under another with nothing to tell where each
    starts.  The page measures the room: from the line above's right edge to
    the local measure (``LineGeo.measure``, the widest line near it that
    starts at its edge: a quotation has its own right margin), not past the
    column's usual right edge; the word's width is its share of its line's,
    clear by :data:`FIT_MARGIN`.  Only where the early break cannot be
    another's: in a block set in from its column's leftmost text
    (``LineGeo.inset``, a list's or a quotation's; WeasyPrint now and then
    breaks a plain paragraph's line early before an inline box), below a line
    in the body's type at the same edge (a code block's lines each end early
    and are one block; a centred line has no edge), and when this line too
    leaves room at its end (:data:`ROW_FULL`): an early break over a full line
    is a line break inside an item, which goes on.
    """
    geo = _geo(c)
    s = c.state
    if geo is None or s is None or s.kind != BODY or geo.same_line or c.cur.ev.debris:
        return None
    last, a, b = s.last.geo, s.last.box, c.cur.ev.box
    if last is None or a is None or b is None:
        return None
    if abs(last.font_ratio - 1.0) >= SAME_TYPE or abs(geo.font_ratio - 1.0) >= SAME_TYPE:
        return None
    if geo.inset < INDENT[0] * geo.unit or geo.fill <= ROW_FULL * geo.unit:
        return None
    if abs(last.indent - geo.indent) > SAME_EDGE * geo.unit:
        return None
    if s.lines[-1].text.rstrip().endswith("-"):
        return None
    if not display_width(c.text):
        return None
    measure = min(max(a.right, b.right, geo.measure), b.right + geo.fill + SAME_EDGE * geo.unit)
    if measure - a.right < FIT_MARGIN * first_word_points(c.text, b):
        return None
    return START, "the line above ended with room for this line's first word: a paragraph or item starts"


def on_the_same_line(c: Ctx) -> Verdict | None:
    """A line that shares the height of the line before it joins it.

    pdftotext sets a superscript, a subscript, an inline formula's limits or
    a piece of a printed line on a line of its own; on the page it sits within
    the line before (their boxes overlap by more than half the smaller one),
    so it is that line's, not a paragraph's start.
    """
    geo = _geo(c)
    s = c.state
    if geo is None or s is None or s.kind != BODY or not geo.same_line or c.cur.ev.debris:
        return None
    return JOIN, "the line sits within the line before's height (a superscript, a split line): joins it"


def _on_its_row(a: LineBox, b: LineBox) -> bool:
    """Does ``b`` stand on ``a``'s row, to its right (one baseline, or one top)?"""
    if a.page != b.page or b.left < a.right - ROW:
        return False
    near = BASELINE * min(a.font_height, b.font_height)
    return abs(b.top - a.top) <= ROW or abs(b.baseline - a.baseline) <= near


def _heading_label(text: str) -> bool:
    """A section's number or an appendix's letter alone: "2", "3.1", "IV.", "A".

    >>> [_heading_label(t) for t in ["2", "3.1", "IV.", "A", " B ", "a", "AB", "(2)", "2 Scope"]]
    [True, True, True, True, True, False, False, False, False]
    """
    label = text.strip()
    if len(label) == 1 and "A" <= label <= "Z":
        return True
    return is_bare_number(label) or is_section_number_alone(label)


def number_on_its_titles_row(c: Ctx) -> Verdict | None:
    """A section's number that pdftotext set on a line of its own, on its title's row, is the heading's.

    TeX sets a heading's number in a box of its own, a quad from the title;
    pdftotext often cuts the row there ("2" / "Introduction", "A" / "Skeleton
    files"), and text alone drops the number as debris when it does not follow
    the last section's (a lost "1 Abstract"), or cannot tell an appendix's
    letter from a stray one.  On the page the number and the short line after it
    stand on one baseline, the title to its right, both in the same type larger
    than the body's: one heading.  The title's line then joins the number's.
    """
    b = c.cur.ev.box
    s = c.state
    if b is None:
        return None
    if s is not None and s.kind == HEADING and len(s.lines) == 1 and s.rule == _NUMBER_ON_ITS_ROW:
        a = s.last.box
        if a is not None and _on_its_row(a, b):
            return JOIN, "the title on its number's row: the heading goes on"
        return None
    nxt = c.nxt
    if not c.short or nxt is None or nxt.band is not Band.SHORT or nxt.ev.debris:
        return None
    if not _heading_label(c.text):
        return None
    geo, after, nb = c.cur.ev.geo, nxt.ev.geo, nxt.ev.box
    if geo is None or after is None or nb is None or geo.font_ratio < LARGER:
        return None
    if abs(after.font_ratio - geo.font_ratio) >= SAME_TYPE or not _on_its_row(b, nb):
        return None
    return START_HEADING, "a section's number alone, its title on its row in the same larger type: a heading"


_NUMBER_ON_ITS_ROW = number_on_its_titles_row.__name__


def _numbered_title(text: str) -> bool:
    """A section's number and a word or two of a title ("10.3.3. IPsec"): a heading's words, though few.

    >>> [_numbered_title(t) for t in ["10.3.3. IPsec", "2.1 Scope", "3.2 4.5 6.7", "12.5", "1.2. x = 3"]]
    [True, True, False, False, False]
    """
    label, _, rest = text.strip().partition(" ")
    if not rest or not rest[:1].isupper() or not _heading_label(label):
        return False
    return all(w.isalpha() for w in rest.split())


def larger_type(c: Ctx) -> Verdict | None:
    """A short line with no sentence in it, in larger type than the body, is a heading.

    A heading set in larger type than the text under it is one whatever its
    words; text alone has to guess from its shortness and capitals.  Larger
    than the body's usual type and than the line below (:data:`LOCAL`): where
    code or tables in small type outnumber the prose, the prose itself is
    larger than the usual; and than the line above (CJK lines' boxes are
    taller than Latin ones'; a CJK paragraph's lines are all larger).  Two
    lines of a heading in the same larger type go together.  Not a line that
    ends a sentence, nor a piece of the line before, nor a line as long as
    the body's (counted in the body's characters, larger type fits fewer on a
    line): CJK text mixed with Latin has taller boxes than Latin alone.  In
    type :data:`MUCH_LARGER` than the body's, a line need not look like a title
    to text alone: a README's title often starts with its program's name in
    lower case.  Not an unnumbered line of code or markup (:func:`_set_as_code`):
    a typewriter font's boxes are taller than the body's at the same size
    (TeX's ``cmtt`` by half), so its lines look larger than they are.  A
    numbered line over a short line in its own type is a heading wrapped onto a
    second line, not text set large around it ("9.10.2. Restoring Machines
    without" / "Backups", a word processor's third level 1.16 times the body's).
    A line that reads as debris is no heading, unless it is a section's number
    and a word or two of a title ("10.3.3. IPsec": few letters, many capitals).
    """
    geo = c.cur.ev.geo
    if geo is None or geo.font_ratio < LARGER or geo.same_line or not c.open or not c.short:
        return None
    if (c.cur.ev.debris and not _numbered_title(c.text)) or (
        (c.lower or not c.cur.ev.title_like) and geo.font_ratio < MUCH_LARGER
    ):
        return None
    if 0.0 < geo.pitch_ratio < NARROW * geo.font_ratio or (_set_as_code(c.text) and not c.cur.ev.numbered):
        return None
    s = c.state
    above = s.last.geo if s is not None and _follows(s.last, c.cur.ev) else None
    same_type = above is not None and abs(above.font_ratio - geo.font_ratio) < SAME_TYPE
    if s is not None and s.kind == HEADING and same_type and _own_gap(geo) < GAP:
        return JOIN, "a line in the heading's larger type right under it: the heading goes on"
    below = c.nxt.ev.geo if c.nxt is not None else None
    if (
        below is not None
        and geo.font_ratio >= MUCH_LARGER
        and abs(below.font_ratio - geo.font_ratio) < SAME_TYPE
    ):
        below = None  # a title of several lines in much larger type: the next line goes on with it
    elif (
        below is not None
        and c.nxt is not None
        and c.nxt.band is Band.SHORT
        and c.cur.ev.numbered
        and abs(below.font_ratio - geo.font_ratio) < SAME_TYPE
    ):
        below = None  # a numbered heading wrapped onto a short line in its own type
    if any(x is not None and geo.font_ratio < LOCAL * x.font_ratio for x in (above, below)):
        return None  # the text around it is in the same type: a paragraph set larger than the usual
    return START_HEADING, "larger type than the body's and the lines around it, no sentence in it: a heading"


# A TeX command ("\usepackage"), a brace, a call with its brackets ("setup()"), an assignment.
_CODE = lazy(r"\\\p{L}{2,}|[{}]|\w\([^()]*\)\s*\Z|\s=\s")


def _set_as_code(text: str) -> bool:
    r"""Does the line read as code or markup: a TeX command, a brace, a closed call at its end, an assignment?

    >>> [_set_as_code(t) for t in ["\\usepackage{tabu}", "x = 3", "Run setup()", "On Linux", "C++ and C#"]]
    [True, True, True, False, False]
    """
    return _CODE.search(text) is not None


def weighed_on_the_page(c: Ctx) -> Verdict | None:
    """The page's soft evidence is weighed with the text's (:mod:`srtext.pipeline.weigh_geometry`).

    A gap above a line, an indent, the room the line above left at the right
    margin for this line's first word, larger or smaller type: each points one
    way more or less often, and none decides alone (a gap inside a paragraph
    around an inline formula, an indent that is a list's, a short line that
    is code).  Boosted trees fitted on the real corpus's tuning families weigh
    them with the text's evidence.  When they say the line goes on, it joins;
    when they say a paragraph starts, the text's rules after this one say
    what starts (a paragraph or a heading), and a join of theirs becomes a
    start.  Only for a line with geometry and a paragraph open.
    """
    s = c.state
    if s is None or c.cur.ev.geo is None or s.kind not in (BODY, HEADING):
        return None
    joins, score, why = boundary(c, _geo(c) is not None)
    if joins:
        return JOIN, Reason(_PAGE_GOES_ON.format, score, why)
    for rule in AFTER_THE_PAGE[0 if c.short else 1]:
        verdict = rule(c)
        if verdict is not None:
            if verdict[0] != JOIN:
                return None  # the rules after this one start it too, and say what starts
            break
    return START, Reason(_PAGE_STARTS.format, score, why)


# The page's weighed reasons, written out when read (most runs read none).
_PAGE_GOES_ON = "weighed on the page {:+.1f}, the paragraph goes on ({})"
_PAGE_STARTS = "weighed on the page {:+.1f}, a paragraph starts ({})"

"""What one line's text tells, each piece computed once, in one place: :class:`Evidence`.

The rules, the steps and the weighing ask the same questions of a line many
times (is it numbered, debris, a title, does it start in lower case, does it
end on a dangling word?), as the line, as the next line and as the open
paragraph's last line.  A line's :class:`Evidence` answers each question the
first time it is asked and keeps the answer: a field is computed on first use
(most lines are never asked most questions), never twice; the two every decided
line is asked (``lower``, ``caption``) are computed with the record.  Each field is the
function of :data:`FIELDS` of that name; the record's other evidence, a line's
place on the page, is optional (``box``: :class:`srtext.geometry.box.LineBox`,
or None when the input had no geometry), and so is that place measured against
the document's usual (``geo``: :class:`srtext.geometry.layout.LineGeo`: the gap
before the line beyond the usual leading, its indent and fill in points, its font
height against the body's, whether it shares the line before's height, stands at
the page's edge, at a position that recurs on other pages), which the geometry
rules (:mod:`srtext.pipeline.rules.geometry`) read.

>>> e = Evidence("2.1 Rivers and their banks")
>>> e.numbered, e.title_like, e.lower, e.debris
(True, True, False, False)
>>> "numbered" in e.known(), "entry" in e.known()  # computed, and kept; not asked yet
(True, False)
>>> Evidence("and so the river ran on", None).dangling
False
"""

from __future__ import annotations

from collections.abc import Callable

from srtext.pipeline.classify import (
    has_section_number,
    is_caption_start,
    is_title_like,
    looks_like_debris,
    starts_lowercase,
    starts_reference_entry,
)
from srtext.pipeline.function_words import ends_on_dangling_word

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import overload

    from srtext.geometry.box import LineBox
    from srtext.geometry.layout import LineGeo

#: Each field of the evidence: its name, and the test of the line's text that gives it.
FIELDS: dict[str, Callable[[str], bool]] = {
    "lower": starts_lowercase,  # its first letter is lower-case
    "numbered": has_section_number,  # it starts with a section's number ("2.1", "IV.", "A.")
    "debris": looks_like_debris,  # formula, table or page debris: little prose
    "title_like": is_title_like,  # could be a whole heading: no sentence in it, open end
    "dangling": ends_on_dangling_word,  # ends on an article, a preposition, a conjunction
    "caption": is_caption_start,  # a caption's label and number ("Figure 3:")
    "entry": starts_reference_entry,  # a reference entry's label ("[12]", "3. Author")
}


class _Field:
    """A field of :class:`Evidence`: ``test`` of the line's text on first use, kept in the record's dict.

    A descriptor with ``__get__`` alone (a non-data descriptor): once the value
    is in the instance's ``__dict__`` under the field's name, Python finds it
    there before asking the descriptor, so that every later use is a plain
    attribute read, not a call (a property's getter was called at every use,
    six times a line).
    """

    __slots__ = ("name", "test")

    def __init__(self, name: str, test: Callable[[str], bool]) -> None:
        self.name = name
        self.test = test

    if TYPE_CHECKING:  # no typing when srtext runs

        @overload
        def __get__(self, ev: None, owner: type[Evidence] | None = None) -> _Field: ...
        @overload
        def __get__(self, ev: Evidence, owner: type[Evidence] | None = None) -> bool: ...

    def __get__(self, ev: Evidence | None, owner: type[Evidence] | None = None) -> bool | _Field:
        if ev is None:  # asked of the class
            return self
        value = ev.__dict__[self.name] = self.test(ev.text)
        return value


class Evidence:
    """The evidence of one line: the fields of :data:`FIELDS`, each computed on first use.

    ``text`` is the line's text; ``box`` where it stood on the page, when known,
    and ``geo`` that place against the document's usual.
    """

    # the text, the box, and a dict for each field's answer once asked
    __slots__ = ("__dict__", "box", "geo", "text")

    text: str
    box: LineBox | None
    geo: LineGeo | None
    #: a word of a loose line set one word a line, or the line under one (srtext.pipeline.items.loose_lines)
    loose: bool = False
    #: a word of a column of single words, a list's (srtext.pipeline.items.word_columns)
    column: bool = False
    #: a word of a title stacked one word a block (srtext.pipeline.items.loose_lines), or its last line
    stacked: bool = False
    #: a piece of a printed line that pdftotext cut at its wide gaps (srtext.pipeline.pieces):
    #: 1 the first piece, 2 another piece or the line under them
    piece: int = 0

    def __init__(self, text: str, box: LineBox | None = None, geo: LineGeo | None = None) -> None:
        self.text = text
        self.box = box
        self.geo = geo
        # asked of every line the recovery decides (its case by every rule's context, the
        # caption's label by the first step): computed with the record, not on first use
        kept = self.__dict__
        kept["lower"] = starts_lowercase(text)
        kept["caption"] = is_caption_start(text)

    lower = _Field("lower", FIELDS["lower"])
    numbered = _Field("numbered", FIELDS["numbered"])
    debris = _Field("debris", FIELDS["debris"])
    title_like = _Field("title_like", FIELDS["title_like"])
    dangling = _Field("dangling", FIELDS["dangling"])
    caption = _Field("caption", FIELDS["caption"])
    entry = _Field("entry", FIELDS["entry"])

    def known(self) -> dict[str, bool]:
        """The fields computed so far (for ``--explain`` and the audit page)."""
        kept = self.__dict__
        return {name: kept[name] for name in FIELDS if name in kept}

    def __repr__(self) -> str:
        return f"Evidence({self.text!r}, {self.known()})"

    def __reduce__(self) -> tuple[type[Evidence], tuple[str, LineBox | None, LineGeo | None]]:
        return Evidence, (self.text, self.box, self.geo)

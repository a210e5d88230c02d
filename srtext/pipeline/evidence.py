"""What one line's text tells, each piece computed once, in one place: :class:`Evidence`.

The rules, the steps and the weighing ask the same questions of a line many
times (is it numbered, debris, a title, does it start in lower case, does it
end on a dangling word?), as the line, as the next line and as the open
paragraph's last line.  A line's :class:`Evidence` answers each question the
first time it is asked and keeps the answer: a field is computed on first use
(most lines are never asked most questions), never twice.  Each field is the
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
>>> "numbered" in e.known()  # computed, and kept
True
>>> Evidence("and so the river ran on", None).dangling
False
"""

from __future__ import annotations

import operator
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


def _cached(name: str, test: Callable[[str], bool]) -> property:
    """A field of :class:`Evidence`: ``test`` of the line's text, on first use, kept in slot ``_name``.

    A property with a slot of its own rather than a ``__getattr__`` for unset
    slots: that path raises and catches an AttributeError per first use, which
    cost three microseconds a line.
    """
    slot = operator.attrgetter("_" + name)
    setter = f"_{name}"

    def field(self: Evidence) -> bool:
        value: bool | None = slot(self)
        if value is None:
            value = test(self.text)
            object.__setattr__(self, setter, value)
        return value

    field.__name__ = name
    field.__doc__ = test.__doc__
    return property(field)


class Evidence:
    """The evidence of one line: the fields of :data:`FIELDS`, each computed on first use.

    ``text`` is the line's text; ``box`` where it stood on the page, when known,
    and ``geo`` that place against the document's usual.
    """

    # the text, the box, and each field's answer (None until asked)
    __slots__ = (
        *("_caption", "_dangling", "_debris", "_entry", "_lower", "_numbered", "_title_like"),
        *("box", "geo", "text"),
    )

    text: str
    box: LineBox | None
    geo: LineGeo | None

    def __init__(self, text: str, box: LineBox | None = None, geo: LineGeo | None = None) -> None:
        self.text = text
        self.box = box
        self.geo = geo
        self._lower = self._numbered = self._debris = self._title_like = None
        self._dangling = self._caption = self._entry = None

    lower = _cached("lower", FIELDS["lower"])
    numbered = _cached("numbered", FIELDS["numbered"])
    debris = _cached("debris", FIELDS["debris"])
    title_like = _cached("title_like", FIELDS["title_like"])
    dangling = _cached("dangling", FIELDS["dangling"])
    caption = _cached("caption", FIELDS["caption"])
    entry = _cached("entry", FIELDS["entry"])

    def known(self) -> dict[str, bool]:
        """The fields computed so far (for ``--explain`` and the audit page)."""
        known: dict[str, bool] = {}
        for name in FIELDS:
            value = getattr(self, "_" + name)
            if value is not None:
                known[name] = value
        return known

    def __repr__(self) -> str:
        return f"Evidence({self.text!r}, {self.known()})"

    def __reduce__(self) -> tuple[type[Evidence], tuple[str, LineBox | None, LineGeo | None]]:
        return Evidence, (self.text, self.box, self.geo)

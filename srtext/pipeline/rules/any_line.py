"""The rules asked of every line of running text, short or long."""

from __future__ import annotations

from srtext.pipeline.classify import (
    LineClass,
    is_bare_number,
    is_section_number_alone,
    is_theorem_start,
    starts_list_item,
)
from srtext.pipeline.events import HEADING
from srtext.pipeline.rules.context import (
    JOIN,
    START,
    Ctx,
    Verdict,
)

# -- the rules, any line


def list_item(c: Ctx) -> Verdict | None:
    """A line starting with a bullet ("• ") starts a list item, a paragraph of its own."""
    if starts_list_item(c.text):
        return START, "a list item starts at its bullet"
    return None


def theorem_label(c: Ctx) -> Verdict | None:
    """A theorem, lemma, definition or proof starts a paragraph at its run-in label ("Proof.").

    When the text before it ended a sentence or a display formula: after
    "as stated in" the label is a reference inside the sentence.
    """
    s = c.state
    if is_theorem_start(c.text) and (s is None or s.last_cls is LineClass.FINISHED or s.after_debris > 0):
        return START, "a theorem, lemma or proof starts at its run-in label"
    return None


def title_after_its_number(c: Ctx) -> Verdict | None:
    """A section number set on a line of its own ("II.", "3.2") takes the title under it."""
    s = c.state
    if (
        s is not None
        and s.kind == HEADING
        and len(s.lines) == 1
        and (is_section_number_alone(s.lines[0].text) or is_bare_number(s.lines[0].text))
    ):
        return JOIN, "a heading's title after its number on a line of its own"
    return None

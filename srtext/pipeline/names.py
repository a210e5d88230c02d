"""Every decision's name, from the tables that make the decisions: nothing here is kept by hand.

A line's ``rule`` (``--explain``'s column, ``Decision.rule``) is one name or
several joined by ``" > "``: the transitions that changed the state before the
line was decided, the step or rule that decided it, and the amendments after
(``"reference_list_ends > short_outside_paragraph"``).  The paper mode
(:mod:`srtext.pipeline.paper`) names its decisions after the paper's steps.

>>> known("reference_list_ends > short_outside_paragraph"), known("footnote.note_at_the_foot")
(True, True)
>>> known("a_rule_nobody_wrote"), known("")
(False, False)
"""

from __future__ import annotations

import functools

from srtext.pipeline import steps
from srtext.pipeline.chars import repair_rule_names
from srtext.pipeline.hyphen import hyphen_rule_names
from srtext.pipeline.pages import PAGE_RULES
from srtext.pipeline.rules import RULES

#: The names the recovery gives itself (srtext.pipeline.items, srtext.pipeline.recover), with what they do.
MACHINE_NAMES = {
    "empty_line": "an empty line is skipped (it tells the rules that a block ended)",
    "page_break": "a line of white space and form feeds only: a page break, skipped",
    "front_matter": "a line of the front matter, decided as the name after it says",
    "caption_closes_the_heading": "a caption closes the heading open above it",
    "heading_dropped_with_its_list": "with --drop references, the list's heading is dropped with it",
}


def rule_names() -> tuple[str, ...]:
    """Every name a decision of the default mode may carry, table by table, in the order asked."""
    return (
        *PAGE_RULES,
        *steps.names(),
        *(rule.__name__ for rule in RULES),
        *MACHINE_NAMES,
    )


@functools.cache
def _known() -> frozenset[str]:
    return frozenset(rule_names())


def known(rule: str) -> bool:
    """Is every part of a decision's rule a name of :func:`rule_names`?"""
    names = _known()
    return bool(rule) and all(part in names for part in rule.split(" > "))


def note_names() -> tuple[str, ...]:
    """The names of a line's notes beside its decision (``--explain``'s ``notes``, jsonl's ``hyphens`` and
    ``repairs``): the criteria of a line end's verdict, then the character repairs, each table in order.

    >>> "part_not_a_word" in note_names(), "ligatures" in note_names(), "debris" in note_names()
    (True, True, False)
    """
    return (*hyphen_rule_names(), *repair_rule_names())

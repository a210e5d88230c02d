"""The order of each table of decisions is pinned by case files.

Every adjacent pair of an ordered table (the rules of each band, the recovery's
steps and amendments) is swapped in turn and the case files are recovered again.
The pairs in :data:`PINNED` are order-bound: swapping one must make a case file
fail.  The others must make none fail: if one does, it is order-bound too and
belongs in :data:`PINNED`, with the reason where its table is written
(srtext/pipeline/rules/__init__.py, srtext/pipeline/steps.py).
``bench/order.py`` swaps each pair over every committed text, to find pairs
whose order matters to a document but to no case file yet.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from srtext import SentenceRecovery
from srtext.pipeline import recover as machine
from srtext.pipeline import rules

CASES = sorted((Path(__file__).parent / "cases").glob("*.in"))

#: The pairs (first, second) whose order decides some case's output.
PINNED = {
    ("words_in_debris", "debris"),
    ("debris", "interruption"),
    ("figure_label", "short_after_display"),
    ("indented_first_line", "short_outside_paragraph"),
    ("title_between_sentences", "short_after_body_line"),
    ("short_after_body_line", "short_after_short_line"),
    ("body_mid_sentence", "body_after_short_line"),
    ("sentence_then_blank_line", "weighed_boundary"),
    ("reference_entry", "reference_entry_goes_on"),
    ("gap_after_item", "item_goes_on"),
    ("body_type_under_heading", "body_after_heading"),
    ("indented_after_full_line", "weighed_on_the_page"),
    ("word_fitted_on_the_page", "weighed_on_the_page"),
    ("word_of_a_stacked_title", "word_of_a_loose_line"),
}

RULE_TABLES = ("ANY_LINE_RULES", "SHORT_LINE_RULES", "LONG_LINE_RULES")
STEP_TABLES = ("CAPTION_STEPS", "STEPS", "AMENDMENTS")


def tables() -> dict[str, tuple[Callable[..., object], ...]]:
    """Each ordered table by name, as the recovery asks it."""
    found: dict[str, tuple[Callable[..., object], ...]] = {n: getattr(rules, n) for n in RULE_TABLES}
    found.update({n: getattr(machine, n) for n in STEP_TABLES})
    return found


def pairs() -> list[tuple[str, int, str, str]]:
    """(table, index, first, second) for every adjacent pair of every table."""
    return [
        (table, i, items[i].__name__, items[i + 1].__name__)
        for table, items in tables().items()
        for i in range(len(items) - 1)
    ]


@contextmanager
def swapped(table: str, i: int) -> Iterator[None]:
    """The recovery with items ``i`` and ``i + 1`` of ``table`` swapped."""
    items = list(tables()[table])
    items[i], items[i + 1] = items[i + 1], items[i]
    saved_by_band, saved_text, saved = rules._BY_BAND, rules._BY_BAND_TEXT, tables()[table]
    try:
        if table in RULE_TABLES:
            by = {n: list(getattr(rules, n)) for n in RULE_TABLES}
            by[table] = items
            rules._BY_BAND = (
                tuple(by["ANY_LINE_RULES"] + by["SHORT_LINE_RULES"]),
                tuple(by["ANY_LINE_RULES"] + by["LONG_LINE_RULES"]),
            )
            rules._BY_BAND_TEXT = rules.text_only(rules._BY_BAND)
        else:
            setattr(machine, table, tuple(items))
        yield
    finally:
        rules._BY_BAND, rules._BY_BAND_TEXT = saved_by_band, saved_text
        if table in STEP_TABLES:
            setattr(machine, table, saved)


@functools.cache
def _expected() -> dict[Path, str]:
    return {case: case.with_suffix(".expected").read_text(encoding="utf-8") for case in _passing()}


@functools.cache
def _passing() -> tuple[Path, ...]:
    """The case files with an expectation and no xfail: those that pass as the tables stand."""
    return tuple(
        c for c in CASES if c.with_suffix(".expected").exists() and not c.with_suffix(".xfail").exists()
    )


def failing_cases(table: str, i: int) -> list[str]:
    with swapped(table, i):
        return [c.stem for c in _passing() if SentenceRecovery(c).out_text != _expected()[c]]


@pytest.mark.parametrize(("table", "i", "first", "second"), pairs(), ids=[f"{p[2]}/{p[3]}" for p in pairs()])
def test_a_swap_fails_a_case_exactly_when_the_pair_is_pinned(
    table: str, i: int, first: str, second: str
) -> None:
    failing = failing_cases(table, i)
    if (first, second) in PINNED:
        assert failing, f"no case file fails when {first} and {second} are swapped"
    else:
        assert not failing, f"{first} / {second} is order-bound ({failing[:3]}): pin it in PINNED"


def test_swapping_restores_the_tables() -> None:
    before = {name: tuple(items) for name, items in tables().items()}, rules._BY_BAND
    with swapped("SHORT_LINE_RULES", 0):
        assert before[1] != rules._BY_BAND
    assert ({name: tuple(items) for name, items in tables().items()}, rules._BY_BAND) == before


def test_every_pinned_pair_is_adjacent_in_a_table() -> None:
    adjacent = {(first, second) for _table, _i, first, second in pairs()}
    assert adjacent >= PINNED

"""Furniture found by where it stood (issue 31): the page stage's rules that read a page's margins.

Each ``tests/cases/margin-geometry-*.in`` is pdftotext ``-bbox-layout`` XHTML whose
expected output needs its geometry: with ``--geometry off`` (its text alone)
the furniture or the notes come out as text, so each case fails without the
rules it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext.geometry.box import LineBox
from srtext.geometry.margins import margins
from srtext.pipeline.pages import MARGIN_RULES, SMALL_TYPE_NOTE_RULES
from tests.conftest import CASES, assert_needs_its_geometry

MARGIN_CASES = sorted(CASES.glob("margin-geometry-*.in"))
RULES = {
    "margin-geometry-page-number-among-the-text": {"page_number_in_margin"},
    "margin-geometry-running-heads-that-differ": {
        "header_at_a_repeated_height",
        "footer_at_a_repeated_height",
    },
    "margin-geometry-one-page-header-and-footer": {"header_in_small_type", "footer_in_small_type"},
    # a package's name in lower case heads the page
    "margin-geometry-one-page-lower-case-running-head": {"header_in_small_type", "footer_in_small_type"},
    "margin-geometry-notes-in-small-type": {"small_type_block_at_the_foot", "note_goes_on_in_small_type"},
    # a line of rights at the foot of one page: a sentence, in small type
    "margin-geometry-one-page-rights-line-at-the-foot": {
        "header_in_small_type",
        "footer_sentence_in_small_type",
    },
    # a header and a footer in the body's own type, half a margin away from the text
    "margin-geometry-one-page-header-and-footer-in-body-type": {
        "header_far_from_the_body",
        "footer_far_from_the_body",
    },
    # on one page the margin holds a block of rows: a letterhead's two lines, a footer of two
    "margin-geometry-one-page-letterhead-and-two-line-footer": {
        "header_in_small_type",
        "footer_far_from_the_body",
    },
}


def test_every_margin_rule_has_its_case() -> None:
    assert set().union(*RULES.values()) == set(MARGIN_RULES) | set(SMALL_TYPE_NOTE_RULES)
    assert {c.stem for c in MARGIN_CASES} == set(RULES)


@pytest.mark.parametrize("case", MARGIN_CASES, ids=lambda p: p.stem)
def test_the_case_needs_its_geometry(case: Path) -> None:
    names = {
        f"{'footnote' if name in SMALL_TYPE_NOTE_RULES else 'furniture'}.{name}" for name in RULES[case.stem]
    }
    assert_needs_its_geometry(case, names, silent=names)  # text alone keeps the furniture


def _line(page: int, top: float, font: float = 10.0, left: float = 50.0, right: float = 300.0) -> LineBox:
    return LineBox(page, 600.0, 800.0, left, right, top + 0.8 * font, top, top + font, font, 0, 0, None)


def test_a_heading_that_opens_pages_is_no_running_head() -> None:
    """Pages that open with headings in different sizes, set apart: the height repeats, the type does not."""
    boxes: list[LineBox | None] = []
    for page, size in ((1, 12.0), (2, 15.0), (3, 18.0)):
        boxes.append(_line(page, 40.0, size))
        boxes += [_line(page, 70.0 + 14 * k) for k in range(30)]
    found = margins(boxes)
    assert [found[n].repeated for n in (1, 32, 63)] == [False, False, False]


def test_a_line_at_the_bodys_top_is_not_outside_it() -> None:
    """A page that opens with a line set apart at the height where other pages' text starts."""
    boxes: list[LineBox | None] = [_line(1, 70.0), *(_line(1, 100.0 + 14 * k) for k in range(30))]
    boxes += [_line(2, 70.0 + 14 * k) for k in range(30)]
    assert not margins(boxes)[1].outside


def test_a_block_of_rows_is_in_the_margin_of_one_page_only() -> None:
    """Two rows close together at the top, far from the body: on one page both are in the margin;
    on a page of a longer document only a row set apart on its own is."""
    head = [_line(1, 30.0, 9.0, right=150.0), _line(1, 41.0, 9.0, right=150.0)]
    body = [_line(1, 100.0 + 14 * k) for k in range(30)]
    found = margins([*head, *body])
    assert [n in found for n in (1, 2, 3)] == [True, True, False]
    assert found[1].apart == found[2].apart >= 2.0
    longer = margins([*head, *body, *(_line(2, 100.0 + 14 * k) for k in range(30))])
    assert 1 not in longer and 2 not in longer


def test_no_boxes_no_margins() -> None:
    assert margins([None, None]) == {}


def test_a_caption_ends_where_space_sets_the_text_apart() -> None:
    """caption_goes_on with geometry: a caption of one full line without a full stop, then the text
    under its figure (with the text alone the caption goes on: a full line may have wrapped; a short
    one ends the caption without the boxes, see the case one-line-caption-without-a-full-stop)."""
    assert_needs_its_geometry(CASES / "caption-geometry-set-apart.in", set(), silent=set())

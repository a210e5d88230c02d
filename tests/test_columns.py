"""With geometry, a CJK page's two columns read in order (srtext.pipeline.columns)."""

from __future__ import annotations

from srtext import SentenceRecovery
from srtext.geometry.box import LineBox
from srtext.pipeline.columns import COLUMNS, by_columns
from srtext.pipeline.lines import Line
from tests.conftest import CASES, assert_needs_its_geometry


def _at(column: int, top: float, left: float, width: float = 200.0) -> LineBox:
    return LineBox(1, 600.0, 800.0, left, left + width, top + 10.0, top, top + 12.0, 12.0, 0, column, None)


def test_the_case_needs_its_geometry() -> None:
    """The left column's second block after the right column's: with the boxes it follows the first."""
    case = CASES / "cjk-geometry-columns-in-order.in"
    assert_needs_its_geometry(case, set(), silent=set())
    decisions = SentenceRecovery(case).decisions
    moved = [d for d in decisions if d.line.rule == COLUMNS and d.line.text]
    assert moved and all(d.rule.startswith(f"{COLUMNS} > ") for d in moved)
    assert sorted(d.line.number for d in decisions) == list(range(1, len(decisions) + 1))


def test_a_latin_page_is_not_touched() -> None:
    places = {1: _at(0, 100, 50), 2: _at(1, 100, 320), 3: _at(0, 114, 50)}
    page = [Line(n, 1, t) for n, t in enumerate(["The left one", "The right one", "The left two"], 1)]
    assert by_columns(page, places.get) is page


def test_a_page_number_beside_the_columns_keeps_its_place() -> None:
    texts = ["左0", *(f"右{k}" for k in range(5)), *(f"左{k}" for k in range(1, 5)), "3"]
    boxes = [_at(0, 100, 50), *(_at(1, 100 + 14 * k, 320) for k in range(5))]
    boxes += [*(_at(0, 100 + 14 * k, 50) for k in range(1, 5)), _at(2, 780, 560, 10)]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    out = [x.text for x in by_columns(page, dict(enumerate(boxes, 1)).get)]
    assert out == [*(f"左{k}" for k in range(5)), *(f"右{k}" for k in range(5)), "3"]


def test_a_page_with_three_columns_is_not_touched() -> None:
    texts = [f"{c}{k}" for c in "左右中" for k in range(5)]
    boxes = [_at(c, 100 + 14 * k, 50 + 180 * c, 150) for c in (0, 2, 1) for k in range(5)]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    assert by_columns(page, dict(enumerate(boxes, 1)).get) is page


def test_columns_in_order_are_not_touched() -> None:
    places = {1: _at(0, 100, 50), 2: _at(0, 114, 50), 3: _at(1, 100, 320)}
    page = [Line(n, 1, t) for n, t in enumerate(["左一", "左二", "右一"], 1)]
    assert by_columns(page, places.get) is page


def test_blocks_of_one_printed_line_are_read_left_to_right() -> None:
    """A line that pdftotext broke into blocks (a word in another font) is put together again."""
    texts = ["后半", *(f"右{k}" for k in range(5)), "前半", *(f"左{k}" for k in range(1, 6))]
    boxes = [_at(0, 100, 150, 100), *(_at(1, 100 + 14 * k, 320) for k in range(5)), _at(0, 101, 50, 90)]
    boxes += [_at(0, 100 + 14 * k, 50) for k in range(1, 6)]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    places = dict(enumerate(boxes, 1))
    out = [x.text for x in by_columns(page, places.get)]
    assert out == ["前半", "后半", *(f"左{k}" for k in range(1, 6)), *(f"右{k}" for k in range(5))]


def test_a_narrow_block_beside_one_column_is_no_second_column() -> None:
    """A side note narrower than the text beside it: the page is no two-column page."""
    texts = [*(f"正文{k}" for k in range(3)), "旁注", *(f"正文{k}" for k in range(3, 8))]
    boxes = [_at(0, 100 + 14 * k, 50) for k in range(3)]
    boxes.append(LineBox(1, 600.0, 800.0, 460.0, 560.0, 110.0, 100.0, 112.0, 12.0, 0, 1, None))
    boxes += [_at(0, 100 + 14 * k, 50) for k in range(3, 8)]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    assert by_columns(page, dict(enumerate(boxes, 1)).get) is page


def test_a_box_that_is_no_place_leaves_the_page_as_it_is() -> None:
    """Bad input (a coordinate that is not a number) is no error."""
    texts = ["左0", *(f"右{k}" for k in range(5)), *(f"左{k}" for k in range(1, 5))]
    boxes = [_at(0, float("nan"), 50), *(_at(1, 100 + 14 * k, 320) for k in range(5))]
    boxes += [_at(0, 100 + 14 * k, 50) for k in range(1, 5)]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    assert by_columns(page, dict(enumerate(boxes, 1)).get) is page


def test_a_speck_given_the_first_column_does_not_widen_it() -> None:
    """A mark a few points wide just right of the second column stands in no column's range, and
    columns_of gives it the first: the first column's span must not reach across the page for it."""
    texts = ["左0", *(f"右{k}" for k in range(5)), *(f"左{k}" for k in range(1, 5)), "*"]
    boxes = [_at(0, 100, 50), *(_at(1, 100 + 14 * k, 320) for k in range(5))]
    boxes += [*(_at(0, 100 + 14 * k, 50) for k in range(1, 5)), _at(0, 156, 522, 5)]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    out = [x.text for x in by_columns(page, dict(enumerate(boxes, 1)).get)]
    assert out[:5] == [f"左{k}" for k in range(5)]

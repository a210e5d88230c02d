"""A list's bullets that pdftotext wrote apart go back before their items (srtext.pipeline.bullets)."""

from __future__ import annotations

from collections import Counter

import pytest

from srtext.geometry.box import LineBox
from srtext.pipeline.bullets import BULLETS, BULLETS_BY_RANK, by_bullets, by_rank
from srtext.pipeline.lines import Line


def _at(left: float, top: float, width: float = 100.0, height: float = 12.0) -> LineBox:
    return LineBox(1, 600.0, 800.0, left, left + width, top + 10, top, top + height, height, 0, 0, None)


def _page(texts: list[str]) -> list[Line]:
    return [Line(n, 1, t) for n, t in enumerate(texts, 1)]


def test_a_block_of_bullets_goes_before_the_items_on_their_rows() -> None:
    page = _page(["Pack these:", "•", "•", "•", "", "Warm layers", "A torch", "Water"])
    boxes = [_at(50, 80, 300), _at(60, 100, 5), _at(60, 114, 5), _at(60, 128, 5), None]
    boxes += [_at(80, 100), _at(80, 114), _at(80, 128)]
    out = by_bullets(page, dict(enumerate(boxes, 1)).get)
    assert [x.text for x in out] == ["Pack these:", "", "•", "Warm layers", "•", "A torch", "•", "Water"]
    assert {x.rule for x in out if x.text == "•"} == {BULLETS}
    assert Counter(out) != Counter(page) and sorted(x.number for x in out) == [x.number for x in page]


def test_bullets_already_before_their_items_stay() -> None:
    page = _page(["•", "Warm layers", "•", "A torch"])
    boxes = [_at(60, 100, 5), _at(80, 100), _at(60, 114, 5), _at(80, 114)]
    assert by_bullets(page, dict(enumerate(boxes, 1)).get) == page


def test_a_bullet_with_no_line_beside_it_stays() -> None:
    page = _page(["•", "Far away to the right", "Below it"])
    boxes = [_at(60, 100, 5), _at(400, 100), _at(80, 140)]
    assert by_bullets(page, dict(enumerate(boxes, 1)).get) == page


@pytest.mark.parametrize("bad", [float("inf"), float("nan"), 1e300])
def test_boxes_that_are_no_place_change_nothing_and_do_not_hang(bad: float) -> None:
    page = _page(["•", "a line", "•", "an item"])
    boxes = [_at(60, bad, 5), _at(80, 100), _at(60, 200, 5), _at(80, 0, 100, bad)]
    out = by_bullets(page, dict(enumerate(boxes, 1)).get)
    assert sorted(x.number for x in out) == [1, 2, 3, 4]


def test_many_bullets_each_find_their_item() -> None:
    """Each bullet looks up its own rows of the page (not every line): 20,000 pairs, no line lost."""
    n = 20000
    page = [Line(i, 1, "•") for i in range(n)] + [Line(n + i, 1, f"item {i}") for i in range(n)]
    boxes = {i: _at(50, 14 * i, 5) for i in range(n)} | {n + i: _at(70, 14 * i) for i in range(n)}
    out = by_bullets(page, boxes.get)
    assert [x.text for x in out[:4]] == ["•", "item 0", "•", "item 1"]
    assert len(out) == 2 * n


def test_a_run_of_bullets_goes_before_the_items_of_the_same_rank() -> None:
    page = _page(["The shop sells what a walker needs on the hills, from maps to boots.", "•", "•", "•", ""])
    page += _page(["Warm layers, and a shell that keeps the wind out on the ridge when the", "weather turns"])
    page += _page(["A torch", "Water for the whole day, as the huts along the way sell none at all"])
    page = [x._replace(number=n) for n, x in enumerate(page, 1)]
    out = by_rank(page)
    texts = [x.text for x in out]
    assert texts[1:] == ["", "•", page[5].text, "weather turns", "•", "A torch", "•", page[8].text]
    assert {x.rule for x in out if x.text == "•"} == {BULLETS_BY_RANK}
    assert sorted(x.number for x in out) == [x.number for x in page]


def test_bullets_with_fewer_items_after_them_stay() -> None:
    page = _page(["Notes about the hills and the weather on them.", "•", "•", "•", "", "Only one item here."])
    assert by_rank(page) == page


def test_a_bullet_right_before_its_item_stays() -> None:
    page = _page(["•", "Warm layers", "", "•", "", "A torch"])
    assert [x.text for x in by_rank(page)] == ["•", "Warm layers", "", "", "•", "A torch"]

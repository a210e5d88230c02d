"""CJK printed lines cut at their gaps (srtext.pipeline.pieces): found, and only where they fill a line."""

from __future__ import annotations

from pathlib import Path

from srtext import Config
from srtext.api import recover
from srtext.geometry.box import LineBox
from srtext.pipeline.classify import Band, LineClass
from srtext.pipeline.events import Decision
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.lines import Line, text_lines
from srtext.pipeline.pieces import LONGEST_RUN, _on_one_row
from srtext.pipeline.rules.context import Item

CASE = Path(__file__).parent / "cases" / "zh-printed-line-cut-at-its-gaps.in"
FULL = "这台服务器负责整个办公室的网络连接，管理员每天早上都会检查它的日志文件，\n"


def rules(text: str) -> dict[int, str]:
    """Each input line's rule, by line number."""
    return {
        e.line.number: e.rule
        for e in recover(text_lines(text), Config())
        if isinstance(e, Decision) and e.line.text
    }


def test_the_pieces_of_a_cut_line_are_joined() -> None:
    text = CASE.read_text(encoding="utf-8")
    decided = rules(text)
    pieces = [n for n, rule in decided.items() if rule == "piece_of_a_split_line"]
    assert pieces == [4, 6, 8, 10, 12, 14]  # the five pieces and the line under them


def test_a_table_of_short_lines_is_no_cut_line() -> None:
    # a table's rows, two cells each, under a paragraph: two rows' cells would fill a printed line,
    # but short lines of CJK text come before them (the first row): a table, not a line's pieces
    rows = "".join(f"名称{n}\n\n一段比较长的说明文字写在这里第{n}项\n\n" for n in "一二三")
    decided = rules(FULL * 6 + "\n" + rows + FULL * 3)
    assert "piece_of_a_split_line" not in decided.values()


def test_a_long_run_of_short_lines_is_let_through() -> None:
    # more short lines than are held back, then pieces that fill a line: the pass stays linear
    many = "代码\n" * (5 * LONGEST_RUN)
    text = (
        FULL * 4
        + "\n"
        + many
        + "\nPPP\n\n采用\n\nPPTP\n\n服务器配置时也需在\n\n/etc/ppp/options\n\n"
        + FULL * 2
    )
    decided = rules(text)
    assert len(decided) == text.count("\n") - text.count("\n\n")


def _item(text: str, left: float, right: float, baseline: float) -> Item:
    box = LineBox(1, 595.0, 842.0, left, right, baseline, baseline - 10, baseline + 2, 12.0, 0, 0, 2.0)
    line = Line(1, 1, text, "", 0, "")
    return Item(line, 10, 60, LineClass.UNFINISHED, Band.SHORT, False, False, False, Evidence(text, box))


def test_with_geometry_the_pieces_stand_on_one_row_from_margin_to_margin() -> None:
    under = _item("options 文件中做若干改变，重要的参数有服务器名称", 48.5, 287.7, 455.5)
    row = [
        _item("PPP", 48.5, 63.9, 443.8),
        _item("采用", 74.5, 91.5, 443.7),
        _item("/etc/", 218.6, 287.7, 443.8),
    ]
    assert _on_one_row(row, under)
    ragged = [*row[:2], _item("说明", 218.6, 250.0, 443.8)]  # a table's row ends where its text does
    assert not _on_one_row(ragged, under)
    stacked = [*row[:2], _item("/etc/", 218.6, 287.7, 431.0)]  # not on the row of the others
    assert not _on_one_row(stacked, under)

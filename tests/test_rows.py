"""Two columns read row by row, a left and a right line sometimes on one line (srtext.pipeline.rows)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from srtext import SentenceRecovery
from srtext.api import recover_text
from srtext.config import Config
from srtext.pipeline.lines import Line
from srtext.pipeline.rows import MERGED, unmerge
from tests.conftest import CASES


# A lexicon that knows every word of two characters: every break between two CJK
# characters splits a "known word", the most that the step can be tempted by.
def _every_pair(texts: Sequence[str]) -> Callable[[str], float]:
    return lambda word: 5.0 * (len(word) == 2)


_LINE = st.one_of(
    st.just(""),
    st.text(alphabet="河流调查图书馆。， a", min_size=1, max_size=12),
    st.builds(
        lambda a, b: f"{a} {b}",
        st.text("河流调查。", min_size=8, max_size=12),
        st.text("图书馆，", max_size=12),
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=40))
def test_unmerge_cuts_at_a_space_and_loses_nothing(texts: list[str]) -> None:
    """Whatever the page, each output line is its input line or a piece of it cut at a space."""
    offsets = [0]
    for t in texts:
        offsets.append(offsets[-1] + len(t) + 1)
    page = [Line(n, 1, t, offset=o) for n, (t, o) in enumerate(zip(texts, offsets, strict=False), 1)]
    source = "\n".join(texts)
    out = unmerge(page, _every_pair)
    assert all(x.rule in ("", MERGED) for x in out)
    assert all(source[x.offset : x.offset + len(x.text)] == x.text for x in out)
    pieces = {n: [x.text for x in out if x.number == n] for n in range(1, len(texts) + 1)}
    for line in page:
        got = sorted(pieces[line.number], key=lambda t: line.text.index(t))
        assert " ".join(got) == line.text if len(got) == 2 else got == [line.text]


def test_a_page_read_column_by_column_is_left_as_it_is() -> None:
    """Two lines wider than a column (a title across both columns, each with a space between
    CJK characters) in a page whose lines read on one after the other: nothing moves."""
    texts = ["河谷调查与新图书馆 同一年里两个地方的故事和它们的记录"] * 2
    texts += ["河流的调查从春天开始，那时水位还", "很高，沿岸的草地被淹没了好几个星"]
    texts += ["期。调查队等水位下降以后才开始测", "量第一批横断面，并利用这段时间阅"]
    texts += ["读教区的旧地图和旧照片。到了夏天", "小船每天早上在同一时间离开桥边，"]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    assert unmerge(page) == page


def test_latin_two_columns_on_one_line_are_not_touched() -> None:
    """The step asks only pages with CJK text: Latin lines joined across a gutter stay whole."""
    texts = ["The survey of the river began in the spring when the water was high. The library"] * 8
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    assert unmerge(page, _every_pair) is page


def test_each_line_it_moved_names_the_step_in_its_decision() -> None:
    source = (CASES / "cjk-two-columns-in-rows.in").read_text(encoding="utf-8")
    decisions = SentenceRecovery(source).decisions
    moved = [d for d in decisions if d.line.rule == MERGED]
    assert len(moved) == 14  # the stretch's 9 lines, 5 of them cut in two
    assert all(d.rule.startswith(f"{MERGED} > ") for d in moved)
    assert sorted("".join(source.split())) == sorted("".join(d.line.text for d in decisions).replace(" ", ""))


_LEFT = [
    "河流的调查从春天开始，那时水位还",
    "很高，沿岸的草地被淹没了好几个星",
    "期。调查队等水位下降以后才开始测",
    "量第一批横断面，并利用这段时间阅",
    "读教区的旧地图和旧照片。到了夏天，",
    "小船每天早上在同一时间离开桥边，",
    "晚上再把笔记抄到那本大书上。",
]
_RIGHT = [
    "图书馆的新阅览室在秋天对外开放，",
    "馆员们花了整整一个月整理捐赠的书",
    "籍和报纸。每个星期六上午都有志愿",
    "者来帮忙登记，孩子们则在楼下的角",
    "落里听老师讲故事。到了冬天，阅览",
    "室里总是坐满了来看报纸和杂志的老",
    "人，门口的自行车也越停越多。",
]
_ABOVE = [
    "这一章讲的是两个地方在同一年里发",
    "生的事情。一个是河谷里的调查队，",
    "另一个是镇上刚刚修好的图书馆。两",
    "件事情之间没有什么联系，只是恰好",
    "在同一年里开始，又在同一年里结束，",
    "所以放在一起来讲。",
]


def _xhtml(rows: str) -> str:
    """A page of -bbox-layout XHTML: the lines above in the left column, then a row of the
    two columns per letter of ``rows``: J on one line, L (left line a little higher) or R."""
    out: list[str] = []
    y = 60.0

    def line(*words: tuple[float, str]) -> None:
        nonlocal y
        ws = "".join(
            f'<word xMin="{x:.1f}" yMin="{y:.1f}" xMax="{x + 15 * len(t):.1f}" yMax="{y + 15:.1f}">{t}</word>'
            for x, t in words
        )
        x0, x1 = words[0][0], max(x + 15 * len(t) for x, t in words)
        out.append(f'<line xMin="{x0:.1f}" yMin="{y:.1f}" xMax="{x1:.1f}" yMax="{y + 15:.1f}">{ws}</line>')

    for t in _ABOVE:
        line((40.0, t))
        y += 18
    for kind, a, b in zip(rows, _LEFT, _RIGHT, strict=True):
        if kind == "J":
            line((40.0, a), (300.0, b))
        else:
            first, second = ((40.0, a), (300.0, b)) if kind == "L" else ((300.0, b), (40.0, a))
            line(first)
            y += 2
            line(second)
        y += 18
    block = f'<block xMin="40" yMin="60" xMax="560" yMax="{y}">{"".join(out)}</block>'
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x">'
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><title></title></head><body><doc>\n'
        f'<page width="600" height="800">\n<flow>\n{block}\n</flow>\n</page>\n</doc></body></html>'
    )


def test_with_geometry_the_boxes_tell_each_row_s_left_line() -> None:
    """pdftotext writes a row's right line first where it stands a little higher: the words
    cannot tell that row by row, the boxes can.  Without them the stretch is read with one
    order for all its rows written apart, which breaks a sentence of each column."""
    xhtml = _xhtml("JLJRJJL")
    with_boxes = recover_text(xhtml)
    assert with_boxes == "\n".join(["".join(_ABOVE), "".join(_LEFT), "".join(_RIGHT)]) + "\n"
    without = recover_text(xhtml, Config(geometry="off"))
    assert without != with_boxes
    assert sorted(without.replace("\n", "")) == sorted(with_boxes.replace("\n", ""))


def test_with_geometry_a_row_whose_lines_stand_in_one_column_is_no_row() -> None:
    """A joined line that does not reach across the page's middle is no two columns' line."""
    xhtml = _xhtml("JLJLJJL").replace('xMin="300.0"', 'xMin="100.0"')
    page = recover_text(xhtml)
    assert "".join(_LEFT) not in page.replace("\n", "")


def _seconds(n: int) -> float:
    """unmerge's CPU time on a page of five CJK lines of ``n`` characters and two lines half
    as wide again, each with a space after every character of its second part."""
    texts = ["中" * n] * 5 + ["中" * n + " 文" * (n // 2)] * 2
    page = [Line(k, 1, t) for k, t in enumerate(texts, 1)]
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        unmerge(page, _every_pair)
        best = min(best, time.process_time() - started)
    return best


def test_unmerge_is_linear_in_the_line_length() -> None:
    """Every space of a wide line is a possible cut; each is weighed in constant time
    (prefix widths), so that lines four times as long cost about four times, not sixteen
    (a step of 4x with a bound of 8x, as tests/test_robustness.py's: one run's CPU time
    varies by a third either way on a busy machine, and 2x with a bound of 3x failed
    now and then with no change to the code: 0.17 s -> 0.61 s once)."""
    once = _seconds(10_000)
    assert _seconds(40_000) <= 8 * once + 0.05

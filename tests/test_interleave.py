"""Two columns interleaved line by line (srtext.pipeline.interleave), and CJK lines' typeset widths."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from srtext import SentenceRecovery
from srtext.pipeline.interleave import INTERLEAVED, deinterleave
from srtext.pipeline.lines import Line
from srtext.pipeline.width import display_width, typeset_width
from tests.conftest import CASES


# A lexicon that knows every word of two characters: every break between two CJK
# characters splits a "known word", the most that the step can be tempted by.
def _every_pair(texts: Sequence[str]) -> Callable[[str], float]:
    return lambda word: 5.0 * (len(word) == 2)


_LINE = st.one_of(st.just(""), st.text(alphabet="管理同步服务文件。， ab", min_size=1, max_size=14))


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=40))
def test_deinterleave_moves_lines_and_loses_none(texts: list[str]) -> None:
    """Whatever the page, the step gives back the same lines, in some order, each text unchanged."""
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    out = deinterleave(page, _every_pair)
    assert all(x.rule in ("", INTERLEAVED) for x in out)
    assert [x._replace(rule="") for x in sorted(out, key=lambda x: x.number)] == page


def test_a_page_that_reads_line_by_line_is_left_as_it_is() -> None:
    """Lines whose breaks split words one apart (as text does) are not taken for two columns."""
    texts = ["河流的调查从春天开始，那时水", "位还很高，沿岸的草地被淹没了", "好几个星期。调查队等水位下降"]
    texts += ["以后才开始测量第一批横断面，", "并利用这段时间阅读教区的旧地", "图和旧照片，旧地图上的河道"]
    page = [Line(n, 1, t) for n, t in enumerate(texts, 1)]
    assert deinterleave(page) == page


@pytest.mark.parametrize(
    "case", ["cjk-two-columns-interleaved", "cjk-two-columns-interleaved-without-blank-lines"]
)
def test_every_line_of_an_interleaved_page_reaches_the_output(case: str) -> None:
    source = (CASES / f"{case}.in").read_text(encoding="utf-8")
    out = SentenceRecovery(source).out_text
    assert sorted("".join(source.split())) == sorted("".join(out.split()))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60))
def test_typeset_width_is_the_display_width_without_a_wide_character(text: str) -> None:
    if display_width(text) <= len(text):
        assert typeset_width(text) == display_width(text)


@pytest.mark.parametrize(
    ("text", "wider"),
    [
        ("NTP (Network Time Protocol) 是让 Debian 的 NTPD", True),
        ("使用 ls 命令", False),
        ("只有汉字的一行", False),
    ],
)
def test_capitals_on_a_cjk_line_count_wider_than_a_column(text: str, wider: bool) -> None:
    assert (typeset_width(text) > display_width(text)) is wider

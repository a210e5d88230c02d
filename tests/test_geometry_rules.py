"""Geometry as evidence (issue 31, item 3): the rules that read where a line stood, and nothing else.

Each ``tests/cases/geometry-*.in`` is pdftotext ``-bbox-layout`` XHTML whose
expected output needs its geometry: with ``--geometry off`` (its text alone) the
same input comes out otherwise, so each case fails without the rule it names.
Without geometry the rules are silent: the committed texts' decisions are
those of the text alone (tests/test_layers.py and bench/decisions.py compare
the whole of them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext import Config, SentenceRecovery
from srtext.api import recover
from srtext.geometry.bbox import parse_bbox
from srtext.geometry.box import LineBox
from srtext.geometry.layout import layout, usual
from srtext.pipeline.events import Decision
from srtext.pipeline.lines import text_lines
from srtext.pipeline.rules import geometry as rules
from tests.conftest import CASES, assert_needs_its_geometry, case_decisions

GEOMETRY_CASES = sorted([*CASES.glob("geometry-*.in"), *CASES.glob("geometry-*.pdf")])
RULES = {
    "geometry-space-between-paragraphs": "gap_before_line",
    # a word processor's lines 0.76 of their boxes' height apart: the leading is still theirs
    "geometry-lines-set-closer-than-their-boxes": "gap_before_line",
    # ... and its Japanese lines 16 points apart, its Latin ones 11: each kind measured by its own leading
    "geometry-cjk-lines-set-further-than-latin": "gap_before_line",
    "geometry-indented-first-line": "indented_after_full_line",
    "geometry-indented-under-a-short-last-line": "indented_after_full_line",
    "geometry-piece-of-the-same-printed-line": "on_the_same_line",
    "geometry-piece-to-the-right-on-its-row": "on_the_same_line",  # same top: pdftotext split the line
    "geometry-heading-in-larger-type": "larger_type",
    "geometry-heading-a-size-up": "larger_type",  # a word processor's Heading 3: 1.12x the body's type
    # a number and a few capitals: text alone drops it as debris
    "geometry-short-numbered-heading-in-larger-type": "larger_type",
    "geometry-code-in-smaller-type-over-a-page-break": "other_type_over_a_break",
    "geometry-text-after-a-list": "gap_after_item",
    "geometry-text-after-an-item-at-the-edge": "gap_after_item",  # no hanging indent: the gap tells
    "geometry-full-row-cut-into-pieces": "goes_on_below_a_split_row",
    "geometry-body-type-under-a-heading": "body_type_under_heading",
    # a full line: text alone takes it for the numbered heading's wrapped second line
    "geometry-body-line-under-a-numbered-heading": "body_type_under_heading",
    "geometry-heading-over-a-column-break": "body_type_under_heading",  # no heading wraps over a column break
    "geometry-weighed-sentence-goes-on-after-a-colon": "weighed_on_the_page",
    # short in characters, full on the page: weighed before the text's body_after_short_line
    "geometry-sentence-ends-on-a-full-row": "weighed_on_the_page",
    # TeX's number box cut off its title: text alone drops the letter as debris
    "geometry-appendix-letter-on-its-titles-row": "number_on_its_titles_row",
    # a browser's list with its bullets drawn as shapes: a short item under a shorter one had room for it
    "geometry-list-items-without-bullets": "word_fitted_on_the_page",
    # Chromium's PDF: each bullet a disc tagged /Lbl, read from the PDF itself (srtext.geometry.drawn)
    "geometry-bullets-drawn-as-shapes": "drawn_bullet",
}


def test_every_geometry_rule_has_its_case() -> None:
    names = {name for name in dir(rules) if callable(getattr(rules, name)) and getattr(rules, name).__doc__}
    public = {n for n in names if not n.startswith("_") and getattr(rules, n).__module__ == rules.__name__}
    assert public == set(RULES.values())
    assert {c.stem for c in GEOMETRY_CASES} == set(RULES)


@pytest.mark.parametrize("case", GEOMETRY_CASES, ids=lambda p: p.stem)
def test_the_case_needs_its_geometry(case: Path) -> None:
    assert_needs_its_geometry(case, {RULES[case.stem]}, silent=set(RULES.values()))


@pytest.mark.parametrize("case", [c for c in GEOMETRY_CASES if c.suffix == ".in"], ids=lambda p: p.stem)
def test_without_boxes_the_decisions_are_the_texts(case: Path) -> None:
    """Geometry off is the text alone: the same decisions as the XHTML's text given as text."""
    text, _boxes = parse_bbox(case.read_text(encoding="utf-8"))
    plain = [e for e in recover(text_lines(text), Config()) if isinstance(e, Decision)]
    assert plain == case_decisions(case, geometry=False)


def _line(top: float, left: float = 72.0, right: float = 540.0, font: float = 12.0) -> LineBox:
    return LineBox(1, 612.0, 792.0, left, right, top + 10, top, top + font, font, 0, 0, None)


@pytest.mark.parametrize(
    ("pitches", "leading"),
    [
        ([14.0] * 8 + [22.0] * 3, 14.0),  # paragraphs of several lines: the usual distance
        ([22.0] * 6 + [14.0] * 2, 14.0),  # one-line paragraphs outnumber the lines inside one
        ([15.5] * 5, 15.5),
        ([14.0] * 6 + [6.0] * 6, 14.0),  # closer than a font height: pieces of one line, not the leading
        ([9.5] * 8 + [15.5] * 3, 9.5),  # LibreOffice: baselines closer than poppler's boxes are high
    ],
)
def test_the_leading_is_the_least_common_baseline_distance(pitches: list[float], leading: float) -> None:
    top, boxes = 100.0, [_line(100.0)]
    for pitch in pitches:
        top += pitch
        boxes.append(_line(top)._replace(gap_before=pitch - 12.0))
    assert usual(boxes).leading == leading


def test_lines_with_cjk_have_their_own_leading_where_it_is_apart() -> None:
    """A word processor sets a line with CJK at its CJK font's line height: Writer's Japanese lines
    stand 16 points apart, its Latin lines 11, under boxes of one height; a browser's within a point."""

    def page(pitches: list[tuple[float, bool]]) -> list[LineBox]:
        top, boxes = 100.0, [_line(100.0, font=14.3)]
        for pitch, cjk in pitches:
            top += pitch
            boxes.append(_line(top, font=14.3)._replace(cjk=cjk))
        return boxes

    writer = page([(11.0, False)] * 6 + [(18.0, False)] * 2 + [(16.0, True)] * 6 + [(23.0, True)] * 2)
    u = usual(writer)
    assert (u.leading, u.cjk_leading) == (11.0, 16.0)
    extra = [g.gap_extra for g in layout(writer) if g is not None]
    assert [round(x, 2) for x in extra[9:16] if x is not None] == [0.0] * 6 + [0.49]  # the 16s, then a 23
    browser = usual(page([(14.0, False)] * 6 + [(21.0, False)] * 2 + [(15.0, True)] * 6 + [(22.0, True)] * 2))
    assert browser.leading == browser.cjk_leading == 14.0  # a point apart: one leading


def test_a_page_number_under_one_column_makes_no_column() -> None:
    """A centred page number made a column round the page's middle: the running text (wider than a
    column) took its number, a code block at the left margin kept 0, and the gap between them was lost."""
    from srtext.geometry.box import columns_of

    prose, code, number = (72.0, 540.0), (80.0, 250.0), (303.0, 309.0)
    assert columns_of([prose, code, prose, number], 612.0) == [0, 0, 0, 0]
    assert columns_of([(50.0, 290.0), (320.0, 560.0), number], 612.0)[:2] == [0, 1]  # two columns stay two


def test_a_line_joined_at_a_hyphen_is_measured_from_its_first_printed_line() -> None:
    joined = _line(128.0)._replace(bottom=154.0, baseline=152.0)  # two printed lines in one box
    geo = layout([_line(100.0), _line(114.0), joined, _line(156.0)])
    extra = [g.gap_extra for g in geo if g is not None]
    assert extra[0] is None
    assert all(x is not None and abs(x) < 0.1 for x in extra[1:])  # evenly spaced, the joined line too


def test_the_body_font_is_the_prose_not_the_code() -> None:
    prose = [_line(100.0 + 14 * k) for k in range(3)]
    code = [_line(200.0 + 11 * k, right=250.0, font=9.0) for k in range(6)]
    assert usual(prose + code).font == 12.0
    geo = layout([*prose, *code, None])
    assert geo[-1] is None
    assert [round(g.font_ratio, 2) for g in geo[2:4] if g] == [1.0, 0.75]


def test_a_running_head_repeats_at_the_page_edge() -> None:
    head = _line(30.0)
    body = _line(300.0)
    pages = [
        head,
        body,
        head._replace(page=2),
        body._replace(page=2),
        _line(30.0, left=300.0)._replace(page=3),
    ]
    geo = layout(pages)
    assert [(g.at_edge, g.repeated) for g in geo if g] == [
        (True, True),
        (False, False),
        (True, True),
        (False, False),
        (True, True),
    ]


def _cli(*args: str, stdin: bytes) -> str:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "srtext", *args], input=stdin, capture_output=True, check=True)
    return r.stdout.decode("utf-8")


def test_explain_shows_the_geometry_that_decided_a_line() -> None:
    case = CASES / "geometry-space-between-paragraphs.in"
    data = case.read_bytes()
    rows = [row.split("\t") for row in _cli("--explain", "-", stdin=data).splitlines()]
    assert rows[0][-1] == "geometry"
    started = next(r for r in rows if r[7] == "gap_before_line")
    assert started[-1].startswith("gap 10.0pt (+0.7 lines)")
    plain = _cli("--explain", "--geometry", "off", "-", stdin=data).splitlines()
    assert plain[0].split("\t")[-1] == "notes"  # text alone: the columns of before


def test_jsonl_with_dropped_carries_each_lines_geometry() -> None:
    import json

    case = CASES / "geometry-piece-of-the-same-printed-line.in"
    records = [
        json.loads(x)
        for x in _cli("--format", "jsonl", "--with-dropped", "-", stdin=case.read_bytes()).splitlines()
    ]
    first = records[0]
    assert len(first["geometry"]) == len(first["lines"])
    assert first["geometry"][-1]["flags"] == ["same_line"]
    plain = _cli("--format", "jsonl", "--with-dropped", "--geometry", "off", "-", stdin=case.read_bytes())
    assert "geometry" not in json.loads(plain.splitlines()[0])


def _xhtml(rows: list[list[tuple[str, float]]], pitch: float = 14.0, font: float = 12.0) -> str:
    """pdftotext -bbox-layout XHTML of one page: each row a printed line of (word, drop) pairs, a
    word ``drop`` points below the row's baseline (a subscript's box), rows ``pitch`` points apart."""
    out = ['<html xmlns="http://www.w3.org/1999/xhtml"><body><doc>', '<page width="612" height="792"><flow>']
    out.append('<block xMin="72" yMin="72" xMax="540" yMax="700">')
    for k, row in enumerate(rows):
        top = 72.0 + k * pitch
        words, left = [], 72.0
        for word, drop in row:
            width = 6.0 * len(word)
            words.append(
                f'<word xMin="{left}" yMin="{top + drop}" xMax="{left + width}" yMax="{top + font + drop}">'
                f"{word}</word>"
            )
            left += width + 4.0
        bottom = top + font + max(drop for _w, drop in row)
        line = f'<line xMin="72" yMin="{top}" xMax="{left - 4.0}" yMax="{bottom}">'
        out.append(f"{line}{''.join(words)}</line>")
    out.append("</block></flow></page></doc></body></html>")
    return "\n".join(out)


def test_a_subscript_does_not_lower_its_line() -> None:
    """A line is where most of its letters stand: an index's box reaching below it (x with a
    subscript i, a lowered letter of a logo) makes no gap above the line, and no paragraph."""
    words = "the walk visits every node of the tree once and returns to the root again".split()
    prose = [[(w, 0.0) for w in words[:k] + words[k + 1 :]] for k in range(6)]
    prose[2][-1] = ("again.", 0.0)
    prose[3] = [("Then", 0.0), ("x", 0.0), ("i", 4.5), *prose[3][3:]]  # "x" with its index "i" set low
    text, boxes = parse_bbox(_xhtml(prose))
    geo = layout(boxes)
    assert [round(g.gap_extra or 0.0, 1) for g in geo if g is not None] == [0.0] * 6  # evenly spaced
    decisions = [e for e in recover(text_lines(text), Config(), geometry=boxes) if isinstance(e, Decision)]
    assert "gap_before_line" not in {d.rule for d in decisions}


def test_a_word_in_another_font_on_the_same_row_follows_the_line_before() -> None:
    """pdftotext sets a word in a typewriter font apart from the roman words before it on its row:
    the piece's box is taller (its top higher), its baseline the same; it follows the line before."""
    from srtext.pipeline.evidence import Evidence

    roman = _line(100.0, right=200.0)._replace(font_height=9.4, baseline=110.6)
    typewriter = LineBox(1, 612.0, 792.0, 205.0, 540.0, 111.0, 96.2, 114.0, 14.6, 0, 0, -13.0)
    assert rules._follows(Evidence("Note that", roman), Evidence("Name2019 has the fields", typewriter))
    above = typewriter._replace(baseline=104.0, top=90.0, bottom=107.0)  # a line higher up: not its row
    assert not rules._follows(Evidence("Note that", roman), Evidence("Name2019 has the fields", above))


def test_a_numbered_heading_wrapped_in_its_larger_type_stays_one_heading() -> None:
    """A numbered heading in type a little larger than the body's (1.16x), wrapped onto a short
    second line in the same type: the line below is no sign that the text around is set as large;
    the heading is one, as text alone finds it (the gap above it does not make it a paragraph)."""
    case = Path(__file__).parent / "fixtures" / "geometry_rules" / "numbered-heading-wrapped.bbox.html"
    out = SentenceRecovery(case).out_text.splitlines()
    assert out[1] == "9.4.2. Restoring the harbour registers without Copies"
    assert SentenceRecovery(case, geometry="off").out_text.splitlines() == out
    rules_of = {d.line.text: d.rule for d in case_decisions(case, geometry=True)}
    assert rules_of["9.4.2. Restoring the harbour registers without"] == rules_of["Copies"] == "larger_type"

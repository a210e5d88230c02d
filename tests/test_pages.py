"""Page furniture, footnotes, captions, objects and references, on pages made here."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from srtext import Config, SentenceRecovery
from srtext.pipeline.pages import is_page_number

PARAS = [
    "The survey of the lower valley began in the spring, when the water was still high and the "
    "meadows along the river were flooded for several weeks. The team waited for the level to fall "
    "before the first cross sections could be measured from the boat, and they used the time to read "
    "the old maps of the parish, which showed the channel far to the east of where it runs today, "
    "beyond the mill.",
    "Most of the work was done in the summer. Each morning the boat left the bridge at the same hour, "
    "and each evening the notes were copied into the large book that stayed in the school. By the end "
    "of August the team had measured more than two hundred sections, and the shape of the old bends "
    "could be drawn on a single sheet of paper for the first time.",
    "In the autumn the results were shown to the people of the villages. Many of them knew the old "
    "names of the fields but had never seen how the river had moved between them, and the evening "
    "ended with a long discussion about which of the farms had once stood on the other bank of the "
    "water and which had always been on this side of it.",
    "The next year the same team went upstream. The valley there is narrow and the river is fast, "
    "so the bends are small and change little, but the banks are high and the gravel in them records "
    "floods that are much older than any map, older even than the names of the fields and the farms.",
]


def pages(lines: list[str], per_page: int, header: object = None, footer: object = None) -> str:
    """Lay lines out in pages of ``per_page`` lines; header and footer: callables of the page number."""
    out: list[str] = []
    for k in range(0, len(lines), per_page):
        n = k // per_page + 1
        page: list[str] = []
        if callable(header):
            page += [header(n), ""]
        page += lines[k : k + per_page]
        if callable(footer):
            page += ["", footer(n)]
        out.append("\n".join(page))
    return "\n\f".join(out) + "\n\f"


def body_lines(width: int = 64) -> list[str]:
    lines: list[str] = []
    for p in PARAS:
        lines += textwrap.wrap(p, width)
    return lines


def recover(text: str, **options: object) -> list[str]:
    return SentenceRecovery(text, Config(window=None).replace(**options)).out_text.splitlines()


def test_header_as_long_as_the_column_is_removed_and_paragraphs_join_across_pages() -> None:
    header = "Journal of the Valley Survey Society, volume 12, issue 3, 2026"
    assert abs(len(header) - 64) <= 6  # as long as the body lines
    text = pages(body_lines(), 7, header=lambda n: header, footer=str)
    assert recover(text) == PARAS


def test_odd_and_even_pages_carry_different_headers() -> None:
    text = pages(
        body_lines(), 6, header=lambda n: f"The Valley Survey {n}" if n % 2 else f"{n} M. Author and N. Other"
    )
    assert recover(text) == PARAS


@pytest.mark.parametrize("form", ["{n}", "- {n} -", "Page {n} of 9", "S. {n}", "стр. {n}", "— {n} —"])
def test_page_number_forms(form: str) -> None:
    text = pages(body_lines(), 5, footer=lambda n: form.format(n=n))
    assert recover(text) == PARAS


def test_roman_page_numbers() -> None:
    roman = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
    text = pages(body_lines(), 5, footer=lambda n: roman[n - 1])
    assert recover(text) == PARAS


def test_page_number_forms_unit() -> None:
    assert all(is_page_number(t) for t in ["12", "xiv", "- 7 -", "Page 2 of 10", "Seite 4", "стр. 9"])
    assert not any(is_page_number(t) for t in ["12 cases", "in 1990", "Table 2"])


def with_footnote(marker: str) -> tuple[str, str, list[str]]:
    """A page break in the middle of the first paragraph, with a footnote at the bottom of page 1."""
    lines = body_lines()
    k = next(i for i, x in enumerate(lines) if "boat," in x)
    lines[k] = lines[k].replace("boat,", f"boat,{marker}")
    note = f"{marker} The boat belonged to the fishermen of the lower village."
    text = pages([*lines[:5], note], 6, footer=str) + pages(lines[5:], 40, footer=lambda n: str(n + 1))
    expected = [PARAS[0].replace("boat,", f"boat,{marker}"), *PARAS[1:]]
    return text, note, expected


@pytest.mark.parametrize("marker", ["∗", "†", "1"])
def test_footnote_at_the_bottom_of_a_page_is_dropped_and_the_paragraph_goes_on(marker: str) -> None:
    text, note, expected = with_footnote(marker)
    assert recover(text) == expected
    kept = recover(text, drop=frozenset({"furniture", "objects"}))
    assert kept == [expected[0], note, *expected[1:]]  # after the paragraph it interrupted


@pytest.mark.parametrize("marker", ["∗", "†"])
def test_footnote_under_a_marker_on_a_line_of_its_own(marker: str) -> None:
    """REVTeX's affiliation notes: the marker, an empty line, the note's text."""
    lines = body_lines()
    note = "Electronic address: someone@example.org"
    first = pages([*lines[:5], marker, "", note], 8, footer=str)
    text = first + pages(lines[5:], 40, footer=lambda n: str(n + 1))
    assert recover(text) == PARAS
    kept = recover(text, drop=frozenset({"furniture", "objects"}))
    assert kept == [PARAS[0], f"{marker} {note}", *PARAS[1:]]  # one note, after its paragraph


def test_footnote_glued_onto_a_hyphenated_last_line_is_split_off() -> None:
    """pdftotext joins "sur-" at a page's end with the footnote below it: "sur∗ The ..."."""
    lines = body_lines()
    note = "The older map was drawn at a different scale."
    first, rest = lines[3].rsplit(" ", 1)
    assert len(rest) > 4
    glued = f"{first} {rest[:3]}∗ {note}"
    page1 = [*lines[:2], lines[2] + "∗", glued, "", "1"]
    page2 = [rest[3:] + " " + lines[4], *lines[5:], "", "2"]
    text = "\n".join(page1) + "\n\f" + "\n".join(page2) + "\n\f"
    out = recover(text)
    assert note not in " ".join(out)
    assert out[0].startswith(PARAS[0][:40]) and out[1:] == PARAS[1:]
    kept = recover(text, drop=frozenset({"furniture", "objects"}))
    assert f"∗ {note}" in kept


def test_footnote_glued_beside_the_other_column_is_split_off() -> None:
    lines = body_lines(40)
    note = "Measured at the bridge."
    text = "\n".join([lines[0] + "†", *lines[1:4], lines[4][:-1] + f"† {note}", "", *lines[5:9]]) + "\n"
    out = recover(text)
    assert note not in " ".join(out)
    dropped = [d for d in SentenceRecovery(text).decisions if d.action == "drop"]
    assert [(d.kind, d.line.text) for d in dropped] == [("footnote", f"† {note}")]


def test_marker_after_a_word_is_a_reference_when_the_page_has_no_second_one() -> None:
    first, second = "The method of Smith∗ Jones and Brown was used", "throughout the survey of the valley."
    assert recover(f"{first}\n{second}\n") == [f"{first} {second}"]


def test_first_page_header_beside_the_page_number_is_furniture_when_others_carry_headers() -> None:
    """Two pages, odd and even headers differ: the odd header shows once, beside the page number."""
    lines = body_lines()
    half = len(lines) // 2
    title = "The Lower Valley Survey"
    page1 = ["Notes on a river", "", "1", "", title, *lines[:half]]
    page2 = ["2", "", title, "", *lines[half:]]
    text = "\n".join(page1) + "\n\f" + "\n".join(page2) + "\n\f"
    out = recover(text)
    assert "Notes on a river" not in out
    assert out[0] == title


def test_first_page_number_and_title_stay_when_no_page_carries_a_header() -> None:
    lines = body_lines()
    page1, page2 = ["1", "", "Notes on a river", "", *lines[:8]], ["2", "", *lines[8:]]
    text = "\n".join(page1) + "\n\f" + "\n".join(page2)
    assert recover(text)[0] == "Notes on a river"


def test_caption_inside_a_paragraph_is_its_own_and_the_paragraph_goes_on() -> None:
    lines = body_lines()
    caption = ["Figure 2: Cross sections of the lower valley measured in the summer", "of the survey."]
    text = "\n".join(lines[:2] + caption + lines[2:]) + "\n"
    out = recover(text)
    assert out == [PARAS[0], " ".join(caption), *PARAS[1:]]
    assert recover(text, drop=frozenset({"captions", "furniture", "footnotes", "objects"})) == PARAS


def test_table_cells_are_objects() -> None:
    lines = body_lines()
    table = ["Table 1: Sections measured per month.", "", "6", "7", "8", "12", "41", "77", "0.5", "1.25"]
    text = "\n".join(lines[:7] + table + [""] + lines[7:]) + "\n"
    assert recover(text) == [PARAS[0], "Table 1: Sections measured per month.", *PARAS[1:]]
    kept = recover(text, drop=frozenset({"furniture", "footnotes"}))
    assert kept[2:10] == ["6", "7", "8", "12", "41", "77", "0.5", "1.25"]


def test_references_are_kept_split_at_labels_and_can_be_dropped() -> None:
    refs = [
        "References",
        "",
        "[1] A. Author, The river and its bed, Journal of Valleys 3 (1990)",
        "12-20.",
        "[2] B. Author, Old maps, Press, 2001.",
    ]
    text = "\n".join([*body_lines(), "", *refs]) + "\n"
    out = recover(text)
    assert out[-3:] == [
        "References",
        "[1] A. Author, The river and its bed, Journal of Valleys 3 (1990) 12-20.",
        "[2] B. Author, Old maps, Press, 2001.",
    ]
    # Dropping the list drops its heading too, as a line of the reference list.
    assert recover(text, drop=frozenset({"references", "furniture", "footnotes", "objects"})) == PARAS
    sr = SentenceRecovery(text, Config(drop=frozenset({"references", "furniture", "footnotes", "objects"})))
    heading = [d for d in sr.decisions if d.line.text == "References"]
    assert [(d.kind, d.action) for d in heading] == [("reference", "drop")]
    # Dropping headings keeps the list's entries.
    assert recover(text, drop=frozenset({"headings", "furniture", "footnotes", "objects"}))[-2:] == out[-2:]


def test_a_reference_list_with_no_heading_starts_at_its_first_label() -> None:
    refs = [
        "[1] A. Author, The river and its bed, Journal of Valleys 3 (1990)",
        "12-20.",
        "[2] B. Author, Old maps, Press, 2001.",
    ]
    text = "\n".join([*body_lines(), "", *refs]) + "\n"
    entries = [
        "[1] A. Author, The river and its bed, Journal of Valleys 3 (1990) 12-20.",
        "[2] B. Author, Old maps, Press, 2001.",
    ]
    assert recover(text) == [*PARAS, *entries]
    assert recover(text, drop=frozenset({"references", "furniture", "footnotes", "objects"})) == PARAS
    # A short first entry with no full stop is not a heading.
    short = "\n".join([*body_lines(), "", "[1] C. Author, preprint 0407068", *refs[2:]]) + "\n"
    assert recover(short) == [*PARAS, "[1] C. Author, preprint 0407068", entries[1]]
    assert recover(short, drop=frozenset({"references", "furniture", "footnotes", "objects"})) == PARAS
    # Entries dense in numbers are references, not formula debris.
    dense = ["[1] D. Author, Phys. Rev. D41, 83 (1990).", "[2] E. Author, Phys. Rev. D43, 261 (1991)."]
    text = "\n".join([*body_lines(), "", *dense]) + "\n"
    assert recover(text) == [*PARAS, *dense]
    # A citation inside a paragraph's first line does not start a list.
    cited = "\n".join(["[1] showed that the river moved east.", *body_lines()]) + "\n"
    assert recover(cited, drop=frozenset({"references", "furniture", "footnotes", "objects"}))[1:] == PARAS


def test_dropped_file_accounts_for_every_line(tmp_path: Path) -> None:
    text, note, _ = with_footnote("∗")
    src = tmp_path / "doc.txt"
    src.write_text(text)
    dropped = tmp_path / "dropped.tsv"
    r = subprocess.run(
        [sys.executable, "-m", "srtext", "--dropped", str(dropped), str(src)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    rows = [line.split("\t") for line in dropped.read_text().splitlines()[1:]]  # after the header row
    assert ["footnote", note] in [row[3:] for row in rows]
    assert {row[3] for row in rows} == {"furniture", "footnote"}
    sr = SentenceRecovery(src)
    kept = {n for p in sr.paragraphs for n in p.lines}
    dropped_numbers = {int(row[1]) for row in rows}
    numbered = [d.line for d in sr.decisions if d.line.text.strip()]
    assert {x.number for x in numbered} == kept | dropped_numbers


def test_unknown_class_is_a_usage_error() -> None:
    r = subprocess.run([sys.executable, "-m", "srtext", "--keep", "sidebars"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown class 'sidebars'" in r.stderr
    with pytest.raises(ValueError, match="unknown class"):
        Config(drop=frozenset({"sidebars"}))


def test_dropped_file_that_cannot_be_written(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    src = tmp_path / "doc.txt"
    src.write_text(with_footnote("∗")[0])
    r = subprocess.run(
        [sys.executable, "-m", "srtext", "--dropped", str(blocker / "d.tsv"), str(src)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr

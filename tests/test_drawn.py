"""List labels drawn as shapes (srtext.geometry.drawn): found in a PDF, set on the line they stand before."""

from __future__ import annotations

from pathlib import Path

from srtext import SentenceRecovery
from srtext.geometry.box import LineBox
from srtext.geometry.drawn import LARGEST, labels, mark_labels, pdf_labels

CASE = Path(__file__).parent / "cases" / "geometry-bullets-drawn-as-shapes.pdf"
DISC = b"/Lbl <</MCID 3>> BDC 37 100.5 m 36 102 35 103 34.5 103 c 32 100.5 l h f EMC"


def test_a_disc_tagged_as_a_label_is_found_where_the_page_has_it() -> None:
    # Chromium's page: points scaled by 0.24 and flipped, then scaled by 3.125 and moved.
    stream = b"q .24 0 0 -.24 0 792 cm q 3.125 0 0 3.125 212.5 212.5 cm " + DISC + b" Q Q"
    [(left, right, top, bottom)] = labels(stream, 792.0)
    assert 74.9 < left < right < 80  # (212.5 + 3.125 * 32) * 0.24 = 75.0
    assert 126 < top < bottom < 129  # 792 - (792 - 0.24 * (212.5 + 3.125 * 100.5)), y growing down


def test_a_label_that_shows_text_is_no_drawn_bullet() -> None:
    shown = b"/Lbl <</MCID 1>> BDC BT /F1 9 Tf 40 700 Td <0001> Tj ET 30 700 m 33 703 l f EMC"
    assert labels(shown, 800.0) == []


def test_a_large_shape_is_no_bullet_and_shapes_outside_labels_do_not_count() -> None:
    big = f"/Lbl BMC 0 0 m {LARGEST * 3} 0 l {LARGEST * 3} 5 l f EMC".encode()
    assert labels(big, 800.0) == []
    assert labels(b"30 700 m 33 703 l f /P <</MCID 2>> BDC 30 690 m 33 693 l f EMC", 800.0) == []


def test_broken_content_gives_what_it_can_and_never_fails() -> None:
    junks = (b"Q Q EMC EMC cm 1 2 re", b"/Lbl BDC 1 2 m", b"(unclosed /Lbl BDC 1 2 m EMC", bytes(range(256)))
    for junk in junks:
        assert isinstance(labels(junk, 792.0), list)
    assert pdf_labels(b"%PDF-1.4 /Lbl not really a PDF") == {}
    assert pdf_labels(Path("/no/such/file.pdf")) == {}


def test_a_pdf_without_labels_is_not_parsed() -> None:
    assert pdf_labels(b"%PDF-1.7\n" + b"0 0 m 5 5 l f\n" * 100) == {}


def test_the_case_pdf_marks_each_item_line_and_no_other() -> None:
    found = pdf_labels(CASE)
    assert sorted(found) == [1] and len(found[1]) == 6  # two wrapped items and four one-line ones
    sr = SentenceRecovery(CASE)
    starts = [d.line.text for d in sr.decisions if d.rule == "drawn_bullet"]
    assert starts[0].startswith("Each member may take three tools")
    assert starts[2:] == ["bench drill", "orbital sander with dust bag", "jigsaw", "two clamps"]


def test_a_label_marks_the_line_it_stands_before_only() -> None:
    line = LineBox(1, 612.0, 792.0, 87.0, 300.0, 112.0, 103.0, 115.8, 12.8, 0, 0, None)
    found = {1: [(75.0, 78.75, 108.0, 111.75)]}
    far = line._replace(left=87.0 + 4 * 12.8)  # a label 4 font heights left of the text is another's
    below = line._replace(top=120.0, bottom=132.8, baseline=129.0)
    assert [b.label for b in mark_labels([line, far, below, None], found) if b] == [True, False, False]


def test_explain_shows_the_drawn_label_that_decided_the_line() -> None:
    import subprocess
    import sys

    command = [sys.executable, "-m", "srtext", "--explain", str(CASE)]
    run = subprocess.run(command, capture_output=True, check=True)
    rows = run.stdout.decode("utf-8").splitlines()
    decided = [r.split("\t") for r in rows if "\tdrawn_bullet\t" in r]
    assert len(decided) == 6 and all(r[-1].endswith("drawn label") for r in decided)

"""The reference list ends where its entries stop looking like entries (issue 32, item 1).

Whatever follows a reference list (an unnumbered appendix, acknowledgements, the
next document of a concatenated corpus) was swallowed into the last entry, and
left the output with ``--drop references``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from srtext import SentenceRecovery
from tests.conftest import CASES, ROOT

BROAD = ROOT / "corpora" / "broad"
# Papers of the broad corpus that end on a numbered reference list.
PAPERS = sorted(
    p for p in BROAD.glob("latex-*/latex-*-en-*.pdftotext.txt") if "\n[1] " in p.read_text(encoding="utf-8")
)[:6]


def _paragraphs(text: str, **options: object) -> list[str]:
    return SentenceRecovery(text, **options).out_text.splitlines()


DROP_REFERENCES = frozenset({"references", "furniture", "footnotes", "objects"})


def _words(text: str) -> int:
    return len(SentenceRecovery(text, drop=DROP_REFERENCES).out_text.split())


@pytest.mark.parametrize("paper", PAPERS, ids=[p.name.split(".")[0] for p in PAPERS])
def test_the_next_paper_is_not_swallowed_by_the_reference_list(paper: Path) -> None:
    """Two papers one after the other keep, without their reference lists, the words of both."""
    other = PAPERS[(PAPERS.index(paper) + 1) % len(PAPERS)]
    first, second = (p.read_text(encoding="utf-8") for p in (paper, other))
    both = first.rstrip("\n") + "\n\f" + second
    assert _words(both) >= 0.95 * (_words(first) + _words(second))


def test_papers_with_reference_lists_exist() -> None:
    if not BROAD.exists():
        pytest.skip("no broad corpus")
    assert len(PAPERS) >= 3


def test_dropping_references_keeps_what_follows_them() -> None:
    source = (CASES / "unnumbered-appendix-after-the-references.in").read_text(encoding="utf-8")
    kept = _paragraphs(source, drop=frozenset({"references", "furniture", "footnotes", "objects"}))
    assert not any(line.startswith("[") for line in kept)
    assert "Acknowledgements" in kept and "Appendix" in kept
    assert any(line.startswith("The depth of each well") for line in kept)


def test_an_overlong_entry_is_prose() -> None:
    prose = " ".join(["the crews measured the depth of each well again"] * 3)
    lines = [prose[:70]] * 20
    text = "References\n[1] A. Author, Rivers, 1990.\n" + "\n".join(lines) + "\n"
    out = _paragraphs(text, drop=frozenset({"references", "furniture", "footnotes", "objects"}))
    assert out, "the text after the list was dropped with it"


def test_the_heading_goes_with_a_dropped_list() -> None:
    from srtext.api import recover
    from srtext.config import Config
    from srtext.pipeline.events import Decision
    from srtext.pipeline.lines import text_lines

    source = (CASES / "unnumbered-appendix-after-the-references.in").read_text(encoding="utf-8")
    rules = [
        e.rule for e in recover(text_lines(source), Config(drop=DROP_REFERENCES)) if isinstance(e, Decision)
    ]
    assert "references_heading > heading_dropped_with_its_list" in rules
    assert sum("reference_list_ends" in r for r in rules) == 1  # at "Acknowledgements"

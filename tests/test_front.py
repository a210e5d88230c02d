"""Front matter (authors, affiliations, abstract, keywords) on first pages made here."""

from __future__ import annotations

import json

import pytest

from srtext import Config, recover_text
from srtext.pipeline.events import DROPPED_BY_DEFAULT
from srtext.pipeline.front import find_front_matter
from srtext.pipeline.lines import text_lines

WIDE = "The valley was surveyed from a boat each morning, and the notes were copied every"
BODY = (
    f"{WIDE}\nevening into the large book that stayed in the school until the end of\nthe summer.\n\n"
    f"{WIDE}\nweek into the register of the parish, which still holds the old maps.\n"
)
TITLE = "River Bends of the Lower Valley"
AUTHORS = "Ann B. Smith1 , Carl Jones2 and D. Ivanova1"
AFFILIATIONS = "1 Institute of Hydrology, Oslo, Norway\n2 School of Geography, Leeds, UK\n"
DROP = DROPPED_BY_DEFAULT | {"frontmatter"}  # what --drop frontmatter gives
ABSTRACT_TEXT = "We measure the bends of a river over two summers\nand compare them with old maps.\n"


def first_page(middle: str, body: str = BODY) -> str:
    return f"{TITLE}\n{AUTHORS}\n{AFFILIATIONS}{middle}{body}\fSecond page text.\n"


FRONT_LAYOUTS = {
    "abstract label, numbered introduction": f"Abstract\n{ABSTRACT_TEXT}\n1. Introduction\n",
    "revtex: keywords line ends it": f"{ABSTRACT_TEXT}PACS numbers: 92.40.-t\n\n",
    "numbered heading on its own line": f"{ABSTRACT_TEXT}\nI.\n\nINTRODUCTION\n\n",
    "abstract label only: its empty line ends it": f"Abstract\n{ABSTRACT_TEXT}\n",
}


@pytest.mark.parametrize("middle", FRONT_LAYOUTS.values(), ids=FRONT_LAYOUTS.keys())
def test_front_matter_is_kept_apart_and_can_be_dropped(middle: str) -> None:
    text = first_page(middle)
    kept = recover_text(text)
    assert kept.startswith(TITLE + "\n") and AUTHORS in kept and "old maps." in kept
    dropped = recover_text(text, Config(window=None, drop=DROP))
    assert dropped.startswith(TITLE + "\n")
    for gone in (AUTHORS, "Institute of Hydrology", "We measure", "PACS", "Abstract"):
        assert gone not in dropped
    assert "the summer." in dropped and "Second page text." in dropped
    assert "evening into the large book" in dropped  # the body is whole
    records = [
        json.loads(r) for r in recover_text(text, Config(window=None, output_format="jsonl")).splitlines()
    ]
    kinds = {r["text"][:12]: r["kind"] for r in records}
    assert kinds[TITLE[:12]] == "heading" and kinds[AUTHORS[:12]] == "frontmatter"
    assert kinds["We measure t"] == "frontmatter" and kinds[WIDE[:12]] == "body"


def test_front_matter_never_joins_the_body() -> None:
    """An abstract's last line unfinished, the body's first in lower case: still apart."""
    text = first_page(
        "Abstract\nWe measure the bends of a river and\n\n", body="compare them with maps.\n" + BODY
    )
    out = recover_text(text).splitlines()
    assert "2 School of Geography, Leeds, UK" in out  # the abstract's label starts a block of its own
    assert "We measure the bends of a river and" in out
    assert any(line.startswith("compare them with maps.") for line in out)


NOT_FRONT = {
    "a novel": "Chapter One\nIt was late when the boat came back.\nAnn B. Smith and Carl Jones waited.\n",
    "authors but no end": f"{TITLE}\n{AUTHORS}\n{AFFILIATIONS}{BODY}",
    "authors too far down": f"{TITLE}\n" + "A line of text.\n" * 9 + f"{AUTHORS}\nAbstract\nText.\n\n",
    "title words in capitals": "A REVIEW\nOF RIVER BENDS\nAbstract\nText.\n\n1 Introduction\n",
}


@pytest.mark.parametrize("text", NOT_FRONT.values(), ids=NOT_FRONT.keys())
def test_no_front_matter_without_both_ends(text: str) -> None:
    assert find_front_matter(list(text_lines(text))) == range(0)
    assert recover_text(text, Config(window=None, drop=DROP)) == recover_text(text)


def test_front_matter_only_on_the_first_page() -> None:
    text = f"Body of page one.\n\f{TITLE}\n{AUTHORS}\nAbstract\n{ABSTRACT_TEXT}\n1 Introduction\n"
    assert recover_text(text, Config(window=None, drop=DROP)) == recover_text(text)


def test_french_abstract_and_keywords_end_the_front_matter() -> None:
    """« Résumé » and « Mots-clés », srtext.lang.fr's words, mark a French paper's front matter."""
    lines = [
        "Le déplacement des rivières du Nord",
        "Anne Dubois1 et Marc Lefèvre2",
        "1 Service des eaux, Lille",
        "Résumé",
        "Nous mesurons le déplacement des berges de trois rivières.",
        "Mots-clés : rivières, berges, crues",
        "",
        "Les rivières du Nord changent de lit chaque année.",
    ]
    page = list(text_lines("\n".join(lines) + "\n"))
    assert find_front_matter(page) == range(1, 6)
    words = ["Résumé", "Mots clés : crues"]
    page = list(text_lines("\n".join([*lines[:3], words[0], lines[4], words[1], *lines[6:]]) + "\n"))
    assert find_front_matter(page) == range(1, 6)

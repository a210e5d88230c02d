"""srtext.lang: each language's word data, and the unions the line tests compile."""

from __future__ import annotations

import pytest

from srtext import lang
from srtext.pipeline.classify import (
    has_section_number,
    is_caption_start,
    is_chapter_label,
    is_references_heading,
)
from srtext.pipeline.function_words import ends_on_dangling_word
from srtext.pipeline.pages import is_page_number

MODULES = [pytest.param(m, id=m.CODE) for m in lang.LANGUAGES]


@pytest.mark.parametrize("module", MODULES)
def test_a_language_module_holds_only_known_names_of_plain_data(module: object) -> None:
    names = [n for n in vars(module) if n.isupper() and not n.startswith("_")]
    assert set(names) <= lang.FIELDS, set(names) - lang.FIELDS  # a misspelt name would be ignored
    assert module.__doc__
    for name in names:
        value = getattr(module, name)
        if isinstance(value, str):
            continue
        assert isinstance(value, (tuple, frozenset)), name
        assert all(isinstance(w, str) and w == w.strip() and w for w in value), name


@pytest.mark.parametrize(
    "name",
    [
        "FUNCTION_WORDS",
        "DANGLING_WORDS",
        "SUSPENSION_WORDS",
        "TITLE_WORDS",
        "NAME_CONNECTORS",
        "ABBREVIATIONS",
    ],
)
def test_words_compared_in_lower_case_are_written_in_lower_case(name: str) -> None:
    for module in lang.LANGUAGES:
        for word in getattr(module, name, ()):
            assert word == word.lower(), (module.CODE, name, word)


def test_codes_are_unique() -> None:
    codes = [m.CODE for m in lang.LANGUAGES] + [c for m in lang.LANGUAGES for c in getattr(m, "ALSO", ())]
    assert len(codes) == len(set(codes))


def test_french_words_reach_the_line_tests() -> None:
    assert is_caption_start("Tableau 2 – Débits moyens") and is_caption_start("Figure 3 : Carte")
    assert not is_caption_start("Tableau 2 montre les débits")
    assert is_chapter_label("Chapitre 3") and is_chapter_label("Partie II")
    assert has_section_number("Annexe 2 Mesures")
    assert is_page_number("Page 3 sur 12") and is_page_number("p. 4")
    assert is_references_heading("Références") and is_references_heading("Bibliographie")
    assert ends_on_dangling_word("envoyés par la poste à") and ends_on_dangling_word("le long du cours de")


def test_each_word_list_is_the_union_of_its_name() -> None:
    for name in lang.WORD_LISTS:
        words = {w for m in lang.LANGUAGES for w in getattr(m, name, ())}
        assert set(getattr(lang, name)) == words, name

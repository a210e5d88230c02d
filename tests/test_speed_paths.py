"""The hot path's shortcuts answer as the slow tests they stand in front of (issue 23)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
import regex

from srtext.pipeline import classify
from srtext.pipeline.chars import (
    CYRILLIC_BLOCKS,
    expand_ligatures,
    fix_mixed_scripts,
    remove_controls,
    repairer,
)
from srtext.pipeline.width import _WIDE, _ZERO, display_width

SAMPLES = [0x301, 0x302A, 0x4E00, 0xFF01, 0x200B, 0x41A, 0x41, 0x2E, 0x201D, 0xFB01, 0x88, 0x1C89]


def _texts(n: int) -> list[str]:
    rnd = random.Random(23)
    out = []
    for _ in range(n):
        size = rnd.randrange(8)
        out.append(
            "".join(
                chr(rnd.choice([rnd.randrange(0xD800), rnd.randrange(0x3100), rnd.choice(SAMPLES), 0x61]))
                for _ in range(size)
            )
        )
    return out


def _display_width_by_removal(text: str) -> int:
    n = len(text)
    return n + (n - len(_WIDE.sub("", text))) - (n - len(_ZERO.sub("", text)))


def _is_finished_by_pattern(text: str) -> bool:
    return bool(text) and classify._FINISHED.search(text) is not None


def test_display_width_and_sentence_end_answer_as_their_patterns() -> None:
    for text in _texts(20_000) + [f"x{chr(c)}" for c in range(0, 0x3100)]:
        assert display_width(text) == _display_width_by_removal(text), text
        assert classify.is_finished(text) == _is_finished_by_pattern(text), text


def test_the_cyrillic_blocks_hold_every_cyrillic_character() -> None:
    blocks = re.compile(f"[{CYRILLIC_BLOCKS}]")
    script = regex.compile(r"\p{Cyrillic}")
    missing = [hex(i) for i in range(sys.maxunicode + 1) if script.match(chr(i)) and not blocks.match(chr(i))]
    assert missing == []


def test_the_repair_pre_check_leaves_nothing_unrepaired() -> None:
    repair = repairer()
    assert repair is not None
    texts = [*_texts(5000), "ﬁrst \x88 Mосква", "Cоmputer ∑ x ≤ y", "α ≤ β\x07"]
    for text in texts:
        assert repair(text) == fix_mixed_scripts(expand_ligatures(remove_controls(text))), text


def test_ascii_words_are_the_unicode_patterns_words() -> None:
    from srtext.pipeline.vocabulary import _ASCII_WORD, _WORD

    rnd = random.Random(5)
    alphabet = "abcXYZ-- \n.,'0_"
    for _ in range(5000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(30))).lower()
        assert re.findall(_ASCII_WORD, text) == _WORD.findall(text), text


def test_every_stamp_holds_a_stamp_word() -> None:
    from srtext.pipeline.furniture import is_stamp, may_hold_stamp

    stamps = [
        "arXiv:hep-th/0001207v1 [hep-th] 28 Jan 2000",
        "Downloaded from https://x.org/a/12 by guest on 3 March 2021",
        "Authorized licensed use limited to: a university.",
    ]
    for text in stamps:
        assert is_stamp(text) and may_hold_stamp(text)


ROOT = Path(__file__).resolve().parents[1]
# Every line of the committed texts, and lines made of what the gates look at: white
# space regex does not count as such (\x1c), digits of other scripts, labels' letters.
_LINES = sorted(
    {
        line
        for path in [*ROOT.glob("corpora/**/*.txt"), *ROOT.glob("tests/cases/*.in")]
        for line in path.read_text(encoding="utf-8", errors="replace").split("\n")
    }
)
_PIECES = [
    "cost-",
    "bank.”",
    "of",
    "\u00ad",
    "–",
    "References",
    "LITERATUR",
    "Chapter",
    "Глава",
    "第",
    "",
    " ",
    "\x1c",
    "\u3000",
    "\t",
    "1",
    "12",
    "٣",
    ".",
    "2.1",
    "3.",
    "IV.",
    "A.",
    "Figure",
    "Fig.",
    "Table",
    "Рис.",
    "图",
    "Theorem",
    "Proof",
    "Доказ",
    "定理",
    "x",
    "a",
    " data",
    ":",
    "é",
]


def _assembled(n: int) -> list[str]:
    rnd = random.Random(11)
    return ["".join(rnd.choice(_PIECES) for _ in range(rnd.randrange(6))) for _ in range(n)]


def test_the_gates_before_the_line_patterns_reject_only_what_the_patterns_reject() -> None:
    from srtext.pipeline import labels, numbering

    gated = [
        (labels.is_caption_start, lambda t: labels._CAPTION.match(t) is not None),
        (labels.is_theorem_start, lambda t: labels._THEOREM.match(t) is not None),
        (numbering.is_bare_number, lambda t: numbering._BARE_NUMBER.match(t) is not None),
        (numbering.is_numbered_title, lambda t: numbering._NUMBERED_TITLE.match(t) is not None),
        (numbering.is_section_number_alone, lambda t: numbering._NUMBER_ALONE.match(t.strip()) is not None),
        (numbering.has_section_number, lambda t: numbering._SECTION_NUMBER.match(t.strip()) is not None),
        (labels.is_references_heading, lambda t: labels._REFERENCES.match(t) is not None),
    ]
    texts = [*_LINES, *_assembled(20_000)]
    assert len(_LINES) > 50_000
    for fast, slow in gated:
        differ = [t for t in texts if fast(t) != slow(t)]
        assert differ == [], (fast.__name__, differ[:5])
        assert any(fast(t) for t in _LINES), fast.__name__  # the texts hold some of each


def test_the_page_level_questions_answer_as_one_search_of_the_page() -> None:
    from srtext.pipeline.footnotes import _GLUED_MARK, split_glued_footnotes
    from srtext.pipeline.lines import Line
    from srtext.pipeline.pages import _RUN_IN_START

    whole_page = regex.compile(r"(?m)^\s*\d{1,2}\.\d")
    rnd = random.Random(3)
    pieces = [*_PIECES, "\f", "\v", "∗", "*", "†", "fe∗ Data", "so§ The"]
    found = 0
    for _ in range(5000):
        texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randrange(5))) for _ in range(6)]
        page = [Line(n, 1, t) for n, t in enumerate(texts[: rnd.randrange(7)])]
        joined = "\n".join(line.text for line in page)
        opens = any(_RUN_IN_START.match(x.text) for x in page)
        assert (whole_page.search(joined) is not None) == opens, texts
        found += opens
        if _GLUED_MARK.search(joined) is None:
            assert split_glued_footnotes(page) == page
    assert found > 100


def test_patterns_searched_from_the_end_find_what_a_forward_search_finds() -> None:
    from srtext.pipeline import classify, hyphen, numbering, pages
    from srtext.pipeline.rules import context

    reversed_ = [
        classify._FINISHED,
        hyphen._HYPHEN_END,
        hyphen._SOFT_HYPHEN_END,
        hyphen._CJK_END,
        hyphen._DASH_END,
        hyphen._DIGIT_HYPHEN_END,
        numbering._LINE_END_OPEN,
        pages._SENTENCE_DONE,
        context._DANGLING,
        context._CJK_END,
    ]
    ends = ["", ".", "-", "\u00ad", "–", "。", ")", "”", "†", " ", ",", "3-", "ab", "中", "é"]
    rnd = random.Random(17)
    texts = [*_LINES, *(t + rnd.choice(ends) + rnd.choice(ends) for t in _assembled(20_000))]
    for compiled in reversed_:
        assert compiled.pattern.startswith("(?r)")
        forward = regex.compile(compiled.pattern.removeprefix("(?r)"), compiled.flags & ~regex.REVERSE)
        differ = [t for t in texts if (compiled.search(t) is None) != (forward.search(t) is None)]
        assert differ == [], (compiled.pattern, differ[:5])
    # classify's last word is read too: the same span either way
    last = classify._LAST_WORD
    forward = regex.compile(last.pattern.removeprefix("(?r)"), regex.V1)
    assert last.pattern.startswith("(?r)")

    def span(found: regex.Match[str] | None) -> tuple[int, int] | None:
        return found.span() if found else None

    spans = [(t, span(last.search(t))) for t in texts]
    assert [t for t, s in spans if s != span(forward.search(t))] == []
    assert sum(s is not None for _, s in spans) > 1000


def test_masking_a_line_answers_as_its_patterns() -> None:
    from srtext.pipeline.furniture import _DIGITS, _SPACE, mask

    rnd = random.Random(29)
    pieces = [*_PIECES, "#", "##", "2003", "\x1f", "\x0b", "\f", "\r", "\xa0", "  "]
    texts = [*_LINES, *("".join(rnd.choice(pieces) for _ in range(rnd.randrange(8))) for _ in range(20_000))]
    differ = [t for t in texts if mask(t) != _SPACE.sub(" ", _DIGITS.sub("#", t)).strip()]
    assert differ == [], differ[:5]


def test_the_page_gates_pass_every_line_their_patterns_match() -> None:
    from srtext.lang import CJK_CHAR
    from srtext.pipeline.interleave import may_hold_cjk
    from srtext.pipeline.pages import _RUN_IN_START

    # split_run_in_headings asks its pattern only of a line whose first character, after
    # white space, is an ASCII digit or not ASCII
    for text in [*_LINES, *_assembled(20_000)]:
        if _RUN_IN_START.match(text):
            first = text.lstrip()[:1]
            assert "0" <= first <= "9" or first > "\x7f", text
    # deinterleave searches for CJK_CHAR only in a page whose UTF-8 may hold one
    cjk = regex.compile(CJK_CHAR)
    chars = map(chr, range(sys.maxunicode + 1))
    assert [hex(ord(c)) for c in chars if cjk.match(c) and not may_hold_cjk(c)] == []


def test_the_cjk_gate_reads_its_byte_classes_as_its_leads_and_pairs() -> None:
    """may_hold_cjk searches a page's bytes written as classes: the same answer as its definition."""
    from srtext.pipeline.interleave import _CJK_PAIRS, _NOT_CJK_LEADS, may_hold_cjk

    def plain(raw: bytes) -> bool:  # a byte that only CJK characters start with, or a pair
        return any(b not in _NOT_CJK_LEADS for b in raw) or any(pair in raw for pair in _CJK_PAIRS)

    texts = [bytes((a, b)) for a in range(256) for b in range(256)]
    texts += [bytes((a, b, c)) for a in (0x41, 0xE2, 0xEF) for b in range(256) for c in (0x20, 0xBA, 0xBF)]
    for raw in texts:
        text = raw.decode("utf-8", "surrogateescape")
        # the gate encodes the text again: compare on the bytes it reads
        assert may_hold_cjk(text) == plain(text.encode("utf-8", "surrogatepass")), raw


def test_the_footnote_gates_pass_every_line_their_patterns_match() -> None:
    from srtext.pipeline import footnotes

    pieces = [*_PIECES, "∗", "*", "†", "‡‡", "¹", "²³", "* See", "*Note", "§ The"]
    rnd = random.Random(31)
    texts = [*_LINES, *("".join(rnd.choice(pieces) for _ in range(rnd.randrange(5))) for _ in range(20_000))]
    for text in texts:
        first = text.lstrip()[:1]
        if footnotes._SYMBOL_MARK.match(text):
            assert first in footnotes._SYMBOL_STARTS, text
        if footnotes._MARK_ALONE.match(text) or footnotes._NUMBER_ALONE_MARK.match(text):
            assert first == "*" or "0" <= first <= "9" or first > "\x7f", text


def test_lines_between_the_zones_count_as_if_masked_as_they_came(monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import Counter

    from srtext.pipeline import pages
    from srtext.pipeline.furniture import mask, zones
    from srtext.pipeline.lines import Line

    monkeypatch.setattr(pages, "MIDDLE_KEYS", 12)  # the bound reached within a document
    texts = ["Notes 1", "Notes 2", " Notes  3", "٣ Notes", "3 Notes", "#3 Notes", "Σ 1", "x", "", "Bug fixes"]
    rnd = random.Random(37)
    for _ in range(300):
        repeats, middle = pages.Repeats(), Counter[str]()
        seen: set[str] = set()
        for number in range(rnd.randrange(1, 12)):
            page = [Line(n, number, rnd.choice(texts) + rnd.choice(["", "", " 7", "Q"])) for n in range(9)]
            repeats.add(page)
            top, bottom = zones(page)  # the count as Repeats.add made it, each line masked as it came
            masked = {mask(x.text) for i, x in enumerate(page) if i not in {*top, *bottom} and x.text.strip()}
            middle.update(masked if len(middle) < pages.MIDDLE_KEYS else (m for m in masked if m in middle))
            seen |= {mask(x.text) for x in page}
            for m in rnd.sample(sorted(seen), min(3, len(seen))):
                assert repeats.in_the_text(m) == (middle[m] >= max(repeats.top[m], repeats.bottom[m])), m


_MODELS = ("weights", "weights_geometry")


@pytest.mark.parametrize("module", _MODELS)
def test_the_trees_written_out_answer_as_the_trees_walked(module: str) -> None:
    """weights.weigh and weights_geometry.weigh (weigh.written_out) give walk's floats, and their
    score the same log-odds: each feature a hair either side of each of its thresholds, on them,
    and beyond them."""
    import importlib

    from srtext.pipeline import weigh

    written = importlib.import_module(f"srtext.pipeline.{module}")
    baseline, trees = written.BASELINE, written.TREES
    near: list[list[float]] = [[-9.0, 0.0, 1.0, 99.0] for _ in written.FEATURES]
    for tree in trees:
        for feature, threshold, *_ in tree:
            if feature >= 0:
                near[feature] += [threshold - 1e-9, threshold, threshold + 1e-9]
    rnd = random.Random(41)
    for _ in range(5_000):
        values = tuple(rnd.choice(points) for points in near)
        assert written.weigh(values) == weigh.walk(values, baseline, trees), values
        assert written.score(values) == written.weigh(values)[0], values  # the log-odds alone, the same float


@pytest.mark.parametrize("module", _MODELS)
def test_the_trees_written_out_are_the_trees_of_the_module(module: str) -> None:
    """Each weights module is what its weights_module writes of its own data: its code and its TREES agree."""
    import importlib

    written = importlib.import_module(f"srtext.pipeline.{module}")
    writer = importlib.import_module("srtext.pipeline.weigh" + ("" if module == "weights" else "_geometry"))
    data = {
        "model": written.MODEL,
        "fitted_on": written.FITTED_ON,
        "features": list(written.FEATURES),
        "baseline": written.BASELINE,
        "threshold": written.THRESHOLD,
        "trees": written.TREES,
    }
    assert writer.weights_module(data) == Path(written.__file__).read_text(encoding="utf-8")


def _debris_as_defined(text: str) -> bool:
    """looks_like_debris as its docstring defines it, one pattern a step (the order it had)."""
    c = classify
    chars = "".join(text.split())
    if "." in chars and c._FIGURE_FILE.match(text):
        return True
    if "[" in chars:
        chars = c._CITATION.sub("", chars)
    if "...." in chars:
        chars = c._LEADER.sub("", chars)
    if not chars:
        return True
    if regex.search(c.CJK, chars):
        return False
    if len(regex.findall(r"\p{L}", chars)) * 2 < len(chars) and c._SENTENCE_END_WORD.search(text) is None:
        return True
    if (c._WORD2 if c.is_finished(text) else c._WORD3).search(text) is None:
        return True
    if regex.search("[=≤≥≡≈∼→⇒∈∝+−×∂∫∑∏√<>]", chars) is None:
        return False
    last = c._LAST_WORD.search(text)
    prose = (c._holds_up_prose(m.group(), text, m.start(), m.end()) for m in c._PROSE_WORD.finditer(text))
    greek = (sum(ch in c._GREEK_VOWELS for ch in w.lower()) >= 2 for w in c._GREEK_WORD.findall(text))
    return (last is None or not c._is_prose_word(last.group(1))) and not any(prose) and not any(greek)


def test_the_debris_test_answers_as_its_definition() -> None:
    # looks_like_debris counts ASCII letters and operators in bytes, takes out runs of
    # letters, asks the figure's pattern of one word only and the CJK pattern last
    pieces = [*_PIECES, "=", "+", "<", "−", "∈", "α", "αβγ", "ά", "Α", "한", "ア", "[12]", "....", "x.eps"]
    pieces += ["FIG.PS", "ſvg", "\xa0", "\x85", "of", "dx", "𝑥", "exp", "(3)", "。", "Ω", "the"]
    rnd = random.Random(17)
    texts = [*_LINES, *("".join(rnd.choice(pieces) for _ in range(rnd.randrange(8))) for _ in range(30_000))]
    raw = classify.looks_like_debris.__wrapped__  # type: ignore[attr-defined]
    differ = [t for t in texts if raw(t) != _debris_as_defined(t)]
    assert differ == [], differ[:5]

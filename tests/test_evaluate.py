"""srtext-eval on hand-made cases whose right answer is known."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from srtext.eval.evaluate import main
from srtext.eval.scores import Scores, score

TRUTH = "Rivers move. They cut banks.\nFloods come in spring. Towns wait.\n"

# (name, output, source, expected counts)
CASES = [
    (
        "identical",
        TRUTH,
        None,
        dict(nl_plus=0, nl_minus=0, p_plus=0, p_minus=0, w_damaged=0, broken=0, sentences=4),
    ),
    ("blank separated is the same", TRUTH.replace("\n", "\n\n"), None, dict(nl_plus=0, nl_minus=0, broken=0)),
    (
        "split paragraph",
        "Rivers move.\nThey cut banks.\nFloods come in spring. Towns wait.\n",
        None,
        dict(nl_plus=1, nl_minus=0, broken=0),
    ),
    (
        "split sentence",
        "Rivers move. They cut\nbanks.\nFloods come in spring. Towns wait.\n",
        None,
        dict(nl_plus=1, broken=1),
    ),
    (
        "merged pair",
        "Rivers move. They cut banks. Floods come in spring. Towns wait.\n",
        None,
        dict(nl_plus=0, nl_minus=1, broken=0),
    ),
    (
        "leaked header",
        "Rivers move. They cut banks.\nJournal of Water 12\nFloods come in spring. Towns wait.\n",
        None,
        dict(p_plus=4, w_plus=0, nl_plus=0, nl_minus=0),
    ),
    (
        # cutting a paragraph out costs 1 + 1.1 per split and merge (here 2 + 1): more than 2 words
        "formula debris inside a paragraph: word errors, not a spurious paragraph",
        "Rivers move. They x y cut banks.\nFloods come in spring. Towns wait.\n",
        None,
        dict(p_plus=0, w_plus=2, nl_plus=0, nl_minus=0),
    ),
    (
        "a long run inside a paragraph is a spurious paragraph",
        "Rivers move. Journal of Water volume 12 page 3 They cut banks.\n"
        "Floods come in spring. Towns wait.\n",
        None,
        # 7 words cost more than cutting the run out (2 splits, 1 merge), which NL counts
        dict(p_plus=7, w_plus=0, nl_minus=2, nl_plus=1),
    ),
    (
        "lost text",
        "Rivers move.\nFloods come in spring. Towns wait.\n",
        None,
        # inserted as a paragraph, then merged into the one before it
        dict(p_minus=3, w_minus=0, nl_plus=1, nl_minus=0, broken=1),
    ),
    (
        "one lost word is a word error",
        "Rivers move. They banks.\nFloods come in spring. Towns wait.\n",
        None,
        dict(p_minus=0, w_minus=1, nl_plus=0),
    ),
    (
        "lost text the input never had",
        "Rivers move.\nFloods come in spring. Towns wait.\n",
        "Rivers move.\nFloods come in spring. Towns wait.\n",
        dict(p_minus=3, broken=0, sentences=3),
    ),
    ("hyphen left in", TRUTH.replace("spring", "spr- ing"), None, dict(w_damaged=1, p_plus=0, p_minus=0)),
]


@pytest.mark.parametrize(("name", "output", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_measures(name: str, output: str, source: str | None, expected: dict[str, int]) -> None:
    s = score(output, TRUTH, source)
    assert {k: getattr(s, k) for k in expected} == expected


def test_fused_compound_is_damaged_not_lost() -> None:
    s = score(
        "A well known fact. Cost effective.\n".replace("well known", "wellknown"),
        "A well-known fact. Cost effective.\n",
    )
    assert (s.w_damaged, s.p_minus, s.p_plus) == (2, 0, 0)


def test_cjk_characters_are_words() -> None:
    s = score("茶树喜欢\n温暖。\n", "茶树喜欢温暖。\n")
    assert (s.gt_words, s.nl_plus, s.broken, s.p_minus) == (6, 1, 1, 0)


def test_class_measures_from_metadata() -> None:
    truth = "1. Rivers\nRivers move. They cut banks.\nFigure 1: A bend.\n"
    source = (
        "Notes on rivers\n1. Rivers\nRivers move. They\ncut banks.\nNotes on rivers\n* A footnote here.\n"
    )
    meta = {
        "headings": ["1. Rivers"],
        "captions": ["Figure 1: A bend."],
        "headers": ["Notes on rivers"],
        "footnotes": ["A footnote here."],
    }
    good = score("1. Rivers\nRivers move. They cut banks.\nFigure 1: A bend.\n", truth, source, meta)
    assert good.shares()["headings kept%"] == 100.0 and good.shares()["captions kept%"] == 100.0
    assert (good.furniture, good.furniture_leaked, good.footnotes, good.footnotes_leaked) == (2, 0, 1, 0)
    bad = score(
        "1. Rivers Rivers move. Notes on rivers They cut banks. A footnote here.\nFigure 1: A\nbend.\n",
        truth,
        source,
        meta,
    )
    assert bad.shares()["headings kept%"] == 0.0 and bad.shares()["captions kept%"] == 0.0
    assert (bad.furniture_leaked, bad.footnotes_leaked) == (1, 1)


def test_pooled_counts_add_up() -> None:
    a, b = (
        score(TRUTH, TRUTH),
        score("Rivers move.\nThey cut banks.\nFloods come in spring. Towns wait.\n", TRUTH),
    )
    total = Scores()
    total.add(a)
    total.add(b)
    assert (total.documents, total.gt_paragraphs, total.nl_plus) == (2, 4, 1)
    assert total.shares()["NL+%"] == 25.0


def test_cli_on_a_directory_of_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    truths, outs = tmp_path / "truth", tmp_path / "out"
    (truths / "sub").mkdir(parents=True)
    outs.joinpath("sub").mkdir(parents=True)
    (truths / "a.truth.txt").write_text(TRUTH)
    (truths / "sub" / "b.truth.txt").write_text(TRUTH)
    (outs / "a.sr.txt").write_text(TRUTH)
    (outs / "sub" / "b.sr.txt").write_text(
        "Rivers move. They cut banks. Floods come in spring. Towns wait.\n"
    )
    assert main([str(outs), str(truths), "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["document"] for r in rows] == ["a", "sub/b", "pooled"]
    assert rows[1]["NL-%"] == 50.0 and rows[2]["NL-%"] == 25.0 and rows[0]["NL-%"] == 0.0


def test_placeholders_are_wildcards_unless_told_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The benchmark's rule: a difference that holds a placeholder costs nothing, whatever its length."""
    truth, out = tmp_path / "t.truth.txt", tmp_path / "t.sr.txt"
    truth.write_text("The bank moved by [formula] metres, [\\cite=a] as the old maps show.\n")
    out.write_text("The bank moved by x = 12 + 3 metres, [4, 5] as the old maps show.\nPage 3\n")
    shares = []
    for extra in ([], ["--no-wildcards"]):
        assert main([str(out), str(truth), "--json", *extra]) == 0
        shares.append(json.loads(capsys.readouterr().out.splitlines()[-1]))
    # "Page 3" is a spurious paragraph either way; the formula's and the citation's words
    # ("x 12 3", "4 5") are spurious words only without wildcards.  The benchmark counts its
    # placeholders among the truth's words (12), which --no-wildcards removes (10).
    assert shares[0]["P+%"] == pytest.approx(100 * 2 / 12, abs=0.01)
    assert shares[1]["P+%"] == pytest.approx(100 * 2 / 10, abs=0.01)
    assert shares[0]["W+%"] == 0.0 and shares[1]["W+%"] == pytest.approx(100 * 5 / 10, abs=0.01)
    assert shares[0]["P-%"] == shares[1]["P-%"] == 0.0


def test_cli_table_and_missing_output(tmp_path: Path) -> None:
    (tmp_path / "t.truth.txt").write_text(TRUTH)
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "srtext.eval.evaluate",
            str(tmp_path / "none.txt"),
            str(tmp_path / "t.truth.txt"),
        ],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1
    (tmp_path / "o.txt").write_text(TRUTH)
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "srtext.eval.evaluate",
            str(tmp_path / "o.txt"),
            str(tmp_path / "t.truth.txt"),
        ],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0
    header, row = r.stdout.splitlines()
    assert header.split()[:3] == ["document", "broken", "NL+"] and row.split()[1:3] == ["0.00", "0.00"]


MOVED_A = "Rivers move slowly across the wide plain and cut their banks in every spring flood."
MOVED_B = "The old maps of the valley show a bend that the water left a hundred years ago."
MOVED_C = "Towns along the river wait for the summer when the water is low and calm."


def test_a_moved_paragraph_is_neither_spurious_nor_missing() -> None:
    """The benchmark moves a block of 10 or more words back to its place (one operation,
    reported apart); a shorter block out of order is deleted and inserted."""
    truth = "\n".join([MOVED_A, MOVED_B, MOVED_C])
    s = score("\n".join([MOVED_A, MOVED_C, MOVED_B]), truth)
    assert (s.p_plus, s.p_minus, s.w_plus, s.w_minus, s.moved) == (0, 0, 0, 0, 15)
    s = score("x y z\nTowns wait.\na b c\n", "x y z\na b c\nTowns wait.\n")
    assert (s.p_plus, s.p_minus, s.moved) == (2, 2, 0)


def test_page_numbers_leak_only_beyond_the_numbers_of_the_text() -> None:
    truth = "Rivers move. They cut 2 banks.\n"
    source = "Rivers move. They\n1\ncut 2 banks.\n2\n"
    meta = {"footers": ["1", "2"], "headers": []}
    good = score("Rivers move. They cut 2 banks.\n", truth, source, meta)
    assert (good.furniture, good.furniture_leaked) == (2, 0)
    bad = score("Rivers move. They 1 cut 2 banks. 2\n", truth, source, meta)
    assert (bad.furniture, bad.furniture_leaked) == (2, 2)
    assert bad.shares()["words lost%"] == 0.0
    assert score("Rivers move.", truth).shares()["words lost%"] == 66.67


def test_longest_runs_are_difflibs() -> None:
    """srtext.eval.phrases.Runs finds the runs difflib finds (the benchmark's recursion relies on
    which of several equally long runs comes first)."""
    import random
    from difflib import SequenceMatcher

    from srtext.eval.phrases import Runs

    rng = random.Random(20)
    for _ in range(2000):
        a = [rng.choice("abcd") for _ in range(rng.randint(0, 14))]
        b = [rng.choice("abcd") for _ in range(rng.randint(0, 14))]
        lo_a, lo_b = rng.randint(0, len(a)), rng.randint(0, len(b))
        hi_a, hi_b = rng.randint(lo_a, len(a)), rng.randint(lo_b, len(b))
        matcher = SequenceMatcher(None, a, b, autojunk=False)
        expected = tuple(matcher.find_longest_match(lo_a, hi_a, lo_b, hi_b))
        assert Runs(a, b).longest(lo_a, hi_a, lo_b, hi_b) == expected
        assert Runs(a, b).blocks(len(a), len(b)) == [tuple(m) for m in matcher.get_matching_blocks()[:-1]]


def test_moved_blocks_stop_when_the_documents_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text that repeats (a template's filler) must not make the alignment quadratic in the document:
    the alignments it may run are bounded by CELLS_PER_WORD per word, then no more moves are sought."""
    from srtext.eval import moves
    from srtext.eval.docdiff import diff

    filler = "the quick survey of the old harbour wall found the stones loose in places again"
    truth = [f"{filler} number {k} " * 4 for k in range(30)]
    output = [p.replace("wall", "wall extra", 1) for p in reversed(truth)]  # every paragraph moved
    cells = [0]
    align = moves._local_alignment

    def counted(d: list[str], i: list[str]) -> tuple[int, int, int, int, int]:
        cells[0] += len(d) * len(i)
        return align(d, i)

    monkeypatch.setattr(moves, "_local_alignment", counted)
    free = diff(output, truth)
    spent = cells[0]
    assert spent > 0 and free.counts["moved"] > 0
    monkeypatch.setattr(moves, "CELLS_PER_WORD", 1)  # a budget of about one cell a word
    cells[0] = 0
    bounded = diff(output, truth)
    assert cells[0] < spent
    assert cells[0] <= 2 * bounded.words + moves.MAX_CELLS

"""The real corpus's LaTeX families (corpora/real/latex.py, srtmark.tex): truth from TeX's own markers.

The parser is tested on marked texts written for the purpose (tests/fixtures/real_latex:
``NAME.marked.txt`` and the blocks expected, ``NAME.blocks.tsv``); the markers
themselves on a small LaTeX document printed by pdfLaTeX, skipped when pdfLaTeX
or pdftotext is absent.
"""

from __future__ import annotations

import doctest
import json
import shutil
from pathlib import Path

import pytest

from corpora.real import build, check, latex

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "real_latex"
SAMPLE = Path(__file__).resolve().parents[1] / "corpora" / "real" / "sample"


def test_doctests() -> None:
    result = doctest.testmod(latex)
    assert result.attempted > 0 and result.failed == 0


def _flat(text: str) -> str:
    return text.replace("\n", " ⏎ ")


@pytest.mark.parametrize("name", sorted(p.name.split(".")[0] for p in FIXTURES.glob("*.marked.txt")))
def test_parse_reads_kinds_furniture_and_objects_from_the_markers(name: str) -> None:
    """Paragraphs between their markers, a footnote inside a paragraph, display math, heads and feet."""
    blocks, (heads, feet), objects = latex.parse(
        (FIXTURES / f"{name}.marked.txt").read_text(encoding="utf-8")
    )
    got = [f"{kind}\t{level}\t{_flat(text)}" for kind, level, text in blocks]
    for label, strings in (("heads", heads), ("feet", feet), ("objects", objects)):
        if strings:
            got.append(f"{label}\t0\t{' ⏎ '.join(strings)}")
    assert got == (FIXTURES / f"{name}.blocks.tsv").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize(
    ("lines", "known", "want"),
    [
        (["a hyphen-", "ation rule"], frozenset(), "a hyphenation rule"),  # no word: TeX broke it
        (["a well-", "known one"], frozenset(), "a well-known one"),  # two words: the text's own
        (["type-", "setting"], frozenset({"typesetting"}), "typesetting"),  # the document writes it whole
        (["type-", "setting"], frozenset({"type-setting"}), "type-setting"),  # ... or hyphenated
        (["Figure", "2"], frozenset(), "Figure 2"),
    ],
)
def test_join_lines_decides_a_hyphen_at_a_line_end(
    lines: list[str], known: frozenset[str], want: str
) -> None:
    assert latex.join_lines(lines, known) == want


def test_same_layout_fails_when_a_marker_moves_a_word_to_another_line() -> None:
    word = '<word xMin="{x}" yMin="{y}" xMax="9" yMax="9">{w}</word>'

    def page(*words: tuple[float, float, str]) -> str:
        return "<page>" + "".join(word.format(x=x, y=y, w=w) for x, y, w in words) + "</page>"

    plain = page((1, 10, "One"), (5, 10, "two"), (1, 22, "three"))
    # A marker of its own, one glued to a word, a top raised by the marker's glyphs: the same lines.
    same = page((0.9, 9, "QXZSB1ZXQ"), (1, 10, "One"), (5, 10, "two"), (1, 21.2, "QXZSB2ZXQthree"))
    assert latex.same_layout(plain, same) == (True, 0)
    moved = page((1, 10, "One"), (1, 22, "two"), (5, 22, "three"))  # a line broken elsewhere
    assert latex.same_layout(plain, moved) == (False, 4)


def test_sources_have_a_free_licence_and_a_known_family() -> None:
    if not latex.DOC.is_dir():
        pytest.skip("TeX Live's documentation is not installed")
    found = latex.sources()
    assert found
    for s in found:
        assert latex.licence_ok(s.licence), s.key
        assert s.family in latex.FAMILIES, s.key
        assert s.package.startswith("debian:texlive-") and "=" in s.package, s.key


def test_split_file_holds_the_latex_families_journal_samples_for_validation() -> None:
    halves = build.splits()
    assert halves["latex-journal-samples"] == "validation"
    assert halves["latex-texdoc"] == "tuning"


def test_merge_rows_keeps_the_families_not_built(tmp_path: Path) -> None:
    manifest = tmp_path / "m.tsv"
    old = [{c: f"{c}-{n}" for c in build.COLUMNS} | {"family": f} for n, f in enumerate(["a", "b"])]
    build.write_manifest(old, manifest)  # type: ignore[arg-type]
    new = [{c: "x" for c in build.COLUMNS} | {"family": "b"}]
    rows = build.merge_rows(manifest, new, {"b"})  # type: ignore[arg-type]
    assert [r["family"] for r in rows] == ["a", "b"] and rows[1]["id"] == "x"


DOC = r"""\documentclass{article}
\pagestyle{headings}
\begin{document}
\section{Where the lines break}
The first paragraph of this small document says what it is about: paragraphs that TeX
sets, with their kinds, read back from markers that take no room on the page.\footnote{A
footnote is a paragraph of its own, at the foot of the page.} It goes on for a while so that
it fills more than one line of the page.

A second paragraph holds display math in its middle:
\begin{equation}
  a^2 + b^2 = c^2
\end{equation}
and goes on after it, as one paragraph.

\subsection{Lists and figures}
\begin{itemize}
\item The first item of a list.
\item The second item, which is long enough to break over a line or two of the page as
it goes on and on.
\end{itemize}
\begin{figure}[h]
\centering
\fbox{A picture}
\caption{A short caption.}
\end{figure}
\begin{verbatim}
code line one
code line two
\end{verbatim}
The last paragraph ends the document.
\end{document}
"""

WANT = [
    ["heading", 1, "1 Where the lines break"],
    ["body", 0, "The first paragraph of this small document says what it is about: paragraphs that TeX sets, "
     "with their kinds, read back from markers that take no room on the page.1 It goes on for a while so "
     "that it fills more than one line of the page."],
    ["body", 0, "A second paragraph holds display math in its middle: and goes on after it, as one "
     "paragraph."],
    ["heading", 2, "1.1 Lists and figures"],
    ["item", 0, "The first item of a list."],
    ["item", 0, "The second item, which is long enough to break over a line or two of the page as it goes on "
     "and on."],
    ["body", 0, "A picture"],
    ["caption", 0, "Figure 1: A short caption."],
    ["code", 0, "code line one\ncode line two"],
    ["body", 0, "The last paragraph ends the document."],
    ["footnote", 0, "1A footnote is a paragraph of its own, at the foot of the page."],
]  # fmt: skip

needs_tex = pytest.mark.skipif(
    shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
    reason="pdfLaTeX or pdftotext absent",
)


@needs_tex
def test_a_latex_document_gets_its_truth_from_the_markers_and_prints_the_same_twice(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "doc.tex").write_text(DOC, encoding="utf-8")
    src = latex.Source(
        "latex-t-doc", "latex-texdoc", tmp_path / "src" / "doc.tex", "t", "debian:t=1", "lppl", "en", "0"
    )
    rows = []
    for n in range(2):
        row = latex.build_one(src, "tuning", tmp_path / str(n))
        assert isinstance(row, dict), row
        assert row["truth_check"] == "1.0000"
        rows.append(row)
    assert rows[0]["sha256"] == rows[1]["sha256"]
    # Built again where it was: not printed again (its stamp), its truth read again from its files.
    stamp = tmp_path / "0" / "latex-texdoc" / "latex-t-doc--pdflatex.stamp"
    before = stamp.stat().st_mtime_ns
    assert latex.build_one(src, "tuning", tmp_path / "0") == rows[0]
    assert stamp.stat().st_mtime_ns == before
    meta = json.loads(
        (tmp_path / "0" / "latex-texdoc" / "latex-t-doc--pdflatex.json").read_text(encoding="utf-8")
    )
    assert meta["blocks"] == WANT
    assert meta["headers"] == ["1 WHERE THE LINES BREAK 1"]
    assert meta["captions"] == ["Figure 1: A short caption."] and len(meta["footnotes"]) == 1
    assert "(1)" in meta["objects"]  # the equation's number: display math is an object
    truth = (tmp_path / "0" / "latex-texdoc" / "latex-t-doc--pdflatex.truth.txt").read_text(encoding="utf-8")
    assert "code line one" not in truth and truth.count("\n") == len(WANT) - 2  # no code, no footnote
    assert meta["footnotes"][0] not in truth  # listed, not the body's text


@needs_tex
def test_the_markers_leave_every_line_where_it_was(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "doc.tex").write_text(DOC, encoding="utf-8")
    src = latex.Source(
        "latex-t-doc", "latex-texdoc", tmp_path / "src" / "doc.tex", "t", "debian:t=1", "lppl", "en", "0"
    )
    plain, marked, errors = latex.print_twice(src, tmp_path / "print")
    assert errors == 0
    a = latex._pdftotext(["-bbox", plain.name], plain.parent)
    b = latex._pdftotext(["-bbox", marked.name], marked.parent)
    assert "QXZS" in b and "QXZS" not in a
    assert latex.same_layout(a, b) == (True, 0)


def test_latex_sample_documents_agree_with_their_marked_text() -> None:
    """The sample's LaTeX documents: their blocks are what the parser reads from their marked text."""
    docs = sorted(SAMPLE.glob("latex-*/*.json"))
    if not docs:
        pytest.skip("no LaTeX documents in the sample")
    for path in docs:
        meta = json.loads(path.read_text(encoding="utf-8"))
        marked = path.with_name(path.name.replace(".json", ".marked.txt")).read_text(encoding="utf-8")
        blocks, _furniture, _objects = latex.parse(marked, lambda lines: " ".join(" ".join(lines).split()))
        # The same paragraphs, kinds and words in order (hyphens at line ends aside).
        assert [(k, lvl) for k, lvl, _t in blocks] == [(k, lvl) for k, lvl, _t in meta["blocks"]], path.name
        truth = path.with_name(path.name.replace(".json", ".truth.txt")).read_text(encoding="utf-8")
        assert check.check(truth.splitlines(), latex.CUT_MARK.sub(" ", marked))[0] > 0.99, path.name

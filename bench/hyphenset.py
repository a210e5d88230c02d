"""A labelled dehyphenation set, and how well a joint decides it.

Every line of a converter's output that ends in a hyphen after a letter (``-``,
U+2010, or a soft hyphen) and is followed by a line that starts with a letter is
a case; its answer comes from the ground truth: the two fragments written as one
word (``join``), with the hyphen (``keep``), or with the hyphen and a space
(``space``, a suspended hyphen: "Ein- und Ausgang").  A case whose answer the
truth does not show (the words are not in it, or more than one form is) is left
out and counted.  Hand-written cases come as ``left<TAB>right<TAB>joined`` rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import regex

from srtext.pipeline.hyphen import Dehyphenator, Joint, dehyphenate
from srtext.pipeline.vocabulary import Vocabulary

_CASE_END = regex.compile(r"(\p{L}+)[-\u2010\u00ad]\Z")
_RIGHT_START = regex.compile(r"\A-?(\p{L}+)")
ANSWERS = ("join", "keep", "space")


@dataclass(frozen=True)
class Case:
    """One line-end hyphen: the two lines, the right answer, and where it came from."""

    left: str
    right: str
    answer: str  # join, keep or space
    lang: str
    source: str
    joined: str = ""  # given by hand-written cases

    @property
    def expected(self) -> str:
        """The two lines joined the right way (for hand-written cases, given)."""
        if self.joined:
            return self.joined
        head = self.left.rstrip()[:-1]
        hyphen = self.left.rstrip()[-1]
        right = self.right.strip()
        if right.startswith("-"):
            right = right[1:]
        return {"join": head + right, "keep": head + "-" + right, "space": head + hyphen + " " + right}[
            self.answer
        ]


def answer_of(joined: str, left: str, right: str) -> str:
    """Which answer a joined text gives for two lines.

    >>> answer_of("a metabolic", "a meta-", "bolic"), answer_of("cost-effective", "cost-", "effective")
    ('join', 'keep')
    """
    head = left.rstrip()[:-1]
    if joined.startswith(head + left.rstrip()[-1] + " "):
        return "space"
    if joined.startswith(head + "-") or joined.startswith(head + "\u2010"):
        return "keep"
    return "join"


def label(left: str, right: str, truth: str) -> str | None:
    """The answer the ground truth ``truth`` (lower-cased) shows for a case, or ``None``.

    >>> label("the meta-", "bolic rate", "the metabolic rate is")
    'join'
    >>> label("a cost-", "effective way", "a cost-effective way")
    'keep'
    >>> label("Ein-", "und Ausgang", "ein- und ausgang"), label("x-", "y", "nothing here")
    ('space', None)
    """
    head = _CASE_END.search(left.rstrip())
    tail = _RIGHT_START.match(right.strip())
    if head is None or tail is None:
        return None
    h, t = regex.escape(head.group(1).lower()), regex.escape(tail.group(1).lower())
    counts = {
        "join": len(regex.findall(rf"(?<!\p{{L}}){h}{t}(?!\p{{L}})", truth)),
        "keep": len(regex.findall(rf"(?<!\p{{L}}){h}[-\u2010]{t}(?!\p{{L}})", truth)),
        "space": len(regex.findall(rf"(?<!\p{{L}}){h}[-\u2010] {t}(?!\p{{L}})", truth)),
    }
    found = [a for a, n in counts.items() if n]
    return found[0] if len(found) == 1 else None


def cases_from_text(text: str, truth: str, lang: str, source: str) -> tuple[list[Case], int]:
    """The labelled cases of one converter output, and how many could not be labelled."""
    lines = [x.rstrip() for x in text.replace("\f", "\n").split("\n")]
    truth = truth.lower()
    cases, unlabelled = [], 0
    for i, left in enumerate(lines[:-1]):
        right = lines[i + 1].strip()
        if not _CASE_END.search(left) or not _RIGHT_START.match(right):
            continue
        answer = label(left, right, truth)
        if answer is None:
            unlabelled += 1
        else:
            cases.append(Case(left.strip(), right, answer, lang, f"{source}:{i + 1}"))
    return cases, unlabelled


def read_hand_cases(path: Path, lang: str) -> list[Case]:
    """Hand-written cases: ``left<TAB>right<TAB>joined`` rows (``#`` starts a comment)."""
    cases = []
    for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not row.strip() or row.startswith("#"):
            continue
        left, right, joined = row.split("\t")
        cases.append(Case(left, right, answer_of(joined, left, right), lang, f"{path.name}:{n}", joined))
    return cases


def decide(case: Case, joint: Joint) -> str:
    """The answer a joint gives for a case."""
    return answer_of(dehyphenate(case.left, case.right, joint), case.left, case.right)


def always_join(left: str, right: str) -> tuple[int, str]:
    """The baseline: every line-end hyphen removed (the paper's rule, and pdftotext's)."""
    return (1, "") if left.endswith(("-", "\u2010", "\u00ad")) else (0, " ")


@dataclass
class Tally:
    right: int = 0
    total: int = 0
    baseline: int = 0

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 1.0


def score(
    groups: Iterable[tuple[list[Case], Iterable[str]]], cache_dir: str | None = None
) -> tuple[dict[str, Tally], list[tuple[Case, str]]]:
    """Decide every case of each group with a dehyphenator that knows the group's document.

    ``groups`` are ``(cases, document lines)``; the result is a tally per
    language and every wrong decision with what was decided.
    """
    tallies: dict[str, Tally] = {}
    wrong: list[tuple[Case, str]] = []
    for cases, lines in groups:
        if not cases:
            continue
        vocabulary = Vocabulary(cases[0].lang)
        for line in lines:
            vocabulary.add(line)
        joint = Dehyphenator(vocabulary, cache_dir).joint
        for case in cases:
            tally = tallies.setdefault(case.lang, Tally())
            got = decide(case, joint)
            tally.total += 1
            tally.right += got == case.answer
            tally.baseline += decide(case, always_join) == case.answer
            if got != case.answer:
                wrong.append((case, got))
    return tallies, wrong


def answers(cases: Iterable[Case]) -> Counter[str]:
    return Counter(c.answer for c in cases)


def iter_corpus_groups(latex: Path) -> Iterator[tuple[str, list[Case], list[str], int]]:
    """The corpora: ``(name, cases, document lines, unlabelled)`` for each -raw and -layout output."""
    for truth_path in sorted(latex.glob("*.truth.txt")):
        name = truth_path.name.removesuffix(".truth.txt")
        lang = {"sr-cyrl": "sr", "sr-latn": "sr"}.get(name.rsplit("-", 1)[0], name.split("-")[0])
        truth = truth_path.read_text(encoding="utf-8")
        for kind in ("raw", "layout"):
            path = latex / f"{name}.{kind}.txt"
            if path.exists():
                text = path.read_text(encoding="utf-8")
                cases, unlabelled = cases_from_text(text, truth, lang, f"{name}.{kind}")
                yield f"{name}.{kind}", cases, text.split("\n"), unlabelled


def iter_arxiv_groups(bench: Path) -> Iterator[tuple[str, list[Case], list[str], int]]:
    """arxiv-dev's papers through ``pdftotext -raw`` (run here; nothing when it is not installed)."""
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None:
        return
    for pdf in sorted(bench.glob("*/*.pdf")):
        truth_path = pdf.with_suffix(".body.txt")
        if not truth_path.exists():
            continue
        proc = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"], capture_output=True)
        text = proc.stdout.decode("utf-8", "replace")
        cases, unlabelled = cases_from_text(text, truth_path.read_text(encoding="utf-8"), "en", pdf.stem)
        yield f"{pdf.stem}.raw", cases, text.split("\n"), unlabelled


def _family_splits(split_tsv: Path) -> dict[str, str]:
    """A real corpus's split by family (``split.tsv``: family, tuning or validation), as tune/validate."""
    out: dict[str, str] = {}
    for row in split_tsv.read_text(encoding="utf-8").splitlines():
        cells = row.split("\t")
        if len(cells) >= 2 and not row.startswith("#") and cells[0] != "family":
            out[cells[0]] = "tune" if cells[1].startswith("tun") else "validate"
    return out


def iter_converted_groups(
    root: Path, split: str, families: dict[str, str] | None = None, raw: bool = False
) -> Iterator[tuple[str, list[Case], list[str], int]]:
    """The documents of one split of a corpus of converter output with truth (``FAMILY/ID.pdftotext.txt``,
    ``ID.truth.txt``, ``ID.json`` with ``language`` and ``split``): ``(name, cases, lines, unlabelled)``.

    ``families`` (a real corpus's ``split.tsv``) decides the split by family; else each document's json.
    ``raw``: the documents that kept their PDF, through ``pdftotext -raw`` (which keeps every line-end
    hyphen, where pdftotext's default mode removes those it takes for a break), instead.
    """
    import json
    import subprocess

    for meta_path in sorted(root.glob("*/*.json")):
        name = meta_path.name.removesuffix(".json")
        text_path = meta_path.with_name(f"{name}.pdf" if raw else f"{name}.pdftotext.txt")
        truth_path = meta_path.with_name(f"{name}.truth.txt")
        if not text_path.exists() or not truth_path.exists():
            continue
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        where = families.get(meta_path.parent.name) if families is not None else meta.get("split")
        if where != split:
            continue
        lang = str(meta.get("language", "")).split("-")[0].lower()
        if raw:
            command = ["pdftotext", "-raw", "-enc", "UTF-8", str(text_path), "-"]
            text = subprocess.run(command, capture_output=True, check=False).stdout.decode("utf-8", "replace")
        else:
            text = text_path.read_text(encoding="utf-8", errors="replace")
        cases, unlabelled = cases_from_text(text, truth_path.read_text(encoding="utf-8"), lang, name)
        yield name, cases, text.split("\n"), unlabelled


def main(argv: list[str] | None = None) -> int:
    """Per language, line-end hyphens decided right, on a corpus's tuning or validation half.

    ``python -m bench.hyphenset ROOT [--families split.tsv] [--split tune|validate] [--raw] [--wrong N]``
    """
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("root", type=Path)
    parser.add_argument("--families", type=Path, help="a real corpus's split.tsv (split by family)")
    parser.add_argument("--split", default="tune", choices=("tune", "validate"))
    parser.add_argument("--wrong", type=int, default=0, help="list this many wrong decisions (tuning only)")
    parser.add_argument("--raw", action="store_true", help="the kept PDFs through pdftotext -raw instead")
    args = parser.parse_args(argv)
    families = _family_splits(args.families) if args.families else None
    groups = list(iter_converted_groups(args.root, args.split, families, args.raw))
    tallies, wrong = score([(cases, lines) for _n, cases, lines, _u in groups])
    unlabelled = sum(g[3] for g in groups)
    print(f"{args.root} {args.split}: {len(groups)} documents, {unlabelled} cases unlabelled")
    print("lang\tcases\tright%\tall-join%\tjoin/keep/space")
    for lang, t in sorted(tallies.items()):
        kinds = answers(c for g in groups for c in g[1] if c.lang == lang)
        split = "/".join(str(kinds[a]) for a in ANSWERS)
        print(f"{lang}\t{t.total}\t{100 * t.accuracy:.2f}\t{100 * t.baseline / max(t.total, 1):.2f}\t{split}")
    if args.split == "tune":
        for case, got in wrong[: args.wrong]:
            print(
                f"{case.lang}\t{case.source}\t{case.answer}->{got}\t{case.left[-30:]!r}\t{case.right[:30]!r}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

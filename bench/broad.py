"""The broad corpus in the benchmark report: its documents, their groups and the split tables.

A corpus directory holds ``FAMILY/ID.pdftotext.txt`` (the input), ``FAMILY/ID.truth.txt``
(one paragraph per line) and ``FAMILY/ID.json`` (``family``, ``language``, ``split``:
``tune`` or ``validate``, and the class lists srtext-eval reads).  The report scores
every family and every language apart and all documents pooled, with the tuning and
the validation half side by side; recovery changes are judged on the validation half.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from srtext.eval.scores import Scores

SPLITS = ("tune", "validate")
#: The measures of the broad corpus, with the report's column heads.
COLUMNS = {
    "broken%": "broken",
    "NL+%": "NL+",
    "NL-%": "NL-",
    "P+%": "P+",
    "P-%": "P-",
    "W~%": "W~",
    "headings kept%": "headings whole",
    "captions kept%": "captions whole",
    "furniture leaked%": "furniture leaked",
    "footnotes leaked%": "footnotes leaked",
    "words lost%": "words lost",
}


@dataclass(frozen=True)
class Doc:
    """A document as read once: the report never reads its files again."""

    name: str
    family: str
    language: str
    split: str
    pages: int
    source: str = ""
    truth: str = ""
    meta: dict[str, object] = field(default_factory=dict)


def load(root: Path) -> tuple[list[Doc], list[str]]:
    """The documents under ``root`` that have an input, a truth and a split; notes on the others."""
    docs: list[Doc] = []
    notes: list[str] = []
    for path in sorted(root.glob("*/*.json")):
        name, where = path.name[: -len(".json")], path.parent.name
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
            source = path.with_name(f"{name}.pdftotext.txt").read_text(encoding="utf-8", errors="replace")
            truth = path.with_name(f"{name}.truth.txt").read_text(encoding="utf-8")
        except (OSError, ValueError) as e:
            notes.append(f"{where}/{name}: unreadable ({getattr(e, 'strerror', None) or e})")
            continue
        if not isinstance(meta, dict) or meta.get("split") not in SPLITS:
            notes.append(f"{where}/{name}: no split (tune or validate) in its json")
            continue
        pages = meta.get("pages")
        docs.append(
            Doc(
                name,
                str(meta.get("family") or where),
                str(meta.get("language") or "?"),
                str(meta["split"]),
                pages if isinstance(pages, int) else 0,
                source,
                truth,
                meta,
            )
        )
    return docs, notes


def groups(docs: Sequence[Doc]) -> list[tuple[str, list[Doc]]]:
    """Every family, every language, then all documents.

    >>> d = [Doc(n, f, lang, "tune", 1) for n, f, lang in
    ...      [("a", "latex", "en"), ("b", "html", "en"), ("c", "latex", "de")]]
    >>> for g, ds in groups(d):
    ...     print(g, [x.name for x in ds])
    family html ['b']
    family latex ['a', 'c']
    language de ['c']
    language en ['a', 'b']
    all ['a', 'b', 'c']
    """
    out = [(f"family {f}", [d for d in docs if d.family == f]) for f in sorted({d.family for d in docs})]
    out += [
        (f"language {x}", [d for d in docs if d.language == x]) for x in sorted({d.language for d in docs})
    ]
    return [*out, ("all", list(docs))]


def pooled(docs: Sequence[Doc], split: str, scores: Callable[[Doc], Scores]) -> Scores:
    """One tool's counts over the documents of one half."""
    total = Scores()
    for d in docs:
        if d.split == split:
            total.add(scores(d))
    return total


def fmt(v: float | None) -> str:
    return "–" if v is None else f"{v:.1f}"


def split_table(rows: Sequence[tuple[str, Scores, Scores]], columns: Sequence[str] = tuple(COLUMNS)) -> str:
    """A row per tool; each cell the tuning half's value / the validation half's.

    >>> a, b = Scores(gt_paragraphs=10, nl_plus=1), Scores(gt_paragraphs=4, nl_plus=2)
    >>> print(split_table([("srtext", a, b)], ["NL+%", "NL-%", "footnotes leaked%"]), end="")
    | tune / validate | NL+ | NL- | footnotes leaked |
    |---|---|---|---|
    | srtext | 10.0 / 50.0 | 0.0 / 0.0 | – / – |
    """
    out = "| tune / validate | " + " | ".join(COLUMNS.get(c, c.rstrip("%")) for c in columns) + " |\n"
    out += "|---" * (len(columns) + 1) + "|\n"
    for name, tune, validate in rows:
        t, v = tune.shares(), validate.shares()
        out += f"| {name} | " + " | ".join(f"{fmt(t[c])} / {fmt(v[c])}" for c in columns) + " |\n"
    return out


def versus_table(
    rows: Sequence[tuple[str, int, Scores, Scores]],
    columns: Sequence[str] = tuple(COLUMNS),
    head: str = "srtext / blocks",
) -> str:
    """A row per group (with its number of documents); each cell one tool's value / another's.

    >>> a, b = Scores(sentences=8, broken=1), Scores(sentences=8, broken=2)
    >>> print(versus_table([("family latex", 3, a, b)], ["broken%"]), end="")
    | srtext / blocks | documents | broken |
    |---|---|---|
    | family latex | 3 | 12.5 / 25.0 |
    """
    out = f"| {head} | documents | " + " | ".join(COLUMNS.get(c, c.rstrip("%")) for c in columns) + " |\n"
    out += "|---" * (len(columns) + 2) + "|\n"
    for name, n, first, second in rows:
        f, s = first.shares(), second.shares()
        out += f"| {name} | {n} | " + " | ".join(f"{fmt(f[c])} / {fmt(s[c])}" for c in columns) + " |\n"
    return out

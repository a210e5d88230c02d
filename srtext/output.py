"""Output formats: paragraphs as text, and the explanation of every decision."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from srtext.events import Decision, Paragraph


def format_paragraphs(paragraphs: Iterable[Paragraph], fmt: str = "lines") -> Iterator[str]:
    """Text for each paragraph: one per line (``lines``) or separated by a blank line (``blank``).

    >>> ps = [Paragraph("One.", "body", (1,), 1), Paragraph("Two.", "body", (2,), 1)]
    >>> "".join(format_paragraphs(ps)), "".join(format_paragraphs(ps, "blank"))
    ('One.\\nTwo.\\n', 'One.\\n\\nTwo.\\n')
    """
    first = True
    for p in paragraphs:
        if fmt == "blank" and not first:
            yield "\n"
        first = False
        yield p.text + "\n"


EXPLAIN_HEADER = "line\tpage\tclass\tband\twidth/cw\tkind\taction\treason\ttext\n"


def explain_line(d: Decision) -> str:
    """One tab-separated row of ``--explain`` output.

    >>> from srtext.lines import Line
    >>> from srtext.classify import LineClass, Band
    >>> print(explain_line(Decision(Line(7, 2, "x = 1"), LineClass.UNFINISHED, Band.SHORT,
    ...       5, 60, "object", "drop", "debris")), end="")  # doctest: +NORMALIZE_WHITESPACE
    7	2	UL	short	5/60	object	drop	debris	x = 1
    """
    band = d.band.value if d.band is not None else "-"
    text = d.line.text.replace("\t", " ")
    cells: tuple[object, ...] = (d.line.number, d.line.page, d.cls.value, band, f"{d.width}/{d.cw}")
    cells += (d.kind, d.action, d.reason, text)
    return "\t".join(map(str, cells)) + "\n"

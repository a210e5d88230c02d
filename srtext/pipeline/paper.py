"""The published Sentence Recovery algorithm, literally (``--mode paper``).

Pajić, Vujičić Stanković and Pajić, "Algoritam za rekonstrukciju rečenica iz PDF
dokumenta", Infotheca 2015; its flow charts as ``SPEC.md`` restates them:

* EL (empty line): deleted; it does not end a paragraph.
* FL (ends in . ? !): appended to the open paragraph, which it ends.
* UL within ``eps * CW`` of CW: a beginning or middle line, joined to the next.
* any other UL: inside a paragraph it is an object or page element and is
  deleted; outside one it is a heading line, and consecutive heading lines are
  merged into one paragraph, written on a line of its own before the next
  paragraph starts.

Lines ending in "-" are joined without the hyphen (the paper's lexicon check is
future work there).  Form feeds are removed by :mod:`srtext.pipeline.lines` in both modes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from srtext.pipeline.classify import Band, LineClass, classify_paper, width_band
from srtext.pipeline.events import BODY, EMPTY, HEADING, OBJECT, Decision, Event, Open
from srtext.pipeline.evidence import Evidence
from srtext.pipeline.hyphen import joint_paper
from srtext.pipeline.width import Measured


def recover_paper(measured: Iterable[Measured], eps: float) -> Iterator[Event]:
    """The published SR algorithm, literally.

    >>> from srtext.pipeline.events import Paragraph
    >>> from srtext.pipeline.lines import text_lines
    >>> from srtext.pipeline.width import with_column_width
    >>> text = "A HEADING\\nof two lines\\n" + "x" * 30 + "\\nfoot\\n" + "y" * 29 + ".\\n"
    >>> events = recover_paper(with_column_width(text_lines(text), mode="paper"), 0.1)
    >>> [(e.kind, e.text) for e in events if isinstance(e, Paragraph)]  # doctest: +ELLIPSIS
    [('heading', 'A HEADING of two lines'), ('body', 'xxx...x yyy...y.')]
    """
    par = False
    body: Open | None = None
    heading: Open | None = None
    for line, width, cw, _cls in measured:  # the paper classifies lines its own way
        cls = classify_paper(line.text)
        band = None if cls is LineClass.EMPTY else width_band(width, cw, eps)

        def decision(kind: str, action: str, reason: str) -> Decision:
            return Decision(line, cls, band, width, cw, kind, action, reason, "paper")  # noqa: B023

        if cls is LineClass.EMPTY:
            yield decision(EMPTY, "skip", "empty line: deleted")
        elif cls is LineClass.FINISHED or band is Band.FULL:
            if heading is not None:
                yield heading.close(joint_paper)
                heading = None
            if body is None:
                body = Open(BODY, line, cls, band, Evidence(line.text))
                action = "start"
            else:
                body.add(line, cls, band, Evidence(line.text))
                action = "join"
            if cls is LineClass.FINISHED:
                yield decision(BODY, action, "finished line: ends the paragraph")
                yield body.close(joint_paper)
                body, par = None, False
            else:
                yield decision(BODY, action, "unfinished line of column width")
                par = True
        elif par:
            yield decision(
                OBJECT, "drop", "unfinished line off column width inside a paragraph: object or page element"
            )
        elif heading is None:
            heading = Open(HEADING, line, cls, band, Evidence(line.text))
            yield decision(HEADING, "heading", "unfinished line off column width outside a paragraph")
        else:
            heading.add(line, cls, band, Evidence(line.text))
            yield decision(HEADING, "merge", "consecutive heading line")
    if heading is not None:
        yield heading.close(joint_paper)
    if body is not None:
        yield body.close(joint_paper)

"""The recovery assembled: numbered lines in, decisions and paragraphs out, as a :class:`Config` says.

Between the pipeline's steps (:mod:`srtext.pipeline`) and the ways srtext is
used: the library (:mod:`srtext.api`, which re-exports :func:`recover`) and a run
over files (:mod:`srtext.run`), which both import this module, never each other's.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator

from srtext.config import Config
from srtext.pipeline.chars import RepairRecorder, repairer
from srtext.pipeline.events import Event, Paragraph
from srtext.pipeline.hyphen import Dehyphenator, Recorder
from srtext.pipeline.lines import Line
from srtext.pipeline.pages import mark_pages
from srtext.pipeline.patterns import keep
from srtext.pipeline.recover import recover_default
from srtext.pipeline.steps import MAX_CHARS
from srtext.pipeline.vocabulary import Vocabulary, observe
from srtext.pipeline.width import WidthStats, with_column_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from srtext.geometry.box import LineBox


def recover(
    lines: Iterable[Line],
    config: Config | None = None,
    *,
    stats: WidthStats | None = None,
    vocabulary: Vocabulary | None = None,
    geometry: Sequence[LineBox | None] | None = None,
    note: bool = False,
) -> Iterator[Event]:
    """Recover paragraphs from numbered lines, streaming.

    Yields a :class:`~srtext.pipeline.recover.Decision` for every line and a
    :class:`~srtext.pipeline.recover.Paragraph` whenever one is complete, in input order.
    At most ``config.window`` lines are held back.  Pass a
    :class:`~srtext.pipeline.width.WidthStats` as ``stats`` to read the line-width histogram
    afterwards, and a :class:`~srtext.pipeline.vocabulary.Vocabulary` as ``vocabulary`` to
    read the document's language (``vocabulary.lang``).  With ``note`` (or ``config.with_dropped``),
    each paragraph carries the verdict on each of its line ends that is not plain and the
    character repairs made (``Paragraph.hyphens``, ``Paragraph.repairs``), for ``--explain``,
    jsonl and the audit page; without, nothing is noted (the default path's speed).

    >>> from srtext.pipeline.lines import text_lines
    >>> text = "Title\\n" + "A line of the body that runs on\\n" * 3 + "to its end.\\n"
    >>> [p.text[:30] for p in paragraphs(recover(text_lines(text)))]
    ['Title', 'A line of the body that runs o']
    """
    config = config or Config()
    keep(config.cache_dir)  # the patterns this process made go to the cache at exit
    if stats is None:
        stats = WidthStats()
    if config.mode == "paper":
        triples = with_column_width(lines, mode="paper", cw=config.cw, window=config.window, stats=stats)
        from srtext.pipeline.paper import recover_paper  # paper mode only: not on the default start-up path

        return bounded(recover_paper(triples, config.eps))
    if vocabulary is None:
        vocabulary = Vocabulary(config.lang)
    marked = observe(mark_pages(lines, config.window, geometry), vocabulary)
    triples = with_column_width(marked, mode=config.mode, cw=config.cw, window=config.window, stats=stats)
    dehyphenator = Dehyphenator(vocabulary, config.cache_dir)
    joint = dehyphenator.joint
    repair = repairer(config.repair)
    if note or config.with_dropped:
        joint = Recorder(dehyphenator)
        repair = RepairRecorder(config.repair) if repair is not None else None
    return bounded(
        recover_default(
            triples,
            config.eps,
            hold=config.window,
            drop=config.drop,
            stats=stats,
            joint=joint,
            repair=repair,
            geometry=geometry,
        )
    )


# The longest paragraph written: 100,000 characters, some 15,000 words, far beyond any
# real paragraph; a longer one (a text that is all table, a text with no sentence end)
# is cut at a sentence end or a space into paragraphs of at most this length.  The
# recovery closes an open paragraph at the same length (srtext.pipeline.steps.line_limit).
MAX_PARAGRAPH = MAX_CHARS


def bounded(events: Iterable[Event], limit: int = MAX_PARAGRAPH) -> Iterator[Event]:
    """The events, each paragraph longer than ``limit`` characters cut into several.

    A cut falls after the last sentence end (``. ``, ``? ``, ``! ``) in the
    second half of the piece, else at its last space (the space is not kept,
    so the text's length does not change), else at ``limit``.

    >>> p = Paragraph("One two. Three four five.", "body", (1,), 1, ((0, 0, 25, 1, 1),))
    >>> [(q.text, q.start, q.end) for q in bounded([p], limit=12)]
    [('One two.', 0, 8), ('Three four', 9, 19), ('five.', 20, 25)]
    """
    for e in events:
        if isinstance(e, Paragraph) and len(e.text) > limit:
            yield from _cut(e, limit)
        else:
            yield e


def _cut(p: Paragraph, limit: int) -> Iterator[Paragraph]:
    text = p.text
    starts = [span[0] for span in p.spans]
    start = 0
    while len(text) - start > limit:
        window = text[start : start + limit + 1]
        end = max(window.rfind(mark, limit // 2) for mark in (". ", "? ", "! "))
        if end >= 0:
            cut, resume = start + end + 1, start + end + 2
        elif (space := window.rfind(" ", 1)) > 0:
            cut, resume = start + space, start + space + 1
        else:
            cut = resume = start + limit
        yield _piece(p, starts, start, cut)
        start = resume
    yield _piece(p, starts, start, len(text))


def _piece(p: Paragraph, starts: list[int], a: int, b: int) -> Paragraph:
    """The paragraph's text from ``a`` to ``b``, with the spans (and lines) of that text.

    ``starts`` are the spans' positions in the text, in order, to find the first one.
    """
    spans = []
    for i in range(max(bisect.bisect_right(starts, a) - 1, 0), len(starts)):
        at, offset, length, number, page = p.spans[i]
        if at >= b:
            break
        lo, hi = max(at, a), min(at + length, b)
        if lo < hi:
            spans.append((lo - a, offset + lo - at, hi - lo, number, page))
    lines = tuple(dict.fromkeys(s[3] for s in spans)) or p.lines[:1]
    page = spans[0][4] if spans else p.page
    return p._replace(text=p.text[a:b], lines=lines, page=page, spans=tuple(spans))


def paragraphs(events: Iterable[Event]) -> Iterator[Paragraph]:
    """Only the paragraphs of an event stream."""
    return (e for e in events if isinstance(e, Paragraph))

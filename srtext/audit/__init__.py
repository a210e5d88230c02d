"""The audit page (``--audit PAGE``): one HTML file that shows what srtext did to every input line.

A user checks srtext's work on their own document by reading it, not the
tab-separated ``--explain`` rows: the page shows the input page by page, each
line coloured by what became of it (joined, started a paragraph, heading,
caption, dropped as furniture, footnote, object, front matter or references),
dropped text struck through in place, its rule and reason on hover and every
field of its decision in a side panel on click; the recovered paragraphs beside
it; the decisions counted per rule; the line-width histogram with CW and the
±eps band (the picture the algorithm decides by); and filters.

The page is built only from what the recovery yields to any caller: a
:class:`~srtext.pipeline.events.Decision` for every line, the
:class:`~srtext.pipeline.events.Paragraph`\\ s, and the width histogram with CW
and eps.  No rule is named here: the rules counted, listed and filtered are the
ones the decisions name, so renaming or adding rules needs no change to the page.
The fields of a decision are read generically (:func:`decision_fields`): a field
added to :class:`~srtext.pipeline.events.Decision` later (a line's evidence, say)
shows in the side panel as it is, and so does an event of another type (a
record of a dehyphenation or a repair), in its line's panel.  Only the
documented vocabulary of a decision's ``kind`` and ``action`` gets its own
colour and style; another value gets a colour of its own too, from its name.

The file is self-contained, so that it can be mailed or archived with the
document: styles, script and data are inline, a Content-Security-Policy forbids
any request, and no font is loaded.  It stays quick on long documents (a
300-page one loads in well under 2 s in Chromium, measured by
``bench/audit_load.py``): the lines are plain HTML written in Python, the script does
no work per line on load, and a filter is one style rule, not a walk over the
lines.  Not on srtext's start-up path: imported only for ``--audit``.

The package: :mod:`srtext.audit.page` writes the HTML (with ``page.css`` and
``page.js``), :mod:`srtext.audit.data` reads the decisions' fields, and
:mod:`srtext.audit.histogram` draws the widths.
"""

from __future__ import annotations

from srtext.audit.data import decision_fields
from srtext.audit.histogram import histogram_svg
from srtext.audit.page import MARK, audit_page, index_page, is_audit_page

__all__ = [
    "MARK",
    "audit_page",
    "decision_fields",
    "histogram_svg",
    "index_page",
    "is_audit_page",
]

"""Geometry in: where each line of a PDF's text stood on its page.

:mod:`srtext.geometry.box` is the record (:class:`LineBox`), :mod:`srtext.geometry.bbox`
reads pdftotext's ``-bbox-layout`` XHTML into the text of pdftotext's default mode
and a box per line (and moves the boxes to the default mode's own text),
:mod:`srtext.geometry.positioned` gives a box per line of pypdf's text from its
positioned text, and :mod:`srtext.geometry.sniff` recognises the XHTML by its head.

Nothing here decides anything about the text: the recovery gets the same text as
without geometry, and the boxes beside it (see docs/geometry.md).  This package
imports neither :mod:`srtext.run` nor :mod:`srtext.cli`.
"""

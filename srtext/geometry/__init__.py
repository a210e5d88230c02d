"""Geometry in: where each line of a PDF's text stood on its page.

:mod:`srtext.geometry.box` is the record (:class:`LineBox`), :mod:`srtext.geometry.bbox`
reads pdftotext's ``-bbox-layout`` XHTML into the text of pdftotext's default mode
and a box per line, :mod:`srtext.geometry.positioned` does the same from pypdf's
positioned text.  Nothing here decides anything about the text: the recovery gets
the same text as without geometry, and the boxes beside it (see docs/geometry.md).
This package imports neither :mod:`srtext.run` nor :mod:`srtext.cli`.
"""

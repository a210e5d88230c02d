"""Is an input pdftotext's ``-bbox-layout`` XHTML?  Asked of every input, so it imports nothing."""

from __future__ import annotations


def is_bbox(head: bytes) -> bool:
    """Is this the start of pdftotext's ``-bbox-layout`` (or ``-bbox``) XHTML?

    The head poppler writes is an XHTML 1.0 doctype, the document's title and
    meta data, then ``<doc>`` and its first ``<page width=...``; a file's first
    few kilobytes are enough (a title and meta data are short).

    >>> is_bbox(b'<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x">'
    ...         b'<html xmlns="http://www.w3.org/1999/xhtml">\\n<head>\\n<title></title>\\n'
    ...         b'</head>\\n<body>\\n<doc>\\n  <page width="612.000000" height="792.000000">')
    True
    >>> is_bbox(b"<!DOCTYPE html><html><body><p>Hello</p>")
    False
    """
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")[:200]
    if not start.startswith(b"<!DOCTYPE html") or b"XHTML" not in start:
        return False
    return b"<doc>" in head and (b"<page width=" in head or b"</doc>" in head)

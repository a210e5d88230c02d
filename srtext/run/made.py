"""Records kept beside an output file: what made it, and the lines dropped from it.

``NAME.sr.txt.srtext.json`` records the srtext version and the options that
change an output (:func:`made_record`).  A later run skips an output only when
it is newer than its input *and* was made the same way, so that changing
``--format``, ``--eps``, ``--drop``... remakes it.  A sidecar file was chosen
over an extended attribute because it survives ``cp``, ``rsync``, archives and
object stores, all of which drop extended attributes by default.

``NAME.sr.txt.dropped.tsv`` (with ``--dropped``) keeps the lines dropped from
that output, so that the ``--dropped`` file of a later run lists the lines of
skipped outputs too.  Both are tab-separated values written with the
:mod:`csv` module (a field holding a tab, a newline or a double quote is
quoted), under a header row.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from srtext.config import Config
from srtext.run.batch import DROPPED_SUFFIX, MADE_SUFFIX

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DROPPED_HEADER = ("input", "line", "page", "class", "text")


def made_record(config: Config, explain: bool, extractor: str) -> dict[str, Any]:
    """What decides an output's bytes: the version and the options that change it.

    >>> r = made_record(Config(eps=0.3), False, "auto")
    >>> r["options"]["eps"], r["options"]["drop"]
    (0.3, ['footnotes', 'furniture', 'objects'])
    """
    from srtext import __version__  # here: srtext imports this module's importers

    options: dict[str, Any] = {}
    for name in config._fields:
        if name == "cache_dir":  # where the lexicon is kept, not what it holds
            continue
        value = getattr(config, name)
        options[name] = sorted(value) if isinstance(value, frozenset) else value
    options["explain"] = explain
    options["extractor"] = extractor
    return {"srtext": __version__, "options": options}


def made_name(output: str) -> str:
    return output + MADE_SUFFIX


def dropped_name(output: str) -> str:
    return output + DROPPED_SUFFIX


def encode_made(record: dict[str, Any]) -> bytes:
    import json

    return (json.dumps(record, sort_keys=True, indent=1) + "\n").encode("utf-8")


def same_record(data: bytes, record: dict[str, Any]) -> bool:
    """Is a stored record (bytes) the same as ``record``?  Unreadable ones are not."""
    import json

    try:
        return bool(json.loads(data.decode("utf-8")) == json.loads(encode_made(record)))
    except ValueError:
        return False


def tsv_rows(rows: Iterable[Iterable[object]]) -> str:
    """Rows as tab-separated values, quoted where a field needs it.

    >>> tsv_rows([DROPPED_HEADER]) == DROPPED_HEADER_LINE
    True
    >>> tsv_rows([("a\\tb.txt", 3, 1, "object", 'x = "1" y')])
    '"a\\tb.txt"\\t3\\t1\\tobject\\t"x = ""1"" y"\\n'
    """
    import csv

    buf = io.StringIO()
    csv.writer(buf, delimiter="\t", lineterminator="\n").writerows(rows)
    return buf.getvalue()


DROPPED_HEADER_LINE = "\t".join(DROPPED_HEADER) + "\n"  # as tsv_rows writes it: no field needs quotes


def without_header(tsv: str) -> str:
    """The rows of a ``--dropped`` record, its header line removed.

    >>> without_header(DROPPED_HEADER_LINE + "a\\t1\\n")
    'a\\t1\\n'
    """
    return tsv[len(DROPPED_HEADER_LINE) :] if tsv.startswith(DROPPED_HEADER_LINE) else tsv


def is_dropped_record(data: bytes) -> bool:
    """Is this (the start of) a ``--dropped`` record that srtext wrote, or empty?"""
    return not data or data.startswith(DROPPED_HEADER_LINE.encode())

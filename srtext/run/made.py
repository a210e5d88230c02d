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
from collections.abc import Callable, Iterable

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
    from srtext.version import __version__

    options: dict[str, Any] = {}
    for name in config._fields:
        if name == "cache_dir":  # where the lexicon is kept, not what it holds
            continue
        value = getattr(config, name)
        options[name] = sorted(value) if isinstance(value, frozenset) else value
    options["explain"] = explain
    options["extractor"] = extractor
    return {"srtext": __version__, "options": options}


def made_same_way(data: bytes, record: dict[str, Any]) -> dict[str, Any] | None:
    """The stored record (bytes) when it says its output was made as ``record`` says (the same
    version and options), else None.  Its input's identity is not compared here: see
    :func:`same_input`.

    >>> r = made_record(Config(), False, "auto")
    >>> made_same_way(encode_made({**r, "input": {"size": 3}}), r)["input"]
    {'size': 3}
    >>> made_same_way(encode_made(made_record(Config(eps=0.3), False, "auto")), r) is None
    True
    """
    import json

    try:
        stored = json.loads(data.decode("utf-8"))
        wanted = json.loads(encode_made(record))
    except ValueError:
        return None
    if not isinstance(stored, dict) or any(stored.get(k) != wanted[k] for k in ("srtext", "options")):
        return None
    return stored


def same_input(identity: object, size: int, mtime: float, digest: Callable[[], str]) -> bool:
    """Is the input that the recorded ``identity`` describes the one of this ``size``,
    modification time and content (``digest``, asked only when it must be)?

    The size settles a change of length; a size and a time both as recorded settle
    sameness; otherwise the content decides (SHA-256).  So an input replaced by
    another with an older time, as ``rsync -a``, ``tar x`` and ``cp -p`` leave it, is
    not taken for the old one, and an input touched without a change is not made again.

    >>> old = {"size": 5, "mtime": 10.0, "sha256": "ab"}
    >>> same_input(old, 6, 10.0, lambda: "ab"), same_input(old, 5, 10.0, lambda: "cd")
    (False, True)
    >>> same_input(old, 5, 9.0, lambda: "cd"), same_input(old, 5, 11.0, lambda: "ab")
    (False, True)
    """
    if not isinstance(identity, dict) or identity.get("size") != size:
        return False
    if identity.get("mtime") == mtime:
        return True
    return bool(identity.get("sha256") == digest())


def made_name(output: str) -> str:
    return output + MADE_SUFFIX


def dropped_name(output: str) -> str:
    return output + DROPPED_SUFFIX


def encode_made(record: dict[str, Any]) -> bytes:
    import json

    return (json.dumps(record, sort_keys=True, indent=1) + "\n").encode("utf-8")


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

"""Regular expressions, parsed by ``regex`` once per installation instead of once per process.

``regex`` compiles a pattern in two steps: Python code parses and optimises it
into a list of opcodes (0.1-2 ms a pattern, and ``import regex`` itself takes
15-20 ms), then its C engine, ``regex._regex``, builds the pattern object from
them in microseconds.  srtext compiles about sixty patterns for one paper, so
the first step was a third of a one-file run.  :func:`pattern` keeps, for each
pattern it compiles, the arguments ``regex`` gave the engine (what pickling a
``regex`` pattern keeps: unpickling calls the engine with them), in
``regex-<stamp>.cache`` in the lexicon's cache directory (``$XDG_CACHE_HOME/srtext``
or ``~/.cache/srtext``, see :mod:`srtext.pipeline.lexicon`); a later process
loads the engine alone and builds each pattern from its arguments.

The cache changes how fast a pattern is made, never what it matches: the engine
gets exactly the arguments ``regex.compile`` gave it.  The file is named after
the installed ``regex`` (the size and time of its engine and parser files) and
Python, and carries a CRC of its contents; a file that does not match, cannot be
read or cannot be written is ignored, and patterns are compiled by ``regex`` as
before.  New patterns are added when a process that ran a recovery exits
(:func:`keep`: in the ``cache_dir`` of its :class:`~srtext.config.Config`), never
by a process that only imported srtext, and nothing is read or written under
``SRTEXT_NO_CACHE=1``.

Patterns that many documents never need (line-end hyphens, CJK text, the
characters :mod:`srtext.pipeline.chars` repairs) are :func:`lazy`: a stand-in
that compiles the pattern the first time one of its methods is looked up, then
keeps the compiled pattern's attributes as its own (and no longer has the
fallback look-up that compiled it, which would slow every later look-up).

>>> p = lazy(r"\\p{Lu}+")
>>> "match" in vars(p)  # not compiled yet
False
>>> p.match("ABc").group(), p.sub("-", "aBCd"), p.pattern
('AB', 'a-d', '\\\\p{Lu}+')
>>> "match" in vars(p)
True
>>> pattern(r"(?<w>\\w+)-(\\d)", IGNORECASE).match("Ab-3").groupdict()
{'w': 'Ab'}
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import regex

    _Args = tuple[Any, ...]

# regex's flags, as plain ints (tests/test_patterns.py checks them against regex's own)
IGNORECASE = 0x2
MULTILINE = 0x8
VERBOSE = 0x40
V1 = 0x100

_MAGIC = b"srtext-regex-1\n"
_LIMIT = 2048  # patterns kept at most: srtext's own are about a hundred

_table: dict[tuple[str, int], _Args] | None = None  # None: not loaded yet
_unsaved = False  # patterns compiled since the table was loaded
_engine: Any = None
_path: str | None = None  # where to save at exit: set by keep()
_stamp: str | None = None  # names the installed regex and Python


def pattern(source: str, flags: int = 0) -> regex.Pattern[str]:
    """``regex.compile(source, flags)``, built from the cached arguments when they are there."""
    table = _table if _table is not None else _load()
    args = table.get((source, flags))
    if args is not None and args[0] == source:
        try:
            compiled: regex.Pattern[str] = _engine.compile(*args)
            return compiled
        except Exception:  # a damaged entry: compile it again below, and rewrite the file
            del table[(source, flags)]
    return _compile(source, flags)


class _Pattern:
    """A compiled pattern's public attributes, copied onto the stand-in once it is compiled.

    A class with ``__getattr__`` sends every attribute fetch through a slower
    slot (the hook asks the generic look-up first, then the fallback): once
    the pattern is compiled, the stand-in takes this class, which has none.
    """

    def __init__(self, source: str, flags: int) -> None:
        self._source = (source, flags)


class _LazyPattern(_Pattern):
    def __getattr__(self, name: str) -> Any:  # called only for what is not yet an attribute
        if name.startswith("__"):
            raise AttributeError(name)  # copy and pickle probe for special methods
        compiled = pattern(*self._source)
        for attribute in ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        self.__class__ = _Pattern  # type: ignore[assignment]  # the same object, compiled
        return getattr(compiled, name)


#: A compiled pattern's public attributes: all of ``regex.Pattern``'s (tests/test_patterns.py
#: checks them against the installed regex).
ATTRIBUTES = (
    "findall",
    "finditer",
    "flags",
    "fullmatch",
    "groupindex",
    "groups",
    "match",
    "named_lists",
    "pattern",
    "prefixmatch",
    "scanner",
    "search",
    "split",
    "splititer",
    "sub",
    "subf",
    "subfn",
    "subn",
)


def lazy(source: str, flags: int = 0) -> regex.Pattern[str]:
    """A pattern that :func:`pattern` compiles when it is first used."""
    return _LazyPattern(source, flags)  # type: ignore[return-value]  # it stands in for one


def ascii_starts(compiled: regex.Pattern[str]) -> frozenset[str]:
    """The ASCII characters a match of ``compiled`` can begin with, as ``regex``'s partial matching says.

    A gate for a line pattern anchored at the start: a line whose first character
    is ASCII and not among these is not matched at all, and the pattern's call,
    which costs more than the look-up, is skipped.

    >>> "".join(sorted(ascii_starts(pattern(r"\\A(?:\\d+\\.|[IVX]+\\.)", IGNORECASE))))
    '0123456789IVXivx'
    """
    return frozenset(c for c in map(chr, range(128)) if compiled.match(c, partial=True) is not None)


def _compile(source: str, flags: int) -> regex.Pattern[str]:
    """Compile with ``regex`` and keep what its pickling keeps: the engine's arguments."""
    import marshal

    import regex

    global _unsaved
    compiled = regex.compile(source, flags)
    if _engine is None or _table is None or len(_table) >= _LIMIT:
        return compiled  # nothing could be built from the arguments, or kept
    args = getattr(compiled, "_pickled_data", None)  # what copyreg gives _regex.compile on unpickling
    if isinstance(args, tuple) and args and args[0] == source:
        try:
            marshal.dumps(args)
        except ValueError:
            return compiled
        _table[(source, flags)] = args
        _unsaved = True
    return compiled


def _load() -> dict[tuple[str, int], _Args]:
    """Load the engine and the cached arguments; on any failure start from an empty table.

    The arguments are read from the default cache directory (patterns are made
    when srtext's modules are imported, before any :class:`~srtext.config.Config`
    exists), and not at all under ``SRTEXT_NO_CACHE``.
    """
    global _table, _engine, _stamp
    _table = {}
    from srtext.files import caching, default_cache_dir

    try:
        _engine, _stamp = _load_engine()
        if not caching():
            raise OSError("SRTEXT_NO_CACHE")
        with open(os.path.join(default_cache_dir(), f"regex-{_stamp}.cache"), "rb") as f:
            data = f.read()
    except Exception:
        data = b""
    _table = _decode(data) or _table
    return _table


def keep(cache_dir: str | os.PathLike[str] | None = None) -> None:
    """Write the patterns this process made to ``cache_dir`` (default: the default cache directory) at exit.

    Asked by a recovery (:func:`srtext.recovery.recover`), so that a process
    that only imports srtext writes nothing; under ``SRTEXT_NO_CACHE`` nothing
    is written at all.
    """
    global _path
    from srtext.files import caching, default_cache_dir

    if _stamp is None or not caching():
        return
    if _path is None:
        import atexit

        atexit.register(_save)
    _path = os.path.join(str(cache_dir or default_cache_dir()), f"regex-{_stamp}.cache")


def _load_engine() -> tuple[Any, str]:
    """regex's C engine, loaded without its Python parser, and a stamp naming the installation."""
    import binascii
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec, module_from_spec, spec_from_file_location

    spec = find_spec("regex")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("regex")
    folder = next(iter(spec.submodule_search_locations))
    for suffix in EXTENSION_SUFFIXES:
        so = os.path.join(folder, "_regex" + suffix)
        if os.path.exists(so):
            break
    else:
        raise ImportError("regex._regex")
    parts = [sys.implementation.cache_tag or "", so]
    for name in (so, os.path.join(folder, "_regex_core.py"), os.path.join(folder, "_main.py")):
        st = os.stat(name)
        parts += [str(st.st_size), str(st.st_mtime_ns)]
    stamp = f"{binascii.crc32('|'.join(parts).encode()):08x}"
    engine = sys.modules.get("regex._regex")
    if engine is None:
        engine_spec = spec_from_file_location("regex._regex", so)
        if engine_spec is None or engine_spec.loader is None:
            raise ImportError("regex._regex")
        engine = module_from_spec(engine_spec)
        engine_spec.loader.exec_module(engine)
        sys.modules["regex._regex"] = engine  # the one copy, also when regex is imported later
    return engine, stamp


def _decode(data: bytes) -> dict[tuple[str, int], _Args] | None:
    """The table a cache file holds; None when it is not one this version wrote whole.

    >>> _decode(_encode({("a", 0): ("a", 0)})), _decode(b"junk"), _decode(_encode({})[:-1])
    ({('a', 0): ('a', 0)}, None, None)
    """
    import binascii
    import marshal

    head = len(_MAGIC) + 8
    if not data.startswith(_MAGIC) or len(data) < head:
        return None
    body = data[head:]
    if data[len(_MAGIC) : head] != f"{binascii.crc32(body):08x}".encode():
        return None
    try:
        table = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    return table if isinstance(table, dict) else None


def _encode(table: dict[tuple[str, int], _Args]) -> bytes:
    import binascii
    import marshal

    body = marshal.dumps(table)
    return _MAGIC + f"{binascii.crc32(body):08x}".encode() + body


def _save() -> None:
    """At exit: write the table when this process added patterns to it (atomically; errors ignored)."""
    global _unsaved
    if not _unsaved or _path is None or _table is None:
        return
    from srtext.files import atomic_write

    try:
        with open(_path, "rb") as f:
            current = _decode(f.read()) or {}
    except OSError:
        current = {}
    current.update(_table)  # what another process wrote meanwhile, and this one's
    try:
        data = _encode(dict(list(current.items())[:_LIMIT]))
        with atomic_write(_path) as f:
            f.write(data)
    except (OSError, ValueError):
        return
    _unsaved = False
    from srtext.files import remove_stale_caches

    remove_stale_caches(_path, os.path.basename(_path), "regex-")  # older installations' patterns

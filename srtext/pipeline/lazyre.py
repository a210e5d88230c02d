"""Regular expressions compiled on first use, for patterns many documents never need.

Compiling a pattern with the ``regex`` module takes 0.1-0.7 ms (Unicode script
classes are the slow part); srtext compiles about forty at import, and every
millisecond of start-up is paid once per document.  Patterns needed only by some
documents (line-end hyphens, CJK text, the characters :mod:`srtext.pipeline.chars`
repairs) are :func:`lazy`: a stand-in that compiles the pattern the first time
one of its methods is looked up, then keeps the compiled pattern's methods as
its own attributes, so later calls cost what a compiled pattern's do.

>>> p = lazy(r"\\p{Lu}+")
>>> "match" in vars(p)  # not compiled yet
False
>>> p.match("ABc").group(), p.sub("-", "aBCd"), p.pattern
('AB', 'a-d', '\\\\p{Lu}+')
>>> "match" in vars(p)
True
"""

from __future__ import annotations

from typing import Any, cast

import regex

_ATTRIBUTES = (
    "match",
    "fullmatch",
    "search",
    "sub",
    "subn",
    "split",
    "findall",
    "finditer",
    "pattern",
    "flags",
)


class _LazyPattern:
    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:  # called only for what is not yet an attribute
        if name.startswith("__"):
            raise AttributeError(name)  # copy and pickle probe for special methods
        compiled = regex.compile(*self._source)
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)


def lazy(pattern: str, flags: int = 0) -> regex.Pattern[str]:
    """A pattern that :func:`regex.compile` compiles when it is first used."""
    return cast("regex.Pattern[str]", _LazyPattern(pattern, flags))

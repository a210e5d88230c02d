"""Bases for srtext's plain record classes, without dataclasses or typing at start-up.

srtext's start-up path has no dataclass: importing :mod:`dataclasses` (which
imports :mod:`inspect`) and building a dataclass cost about 16 ms of every run,
a fifth of srtext's start-up (measured in docs/speed.md).  Nor does it import
:mod:`typing` (about 4% of a run on one paper): modules ask ``TYPE_CHECKING``
of a constant of their own, and immutable per-line records derive from this
module's :class:`NamedTuple`, which is :class:`typing.NamedTuple` to a type
checker and, when srtext runs, makes the same :func:`collections.namedtuple`
class that :class:`typing.NamedTuple` makes.  The other records derive from
:class:`Record` and write their ``__init__`` by hand.

>>> class Point(Record):
...     _fields = ("x", "y")
...     __slots__ = _fields
...     def __init__(self, x: int, y: int = 0) -> None:
...         self.x, self.y = x, y
>>> Point(1) == Point(1, 0), Point(1) == Point(2), Point(1)
(True, False, Point(x=1, y=0))
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Self
    from typing import Generic as Generic  # re-exported: typing's, to a type checker
    from typing import NamedTuple as NamedTuple
else:

    class _NamedTupleMeta(type):
        """typing.NamedTupleMeta's work: the annotated fields, their defaults, the class body's names."""

        def __new__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> type:
            if not bases:  # NamedTuple itself
                return super().__new__(cls, name, bases, namespace)
            annotations = namespace.get("__annotations__", {})
            fields = list(annotations)
            defaults = [namespace[field] for field in fields if field in namespace]
            made = namedtuple(name, fields, defaults=defaults, module=namespace["__module__"])
            made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
            for key, value in namespace.items():
                if key not in ("__module__", "__name__", "__annotations__") and key not in fields:
                    setattr(made, key, value)
            return made

    class NamedTuple(metaclass=_NamedTupleMeta):
        """A base whose subclasses are :func:`collections.namedtuple` classes, as with typing's."""

    class Generic:
        """typing.Generic when srtext runs: a class subscripted (``Tree[Job]``) is the class itself."""

        def __class_getitem__(cls, item: object) -> type:
            return cls


class Record:
    """Compares and prints by the values of the subclass's ``_fields``, in order.

    Unhashable (it defines ``__eq__``) unless a subclass defines ``__hash__``.
    """

    __slots__: tuple[str, ...] = ()
    _fields: tuple[str, ...] = ()  # the slots in their declared order; a subclass sets __slots__ = _fields

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({fields})"


class Frozen(Record):
    """A :class:`Record` that cannot change: hashable, picklable, and copied with :meth:`replace`.

    A subclass's ``__init__`` takes its fields in ``_fields`` order (positionally
    too) and sets them with :meth:`_set`.
    """

    __slots__ = ()

    def _set(self, values: tuple[object, ...]) -> None:
        for name, value in zip(self._fields, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        kind = type(self).__name__
        raise AttributeError(f"{kind} is frozen: use {kind.lower()}.replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[type[Self], tuple[object, ...]]:
        return type(self), self._values()

    def replace(self, **changes: object) -> Self:
        """A copy with some fields changed (and checked again, as the constructor checks them)."""
        values = {name: getattr(self, name) for name in self._fields}
        unknown = changes.keys() - values.keys()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no option {sorted(unknown)[0]!r}")
        return type(self)(**{**values, **changes})

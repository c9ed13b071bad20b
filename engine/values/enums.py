"""The base of the engine's enums: members hash by identity and read `.value`/`.name` in C.

`enum.Enum.__hash__` is Python code (it hashes the member's name), and the machine looks
phases, windows, hooks and event types up in dicts and sets thousands of times per battle.
Members are singletons (pickling returns the same object), so identity is a correct hash and
the C one is several times cheaper. Nothing may depend on the iteration order of a set of
members (it was never stable across processes: names hash with PYTHONHASHSEED).

`Enum.value` and `Enum.name` are Python-level descriptors (a function call per read); messages,
events and the canonical state encoding read them constantly, so here they are plain
properties over the members' own `_value_`/`_name_` slots, read by C getters.
"""

from __future__ import annotations

import enum
from operator import attrgetter


class FastEnum(enum.Enum):
    __hash__ = object.__hash__


def fast_reads(cls: type[enum.Enum]) -> None:
    """Give an enum class `.value`/`.name` read by C getters (also used for `Player`, an IntEnum).
    Set after the class is made: in its body they would read as members to type checkers."""
    setattr(cls, "value", property(attrgetter("_value_")))  # noqa: B010
    setattr(cls, "name", property(attrgetter("_name_")))  # noqa: B010


fast_reads(FastEnum)

"""The base of the engine's enums: members hash by identity.

`enum.Enum.__hash__` is Python code (it hashes the member's name), and the machine looks
phases, windows, hooks and event types up in dicts and sets thousands of times per battle.
Members are singletons (pickling returns the same object), so identity is a correct hash and
the C one is several times cheaper. Nothing may depend on the iteration order of a set of
members (it was never stable across processes: names hash with PYTHONHASHSEED).
"""

from __future__ import annotations

import enum


class FastEnum(enum.Enum):
    __hash__ = object.__hash__

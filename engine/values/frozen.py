"""`Frozen`: the base of the effect API's immutable values (`Effect`, `Source`, `EffectType`).

Compiled code reads these on every priority and every hook, so they must be *native* classes
under the compiled build (docs/compiled-build.md), which a frozen attrs class cannot be: its
generated `__init__` writes the instance `__dict__`. A subclass is therefore an unfrozen
`@attr.s(auto_attribs=True, init=False, unsafe_hash=True)` class (attrs gives `==`, `hash`,
`repr`, `attrs.fields`, `attrs.evolve`) with its own `__init__`, which sets each field with
`object.__setattr__(self, "name", value)`, written out (compiled, each is a C struct write;
mypyc recognises only that form); this base refuses every later write, as
attrs' frozen classes do, and pickles an instance as a call of its class with its fields.
"""

from __future__ import annotations

from typing import Any, cast

import attrs
from attrs.exceptions import FrozenInstanceError


class Frozen:
    """Refuses attribute writes after `__init__`, and pickles by the attrs fields of the subclass."""

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError  # what a frozen attrs class raises ("can't set attribute")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        cls = cast("type[attrs.AttrsInstance]", type(self))
        return (cls, tuple(getattr(self, f.name) for f in attrs.fields(cls)))

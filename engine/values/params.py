"""An effect's parameters as a frozen value (`Params`), so an `Effect` is a value all the way down.

Kept out of `engine.effects` because it is a `dict` subclass with read-only method aliases, which a
compiled (mypyc) module cannot hold (docs/compiled-build.md); nothing on the playout path builds one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn


class Params(dict[str, Any]):
    """An effect's parameters: a read-only dict whose nested values are frozen too (dicts become
    `Params`, lists tuples), so an `Effect` is a value all the way down: it compares, hashes and
    pickles by what it says, and nothing that shares it can change it."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("effect parameters are read-only: build a new Effect instead")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[type[Params], tuple[dict[str, Any]]]:
        return (Params, (dict(self),))


def freeze(value: Any) -> Any:
    """`value` with every mapping turned into `Params` and every list or set into a tuple."""
    if isinstance(value, Params):
        return value
    if isinstance(value, Mapping):
        return Params({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(freeze(v) for v in value)
    return value


def as_params(value: Mapping[str, Any]) -> Params:
    """`value` as frozen `Params` (the form `Effect.params` always has)."""
    frozen: Params = freeze(value)
    return frozen

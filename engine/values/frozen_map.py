"""`FrozenMap`: a read-only dict, the form of the state's few mappings (issue 39: `GameState.stat_since`,
`indestructible_used`, `last_known`), so that a clone or a snapshot shares them and a write replaces the mapping
(through a named writer in `engine.state`), never changes it in place.

Kept out of the compiled modules because it is a `dict` subclass with read-only method aliases, which a compiled
(mypyc) module cannot hold (docs/compiled-build.md), like `engine.values.params.Params`. Reads are the dict's own.
"""

from __future__ import annotations

from typing import NoReturn, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class FrozenMap(dict[_K, _V]):
    """A dict that refuses every write after it is made (a `TypeError` naming the way to change it): equal,
    pickled and encoded by `state_hash()` as the dict it holds."""

    __slots__ = ()

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("the game state's mappings are read-only: a change replaces the mapping (engine.state)")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[type[FrozenMap[_K, _V]], tuple[dict[_K, _V]]]:
        return (FrozenMap, (dict(self),))

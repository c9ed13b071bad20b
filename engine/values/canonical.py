"""The canonical encoding of the state's values (`engine.state.canonical_bytes`, what `GameState.state_hash`
fingerprints): plain JSON values, the same in every process and on every machine."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from enum import Enum
from operator import attrgetter
from typing import Any, cast

import attrs


def canonical(v: Any) -> Any:
    """`v` as plain JSON values: attrs objects and named-tuple records as [class, fields...], enums by value, mappings
    and sets sorted (what `GameState.state_hash` fingerprints)."""
    t = type(v)
    if v is None or t is int or t is str or t is bool or t is float:
        return v
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, tuple) and hasattr(t, "_fields"):  # a named tuple record: encoded as an attrs object
        return [t.__name__, *map(canonical, v)]
    if isinstance(v, list | tuple):
        return [canonical(x) for x in v]
    if isinstance(v, Mapping):
        if all(type(k) is str for k in v):  # effect parameters: the common case, sorted cheaply
            return [[k, canonical(v[k])] for k in sorted(v)]
        return sorted(([canonical(k), canonical(x)] for k, x in v.items()), key=_json)
    if isinstance(v, set | frozenset):
        return sorted((canonical(x) for x in v), key=_json)
    if attrs.has(t):
        return [t.__name__, *map(canonical, _getter(t)(v))]
    raise TypeError(f"a game state holds a {t.__name__}, which is not plain data: {v!r}")


def _json(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"))


_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _getter(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """obj -> the tuple of its attrs fields' values, in order (built once per class)."""
    get = _GETTERS.get(cls)
    if get is None:
        names = [f.name for f in attrs.fields(cast(Any, cls))]
        if len(names) == 1:  # attrgetter of one name returns the bare value
            name = names[0]
            get = _GETTERS[cls] = lambda obj: (getattr(obj, name),)
        else:
            get = _GETTERS[cls] = attrgetter(*names)
    return get

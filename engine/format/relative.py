"""Where a filter may take a bound read from another card (rules spec §U.30: "a Synchro Monster in your Graveyard with
a Level less than or equal to the attacking monster's", `level_at_most_of`): a target's filter and the filter of an
operation's pick, where the engine reads the value with the effect that chooses (`engine.library.relative_filters`).
Anywhere else the loader refuses it, naming the place, rather than let a filter read a card it cannot name."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from engine.format.errors import Invalid
from engine.format.nesting import each_op

# The filter keys whose bound is read from another card (the library's `relative_filters.RELATIVE` reads them; the
# loader imports nothing of the engine's rules: tests/test_rw.py checks the two lists agree)
RELATIVE: Final = ("level_at_most_of", "level_at_least_of", "atk_at_most_of", "atk_at_least_of", "def_at_most_of",
                   "def_at_least_of")

# The operations that pick cards with their `filter` as they resolve (`engine.library.asking.candidates`), and the
# `pick` of a `destroy` (`picked_on_field`)
_PICKS: Final = frozenset({"special_summon", "add_to_hand", "send_to_graveyard", "place_in_pendulum_zone"})
_FILTER_PARTS: Final = frozenset({"not", "any", "all"})


def check_relative_filters(e: Any, at: tuple[str | int, ...]) -> None:
    """Refuse a bound read from another card (`level_at_most_of`, ...) outside a target's or a pick's filter."""
    for place in _relative_places(e.params, ()):
        raise Invalid(_WHY, *at, *place)
    if isinstance(e.target, Mapping):
        for place in _relative_places(e.target, ()):
            if place[:1] != ("filter",) or not _in_filter(place[1:]):
                raise Invalid(_WHY, *at, "target", *place)
    for op_place, op in each_op(e.does, ()):
        for place in _relative_places(op.params, ()):
            allowed = (op.op in _PICKS and place[:1] == ("filter",) and _in_filter(place[1:])) or (
                op.op == "destroy" and place[:2] == ("pick", "filter") and _in_filter(place[2:]))
            if not allowed:
                raise Invalid(_WHY, *at, *op_place, *place)


_WHY: Final = ("a bound read from another card (" + ", ".join(RELATIVE) + ") is read by the effect that chooses: only "
               "a target's filter or the filter of an operation's pick takes it (rules spec §U.30)")


def _in_filter(rest: tuple[str | int, ...]) -> bool:
    """The place under a filter is the filter itself or one it combines (`not`, `any`/`all` entries)."""
    i = 0
    while i < len(rest):
        if rest[i] == "not":
            i += 1
        elif rest[i] in ("any", "all") and i + 1 < len(rest) and isinstance(rest[i + 1], int):
            i += 2
        else:
            return rest[i] in RELATIVE and i == len(rest) - 1
    return False


def _relative_places(value: Any, at: tuple[str | int, ...]) -> Iterator[tuple[str | int, ...]]:
    """The place of each relative key in `value` (mappings and lists; operations are walked by `each_op`)."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            if key in RELATIVE:
                yield (*at, key)
            elif key != "does":
                yield from _relative_places(inner, (*at, key))
    elif isinstance(value, tuple | list):
        for k, inner in enumerate(value):
            if isinstance(inner, Mapping | tuple | list):
                yield from _relative_places(inner, (*at, k))

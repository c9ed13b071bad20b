"""Chain locks in the format (rules spec §U.27): the kind and the operation ``chain_lock``. Declared as the tables of
:mod:`engine.format.effects` and :mod:`engine.format.ops` declare theirs, and merged into them; the library gives them
their meaning (``engine/library/chain_locks.py``)."""

from __future__ import annotations

from typing import Any, Literal

from engine.format.conditions import FilterWire
from engine.format.vocabulary import Until, default, optional

_CHAIN_LOCK = {
    "player": default(Literal["opponent", "controller", "both"], "opponent", "who cannot activate cards or effects "
                      "in response"),
    "filter": optional(FilterWire, "the monsters whose effects' activations by this effect's controller they cannot "
                       "respond to (\"your 'Crusadia' monster effects\": archetype Crusadia); absent: any monster's"),
}
CHAIN_LOCK_KINDS: dict[str, dict[str, Any]] = {"chain_lock": _CHAIN_LOCK}
CHAIN_LOCK_OPS: dict[str, dict[str, Any]] = {
    "chain_lock": {**_CHAIN_LOCK, "until": default(Until, "end_of_turn", "\"this turn\"")},
}

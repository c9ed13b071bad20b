"""The format's pieces of rules spec §U.26 (issue 43, the second sample's cards moved to the Deck, Tributes by effect,
stat changes to all, Levels in battle): declared here as the tables of :mod:`engine.format.ops` and
:mod:`engine.format.effects` declare theirs, and merged into them; the library gives each its meaning
(the op `tribute` is §U.25's, `engine/library/tributing.py`; the kind `negates_activated_effects` is §U.24's)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import UNSET, UnsetType

from engine.format.vocabulary import Count, TargetRef, Until, Wire, default, doc


class EventCountWire(Wire):
    """How many cards of the event an effect answers concern it, as an activation condition ("when exactly 1 monster is
    Special Summoned"): the cards one action did it to (two monsters Summoned by one effect: 2)."""

    at_least: Annotated[Count | UnsetType, doc("at least this many")] = UNSET
    at_most: Annotated[Count | UnsetType, doc("at most this many")] = UNSET


U26_KINDS: dict[str, dict[str, Any]] = {
}
U26_OPS: dict[str, dict[str, Any]] = {
    "instead_of_graveyard": {
        "target": Annotated[TargetRef, doc("the card on the field that goes elsewhere if it would be sent to the "
                                           "Graveyard (\"the destroyed monster\": battling_opponent)")],
        "to": Annotated[Literal["deck", "hand", "banished"], doc("where it goes instead: deck (shuffled into its "
                                                                   "owner's Deck; an Extra Deck monster: the Extra "
                                                                   "Deck), hand, banished")],
        "until": default(Until, "end_of_damage_step", "how long it waits for that sending"),
    },
}

"""The pieces the library's approximate cards needed (rules spec §U.29), in the format: declared here as the tables
of :mod:`engine.format.ops` and :mod:`engine.format.effects` declare theirs, and merged into them; the library gives
each its meaning (``engine/library/card_pieces.py``, ``engine/library/continuous.py``, ``engine/library/lasting.py``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from engine.format.conditions import FilterWire
from engine.format.vocabulary import AppliesTo, TargetRef, default, doc, optional

# "Whenever you would take damage" / "damage you would take": effect damage too (gain_lp_instead,
# no_battle_damage_at_most, and lasting_effect of those kinds).
DAMAGE_TOO: dict[str, Any] = {
    "damage": default(Literal["battle", "any"], "battle", "battle: battle damage only; any: effect damage too "
                      "(\"whenever you would take damage\")"),
}
CARD_PIECE_LASTING: dict[str, Any] = {
    "target": optional(TargetRef, "instead of applies_to / player: the one card it applies to, while that card stays "
                       "on the field (\"if this card Summoned this way leaves the field, banish it\": self, with kind "
                       "banished_if_leaves_field, until permanent)"),
    "damage": optional(Literal["battle", "any"], "for gain_lp_instead: any: effect damage too (Rainbow Life)"),
}
CARD_PIECE_OPS: dict[str, dict[str, Any]] = {
    "place_in_deck": {
        "target": Annotated[TargetRef, doc("the card placed in its owner's Deck (a Fusion, Synchro, Xyz or Link "
                                           "Monster: the Extra Deck)")],
        "position": default(Literal["top", "bottom"], "top", "drawn before (top) or after (bottom) the other cards"),
    },
    "negate_next_attack": {
        "player": default(Literal["controller", "opponent", "both"], "opponent", "whose monster's attack (\"from a "
                          "monster your opponent controls\")"),
    },
}
CARD_PIECE_KINDS: dict[str, dict[str, Any]] = {
    "banished_if_leaves_field": {
        "applies_to": default(AppliesTo, "self", "the cards banished instead of leaving the field"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
    },
    "destroyed_after_targeted": {},
}

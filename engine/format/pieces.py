"""Issue 43's engine pieces in the format (rules spec §U.17): Level changes (op ``change_level``, kind
``level_modifier``), Tokens (op ``special_summon_token``) and lasting restrictions (kinds and ops
``special_summon_lock``, ``effect_damage_redirect``). Declared here as the tables of :mod:`engine.format.ops`
and :mod:`engine.format.effects` declare theirs, and merged into them; the library gives each its meaning
(``engine/library/levels.py``, ``engine/library/tokens.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

from engine.format.conditions import FilterWire, StatOfWire
from engine.format.vocabulary import (
    MAX_COUNT,
    MAX_LEVEL,
    AppliesTo,
    Attribute,
    Level,
    MonsterType,
    Stat,
    TargetRef,
    Text,
    Until,
    default,
    doc,
    optional,
)

# A Level increase or reduction ("increase its Level by 1", "reduce it by 2"): never 0.
LevelDelta = Annotated[int, Meta(ge=-MAX_LEVEL, le=MAX_LEVEL)]

PIECE_OPS: dict[str, dict[str, Any]] = {
    "change_level": {
        "target": TargetRef,
        "add": optional(LevelDelta, "increase its Level by this (negative: reduce it; a Level stays 1 or more)"),
        "add_of": optional(StatOfWire, "increase its Level by a value read as it resolves (\"by the original Level "
                           "of the destroyed monster\": stat level)"),
        "becomes": optional(Level, "its Level becomes this"),
        "becomes_of": optional(StatOfWire, "its Level becomes a value read as it resolves (\"the current Level of "
                               "that monster\"); nothing changes if that value is 0"),
        "until": default(Until, "end_of_turn", "permanent: while it stays face-up on the field (no duration said)"),
    },
    "special_summon_token": {
        "name": Annotated[str, Meta(min_length=1, max_length=80), doc("the Token's name (\"Sheep Token\")")],
        "attribute": Attribute,
        "monster_type": MonsterType,
        "level": Level,
        "atk": Stat,
        "def": Stat,
        "count": default(Annotated[int, Meta(ge=1, le=MAX_COUNT)], 1, "how many Tokens (as many as the Monster "
                         "Zones take: each needs a free one)"),
        "position": optional(Literal["attack", "defense"], "the face-up position the card's text states for them (a "
                             "Token is never Set); absent: the text leaves it to the summoning player, who chooses "
                             "for each as it resolves (answers: position; rules spec §U.26)"),
        "player": default(Literal["controller", "opponent"], "controller", "whose field they are Special Summoned "
                          "to (\"Special Summon 1 Token to your opponent's field\")"),
        "id": optional(Annotated[str, Meta(min_length=1, max_length=40)], "the Token's passcode, if it has one"),
    },
}
_LOCK = {
    "player": default(Literal["controller", "opponent", "both"], "controller", "who cannot Special Summon"),
    "except": optional(FilterWire, "the monsters they still can Special Summon (\"except Aqua monsters\")"),
}
_REDIRECT = {
    "player": default(Literal["controller", "opponent"], "controller", "whose effect damage goes to their opponent"),
    "from": default(Literal["opponent_effects", "effects"], "opponent_effects", "the damage of whose card effects "
                    "(\"from their card effects\": opponent_effects)"),
}
PIECE_OPS["special_summon_lock"] = {**_LOCK, "until": default(Until, "end_of_turn", "\"for the rest of this turn\"")}
PIECE_OPS["effect_damage_redirect"] = {**_REDIRECT, "until": default(Until, "end_of_turn", "\"this turn\"")}
PIECE_ONE_OF: dict[str, tuple[str, ...]] = {"change_level": ("add", "add_of", "becomes", "becomes_of")}

PIECE_KINDS: dict[str, dict[str, Any]] = {
    "level_modifier": {
        "add": optional(LevelDelta, "their Level is increased by this (negative: reduced) while it applies"),
        "becomes": optional(Level, "their Level becomes this while it applies"),
        "applies_to": default(AppliesTo, "self"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter (a Level in it is read "
                           "without continuous Level changes)"),
    },
}
PIECE_KINDS["name_becomes"] = {
    "name": Annotated[Text, doc("\"This card's name becomes 'X' while on the field\": its name while it applies, read "
                               "by every filter's name and archetype (rules spec §U.23)")],
}
PIECE_KINDS["special_summon_lock"] = _LOCK
PIECE_KINDS["effect_damage_redirect"] = _REDIRECT
PIECE_KIND_ONE_OF: dict[str, tuple[str, ...]] = {"level_modifier": ("add", "becomes")}

"""Traps that answer an attack declaration with something other than a destruction (issue 43's pieces, rules spec
§U.15): Storming Mirror Force, Drowning Mirror Force, Dimension Wall, Cubic Ascension."""

from __future__ import annotations

from engine.cards.card import CardDef

_DECLARED = {"on": "attack_declared", "condition": "opponent_attacks"}

STORMING_MIRROR_FORCE = CardDef(
    key="storming_mirror_force",
    name="Storming Mirror Force",
    card_type="trap",
    text="Normal Trap. When an opponent's monster declares an attack: Return all your opponent's Attack Position "
    "monsters to the hand.",
    ruling="Activated only in the chain responding to the declaration (§BP.4); the attacking monster leaves the "
    "field, so the attack ends with no Damage Step (§BP.6). https://yugipedia.com/wiki/Storming_Mirror_Force",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "does": [{"op": "all_monsters", "player": "opponent", "filter": {"position": "attack"},
                   "do": "return_to_hand"}]},
    ),
    fidelity="exact",
)  # fmt: skip

DROWNING_MIRROR_FORCE = CardDef(
    key="drowning_mirror_force",
    name="Drowning Mirror Force",
    card_type="trap",
    text="Normal Trap. When an opponent's monster declares a direct attack: Shuffle all your opponent's Attack "
    "Position monsters into the Deck.",
    ruling="A direct attack's declaration only (§BP.9); Extra Deck monsters go to the Extra Deck. "
    "https://yugipedia.com/wiki/Drowning_Mirror_Force",
    effects=(
        {"kind": "activated", "speed": 2, "on": "attack_declared", "condition": ["opponent_attacks", "direct_attack"],
         "does": [{"op": "all_monsters", "player": "opponent", "filter": {"position": "attack"},
                   "do": "shuffle_into_deck"}]},
    ),
    fidelity="exact",
)  # fmt: skip

DIMENSION_WALL = CardDef(
    key="dimension_wall",
    name="Dimension Wall",
    card_type="trap",
    text="Normal Trap. Activate only when an opponent's monster declares an attack. Instead of you, your opponent "
    "takes the Battle Damage you would have taken from this battle.",
    ruling="The battle damage of that battle, from the declaration to the end of its Damage Step (§2.6 stage 3; "
    "§U.15). https://yugipedia.com/wiki/Dimension_Wall",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "does": [{"op": "battle_damage_this_battle", "change": "reflect", "player": "controller"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (STORMING_MIRROR_FORCE, DROWNING_MIRROR_FORCE, DIMENSION_WALL)

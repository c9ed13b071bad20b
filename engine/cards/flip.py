"""Cards whose effects depend on being face-down when attacked."""

from __future__ import annotations

from engine.cards.card import CardDef

MARSHMALLON = CardDef(
    key="marshmallon",
    name="Marshmallon",
    card_type="monster",
    fidelity="exact",
    atk=300,
    def_=500,
    level=3,
    attribute="light",
    monster_type="fairy",
    text="Cannot be destroyed by battle. After damage calculation, if this face-down card was attacked: your "
    "opponent takes 1000 damage.",
    ruling="The damage trigger needs the card to have been face-down at the start of the Damage Step and "
    "activates after damage calculation (rules spec §1.0 item 4, §1.6). https://yugipedia.com/wiki/Marshmallon",
    effects=(
        {"kind": "indestructible_by_battle"},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False,
         "condition": ["this_card_was_attacked", "was_face_down_at_start"],
         "does": [{"op": "damage", "player": "opponent", "amount": 1000}]},
    ),
)  # fmt: skip

MAN_EATER_BUG = CardDef(
    key="man_eater_bug",
    name="Man-Eater Bug",
    card_type="monster",
    fidelity="exact",
    atk=450,
    def_=600,
    level=2,
    attribute="earth",
    monster_type="insect",
    text="FLIP: Target 1 monster on the field; destroy it.",
    ruling="Flipped by an attack, its FLIP effect activates after damage calculation (rules spec §1.4); it can "
    "destroy the attacker then. https://yugipedia.com/wiki/Man-Eater_Bug",
    effects=(
        {"kind": "flip", "target": {}, "does": [{"op": "destroy", "target": "targeted"}]},
    ),
)

PENGUIN_SOLDIER = CardDef(
    key="penguin_soldier",
    name="Penguin Soldier",
    card_type="monster",
    fidelity="exact",
    atk=750,
    def_=500,
    level=2,
    attribute="water",
    monster_type="aqua",
    text="FLIP: You can target up to 2 monsters on the field; they return to the hand.",
    ruling="Flipped by an attack, its FLIP effect activates after damage calculation, even when it was destroyed "
    "by that battle; the attacker, not destroyed, can be returned then (rules spec §1.4, §1.6; a monster destroyed "
    "by battle cannot be returned). https://yugipedia.com/wiki/Penguin_Soldier",
    effects=(
        {"kind": "flip", "optional": True, "target": {"count": 2, "up_to": True},
         "does": [{"op": "return_to_hand", "target": "targeted"}]},
    ),
)  # fmt: skip

CARDS = (MARSHMALLON, MAN_EATER_BUG, PENGUIN_SOLDIER)

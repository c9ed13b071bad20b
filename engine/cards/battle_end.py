"""Monsters and Equip Cards that act once the battle is fought (the second card-pool sample, issue 43's pieces):
Heraldic Beast Basilisk, Wattsquirrel, Amazoness Heirloom, Ehren, Lightsworn Monk."""

from __future__ import annotations

from engine.cards.card import CardDef

HERALDIC_BEAST_BASILISK = CardDef(
    key="heraldic_beast_basilisk",
    name="Heraldic Beast Basilisk",
    card_type="monster",
    atk=1000,
    def_=1400,
    level=4,
    attribute="earth",
    monster_type="beast",
    text="After damage calculation: Destroy any opponent's monster that battles this card.",
    ruling="A mandatory trigger after damage calculation (§1.6); case S2-BAS-001. "
    "https://yugipedia.com/wiki/Heraldic_Beast_Basilisk",
    effects=(
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False, "condition": "this_card_battled",
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

WATTSQUIRREL = CardDef(
    key="wattsquirrel",
    name="Wattsquirrel",
    card_type="monster",
    atk=700,
    def_=100,
    level=3,
    attribute="light",
    monster_type="thunder",
    text="This card can attack twice during each Battle Phase. If this card battles, negate the effects of the "
    "monster it battled, after damage calculation (including in the Graveyard).",
    ruling="No chain: the negation is applied as damage calculation ends (§U.15, kind at_timing; §U.3); case "
    "S2-WSQ-001. https://yugipedia.com/wiki/Wattsquirrel",
    effects=(
        {"kind": "extra_attacks", "attacks": 2},
        {"kind": "at_timing", "at": ["after_damage_calculation"], "only_if": {"this_card": "battling"},
         "does": [{"op": "negate_effects", "target": "battling_opponent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

AMAZONESS_HEIRLOOM = CardDef(
    key="amazoness_heirloom",
    name="Amazoness Heirloom",
    card_type="spell",
    property="equip",
    text="Equip Spell. Equip only to an 'Amazoness' monster. Once per turn, that monster cannot be destroyed by "
    "battle. When the equipped monster attacks, after damage calculation, destroy the attack target.",
    ruling="Case S2-AMH-001. https://yugipedia.com/wiki/Amazoness_Heirloom",
    effects=(
        {"kind": "indestructible_by_battle", "times_per_turn": 1},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False, "condition": "this_card_attacked",
         "does": [{"op": "destroy", "target": "target"}]},
    ),
    fidelity="exact",
)  # fmt: skip

EHREN = CardDef(
    key="ehren_lightsworn_monk",
    name="Ehren, Lightsworn Monk",
    card_type="monster",
    atk=1600,
    def_=1000,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="If this card attacks a Defense Position monster, before damage calculation: Shuffle that monster into the "
    "Deck. Once per turn, during your End Phase: Send the top 3 cards of your Deck to the Graveyard (an End Phase "
    "effect: the host's).",
    ruling="The monster leaves before damage calculation: no damage calculation (§1.8); case PC-EHR-001. "
    "https://yugipedia.com/wiki/Ehren,_Lightsworn_Monk",
    effects=(
        {"kind": "trigger", "on": "before_damage_calculation", "optional": False,
         "condition": "attacking_defense_position", "does": [{"op": "shuffle_into_deck", "target": "target"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (HERALDIC_BEAST_BASILISK, WATTSQUIRREL, AMAZONESS_HEIRLOOM, EHREN)

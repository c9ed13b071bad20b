"""Cards used in the Damage Step to change a battle's outcome: hand monsters and Spells/Traps that change ATK/DEF
directly (legal from the start of the Damage Step until damage calculation, rules spec §1.1 item 3), and one that
changes how damage calculation is done (during damage calculation only, §1.1 item 6)."""

from __future__ import annotations

from engine.cards.card import CardDef

HONEST = CardDef(
    key="honest",
    name="Honest",
    card_type="monster",
    fidelity="exact",
    atk=1100,
    def_=1900,
    level=4,
    attribute="light",
    monster_type="fairy",
    text="During the Damage Step, when a LIGHT monster you control battles: you can send this card from your hand to "
    "the GY; that monster gains ATK equal to the ATK of the opponent's monster it battles, until the end of the "
    "turn.",
    ruling="An ATK/DEF change: only from the start of the Damage Step until before damage calculation, whatever "
    "its text says (YGOrganization 'That Wacky Damage Step!'; rules spec §1.1 item 3, §R.3); the opponent's "
    "monster must be face-up (cases PC-HON-*). https://yugipedia.com/wiki/Honest",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "cost": {"send_self_to_graveyard": True},
         "battle": {"own_monster": {"attribute": "light"}, "opponent_monster": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "own_battler", "atk_gain_equal_to": "battling_opponent_atk",
                   "until": "end_of_turn"}]},
    ),
)  # fmt: skip

BLACKWING_KALUT_THE_MOON_SHADOW = CardDef(
    key="blackwing_kalut_the_moon_shadow",
    name="Blackwing - Kalut the Moon Shadow",
    card_type="monster",
    fidelity="exact",
    atk=1400,
    def_=1000,
    level=3,
    attribute="dark",
    monster_type="winged_beast",
    text="From the start of the Damage Step until before damage calculation, when a 'Blackwing' monster you "
    "control battles: you can send this card from your hand to the GY; that monster gains 1400 ATK until the end "
    "of the turn.",
    ruling="Its current text names its window: the start of the Damage Step and before damage calculation, not "
    "during damage calculation (Konami's Damage Step chart; rules spec §R.3; cases PC-KAL-001..007). "
    "https://yugipedia.com/wiki/Blackwing_-_Kalut_the_Moon_Shadow",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand",
         "windows": ["start_of_damage_step", "before_damage_calculation"], "cost": {"send_self_to_graveyard": True},
         "battle": {"own_monster": {"archetype": "Blackwing"}},
         "does": [{"op": "change_stats", "target": "own_battler", "atk": 1400, "until": "end_of_turn"}]},
    ),
)  # fmt: skip

CASTLE_WALLS = CardDef(
    key="castle_walls",
    name="Castle Walls",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. Target 1 face-up monster on the field; it gains 500 DEF until the end of the turn.",
    ruling="A DEF change: usable in the Damage Step until damage calculation, on a face-up monster only, so not on "
    "a Set attack target before it is flipped (Konami 'Damage Step Rules'; rules spec §1.1 item 3; case DS-059). "
    "https://yugipedia.com/wiki/Castle_Walls",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "def": 500}]},
    ),
)  # fmt: skip

REINFORCEMENTS = CardDef(
    key="reinforcements",
    name="Reinforcements",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. Target 1 face-up monster on the field; it gains 500 ATK until the end of the turn.",
    ruling="An ATK change: legal in the Damage Step until damage calculation (Konami 'Damage Step Rules'; official "
    "Damage Step table, LB-DS L53; rules spec §1.1 item 3; case LC-RE-001). "
    "https://yugipedia.com/wiki/Reinforcements",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": 500}]},
    ),
)  # fmt: skip

HALF_SHUT = CardDef(
    key="half_shut",
    name="Half Shut",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Target 1 face-up monster on the field; until the end of the turn its ATK is halved, and "
    "it cannot be destroyed by battle.",
    ruling="The halving is of the current ATK, a freezing value: gains applied before it no longer apply (rules "
    "spec §S.2, halving rounded up §S.6; cases SL-001, SL-002); an ATK change, so usable until damage calculation "
    "(§1.1 item 3). https://yugipedia.com/wiki/Half_Shut",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "halve_stats", "target": "targeted"},
                  {"op": "indestructible_by_battle_this_turn", "target": "targeted"}]},
    ),
)  # fmt: skip

FORBIDDEN_SCRIPTURE = CardDef(
    key="forbidden_scripture",
    name="Forbidden Scripture",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. During damage calculation, when monsters battle: the effects of all other cards on the "
    "field are negated, and that damage calculation uses the battling monsters' original ATK/DEF.",
    ruling="It changes how damage calculation is done, not the monsters' ATK/DEF; an original value changed by "
    "an effect (Shrink) is the one used (Konami OCG FAQ 13098; rules spec §R.5; cases RF-015, RF-016). The other "
    "face-up cards on the field have their effects negated until the end of the Damage Step (ProjectIgnis/"
    "CardScripts c54773234: EFFECT_DISABLE on the field, reset at the end of the Damage Step; case LC-FS-002). "
    "https://yugipedia.com/wiki/Forbidden_Scripture",
    effects=(
        {"kind": "activated", "speed": 2, "windows": ["during_damage_calculation"],
         "does": [{"op": "negate_effects", "all_other_cards": True, "until": "end_of_damage_step"},
                  {"op": "original_values_in_damage_calculation"}]},
    ),
)  # fmt: skip

FORBIDDEN_CHALICE = CardDef(
    key="forbidden_chalice",
    name="Forbidden Chalice",
    card_type="spell",
    fidelity="exact",
    property="quick_play",
    text="Quick-Play Spell. Target 1 face-up monster on the field; until the end of this turn it gains 400 ATK, but "
    "its effects are negated.",
    ruling="A Set Quick-Play Spell is activated at Spell Speed 2 in the Damage Step until before damage calculation, "
    "as it changes ATK (rules spec §1.1); the negation lasts while the monster stays face-up on the field, until the "
    "end of the turn (rules spec §U.3; case UP-FCH-001). https://yugipedia.com/wiki/Forbidden_Chalice",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": 400},
                  {"op": "negate_effects", "target": "targeted", "until": "end_of_turn"}]},
    ),
)  # fmt: skip

CARDS = (HONEST, BLACKWING_KALUT_THE_MOON_SHADOW, CASTLE_WALLS, REINFORCEMENTS, HALF_SHUT, FORBIDDEN_SCRIPTURE,
         FORBIDDEN_CHALICE)  # fmt: skip

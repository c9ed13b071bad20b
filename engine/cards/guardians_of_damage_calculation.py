"""Monsters that answer the attack on them during damage calculation, once while they are face-up on the field
(issue 43's library growth): Suijin, Sanga of the Thunder. Their official scripts count the use with
EFFECT_FLAG_NO_TURN_RESET (`once_per_turn: while_face_up`, rules spec §C.4, §U.20)."""

from __future__ import annotations

from engine.cards.card import CardDef

_ZERO_THE_ATTACKER = {
    "kind": "activated", "speed": 2, "during_damage_calculation": True, "once_per_turn": "while_face_up",
    "condition": ["opponent_turn", "this_card_was_attacked"], "target": "attacker",
    "does": [{"op": "change_stats", "target": "attacker", "set_atk": 0, "until": "damage_calculation"}],
}  # fmt: skip
_TEXT = (
    "During damage calculation in your opponent's turn, if this card is being attacked: You can target the attacking "
    "monster; make that target's ATK 0 during damage calculation only (this is a Quick Effect). This effect can only "
    "be used once while this card is face-up on the field."
)

SUIJIN = CardDef(
    key="suijin",
    name="Suijin",
    card_type="monster",
    atk=2500,
    def_=2400,
    level=7,
    attribute="water",
    monster_type="aqua",
    text=_TEXT,
    ruling="A Quick Effect during damage calculation, counted once while face-up, across turns (CardScripts c98434877: "
    "EVENT_PRE_DAMAGE_CALCULATE, SetCountLimit(1) with EFFECT_FLAG_NO_TURN_RESET). Cases LC4-SUI-001, LC4-SUI-002. "
    "https://yugipedia.com/wiki/Suijin",
    effects=(_ZERO_THE_ATTACKER,),
    fidelity="exact",
)

SANGA_OF_THE_THUNDER = CardDef(
    key="sanga_of_the_thunder",
    name="Sanga of the Thunder",
    card_type="monster",
    atk=2600,
    def_=2200,
    level=7,
    attribute="light",
    monster_type="thunder",
    text=_TEXT,
    ruling="As Suijin (CardScripts c25955164: EFFECT_FLAG_NO_TURN_RESET). Cases LC4-SAN-001, LC4-SAN-002. "
    "https://yugipedia.com/wiki/Sanga_of_the_Thunder",
    effects=(_ZERO_THE_ATTACKER,),
    fidelity="exact",
)

CARDS = (SUIJIN, SANGA_OF_THE_THUNDER)

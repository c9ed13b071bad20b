"""Cards that change ATK: Quick-Play Spells that may be used in the Damage Step until damage
calculation, and a monster whose effect is used during damage calculation."""

from __future__ import annotations

from engine.cards.card import CardDef

RUSH_RECKLESSLY = CardDef(
    key="rush_recklessly",
    name="Rush Recklessly",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Target 1 face-up monster on the field; it gains 700 ATK until the end of this turn.",
    ruling="It directly changes ATK, so it can be activated in the Damage Step, but only until damage calculation "
    "(Konami 'Damage Step Rules' table; rules spec §1.1 item 4); it cannot target a face-down monster "
    "(rules spec §1.1, targets must be legal when chosen). https://yugipedia.com/wiki/Rush_Recklessly",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": 700, "until": "end_of_turn"}]},
    ),
)  # fmt: skip

SHRINK = CardDef(
    key="shrink",
    name="Shrink",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Target 1 face-up monster on the field; its original ATK is halved until the end of this "
    "turn.",
    ruling="It changes the original ATK (stat layer 1): a monster at 2000 original ATK with +700 from Rush "
    "Recklessly has 1700 (rules spec §S.1, docs/stat-layers.md); usable until damage calculation (§1.1 item 4). "
    "https://yugipedia.com/wiki/Shrink",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "halve_original_stats", "target": "targeted", "stats": "atk"}]},
    ),
)  # fmt: skip

FORBIDDEN_LANCE = CardDef(
    key="forbidden_lance",
    name="Forbidden Lance",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Target 1 face-up monster on the field; until the end of this turn, it loses 800 ATK, and "
    "it is unaffected by other Spell/Trap effects.",
    ruling="A direct ATK change: legal in the Damage Step until damage calculation (rules spec §1.1 item 4). "
    "https://yugipedia.com/wiki/Forbidden_Lance",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": -800},
                  {"op": "unaffected", "target": "targeted", "by": "spell_trap_effects"}]},
    ),
)  # fmt: skip

INJECTION_FAIRY_LILY = CardDef(
    key="injection_fairy_lily",
    name="Injection Fairy Lily",
    card_type="monster",
    fidelity="exact",
    atk=400,
    def_=1500,
    level=3,
    attribute="earth",
    monster_type="spellcaster",
    text="During damage calculation, if this card battles: you can pay 2000 LP; it gains 3000 ATK during that "
    "damage calculation only.",
    ruling="A 'during damage calculation' effect: activated only in that window, only when this card is one of the "
    "battling monsters ('if this card battles'), and the gain ends with damage calculation (rules spec §1.1 item 5, "
    "§1.5; DS-055 in tests/rules/cases.jsonl). "
    "https://yugipedia.com/wiki/Injection_Fairy_Lily",
    effects=(
        {"kind": "activated", "speed": 2, "during_damage_calculation": True, "cost": {"lp": 2000},
         "battle": {"self": True},
         "does": [{"op": "change_stats", "target": "self", "atk": 3000, "until": "damage_calculation"}]},
    ),
)  # fmt: skip

CARDS = (RUSH_RECKLESSLY, SHRINK, FORBIDDEN_LANCE, INJECTION_FAIRY_LILY)

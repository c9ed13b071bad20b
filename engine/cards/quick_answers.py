"""Spells and Traps a player answers a battle with (issue 43's library growth): Mask of Weakness, Rising Energy,
Raigeki Break, Mystical Space Typhoon, Ready for Intercepting, Photon Current, Metalmorph, Windstorm of Etaqua, Zero
Gravity, Twister. Most target on activation, among the cards their text names (the player's pick, a decision: `target`
objects), and do nothing to a target that is no longer legal when they resolve; those that change ATK/DEF can be
activated in the Damage Step (rules spec §1.1), the others cannot."""

from __future__ import annotations

from engine.cards.card import CardDef

MASK_OF_WEAKNESS = CardDef(
    key="mask_of_weakness",
    name="Mask of Weakness",
    card_type="trap",
    text="Target 1 attacking monster; that target loses 700 ATK until the end of this turn.",
    ruling="Any attacking monster, in the Battle Step or the Damage Step until before damage calculation (CardScripts "
    "c57882509: EFFECT_FLAG_DAMAGE_STEP, aux.StatChangeDamageStepCondition, the attacker as its target). Cases "
    "LC4-MOW-001, LC4-MOW-002. https://yugipedia.com/wiki/Mask_of_Weakness",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"attacking": True, "filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": -700, "until": "end_of_turn"}]},
    ),
    fidelity="exact",
)  # fmt: skip

RISING_ENERGY = CardDef(
    key="rising_energy",
    name="Rising Energy",
    card_type="trap",
    text="Discard 1 card, then target 1 face-up monster on the field; that target gains 1500 ATK until the End Phase.",
    ruling="Usable in the Damage Step until before damage calculation, as an ATK change (CardScripts c78211862: "
    "EFFECT_FLAG_DAMAGE_STEP, a discard as its cost, RESETS_STANDARD_PHASE_END). Case LC4-RSE-001. "
    "https://yugipedia.com/wiki/Rising_Energy",
    effects=(
        {"kind": "activated", "speed": 2, "cost": {"discard": 1}, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": 1500, "until": "end_of_turn"}]},
    ),
    fidelity="exact",
)  # fmt: skip

RAIGEKI_BREAK = CardDef(
    key="raigeki_break",
    name="Raigeki Break",
    card_type="trap",
    text="Discard 1 card, then target 1 card on the field; destroy it.",
    ruling="Any card on the field but itself; not in the Damage Step (CardScripts c4178474: LOCATION_ONFIELD on "
    "both sides, except e:GetHandler()). Cases LC4-RGB-001, LC4-RGB-002. https://yugipedia.com/wiki/Raigeki_Break",
    effects=(
        {"kind": "activated", "speed": 2, "cost": {"discard": 1},
         "target": {"zone": "field", "other_than_self": True}, "does": [{"op": "destroy", "target": "targeted"}]},
    ),
    fidelity="exact",
)  # fmt: skip

MYSTICAL_SPACE_TYPHOON = CardDef(
    key="mystical_space_typhoon",
    name="Mystical Space Typhoon",
    card_type="spell",
    property="quick_play",
    text="Quick-Play Spell. Target 1 Spell/Trap on the field; destroy that target.",
    ruling="A Set Spell/Trap too, a Field Spell too, not itself; not in the Damage Step (CardScripts c5318639: "
    "Card.IsSpellTrap on LOCATION_ONFIELD, except itself). Cases LC4-MST-001, LC4-MST-002. "
    "https://yugipedia.com/wiki/Mystical_Space_Typhoon",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"zone": "spell_trap_zone", "other_than_self": True},
         "does": [{"op": "destroy", "target": "targeted"}]},
    ),
    fidelity="exact",
)  # fmt: skip

READY_FOR_INTERCEPTING = CardDef(
    key="ready_for_intercepting",
    name="Ready for Intercepting",
    card_type="trap",
    text="Target 1 Warrior or Spellcaster monster on the field; change that target to face-down Defense Position.",
    ruling="A face-up one (a face-down monster shows no Type); not in the Damage Step. Turned face-down in the Battle "
    "Step, the attack target is replayed (CardScripts c31785398: IsFaceup() and IsCanTurnSet(), "
    "POS_FACEDOWN_DEFENSE). Cases LC4-RFI-001, LC4-RFI-002. https://yugipedia.com/wiki/Ready_for_Intercepting",
    effects=(
        {"kind": "activated", "speed": 2,
         "target": {"filter": {"face_up": True, "any": [{"monster_type": "warrior"}, {"monster_type": "spellcaster"}]}},
         "does": [{"op": "change_position", "target": "targeted", "to": "set"}]},
    ),
    fidelity="exact",
)  # fmt: skip

PHOTON_CURRENT = CardDef(
    key="photon_current",
    name="Photon Current",
    card_type="trap",
    text="When a face-up LIGHT Dragon-Type monster you control is targeted for an attack: The attack target gains ATK "
    "equal to the attacking monster's ATK, until the end of the Damage Step.",
    ruling="It does not target; the attacker's ATK as it resolves (CardScripts c43813459: EVENT_BE_BATTLE_TARGET, "
    "EFFECT_UPDATE_ATTACK of a:GetAttack(), reset at the end of the Damage Step). Cases LC4-PHO-001, LC4-PHO-002. "
    "https://yugipedia.com/wiki/Photon_Current",
    effects=(
        {"kind": "activated", "speed": 2, "on": "targeted_for_attack", "about": "own", "condition": "opponent_attacks",
         "battle": {"at_declaration": True,
                    "own_monster": {"face_up": True, "attribute": "light", "monster_type": "dragon"}},
         "does": [{"op": "change_stats", "target": "target", "atk_gain_of": {"of": "attacker", "stat": "atk"},
                   "until": "end_of_damage_step"}]},
    ),
    fidelity="exact",
)  # fmt: skip

METALMORPH = CardDef(
    key="metalmorph",
    name="Metalmorph",
    card_type="trap",
    text="Target 1 face-up monster on the field; equip this card to that target. It gains 300 ATK and DEF. If it "
    "attacks, it gains ATK equal to half the ATK of the attack target, during damage calculation only.",
    ruling="A Trap that becomes an Equip Card and changes ATK: usable in the Damage Step until before damage "
    "calculation (CardScripts c68540058: EFFECT_FLAG_DAMAGE_STEP, aux.StatChangeDamageStepCondition; rules spec "
    "§U.20); the half is read whenever ATK is (Konami OCG FAQ 23919, §R). Cases LC4-MTM-001, LC4-MTM-002. "
    "https://yugipedia.com/wiki/Metalmorph",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "equip", "target": "targeted"}]},
        {"kind": "stat_modifier", "atk": 300, "def": 300},
        {"kind": "stat_modifier", "atk_gain_equal_to": "half_battling_opponent_atk", "when": "attacking",
         "while": "damage_calculation"},
    ),
    fidelity="exact",
)  # fmt: skip

WINDSTORM_OF_ETAQUA = CardDef(
    key="windstorm_of_etaqua",
    name="Windstorm of Etaqua",
    card_type="trap",
    text="Change the battle positions of all face-up monsters your opponent controls.",
    ruling="Each face-up monster to its other battle position, at once; it needs one to act on, and it does not "
    "target; not in the Damage Step (CardScripts c59744639: IsFaceup() on the opponent's LOCATION_MZONE, "
    "POS_FACEUP_DEFENSE / POS_FACEUP_ATTACK). Case LC4-WSE-001. https://yugipedia.com/wiki/Windstorm_of_Etaqua",
    effects=(
        {"kind": "activated", "speed": 2,
         "only_if": {"controls": {"player": "opponent", "filter": {"face_up": True}}},
         "does": [{"op": "all_monsters", "player": "opponent", "filter": {"face_up": True}, "do": "change_position",
                   "to": "other"}]},
    ),
    fidelity="exact",
)  # fmt: skip

ZERO_GRAVITY = CardDef(
    key="zero_gravity",
    name="Zero Gravity",
    card_type="trap",
    text="Change the battle positions of all face-up monsters on the field.",
    ruling="Both players' face-up monsters, at once (CardScripts c83133491: Card.IsFaceup on both LOCATION_MZONE, "
    "POS_FACEUP_DEFENSE / POS_FACEUP_ATTACK). Case LC4-ZGR-001. https://yugipedia.com/wiki/Zero_Gravity",
    effects=(
        {"kind": "activated", "speed": 2,
         "only_if": {"controls": {"player": "both", "filter": {"face_up": True}}},
         "does": [{"op": "all_monsters", "player": "both", "filter": {"face_up": True}, "do": "change_position",
                   "to": "other"}]},
    ),
    fidelity="exact",
)  # fmt: skip

TWISTER = CardDef(
    key="twister",
    name="Twister",
    card_type="spell",
    property="quick_play",
    text="Quick-Play Spell. Pay 500 LP, then target 1 face-up Spell/Trap on the field; destroy that target.",
    ruling="A face-up one, a Field Spell too, not itself; not in the Damage Step (CardScripts c45939841: IsFaceup() "
    "and IsSpellTrap() on LOCATION_ONFIELD except itself, Cost.PayLP(500)). Cases LC4-TWI-001, LC4-TWI-002. "
    "https://yugipedia.com/wiki/Twister",
    effects=(
        {"kind": "activated", "speed": 2, "cost": {"lp": 500},
         "target": {"zone": "spell_trap_zone", "other_than_self": True, "filter": {"face_up": True}},
         "does": [{"op": "destroy", "target": "targeted"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (MASK_OF_WEAKNESS, RISING_ENERGY, RAIGEKI_BREAK, MYSTICAL_SPACE_TYPHOON, READY_FOR_INTERCEPTING, PHOTON_CURRENT,
         METALMORPH, WINDSTORM_OF_ETAQUA, ZERO_GRAVITY, TWISTER)

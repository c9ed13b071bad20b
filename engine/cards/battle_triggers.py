"""Monsters with effects at a timing of the Damage Step: at its start, before or after damage calculation, when
battle damage is inflicted, when destroyed by battle, at its end (rules spec §1.3-§1.7). Triggers of the Damage
Step's own events can be activated in it (§1.1 items 5-6)."""

from __future__ import annotations

from engine.cards.card import CardDef

DD_WARRIOR_LADY = CardDef(
    key="dd_warrior_lady",
    name="D.D. Warrior Lady",
    card_type="monster",
    fidelity="exact",
    atk=1500,
    def_=1600,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="After damage calculation, if this card battled an opponent's monster: you can banish that monster, and "
    "banish this card.",
    ruling="It activates after damage calculation, also when it was destroyed by that battle; a monster banished "
    "then is not sent to the Graveyard by battle (rules spec §1.6; cases DS-067, RF-030, RF-031). "
    "https://yugipedia.com/wiki/D.D._Warrior_Lady",
    effects=(
        {"kind": "trigger", "on": "after_damage_calculation", "optional": True, "condition": "this_card_battled",
         "does": [{"op": "banish", "target": "battling_opponent"}, {"op": "banish", "target": "self"}]},
    ),
)  # fmt: skip

DD_CRAZY_BEAST = CardDef(
    key="dd_crazy_beast",
    name="D.D. Crazy Beast",
    card_type="monster",
    fidelity="exact",
    atk=1400,
    def_=1400,
    level=3,
    attribute="earth",
    monster_type="beast",
    text="If this card destroys a monster by battle: that monster is banished.",
    ruling="It activates after damage calculation and banishes the monster then: it is not sent to the Graveyard "
    "by battle, so its destroyed-by-battle effects do not activate (Konami OCG rule compilation, OCG-BP L920-926; "
    "rules spec §R.5; cases RF-028, RF-029). https://yugipedia.com/wiki/D.D._Crazy_Beast",
    effects=(
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False,
         "condition": "destroys_battling_opponent", "does": [{"op": "banish", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

DRILLROID = CardDef(
    key="drillroid",
    name="Drillroid",
    card_type="monster",
    fidelity="exact",
    atk=1600,
    def_=1600,
    level=4,
    attribute="earth",
    monster_type="machine",
    text="If this card attacks a Defense Position monster: that monster is destroyed before damage calculation.",
    ruling="The target is flipped face-up first, so it is destroyed face-up and there is no damage calculation; "
    "its FLIP effect, which would activate after damage calculation, does not (yugioh-wiki.net 'Drillroid' FAQ; "
    "rules spec §1.4, §1.8; case DS-062). https://yugipedia.com/wiki/Drillroid",
    effects=(
        {"kind": "trigger", "on": "before_damage_calculation", "optional": False,
         "condition": "attacking_defense_position", "does": [{"op": "destroy", "target": "target"}]},
    ),
)  # fmt: skip

SPEAR_DRAGON = CardDef(
    key="spear_dragon",
    name="Spear Dragon",
    card_type="monster",
    fidelity="exact",
    atk=1900,
    def_=0,
    level=4,
    attribute="wind",
    monster_type="dragon",
    text="Piercing. If this card attacks, it is changed to Defense Position at the end of the Damage Step.",
    ruling="Both are continuous effects (yugioh-wiki.net 'Spear Dragon'); the change happens at the end of the "
    "Damage Step of its attack, after any piercing damage, with no chain (CardScripts c31553716: EFFECT_TYPE_SINGLE+"
    "EFFECT_TYPE_CONTINUOUS on EVENT_DAMAGE_STEP_END; `at_timing`, rules spec §1.7, §2.4, §U.14; cases LC4-SPD-001, "
    "LC3-SPD-001). "
    "https://yugipedia.com/wiki/Spear_Dragon",
    effects=(
        {"kind": "piercing"},
        {"kind": "at_timing", "at": ["end_of_damage_step"], "only_if": {"this_card": "attacking"},
         "does": [{"op": "change_position", "target": "self", "to": "defense"}]},
    ),
)  # fmt: skip

AIRKNIGHT_PARSHATH = CardDef(
    key="airknight_parshath",
    name="Airknight Parshath",
    card_type="monster",
    fidelity="exact",
    atk=1900,
    def_=1400,
    level=5,
    attribute="light",
    monster_type="fairy",
    text="Piercing. If this card inflicts battle damage to your opponent: you draw 1 card.",
    ruling="The draw is a mandatory trigger of 'battle damage was inflicted', which exists only when damage > 0 "
    "(yugioh-wiki.net 'Airknight Parshath': 強制発動; rules spec §1.6, §2.7). "
    "https://yugipedia.com/wiki/Airknight_Parshath",
    effects=(
        {"kind": "piercing"},
        {"kind": "trigger", "on": "battle_damage_inflicted", "optional": False,
         "does": [{"op": "draw", "player": "controller", "count": 1}]},
    ),
)  # fmt: skip

NEO_SPACIAN_GRAND_MOLE = CardDef(
    key="neo_spacian_grand_mole",
    name="Neo-Spacian Grand Mole",
    card_type="monster",
    fidelity="exact",
    atk=900,
    def_=300,
    level=3,
    attribute="earth",
    monster_type="rock",
    text="At the start of the Damage Step, if this card battles an opponent's monster: you can return that monster "
    "and this card to the hand.",
    ruling="At the start of the Damage Step, before a face-down target is flipped: its FLIP effect never "
    "activates; no damage calculation follows (yugioh-wiki.net 'Neo-Spacian Grand Mole'; rules spec §1.3, §1.8). "
    "https://yugipedia.com/wiki/Neo-Spacian_Grand_Mole",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": True,
         "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "return_to_hand", "target": "battling_opponent"}, {"op": "return_to_hand", "target": "self"}]},
    ),
)  # fmt: skip

EXPLODER_DRAGON = CardDef(
    key="exploder_dragon",
    name="Exploder Dragon",
    card_type="monster",
    fidelity="exact",
    atk=1000,
    def_=0,
    level=3,
    attribute="earth",
    monster_type="dragon",
    text="If this card is destroyed by battle and sent to the GY: the monster that destroyed it is destroyed. "
    "Neither player takes battle damage from this card's attacks.",
    ruling="A mandatory trigger at the end of the Damage Step, once it is in the Graveyard (rules spec §1.7.2); "
    "the monster that battled it is destroyed by the effect, not by battle (yugioh-wiki.net 'Exploder Dragon'); "
    "battle damage is stopped only when it attacks, not when it is attacked (ProjectIgnis/CardScripts c20586572; "
    "cases LC-ED-001, LC-ED-002). "
    "https://yugipedia.com/wiki/Exploder_Dragon",
    effects=(
        {"kind": "avoid_battle_damage", "player": "both", "scope": "attacking"},
        {"kind": "trigger", "on": "destroyed_by_battle_and_sent_to_graveyard", "optional": False, "from": "graveyard",
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

BIG_SHIELD_GARDNA = CardDef(
    key="big_shield_gardna",
    name="Big Shield Gardna",
    card_type="monster",
    fidelity="exact",
    atk=100,
    def_=2600,
    level=4,
    attribute="earth",
    monster_type="warrior",
    text="When a Spell Card is activated that targets this face-down card (and no other cards) (Quick Effect): Change "
    "this card to face-up Defense Position, and if you do, negate the activation. If this card is attacked, change it "
    "to Attack Position at the end of the Damage Step.",
    ruling="The negation is a mandatory Quick Effect activated by the face-down card (ProjectIgnis/CardScripts "
    "c65240384: EFFECT_TYPE_QUICK_F on EVENT_CHAINING, EFFECT_FLAG_SET_AVAILABLE, DAMAGE_STEP and DAMAGE_CAL, a Spell "
    "Card's activation whose only target is this face-down card; rules spec §U.27). The position change is a "
    "continuous effect applied at the end of the Damage Step of a battle in which it was attacked, with no chain "
    "(yugioh-wiki.net 'Big Shield Gardna': 永続効果; c65240384: EFFECT_TYPE_CONTINUOUS on EVENT_DAMAGE_STEP_END, if it "
    "is the attack target, in Defense Position, on the field; rules spec §1.7, §U.15 at_timing); cases LC-BSG-001, "
    "LC3-BSG-001, S2E-BSG-*. https://yugipedia.com/wiki/Big_Shield_Gardna",
    effects=(
        {"kind": "activated", "speed": 2, "while_face_down": True, "mandatory": True, "damage_step": "allowed",
         "responds_to": {"card_type": ["spell"], "card_activation": True, "targets_only_this": True},
         "only_if": {"self": {"face_up": False}},
         "does": [{"op": "change_position", "target": "self", "to": "defense"},
                  {"op": "negate_activation", "destroy": False, "if_you_do": True}]},
        {"kind": "at_timing", "at": ["end_of_damage_step"], "only_if": {"this_card": "attacked"},
         "does": [{"op": "change_position", "target": "self", "to": "attack"}]},
    ),
)  # fmt: skip

GIANT_RAT = CardDef(
    key="giant_rat",
    name="Giant Rat",
    card_type="monster",
    fidelity="exact",
    atk=1400,
    def_=1450,
    level=4,
    attribute="earth",
    monster_type="beast",
    text="When it is destroyed by battle and sent to the Graveyard: you can Special Summon 1 EARTH monster with 1500 "
    "or less ATK from your Deck in Attack Position.",
    ruling="It activates at the end of the Damage Step, from the Graveyard (rules spec §1.7); the monster summoned is "
    "the first of the Deck that qualifies, as the format fixes a player's pick (case UP-GRT-001). "
    "https://yugipedia.com/wiki/Giant_Rat",
    effects=(
        {"kind": "trigger", "on": "destroyed_by_battle_and_sent_to_graveyard", "optional": True,
         "does": [{"op": "special_summon", "from": ["deck"], "filter": {"attribute": "earth", "atk_at_most": 1500},
                   "position": "attack"}]},
    ),
)  # fmt: skip

TRAGOEDIA = CardDef(
    key="tragoedia",
    name="Tragoedia",
    card_type="monster",
    fidelity="exact",
    atk=0,
    def_=0,
    level=10,
    attribute="dark",
    monster_type="fiend",
    text="When you take battle damage: you can Special Summon it from your hand. It gains 600 ATK/DEF for each card in "
    "your hand. (Its Main Phase effects are the host's.)",
    ruling="It is activated from the hand in the chain after damage calculation, when battle damage was taken "
    "(rules spec §1.5); its ATK counts the hand whenever it is read (case UP-TRG-001). "
    "https://yugipedia.com/wiki/Tragoedia",
    effects=(
        {"kind": "trigger", "on": "battle_damage_taken", "optional": True, "from": "hand",
         "does": [{"op": "special_summon", "card": "self", "position": "attack"}]},
        {"kind": "stat_modifier", "atk": 600, "def": 600, "per_card": {"zone": "hand"}},
    ),
)  # fmt: skip

CARDS = (DD_WARRIOR_LADY, DD_CRAZY_BEAST, DRILLROID, SPEAR_DRAGON, AIRKNIGHT_PARSHATH, NEO_SPACIAN_GRAND_MOLE,
         EXPLODER_DRAGON, BIG_SHIELD_GARDNA, GIANT_RAT, TRAGOEDIA)  # fmt: skip

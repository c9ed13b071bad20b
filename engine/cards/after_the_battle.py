"""Monsters and a Continuous Trap that act after damage calculation or at the end of the Damage Step (issue 43's
library growth): Wall of Illusion, Photon Crusher, Yubel - The Ultimate Nightmare, Turbo Rocket, Madolche Waltz,
Zombyra the Dark, Raging Flame Sprite, Wind-Up Juggler, Prickle Fairy, Superheavy Samurai Swordsman. Their battle
triggers are mandatory but Wind-Up Juggler's (their official scripts: EFFECT_TYPE_TRIGGER_F); Photon Crusher's change
of position is no trigger at all (EFFECT_TYPE_CONTINUOUS: an action with no chain)."""

from __future__ import annotations

from engine.cards.card import CardDef

WALL_OF_ILLUSION = CardDef(
    key="wall_of_illusion",
    name="Wall of Illusion",
    card_type="monster",
    atk=1000,
    def_=1850,
    level=4,
    attribute="dark",
    monster_type="fiend",
    text="If this card is attacked by a monster, after damage calculation: Return that monster to the hand.",
    ruling="Not if the attacker was destroyed by the battle (CardScripts c13945283: EVENT_BATTLED, "
    "EFFECT_TYPE_TRIGGER_F, not STATUS_BATTLE_DESTROYED); it activates even if this card is destroyed by the battle. "
    "Cases LC4-WOI-001, LC4-WOI-002. https://yugipedia.com/wiki/Wall_of_Illusion",
    effects=(
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False,
         "condition": ["this_card_was_attacked", "battling_opponent_not_destroyed"],
         "does": [{"op": "return_to_hand", "target": "battling_opponent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

PHOTON_CRUSHER = CardDef(
    key="photon_crusher",
    name="Photon Crusher",
    card_type="monster",
    atk=2000,
    def_=0,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="If this card attacks, it is changed to Defense Position at the end of the Damage Step.",
    ruling="No chain: an action at the end of the Damage Step (CardScripts c1362589: EFFECT_TYPE_SINGLE+"
    "EFFECT_TYPE_CONTINUOUS on EVENT_DAMAGE_STEP_END; `at_timing`, §U.14). Case LC4-PHC-001. "
    "https://yugipedia.com/wiki/Photon_Crusher",
    effects=(
        {"kind": "at_timing", "at": ["end_of_damage_step"], "only_if": {"this_card": "attacking"},
         "does": [{"op": "change_position", "target": "self", "to": "defense"}]},
    ),
    fidelity="exact",
)  # fmt: skip

YUBEL_THE_ULTIMATE_NIGHTMARE = CardDef(
    key="yubel_the_ultimate_nightmare",
    name="Yubel - The Ultimate Nightmare",
    card_type="monster",
    atk=0,
    def_=0,
    level=12,
    attribute="dark",
    monster_type="fiend",
    text="Cannot be Normal Summoned or Set. Must be Special Summoned by 'Yubel - Terror Incarnate', and cannot be "
    "Special Summoned by other ways (Summon conditions: the host's). This card cannot be destroyed by battle. You "
    "take no Battle Damage from battles involving this card. At the end of the Damage Step, if this face-up Attack "
    "Position card battles with an opponent's monster: Inflict damage equal to that monster's ATK to your "
    "opponent, also destroy that monster.",
    ruling="A mandatory trigger at the end of the Damage Step (CardScripts c31764700: EFFECT_TYPE_TRIGGER_F on "
    "EVENT_DAMAGE_STEP_END, only if it was in Attack Position after damage calculation). Cases LC4-YUN-001, "
    "LC4-YUN-002. https://yugipedia.com/wiki/Yubel_-_The_Ultimate_Nightmare",
    effects=(
        {"kind": "indestructible_by_battle"},
        {"kind": "avoid_battle_damage", "player": "controller"},
        {"kind": "trigger", "on": "end_of_damage_step", "optional": False, "condition": "this_card_battled",
         "only_if": {"self": {"position": "attack"}}, "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "damage", "player": "opponent", "equal_to": {"of": "battling_opponent", "stat": "atk"}},
                  {"op": "destroy", "target": "battling_opponent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

TURBO_ROCKET = CardDef(
    key="turbo_rocket",
    name="Turbo Rocket",
    card_type="monster",
    atk=0,
    def_=0,
    level=2,
    attribute="wind",
    monster_type="machine",
    abilities=("tuner",),
    text="While attacking, this card cannot be destroyed by battle. If this card attacks, after damage calculation, "
    "inflict damage equal to half the ATK of the attack target to your opponent.",
    ruling="A mandatory trigger after damage calculation of an attack on a monster (CardScripts c6142213: "
    "EVENT_BATTLED, EFFECT_TYPE_TRIGGER_F, Duel.GetAttackTarget():GetAttack()/2). Cases LC4-TRK-001, LC4-TRK-002. "
    "https://yugipedia.com/wiki/Turbo_Rocket",
    effects=(
        {"kind": "indestructible_by_battle", "only_if": {"this_card": "attacking"}},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "damage", "player": "opponent",
                   "equal_to": {"of": "battling_opponent", "stat": "atk", "halved": True}}]},
    ),
    fidelity="exact",
)  # fmt: skip

MADOLCHE_WALTZ = CardDef(
    key="madolche_waltz",
    name="Madolche Waltz",
    card_type="trap",
    property="continuous",
    text="Continuous Trap. Each time a 'Madolche' monster you control attacks or is attacked, after damage "
    "calculation: Inflict 300 damage to your opponent.",
    ruling="A mandatory trigger of the face-up card (CardScripts c48439321: EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F, "
    "EVENT_BATTLED, the attacker or the attack target a 'Madolche' its controller controls). Cases LC4-MWZ-001, "
    "LC4-MWZ-002. https://yugipedia.com/wiki/Madolche_Waltz",
    effects=(
        {"kind": "activated", "speed": 2},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False,
         "battle": {"own_monster": {"archetype": "Madolche"}},
         "does": [{"op": "damage", "player": "opponent", "amount": 300}]},
    ),
    fidelity="exact",
)  # fmt: skip

ZOMBYRA_THE_DARK = CardDef(
    key="zombyra_the_dark",
    name="Zombyra the Dark",
    card_type="monster",
    atk=2100,
    def_=500,
    level=4,
    attribute="dark",
    monster_type="warrior",
    text="This card cannot attack your opponent directly. If this card destroys a monster by battle: This card "
    "loses 200 ATK.",
    ruling="A mandatory trigger; the loss lasts while it stays face-up (CardScripts c88472456: "
    "EVENT_BATTLE_DESTROYING, "
    "EFFECT_TYPE_TRIGGER_F, RESETS_STANDARD_DISABLE). Case LC4-ZOM-001. https://yugipedia.com/wiki/Zombyra_the_Dark",
    effects=(
        {"kind": "cannot_attack_directly"},
        {"kind": "trigger", "on": "destroys_by_battle", "optional": False,
         "does": [{"op": "change_stats", "target": "self", "atk": -200, "until": "permanent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

RAGING_FLAME_SPRITE = CardDef(
    key="raging_flame_sprite",
    name="Raging Flame Sprite",
    card_type="monster",
    atk=100,
    def_=200,
    level=3,
    attribute="fire",
    monster_type="pyro",
    text="This card can attack your opponent directly. If this card inflicts battle damage to your opponent by a "
    "direct attack: This card gains 1000 ATK.",
    ruling="A mandatory trigger; the gain lasts while it stays face-up (CardScripts c90810762: EVENT_BATTLE_DAMAGE, "
    "EFFECT_TYPE_TRIGGER_F, no attack target). Case LC4-RFS-001. https://yugipedia.com/wiki/Raging_Flame_Sprite",
    effects=(
        {"kind": "can_attack_directly"},
        {"kind": "trigger", "on": "battle_damage_inflicted", "optional": False, "condition": "direct_attack",
         "does": [{"op": "change_stats", "target": "self", "atk": 1000, "until": "permanent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

WIND_UP_JUGGLER = CardDef(
    key="wind_up_juggler",
    name="Wind-Up Juggler",
    card_type="monster",
    atk=1700,
    def_=1000,
    level=4,
    attribute="wind",
    monster_type="psychic",
    text="After damage calculation, if this card battled an opponent's monster: You can destroy that opponent's "
    "monster. This effect can be used only once while this card is face-up on the field.",
    ruling="An optional trigger, once while face-up, across turns (CardScripts c85682655: EVENT_BATTLED, "
    "EFFECT_TYPE_TRIGGER_O, SetCountLimit(1) with EFFECT_FLAG_NO_TURN_RESET; `once_per_turn: while_face_up`). Cases "
    "LC4-WUJ-001, LC4-WUJ-002. https://yugipedia.com/wiki/Wind-Up_Juggler",
    effects=(
        {"kind": "trigger", "on": "after_damage_calculation", "optional": True, "once_per_turn": "while_face_up",
         "condition": "this_card_battled", "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

PRICKLE_FAIRY = CardDef(
    key="prickle_fairy",
    name="Prickle Fairy",
    card_type="monster",
    atk=300,
    def_=2000,
    level=4,
    attribute="earth",
    monster_type="plant",
    text="Your opponent cannot attack Insect monsters. If this card battled a monster, at the end of the Damage Step: "
    "Change that monster to Defense Position.",
    ruling="A mandatory trigger at the end of the Damage Step, if the monster is still on the field, not destroyed "
    "by the battle (CardScripts c91559748: EVENT_DAMAGE_STEP_END, EFFECT_TYPE_TRIGGER_F, IsRelateToBattle; its "
    "attack lock: EFFECT_CANNOT_SELECT_BATTLE_TARGET on face-up Insects). Cases LC4-PRF-001, LC4-PRF-002. "
    "https://yugipedia.com/wiki/Prickle_Fairy",
    effects=(
        {"kind": "cannot_be_attacked", "applies_to": "own_monsters", "filter": {"face_up": True,
                                                                                "monster_type": "insect"}},
        {"kind": "trigger", "on": "end_of_damage_step", "optional": False,
         "condition": ["this_card_battled", "battling_opponent_not_destroyed"],
         "does": [{"op": "change_position", "target": "battling_opponent", "to": "defense"}]},
    ),
    fidelity="exact",
)  # fmt: skip

SUPERHEAVY_SAMURAI_SWORDSMAN = CardDef(
    key="superheavy_samurai_swordsman",
    name="Superheavy Samurai Swordsman",
    card_type="monster",
    atk=1000,
    def_=1800,
    level=3,
    attribute="earth",
    monster_type="machine",
    text="When this card is Normal or Special Summoned: You can change its battle position (a Normal Summon is a Main "
    "Phase action: the host's). If a 'Superheavy Samurai' monster you control battles an opponent's monster, after "
    "damage calculation: The opponent's monster's ATK and DEF become 0.",
    ruling="Its position change an optional trigger usable in the Damage Step; the 0 a mandatory trigger on face-up "
    "battlers, for as long as the monster stays face-up (CardScripts c77013169: EVENT_SPSUMMON_SUCCESS "
    "EFFECT_TYPE_TRIGGER_O with EFFECT_FLAG_DAMAGE_STEP; EVENT_BATTLED EFFECT_TYPE_TRIGGER_F, "
    "EFFECT_SET_ATTACK_FINAL/DEFENSE_FINAL 0). Cases LC4-SWD-001, LC4-SWD-002. "
    "https://yugipedia.com/wiki/Superheavy_Samurai_Swordsman",
    effects=(
        {"kind": "trigger", "on": "special_summoned", "optional": True, "damage_step": "allowed",
         "does": [{"op": "change_position", "target": "self", "to": "other"}]},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False,
         "battle": {"own_monster": {"face_up": True, "archetype": "Superheavy Samurai"},
                    "opponent_monster": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "opponent_battler", "set_atk": 0, "set_def": 0,
                   "until": "permanent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (WALL_OF_ILLUSION, PHOTON_CRUSHER, YUBEL_THE_ULTIMATE_NIGHTMARE, TURBO_ROCKET, MADOLCHE_WALTZ,
         ZOMBYRA_THE_DARK, RAGING_FLAME_SPRITE, WIND_UP_JUGGLER,
         PRICKLE_FAIRY, SUPERHEAVY_SAMURAI_SWORDSMAN)  # fmt: skip

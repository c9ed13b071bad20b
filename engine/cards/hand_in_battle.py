"""Monsters that help a battle from their controller's hand (issue 43's library growth): Shien's Squire, Score the
Melodious Diva, Master Craftsman Gamil, Stronghold Guardian, Sphere Kuriboh, Rush Warrior. Each is a Quick Effect
activated from the hand (its official script: EFFECT_TYPE_QUICK_O, LOCATION_HAND), sending itself to the Graveyard as
its cost; which windows each may use is the Damage Step rule (rules spec §1.1) or what its text names."""

from __future__ import annotations

from engine.cards.card import CardDef

_SEND_SELF = {"send_self_to_graveyard": True}

SHIENS_SQUIRE = CardDef(
    key="shiens_squire",
    name="Shien's Squire",
    card_type="monster",
    atk=300,
    def_=700,
    level=1,
    attribute="earth",
    monster_type="warrior",
    abilities=("tuner",),
    text="During damage calculation, in either player's turn, if a 'Six Samurai' monster you control battles: You "
    "can send this card from your hand to the Graveyard; that monster cannot be destroyed by battle this turn.",
    ruling="This turn, not only this battle; battle damage still applies (CardScripts c33883834: "
    "EVENT_PRE_DAMAGE_CALCULATE, EFFECT_INDESTRUCTABLE_BATTLE reset at the end of the turn). Cases LC4-SSQ-001, "
    "LC4-SSQ-002 (as CP-SSQ-*). https://yugipedia.com/wiki/Shien%27s_Squire",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "during_damage_calculation": True, "cost": _SEND_SELF,
         "battle": {"own_monster": {"archetype": "Six Samurai"}, "opponent_monster": {}},
         "does": [{"op": "indestructible_by_battle_this_turn", "target": "own_battler"}]},
    ),
    fidelity="exact",
)  # fmt: skip

SCORE_THE_MELODIOUS_DIVA = CardDef(
    key="score_the_melodious_diva",
    name="Score the Melodious Diva",
    card_type="monster",
    atk=200,
    def_=200,
    level=2,
    attribute="light",
    monster_type="fairy",
    text="During damage calculation (in either player's turn), if a 'Melodious' monster you control battles an "
    "opponent's monster: You can send this card from your hand to the Graveyard; change that opponent's monster's "
    "ATK and DEF to 0, until the end of this turn.",
    ruling="CardScripts c41767843: EVENT_PRE_DAMAGE_CALCULATE, EFFECT_SET_ATTACK_FINAL/EFFECT_SET_DEFENSE_FINAL 0 "
    "until the end of the turn. Cases LC4-SMD-001..003 (as CP-SMD-*). "
    "https://yugipedia.com/wiki/Score_the_Melodious_Diva",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "during_damage_calculation": True, "cost": _SEND_SELF,
         "battle": {"own_monster": {"archetype": "Melodious"}, "opponent_monster": {}},
         "does": [{"op": "change_stats", "target": "opponent_battler", "set_atk": 0, "set_def": 0,
                   "until": "end_of_turn"}]},
    ),
    fidelity="exact",
)  # fmt: skip

MASTER_CRAFTSMAN_GAMIL = CardDef(
    key="master_craftsman_gamil",
    name="Master Craftsman Gamil",
    card_type="monster",
    atk=200,
    def_=200,
    level=2,
    attribute="fire",
    monster_type="pyro",
    text="During the Damage Step, when a face-up monster you control battles (Quick Effect): You can send this card "
    "from your hand to the GY; that monster gains 300 ATK until the end of this turn.",
    ruling="From the start of the Damage Step until before damage calculation, as an ATK change (CardScripts "
    "c25727454: PHASE_DAMAGE and not Duel.IsDamageCalculated(), no EFFECT_FLAG_DAMAGE_CAL). Cases LC4-MCG-001, "
    "LC4-MCG-002. https://yugipedia.com/wiki/Master_Craftsman_Gamil",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "windows": ["start_of_damage_step",
         "before_damage_calculation"], "cost": _SEND_SELF, "battle": {"own_monster": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "own_battler", "atk": 300, "until": "end_of_turn"}]},
    ),
    fidelity="exact",
)  # fmt: skip

STRONGHOLD_GUARDIAN = CardDef(
    key="stronghold_guardian",
    name="Stronghold Guardian",
    card_type="monster",
    atk=0,
    def_=1500,
    level=4,
    attribute="earth",
    monster_type="warrior",
    text="If a Defense Position monster you control is attacked, during the Damage Step, you can send this card from "
    "your hand to the Graveyard to have that monster gain 1500 DEF until the End Phase.",
    ruling="From the start of the Damage Step until before damage calculation, as a DEF change (CardScripts "
    "c23535429: PHASE_DAMAGE and not Duel.IsDamageCalculated(), the attack target its controller's and in Defense "
    "Position). Cases LC4-SHG-001, LC4-SHG-002. https://yugipedia.com/wiki/Stronghold_Guardian",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "windows": ["start_of_damage_step",
         "before_damage_calculation"], "cost": _SEND_SELF, "condition": "opponent_attacks",
         "battle": {"own_monster": {"position": "defense"}},
         "does": [{"op": "change_stats", "target": "own_battler", "def": 1500, "until": "end_of_turn"}]},
    ),
    fidelity="exact",
)  # fmt: skip

SPHERE_KURIBOH = CardDef(
    key="sphere_kuriboh",
    name="Sphere Kuriboh",
    card_type="monster",
    atk=300,
    def_=200,
    level=1,
    attribute="dark",
    monster_type="fiend",
    text="When an opponent's monster declares an attack: You can send this card from your hand to the GY; change "
    "the attacking monster to Defense Position. When you Ritual Summon, you can banish this card from your GY as 1 "
    "of the monsters required for the Ritual Summon (a Main Phase action: the host's).",
    ruling="Only against an attacker in Attack Position; it does not target (CardScripts c33245030: "
    "EVENT_ATTACK_ANNOUNCE, at:IsAttackPos(), POS_FACEUP_DEFENSE; `battle.of: attacker`: the attacking monster, a "
    "direct attacker too). The attack goes on, now from Defense Position. Cases LC4-SPK-001..003. "
    "https://yugipedia.com/wiki/Sphere_Kuriboh",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "on": "attack_declared", "condition": "opponent_attacks",
         "battle": {"at_declaration": True, "of": "attacker", "own_monster": {"position": "attack"}},
         "cost": _SEND_SELF,
         "does": [{"op": "change_position", "target": "attacker", "to": "defense"}]},
    ),
    fidelity="exact",
)  # fmt: skip

RUSH_WARRIOR = CardDef(
    key="rush_warrior",
    name="Rush Warrior",
    card_type="monster",
    atk=300,
    def_=1200,
    level=2,
    attribute="wind",
    monster_type="warrior",
    text="During damage calculation (in either player's turn), if a 'Warrior' Synchro Monster you control battles an "
    "opponent's monster: You can send this card from your hand to the Graveyard; your battling monster's ATK becomes "
    "double its current ATK during that damage calculation only. You can banish this card from your Graveyard, then "
    "target 1 'Synchron' monster in your Graveyard; add it to your hand (an Ignition Effect: a Main Phase action, the "
    "host's). You can only use each effect of 'Rush Warrior' once per turn.",
    ruling="CardScripts c36736723: EVENT_PRE_DAMAGE_CALCULATE, SetCountLimit(1,id), EFFECT_SET_ATTACK_FINAL of "
    "tc:GetAttack()*2 reset after damage calculation; its second effect EFFECT_TYPE_IGNITION. Cases LC4-RSW-001, "
    "LC4-RSW-002. https://yugipedia.com/wiki/Rush_Warrior",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "during_damage_calculation": True, "cost": _SEND_SELF,
         "once_per_turn": "hard",
         "battle": {"own_monster": {"archetype": "Warrior", "ability": "synchro"}, "opponent_monster": {}},
         "does": [{"op": "double_stats", "target": "own_battler", "stats": "atk", "until": "damage_calculation"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (SHIENS_SQUIRE, SCORE_THE_MELODIOUS_DIVA, MASTER_CRAFTSMAN_GAMIL, STRONGHOLD_GUARDIAN, SPHERE_KURIBOH,
         RUSH_WARRIOR)

"""Effects used during damage calculation (the second card-pool sample and issue 43's pieces): Kuribon, Water
Leviathan @Ignister, Fabled Ashenveil, Rescue Interlacer, Evil Eye Domain - Pareidolia, Bujingi Sinyou."""

from __future__ import annotations

from engine.cards.card import CardDef

KURIBON = CardDef(
    key="kuribon",
    name="Kuribon",
    card_type="monster",
    atk=300,
    def_=200,
    level=1,
    attribute="light",
    monster_type="fairy",
    text="During damage calculation, if this card is attacked by your opponent's monster: You can activate this "
    "effect; you take no battle damage from that battle, your opponent gains LP equal to the attacking monster's "
    "ATK, also you return this card to your hand.",
    ruling="A trigger when damage calculation begins (§U.7); case S2-KBN-001. https://yugipedia.com/wiki/Kuribon",
    effects=(
        {"kind": "trigger", "on": "during_damage_calculation", "optional": True,
         "condition": ["this_card_was_attacked", "opponent_attacks"],
         "does": [{"op": "no_battle_damage_this_battle", "player": "controller"},
                  {"op": "gain_lp", "player": "opponent", "equal_to": {"of": "attacker", "stat": "atk"}},
                  {"op": "return_to_hand", "target": "self"}]},
    ),
    fidelity="exact",
)  # fmt: skip

WATER_LEVIATHAN = CardDef(
    key="water_leviathan_ignister",
    name="Water Leviathan @Ignister",
    card_type="monster",
    atk=2300,
    def_=2000,
    level=7,
    attribute="water",
    monster_type="cyberse",
    abilities=("ritual",),
    text="Ritual Monster. Its Ritual Summon, 'if this card is Ritual Summoned' and its once-per-turn ignition effect "
    "are Main Phase effects (the host's). Once per battle, during damage calculation, if this card battles an "
    "opponent's monster (Quick Effect): You can halve the ATK of that opponent's monster, during that damage "
    "calculation only.",
    ruling="One chain during damage calculation (§1.2), so once per battle; case S2-LEV-001. "
    "https://yugipedia.com/wiki/Water_Leviathan_@Ignister",
    effects=(
        {"kind": "activated", "speed": 2, "during_damage_calculation": True,
         "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "halve_stats", "target": "battling_opponent", "until": "damage_calculation"}]},
    ),
    fidelity="exact",
)  # fmt: skip

FABLED_ASHENVEIL = CardDef(
    key="fabled_ashenveil",
    name="Fabled Ashenveil",
    card_type="monster",
    atk=1600,
    def_=1200,
    level=4,
    attribute="light",
    monster_type="fiend",
    text="If this card attacks or is attacked, during damage calculation (in either player's turn): You can send 1 "
    "card from your hand to the Graveyard once per battle; this card gains 600 ATK during that damage calculation "
    "only.",
    ruling="One chain during damage calculation (§1.2); the card sent is the player's pick as it is activated (§U.21); "
    "cases S2-ASH-001, CC-ASH-001. https://yugipedia.com/wiki/Fabled_Ashenveil",
    effects=(
        {"kind": "activated", "speed": 2, "during_damage_calculation": True, "battle": {"self": True},
         "cost": {"send_from_hand": 1},
         "does": [{"op": "change_stats", "target": "self", "atk": 600, "until": "damage_calculation"}]},
    ),
    fidelity="exact",
)  # fmt: skip

RESCUE_INTERLACER = CardDef(
    key="rescue_interlacer",
    name="Rescue Interlacer",
    card_type="monster",
    atk=1000,
    def_=1200,
    level=3,
    attribute="light",
    monster_type="cyberse",
    text="During damage calculation, if your Cyberse monster is attacked (Quick Effect): You can discard this card; "
    "you take no battle damage from that battle. You can only use this effect once per turn. Once per turn, during "
    "the End Phase, if this card is in the GY because it was discarded there to activate this effect this turn: "
    "Special Summon this card (an End Phase effect: the host's).",
    ruling="Case S2-RES-001. https://yugipedia.com/wiki/Rescue_Interlacer",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "during_damage_calculation": True,
         "cost": {"discard_self": True}, "once_per_turn": "hard", "condition": "opponent_attacks",
         "battle": {"own_monster": {"monster_type": "cyberse"}},
         "does": [{"op": "no_battle_damage_this_battle", "player": "controller"}]},
    ),
    fidelity="exact",
)  # fmt: skip

EVIL_EYE_DOMAIN = CardDef(
    key="evil_eye_domain_pareidolia",
    name="Evil Eye Domain - Pareidolia",
    card_type="spell",
    property="field",
    text="Field Spell. When this card is activated: You can add 1 'Evil Eye' monster from your Deck to your hand (a "
    "Main Phase activation: the host's). Once per turn, during damage calculation, if your 'Evil Eye' monster is "
    "attacked, while 'Evil Eye of Selene' is in your Spell & Trap Zone: You can make the battle damage you take "
    "from this battle also inflicted to your opponent. If this card in the Field Zone is destroyed by card "
    "effect: You can target 1 'Evil Eye' monster in your GY; add it to your hand.",
    ruling="§2.6 stage 3 ('also inflicted'), for that battle (§U.15); a target in the Graveyard (§U.18); cases "
    "PC-EVI-001, S2F-EVI-*. "
    "https://yugipedia.com/wiki/Evil_Eye_Domain_-_Pareidolia",
    effects=(
        {"kind": "activated", "speed": 2, "activates_card": False, "during_damage_calculation": True,
         "once_per_turn": "soft", "condition": "opponent_attacks", "battle": {"own_monster": {"archetype": "Evil Eye"}},
         "only_if": {"controls": {"zone": "spell_trap_zone", "filter": {"name": "Evil Eye of Selene"}}},
         "does": [{"op": "battle_damage_this_battle", "change": "also", "player": "controller"}]},
        {"kind": "trigger", "on": "destroyed", "optional": True, "from": "graveyard",
         "condition": ["destroyed_by_effect", "sent_from_field"],
         "target": {"zone": "graveyard", "player": "controller", "filter": {"archetype": "Evil Eye"}},
         "does": [{"op": "add_to_hand", "target": "targeted"}]},
    ),
    fidelity="exact",
)  # fmt: skip

BUJINGI_SINYOU = CardDef(
    key="bujingi_sinyou",
    name="Bujingi Sinyou",
    card_type="monster",
    atk=1500,
    def_=1000,
    level=4,
    attribute="light",
    monster_type="beast",
    text="During either player's Damage Step, if a Beast-Warrior-Type 'Bujin' monster you control battles an "
    "opponent's monster: You can banish this card from your Graveyard; that monster you control gains ATK equal to "
    "the current ATK of the opponent's monster it is battling until the end of the Damage Step, and if it does, "
    "all battle damage your opponent takes from that battle is halved. You can only use this effect once per turn.",
    ruling="An ATK change: until damage calculation (§1.1); the battle damage of that battle (§U.15), halved only if "
    "the gain was applied ('and if it does', §U.18); cases PC-SIN-*, S2F-SIN-*. https://yugipedia.com/wiki/Bujingi_Sinyou",
    effects=(
        {"kind": "activated", "speed": 2, "from": "graveyard", "cost": {"banish_self": True},
         "once_per_turn": "hard", "windows": ["start_of_damage_step", "before_damage_calculation"],
         "battle": {"own_monster": {"archetype": "Bujin", "monster_type": "beast_warrior"}, "opponent_monster": {}},
         "does": [{"op": "change_stats", "target": "own_battler", "atk_gain_equal_to": "battling_opponent_atk",
                   "until": "end_of_damage_step"},
                  {"op": "battle_damage_this_battle", "change": "halve", "player": "opponent", "if_you_do": True}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (KURIBON, WATER_LEVIATHAN, FABLED_ASHENVEIL, RESCUE_INTERLACER, EVIL_EYE_DOMAIN, BUJINGI_SINYOU)

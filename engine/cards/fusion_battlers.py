"""Monsters whose effects are all in their attacks (A-L cards of issue 43, with the staple Cyber Dragon): Cyber
Dragon, Cyber Twin Dragon, Cyber End Dragon, Elemental HERO Bladedge, Elemental HERO Wildedge, Elemental HERO Flame
Wingman, Elemental HERO Shining Flare Wingman, Elemental HERO Steam Healer, Blackwing - Bora the Spear. How a
monster may be Summoned (a Summon condition, a Special Summon from the hand) is the host's, as every Summon of a
Main Phase; their cases are in tests/rules/library-cards-3-cases.jsonl (LC3-*)."""

from __future__ import annotations

from engine.cards.card import CardDef

# "When this card destroys a monster by battle and sends it to the Graveyard": a mandatory trigger at the end of
# the Damage Step; "the ATK of the destroyed monster in the Graveyard" is its printed ATK (rules spec §U.19).
_SENDS = {"kind": "trigger", "on": "destroys_by_battle", "optional": False,
          "condition": "sends_battling_opponent_to_graveyard"}  # fmt: skip
_ITS_ATK = {"of": "battling_opponent", "stat": "original_atk"}

CYBER_DRAGON = CardDef(
    key="cyber_dragon",
    name="Cyber Dragon",
    card_type="monster",
    atk=2100,
    def_=1600,
    level=5,
    attribute="light",
    monster_type="machine",
    fidelity="exact",
    text="If only your opponent controls a monster, you can Special Summon this card (from your hand).",
    ruling="Its Special Summon is a procedure that starts no chain, done in a Main Phase (ProjectIgnis/CardScripts "
    "c70095154: EFFECT_SPSUMMON_PROC): the host's. In battle it has no effect; case LC3-CD-001. "
    "https://yugipedia.com/wiki/Cyber_Dragon",
    effects=(),
)

CYBER_TWIN_DRAGON = CardDef(
    key="cyber_twin_dragon",
    name="Cyber Twin Dragon",
    card_type="monster",
    atk=2800,
    def_=2100,
    level=8,
    attribute="light",
    monster_type="machine",
    abilities=("fusion",),
    fidelity="exact",
    text="'Cyber Dragon' + 'Cyber Dragon'. A Fusion Summon of this card can only be done with the above Fusion "
    "Materials. This card can make a second attack during each Battle Phase.",
    ruling="EFFECT_EXTRA_ATTACK 1 (ProjectIgnis/CardScripts c74157028; rules spec §U.8); case LC3-CTD-001. "
    "https://yugipedia.com/wiki/Cyber_Twin_Dragon",
    effects=({"kind": "extra_attacks", "attacks": 2},),
)

CYBER_END_DRAGON = CardDef(
    key="cyber_end_dragon",
    name="Cyber End Dragon",
    card_type="monster",
    atk=4000,
    def_=2800,
    level=10,
    attribute="light",
    monster_type="machine",
    abilities=("fusion",),
    fidelity="exact",
    text="'Cyber Dragon' + 'Cyber Dragon' + 'Cyber Dragon'. A Fusion Summon of this card can only be done with the "
    "above Fusion Materials. If this card attacks a Defense Position monster, inflict piercing battle damage.",
    ruling="ProjectIgnis/CardScripts c1546123: EFFECT_PIERCE; case LC3-CED-001. "
    "https://yugipedia.com/wiki/Cyber_End_Dragon",
    effects=({"kind": "piercing"},),
)

ELEMENTAL_HERO_BLADEDGE = CardDef(
    key="elemental_hero_bladedge",
    name="Elemental HERO Bladedge",
    card_type="monster",
    atk=2600,
    def_=1800,
    level=7,
    attribute="earth",
    monster_type="warrior",
    fidelity="exact",
    text="If this card attacks a Defense Position monster, inflict piercing battle damage to your opponent.",
    ruling="ProjectIgnis/CardScripts c59793705: EFFECT_PIERCE; case LC3-BLE-001. "
    "https://yugipedia.com/wiki/Elemental_HERO_Bladedge",
    effects=({"kind": "piercing"},),
)

ELEMENTAL_HERO_WILDEDGE = CardDef(
    key="elemental_hero_wildedge",
    name="Elemental HERO Wildedge",
    card_type="monster",
    atk=2600,
    def_=2300,
    level=8,
    attribute="earth",
    monster_type="warrior",
    abilities=("fusion",),
    fidelity="exact",
    text="'Elemental HERO Wildheart' + 'Elemental HERO Bladedge'. Must be Fusion Summoned and cannot be Special "
    "Summoned by other ways. This card can attack every monster your opponent controls (one attack on each monster "
    "per Battle Phase).",
    ruling="No direct attack among them (ProjectIgnis/CardScripts c10526791: EFFECT_ATTACK_ALL; rules spec §BP.12); "
    "case LC3-WE-001. https://yugipedia.com/wiki/Elemental_HERO_Wildedge",
    effects=({"kind": "extra_attacks", "each_monster": True},),
)

ELEMENTAL_HERO_FLAME_WINGMAN = CardDef(
    key="elemental_hero_flame_wingman",
    name="Elemental HERO Flame Wingman",
    card_type="monster",
    atk=2100,
    def_=1200,
    level=6,
    attribute="wind",
    monster_type="warrior",
    abilities=("fusion",),
    fidelity="exact",
    text="'Elemental HERO Avian' + 'Elemental HERO Burstinatrix'. Must be Fusion Summoned and cannot be Special "
    "Summoned by other ways. When this card destroys a monster by battle and sends it to the Graveyard: Inflict "
    "damage to your opponent equal to the ATK of the destroyed monster in the Graveyard.",
    ruling="A mandatory trigger; a monster banished instead is not sent to the Graveyard; its ATK in the Graveyard "
    "is its printed ATK (ProjectIgnis/CardScripts c35809262: `bc:IsLocation(LOCATION_GRAVE)`, GetBaseAttack); cases "
    "LC3-FW-001, LC3-FW-002. https://yugipedia.com/wiki/Elemental_HERO_Flame_Wingman",
    effects=({**_SENDS, "does": [{"op": "damage", "player": "opponent", "equal_to": _ITS_ATK}]},),
)

ELEMENTAL_HERO_SHINING_FLARE_WINGMAN = CardDef(
    key="elemental_hero_shining_flare_wingman",
    name="Elemental HERO Shining Flare Wingman",
    card_type="monster",
    atk=2500,
    def_=2100,
    level=8,
    attribute="light",
    monster_type="warrior",
    abilities=("fusion",),
    fidelity="exact",
    text="'Elemental HERO Flame Wingman' + 'Elemental HERO Sparkman'. Must be Fusion Summoned and cannot be Special "
    "Summoned by other ways. This card gains 300 ATK for each 'Elemental HERO' card in your Graveyard. When this "
    "card destroys a monster by battle and sends it to the Graveyard: Inflict damage to your opponent equal to the "
    "ATK of the destroyed monster in the Graveyard.",
    ruling="ProjectIgnis/CardScripts c25366484; case LC3-SFW-001. "
    "https://yugipedia.com/wiki/Elemental_HERO_Shining_Flare_Wingman",
    effects=(
        {"kind": "stat_modifier", "atk": 300,
         "per_card": {"zone": "graveyard", "filter": {"archetype": "Elemental HERO"}}},
        {**_SENDS, "does": [{"op": "damage", "player": "opponent", "equal_to": _ITS_ATK}]},
    ),
)  # fmt: skip

ELEMENTAL_HERO_STEAM_HEALER = CardDef(
    key="elemental_hero_steam_healer",
    name="Elemental HERO Steam Healer",
    card_type="monster",
    atk=1800,
    def_=1000,
    level=5,
    attribute="water",
    monster_type="warrior",
    abilities=("fusion",),
    fidelity="exact",
    text="'Elemental HERO Burstinatrix' + 'Elemental HERO Bubbleman'. Must be Fusion Summoned and cannot be Special "
    "Summoned by other ways. When this card destroys a monster by battle and sends it to the Graveyard: Gain Life "
    "Points equal to the ATK of that destroyed monster in the Graveyard.",
    ruling="ProjectIgnis/CardScripts c81197327; case LC3-SH-001. "
    "https://yugipedia.com/wiki/Elemental_HERO_Steam_Healer",
    effects=({**_SENDS, "does": [{"op": "gain_lp", "player": "controller", "equal_to": _ITS_ATK}]},),
)

BLACKWING_BORA_THE_SPEAR = CardDef(
    key="blackwing_bora_the_spear",
    name="Blackwing - Bora the Spear",
    card_type="monster",
    atk=1700,
    def_=800,
    level=4,
    attribute="dark",
    monster_type="winged_beast",
    fidelity="exact",
    text="If you control a 'Blackwing' monster other than 'Blackwing - Bora the Spear', you can Special Summon this "
    "card (from your hand) (a procedure: the host's). If this card attacks a Defense Position monster, inflict "
    "piercing battle damage.",
    ruling="ProjectIgnis/CardScripts c49003716: EFFECT_PIERCE; case LC3-BORA-001. "
    "https://yugipedia.com/wiki/Blackwing_-_Bora_the_Spear",
    effects=({"kind": "piercing"},),
)

CARDS = (CYBER_DRAGON, CYBER_TWIN_DRAGON, CYBER_END_DRAGON, ELEMENTAL_HERO_BLADEDGE, ELEMENTAL_HERO_WILDEDGE,
         ELEMENTAL_HERO_FLAME_WINGMAN, ELEMENTAL_HERO_SHINING_FLARE_WINGMAN, ELEMENTAL_HERO_STEAM_HEALER,
         BLACKWING_BORA_THE_SPEAR)  # fmt: skip

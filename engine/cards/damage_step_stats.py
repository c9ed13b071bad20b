"""Monsters and Field Spells whose ATK/DEF change, with no chain, while a monster battles (issue 43's library growth):
Phoenix Beast Gairuda, Penumbral Soldier Lady, Steamroid, Super Roboyarou, Shien's Castle of Mist, Otherworld - The
"A" Zone. Each is a `stat_modifier` read only in the Damage Step (or damage calculation), as their official scripts
(ProjectIgnis/CardScripts) apply them: continuous effects, never activated."""

from __future__ import annotations

from engine.cards.card import CardDef

PHOENIX_BEAST_GAIRUDA = CardDef(
    key="phoenix_beast_gairuda",
    name="Phoenix Beast Gairuda",
    card_type="monster",
    atk=2500,
    def_=1200,
    level=6,
    attribute="wind",
    monster_type="winged_beast",
    text="If this card attacks an opponent's monster, this card gains 300 ATK during the Damage Step only.",
    ruling="A continuous gain, not a trigger (CardScripts c43791861: EFFECT_UPDATE_ATTACK in PHASE_DAMAGE and "
    "PHASE_DAMAGE_CAL while it is the attacker and there is an attack target); a direct attack is no attack on a "
    "monster. Case LC4-PBG-001. https://yugipedia.com/wiki/Phoenix_Beast_Gairuda",
    effects=({"kind": "stat_modifier", "atk": 300, "while": "damage_step", "when": "attacking", "against": {}},),
    fidelity="exact",
)

PENUMBRAL_SOLDIER_LADY = CardDef(
    key="penumbral_soldier_lady",
    name="Penumbral Soldier Lady",
    card_type="monster",
    atk=2100,
    def_=1400,
    level=6,
    attribute="dark",
    monster_type="warrior",
    text="If this card battles a LIGHT monster, this card gains 1000 ATK during the Damage Step only.",
    ruling="Attacking or attacked; the LIGHT monster must be face-up (CardScripts c64751286: bc:IsFaceup() and "
    "IsAttribute(ATTRIBUTE_LIGHT)). Cases LC4-PSL-001, LC4-PSL-002. https://yugipedia.com/wiki/Penumbral_Soldier_Lady",
    effects=({"kind": "stat_modifier", "atk": 1000, "while": "damage_step", "against": {"attribute": "light"}},),
    fidelity="exact",
)

STEAMROID = CardDef(
    key="steamroid",
    name="Steamroid",
    card_type="monster",
    atk=1800,
    def_=1800,
    level=4,
    attribute="earth",
    monster_type="machine",
    text="If this card attacks an opponent's monster, this card gains 500 ATK during the Damage Step only. If this "
    "card is attacked by an opponent's monster, this card loses 500 ATK during the Damage Step only.",
    ruling="Two continuous changes (CardScripts c44729197). Cases LC4-STR-001, LC4-STR-002. "
    "https://yugipedia.com/wiki/Steamroid",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "while": "damage_step", "when": "attacking", "against": {}},
        {"kind": "stat_modifier", "atk": -500, "while": "damage_step", "when": "attacked"},
    ),
    fidelity="exact",
)

SUPER_ROBOYAROU = CardDef(
    key="super_roboyarou",
    name="Super Roboyarou",
    card_type="monster",
    atk=1200,
    def_=500,
    level=6,
    attribute="earth",
    monster_type="machine",
    abilities=("fusion",),
    text="'Roboyarou' + 'Robolady'. You can Special Summon 'Super Robolady' by returning this card from the field to "
    "the Extra Deck (an Ignition Effect: a Main Phase action, the host's). You cannot use this effect during the "
    "same turn this monster is Special Summoned. In addition, increase the ATK of this monster by 1000 points "
    "during the Damage Step when this monster battles with a monster.",
    ruling="A continuous gain while it battles a monster (CardScripts c1412158: EFFECT_UPDATE_ATTACK while "
    "c:GetBattleTarget()); its other effect is EFFECT_TYPE_IGNITION. Case LC4-SRY-001. "
    "https://yugipedia.com/wiki/Super_Roboyarou",
    effects=({"kind": "stat_modifier", "atk": 1000, "while": "damage_step", "against": {}},),
    fidelity="exact",
)

SHIENS_CASTLE_OF_MIST = CardDef(
    key="shiens_castle_of_mist",
    name="Shien's Castle of Mist",
    card_type="spell",
    property="field",
    text="Field Spell. When a 'Six Samurai' monster is attacked, the attacking monster loses 500 ATK during damage "
    "calculation only.",
    ruling="Either player's 'Six Samurai' monster, and the attacker of either player (CardScripts c11102908: "
    "LOCATION_MZONE on both sides, PHASE_DAMAGE_CAL, the attack target a 'Six Samurai'). Cases LC4-SCM-001, "
    "LC4-SCM-002. https://yugipedia.com/wiki/Shien%27s_Castle_of_Mist",
    effects=(
        {"kind": "stat_modifier", "atk": -500, "applies_to": "all_monsters", "when": "attacking",
         "while": "damage_calculation", "against": {"archetype": "Six Samurai"}},
    ),
    fidelity="exact",
)  # fmt: skip

OTHERWORLD_THE_A_ZONE = CardDef(
    key="otherworld_the_a_zone",
    name='Otherworld - The "A" Zone',
    card_type="spell",
    property="field",
    text="Field Spell. If your opponent's monster battles with an 'Alien' monster you control, the opponent's "
    "monster loses 300 ATK and DEF during damage calculation only.",
    ruling="Attacking or attacked (CardScripts c60946968: the opponent's battler, PHASE_DAMAGE_CAL, the other one an "
    "'Alien'). Case LC4-OAZ-001. https://yugipedia.com/wiki/Otherworld_-_The_%22A%22_Zone",
    effects=(
        {"kind": "stat_modifier", "atk": -300, "def": -300, "applies_to": "opponent_monsters",
         "while": "damage_calculation", "against": {"archetype": "Alien"}},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (PHOENIX_BEAST_GAIRUDA, PENUMBRAL_SOLDIER_LADY, STEAMROID, SUPER_ROBOYAROU, SHIENS_CASTLE_OF_MIST,
         OTHERWORLD_THE_A_ZONE)  # fmt: skip

"""Monsters and an Equip Spell that keep a monster on the field through battles, and two FLIP monsters (issue 43's
library growth): Shield Wing, Sonic Chick, Mist Body, Stone Statue of the Aztecs, Star Eater, Old Vindictive
Magician, Poison Mummy."""

from __future__ import annotations

from engine.cards.card import CardDef

SHIELD_WING = CardDef(
    key="shield_wing",
    name="Shield Wing",
    card_type="monster",
    atk=0,
    def_=900,
    level=2,
    attribute="wind",
    monster_type="winged_beast",
    text="Twice per turn, this card cannot be destroyed by battle.",
    ruling="Damage still applies; the third battle of a turn that would destroy it does (CardScripts c28859794: "
    "EFFECT_INDESTRUCTABLE_COUNT, SetCountLimit(2), REASON_BATTLE). Case LC4-SHW-001. "
    "https://yugipedia.com/wiki/Shield_Wing",
    effects=({"kind": "indestructible_by_battle", "times_per_turn": 2},),
    fidelity="exact",
)

SONIC_CHICK = CardDef(
    key="sonic_chick",
    name="Sonic Chick",
    card_type="monster",
    atk=300,
    def_=300,
    level=1,
    attribute="earth",
    monster_type="winged_beast",
    text="Cannot be destroyed by battle with a monster that has 1900 or more ATK.",
    ruling="The battling monster's ATK as damage calculation applies it (CardScripts c36472900: "
    "EFFECT_INDESTRUCTABLE_BATTLE, IsAttackAbove(1900); rules spec §R.1). Cases LC4-SCK-001, LC4-SCK-002. "
    "https://yugipedia.com/wiki/Sonic_Chick",
    effects=({"kind": "indestructible_by_battle", "against_atk_at_least": 1900},),
    fidelity="exact",
)

MIST_BODY = CardDef(
    key="mist_body",
    name="Mist Body",
    card_type="spell",
    property="equip",
    text="Equip Spell. The equipped monster cannot be destroyed by battle.",
    ruling="Either player's face-up monster (CardScripts c47529357: aux.AddEquipProcedure, EFFECT_TYPE_EQUIP "
    "EFFECT_INDESTRUCTABLE_BATTLE); damage still applies. Case LC4-MSB-001. https://yugipedia.com/wiki/Mist_Body",
    effects=(
        {"kind": "activated", "speed": 1, "target": {"filter": {"face_up": True}},
         "does": [{"op": "equip", "target": "targeted"}]},
        {"kind": "indestructible_by_battle"},
    ),
    fidelity="exact",
)  # fmt: skip

OLD_VINDICTIVE_MAGICIAN = CardDef(
    key="old_vindictive_magician",
    name="Old Vindictive Magician",
    card_type="monster",
    atk=450,
    def_=600,
    level=2,
    attribute="dark",
    monster_type="spellcaster",
    abilities=("flip",),
    text="FLIP: Target 1 monster your opponent controls; destroy that target.",
    ruling="Flipped by an attack, after damage calculation; a face-down monster may be its target (CardScripts "
    "c45141844: EFFECT_TYPE_FLIP, LOCATION_MZONE of the opponent, aux.TRUE). Case LC4-OVM-001. "
    "https://yugipedia.com/wiki/Old_Vindictive_Magician",
    effects=({"kind": "flip", "target": {"player": "opponent"}, "does": [{"op": "destroy", "target": "targeted"}]},),
    fidelity="exact",
)

POISON_MUMMY = CardDef(
    key="poison_mummy",
    name="Poison Mummy",
    card_type="monster",
    atk=1000,
    def_=1800,
    level=4,
    attribute="earth",
    monster_type="zombie",
    abilities=("flip",),
    text="FLIP: Inflict 500 damage to your opponent.",
    ruling="Flipped by an attack, after damage calculation (CardScripts c43716289: EFFECT_TYPE_FLIP). Case "
    "LC4-PMY-001. https://yugipedia.com/wiki/Poison_Mummy",
    effects=({"kind": "flip", "does": [{"op": "damage", "player": "opponent", "amount": 500}]},),
    fidelity="exact",
)

STONE_STATUE_OF_THE_AZTECS = CardDef(
    key="stone_statue_of_the_aztecs",
    name="Stone Statue of the Aztecs",
    card_type="monster",
    atk=300,
    def_=2000,
    level=4,
    attribute="earth",
    monster_type="rock",
    text="Double any Battle Damage your opponent takes when they attack this monster.",
    ruling="Only as the attack target: the damage of attacking into its higher DEF or ATK, which this card inflicts "
    "(CardScripts c31812496: EFFECT_CHANGE_BATTLE_DAMAGE DOUBLE_DAMAGE while Duel.GetAttackTarget()==e:GetHandler(); "
    "rules spec §2.6). Cases LC4-SSA-001, LC4-SSA-002. https://yugipedia.com/wiki/Stone_Statue_of_the_Aztecs",
    effects=({"kind": "double_battle_damage", "only_if": {"this_card": "attacked"}},),
    fidelity="exact",
)

STAR_EATER = CardDef(
    key="star_eater",
    name="Star Eater",
    card_type="monster",
    atk=3200,
    def_=2800,
    level=11,
    attribute="light",
    monster_type="dragon",
    abilities=("synchro",),
    text="1 Tuner + 1 or more non-Tuner monsters. Must be Synchro Summoned, and cannot be Special Summoned by other "
    "ways. This card's Synchro Summon cannot be negated. When Synchro Summoned, cards and effects cannot be activated "
    "(its Summon: the host's). If this card attacks, it is unaffected by other card effects until the end of the "
    "Damage Step.",
    ruling="From its attack declaration, before any response, until its attack is over (CardScripts c41517789: "
    "EFFECT_IMMUNE_EFFECT registered by a continuous effect on EVENT_ATTACK_ANNOUNCE, reset at the end of the Damage "
    "Step). Cases LC4-STE-001, LC4-STE-002. https://yugipedia.com/wiki/Star_Eater",
    effects=({"kind": "unaffected", "by": "other_effects", "only_if": {"this_card": "attacking"}},),
    fidelity="exact",
)

CARDS = (SHIELD_WING, SONIC_CHICK, MIST_BODY, OLD_VINDICTIVE_MAGICIAN, POISON_MUMMY, STONE_STATUE_OF_THE_AZTECS,
         STAR_EATER)

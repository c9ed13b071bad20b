"""Monsters and a Field Spell whose ATK/DEF change only in the Damage Step or during damage calculation, by what
their battle is (A-L cards of issue 43): Ally of Justice Garadholg, Ally of Justice Rudra, Black Veloci, Blackwing
Armed Wing, Cipher Soldier, Cyber Ogre 2, Dark Artist, Dark City, Dash Warrior, Elemental HERO Inferno, Leotaur,
Luminous Soldier. All but Cipher Soldier are continuous effects, read whenever the value is read (rules spec §U.1,
§U.15: `stat_modifier` with `while`, `when`, `against`); their cases are in tests/rules/library-cards-3-cases.jsonl."""

from __future__ import annotations

from engine.cards.card import CardDef

_IN_DAMAGE_STEP = {"kind": "stat_modifier", "while": "damage_step"}


def _monster(key: str, name: str, atk: int, def_: int, level: int, attribute: str, monster_type: str, text: str,
             ruling: str, *effects: dict[str, object], abilities: tuple[str, ...] = ()) -> CardDef:
    return CardDef(key=key, name=name, card_type="monster", atk=atk, def_=def_, level=level, attribute=attribute,
                   monster_type=monster_type, abilities=abilities, text=text, ruling=ruling, effects=effects,
                   fidelity="exact")


ALLY_OF_JUSTICE_GARADHOLG = _monster(
    "ally_of_justice_garadholg", "Ally of Justice Garadholg", 1600, 400, 4, "dark", "machine",
    "If this card battles a LIGHT monster, it gains 200 ATK during the Damage Step only.",
    "A face-up LIGHT monster (a face-down one shows no Attribute) (ProjectIgnis/CardScripts c25771826); case "
    "LC3-AOJG-001. https://yugipedia.com/wiki/Ally_of_Justice_Garadholg",
    {**_IN_DAMAGE_STEP, "atk": 200, "against": {"attribute": "light"}},
)

ALLY_OF_JUSTICE_RUDRA = _monster(
    "ally_of_justice_rudra", "Ally of Justice Rudra", 1900, 1200, 5, "dark", "machine",
    "If this card battles a LIGHT monster, it gains 700 ATK during the Damage Step only.",
    "As Garadholg's (ProjectIgnis/CardScripts c52265835); case LC3-AOJR-001. "
    "https://yugipedia.com/wiki/Ally_of_Justice_Rudra",
    {**_IN_DAMAGE_STEP, "atk": 700, "against": {"attribute": "light"}},
)

BLACK_VELOCI = _monster(
    "black_veloci", "Black Veloci", 1800, 300, 4, "earth", "dinosaur",
    "If this card attacks an opponent's monster, this card gains 400 ATK during the Damage Step only. If this card is "
    "attacked by an opponent's monster, this card loses 400 ATK during the Damage Step only.",
    "Not in a direct attack (ProjectIgnis/CardScripts c52319752: `Duel.GetAttackTarget()~=nil`); cases LC3-BV-001, "
    "LC3-BV-002. https://yugipedia.com/wiki/Black_Veloci",
    {**_IN_DAMAGE_STEP, "atk": 400, "when": "attacking", "against": {}},
    {**_IN_DAMAGE_STEP, "atk": -400, "when": "attacked"},
)

BLACKWING_ARMED_WING = _monster(
    "blackwing_armed_wing", "Blackwing Armed Wing", 2300, 1000, 6, "dark", "winged_beast",
    "1 'Blackwing' Tuner + 1 or more non-Tuner monsters. If this card attacks a Defense Position monster, it gains 500 "
    "ATK during the Damage Step only, also inflict piercing battle damage to your opponent.",
    "Face-up or face-down Defense Position (ProjectIgnis/CardScripts c76913983: `d:IsDefensePos()`); case "
    "LC3-BAW-001. https://yugipedia.com/wiki/Blackwing_Armed_Wing",
    {**_IN_DAMAGE_STEP, "atk": 500, "when": "attacking", "against": {"position": "defense"}},
    {"kind": "piercing"},
    abilities=("synchro",),
)

CIPHER_SOLDIER = _monster(
    "cipher_soldier", "Cipher Soldier", 1350, 1800, 3, "earth", "warrior",
    "If this card battles a Warrior-Type monster, during damage calculation: This card gains 2000 ATK and DEF during "
    "that damage calculation only.",
    "A mandatory trigger as damage calculation begins (ProjectIgnis/CardScripts c79853073: TRIGGER_F on "
    "EVENT_PRE_DAMAGE_CALCULATE; rules spec §U.7); case LC3-CS-001. https://yugipedia.com/wiki/Cipher_Soldier",
    {"kind": "trigger", "on": "during_damage_calculation", "optional": False,
     "battle": {"self": True, "opponent_monster": {"monster_type": "warrior"}},
     "does": [{"op": "change_stats", "target": "self", "atk": 2000, "def": 2000, "until": "damage_calculation"}]},
)

CYBER_OGRE_2 = _monster(
    "cyber_ogre_2", "Cyber Ogre 2", 2600, 1900, 7, "earth", "machine",
    "'Cyber Ogre' + 'Cyber Ogre'. A Fusion Summon of this monster can only be conducted with the above Fusion "
    "Material Monsters. When this card attacks, it gains ATK equal to half the ATK of the attack target, during "
    "damage calculation only.",
    "A continuous gain read during damage calculation (ProjectIgnis/CardScripts c37057012: EFFECT_UPDATE_ATTACK "
    "with condition PHASE_DAMAGE_CAL); case LC3-CO2-001. https://yugipedia.com/wiki/Cyber_Ogre_2",
    {"kind": "stat_modifier", "atk_gain_equal_to": "half_battling_opponent_atk", "while": "damage_calculation",
     "when": "attacking", "against": {}},
    abilities=("fusion",),
)

DARK_ARTIST = _monster(
    "dark_artist", "Dark Artist", 600, 1400, 3, "dark", "fiend",
    "If this card is being attacked by a LIGHT monster, its DEF is halved during damage calculation only.",
    "Halved after every other change (ProjectIgnis/CardScripts c72520073: EFFECT_SET_DEFENSE_FINAL, rounded up); "
    "case LC3-DA-001. https://yugipedia.com/wiki/Dark_Artist",
    {"kind": "stat_modifier", "halve": "def", "while": "damage_calculation", "when": "attacked",
     "against": {"attribute": "light"}},
)

DASH_WARRIOR = _monster(
    "dash_warrior", "Dash Warrior", 600, 1200, 3, "wind", "warrior",
    "If this card attacks, it gains 1200 ATK during the Damage Step only.",
    "A direct attack too (ProjectIgnis/CardScripts c34257001: the attacker only); case LC3-DW-001. "
    "https://yugipedia.com/wiki/Dash_Warrior",
    {**_IN_DAMAGE_STEP, "atk": 1200, "when": "attacking"},
)

ELEMENTAL_HERO_INFERNO = _monster(
    "elemental_hero_inferno", "Elemental HERO Inferno", 2300, 1600, 8, "fire", "pyro",
    "'Elemental HERO Heat' + 'Elemental HERO Lady Heat'. Must be Fusion Summoned and cannot be Special Summoned by "
    "other ways. If this card battles a WATER monster, this card gains 1000 ATK during the Damage Step only.",
    "A face-up WATER monster (ProjectIgnis/CardScripts c68745629: `bc:IsFaceup() and bc:IsAttribute(WATER)`); "
    "case LC3-EHI-001. https://yugipedia.com/wiki/Elemental_HERO_Inferno",
    {**_IN_DAMAGE_STEP, "atk": 1000, "against": {"attribute": "water"}},
    abilities=("fusion",),
)

LEOTAUR = _monster(
    "leotaur", "Leotaur", 1500, 1600, 4, "earth", "beast_warrior",
    "If this card battles a non-Normal Monster, this card gains 500 ATK during the Damage Step only.",
    "ProjectIgnis/CardScripts c98225108: `not bc:IsType(TYPE_NORMAL)`; case LC3-LEO-001. "
    "https://yugipedia.com/wiki/Leotaur",
    {**_IN_DAMAGE_STEP, "atk": 500, "against": {"not": {"ability": "normal"}}},
)

LUMINOUS_SOLDIER = _monster(
    "luminous_soldier", "Luminous Soldier", 2100, 1400, 5, "light", "warrior",
    "If this card battles a DARK monster, increase the ATK of this card by 500 points during the Damage Step only.",
    "A face-up DARK monster (ProjectIgnis/CardScripts c57482479); case LC3-LUM-001. "
    "https://yugipedia.com/wiki/Luminous_Soldier",
    {**_IN_DAMAGE_STEP, "atk": 500, "against": {"attribute": "dark"}},
)

DARK_CITY = CardDef(
    key="dark_city",
    name="Dark City",
    card_type="spell",
    property="field",
    fidelity="exact",
    text="Field Spell. When a 'Destiny HERO' monster attacks, if its ATK is lower than the ATK of the attack target, "
    "the attacking monster gains 1000 ATK during damage calculation only.",
    ruling="The attacker's ATK without this gain is compared, as Skyscraper's; either player's 'Destiny HERO' "
    "(ProjectIgnis/CardScripts c53527835: LOCATION_MZONE both sides); case LC3-DC-001. "
    "https://yugipedia.com/wiki/Dark_City",
    effects=(
        {"kind": "stat_modifier", "atk": 1000, "applies_to": "all_monsters", "filter": {"archetype": "Destiny HERO"},
         "when": "attacking", "while": "damage_calculation", "if_weaker": True},
    ),
)  # fmt: skip

CARDS = (ALLY_OF_JUSTICE_GARADHOLG, ALLY_OF_JUSTICE_RUDRA, BLACK_VELOCI, BLACKWING_ARMED_WING, CIPHER_SOLDIER,
         CYBER_OGRE_2, DARK_ARTIST, DARK_CITY, DASH_WARRIOR, ELEMENTAL_HERO_INFERNO, LEOTAUR, LUMINOUS_SOLDIER)

"""Equip Spells that change the equipped monster's battle (A-L cards of issue 43): Fairy Meteor Crush, Black
Pendant, Legendary Sword, Elf's Light, Mage Power, Lightning Blade, Gravity Axe - Grarl, Bashing Shield, Fusion
Weapon, Insect Armor with Laser Cannon, Legendary Ebon Steed, Book of Secret Arts, Burning Spear. An Equip Spell is
activated at Spell Speed 1, in a Main Phase: a scenario places it equipping its monster (`equipped_to`); which
monsters it may equip is checked then, by the host. On an Equip Card, `stat_modifier` and the battle modifiers
apply to the equipped monster (rules spec §C.3). Their cases are in tests/rules/library-cards-3-cases.jsonl."""

from __future__ import annotations

from engine.cards.card import CardDef

# Every Equip Spell is activated by targeting the monster it equips (a Spell Speed 1 activation).
_EQUIP = {"kind": "activated", "speed": 1, "target": {"filter": {"face_up": True}},
          "does": [{"op": "equip", "target": "targeted"}]}  # fmt: skip


def _equip_spell(key: str, name: str, text: str, ruling: str, *effects: dict[str, object]) -> CardDef:
    return CardDef(key=key, name=name, card_type="spell", property="equip", text=text, ruling=ruling,
                   effects=(_EQUIP, *effects), fidelity="exact")


FAIRY_METEOR_CRUSH = _equip_spell(
    "fairy_meteor_crush", "Fairy Meteor Crush",
    "If the equipped monster attacks a Defense Position monster, inflict piercing battle damage to your opponent.",
    "ProjectIgnis/CardScripts c97687912: EFFECT_PIERCE on the equipped monster; case LC3-FMC-001. "
    "https://yugipedia.com/wiki/Fairy_Meteor_Crush",
    {"kind": "piercing"},
)

BLACK_PENDANT = _equip_spell(
    "black_pendant", "Black Pendant",
    "The equipped monster gains 500 ATK. When this card is sent from the field to the Graveyard: Inflict 500 damage "
    "to your opponent.",
    "A mandatory trigger, also when its monster left the field and the rules destroyed it (ProjectIgnis/CardScripts "
    "c65169794: EVENT_TO_GRAVE, `c:IsPreviousLocation(LOCATION_ONFIELD)`; rules spec §C.3); case LC3-BP-001. "
    "https://yugipedia.com/wiki/Black_Pendant",
    {"kind": "stat_modifier", "atk": 500},
    {"kind": "trigger", "on": "sent_to_graveyard", "optional": False, "condition": "sent_from_field",
     "from": "graveyard", "does": [{"op": "damage", "player": "opponent", "amount": 500}]},
)

LEGENDARY_SWORD = _equip_spell(
    "legendary_sword", "Legendary Sword",
    "A Warrior-Type monster equipped with this card increases its ATK and DEF by 300 points.",
    "ProjectIgnis/CardScripts c61854111 (equip limit RACE_WARRIOR: the host's, at activation); case LC3-LS-001. "
    "https://yugipedia.com/wiki/Legendary_Sword",
    {"kind": "stat_modifier", "atk": 300, "def": 300},
)

ELFS_LIGHT = _equip_spell(
    "elfs_light", "Elf's Light",
    "A LIGHT monster equipped with this card increases its ATK by 400 points and decreases its DEF by 200 points.",
    "ProjectIgnis/CardScripts c39897277; case LC3-EL-001. https://yugipedia.com/wiki/Elf%27s_Light",
    {"kind": "stat_modifier", "atk": 400, "def": -200},
)

MAGE_POWER = _equip_spell(
    "mage_power", "Mage Power",
    "The equipped monster gains 500 ATK and DEF for each Spell/Trap Card you control.",
    "Every Spell/Trap Card its controller controls, face-down ones and itself included, in the Spell & Trap Zones "
    "and the Field Zone (ProjectIgnis/CardScripts c83746708: IsSpellTrap on LOCATION_ONFIELD); case LC3-MP-001. "
    "https://yugipedia.com/wiki/Mage_Power",
    {"kind": "stat_modifier", "atk": 500, "def": 500, "per_card": {"zone": "spell_trap_zone", "player": "controller"}},
    {"kind": "stat_modifier", "atk": 500, "def": 500, "per_card": {"zone": "field_zone", "player": "controller"}},
)

LIGHTNING_BLADE = _equip_spell(
    "lightning_blade", "Lightning Blade",
    "Equip only to a Warrior-Type monster. It gains 800 ATK. All WATER monsters lose 500 ATK.",
    "Both players' face-up WATER monsters (ProjectIgnis/CardScripts c55226821: LOCATION_MZONE both sides); case "
    "LC3-LB-001. https://yugipedia.com/wiki/Lightning_Blade",
    {"kind": "stat_modifier", "atk": 800},
    {"kind": "stat_modifier", "atk": -500, "applies_to": "all_monsters", "filter": {"attribute": "water"}},
)

GRAVITY_AXE_GRARL = _equip_spell(
    "gravity_axe_grarl", "Gravity Axe - Grarl",
    "The equipped monster gains 500 ATK. Monsters your opponent controls cannot change their battle positions (a "
    "change a player makes in a Main Phase: the host's).",
    "The lock is EFFECT_CANNOT_CHANGE_POSITION, a player's own change, not an effect's (ProjectIgnis/CardScripts "
    "c32022366); case LC3-GAG-001. https://yugipedia.com/wiki/Gravity_Axe_-_Grarl",
    {"kind": "stat_modifier", "atk": 500},
)

BASHING_SHIELD = _equip_spell(
    "bashing_shield", "Bashing Shield",
    "Equip only to a Normal Summoned/Set monster. It gains 1000 ATK. You take no battle damage from attacks "
    "involving it.",
    "'You': the Equip Card's controller, from the equipped monster's battles (ProjectIgnis/CardScripts c88610708: "
    "EFFECT_AVOID_BATTLE_DAMAGE as an equip effect); case LC3-BSH-001. https://yugipedia.com/wiki/Bashing_Shield",
    {"kind": "stat_modifier", "atk": 1000},
    {"kind": "avoid_battle_damage", "player": "controller"},
)

FUSION_WEAPON = _equip_spell(
    "fusion_weapon", "Fusion Weapon",
    "Equip only to a Level 6 or lower Fusion Monster. The equipped monster gains 1500 ATK and DEF.",
    "ProjectIgnis/CardScripts c27967615; case LC3-FWP-001. https://yugipedia.com/wiki/Fusion_Weapon",
    {"kind": "stat_modifier", "atk": 1500, "def": 1500},
)

INSECT_ARMOR_WITH_LASER_CANNON = _equip_spell(
    "insect_armor_with_laser_cannon", "Insect Armor with Laser Cannon",
    "Equip only to an Insect-Type monster. It gains 700 ATK.",
    "ProjectIgnis/CardScripts c3492538; case LC3-IALC-001. "
    "https://yugipedia.com/wiki/Insect_Armor_with_Laser_Cannon",
    {"kind": "stat_modifier", "atk": 700},
)

LEGENDARY_EBON_STEED = _equip_spell(
    "legendary_ebon_steed", "Legendary Ebon Steed",
    "Equip only to a 'Six Samurai' monster. It gains 200 ATK and DEF. If it would be destroyed, destroy this card "
    "instead.",
    "A replacement, not activated, by battle or by a card effect (ProjectIgnis/CardScripts c12324546: "
    "EFFECT_DESTROY_SUBSTITUTE; rules spec §U.10); case LC3-LES-001. "
    "https://yugipedia.com/wiki/Legendary_Ebon_Steed",
    {"kind": "stat_modifier", "atk": 200, "def": 200},
    {"kind": "battle_destruction_replacement", "by": "both", "instead": {"destroy_self": True}},
)

BOOK_OF_SECRET_ARTS = _equip_spell(
    "book_of_secret_arts", "Book of Secret Arts",
    "A Spellcaster-Type monster equipped with this card increases its ATK and DEF by 300 points.",
    "ProjectIgnis/CardScripts c91595718 (equip limit RACE_SPELLCASTER: the host's, at activation); case "
    "LC3-BSA-001. https://yugipedia.com/wiki/Book_of_Secret_Arts",
    {"kind": "stat_modifier", "atk": 300, "def": 300},
)

BURNING_SPEAR = _equip_spell(
    "burning_spear", "Burning Spear",
    "A FIRE monster equipped with this card increases its ATK by 400 points and decreases its DEF by 200 points.",
    "ProjectIgnis/CardScripts c18937875; case LC3-BS-001. https://yugipedia.com/wiki/Burning_Spear",
    {"kind": "stat_modifier", "atk": 400, "def": -200},
)

CARDS = (FAIRY_METEOR_CRUSH, BLACK_PENDANT, LEGENDARY_SWORD, ELFS_LIGHT, MAGE_POWER, LIGHTNING_BLADE,
         GRAVITY_AXE_GRARL, BASHING_SHIELD, FUSION_WEAPON, INSECT_ARMOR_WITH_LASER_CANNON, LEGENDARY_EBON_STEED,
         BOOK_OF_SECRET_ARTS, BURNING_SPEAR)  # fmt: skip

"""Field Spells that change the ATK/DEF of every face-up monster of some Types or of an Attribute, both players'
(issue 43's library growth): Umi, Mountain, Wasteland, Mystic Plasma Zone, Molten Destruction, Rising Air Current,
Umiiruka. Each is a `stat_modifier` on `all_monsters` (its official script: EFFECT_TYPE_FIELD on LOCATION_MZONE of
both players); a face-down monster shows no Type or Attribute, so it gains nothing."""

from __future__ import annotations

from engine.cards.card import CardDef

UMI = CardDef(
    key="umi",
    name="Umi",
    card_type="spell",
    property="field",
    text="Field Spell. All Fish, Sea Serpent, Thunder, and Aqua monsters on the field gain 200 ATK/DEF, also all "
    "Machine and Pyro monsters on the field lose 200 ATK/DEF.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c22702055: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-UMI-001. https://yugipedia.com/wiki/Umi",
    effects=(
        {"kind": "stat_modifier", "atk": 200, "def": 200, "applies_to": "all_monsters",
         "filter": {"any": [{"monster_type": "fish"}, {"monster_type": "sea_serpent"}, {"monster_type": "thunder"},
                            {"monster_type": "aqua"}]}},
        {"kind": "stat_modifier", "atk": -200, "def": -200, "applies_to": "all_monsters",
         "filter": {"any": [{"monster_type": "machine"}, {"monster_type": "pyro"}]}},
    ),
    fidelity="exact",
)  # fmt: skip

MOUNTAIN = CardDef(
    key="mountain",
    name="Mountain",
    card_type="spell",
    property="field",
    text="Field Spell. Increase the ATK and DEF of all Dragon, Winged Beast, and Thunder-Type monsters by 200 "
    "points.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c50913601: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-MTN-001. https://yugipedia.com/wiki/Mountain_(card)",
    effects=(
        {"kind": "stat_modifier", "atk": 200, "def": 200, "applies_to": "all_monsters",
         "filter": {"any": [{"monster_type": "dragon"}, {"monster_type": "winged_beast"},
                            {"monster_type": "thunder"}]}},
    ),
    fidelity="exact",
)  # fmt: skip

WASTELAND = CardDef(
    key="wasteland",
    name="Wasteland",
    card_type="spell",
    property="field",
    text="Field Spell. All Dinosaur, Zombie, and Rock monsters on the field gain 200 ATK/DEF.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c23424603: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-WST-001. https://yugipedia.com/wiki/Wasteland",
    effects=(
        {"kind": "stat_modifier", "atk": 200, "def": 200, "applies_to": "all_monsters",
         "filter": {"any": [{"monster_type": "dinosaur"}, {"monster_type": "zombie"}, {"monster_type": "rock"}]}},
    ),
    fidelity="exact",
)  # fmt: skip

MYSTIC_PLASMA_ZONE = CardDef(
    key="mystic_plasma_zone",
    name="Mystic Plasma Zone",
    card_type="spell",
    property="field",
    text="Field Spell. Increase the ATK of all DARK monsters by 500 points and decreases their DEF by 400 points.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c18161786: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-MPZ-001. https://yugipedia.com/wiki/Mystic_Plasma_Zone",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "def": -400, "applies_to": "all_monsters",
         "filter": {"attribute": "dark"}},
    ),
    fidelity="exact",
)  # fmt: skip

MOLTEN_DESTRUCTION = CardDef(
    key="molten_destruction",
    name="Molten Destruction",
    card_type="spell",
    property="field",
    text="Field Spell. All FIRE monsters gain 500 ATK and lose 400 DEF.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c19384334: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-MOD-001. https://yugipedia.com/wiki/Molten_Destruction",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "def": -400, "applies_to": "all_monsters",
         "filter": {"attribute": "fire"}},
    ),
    fidelity="exact",
)  # fmt: skip

RISING_AIR_CURRENT = CardDef(
    key="rising_air_current",
    name="Rising Air Current",
    card_type="spell",
    property="field",
    text="Field Spell. All WIND monsters gain 500 ATK and lose 400 DEF.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c45778932: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-RAC-001. https://yugipedia.com/wiki/Rising_Air_Current",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "def": -400, "applies_to": "all_monsters",
         "filter": {"attribute": "wind"}},
    ),
    fidelity="exact",
)  # fmt: skip

UMIIRUKA = CardDef(
    key="umiiruka",
    name="Umiiruka",
    card_type="spell",
    property="field",
    text="Field Spell. Increase the ATK of all WATER monsters by 500 points and decrease their DEF by 400 points.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c82999629: EFFECT_TYPE_FIELD, LOCATION_MZONE on "
    "both sides). Case LC4-UMR-001. https://yugipedia.com/wiki/Umiiruka",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "def": -400, "applies_to": "all_monsters",
         "filter": {"attribute": "water"}},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (UMI, MOUNTAIN, WASTELAND, MYSTIC_PLASMA_ZONE, MOLTEN_DESTRUCTION, RISING_AIR_CURRENT, UMIIRUKA)

"""Field Spells that change the ATK/DEF of the monsters of several Types ("All Warrior and Beast-Warrior
monsters"): a filter that matches any of those Types (the format's compound filter `any`)."""

from __future__ import annotations

from engine.cards.card import CardDef

SOGEN = CardDef(
    key="sogen",
    name="Sogen",
    card_type="spell",
    fidelity="exact",
    property="field",
    text="Field Spell. All Warrior and Beast-Warrior monsters on the field gain 200 ATK/DEF.",
    ruling="Both players' face-up monsters of either Type gain it; a face-down monster shows no Type (ProjectIgnis/"
    "CardScripts c86318356; rules spec §U.1; cases CF-SOG-001, CF-SOG-002). https://yugipedia.com/wiki/Sogen",
    effects=(
        {"kind": "stat_modifier", "atk": 200, "def": 200, "applies_to": "all_monsters",
         "filter": {"any": [{"monster_type": "warrior"}, {"monster_type": "beast_warrior"}]}},
    ),
)  # fmt: skip

YAMI = CardDef(
    key="yami",
    name="Yami",
    card_type="spell",
    fidelity="exact",
    property="field",
    text="Field Spell. All Fiend and Spellcaster monsters on the field gain 200 ATK/DEF. All Fairy monsters on the "
    "field lose 200 ATK/DEF.",
    ruling="Both players' face-up monsters (ProjectIgnis/CardScripts c59197169; rules spec §U.1; case CF-YAM-001). "
    "https://yugipedia.com/wiki/Yami",
    effects=(
        {"kind": "stat_modifier", "atk": 200, "def": 200, "applies_to": "all_monsters",
         "filter": {"any": [{"monster_type": "fiend"}, {"monster_type": "spellcaster"}]}},
        {"kind": "stat_modifier", "atk": -200, "def": -200, "applies_to": "all_monsters",
         "filter": {"monster_type": "fairy"}},
    ),
)  # fmt: skip

CARDS = (SOGEN, YAMI)

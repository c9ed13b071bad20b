"""Monsters that keep themselves on the field or their controller's LP in battle: protections from destruction
by battle under a condition, destruction replacements, and battle damage that is not taken (rules spec §2.5,
§2.6, §R.5)."""

from __future__ import annotations

from engine.cards.card import CardDef

OBNOXIOUS_CELTIC_GUARD = CardDef(
    key="obnoxious_celtic_guard",
    name="Obnoxious Celtic Guard",
    card_type="monster",
    fidelity="exact",
    atk=1400,
    def_=1200,
    level=4,
    attribute="earth",
    monster_type="warrior",
    text="Cannot be destroyed by battle with a monster that has 1900 or more ATK.",
    ruling="The ATK read is the value the other monster applies in damage calculation: its DEF when it attacks "
    "with its DEF (Konami OCG FAQ 7420: not destroyed by Big Benkei's 3500; rules spec §R.5); battle damage "
    "still applies. https://yugipedia.com/wiki/Obnoxious_Celtic_Guard",
    effects=({"kind": "indestructible_by_battle", "against_atk_at_least": 1900},),
)

AROMASERAPHY_JASMINE = CardDef(
    key="aromaseraphy_jasmine",
    name="Aromaseraphy Jasmine",
    card_type="monster",
    fidelity="approximate: only itself cannot be destroyed by battle (not the Plant monsters it points to); its "
    "other effects are missing",
    atk=1800,
    def_=0,
    attribute="light",
    monster_type="plant",
    text="Link-2 (it has no DEF and no Level: the format's DEF 0). While your LP are higher than your opponent's, "
    "this card and the Plant monsters it points to cannot be destroyed by battle.",
    ruling="Whether its LP are higher is decided before the battle damage: it is not destroyed even if that "
    "damage leaves its controller with fewer LP (Konami OCG FAQ 21608; rules spec §R.5; cases RF-020, RF-021). "
    "https://yugipedia.com/wiki/Aromaseraphy_Jasmine",
    effects=({"kind": "indestructible_by_battle", "while_more_lp": True},),
)

PERFORMAGE_TRAPEZE_MAGICIAN = CardDef(
    key="performage_trapeze_magician",
    name="Performage Trapeze Magician",
    card_type="monster",
    fidelity="approximate: battle damage only (the card: any damage); its detach effect is missing",
    atk=2500,
    def_=2000,
    attribute="light",
    monster_type="spellcaster",
    text="Xyz, Rank 4 (no Level). Damage you would take that is not more than this card's ATK is not taken.",
    ruling="Its effect still applies when the battle damage is computed, even when it is itself destroyed by "
    "that battle, and it applies to each battle damage separately, after every other modifier (Konami OCG FAQ "
    "15374; rules spec §2.6 step 10, §R.5; cases RF-022..RF-024). "
    "https://yugipedia.com/wiki/Performage_Trapeze_Magician",
    effects=({"kind": "no_battle_damage_at_most", "at_most_equal_to": "this_card_atk"},),
)

NUMBER_102_STAR_SERAPH_SENTRY = CardDef(
    key="number_102_star_seraph_sentry",
    name="Number 102: Star Seraph Sentry",
    card_type="monster",
    fidelity="approximate: its replacement covers destruction by battle only; its other effect is missing",
    atk=2500,
    def_=2000,
    attribute="light",
    monster_type="fairy",
    text="Xyz, Rank 4 (no Level). If this card would be destroyed, you can detach all its materials instead; then "
    "the battle damage you take this turn is halved.",
    ruling="Whether it is applied is decided at damage calculation before the battle damage, so that battle's "
    "damage is halved too (Konami OCG rule compilation, OCG-BP L764; rules spec §R.5; cases RF-034, RF-035). "
    "https://yugipedia.com/wiki/Number_102:_Star_Seraph_Sentry",
    effects=(
        {"kind": "battle_destruction_replacement", "instead": {"detach_all": True}, "before_battle_damage": True,
         "halve_battle_damage_this_turn": True},
    ),
)  # fmt: skip

THE_SIX_SAMURAI_ZANJI = CardDef(
    key="the_six_samurai_zanji",
    name="The Six Samurai - Zanji",
    card_type="monster",
    fidelity="approximate: its replacement covers destruction by battle only; its other effect is missing",
    atk=1800,
    def_=1300,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="If this card would be destroyed, you can destroy another face-up 'Six Samurai' monster you control "
    "instead.",
    ruling="A continuous replacement, not activated: decided at damage calculation, the other monster is "
    "destroyed by this effect, and Zanji is not destroyed by battle (YGOResources ruling via huntlist.eu; rules "
    "spec §1.5(b)4; cases PC-ZAN-001..004). https://yugipedia.com/wiki/The_Six_Samurai_-_Zanji",
    effects=({"kind": "battle_destruction_replacement", "instead": {"destroy_other": {"archetype": "Six Samurai"}}},),
)

SILVER_WING = CardDef(
    key="silver_wing",
    name="Silver Wing",
    card_type="spell",
    fidelity="exact",
    property="equip",
    text="Equip Spell (a Level 8 or higher Dragon Synchro Monster). Twice per turn, the equipped monster cannot be "
    "destroyed by battle. If it would be destroyed by a card effect, you can destroy this card instead.",
    ruling="A replacement is not activated: it applies when the destruction would happen, and the monster is not "
    "destroyed (rules spec §U.10, §1.5(b)4; case UP-SWG-001). https://yugipedia.com/wiki/Silver_Wing",
    effects=(
        {"kind": "indestructible_by_battle", "times_per_turn": 2},
        {"kind": "battle_destruction_replacement", "by": "effect", "instead": {"destroy_self": True}},
    ),
)  # fmt: skip

CARDS = (OBNOXIOUS_CELTIC_GUARD, AROMASERAPHY_JASMINE, PERFORMAGE_TRAPEZE_MAGICIAN, NUMBER_102_STAR_SERAPH_SENTRY,
         THE_SIX_SAMURAI_ZANJI, SILVER_WING)  # fmt: skip

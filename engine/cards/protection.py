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
    fidelity="exact",
    atk=1800,
    def_=0,
    attribute="light",
    monster_type="plant",
    text="Link-2 (it has no DEF and no Level: the format's DEF 0; its Link Arrows are the scenario's to give). While "
    "your LP are higher than your opponent's, this card and any Plant monsters it points to cannot be destroyed by "
    "battle. You can Tribute 1 monster this card points to; Special Summon 1 Plant monster from your Deck in Defense "
    "Position. You can only use this effect of 'Aromaseraphy Jasmine' once per turn (an Ignition Effect: the "
    "host's). Once per turn, if you gain LP: Add 1 Plant monster from your Deck to your hand.",
    ruling="Whether its LP are higher is decided before the battle damage: it is not destroyed even if that "
    "damage leaves its controller with fewer LP (Konami OCG FAQ 21608; rules spec §R.5; cases RF-020, RF-021); the "
    "Plant monsters it points to too (ProjectIgnis/CardScripts c21200905: EFFECT_INDESTRUCTABLE_BATTLE on itself and "
    "the Plants of GetLinkedGroup; case APX-JAS-001). Its last effect is a mandatory trigger on its controller's "
    "gain of LP, once per turn (the script: EVENT_RECOVER, TRIGGER_F, SetCountLimit(1); rules spec §U.29; case "
    "APX-JAS-002). https://yugipedia.com/wiki/Aromaseraphy_Jasmine",
    effects=(
        {"kind": "indestructible_by_battle", "while_more_lp": True},
        {"kind": "indestructible_by_battle", "while_more_lp": True, "applies_to": "pointed_to",
         "filter": {"monster_type": "plant"}},
        {"kind": "trigger", "on": "lp_gained", "optional": False, "once_per_turn": "soft",
         "does": [{"op": "add_to_hand", "from": ["deck"], "filter": {"monster_type": "plant"}}]},
    ),
)

PERFORMAGE_TRAPEZE_MAGICIAN = CardDef(
    key="performage_trapeze_magician",
    name="Performage Trapeze Magician",
    card_type="monster",
    fidelity="exact",
    atk=2500,
    def_=2000,
    attribute="light",
    monster_type="spellcaster",
    text="Xyz, Rank 4 (no Level). Any battle or effect damage you would take that is less than or equal to this "
    "card's ATK becomes 0. Once per turn, during your Main Phase 1 (Quick Effect): you can detach 1 material from "
    "this card, then target 1 other Attack Position monster on the field; this turn, that monster can make a second "
    "attack during each Battle Phase, also destroy it at the end of the Battle Phase (a Main Phase 1 effect: the "
    "host's). If this card is destroyed by battle, or if this card in your possession is destroyed by an opponent's "
    "card effect: you can Special Summon 1 'Performage' monster from your Deck.",
    ruling="Its effect still applies when the battle damage is computed, even when it is itself destroyed by "
    "that battle, and it applies to each battle damage separately, after every other modifier (Konami OCG FAQ "
    "15374; rules spec §2.6 step 10, §R.5; cases RF-022..RF-024); effect damage too (ProjectIgnis/CardScripts "
    "c17016362: EFFECT_CHANGE_DAMAGE; rules spec §U.29; case APX-PTM-001). Its detach effect is used in Main Phase 1 "
    "only (the script's condition: PHASE_MAIN1). Its last effect is an optional trigger as it is sent to the "
    "Graveyard, destroyed by battle or by the opponent's card effect while its owner controlled it (the script: "
    "EVENT_TO_GRAVE, REASON_BATTLE, or REASON_DESTROY by the other player; case APX-PTM-002). "
    "https://yugipedia.com/wiki/Performage_Trapeze_Magician",
    effects=(
        {"kind": "no_battle_damage_at_most", "at_most_equal_to": "this_card_atk", "damage": "any"},
        {"kind": "trigger", "on": "destroyed_by_battle_and_sent_to_graveyard", "optional": True, "from": "graveyard",
         "does": [{"op": "special_summon", "from": ["deck"], "filter": {"archetype": "Performage"}}]},
        {"kind": "trigger", "on": "sent_to_graveyard", "optional": True, "from": "graveyard",
         "condition": ["destroyed_by_effect", "destroyed_by_opponent"],
         "does": [{"op": "special_summon", "from": ["deck"], "filter": {"archetype": "Performage"}}]},
    ),
)  # fmt: skip

NUMBER_102_STAR_SERAPH_SENTRY = CardDef(
    key="number_102_star_seraph_sentry",
    name="Number 102: Star Seraph Sentry",
    card_type="monster",
    fidelity="exact",
    atk=2500,
    def_=2000,
    attribute="light",
    monster_type="fairy",
    text="Xyz, Rank 4 (no Level). Once per turn: you can detach 1 material from this card, then target 1 face-up "
    "monster your opponent controls; its ATK is halved, also negate its effects (an Ignition Effect: the host's). "
    "If this card would be destroyed, you can detach all its materials instead; then the battle damage you take "
    "this turn is halved.",
    ruling="Whether it is applied is decided at damage calculation before the battle damage, so that battle's "
    "damage is halved too (Konami OCG rule compilation, OCG-BP L764; rules spec §R.5; cases RF-034, RF-035); by a "
    "card effect too (ProjectIgnis/CardScripts c49678559: EFFECT_DESTROY_REPLACE, any reason; case APX-N102-001). "
    "Its first effect is an Ignition Effect (the script: EFFECT_TYPE_IGNITION), a Main Phase one. "
    "https://yugipedia.com/wiki/Number_102:_Star_Seraph_Sentry",
    effects=(
        {"kind": "battle_destruction_replacement", "instead": {"detach_all": True}, "before_battle_damage": True,
         "halve_battle_damage_this_turn": True, "by": "both"},
    ),
)  # fmt: skip

THE_SIX_SAMURAI_ZANJI = CardDef(
    key="the_six_samurai_zanji",
    name="The Six Samurai - Zanji",
    card_type="monster",
    fidelity="exact",
    atk=1800,
    def_=1300,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="If you control another 'Six Samurai' monster, any monster this card attacks is destroyed at the end of the "
    "Damage Step. If this card would be destroyed, you can destroy another face-up 'Six Samurai' monster you "
    "control instead.",
    ruling="A continuous replacement, not activated: decided at damage calculation, the other monster is "
    "destroyed by this effect, and Zanji is not destroyed by battle (YGOResources ruling via huntlist.eu; rules "
    "spec §1.5(b)4; cases PC-ZAN-001..004); by a card effect too, and its first effect is a mandatory trigger at the "
    "end of the Damage Step of its attack on a monster, 'another' a face-up 'Six Samurai' not named Zanji "
    "(ProjectIgnis/CardScripts c95519486: EFFECT_DESTROY_REPLACE; EVENT_DAMAGE_STEP_END, TRIGGER_F, `not "
    "c:IsCode(id)`; rules spec §U.29; cases APX-ZAN-*). https://yugipedia.com/wiki/The_Six_Samurai_-_Zanji",
    effects=(
        {"kind": "trigger", "on": "end_of_damage_step", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {}},
         "only_if": {"controls": {"filter": {"archetype": "Six Samurai", "face_up": True,
                                             "not": {"name": "The Six Samurai - Zanji"}}}},
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
        {"kind": "battle_destruction_replacement", "instead": {"destroy_other": {"archetype": "Six Samurai"}},
         "by": "both"},
    ),
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

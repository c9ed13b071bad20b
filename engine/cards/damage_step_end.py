"""Monsters that act at the end of the Damage Step or when they leave it (A-L cards of issue 43): Hyper Hammerhead,
Flying Kamakiri #1, Hane-Hane. Their cases are in tests/rules/library-cards-3-cases.jsonl."""

from __future__ import annotations

from engine.cards.card import CardDef

HYPER_HAMMERHEAD = CardDef(
    key="hyper_hammerhead",
    name="Hyper Hammerhead",
    card_type="monster",
    atk=1500,
    def_=1200,
    level=4,
    attribute="earth",
    monster_type="dinosaur",
    fidelity="exact",
    text="At the end of the Damage Step, if an opponent's monster that battled this card is not destroyed: Return "
    "that opponent's monster to the hand.",
    ruling="A mandatory trigger (ProjectIgnis/CardScripts c2671330: EVENT_DAMAGE_STEP_END, the battle target still "
    "related to the battle); case LC3-HH-001. https://yugipedia.com/wiki/Hyper_Hammerhead",
    effects=(
        {"kind": "trigger", "on": "end_of_damage_step", "optional": False,
         "condition": "battling_opponent_not_destroyed",
         "does": [{"op": "return_to_hand", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

FLYING_KAMAKIRI_1 = CardDef(
    key="flying_kamakiri_1",
    name="Flying Kamakiri #1",
    card_type="monster",
    atk=1400,
    def_=900,
    level=4,
    attribute="wind",
    monster_type="insect",
    fidelity="exact",
    text="When this card is destroyed by battle and sent to the Graveyard: You can Special Summon 1 WIND monster with "
    "1500 or less ATK from your Deck, in face-up Attack Position.",
    ruling="As Giant Rat's (a 'floater'; ProjectIgnis/CardScripts c84834865); case LC3-FK-001. "
    "https://yugipedia.com/wiki/Flying_Kamakiri_1",
    effects=(
        {"kind": "trigger", "on": "destroyed_by_battle_and_sent_to_graveyard", "optional": True,
         "does": [{"op": "special_summon", "from": ["deck"], "filter": {"attribute": "wind", "atk_at_most": 1500},
                   "position": "attack"}]},
    ),
)  # fmt: skip

HANE_HANE = CardDef(
    key="hane_hane",
    name="Hane-Hane",
    card_type="monster",
    atk=450,
    def_=500,
    level=2,
    attribute="earth",
    monster_type="beast",
    abilities=("flip",),
    fidelity="exact",
    text="FLIP: Target 1 monster on the field; return that target to the hand.",
    ruling="A mandatory FLIP effect that targets (ProjectIgnis/CardScripts c7089711: EFFECT_FLAG_CARD_TARGET); "
    "flipped by an attack it is activated after damage calculation (rules spec §1.6); case LC3-HAN-001. "
    "https://yugipedia.com/wiki/Hane-Hane",
    effects=({"kind": "flip", "target": {}, "does": [{"op": "return_to_hand", "target": "targeted"}]},),
)

CARDS = (HYPER_HAMMERHEAD, FLYING_KAMAKIRI_1, HANE_HANE)

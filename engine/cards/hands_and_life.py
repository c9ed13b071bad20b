"""Issue 43's staples that work on whole hands and on damage: Morphing Jar, Rainbow Life. Their cases are in
tests/rules/library-cards-3-cases.jsonl (LC3-MJ*, LC3-RL*)."""

from __future__ import annotations

from engine.cards.card import CardDef

MORPHING_JAR = CardDef(
    key="morphing_jar",
    name="Morphing Jar",
    card_type="monster",
    atk=700,
    def_=600,
    level=2,
    attribute="earth",
    monster_type="rock",
    abilities=("flip",),
    fidelity="exact",
    text="FLIP: Both players discard as many cards as possible from their hands, then each player draws 5 cards.",
    ruling="A mandatory FLIP effect; flipped by an attack it is activated after damage calculation (rules spec "
    "§1.6); every card of both hands is discarded, then each player draws 5 (ProjectIgnis/CardScripts c33508719: "
    "SendtoGrave of both hands, then Draw 5 each; rules spec §U.19); case LC3-MJ-001. "
    "https://yugipedia.com/wiki/Morphing_Jar",
    effects=(
        {"kind": "flip", "does": [{"op": "discard_hand", "player": "both"},
                                  {"op": "draw", "player": "both", "count": 5}]},
    ),
)  # fmt: skip

RAINBOW_LIFE = CardDef(
    key="rainbow_life",
    name="Rainbow Life",
    card_type="trap",
    fidelity="exact",
    text="Discard 1 card. Until the end of this turn, whenever you would take damage you gain that amount of Life "
    "Points instead.",
    ruling="A cost; the gain applies to its controller for the rest of the turn, every later battle included "
    "(ProjectIgnis/CardScripts c34002992: EFFECT_REVERSE_DAMAGE on the player, reset at the End Phase; rules spec "
    "§BP.13); effect damage too (EFFECT_REVERSE_DAMAGE; rules spec §U.29); it changes no ATK/DEF, so not in the "
    "Damage Step (§1.1); cases LC3-RL-001, APX-RL-001. https://yugipedia.com/wiki/Rainbow_Life",
    effects=(
        {"kind": "activated", "speed": 2, "cost": {"discard": 1},
         "does": [{"op": "lasting_effect", "kind": "gain_lp_instead", "player": "controller", "damage": "any"}]},
    ),
)  # fmt: skip

CARDS = (MORPHING_JAR, RAINBOW_LIFE)

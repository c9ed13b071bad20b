"""Monsters that attack more than once or cannot attack directly, and what they do to the monsters they battle
(rules spec §U.8, §U.3): a second attack each Battle Phase, attacks "on monsters" only, banishing what survived."""

from __future__ import annotations

from engine.cards.card import CardDef

BLUE_EYES_TWIN_BURST_DRAGON = CardDef(
    key="blue_eyes_twin_burst_dragon",
    name="Blue-Eyes Twin Burst Dragon",
    card_type="monster",
    fidelity="exact",
    atk=3000,
    def_=2500,
    level=10,
    attribute="light",
    monster_type="dragon",
    text="Fusion. It cannot be destroyed by battle and can make up to 2 attacks on monsters each Battle Phase. At "
    "the end of the Damage Step, if it attacked an opponent's monster that was not destroyed by the battle: you can "
    "banish that monster. (Its Summon conditions are the host's.)",
    ruling="Its further attacks are never direct (rules spec §U.8); the monster it battled must not have been "
    "destroyed by the battle (card text; cases SP-BTB-001, SP-BTB-002). "
    "https://yugipedia.com/wiki/Blue-Eyes_Twin_Burst_Dragon",
    effects=(
        {"kind": "indestructible_by_battle"},
        {"kind": "extra_attacks", "attacks": 2, "monsters_only": True},
        {"kind": "trigger", "on": "end_of_damage_step", "optional": True,
         "condition": ["this_card_attacked", "battling_opponent_not_destroyed"],
         "does": [{"op": "banish", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

BARBAROID = CardDef(
    key="barbaroid_the_ultimate_battle_machine",
    name="Barbaroid, the Ultimate Battle Machine",
    card_type="monster",
    fidelity="exact",
    atk=4000,
    def_=4000,
    level=12,
    attribute="earth",
    monster_type="machine",
    text="Fusion. It can make a second attack each Battle Phase and cannot attack directly. After damage "
    "calculation, if it attacked a monster: that monster's effects are negated (in the Graveyard too). If it destroys "
    "a monster by battle: 1000 damage to the opponent.",
    ruling="The negation lasts while the monster stays on the field and in the Graveyard it is sent to (rules spec "
    "§U.3; laaners/yugioh_comprehensive_rulebook 'Negate Effects'; cases SP-BAR-001, SP-BAR-002). "
    "https://yugipedia.com/wiki/Barbaroid,_the_Ultimate_Battle_Machine",
    effects=(
        {"kind": "extra_attacks", "attacks": 2},
        {"kind": "cannot_attack_directly"},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False, "condition": "this_card_attacked",
         "battle": {"opponent_monster": {}}, "does": [{"op": "negate_effects", "target": "battling_opponent"}]},
        {"kind": "trigger", "on": "destroys_by_battle", "optional": False,
         "does": [{"op": "damage", "player": "opponent", "amount": 1000}]},
    ),
)  # fmt: skip

CARDS = (BLUE_EYES_TWIN_BURST_DRAGON, BARBAROID)

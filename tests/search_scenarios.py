"""Scenarios for the search, OpenSpiel, PettingZoo and playout tests (issue 8)."""

from __future__ import annotations

from typing import Any

# Player A attacks B's stronger monster; A's two cards can only be activated during damage calculation,
# so A's first decision settles the battle. Passing loses it (A's 1500 vs B's 2000: A's monster is
# destroyed and A takes 500, docs/damage-step-rules.md §2.3), "sap" (-300 ATK) loses it worse;
# "rush" (+1000 ATK) makes it 2500 vs 2000, so B takes 500 battle damage and, at 400 LP, loses the Duel (§2.7).
ONE_WINNING_CHOICE: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "one-winning-choice",
    "life_points": {"A": 8000, "B": 400},
    "cards": [
        {"id": "att", "controller": "A", "atk": 1500, "def": 1000, "position": "attack"},
        {"id": "tgt", "controller": "B", "atk": 2000, "def": 1000, "position": "attack"},
        {"id": "rush", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2, "during_damage_calculation": True,
                      "does": [{"op": "change_stats", "target": "attacker", "atk": 1000}]}]},
        {"id": "sap", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2, "during_damage_calculation": True,
                      "does": [{"op": "change_stats", "target": "attacker", "atk": -300}]}]},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}

# Both players have answers in several windows, and triggers: many different games.
CONTESTED: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "contested",
    "life_points": {"A": 4000, "B": 3000},
    "cards": [
        {"id": "att", "controller": "A", "atk": 1800, "def": 1000, "position": "attack",
         "effects": [{"kind": "trigger", "on": "battle_damage_inflicted", "optional": True,
                      "does": [{"op": "gain_lp", "player": "controller", "amount": 300}]}]},
        {"id": "tgt", "controller": "B", "atk": 1600, "def": 1200, "position": "attack",
         "effects": [{"kind": "trigger", "on": "destroyed_by_battle", "optional": False,
                      "does": [{"op": "damage", "player": "opponent", "amount": 600}]}]},
        {"id": "rush", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2,
                      "does": [{"op": "change_stats", "target": "attacker", "atk": 700}]}]},
        {"id": "wall", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2, "target": "attacker",
                      "does": [{"op": "change_stats", "target": "attacker", "atk": -1000}]}]},
        {"id": "burn", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2,
                      "does": [{"op": "damage", "player": "opponent", "amount": 500}]}]},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}

# A battle that destroys and deals no damage (docs/damage-step-rules.md §2.3: 2000 ATK against 1000 DEF, no
# piercing): B's monster is destroyed, neither LP changes. An LP-only reward sees nothing; the card-advantage
# reward ("lp_and_cards") sees B one card down: 1000 / (8000 + 8000) for A. B's face-down "spare" stays set.
DESTROYS_WITHOUT_DAMAGE: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "destroys-without-damage",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 0, "position": "attack"},
        {"id": "wall", "controller": "B", "atk": 0, "def": 1000, "position": "defense"},
        {"id": "spare", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True},
    ],
    "attack": {"attacker": "att", "target": "wall"},
}

# A whole Battle Phase whose declarations are A's decisions (rules spec §BP.3). B (1700 LP) controls x (ATK 1800).
# The only winning line: m1 (2000) attacks x first (200 damage, x destroyed, §2.2), then m2 (1500) attacks
# directly (B controls no monster now: 1500 damage), 200 + 1500 = 1700 (§2.7). m2 attacking x first loses m2 (1500
# vs 1800, A takes 300) and m1 then deals 200; passing deals nothing; a direct attack is illegal while x is there.
WINNING_ORDER: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "winning-order",
    "life_points": {"A": 8000, "B": 1700},
    "cards": [
        {"id": "m1", "controller": "A", "atk": 2000, "def": 0, "position": "attack"},
        {"id": "m2", "controller": "A", "atk": 1500, "def": 0, "position": "attack"},
        {"id": "x", "controller": "B", "atk": 1800, "def": 0, "position": "attack"},
    ],
    "battle_phase": {},
}

# The attacks a host declares (`attacks`, scenario-format.md "Battle Phases"), each with decisions: B may activate a
# +500 ATK Quick-Play for x (1500) in either Damage Step; m1 (2000) then m2 (1800) attack x. Passing: m1 destroys x
# (500 damage), then m2's attack on x cannot be declared (x is in the Graveyard) and is skipped.
LISTED_ATTACKS: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "listed-attacks",
    "cards": [
        {"id": "m1", "controller": "A", "atk": 2000, "def": 0, "position": "attack"},
        {"id": "m2", "controller": "A", "atk": 1800, "def": 0, "position": "attack"},
        {"id": "x", "controller": "B", "atk": 1500, "def": 0, "position": "attack"},
        {"id": "boost", "controller": "B", "location": "spell_trap_zone", "card_type": "spell", "face_down": True,
         "property": "quick_play",
         "effects": [{"kind": "activated", "speed": 2, "does": [{"op": "change_stats", "target": "x", "atk": 500}]}]},
    ],
    "attacks": [{"attacker": "m1", "target": "x"}, {"attacker": "m2", "target": "x"}],
}

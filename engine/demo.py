"""The built-in example: the scenario of scenario-format.md (piercing into a Set FLIP monster,
with an ATK boost before damage calculation). `python -m engine demo` runs it."""

from __future__ import annotations

from typing import Any

DEMO: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "example-1",
    "title": "piercing attack into a Set monster",
    "rules": {"zero_atk_mutual_destruction": False},
    "turn_player": "A",
    "life_points": {"A": 8000, "B": 8000},
    "cards": [
        {
            "id": "att",
            "controller": "A",
            "location": "monster_zone",
            "atk": 2000,
            "def": 1000,
            "position": "attack",
            "effects": [{"kind": "piercing"}],
        },
        {
            "id": "tgt",
            "controller": "B",
            "location": "monster_zone",
            "atk": 300,
            "def": 1200,
            "position": "set",
            "effects": [
                {"kind": "flip", "optional": False, "does": [{"op": "damage", "player": "opponent", "amount": 500}]}
            ],
        },
        {
            "id": "rush",
            "controller": "A",
            "location": "spell_trap_zone",
            "card_type": "spell",
            "face_down": True,
            "effects": [
                {
                    "kind": "activated",
                    "speed": 2,
                    "does": [{"op": "change_stats", "target": "attacker", "atk": 700, "until": "end_of_turn"}],
                }
            ],
        },
    ],
    "attack": {"attacker": "att", "target": "tgt"},
    "choices": [{"window": "before_damage_calculation", "player": "A", "activate": "rush"}],
}

"""examples/battle_phase.py (issue 10, item 7) runs as the README says and prints what the rules give.

Expected lines, from the rules and the cards' rulings (engine/cards):
1. Gearfried 1800 + Rush Recklessly 700 = 2500 attacks the Set Marshmallon (DEF 500): flipped (§1.4), not destroyed
   (it cannot be destroyed by battle, §2.5), no damage to B (Defense Position, no piercing, §2.2); Marshmallon was
   face-down at the start: A takes 1000 after damage calculation.
2. Amazoness Swords Woman 1500 attacks Spirit Reaper (300, Attack Position): B takes 1200; Reaper is not destroyed.
3. Lily (400) pays 2000 for +3000 during damage calculation: 3400 vs 300; B's Kuriboh: B takes no battle damage
   from that battle; Reaper survives.
4. Gearfried already attacked: a second declaration is refused (once per turn, Yugipedia "Attack").
5. Rush Recklessly lasts until the end of the turn: 2500, then 1800 after end_turn.
6. Turn 2, B's 1500 ATK beast attacks Gearfried 1800: the beast is destroyed and B takes 300 (§2.2).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_example_runs_and_prints_the_rules_results() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's engine, whatever is installed
    out = subprocess.run([sys.executable, "examples/battle_phase.py"], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=120, env=env).stdout.splitlines()
    assert out == [
        "turn 1: gearfried -> marsh: values [2500, 500], battle damage A 0 B 0, destroyed nothing; LP A 7000 B 8000",
        "turn 1: amazoness -> reaper: values [1500, 300], battle damage A 0 B 1200, destroyed nothing; "
        "LP A 7000 B 6800",
        "turn 1: lily -> reaper: values [3400, 300], battle damage A 0 B 0, destroyed nothing; LP A 5000 B 6800",
        "refused: a monster can attack once per turn: Gearfried the Iron Knight has already declared an attack "
        "this turn",
        "gearfried before the end of the turn: ATK 2500",
        "gearfried after the end of the turn: ATK 1800",
        "turn 2: beast -> gearfried: values [1500, 1800], battle damage A 0 B 300, destroyed beast; LP A 5000 B 6500",
    ]


def test_example_uses_only_the_public_api() -> None:
    text = (ROOT / "examples" / "battle_phase.py").read_text(encoding="utf-8")
    imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
    assert imports == ["from __future__ import annotations", "import engine", "from engine.cards import place"]
    assert "engine.state" not in text and "Lingering" not in text and "Battle(" not in text

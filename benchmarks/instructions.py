"""Instruction counts per unit of work, which a loaded machine does not change (issue 39).

Runs one unit of `bench.py`'s search-API figures `count` times under callgrind; the count per unit is the difference
between two runs of different lengths divided by the difference in units, so Python's start-up and the imports drop
out:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benchmarks/instructions.py vanilla 100
    (the same with 1100; per game = (I(1100) - I(100)) / 1000)

or, doing both runs and the division: `python3 benchmarks/instructions.py --measure [vanilla|step|clone|snapshot]`.
Units: `vanilla` a vanilla one-battle game through the search API (`new_initial_state()` to terminal); `step` one
decision step of random playouts of the 3-trigger battle through it (`legal_actions()` + `apply_action()`: the count
printed is of decisions, the unit); `clone` `BattleState.clone()` at its first decision point (made and freed);
`snapshot` the `Duel`'s snapshot (`GameState.checkpoint` and the context's bookkeeping) at that point.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

UNITS = ("vanilla", "step", "clone", "snapshot")


def run(unit: str, count: int) -> int:
    """Do `count` units (after one of each, to warm up); return how many units were done."""
    from bench import THREE_TRIGGERS, VANILLA, search_playouts

    from engine.search import BattleGame

    if unit == "vanilla":
        game = BattleGame(VANILLA)
        game.new_initial_state()
        for _ in range(count):
            game.new_initial_state()
        return count
    three = BattleGame(THREE_TRIGGERS)
    if unit == "step":
        search_playouts(three, 1, seed=7)
        return search_playouts(three, count, seed=7)
    at = three.new_initial_state()
    one = at.clone if unit == "clone" else at.duel._snapshot
    one()
    for _ in range(count):
        one()
    return count


def measure(unit: str, short: int = 100, long: int = 1100) -> float:
    """Instructions per unit: two callgrind runs, their difference over the difference in units."""
    counts, units = [], []
    for n in (short, long):
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, unit, str(n)],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", out.stderr)
        assert found is not None, out.stderr[-2000:]
        counts.append(int(found.group(1)))
        units.append(int(out.stdout.split()[-1]))
    return (counts[1] - counts[0]) / (units[1] - units[0])


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--measure":
        import engine

        build = "compiled" if engine.compiled() else "interpreted"
        for unit in args[1:] or UNITS:
            print(f"{unit}: {measure(unit):,.0f} instructions per unit ({build} build)", flush=True)
        return
    print(run(args[0], int(args[1])))


if __name__ == "__main__":
    main()

"""How the cost of loading and running a scenario grows with its size (issue: scale).

    python benchmarks/scale.py [--quick]

Scenarios of N cards (two battlers, the rest in the hand) with 5 effects each: Quick Effects
that may be activated from the hand in the Damage Step, so every priority weighs all of them.
Figures are µs per card, and as a ratio to the smallest size measured in the same run: a ratio
near 1.0 at every size means the cost grows linearly. No test asserts on time.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import checkout

from engine import parse_scenario, run_scenario


def scenario(n_cards: int, per_card: int = 5) -> dict[str, Any]:
    effect = {"kind": "activated", "speed": 2, "from": "hand", "damage_step": "allowed",
              "does": [{"op": "gain_lp", "player": "controller", "amount": 1}]}
    cards: list[dict[str, Any]] = [
        {"id": "att", "controller": "A", "atk": 2000, "def": 0, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 1000, "def": 0, "position": "attack", "effects": []},
    ]
    cards += [{"id": f"c{i}", "controller": "AB"[i % 2], "location": "hand", "atk": 0, "def": 0,
               "effects": [effect] * per_card} for i in range(n_cards - 2)]
    return {"format": "damage-step-scenario/1", "id": f"scale-{n_cards}", "cards": cards,
            "attack": {"attacker": "att", "target": "tgt"}}


def best(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer sizes and repeats (smoke run)")
    args = ap.parse_args()
    sizes, repeat = ((100, 200, 400), 2) if args.quick else ((250, 500, 1000, 2000), 5)
    rows = []
    for n in sizes:
        data = scenario(n)
        load = best(lambda data=data: parse_scenario(data), repeat)
        sc = parse_scenario(data)
        run = best(lambda sc=sc: run_scenario(sc), repeat)
        rows.append((n, load / n * 1e6, run / n * 1e6))
    base_load, base_run = rows[0][1], rows[0][2]
    head = f"{'load µs/card':>12} {'× smallest':>10}  {'run µs/card':>12} {'× smallest':>10}"
    print(checkout.build_line())
    print(f"{'cards':>6} {'effects':>8}  {head}")
    for n, load, run in rows:
        print(f"{n:>6} {n * 5:>8}  {load:>12.1f} {load / base_load:>10.2f}  {run:>12.1f} {run / base_run:>10.2f}")


if __name__ == "__main__":
    main()

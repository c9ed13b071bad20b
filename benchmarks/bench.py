"""Benchmarks, reported as ratios against a baseline measured in the same run.

    python benchmarks/bench.py [--quick]

Baseline: the pure damage-calculation functions alone (values compared + the modifier
pipeline) for ATK vs ATK. Measured against it: a full vanilla Damage Step (ATK vs ATK, no
effects) run through the state machine with each executor, setting up the duel included
(and with do-nothing listeners attached, to show what the listener machinery costs), and
cloning a duel mid-step. Each figure is the best of several repeats (these machines are
noisy); no test asserts on time.
"""

from __future__ import annotations

import argparse
import timeit
from collections.abc import Callable

from engine import Duel, parse_scenario, state_from_scenario
from engine.rules.calculation import BattleInput, compare_values
from engine.rules.modifiers import apply_battle_damage_modifiers
from engine.state import Player

VANILLA = {
    "format": "damage-step-scenario/1",
    "id": "vanilla",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 1000, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 1500, "def": 1000, "position": "attack", "effects": []},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}


def best_us(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Best time per call in microseconds."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer iterations (smoke run)")
    args = ap.parse_args()
    n, r = (200, 3) if args.quick else (2000, 7)
    sc = parse_scenario(VANILLA)
    proto = state_from_scenario(sc)
    inp = BattleInput(0, Player.A, 2000, 1, Player.B, 1500, False)
    battlers = frozenset({0, 1})

    def calc() -> object:
        return apply_battle_damage_modifiers(compare_values(inp).damage, (), battlers)

    def full(executor: str, listeners: bool = False) -> Callable[[], object]:
        def run() -> object:
            duel = Duel(proto.clone(), executor=executor)  # type: ignore[arg-type]
            if listeners:  # one do-nothing listener of each kind (the debugger's and traces' cost floor)
                duel.on_transition(lambda d, a, b: None)
                duel.on_event(lambda e: None)
                duel.on_decision(lambda d, dec, o: None)
            return duel.advance()

        return run

    mid = Duel(proto.clone())
    while mid.state.phase.value != "before_damage_calculation":
        mid.step()

    base = best_us(calc, n * 10, r)
    rows = [
        ("pure damage calculation (baseline)", base),
        ("full vanilla Damage Step, fast executor", best_us(full("fast"), n, r)),
        ("  the same with a listener of each kind attached", best_us(full("fast", listeners=True), n, r)),
        ("full vanilla Damage Step, transitions executor", best_us(full("transitions"), max(n // 10, 20), r)),
        ("clone a duel mid-step", best_us(mid.clone, n * 5, r)),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'measure':<{width}}  {'µs/op':>10}  {'× baseline':>10}")
    for name, us in rows:
        print(f"{name:<{width}}  {us:>10.2f}  {us / base:>10.1f}")


if __name__ == "__main__":
    main()

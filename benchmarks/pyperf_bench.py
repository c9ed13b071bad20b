"""The same battles as `bench.py`, measured by pyperf (worker processes, calibrated loops, warmups,
mean ± standard deviation): the figures to quote, and to compare across commits.

    python benchmarks/pyperf_bench.py [--fast] [-o results.json]
    python -m pyperf compare_to before.json after.json

pyperf owns the command line (see `python benchmarks/pyperf_bench.py --help`).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pyperf

sys.path.insert(0, str(Path(__file__).parent))
import checkout  # this checkout's engine first on sys.path
from bench import ONE_LINK, THREE_TRIGGERS, VANILLA, FirstThenPass, first_decision, prototype

from engine.rules.calculation import BattleInput, compare_values
from engine.rules.modifiers import apply_battle_damage_modifiers
from engine.values.game import Player


def main() -> None:
    runner = pyperf.Runner()
    runner.metadata["engine_build"] = checkout.build_line()  # which build, and where (pyperf show --metadata)
    inp = BattleInput(0, Player.A, 2000, 1, Player.B, 1500, False)
    battlers = frozenset({0, 1})
    vanilla, vanilla_log = prototype(VANILLA, record=False), prototype(VANILLA)
    chain = prototype(ONE_LINK, record=False)
    at = first_decision(THREE_TRIGGERS, record=False)
    runner.bench_func("pure damage calculation (baseline)",
                      lambda: apply_battle_damage_modifiers(compare_values(inp).damage, (), battlers))  # fmt: skip
    runner.bench_func("vanilla Damage Step, record=False", lambda: vanilla.clone().advance())
    runner.bench_func("vanilla Damage Step, event log kept", lambda: vanilla_log.clone().advance())
    runner.bench_func("one-link chain Damage Step, record=False", lambda: chain.clone().run(FirstThenPass()))
    runner.bench_func("Duel.clone() at a decision point", at.clone)
    runner.bench_func("copy.deepcopy of the same state", lambda: copy.deepcopy(at.state))


if __name__ == "__main__":
    main()

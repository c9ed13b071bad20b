"""Benchmarks of the playout path (issue 8), reported as ratios to a baseline measured in the same run.

    python benchmarks/bench.py [--quick] [--json]

Baseline: the pure damage-calculation functions alone (values compared + the modifier pipeline)
for ATK vs ATK. Measured against it, on three battles (`BATTLES`):

- a vanilla Damage Step (ATK vs ATK, no effects) from a prototype duel to the end: a clone of the
  prototype, then `advance()`; with the log off (`record=False`, the playout path), with it on, with
  a do-nothing listener of each kind attached, and with the `transitions` executor;
- a Damage Step with a one-link chain (a Quick-Play Spell activated at the start of the step);
- the vanilla battle as a whole Battle Phase (issue 21): Start Step, the attack declared by an agent,
  its window, the Damage Step, the End Step (no window anyone can act in);
- one decision step (apply a decision, advance to the next) in random playouts of a battle with
  three triggers and a two-link chain, and the decisions per second that gives;
- `Duel.clone()` and `GameState.clone()` at a decision point, side by side with `copy.deepcopy` of
  the same state, and the memory one cloned state holds (tracemalloc);
- through the public search API (`engine.search`, what an AI user calls; issue 25): the vanilla battle as a
  game, from `new_initial_state()` to terminal; one decision step of random playouts of the 3-trigger battle
  (`legal_actions()`, a random pick, `apply_action()`), the decisions per second that gives, and its ratio to
  the engine's own decision step above (the search layer's cost); `BattleState.clone()` at a decision point;
- the plain-Python floor of the vanilla battle game (`floor.py`): the same battle written directly in Python with
  no engine (a fresh state from a prototype, the Damage Step's five sub-steps, the values compared, the damage, the
  destroyed monster sent), what any interpreted engine pays for it; the search API's vanilla game is printed as a
  multiple of it;
- playouts per second with 1 and 2 worker processes (`engine.playouts`, when present). Each run with worker
  processes is preceded by one of a single playout per worker, which is all start-up (spawning the
  processes, importing the engine in each): when that takes more than a quarter of the run's wall time,
  the figure measures the start-up rather than the playouts, and is flagged so (`--quick`'s few playouts). Beside
  the 2 workers' speed-up over 1 is the machine's own: the same pure-Python loop run twice in one process and once
  in each of 2 worker processes (wall time), what these 2 shared cores allow any 2 processes.

Which engine: this checkout's (`checkout.py` puts it first on `sys.path`, whatever else is installed; no
`PYTHONPATH` needed), in whichever build it holds (compiled with mypyc, or pure Python, e.g. with `ENGINE_PURE=1`),
named in the first line of the report with its path (`"build"` in `--json`).

Each figure is the best of several repeats of CPU time (`time.process_time`: these machines are
shared and noisy; wall time is reported for the worker runs, where it is what matters). No test
asserts on time. The reference C++ engine (EDOPro's ocgcore) is not run here: the issue's figures
for it (about 78 µs per vanilla battle, 138 µs with a one-link chain) were measured elsewhere.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import time
import timeit
import tracemalloc
from collections.abc import Callable
from typing import Any

import checkout
import floor
from figures import (
    FLOOR,
    FLOOR_RATIO,
    ISSUE_39_TARGETS,
    MACHINE_SCALING,
    PLAYOUT_SCALING,
    SEARCH_CLONE,
    SEARCH_COST,
    SEARCH_DECISION,
    SEARCH_RATE,
    SEARCH_VANILLA,
    SNAPSHOT,
)

from engine import Duel, RandomAgent, parse_scenario, state_from_scenario
from engine.rules.calculation import BattleInput, compare_values
from engine.rules.modifiers import apply_battle_damage_modifiers
from engine.search import BattleGame
from engine.values.decisions import ATTACK, PASS, Decision, Option
from engine.values.game import Player

_FORMAT = "damage-step-scenario/1"


def _monster(id_: str, player: str, atk: int, effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"id": id_, "controller": player, "atk": atk, "def": 1000, "position": "attack", "effects": effects or []}


def _set_spell(id_: str, player: str, does: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": id_, "controller": player, "location": "spell_trap_zone", "card_type": "spell", "face_down": True,
            "effects": [{"kind": "activated", "speed": 2, "does": does}]}  # fmt: skip


def _trigger(on: str, op: str, player: str) -> dict[str, Any]:
    return {"kind": "trigger", "on": on, "optional": True, "does": [{"op": op, "player": player, "amount": 100}]}


VANILLA = {
    "format": _FORMAT, "id": "vanilla",
    "cards": [_monster("att", "A", 2000), _monster("tgt", "B", 1500)],
    "attack": {"attacker": "att", "target": "tgt"},
}  # fmt: skip
ONE_LINK = {
    "format": _FORMAT, "id": "one-link-chain",
    "cards": [_monster("att", "A", 1500), _monster("tgt", "B", 2000),
              _set_spell("rush", "A", [{"op": "change_stats", "target": "attacker", "atk": 700}])],
    "attack": {"attacker": "att", "target": "tgt"},
}  # fmt: skip
# Three optional triggers (start of the step, battle damage, end of the step) and two Quick-Play
# Spells that can form a two-link chain before damage calculation.
THREE_TRIGGERS = {
    "format": _FORMAT, "id": "three-triggers-two-links",
    "cards": [
        _monster("att", "A", 1800, [_trigger("battle_damage_inflicted", "damage", "opponent")]),
        _monster("tgt", "B", 1600),
        _monster("ally", "A", 1000, [_trigger("start_of_damage_step", "gain_lp", "controller")]),
        _monster("watch", "B", 1000, [_trigger("end_of_damage_step", "gain_lp", "controller")]),
        _set_spell("rush", "A", [{"op": "change_stats", "target": "attacker", "atk": 700}]),
        _set_spell("wall", "B", [{"op": "change_stats", "target": "attacker", "atk": -500}]),
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}  # fmt: skip
# The vanilla battle as a whole Battle Phase (issue 21): Start Step, the attack chosen by an agent in the
# Battle Step, its response window and Damage Step, the Battle Step again, End Step. Nobody can act in any window.
VANILLA_BATTLE_PHASE = {
    "format": _FORMAT, "id": "vanilla-battle-phase",
    "cards": [_monster("att", "A", 2000), _monster("tgt", "B", 1500)],
    "battle_phase": {},
}  # fmt: skip
BATTLES = {"vanilla": VANILLA, "one_link_chain": ONE_LINK, "three_triggers": THREE_TRIGGERS}


class FirstThenPass:
    """Activates the first option offered once, then always passes: a one-link chain every time."""

    def __init__(self) -> None:
        self.done = False

    def choose(self, decision: Decision, duel: Duel) -> Option:
        if not self.done and decision.options[0] != PASS:
            self.done = True
            return decision.options[0]
        return PASS if PASS in decision.options else decision.options[0]


class AttackFirst:
    """Declares the first attack it is offered, then passes: one attack per Battle Phase."""

    def choose(self, decision: Decision, duel: Duel) -> Option:
        first = decision.options[0]
        return first if first.effect == ATTACK and not duel.battles else PASS


def _additions() -> int:
    total = 0
    for i in range(1000):
        total += i
    return total


def best_us(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Best CPU time per call in microseconds."""
    return min(timeit.repeat(fn, number=number, repeat=repeat, timer=time.process_time)) / number * 1e6


def prototype(raw: dict[str, Any], **kw: Any) -> Duel:
    return Duel(state_from_scenario(parse_scenario(raw)), **kw)


def first_decision(raw: dict[str, Any], **kw: Any) -> Duel:
    duel = prototype(raw, **kw)
    assert duel.advance() is not None, "the battle asks for a decision"
    return duel


def random_playouts(proto: Duel, games: int, seed: int) -> int:
    """Play `games` random playouts from the prototype; return the number of decisions taken. One
    agent plays them all, as a search's rollouts do: seeding a generator per game (what
    `engine.playouts` does, so that a result does not depend on the number of workers) costs
    about half a decision step, and is measured by the playouts-per-second figures instead."""
    decisions = 0
    agent = RandomAgent(seed)
    for _ in range(games):
        duel = proto.clone()
        while (d := duel.advance()) is not None:
            duel.decide(agent.choose(d, duel))
            decisions += 1
    return decisions


def _per_decision(proto: Duel, games: int) -> float:
    """CPU µs per decision over `games` random playouts (the same seed each time)."""
    return _per(lambda: random_playouts(proto, games, seed=7))


def _per(playouts: Callable[[], int]) -> float:
    """CPU µs per decision of `playouts()`, which returns how many decisions it took."""
    start = time.process_time()
    decisions = playouts()
    return (time.process_time() - start) * 1e6 / decisions


def search_playouts(game: BattleGame, games: int, seed: int) -> int:
    """Random playouts through the public search API, as an AI user writes them (`legal_actions()`, a uniform
    pick drawn as `RandomAgent` draws, `apply_action()`); returns the number of decisions taken."""
    bits = random.Random(seed).getrandbits
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            n = len(legal)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            state.apply_action(legal[r])
            decisions += 1
    return decisions


def clone_bytes(duel: Duel, copies: int = 2000) -> float:
    """Memory held per cloned state (what a search tree pays per node), measured with tracemalloc."""
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    keep = [duel.state.clone() for _ in range(copies)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del keep
    return grown / copies


STARTUP_SHARE = 0.25  # above this share of a run's wall time, start-up decides its figure


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def machine_scaling(n: int, rounds: int = 3) -> float:
    """Wall-time speed-up of 2 worker processes over 1 on the same pure-Python loop (started the way playouts start
    their workers; their start-up left out; the best of `rounds` of each, alternated): the most any 2-worker figure
    can show on this machine."""
    import multiprocessing

    from engine.playouts import start_method

    one, two = math.inf, math.inf
    with multiprocessing.get_context(start_method()).Pool(2) as pool:
        pool.map(_spin, [1, 1], chunksize=1)  # both workers started
        for _ in range(rounds):
            start = time.perf_counter()
            _spin(n)
            _spin(n)
            one = min(one, time.perf_counter() - start)
            start = time.perf_counter()
            pool.map(_spin, [n, n], chunksize=1)
            two = min(two, time.perf_counter() - start)
    return one / two


def playout_rates(n: int) -> tuple[dict[str, float], dict[str, str]]:
    """Playouts per second (wall time) with 1 and 2 worker processes, if `engine.playouts` exists; and, by
    figure, a note where the start-up of the worker processes (timed by a run of one playout per worker)
    takes more than STARTUP_SHARE of the run: then the figure says how fast processes start, not playouts."""
    try:
        from engine import playouts
    except ImportError:
        return {}, {}
    out, flags = {}, {}
    for workers in (1, 2):
        name = f"playouts per second, {workers} worker(s), wall time"
        if workers > 1:
            startup = playouts.run(THREE_TRIGGERS, workers, workers=workers, seed=1, progress=False)["timing"]
        timing = playouts.run(THREE_TRIGGERS, n, workers=workers, seed=1, progress=False)["timing"]
        out[name] = timing["playouts_per_second"]
        if workers > 1 and startup["seconds"] > STARTUP_SHARE * timing["seconds"]:
            flags[name] = flags[PLAYOUT_SCALING] = (
                f"start-up dominated: one playout per worker took {startup['seconds']:.2f} s, this run of {n} "
                f"{timing['seconds']:.2f} s; measure more playouts")  # fmt: skip
    out[PLAYOUT_SCALING] = out["playouts per second, 2 worker(s), wall time"] / out[
        "playouts per second, 1 worker(s), wall time"]
    out[MACHINE_SCALING] = machine_scaling(3_000_000)
    return out, flags


def measure(quick: bool) -> dict[str, Any]:
    n, r = (200, 3) if quick else (2000, 7)
    inp = BattleInput(0, Player.A, 2000, 1, Player.B, 1500, False)
    battlers = frozenset({0, 1})

    def calc() -> object:
        return apply_battle_damage_modifiers(compare_values(inp).damage, (), battlers)

    def whole(proto: Duel, agent: Callable[[], Any] | None = None) -> Callable[[], object]:
        if agent is None:
            return lambda: proto.clone().advance()

        def run() -> object:
            return proto.clone().run(agent())

        return run

    def listened(proto: Duel) -> Callable[[], object]:
        def run() -> object:
            duel = proto.clone()
            duel.on_transition(lambda d, a, b: None)
            duel.on_event(lambda e: None)
            duel.on_decision(lambda d, dec, o: None)
            return duel.advance()

        return run

    def transitions(raw: dict[str, Any], agent: Callable[[], Any] | None = None) -> Callable[[], object]:
        state = state_from_scenario(parse_scenario(raw))

        def run() -> object:
            duel = Duel(state.clone(), executor="transitions")
            return duel.advance() if agent is None else duel.run(agent())

        return run

    vanilla, vanilla_log = prototype(VANILLA, record=False), prototype(VANILLA)
    chain, chain_log = prototype(ONE_LINK, record=False), prototype(ONE_LINK)
    three = prototype(THREE_TRIGGERS, record=False)
    games = 20 if quick else 200
    per_decision = min(_per_decision(three, games) for _ in range(3))
    at = first_decision(THREE_TRIGGERS, record=False)
    vanilla_game, three_game = BattleGame(VANILLA), BattleGame(THREE_TRIGGERS)
    per_search_decision = min(_per(lambda: search_playouts(three_game, games, seed=7)) for _ in range(3))
    search_at = three_game.new_initial_state()

    base = best_us(calc, n * 10, r)
    us = {
        "pure damage calculation (baseline)": base,
        # The same pure-Python loop in every build and run: how fast the machine was (never compiled).
        "reference: 1,000 integer additions in a Python loop": best_us(_additions, n, r),
        "vanilla Damage Step, record=False (the playout path)": best_us(whole(vanilla), n, r),
        "vanilla Damage Step, event log kept": best_us(whole(vanilla_log), n, r),
        "vanilla Damage Step, a listener of each kind attached": best_us(listened(vanilla_log), n, r),
        "vanilla Damage Step, transitions executor": best_us(transitions(VANILLA), max(n // 10, 20), r),
        "one-link chain Damage Step, record=False": best_us(whole(chain, FirstThenPass), n, r),
        "one-link chain Damage Step, event log kept": best_us(whole(chain_log, FirstThenPass), n, r),
        "one-link chain Damage Step, transitions executor": best_us(
            transitions(ONE_LINK, FirstThenPass), max(n // 10, 20), r
        ),
        "one decision step, 3 triggers + 2-link chain (random playouts)": per_decision,
        "vanilla whole Battle Phase, one attack chosen by an agent, record=False": best_us(
            whole(prototype(VANILLA_BATTLE_PHASE, record=False), AttackFirst), n, r
        ),
        "Duel.clone() at a decision point": best_us(at.clone, n * 5, r),
        "GameState.clone() at a decision point": best_us(at.state.clone, n * 5, r),
        SNAPSHOT: best_us(at._snapshot, n * 5, r),
        "copy.deepcopy of the same state": best_us(lambda: copy.deepcopy(at.state), max(n // 10, 20), r),
        SEARCH_VANILLA: best_us(vanilla_game.new_initial_state, n, r),
        SEARCH_DECISION: per_search_decision,
        SEARCH_CLONE: best_us(search_at.clone, n * 5, r),
        FLOOR: best_us(floor.vanilla_game, n * 5, r),
    }
    rates, flags = playout_rates(50 if quick else 20_000)
    other = {
        "decisions per second, random playouts of the 3-trigger battle (one core)": 1e6 / per_decision,
        SEARCH_RATE: 1e6 / per_search_decision,
        SEARCH_COST: per_search_decision / per_decision,
        "bytes per cloned state (tracemalloc)": clone_bytes(at),
        "deepcopy / Duel.clone": us["copy.deepcopy of the same state"] / us["Duel.clone() at a decision point"],
        FLOOR_RATIO: us[SEARCH_VANILLA] / us[FLOOR],
        **rates,
    }
    ratios = {k: v / base for k, v in us.items()}
    return {**checkout.build(), "us_per_op": us, "ratio_to_baseline": ratios, "other": other, "flags": flags}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer iterations (smoke run)")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args()
    figures = measure(args.quick)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    us, ratio = figures["us_per_op"], figures["ratio_to_baseline"]
    print(f"build: {figures['build_info']}; engine: {figures['engine']}")
    width = max(len(k) for k in [*us, *figures["other"]])
    print(f"{'measure':<{width}}  {'µs/op':>10}  {'× baseline':>10}")
    for name, v in us.items():
        print(f"{name:<{width}}  {v:>10.2f}  {ratio[name]:>10.1f}")
    for name, v in figures["other"].items():
        flag = figures["flags"].get(name)
        shown = f"{v:>10.2f}" if v < 10 else f"{v:>10,.0f}"  # (a ratio, or a count)
        print(f"{name:<{width}}  {shown}" + (f"  ({flag})" if flag else ""))
    print(f"\ntargets (issue 39), {figures['build']} build:")
    for line in target_lines(figures):
        print(f"  {line}")


def target_lines(figures: dict[str, Any]) -> list[str]:
    """Each of issue 39's targets, with this build's figure and whether it meets it (or that it has none here)."""
    build = figures["build"]
    values = {**figures["us_per_op"], **figures["other"]}
    lines = []
    for name, op, bounds in ISSUE_39_TARGETS:
        v = values[name]
        shown = f"{v:,.0f}/s" if op == ">=" else f"{v:.2f} µs"
        bound = bounds.get(build)
        if bound is None:
            lines.append(f"{name}: {shown} (no target for the {build} build)")
            continue
        met = v <= bound if op == "<=" else v >= bound
        want = f"{op.replace('<=', '≤').replace('>=', '≥')} {bound:,g}{'/s' if op == '>=' else ' µs'}"
        lines.append(f"{name}: {shown}, target {want}: {'met' if met else 'NOT met'}")
    return lines


if __name__ == "__main__":
    main()

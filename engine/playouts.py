"""Playouts at scale: many games of one battle from its start, and what came of them.

    python -m engine playouts SCENARIO --n N [--workers W] [--seed S] [--agent random|mcts]
                              [--backend processes|ray] [--format text|json]

Playout ``k`` of a run with seed ``S`` is seeded with `playout_seed(S, k)` (a hash of both, the
same in every process), never with anything about the worker that plays it, and the results are
gathered in ``k`` order; so a run's result is the same whatever the number of workers and the
backend, except for its "timing" entry. The randomness is `engine.RandomAgent`'s (the engine holds
none of its own): the random agent is one, and the MCTS agent's rollouts are played by one.

Backends: "processes" runs chunks of playouts in worker processes of this machine (started by "fork" where the
platform has it and this process runs one thread, so a worker starts in milliseconds with the engine already
imported; "spawn" otherwise), "processes" with one worker runs them in this process;
"ray" (the ``ray`` extra) runs the same chunks as Ray tasks, on the cluster `ray.init()` finds
(``RAY_ADDRESS``), or on a local one started for the run (its start is not counted in the
throughput); there the cluster decides how many run at once, and ``workers`` only sizes the
chunks. A progress bar (tqdm, when installed) is drawn only when standard error is a terminal.
A script calling `run` with several workers needs the ``if __name__ == "__main__":`` guard, as
any use of the "spawn" start method does (the workers import the main module).

A chunk of playouts comes back as one `Tally` (counts and integer sums), not one message per playout, and tallies
merge exactly (integers, in any order): the summary of a run does not depend on how it was cut up.
"""

from __future__ import annotations

import hashlib
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from fractions import Fraction
from typing import Any, Literal

import attrs

from engine.agents import RandomAgent
from engine.search import TERMINAL, BattleGame, BattleState, ScenarioLike

AgentName = Literal["random", "mcts"]
Backend = Literal["processes", "ray"]
AGENTS: tuple[AgentName, ...] = ("random", "mcts")
BACKENDS: tuple[Backend, ...] = ("processes", "ray")
DEFAULT_SIMULATIONS = 50
UCT_C = 1.4


def playout_seed(seed: int, k: int) -> int:
    """The seed of playout `k` of a run seeded `seed`: a 64-bit hash of both, so neighbouring
    runs and playouts get unrelated random streams, identically in every process."""
    return int.from_bytes(hashlib.blake2b(f"{seed}/{k}".encode(), digest_size=8).digest(), "big")


@attrs.frozen(slots=True)
class Playout:
    """What one playout came to. `outcome` is "A" or "B" (that player won the Duel), "draw", or
    "not_over" (the Damage Step ended and the Duel goes on); `lp_swing` is A's LP change minus
    B's; `first` is the first decision taken ("A: pass"), None if the battle asked for none."""

    index: int
    outcome: str
    lp_swing: int
    first: str | None
    decisions: int


@attrs.define
class Tally:
    """What some playouts came to, in counts and integer sums: a chunk's result, merged exactly into the run's (the
    same summary whatever the chunks and their order: nothing is rounded before `summary`)."""

    n: int = 0
    outcomes: Counter[str] = attrs.Factory(Counter)
    swing_sum: int = 0
    swing_squares: int = 0
    swing_min: int | None = None
    swing_max: int | None = None
    firsts: Counter[str] = attrs.Factory(Counter)
    decisions: int = 0

    def add(self, p: Playout) -> None:
        self.n += 1
        self.outcomes[p.outcome] += 1
        self.swing_sum += p.lp_swing
        self.swing_squares += p.lp_swing * p.lp_swing
        self.swing_min = p.lp_swing if self.swing_min is None else min(self.swing_min, p.lp_swing)
        self.swing_max = p.lp_swing if self.swing_max is None else max(self.swing_max, p.lp_swing)
        self.firsts[p.first if p.first is not None else "(no decision)"] += 1
        self.decisions += p.decisions

    def merge(self, other: Tally) -> None:
        self.n += other.n
        self.outcomes.update(other.outcomes)
        self.swing_sum += other.swing_sum
        self.swing_squares += other.swing_squares
        for bound in (other.swing_min, other.swing_max):
            if bound is not None:
                self.swing_min = bound if self.swing_min is None else min(self.swing_min, bound)
                self.swing_max = bound if self.swing_max is None else max(self.swing_max, bound)
        self.firsts.update(other.firsts)
        self.decisions += other.decisions

    def summary(self) -> dict[str, Any]:
        """The distribution of outcomes: Duel results, LP swing (A's LP change minus B's: mean, population standard
        deviation, extremes), how often each first decision was taken, and the number of decisions."""
        n = self.n
        variance = Fraction(n * self.swing_squares - self.swing_sum**2, n * n) if n else None
        return {
            "n": n,
            "outcomes": {k: self.outcomes.get(k, 0) for k in ("A", "B", "draw", "not_over")},
            "lp_swing": {
                "mean": self.swing_sum / n if n else None,
                "stdev": math.sqrt(variance) if variance is not None else None,
                "min": self.swing_min,
                "max": self.swing_max,
            },
            "first_decisions": dict(sorted(self.firsts.items(), key=lambda kv: (-kv[1], kv[0]))),
            "decisions": self.decisions,
        }


# -- agents ---------------------------------------------------------------------------------------


def random_action(state: BattleState, agent: RandomAgent) -> int:
    """The random agent's answer, as an action id."""
    return state.game.actions.legal_id(agent.choose(state.decision(), state.duel))


class MctsAgent:
    """UCT: `simulations` descents from the decision, each expanding one new child (the lowest
    untried id first) and finishing with a random rollout; the most visited answer is taken
    (the lowest id among equals). Values are `BattleState.returns()`, each node counting them
    for the player who chose the action leading to it. It searches the true state, hidden cards included: an
    open-hand search, whatever the game's view (docs/search-and-learning.md)."""

    def __init__(self, seed: int, simulations: int = DEFAULT_SIMULATIONS, uct_c: float = UCT_C) -> None:
        self.rollout = RandomAgent(seed)
        self.simulations = simulations
        self.uct_c = uct_c

    def action(self, state: BattleState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node(state.clone(), -1)
        for _ in range(self.simulations):
            path = [root]
            node = root
            while not node.untried and node.children:
                node = self._select(node)
                path.append(node)
            if node.untried:
                a = node.untried.pop(0)
                child = _Node(node.state.child(a), node.state.current_player())
                node.children[a] = child
                node = child
                path.append(node)
            returns = self._rollout(node.state)
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.value += returns[n.mover]
        return max(sorted(root.children), key=lambda a: root.children[a].visits)

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        best, best_score = None, -math.inf
        for a in sorted(node.children):
            c = node.children[a]
            score = c.value / c.visits + self.uct_c * math.sqrt(log_n / c.visits)
            if score > best_score:
                best, best_score = c, score
        assert best is not None
        return best

    def _rollout(self, state: BattleState) -> list[float]:
        if state.is_terminal():
            return state.returns()
        s = state.clone()
        while not s.is_terminal():
            s.apply_action(random_action(s, self.rollout))
        return s.returns()


class _Node:
    __slots__ = ("children", "mover", "state", "untried", "value", "visits")

    def __init__(self, state: BattleState, mover: int) -> None:
        self.state = state
        self.mover = mover  # the player whose action led here (-1 at the root)
        self.untried = state.legal_actions()
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0


# -- playing --------------------------------------------------------------------------------------


def play_one(game: BattleGame, k: int, seed: int, agent: AgentName, simulations: int = DEFAULT_SIMULATIONS) -> Playout:
    """Playout `k` of the run seeded `seed`, both players played by `agent`."""
    s = game.new_initial_state()
    rng = RandomAgent(playout_seed(seed, k))
    mcts = MctsAgent(playout_seed(seed, k), simulations) if agent == "mcts" else None
    first = None
    while not s.is_terminal():
        a = mcts.action(s) if mcts is not None else random_action(s, rng)
        if first is None:
            first = f"{'AB'[s.current_player()]}: {s.action_to_string(a)}"
        s.apply_action(a)
    st = s.duel.state
    outcome = "draw" if st.draw else (st.winner.name if st.winner is not None else "not_over")
    assert s.current_player() == TERMINAL
    return Playout(k, outcome, s.lp_swing(), first, len(s.history))


def play_chunk(game: BattleGame, start: int, stop: int, seed: int, agent: AgentName, simulations: int) -> Tally:
    """Playouts start..stop-1, tallied: the unit of work sent to a worker (a module-level function, so
    that spawned processes and Ray can import it), and the one message it sends back."""
    tally = Tally()
    for k in range(start, stop):
        tally.add(play_one(game, k, seed, agent, simulations))
    return tally


def chunks(n: int, workers: int) -> list[tuple[int, int]]:
    """About 8 chunks per worker, so that workers finish together and the bar moves."""
    size = max(1, math.ceil(n / (max(1, workers) * 8)))
    return [(i, min(n, i + size)) for i in range(0, n, size)]


def run(
    scenario: ScenarioLike | BattleGame,
    n: int,
    *,
    workers: int = 1,
    seed: int = 0,
    agent: AgentName = "random",
    backend: Backend = "processes",
    simulations: int = DEFAULT_SIMULATIONS,
    progress: bool | None = None,
) -> dict[str, Any]:
    """Play `n` playouts and summarise them (`summarise`); `progress` None draws the bar only
    when standard error is a terminal."""
    if n < 0 or workers < 1:
        raise ValueError("n must be >= 0 and workers >= 1")
    if agent not in AGENTS or backend not in BACKENDS:
        raise ValueError(f"agent must be one of {AGENTS}, backend one of {BACKENDS}")
    if agent == "mcts" and simulations < 1:
        raise ValueError(f"simulations must be >= 1 for the mcts agent, got {simulations}")
    game = scenario if isinstance(scenario, BattleGame) else BattleGame(scenario)
    parts = chunks(n, workers)
    ray_started = _ray_start() if backend == "ray" else False  # a cluster's start is not timed
    try:
        bar = _bar(n, sys.stderr.isatty() if progress is None else progress)
        t0 = time.perf_counter()
        if backend == "ray":
            results = _run_ray(game, parts, seed, agent, simulations, bar)
        elif workers == 1:
            results = []
            for a, b in parts:
                results.append(play_chunk(game, a, b, seed, agent, simulations))
                bar(b - a)
        else:
            results = _run_processes(game, parts, workers, seed, agent, simulations, bar)
        seconds = time.perf_counter() - t0
        bar(-1)
    finally:
        if ray_started:
            import ray

            ray.shutdown()
    tally = Tally()
    for part in results:
        tally.merge(part)
    summary = tally.summary()
    summary.update(
        scenario=game.scenario.id if game.scenario is not None else None, seed=seed, agent=agent,
        simulations=simulations if agent == "mcts" else None,
    )  # fmt: skip
    summary["timing"] = {
        "seconds": seconds,
        "playouts_per_second": n / seconds if seconds > 0 else None,
        "decisions_per_second": summary["decisions"] / seconds if seconds > 0 else None,
        "workers": workers,
        "backend": backend,
    }
    return summary


def _run_processes(
    game: BattleGame, parts: list[tuple[int, int]], workers: int, seed: int, agent: AgentName, simulations: int,
    bar: Callable[[int], None],
) -> list[Tally]:  # fmt: skip
    import multiprocessing

    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(start_method())) as pool:
        futures = [pool.submit(play_chunk, game, a, b, seed, agent, simulations) for a, b in parts]
        for (a, b), f in zip(parts, futures, strict=True):
            f.add_done_callback(_ticker(bar, b - a))
        return [f.result() for f in futures]


def start_method() -> str:
    """"fork" where the platform has it and this process runs one thread (a forked worker starts at once, with the
    engine imported; forking a process with other threads can deadlock it), "spawn" otherwise."""
    import multiprocessing
    import threading

    return "fork" if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1 else "spawn"


def _ticker(bar: Callable[[int], None], count: int) -> Callable[[Future[Tally]], None]:
    return lambda _f: bar(count)


def _ray_start() -> bool:
    """Connect to Ray (the cluster `ray.init()` finds, e.g. by ``RAY_ADDRESS``, else a local one)
    unless this process already is; True if this call did, so the run shuts it down after."""
    import ray

    if ray.is_initialized():
        return False
    ray.init(include_dashboard=False, log_to_driver=False)
    return True


def _run_ray(
    game: BattleGame, parts: list[tuple[int, int]], seed: int, agent: AgentName, simulations: int,
    bar: Callable[[int], None],
) -> list[Tally]:  # fmt: skip
    """The chunks as Ray tasks (the cluster decides how many run at once)."""
    import ray

    task = ray.remote(play_chunk)
    game_ref = ray.put(game)
    refs = [task.remote(game_ref, a, b, seed, agent, simulations) for a, b in parts]
    size = {ref: b - a for ref, (a, b) in zip(refs, parts, strict=True)}
    waiting = list(refs)
    while waiting:
        done, waiting = ray.wait(waiting, num_returns=1)
        for ref in done:
            bar(size[ref])
    return [ray.get(ref) for ref in refs]


def _bar(total: int, show: bool) -> Callable[[int], None]:
    """A function advancing a tqdm bar by k (closing it on -1), or doing nothing."""
    if not show:
        return lambda k: None
    try:
        from tqdm import tqdm
    except ImportError:
        return lambda k: None
    t = tqdm(total=total, unit="playout", file=sys.stderr)

    def advance(k: int) -> None:
        if k < 0:
            t.close()
        else:
            t.update(k)

    return advance


def summarise(playouts: Sequence[Playout]) -> dict[str, Any]:
    """The distribution of outcomes of these playouts (`Tally.summary`)."""
    tally = Tally()
    for p in playouts:
        tally.add(p)
    return tally.summary()


def format_text(summary: dict[str, Any]) -> str:
    n = summary["n"]
    t = summary["timing"]
    o = summary["outcomes"]
    sw = summary["lp_swing"]

    def share(k: int) -> str:
        return f"{k} ({100 * k / n:.1f}%)" if n else str(k)

    lines = [
        f"{n} playouts of {summary['scenario'] or 'the battle'} (seed {summary['seed']}, agent {summary['agent']}, "
        f"{t['workers']} worker(s), {t['backend']})",
        f"Duel: A won {share(o['A'])}, B won {share(o['B'])}, draw {share(o['draw'])}, "
        f"not over {share(o['not_over'])}",
    ]
    if n:
        lines.append(f"LP swing (A's LP change - B's): mean {sw['mean']:.1f}, stdev {sw['stdev']:.1f}, "
                     f"min {sw['min']}, max {sw['max']}")  # fmt: skip
    lines.append("first decision:")
    lines += [f"  {share(k):>16}  {what}" for what, k in summary["first_decisions"].items()]
    if t["playouts_per_second"] is not None:
        lines.append(f"throughput: {t['playouts_per_second']:.1f} playouts/s, {t['decisions_per_second']:.1f} "
                     f"decisions/s ({summary['decisions']} decisions in {t['seconds']:.2f} s)")  # fmt: skip
    return "\n".join(lines)


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary less its timing: what must not depend on workers or backend."""
    return {k: v for k, v in summary.items() if k != "timing"}


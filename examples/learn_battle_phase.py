"""An agent that learns to play Battle Phases it cannot fully see (issue 41): numpy only, a few dozen lines.

    python examples/learn_battle_phase.py --episodes 3200 --out docs/learning-curve.png

The family: random fields of library cards (`engine.fields`: two monsters, a Set card and a card in hand a side),
a whole Battle Phase each, with hidden information on (the default "hidden" view of `engine.search`: the agent
does not see B's hand, B's Set card, nor B's Set monsters until they are flipped). The agent plays A, the turn player
(it declares the attacks and answers with its own cards); B is played by the opponent. The returns are
``reward="lp_and_cards"`` (LP swing plus 1000 LP a card, scaled by both starting LP summed; +1 / -1 for a Duel won or
lost).

The agent: a linear softmax policy over a few features of each legal action, read from the agent's own observation
tensor only (`engine.observation`: the attacker's ATK, what is known of the target, whether it would win the battle,
where an activated card is), trained by REINFORCE with a running-mean baseline. At intervals it is evaluated,
greedy, on held-out fields against two opponents: the random agent and an open-hand MCTS (`engine.playouts.MctsAgent`,
which searches the true state: it sees A's hand and Set card). The random agent playing A against the same opponents
on the same fields is the baseline. The curve is written as a PNG (``pip install -e '.[learn]'``: matplotlib).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from engine.fields import MAX_EFFECTS, random_field
from engine.observation import CARD_FIELDS, HEADER_SIZE, PLACES
from engine.playouts import MctsAgent
from engine.search import BattleGame, BattleState
from engine.values.decisions import ATTACK, Option
from engine.values.game import Location

Policy = Callable[[BattleState, random.Random], int]
FEATURES = 14
_HAND = PLACES.index(Location.HAND)  # (the places a card can be: `Location` but a Token gone)
_ATTACKER = HEADER_SIZE - 3 - 20  # the attacker block of the header (engine.observation.OBSERVATION_FIELDS)


def card(obs: np.ndarray, i: int) -> dict[str, float]:
    """Card `i` of an observation: the fields of `engine.observation`'s per-card block."""
    b = HEADER_SIZE + i * CARD_FIELDS + len(PLACES)
    return {"own": obs[b], "up": obs[b + 1], "known": obs[b + 2], "defense": obs[b + 3], "atk": obs[b + 4],
            "def": obs[b + 5], "hand": obs[b - len(PLACES) + _HAND]}  # fmt: skip


def features(obs: np.ndarray, o: Option) -> np.ndarray:
    """What the policy reads of one legal answer, from the agent's observation only."""
    f = np.zeros(FEATURES)
    if o.is_pass:
        f[0] = 1.0
    elif o.effect == ATTACK:
        f[1] = 1.0
        a = card(obs, o.card)["atk"]
        f[4] = a
        if not o.targets:
            f[3] = 1.0
        else:
            t = card(obs, o.targets[0])
            if not t["known"]:
                f[5] = 1.0
            else:
                margin = a - (t["def"] if t["defense"] else t["atk"])
                f[6 + (0 if margin > 0 else 1 if margin == 0 else 2)] = 1.0
                f[9] = float(np.clip(margin * 2, -1, 1))
                f[10] = 0.0 if t["defense"] else max(margin, 0.0)
    else:
        f[2] = 1.0
        f[11] = card(obs, o.card)["hand"]
        f[12] = obs[_ATTACKER]  # during an attack
        f[13] = obs[_ATTACKER] * obs[_ATTACKER + 1]  # during one's own attack
    return f


class LinearAgent:
    """Softmax over w . features(action); REINFORCE with a running-mean baseline."""

    def __init__(self, lr: float = 0.1) -> None:
        self.w = np.zeros(FEATURES)
        self.lr = lr
        self.baseline = 0.0

    def scores(self, state: BattleState, player: int) -> tuple[list[int], np.ndarray, np.ndarray]:
        obs = np.asarray(state.observation(player))
        legal = state.legal_actions()
        phi = np.array([features(obs, state.option(a)) for a in legal])
        z = phi @ self.w
        p = np.exp(z - z.max())
        return legal, phi, p / p.sum()

    def act(self, state: BattleState, rng: random.Random, trace: list[Any] | None = None) -> int:
        legal, phi, p = self.scores(state, state.current_player())
        k = int(rng.choices(range(len(legal)), weights=p)[0]) if trace is not None else int(np.argmax(p))
        if trace is not None:
            trace.append(phi[k] - p @ phi)  # the gradient of log p(k)
        return legal[k]

    def learn(self, trace: list[Any], ret: float) -> None:
        advantage = ret - self.baseline
        self.baseline += 0.05 * (ret - self.baseline)
        for g in trace:
            self.w += self.lr * advantage * g


def random_policy(state: BattleState, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def mcts_policy(simulations: int) -> Policy:
    """The open-hand MCTS of `engine.playouts` (it searches the true state, hidden cards included)."""
    return lambda state, rng: MctsAgent(rng.randrange(2**31), simulations).action(state)


def game_of(seed: int) -> BattleGame:
    return BattleGame(random_field(random.Random(seed)), effects_per_card=MAX_EFFECTS, reward="lp_and_cards")


def play(game: BattleGame, a: Policy, b: Policy, rng: random.Random) -> float:
    """One battle, A's policy against B's; A's return."""
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action((a if s.current_player() == 0 else b)(s, rng))
    return s.returns()[0]


def evaluate(a: Policy, b: Policy, seeds: list[int]) -> float:
    """A's mean return over the held-out fields `seeds` (each its own fixed random stream)."""
    return float(np.mean([play(game_of(k), a, b, random.Random(k)) for k in seeds]))


def doubling(episodes: int, first: int = 25) -> list[int]:
    """0, first, 2 first, 4 first... below `episodes` (the evaluation points: learning is fastest early)."""
    out, k = [0], first
    while k < episodes:
        out.append(k)
        k *= 2
    return out


def train(
    episodes: int, seed: int = 0, eval_at: Sequence[int] = (), eval_fields: int = 100, mcts: int = 0,
    lr: float = 0.1, log: Callable[[str], None] | None = None,
) -> tuple[LinearAgent, list[dict[str, float]]]:
    """Train on fresh fields drawn from `seed`; evaluate before the episodes numbered in `eval_at`, and at the end if
    any, on held-out fields against the random agent and, with `mcts` simulations, the open-hand MCTS."""
    rng = random.Random(seed)
    agent = LinearAgent(lr)
    held_out = [10**9 + seed * 10**4 + k for k in range(eval_fields)]  # never drawn for training
    curve: list[dict[str, float]] = []

    def point(episode: int) -> None:
        greedy = lambda s, r: agent.act(s, r)  # noqa: E731
        row = {"episode": float(episode), "vs_random": evaluate(greedy, random_policy, held_out)}
        if mcts:
            row["vs_mcts"] = evaluate(greedy, mcts_policy(mcts), held_out)
        curve.append(row)
        if log:
            log(", ".join(f"{k} {v:.3f}" for k, v in row.items()))

    for episode in range(episodes):
        if episode in eval_at:
            point(episode)
        trace: list[Any] = []

        def learner(s: BattleState, r: random.Random, trace: list[Any] = trace) -> int:
            return agent.act(s, r, trace)

        agent.learn(trace, play(game_of(rng.randrange(10**9)), learner, random_policy, rng))
    if eval_at:
        point(episodes)
    return agent, curve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=3200)
    ap.add_argument("--eval-first", type=int, default=25, help="first evaluation point; then doubling")
    ap.add_argument("--eval-fields", type=int, default=200)
    ap.add_argument("--mcts", type=int, default=25, help="simulations of the open-hand MCTS opponent (0: none)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="docs/learning-curve.png")
    args = ap.parse_args()
    t0 = time.time()
    points = doubling(args.episodes, args.eval_first)
    agent, curve = train(args.episodes, args.seed, points, args.eval_fields, args.mcts,
                         log=lambda line: print(f"[{time.time() - t0:6.0f} s] {line}", flush=True))  # fmt: skip
    held_out = [10**9 + args.seed * 10**4 + k for k in range(args.eval_fields)]
    base = {"vs_random": evaluate(random_policy, random_policy, held_out)}
    if args.mcts:
        base["vs_mcts"] = evaluate(random_policy, mcts_policy(args.mcts), held_out)
    print("random agent as A:", ", ".join(f"{k} {v:.3f}" for k, v in base.items()))
    final = curve[-1]
    print(f"trained agent as A: vs_random {final['vs_random']:.3f}, margin over the random agent "
          f"{final['vs_random'] - base['vs_random']:+.3f}; weights {np.round(agent.w, 2).tolist()}")
    plot(curve, base, args)


def plot(curve: list[dict[str, float]], base: dict[str, float], args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    x = [row["episode"] for row in curve]
    for key, color, label in (("vs_random", "tab:blue", "random opponent"), ("vs_mcts", "tab:red",
                                                                            "open-hand MCTS opponent")):  # fmt: skip
        if key in base:
            ax.plot(x, [row[key] for row in curve], color=color, marker="o", label=f"trained agent, {label}")
            ax.axhline(base[key], color=color, linestyle="--", label=f"random agent, {label}")
    ax.set_xscale("symlog", linthresh=max(1, args.eval_first))
    ax.set_xlim(0, args.episodes * 1.1)
    ax.set_xlabel("training episodes (random fields, hidden information; log scale)")
    ax.set_ylabel(f"A's mean return, {args.eval_fields} held-out fields")
    ax.set_title("Learning to play a Battle Phase it cannot fully see")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

"""One battle as a PettingZoo AEC environment, shaped like PettingZoo's classic board games. Needs
the ``pettingzoo`` extra (``pip install -e '.[pettingzoo]'``: pettingzoo and gymnasium).

    from engine.pettingzoo import env
    e = env(scenario="examples/piercing_flip.json")
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_A" and "player_B"; `agent_selection` is the player whose decision is pending
(not strictly alternating: a player may decide twice in a row). Spaces, identical for both:

* action: ``Discrete(num_distinct_actions)``, the stable ids of `engine.search` (0 is pass);
* observation: ``Dict(observation=Box(0, 2, (n,), float32), action_mask=Box(0, 1, (actions,), int8))``,
  the agent's own view (`engine.observation`; by default the "hidden" view: not the opponent's hand nor the
  face of their face-down cards; ``env(..., view="open_hand")`` shows both everything), and its legal actions
  (all 0 when it is not the agent's turn). `render()` is the whole state, for debugging.

Keywords other than these are `engine.search.BattleGame`'s (``reward``, ``view``, ``effects_per_card``,
``every_priority``...). A single-agent env, the other side played by a policy: `engine.gym_env`.

Rewards are dense: after each step both agents get the change of `BattleState.returns()` (the LP
swing, or +1 / -1 when the Duel ends; ``env(..., reward="lp_and_cards")`` adds card advantage,
`engine.search`), counted from 0 at `reset`, so an agent's rewards add up to its final return. The
episode terminates when the Damage Step or the Duel ends, and is truncated after `max_game_length()`
decisions. An illegal action raises `engine.IllegalChoice` and changes nothing, unless the env is
built with ``illegal_reward=x``: then PettingZoo's TerminateIllegalWrapper ends the game with reward
x for the offender, as the classic envs do. """

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from engine.search import TERMINAL, BattleGame, BattleState, ScenarioLike

AGENTS = ["player_A", "player_B"]


def env(scenario: ScenarioLike = None, *, illegal_reward: float | None = None, **kwargs: Any) -> Any:
    """The wrapped environment (order enforcing, actions range-checked), as classic `env()`s are."""
    e: Any = raw_env(scenario, **kwargs)
    if illegal_reward is not None:
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """The unwrapped environment (PettingZoo's name for it)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "damage_step_v0",
        "is_parallelizable": False,
    }

    def __init__(self, scenario: ScenarioLike = None, *, render_mode: str | None = None, **game_kwargs: Any) -> None:
        super().__init__()
        self.game = BattleGame(scenario, **game_kwargs)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        n, k = self.game.observation_size(), self.game.num_distinct_actions()
        self.action_spaces = {a: spaces.Discrete(k) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=2.0, shape=(n,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(k,), dtype=np.int8),
            })
            for a in AGENTS
        }  # fmt: skip
        self.battle: BattleState = self.game.new_initial_state()
        self._baseline = [0.0, 0.0]
        self._start_episode()

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _start_episode(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._baseline = [0.0, 0.0]
        self.battle.play_chance()  # a coin, a die, a random pick: from the duel's own seeded source (§U.16)
        if self.battle.is_terminal():  # a battle with no decision at all: over before anyone acts
            self._settle()
        self.agent_selection = self._selected()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            for i, a in enumerate(AGENTS):
                self.action_spaces[a].seed(seed + i)
        self.battle = self.game.new_initial_state()
        self._start_episode()

    def _selected(self) -> str:
        p = self.battle.current_player()
        return AGENTS[0 if p == TERMINAL else p]

    def _settle(self) -> None:
        """Hand out the change of the returns since the last step, and end the episode if over."""
        now = self.battle.returns()
        self.rewards = {a: now[i] - self._baseline[i] for i, a in enumerate(AGENTS) if a in self.rewards}
        self._baseline = now
        if self.battle.is_terminal():
            done = self.terminations if not self.battle.is_truncated() else self.truncations
            for a in self.agents:
                done[a] = True
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        p = AGENTS.index(agent)
        mask: Any = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        for a in self.battle.legal_actions(p):
            mask[a] = 1
        obs = np.asarray(self.battle.observation(p), dtype=np.float32)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.battle.apply_action(int(action))
        self.battle.play_chance()
        self._cumulative_rewards[agent] = 0.0
        self._settle()
        self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = str(self.battle)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

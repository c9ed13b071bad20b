"""One battle as a single-agent Gymnasium environment: the agent plays one side, a policy the user passes plays the
other (random by default). Needs the ``pettingzoo`` extra (gymnasium).

    from engine.gym_env import BattleEnv
    env = BattleEnv("examples/battle_phase.json")               # one scenario, or:
    env = BattleEnv(fields=engine.fields.random_field)          # a new random field each episode
    obs, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

**Spaces.** Action: ``Discrete(num_distinct_actions)``, the stable ids of `engine.search` (0 is pass). Observation:
``Dict(observation=Box(0, 2, (n,), float32), action_mask=Box(0, 1, (actions,), int8))``: the agent's view
(`engine.observation`, the "hidden" view unless ``view="open_hand"``) and its legal actions; ``info["action_mask"]``
is the mask too. With ``fields``, every episode's field is drawn from the family (`engine.fields`: the same size for
all, and ``effects_per_card`` = `engine.fields.MAX_EFFECTS` unless given, so the spaces stay fixed).

**Turns.** `reset` and `step` play the opponent's decisions (``opponent(state, rng) -> action id``; `random_policy`
by default: a uniform legal action) until the agent must decide or the game is over: the agent only ever sees its own
decisions. ``agent`` is the side it plays, 0 (A, the turn player of `engine.fields`) or 1. With ``fields``, a field
in which the agent would have no decision is drawn again (up to `REDRAWS` times); with one scenario, a battle the
opponent ends before the agent decides is over at `reset` (``info["to_move"]`` None), and the next `step` hands
out its return with ``terminated`` (the action unused).

**Rewards** are dense: the change of the agent's `BattleState.returns()` since its previous decision (the LP swing,
or +1 / -1 when the Duel ends; ``reward="lp_and_cards"`` adds card advantage), so an episode's rewards add up to its
final return. ``terminated`` when the battle is over, ``truncated`` after `max_game_length()` decisions.

**An illegal action** (one the mask does not allow) ends the episode with reward ``illegal_reward`` (-1 by default,
the lowest return) and ``info["illegal_action"]`` saying why, as PettingZoo's TerminateIllegalWrapper does; with
``illegal_reward=None`` it raises `engine.IllegalChoice` instead and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from engine.fields import MAX_EFFECTS
from engine.search import TERMINAL, BattleGame, BattleState, ScenarioLike
from engine.values.decisions import IllegalChoice

ENV_ID = "engine/DamageStep-v0"  # gymnasium.make(ENV_ID, scenario=..., fields=...) once this module is imported
REDRAWS = 100  # fields drawn at most at a reset until one gives the agent a decision
Policy = Callable[[BattleState, random.Random], int]


def random_policy(state: BattleState, rng: random.Random) -> int:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


class BattleEnv(gymnasium.Env):
    """See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        scenario: ScenarioLike = None,
        *,
        fields: Callable[[random.Random], dict[str, Any]] | None = None,
        opponent: Policy = random_policy,
        agent: int = 0,
        illegal_reward: float | None = -1.0,
        render_mode: str | None = None,
        **game_kwargs: Any,
    ) -> None:
        if agent not in (0, 1):
            raise ValueError(f"agent must be 0 or 1, got {agent!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.fields = fields
        self.opponent = opponent
        self.agent = agent
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        if fields is not None:
            game_kwargs.setdefault("effects_per_card", MAX_EFFECTS)
            scenario = fields(random.Random(0))  # the family's shape (every field has it)
        self._game_kwargs = game_kwargs
        self.game = BattleGame(scenario, **game_kwargs)
        n, k = self.game.observation_size(), self.game.num_distinct_actions()
        self.action_space = spaces.Discrete(k)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=2.0, shape=(n,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(k,), dtype=np.int8),
        })  # fmt: skip
        self._rng = random.Random(0)
        self.state: BattleState = self.game.new_initial_state()
        self._last = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        for _ in range(REDRAWS if self.fields is not None else 1):
            if self.fields is not None:
                self.game = BattleGame(self.fields(self._rng), **self._game_kwargs)
                if (self.game.observation_size(), self.game.num_distinct_actions()) != (
                        self.observation_space["observation"].shape[0], self.action_space.n):  # fmt: skip
                    raise ValueError("a field of `fields` has another shape than the first: the spaces would change")
            self.state = self.game.new_initial_state()
            self._last = 0.0
            self._play_opponent()
            if not self.state.is_terminal():
                break
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        s = self.state
        if s.is_terminal():  # over before the agent's first decision (or stepped again): what is left to hand out
            now = s.player_return(self.agent)
            reward, self._last = now - self._last, now
            return self._observe(), reward, not s.is_truncated(), s.is_truncated(), self._info()
        try:
            s.apply_action(action)
        except IllegalChoice as e:
            if self.illegal_reward is None:
                raise
            info = self._info()
            info["illegal_action"] = str(e)
            return self._observe(), float(self.illegal_reward), True, False, info
        self._play_opponent()
        now = s.player_return(self.agent)
        reward, self._last = now - self._last, now
        done = s.is_terminal()
        truncated = done and s.is_truncated()
        return self._observe(), reward, done and not truncated, truncated, self._info()

    def _play_opponent(self) -> None:
        s = self.state
        while not s.is_terminal() and s.current_player() != self.agent:
            if s.is_chance_node():  # a coin, a die, a random pick: the duel's own seeded source (§U.16)
                s.play_chance()
                continue
            s.apply_action(self.opponent(s, self._rng))

    def observe(self) -> dict[str, Any]:
        """The agent's observation now (what `reset` and `step` return)."""
        return self._observe()

    def _observe(self) -> dict[str, Any]:
        mask: Any = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        mask[self.state.legal_actions(self.agent)] = 1
        return {"observation": np.asarray(self.state.observation(self.agent), dtype=np.float32), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        s = self.state
        p = s.current_player()
        return {"action_mask": self._observe()["action_mask"], "to_move": None if p == TERMINAL else p}

    def render(self) -> str | None:
        return self.state.observation_string(self.agent) if self.render_mode == "ansi" else None


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=BattleEnv)

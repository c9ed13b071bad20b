"""The single-agent Gymnasium environment (issue 41): Gymnasium's own env_checker on it, the opponent a policy the
user passes (random by default), rewards that add up to the agent's return, illegal actions."""

from __future__ import annotations

import random
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import engine  # noqa: E402
from engine.fields import random_field  # noqa: E402
from engine.gym_env import ENV_ID, BattleEnv  # noqa: E402
from engine.search import BattleState  # noqa: E402


@pytest.mark.parametrize(
    "kwargs",
    [{"scenario": "examples/battle_phase.json"}, {"scenario": "examples/battle_phase.json", "agent": 1},
     {"fields": random_field}, {"fields": random_field, "agent": 1}, {"scenario": "examples/piercing_flip.json"},
     {"fields": random_field, "view": "open_hand", "reward": "lp_and_cards"}],
    ids=["example", "example_as_B", "fields", "fields_as_B", "piercing_flip", "fields_open_hand"],
)  # fmt: skip
def test_check_env_is_clean(kwargs: dict[str, object]) -> None:
    env = gymnasium.make(ENV_ID, **kwargs).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # clean: not even a warning
        check_env(env)


def test_the_agent_decides_only_its_own_decisions_and_rewards_add_up() -> None:
    calls: list[int] = []

    def passer(state: BattleState, rng: random.Random) -> int:
        calls.append(state.current_player())
        return 0 if 0 in state.legal_actions() else state.legal_actions()[0]

    for agent in (0, 1):
        env = BattleEnv(fields=random_field, opponent=passer, agent=agent, reward="lp_and_cards")
        for episode in range(5):
            obs, info = env.reset(seed=episode)
            total, done = 0.0, env.state.is_terminal()
            while not done:
                assert env.state.current_player() == agent and info["to_move"] == agent
                assert (obs["action_mask"] == info["action_mask"]).all() and obs["action_mask"].sum() >= 1
                action = int(np.flatnonzero(obs["action_mask"])[-1])
                obs, reward, terminated, truncated, info = env.step(action)
                total += reward
                done = terminated or truncated
            assert total == pytest.approx(env.state.returns()[agent])
        assert calls and set(calls) == {1 - agent}
        calls.clear()


def test_reset_with_a_seed_replays_the_same_episode() -> None:
    env = BattleEnv(fields=random_field)
    runs = []
    for _ in range(2):
        obs, _ = env.reset(seed=11)
        seen = [obs["observation"].tolist()]
        while not env.state.is_terminal():
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            seen.append(obs["observation"].tolist())
        runs.append((seen, env.state.history))
    assert runs[0] == runs[1]


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = BattleEnv("examples/battle_phase.json")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert reward == -1.0 and terminated and not truncated and "illegal" in info["illegal_action"]
    strict = BattleEnv("examples/battle_phase.json", illegal_reward=None)
    strict.reset(seed=0)
    before = strict.state.state_hash()
    with pytest.raises(engine.IllegalChoice, match=f"action {illegal}"):
        strict.step(illegal)
    assert strict.state.state_hash() == before
    with pytest.raises(ValueError, match="agent must be 0 or 1"):
        BattleEnv(agent=2)

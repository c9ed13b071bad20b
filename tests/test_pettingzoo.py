"""The PettingZoo integration (issue 8 part 4, the ``pettingzoo`` extra): PettingZoo's own api_test
on the AEC environment, and what its rewards, masks and terminations mean."""

from __future__ import annotations

import needs
import pytest
from search_scenarios import CONTESTED, DESTROYS_WITHOUT_DAMAGE, LISTED_ATTACKS, ONE_WINNING_CHOICE, WINNING_ORDER

pettingzoo_test = needs.module("pettingzoo.test")
np = needs.module("numpy")

import engine  # noqa: E402
from engine.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("scenario", [None, "examples/piercing_flip.json", CONTESTED, ONE_WINNING_CHOICE,
                                      WINNING_ORDER, LISTED_ATTACKS, "examples/battle_phase.json"],
                         ids=["demo", "piercing_flip", "contested", "one_winning_choice", "winning_order",
                              "listed_attacks", "battle_phase_example"])  # fmt: skip
def test_api_test(scenario: object) -> None:
    pettingzoo_test.api_test(env(scenario=scenario), num_cycles=50, verbose_progress=False)


def test_api_test_unwrapped_and_with_illegal_moves_terminating() -> None:
    pettingzoo_test.api_test(raw_env(CONTESTED), num_cycles=50, verbose_progress=False)
    pettingzoo_test.api_test(env(scenario=CONTESTED, illegal_reward=-1), num_cycles=50, verbose_progress=False)


def test_agents_masks_and_rewards_add_up_to_the_returns() -> None:
    e = raw_env(CONTESTED)
    for seed in range(20):
        e.reset(seed=seed)
        assert e.agents == ["player_A", "player_B"] and e.agent_selection == "player_A"
        rng = np.random.default_rng(seed)
        totals = {"player_A": 0.0, "player_B": 0.0}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            legal = e.battle.legal_actions()
            assert list(np.flatnonzero(obs["action_mask"])) == legal
            other = "player_B" if agent == "player_A" else "player_A"
            assert not e.observe(other)["action_mask"].any()  # only the player to move may act
            e.step(int(rng.choice(legal)))
        returns = e.battle.returns()
        assert totals["player_A"] == pytest.approx(returns[0]) and totals["player_B"] == pytest.approx(returns[1])


def test_winning_choice_rewards_the_winner() -> None:
    e = env(scenario=ONE_WINNING_CHOICE)
    e.reset()
    e.step(e.unwrapped.battle.string_to_action("activate rush effect 0"))
    while e.agents:
        _, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else 0)
    assert e.unwrapped.battle.returns() == [1.0, -1.0]  # B, at 400 LP, took 500 (search_scenarios)


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env(CONTESTED)
    e.reset()
    before = e.battle.state_hash()
    with pytest.raises(engine.IllegalChoice, match="activate wall"):
        e.step(20)  # B's trap at A's priority
    assert e.battle.state_hash() == before and e.agent_selection == "player_A"


def test_truncation() -> None:
    e = raw_env(CONTESTED, max_decisions=1)
    e.reset()
    e.step(0)
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_the_card_advantage_reward_is_a_game_parameter() -> None:
    for reward, expected in (("lp_swing", 0.0), ("lp_and_cards", 1000 / 16000)):
        e = raw_env(DESTROYS_WITHOUT_DAMAGE, reward=reward)
        e.reset(seed=0)
        totals = {"player_A": 0.0, "player_B": 0.0}
        for agent in e.agent_iter():
            _obs, r, terminated, truncated, _ = e.last()
            totals[agent] += r
            e.step(None if terminated or truncated else e.battle.legal_actions()[0])
        assert totals == pytest.approx({"player_A": expected, "player_B": -expected})

"""The OpenSpiel integration (issue 8 part 4, the ``spiel`` extra): OpenSpiel's own checks on the
registered game "python_damage_step", and its MCTS finding the one winning choice of a battle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from search_scenarios import CONTESTED, LISTED_ATTACKS, ONE_WINNING_CHOICE, WINNING_ORDER

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

import engine.openspiel  # noqa: E402  (registers the game; needs pyspiel)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def scenario_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    def write(scenario: dict[str, object]) -> str:
        path = tmp_path / f"{scenario['id']}.json"
        path.write_text(json.dumps(scenario))
        return str(path)

    return write


def test_registered_with_its_type() -> None:
    assert engine.openspiel.SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_damage_step")  # the built-in example
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION  # issue 41: each player's view
    open_hand = pyspiel.load_game("python_damage_step", {"open_hand": True}).get_type()
    assert open_hand.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2 and game.min_utility() == -1.0 and game.max_utility() == 1.0


BUILT = {"contested": CONTESTED, "winning_order": WINNING_ORDER, "listed_attacks": LISTED_ATTACKS}


@pytest.mark.parametrize("which", ["", "examples/piercing_flip.json", "contested", "winning_order", "listed_attacks",
                                   "examples/battle_phase.json"])  # fmt: skip
def test_random_sim_test(which: str, scenario_file) -> None:  # type: ignore[no-untyped-def]
    """Also on whole Battle Phases: declarations as decisions (winning_order, the example), listed attacks."""
    path = scenario_file(BUILT[which]) if which in BUILT else (str(ROOT / which) if which else "")
    game = pyspiel.load_game("python_damage_step", {"scenario": path})
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)  # a state is its game + history


def test_game_matches_the_search_interface(scenario_file) -> None:  # type: ignore[no-untyped-def]
    from engine.search import BattleGame

    path = scenario_file(CONTESTED)
    game = pyspiel.load_game("python_damage_step", {"scenario": path})
    battle = BattleGame(path)
    assert game.num_distinct_actions() == battle.num_distinct_actions()
    assert game.max_game_length() == battle.max_game_length()
    assert game.observation_tensor_shape() == [battle.observation_size()]
    state, inner = game.new_initial_state(), battle.new_initial_state()
    rng = np.random.RandomState(5)
    while not state.is_terminal():
        assert state.legal_actions() == inner.legal_actions()
        assert state.current_player() == inner.current_player()
        assert state.observation_tensor(1) == pytest.approx(inner.observation(1))
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        inner.apply_action(a)
        if not state.is_terminal():
            assert state.returns() == [0.0, 0.0]  # terminal rewards only
    assert state.returns() == pytest.approx(inner.returns())
    assert state.information_state_string(0) == inner.information_state_string(0)
    assert state.information_state_string(0).startswith("seen: A activate 2.0; ")  # what A saw done, then sees
    open_hand = pyspiel.load_game("python_damage_step", {"scenario": path, "open_hand": True}).new_initial_state()
    for a in state.history():
        open_hand.apply_action(a)
    assert open_hand.information_state_string(0) == open_hand.history_str() == ", ".join(map(str, state.history()))


def test_clone_is_independent() -> None:
    game = pyspiel.load_game("python_damage_step")
    state = game.new_initial_state()
    text, legal = str(state), state.legal_actions()
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[-1])
    assert str(state) == text and state.legal_actions() == legal and state.history() == []


@pytest.mark.parametrize("seed", range(4))
def test_mcts_finds_the_winning_choice(seed: int, scenario_file) -> None:  # type: ignore[no-untyped-def]
    """ONE_WINNING_CHOICE: of A's three answers (rush, sap, pass) only rush wins the Duel; a random
    pick would find it one time in three, so four seeds all finding it is the search working."""
    game = pyspiel.load_game("python_damage_step", {"scenario": scenario_file(ONE_WINNING_CHOICE)})
    state = game.new_initial_state()
    assert state.current_player() == 0 and len(state.legal_actions()) == 3
    rs = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rs), random_state=rs)
    action = bot.step(state)
    assert state.action_to_string(0, action) == "activate rush effect 0"
    while not state.is_terminal():  # and playing on, the bots win the Duel for A
        state.apply_action(bot.step(state))
    assert state.returns() == [1.0, -1.0]


def test_the_card_advantage_reward_is_a_game_parameter(scenario_file) -> None:  # type: ignore[no-untyped-def]
    from search_scenarios import DESTROYS_WITHOUT_DAMAGE

    path = scenario_file(DESTROYS_WITHOUT_DAMAGE)
    for reward, expected in (("lp_swing", 0.0), ("lp_and_cards", 1000 / 16000)):
        state = pyspiel.load_game("python_damage_step", {"scenario": path, "reward": reward}).new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert state.returns() == pytest.approx([expected, -expected])


@pytest.mark.parametrize("seed", range(3))
def test_mcts_finds_the_winning_order_of_attacks(seed: int, scenario_file) -> None:  # type: ignore[no-untyped-def]
    """WINNING_ORDER (tests/search_scenarios.py): of A's three answers in the Battle Step (pass, m1 on x, m2 on x)
    only m1 attacking x first, then m2 attacking directly, wins the Duel; the bot finds the order, and the game
    goes on to the second attack (two battles, B at 0)."""
    game = pyspiel.load_game("python_damage_step", {"scenario": scenario_file(WINNING_ORDER)})
    state = game.new_initial_state()
    rs = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=80,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rs), random_state=rs)
    assert state.action_to_string(0, bot.step(state)) == "attack x with m1"
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns() == [1.0, -1.0]
    assert len(state.inner.duel.battles) == 2 and state.inner.duel.state.players[1].lp == 0

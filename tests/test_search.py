"""The search interface (issue 8 part 3): engine.search.BattleGame / BattleState, OpenSpiel-shaped."""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from search_scenarios import CONTESTED, DESTROYS_WITHOUT_DAMAGE, ONE_WINNING_CHOICE

import engine
from engine.search import OBSERVATION_FIELDS, TERMINAL, ActionTable, BattleGame, BattleState, load_scenario
from engine.values.decisions import ATTACK

ROOT = Path(__file__).resolve().parent.parent


def play_randomly(state: BattleState, rng: random.Random) -> BattleState:
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_scenario_given_as_object_dict_path_or_nothing() -> None:
    path = ROOT / "examples" / "piercing_flip.json"
    games = [BattleGame(engine.parse_scenario(json.loads(path.read_text()))), BattleGame(str(path)), BattleGame(path)]
    assert [g.scenario.id if g.scenario else None for g in games] == ["piercing-flip"] * 3
    assert [g.scenario.id if g.scenario else None for g in (BattleGame(), BattleGame(""))] == ["example-1"] * 2
    with pytest.raises(ValueError, match="no scenario 3"):
        load_scenario(path, 3)


def test_action_ids_are_the_documented_table() -> None:
    """0 is pass; 1 + slot * block + target code, block = 1 + n for n cards; then the attack declarations,
    attack_base + attacker * (1 + n) + (0 direct, 1 + target) (module docstring)."""
    g = BattleGame(CONTESTED)  # 5 cards; effects: att 1, tgt 1, rush 1, wall 1, burn 1 -> slots 0..4
    assert g.num_distinct_actions() == 1 + 5 * (1 + 5) + 5 * (1 + 5)
    t = g.actions
    assert t.encode(engine.PASS) == 0
    assert t.encode(engine.Option(2, 0)) == 1 + 2 * 6  # rush, no target
    assert t.encode(engine.Option(3, 0, (0,))) == 1 + 3 * 6 + 1 + 0  # wall targeting att
    base = 1 + 5 * 6
    assert t.encode(engine.Option(0, ATTACK, (1,))) == base + 0 * 6 + 1 + 1  # att attacks tgt
    assert t.encode(engine.Option(0, ATTACK, ())) == base  # att attacks directly
    for a in range(g.num_distinct_actions()):
        assert t.encode(t.decode(a)) == a
    s = g.new_initial_state()
    assert s.legal_actions() == [0, 13]
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["pass", "activate rush effect 0"]
    assert s.action_to_string(0, 13) == s.action_to_string(13)  # OpenSpiel's (player, action) form


def test_two_targets_need_a_larger_table() -> None:
    t2 = ActionTable([1, 0, 0], max_targets=2)  # 3 cards: block 1 + 3 + 9, then 3 x (1 + 3) attacks
    assert t2.size == 1 + 13 + 3 * 4
    assert t2.decode(t2.encode(engine.Option(0, 0, (2, 1)))) == engine.Option(0, 0, (2, 1))
    with pytest.raises(ValueError, match="max_targets"):
        ActionTable([1, 0, 0]).encode(engine.Option(0, 0, (2, 1)))


def test_the_table_answers_the_same_once_it_remembers_an_answer() -> None:
    # The table keeps each id and answer it has worked out; asking again gives the documented ones,
    # and what has no id is refused every time, not remembered.
    t = BattleGame(CONTESTED).actions
    for _ in range(2):
        assert [t.encode(t.decode(a)) for a in range(t.size)] == list(range(t.size))
        assert t.decode(1 + 3 * 6 + 1 + 0) == engine.Option(3, 0, (0,))
        with pytest.raises(engine.IllegalChoice, match="not an action of this game"):
            t.decode(t.size)
        with pytest.raises(ValueError, match="max_targets"):
            t.encode(engine.Option(0, 0, (2, 1)))
    # A malformed answer has no id (it is refused by name, never remembered); an answer equal to a well-formed one
    # but of other types is neither kept for it nor given its id.
    bad: Any = engine.Option(3, 0, [0])  # type: ignore[arg-type]  # (malformed on purpose)
    with pytest.raises(ValueError, match=r"Option\.targets must be a tuple"):
        t.encode(bad)
    fresh = BattleGame(CONTESTED).actions
    for table in (fresh, t):  # before and after the well-formed answer is remembered
        with pytest.raises(ValueError, match=r"Option\.targets must be a tuple of card indexes"):
            table.encode(engine.Option(3, 0, (0.0,)))  # type: ignore[arg-type]
        assert table.encode(engine.Option(3, 0, (0,))) == 1 + 3 * 6 + 1 + 0


def test_same_id_means_the_same_answer_in_every_state() -> None:
    """Over many random games, an id always stands for the same engine Option."""
    g = BattleGame(CONTESTED)
    seen: dict[int, engine.Option] = {}
    rng = random.Random(1)
    for _ in range(100):
        s = g.new_initial_state()
        while not s.is_terminal():
            options = s.duel.legal_options()
            ids = s.legal_actions()
            assert ids == sorted(set(ids)) and len(ids) == len(options)
            for o in options:
                a = g.actions.encode(o)
                assert seen.setdefault(a, o) == o
            s.apply_action(rng.choice(ids))
    assert len(seen) >= 4  # the games offered several different answers


def test_illegal_action_raises_naming_it_and_changes_nothing() -> None:
    s = BattleGame(CONTESTED, record=True).new_initial_state()
    before, log = s.state_hash(), list(s.duel.state.log)
    with pytest.raises(engine.IllegalChoice, match=r"action 20 \(activate wall effect 0 targeting att\)"):
        s.apply_action(20)  # B's trap, while it is A's priority
    with pytest.raises(engine.IllegalChoice, match="not an action of this game"):
        s.apply_action(10_000)
    with pytest.raises(engine.IllegalChoice, match="integer id"):
        s.apply_action("pass")  # type: ignore[arg-type]
    assert s.state_hash() == before and s.duel.state.log == log and s.history == []
    assert s.legal_actions() == [0, 13]


def test_terminal_state_refuses_actions_and_has_no_player() -> None:
    s = play_randomly(BattleGame(CONTESTED).new_initial_state(), random.Random(0))
    assert s.current_player() == TERMINAL and s.legal_actions() == [] and s.legal_actions(0) == []
    with pytest.raises(engine.IllegalChoice, match="over"):
        s.apply_action(0)


def test_legal_actions_are_for_the_player_to_move_only() -> None:
    s = BattleGame(CONTESTED).new_initial_state()
    p = s.current_player()
    assert p == 0  # A, the turn player, has priority first
    assert s.legal_actions(p) == s.legal_actions() and s.legal_actions(1 - p) == []
    mask = s.legal_actions_mask()
    assert len(mask) == s.game.num_distinct_actions() and [a for a, m in enumerate(mask) if m] == s.legal_actions()


def test_winning_choice_returns_plus_one_and_passing_the_lp_swing() -> None:
    """ONE_WINNING_CHOICE: activating rush wins the Duel (+1 for A, -1 for B); passing everything
    loses the battle: A takes 500 (2000 - 1500), B's LP unchanged, swing -500 / (8000 + 400)."""
    g = BattleGame(ONE_WINNING_CHOICE)
    win = g.new_initial_state()
    win.apply_action(win.string_to_action("activate rush effect 0"))
    while not win.is_terminal():
        win.apply_action(0)
    assert win.duel.state.winner is engine.Player.A and win.returns() == [1.0, -1.0]
    lose = g.new_initial_state()
    while not lose.is_terminal():
        lose.apply_action(0)
    assert lose.duel.state.winner is None
    assert lose.returns() == pytest.approx([-500 / 8400, 500 / 8400])


def test_rewards_add_up_to_the_returns() -> None:
    g = BattleGame(CONTESTED)
    for seed in range(30):
        rng = random.Random(seed)
        s = g.new_initial_state()
        total = s.rewards()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            total = [t + r for t, r in zip(total, s.rewards(), strict=True)]
        assert total == pytest.approx(s.returns())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), prefix=st.integers(0, 6))
def test_returns_bounded_zero_sum_and_terminal_when_over(seed: int, prefix: int) -> None:
    rng = random.Random(seed)
    s = BattleGame(CONTESTED).new_initial_state()
    for _ in range(prefix):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
        r = s.returns()
        assert all(-1.0 <= v <= 1.0 for v in r) and r[0] == -r[1]
    play_randomly(s, rng)
    assert s.is_terminal() and s.duel.is_stopped and not s.is_truncated()
    assert len(s.history) <= s.game.max_game_length()


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), prefix=st.integers(0, 5),
       scenario=st.sampled_from([CONTESTED, ONE_WINNING_CHOICE]))
def test_clone_is_independent(seed: int, prefix: int, scenario: dict[str, object]) -> None:
    """Play a prefix, clone, play the clone to the end: the original's position (state_hash),
    log, history and legal actions are what they were; it then plays on by itself."""
    rng = random.Random(seed)
    s = BattleGame(scenario, record=True).new_initial_state()
    for _ in range(prefix):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    h, log, hist, legal, text = s.state_hash(), list(s.duel.state.log), list(s.history), s.legal_actions(), str(s)
    for c in (s.clone(), copy.deepcopy(s), copy.copy(s), pickle.loads(pickle.dumps(s))):
        assert c.state_hash() == h and str(c) == text and c.history == hist and c.rewards() == s.rewards()
        play_randomly(c, rng)
        assert s.state_hash() == h and s.duel.state.log == log and s.history == hist
        assert s.legal_actions() == legal and str(s) == text
    if not s.is_terminal():
        play_randomly(s, rng)  # the original still plays


def _slots_of(cls_name: str) -> tuple[str, ...]:
    tree = ast.parse((Path(engine.search.__file__).parent / "search.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name)
    slots = next(n for n in cls.body if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__slots__")
    names = ast.literal_eval(slots.value)
    assert isinstance(names, tuple) and names
    return names


def test_clone_copies_every_field() -> None:
    """`BattleState.clone` fills a blank state field by field (not through __init__): each slot is there, with the
    same value, and the mutable ones (the history; the duel, a clone of its own) are copies."""
    s = BattleGame(CONTESTED).new_initial_state()
    s.apply_action(s.legal_actions()[0])
    c = s.clone()
    for name in _slots_of("BattleState"):  # (read from the source: a compiled class has no __slots__)
        assert hasattr(c, name), name
    assert (c.game, c.next_attack, c.decisions, c.history, c.rewards()) == (
        s.game, s.next_attack, s.decisions, s.history, s.rewards())  # fmt: skip
    assert c.history is not s.history and c.duel is not s.duel and c.duel.state is not s.duel.state
    assert c.duel.state == s.duel.state and c.legal_actions() == s.legal_actions()


def test_same_actions_same_game() -> None:
    g = BattleGame(CONTESTED, record=True)
    a = play_randomly(g.new_initial_state(), random.Random(7))
    b = g.new_initial_state()
    for action in a.history:
        b.apply_action(action)
    assert b.state_hash() == a.state_hash() and b.duel.state.log == a.duel.state.log


def test_observation_fixed_length_and_layout() -> None:
    g = BattleGame(CONTESTED)
    n = g.observation_size()
    assert n == sum(k for _, k in OBSERVATION_FIELDS) + 15 * 5 == 72 + 75  # engine.observation's layout, v4
    rng = random.Random(3)
    for _ in range(20):
        s = g.new_initial_state()
        while True:
            for p in (0, 1):
                obs = s.observation(p)
                assert len(obs) == n and all(0.0 <= v <= 2.0 for v in obs)
                phases = len(engine.Phase)
                assert sum(obs[:phases]) == 1.0 and sum(obs[phases:phases + len(engine.Window) + 1]) == 1.0
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
    s = g.new_initial_state()  # start: A to act in the start-of-damage-step window
    a, b = s.observation(0), s.observation(1)
    phases, windows = len(engine.Phase), len(engine.Window) + 1
    phase_start = list(engine.Phase).index(engine.Phase.START_OF_DAMAGE_STEP)
    window_start = list(engine.Window).index(engine.Window.START_OF_DAMAGE_STEP)
    assert a[phase_start] == 1.0 and a[phases + window_start] == 1.0  # START_OF_DAMAGE_STEP window
    lp = phases + windows
    assert a[lp:lp + 2] == [4000 / 7000, 3000 / 7000] and b[lp:lp + 2] == [3000 / 7000, 4000 / 7000]  # own, opp
    assert a[lp + 2:lp + 4] == b[lp + 2:lp + 4] == [0.0, 0.0]  # hands: none
    assert a[lp + 4] == 1.0 and b[lp + 4] == 0.0  # A is the turn player
    assert a[lp + 5] == 0.0 and b[lp + 5] == 1.0  # the viewer's seat
    decision = lp + 6
    assert a[decision] == 1.0 and a[decision + 4] == 1.0 and b[decision + 4] == 0.0  # a priority decision, A's
    assert a[decision + 5] == 2 / 16 and b[decision + 5] == 0.0  # A's 2 options, not shown to B (hidden view)
    attacker = decision + 5 + 1 + 1 + 3
    assert a[attacker:attacker + 5] == [1.0, 1.0, 1.0, 1800 / 5000, 1000 / 5000]  # on the field, own, known, ATK/DEF
    assert b[attacker + 1] == 0.0 and b[attacker + 2] == 1.0  # B does not control the attacker, but sees it


def test_strings_and_terminal_returns_for_a_decided_duel() -> None:
    s = BattleGame(CONTESTED).new_initial_state()
    assert "A to decide (priority)" in str(s) and "13: activate rush effect 0" in str(s)
    assert s.information_state_string(0).startswith("seen: \nview hidden v4, viewer A")
    s.apply_action(13)
    assert s.information_state_string(1).startswith("seen: A activate 2.0\nview hidden v4, viewer B")
    assert s.observation_string(1).startswith("view hidden v4, viewer B")
    o = BattleGame(CONTESTED, view="open_hand").new_initial_state()
    assert o.information_state_string(0) == ""  # the open-hand view: the history of ids, as OpenSpiel writes one
    o.apply_action(13)
    assert o.information_state_string(1) == "13"


def test_truncation_at_max_game_length() -> None:
    g = BattleGame(CONTESTED, max_decisions=1)
    s = g.new_initial_state()
    s.apply_action(0)
    assert s.is_terminal() and s.is_truncated() and s.current_player() == TERMINAL
    assert not s.duel.is_stopped and "truncated" in str(s)


def test_game_pickles_as_its_start() -> None:
    import pickle

    g = BattleGame(CONTESTED)
    g2 = pickle.loads(pickle.dumps(g))
    assert g2.new_initial_state().state_hash() == g.new_initial_state().state_hash()
    assert g2.num_distinct_actions() == g.num_distinct_actions()


def test_game_from_a_duel_mid_battle() -> None:
    """A search from the middle of a battle: after A activates rush, B is to answer; LP swings and
    returns count from there; the duel handed over is not touched."""
    duel = engine.Duel(engine.state_from_scenario(engine.parse_scenario(CONTESTED)))
    duel.advance()
    duel.decide(engine.Option(2, 0))  # rush
    duel.advance()
    before = duel.state.state_hash()
    g = BattleGame.from_duel(duel)
    s = g.new_initial_state()
    assert s.current_player() == 1 and s.state_hash() == before and s.returns() == [0.0, 0.0]
    play_randomly(s, random.Random(2))
    assert duel.state.state_hash() == before and g.scenario is None


BATTLE_PHASE = {
    "format": "damage-step-scenario/1", "id": "two-attacks", "battle_phase": {},
    "cards": [{"id": "m1", "controller": "A", "atk": 2000, "def": 1000, "position": "attack"},
              {"id": "m2", "controller": "A", "atk": 1500, "def": 1000, "position": "attack"},
              {"id": "x", "controller": "B", "atk": 1000, "def": 1000, "position": "attack"}],
}  # fmt: skip


def test_a_whole_battle_phase_the_attacks_chosen_as_actions() -> None:
    # §BP.3: in the Battle Step the turn player's legal actions are every attack (m1 or m2 on x: B controls a
    # monster, so no direct attack) and passing; after x is destroyed by the first attack, the other monster
    # may attack directly.
    g = BattleGame(BATTLE_PHASE)
    s = g.new_initial_state()
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["pass", "attack x with m1", "attack x with m2"]
    s.apply_action(g.actions.encode(engine.Option(0, ATTACK, (2,))))  # m1 attacks x: 2000 vs 1000
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["pass", "attack directly with m2"]
    s.apply_action(s.legal_actions()[1])
    assert s.is_terminal() and s.duel.state.phase is engine.Phase.MAIN_PHASE_2
    assert s.duel.state.players[1].lp == 8000 - 1000 - 1500
    assert len(s.duel.battles) == 2


LISTED_CASES = [json.loads(line) for line in (Path(__file__).parent / "rules" / "battle-phase-cases.jsonl")
                .read_text(encoding="utf-8").splitlines() if line.strip()]  # fmt: skip
NO_CHOICES = [r for r in LISTED_CASES if not r["scenario"].get("choices")]


@pytest.mark.parametrize("record", NO_CHOICES, ids=[r["scenario"]["id"] for r in NO_CHOICES])
def test_a_listed_battle_phase_is_played_to_its_last_attack(record: dict[str, Any]) -> None:
    """An `attacks` scenario (the host declares each listed attack in turn; one the rules refuse is skipped): with
    every player passing, as these cases script nothing, the game ends with the LPs the sourced case expects, after
    the attacks it expects declared (BP-002: the second attack is refused; BP-008: the Duel ends first)."""
    g = BattleGame(record["scenario"])
    s = play_out(g)
    assert {p.name: s.duel.state.players[p].lp for p in engine.Player} == record["expected"]["final_lp"]
    declared = [b for b in record["expected"]["battles"] if b.get("declared", True)]
    assert len(s.duel.battles) == len(declared)
    assert s.is_terminal() and not s.is_truncated() and s.current_player() == TERMINAL


def test_a_listed_battle_phase_clones_and_pickles_mid_way() -> None:
    """BP-006 (two listed attacks; a decision in the first): a clone taken there plays the second attack
    independently of the original; the game pickles with its list; the observation says how many listed attacks
    are left to declare (one of two)."""
    import pickle

    record = next(r for r in LISTED_CASES if r["scenario"]["id"] == "BP-006")
    g = BattleGame(record["scenario"])
    s = g.new_initial_state()
    assert s.next_attack == 1 and not s.is_terminal()
    assert s.observation(0)[sum(k for _, k in OBSERVATION_FIELDS) - 1] == 0.5
    copy = s.clone()
    done = play_out(g)
    while not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[0])
    assert copy.state_hash() == done.state_hash() and len(copy.duel.battles) == 2 and copy.next_attack == 2
    assert s.next_attack == 1 and not s.is_terminal()  # the original is where it was
    assert play_out(pickle.loads(pickle.dumps(g))).state_hash() == done.state_hash()


def play_out(game: BattleGame) -> BattleState:
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    return s


def test_rewards_a_researcher_can_choose_on_a_battle_that_destroys_without_damage() -> None:
    lp_only = play_out(BattleGame(DESTROYS_WITHOUT_DAMAGE))
    assert [c.location for c in lp_only.duel.state.cards][:2] == [engine.Location.MONSTER_ZONE,
                                                                  engine.Location.GRAVEYARD]  # fmt: skip
    assert lp_only.returns() == [0.0, 0.0]  # the default: LP swing only
    cards = play_out(BattleGame(DESTROYS_WITHOUT_DAMAGE, reward="lp_and_cards"))
    assert cards.card_swing() == 1 and cards.returns() == pytest.approx([1000 / 16000, -1000 / 16000])
    game = BattleGame(DESTROYS_WITHOUT_DAMAGE, reward="lp_and_cards")
    import pickle

    assert play_out(pickle.loads(pickle.dumps(game))).returns() == cards.returns()  # kept by playout workers
    with pytest.raises(ValueError, match="reward must be one of lp_swing, lp_and_cards, got 'cards'"):
        BattleGame(DESTROYS_WITHOUT_DAMAGE, reward="cards")


def test_in_a_listed_game_an_attack_stopped_in_the_battle_step_is_followed_by_the_next_listed_one() -> None:
    """`attacks`: m1's listed attack is stopped in the Battle Step (Sakuretsu Armor destroys it at the declaration,
    rules spec §BP.4, §BP.6). The game is back in the Battle Step, where the turn player may declare another
    monster's attack (OCG-BP L246, Konami FAQ 12530; LB-BP: "The Battle Step and Damage Step are repeated each time
    you attack with a monster"), so the Battle Phase goes on with m2's listed attack (scenario-format.md, "Battle
    Phases"), which the host declares: the players never declare one. m2 (1800) destroys x (1000): B takes 800."""
    sc = {
        "format": "damage-step-scenario/1", "id": "stopped-listed",
        "cards": [
            {"id": "m1", "controller": "A", "atk": 2000, "def": 0, "position": "attack"},
            {"id": "m2", "controller": "A", "atk": 1800, "def": 0, "position": "attack"},
            {"id": "x", "controller": "B", "atk": 1000, "def": 0, "position": "attack"},
            {"id": "sa", "controller": "B", "card": "sakuretsu_armor", "location": "spell_trap_zone",
             "face_down": True},
        ],
        "attacks": [{"attacker": "m1", "target": "x"}, {"attacker": "m2", "target": "x"}],
        "choices": [{"attack": 0, "window": "attack_declaration", "player": "B", "activate": "sa", "targets": ["m1"]}],
    }  # fmt: skip
    g = BattleGame(sc)
    s = g.new_initial_state()
    while not s.is_terminal():
        d = s.duel.state.pending
        assert d is not None and d.window is not engine.Window.BATTLE_STEP  # the host declares, not the players
        names = [s.action_to_string(a) for a in s.legal_actions()]
        assert not any(n.startswith("attack") for n in names)
        activate = [a for a, n in zip(s.legal_actions(), names, strict=True) if n.startswith("activate Sakuretsu")]
        s.apply_action(activate[0] if activate else 0)
    played = [(b.attacker, b.battle.stopped != "", b.battle.battled) for b in s.duel.battles]
    assert played == [(0, True, False), (1, False, True)]  # (attacker, stopped, damage calculation performed)
    assert [c.location for c in s.duel.state.cards[:3]] == [engine.Location.GRAVEYARD, engine.Location.MONSTER_ZONE,
                                                            engine.Location.GRAVEYARD]  # fmt: skip
    assert s.duel.lp(engine.Player.B) == 7200 and s.next_attack == 2
    from engine.build import result, run_scenario

    duel, script = run_scenario(engine.parse_scenario(sc))
    ran = result(engine.parse_scenario(sc), duel, script, events=False)
    assert [b.get("declared", True) for b in ran["battles"]] == [True, True]
    assert ran["battles"][0]["stopped"] and not ran["battles"][0]["damage_calculation_performed"]
    assert ran["battles"][1]["battle_damage"] == {"A": 0, "B": 800} and ran["final_lp"] == {"A": 8000, "B": 7200}
    assert s.state_hash().endswith(":2") and s.state_hash() != s.duel.state.state_hash()


def test_a_terminal_state_says_no_decision_is_pending_and_its_returns_are_never_minus_zero() -> None:
    """A finished game has no decision: `decision()` says so by name. Returns with no LP swing are 0.0 for both
    players, not -0.0 for one (which prints as "-0.0")."""
    import math

    state = play_out(BattleGame(DESTROYS_WITHOUT_DAMAGE))
    assert state.is_terminal()
    with pytest.raises(engine.IllegalChoice, match="the game is over: no decision is pending"):
        state.decision()
    assert state.returns() == [0.0, 0.0] and all(math.copysign(1.0, r) == 1.0 for r in state.returns())

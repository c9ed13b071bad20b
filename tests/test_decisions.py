"""Decisions: pull API, agents, illegal answers, scripted choices (rules spec §1.2; scenario-format.md "Choices").

Every expected value below is derived from the rules text cited next to it, not from running the engine.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from scenario_builders import (
    ADC,
    BDC,
    END,
    S,
    act,
    ch,
    chains_in,
    counter,
    dmg,
    gain,
    hand,
    links,
    mon,
    play,
    pull,
    pump,
    refused_cards,
    scen,
    st,
    trig,
)

import engine
from engine.values.game import DAMAGE_STEP_WINDOWS


def rich() -> dict[str, Any]:
    """A scenario with decisions in every window: triggers (optional and mandatory), fast effects, responses."""
    cards = [
        mon("att", "A", 1800, 0, effects=[trig("battle_damage_inflicted", gain(100), optional=True)]),
        mon("tgt", "B", 1000, 1500, pos="set", effects=[{"kind": "flip", "optional": True, "does": [dmg(300)]}]),
        mon("a_s", "A", 100, 100, effects=[trig(S, gain(1), optional=True)]),
        mon("b_s", "B", 100, 100, effects=[trig(S, gain(2))]),
        mon("b_end", "B", 100, 100, effects=[trig(END, gain(3), optional=True)]),
        st("rush", "A", [act(pump("attacker", 500))], card_type="spell"),
        st("walls", "B", [{**act({"op": "change_stats", "target": "target", "def": 800}), "target": "target"}]),
        counter("ct_a", "A"),
        counter("ct_b", "B"),
        hand("kuri", "B", 300, 200, [act({"op": "no_battle_damage_this_battle", "player": "controller"},
                                        during_damage_calculation=True, cost={"discard_self": True},
                                        **{"from": "hand"})]),
        st("burn", "A", [act(dmg(200), damage_step="allowed", cost={"lp": 100})]),
    ]
    return scen(cards)


def snapshot(duel: engine.Duel) -> tuple[engine.GameState, bytes]:
    return copy.deepcopy(duel.state), pickle.dumps(duel.state)


def assert_unchanged(duel: engine.Duel, snap: tuple[engine.GameState, bytes]) -> None:
    assert duel.state == snap[0]
    assert pickle.dumps(duel.state) == snap[1]


def log_of(duel: engine.Duel) -> list[engine.Event]:
    return list(duel.state.log)


# -- how many decisions (§1.2 priority) -------------------------------------------------------------------


def test_plain_battle_needs_zero_decisions() -> None:
    # §1.2: a sub-timing ends when both players pass with an empty chain; with nothing but passing possible the
    # engine exposes no decision (only decisions with a legal option other than passing are exposed).
    duel, _ = pull(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1500, 0)]))
    assert duel.advance() is None
    assert duel.state.phase is engine.Phase.STEP_OVER
    assert duel.state.battle.battled

    class Refuse:
        def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
            raise AssertionError("no decision should be asked")

    duel, _ = pull(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1500, 0)]))
    duel.run(Refuse())
    assert duel.state.players[engine.Player.B].lp == 7500  # §2.2: 2000 − 1500


def test_show_every_priority_exposes_each_priority_turn_player_first() -> None:
    # §1.2: "in every sub-timing the turn player gets priority first; a sub-timing ends when both players pass in
    # succession with an empty chain".
    duel, _ = pull(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1500, 0)]), show=True)
    seen = []
    while (d := duel.advance()) is not None:
        assert d.kind is engine.DecisionKind.PRIORITY
        assert d.options == (engine.PASS,)
        seen.append((d.window, d.player))
        duel.decide(engine.PASS)
    windows = [w for w in engine.Window if w in DAMAGE_STEP_WINDOWS]  # a scenario is one Damage Step
    assert seen == [(w, p) for w in windows for p in (engine.Player.A, engine.Player.B)]


def test_show_every_priority_with_turn_player_b() -> None:
    cards = [mon("att", "B", 2000, 0), mon("tgt", "A", 1500, 0)]
    duel, _ = pull(scen(cards, turn="B"), show=True)
    firsts = {}
    while (d := duel.advance()) is not None:
        firsts.setdefault(d.window, d.player)
        duel.decide(engine.PASS)
    assert set(firsts.values()) == {engine.Player.B}


def test_default_exposes_only_decisions_with_something_to_do() -> None:
    duel, _ = pull(rich())
    while (d := duel.advance()) is not None:
        assert any(not o.is_pass for o in d.options)
        duel.decide(engine.PASS if engine.PASS in d.options else d.options[0])


# -- pull vs agents ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("show", [False, True])
def test_pull_and_agent_driving_give_the_same_game(seed: int, show: bool) -> None:
    d = rich()
    a, _ = pull(d, show=show)
    a.run(engine.RandomAgent(seed))
    b, _ = pull(d, show=show)
    agent = engine.RandomAgent(seed)
    while (dec := b.advance()) is not None:
        b.decide(agent.choose(dec, b))
    assert log_of(a) == log_of(b)
    assert a.state == b.state


@pytest.mark.parametrize("seed", range(4))
def test_one_agent_per_player_mapping(seed: int) -> None:
    d = rich()
    a, _ = pull(d)
    a.run({engine.Player.A: engine.RandomAgent(seed), engine.Player.B: engine.PassAgent()})
    b, _ = pull(d)
    ra = engine.RandomAgent(seed)
    while (dec := b.advance()) is not None:
        b.decide(ra.choose(dec, b) if dec.player is engine.Player.A else engine.PassAgent().choose(dec, b))
    assert log_of(a) == log_of(b)
    assert a.is_stopped


def test_scripted_run_equals_pull_with_the_same_choices() -> None:
    d = rich()
    d["choices"] = [ch(S, "A", "a_s"), ch(BDC, "A", "rush"), ch(BDC, "B", "walls", targets=["tgt"])]
    sc = engine.parse_scenario(d)
    duel, agent = engine.run_scenario(sc)
    res = engine.result(sc, duel, agent)
    p, ids = pull(d, show=True)
    plan = {
        (engine.Window.START_OF_DAMAGE_STEP, engine.DecisionKind.TRIGGER, engine.Player.A): ["a_s"],
        (engine.Window.BEFORE_DAMAGE_CALCULATION, engine.DecisionKind.PRIORITY, engine.Player.A): ["rush"],
        (engine.Window.BEFORE_DAMAGE_CALCULATION, engine.DecisionKind.PRIORITY, engine.Player.B): ["walls"],
    }
    while (dec := p.advance()) is not None:
        todo = plan.get((dec.window, dec.kind, dec.player))
        if todo:
            cid = todo.pop(0)
            p.decide(next(o for o in dec.options if o.card == ids.index(cid)))
        else:
            p.decide(engine.PassAgent().choose(dec, p))
    assert engine.result(sc, p) == {**res, "refused": []}
    assert res["values_compared"] == [2300, 2300]  # 1800 + 500 vs DEF 1500 + 800 (§1.1 item 3, §2.1)


def test_transitions_executor_and_fast_executor_agree() -> None:
    # engine.machine: "Both call the same engine.steps callbacks ... so they produce identical event logs".
    for seed in range(3):
        logs = []
        for executor in ("fast", "transitions"):
            sc = engine.parse_scenario(rich())
            state = engine.state_from_scenario(sc)
            duel = engine.Duel(state, executor=executor)
            duel.run(engine.RandomAgent(seed))
            logs.append(log_of(duel))
        assert logs[0] == logs[1]


# -- illegal answers ---------------------------------------------------------------------------------------


def _to_priority(duel: engine.Duel, window: engine.Window, player: engine.Player) -> engine.Decision:
    while (d := duel.advance()) is not None:
        if d.kind is engine.DecisionKind.PRIORITY and d.window is window and d.player is player:
            return d
        duel.decide(engine.PASS if engine.PASS in d.options else d.options[0])
    raise AssertionError("decision never reached")


ILLEGAL_PRIORITY = {
    # name: (player, card id or index, effect, targets, words expected in the reason (any of))
    "stat_change_during_damage_calculation": ("A", "rush", 0, (), ("damage calculation",)),
    "opponents_card": ("A", "walls", 0, ("tgt",), ("not", "B")),
    "no_such_card": ("A", 999, 0, (), ("999", "no card")),
    "no_such_effect": ("A", "rush", 5, (), ("effect",)),
    "continuous_effect": ("A", "pierce", 0, (), ("continuous",)),
    "counter_trap_with_nothing_to_negate": ("A", "ct_a", 0, (), ("negate", "chain")),
    "not_the_legal_target": ("B", "walls", 0, ("att",), ("target",)),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL_PRIORITY))
def test_illegal_priority_answer_raises_with_reason_and_leaves_state_unchanged(case: str) -> None:
    player, card, eff, targets, words = ILLEGAL_PRIORITY[case]
    d = rich()
    d["cards"].append(st("pierce", "A", [{"kind": "piercing"}], card_type="spell", face_down=False))
    window = engine.Window.BEFORE_DAMAGE_CALCULATION
    if case.startswith("stat"):
        window = engine.Window.DURING_DAMAGE_CALCULATION
    duel, ids = pull(d, show=True)
    dec = _to_priority(duel, window, engine.Player[player])
    idx = ids.index(card) if isinstance(card, str) else card
    option = engine.Option(idx, eff, tuple(ids.index(t) for t in targets))
    assert option not in dec.options
    snap = snapshot(duel)
    with pytest.raises(engine.IllegalChoice) as err:
        duel.decide(option)
    reason = str(err.value)
    assert reason
    assert any(w.lower() in reason.lower() for w in words), reason
    assert duel.why_illegal(option) == reason
    assert_unchanged(duel, snap)
    # the game goes on exactly as if the answer had never been given
    control, _ = pull(d, show=True)
    _to_priority(control, window, engine.Player[player])
    duel.run(engine.RandomAgent(1))
    control.run(engine.RandomAgent(1))
    assert log_of(duel) == log_of(control)


def test_passing_a_mandatory_trigger_is_illegal() -> None:
    # §1.2: "mandatory triggers must be placed on the chain".
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             mon("m1", "A", 1, 1, effects=[trig(S, gain(1))]), mon("m2", "A", 1, 1, effects=[trig(S, gain(2))])]
    duel, _ = pull(scen(cards))
    dec = duel.advance()
    assert dec is not None and dec.kind is engine.DecisionKind.TRIGGER
    snap = snapshot(duel)
    with pytest.raises(engine.IllegalChoice, match=r"(?i)mandatory"):
        duel.decide(engine.PASS)
    assert_unchanged(duel, snap)


def test_placing_the_opponents_trigger_first_is_illegal() -> None:
    # §1.2 SEGOC: the turn player's mandatory triggers are placed before the opponent's.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             mon("m1", "A", 1, 1, effects=[trig(S, gain(1))]), mon("m2", "A", 1, 1, effects=[trig(S, gain(2))]),
             mon("bm", "B", 1, 1, effects=[trig(S, gain(3))])]
    duel, ids = pull(scen(cards))
    dec = duel.advance()
    assert dec is not None and dec.player is engine.Player.A
    snap = snapshot(duel)
    with pytest.raises(engine.IllegalChoice) as err:
        duel.decide(engine.Option(ids.index("bm"), 0))
    assert str(err.value)
    assert_unchanged(duel, snap)


def test_trigger_that_did_not_trigger_is_illegal() -> None:
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             mon("m1", "A", 1, 1, effects=[trig(S, gain(1))]), mon("m2", "A", 1, 1, effects=[trig(S, gain(2))]),
             mon("late", "A", 1, 1, effects=[trig(END, gain(3), optional=True)])]
    duel, ids = pull(scen(cards))
    dec = duel.advance()
    assert dec is not None
    snap = snapshot(duel)
    with pytest.raises(engine.IllegalChoice) as err:
        duel.decide(engine.Option(ids.index("late"), 0))
    assert str(err.value)
    assert_unchanged(duel, snap)


def test_deciding_with_no_pending_decision_is_illegal() -> None:
    duel, _ = pull(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1500, 0)]))
    assert duel.advance() is None
    snap = snapshot(duel)
    with pytest.raises(engine.IllegalChoice):
        duel.decide(engine.PASS)
    assert_unchanged(duel, snap)


# -- scripted choices --------------------------------------------------------------------------------------


def _ced_scenario(expect: str) -> dict[str, Any]:
    cards = [mon("att", "A", 2500, 0), mon("tgt", "B", 1000, 0),
             st("ced", "B", [{**act({"op": "return_to_hand", "target": "attacker"}), "target": "attacker"}])]
    return scen(cards, [ch(BDC, "B", "ced", targets=["att"], expect=expect)])


def test_expected_illegal_choice_is_recorded_in_refused_with_a_reason() -> None:
    # §1.1 (DS-097); format: "`expect: illegal` states that the engine must refuse it (the run goes on as if it
    # was not made)"; result `refused`: "choices the engine refused, each with its reason".
    res = play(_ced_scenario("illegal"))
    [r] = res["refused"]
    assert r["card"] == "ced" and r["player"] == "B" and r["window"] == BDC
    assert isinstance(r["reason"], str) and r["reason"]
    assert any(e["type"] == "refused" and e.get("card") == "ced" for e in res["events"])
    plain = play(scen([mon("att", "A", 2500, 0), mon("tgt", "B", 1000, 0)]))
    for key in ("values_compared", "battle_damage", "final_lp", "destroyed_by_battle"):
        assert res[key] == plain[key]


def test_refused_choice_without_expect_illegal_is_a_mismatch() -> None:
    with pytest.raises(engine.ScenarioMismatch):
        play(_ced_scenario("legal"))


def test_accepted_choice_with_expect_illegal_is_a_mismatch() -> None:
    cards = [mon("att", "A", 1500, 0), mon("tgt", "B", 2000, 0),
             st("rush", "A", [act(pump("attacker", 700))], card_type="spell")]
    with pytest.raises(engine.ScenarioMismatch):
        play(scen(cards, [ch(BDC, "A", "rush", expect="illegal")]))


def test_choice_never_offered_is_refused_if_expected() -> None:
    # format: choices never offered (e.g. the Duel ended) count as refused.
    cards = [mon("att", "A", 3000, 0), st("rush", "A", [act(pump("attacker", 700))], card_type="spell")]
    d = scen(cards, [ch(ADC, "A", "rush", expect="illegal")], target=None, lp={"A": 8000, "B": 1000})
    res = play(d)
    assert res["winner"] == "A"
    assert refused_cards(res) == ["rush"]


# -- agents ------------------------------------------------------------------------------------------------


def test_pass_agent_declines_optional_places_mandatory_activates_nothing() -> None:
    # §1.2: mandatory triggers must be placed; optional ones may be declined.
    duel, ids = pull(rich(), show=True)
    duel.run(engine.PassAgent())
    chains = duel.state.chains
    assert [[ids[c] for c, _ in rec.links] for rec in chains] == [["b_s"]]
    assert not any(e.type is engine.EventType.ACTIVATED and e.card != ids.index("b_s") for e in duel.state.log)
    assert duel.state.phase is engine.Phase.STEP_OVER


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_random_agent_same_seed_same_event_log(seed: int) -> None:
    logs = []
    for _ in range(2):
        duel, _ = pull(rich(), show=True)
        duel.run(engine.RandomAgent(seed))
        logs.append(log_of(duel))
    assert logs[0] == logs[1]


def test_random_agent_only_picks_legal_options() -> None:
    for seed in range(20):
        duel, _ = pull(rich(), show=True)
        agent = engine.RandomAgent(seed)
        while (d := duel.advance()) is not None:
            o = agent.choose(d, duel)
            assert o in d.options
            assert duel.why_illegal(o) is None
            duel.decide(o)
        assert duel.is_stopped


def test_clone_mid_duel_continues_identically() -> None:
    duel, _ = pull(rich(), show=True)
    agent = engine.RandomAgent(3)
    for _ in range(4):
        d = duel.advance()
        assert d is not None
        duel.decide(agent.choose(d, duel))
    twin = duel.clone()
    before = copy.deepcopy(duel.state)
    twin.run(engine.RandomAgent(99))
    assert duel.state == before  # running the clone does not touch the original
    twin2 = duel.clone()
    duel.run(engine.RandomAgent(99))
    twin2.run(engine.RandomAgent(99))
    assert log_of(duel) == log_of(twin2)


def test_choice_naming_a_mandatory_trigger_that_activated_is_not_an_error() -> None:
    # format "Choices": a choice is an error only if it "is refused without expect: illegal"; a mandatory
    # trigger named in a choice does activate (§1.2: mandatory triggers must be placed), so nothing was refused.
    cards = [mon("att", "A", 2000, 0, effects=[trig(ADC, gain(100))]), mon("tgt", "B", 1000, 0)]
    res = play(scen(cards, [ch(ADC, "A", "att")]))
    assert res["refused"] == []
    assert [links(c) for c in chains_in(res, ADC)] == [[("att", "A")]]


def test_step_enters_the_states_in_rulebook_order() -> None:
    # §1.10 reference state machine: START → FLIP → BEFORE_DC → DURING_DC → PERFORM_DC → AFTER_DC → END_SEND →
    # END → back to the Battle Step; Duel.step() runs until the next state is entered.
    duel, _ = pull(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1500, 0, pos="set")]))
    phases = []
    while not duel.is_stopped:
        events = duel.step()
        entered = [e.detail for e in events if e.type is engine.EventType.PHASE_ENTERED]
        assert len(entered) == 1
        phases.append(entered[0])
    assert phases == ["start_of_damage_step", "flip", "before_damage_calculation", "during_damage_calculation",
                      "perform_damage_calculation", "after_damage_calculation", "send_destroyed_by_battle",
                      "end_of_damage_step", "step_over"]

"""The machine's declaration: states in rulebook order, both executors, stepping (diagrams: test_diagram.py)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from engine import (
    Duel,
    PassAgent,
    Phase,
    declared_states,
    declared_transitions,
    dispatch,
    machine,
    parse_scenario,
    state_from_scenario,
)
from engine.values.events import RULES, EventType

ROOT = Path(__file__).resolve().parent.parent

VANILLA = {
    "format": "damage-step-scenario/1",
    "id": "vanilla",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 1000, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 800, "def": 1500, "position": "set", "effects": []},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}


def duel(executor: str = "fast") -> Duel:
    return Duel(state_from_scenario(parse_scenario(VANILLA)), executor=executor)  # type: ignore[arg-type]


def test_states_are_declared_in_rulebook_order() -> None:
    # rules spec §BP.1: Main Phase 1 (the host's), Start Step, Battle Step (declaration, its window, a replay),
    # the Damage Step (§1.10: start, flip, before DC, during DC, perform DC, after DC, send, end), back to the
    # Battle Step, End Step, Main Phase 2 (the host's again); the End Phase (§BP.14), then the next turn's Draw and
    # Standby Phases when a run plays them (§U.31).
    assert declared_states() == [
        "main_phase_1",
        "start_step",
        "battle_step",
        "attack_declared",
        "replay",
        "start_of_damage_step",
        "flip",
        "before_damage_calculation",
        "during_damage_calculation",
        "perform_damage_calculation",
        "after_damage_calculation",
        "send_destroyed_by_battle",
        "end_of_damage_step",
        "step_over",
        "end_step",
        "main_phase_2",
        "end_phase",
        "turn_over",
        "draw_phase",
        "standby_phase",
        "duel_over",
    ]
    pairs = {(s, d) for s, d, _ in declared_transitions()}
    # The Damage Step is entered only after an attack declaration, and always goes back to the Battle Step.
    assert {s for s, d in pairs if d == "start_of_damage_step"} == {"attack_declared"}
    assert {d for s, d in pairs if s == "step_over"} == {"battle_step", "duel_over"}
    # An attack stopped in the Battle Step (negated, or not continued after a replay) has no Damage Step.
    assert ("attack_declared", "battle_step") in pairs and ("replay", "battle_step") in pairs
    # The End Step is reached only from the Battle Step (§BP.1: no shortcut from the Start Step).
    assert {s for s, d in pairs if d == "end_step"} == {"battle_step"}
    # An invalid battle skips damage calculation and goes to the end of the step (§1.8).
    assert ("before_damage_calculation", "send_destroyed_by_battle") in pairs
    # A player reaching 0 LP ends the duel from any live state (§2.7).
    assert ("perform_damage_calculation", "duel_over") in pairs
    assert ("after_damage_calculation", "duel_over") in pairs


def test_step_goes_one_state_at_a_time() -> None:
    d = duel()
    seen = [d.state.phase]
    while not d.is_stopped:
        d.step()
        seen.append(d.state.phase)
    assert seen == [
        Phase.ATTACK_DECLARED,  # a scenario's attack: declared, its Battle Step over
        Phase.START_OF_DAMAGE_STEP,
        Phase.FLIP,
        Phase.BEFORE_DAMAGE_CALCULATION,
        Phase.DURING_DAMAGE_CALCULATION,
        Phase.PERFORM_DAMAGE_CALCULATION,
        Phase.AFTER_DAMAGE_CALCULATION,
        Phase.SEND_DESTROYED_BY_BATTLE,
        Phase.END_OF_DAMAGE_STEP,
        Phase.STEP_OVER,
    ]


def test_vanilla_battle_needs_no_decision() -> None:
    # The reference engine asks many empty "chain?" questions in a plain battle; we ask none.
    d = duel()
    assert d.advance() is None
    assert d.is_stopped
    assert any(e.type is EventType.PASSED for e in d.state.log)  # passes are still recorded


def test_executors_give_identical_logs() -> None:
    a, b = duel("fast").run(PassAgent()), duel("transitions").run(PassAgent())
    assert a.state.log == b.state.log
    assert a.state == b.state


def test_state_is_plain_data() -> None:
    d = duel()
    d.step()
    d.step()
    copy = pickle.loads(pickle.dumps(d.state))
    assert copy == d.state
    c = d.clone()
    c.run(PassAgent())
    assert d.state.phase is Phase.START_OF_DAMAGE_STEP or d.state.phase is Phase.FLIP  # untouched by the clone
    assert c.is_stopped


def test_every_event_names_a_known_rule() -> None:
    d = duel().run(PassAgent())
    assert {e.rule for e in d.state.log} <= set(RULES)


def test_hook_points_are_listed_per_state() -> None:
    from engine.machine import hook_points

    points = hook_points()
    assert list(points) == declared_states()
    # §1.6: battle-damage, FLIP and after-damage-calculation triggers share one chain.
    assert set(points["after_damage_calculation"]["events"]) >= {"flipped", "battle_damage_inflicted"}
    assert "battle_damage" in points["perform_damage_calculation"]["hooks"]


def test_observers_see_each_state_entered() -> None:
    d = duel()
    seen: list[Phase] = []
    for phase in (Phase.FLIP, Phase.PERFORM_DAMAGE_CALCULATION, Phase.STEP_OVER):
        d.on_enter(phase, lambda duel, p=phase: seen.append(p))  # type: ignore[misc]
    d.run(PassAgent())
    assert seen == [Phase.FLIP, Phase.PERFORM_DAMAGE_CALCULATION, Phase.STEP_OVER]


def test_the_fast_table_checks_each_condition_as_its_function_does() -> None:
    # `dispatch.holds` writes the conditions out (compiled, a direct call each); at every state of a battle it
    # must agree with the function `CONDITIONS` names, which the `transitions` executor calls.
    d = duel()
    seen = 0
    while True:
        for name, condition in dispatch.CONDITIONS.items():
            assert dispatch.holds(d.ctx, name) is condition(d.ctx), (name, d.phase)
        assert dispatch.holds(d.ctx, None)
        seen += 1
        if not d.step():
            break
    assert seen > 8  # the Damage Step's states, each checked
    table = dispatch.compile_table(machine.TRANSITIONS)
    assert {c for rows in table.values() for _dest, c in rows} - {None} == set(dispatch.CONDITIONS)
    with pytest.raises(ValueError, match="no condition is named 'moon_is_full'"):
        dispatch.compile_table([{"trigger": "proceed", "source": Phase.FLIP, "dest": Phase.STEP_OVER,
                                 "conditions": "moon_is_full"}])  # fmt: skip

"""Branch sb (issue 43, the second sample): the next turn's Draw Phase and Standby Phase (rules spec §U.31).
Sourced cases of tests/rules/sb-cases.jsonl (Adhesive Explosive, Blast Sphere, Lava Golem, Wind-Up Rabbit, actions
left for a later turn's Standby Phase), through both executors, the schema, the round trip and the CLI; expected values
from the card texts and scripts, computed by hand. Then the host's side: `Duel.end_turn(standby_phases=...)`, an
action whose Standby Phase the host never plays lapses, and the format's refusals."""

from __future__ import annotations

import copy
import json

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine.values.game import Location, Phase, Player

CASES = RULES_DIR / "sb-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=17)

RECORDS = [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]


def _scenario(case_id: str) -> dict:
    (record,) = [r for r in RECORDS if r["scenario"]["id"] == case_id]
    return copy.deepcopy(record["scenario"])


def _host_duel(case_id: str) -> engine.Duel:
    """The case's field, its choices answered by a scripted agent, but the turn ended by the host."""
    sc = _scenario(case_id)
    sc["battle_phase"] = {}
    return engine.Duel(engine.state_from_scenario(engine.parse_scenario(sc)))


def test_the_host_plays_on_to_the_opponents_next_standby_phase() -> None:
    """Adhesive Explosive (SB-AE-001's field) through the host API: A's monster attacks it, it equips itself; the host
    ends A's turn with `standby_phases=2`: B's turn 2 (Draw Phase: B draws 1; its Standby Phase: nothing) and A's turn
    3, whose Standby Phase destroys the equipped monster; the duel then waits in turn 3's Main Phase 1."""
    duel = _host_duel("SB-AE-001")
    duel.declare_attack("m", "ae")
    duel.run(engine.PassAgent())
    assert duel.card("ae").location is Location.SPELL_TRAP_ZONE and duel.card("ae").equipped_to == duel.index_of("m")
    hand_b = duel.state.players[Player.B].hand_filler
    duel.end_turn(standby_phases=2)
    duel.run(engine.PassAgent())  # (the mandatory trigger: the first option)
    assert duel.state.turn == 3 and duel.state.turn_player is Player.A
    assert duel.state.players[Player.B].hand_filler == hand_b + 1  # B's normal draw in turn 2
    assert duel.card("m").location is Location.GRAVEYARD and duel.card("ae").location is Location.GRAVEYARD
    assert [c.window.value for c in duel.state.chains] == ["before_damage_calculation", "standby_phase"]
    duel.end_battle_phase()  # the host's next call: turn 3's Battle Phase, from its Main Phase 1
    assert duel.state.turn == 3 and duel.state.host_move is not None


def test_an_action_whose_standby_phase_is_not_played_lapses() -> None:
    """'During your next Standby Phase, Special Summon it' (SB-LATER-001's field): the host ends the turn without
    playing the next Standby Phase (`end_turn()`), so B's turn 2 goes on from its Main Phase 1: the moment has passed,
    and the action lapses (it is not done in a later Standby Phase either)."""
    sc = _scenario("SB-LATER-001")
    sc["battle_phase"] = {}  # the Battle Phase only: the host ends the turn
    duel, _ = engine.run_scenario(engine.parse_scenario(sc))  # B's Trap at the attack declaration, targeting g
    assert duel.state.phase is Phase.MAIN_PHASE_2 and duel.card("x").location is Location.GRAVEYARD
    laters = [ling for ling in duel.state.lingering if ling.effect.type == "later"]
    assert len(laters) == 1 and laters[0].effect.params["due"] == 2  # B's next turn is turn 2
    duel.end_turn()  # no Standby Phase played
    duel.end_battle_phase()  # turn 2 (B's) from Main Phase 1: its Start Step is past its Standby Phase
    duel.run(engine.PassAgent())
    assert not [ling for ling in duel.state.lingering if ling.effect.type == "later"]
    duel.end_turn(standby_phases=2)  # turns 3 and 4: later Standby Phases do nothing for it
    duel.run(engine.PassAgent())
    assert duel.card("g").location is Location.GRAVEYARD and duel.state.turn == 4


def test_end_turn_refuses_a_bad_count_and_changes_nothing() -> None:
    duel = _host_duel("SB-AE-001")
    before = duel.state.turn
    for bad in (-1, "2", 1.5, True):
        with pytest.raises(engine.UsageError, match="standby_phases"):
            duel.end_turn(standby_phases=bad)  # type: ignore[arg-type]
    assert duel.state.turn == before and duel.state.phase is Phase.MAIN_PHASE_1


def test_the_format_refuses_standby_phases_without_the_end_phase_and_a_standby_choice_without_them() -> None:
    sc = _scenario("SB-AE-001")
    sc["battle_phase"] = {"standby_phases": 2}
    with pytest.raises(engine.ScenarioError, match='"standby_phases" needs "end_phase": true'):
        engine.parse_scenario(sc)
    sc = _scenario("SB-LG-001")
    sc["battle_phase"] = {"end_phase": True}
    sc["choices"] = [{"window": "standby_phase", "player": "B", "activate": "lg"}]
    with pytest.raises(engine.ScenarioError, match="a Standby Phase is played only with"):
        engine.parse_scenario(sc)
    sc = _scenario("SB-LG-001")
    sc["battle_phase"]["standby_phases"] = -1
    with pytest.raises(engine.ScenarioError, match="standby_phases"):
        engine.parse_scenario(sc)
    sc = _scenario("SB-LATER-001")
    sc["cards"][3]["effects"][0]["does"][0]["later"] = "next_standby"
    with pytest.raises(engine.ScenarioError, match="later"):
        engine.parse_scenario(sc)

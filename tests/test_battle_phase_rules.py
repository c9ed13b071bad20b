"""Battle Phase rules of issue 40 (rules spec §BP.5, §BP.7, §BP.11-§BP.13): the sourced cases of
tests/rules/battle-phase-rules-cases.jsonl, whole Battle Phases (`battle_phase`), through both executors and the CLI.
Each failed on main 8589cd6 (run there against this file: a mismatch, a refused choice or a load error). The
expected values come from the sources each case cites (`source.sources`): card texts, the OCG Perfect Rulebook as
compiled in laaners/yugioh_comprehensive_rulebook, the Konami OCG FAQ as compiled in lucays/OCG-Rule-documentation,
and the damage table (rules spec §2.2)."""

from __future__ import annotations

import pytest
from conftest import (
    RULES_DIR,
    case_file_tests,
    load_jsonl,
    run,
)

import engine

CASES = RULES_DIR / "battle-phase-rules-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(
    CASES, at_least=8, urls=False, cli_executors=("fast", "transitions")
)


def test_each_case_plays_a_battle_phase() -> None:
    assert all("battle_phase" in r["scenario"] for r in RECORDS)


def test_the_replay_may_be_cancelled() -> None:
    """BT-002 with no new choice after the replay: the attack is cancelled (YP-Replay: "Cancel the attack"); it never
    goes on into the face-down monster it may no longer attack. (BS-025 is the other half: the restriction starting
    to apply to the unchanged target is no replay, FAQ 20160.)"""
    (record,) = [r for r in RECORDS if r["scenario"]["id"] == "BT-002"]
    got = run({**record["scenario"], "choices": record["scenario"]["choices"][:2]})
    assert got["battles"][0]["stopped"] == "after the replay the turn player chose not to attack"
    assert got["final_locations"]["x"] == "monster_zone" and got["final_lp"] == {"A": 8000, "B": 8000}


def test_lasting_effect_refuses_a_kind_that_needs_a_card() -> None:
    """Piercing acts through one monster's attack: a lasting piercing is kept on a `target` (rules spec §U.25), never
    on all of a player's monsters, which would name no attacker."""
    sc = {**RECORDS[0]["scenario"]}
    op = {"op": "lasting_effect", "kind": "piercing", "applies_to": "own_monsters"}
    trap = {"id": "t", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
            "effects": [{"kind": "activated", "speed": 2, "does": [op]}]}
    sc["cards"] = [*sc["cards"][:4], trap]
    with pytest.raises(engine.ScenarioError, match="a lasting piercing needs a target"):
        engine.parse_scenario(sc)


def test_duel_this_turn_reads_the_facts_of_the_turn() -> None:
    """BT-003 through the Python API: m1 attacked and battled; m2 declared an attack that was negated (§BP.11)."""
    (record,) = [r for r in RECORDS if r["scenario"]["id"] == "BT-003"]
    duel, _ = engine.run_scenario(engine.parse_scenario(record["scenario"]))
    m1, m2, y = duel.this_turn("m1"), duel.this_turn("m2"), duel.this_turn("y")
    assert (m1.declared_attack, m1.attacked, m1.battled) == (True, True, True)
    assert (m2.declared_attack, m2.attacked, m2.battled, m2.declared_direct_attack) == (True, False, False, False)
    assert m2.monsters_attacked == ((duel.index_of("y"), 0),)  # a negated attack counts against its target
    assert (y.declared_attack, y.was_attacked, y.battled) == (False, False, False)


def test_end_turn_plays_the_end_phase() -> None:
    """`Duel.end_turn` plays the End Phase a run plays (§BP.14): BT-009's field, the host declaring the attacks;
    Red Dragon Archfiend's End Phase trigger destroys m3, then the turn passes and "this turn" effects are gone."""
    (record,) = [r for r in RECORDS if r["scenario"]["id"] == "BT-009"]
    sc = engine.parse_scenario({**record["scenario"], "choices": []})
    duel = engine.Duel(engine.state_from_scenario(sc))
    duel.state.play_end_phase = False  # (the host's duel: it ends the turn itself)
    duel.declare_attack("rda", "x")
    duel.run(engine.PassAgent())
    assert duel.state.phase is engine.Phase.STEP_OVER
    duel.end_turn()
    d = duel.pending_decision  # A may activate the Quick-Play Spell first; Red Dragon Archfiend's trigger waits
    assert d is not None and d.window is engine.Window.END_PHASE and engine.PASS not in d.options
    duel.run(engine.PassAgent())  # (its mandatory trigger: the first option)
    assert duel.card("m3").location.value == "graveyard" and duel.card("rda").location.value == "monster_zone"
    assert duel.state.turn == 2 and duel.state.turn_player is engine.Player.B
    assert duel.state.phase is engine.Phase.TURN_OVER  # the next turn's Main Phase 1 begins with the host's next call
    assert [c.window.value for c in duel.state.chains][-1:] == ["end_phase"]
    assert {o.card for o in duel.legal_attacks()} == {duel.index_of("y")}  # B's turn: B's monster attacks
    duel.end_battle_phase()  # the host's next call: turn 2's Battle Phase, B's
    assert duel.state.turn == 2 and duel.state.host_move is not None

"""Battle Phase scenarios (scenario-format.md, "Battle Phases"; issue 10, item 5): the sourced cases of
tests/rules/battle-phase-cases.jsonl, compared as cases.md says (each `battles` entry listed is compared the same
way, with the result's entry of that attack), through both executors and through the CLI; and the loader's rules
for `attacks`.

The expected values come from the sources each case cites (its `source.sources`): the format's own section, the
rules spec (§1.4, §1.7.3, §2.2, §2.5, §2.7), Yugipedia "Attack" and the official rulebook.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import RULES_DIR, check_case, cli_mismatches, load_jsonl, run

import engine
from engine.scenario import scenario_to_json

REPO = Path(__file__).resolve().parent.parent
CASES = RULES_DIR / "battle-phase-cases.jsonl"
RECORDS = load_jsonl(CASES)


def test_at_least_ten_sourced_cases_with_unique_ids() -> None:
    ids = [r["scenario"]["id"] for r in RECORDS]
    assert len(ids) >= 10 and len(ids) == len(set(ids))
    assert all(len(r["source"]["sources"]) >= 2 for r in RECORDS)
    assert all("attacks" in r["scenario"] and len(r["scenario"]["attacks"]) >= 2 for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_case(record: dict[str, Any]) -> None:
    check_case(record)
    sc = engine.parse_scenario(record["scenario"])
    assert engine.parse_scenario(scenario_to_json(sc)) == sc


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_case_plays_the_same_without_the_log(record: dict[str, Any]) -> None:
    # the playout fast path (Duel(record=False)) keeps no log, never changes what happens
    sc = engine.parse_scenario(record["scenario"])
    duel, script = engine.run_scenario(sc)
    state = engine.state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    quiet = engine.Duel(state, record=False)
    quiet_script = engine.build.run_battle_phase(sc, quiet)
    assert quiet.state.log == []
    got = engine.result(sc, quiet, quiet_script, events=False)
    assert got == engine.result(sc, duel, script, events=False)
    assert quiet.state.state_hash() == duel.state.state_hash()


def test_cli_runs_the_cases() -> None:
    assert cli_mismatches(CASES) == {}


def test_cli_text_prints_each_attack_under_its_own_heading() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "run", str(CASES.relative_to(REPO))],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    block = proc.stdout.split("Scenario BP-003")[1].split("Scenario BP-004")[0]
    headings = [line for line in block.splitlines() if line.startswith("=== Attack")]
    assert headings == [
        "=== Attack 1: A's m1 attacks x ===",
        "=== Attack 2: not declared: the attack target must be a monster on the field: x is in the Graveyard ===",
        "=== Attack 3: A's m2 attacks y ===",
    ]
    attack2 = block.split("=== Attack 3")[1]
    assert "values compared: 1800 ATK against 100 ATK" in attack2 and "values compared: 2000 ATK" not in attack2


def test_every_entry_names_its_attack() -> None:
    got = run(RECORDS[9]["scenario"])  # BP-010: damage in attack 0 only, a destruction in attack 1
    assert [c["attack"] for c in got["lp_changes"]] == [0, 0]
    assert {e["attack"] for e in got["events"]} == {None, 0, 1}  # None: the Start Step, before the first declaration
    assert {e["phase"] for e in got["events"] if e["attack"] is None} == {"start_step", "battle_step"}
    sends = [e for e in got["events"] if e["type"] == "moved" and e.get("card") == "x"]
    assert [e["attack"] for e in sends] == [1]


def base(**extra: Any) -> dict[str, Any]:
    return {"format": "damage-step-scenario/1", "cards": [
        {"id": "m1", "controller": "A", "atk": 1000, "def": 0, "position": "attack"},
        {"id": "x", "controller": "B", "atk": 500, "def": 0, "position": "attack"}], **extra}


@pytest.mark.parametrize(("extra", "where", "message"), [
    ({"attack": {"attacker": "m1", "target": "x"}, "attacks": [{"attacker": "m1", "target": "x"}]}, "attacks",
     "give one of attack, attacks or battle_phase, got attack and attacks"),
    ({"attacks": []}, "attacks", "expected at least 1 item"),
    ({}, "attack", "missing required key"),
    ({"attacks": [{"attacker": "x", "target": "m1"}]}, "attacks[0].attacker", "not the turn player"),
    ({"attacks": [{"attacker": "m1", "target": "x"}, {"attacker": "nobody", "target": None}]}, "attacks[1].attacker",
     'unknown card id "nobody"'),
    ({"attacks": [{"attacker": "m1", "target": "x"}], "choices": [
        {"attack": 1, "window": "start_of_damage_step", "player": "A", "activate": "m1"}]}, "choices[0].attack",
     "the scenario has 1 attack(s), got 1"),
])
def test_loader_rules_for_attacks(extra: dict[str, Any], where: str, message: str) -> None:
    with pytest.raises(engine.ScenarioError) as info:
        engine.parse_scenario(base(**extra))
    assert info.value.path == where and message in info.value.message


def test_schema_agrees_on_attack_or_attacks() -> None:
    import jsonschema

    schema = json.loads((REPO / "engine" / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    v = jsonschema.Draft202012Validator(schema)
    assert v.is_valid(base(attacks=[{"attacker": "m1", "target": "x"}, {"attacker": "m1", "target": None}]))
    assert not v.is_valid(base(attacks=[{"attacker": "m1", "target": "x"}], attack={"attacker": "m1", "target": "x"}))
    assert not v.is_valid(base())
    assert all(v.is_valid(r["scenario"]) for r in RECORDS)


def test_toml_attacks_without_target_are_direct(tmp_path: Path) -> None:
    p = tmp_path / "bp.toml"
    p.write_text('format = "damage-step-scenario/1"\n[[cards]]\nid = "m1"\ncontroller = "A"\natk = 1\ndef = 0\n'
                 'position = "attack"\n[[attacks]]\nattacker = "m1"\n[[attacks]]\nattacker = "m1"\n', encoding="utf-8")
    (sc,) = engine.load_scenarios(p)
    assert sc.attacks == (engine.scenario.Attack("m1", None),) * 2


def test_toml_declarations_without_target_are_direct(tmp_path: Path) -> None:
    """README: TOML has no null, so a `declare` table without `target` is a direct attack, as an `attack` is."""
    p = tmp_path / "bp.toml"
    p.write_text('format = "damage-step-scenario/1"\nbattle_phase = {}\n[[cards]]\nid = "m1"\ncontroller = "A"\n'
                 'atk = 1500\ndef = 0\nposition = "attack"\n[[choices]]\nwindow = "battle_step"\nplayer = "A"\n'
                 'declare = {attacker = "m1"}\n', encoding="utf-8")
    (sc,) = engine.load_scenarios(p)
    assert sc.choices[0].declare is not None and sc.choices[0].declare.target is None
    assert run(engine.scenario.scenario_to_json(sc))["final_lp"] == {"A": 8000, "B": 6500}

"""The command line as a user runs it: demo, run (text, json, jsonl), and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOOD = {
    "format": "damage-step-scenario/1",
    "id": "direct",
    "cards": [{"id": "att", "controller": "A", "atk": 1200, "def": 0, "position": "attack", "effects": []}],
    "attack": {"attacker": "att", "target": None},
}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT)


def test_demo_prints_a_window_by_window_trace() -> None:
    r = cli("demo")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for title in ("Start of the Damage Step", "Before damage calculation", "After damage calculation"):
        assert title in out
    # The scenario-format example: 2700 piercing into DEF 1200 -> B takes 1500; FLIP burns A 500.
    assert "values compared: 2700 ATK against 1200 DEF" in out
    assert "LP: A 7500, B 6500" in out


def test_demo_json_is_the_format_example_result() -> None:
    r = cli("demo", "--format", "json")
    res = json.loads(r.stdout)
    # Expected values from the Result example of scenario-format.md.
    assert res["values_compared"] == [2700, 1200]
    assert res["battle_damage"] == {"A": 0, "B": 1500}
    assert res["final_lp"] == {"A": 7500, "B": 6500}
    assert res["final_locations"] == {"att": "monster_zone", "tgt": "graveyard", "rush": "graveyard"}
    assert [c["window"] for c in res["chains"]] == ["before_damage_calculation", "after_damage_calculation"]


def test_run_json_lines_in_input_order(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    rows = []
    for i, atk in enumerate([100, 0, 2500]):
        sc = dict(GOOD, id=f"s{i}", cards=[dict(GOOD["cards"][0], atk=atk)])  # type: ignore[arg-type]
        rows.append(json.dumps(sc))
    path.write_text("\n".join(rows) + "\n")
    r = cli("run", str(path), "--format", "json", "--no-events")
    assert r.returncode == 0, r.stderr
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["scenario"] for o in out] == ["s0", "s1", "s2"]
    assert [o["battle_damage"]["B"] for o in out] == [100, 0, 2500]
    assert out[1]["battle_damage_events"] == []  # a 0-ATK direct attack inflicts nothing (§2.3)
    assert "events" not in out[0]


def test_invalid_scenario_names_the_place_and_exits_2(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(GOOD))
    bad["cards"][0]["position"] = "atk"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    r = cli("run", str(path))
    assert r.returncode == 2
    assert 'cards[0].position: expected one of attack, defense, set, got "atk"' in r.stderr
    assert r.stdout == ""


def test_bad_line_in_jsonl_stops_everything(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    bad = dict(GOOD, cards=[dict(GOOD["cards"][0], atk=-5)])  # type: ignore[arg-type]
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(bad) + "\n")
    r = cli("run", str(path), "--format", "json")
    assert r.returncode == 2
    assert "line 2" in r.stderr and "cards[0].atk" in r.stderr
    assert r.stdout == ""  # nothing ran


def test_choice_refused_without_expect_illegal_is_an_error(tmp_path: Path) -> None:
    sc = json.loads(json.dumps(GOOD))
    sc["cards"].append(
        {"id": "ced", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2, "target": "attacker",
                      "does": [{"op": "return_to_hand", "target": "attacker"}]}]}
    )
    sc["choices"] = [{"window": "start_of_damage_step", "player": "B", "activate": "ced", "targets": ["att"]}]
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(sc))
    r = cli("run", str(path))
    assert r.returncode == 1
    assert "choices[0]" in r.stderr and "Damage Step" in r.stderr


def test_missing_file_is_a_clear_error() -> None:
    r = cli("run", "does/not/exist.json")
    assert r.returncode == 2 and "exist.json" in r.stderr

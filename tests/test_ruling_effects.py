"""Effects a ruling question needs (issue 12, part 3): the sourced cases of tests/rules/ruling-effects-cases.jsonl,
compared as cases.md says through both executors, and focused tests of each extension.

Expected values come from the card texts and rulings each case or test cites:

* [DW] Dimension Wall: its text as quoted in https://cogonline.net/threads/a-step-back-understanding-dimension-wall.46809;
  yugioh-wiki.net (it does not protect the monster; the damage moved is battle damage; piercing damage is moved too).
* [GM] Ghostrick Mansion text and rulings: https://www.ygostats.com/rulings/Ghostrick%20Mansion ("battle damage
  inflicted by monsters other than Ghostrick monsters is halved", applied to the monsters).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import (
    RULES_DIR,
    check_case,
    check_round_trip,
    check_sourced_cases,
    load_jsonl,
    monster,
    run,
    scenario,
    spell,
)

import engine

RECORDS = load_jsonl(RULES_DIR / "ruling-effects-cases.jsonl")


def test_cases_are_sourced_and_ids_unique() -> None:
    check_sourced_cases(RECORDS, at_least=1)


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_case(record: dict[str, Any]) -> None:
    check_case(record)


def test_cases_round_trip_through_scenario_to_json() -> None:
    check_round_trip(RECORDS)


# -- 2. redirection of one battle's damage, halving scoped to the monsters that inflict it ----------------------


def wall(scope: str | None) -> dict[str, Any]:
    eff: dict[str, Any] = {"kind": "reflect_battle_damage"}
    if scope is not None:
        eff["scope"] = scope
    return spell("wall", "B", eff)


def test_player_wide_reflection_needs_scope_all() -> None:
    # [DW] the Wall is not a battler: "battles involving this card" (the default) moves nothing; "all" moves it.
    board = [monster("att", "A", 2400, 1000), monster("tgt", "B", 1000, 1000)]
    assert run(scenario([*board, wall(None)]))["battle_damage"] == {"A": 0, "B": 1400}
    assert run(scenario([*board, wall("all")]))["battle_damage"] == {"A": 1400, "B": 0}


def test_reflection_moves_only_the_controllers_damage() -> None:
    # [DW] "the battle damage *you* would take": the attacker's controller losing a battle still takes its own.
    res = run(scenario([monster("att", "A", 1000, 1000), monster("tgt", "B", 2400, 1000), wall("all")]))
    assert res["battle_damage"] == {"A": 1400, "B": 0}
    assert res["destroyed_by_battle"] == ["att"]


def test_negated_wall_moves_nothing() -> None:
    w = wall("all")
    w["effects"][0]["negated"] = True
    res = run(scenario([monster("att", "A", 2400, 1000), monster("tgt", "B", 1000, 1000), w]))
    assert res["battle_damage"] == {"A": 0, "B": 1400}


def mansion(flt: dict[str, Any], player: str = "both") -> dict[str, Any]:
    return spell("gm", "B", {"kind": "halve_battle_damage", "player": player, "inflicted_by": flt})


def test_halving_scoped_to_the_inflicting_monster() -> None:
    # [GM] 1000 attacks a 1500 Ghostrick: A's 500 is inflicted by the Ghostrick monster, so it is not halved;
    # 1000 attacks a 1500 non-Ghostrick: halved to 250.
    ghost = monster("tgt", "B", 1500, 0, name="Ghostrick Jackfrost")
    plain = monster("tgt", "B", 1500, 0)
    flt = {"not_archetype": "Ghostrick"}
    assert run(scenario([monster("att", "A", 1000, 0), ghost, mansion(flt)]))["battle_damage"] == {"A": 500, "B": 0}
    assert run(scenario([monster("att", "A", 1000, 0), plain, mansion(flt)]))["battle_damage"] == {"A": 250, "B": 0}


def test_archetype_filter_and_player_scope_combine() -> None:
    # An archetype filter halves only what that archetype inflicts; `player` still limits whose damage.
    res = run(scenario([monster("att", "A", 2000, 0, name="Ghostrick Alucard"), monster("tgt", "B", 1000, 0),
                        mansion({"archetype": "Ghostrick"}, player="opponent")]))
    assert res["battle_damage"] == {"A": 0, "B": 1000}  # the Mansion's controller is B: "opponent" is A
    res = run(scenario([monster("att", "A", 2000, 0, name="Ghostrick Alucard"), monster("tgt", "B", 1000, 0),
                        mansion({"archetype": "Ghostrick"}, player="controller")]))
    assert res["battle_damage"] == {"A": 0, "B": 500}


def test_filter_keys_are_validated() -> None:
    bad = scenario([monster("att", "A", 1000, 0), monster("tgt", "B", 1500, 0), mansion({"colour": "red"})])
    with pytest.raises(engine.ScenarioError, match=r"inflicted_by.*unknown key"):
        engine.parse_scenario(bad)
    bad = scenario([monster("att", "A", 1000, 0), monster("tgt", "B", 1500, 0), mansion({"archetype": ""})])
    with pytest.raises(engine.ScenarioError, match=r"inflicted_by\.archetype"):
        engine.parse_scenario(bad)

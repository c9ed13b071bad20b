"""The second card-pool sample's Performapal Five-Rainbow Magician (seed 20261206, docs/card-pool-sample.md) written as
data by helper `pf` (issue 43 items 2 and 4), and the pieces it needed (rules spec §U.28): a Spell/Trap Set as an event
(`on: spell_trap_set`), Set cards counted (`only_if.controls` with `filter.face_up: false`), "all monsters they control
cannot activate their effects" (`activation_lock` `monster_zone_only`), and a continuous "ATK becomes double its
original ATK" (`stat_modifier` `atk_becomes`). The sourced cases of tests/rules/pf-cases.jsonl run through both
executors, the schema, the round trip and the CLI; each case naming a sample card names its passcode in its notes.

Expected values come from the card texts (Yugipedia), the official script (ProjectIgnis/CardScripts c19619755.lua), the
OCG rulings compiled in lucays/OCG-Rule-documentation and the damage table, computed by hand."""

from __future__ import annotations

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine.rules.stats import BECOMES_WHILE_APPLYING, CONTINUOUS_GAIN, FREEZING, GAIN, modified_value

CASES = RULES_DIR / "pf-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=7)


def _scenario(effect: dict[str, object]) -> dict[str, object]:
    return {"format": "damage-step-scenario/1", "id": "x", "turn_player": "A", "life_points": {"A": 8000, "B": 8000},
            "cards": [{"id": "m", "controller": "A", "atk": 1000, "def": 1000, "position": "attack"},
                      {"id": "v", "controller": "B", "atk": 1000, "def": 1000, "position": "attack",
                       "effects": [effect]}],
            "attack": {"attacker": "m", "target": "v"}, "choices": []}


@pytest.mark.parametrize(("effect", "place", "message"), [
    ({"kind": "stat_modifier", "atk_becomes": "double_original", "set_atk": 100}, "atk_becomes",
     "atk_becomes and set_atk both say"),
    ({"kind": "stat_modifier", "def_becomes": "original", "set_def": 100}, "def_becomes",
     "def_becomes and set_def both say"),
    ({"kind": "stat_modifier", "atk_becomes": "half_original", "applied_last": True}, "atk_becomes",
     "not last: drop applied_last"),
    ({"kind": "activation_lock", "card_type": "trap", "player": "opponent", "monster_zone_only": True},
     "monster_zone_only", "give card_type monster, got 'trap'"),
])
def test_the_loader_refuses_what_cannot_be_meant(effect: dict[str, object], place: str, message: str) -> None:
    with pytest.raises(engine.ScenarioError, match=rf"cards\[1\]\.effects\[0\]\.{place}: .*{message}"):
        engine.parse_scenario(_scenario(effect))


def test_a_lasting_lock_of_the_monsters_a_player_controls_needs_card_type_monster() -> None:
    op = {"op": "lasting_effect", "kind": "activation_lock", "card_type": "spell", "monster_zone_only": True,
          "player": "opponent"}
    effect = {"kind": "activated", "speed": 2, "does": [op]}
    with pytest.raises(engine.ScenarioError, match=r"effects\[0\]\.does\[0\]\.monster_zone_only: .*card_type monster"):
        engine.parse_scenario(_scenario(effect))


def test_an_unknown_becomes_is_refused_naming_the_key() -> None:
    with pytest.raises(engine.ScenarioError, match=r"cards\[1\]\.effects\[0\]\.atk_becomes"):
        engine.parse_scenario(_scenario({"kind": "stat_modifier", "atk_becomes": "triple_original"}))


def test_an_unknown_event_is_refused() -> None:
    effect = {"kind": "trigger", "on": "spell_set", "optional": True, "does": [{"op": "draw", "count": 1}]}
    with pytest.raises(engine.ScenarioError, match=r"cards\[1\]\.effects\[0\]\.on"):
        engine.parse_scenario(_scenario(effect))


def test_the_layer_of_a_continuous_becomes() -> None:
    """Rules spec §U.28, the rulings of lucays/OCG-Rule-documentation docs/c03/攻守计算.rst: Scrap Breaker 2100 under
    Scrap Factory (+200, continuous) equipped with Megamorph: 2100*2+200 = 4400 (L370); Electric-tail at 3200 by Rush
    Recklessly (+700, resolved) under Megamorph: 5000 (L381); a resolved gain after it adds on top."""
    assert modified_value(2100, [(1, CONTINUOUS_GAIN, 200), (2, BECOMES_WHILE_APPLYING, 4200)]) == 4400
    assert modified_value(2500, [(1, GAIN, 700), (2, BECOMES_WHILE_APPLYING, 5000)]) == 5000
    assert modified_value(2500, [(1, BECOMES_WHILE_APPLYING, 5000), (2, GAIN, 700)]) == 5700
    # a freezing value resolved after it (Black Garden's halving) replaces it, as any freezing value
    assert modified_value(2500, [(1, BECOMES_WHILE_APPLYING, 5000), (2, FREEZING, 2500)]) == 2500
    # a later change of the original value does not mask it: its value is read from the original as it is now
    assert modified_value(2500, [(1, BECOMES_WHILE_APPLYING, 2500)], original_since=5) == 2500


def test_a_chain_lock_of_both_players_plays() -> None:
    """Found by the property test `test_every_kind_and_op_loads_and_plays` while this branch ran it: a `chain_lock`
    with `player: both` (which the format allows) raised a KeyError at the first priority; both players are locked."""
    from conftest import run

    lock = {"kind": "chain_lock", "player": "both"}
    quick = {"kind": "activated", "speed": 2, "does": [{"op": "change_stats", "target": "self", "atk": 500}]}
    scenario = _scenario(lock)
    scenario["cards"][0]["effects"] = [quick]  # type: ignore[index]
    scenario["choices"] = [{"window": "start_of_damage_step", "player": "A", "activate": "m"}]
    result = run(scenario)
    assert result["values_compared"] == [1500, 1000] and result["refused"] == []

"""Operations inside operations in the file format (rules spec §U.22): "you can", "choose one", coin tosses and die
rolls with their lists, nested; the sourced cases of tests/rules/nested-ops-cases.jsonl through both executors, the
schema, the round trip and the CLI; and the loader's refusals, each naming its place."""

from __future__ import annotations

import copy
import json

import pytest
from conftest import RULES_DIR, case_file_tests

from engine import ScenarioError, parse_scenario
from engine.scenario import scenario_to_json

CASES = RULES_DIR / "nested-ops-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=21)


def _base() -> dict:
    return json.loads(CASES.read_text(encoding="utf-8").splitlines()[0])["scenario"]


def _with(does: list) -> dict:
    s = copy.deepcopy(_base())
    s["cards"][1]["effects"][0]["does"] = does
    return s


NEG = {"op": "negate_attack"}


@pytest.mark.parametrize(("does", "place", "words"), [
    ([{"op": "you_can", "does": [{"op": "draw", "player": "controller", "count": "x"}]}],
     "cards[1].effects[0].does[0].does[0].count", "int"),
    ([{"op": "you_can", "does": [NEG, {"op": "nope"}]}], "cards[1].effects[0].does[0].does[1].op", "nope"),
    ([{"op": "you_can", "does": []}], "cards[1].effects[0].does[0].does", "at least 1"),
    ([{"op": "choose_one", "modes": [{"does": [NEG]}]}], "cards[1].effects[0].does[0].modes", "at least 2"),
    ([{"op": "choose_one", "modes": [{"does": [NEG]}, {"does": [{"op": "destroy", "target": "zz"}]}]}],
     "cards[1].effects[0].does[0].modes[1].does[0].target", "zz"),
    ([{"op": "coin_toss"}], "cards[1].effects[0].does[0]", "heads"),
    ([{"op": "coin_toss", "call": True, "heads": [NEG]}], "cards[1].effects[0].does[0].heads", "right / wrong"),
    ([{"op": "coin_toss", "right": [NEG]}], "cards[1].effects[0].does[0].right", "call: true"),
    ([{"op": "roll_die", "results": [{"on": [7], "does": [NEG]}]}], "cards[1].effects[0].does[0].results[0].on[0]",
     "6"),
    ([{"op": "you_can", "does": [{"op": "gain_lp", "player": "controller", "amount": 1, "if_you_do": True}]}],
     "cards[1].effects[0].does[0].does[0].if_you_do", "first"),
    ([{"op": "you_can", "does": [{"op": "destroy", "target": "targeted"}]}],
     "cards[1].effects[0].does[0].does[0].target", "targeted"),
    ([{"op": "coin_toss", "heads": [{"op": "destroy", "target": "m1", "if_it_is": {"face_up": True}}],
       "tails": [{"op": "damage", "player": "opponent", "amount": 1, "if_it_is": {"face_up": True}}]}],
     "cards[1].effects[0].does[0].tails[0].if_it_is", "give it a target"),
])  # fmt: skip
def test_loader_refuses_a_bad_contained_operation_naming_its_place(does: list, place: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(does))
    assert err.value.path == place, str(err.value)
    assert words in str(err.value)


def _nest(depth: int) -> dict:
    op: dict = NEG
    for _ in range(depth):
        op = {"op": "you_can", "does": [op]}
    return op


def test_nesting_depth_limit() -> None:
    parse_scenario(_with([_nest(4)]))  # four contained lists: allowed
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with([_nest(5)]))
    assert "nested at most 4 deep" in str(err.value)
    assert err.value.path == "cards[1].effects[0].does[0].does[0].does[0].does[0].does[0].does"


def test_round_trip_keeps_every_contained_list() -> None:
    does = [{"op": "choose_one", "modes": [
        {"does": [{"op": "coin_toss", "tails": [{"op": "roll_die", "results": [{"on": [1, 6], "does": [NEG]}]}]}],
         "what": "chance"},
        {"does": [{"op": "you_can", "player": "opponent", "what": "gain", "does": [
            {"op": "gain_lp", "player": "controller", "amount": 100},
            {"op": "damage", "player": "opponent", "amount": 100, "if_you_do": True}]}]}]}]  # fmt: skip
    first = parse_scenario(_with(does))
    text = json.dumps(scenario_to_json(first))
    written = json.loads(text)["cards"][1]["effects"][0]["does"]
    assert written == does
    assert parse_scenario(json.loads(text)) == first

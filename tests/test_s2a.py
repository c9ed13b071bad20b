"""Cards of the second card-pool sample (seed 20261206, docs/card-pool-sample.md) written as data by helper `s2a`
(issue 43 items 2 and 4: targets and picks in the Graveyard, Summons of targeted cards, the card an operation just
moved, rules spec §U.23): the sourced cases of tests/rules/s2a-cases.jsonl through both executors, the schema, the
round trip and the CLI; and the loader's refusals of the new keys. Each case names its card's passcode in its notes.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) cited in each
case and the damage table, computed by hand."""

from __future__ import annotations

import copy
import json

import pytest
from conftest import RULES_DIR, case_file_tests, run

from engine import ScenarioError, parse_scenario

CASES = RULES_DIR / "s2a-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=6)


def _amo() -> dict:
    """S2A-AMO-001's scenario: cards[0] is Amazoness Onslaught (its effect 0 Summons from the hand)."""
    for line in CASES.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["scenario"]["id"] == "S2A-AMO-001":
            return copy.deepcopy(record["scenario"])
    raise AssertionError("S2A-AMO-001 is missing")


def _with(does: list, effect: int = 0) -> dict:
    s = _amo()
    s["cards"][0]["effects"][effect]["does"] = does
    return s


DRAW = {"op": "draw", "player": "controller", "count": 1}


@pytest.mark.parametrize(("does", "place", "words"), [
    ([{"op": "change_stats", "target": "acted_on", "atk": 500}], "cards[0].effects[0].does[0].target",
     "first operation"),
    ([DRAW, {"op": "you_can", "does": [{"op": "destroy", "target": "acted_on"}]}],
     "cards[0].effects[0].does[1].does[0].target", "first operation"),
    ([{"op": "damage", "player": "opponent", "equal_to": {"of": "acted_on", "stat": "atk"}}],
     "cards[0].effects[0].does[0].equal_to.of", "first operation"),
    ([DRAW, {"op": "special_summon", "target": "acted_on", "filter": {"level_at_most": 4}}],
     "cards[0].effects[0].does[1].filter", "not both"),
    ([DRAW, {"op": "special_summon", "target": "x", "card": "am2"}], "cards[0].effects[0].does[1].card", "not both"),
    ([DRAW, {"op": "damage", "player": "opponent", "equal_to": {"of": "paid", "stat": "atk"}}],
     "cards[0].effects[0].does[1].equal_to.of", "give the effect a cost"),
    ([DRAW, {"op": "special_summon", "card": "am2", "different": "level"}], "cards[0].effects[0].does[1].different",
     "for a pick"),
    ([DRAW, {"op": "send_to_graveyard", "target": "x", "from": ["deck"]}], "cards[0].effects[0].does[1].from",
     "not both"),
])  # fmt: skip
def test_loader_refuses_a_misplaced_acted_on_naming_its_place(does: list, place: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(does))
    assert err.value.path == place, str(err.value)
    assert words in str(err.value)


def test_multi_card_references_are_named_by_operations_only() -> None:
    s = _amo()
    s["cards"][0]["effects"][1]["target"] = "acted_on"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(s)
    assert err.value.path == "cards[0].effects[1].target"
    assert "only an operation can name it" in str(err.value)


def _summon_then_damage(hand_card: bool) -> dict:
    """'Special Summon 1 "Amazoness" monster from your hand; then inflict damage to your opponent equal to its ATK'
    (constructed: `acted_on` read as a value), with or without such a monster in the hand."""
    s = _with([{"op": "special_summon", "from": ["hand"], "filter": {"archetype": "Amazoness"}, "position": "attack"},
               {"op": "damage", "player": "opponent", "equal_to": {"of": "acted_on", "stat": "atk"}}])
    s["attacks"] = s["attacks"][:1]
    s["choices"] = s["choices"][:1]
    s["choices"][0].pop("answers")
    if not hand_card:
        s["cards"][2]["name"] = "Warrior of the hand"
    return s


def test_acted_on_reads_the_summoned_card_and_nothing_when_nothing_moved() -> None:
    """1500 damage (the Summoned monster's ATK) plus the battle's 500 to A; with no Amazoness in the hand nothing is
    Summoned, so the damage that names it is not inflicted."""
    summoned = run(_summon_then_damage(True))
    assert summoned["final_lp"] == {"A": 7500, "B": 6500}
    assert summoned["final_locations"]["am2"] == "monster_zone"
    none = run(_summon_then_damage(False))
    assert none["final_lp"] == {"A": 7500, "B": 8000}
    assert none["final_locations"]["am2"] == "hand"


def test_a_refused_choice_leaves_its_answers_unused() -> None:
    """A choice the engine refuses made no activation, so its listed answers answer nothing: the next activation of
    the same effect takes its own (S2A-VF-001 with a second use in the first damage calculation, refused: that effect
    is already on the chain; the second battle still pays the 200 LP its own choice lists)."""
    for line in CASES.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["scenario"]["id"] == "S2A-VF-001":
            s = copy.deepcopy(record["scenario"])
    refused = {"window": "during_damage_calculation", "attack": 0, "player": "A", "activate": "vf", "effect": 1,
               "answers": [{"number": 1}], "expect": "illegal"}  # fmt: skip
    s["choices"].insert(2, refused)
    result = run(s)
    assert [b["values_compared"] for b in result["battles"]] == [[1900, 1500], [800, 500]]
    assert result["final_lp"] == {"A": 7500, "B": 7300}
    assert [r["choice"] for r in result["refused"]] == [2]


def _case(case_id: str) -> dict:
    for line in CASES.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["scenario"]["id"] == case_id:
            return copy.deepcopy(record["scenario"])
    raise AssertionError(f"{case_id} is missing")


def test_two_monsters_of_the_same_level_are_not_a_pick_with_different_levels() -> None:
    """Deskbot 004's 'Special Summon 2 "Deskbot" monsters with different Levels': the two Level 2 monsters of the
    hand are not one of the options offered (an answer naming them is an error naming the options)."""
    s = _case("S2A-DB-001")
    s["choices"][1]["answers"] = [{"pick": ["h2", "h2b"]}]
    with pytest.raises(Exception, match="not one of the answers"):
        run(s)

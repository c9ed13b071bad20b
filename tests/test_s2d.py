"""Cards of the second sample (seed 20261206) moved to the Deck, Tributed by effect, ATK changes to all, Levels in
battle (rules spec §U.26): the sourced cases of tests/rules/s2d-cases.jsonl through both executors, the schema, the
round trip and the CLI; and the loader's refusals of the new keys."""

from __future__ import annotations

import pytest
from conftest import RULES_DIR, case_file_tests

from engine import ScenarioError, parse_scenario
from engine.format.document import parse_effect_spec

CASES = RULES_DIR / "s2d-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=4)


@pytest.mark.parametrize(
    ("op", "where", "words"),
    [
        ({"op": "change_stats", "atk": 500}, "does[0].target", "give target"),
        ({"op": "change_stats", "atk": 500, "target": "self", "applies_to": "own_monsters"}, "does[0].applies_to",
         "not both"),
        ({"op": "change_stats", "atk": 500, "target": "self", "filter": {}}, "does[0].filter", "give applies_to"),
        ({"op": "special_summon", "card": "self", "count": 2}, "does[0].count", "give no card with it"),
    ],
)
def test_group_refusals(op: dict[str, object], where: str, words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_effect_spec({"kind": "activated", "speed": 2, "does": [op]})
    assert where in str(e.value) and words in str(e.value)


def _scenario(*cards: dict[str, object], effect: dict[str, object] | None = None) -> dict[str, object]:
    base = [{"id": "m", "controller": "A", "atk": 1000, "def": 1000, "position": "attack",
             "effects": [effect] if effect else []},
            {"id": "x", "controller": "B", "atk": 1000, "def": 1000, "position": "attack"}]  # fmt: skip
    return {"format": "damage-step-scenario/1", "cards": [*base, *cards], "attack": {"attacker": "m", "target": "x"}}


@pytest.mark.parametrize(
    ("scenario", "where", "words"),
    [
        (_scenario({"id": "s", "controller": "B", "atk": 1, "def": 1, "position": "set",
                    "named_counters": {"A-Counter": 1}}), "cards[2].named_counters", "face-up cards only"),
        (_scenario({"id": "s", "controller": "B", "atk": 1, "def": 1, "position": "set", "flipped_face_up": True}),
         "cards[2].flipped_face_up", "face-down"),
        (_scenario({"id": "s", "controller": "B", "atk": 1, "def": 1, "position": "attack",
                    "summon_materials": ["x"]}), "cards[2].summon_materials[0]", "off the field"),
        (_scenario({"id": "s", "controller": "B", "atk": 1, "def": 1, "position": "attack",
                    "summon_materials": ["nobody"]}), "cards[2].summon_materials[0]", "unknown card id"),
        (_scenario(effect={"kind": "activated", "speed": 2, "on": "special_summoned",
                           "does": [{"op": "destroy", "target": "event_card"}]}),
         "cards[0].effects[0].does[0].target", "event_card names the card of the event"),
        (_scenario(effect={"kind": "activated", "speed": 2, "on": "special_summoned", "about": "any",
                           "does": [{"op": "destroy_all", "player": "both", "atk_below": {"of": "nobody"}}]}),
         "cards[0].effects[0].does[0].atk_below.of", 'got "nobody"'),
    ],
)
def test_card_key_refusals(scenario: dict[str, object], where: str, words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(scenario)
    assert where in str(e.value) and words in str(e.value)

"""Cards of the second sample (seed 20261206) moved to the Deck, Tributed by effect, ATK changes to all, Levels in
battle (rules spec §U.26): the sourced cases of tests/rules/s2d-cases.jsonl through both executors, the schema, the
round trip and the CLI; and the loader's refusals of the new keys."""

from __future__ import annotations

import pytest
from conftest import RULES_DIR, case_file_tests

from engine import ScenarioError
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
        ({"op": "special_summon", "card": "self", "count": 2}, "does[0].card", "leave card out"),
    ],
)
def test_group_refusals(op: dict[str, object], where: str, words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_effect_spec({"kind": "activated", "speed": 2, "does": [op]})
    assert where in str(e.value) and words in str(e.value)

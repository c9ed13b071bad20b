"""Compound filters (`not`, `any`, `all`; docs/scenario-format.md, "Filters") on real cards and on a target:
Ally of Justice Catastor ("battles a non-DARK monster": face-up and not DARK), Sogen and Yami ("All Warrior and
Beast-Warrior monsters"), and a Trap whose target is "neither a Warrior nor a Beast-Warrior". The sourced cases of
tests/rules/compound-filters-cases.jsonl, compared as cases.md says through both executors, the schema, the round
trip and the CLI. Expected values come from the card texts and rulings cited, computed by hand."""

from __future__ import annotations

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine.library.filters import describe, matches_card
from engine.scenario import parse_effect_spec

test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(
    RULES_DIR / "compound-filters-cases.jsonl", at_least=8
)


def test_the_combinations_read_as_the_card_texts_do() -> None:
    """`not`, `any` and `all` nest: a face-up DARK Fiend matches "face-up and not (Warrior or Beast-Warrior)",
    a face-up Warrior does not, and neither does a face-down monster (it shows no Type, and is not face-up)."""
    flt = {"all": [{"face_up": True}, {"not": {"any": [{"monster_type": "warrior"},
                                                      {"monster_type": "beast_warrior"}]}}]}  # fmt: skip
    b = engine.StateBuilder()
    b.monster("f", "A", atk=1000, def_=1000, monster_type="fiend").monster("w", "A", atk=1000, def_=1000,
                                                                           monster_type="warrior")  # fmt: skip
    b.monster("s", "B", atk=1000, def_=1000, monster_type="fiend", position="set")
    duel = engine.Duel(b.build())
    got = {c: matches_card(duel.card(c), flt) for c in ("f", "w", "s")}
    assert got == {"f": True, "w": False, "s": False}
    assert describe(flt) == ("a monster that is a face-up monster and not (a face-up Warrior monster or a face-up "
                             "Beast-Warrior monster)")


@pytest.mark.parametrize(("key", "value", "message"), [
    ("not", [], "expected an object"),
    ("any", [], "at least 1"),
    ("all", {"face_up": True}, "expected a list"),
])  # fmt: skip
def test_the_loader_refuses_a_malformed_combination(key: str, value: object, message: str) -> None:
    spec = {"kind": "stat_modifier", "atk": 100, "applies_to": "all_monsters", "filter": {key: value}}
    with pytest.raises(engine.ScenarioError, match=rf"filter\.{key}.*{message}"):
        parse_effect_spec(spec)

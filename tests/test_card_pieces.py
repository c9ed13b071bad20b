"""Issue 22's pieces on real cards beyond the sample (rules spec §U; the format's section "Pieces the card pool
needed"): "cannot be targeted" (Lord of D., Aria the Melodious Diva), conditions on how a card was Summoned and on LP
(Aria, Child's Play), values read from a monster's original ATK (Half Counter), activation from the Graveyard with a
banish cost and protection "by this battle" (Shield Warrior), Extra Deck monster kinds (Top Runner). The sourced
cases of tests/rules/card-pieces-cases.jsonl, compared as cases.md says through both executors, the schema, the
round trip and the CLI. Expected values come from the card texts (Yugipedia) and the rulings cited, computed by
hand."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import (
    RULES_DIR,
    check_case,
    check_round_trip,
    check_sourced_cases,
    cli_mismatches,
    load_jsonl,
    schema_errors,
)

CASES = RULES_DIR / "card-pieces-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]


def test_sourced_cases() -> None:
    check_sourced_cases(RECORDS, at_least=9)
    assert all(r["source"]["case"] == r["scenario"]["id"] for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_case(record: dict[str, Any]) -> None:
    check_case(record)


def test_round_trip_schema_and_cli() -> None:
    check_round_trip(RECORDS)
    assert schema_errors(RECORDS) == {}
    assert cli_mismatches(CASES) == {}

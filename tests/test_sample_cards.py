"""The sampled cards that issue 22's pieces made writable (docs/card-pool-sample.md): the sourced cases of
tests/rules/sample-cards-cases.jsonl, one or more per card, compared as cases.md says through both executors, the
schema, the round trip and the CLI. Each case names its card's passcode; every card of the sample judged `format`
that the cases of card-pool-cases.jsonl do not cover is named here.

Expected values come from the card texts (Yugipedia), the card scripts of ProjectIgnis/CardScripts where they
decide a detail (a monster destroyed by battle is not "returned"; when a trigger is checked), the glossary pages of
laaners/yugioh_comprehensive_rulebook (unaffected, negated effects, attacks from Defense Position) and the damage
table, computed by hand."""

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

CASES = RULES_DIR / "sample-cards-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]


def test_sourced_cases() -> None:
    check_sourced_cases(RECORDS, at_least=30)
    assert all(r["source"]["case"] == r["scenario"]["id"] for r in RECORDS)
    assert all(r["source"]["notes"].startswith("passcode ") for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_case(record: dict[str, Any]) -> None:
    check_case(record)


def test_round_trip_schema_and_cli() -> None:
    check_round_trip(RECORDS)
    assert schema_errors(RECORDS) == {}
    assert cli_mismatches(CASES) == {}

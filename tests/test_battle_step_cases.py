"""The Battle Step around the Damage Step (rules spec §BP; issue 21): the sourced cases of
tests/rules/battle-step-cases.jsonl, whole Battle Phases (`battle_phase`), compared as cases.md says (each `battles`
entry listed is compared with the result's entry of that attack), through both executors and through the CLI.

The expected values come from the sources each case cites (its `source.sources`): the official rulebook and the OCG
Perfect Rulebook as compiled in laaners/yugioh_comprehensive_rulebook, the Konami OCG FAQ as compiled in
lucays/OCG-Rule-documentation, Yugipedia, card texts, and the damage table (rules spec §2.2). The ids, setups and
rulings are those of the research behind rules spec §BP (BPR-nn, named in each case's `source.notes`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import RULES_DIR, check_case, check_round_trip, cli_mismatches, load_jsonl, schema_errors

REPO = Path(__file__).resolve().parent.parent
CASES = RULES_DIR / "battle-step-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]


def test_at_least_25_sourced_cases_with_unique_ids() -> None:
    assert len(IDS) >= 25 and len(IDS) == len(set(IDS))
    assert all(r["source"]["case"] == r["scenario"]["id"] for r in RECORDS)
    assert all(
        r["source"]["sources"] and all(isinstance(s, str) and s for s in r["source"]["sources"]) for r in RECORDS
    )
    assert all(r["source"]["confidence"] in ("official", "ruling", "engine", "ambiguous") for r in RECORDS)
    assert all("battle_phase" in r["scenario"] for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_case(record: dict[str, Any]) -> None:
    check_case(record)


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_round_trip(record: dict[str, Any]) -> None:
    check_round_trip([record])


def test_schema_accepts_every_case() -> None:
    assert schema_errors(RECORDS) == {}


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_cli_runs_the_cases(executor: str) -> None:
    assert cli_mismatches(CASES, executor) == {}


def test_negate_attack_says_the_attack_was_negated() -> None:
    """BS-006, Negate Attack: "negate the attack, then end the Battle Phase": the attack stopped because it was
    negated (the Battle Phase ends after), and its entry says so rather than "the Battle Phase was ended"."""
    from conftest import run

    (record,) = [r for r in RECORDS if r["scenario"]["id"] == "BS-006"]
    assert [b["stopped"] for b in run(record["scenario"])["battles"]] == ["the attack was negated"]

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

from conftest import RULES_DIR, case_file_tests, load_jsonl

REPO = Path(__file__).resolve().parent.parent
CASES = RULES_DIR / "battle-step-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(
    CASES, at_least=25, urls=False, cli_executors=("fast", "transitions")
)


def test_each_case_plays_a_battle_phase() -> None:
    assert all("battle_phase" in r["scenario"] for r in RECORDS)


def test_negate_attack_says_the_attack_was_negated() -> None:
    """BS-006, Negate Attack: "negate the attack, then end the Battle Phase": the attack stopped because it was
    negated (the Battle Phase ends after), and its entry says so rather than "the Battle Phase was ended"."""
    from conftest import run

    (record,) = [r for r in RECORDS if r["scenario"]["id"] == "BS-006"]
    assert [b["stopped"] for b in run(record["scenario"])["battles"]] == ["the attack was negated"]

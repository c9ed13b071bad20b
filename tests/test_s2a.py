"""Cards of the second card-pool sample (seed 20261206, docs/card-pool-sample.md) written as data by helper `s2a`
(issue 43 items 2 and 4: targets and picks in the Graveyard, Summons of targeted cards, the card an operation just
moved, rules spec §U.23): the sourced cases of tests/rules/s2a-cases.jsonl through both executors, the schema, the
round trip and the CLI; and the loader's refusals of the new keys. Each case names its card's passcode in its notes.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) cited in each
case and the damage table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2a-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=6)

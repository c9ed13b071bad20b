"""Branch s2b (issue 43, the second sample's trigger events and what they carry; rules spec §U.24): the sourced
cases of tests/rules/s2b-cases.jsonl (S2B-*), through both executors, the schema, the round trip and the CLI.

Expected values come from the card texts, the official scripts (ProjectIgnis/CardScripts) and the damage table,
computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2b-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=3)

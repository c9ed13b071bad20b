"""Rows of the second card-pool sample (seed 20261206, docs/card-pool-sample.md) written as data by helper `s2e`
(issue 43 items 2 and 4), and the pieces they needed (rules spec §U.27): the sourced cases of
tests/rules/s2e-cases.jsonl through both executors, the schema, the round trip and the CLI. Each case naming a sample
card names its passcode in its notes.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) cited in each
case and the damage table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2e-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=4)

"""Cards of the second sample (seed 20261206) that the format writes exactly once operations inside operations and the
order of an effect's operations are in it (rules spec §U.18, §U.22): the sourced cases of
tests/rules/sample2-nested-cases.jsonl through both executors, the schema, the round trip and the CLI."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "sample2-nested-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=2)

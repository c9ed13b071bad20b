"""Decisions while an effect resolves, and chance (rules spec §U.16, engine/resolution.py): the sourced cases of
tests/rules/resolution-decisions-cases.jsonl through both executors, the schema, the round trip and the CLI."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "resolution-decisions-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=10)

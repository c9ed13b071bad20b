"""Branch s2c's cards of the second sample (issue 43): End Phase actions, effects that last while a card is face-up,
attacks from Defense Position by other monsters, and the pieces they needed (rules spec §U.25). Sourced cases of
tests/rules/s2c-cases.jsonl, through both executors, the schema, the round trip and the CLI; expected values from the
card texts and rulings, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2c-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=3)

"""The scenario format's sequence and source pieces (rules spec §U.18; docs/scenario-format.md, "The sequence of an
effect's operations, and targets off the field"): "and if you do" (`if_you_do`), actions left for a later moment
(`later`), targets in a Graveyard or banished (`target.zone`): the sourced cases of
tests/rules/format-features-cases.jsonl through both executors, the schema, the round trip and the CLI.

Expected values come from the rulebook's conjunctions (PSCT), the official rulings cited in each case and the damage
table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "format-features-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=11)

"""Cards of the second card-pool sample (seed 20261206, docs/card-pool-sample.md) judged `format` once the format
could say them (helper `fmt`, issue 43 items 2 and 4: "and if you do", actions left for later, targets off the field,
conditions to resolve): the sourced cases of tests/rules/sample2-format-cases.jsonl through both executors, the
schema, the round trip and the CLI. Each case names its card's passcode in its notes.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) cited in each
case and the damage table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "sample2-format-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=13)

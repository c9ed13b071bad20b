"""Issue 43 item 1, the approximate library cards made exact (rules spec §U.29): the sourced cases of
tests/rules/apx-cases.jsonl (Battle Fader's banishment, Spirit Reaper's destruction after a card effect that targets
it, Rainbow Life on effect damage, Necro Gardna's next attack, Cyber Dragon Zwei's name in the Graveyard, and the
general pieces they use), through both executors, the schema, the round trip and the CLI.

Expected values come from the card texts (Yugipedia), their rulings and the damage table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "apx-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=10)

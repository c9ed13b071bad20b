"""Issue 43's library growth, cards M to Z (engine/cards: damage_step_stats, terrain_fields, damage_step_starts,
after_the_battle, hand_in_battle, quick_answers, battle_guards): the sourced cases of
tests/rules/library-cards-4-cases.jsonl, each naming its card (``"card": key``), through both executors, the
schema, the round trip and the CLI.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) and the
damage table, computed by hand; the cases of the first sample's cards (CP-*) name the library card instead."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "library-cards-4-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=18)

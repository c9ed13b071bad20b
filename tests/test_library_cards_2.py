"""Issue 43's library cards (engine/cards: declaration_answers, summon_responses, indestructible, battle_start,
damage_calculation, battle_end, battle_boosts): the sourced cases of tests/rules/library-cards-2-cases.jsonl, each
naming its card (``"card": key``), through both executors, the schema, the round trip and the CLI.

Expected values come from the card texts (Yugipedia) and the damage table, computed by hand; most cases are those
of the second sample's cards (S2-*, PC-*) with the card named from the library instead of written out."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "library-cards-2-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=25)

"""Issue 43's third set of library cards (engine/cards: mirror_forces, field_locks, ancient_gears, fusion_battlers,
equip_spells, counted_boosts, damage_step_end; the staples Necro Gardna, Cyber Dragon, Skill Drain, Quaking
Mirror Force and other Mirror Force variants): the sourced cases of tests/rules/library-cards-3-cases.jsonl, each
naming its card (``"card": key``), through both executors, the schema, the round trip and the CLI.

Expected values come from the card texts (Yugipedia, BabelCDB), checked against ProjectIgnis/CardScripts, and the
damage table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "library-cards-3-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=40)

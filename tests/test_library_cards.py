"""The card library as scenario files use it (issue 22, item 4): the sourced cases of
tests/rules/library-cards-cases.jsonl name library cards (``"card": key``, with no effects of their own), and are
compared as cases.md says, through both executors and the CLI; every library card is named by at least one case of
tests/rules/.

The expected values come from the sources each case cites (its `source.sources`): the official rulebook's battle
table and Damage Step table as compiled in laaners/yugioh_comprehensive_rulebook, the Konami OCG FAQ as compiled in
lucays/OCG-Rule-documentation, card texts (Yugipedia, yugioh-wiki.net), computed by hand; numbers chosen for a case
are marked "constructed" in `source.notes`.
"""

from __future__ import annotations

from typing import Any

from conftest import (
    RULES_DIR,
    case_file_tests,
    load_jsonl,
)

import engine.cards

CASES = RULES_DIR / "library-cards-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(
    CASES, at_least=60, urls=True, cli_executors=("fast", "transitions")
)


def _named(record: dict[str, Any]) -> list[str]:
    return [c["card"] for c in record["scenario"]["cards"] if "card" in c]


def test_each_case_names_library_cards_without_effects_of_their_own() -> None:
    for r in RECORDS:
        assert _named(r), r["scenario"]["id"]
        named = [c for c in r["scenario"]["cards"] if "card" in c]
        assert all("effects" not in c and "name" not in c for c in named), r["scenario"]["id"]


def test_the_library_has_at_least_60_cards() -> None:
    assert len(engine.cards.all_cards()) >= 60


def test_every_library_card_is_named_by_a_case() -> None:
    named = {key for path in sorted(RULES_DIR.glob("*.jsonl")) for r in load_jsonl(path) for key in _named(r)}
    assert set(engine.cards.all_cards()) - named == set()
    assert named <= set(engine.cards.all_cards())



"""Every sampled card judged `format` (docs/card-pool-sample.csv) has sourced cases that run through both executors
and the CLI (issue 22): the 15 of the first judgement in tests/rules/card-pool-cases.jsonl (CP-*), the 21 that issue
22's pieces made writable in tests/rules/sample-cards-cases.jsonl (SP-*, tests/test_sample_cards.py). Each case
names its card's passcode first in `source.notes`. Expected values come from the card texts (Yugipedia) and the
damage table, computed by hand; seven of these cards are timing-only ("except during the Damage Step" is all they say
of it), and their cases show them as printed in a battle, where their effects cannot apply."""

from __future__ import annotations

import csv
import re

from conftest import RULES_DIR, case_file_tests, load_jsonl

CASES = RULES_DIR / "card-pool-cases.jsonl"
VERDICTS = RULES_DIR.parent.parent / "docs" / "card-pool-sample.csv"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=15)


def _passcodes(*names: str) -> set[int]:
    found = set()
    for name in names:
        for r in load_jsonl(RULES_DIR / name):
            match = re.match(r"passcode (\d+);", r["source"]["notes"])
            assert match, r["scenario"]["id"]
            found.add(int(match.group(1)))
    return found


def test_every_format_card_of_the_sample_has_a_case() -> None:
    with VERDICTS.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    written = {int(r["id"]) for r in rows if r["verdict"] == "format"}
    assert len(written) >= 36
    cased = _passcodes("card-pool-cases.jsonl", "sample-cards-cases.jsonl")
    assert written - cased == set(), "format cards with no case"
    assert cased <= {int(r["id"]) for r in rows}, "a case names a card outside the sample"

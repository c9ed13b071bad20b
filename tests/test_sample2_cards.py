"""The `format` cards of the second card-pool sample (seed 20261206, docs/card-pool-sample.md): the sourced cases of
tests/rules/sample2-cards-cases.jsonl through both executors, the schema, the round trip and the CLI, and a check
that every card judged `format` there is named by a case (its passcode in the case's notes) in some sourced case
file of tests/rules/.

Expected values come from the card texts (Yugipedia) and the damage table, computed by hand."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from conftest import RULES_DIR, case_file_tests, load_jsonl

CASES = RULES_DIR / "sample2-cards-cases.jsonl"
VERDICTS = Path(__file__).resolve().parents[1] / "docs" / "card-pool-sample-2.csv"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=20)


def _passcodes(path: Path) -> set[int]:
    notes = (r["source"].get("notes", "") for r in load_jsonl(path))
    return {int(m.group(1)) for n in notes if (m := re.match(r"passcode (\d+)", n))}


def test_every_format_card_of_the_second_sample_has_a_case() -> None:
    with VERDICTS.open(newline="", encoding="utf-8") as f:
        formats = {int(r["id"]) for r in csv.DictReader(f) if r["verdict"] == "format"}
    named = set().union(*(_passcodes(path) for path in sorted(RULES_DIR.glob("*-cases.jsonl"))))
    assert formats - named == set()

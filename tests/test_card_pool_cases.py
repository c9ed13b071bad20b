"""Every sampled card judged `format` (docs/card-pool-sample.csv) has sourced cases that run through both executors
and the CLI (issue 22): the 15 of the first judgement in tests/rules/card-pool-cases.jsonl (CP-*: `source.cards`
lists the passcodes each case writes), the 21 that issue 22's pieces made writable in
tests/rules/sample-cards-cases.jsonl (SP-*, tests/test_sample_cards.py: the passcode first in `source.notes`).
Expected values come from the card texts (Yugipedia), the official rulebook's tables (laaners/yugioh_comprehensive_
rulebook) and the OCG rulings (lucays/OCG-Rule-documentation), computed by hand. A card whose only Damage Step words
are "(except during the Damage Step)" is written with that restriction (`damage_step: forbidden`, the format having no
event for what triggers it), and its case shows the effect refused in the Damage Step, most after that event has
happened there."""

from __future__ import annotations

import csv
import re

from conftest import RULES_DIR, case_file_tests, load_jsonl, run

CASES = RULES_DIR / "card-pool-cases.jsonl"
VERDICTS = RULES_DIR.parent.parent / "docs" / "card-pool-sample.csv"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=15)


def _sample() -> dict[int, dict[str, str]]:
    with VERDICTS.open(newline="", encoding="utf-8") as f:
        return {int(row["id"]): row for row in csv.DictReader(f)}


def _passcodes(*names: str) -> set[int]:
    found = set()
    for name in names:
        for r in load_jsonl(RULES_DIR / name):
            if "cards" in r["source"]:
                found |= set(r["source"]["cards"])
                continue
            match = re.match(r"passcode (\d+);", r["source"]["notes"])
            assert match, r["scenario"]["id"]
            found.add(int(match.group(1)))
    return found


def test_every_format_card_of_the_sample_has_a_case() -> None:
    sample = _sample()
    written = {p for p, row in sample.items() if row["verdict"] == "format"}
    assert len(written) >= 36
    cased = _passcodes("card-pool-cases.jsonl", "sample-cards-cases.jsonl")
    assert written - cased == set(), "format cards with no case"
    assert cased <= set(sample), "a case names a card outside the sample"


def test_each_case_writes_its_sampled_cards_as_printed() -> None:
    """`source.cards` lists passcodes of the sample, and the scenario has a card of that name, with its Yugipedia page
    among the sources."""
    sample = _sample()
    for r in load_jsonl(CASES):
        cid = r["scenario"]["id"]
        assert r["source"]["cards"], cid
        names = {c.get("name") for c in r["scenario"]["cards"]}
        for p in r["source"]["cards"]:
            name = sample[p]["name"]
            assert name in names, (cid, name)
            page = "https://yugipedia.com/wiki/" + name.replace(" ", "_").replace("'", "%27")
            assert any(s.startswith(page + " ") for s in r["source"]["sources"]), (cid, page)


def test_timing_only_effects_are_refused_for_the_damage_step() -> None:
    """A refused choice of an effect written with `damage_step: forbidden` ("except during the Damage Step") is
    refused for that reason, not for another one (no priority, a chain rule, a condition)."""
    seen = 0
    for r in load_jsonl(CASES):
        forbidden = {c["id"] for c in r["scenario"]["cards"]
                     if any(e.get("damage_step") == "forbidden" for e in c.get("effects", []))}  # fmt: skip
        for refusal in run(r["scenario"])["refused"]:
            if refusal["card"] in forbidden:
                seen += 1
                assert "cannot be activated in the Damage Step" in refusal["reason"], (r["scenario"]["id"], refusal)
    assert seen >= 7

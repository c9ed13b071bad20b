"""Rules fidelity (issue 23): the sourced cases of tests/rules/rules-fidelity-cases.jsonl, whole Battle Phases
(`battle_phase`) and single attacks, compared as cases.md says (conftest.mismatches), through both executors and
through the CLI.

The cases cover several "cannot be destroyed by battle once per turn" protections on one monster (all of them apply
to the first battle that would destroy it and are all used up by it; none is used when the monster would not be
destroyed, or when a protection without a count applies; a protection applies before a "destroy ... instead"
replacement) and the last known information of a monster destroyed by battle (a "destroys a Defense Position / LIGHT
/ opponent's monster by battle" condition, judged at the End of the Damage Step, reads the monster as it was at
damage calculation, although it is in the Graveyard or banished by then).

The expected values come from the sources each case cites (its `source.sources`): the YGOrg database of official
OCG rulings as quoted in laaners/yugioh_comprehensive_rulebook, the Konami OCG FAQ as compiled in
lucays/OCG-Rule-documentation, and the damage table (rules spec §2.2). The scenarios are those of the rules-fidelity
research (P1-P4, LKI-3..LKI-5, named in each case's `source.notes`), with constructed numbers said so there.

RF-015..RF-035 are single attacks (RF-035: two) for rulings the format gained for them (rules spec §R.5): Forbidden
Scripture's damage calculation with the original ATK/DEF (Konami OCG FAQ 13098), Obnoxious Celtic Guard's protection
reading the value the other monster applies in damage calculation (Konami OCG FAQ 7420), and Aromaseraphy Jasmine's
protection, decided before the battle damage changes LP (Konami OCG FAQ 21608), and Performage Trapeze Magician's "no
battle damage of X or less", applied last and to each damage (Konami OCG FAQ 15374), and Salamangreat Violet Chimera's
"ATK becomes 0 during damage calculation", applied after Vampire Fraulein's gain (YGOrg qa#22182), and Metalmorph's
gain from the attack target's ATK, read again after Mekk-Knight Crusadia Avramax's (Konami OCG FAQ 23919), and D.D.
Crazy Beast's "banish the monster this card destroys by battle" after damage calculation, even in mutual destruction,
Dark Ruler Ha Des negating the monster it destroys from its determination (Konami OCG FAQ 8765), and Number 102: Star
Seraph Sentry's replacement, decided before the battle damage it halves.
"""

from __future__ import annotations

from pathlib import Path

from conftest import RULES_DIR, case_file_tests, load_jsonl

REPO = Path(__file__).resolve().parent.parent
CASES = RULES_DIR / "rules-fidelity-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(
    CASES, at_least=10, urls=False, cli_executors=("fast", "transitions")
)

def test_cases_are_numbered_in_order_with_notes() -> None:
    assert [f"RF-{i:03d}" for i in range(1, len(IDS) + 1)] == IDS
    assert all(r["source"]["notes"] for r in RECORDS)



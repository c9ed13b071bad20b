"""The Battle Step around the Damage Step (rules spec §BP; issue 21): the sourced cases of
tests/rules/battle-step-cases.jsonl, whole Battle Phases (`battle_phase`), compared as cases.md says (each `battles`
entry listed is compared with the result's entry of that attack), through both executors and through the CLI.

The expected values come from the sources each case cites (its `source.sources`): the official rulebook and the OCG
Perfect Rulebook as compiled in laaners/yugioh_comprehensive_rulebook, the Konami OCG FAQ as compiled in
lucays/OCG-Rule-documentation, Yugipedia, card texts, and the damage table (rules spec §2.2). The ids, setups and
rulings are those of the research behind rules spec §BP (BPR-nn, named in each case's `source.notes`).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import RULES_DIR, load_jsonl, mismatches

import engine
from engine.scenario import scenario_to_json

REPO = Path(__file__).resolve().parent.parent
CASES = RULES_DIR / "battle-step-cases.jsonl"
RECORDS = load_jsonl(CASES)
IDS = [r["scenario"]["id"] for r in RECORDS]


def battle_mismatches(want: dict[str, Any], have: dict[str, Any]) -> list[str]:
    """One `battles` entry, compared as cases.md says; `"stopped": true` asks only that the attack stopped in the
    Battle Step (the result gives the reason in the engine's words: any non-empty one)."""
    want = dict(want)
    out = []
    if want.get("stopped") is True:
        del want["stopped"]
        if not have.get("stopped"):
            out.append(f"stopped: expected the attack to stop in the Battle Step, got {have.get('stopped')!r}")
    return out + mismatches(want, have)


def phase_mismatches(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    out = mismatches({k: v for k, v in expected.items() if k != "battles"}, got)
    battles = {b["attack"]: b for b in got.get("battles", ())}
    for want in expected.get("battles", ()):
        have = battles.get(want["attack"])
        if have is None:
            out.append(f"battles[{want['attack']}]: no such attack in the result ({len(battles)} declared)")
            continue
        out += [f"battles[{want['attack']}].{p}" for p in battle_mismatches(want, have)]
    return out


def run(scenario: dict[str, Any], executor: str = "fast") -> dict[str, Any]:
    sc = engine.parse_scenario(scenario)
    duel, agent = engine.run_scenario(sc, executor=executor)  # type: ignore[arg-type]
    return engine.result(sc, duel, agent)


def test_at_least_25_sourced_cases_with_unique_ids() -> None:
    assert len(IDS) >= 25 and len(IDS) == len(set(IDS))
    assert all(r["source"]["case"] == r["scenario"]["id"] for r in RECORDS)
    assert all(
        r["source"]["sources"] and all(isinstance(s, str) and s for s in r["source"]["sources"]) for r in RECORDS
    )
    assert all(r["source"]["confidence"] in ("official", "ruling", "engine", "ambiguous") for r in RECORDS)
    assert all("battle_phase" in r["scenario"] for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_case(record: dict[str, Any]) -> None:
    fast = run(record["scenario"])
    assert phase_mismatches(record["expected"], fast) == []
    assert run(record["scenario"], "transitions") == fast


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_round_trip(record: dict[str, Any]) -> None:
    sc = engine.parse_scenario(record["scenario"])
    assert engine.parse_scenario(scenario_to_json(sc)) == sc


def test_schema_accepts_every_case() -> None:
    import jsonschema

    schema = json.loads((REPO / "engine" / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    v = jsonschema.Draft202012Validator(schema)
    assert {
        r["scenario"]["id"]: [e.message for e in v.iter_errors(r["scenario"])]
        for r in RECORDS
        if not v.is_valid(r["scenario"])
    } == {}


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_cli_runs_the_cases(executor: str) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "run",
            str(CASES.relative_to(REPO)),
            "--format",
            "json",
            "--executor",
            executor,
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert [r["scenario"] for r in results] == IDS
    assert {
        r["scenario"]["id"]: phase_mismatches(r["expected"], got)
        for r, got in zip(RECORDS, results, strict=True)
        if phase_mismatches(r["expected"], got)
    } == {}

"""The rules corpus (tests/rules/cases.jsonl), compared as cases.md says, with both executors and via the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CASES_PATH, load_records, mismatches, run

RECORDS = load_records()
REPO = Path(__file__).resolve().parent.parent


def test_corpus_is_not_empty_and_ids_are_unique() -> None:
    ids = [r["scenario"]["id"] for r in RECORDS]
    assert ids and len(ids) == len(set(ids))


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_case(record: dict) -> None:
    fast = run(record["scenario"], "fast")
    assert mismatches(record["expected"], fast) == []
    # Both executors run the same declaration: the whole result, event log included, must be identical.
    assert run(record["scenario"], "transitions") == fast


def test_cli_runs_the_corpus() -> None:
    rel = CASES_PATH.relative_to(REPO)
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "run", str(rel), "--format", "json"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == len(RECORDS), proc.stdout[:2000]
    failures = {}
    for record, line in zip(RECORDS, lines, strict=True):
        res = json.loads(line)
        assert res["scenario"] == record["scenario"]["id"]
        problems = mismatches(record["expected"], res)
        if problems:
            failures[record["scenario"]["id"]] = problems
    assert failures == {}

"""Traces and replay (issue 7, part 5): every corpus case is written as a trace and replayed
to the same records, in this process and from the command line; a changed decision, a
truncated trace and a garbage file are reported; listeners come and go at run time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import CASES_PATH, load_records

import engine
from engine.debug.record import TRACE_FORMAT, read_traces, replay, trace_scenario

ROOT = Path(__file__).resolve().parent.parent
RECORDS = load_records()
EXAMPLE = ROOT / "examples" / "piercing_flip.json"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def as_json(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(r)) for r in records]


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_every_case_is_traced_and_replays_to_the_same_result(record: dict[str, Any]) -> None:
    sc = engine.parse_scenario(record["scenario"])
    trace, duel, agent = trace_scenario(sc)
    head = trace[0]
    assert head["kind"] == "header" and head["format"] == TRACE_FORMAT and head["scenario_id"] == sc.id
    assert engine.parse_scenario(head["scenario"]) == sc  # the header carries the scenario itself
    for k, r in enumerate(trace[1:]):
        assert r["step"] == k and r["kind"] in ("event", "decision") and len(r["state_hash"]) == 32
        if r["kind"] == "event":
            assert r["rule"] in engine.RULES and r["why"]
    events = [r for r in trace[1:] if r["kind"] == "event"]
    assert [e["type"] for e in events] == [e.type.value for e in duel.state.log]
    outcome = replay(as_json(trace))
    assert outcome.ok, (outcome.step, outcome.reason, outcome.expected, outcome.got)
    assert outcome.reproduced == len(trace) - 1
    # replaying reproduces the result too: its final state is the recorded one
    assert trace[-1]["state_hash"] == duel.state.state_hash()
    assert engine.result(sc, duel, agent)["final_lp"] == {p.name: duel.state.players[p].lp for p in engine.Player}


def test_the_cli_writes_one_trace_per_scenario_and_replays_them_all(tmp_path: Path) -> None:
    out = tmp_path / "all.trace"
    assert cli("run", str(CASES_PATH), "--trace", str(out), "--format", "json").returncode == 0
    traces = list(read_traces(out.read_text().splitlines()))
    assert [t[0]["scenario_id"] for t in traces] == [r["scenario"]["id"] for r in RECORDS]
    r = cli("replay", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    steps = sum(len(t) - 1 for t in traces)
    assert r.stdout.strip().endswith(f"reproduced {steps} steps of {len(traces)} trace(s)")


def _example_trace(tmp_path: Path) -> list[dict[str, Any]]:
    out = tmp_path / "ex.trace"
    assert cli("run", str(EXAMPLE), "--trace", str(out)).returncode == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_a_changed_decision_is_reported_at_its_step(tmp_path: Path) -> None:
    records = _example_trace(tmp_path)
    k = next(i for i, r in enumerate(records) if r.get("kind") == "decision" and r.get("activate") == "rush")
    records[k] = {**records[k], "activate": None, "effect": None}  # pass instead of activating rush
    bad = tmp_path / "changed.trace"
    bad.write_text("".join(json.dumps(r) + "\n" for r in records))
    r = cli("replay", str(bad))
    assert r.returncode == 1
    step = records[k]["step"]
    assert f"diverged at step {step}" in r.stdout
    assert "expected:" in r.stdout and "got:" in r.stdout


def test_a_truncated_trace_and_an_extra_record_are_reported(tmp_path: Path) -> None:
    records = _example_trace(tmp_path)
    short = tmp_path / "short.trace"
    short.write_text("".join(json.dumps(r) + "\n" for r in records[:-5]))
    r = cli("replay", str(short))
    assert r.returncode == 1 and "diverged at step" in r.stdout
    extra = {**records[-1], "step": records[-1]["step"] + 1}
    long = tmp_path / "long.trace"
    long.write_text("".join(json.dumps(r) + "\n" for r in [*records, extra]))
    r = cli("replay", str(long))
    assert r.returncode == 1 and "ended before the trace did" in r.stdout


def test_a_garbage_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "garbage.trace"
    bad.write_text("this is not json\n")
    r = cli("replay", str(bad))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    r = cli("replay", str(tmp_path / "missing.trace"))
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_listeners_are_called_in_order_and_detach() -> None:
    sc = engine.load_scenarios(EXAMPLE)[0]
    duel = engine.Duel(engine.state_from_scenario(sc))
    seen: list[str] = []
    detach_event = duel.on_event(lambda e: seen.append(f"event {e.type.value}"))
    duel.on_transition(lambda d, a, b: seen.append(f"transition {a.value}->{b.value}"))
    duel.on_decision(lambda d, dec, o: seen.append("decision"))
    decision = duel.advance()
    assert decision is not None
    assert seen[0] == "transition attack_declared->start_of_damage_step"
    assert seen[1] == "event phase_entered"  # a state's entry event follows its transition
    assert len([s for s in seen if s.startswith("event")]) == len(duel.state.log)
    detach_event()
    n = len(seen)
    duel.decide(decision.options[-1])
    assert seen[n] == "decision" and not any(s.startswith("event") for s in seen[n:])
    assert duel.clone().ctx.event_listeners == []  # clones carry no listeners


def test_replay_or_view_of_a_file_that_is_not_a_trace_says_so_in_one_line(tmp_path: Path) -> None:
    one_line = tmp_path / "scenario.json"
    one_line.write_text(json.dumps(json.loads(EXAMPLE.read_text(encoding="utf-8"))), encoding="utf-8")
    for path, said in ((EXAMPLE, "this is not a trace"), (CASES_PATH, "this is not a trace"),
                       (one_line, "this is a scenario, not a trace")):  # fmt: skip
        for args in (("replay", str(path)), ("view", str(path), "-o", str(tmp_path / "page.html"))):
            r = cli(*args)
            assert r.returncode != 0 and said in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
            assert "run SCENARIO --trace FILE" in r.stderr
    assert not (tmp_path / "page.html").exists()

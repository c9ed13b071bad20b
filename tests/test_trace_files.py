"""Traces and replay (engine.debug.record, `run --trace`, `replay`): every corpus case written
and replayed, records that carry what the issue says, hashes stable across processes, and
tampered, truncated, padded and garbage traces reported as such.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import load_records, mismatches
from debug_fixtures import PIERCE_FLIP

import engine
from engine.debug.record import TRACE_FORMAT, read_traces, replay, trace_scenario, write_trace
from engine.values.events import RULES, EventType

ROOT = Path(__file__).resolve().parent.parent
RECORDS = load_records()
HEX = re.compile(r"^[0-9a-f]{32}$")


def cli(*args: str, seed: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if seed is not None:
        env["PYTHONHASHSEED"] = seed
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)  # fmt: skip


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_lines(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def corpus_trace(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    """The whole corpus in one JSON-lines input, run once with --trace (several scenarios, one file)."""
    d = tmp_path_factory.mktemp("corpus")
    scenarios = d / "corpus.jsonl"
    scenarios.write_text("".join(json.dumps(r["scenario"]) + "\n" for r in RECORDS), encoding="utf-8")
    trace = d / "corpus.trace.jsonl"
    r = cli("run", str(scenarios), "--trace", str(trace), "--format", "json", seed="0")
    assert r.returncode == 0, r.stderr
    return scenarios, trace, r.stdout.splitlines()


@pytest.fixture()
def showcase(tmp_path: Path) -> Path:
    """The showcase battle's trace, written by the command line."""
    sc = tmp_path / "pierce-flip.json"
    sc.write_text(json.dumps(PIERCE_FLIP), encoding="utf-8")
    trace = tmp_path / "pierce-flip.trace.jsonl"
    r = cli("run", str(sc), "--trace", str(trace))
    assert r.returncode == 0, r.stderr
    return trace


# -- every case --------------------------------------------------------------------------------------
def test_the_corpus_trace_has_one_header_per_scenario_and_replays(corpus_trace: tuple[Path, Path, list[str]]) -> None:
    _scenarios, trace, results = corpus_trace
    records = lines_of(trace)
    headers = [r for r in records if r["kind"] == "header"]
    assert [h["scenario_id"] for h in headers] == [r["scenario"]["id"] for r in RECORDS]
    # The results printed beside the trace still match the corpus (--trace changes nothing).
    assert len(results) == len(RECORDS)
    for record, line in zip(RECORDS, results, strict=True):
        assert mismatches(record["expected"], json.loads(line)) == [], record["scenario"]["id"]
    r = cli("replay", str(trace))
    assert r.returncode == 0, r.stdout + r.stderr
    steps = len(records) - len(headers)
    assert r.stdout == f"{trace}: reproduced {steps} steps of {len(RECORDS)} trace(s)\n" and r.stderr == ""


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_each_case_traces_and_replays_to_its_result(record: dict[str, Any]) -> None:
    sc = engine.parse_scenario(record["scenario"])
    trace, duel, agent = trace_scenario(sc)
    assert mismatches(record["expected"], engine.result(sc, duel, agent)) == []
    body = trace[1:]
    # Replayed, every record comes out the same, the last one with the state of the expected result.
    outcome = replay(trace)
    assert outcome.ok and outcome.reproduced == len(body), outcome
    assert body[-1]["state_hash"] == duel.state.state_hash()
    # The trace alone tells the result: the last LP each player had, and the events in order.
    lp = dict(record["scenario"].get("life_points", {"A": 8000, "B": 8000}))
    for r in body:
        if r["kind"] == "event" and "lp" in r:
            lp[r["player"]] = r["lp"]
    if "final_lp" in record["expected"]:
        assert lp == record["expected"]["final_lp"]
    events = [r for r in body if r["kind"] == "event"]
    assert [e["type"] for e in events] == [e.type.value for e in duel.state.log]


@pytest.mark.parametrize("record", RECORDS[:: max(1, len(RECORDS) // 8)], ids=lambda r: r["scenario"]["id"])
def test_both_executors_write_the_same_records(record: dict[str, Any]) -> None:
    sc = engine.parse_scenario(record["scenario"])
    fast, _d, _a = trace_scenario(sc, "fast")
    slow, _d, _a = trace_scenario(sc, "transitions")
    assert fast[0]["executor"] == "fast" and slow[0]["executor"] == "transitions"
    assert fast[1:] == slow[1:]
    assert replay(slow).ok


# -- what a trace holds ---------------------------------------------------------------------------------
def test_header_fields(showcase: Path) -> None:
    head = lines_of(showcase)[0]
    assert set(head) == {"kind", "format", "engine", "scenario_id", "scenario", "rules", "seed", "executor"}
    assert head["kind"] == "header" and head["format"] == TRACE_FORMAT == "damage-step-trace/1"
    assert head["scenario_id"] == "pierce-flip" and head["executor"] == "fast" and head["seed"] is None
    assert head["rules"] == {"zero_atk_mutual_destruction": False}
    assert isinstance(head["engine"], str) and head["engine"]
    # The scenario is in it whole: parsed again it is the scenario that was run.
    assert engine.parse_scenario(head["scenario"]) == engine.parse_scenario(PIERCE_FLIP)


def test_every_record_has_its_step_kind_hash_and_events_their_rule_and_why(showcase: Path) -> None:
    body = lines_of(showcase)[1:]
    assert [r["step"] for r in body] == list(range(len(body)))
    for r in body:
        assert r["kind"] in ("event", "decision") and HEX.match(r["state_hash"]), r
        if r["kind"] == "event":
            assert r["rule"] in RULES and isinstance(r["why"], str) and r["why"], r
            assert r["type"] in {t.value for t in EventType}
        else:
            assert {"player", "decision", "window", "activate", "effect", "targets"} <= set(r)
    # The showcase's numbers are in it: B takes 2200 with rush (3400 - 1200, §2.4), A 500 from the FLIP.
    damage = [(r["type"], r["player"], r["amount"], r["lp"]) for r in body if r.get("type", "").endswith("_damage")]
    assert damage == [("battle_damage", "B", 2200, 5800), ("effect_damage", "A", 500, 7500)]
    rush = [r for r in body if r["kind"] == "decision" and r["activate"] == "rush"]
    assert len(rush) == 1 and rush[0]["window"] == "before_damage_calculation" and rush[0]["player"] == "A"
    # A decision's hash is the state it answers; the events it causes change it.
    k = rush[0]["step"]
    assert body[k]["state_hash"] != body[k + 1]["state_hash"]


def test_state_hashes_are_the_same_in_another_process_with_another_hash_seed(
    corpus_trace: tuple[Path, Path, list[str]], tmp_path: Path
) -> None:
    scenarios, trace, _results = corpus_trace
    other = tmp_path / "other.trace.jsonl"
    r = cli("run", str(scenarios), "--trace", str(other), "--format", "json", seed="4242")
    assert r.returncode == 0, r.stderr
    mine, theirs = lines_of(trace), lines_of(other)
    assert [x.get("state_hash") for x in theirs] == [x.get("state_hash") for x in mine]
    assert theirs == mine
    # ... and the same as this process computes (whatever its own hash seed is).
    first = engine.parse_scenario(RECORDS[0]["scenario"])
    here, _d, _a = trace_scenario(first)
    n = len(here)
    assert [x["state_hash"] for x in here[1:]] == [x["state_hash"] for x in mine[1:n]]


# -- divergence and bad files ---------------------------------------------------------------------------
def replayed(path: Path) -> tuple[int, list[str], str]:
    r = cli("replay", str(path))
    return r.returncode, r.stdout.splitlines(), r.stderr


def test_a_changed_decision_is_reported_as_diverging_at_that_step(showcase: Path, tmp_path: Path) -> None:
    records = lines_of(showcase)
    k = next(i for i, r in enumerate(records) if r["kind"] == "decision" and r["activate"] == "rush")
    step = records[k]["step"]
    records[k] = dict(records[k], activate=None, effect=None)  # A passes instead of activating rush
    code, out, err = replayed(write_lines(tmp_path / "changed.jsonl", records))
    assert code == 1 and err == ""
    assert out[0].startswith(f"{tmp_path / 'changed.jsonl'}: scenario pierce-flip: diverged at step {step}: ")
    assert out[1].startswith("  expected: ") and out[2].startswith("  got:      ") and len(out) == 3
    expected, got = json.loads(out[1].split(": ", 1)[1]), json.loads(out[2].split(": ", 1)[1])
    assert expected == records[k]  # what the trace says was decided
    assert got["type"] == "passed" and got["player"] == "A"  # what that decision leads to now
    assert records[k + 1]["type"] == "activated"  # ... where the trace went on with rush


def test_an_earlier_decision_changed_to_an_activation_diverges_there(showcase: Path, tmp_path: Path) -> None:
    records = lines_of(showcase)
    k = next(i for i, r in enumerate(records) if r["kind"] == "decision" and r["window"] == "start_of_damage_step"
             and r["player"] == "A")  # fmt: skip
    records[k] = dict(records[k], activate="rush", effect=0)
    code, out, _err = replayed(write_lines(tmp_path / "early.jsonl", records))
    assert code == 1 and f"diverged at step {records[k]['step']}:" in out[0]


def test_an_illegal_recorded_decision_is_named(showcase: Path, tmp_path: Path) -> None:
    records = lines_of(showcase)
    k = next(i for i, r in enumerate(records) if r["kind"] == "decision" and r["activate"] == "rush")
    for bad in ({"activate": "tgt", "effect": 0}, {"activate": "nobody", "effect": 0}, {"player": "B"}):
        code, out, err = replayed(write_lines(tmp_path / "illegal.jsonl", [*records[:k], dict(records[k], **bad)]))
        assert code == 1 and err == "", (bad, out, err)
        assert f"diverged at step {records[k]['step']}: the recorded decision is not legal here" in out[0], (bad, out)


def test_a_changed_event_is_reported_at_its_step_with_both_sides(showcase: Path, tmp_path: Path) -> None:
    records = lines_of(showcase)
    k = next(i for i, r in enumerate(records) if r.get("type") == "battle_damage")
    records[k] = dict(records[k], amount=9999)
    code, out, _err = replayed(write_lines(tmp_path / "damage.jsonl", records))
    assert code == 1 and f"diverged at step {records[k]['step']}: the run produced a different record" in out[0]
    assert out[0].endswith("(amount: the trace has 9999, the run 2200)")  # the field named, with both values
    assert json.loads(out[1].split(": ", 1)[1])["amount"] == 9999
    assert json.loads(out[2].split(": ", 1)[1])["amount"] == 2200


def test_a_truncated_trace_names_where_it_stops(showcase: Path, tmp_path: Path) -> None:
    records = lines_of(showcase)
    for cut in (len(records) - 3, len(records) // 2):
        code, out, err = replayed(write_lines(tmp_path / "cut.jsonl", records[:cut]))
        assert code == 1 and err == "" and len(out) == 3, (cut, out)
        assert f"diverged at step {cut - 1}:" in out[0], (cut, out)  # the first step the trace lacks
        assert "does not lead to" not in out[0], out  # the last recorded decision is not to blame


def test_a_trace_with_an_extra_record_says_the_run_ended_first(showcase: Path, tmp_path: Path) -> None:
    records = lines_of(showcase)
    extra = dict(records[-1], step=records[-1]["step"] + 1)
    code, out, _err = replayed(write_lines(tmp_path / "extra.jsonl", [*records, extra]))
    assert code == 1
    assert f"diverged at step {extra['step']}: the run ended before the trace did" in out[0]
    assert json.loads(out[1].split(": ", 1)[1]) == extra and out[2] == "  got:      null"


@pytest.mark.parametrize("text", [
    "garbage\n",
    "",
    "\n\n",
    '{"kind": "event", "step": 0}\n',
    "[1, 2]\n",
    '{"kind": "header", "format": "something-else/9"}\n',
    '{"kind": "header", "format": "damage-step-trace/1", "scenario": {"format": "damage-step-scenario/1"}}\n',
    '{"kind": "header", "format": "damage-step-trace/1"}\n',
    b"\xff\xfe not UTF-8\n",
])  # fmt: skip
def test_a_file_that_is_not_a_trace_exits_2_in_one_line(text: str | bytes, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    code, out, err = replayed(path)
    assert code == 2 and out == [], (text, out, err)
    assert err.count("\n") == 1 and err.startswith(f"error: {path}: "), (text, err)
    assert "Traceback" not in err


def test_a_missing_trace_file_exits_2(tmp_path: Path) -> None:
    code, out, err = replayed(tmp_path / "nope.jsonl")
    assert code == 2 and out == [] and err.count("\n") == 1 and "nope.jsonl" in err


def test_in_a_file_of_several_traces_the_diverging_one_is_named(corpus_trace: tuple[Path, Path, list[str]],
                                                                tmp_path: Path) -> None:  # fmt: skip
    _scenarios, trace, _results = corpus_trace
    traces = list(read_traces(trace.read_text(encoding="utf-8").splitlines()))
    assert len(traces) == len(RECORDS)
    victim = traces[3]
    k = next(i for i, r in enumerate(victim) if r["kind"] == "event" and r["type"] == "values_compared")
    victim[k] = dict(victim[k], state_hash="0" * 32)
    with (tmp_path / "many.jsonl").open("w", encoding="utf-8") as f:
        for t in traces:
            write_trace(t, f)
    code, out, _err = replayed(tmp_path / "many.jsonl")
    assert code == 1
    assert f"scenario {victim[0]['scenario_id']}: diverged at step {victim[k]['step']}:" in out[0]

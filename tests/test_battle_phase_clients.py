"""Issue 24, items 1, 4 and 6: the debugging clients on whole Battle Phases, one step numbering across them, and
keeping what was explored.

Both shapes of Battle Phase scenario are played: `attacks` (tests/rules/battle-phase-cases.jsonl: the host
declares each listed attack) and `battle_phase` (tests/rules/battle-step-cases.jsonl: the declarations are the
turn player's decisions). Expected values come from the case files' `expected` (each sourced), never from the
engine: the final LP of a case, its `battles` entries; the step numbers from the trace the CLI writes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import RULES_DIR, load_jsonl

import engine
from engine.build import ListedAttacks, new_duel, state_from_scenario
from engine.debug import Session
from engine.debug.record import read_traces, replay, trace_scenario
from engine.scripted import ScriptedAgent
from engine.viewer import frames

REPO = Path(__file__).resolve().parent.parent
LISTED = load_jsonl(RULES_DIR / "battle-phase-cases.jsonl")
WHOLE = load_jsonl(RULES_DIR / "battle-step-cases.jsonl")
ALL = LISTED + WHOLE
IDS = [r["scenario"]["id"] for r in ALL]


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, input=stdin, capture_output=True,
                          text=True, timeout=300)  # fmt: skip


def scenario_file(tmp_path: Path, record: dict[str, Any]) -> Path:
    p = tmp_path / f"{record['scenario']['id']}.json"
    p.write_text(json.dumps(record["scenario"]), encoding="utf-8")
    return p


def final_lp(record: dict[str, Any]) -> dict[str, int] | None:
    """The LPs a case expects at the end: its `final_lp`, or its last declared attack's `lp_after`."""
    expected = record["expected"]
    lp_after = [b["lp_after"] for b in expected.get("battles", ()) if "lp_after" in b]
    return expected.get("final_lp") or (lp_after[-1] if lp_after else None)


def play_to_the_end(session: Session, agent: ScriptedAgent) -> None:
    while (d := session.next_decision()) is not None:
        session.decide(agent.choose(d, session.duel))


# -- traces of Battle Phases: written, replayed, tampered -------------------------------------------------
@pytest.mark.parametrize("record", ALL, ids=IDS)
def test_the_trace_of_every_battle_phase_case_replays(record: dict[str, Any]) -> None:
    sc = engine.parse_scenario(record["scenario"])
    records, duel, _agent = trace_scenario(sc)
    assert final_lp(record) in (None, {p.name: duel.state.players[p].lp for p in engine.Player})
    outcome = replay(records)
    assert outcome.ok, outcome.reason
    assert outcome.reproduced == len(records) - 1


def test_run_trace_then_replay_and_view_through_the_cli(tmp_path: Path) -> None:
    """Every Battle Phase case file, traced by `run --trace` and replayed by `replay`; one page by `view`."""
    for cases in ("battle-phase-cases.jsonl", "battle-step-cases.jsonl"):
        trace = tmp_path / f"{cases}.trace"
        r = cli("run", str(RULES_DIR / cases), "--trace", str(trace))
        assert r.returncode == 0, r.stderr
        r = cli("replay", str(trace))
        assert r.returncode == 0 and "reproduced" in r.stdout, r.stdout + r.stderr
    page = tmp_path / "bp.html"
    r = cli("view", str(tmp_path / "battle-phase-cases.jsonl.trace"), "--index", "1", "-o", str(page))
    assert r.returncode == 0, r.stderr
    assert "<html" in page.read_text(encoding="utf-8")


def test_run_html_writes_the_page_of_a_whole_battle_phase(tmp_path: Path) -> None:
    page = tmp_path / "bp.html"
    r = cli("run", "examples/battle_phase.json", "--html", str(page))
    assert r.returncode == 0, r.stderr
    assert "Gearfried" in page.read_text(encoding="utf-8")


def test_a_tampered_host_declaration_is_reported_at_its_record_naming_the_field() -> None:
    """BP-001: the second listed attack is declared by the host; a trace naming another target there is not
    the run's: the replay stops at that record and names the field."""
    record = next(r for r in LISTED if r["scenario"]["id"] == "BP-001")
    records, _duel, _agent = trace_scenario(engine.parse_scenario(record["scenario"]))
    declared = [k for k, r in enumerate(records) if r.get("type") == "attack_declared"]
    assert len(declared) == 2  # two listed attacks, both declared (BP-001's `battles`)
    k = declared[1]
    tampered = [dict(r) for r in records]
    tampered[k]["targets"] = ["m1"]  # an attack on A's own monster
    outcome = replay(tampered)
    assert not outcome.ok and outcome.step == k - 1
    assert "cannot be declared" in outcome.reason


# -- the stepper and the session on Battle Phases -----------------------------------------------------------
@pytest.mark.parametrize("record", [LISTED[0], LISTED[2], WHOLE[1]], ids=["BP-001", "BP-003", "BS-002"])
def test_the_stepper_plays_a_battle_phase_with_each_attack_under_its_heading(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    r = cli("step", str(scenario_file(tmp_path, record)), "--auto")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    headings = [line for line in lines if line.startswith("=== Attack ")]
    declared = [b for b in record["expected"]["battles"] if b.get("declared", True)]
    assert len(headings) == len(declared)
    for heading, b in zip(headings, declared, strict=True):
        assert heading.startswith(f"=== Attack {b['attack'] + 1}: ")  # counted from 1, as run and the viewer do
    final = final_lp(record)
    assert final is not None
    assert f"   LP: A {final['A']}   B {final['B']}" in lines
    numbered = [int(line[1 : line.index("]")]) for line in lines if line.startswith("[")]
    assert numbered == list(range(len(numbered)))  # every step, none skipped


def test_the_session_goes_back_into_an_earlier_attack_and_plays_it_again_identically() -> None:
    """A session over an `attacks` scenario keeps the host's place at each point: going back into the first
    attack and playing on declares the second attack again, and ends as the case says."""
    record = LISTED[0]
    sc = engine.parse_scenario(record["scenario"])
    host = ListedAttacks(sc)
    session = Session(new_duel(state_from_scenario(sc)), host=host)

    def play() -> None:
        while (d := session.next_decision()) is not None:
            session.decide(host.agent.choose(d, session.duel))

    play()
    end, steps = session.state.state_hash(), session.point.records
    assert {p.name: session.state.players[p].lp for p in engine.Player} == final_lp(record)
    session.goto_step(10)  # in the first attack
    assert host.next == 1 and host.current == 0
    play()
    assert session.state.state_hash() == end and session.point.records == steps
    assert len(session.branches) == 1  # the same play again: no new branch


# -- one numbering: the same step K in the stepper, the session, the trace and the viewer --------------------
@pytest.mark.parametrize("path", ["examples/piercing_flip.json", "examples/battle_phase.json"])
def test_step_k_is_the_same_moment_in_all_four_clients(tmp_path: Path, path: str) -> None:
    trace_path = tmp_path / "t.trace"
    assert cli("run", path, "--trace", str(trace_path)).returncode == 0
    trace = next(read_traces(trace_path.read_text(encoding="utf-8").splitlines()))
    records = trace[1:]
    pages = frames(trace)
    events = [k for k, r in enumerate(records) if r["kind"] == "event" and r["type"] != "phase_entered"]
    decisions = [k for k, r in enumerate(records) if r["kind"] == "decision"]
    picks = [events[len(events) // 3], events[2 * len(events) // 3], decisions[len(decisions) // 2]]
    sc = engine.load_scenarios(REPO / path)[0]
    state = state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    session = Session(new_duel(state))
    play_to_the_end(session, ScriptedAgent(sc))
    assert session.records() == records  # the session's records are the trace's, numbered alike
    commands = "".join(f"goto {k}\nexplain\nexplain {k}\n" for k in picks) + "quit\n"
    out = cli("step", path, stdin="next\nchoose\n" * 40 + commands).stdout
    for k in picks:
        r, frame = records[k], pages[k]
        assert frame["step"] == k and frame["hash"] == r["state_hash"]
        session.goto_step(k)
        assert session.step_number() == k
        said = session.explain_step(k)
        if r["kind"] == "event":
            assert r["why"] in said and frame["why"] == r["why"]
            assert r["why"] in session.explain()
        else:
            assert frame["why"] in said
        assert f"-- step {k}: " in out
        assert said in out


# -- keeping what was explored: branches, switch, save ---------------------------------------------------------
def test_branches_switch_and_save_a_line_of_play_as_a_trace_and_a_page(tmp_path: Path) -> None:
    """examples/piercing_flip.json: activating rush before damage calculation, B takes 2700 - 1200 = 1500 (§2.4);
    going back and passing, 2000 - 1200 = 800. Either way A takes tgt's FLIP 500 and gains att's 300 (on battle
    damage inflicted): 7800. Each line of play saved replays to its own end."""
    saved0, saved1, page = tmp_path / "rush.trace", tmp_path / "pass.trace", tmp_path / "pass.html"
    commands = (
        "next\nchoose\nnext\nchoose 0\ncontinue\ncontinue\n"  # rush before damage calculation: B 6500
        "goto 10\nchoose 1\ncontinue\ncontinue\n"  # back to that decision (step 10): pass, B 7200
        f"branches\nsave {saved1}\nsave {page}\nbranch 0\nsave {saved0}\nbranch 7\nsave nowhere.txt\nquit\n"
    )
    r = cli("step", "examples/piercing_flip.json", stdin=commands)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    listed = [line for line in lines if line.startswith("  branch ") and "decision(s)" in line]
    assert len(listed) == 2 and "LP A 7800, B 6500" in listed[0] and "LP A 7800, B 7200" in listed[1]
    assert listed[1].endswith("<- here") and "from branch 0 at step" in listed[1]
    assert "error: no branch 7: there are branches 0..1" in lines
    assert any(line.startswith("error: save writes FILE.trace") for line in lines)
    for path, b_lp in ((saved0, 6500), (saved1, 7200)):
        trace = next(read_traces(path.read_text(encoding="utf-8").splitlines()))
        assert "partial" not in trace[0]
        duels: list[engine.Duel] = []
        outcome = replay(trace, on_start=duels.append)
        assert outcome.ok, outcome.reason
        assert duels[0].state.players[engine.Player.B].lp == b_lp
    assert "<html" in page.read_text(encoding="utf-8")
    assert cli("replay", str(saved1)).returncode == 0


def test_a_line_saved_before_its_end_is_a_partial_trace_that_replays_and_views(tmp_path: Path) -> None:
    part, page = tmp_path / "part.trace", tmp_path / "part.html"
    r = cli("step", "examples/battle_phase.json", stdin=f"next\nchoose\nnext\nsave {part}\nquit\n")
    assert r.returncode == 0, r.stderr
    trace = next(read_traces(part.read_text(encoding="utf-8").splitlines()))
    assert trace[0]["partial"] is True and trace[-1]["kind"] in ("event", "decision")
    assert replay(trace).ok
    assert len(frames(trace)) == len(trace) - 1
    assert cli("view", str(part), "-o", str(page)).returncode == 0

"""The viewer's page, checked without a browser: one self-contained file with no network
resource, one frame per trace record, and scenario text that cannot break out of its place.
What a browser shows and how it navigates: tests/test_viewer_browser.py (headless Chromium)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import needs
import pytest

from engine import Duel, load_scenarios
from engine.debug.record import replay, trace_scenario
from engine.debug.session import illegal_options
from engine.scenario import parse_scenario
from engine.values.decisions import Decision
from engine.viewer import attacks_line, frames, page, script_json

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "piercing_flip.json"


def trace() -> list[dict[str, object]]:
    records, _duel, _agent = trace_scenario(load_scenarios(EXAMPLE)[0])
    return records


def test_the_page_is_one_file_with_no_network_resource() -> None:
    html = page(trace())
    assert not re.search(r"https?://", html)
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", html)
    assert "<script" in html and "<style" in html


@pytest.mark.needs("dot")
def test_the_page_holds_the_diagram_drawn_inline() -> None:
    assert "<svg" in re.sub(r"<script.*?</script>", "", page(trace()), flags=re.S)


def test_one_frame_per_trace_record_taken_by_replaying_it() -> None:
    records = trace()
    assert len(frames(records)) == len(records) - 1


def test_hostile_text_cannot_close_the_script_or_form_a_url() -> None:
    hostile = '</script><img src=http://x onerror=alert(1)>'
    text = script_json({"id": hostile})
    assert "<" not in text and ">" not in text and "/" not in text.replace("\\/", "")
    assert json.loads(text) == {"id": hostile}


def test_run_html_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "battle.html"
    r = subprocess.run([sys.executable, "-m", "engine", "run", str(EXAMPLE), "--html", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out.read_text().startswith("<!DOCTYPE html>") or "<html" in out.read_text()[:500]


def test_view_refuses_a_trace_that_does_not_reproduce(tmp_path: Path) -> None:
    records = trace()
    k = next(i for i, r in enumerate(records) if r.get("type") == "battle_damage")
    records[k] = {**records[k], "amount": 1}
    bad = tmp_path / "bad.trace"
    bad.write_text("".join(json.dumps(r) + "\n" for r in records))
    r = subprocess.run([sys.executable, "-m", "engine", "view", str(bad), "-o", str(tmp_path / "x.html")], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    if r.returncode == 0:
        pytest.fail("a trace that does not reproduce was turned into a page")
    assert r.returncode == 1 and str(k - 1) in (r.stdout + r.stderr)


# -- what each frame carries besides the field: the attack under way, the options the rules refuse ---------
BATTLE_STEP_CASES = ROOT / "tests" / "rules" / "battle-step-cases.jsonl"
BATTLE_PHASE_CASES = ROOT / "tests" / "rules" / "battle-phase-cases.jsonl"


def case_trace(path: Path, case_id: str) -> list[dict[str, Any]]:
    """The trace of one sourced case (its scenario, played with its own choices)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and json.loads(line)["scenario"]["id"] == case_id:
            records, _duel, _agent = trace_scenario(parse_scenario(json.loads(line)["scenario"]))
            return records
    raise LookupError(case_id)


# A Battle Phase played from its Start Step (`battle_phase`: m1's attack is destroyed by Sakuretsu Armor,
# then m2 attacks), and the same kind of trace from a list of attacks (`attacks`: m1, then m2, into x).
BATTLE_PHASE_TRACES = [
    pytest.param(BATTLE_STEP_CASES, "BS-002", id="battle_phase-BS-002"),
    pytest.param(BATTLE_PHASE_CASES, "BP-001", id="attacks-BP-001"),
]  # fmt: skip


def declared(records: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """From the trace: the step of each attack declaration and what it declares ("m1 attacks x")."""
    out = []
    for r in records[1:]:
        if r.get("type") == "attack_declared":
            targets = r.get("targets") or []
            out.append((r["step"], f"{r['card']} attacks {targets[0] if targets else 'directly'}"))
    return out


@pytest.mark.parametrize(("path", "case_id"), BATTLE_PHASE_TRACES)
def test_each_frame_of_a_battle_phase_names_the_attack_under_way(path: Path, case_id: str) -> None:
    records = case_trace(path, case_id)
    decls = declared(records)
    assert len(decls) >= 2
    fs = frames(records)
    for f in fs:
        under_way = [n for n, (step, _what) in enumerate(decls) if step <= f["step"]]
        n = under_way[-1] if under_way else None
        assert f["attack"] == n, f["step"]
        assert f["attack_label"] == (None if n is None else f"Attack {n + 1}: {decls[n][1]}")
    assert attacks_line(fs) == ", then ".join(what for _step, what in decls)  # (these cases have no replay)
    assert json.loads(re.search(r'id="data">(.*?)</script>', page(records), re.S)[1])["attack"] == attacks_line(fs)


def test_a_single_attack_is_attack_1_from_the_first_frame() -> None:
    records = trace()
    sc = records[0]["scenario"]
    what = f"{sc['attack']['attacker']} attacks {sc['attack']['target']}"
    assert {(f["attack"], f["attack_label"]) for f in frames(records)} == {(0, f"Attack 1: {what}")}
    assert attacks_line(frames(records)) == what


def expected_illegal(records: list[dict[str, Any]]) -> dict[int, list[dict[str, str]]]:
    """Replaying the trace: at each step where a decision is pending (its own record, and a host's refused
    attempt while it waits), the options its player does not have, worded as the decision words its options,
    each with the rule's reason from the engine's own legality check."""
    out: dict[int, list[dict[str, str]]] = {}

    def start(duel: Duel) -> None:
        step = [0]

        def note(duel: Duel) -> None:
            decision = duel.pending_decision
            if decision is not None:
                refused = illegal_options(duel)
                assert all(duel.why_illegal(o) == why for o, why in refused)  # the legality check's own words
                labels = Decision(decision.player, decision.kind, decision.window, tuple(o for o, _ in refused),
                                  decision.cards).describe()  # fmt: skip
                out[step[0]] = [{"option": label, "reason": why}
                                for label, (_o, why) in zip(labels, refused, strict=True)]  # fmt: skip
            step[0] += 1

        duel.on_event(lambda _event: note(duel))
        duel.on_decision(lambda duel, _decision, _option: note(duel))

    assert replay(records, on_start=start).ok
    return out


@pytest.mark.parametrize(("path", "case_id"), [(None, "piercing-flip"), (BATTLE_STEP_CASES, "BS-031")])
def test_frames_list_the_illegal_options_of_each_decision_with_their_reasons(path: Path | None, case_id: str) -> None:
    records = trace() if path is None else case_trace(path, case_id)
    expected = expected_illegal(records)
    fs = frames(records)
    decisions = [k for k, r in enumerate(records[1:]) if r["kind"] == "decision"]
    assert set(decisions) <= set(expected)  # each decision's own step is one of them
    assert any(expected.values())  # the case does refuse something somewhere
    for f in fs:
        assert f["illegal"] == expected.get(f["step"], []), f["step"]


def test_the_page_draws_the_compact_diagram_with_the_ways_to_duel_over_folded() -> None:
    html = page(trace())
    needs.tool("dot")
    into_end = re.findall(r"<title>(\w+)&#45;&gt;duel_over</title>", html)
    assert into_end == ["__any_state__"]
    assert re.search(r'<details id="diagram-box">', html)  # folded away until opened

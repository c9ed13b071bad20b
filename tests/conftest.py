"""Small shared helpers: the corpus, running a scenario dict, and comparing expected vs result (cases.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import engine

# Hypothesis profiles, registered before collection so `--hypothesis-profile=long` can select one.
# "ci" (the default) is derandomized, so a CI run is reproducible, and prints the blob of any failure;
# "long" runs 20x the examples with fresh randomness (tests/properties scale with `max_examples`).
settings.register_profile("ci", max_examples=100, derandomize=True, print_blob=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                 HealthCheck.filter_too_much])  # (the format's schema grew: issue 43)
settings.register_profile("long", max_examples=2000, print_blob=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("ci")



def pytest_runtest_setup(item: pytest.Item) -> None:
    """`@pytest.mark.needs("dot", ...)`: the test skipped, the tool named, where one is absent (tests/needs.py;
    a failure instead under ENGINE_TEST_TOOLS=required, as .ci/run sets it)."""
    import needs

    for mark in item.iter_markers("needs"):
        for name in mark.args:
            needs.tool(name)


RULES_DIR = Path(__file__).parent / "rules"
CASES_PATH = RULES_DIR / "cases.jsonl"


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file (blank lines skipped): the rules cases of tests/rules/."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_records() -> list[dict[str, Any]]:
    return load_jsonl(CASES_PATH)


def run(scenario: dict[str, Any], executor: str = "fast", *, events: bool = True) -> dict[str, Any]:
    """Parse, run and return the result object of a scenario given as a dict."""
    sc = engine.parse_scenario(scenario)
    duel, agent = engine.run_scenario(sc, executor=executor)  # type: ignore[arg-type]
    return engine.result(sc, duel, agent, events=events)


def monster(cid: str, controller: str, atk: int, def_: int, position: str = "attack", *effects: dict[str, Any],
            **extra: Any) -> dict[str, Any]:
    return {"id": cid, "controller": controller, "location": "monster_zone", "atk": atk, "def": def_,
            "position": position, "effects": list(effects), **extra}


def spell(cid: str, controller: str, *effects: dict[str, Any], equipped_to: str | None = None) -> dict[str, Any]:
    """A face-up Spell (a stand-in for a continuous effect, or an Equip Spell when equipped_to is given)."""
    card: dict[str, Any] = {"id": cid, "controller": controller, "location": "spell_trap_zone", "card_type": "spell",
                            "face_down": False, "effects": list(effects)}
    if equipped_to is not None:
        card["equipped_to"] = equipped_to
    return card


def scenario(cards: list[dict[str, Any]], target: str | None = "tgt", *, attacker: str = "att",
             lp: tuple[int, int] = (8000, 8000), turn_player: str = "A", **extra: Any) -> dict[str, Any]:
    return {"format": "damage-step-scenario/1", "id": extra.pop("id", "test"), "turn_player": turn_player,
            "life_points": {"A": lp[0], "B": lp[1]}, "cards": cards,
            "attack": {"attacker": attacker, "target": target}, **extra}


def _chain_mismatches(expected: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[str]:
    """Only the windows listed; links by card and player in order; resolution_order when given; a window
    listed with no links means no chain in that window."""
    out = []
    for window in dict.fromkeys(c["window"] for c in expected):
        want = [c for c in expected if c["window"] == window and c.get("links")]
        have = [c for c in got if c["window"] == window]
        if len(want) != len(have):
            out.append(f"chains[{window}]: expected {len(want)} chain(s) {want}, got {have}")
            continue
        for w, h in zip(want, have, strict=True):
            links = [{"card": link["card"], "player": link["player"]} for link in h["links"]]
            if links != w["links"]:
                out.append(f"chains[{window}].links: expected {w['links']}, got {links}")
            if "resolution_order" in w and h.get("resolution_order") != w["resolution_order"]:
                out.append(f"chains[{window}].resolution_order: expected {w['resolution_order']}, "
                           f"got {h.get('resolution_order')}")
    return out


def _lp_change_mismatches(expected: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[str]:
    """Each listed entry must appear in the result's list (each result entry used once); window only when given."""
    left = list(got)
    out = []
    for e in expected:
        hit = next((g for g in left if all(g.get(k) == v for k, v in e.items())), None)
        if hit is None:
            out.append(f"lp_changes: {e} not found in {got}")
        else:
            left.remove(hit)
    return out


def mismatches(expected: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """How `result` differs from a corpus `expected`, compared exactly as cases.md says ([] = it matches)."""
    out: list[str] = []
    for key, want in expected.items():
        if key not in result:
            out.append(f"{key}: missing from the result")
            continue
        got = result[key]
        if key == "chains":
            out += _chain_mismatches(want, got)
        elif key == "lp_changes":
            out += _lp_change_mismatches(want, got)
        elif key == "final_locations":
            out += [f"final_locations[{c}]: expected {v!r}, got {got.get(c)!r}" for c, v in want.items()
                    if got.get(c) != v]
        elif key == "final_monsters":
            for c, fields in want.items():
                if c not in got:
                    out.append(f"final_monsters[{c}]: not in a Monster Zone (result: {sorted(got)})")
                    continue
                out += [f"final_monsters[{c}].{f}: expected {v!r}, got {got[c].get(f)!r}"
                        for f, v in fields.items() if got[c].get(f) != v]
        elif key == "battles":
            out += _battle_mismatches(want, got)
        elif got != want:
            out.append(f"{key}: expected {want!r}, got {got!r}")
    return out


def _battle_mismatches(expected: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[str]:
    """Each `battles` entry listed, compared with the result's entry of that attack (cases.md); `"stopped": true`
    asks only that the attack stopped in the Battle Step (the result gives the reason in the engine's words)."""
    out: list[str] = []
    by_attack = {b["attack"]: b for b in got}
    for want in expected:
        have = by_attack.get(want["attack"])
        if have is None:
            out.append(f"battles[{want['attack']}]: no such attack in the result ({len(got)} declared)")
            continue
        if want.get("stopped") is True:
            want = {k: v for k, v in want.items() if k != "stopped"}
            if not have.get("stopped"):
                out.append(f"battles[{want['attack']}].stopped: expected the attack to stop in the Battle Step, "
                           f"got {have.get('stopped')!r}")
        out += [f"battles[{want['attack']}].{p}" for p in mismatches(want, have)]
    return out


# -- a sourced case file (tests/rules/*-cases.jsonl): the checks every such file gets -------------------------


def check_sourced_cases(records: list[dict[str, Any]], at_least: int = 1, urls: bool = True) -> None:
    """At least `at_least` cases, unique ids, each with its sources (web addresses, unless `urls` is False: a file
    that may also cite the rules spec's sections by name)."""
    ids = [r["scenario"]["id"] for r in records]
    assert len(ids) >= at_least and len(ids) == len(set(ids))
    assert all(r["source"]["sources"] and all(isinstance(s, str) and s for s in r["source"]["sources"])
               for r in records)  # fmt: skip
    if urls:
        assert all(all("http" in s for s in r["source"]["sources"]) for r in records)
    assert all(r["source"]["confidence"] in ("official", "ruling", "engine", "ambiguous") for r in records)


def check_case(record: dict[str, Any]) -> None:
    """The case's expected outcome (cases.md), the same with both executors."""
    fast = run(record["scenario"], "fast")
    assert mismatches(record["expected"], fast) == []
    assert run(record["scenario"], "transitions") == fast


def cli_mismatches(path: Path, executor: str = "fast") -> dict[str, list[str]]:
    """How the CLI's results of a case file (`python -m engine run --format json`) differ from its expectations,
    by case id ({} = every case as expected)."""
    import subprocess
    import sys

    repo = RULES_DIR.parent.parent
    proc = subprocess.run([sys.executable, "-m", "engine", "run", str(path.relative_to(repo)), "--format", "json",
                           "--executor", executor], cwd=repo, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    records = load_jsonl(path)
    assert [r["scenario"] for r in results] == [r["scenario"]["id"] for r in records]
    return {r["scenario"]["id"]: m for r, got in zip(records, results, strict=True)
            if (m := mismatches(r["expected"], got))}  # fmt: skip


def check_round_trip(records: list[dict[str, Any]]) -> None:
    """Each scenario survives `scenario_to_json` unchanged."""
    from engine.scenario import scenario_to_json

    for r in records:
        sc = engine.parse_scenario(r["scenario"])
        assert engine.parse_scenario(scenario_to_json(sc)) == sc


def schema_errors(records: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The JSON Schema's complaints about each case's scenario, by case id ({} = the schema accepts them all)."""
    import jsonschema

    schema = json.loads((RULES_DIR.parent.parent / "engine" / "schemas" / "scenario.schema.json").read_text("utf-8"))
    v = jsonschema.Draft202012Validator(schema)
    return {r["scenario"]["id"]: [e.message for e in v.iter_errors(r["scenario"])]
            for r in records if not v.is_valid(r["scenario"])}  # fmt: skip


def case_file_tests(
    path: Path, at_least: int, urls: bool = True, cli_executors: tuple[str, ...] = ("fast",)
) -> tuple[Callable[[], None], Callable[..., None], Callable[[], None]]:
    """The three tests every sourced case file gets: its cases are sourced, with unique ids (`source.case` the
    scenario's id); each gives its expected outcome through both executors; and the file round-trips, fits the
    JSON Schema and gives the same outcomes through the CLI (with each of `cli_executors`). Bind them in a test
    module: ``test_sourced_cases, test_case, test_file = case_file_tests(RULES_DIR / "x-cases.jsonl", at_least=9)``."""
    records = load_jsonl(path)

    def test_sourced_cases() -> None:
        check_sourced_cases(records, at_least=at_least, urls=urls)
        assert all(r["source"]["case"] == r["scenario"]["id"] for r in records)

    @pytest.mark.parametrize("record", records, ids=[r["scenario"]["id"] for r in records])
    def test_case(record: dict[str, Any]) -> None:
        check_case(record)

    def test_round_trip_schema_and_cli() -> None:
        check_round_trip(records)
        assert schema_errors(records) == {}
        for executor in cli_executors:
            assert cli_mismatches(path, executor) == {}, executor

    return test_sourced_cases, test_case, test_round_trip_schema_and_cli

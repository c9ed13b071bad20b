"""The same scenario, seed and decisions give the same log in a fresh process with another PYTHONHASHSEED
(engine.RandomAgent: "the same seed gives the same game"; nothing may depend on set or dict-of-str order)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bounded import capped
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples, scenarios

import engine

SCRIPT = Path(__file__).with_name("replay.py")
ROOT = Path(__file__).parents[2]


def play_here(job: dict[str, Any]) -> dict[str, Any]:
    """Play with RandomAgent(seed) in this process; record the index of each answer among the options."""
    state = engine.state_from_scenario(engine.parse_scenario(job["scenario"]))
    state.show_every_priority = job["show"]
    duel = capped(engine.Duel(state, executor=job["executor"]))
    agent = engine.RandomAgent(job["seed"])
    job["answers"] = []
    while (d := duel.advance()) is not None:
        option = agent.choose(d, duel)
        job["answers"].append(d.options.index(option))
        duel.decide(option)
    ids = [c.id for c in state.cards]
    # Through JSON as the other process's log is (Event.to_json keeps tuples, e.g. "values": (0, None)).
    log = json.loads(json.dumps([e.to_json(ids) for e in duel.state.log]))
    return {"log": log, "hash": duel.state.state_hash()}


@settings(max_examples=examples(0.05))
@given(jobs=st.lists(st.fixed_dictionaries({
    "scenario": scenarios(max_choices=0), "seed": st.integers(0, 2**32 - 1), "show": st.booleans(),
    "executor": st.sampled_from(["fast", "transitions"])}), min_size=1, max_size=6),
    hash_seed=st.integers(0, 2**32 - 1))
def test_a_fresh_process_replays_the_same_log(jobs: list[dict[str, Any]], hash_seed: int) -> None:
    here = [play_here(job) for job in jobs]
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "PYTHONPATH": str(ROOT)}
    if str(hash_seed) == os.environ.get("PYTHONHASHSEED"):
        env["PYTHONHASHSEED"] = str(hash_seed + 1)
    proc = subprocess.run([sys.executable, str(SCRIPT)], input=json.dumps(jobs), capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    there = json.loads(proc.stdout)
    assert len(there) == len(here)
    for mine, theirs in zip(here, there, strict=True):
        assert theirs["by_seed"] == mine["log"]
        assert theirs["by_answers"] == mine["log"]
        assert theirs["hash"] == mine["hash"]

"""Determinism (issue 8 part 2): the engine holds no randomness of its own (a grep of engine/ finds
`random` only in `engine.agents.RandomAgent`, whose seed is given by the caller), so the same
scenario, agent seed and decisions must give the same event log in any process, whatever
`PYTHONHASHSEED` salts `hash()` with."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAYOUT = """
import json
import engine
from engine.demo import DEMO
sc = engine.parse_scenario(DEMO)
out = []
for seed in range(8):
    duel = engine.Duel(engine.state_from_scenario(sc)).run(engine.RandomAgent(seed))
    ids = [c.id for c in duel.state.cards]
    out.append({"log": [e.to_json(ids) for e in duel.state.log], "hash": duel.state.state_hash()})
print(json.dumps(out))
"""


def _playouts(hash_seed: str) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-c", PLAYOUT], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120, check=True)  # fmt: skip
    result: list[dict[str, object]] = json.loads(r.stdout)
    return result


def test_same_seed_same_event_log_in_processes_with_different_hash_seeds() -> None:
    a, b = _playouts("0"), _playouts("4242")
    assert a == b
    assert all(run["log"] for run in a)  # the runs did something: a log to compare


def test_engine_holds_no_randomness_besides_the_random_agent() -> None:
    """The claim the docs make: the rules draw no random numbers; only RandomAgent, seeded by its caller, does, and two
    clients of the learning side (issue 41), with generators seeded by their caller: `engine.fields` draws a random
    field with the `random.Random` it is handed (a deal from the caller's seed), `engine.gym_env` its opponent's
    choices from the seed `reset` is given."""
    users = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
                   if "import random" in p.read_text(encoding="utf-8"))  # fmt: skip
    assert users == ["engine/agents.py", "engine/fields.py", "engine/gym_env.py"]
    from engine.fields import dealt_fields, random_field

    assert random_field(random.Random(3)) == random_field(random.Random(3)) != random_field(random.Random(4))
    assert dealt_fields(5, 2) == dealt_fields(5, 2)

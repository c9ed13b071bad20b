"""An agent learns on the hidden-information environment (issue 41, "An agent that learns on it, shown").

The short version of `examples/learn_battle_phase.py`: a few hundred episodes on random fields of library cards,
with a fixed seed; the trained agent, evaluated greedy on 100 held-out fields against the random agent, must beat
the random agent playing the same side against the same opponent on the same fields by a clear margin (0.08 in
returns; it is about 0.2 after 300 episodes, and the random agent's own return is about 0.05). The long version
is the example itself, which writes docs/learning-curve.png; here it runs once, tiny, to show it writes its PNG.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import needs

needs.module("numpy")

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "learn_battle_phase.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learn_battle_phase", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_trained_agent_beats_the_random_agent_on_held_out_fields() -> None:
    learn = example()
    agent, curve = learn.train(300, seed=0, eval_at=(0,), eval_fields=100)
    held_out = [10**9 + k for k in range(100)]  # the fields `train` evaluates on (seed 0)
    baseline = learn.evaluate(learn.random_policy, learn.random_policy, held_out)
    before, after = curve[0]["vs_random"], curve[-1]["vs_random"]
    assert after - baseline >= 0.08, (before, after, baseline, agent.w)
    assert after - before >= 0.08  # learnt, not there from the start
    # What it learnt reads as play: attacking a monster it beats is worth more than attacking one it loses to.
    assert agent.w[6] > agent.w[8]


def test_the_example_writes_its_learning_curve(tmp_path: Path) -> None:
    needs.module("matplotlib", module_level=False)
    out = tmp_path / "curve.png"
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    args = ["--episodes", "20", "--eval-first", "10", "--eval-fields", "4", "--mcts", "2", "--out", str(out)]
    r = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "margin over the random agent" in r.stdout

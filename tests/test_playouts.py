"""Playouts at scale (issue 8 part 5): engine.playouts and `python -m engine playouts`. A run's result
depends on the scenario, the seed and the agent only: not on the workers, the backend or the chunking."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import needs
import pytest
from search_scenarios import CONTESTED, LISTED_ATTACKS, ONE_WINNING_CHOICE, WINNING_ORDER

from engine import playouts
from engine.search import BattleGame

ROOT = Path(__file__).resolve().parent.parent


def test_result_is_the_same_with_one_or_two_worker_processes() -> None:
    one = playouts.run(CONTESTED, 60, workers=1, seed=11)
    two = playouts.run(CONTESTED, 60, workers=2, seed=11)
    assert playouts.without_timing(one) == playouts.without_timing(two)
    assert one["timing"]["workers"] == 1 and two["timing"]["workers"] == 2
    assert len(one["first_decisions"]) > 1  # the seeds did give different games


@pytest.mark.parametrize("scenario", [WINNING_ORDER, LISTED_ATTACKS], ids=["battle_phase", "attacks"])
def test_a_battle_phase_gives_the_same_summary_with_one_or_two_workers(scenario: dict[str, Any]) -> None:
    """Whole Battle Phases (two attacks or more): the same distribution whatever the number of workers."""
    one = playouts.run(scenario, 60, workers=1, seed=5)
    two = playouts.run(scenario, 60, workers=2, seed=5)
    assert playouts.without_timing(one) == playouts.without_timing(two)
    assert len(one["first_decisions"]) > 1


def test_cli_playouts_on_a_battle_phase_file() -> None:
    runs = [_cli("examples/battle_phase.json", "--n", "30", "--seed", "3", "--workers", w, "--format", "json")
            for w in ("1", "2")]  # fmt: skip
    for r in runs:
        assert r.returncode == 0 and r.stderr == "", r.stderr
    one, two = (json.loads(r.stdout) for r in runs)
    assert one["n"] == 30 and playouts.without_timing(one) == playouts.without_timing(two)


def test_playout_k_depends_on_seed_and_k_only() -> None:
    """The first 10 playouts of a run of 40 are a run of 10 (other chunks, same games)."""
    game = BattleGame(CONTESTED)
    ten = [playouts.play_one(game, k, 5, "random") for k in range(10)]
    assert playouts.play_chunk(game, 0, 10, 5, "random", 1).summary() == playouts.summarise(ten)
    whole, parts = playouts.play_chunk(game, 0, 40, 5, "random", 1), playouts.play_chunk(game, 10, 40, 5, "random", 1)
    parts.merge(playouts.play_chunk(game, 0, 10, 5, "random", 1))  # tallies merge exactly, in any order
    assert parts.summary() == whole.summary()
    run = playouts.run(game, 10, seed=5)
    assert {k: run[k] for k in playouts.summarise(ten)} == playouts.summarise(ten)
    assert playouts.playout_seed(5, 3) == playouts.playout_seed(5, 3) != playouts.playout_seed(5, 4)
    assert playouts.playout_seed(5, 3) != playouts.playout_seed(6, 3)


def test_summary_is_the_distribution_of_the_playouts() -> None:
    game = BattleGame(CONTESTED)
    games = [playouts.play_one(game, k, 2, "random") for k in range(50)]
    s = playouts.without_timing(playouts.run(game, 50, seed=2))
    swings = [p.lp_swing for p in games]
    assert s["n"] == 50 and sum(s["outcomes"].values()) == 50 and sum(s["first_decisions"].values()) == 50
    assert s["lp_swing"] == {"mean": statistics.fmean(swings), "stdev": pytest.approx(statistics.pstdev(swings)),
                             "min": min(swings), "max": max(swings)}  # fmt: skip
    assert s["decisions"] == sum(p.decisions for p in games)
    assert s["first_decisions"] == {
        what: sum(p.first == what for p in games) for what in {p.first for p in games}
    }


def test_outcomes_follow_the_rules_of_the_winning_choice_battle() -> None:
    """ONE_WINNING_CHOICE (search_scenarios): A's first decision is during damage calculation. Passing
    first ends the window (B has nothing): A's 1500 loses to 2000, A takes 500 (swing -500). A Duel won
    takes B from 400 LP to 0 with A's LP untouched (swing +400), and needs rush (sap alone only weakens)."""
    game = BattleGame(ONE_WINNING_CHOICE)
    games = [playouts.play_one(game, k, 1, "random") for k in range(90)]
    assert {p.first for p in games} == {"A: activate rush effect 0", "A: activate sap effect 0", "A: pass"}
    for p in games:
        if p.first == "A: pass":
            assert (p.outcome, p.lp_swing, p.decisions) == ("not_over", -500, 1)
        if p.outcome == "A":
            assert p.lp_swing == 400 and p.first != "A: pass"
        assert p.outcome in ("A", "not_over")  # B's LP only fall, A's 8000 cannot reach 0
    assert 0 < sum(p.outcome == "A" for p in games) < 90
    s = playouts.run(game, 90, seed=1)
    assert s["outcomes"]["A"] == sum(p.outcome == "A" for p in games)


def test_mcts_agent_takes_the_winning_choice() -> None:
    s = playouts.run(ONE_WINNING_CHOICE, 6, seed=0, agent="mcts", simulations=30)
    assert s["first_decisions"] == {"A: activate rush effect 0": 6} and s["outcomes"]["A"] == 6
    assert playouts.without_timing(s) == playouts.without_timing(
        playouts.run(ONE_WINNING_CHOICE, 6, seed=0, agent="mcts", simulations=30, workers=2))


def test_zero_playouts_and_bad_arguments() -> None:
    s = playouts.run(CONTESTED, 0)
    assert s["n"] == 0 and s["lp_swing"]["mean"] is None and s["first_decisions"] == {}
    with pytest.raises(ValueError):
        playouts.run(CONTESTED, 5, workers=0)
    with pytest.raises(ValueError):
        playouts.run(CONTESTED, 5, agent="minimax")  # type: ignore[arg-type]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "engine", "playouts", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip


def test_cli_json_same_for_any_workers_and_no_bar_off_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "contested.json"
    path.write_text(json.dumps(CONTESTED))
    runs = [_cli(str(path), "--n", "40", "--seed", "9", "--workers", w, "--format", "json") for w in ("1", "2")]
    for r in runs:
        assert r.returncode == 0 and r.stderr == ""  # stderr is a pipe: no progress bar
    one, two = (json.loads(r.stdout) for r in runs)
    assert playouts.without_timing(one) == playouts.without_timing(two)
    assert one["n"] == 40 and one["timing"]["playouts_per_second"] > 0


def test_cli_text_and_errors() -> None:
    r = _cli("examples/piercing_flip.json", "--n", "20")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "20 playouts of piercing-flip (seed 0, agent random, 1 worker(s), processes)"
    assert lines[1].startswith("Duel: A won 0 (0.0%)") and "not over 20 (100.0%)" in lines[1]
    assert any(line.startswith("throughput: ") for line in lines)
    bad = _cli("examples/piercing_flip.json", "--n", "5", "--workers", "0")
    assert bad.returncode == 2 and "--workers" in bad.stderr


def test_ray_backend_gives_the_same_result() -> None:
    ray = needs.module("ray", module_level=False)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = playouts.run(CONTESTED, 40, seed=4, backend="ray")
    finally:
        ray.shutdown()
    assert playouts.without_timing(on_ray) == playouts.without_timing(playouts.run(CONTESTED, 40, seed=4))
    assert on_ray["timing"]["backend"] == "ray"


def test_progress_bar_on_a_terminal() -> None:
    needs.module("tqdm", module_level=False)
    import fcntl
    import pty
    import struct
    import termios

    main, other = pty.openpty()
    fcntl.ioctl(other, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a terminal's size: 80 x 24
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "engine", "playouts", "examples/piercing_flip.json", "--n", "30"],
                       cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=other, text=True, timeout=120)  # fmt: skip
    os.close(other)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # EIO: every writer closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    bar = b"".join(chunks).decode(errors="replace")
    assert r.returncode == 0 and "30/30" in bar and "playout" in bar
    assert r.stdout.startswith("30 playouts of piercing-flip")


def test_mcts_without_simulations_is_refused_by_name() -> None:
    """The CLI refuses `--simulations 0`; the Python API says the same, not an error from inside the search."""
    with pytest.raises(ValueError, match="simulations must be >= 1 for the mcts agent, got 0"):
        playouts.run(ONE_WINNING_CHOICE, 2, agent="mcts", simulations=0)

"""The README stays true: its two opening commands, CI running the same test command, and
its Python examples running as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()

SCENARIO = {
    "format": "damage-step-scenario/1",
    "id": "readme",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 0, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 1000, "def": 0, "position": "attack", "effects": []},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}


def commands() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", README, re.S)
    assert block, "README must open with a bash block"
    return [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_demo_and_test_commands() -> None:
    demo, test = commands()[:2]
    assert demo.endswith("python3 -m engine demo")
    assert "pytest" in test


def test_ci_runs_the_readme_test_command() -> None:
    test = commands()[1]
    assert test in (ROOT / ".ci" / "run").read_text().splitlines()


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, re.S)


def test_library_example_runs() -> None:
    code = python_blocks()[0]
    exec(compile(code, "README-example-1", "exec"), {"scenario_dict": SCENARIO, "print": lambda *a: None})


def test_custom_effect_example_runs_and_does_what_it_says() -> None:
    code = python_blocks()[1]
    ns: dict[str, object] = {"scenario_dict": SCENARIO}
    exec(compile(code + "\nresult_state = state\n", "README-example-2", "exec"), ns)
    state = ns["result_state"]
    # 2000 vs 1000: B would take 1000, halved by B's "halve_mine" -> 500 (§2.6 stage 7);
    # the attacker inflicted battle damage, so its trigger burns B for 300 more.
    assert state.players[1].lp == 8000 - 500 - 300  # type: ignore[attr-defined]

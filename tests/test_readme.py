"""The README stays true: its two opening commands, CI running the same test command, and
its Python examples running as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


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


def run_block(index: int) -> str:
    code = re.findall(r"```python\n(.*?)```", README, re.S)[index]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"README-example-{index + 1}", "exec"), {})
    return out.getvalue()


def test_library_example_runs() -> None:
    # 2000 vs 1500 ATK: B takes 500 (§2.2), so B ends at 7500.
    assert run_block(0).splitlines()[-1] == "7500"


def test_custom_effect_example_does_what_it_says() -> None:
    # 2000 vs 1000: B would take 1000, halved by B's "halve_mine" -> 500 (§2.6 stage 7); the attacker
    # inflicted battle damage, so its trigger burns B for 300 more: 8000 - 500 - 300.
    assert run_block(1).splitlines()[-1] == "7200"


def test_debugging_walkthrough_is_the_steppers_actual_output() -> None:
    import subprocess
    import sys

    # The walkthrough lives in docs/stepper.md since issue 42 (the stepper's guide; the README links to it)
    guide = (ROOT / "docs" / "stepper.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- stepper-walkthrough: (.*?) -->\n```text\n(.*?)```", guide, re.S)
    assert m, "docs/stepper.md shows a stepper walkthrough"
    commands_typed = "".join(c.strip() + "\n" for c in m.group(1).split("|"))
    r = subprocess.run([sys.executable, "-m", "engine", "step", "examples/piercing_flip.json"], cwd=ROOT,
                       input=commands_typed, capture_output=True, text=True, check=True, timeout=120)
    assert r.stdout == m.group(2)


def test_debugging_session_example_does_what_it_says() -> None:
    # With rush (+700): 2700 ATK into 1200 DEF with piercing, B takes 1500 (§2.4): 8000 - 1500 = 6500.
    # The branch that passes instead: 2000 - 1200 = 800, so 7200, and the session holds both branches.
    import os

    cwd = os.getcwd()
    os.chdir(ROOT)  # the example opens examples/piercing_flip.json, as from a clone's root
    try:
        out = run_block(2).splitlines()
    finally:
        os.chdir(cwd)
    assert "tgt is flipped face-up" in out[0] and "(§1.4)" in out[0]
    assert out[1:] == ["6500", "7200 2"]

"""The README stays true and short: its two opening commands, CI running the same test command character for
character, its links, and its Python examples running as written. The guides that were once in it keep their own
examples true here too (docs/library.md, docs/debugging.md)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def commands() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", README, re.S)
    assert block, "README must open with a bash block"
    return [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_readme_is_short() -> None:
    assert len(README.splitlines()) <= 150


def test_readme_opens_with_demo_and_test_commands() -> None:
    setup, test = commands()[:2]
    assert setup.startswith("python3 -m venv .venv && . .venv/bin/activate && ")  # the virtual environment first
    assert setup.endswith("python3 -m engine demo")
    assert "pytest" in test and "pip install" not in test  # the second compiles nothing again


def test_ci_runs_the_readme_test_command() -> None:
    test = commands()[1]
    assert test in (ROOT / ".ci" / "run").read_text().splitlines()


def test_every_link_of_the_readme_leads_somewhere() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    local = [link for link in links if not link.startswith(("http://", "https://"))]
    assert local and all((ROOT / link).exists() for link in local), [x for x in local if not (ROOT / x).exists()]


def run_block(text: str, index: int, name: str) -> str:
    code = re.findall(r"```python\n(.*?)```", text, re.S)[index]
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)  # the examples open examples/..., as from a clone's root
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{name}-example-{index + 1}", "exec"), {})
    finally:
        os.chdir(cwd)
    return out.getvalue()


def test_embedding_quick_start_does_what_it_says() -> None:
    # Mirror Force: "When an opponent's monster declares an attack: Destroy all your opponent's Attack Position
    # monsters" (LC-MF-001): the attacker is destroyed, the attack ends with no damage calculation, B keeps 8000.
    out = run_block(README, 0, "README").splitlines()
    assert out[0].startswith("B priority ")
    assert out[-1] == "False 8000"


def test_search_quick_start_does_what_it_says() -> None:
    # examples/piercing_flip.json: A may activate rush (+700) or pass; with rush, 2700 piercing into 1200 DEF.
    out = run_block(README, 1, "README").splitlines()
    assert out[0] == "[0, 13]"
    assert len(out) == 2


LIBRARY = (ROOT / "docs" / "library.md").read_text()
DEBUGGING = (ROOT / "docs" / "debugging.md").read_text()


def test_library_example_runs() -> None:
    # 2000 vs 1500 ATK: B takes 500 (§2.2), so B ends at 7500.
    assert run_block(LIBRARY, 0, "library").splitlines()[-1] == "7500"


def test_custom_effect_example_does_what_it_says() -> None:
    # 2000 vs 1000: B would take 1000, halved by B's "halve_mine" -> 500 (§2.6 stage 7); the attacker
    # inflicted battle damage, so its trigger burns B for 300 more: 8000 - 500 - 300.
    assert run_block(LIBRARY, 1, "library").splitlines()[-1] == "7200"


def test_debugging_walkthrough_is_the_steppers_actual_output() -> None:
    # The walkthrough lives in docs/stepper.md (the stepper's guide; docs/debugging.md and the README link to it)
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
    out = run_block(DEBUGGING, 0, "debugging").splitlines()
    assert "tgt is flipped face-up" in out[0] and "(§1.4)" in out[0]
    assert out[1:] == ["6500", "7200 2"]

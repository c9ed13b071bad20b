"""The engine's layers (docs/design.md) are checked by import-linter's contracts in pyproject.toml.

These tests run those contracts on the package as it is, and on a copy with one deliberate upward
import that only a type checker reads, to show that such imports are counted; and they check that
no module reaches for another module's private names.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = [sys.executable, "-c", "import sys, importlinter.cli as c; sys.exit(c.lint_imports_command())"]


def _lint(package_parent: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_parent), "COLUMNS": "400"}  # (no wrapped lines)
    return subprocess.run([*LINT, "--no-cache"], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _copy(tmp_path: Path) -> Path:
    """A copy of the package and its contracts, to break on purpose."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_layers_and_acyclic_contracts_are_kept() -> None:
    out = _lint(ROOT, ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "2 kept, 0 broken" in out.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("state.py", "from engine.machine import Duel"),  # a type-only back-reference, as state.py once had
        ("values/decisions.py", "from engine.state import GameState"),
    ],
)
def test_a_type_only_upward_import_breaks_the_layers(tmp_path: Path, module: str, upward: str) -> None:
    root = _copy(tmp_path)
    path = root / "engine" / module
    path.write_text(path.read_text() + f"\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    {upward}\n")
    out = _lint(root, root)
    assert out.returncode != 0
    assert "BROKEN" in out.stdout
    importer = "engine." + module.removesuffix(".py").replace("/", ".")
    assert f"- {importer} -> {upward.split()[1]} (l." in out.stdout  # the import, by its line


def test_a_cycle_inside_a_layer_breaks_the_acyclic_contract(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "engine" / "values" / "game.py"  # game.py <- events.py, so this closes a cycle
    path.write_text(path.read_text() + "\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                    "    from engine.values.events import Event\n")  # fmt: skip
    out = _lint(root, root)
    assert out.returncode != 0
    assert "No cycles are allowed in engine.values" in out.stdout


def _private_reaches(path: Path, module: str) -> list[str]:
    """`from engine.x import _name`, and `x._name` on a module `x` imported from the engine."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
            for alias in node.names:
                target = f"{node.module}.{alias.name}"
                if alias.name.startswith("_") and not alias.name.startswith("__") and node.module != module:
                    found.append(f"{module} imports {target}")
                modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            modules |= {a.asname or a.name.split(".")[0] for a in node.names if a.name.startswith("engine")}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith("_") and not node.attr.startswith("__")):  # fmt: skip
            found.append(f"{module} reads {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found += _private_reaches(path, module)
    assert found == []


def test_the_private_name_check_would_see_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from engine.scenario import _Invalid\nfrom engine import steps\nsteps._hidden()\n")
    assert _private_reaches(bad, "engine.bad") == [
        "engine.bad imports engine.scenario._Invalid",
        "engine.bad reads steps._hidden",
    ]


def test_no_module_of_the_engine_is_over_800_lines() -> None:
    """The team's standard: one module per concept, none over 800 lines (issue 38 split the 1,994-line loader)."""
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "engine").rglob("*.py")}  # fmt: skip
    assert {name: n for name, n in sizes.items() if n > 800} == {}


def test_each_compiled_module_is_listed_once_and_exists() -> None:
    """setup.py's COMPILED: a module listed twice made the editable install skip build_ext and give the pure build
    without a word (found at integration, issue 43), so each is listed once, and each is a file of the engine."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    listed = next(
        [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
        for node in tree.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets)
        and isinstance(node.value, ast.List)
    )
    assert len(listed) > 20
    assert sorted(m for m in set(listed) if listed.count(m) > 1) == []
    assert [m for m in listed if not (ROOT / m).is_file()] == []

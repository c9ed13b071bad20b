"""A test that needs a system tool is skipped, the tool named, where the tool is absent (a fresh machine), and fails
there instead under ENGINE_TEST_TOOLS=required, which .ci/run sets after installing every tool (tests/needs.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# One test of each kind: a tool a single test needs (a mark, a call), and tools a whole module needs.
NEEDING = {
    "tests/test_stepper.py::test_in_a_real_terminal_under_tmux": "`tmux`",
    "tests/test_viewer_page.py::test_the_page_holds_the_diagram_drawn_inline": "`dot`",
    "tests/test_diagram.py::test_committed_svg_is_fresh": "`dot`",
    "tests/test_viewer_browser.py": "`chromium`",
}


def run(test: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """pytest on one test with a PATH that holds none of the tools (the interpreter is named by its path)."""
    clean = {k: v for k, v in os.environ.items() if k != "ENGINE_TEST_TOOLS"}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", test], cwd=ROOT,
                          env={**clean, "PATH": str(tmp_path), **env}, capture_output=True, text=True,
                          timeout=300)  # fmt: skip


@pytest.mark.parametrize("test", list(NEEDING))
def test_a_missing_tool_skips_naming_it(test: str, tmp_path: Path) -> None:
    r = run(test, tmp_path)
    assert r.returncode in (0, 5), r.stdout + r.stderr  # 5: a whole module skipped, no test collected
    assert "skipped" in r.stdout and "passed" not in r.stdout and "failed" not in r.stdout
    assert f"needs {NEEDING[test]}, which is not installed here (" in r.stdout


@pytest.mark.parametrize("test", list(NEEDING))
def test_a_missing_tool_fails_where_tools_are_required(test: str, tmp_path: Path) -> None:
    r = run(test, tmp_path, ENGINE_TEST_TOOLS="required")
    assert r.returncode != 0, r.stdout
    assert "skipped" not in r.stdout
    assert f"needs {NEEDING[test]}" in r.stdout and "ENGINE_TEST_TOOLS=required" in r.stdout


def test_ci_requires_the_tools_it_installs() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert "export ENGINE_TEST_TOOLS=required" in ci
    for package in ("graphviz", "tmux", "chromium", "chromium-driver", "npm"):
        assert f'missing="$missing {package}"' in ci

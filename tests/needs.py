"""What some tests need beyond the project's Python dependencies: a system tool (Graphviz's `dot`, Chromium and
chromedriver, tmux, npm) or an optional extra (OpenSpiel, PettingZoo, Ray). Where it is absent the test is skipped
with the tool named and how to install it, so the README's test command passes on a fresh machine; where
`ENGINE_TEST_TOOLS=required` is set (`.ci/run` sets it, having installed them all) a missing one fails the test
instead, so that CI never passes by skipping what it should have run (tests/test_needs.py shows both)."""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType
from typing import NoReturn

import pytest

REQUIRED_VAR = "ENGINE_TEST_TOOLS"

# Each tool: how to install it (Debian's packages, as .ci/run installs them).
TOOLS = {
    "dot": "Graphviz: apt-get install graphviz",
    "chromium": "apt-get install chromium",
    "chromedriver": "apt-get install chromium-driver",
    "tmux": "apt-get install tmux",
    "npm": "apt-get install npm",
}
# Each optional module: the extra that installs it.
MODULES = {
    "pyspiel": "spiel", "open_spiel": "spiel", "pettingzoo": "pettingzoo", "gymnasium": "pettingzoo",
    "ray": "ray", "numpy": "spiel", "selenium": "dev", "tqdm": "dev", "mkdocs": "docs",
    "matplotlib": "learn",
}  # fmt: skip


def required() -> bool:
    return os.environ.get(REQUIRED_VAR) == "required"


def missing(what: str, how: str, module_level: bool = False) -> NoReturn:
    """Skip, naming what is missing and how to install it; fail instead under ENGINE_TEST_TOOLS=required."""
    message = f"needs {what}, which is not installed here ({how})"
    if required():
        pytest.fail(f"{message}; {REQUIRED_VAR}=required (.ci/run installs every tool) makes this a failure",
                    pytrace=False)  # fmt: skip
    pytest.skip(message, allow_module_level=module_level)


def tool(name: str, *, module_level: bool = False) -> str:
    """The tool's path on PATH, or the test skipped (failed where tools are required)."""
    found = shutil.which(name)
    if found is None:
        missing(f"`{name}`", TOOLS.get(name, "see .ci/run"), module_level)
    return found


def module(name: str, *, module_level: bool = True) -> ModuleType:
    """The optional module, or the test (by default its whole module) skipped, failed where tools are required."""
    try:
        return importlib.import_module(name)
    except ImportError:
        top = name.split(".")[0]
        extra = MODULES.get(top, "dev")
        missing(f"the Python package {top!r}", f"pip install -e '.[{extra}]'", module_level)

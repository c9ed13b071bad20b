"""`pip install` of the project in a fresh virtualenv, through pip's isolated build (setup.py,
docs/compiled-build.md): where the core cannot be compiled (no C compiler: `CC=/bin/false`), and where the pure
build is asked for (`ENGINE_PURE=1`), the install succeeds with the pure-Python build and says so in one line,
which `python -m engine --version` repeats afterwards. With `ENGINE_INSTALL_TEST_COMPILED=1` (CI sets it) a plain
`pip install .` is also checked to give the compiled build (it compiles: about a minute more).

Slow (a virtualenv, and pip fetching the build requirements, from its cache when it can): marked `install`, so
`python3 -m pytest -m "not install"` leaves them out. Skipped, with the reason, where there is no `venv` with pip,
or pip cannot download the build requirements (no network, no package index).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("engine", "setup.py", "pyproject.toml", "README.md")
# What pip says when it cannot reach a package index, or the index lacks a build requirement.
OFFLINE = ("Could not find a version that satisfies", "No matching distribution found", "NewConnectionError",
           "Failed to establish a new connection", "Temporary failure in name resolution", "Network is unreachable",
           "ProxyError", "Max retries exceeded")  # fmt: skip


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One virtualenv for the module's installs (each install replaces the one before)."""
    where = tmp_path_factory.mktemp("venv")
    made = subprocess.run([sys.executable, "-m", "venv", str(where)], capture_output=True, text=True, timeout=300)
    if made.returncode or not (where / "bin" / "python").exists():
        pytest.skip(f"no virtualenv with pip here (python3 -m venv failed: {made.stderr.strip()[-300:]})")
    return where


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ENGINE_PURE", "PYTHONPATH", "CC")}
    return {**env, **extra}


def install(venv: Path, tmp_path: Path, **env: str) -> str:
    """`pip install -v` of a copy of this checkout's sources (no compiled module or build record), into `venv`;
    pip's output."""
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "_build.json")
            shutil.copytree(ROOT / name, src / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, src / name)
    cmd = [str(venv / "bin" / "python"), "-m", "pip", "install", "-v", "--disable-pip-version-check", str(src)]
    done = subprocess.run(cmd, cwd=tmp_path, env=_env(**env), capture_output=True, text=True, timeout=900)
    out = done.stdout + done.stderr
    if done.returncode and any(sign in out for sign in OFFLINE):
        why = next(line for line in out.splitlines() if any(sign in line for sign in OFFLINE)).strip()
        pytest.skip(f"pip could not download the build requirements (no network or package index): {why}")
    assert done.returncode == 0, out[-4000:]
    return out


def engine_says(venv: Path, tmp_path: Path) -> tuple[str, bool, list[str]]:
    """The installed engine's `--version` line, `engine.compiled()`, and the extension modules installed with it
    (run outside the copy of the sources, so that the installed package is the one imported)."""
    python = str(venv / "bin" / "python")
    version = subprocess.run([python, "-m", "engine", "--version"], cwd=tmp_path, env=_env(), capture_output=True,
                             text=True, timeout=120, check=True).stdout.strip()  # fmt: skip
    code = ("import engine, pathlib; p = pathlib.Path(engine.__file__).parent;"
            "print(engine.compiled()); print(*sorted(x.name for x in p.parent.glob('**/*.so') if 'engine' in str(x)"
            " or '__mypyc' in x.name))")  # fmt: skip
    out = subprocess.run([python, "-c", code], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()  # fmt: skip
    return version, out[0] == "True", out[1].split() if len(out) > 1 else []


def said(pip_output: str) -> list[str]:
    """The lines setup.py wrote (pip -v shows the build's output)."""
    return [line.strip() for line in pip_output.splitlines() if line.strip().startswith("damage-step-engine:")]


def test_without_a_compiler_the_install_falls_back_to_the_pure_build(venv: Path, tmp_path: Path) -> None:
    out = install(venv, tmp_path, CC="/bin/false")
    lines = said(out)
    assert len(lines) == 1, lines
    assert lines[0].startswith("damage-step-engine: installing the pure-Python build")
    assert "compiling failed: no C compiler with the Python headers (/bin/false failed" in lines[0]
    version, compiled, extensions = engine_says(venv, tmp_path)
    assert "pure Python (compiling failed: no C compiler with the Python headers (/bin/false failed" in version
    assert version.startswith("damage-step-engine 0.1.0, ")
    assert not compiled
    assert extensions == []


def test_engine_pure_installs_the_pure_build(venv: Path, tmp_path: Path) -> None:
    out = install(venv, tmp_path, ENGINE_PURE="1")
    assert said(out) == ["damage-step-engine: installing the pure-Python build (ENGINE_PURE=1)"]
    assert "py3-none-any.whl" in out  # a pure wheel: nothing of this platform in it
    version, compiled, extensions = engine_says(venv, tmp_path)
    assert "pure Python (ENGINE_PURE=1 at install)" in version
    assert not compiled
    assert extensions == []


@pytest.mark.skipif(
    os.environ.get("ENGINE_INSTALL_TEST_COMPILED") != "1",
    reason="compiles the core (about a minute): set ENGINE_INSTALL_TEST_COMPILED=1 (CI does)",
)
def test_a_plain_install_is_the_compiled_build(venv: Path, tmp_path: Path) -> None:
    out = install(venv, tmp_path)
    lines = said(out)
    assert len(lines) == 1
    assert re.fullmatch(r"damage-step-engine: compiled the core with mypyc \(\d+ modules\)", lines[0])
    version, compiled, extensions = engine_says(venv, tmp_path)
    assert ", compiled with mypyc, at " in version
    assert compiled
    assert "chain.cpython" in " ".join(extensions)
    assert any("__mypyc" in name for name in extensions)

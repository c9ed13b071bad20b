"""Which build `import engine` runs (engine/_mypyc.py, docs/compiled-build.md), on a copy of the package with a
stand-in for a compiled module: an editable compiled build whose module's source was edited since it was compiled
runs the pure-Python modules with a one-line warning; so does one whose mypyc library is missing; `ENGINE_PURE=1`
runs them silently; a fresh build's compiled module is the one imported.

The stand-in `engine/chain.<suffix>` is not a real extension module: importing it fails, which is how a test sees
that it would have been imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_COPIED = shutil.ignore_patterns("*.so", "__pycache__", "_build.json")
PROBE = "import engine; print(engine.compiled()); from engine.cli import version; print(version())"


def editable_copy(tmp_path: Path, chain_hash: str | None = None, library: str = "engine_test__mypyc") -> Path:
    """A copy of the package as an editable compiled build would leave it: a compiled `engine.chain` beside its
    source, and the record, which holds `chain_hash` as that source's hash (the real one if None)."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=NOT_COPIED)
    source = tmp_path / "engine" / "chain.py"
    (tmp_path / "engine" / f"chain{EXTENSION_SUFFIXES[0]}").write_bytes(b"not really a compiled module")
    digest = chain_hash or hashlib.sha256(source.read_bytes()).hexdigest()
    record = {"build": "compiled", "reason": None, "editable": True, "sources": {"engine/chain.py": digest},
              "library": library}  # fmt: skip
    (tmp_path / "engine" / "_build.json").write_text(json.dumps(record))
    return tmp_path


def run(where: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k != "ENGINE_PURE"} | {"PYTHONPATH": str(where), **env}
    return subprocess.run([sys.executable, "-c", PROBE], cwd=where, env=full, capture_output=True, text=True,
                          timeout=120)  # fmt: skip


def test_an_edited_source_runs_the_pure_modules_with_one_line_of_warning(tmp_path: Path) -> None:
    where = editable_copy(tmp_path, chain_hash="0" * 64)
    done = run(where)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "engine: the compiled modules are older than their sources (engine/chain.py edited since the build): running"
        " the pure-Python modules (pip install -e . recompiles them; ENGINE_PURE=1 silences this)"
    ]
    compiled, version = done.stdout.splitlines()
    assert compiled == "False"
    assert "pure Python (the compiled modules are older than their sources (engine/chain.py edited" in version


def test_a_fresh_build_imports_its_compiled_module(tmp_path: Path) -> None:
    where = editable_copy(tmp_path)
    (where / "engine_test__mypyc.py").write_text("")  # the library is found
    done = run(where)
    assert done.returncode != 0
    assert f"chain{EXTENSION_SUFFIXES[0]}" in done.stderr  # the stand-in was loaded, and refused by the loader
    assert "older than their sources" not in done.stderr


def test_a_missing_library_runs_the_pure_modules(tmp_path: Path) -> None:
    done = run(editable_copy(tmp_path, library="no_such_library__mypyc"))
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "engine: the compiled modules' library no_such_library__mypyc is not on sys.path: running the pure-Python"
        " modules (pip install -e . recompiles them; ENGINE_PURE=1 silences this)"
    ]
    assert done.stdout.splitlines()[0] == "False"


def test_engine_pure_at_run_time_runs_the_pure_modules_silently(tmp_path: Path) -> None:
    done = run(editable_copy(tmp_path), ENGINE_PURE="1")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    compiled, version = done.stdout.splitlines()
    assert compiled == "False"
    assert "pure Python (ENGINE_PURE=1 at run time)" in version


def test_a_pure_install_says_why(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=NOT_COPIED)
    record = {"build": "pure", "reason": "compiling failed: no C compiler with the Python headers (cc failed)",
              "editable": False}  # fmt: skip
    (tmp_path / "engine" / "_build.json").write_text(json.dumps(record))
    done = run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    version = done.stdout.splitlines()[1]
    assert "pure Python (compiling failed: no C compiler with the Python headers (cc failed))" in version

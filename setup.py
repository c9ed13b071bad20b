"""Build hook: the mypyc-compiled core by default, the pure-Python package where it cannot be built.

pyproject.toml holds the metadata and the build requirements (setuptools >= 70.1, mypy, which ships
mypyc, and the engine's typed dependencies, which mypyc reads). Every `pip install` of the project,
editable or not, in pip's isolated build, goes through this file:

    python3 -m pip install -e '.[dev]'          # compiled if it can be: the .so files beside the sources
    python3 -m pip install .                    # compiled if it can be: an installed wheel
    ENGINE_PURE=1 python3 -m pip install -e .   # the pure-Python build (no compiler needed)
    python3 setup.py build_ext --inplace        # compile in place with this environment's mypy (benchmarks/builds.py)

The build compiles the modules of COMPILED with mypyc when it can. First it checks that a C compiler
(`CC`, or Python's own) builds an extension against the Python headers (a fraction of a second); if not,
or if mypyc or the compiler fails later, it builds the pure-Python package instead and says so in one
line on stderr (`pip install -v` shows it), never failing the install. Each build leaves a record,
`engine/_build.json` (beside the sources in an editable install, else in the wheel): which build, why
a pure one, and for an editable compiled build the hash of each compiled module's source, from which
`import engine` detects a module edited since it was compiled and then imports the pure-Python
modules instead, with a one-line warning (engine/_mypyc.py). `python3 -m engine --version` and
`engine.compiled()` say which build runs. docs/compiled-build.md has the details.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# The core a playout runs through, in layer order (docs/design.md). Left interpreted, and why
# (docs/compiled-build.md): machine.py (Duel must be a plain class for transitions, pickling and clone's
# Duel.__new__; the fast executor's loop it runs is in dispatch.py, compiled), values/params.py (a dict
# subclass with method aliases), and the host-side modules (scenario, cli, ...).
COMPILED = [
    "engine/values/enums.py",
    "engine/values/game.py",
    "engine/values/frozen.py",
    "engine/values/battle.py",
    "engine/values/effects.py",
    "engine/values/events.py",
    "engine/values/decisions.py",
    "engine/values/canonical.py",
    "engine/state.py",
    "engine/windows.py",
    "engine/effects.py",
    "engine/rules/attack.py",
    "engine/rules/battle.py",
    "engine/rules/calculation.py",
    "engine/rules/cards.py",
    "engine/rules/destruction.py",
    "engine/rules/effect_damage.py",
    "engine/rules/last_known.py",
    "engine/rules/leaving.py",
    "engine/rules/legality.py",
    "engine/rules/levels.py",
    "engine/rules/locks.py",
    "engine/rules/modifiers.py",
    "engine/rules/rounding.py",
    "engine/rules/stats.py",
    "engine/rules/targeting.py",
    "engine/rules/this_turn.py",
    "engine/rules/tokens.py",
    "engine/rules/triggers.py",
    "engine/rules/unaffected.py",
    "engine/rules/zones.py",
    "engine/actions.py",
    "engine/checks.py",
    "engine/resolution.py",
    "engine/chain.py",
    "engine/library/__init__.py",
    "engine/library/card_pieces.py",
    "engine/library/conditions.py",
    "engine/library/continuous.py",
    "engine/library/costs.py",
    "engine/library/filters.py",
    "engine/library/hands.py",
    "engine/library/lasting.py",
    "engine/library/levels.py",
    "engine/library/locks.py",
    "engine/library/moved.py",
    "engine/library/activation_facts.py",
    "engine/library/only_if.py",
    "engine/library/ops.py",
    "engine/library/refs.py",
    "engine/library/sequence.py",
    "engine/library/targets.py",
    "engine/library/tokens.py",
    "engine/library/counters.py",
    "engine/library/event_cards.py",
    "engine/library/redirects.py",
    "engine/library/relative_filters.py",
    "engine/library/stat_groups.py",
    "engine/library/trap_monsters.py",
    "engine/library/chain_locks.py",
    "engine/battle_step.py",
    "engine/steps.py",
    "engine/turns.py",
    "engine/agents.py",
    "engine/dispatch.py",
    "engine/search.py",
]
RECORD = "engine/_build.json"  # read by engine/_mypyc.py
# The C compiler's optimisation level, and no debugging information (-g0): the install's time is mostly the C
# compiler on mypyc's one large C file. -O2 spends about 12% less than mypyc's default -O3 and runs the playout
# path as fast; -O1 spends less again but runs it about 2x slower; separate compilation spends more; -g buys
# nothing at run time (docs/speed.md has the measurements). A parallel build_ext (one job per core) compiles the
# modules' small shims beside the large file.
OPT_LEVEL = "2"
PURE = os.environ.get("ENGINE_PURE") == "1"
# Stands for the compiled modules until build_ext runs and asks mypyc for them (or drops them), so that mypy
# runs once per build, in the build itself, not each time pip loads this file (for metadata, requirements).
PENDING = Extension("engine._mypyc_pending", sources=[])


def say(message: str) -> None:
    print(f"damage-step-engine: {message}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def captured() -> Iterator[list[str]]:
    """Standard output and error, file descriptors included (a compiler's messages), gathered into the list."""
    lines: list[str] = []
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile("w+b") as out:
        os.dup2(out.fileno(), 1)
        os.dup2(out.fileno(), 2)
        try:
            yield lines
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            out.seek(0)
            lines.extend(out.read().decode(errors="replace").splitlines())


def first_line(error: BaseException, output: list[str]) -> str:
    """The one line that says why: the error in short (a failed command by its program and status), with the
    first line of the output that names an error (the compiler's, mypy's)."""
    said = next((line.strip() for line in output if "error" in line.lower()), "")
    text = f"exit status {error.code}" if isinstance(error, SystemExit) else str(error).strip()
    command = re.search(r"[Cc]ommand '\[?'?([^' ,\]]+).*?(?:status|code) (\d+)", text)
    if command:
        text = f"{command[1]} failed with exit status {command[2]}"
    text = (text.splitlines() or [type(error).__name__])[0]
    return f"{text}: {said}" if said and said not in text else text


def compiler_problem(compiler_type: str | None) -> str | None:
    """Why no extension module can be built here (the C compiler, `CC` if set, or the Python headers), or None."""
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler

    paths = sysconfig.get_paths()
    with tempfile.TemporaryDirectory(prefix="engine-probe-") as tmp, captured() as output:
        source = Path(tmp, "probe.c")
        source.write_text("#include <Python.h>\nint engine_probe(void) { return Py_IsInitialized(); }\n")
        try:
            cc: Any = new_compiler(compiler=compiler_type)
            customize_compiler(cc)
            objects = cc.compile([str(source)], output_dir=tmp, include_dirs=[paths["include"], paths["platinclude"]])
            cc.link_shared_object(objects, str(Path(tmp, "probe.so")))
        except Exception as e:  # CompileError, LinkError, a missing compiler...
            problem: BaseException = e
        else:
            return None
    return f"compiling failed: no C compiler with the Python headers ({first_line(problem, output)})"


def source_hashes() -> dict[str, str]:
    return {path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in COMPILED}


def is_built_module(path: Path) -> bool:
    """An extension module mypyc builds: a compiled module of COMPILED, or its top-level shared library."""
    name = next((path.name[: -len(s)] for s in EXTENSION_SUFFIXES if path.name.endswith(s)), None)
    return name is not None and ("__mypyc" in name or path.with_name(name + ".py").exists())


def remove_built_modules(top: Path) -> None:
    """Delete what a compiled build put under `top` (the source tree or a wheel's build dir): a pure build
    must import no compiled module, not even one left from an earlier build."""
    for path in [*top.glob("*__mypyc*"), *(top / "engine").rglob("*")]:
        if path.is_file() and is_built_module(path):
            path.unlink()


def write_record(top: Path, build: str, reason: str | None, editable: bool, compiled: dict[str, Any] | None) -> None:
    record: dict[str, Any] = {"build": build, "reason": reason, "editable": editable, **(compiled or {})}
    (top / RECORD).parent.mkdir(parents=True, exist_ok=True)
    (top / RECORD).write_text(json.dumps(record, indent=1) + "\n")


class BuildPy(build_py):
    """The pure build asked for (ENGINE_PURE=1: build_ext does not run): record it, and in an editable
    install remove any compiled module an earlier build left beside the sources."""

    def run(self) -> None:
        super().run()
        if PURE:
            editable = bool(getattr(self, "editable_mode", False))
            top = ROOT if editable else Path(self.build_lib)
            if editable:
                remove_built_modules(ROOT)
            write_record(top, "pure", "ENGINE_PURE=1 at install", editable, None)
            say("installing the pure-Python build (ENGINE_PURE=1)")


class BuildExt(build_ext):
    """Compile COMPILED with mypyc, or fall back to the pure-Python build, saying why in one line."""

    reason: str | None = None  # why the build is pure, once decided
    compiled: dict[str, Any] | None = None  # the record of what mypyc compiles: each source's hash, its library

    def finalize_options(self) -> None:
        if self.distribution.ext_modules and self.distribution.ext_modules[0] is PENDING:
            self.distribution.ext_modules = self.mypyc_extensions()
        super().finalize_options()
        if self.parallel is None:  # one job per core unless asked otherwise (build_ext -j N)
            self.parallel = os.cpu_count() or 1

    def mypyc_extensions(self) -> list[Extension]:
        if "sdist" in self.distribution.commands:  # an sdist ships the sources only
            return []
        self.reason = compiler_problem(self.compiler if isinstance(self.compiler, str) else None)
        if self.reason is not None:
            return []
        try:
            from mypyc.build import mypycify
        except ImportError as e:
            self.reason = f"compiling failed: mypyc is not installed ({e})"
            return []
        hashes = source_hashes()
        target = os.path.join("build", "mypyc")
        try:
            with captured() as output:
                extensions: list[Extension] = mypycify(
                    COMPILED, opt_level=OPT_LEVEL, debug_level="0", target_dir=target
                )
        except (Exception, SystemExit) as e:
            self.reason = f"compiling failed: mypyc refused the sources ({first_line(e, output)})"
            return []
        self.compiled = {"sources": hashes, "library": next((e.name for e in extensions if "__mypyc" in e.name), None)}
        return extensions

    def run(self) -> None:
        editable = bool(self.inplace or getattr(self, "editable_mode", False))
        if editable:  # the sources are imported where they are: no compiled module of an earlier build stays
            remove_built_modules(ROOT)
        if self.reason is None and self.extensions:
            try:
                super().run()
            except (Exception, SystemExit) as e:
                self.reason = f"compiling failed: the C compiler failed ({first_line(e, [])})"
                remove_built_modules(Path(self.build_lib))  # none of a partial build goes into the wheel
        elif self.reason is None:
            self.reason = "nothing to compile"
        top = ROOT if editable else Path(self.build_lib)
        if self.reason is None:
            write_record(top, "compiled", None, editable, self.compiled)
            say(f"compiled the core with mypyc ({len(COMPILED)} modules)")
        else:
            write_record(top, "pure", self.reason, editable, None)
            say(f"installing the pure-Python build, about 4x slower ({self.reason}; docs/compiled-build.md)")


setup(ext_modules=[] if PURE else [PENDING], cmdclass={"build_py": BuildPy, "build_ext": BuildExt})

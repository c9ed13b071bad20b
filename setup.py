"""Build hook for the optional mypyc-compiled core (pyproject.toml holds all the metadata).

By default this builds the pure-Python package and needs no compiler. With ENGINE_COMPILE=1 the
hot modules below are compiled with mypyc (needs mypy, which ships mypyc, a C compiler and the
Python headers; at run time only the built extension modules are needed):

    ENGINE_COMPILE=1 python setup.py build_ext --inplace             # in a checkout: .so files beside the sources
    ENGINE_COMPILE=1 python -m pip install --no-build-isolation .    # installed (needs setuptools >= 70.1)

Remove the .so files (`find engine -name '*.so' -delete; rm -rf build ./*__mypyc*.so`) to go back to the
interpreted build; `engine.compiled()` says which one is imported (docs/compiled-build.md).
"""

from __future__ import annotations

import os

from setuptools import setup

# The core a playout runs through, in layer order (docs/design.md). Left interpreted, and why
# (docs/compiled-build.md): machine.py (Duel must be a plain class for transitions, pickling and clone's
# Duel.__new__; the fast executor's loop it runs is in dispatch.py, compiled), values/params.py (a dict
# subclass with method aliases), and the host-side modules (scenario, cli, ...).
COMPILED = [
    "engine/values/enums.py",
    "engine/values/game.py",
    "engine/values/frozen.py",
    "engine/values/effects.py",
    "engine/values/events.py",
    "engine/values/decisions.py",
    "engine/state.py",
    "engine/effects.py",
    "engine/rules/attack.py",
    "engine/rules/battle.py",
    "engine/rules/calculation.py",
    "engine/rules/destruction.py",
    "engine/rules/legality.py",
    "engine/rules/modifiers.py",
    "engine/rules/rounding.py",
    "engine/rules/stats.py",
    "engine/rules/triggers.py",
    "engine/actions.py",
    "engine/checks.py",
    "engine/chain.py",
    "engine/library/__init__.py",
    "engine/library/continuous.py",
    "engine/library/costs.py",
    "engine/library/filters.py",
    "engine/library/ops.py",
    "engine/battle_step.py",
    "engine/steps.py",
    "engine/turns.py",
    "engine/agents.py",
    "engine/dispatch.py",
]

ext_modules = []
if os.environ.get("ENGINE_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)

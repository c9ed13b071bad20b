"""The engine a benchmark measures: this checkout's, whatever else is installed, and which build it is.

Imported by every benchmark before the engine: it puts the checkout holding this file first on `sys.path`, so
`python3 benchmarks/bench.py` measures the `engine/` beside it (with the compiled modules an in-place or
editable build put there, and their top-level mypyc library, which sits in the checkout too), never another
copy installed elsewhere, and needs no `PYTHONPATH`. `build()` says which build that is, for the report.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path[:1] != [str(ROOT)]:
    sys.path.insert(0, str(ROOT))


def build() -> dict[str, str]:
    """"compiled" or "pure", in words (with why, for a pure one: engine.cli's `--version`), and where from."""
    import engine
    from engine._mypyc import build_info

    where = Path(engine.__file__).resolve().parent
    return {"build": "compiled" if engine.compiled() else "pure", "build_info": build_info(), "engine": str(where)}


def build_line() -> str:
    b = build()
    return f"build: {b['build_info']}; engine: {b['engine']}"

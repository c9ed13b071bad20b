"""The scenario loader's speed, before and after it moved onto msgspec (docs/loader-evaluation.md).

    python benchmarks/loader.py [--quick]

Loads every record of tests/rules/*.jsonl, and a file of 10,000 of them repeated (as
tests/test_scenario_validation.py::test_jsonl_speed builds it), with `iter_jsonl` of this loader and of
the loader before it (engine/scenario.py at commit 24325c1, read from git and imported from a temporary
directory in this same run). Both get the library cards of engine/cards, as `engine.load_scenarios` does.
Figures are µs per record (the best of several passes, the loaders taking turns, garbage collection off
as in timeit), as ratios to each other and to `json.loads` of the same lines measured in the same run: the
machine's speed cancels out of the ratios, not out of the µs. No test asserts on time.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import checkout

import engine.scenario
from engine.cards import library

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "24325c1"  # the last commit of the hand-written loader


def old_loader(tmp: Path) -> ModuleType | None:
    """engine/scenario.py as it was at BEFORE, imported as its own module (None without git)."""
    try:
        source = subprocess.run(["git", "show", f"{BEFORE}:engine/scenario.py"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"(no loader of {BEFORE} to compare with: {e})", file=sys.stderr)
        return None
    path = tmp / "scenario_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("scenario_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs resolves the module's annotations through sys.modules
    spec.loader.exec_module(module)
    return module


def count(scenarios: Iterable[Any]) -> int:
    return sum(1 for _ in scenarios)


def measure(path: Path, records: int, loaders: dict[str, Callable[[Path], Iterable[Any]]], passes: int) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    fns: dict[str, Callable[[], object]] = {"json.loads": lambda: count(json.loads(x) for x in lines if x.strip())}
    fns |= {name: lambda load=load: count(load(path)) for name, load in loaders.items()}
    for name, load in loaders.items():
        assert count(load(path)) == records, name
    times: dict[str, float] = dict.fromkeys(fns, float("inf"))
    for _ in range(passes):  # the loaders take turns, so that a busy moment hits all of them
        for name, fn in fns.items():
            gc.collect()
            gc.disable()  # as timeit does
            t = time.perf_counter()
            fn()
            times[name] = min(times[name], time.perf_counter() - t)
            gc.enable()
    us = {name: t / records * 1e6 for name, t in times.items()}
    print(f"\n{path.name}: {records} records, best of {passes} passes")
    print(f"{'':16} {'µs/record':>10} {'× json.loads':>13}")
    for name, v in us.items():
        print(f"{name:16} {v:>10.1f} {v / us['json.loads']:>13.2f}")
    if "before" in us and "after" in us:
        print(f"{'after / before':16} {us['after'] / us['before']:>10.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer passes and a 2,000-record file (smoke run)")
    args = ap.parse_args()
    big_records, passes, big_passes = (2_000, 3, 2) if args.quick else (10_000, 20, 5)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        before = old_loader(tmp)
        cards = library()
        loaders: dict[str, Callable[[Path], Iterable[Any]]] = {}
        if before is not None:
            loaders["before"] = before.iter_jsonl  # it imports engine.cards itself, for a card naming one
        loaders["after"] = lambda p: engine.scenario.iter_jsonl(p, library=cards)
        lines = [x for f in sorted((ROOT / "tests" / "rules").glob("*.jsonl"))
                 for x in f.read_text(encoding="utf-8").splitlines() if x.strip()]  # fmt: skip
        corpus = tmp / "corpus.jsonl"
        corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
        big = tmp / "big.jsonl"
        big.write_text("\n".join(lines[i % len(lines)] for i in range(big_records)) + "\n", encoding="utf-8")
        print(f"python {sys.version.split()[0]}, msgspec {importlib.metadata.version('msgspec')}")
        print(checkout.build_line())
        measure(corpus, len(lines), loaders, passes)
        measure(big, big_records, loaders, big_passes)


if __name__ == "__main__":
    main()

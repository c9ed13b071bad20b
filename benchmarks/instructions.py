"""Instruction counts per unit of work, which a loaded machine does not change (issue 39).

Runs one unit of `bench.py`'s search-API figures `count` times under callgrind; the count per unit is the difference
between two runs of different lengths divided by the difference in units, so Python's start-up and the imports drop
out:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benchmarks/instructions.py vanilla 100
    (the same with 1100; per game = (I(1100) - I(100)) / 1000)

or, doing both runs and the division: `python3 benchmarks/instructions.py --measure [vanilla|step|clone|snapshot]`;
where they go, by function (each function's own instructions, the same difference per unit, the top `top` and the
totals of a few groups: the engine's compiled code, the interpreter's loop, memory, ...):
`python3 benchmarks/instructions.py --profile vanilla [top]`.
Units: `vanilla` a vanilla one-battle game through the search API (`new_initial_state()` to terminal); `step` one
decision step of random playouts of the 3-trigger battle through it (`legal_actions()` + `apply_action()`: the count
printed is of decisions, the unit); `clone` `BattleState.clone()` at its first decision point (made and freed);
`snapshot` the `Duel`'s snapshot (`GameState.checkpoint` and the context's bookkeeping) at that point; `floor` the
plain-Python floor of the vanilla game (`floor.py`: the same battle with no engine, never compiled).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

UNITS = ("vanilla", "step", "clone", "snapshot", "floor")


def run(unit: str, count: int) -> int:
    """Do `count` units (after one of each, to warm up); return how many units were done."""
    from bench import THREE_TRIGGERS, VANILLA, search_playouts

    from engine.search import BattleGame

    if unit == "floor":
        from floor import vanilla_game

        vanilla_game()
        for _ in range(count):
            vanilla_game()
        return count
    if unit == "vanilla":
        game = BattleGame(VANILLA)
        game.new_initial_state()
        for _ in range(count):
            game.new_initial_state()
        return count
    three = BattleGame(THREE_TRIGGERS)
    if unit == "step":
        search_playouts(three, 1, seed=7)
        return search_playouts(three, count, seed=7)
    at = three.new_initial_state()
    one = at.clone if unit == "clone" else at.duel._snapshot
    one()
    for _ in range(count):
        one()
    return count


def measure(unit: str, short: int = 100, long: int = 1100) -> float:
    """Instructions per unit: two callgrind runs, their difference over the difference in units."""
    counts, units = [], []
    for n in (short, long):
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, unit, str(n)],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", out.stderr)
        assert found is not None, out.stderr[-2000:]
        counts.append(int(found.group(1)))
        units.append(int(out.stdout.split()[-1]))
    return (counts[1] - counts[0]) / (units[1] - units[0])


# The groups of `--profile`: the first whose pattern the function's name (with its file and object) matches.
GROUPS: tuple[tuple[str, str, str], ...] = (
    ("engine", "the engine's compiled code (mypyc: its functions and runtime)", r"__mypyc|CPyDef_|CPyPy_|CPy"),
    ("memory", "memory: allocating, freeing, reference counts, the cycle GC",
     r"obmalloc\.c|gcmodule\.c|[Dd]ealloc|malloc|free|clear_slots|subtype_clear|GenericAlloc|_PyObject_GC_|Object_Init"),
    ("interpreter", "the interpreter: its loop and frames (interpreted code)", r"ceval\.c|frame\.c|_PyEval|_PyFrame"),
    ("C API", "calls, arguments, attribute and dict lookups (the C API)",
     r"call\.c|getargs\.c|abstract\.c|/object\.c|descrobject\.c|methodobject\.c|typeobject\.c|dictobject\.c"
     r"|classobject\.c|funcobject\.c|unicodeobject\.c|[Vv]ectorcall"),
    ("builtins", "the builtin types' own work (tuples, lists, ints, enums, builtins)",
     r"tupleobject\.c|listobject\.c|longobject\.c|boolobject\.c|sliceobject\.c|enumobject\.c|bltinmodule\.c"),
)  # fmt: skip


def _self_costs(unit: str, n: int) -> tuple[dict[str, int], int]:
    """Each function's own instructions in a run of `n` units (callgrind_annotate), and the units done."""
    with tempfile.TemporaryDirectory() as tmp:
        out_file = os.path.join(tmp, "callgrind.out")
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", sys.executable, __file__, unit,
             str(n)],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # fmt: skip
        report = subprocess.run(
            ["callgrind_annotate", "--threshold=100", "--auto=no", "--show-percs=no", out_file],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    costs: dict[str, int] = {}
    for line in report.splitlines():
        found = re.match(r"\s*([\d,]+)\s+(\S.*)$", line)
        if found and ":" in found.group(2) and not found.group(2).startswith("PROGRAM TOTALS"):
            name = found.group(2).strip()
            costs[name] = costs.get(name, 0) + int(found.group(1).replace(",", ""))
    return costs, int(out.stdout.split()[-1])


def profile(unit: str, top: int = 15, short: int = 100, long: int = 1100) -> None:
    """Print where a unit's instructions go: the functions that spend the most of them themselves (per unit: the
    difference between two runs, as `measure`), then the totals by group (`GROUPS`)."""
    (a, na), (b, nb) = _self_costs(unit, short), _self_costs(unit, long)
    per = {k: (b.get(k, 0) - a.get(k, 0)) / (nb - na) for k in set(a) | set(b)}
    total = sum(per.values())
    print(f"{unit}: {total:,.0f} instructions per unit; the top {top} functions by their own instructions:")
    for name, v in sorted(per.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {v:>9,.0f}  {v / total:6.1%}  {_group(name):<11}  {_short(name)}")
    groups: dict[str, float] = {}
    for name, v in per.items():
        groups[_group(name)] = groups.get(_group(name), 0.0) + v
    described = {label: what for label, what, _ in GROUPS}
    print("by group:")
    for label, v in sorted(groups.items(), key=lambda kv: -kv[1]):
        print(f"  {v:>9,.0f}  {v / total:6.1%}  {described.get(label, 'everything else')}")


def _short(name: str) -> str:
    """`file.c:function [object]` without the directories."""
    return re.sub(r"[^ \[]*/", "", name)[:100]


def _group(name: str) -> str:
    """The label of the group of a function (`GROUPS`), or "other"."""
    return next((label for label, _, pattern in GROUPS if re.search(pattern, name)), "other")


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--profile":
        profile(args[1] if len(args) > 1 else "vanilla", int(args[2]) if len(args) > 2 else 15)
        return
    if args and args[0] == "--measure":
        import engine

        build = "compiled" if engine.compiled() else "interpreted"
        for unit in args[1:] or UNITS:
            print(f"{unit}: {measure(unit):,.0f} instructions per unit ({build} build)", flush=True)
        return
    print(run(args[0], int(args[1])))


if __name__ == "__main__":
    main()

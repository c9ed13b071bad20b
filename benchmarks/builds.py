"""The playout path in both builds, side by side: interpreted and compiled with mypyc (issue 8).

    python benchmarks/builds.py [--quick] [--rounds N] [--json]

Copies this checkout's `engine/`, `benchmarks/`, `setup.py`, `pyproject.toml` and `README.md` to a temporary
directory, compiles the core there (`ENGINE_COMPILE=1 setup.py build_ext --inplace`: needs mypy and a
C compiler, docs/compiled-build.md), then runs `benchmarks/bench.py --json` against each build in
turn, `--rounds` times, alternating, and keeps each figure's best (these machines are noisy; running
the builds alternately means a busy moment hurts both). Each build's figures are also given as
ratios to its own baseline, measured in the same run; "reference" is a pure-Python loop that is
never compiled, so it shows whether the machine was as fast for both builds, and the speed-up
column compares the builds' times per reference loop, which corrects for that.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Issue 8's targets (µs, or per second), and the reference C++ engine's figures the issue quotes
# (EDOPro's ocgcore, measured elsewhere: it is not run here).
TARGETS = {
    "vanilla Damage Step, record=False (the playout path)": "≤ 10 (ocgcore 78)",
    "one-link chain Damage Step, record=False": "≤ 25 (ocgcore 138)",
    "one decision step, 3 triggers + 2-link chain (random playouts)": "≤ 5",
    "Duel.clone() at a decision point": "≤ 2",
    "decisions per second, random playouts of the 3-trigger battle (one core)": "≥ 200,000",
    "deepcopy / Duel.clone": "≥ 50",
}
HIGHER_IS_BETTER = ("per second", "deepcopy / ")
REFERENCE = "reference: 1,000 integer additions in a Python loop"
NO_SPEED_UP = ("bytes per", "deepcopy / ", REFERENCE)  # figures a build's speed does not apply to


def compiled_copy(into: Path) -> Path:
    """A copy of the checkout with the core compiled in place."""
    for name in ("engine", "benchmarks"):
        shutil.copytree(ROOT / name, into / name, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, into / name)
    env = {**os.environ, "ENGINE_COMPILE": "1"}
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=into, env=env,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        sys.exit(f"the compiled build failed (docs/compiled-build.md):\n{done.stderr[-3000:]}")
    return into


def bench(where: Path, quick: bool) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(where)}
    cmd = [sys.executable, str(where / "benchmarks" / "bench.py"), "--json", *(["--quick"] if quick else [])]
    out = subprocess.run(cmd, cwd=where, env=env, capture_output=True, text=True, check=True).stdout
    figures: dict[str, Any] = json.loads(out)
    return figures


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per figure, the best of the runs (lowest time; highest rate); a time's ratios are those of the
    run it comes from (to that run's baseline and to its reference loop)."""
    us, ratio, per_ref = {}, {}, {}
    for k in runs[0]["us_per_op"]:
        run = min(runs, key=lambda r: r["us_per_op"][k])
        us[k], ratio[k] = run["us_per_op"][k], run["ratio_to_baseline"][k]
        per_ref[k] = run["us_per_op"][k] / run["us_per_op"][REFERENCE]
    other = {
        k: (max if any(h in k for h in HIGHER_IS_BETTER) else min)(r["other"][k] for r in runs)
        for k in runs[0]["other"]
    }
    return {"build": runs[0]["build"], "us_per_op": us, "ratio_to_baseline": ratio, "per_reference": per_ref,
            "other": other}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer iterations (smoke run)")
    ap.add_argument("--rounds", type=int, default=2, help="runs of each build, alternated (default 2)")
    ap.add_argument("--json", action="store_true", help="print both builds' figures as one JSON object")
    args = ap.parse_args()
    if any(ROOT.glob("engine/**/*.so")):
        sys.exit("this checkout holds a compiled build (.so files): remove them first (docs/compiled-build.md)")
    with tempfile.TemporaryDirectory(prefix="engine-compiled-") as tmp:
        comp_dir = compiled_copy(Path(tmp))
        runs: dict[str, list[dict[str, Any]]] = {"interpreted": [], "compiled": []}
        for _ in range(args.rounds):
            runs["interpreted"].append(bench(ROOT, args.quick))
            runs["compiled"].append(bench(comp_dir, args.quick))
    builds = {name: best(r) for name, r in runs.items()}
    for name, want in (("interpreted", "interpreted"), ("compiled", "compiled (mypyc)")):
        if builds[name]["build"] != want:
            sys.exit(f"the {name} run imported the {builds[name]['build']} build: remove stray .so files")
    if args.json:
        print(json.dumps(builds, indent=2))
        return
    interp, comp = builds["interpreted"], builds["compiled"]
    names = [*interp["us_per_op"], *interp["other"]]
    width = max(len(k) for k in names)
    head = f"{'interpreted':>11}  {'×base':>6}  {'compiled':>10}  {'×base':>6}  {'speed-up':>8}"
    print(f"{'measure':<{width}}  {head}  target")
    for k, v in interp["us_per_op"].items():
        c = comp["us_per_op"][k]
        gain = "" if k in NO_SPEED_UP else f"{interp['per_reference'][k] / comp['per_reference'][k]:.2f}×"
        print(f"{k:<{width}}  {v:>11.2f}  {interp['ratio_to_baseline'][k]:>6.1f}  {c:>10.2f}  "
              f"{comp['ratio_to_baseline'][k]:>6.1f}  {gain:>8}  {TARGETS.get(k, '')}")  # fmt: skip
    for k, v in interp["other"].items():
        c = comp["other"][k]
        gain = "" if any(n in k for n in NO_SPEED_UP) else f"{(c / v if 'per second' in k else v / c):.2f}×"
        print(f"{k:<{width}}  {v:>11,.0f}  {'':>6}  {c:>10,.0f}  {'':>6}  {gain:>8}  {TARGETS.get(k, '')}")
    print("µs per operation (CPU time, best of each build's runs); ×base: that run's ratio to its own pure damage"
          " calculation (itself compiled in the compiled build, so compare builds by µs); speed-up: the ratio"
          " of µs per reference loop, which corrects for the machine's speed in each run (rates: raw ratio)")


if __name__ == "__main__":
    main()

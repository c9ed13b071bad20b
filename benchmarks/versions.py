"""The playout path at an earlier commit and now, side by side in one run (issues 20 and 21).

    python benchmarks/versions.py [--before REV] [--rounds N] [--quick] [--json]

Extracts `engine/` and `benchmarks/` of REV (default `24325c1`, the last commit before the layers and the
Battle Phase) into a temporary directory with `git archive`, and runs each version's own `benchmarks/bench.py
--json` against its own engine, `--rounds` times, alternating (a busy moment of these shared machines hurts both),
keeping each figure's best. Each version's figures are also ratios to its own baseline (pure damage calculation)
and to its own reference loop (a pure-Python loop no change touches), measured in the same run: the "now / before"
column compares times per reference loop, which corrects for how fast the machine was for each. Both are measured
interpreted: this checkout with `ENGINE_PURE=1`, whatever build it holds (`benchmarks/builds.py` compares the builds).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from builds import bench  # one way to run a version's bench.py: beside this script

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = "reference: 1,000 integer additions in a Python loop"
HIGHER_IS_BETTER = ("per second", "deepcopy / ")


def extract(rev: str, into: Path) -> Path:
    """`engine/` and `benchmarks/` as they were at `rev`."""
    archive = subprocess.run(["git", "archive", rev, "engine", "benchmarks"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per time, the best run's time and its ratios (to that run's baseline and reference loop)."""
    out: dict[str, Any] = {}
    for k in runs[0]["us_per_op"]:
        run = min(runs, key=lambda r: r["us_per_op"][k])
        out[k] = {"us": run["us_per_op"][k], "x_baseline": run["ratio_to_baseline"][k],
                  "per_reference": run["us_per_op"][k] / run["us_per_op"][REFERENCE]}  # fmt: skip
    for k in runs[0]["other"]:
        pick = max if any(h in k for h in HIGHER_IS_BETTER) else min
        out[k] = {"value": pick(r["other"][k] for r in runs)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", default="24325c1", help="the earlier commit (default 24325c1)")
    ap.add_argument("--rounds", type=int, default=2, help="runs of each version, alternated (default 2)")
    ap.add_argument("--quick", action="store_true", help="fewer iterations (smoke run)")
    ap.add_argument("--json", action="store_true", help="print both versions' figures as one JSON object")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before_dir = extract(args.before, Path(tmp))
        runs: dict[str, list[dict[str, Any]]] = {"before": [], "now": []}
        for _ in range(args.rounds):
            runs["before"].append(bench(before_dir, args.quick, pure=True))
            runs["now"].append(bench(ROOT, args.quick, pure=True))
    figures = {name: best(r) for name, r in runs.items()}
    if args.json:
        print(json.dumps({"before": args.before, **figures}, indent=2))
        return
    before, now = figures["before"], figures["now"]
    width = max(len(k) for k in now)
    print(f"before: {args.before}; now: this checkout; best of {args.rounds} alternated runs each (interpreted)")
    print(f"{'measure':<{width}}  {'before µs':>10} {'× base':>7}  {'now µs':>10} {'× base':>7}  {'now/before':>10}")
    for k, v in now.items():
        if "us" not in v:
            continue
        if k not in before:
            print(f"{k:<{width}}  {'(new)':>10} {'':>7}  {v['us']:>10.2f} {v['x_baseline']:>7.1f}")
            continue
        b = before[k]
        change = v["per_reference"] / b["per_reference"]
        print(f"{k:<{width}}  {b['us']:>10.2f} {b['x_baseline']:>7.1f}  {v['us']:>10.2f} {v['x_baseline']:>7.1f}  "
              f"{change:>10.2f}")  # fmt: skip
    for k, v in now.items():
        if "value" in v and k in before:
            print(f"{k:<{width}}  {before[k]['value']:>10,.0f} {'':>7}  {v['value']:>10,.0f}")


if __name__ == "__main__":
    main()

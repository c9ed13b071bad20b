"""The command line: run scenarios, the built-in demo, and the machine's diagram.

    python -m engine run PATH... [--format text|json] [--executor fast|transitions] [--no-events]
    python -m engine demo [--format text|json] [--executor fast|transitions]
    python -m engine diagram [--check] [--path FILE] | --format mermaid|dot|svg [--highlight STATE]
    python -m engine machine
    python -m engine schema [--check]

Exit status: 0 ok; 2 a scenario or scenario file is invalid (nothing runs), said in one line on stderr;
1 a scenario's choices did not play out as written (e.g. a choice refused without `expect: illegal`).
Every text that comes from a scenario or a path is printed through `engine.text.printable`, so control
characters in it are shown escaped, never sent to the terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine import diagram
from engine.build import result, run_scenario
from engine.demo import DEMO
from engine.machine import declared_states, declared_transitions, hook_points
from engine.scenario import SCHEMA_PATH, Scenario, ScenarioError, load_scenarios, parse_scenario, schema_text
from engine.scripted import ScenarioMismatch
from engine.text import printable
from engine.trace import format_trace


def _run(scenarios: Sequence[tuple[str, Scenario]], fmt: str, executor: str, events: bool) -> int:
    out = sys.stdout
    for where, sc in scenarios:
        try:
            duel, agent = run_scenario(sc, executor="transitions" if executor == "transitions" else "fast")
        except ScenarioMismatch as e:
            print(printable(f"error: {where}: scenario {sc.id!r}: {e}"), file=sys.stderr)
            return 1
        if fmt == "json":
            out.write(json.dumps(result(sc, duel, agent, events=events), separators=(",", ":")) + "\n")
        else:
            title = f"Scenario {sc.id}: {sc.title}" if sc.title else f"Scenario {sc.id}"
            out.write(format_trace(duel.state, title) + "\n")
            for r in agent.refused:
                out.write(printable(f"  refused choices[{r['choice']}] ({r['card']}): {r['reason']}") + "\n")
            out.write("\n")
    return 0


def _schema(check: bool) -> int:
    text = schema_text()
    if check:
        if SCHEMA_PATH.read_text() != text:
            print(f"{SCHEMA_PATH} is stale: run python -m engine schema", file=sys.stderr)
            return 1
        return 0
    SCHEMA_PATH.write_text(text)
    print(f"wrote {SCHEMA_PATH}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine", description="Yu-Gi-Oh! Damage Step engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    fmt_help = "text: a window-by-window trace; json: one result object per line (scenario-format.md)"
    exe_help = "fast: the dispatch table compiled from the declaration; transitions: the declared machine itself"
    run = sub.add_parser("run", help="run scenario files (.json, .toml, .jsonl)")
    run.add_argument("paths", nargs="+", help="scenario files; all are validated before any runs")
    run.add_argument("--format", choices=["text", "json"], default="text", help=fmt_help)
    run.add_argument("--executor", choices=["fast", "transitions"], default="fast", help=exe_help + " (default fast)")
    run.add_argument("--no-events", action="store_true", help="leave the event log out of JSON results")
    demo = sub.add_parser("demo", help="run the built-in example and print its trace")
    demo.add_argument("--format", choices=["text", "json"], default="text", help=fmt_help)
    demo.add_argument(
        "--executor", choices=["fast", "transitions"], default="transitions", help=exe_help + " (default transitions)"
    )
    diag = sub.add_parser("diagram", help="regenerate diagrams/ from the machine declaration, or print one format")
    diag.add_argument("--check", action="store_true", help="fail if a committed diagram file is stale")
    diag.add_argument(
        "--path",
        type=Path,
        default=diagram.MARKDOWN,
        help=f"the Mermaid file; .dot and .svg are written beside it (default {diagram.MARKDOWN})",
    )
    diag.add_argument("--format", choices=diagram.FORMATS, help="print this format to standard output instead")
    diag.add_argument("--highlight", metavar="STATE", help="mark this state (with --format)")
    sub.add_parser("machine", help="list the declared states, transitions and hook points")
    schema = sub.add_parser("schema", help="rewrite the published JSON Schema of the scenario format")
    schema.add_argument("--check", action="store_true", help="fail if the committed schema is stale")
    args = ap.parse_args(argv)

    if args.cmd == "run":
        loaded: list[tuple[str, Scenario]] = []
        try:
            for path in args.paths:
                loaded += [(f"{path} [{i}]", sc) for i, sc in enumerate(load_scenarios(path))]
        except ScenarioError as e:  # one line: printable() escapes any newline in it
            where = str(e) if e.path == str(path) else f"{path}: {e}"  # file-level errors name the file already
            print(printable(f"error: {where}"), file=sys.stderr)
            return 2
        except OSError as e:
            print(printable(f"error: {e}"), file=sys.stderr)
            return 2
        return _run(loaded, args.format, args.executor, not args.no_events)
    if args.cmd == "demo":
        return _run([("demo", parse_scenario(DEMO))], args.format, args.executor, True)
    if args.cmd == "diagram":
        if args.format is not None and args.check:
            diag.error("--check compares the committed files: it takes no --format")
        if args.highlight is not None and args.format is None:
            diag.error("--highlight needs --format: the committed files mark no state")
        return diagram.command(args.format, args.highlight, args.check, args.path)
    if args.cmd == "schema":
        return _schema(args.check)
    print("states, in rulebook order:", ", ".join(declared_states()))
    print("transitions (trigger 'proceed', first whose condition holds):")
    for src, dest, cond in declared_transitions():
        print(f"  {src} -> {dest}" + (f"  [if {cond}]" if cond else ""))
    print("hook points (trigger events raised; continuous hooks queried; stats and activation_lock everywhere):")
    for state, points in hook_points().items():
        if points["events"] or points["hooks"]:
            print(f"  {state}: events {', '.join(points['events']) or '-'}; hooks {', '.join(points['hooks']) or '-'}")
    return 0

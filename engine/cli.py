"""The command line: run scenarios, the built-in demo, and the machine's diagram.

    python -m engine run PATH... [--format text|json] [--executor fast|transitions] [--no-events]
    python -m engine demo [--format text|json] [--executor fast|transitions]
    python -m engine diagram [--check] [--path FILE] | --format mermaid|dot|svg [--highlight STATE]
    python -m engine run PATH... --trace FILE   (also write the run as JSON lines)
    python -m engine replay FILE               (run a trace again; exit 1 at the first difference)
    python -m engine step PATH [--auto]        (the terminal stepper)
    python -m engine view FILE -o PAGE.html    (a trace as one self-contained page to step through)
    python -m engine run PATH --html PAGE.html (run one scenario and write its page)
    python -m engine playouts PATH --n N [--workers W] [--seed S] [--agent random|mcts] [--backend processes|ray]
                              [--format text|json]  (N games of the battle; engine.playouts)
    python -m engine lab [--out DIR] [--serve PORT]  (the ruling lab: a static site running the engine in the browser)
    python -m engine machine
    python -m engine schema [--check]
    python -m engine cards [--approximate] [--format text|json|markdown]  (the library, each card's fidelity)
    python -m engine --version                 (the version, and which build runs: compiled with mypyc, or pure)

Exit status: 0 ok; 2 a scenario or scenario file is invalid (nothing runs), said in one line on stderr;
1 a scenario's choices did not play out as written (e.g. a choice refused without `expect: illegal`).
Every text that comes from a scenario or a path is printed through `engine.values.text.printable`, so control
characters in it are shown escaped, never sent to the terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from engine import diagram
from engine.build import BattlePhaseScript, load_scenarios, parse_scenario, result, run_scenario
from engine.demo import DEMO
from engine.machine import Duel, Executor, declared_states, declared_transitions, hook_points
from engine.scenario import SCHEMA_PATH, Scenario, ScenarioError, schema_text
from engine.scripted import ScenarioMismatch, ScriptedAgent
from engine.trace import format_battle_phase, format_trace
from engine.turns import BattleResult
from engine.values.text import printable


def fidelity_line(sc: Scenario) -> str | None:
    """One line naming the approximate library cards a scenario names, and what differs in each (None if none):
    a run about such a card must not look exact."""
    from engine.cards import fidelity_notes

    notes = fidelity_notes(c.card for c in sc.cards)
    return None if not notes else "note: not exactly as printed: " + "; ".join(notes)


def _cards(approximate_only: bool, fmt: str) -> int:
    """`cards`: the library, each card with its fidelity (exact, or approximate and what differs)."""
    from engine.cards import all_cards

    cards = [c for c in all_cards().values() if not (approximate_only and c.exact)]
    if fmt == "markdown":
        from engine.cards.listing import markdown

        sys.stdout.write(markdown(cards))
        return 0
    if fmt == "json":
        rows = [{"key": c.key, "name": c.name, "card_type": c.card_type, "exact": c.exact, "differs": c.differs}
                for c in cards]  # fmt: skip
        print(json.dumps(rows, separators=(",", ":")))
        return 0
    width = max((len(c.key) for c in cards), default=0)
    for c in cards:
        print(f"{c.key:<{width}}  {c.name}: {c.fidelity}")
    exact = sum(c.exact for c in all_cards().values())
    print(f"{len(all_cards())} cards, {exact} exact, {len(all_cards()) - exact} approximate")
    return 0


def _run(
    scenarios: Sequence[tuple[str, Scenario]], fmt: str, executor: str, events: bool, trace: TextIO | None = None
) -> int:
    from engine.debug.record import trace_scenario, write_trace

    out = sys.stdout
    exe: Executor = "transitions" if executor == "transitions" else "fast"
    for where, sc in scenarios:
        try:
            if trace is None:
                duel, agent = run_scenario(sc, executor=exe)
            else:
                records, duel, agent = trace_scenario(sc, exe)
                write_trace(records, trace)
        except ScenarioMismatch as e:
            print(printable(f"error: {where}: scenario {sc.id!r}: {e}"), file=sys.stderr)
            return 1
        note = fidelity_line(sc)
        if fmt == "json":
            if note is not None:  # the JSON results stay one object per line on stdout
                print(printable(f"{where}: scenario {sc.id!r}: {note}"), file=sys.stderr)
            out.write(json.dumps(result(sc, duel, agent, events=events), separators=(",", ":")) + "\n")
        else:
            title = f"Scenario {sc.id}: {sc.title}" if sc.title else f"Scenario {sc.id}"
            if note is not None:
                out.write(printable(note) + "\n")
            if isinstance(agent, BattlePhaseScript) or sc.battle_phase:
                out.write(format_battle_phase(duel.state, _attacks(sc, duel, agent), title) + "\n")
            else:
                out.write(format_trace(duel.state, title) + "\n")
            for r in agent.refused:
                out.write(printable(f"  refused choices[{r['choice']}] ({r['card']}): {r['reason']}") + "\n")
            out.write("\n")
    return 0


def _attacks(
    sc: Scenario, duel: Duel, script: BattlePhaseScript | ScriptedAgent
) -> list[tuple[BattleResult | None, str]]:
    """Each listed attack: its played battle, or None and why it was not declared."""
    played = duel.battles
    if not isinstance(script, BattlePhaseScript):  # a whole Battle Phase: each attack the players declared
        return [(b, "") for b in played]
    n = len(sc.attacks or ())
    return [
        (played[script.battle_of[i]], "") if i in script.battle_of else (None, script.undeclared[i]) for i in range(n)
    ]


def _load(paths: Sequence[str]) -> list[tuple[str, Scenario]] | None:
    """Every scenario of the files, or None after saying in one line what is wrong."""
    loaded: list[tuple[str, Scenario]] = []
    for path in paths:
        try:
            loaded += [(f"{path} [{i}]", sc) for i, sc in enumerate(load_scenarios(path))]
        except ScenarioError as e:  # one line: printable() escapes any newline in it
            where = str(e) if e.path == str(path) else f"{path}: {e}"  # file-level errors name the file already
            print(printable(f"error: {where}"), file=sys.stderr)
            return None
        except OSError as e:
            print(printable(f"error: {e}"), file=sys.stderr)
            return None
    return loaded


def _step(loaded: list[tuple[str, Scenario]], args: argparse.Namespace) -> int:
    from engine.debug import stepper

    if not 0 <= args.index < len(loaded):
        print(printable(f"error: {args.path}: no scenario {args.index} (it has {len(loaded)})"), file=sys.stderr)
        return 2
    from engine.viewer import page

    return stepper.main(loaded[args.index][1], executor=args.executor, auto=args.auto, page=page)


def _replay(path: str) -> int:
    """Exit 0 when every trace in the file reproduces, 1 at the first difference, 2 on a bad file."""
    from engine.debug.record import read_traces, replay

    try:
        with open(path, encoding="utf-8") as f:
            traces = list(read_traces(f))
        outcomes = [replay(t) for t in traces]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as e:
        print(printable(f"error: {path}: {e}"), file=sys.stderr)
        return 2
    if not traces:
        print(printable(f"error: {path}: no trace in it (a trace starts with a header record)"), file=sys.stderr)
        return 2
    for r in outcomes:
        if not r.ok:
            print(printable(f"{path}: scenario {r.scenario_id}: diverged at step {r.step}: {r.reason}"))
            print(printable(f"  expected: {json.dumps(r.expected)}"))
            print(printable(f"  got:      {json.dumps(r.got)}"))
            return 1
    steps = sum(r.reproduced for r in outcomes)
    print(printable(f"{path}: reproduced {steps} steps of {len(outcomes)} trace(s)"))
    return 0


def _view(path: str, out: str, index: int) -> int:
    """Write the page of a trace: 0 ok, 1 if the trace does not reproduce (its page would show
    another battle), 2 on a bad or unreadable file."""
    from engine.viewer import NotReproduced, page_of_file

    try:
        text = page_of_file(path, index)
    except NotReproduced as e:
        print(printable(f"error: {path}: {e}"), file=sys.stderr)
        return 1
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as e:
        print(printable(f"error: {path}: {e}"), file=sys.stderr)
        return 2
    return _write_page(out, text)


def _write_page(out: str, text: str) -> int:
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(printable(f"error: {e}"), file=sys.stderr)
        return 2
    print(printable(f"wrote {out}"), file=sys.stderr)
    return 0


def _run_html(loaded: list[tuple[str, Scenario]], args: argparse.Namespace) -> int:
    """`run PATH --html PAGE`: run (and print) as usual, keep the trace, and write its page."""
    import io

    from engine.debug.record import read_traces
    from engine.viewer import NotReproduced, page

    if len(loaded) != 1:
        print(printable(f"error: --html writes the page of one scenario; {len(loaded)} were given"), file=sys.stderr)
        return 2
    buffer = io.StringIO()
    status = _run(loaded, args.format, args.executor, not args.no_events, buffer)
    if status != 0:
        return status
    if args.trace is not None:
        try:
            with open(args.trace, "w", encoding="utf-8") as trace:
                trace.write(buffer.getvalue())
        except OSError as e:
            print(printable(f"error: {e}"), file=sys.stderr)
            return 2
    try:
        text = page(next(read_traces(buffer.getvalue().splitlines())))
    except NotReproduced as e:
        print(printable(f"error: {loaded[0][0]}: {e}"), file=sys.stderr)
        return 1
    return _write_page(args.html, text)


def _lab(out: str, port: int | None) -> int:
    """Build the lab's site (fetching Pyodide and the wheels once, with a progress line on stderr), then serve it if
    asked: 0 ok, 2 when it cannot be built (npm or the network absent and nothing cached: said in one line)."""
    from engine.lab.site import BuildError, build, serve

    def progress(line: str) -> None:
        print(printable(line), file=sys.stderr, flush=True)

    try:
        site = build(out, progress)
    except (BuildError, OSError) as e:
        print(printable(f"error: {e}"), file=sys.stderr)
        return 2
    if port is not None:
        try:
            serve(site, port, progress)
        except OSError as e:
            print(printable(f"error: cannot serve on port {port}: {e}"), file=sys.stderr)
            return 2
    return 0


def _playouts(loaded: list[tuple[str, Scenario]], args: argparse.Namespace) -> int:
    from engine import playouts

    if not 0 <= args.index < len(loaded):
        print(printable(f"error: {args.path}: no scenario {args.index} (it has {len(loaded)})"), file=sys.stderr)
        return 2
    if args.n < 0 or args.workers < 1 or args.simulations < 1:
        print("error: --n must be >= 0, --workers and --simulations >= 1", file=sys.stderr)
        return 2
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            print("error: --backend ray needs Ray: pip install -e '.[ray]'", file=sys.stderr)
            return 2
    summary = playouts.run(loaded[args.index][1], args.n, workers=args.workers, seed=args.seed, agent=args.agent,
                           backend=args.backend, simulations=args.simulations)  # fmt: skip
    if args.format == "json":
        print(json.dumps(summary, separators=(",", ":")))
    else:
        for line in playouts.format_text(summary).splitlines():
            print(printable(line))
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


def version() -> str:
    """The engine's version, which build runs (compiled with mypyc, or pure Python and why) and from where."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    import engine
    from engine._mypyc import build_info

    try:
        number = installed("damage-step-engine")
    except PackageNotFoundError:
        number = "(not installed)"
    return f"damage-step-engine {number}, {build_info()}, at {Path(engine.__file__).parent}"


class _Version(argparse.Action):
    """`--version`: one line, not wrapped to the terminal (argparse's own version action wraps it)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(version())
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine", description="Yu-Gi-Oh! Damage Step engine")
    ap.add_argument("--version", action=_Version, help="print the version and which build runs, and exit")
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
    run.add_argument("--trace", metavar="FILE", help="also write the run as JSON lines, for `replay` (see README)")
    run.add_argument("--html", metavar="PAGE",
                     help="also write the battle as one HTML page to step through (one scenario only)")  # fmt: skip
    step = sub.add_parser("step", help="step through a scenario's Damage Step in the terminal (type help there)")
    step.add_argument("path", help="a scenario file (.json, .toml, .jsonl)")
    step.add_argument("--index", type=int, default=0, help="which scenario of the file (default 0, the first)")
    step.add_argument("--auto", action="store_true", help="play the scenario's choices without stopping")
    step.add_argument("--executor", choices=["fast", "transitions"], default="transitions",
                      help=exe_help + " (default transitions)")  # fmt: skip
    replay = sub.add_parser("replay", help="run a trace written by run --trace again and compare every step")
    replay.add_argument("trace", help="the trace file (JSON lines)")
    view = sub.add_parser("view", help="write a trace (from run --trace) as one self-contained HTML page")
    view.add_argument("trace", help="the trace file (JSON lines)")
    view.add_argument("-o", "--output", required=True, metavar="PAGE", help="the HTML file to write")
    view.add_argument("--index", type=int, default=0, help="which trace of the file (default 0, the first)")
    po = sub.add_parser("playouts", help="play a scenario's battle N times from its start; print what came of it")
    po.add_argument("path", help="a scenario file (.json, .toml, .jsonl)")
    po.add_argument("--index", type=int, default=0, help="which scenario of the file (default 0, the first)")
    po.add_argument("--n", type=int, required=True, help="how many playouts")
    po.add_argument("--workers", type=int, default=1, help="worker processes (default 1: this process)")
    po.add_argument("--seed", type=int, default=0, help="playout k is seeded from (seed, k) (default 0)")
    po.add_argument("--agent", choices=["random", "mcts"], default="random", help="who plays both sides")
    po.add_argument("--simulations", type=int, default=50, help="MCTS simulations per decision (default 50)")
    po.add_argument("--backend", choices=["processes", "ray"], default="processes",
                    help="processes on this machine, or Ray tasks (the ray extra)")  # fmt: skip
    po.add_argument("--format", choices=["text", "json"], default="text", help="text, or one JSON object")
    lab = sub.add_parser("lab", help="build the ruling lab: a static site that runs the engine in the browser")
    lab.add_argument("--out", default="lab-site", metavar="DIR", help="where to write the site (default lab-site)")
    lab.add_argument("--serve", type=int, metavar="PORT",
                     help="then serve it on http://127.0.0.1:PORT/ until Ctrl-C (0: any free port)")  # fmt: skip
    sub.add_parser("machine", help="list the declared states, transitions and hook points")
    schema = sub.add_parser("schema", help="rewrite the published JSON Schema of the scenario format")
    schema.add_argument("--check", action="store_true", help="fail if the committed schema is stale")
    cards = sub.add_parser("cards", help="list the card library with each card's fidelity to its printed text")
    cards.add_argument("--approximate", action="store_true", help="only the cards that are not exactly as printed")
    cards.add_argument("--format", choices=["text", "json", "markdown"], default="text",
                       help="text: one line a card; json: one array of {key, name, card_type, exact, differs}; "
                       "markdown: docs/cards.md")  # fmt: skip
    args = ap.parse_args(argv)

    if args.cmd in ("run", "step", "playouts"):
        loaded = _load(args.paths if args.cmd == "run" else [args.path])
        if loaded is None:
            return 2
        if args.cmd == "step":
            return _step(loaded, args)
        if args.cmd == "playouts":
            return _playouts(loaded, args)
        if args.html is not None:
            return _run_html(loaded, args)
        if args.trace is None:
            return _run(loaded, args.format, args.executor, not args.no_events)
        try:
            with open(args.trace, "w", encoding="utf-8") as trace:
                return _run(loaded, args.format, args.executor, not args.no_events, trace)
        except OSError as e:
            print(printable(f"error: {e}"), file=sys.stderr)
            return 2
    if args.cmd == "replay":
        return _replay(args.trace)
    if args.cmd == "view":
        return _view(args.trace, args.output, args.index)
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
    if args.cmd == "lab":
        return _lab(args.out, args.serve)
    if args.cmd == "cards":
        return _cards(args.approximate, args.format)
    print("states, in rulebook order:", ", ".join(declared_states()))
    print("transitions (trigger 'proceed', first whose condition holds):")
    for src, dest, cond in declared_transitions():
        print(f"  {src} -> {dest}" + (f"  [if {cond}]" if cond else ""))
    print("hook points (trigger events raised; continuous hooks queried; stats and activation_lock everywhere):")
    for state, points in hook_points().items():
        if points["events"] or points["hooks"]:
            print(f"  {state}: events {', '.join(points['events']) or '-'}; hooks {', '.join(points['hooks']) or '-'}")
    return 0

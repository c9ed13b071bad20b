"""Diagrams of the declared machine: Mermaid, Graphviz DOT, SVG, and plain text for a terminal.

Everything is drawn from the one declaration, `engine.machine.STATES` / `TRANSITIONS`: the
Mermaid by `transitions`' own `GraphMachine` (so the picture is what the library runs), the
DOT from `declared_states()` / `declared_transitions()`. DOT is written here rather than by
`GraphMachine(graph_engine="graphviz")` because that engine needs the `graphviz` Python package,
marks the initial state as the current one, adds a bogus `"strict"=false` graph attribute, draws
no start marker, and its quoting follows that package's version; a few lines here are exact and
byte-identical everywhere.

The SVG is `dot -Tsvg` of that DOT. Left alone, `dot` measures text with the machine's fonts
(through its pango plugin), so the same DOT gives different SVG on machines with different fonts;
`svg()` runs `dot` with only its core and layout plugins, which measure text with built-in
tables: the SVG then depends on the graphviz version alone (named in the file's first comment).

`dot(compact=True)` / `svg(compact=True)` is the viewer's drawing: the transitions into duel_over (one
from every state from start_step to end_step) folded into one dashed edge from a note naming their
sources, as `text` sums them up; the committed files and the other formats draw every transition.

`--highlight STATE` marks one state in every format: a gold fill, a bold border, and a `>> `
label prefix so it reads without colour.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.machine import declared_states, declared_transitions
from engine.values.game import Phase
from engine.values.words import TITLES

MARKDOWN = Path("diagrams") / "damage_step.md"  # relative to the working directory: the repository's root
FORMATS = ("mermaid", "dot", "svg")
MARK = ">> "  # the highlighted state's label prefix, and the current line in `text`
FILL = "gold"
_INSTALL = "the graphviz `dot` program is not installed (on Debian: apt-get install graphviz)"
_VERSION = re.compile(r"graphviz version (.+?)\s*$", re.MULTILINE)


class UnknownState(ValueError):
    """A state name that the machine does not declare; the message lists the valid ones."""


class GraphvizMissing(RuntimeError):
    """The `dot` program is needed (for SVG) and absent."""


def _state(highlight: str | Phase | None) -> str | None:
    if highlight is None:
        return None
    name = highlight.value if isinstance(highlight, Phase) else highlight
    states = declared_states()
    if name not in states:
        raise UnknownState(f"unknown state {name!r}: expected one of {', '.join(states)}")
    return name


def _edge_label(cond: str | None) -> str:
    return f"proceed [{cond}]" if cond else "proceed"


def _condition_label(cond: str | None) -> str:
    """The compact drawing's edge label: the condition alone (every transition is `proceed`)."""
    return f"[{cond}]" if cond else ""


def mermaid(highlight: str | Phase | None = None) -> str:
    """The machine as a Mermaid state diagram, drawn by `transitions` itself."""
    from transitions.extensions import GraphMachine

    from engine.machine import STATES, TRANSITIONS

    mark = _state(highlight)

    class Model:
        def duel_is_over(self) -> bool:
            return False

        def battle_is_valid(self) -> bool:
            return True

    def named(x: Any) -> Any:  # label states with their values, as everywhere else
        return [named(y) for y in x] if isinstance(x, list) else (x.value if isinstance(x, Phase) else x)

    model = Model()
    GraphMachine(
        model=model,
        states=named(STATES),
        transitions=[{k: named(v) for k, v in t.items()} for t in TRANSITIONS],
        initial=declared_states()[0],
        auto_transitions=False,
        graph_engine="mermaid",
        show_conditions=True,
        title="Damage Step",
    )
    graph: str = model.get_graph().draw(None)  # type: ignore[attr-defined]
    if graph.startswith("---"):  # drop the title front matter: not every Mermaid renderer takes it
        graph = graph.split("---", 2)[2]
    graph = graph.replace(" s_active\n", " s_default\n")  # transitions marks the initial state as current
    if mark is not None:
        graph = _replace_once(graph, f'state "{mark}" as {mark}\n', f'state "{MARK}{mark}" as {mark}\n')
        graph = _replace_once(graph, f"Class {mark} s_default\n", f"Class {mark} s_highlight\n")
        lines = graph.split("\n")
        last_def = max(i for i, line in enumerate(lines) if line.lstrip().startswith("classDef "))
        style = f"fill:{FILL},stroke:black,stroke-width:4px,font-weight:bold"
        lines.insert(last_def + 1, f"  classDef s_highlight {style}")
        graph = "\n".join(lines)
    return graph.strip() + "\n"


def _replace_once(text: str, old: str, new: str) -> str:
    """Edit `transitions`' output, failing loudly if a new version no longer writes `old`."""
    if text.count(old) != 1:
        raise RuntimeError(f"unexpected Mermaid from transitions: {old.strip()!r} occurs {text.count(old)} times")
    return text.replace(old, new)


def markdown() -> str:
    """The committed `diagrams/damage_step.md`: the Mermaid diagram with a word on reading it."""
    return (
        "# The Battle Phase state machine, with the Damage Step inside it\n\n"
        "Generated from `engine/machine.py` by `python -m engine diagram`; do not edit by hand.\n"
        "`proceed` is taken when the state's window has closed; the first transition whose\n"
        "condition holds wins (`duel_is_over` is checked first everywhere).\n\n"
        f"```mermaid\n{mermaid().strip()}\n```\n"
    )


def dot(highlight: str | Phase | None = None, compact: bool = False) -> str:
    """The machine as Graphviz DOT: one node per state, one edge per declared transition, in order.

    The committed drawing (`compact=False`) reads as the rulebook does: top to bottom, the Battle Phase, the
    Battle Step and the Damage Step as nested boxes (`engine.machine.BOXES`), each state by its title, each
    condition in words, and the transitions into duel_over (one from every state of the Battle Phase) drawn once,
    as the exit of the Battle Phase's box.

    `compact` (the viewer's drawing, one line left to right): the transitions into duel_over folded into one
    dashed edge from a note naming their sources (as `text` sums them up); an edge is labelled with its
    condition alone (every transition is `proceed`), and the layout is tighter."""
    mark = _state(highlight)
    if not compact:
        return _nested(mark)
    font = 'fontname="Helvetica"'
    states = declared_states()
    end = Phase.DUEL_OVER.value
    lines = [
        "// The Battle Phase state machine, with the Damage Step inside it. Generated from engine/machine.py",
        "// by `python -m engine diagram`; do not edit by hand. `proceed` is taken when the state's window has",
        "// closed; the first transition whose condition holds wins (duel_is_over is checked first everywhere).",
        "digraph damage_step {",
        f'  graph [rankdir=LR, nodesep=0.12, ranksep=0.22, margin=0, {font}];',
        f'  node [shape=box, style="rounded,filled", fillcolor=white, color=black, fontsize=11, '
        f'margin="0.06,0.03", height=0.3, {font}];',
        f"  edge [fontsize=9, arrowsize=0.6, {font}];",
        '  __start__ [shape=point, width=0.15, label=""];',
    ]
    for s in states:
        lines.append(_node(s, s, mark))
    lines.append(f"  __start__ -> {states[0]};")
    folded = _folded()
    for src, dest, cond in declared_transitions():
        if dest == end and cond in folded:
            continue
        lines.append(f'  {src} -> {dest} [label="{_condition_label(cond)}"];')
    for n, (cond, srcs) in enumerate(folded.items()):
        note = f"{FOLDED}{n}" if n else FOLDED
        lines.append(f'  {note} [shape=note, style=filled, fillcolor="#f4f4f4", label="{_span(srcs, states)}"];')
        lines.append(f'  {note} -> {end} [label="{_condition_label(cond)}, checked first", style=dashed];')
    return "\n".join([*lines, "}"]) + "\n"


def _node(name: str, label: str, mark: str | None, indent: str = "  ") -> str:
    if name == mark:
        bold = 'style="rounded,filled,bold", penwidth=4, fontname="Helvetica-Bold"'
        return f'{indent}{name} [label="{MARK}{label}", fillcolor={FILL}, {bold}];'
    return f'{indent}{name} [label="{label}"];'


# The conditions of the declared transitions, in words (the committed drawing's edge labels).
GUARDS: dict[str, str] = {
    "duel_is_over": "the Duel is over",
    "attack_is_declared": "an attack is declared",
    "attack_is_stopped": "the attack is stopped",
    "replay_is_due": "a replay is due",
    "battle_is_valid": "the battle is still valid",
    "end_phase_is_played": "the End Phase is played",
    "standby_phase_is_played": "the next Standby Phase is played",
    "turn_is_played_on": "that turn is played on",
}
EXIT = "exit"  # the id of the committed drawing's one edge into duel_over, from the Battle Phase's box


def guard(cond: str) -> str:
    """A condition in words; a condition without words is a new one this module must learn to say."""
    if cond not in GUARDS:
        raise RuntimeError(f"the diagram has no words for the condition {cond!r}: add it to engine.diagram.GUARDS")
    return GUARDS[cond]


def _cluster(title: str) -> str:
    return "cluster_" + title.lower().replace(" ", "_")


def _nested(mark: str | None) -> str:
    """The committed drawing (see `dot`): nested boxes, rulebook order top to bottom, one exit to duel_over."""
    from engine.machine import BOXES, Box

    font = 'fontname="Helvetica"'
    states = declared_states()
    end = Phase.DUEL_OVER.value
    lines = [
        "// The Battle Phase state machine, with the Damage Step inside it. Generated from engine/machine.py",
        "// by `python -m engine diagram`; do not edit by hand. Every arrow is the trigger `proceed`, taken when the",
        "// state's window has closed; of a state's arrows, the first whose condition holds wins, and \"the Duel is",
        "// over\" is checked first everywhere: that one arrow leaves the whole Battle Phase.",
        "digraph damage_step {",
        f"  graph [rankdir=TB, compound=true, newrank=true, nodesep=0.3, ranksep=0.35, {font}];",
        f'  node [shape=box, style="rounded,filled", fillcolor=white, color=black, {font}];',
        f"  edge [fontsize=10, {font}];",
        '  __start__ [shape=point, width=0.15, label=""];',
    ]
    inside: list[str] = []

    def draw(box: Box, indent: str) -> None:
        title, members = box
        lines.append(f"{indent}subgraph {_cluster(title)} {{")
        lines.append(f'{indent}  graph [label="{title}", labeljust=l, style=rounded, fontsize=16];')
        for m in members:
            if isinstance(m, tuple):
                draw(m, indent + "  ")
            else:
                inside.append(m.value)
                lines.append(_node(m.value, TITLES[m.value], mark, indent + "  "))
        lines.append(f"{indent}}}")

    lines.append(_node(states[0], TITLES[states[0]], mark))
    draw(BOXES, "  ")
    for s in states[1:]:
        if s not in inside:
            label = "The Duel is over" if s == end else TITLES[s]
            lines.append(_node(s, label, mark).replace("];", ", shape=doubleoctagon];" if s == end else "];"))
    lines.append(f"  __start__ -> {states[0]};")
    conditional = {src for src, dest, cond in declared_transitions() if cond and dest != end}
    exits = [src for src, dest, _ in declared_transitions() if dest == end]
    for src, dest, cond in declared_transitions():
        if dest == end:
            continue
        label = f"if {guard(cond)}" if cond else ("otherwise" if src in conditional else "")
        back = ", constraint=false" if states.index(dest) < states.index(src) else ""
        lines.append(f'  {src} -> {dest} [label="{label}"{back}];')
    # Rulebook order top to bottom: each state ranked below the one before it (an unseen edge where no arrow does it).
    drawn = {(src, dest) for src, dest, _ in declared_transitions()}
    for a, b in itertools.pairwise(states):
        if b != end and (a, b) not in drawn:
            lines.append(f"  {a} -> {b} [style=invis];")
    lines.append(f"  {{ rank=same; {Phase.MAIN_PHASE_2.value}; {end}; }}")
    conds = {cond for src, dest, cond in declared_transitions() if dest == end}
    if sorted(exits) != sorted(inside) or len(conds) != 1 or None in conds:
        raise RuntimeError("the transitions into duel_over are no longer one condition from every state of the "
                           f"{BOXES[0]}: draw them otherwise")  # fmt: skip
    (cond,) = conds
    lines.append(f'  {inside[-1]} -> {end} [id={EXIT}, ltail={_cluster(BOXES[0])}, label="if {guard(str(cond))}, '
                 f'from any state of the {BOXES[0]}\\n(checked first)", style=bold];')  # fmt: skip
    return "\n".join([*lines, "}"]) + "\n"


FOLDED = "__any_state__"  # the compact drawing's note standing for the sources of the folded transitions


def _folded() -> dict[str | None, list[str]]:
    """The transitions into duel_over, by condition: their sources in declaration order (drawn folded)."""
    end = Phase.DUEL_OVER.value
    out: dict[str | None, list[str]] = {}
    for src, dest, cond in declared_transitions():
        if dest == end:
            out.setdefault(cond, []).append(src)
    return out


def have_dot() -> bool:
    return shutil.which("dot") is not None


def dot_version() -> str:
    """The installed graphviz version, as its SVG comment names it (e.g. "2.43.0 (0)")."""
    found = _VERSION.search(_run_dot(["-V"], "").stderr)
    return found.group(1) if found else "unknown"


def svg_version(svg_text: str) -> str | None:
    """The graphviz version that drew an SVG (from its "Generated by" comment)."""
    found = _VERSION.search(svg_text.split("-->", 1)[0])
    return found.group(1) if found else None


def _run_dot(args: list[str], stdin: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("dot")
    if exe is None:
        raise GraphvizMissing(f"cannot draw SVG: {_INSTALL}")
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, env=env, check=False)


def svg(highlight: str | Phase | None = None, compact: bool = False) -> str:
    """The DOT drawn by `dot -Tsvg`, with text measured by graphviz's own tables (see the module)."""
    source = dot(highlight, compact)
    with tempfile.TemporaryDirectory(prefix="engine-gv-") as tmp:
        env = _core_plugins_env(Path(tmp))
        r = _run_dot(["-Tsvg"], source, env)
    if r.returncode != 0:
        raise RuntimeError(f"dot -Tsvg failed ({r.returncode}): {r.stderr.strip()}")
    return r.stdout


def _core_plugins_env(tmp: Path) -> dict[str, str] | None:
    """An environment whose GVBINDIR holds only `dot`'s core and dot-layout plugins (no pango, so
    no installed fonts in the measurements); None, for the system's plugins, where they are not found."""
    found = re.search(r'libdir = "(.+?)"', _run_dot(["-v", "-Tsvg"], "digraph {}").stderr)
    if not found:
        return None
    libdir = Path(found.group(1))
    plugins = [p for name in ("core", "dot_layout") for p in sorted(libdir.glob(f"libgvplugin_{name}.*"))]
    if not any("core" in p.name for p in plugins) or not any("dot_layout" in p.name for p in plugins):
        return None
    for p in plugins:
        (tmp / p.name).symlink_to(p)
    env = dict(os.environ, GVBINDIR=str(tmp))
    if _run_dot(["-c"], "", env).returncode != 0:  # writes the plugin list, config6, into tmp
        return None
    return env


def text(highlight: str | Phase | None = None) -> str:
    """The sequence for a terminal: states in rulebook order, each with where it goes next, and
    `>>` before the current one. Transitions into duel_over are summed up in the last line."""
    mark = _state(highlight)
    states = declared_states()
    end = Phase.DUEL_OVER.value
    out: dict[str, list[str]] = {s: [] for s in states}
    to_end: dict[str | None, list[str]] = {}
    first = True  # is the way to duel_over each source's first transition?
    for src, dest, cond in declared_transitions():
        if dest == end:
            to_end.setdefault(cond, []).append(src)
            first = first and not out[src]
        else:
            out[src].append(dest + (f" [{cond}]" if cond else ""))
    width = max(map(len, states))
    lines = ["The Damage Step" + (f" ({MARK.strip()} = {mark})" if mark else "")]
    for s in states:
        nxt = f"  -> {' | '.join(out[s])}" if out[s] else ""
        lines.append(f"{MARK if s == mark else ' ' * len(MARK)}{s:<{width}}{nxt}".rstrip())
    for cond, srcs in to_end.items():
        how = (f" [{cond}]" if cond else "") + (", checked first" if first else "")
        lines.append(f"   ({_span(srcs, states)} -> {end}{how})")
    return "\n".join(lines) + "\n"


def _span(srcs: list[str], states: list[str]) -> str:
    """'every state from a to b' when `srcs` are consecutive in rulebook order, else the list."""
    at = [states.index(s) for s in srcs]
    if len(srcs) > 2 and at == list(range(at[0], at[0] + len(at))):
        return f"every state from {srcs[0]} to {srcs[-1]}"
    return ", ".join(srcs)


# -- the committed files and the command ------------------------------------------------------
def committed(md_path: Path = MARKDOWN) -> dict[str, tuple[Path, Callable[[], str]]]:
    """Each committed format: its file (siblings of the Markdown one) and how to draw it."""
    return {
        "mermaid": (md_path, markdown),
        "dot": (md_path.with_suffix(".dot"), dot),
        "svg": (md_path.with_suffix(".svg"), svg),
    }


def regenerate(
    md_path: Path = MARKDOWN, *, check: bool = False, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Write (or with `check`, compare) every committed format; 1 if a file is stale. The SVG is
    skipped, with a word on `err`, where `dot` is absent or is another version than drew it."""
    out, err = out or sys.stdout, err or sys.stderr
    stale = False
    for fmt, (path, draw) in committed(md_path).items():
        if fmt == "svg" and not have_dot():
            print(f"skipped {path}: {_INSTALL}", file=err)
            continue
        if check and fmt == "svg" and path.exists():
            theirs, ours = svg_version(path.read_text()), dot_version()
            if theirs != ours:
                print(f"not checked {path}: drawn by graphviz {theirs}, this machine has {ours}", file=err)
                continue
        content = draw()
        if check:
            if not path.exists() or path.read_text() != content:
                print(f"{path} is stale: run python -m engine diagram", file=err)
                stale = True
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
        print(f"wrote {path}", file=out)
    return 1 if stale else 0


def command(fmt: str | None, highlight: str | None, check: bool, md_path: Path = MARKDOWN) -> int:
    """`python -m engine diagram`: print one format, or regenerate/check the committed files."""
    if fmt is None:
        return regenerate(md_path, check=check)
    draw: dict[str, Callable[[str | None], str]] = {"mermaid": mermaid, "dot": dot, "svg": svg}
    try:
        sys.stdout.write(draw[fmt](highlight))
    except UnknownState as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except GraphvizMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0

"""Diagrams of the declared machine: every format shows exactly the declaration, marks one state
on request, the committed files are fresh, and the command prints each format."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import needs
import pytest

from engine import declared_states, declared_transitions, diagram
from engine.values.game import DAMAGE_STEP_PHASES
from engine.values.words import TITLES

ROOT = Path(__file__).resolve().parent.parent
HAVE_DOT = shutil.which("dot") is not None
needs_dot = pytest.mark.needs("dot")
SVG_NS = "{http://www.w3.org/2000/svg}"
Transition = tuple[str, str, str | None]


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT, env=env)


def _cond(label: str) -> str | None:
    m = re.fullmatch(r"proceed(?: \[(\w+)\])?", label)
    assert m, f"unexpected edge label {label!r}"
    return m.group(1)


# -- readers: (state -> label), [transitions], {highlighted states}, independent of the writers ---------
def read_mermaid(src: str) -> tuple[dict[str, str], list[Transition], set[str]]:
    labels = {m[2]: m[1] for m in re.finditer(r'^\s*state "(.*?)" as (\w+)$', src, re.M)}
    edges = [(m[1], m[2], _cond(m[3])) for m in re.finditer(r"^\s*(\w+) --> (\w+): (.*)$", src, re.M)]
    marked = {m[1] for m in re.finditer(r"^\s*Class (\w+) s_highlight$", src, re.M)}
    assert re.search(r"^\s*classDef s_highlight .*fill:gold.*stroke-width", src, re.M) or not marked
    assert re.search(r"^\s*\[\*\] --> main_phase_1$", src, re.M)
    return labels, edges, marked


WORDS = {words: cond for cond, words in diagram.GUARDS.items()}


def _said(label: str) -> str | None:
    """The committed drawing's edge label back to its condition: "if <words>", "otherwise" or nothing."""
    if label in ("", "otherwise"):
        return None
    m = re.fullmatch(r"if (.+?)(?:, from any state of the turn\\n\(checked first\))?", label)
    assert m and m[1] in WORDS, f"unexpected edge label {label!r}"
    return WORDS[m[1]]


def boxes(src: str) -> dict[str, list[str]]:
    """The DOT's clusters: each box's title -> the states inside it, at any depth."""
    inside: dict[str, list[str]] = {}
    open_boxes: list[str] = []
    for line in src.splitlines():
        if m := re.match(r"\s*subgraph cluster_\w+ \{$", line):
            open_boxes.append("")
        elif m := re.match(r'\s*graph \[label="(.*?)"', line):
            if open_boxes and open_boxes[-1] == "":
                open_boxes[-1] = m[1]
                inside[m[1]] = []
        elif re.match(r"\s*\}$", line) and open_boxes:
            open_boxes.pop()
        elif (m := re.match(r"\s*(\w+) \[label=", line)) and open_boxes:
            for title in open_boxes:
                inside[title].append(m[1])
    return inside


def _exit_sources(src: str) -> list[str]:
    """The states the one edge into duel_over leaves: every state of the box its `ltail` names."""
    m = re.search(r"\[id=exit, ltail=cluster_(\w+),", src)
    assert m, "the drawing has no exit edge from a box"
    (title,) = [t for t in boxes(src) if t.lower().replace(" ", "_") == m[1]]
    return boxes(src)[title]


def read_dot(src: str) -> tuple[dict[str, str], list[Transition], set[str]]:
    nodes = {
        m[1]: m[2]
        for m in re.finditer(r"^\s*(\w+) \[(label=.*)\];$", src, re.M)
        if m[1] not in {"graph", "node", "edge", "__start__"}
    }
    labels = {n: re.search(r'label="(.*?)"', a).group(1) for n, a in nodes.items()}  # type: ignore[union-attr]
    edges: list[Transition] = []
    for m in re.finditer(r'^\s*(\w+) -> (\w+) \[(id=exit, .*?)?label="(.*?)"', src, re.M):
        if m[3]:  # the exit: one transition from each state of the box
            edges += [(s, m[2], _said(m[4])) for s in _exit_sources(src)]
        else:
            edges.append((m[1], m[2], _said(m[4])))
    marked = {n for n, a in nodes.items() if "fillcolor=gold" in a and "penwidth=4" in a and "bold" in a}
    assert re.search(r"^\s*__start__ -> main_phase_1;$", src, re.M)
    return labels, edges, marked


def read_svg(src: str, dot_source: str | None = None) -> tuple[dict[str, str], list[Transition], set[str]]:
    """The SVG's nodes and edges; the exit edge (its id) leaves the states of the box the DOT it was drawn
    from names (the SVG keeps a box's outline, not what is in it)."""
    root = ET.fromstring(src)
    labels: dict[str, str] = {}
    marked: set[str] = set()
    edges: list[Transition] = []
    for g in root.iter(f"{SVG_NS}g"):
        title = g.findtext(f"{SVG_NS}title") or ""
        texts = [t.text or "" for t in g.iter(f"{SVG_NS}text")]
        if g.get("class") == "node" and title != "__start__":
            (labels[title],) = texts
            shape = next(e for e in g if e.tag in (f"{SVG_NS}path", f"{SVG_NS}polygon"))
            if shape.get("fill") == "gold" and shape.get("stroke-width") == "4":
                marked.add(title)
        elif g.get("class") == "edge" and not title.startswith("__start__"):
            src_state, dest = title.split("->")
            label = "\\n".join(texts)
            if g.get("id") == "exit":
                edges += [(s, dest, _said(label)) for s in _exit_sources(dot_source or diagram.dot())]
            else:
                edges.append((src_state, dest, _said(label)))
    return labels, edges, marked


def titles(state: str | None = None) -> dict[str, str]:
    """Each state's label in the committed drawing: its title in words (the highlighted one marked)."""
    words = {s: "The Duel is over" if s == "duel_over" else TITLES[s] for s in declared_states()}
    return {s: (">> " + w if s == state else w) for s, w in words.items()}


READERS: dict[
    str, tuple[Callable[[str | None], str], Callable[[str], tuple[dict[str, str], list[Transition], set[str]]]]
] = {
    "mermaid": (diagram.mermaid, read_mermaid),
    "dot": (diagram.dot, read_dot),
    "svg": (diagram.svg, read_svg),
}
FORMATS = [pytest.param(f, marks=needs_dot) if f == "svg" else f for f in READERS]


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_draws_exactly_the_declared_states_and_transitions(fmt: str) -> None:
    draw, read = READERS[fmt]
    labels, edges, marked = read(draw(None))
    # every state, labelled with its value (Mermaid: transitions' own drawing) or its title in words
    assert labels == ({s: s for s in declared_states()} if fmt == "mermaid" else titles())
    assert sorted(edges) == sorted(declared_transitions())  # each declared transition once, no other
    assert marked == set()


def test_dot_lists_transitions_in_declaration_order() -> None:
    """The order is the priority: the first transition whose condition holds is taken. The ways into duel_over,
    declared first for every state, are the one exit drawn last and said to be checked first."""
    end = "duel_over"
    drawn = read_dot(diagram.dot())[1]
    assert [t for t in drawn if t[1] != end] == [t for t in declared_transitions() if t[1] != end]
    for src in {s for s, d, _ in declared_transitions() if d == end}:
        assert next(t for t in declared_transitions() if t[0] == src)[1] == end
    assert "(checked first)" in diagram.dot()


def test_the_committed_drawing_nests_the_damage_step_in_the_battle_phase_with_one_exit() -> None:
    """The Battle Step and the Damage Step are boxes inside the Battle Phase's; the Damage Step's box holds its
    sub-timings (the states during which "during the Damage Step" effects apply) and nothing else; the Duel
    being over is one arrow, leaving the box of the turn (the Battle Phase, Main Phase 2, the End Phase, the turn's
    end, and the Draw and Standby Phases of a turn played after it, §U.31), whose states are exactly those it is
    declared from."""
    source = diagram.dot()
    inside = boxes(source)
    assert set(inside) == {"turn", "Battle Phase", "Battle Step", "Damage Step"}
    states = declared_states()
    assert inside["Damage Step"] == [p.value for p in sorted(DAMAGE_STEP_PHASES, key=lambda p: states.index(p.value))]
    assert inside["Battle Step"] == ["battle_step", "attack_declared", "replay"]
    assert set(inside["Battle Step"]) | set(inside["Damage Step"]) < set(inside["Battle Phase"])
    after = {"main_phase_2", "end_phase", "turn_over", "draw_phase", "standby_phase"}
    assert set(inside["Battle Phase"]) | after == set(inside["turn"])
    assert sorted(inside["turn"]) == sorted(s for s, d, _ in declared_transitions() if d == "duel_over")
    assert len(re.findall(r"-> duel_over \[", source)) == 1
    assert "rankdir=TB" in source


@needs_dot
def test_the_committed_svg_reads_in_rulebook_order_top_to_bottom_with_words_not_tokens() -> None:
    svg = (ROOT / diagram.committed()["svg"][0]).read_text()
    root = ET.fromstring(svg)
    top: dict[str, float] = {}
    words: list[str] = []
    for g in root.iter(f"{SVG_NS}g"):
        texts = [t for t in g.iter(f"{SVG_NS}text")]
        words += [t.text or "" for t in texts]
        if g.get("class") == "node" and texts:
            top[g.findtext(f"{SVG_NS}title") or ""] = float(texts[0].get("y") or 0)
    order = [s for s in declared_states() if s != "duel_over"]
    assert [top[s] for s in order] == sorted(top[s] for s in order) and len(set(top[s] for s in order[:-1])) > 10
    assert not [w for w in words if "_" in w]  # "the battle is still valid", never battle_is_valid
    exits = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "edge"
             and (g.findtext(f"{SVG_NS}title") or "").endswith(">duel_over")]  # fmt: skip
    assert len(exits) == 1


def test_every_condition_of_the_declaration_has_words() -> None:
    conditions = {c for _s, _d, c in declared_transitions() if c}
    assert conditions <= set(diagram.GUARDS)
    with pytest.raises(RuntimeError, match="no words for the condition 'comets_align'"):
        diagram.guard("comets_align")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("state", ["battle_step", "perform_damage_calculation", "duel_over"])
def test_highlight_marks_exactly_the_named_state(fmt: str, state: str) -> None:
    draw, read = READERS[fmt]
    labels, edges, marked = read(draw(state))
    assert marked == {state}
    # the label marker makes it readable without colour; the other labels are unchanged
    plain = {s: (">> " + s if s == state else s) for s in declared_states()}
    assert labels == (plain if fmt == "mermaid" else titles(state))
    assert sorted(edges) == sorted(declared_transitions())


def test_text_lists_the_sequence_in_rulebook_order_and_marks_the_current_state() -> None:
    lines = diagram.text("flip").splitlines()
    body = lines[1 : 1 + len(declared_states())]
    assert [line[3:].split()[0] for line in body] == declared_states()
    assert [line for line in body if line.startswith(">>")] == [body[declared_states().index("flip")]]
    by_state = {line[3:].split()[0]: line for line in body}
    states = declared_states()
    for src, dest, cond in declared_transitions():
        if dest != "duel_over":
            assert (f"{dest} [{cond}]" if cond else dest) in by_state[src], (src, dest)
            continue
        # the ways out to duel_over are summed up in the last line, as a span of states in order
        footer = re.fullmatch(
            r"\s*\(every state from (\w+) to (\w+) -> duel_over \[(\w+)\], checked first\)", lines[-1]
        )
        assert footer, lines[-1]
        assert states.index(footer[1]) <= states.index(src) <= states.index(footer[2]) and cond == footer[3]
    spanned = states[states.index(footer[1]) : states.index(footer[2]) + 1]
    assert sorted(spanned) == sorted(s for s, d, _ in declared_transitions() if d == "duel_over")
    assert not any(line.startswith(">>") for line in diagram.text().splitlines())


@pytest.mark.parametrize("draw", [diagram.mermaid, diagram.dot, diagram.svg, diagram.text])
def test_unknown_state_is_refused_naming_the_valid_ones(draw: Callable[[str | None], str]) -> None:
    with pytest.raises(diagram.UnknownState) as e:
        draw("damage_calculation")
    assert all(s in str(e.value) for s in declared_states())


@pytest.mark.parametrize("fmt", ["mermaid", "dot", "svg"])
def test_cli_bad_highlight_exits_2_with_one_line_listing_the_states(fmt: str) -> None:
    r = cli("diagram", "--format", fmt, "--highlight", "damage_calculation")
    assert r.returncode == 2
    assert r.stdout == ""
    assert len(r.stderr.splitlines()) == 1
    assert "damage_calculation" in r.stderr and all(s in r.stderr for s in declared_states())


@pytest.mark.parametrize("fmt", FORMATS)
def test_cli_prints_each_format_to_standard_output(fmt: str) -> None:
    draw, _ = READERS[fmt]
    plain, marked = cli("diagram", "--format", fmt), cli("diagram", "--format", fmt, "--highlight", "flip")
    assert (plain.returncode, marked.returncode) == (0, 0), plain.stderr + marked.stderr
    assert plain.stdout == draw(None)
    assert marked.stdout == draw("flip")


def test_committed_mermaid_and_dot_are_fresh() -> None:
    for fmt in ("mermaid", "dot"):
        path, draw = diagram.committed()[fmt]
        assert (ROOT / path).read_text() == draw(), f"{path} is stale: run python -m engine diagram"


def test_committed_svg_is_fresh() -> None:
    path, _ = diagram.committed()["svg"]
    needs.tool("dot")
    committed = (ROOT / path).read_text()
    if diagram.svg_version(committed) != diagram.dot_version():
        pytest.skip(f"{path} was drawn by graphviz {diagram.svg_version(committed)}, this is {diagram.dot_version()}")
    assert committed == diagram.svg(), f"{path} is stale: run python -m engine diagram"


def test_diagram_check_passes_on_the_committed_files() -> None:
    r = cli("diagram", "--check")
    assert r.returncode == 0, r.stderr


def test_diagram_check_names_each_stale_file(tmp_path: Path) -> None:
    md = tmp_path / "d" / "machine.md"
    assert cli("diagram", "--path", str(md)).returncode == 0
    written = {p.name for p in md.parent.iterdir()}
    assert written == ({"machine.md", "machine.dot", "machine.svg"} if HAVE_DOT else {"machine.md", "machine.dot"})
    assert cli("diagram", "--check", "--path", str(md)).returncode == 0
    stale = ["machine.dot", "machine.svg"] if HAVE_DOT else ["machine.dot"]
    for name in stale:
        (md.parent / name).write_text((md.parent / name).read_text().replace("duel_over", "duel_done"))
    r = cli("diagram", "--check", "--path", str(md))
    assert r.returncode == 1
    reported = [line.split()[0] for line in r.stderr.splitlines() if "is stale" in line]
    assert reported == [str(md.parent / n) for n in stale]


def test_without_dot_the_svg_is_skipped_with_a_message_and_svg_output_says_what_to_install(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=str(tmp_path))  # a PATH holding no `dot`
    md = tmp_path / "machine.md"
    r = cli("diagram", "--path", str(md), env=env)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["machine.dot", "machine.md"]
    assert "skipped" in r.stderr and "machine.svg" in r.stderr and "apt-get install graphviz" in r.stderr
    r = cli("diagram", "--check", "--path", str(md), env=env)
    assert r.returncode == 0 and "skipped" in r.stderr and "machine.svg" in r.stderr
    r = cli("diagram", "--format", "svg", env=env)
    assert r.returncode == 1 and r.stdout == ""
    assert "apt-get install graphviz" in r.stderr


@needs_dot
def test_svg_does_not_depend_on_the_fonts_installed(tmp_path: Path) -> None:
    """Plain `dot -Tsvg` measures text with the installed fonts; `diagram.svg` must not."""
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?><fontconfig><dir>{tmp_path / "none"}</dir>'
        f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    code = "import sys; from engine import diagram; sys.stdout.write(diagram.svg('flip'))"
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, FONTCONFIG_FILE=str(conf)),
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == diagram.svg("flip")


def test_highlight_and_check_need_and_refuse_format() -> None:
    assert cli("diagram", "--highlight", "flip").returncode == 2  # the committed files mark nothing
    assert cli("diagram", "--check", "--format", "dot").returncode == 2


@pytest.mark.parametrize("fmt", ["dot", pytest.param("svg", marks=needs_dot)])
def test_compact_drawing_folds_the_ways_to_duel_over_into_one_edge_and_keeps_every_other(fmt: str) -> None:
    """The viewer's drawing: each declared transition not into duel_over once, labelled with its condition
    alone; those into duel_over as one dashed edge per condition, from a note naming exactly their sources."""
    source = (diagram.dot if fmt == "dot" else diagram.svg)(None, compact=True)
    if fmt == "dot":
        edges = [(m[1], m[2], m[3]) for m in re.finditer(r'^\s*(\w+) -> (\w+) \[label="(.*?)"', source, re.M)]
        notes = dict(re.findall(r'^\s*(__any_state__\w*) \[shape=note.*label="(.*?)"\];$', source, re.M))
    else:
        root = ET.fromstring(source)
        edges, notes = [], {}
        for g in root.iter(f"{SVG_NS}g"):
            title = g.findtext(f"{SVG_NS}title") or ""
            texts = [t.text or "" for t in g.iter(f"{SVG_NS}text")]
            if g.get("class") == "edge" and not title.startswith("__start__"):
                src, dest = title.replace("&#45;", "-").split("->")
                edges.append((src, dest, texts[0] if texts else ""))
            elif g.get("class") == "node" and title.startswith("__any_state__"):
                notes[title] = " ".join(texts)
    end = "duel_over"
    drawn = [(s, d, (re.fullmatch(r"\[(\w+)\]", label) or [None, None])[1]) for s, d, label in edges if d != end]
    assert sorted(drawn) == sorted(t for t in declared_transitions() if t[1] != end)
    assert all(label == "" or re.fullmatch(r"\[\w+\]", label) for s, d, label in edges if d != end)
    folded = [(s, label) for s, d, label in edges if d == end]
    conds = sorted({c for _s, d, c in declared_transitions() if d == end}, key=str)
    assert sorted(label for _s, label in folded) == sorted(f"[{c}], checked first" for c in conds)
    states = declared_states()
    for note, label in folded:
        cond = label[1 : label.index("]")]
        sources = [s for s, d, c in declared_transitions() if d == end and c == cond]
        span = re.fullmatch(r"every state from (\w+) to (\w+)", notes[note])
        assert span, notes[note]  # consecutive in rulebook order, so the note names the span
        assert states[states.index(span[1]) : states.index(span[2]) + 1] == sources
    assert set(notes) == {s for s, _label in folded}
    assert diagram.dot() == (ROOT / diagram.committed()["dot"][0]).read_text()  # the committed files: not folded

"""The step-through viewer: a battle's trace as one self-contained HTML page.

    python -m engine view TRACE -o battle.html
    python -m engine run SCENARIO --html battle.html

A trace holds what happened and why, not the whole field at each step, so `frames()` runs the
trace again (`engine.debug.record.replay`, from the scenario in its header) with a listener that
snapshots, after every record, what the page shows: both sides of the field, both LPs and their
change, the chain, the machine state, the event with its rule and sentence. The rules stay in
Python: the page's JavaScript only displays these precomputed frames. A trace that does not
reproduce is refused (`NotReproduced`, naming the step), since its frames would show another battle.

Each frame also carries the attack under way (`attack`, from 0, and its heading `attack_label`, from
the duel's battle records; None before the first declaration), which the page's attack buttons jump
between, and, where a decision is pending, the options its player does not have with each rule's
reason (`illegal`: `engine.debug.session.illegal_options`, the stepper's `illegal` too), shown greyed
behind the page's "show illegal options" toggle.

`page()` fills `template.html` with `viewer.css`, `viewer.js`, the machine's diagram as inline SVG
(`engine.diagram.svg(compact=True)`: the transitions into duel_over folded into one edge; folded away in
a `<details>`, and a list of the states alone where Graphviz's `dot` is absent) and the frames as JSON.
The file asks for nothing over a network: no external resource, and not even a URL in it (the SVG's
`xmlns` attributes are dropped: the HTML parser puts `<svg>` in the SVG namespace by itself; the
embedded JSON writes `/` as `\\/`). Scenario text reaches the page only as JSON data,
which the script puts in the page with `textContent`; `<`, `>` and `&` are written as `\\u003c`...
so no id can close the `<script>` element that holds it.
"""

from __future__ import annotations

import html
import json
import re
from importlib.resources import files
from typing import Any

from engine.actions import battle_records
from engine.debug.explain import decision_words, reason, what
from engine.debug.record import read_traces, replay
from engine.debug.session import describe_illegal, illegal_options
from engine.machine import Duel, declared_states
from engine.state import GameState
from engine.trace import TITLES, card_names
from engine.values.decisions import Decision, Option
from engine.values.events import RULES, Event, EventType
from engine.values.game import Location, Player, Position
from engine.values.text import printable

__all__ = ["NotReproduced", "attacks_line", "fidelity_lines", "frames", "page", "page_of_file", "panels",
           "scenario_marks", "script_json"]  # fmt: skip


class NotReproduced(ValueError):
    """The trace does not run again as recorded: its frames would show another battle."""

    def __init__(self, step: int | None, reason: str) -> None:
        super().__init__(f"the trace does not reproduce at step {step}: {reason}")
        self.step = step


# -- the frames: what the page shows at each step, computed here ---------------------------------
Marks = dict[int, str]  # the scenario's approximate library cards: position -> what differs (engine.cards)


def _names(state: GameState, marks: Marks) -> list[str]:
    """The cards' names as the page shows them: an approximate library card's marked '(approximate)'."""
    return [f"{n} (approximate)" if i in marks else n for i, n in enumerate(card_names(state))]


def _label(state: GameState, i: int, marks: Marks) -> str:
    return _names(state, marks)[i]


def scenario_marks(scenario: Any) -> Marks:
    """The approximate library cards a trace's scenario (its JSON, as the header keeps it) names."""
    from engine.cards import approximate_in

    cards = scenario.get("cards") if isinstance(scenario, dict) else None
    if not isinstance(cards, list):
        return {}
    return approximate_in(c.get("card") if isinstance(c, dict) and isinstance(c.get("card"), str) else None
                          for c in cards)  # fmt: skip


def fidelity_lines(scenario: Any) -> list[str]:
    """One line for each approximate library card the scenario names (shown under the page's title)."""
    from engine.cards import fidelity_notes

    cards = scenario.get("cards") if isinstance(scenario, dict) else None
    keys = [c.get("card") for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []
    return [printable(n) for n in fidelity_notes(k for k in keys if isinstance(k, str))]


def _position(position: Position | None) -> str:
    if position is Position.SET:
        return "face-down Defense Position"
    return "Attack Position" if position is Position.ATTACK else "Defense Position"


def _side(duel: Duel, player: Player, marks: Marks) -> dict[str, Any]:
    from engine.rules.stats import current_stats

    s = duel.state
    b = s.battle
    monsters, spells, graveyard, banished = [], [], [], []
    for i, c in enumerate(s.cards):
        if c.location is Location.MONSTER_ZONE and c.controller is player:
            atk, def_ = current_stats(duel.ctx, i)
            role = "attacker" if i == b.attacker else "target" if i == b.target else ""
            monsters.append({
                "id": printable(c.id), "label": _label(s, i, marks), "atk": atk, "def": def_,
                "base_atk": c.base_atk, "base_def": c.base_def,
                "position": _position(c.position), "face_down": c.position is Position.SET,
                "destroyed": c.battle_destroyed, "role": role, "approximate": marks.get(i),
            })  # fmt: skip
        elif c.location is Location.SPELL_TRAP_ZONE and c.controller is player:
            spells.append({"id": printable(c.id), "label": _label(s, i, marks), "face_down": c.face_down,
                           "approximate": marks.get(i)})  # fmt: skip
        elif c.location is Location.GRAVEYARD and c.owner is player:
            graveyard.append(_label(s, i, marks))
        elif c.location is Location.BANISHED and c.owner is player:
            banished.append(_label(s, i, marks))
    return {"player": player.name, "lp": s.players[player].lp, "monsters": monsters, "spells": spells,
            "graveyard": graveyard, "banished": banished}  # fmt: skip


def _chain(state: GameState, marks: Marks) -> dict[str, Any] | None:
    w = state.window
    if w is None or not w.chain:
        return None
    names = _names(state, marks)
    links = []
    for i, link in enumerate(w.chain):
        if i in w.negated_links:
            status = "negated"
        elif w.resolving >= 0 and i > w.resolving:
            status = "resolved"
        elif i == w.resolving:
            status = "resolving"
        else:
            status = "on the chain"
        links.append({"n": i + 1, "card": names[link.card], "player": link.player.name, "speed": link.speed,
                      "status": status})  # fmt: skip
    return {"window": w.window.value, "resolving": w.resolving >= 0, "links": links}


def _attack(state: GameState, marks: Marks) -> tuple[int | None, str | None]:
    """The attack under way (or the last one declared): its number from 0 and what it is ("m2 attacks x");
    (None, None) before the first declaration. While the attack is open its battle names the target (a
    replay may have changed it)."""
    records = battle_records(state)
    if not records:
        return None, None
    n, r = len(records) - 1, records[-1]
    attacker, target = (r.attacker, r.target) if r.log_end is not None else (state.battle.attacker, state.battle.target)
    on = "directly" if target is None else _label(state, target, marks)
    return n, f"{_label(state, attacker, marks)} attacks {on}"


def _illegal(duel: Duel, marks: Marks) -> list[dict[str, str]]:
    """The options the deciding player does not have now, each with the rule's reason: the same list as the
    stepper's `illegal` (`engine.debug.session.illegal_options`); empty when no decision is pending."""
    refused = illegal_options(duel)
    labels = describe_illegal(duel, refused, _names(duel.state, marks))
    return [{"option": label, "reason": printable(why)} for label, (_o, why) in zip(labels, refused, strict=True)]


def _outcome(state: GameState) -> str | None:
    if state.draw:
        return "The Duel is over: a draw"
    if state.winner is not None:
        return f"The Duel is over: {state.winner} wins"
    return None


class _Snapshots:
    """Listens to a replay and keeps one frame per trace record, taken just after the record."""

    def __init__(self, marks: Marks) -> None:
        self.frames: list[dict[str, Any]] = []
        self.duel: Duel | None = None
        self.marks = marks

    def start(self, duel: Duel) -> None:
        self.duel = duel
        duel.on_event(self._event)
        duel.on_decision(self._decision)

    def _frame(self, entry: dict[str, Any]) -> None:
        duel = self.duel
        assert duel is not None
        s = duel.state
        k = len(self.frames)
        window = s.current_window()
        sides = [_side(duel, p, self.marks) for p in Player]
        before = self.frames[-1]["sides"] if self.frames else sides
        for side, old in zip(sides, before, strict=True):
            side["delta"] = side["lp"] - old["lp"]
        attack, attack_what = _attack(s, self.marks)
        self.frames.append({
            "step": k, "phase": s.phase.value, "phase_title": TITLES.get(s.phase.value, s.phase.value),
            "window": window.value if window is not None else None,
            "sides": sides, "chain": _chain(s, self.marks), "outcome": _outcome(s),
            "attack": attack, "attack_what": attack_what,
            "attack_label": None if attack is None else f"Attack {attack + 1}: {attack_what}",
            "illegal": _illegal(duel, self.marks),
            "hash": s.state_hash(), **entry,
        })  # fmt: skip

    def _event(self, event: Event) -> None:
        assert self.duel is not None
        s = self.duel.state
        k = len(s.log) - 1
        heading = event.type is EventType.PHASE_ENTERED
        line = TITLES.get(event.detail, event.detail) if heading else what(s, k)
        self._frame({
            "kind": "event", "type": event.type.value, "heading": heading, "line": line,
            "rule": printable(event.rule), "rule_text": RULES.get(event.rule, "an embedder's own rule"),
            "why": reason(s, k),
        })  # fmt: skip

    def _decision(self, duel: Duel, decision: Decision, option: Option) -> None:
        names = _names(duel.state, self.marks)
        options = decision.describe(names)
        chosen = decision.options.index(option) if option in decision.options else -1
        line, why_text = decision_words(decision, option, names)  # as the stepper's `explain K` says it
        self._frame({
            "kind": "decision", "type": "decision", "heading": False, "line": line,
            "rule": "agent", "rule_text": RULES["agent"], "why": why_text,
            "decision": {"player": decision.player.name, "kind": decision.kind.value, "options": options,
                         "chosen": chosen},
        })  # fmt: skip


def frames(trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One frame per record of `trace` (header first), by running it again; NotReproduced if the
    run differs from the trace anywhere."""
    snaps = _Snapshots(scenario_marks(trace[0].get("scenario")))
    outcome = replay(trace, on_start=snaps.start)
    if not outcome.ok:
        raise NotReproduced(outcome.step, outcome.reason)
    if trace[0].get("partial") is True:  # a line of play saved before its end: the run went on past it
        del snaps.frames[len(trace) - 1 :]
    if len(snaps.frames) != len(trace) - 1:  # every record has its frame, taken at its own moment
        raise NotReproduced(len(snaps.frames), "the viewer saw another number of steps than the trace has")
    return snaps.frames


# -- the page ----------------------------------------------------------------------------------
def _resource(name: str) -> str:
    return files("engine.viewer").joinpath(name).read_text(encoding="utf-8")


def script_json(value: Any) -> str:
    """JSON that is inert inside a `<script>` element: no `<`, `>`, `&` (so no `</script>` or
    `<!--`), no `/` (so no URL either), every non-ASCII character escaped; JSON.parse reads it."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("/", "\\/")


def _text(value: str) -> str:
    """Scenario text as HTML character data, with `/` as an entity so it forms no URL either."""
    return html.escape(value, quote=True).replace("/", "&#47;")


_XML_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_SIZE = re.compile(r'<svg width="[^"]*" height="[^"]*"\s+viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"')
_SLOT = re.compile(r"\{\{(title|css|panels|data|js)\}\}")
DIAGRAM_HEIGHT = 180  # px: the compact drawing's labels at about their size; scrolled sideways to the current state


def inline_svg(svg: str) -> str:
    """`dot`'s SVG made fit for inlining in HTML: no XML prolog, DOCTYPE or comments, no xmlns
    attributes (the namespace comes from the HTML parser) and a fixed height in pixels."""
    body = _COMMENT.sub("", _XMLNS.sub("", _XML_PROLOG.sub("", svg, count=1)))

    def size(m: re.Match[str]) -> str:
        w, h = float(m.group(3)), float(m.group(4))
        width = round(w * DIAGRAM_HEIGHT / h)
        return f'<svg width="{width}" height="{DIAGRAM_HEIGHT}" viewBox="{m.group(1)} {m.group(2)} {w} {h}"'

    body, n = _SIZE.subn(size, body, count=1)
    if n != 1:
        raise RuntimeError("unexpected SVG from dot: no width, height and viewBox on its <svg> element")
    return f'<svg role="img" aria-label="the Damage Step state machine"{body[len("<svg") :]}'.strip()


def _diagram() -> str:
    from engine.diagram import GraphvizMissing, svg

    try:
        return inline_svg(svg(compact=True))
    except GraphvizMissing:
        return '<p class="note">(The drawing needs Graphviz\'s <code>dot</code>; the sequence is listed above.)</p>'


def panels() -> str:
    """The panels and the step navigation (panels.html, the machine's diagram in it): the markup render.js draws
    into, the same on the viewer's page and the ruling lab's."""
    text = _resource("panels.html")
    assert text.count("{{svg}}") == 1, "panels.html must hold {{svg}} exactly once"
    return text.replace("{{svg}}", _diagram())


def attacks_line(data_frames: list[dict[str, Any]]) -> str:
    """The page's subtitle, from the frames: each attack as it ended ("m1 attacks x, then m2 attacks y"; a
    replay's new target counts), whatever the scenario's shape (`attack`, `attacks`, `battle_phase`)."""
    last: dict[int, str] = {}
    for f in data_frames:
        if f["attack"] is not None:
            last[f["attack"]] = f["attack_what"]
    return ", then ".join(last[n] for n in sorted(last)) if last else "No attack is declared"


def page(trace: list[dict[str, Any]]) -> str:
    """The whole HTML page of one trace (header first). Raises NotReproduced."""
    head = trace[0]
    data_frames = frames(trace)
    sc = head.get("scenario") or {}
    title = f"Scenario {sc.get('id', head.get('scenario_id'))}"
    if sc.get("title"):
        title += f": {sc['title']}"
    data = {
        "title": printable(str(title)),
        "attack": attacks_line(data_frames),
        "engine": printable(str(head.get("engine"))),
        "states": [{"id": s, "title": TITLES.get(s, s)} for s in declared_states()],
        "frames": data_frames,
        "fidelity": fidelity_lines(sc),
    }
    values = {
        "title": _text(printable(str(title))),
        "css": _resource("viewer.css"),
        "panels": panels(),
        "data": script_json(data),
        "js": _resource("render.js") + _resource("viewer.js"),
    }
    template = _resource("template.html")
    for key in values:
        assert template.count("{{" + key + "}}") == 1, f"template.html must hold {{{{{key}}}}} exactly once"
    # one pass over the template: a value (scenario text) that holds "{{js}}" is not filled in again
    return _SLOT.sub(lambda m: values[m.group(1)], template)


def page_of_file(path: str, index: int = 0) -> str:
    """The page of trace `index` of a trace file (JSON lines; a file may hold several)."""
    with open(path, encoding="utf-8") as f:
        traces = list(read_traces(f))
    if not traces:
        raise ValueError("no trace in it (a trace starts with a header record)")
    if not 0 <= index < len(traces):
        raise ValueError(f"no trace {index} (it has {len(traces)})")
    return page(traces[index])

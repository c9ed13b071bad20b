"""Traces and replay: a run as JSON lines that anyone can run again and compare, step by step.

A trace is a header record (`"kind": "header"`: format, engine version, scenario id, the
scenario itself, rules profile, seed, executor), then one record per event and per decision
taken, in the order they completed, each with `"step"` (from 0), `"kind"` (`"event"` or
`"decision"`) and `"state_hash"` (`GameState.state_hash()` right after it: for a decision, the
state it answers, since the events it causes are the records that follow); events also carry
their `"rule"` and `"why"` (the debugger's sentence).

`replay(records)` runs the trace again from its header, answering each decision with the
recorded one, and reports the first step whose record differs (or that it reproduced them all).
A header with `"partial": true` (the stepper's `save` before the run's end) holds a line of play cut short: its
replay succeeds once every record it has is reproduced. The attacks a host declares itself (an `attacks`
scenario's, between Damage Steps) are `attack_declared` events with no decision before them: the replay makes
the same declarations, as it repeats a host's refused attempts (`refused` events). The first, made from Main Phase 1,
is declared once the Start Step has been played: the replay makes it from the scenario before running.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any

import attrs

from engine.build import parse_scenario, run_scenario, waits_for_host
from engine.debug.explain import reason
from engine.machine import Duel, Executor
from engine.scenario import Scenario, scenario_to_json
from engine.turns import IllegalAttack, UnknownCard
from engine.values.decisions import PASS, Decision, IllegalChoice, Option
from engine.values.events import Event, EventType
from engine.values.game import Phase, Player

TRACE_FORMAT = "damage-step-trace/1"


def engine_version() -> str:
    try:
        return version("damage-step-engine")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


class Recorder:
    """Follows a duel through its listeners and keeps the records of its trace."""

    def __init__(self, duel: Duel) -> None:
        self.duel = duel
        self.records: list[dict[str, Any]] = []
        self._detach = [duel.on_event(self._event), duel.on_decision(self._decision)]

    def close(self) -> None:
        for detach in self._detach:
            detach()

    def _add(self, record: dict[str, Any]) -> None:
        record["step"] = len(self.records)
        record["state_hash"] = self.duel.state.state_hash()
        self.records.append(record)

    def _event(self, event: Event) -> None:
        s = self.duel.state
        k = len(s.log) - 1
        self._add({"kind": "event", **event.to_json([c.id for c in s.cards]), "why": reason(s, k)})

    def _decision(self, duel: Duel, decision: Decision, option: Option) -> None:
        self._add({"kind": "decision", **option_to_json(duel, decision, option)})


def option_to_json(duel: Duel, decision: Decision, option: Option) -> dict[str, Any]:
    ids = [c.id for c in duel.state.cards]
    return {
        "player": decision.player.name,
        "decision": decision.kind.value,
        "window": decision.window.value,
        "activate": None if option.is_pass else ids[option.card],
        "effect": option.effect if not option.is_pass else None,
        "targets": [ids[t] for t in option.targets],
    }


def option_from_json(duel: Duel, record: dict[str, Any]) -> Option:
    """The option a decision record names, in this duel's card indexes."""
    if record.get("activate") is None:
        return PASS
    ids = [c.id for c in duel.state.cards]
    try:
        targets = tuple(ids.index(t) for t in record["targets"])
        return Option(ids.index(record["activate"]), int(record["effect"]), targets)
    except (KeyError, ValueError, TypeError) as e:
        raise IllegalChoice(f"the recorded decision names no option of this duel: {record}") from e


def header(sc: Scenario, executor: Executor, seed: int | None = None) -> dict[str, Any]:
    return {
        "kind": "header",
        "format": TRACE_FORMAT,
        "engine": engine_version(),
        "scenario_id": sc.id,
        "scenario": scenario_to_json(sc),
        "rules": attrs.asdict(sc.rules),
        "seed": seed,
        "executor": executor,
    }


def trace_scenario(sc: Scenario, executor: Executor = "fast") -> tuple[list[dict[str, Any]], Duel, Any]:
    """Run a scenario with its own choices and return its trace (header first), duel and agent."""
    recorders: list[Recorder] = []
    duel, agent = run_scenario(sc, executor=executor, on_start=lambda d: recorders.append(Recorder(d)))
    recorders[0].close()
    return [header(sc, executor), *recorders[0].records], duel, agent


def write_trace(records: Iterable[dict[str, Any]], out: IO[str]) -> None:
    for r in records:
        out.write(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n")


_WRITE_ONE = "a trace is written by `python -m engine run SCENARIO --trace FILE`"
_NOT_A_TRACE = f"this is not a trace: its first line is not a trace header ({_WRITE_ONE})"


def read_traces(lines: Iterable[str]) -> Iterator[list[dict[str, Any]]]:
    """The traces in a JSON-lines file: each starts at its header."""
    current: list[dict[str, Any]] | None = None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            if current is None:
                raise ValueError(_NOT_A_TRACE) from None
            raise ValueError(f"line {n}: invalid JSON: {e.msg}") from None
        if current is None and (type(r) is not dict or r.get("kind") != "header"):
            is_scenario = type(r) is dict and str(r.get("format", "")).startswith("damage-step-scenario")
            raise ValueError(f"this is a scenario, not a trace ({_WRITE_ONE})" if is_scenario else _NOT_A_TRACE)
        if type(r) is not dict or "kind" not in r:
            raise ValueError(f"line {n}: not a trace record (an object with a \"kind\")")
        if r["kind"] == "header":
            if current is not None:
                yield current
            current = [r]
        elif current is not None:
            current.append(r)
    if current is not None:
        yield current


def _fields_differ(expected: dict[str, Any], got: dict[str, Any]) -> str:
    """The fields two records disagree on, each with both values (what a reader of a tampered trace needs)."""
    keys = [k for k in (*expected, *(k for k in got if k not in expected)) if expected.get(k) != got.get(k)]
    return "; ".join(f"{k}: the trace has {json.dumps(expected.get(k))}, the run {json.dumps(got.get(k))}"
                     for k in keys)  # fmt: skip


@attrs.frozen
class Replay:
    """How a replay went: `reproduced` steps matched; `step`, `expected`, `got` name the first
    difference (None when there is none)."""

    scenario_id: str | None
    reproduced: int
    step: int | None = None
    expected: dict[str, Any] | None = None
    got: dict[str, Any] | None = None
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.step is None


def replay(trace: list[dict[str, Any]], on_start: Callable[[Duel], object] | None = None) -> Replay:
    """Run `trace` again from its header, feeding its decisions; compare every record.
    `on_start(duel)` is called once the replay's recorder listens, so listeners it attaches see
    each event and decision after the recorder has made its record (the viewer's snapshots)."""
    head, expected = trace[0], trace[1:]
    if head.get("format") != TRACE_FORMAT:
        raise ValueError(f"not a {TRACE_FORMAT} trace header: {head.get('format')!r}")
    sc = parse_scenario(head["scenario"])
    from engine.build import new_duel, state_from_scenario

    state = state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    duel = new_duel(state, executor=head.get("executor", "fast"))
    rec = Recorder(duel)
    got = rec.records
    if on_start is not None:
        on_start(duel)

    partial = head.get("partial") is True  # a line of play saved before its end (the stepper's `save`)
    if sc.attacks and duel.state.phase is Phase.MAIN_PHASE_1:
        # The first listed attack is declared from Main Phase 1 and made in the Battle Step, once the Start Step is
        # played (rules spec §BP.1): its `attack_declared` event comes after the Start Step's records, so the host's
        # move is not one of them; the loader has checked it can be declared.
        first = sc.attacks[0]
        duel.declare_attack(first.attacker, first.target)

    def first_difference() -> Replay | None:
        for k in range(len(got)):
            if k >= len(expected):  # not a wrong answer: the trace has nothing more to compare
                if partial:
                    return Replay(sc.id, len(expected))
                return Replay(sc.id, k, k, None, got[k], "the trace ends here but the run goes on (cut short?)")
            if got[k] != expected[k]:
                want = expected[k]
                if k > 0 and expected[k - 1].get("kind") == "decision":  # the answer led elsewhere
                    return Replay(sc.id, k - 1, k - 1, expected[k - 1], got[k],
                                  f"the decision recorded at step {k - 1} does not lead to step {k} as recorded")
                differ = _fields_differ(want, got[k])
                return Replay(sc.id, k, k, want, got[k], f"the run produced a different record ({differ})")
        return None

    while True:
        nxt = expected[len(got)] if len(got) < len(expected) else None
        if _host_declaration(duel, nxt):  # an `attacks` scenario: the host declares the next listed attack
            assert nxt is not None
            try:
                duel.declare_attack(nxt["card"], (nxt.get("targets") or [None])[0])
            except (IllegalAttack, UnknownCard) as e:
                return Replay(sc.id, len(got), len(got), nxt, None, f"the recorded attack cannot be declared: {e}")
            if (bad := first_difference()) is not None:
                return bad
            continue
        d = duel.advance()
        if (bad := first_difference()) is not None:
            return bad
        nxt = expected[len(got)] if len(got) < len(expected) else None
        if nxt is not None and nxt.get("kind") == "event" and nxt.get("type") == EventType.REFUSED.value:
            _refuse(duel, nxt)  # a host's refused attempt is an input, as a decision is
            continue
        if d is None:
            if _host_declaration(duel, nxt):
                continue
            break
        if nxt is None and partial:
            return Replay(sc.id, len(expected))
        if nxt is None or nxt.get("kind") != "decision":
            return Replay(sc.id, len(got), len(got), nxt, None,
                          f"the run waits for {d.player}'s {d.kind.value} decision, which the trace does not have")
        try:
            option = option_from_json(duel, nxt)
            if sc.attacks and option.is_attack and waits_for_host(duel):  # the host answered it (`run_battle_phase`)
                duel.declare_attack(option.card, option.targets[0] if option.targets else None)
            else:
                duel.decide(option, Player[nxt["player"]])
        except (IllegalChoice, IllegalAttack, KeyError) as e:
            return Replay(sc.id, len(got), len(got), nxt, None, f"the recorded decision is not legal here: {e}")
    rec.close()
    if len(got) < len(expected):
        return Replay(sc.id, len(got), len(got), expected[len(got)], None, "the run ended before the trace did")
    return Replay(sc.id, len(got))


def _host_declaration(duel: Duel, record: dict[str, Any] | None) -> bool:
    """Whether `record` is an attack the host declared itself (`Duel.declare_attack` with nothing pending, as an
    `attacks` scenario's run does between attacks): an input to the replay, as a decision is."""
    if record is None or record.get("kind") != "event" or record.get("type") != EventType.ATTACK_DECLARED.value:
        return False
    return waits_for_host(duel) and not duel.state.duel_over


def _refuse(duel: Duel, record: dict[str, Any]) -> None:
    ids = [c.id for c in duel.state.cards]
    card = ids.index(record["card"]) if record.get("card") in ids else -1
    duel.refuse(Player[record["player"]], Option(card, int(record.get("effect", -1))), str(record.get("detail", "")))

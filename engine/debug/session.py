"""A debugging session over a `Duel`: step, break, look, ask why, go back, try otherwise.

The engine works in small atomic units (enter a state, one priority, one link resolving...);
after each unit the session records a *point* (`history`): its index, sub-timing, the last
event, the pending decision, the state's fingerprint and a snapshot (a clone: the state is
plain data, so going back is exact). `rewind`/`goto` restore a point; a different decision
taken there starts a new *branch*, and the old one stays in `branches` to compare with.

Within one unit several events may happen (damage calculation: values, damage, destruction);
`step_event` shows them one at a time, and the state shown is the one after the unit.

**Step numbers.** The session keeps the records of the line of play it is on exactly as a trace holds them
(`engine.debug.record`: one record per event and per decision, numbered from 0), so step K of the session is step
K of the trace `records()` writes and frame K of the viewer's page (`#step=K`): `explain_step`, `goto_step` and
`step_number` speak in those numbers. (`explain(i)` takes an index in `state.log`, which counts events only.)

**A host's side.** A scenario whose attacks the host declares (`attacks`) gives the session a `host`: called
before each unit, it declares the next listed attack when the duel waits for one (`engine.build.ListedAttacks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from engine.debug.explain import decision_words, explain, why
from engine.debug.record import Recorder, option_from_json
from engine.rules import legality
from engine.state import GameState
from engine.trace import card_names
from engine.values.decisions import Decision, DecisionKind, IllegalChoice, Option, attack_option
from engine.values.effects import EffectKind
from engine.values.events import Event, EventType
from engine.values.game import Location, Phase, Player, Window
from engine.values.text import did_you_mean, printable

if TYPE_CHECKING:
    from engine.machine import Duel


@attrs.frozen
class Point:
    """One moment of the run: after `log_length` events, in `phase`."""

    index: int
    phase: Phase
    window: Window | None
    last_event: Event | None
    pending: Decision | None
    state_hash: str
    log_length: int
    snapshot: GameState = attrs.field(repr=False, eq=False)
    records: int = 0  # records (events and decisions) of the line of play up to this point: its step is records - 1
    new_records: tuple[dict[str, Any], ...] = attrs.field(default=(), repr=False, eq=False)  # those its unit made
    host: object = attrs.field(default=None, repr=False, eq=False)  # the host's own state here (Host.save)


@attrs.define
class Branch:
    """A line of play: its points, and the decisions taken (point index -> option)."""

    number: int
    points: list[Point]
    decisions: dict[int, Option] = attrs.Factory(dict)
    parent: tuple[int, int] | None = None  # (branch, point) it left from

    @property
    def final(self) -> Point:
        return self.points[-1]


Condition = Callable[["Duel", Event], bool]


class Host(Protocol):
    """What the session asks of a host that acts between units (an `attacks` scenario's declarations)."""

    def act(self, duel: Duel) -> bool:
        """Act if the duel waits for the host (True: it did, and the duel moved on)."""

    def save(self) -> object:
        """The host's own state, kept with each point."""

    def load(self, saved: object) -> None:
        """Go back to a state `save` returned (the session's rewind)."""


@attrs.frozen
class Breakpoint:
    """Stop after an event that matches every condition given (window or state name, event
    type, card id, and a predicate)."""

    number: int
    window: str | None = None
    event: str | None = None
    card: str | None = None
    when: Condition | None = None

    def matches(self, duel: Duel, e: Event) -> bool:
        if self.window is not None and self.window not in (e.phase.value, e.window.value if e.window else None):
            return False
        if self.event is not None and e.type.value != self.event:
            return False
        if self.card is not None:
            ids = [c.id for c in duel.state.cards]
            touched = [e.card] if e.card is not None else []
            touched += list(dict(e.data).get("targets", ()))
            if self.card not in [ids[i] for i in touched]:
                return False
        return self.when is None or self.when(duel, e)

    def describe(self) -> str:
        parts = [f"{k}={v}" for k, v in (("window", self.window), ("event", self.event), ("card", self.card)) if v]
        if self.when is not None:
            parts.append("when=<condition>")
        return f"#{self.number} " + " ".join(parts)


class Session:
    """Drive a duel for a person: stepping, breakpoints, history, branches, explanations."""

    def __init__(self, duel: Duel, host: Host | None = None) -> None:
        self.duel = duel
        self.host = host
        self._recorder = Recorder(duel)  # the records of the line of play, numbered as a trace numbers them
        self._log_start = len(duel.state.log)  # events logged before the session began are no step of it
        self.breakpoints: list[Breakpoint] = []
        self._next_break = 1
        self.branches: list[Branch] = [Branch(0, [])]
        self.branch = 0
        self.cursor = -1  # the point the duel is at, in the current branch
        self.shown = len(duel.state.log)  # events shown so far by step_event
        self._record()

    # -- where we are ------------------------------------------------------------------------------
    @property
    def history(self) -> list[Point]:
        """Every point of the current branch up to where the duel is."""
        return self.branches[self.branch].points[: self.cursor + 1]

    @property
    def point(self) -> Point:
        return self.history[-1]

    @property
    def state(self) -> GameState:
        return self.duel.state

    @property
    def is_stopped(self) -> bool:
        """The line of play has run as far as it goes: nothing more runs without the host (`Duel.is_stopped`)
        and no decision is pending."""
        return self.duel.is_stopped and self.duel.pending_decision is None

    @property
    def is_over(self) -> bool:
        """The Duel is over (`Duel.is_over`)."""
        return self.duel.is_over

    def _record(self) -> Point:
        s = self.duel.state
        records = self._recorder.records
        before = self.point.records if self.cursor >= 0 else 0
        p = Point(
            len(self.history), s.phase, s.current_window(), s.log[-1] if s.log else None, s.pending,
            s.state_hash(), len(s.log), s.clone(), len(records), tuple(records[before:]),
            None if self.host is None else self.host.save(),
        )  # fmt: skip
        branch = self.branches[self.branch]
        if self.cursor + 1 < len(branch.points):  # moving on from an earlier point
            known = branch.points[self.cursor + 1]
            if known.state_hash == p.state_hash and known.log_length == p.log_length:
                self.cursor += 1  # the same play again: follow the branch
                return known
            self._fork()  # something different happened: a what-if branch
            branch = self.branches[self.branch]
        branch.points.append(p)
        self.cursor = len(branch.points) - 1
        return p

    def _fork(self) -> None:
        old = self.branches[self.branch]
        new = Branch(len(self.branches), old.points[: self.cursor + 1],
                     {k: v for k, v in old.decisions.items() if k < self.cursor}, (old.number, self.cursor))
        self.branches.append(new)
        self.branch = new.number

    # -- moving forward -----------------------------------------------------------------------------
    def _unit(self) -> bool:
        """One atomic unit of engine work (or the host's declaration), then a point. False if the duel waits or
        is over."""
        try:
            if not (self.host is not None and self.host.act(self.duel)) and not self.duel.work():
                return False
        except BaseException:  # a host's effect raised (EffectError): the duel is put back, so are its records
            self._forget_unrecorded()
            raise
        self._record()
        return True

    def _forget_unrecorded(self) -> None:
        """Drop the records made since the last point (by a call that raised, the duel put back as it was); what
        happened up to that point has been shown."""
        del self._recorder.records[self.point.records :]
        self.shown = self.point.log_length

    def step(self) -> list[Event]:
        """Run until the machine enters its next state (or a decision is pending)."""
        start, phase = len(self.state.log), self.state.phase
        while self.state.phase is phase and self._unit():
            pass
        self.shown = len(self.state.log)
        return self.state.log[start:]

    def step_event(self) -> Event | None:
        """The next event (running the engine only when every event so far has been shown)."""
        while self.shown >= len(self.state.log):
            if not self._unit():
                return None
        self.shown += 1
        return self.state.log[self.shown - 1]

    def next_decision(self) -> Decision | None:
        """Run to the next pending decision (None: the run ended first)."""
        while self._unit():
            pass
        self.shown = len(self.state.log)
        return self.duel.pending_decision

    def cont(self) -> Breakpoint | Decision | None:
        """Run to the next breakpoint (returned), the next decision (returned), or the end (None)."""
        while True:
            # Every event not shown yet is checked, not only those of the next unit: the rest of
            # the unit a breakpoint stopped in, and the events a decision caused, come first.
            log = self.state.log
            for k in range(self.shown, len(log)):
                hit = next((b for b in self.breakpoints if b.matches(self.duel, log[k])), None)
                if hit is not None:
                    self.shown = k + 1
                    return hit
            self.shown = len(log)
            if not self._unit():
                return self.duel.pending_decision

    def decide(self, option: Option) -> None:
        """Answer the pending decision; from an earlier point, a different answer starts a branch."""
        try:
            self.duel.decide(option)  # raises IllegalChoice (state unchanged) before anything is recorded
        except BaseException:  # (or EffectError from a host's effect, the duel put back: its records too)
            self._forget_unrecorded()
            raise
        at = self.cursor
        self._record()  # forks if this answer differs from the one taken here before
        self.branches[self.branch].decisions[at] = option  # the events it caused are shown next

    # -- breakpoints -------------------------------------------------------------------------------
    def break_on(self, window: str | None = None, event: str | None = None, card: str | None = None,
                 when: Condition | None = None) -> Breakpoint:
        """Stop `cont()` after an event matching all the given conditions."""
        if window is None and event is None and card is None and when is None:
            raise ValueError("a breakpoint needs a window, an event, a card or a condition")
        names = {p.value for p in Phase} | {w.value for w in Window}
        if window is not None and window not in names:
            raise ValueError(f"no window or state {window!r}; one of: {', '.join(sorted(names))}")
        if event is not None and event not in {t.value for t in EventType}:
            raise ValueError(f"no event type {event!r}; one of: {', '.join(t.value for t in EventType)}")
        if card is not None and card not in [c.id for c in self.state.cards]:
            raise ValueError(self._no_card(card))
        b = Breakpoint(self._next_break, window, event, card, when)
        self._next_break += 1
        self.breakpoints.append(b)
        return b

    def _no_card(self, card: str, most: int = 20) -> str:
        """The error for an unknown card id, naming the valid ones (the first `most` of them)."""
        ids = [printable(c.id) for c in self.state.cards]
        more = f", ... ({len(ids) - most} more)" if len(ids) > most else ""
        hint = did_you_mean(card, [c.id for c in self.state.cards])
        return f"no card {card!r} in this duel{hint}; one of: {', '.join(ids[:most])}{more}"

    def remove_breakpoint(self, number: int) -> None:
        before = len(self.breakpoints)
        self.breakpoints = [b for b in self.breakpoints if b.number != number]
        if len(self.breakpoints) == before:
            raise ValueError(f"no breakpoint #{number}")

    # -- going back --------------------------------------------------------------------------------
    def goto(self, k: int, branch: int | None = None) -> Point:
        """Put the duel back exactly at point `k` (of `branch`, default the current one)."""
        b = self.branches[self.branch if branch is None else branch]
        if not 0 <= k < len(b.points):
            raise IndexError(f"no point {k}: branch {b.number} has points 0..{len(b.points) - 1}")
        self.branch, self.cursor = b.number, k
        p = b.points[k]
        self._restore(p)
        return p

    def rewind(self, n: int = 1) -> Point:
        """Go back `n` points."""
        if n < 0:
            raise ValueError("rewind goes back: n must be 0 or more")
        return self.goto(max(0, self.cursor - n))

    def _restore(self, p: Point) -> None:
        self.duel.restore(p.snapshot.clone())  # the snapshot itself stays untouched for later gotos
        self.shown = p.log_length
        self._recorder.records[:] = [r for q in self.history for r in q.new_records]
        if self.host is not None:
            self.host.load(p.host)

    # -- step numbers (the trace's) -------------------------------------------------------------------
    def records(self) -> list[dict[str, Any]]:
        """The records of the line of play up to where the duel is, as a trace holds them (without its header:
        `engine.debug.record.header` makes one): what `save` writes, and what the step numbers count."""
        return list(self._recorder.records)

    def _event_steps(self) -> list[int]:
        """The step number of each event of the log (index in `state.log` -> step; -1 for the events logged before
        the session began, which are no step of its line of play)."""
        return [-1] * self._log_start + [k for k, r in enumerate(self._recorder.records) if r["kind"] == "event"]

    def step_number(self) -> int:
        """The step the session is at (-1 before anything happened): its point's last record, or, while the
        events of the point's unit are shown one at a time, the record before the first event not shown yet."""
        steps = self._event_steps()
        last = self.point.records - 1
        return min(last, steps[self.shown] - 1) if self.shown < len(steps) else last

    def goto_step(self, k: int) -> Point:
        """Go to the moment of step `k` of this branch (the trace's and the viewer's step `k`): the point whose
        unit made that record, with the events up to it shown (the field is the one after the whole unit)."""
        points = self.branches[self.branch].points
        if not 0 <= k < points[-1].records:
            so_far = f"steps 0..{points[-1].records - 1}" if points[-1].records else "no step"
            raise IndexError(f"no step {k}: branch {self.branch} has {so_far} so far")
        first = next(q for q in points if q.records > k)  # its unit made record k; the last point with the same
        p = self.goto(max(q.index for q in points if q.records == first.records))  # records: any decision it offers
        self.shown = self._log_start + sum(1 for r in self._recorder.records[: k + 1] if r["kind"] == "event")
        return p

    def explain_step(self, k: int) -> str:
        """What step `k` of the line of play was and why: an event's explanation, or the decision taken."""
        records = self._recorder.records
        if not 0 <= k < len(records):
            raise IndexError(f"no step {k} yet ({f'steps 0..{len(records) - 1}' if records else 'no step'} so far)")
        r = records[k]
        if r["kind"] == "event":
            return self.explain(self._log_start + sum(1 for q in records[:k] if q["kind"] == "event"))
        line, why_text = decision_words(*decision_of(self.duel, r), card_names(self.state))
        return f"{line}: {why_text}"

    # -- asking why --------------------------------------------------------------------------------
    def explain(self, event: Event | int | None = None) -> str:
        """What happened and why, for an event (or its index in the log; default: the last shown)."""
        log = self.state.log
        if event is None:
            k = self.shown - 1
        elif isinstance(event, int):
            k = event
        else:
            k = max(i for i, e in enumerate(log) if e == event) if event in log else -1
        if not 0 <= k < len(log):
            raise IndexError(f"no event {event!r} in the log (it has {len(log)} events)")
        return explain(self.state, k)

    def why(self, card: str | int) -> str:
        """Where a card is and the events that put it there, numbered by step."""
        return why(self.state, self._index(card), self._event_steps())

    def why_illegal(self, option: Option) -> str | None:
        """In one sentence, why `option` cannot be taken now (None if it can)."""
        return self.duel.why_illegal(option)

    def why_not(self, card: str | int) -> list[str]:
        """Whether each effect of this card that is activated could be activated now, by its player, and if not the
        rule that refuses it (issue 24, "why not?"; `why_not` of this module)."""
        return why_not(self.duel, self._index(card))

    def illegal_options(self) -> list[tuple[Option, str]]:
        """The options the pending decision's player does not have now, each with the rule that refuses it
        (`illegal_options` of this module: the stepper's `illegal` and the viewer's frames read the same)."""
        return illegal_options(self.duel)

    def _index(self, card: str | int) -> int:
        ids = [c.id for c in self.state.cards]
        if isinstance(card, str):
            if card not in ids:
                raise ValueError(self._no_card(card))
            return ids.index(card)
        return card

    def legal_options(self) -> tuple[Option, ...]:
        return self.duel.legal_options()


def decision_of(duel: Duel, record: dict[str, Any]) -> tuple[Decision, Option]:
    """The decision a trace record names (its answer as its one option) and the answer, in `duel`'s indexes."""
    option = option_from_json(duel, record)
    kind, window = DecisionKind(record["decision"]), Window(record["window"])
    return Decision(Player[record["player"]], kind, window, (option,)), option


def describe_decision(duel: Duel, record: dict[str, Any]) -> str:
    """A decision record in a line ("A decides (priority): pass")."""
    return decision_words(*decision_of(duel, record), card_names(duel.state))[0]


# -- "why not?" (issue 24): one implementation, for the session, the stepper and the viewer's frames ------------
def why_not(duel: Duel, index: int) -> list[str]:
    """Whether each effect of card `index` that is activated could be activated now, by its player, and if not the
    rule that refuses it: the engine's own legality (`rules.legality`), which is what a choice of it would be
    refused for."""
    s = duel.state
    c = s.cards[index]
    player = c.owner if c.location is Location.HAND else c.controller
    out = []
    for k, eff in enumerate(c.effects):
        if eff.kind is EffectKind.CONTINUOUS:
            continue
        if eff.kind.is_triggered:
            d = duel.pending_decision
            placed = d is not None and any(o.card == index and o.effect == k for o in d.options)
            out.append(f"effect {k} ({eff.kind.value}): " + ("it can be placed on the chain now" if placed
                       else "a triggered effect, activated when its event happens"))  # fmt: skip
            continue
        if s.window is None:
            where = legality.location_problem(duel.ctx, player, c, eff)
            out.append(f"effect {k}: {player} cannot activate it now: "
                       + (where or "no window is open (the machine is between states)"))  # fmt: skip
            continue
        problem = legality.activation_problem(duel.ctx, player, index, k, None)
        if problem is not None:
            out.append(f"effect {k}: {player} cannot activate it now: {problem}")
        else:
            out.append(f"effect {k}: {_whose_turn_to_act(duel, player)}")
    return out


def _whose_turn_to_act(duel: Duel, player: Player) -> str:
    """For an effect the rules let `player` activate in this window: whether they can now, which only the player
    holding priority can (rulebook, "Chains and Spell Speed": a player may activate only when they have priority);
    else who holds it, or that nobody does at this moment (issue 42: "B can activate it now" while A held it)."""
    d = duel.pending_decision
    if d is None:
        return f"{player} could activate it at their priority in this window (nobody holds priority at this moment)"
    if d.player is player:
        return f"{player} can activate it now"
    if d.kind is DecisionKind.PRIORITY:
        return f"{player} cannot activate it now: {d.player} holds priority ({player} could once {d.player} passes)"
    return f"{player} cannot activate it now: {d.player} is deciding ({d.kind.value}); {player} does not hold priority"


def illegal_options(duel: Duel) -> list[tuple[Option, str]]:
    """The options the pending decision's player does not have now, each with the rule that refuses it: the
    activated effects of their cards, and in the Battle Step the attacks their monsters cannot declare (issue 24:
    the options a player might expect, greyed, with their reasons). Empty when no decision is pending."""
    d = duel.pending_decision
    if d is None:
        return []
    s = duel.state
    out: list[tuple[Option, str]] = []
    for ci, c in enumerate(s.cards):
        mine = c.owner if c.location is Location.HAND else c.controller
        if mine is not d.player:
            continue
        for k, eff in enumerate(c.effects):
            if eff.kind is not EffectKind.ACTIVATED or any(o.card == ci and o.effect == k for o in d.options):
                continue
            reason = duel.why_illegal(Option(ci, k, ()))
            if reason is not None:
                out.append((Option(ci, k, ()), reason))
    if d.window is Window.BATTLE_STEP and d.player is s.turn_player:
        foes = [i for i, c in enumerate(s.cards)
                if c.location is Location.MONSTER_ZONE and c.controller is not s.turn_player]  # fmt: skip
        for ci, c in enumerate(s.cards):
            if c.location is not Location.MONSTER_ZONE or c.controller is not s.turn_player:
                continue
            for target in (*foes, None):
                option = attack_option(ci, target)
                if option not in d.options and (reason := duel.why_illegal(option)) is not None:
                    out.append((option, reason))
    return out


def describe_illegal(duel: Duel, refused: list[tuple[Option, str]], names: list[str] | None = None) -> list[str]:
    """Each refused option in words, as the pending decision words its own options ("activate rush effect 0")."""
    d = duel.pending_decision
    if d is None or not refused:
        return []
    return Decision(d.player, d.kind, d.window, tuple(o for o, _ in refused), d.cards).describe(names)


__all__ = [
    "Branch", "Breakpoint", "Host", "IllegalChoice", "Point", "Session", "decision_of", "describe_decision",
    "describe_illegal", "illegal_options", "why_not",
]

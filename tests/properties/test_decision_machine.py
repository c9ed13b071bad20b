"""The decision API as a state machine (hypothesis.stateful): legal and illegal answers, clones, the end.

Rules take a random legal decision; try an option not offered, an option of an earlier decision, an answer after
the end, a malformed value; clone and play on the clone; rewind to an earlier decision (`Duel.restore` of a
saved clone, or the debugger's `Session.goto`) and replay or play otherwise. Invariants after every step: only
`IllegalChoice` from an illegal answer, which changes nothing (README: "an illegal option raises IllegalChoice
naming why, and changes nothing"); every card in exactly one place; LP never below 0 (§2.7); from any state the
run ends within a bound of decisions (`pass_out_bound`); after a rewind the state hash is the one recorded at
that point, and the same decisions replayed from there give the same log as the first time (the engine is
deterministic: the state holds everything the run depends on).
"""

from __future__ import annotations

from typing import Any

import pytest
from bounded import capped
from hypothesis import assume, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import examples, scenarios

import engine
from engine import IllegalChoice, Location, Option
from engine.debug.session import Session
from engine.rules.tokens import is_token

_TRIGGERED = (engine.EffectKind.TRIGGER, engine.EffectKind.FLIP)


def pass_out_bound(state: engine.GameState) -> int:
    """How many decisions a run takes at most from `state` if every player passes and declines what is optional.

    The machine is acyclic (`engine.machine.TRANSITIONS` only go forward), so at most the 5 windows are left.
    In a window where nobody activates anything, chains are built only from triggered effects: every trigger
    decision places one of them or declines a group (at most 2 per triggered effect, counting each effect once
    per window), and every chain then needs 2 passes to resolve, plus 2 passes to close the window. With T
    triggered effects on the cards that is at most 2T + 2(T + 1) decisions per window; the window open now
    may also hold a chain built before (its links resolve on the same 2 passes, +2 for safety).
    """
    t = sum(e.kind in _TRIGGERED for c in state.cards for e in c.effects)
    return 5 * (4 * t + 2) + 2


def pass_out(duel: engine.Duel) -> int:
    """Play to the end passing / declining (placing mandatory triggers); return the number of decisions."""
    bound = pass_out_bound(duel.state)
    n = 0
    while (d := duel.advance()) is not None:
        duel.decide(engine.PassAgent().choose(d, duel))
        n += 1
        assert n <= bound, f"more than {bound} decisions without anyone activating anything"
    return n


MALFORMED = st.one_of(
    st.none(), st.integers(), st.text(max_size=4), st.just(()), st.just((-1, -1, ())),
    st.builds(Option, st.text(max_size=2), st.integers(-1, 3), st.just(())),
    st.builds(Option, st.integers(-1, 3), st.floats(), st.just(())),
    st.builds(Option, st.integers(0, 3), st.integers(0, 3), st.lists(st.integers(0, 3), min_size=1)),
    st.builds(Option, st.booleans(), st.integers(0, 3), st.just(())),
)


class Point:
    """A decision point of the line being played: a snapshot, its hash and log, and the answer taken there."""

    def __init__(self, duel: engine.Duel) -> None:
        self.snapshot = duel.state.clone()
        self.state_hash = duel.state.state_hash()
        self.log = tuple(duel.state.log)
        self.options = duel.legal_options()
        self.taken: Option | None = None


def replay(duel: engine.Duel, line: list[Point], start: int) -> None:
    """From `line[start]` (where `duel` now is), give the answers taken the first time; each point must come back."""
    for k in range(start, len(line) - 1):
        answer = line[k].taken
        assert answer is not None and duel.legal_options() == line[k].options
        duel.decide(answer)
        duel.advance()
        nxt = line[k + 1]
        assert duel.state.state_hash() == nxt.state_hash
        assert tuple(duel.state.log) == nxt.log
        assert duel.legal_options() == nxt.options


class DecisionMachine(RuleBasedStateMachine):
    duel: engine.Duel

    @initialize(d=scenarios(max_extra_cards=4, max_choices=0), show=st.sampled_from([True, True, True, False]),
                executor=st.sampled_from(["fast", "transitions"]))
    def start(self, d: dict[str, Any], show: bool, executor: engine.machine.Executor) -> None:
        state = engine.state_from_scenario(engine.parse_scenario(d))
        state.show_every_priority = show
        self.duel = capped(engine.Duel(state, executor=executor))
        self.ids = [c.id for c in state.cards]
        self.start_locations = [c.location for c in state.cards]
        self.earlier: list[Option] = []  # options of earlier decisions
        self.duel.advance()
        self.line = [Point(self.duel)]  # the decision points of the line played so far (since a clone was adopted)

    # -- helpers ---------------------------------------------------------------------------
    @property
    def pending(self) -> bool:
        return self.duel.pending_decision is not None

    def refused(self, answer: Any) -> None:
        """`answer` must raise IllegalChoice and leave everything as it was."""
        before = self.duel.state.clone()
        digest = self.duel.state.state_hash()
        with pytest.raises(IllegalChoice):
            self.duel.decide(answer)
        assert self.duel.state == before
        assert self.duel.state.state_hash() == digest

    # -- rules -----------------------------------------------------------------------------
    @precondition(lambda self: self.pending)
    @rule(data=st.data())
    def decide_legal(self, data: st.DataObject) -> None:
        decision = self.duel.pending_decision
        assert decision is not None
        assert self.duel.legal_options() == decision.options
        option = data.draw(st.sampled_from(decision.options))
        assert self.duel.why_illegal(option) is None
        self.duel.decide(option)
        self.earlier += decision.options
        self.duel.advance()
        self.line[-1].taken = option
        self.line.append(Point(self.duel))

    @precondition(lambda self: self.pending)
    @rule(card=st.integers(-3, 12), effect=st.integers(-2, 4),
          target_ids=st.lists(st.integers(-1, 12), max_size=2).map(tuple))
    def decide_not_offered(self, card: int, effect: int, target_ids: tuple[int, ...]) -> None:
        option = Option(card, effect, target_ids)
        assume(option not in self.duel.legal_options())
        assert self.duel.why_illegal(option) is not None
        self.refused(option)

    @precondition(lambda self: self.pending and any(o not in self.duel.legal_options() for o in self.earlier))
    @rule(data=st.data())
    def decide_an_earlier_option(self, data: st.DataObject) -> None:
        stale = [o for o in self.earlier if o not in self.duel.legal_options()]
        self.refused(data.draw(st.sampled_from(stale)))

    @precondition(lambda self: self.pending)
    @rule(data=st.data())
    def decide_for_the_wrong_player(self, data: st.DataObject) -> None:
        decision = self.duel.pending_decision
        assert decision is not None
        before = self.duel.state.clone()
        with pytest.raises(IllegalChoice):
            self.duel.decide(data.draw(st.sampled_from(decision.options)), decision.player.opponent)
        assert self.duel.state == before

    @rule(answer=MALFORMED)
    def decide_malformed(self, answer: Any) -> None:
        self.refused(answer)

    @precondition(lambda self: self.duel.is_stopped)
    @rule(data=st.data())
    def decide_after_the_end(self, data: st.DataObject) -> None:
        self.refused(data.draw(st.sampled_from([engine.PASS, *self.earlier])))
        before = self.duel.state.clone()
        assert self.duel.advance() is None
        assert self.duel.step() == []
        assert self.duel.state == before

    @rule(data=st.data(), steps=st.integers(0, 6), adopt=st.booleans())
    def clone_and_continue(self, data: st.DataObject, steps: int, adopt: bool) -> None:
        """Play on a clone; the original must not see any of it. Then go on with either."""
        before = self.duel.state.clone()
        digest = self.duel.state.state_hash()
        twin = capped(self.duel.clone())
        assert twin.state == before and twin.state.state_hash() == digest
        for _ in range(steps):
            decision = twin.advance()
            if decision is None:
                break
            twin.decide(data.draw(st.sampled_from(decision.options)))
        twin.advance()
        assert self.duel.state == before
        assert self.duel.state.state_hash() == digest
        if adopt:
            self.duel = twin
            self.line = [Point(twin)]

    @precondition(lambda self: len(self.line) > 1)
    @rule(data=st.data(), stay=st.booleans())
    def rewind_and_replay(self, data: st.DataObject, stay: bool) -> None:
        """Restore a saved clone of an earlier decision point into the duel itself (as the debugger does):
        it is exactly that point again, and the same answers lead to the same log and state as the first time.
        Then go on from the end of the line, or (`stay`) from the earlier point, to play otherwise."""
        k = data.draw(st.integers(0, len(self.line) - 2), label="rewind to point")
        end = self.line[-1]
        assert tuple(self.duel.state.log) == end.log and self.duel.state.state_hash() == end.state_hash
        self.duel.restore(self.line[k].snapshot.clone())  # the snapshot stays untouched for later rewinds
        capped(self.duel)
        assert self.duel.state.state_hash() == self.line[k].state_hash
        assert tuple(self.duel.state.log) == self.line[k].log == end.log[: len(self.line[k].log)]
        assert self.duel.legal_options() == self.line[k].options
        assert self.duel.advance() == self.duel.pending_decision  # at a point, nothing runs without an answer
        replay(self.duel, self.line, k)
        event(f"rewind_and_replay: {len(self.line) - 1 - k} decision(s) replayed")
        if stay:
            self.duel.restore(self.line[k].snapshot.clone())
            capped(self.duel)
            assert self.duel.state.state_hash() == self.line[k].state_hash
            self.line = self.line[: k + 1]
            self.line[-1].taken = None

    @rule(data=st.data(), decisions=st.integers(1, 5), adopt=st.booleans())
    def session_goto_and_replay(self, data: st.DataObject, decisions: int, adopt: bool) -> None:
        """The debugger on a clone: play a few decisions through `Session`, go back to any recorded point
        (`goto`), check it is that point again, and replay the decisions taken there: the session follows its
        branch (no fork), to the same log and hash. A different answer at a point forks a branch, and `goto`
        the old branch's end restores it exactly."""
        twin = capped(self.duel.clone())
        session = Session(twin)
        for _ in range(decisions):
            decision = session.next_decision()
            if decision is None:
                break
            session.decide(data.draw(st.sampled_from(decision.options)))
        session.next_decision()
        first_log, first_hash, last = list(twin.state.log), twin.state.state_hash(), session.cursor
        taken = dict(session.branches[0].decisions)
        k = data.draw(st.integers(0, last), label="goto point")
        point = session.goto(k)
        capped(session.duel)
        assert session.state.state_hash() == point.state_hash
        assert session.state.log == first_log[: point.log_length]
        assert session.state.pending == point.pending
        while session.next_decision() is not None and session.cursor < last:  # `last` may wait for an answer
            session.decide(taken[session.cursor])
        assert session.state.log == first_log and session.state.state_hash() == first_hash
        assert len(session.branches) == 1 and session.cursor == last
        event(f"session_goto_and_replay: {sum(i >= k for i in taken)} decision(s) replayed")
        assert session.goto(k) is point and session.state.state_hash() == point.state_hash  # snapshot untouched
        assert session.state.log == first_log[: point.log_length]
        forks = [p for p in session.history if p.index in taken and len(p.pending.options) > 1]  # type: ignore[union-attr]
        if forks:
            p = data.draw(st.sampled_from(forks), label="what-if point")
            session.goto(p.index)
            capped(session.duel)
            session.decide(next(o for o in p.pending.options if o != taken[p.index]))  # type: ignore[union-attr]
            assert len(session.branches) == 2 and session.branch == 1
            event("session_goto_and_replay: a what-if branch")
            assert session.state.log[: p.log_length] == first_log[: p.log_length]
            assert session.goto(p.index, branch=0).state_hash == session.state.state_hash() == p.state_hash
            session.goto(last, branch=0)
            assert session.state.log == first_log and session.state.state_hash() == first_hash
        if adopt:
            self.duel = capped(session.duel)
            self.line = [Point(self.duel)]

    # -- invariants ------------------------------------------------------------------------
    @invariant()
    def lp_never_below_zero(self) -> None:
        assert all(p.lp >= 0 for p in self.duel.state.players)
        assert all(v >= 0 for e in self.duel.state.log for k, v in e.data if k == "lp")

    @invariant()
    def every_card_in_exactly_one_place(self) -> None:
        s = self.duel.state
        n = len(self.ids)
        assert [c.id for c in s.cards[:n]] == self.ids  # none lost, none duplicated
        # Only Tokens are added, each made outside the game (GONE) and Special Summoned from there (rules spec §U.17)
        assert all(is_token(c) for c in s.cards[n:]), s.cards[n:]
        # Where each card is follows from its moves: nothing changes place without a `moved` event.
        where = [*self.start_locations, *(Location.GONE for _ in s.cards[n:])]
        for e in s.log:
            if e.type is engine.EventType.MOVED:
                assert e.card is not None and where[e.card].value == dict(e.data)["from"]
                where[e.card] = Location(dict(e.data)["to"])
        assert [c.location for c in s.cards] == where
        for c in s.cards:
            assert (c.location is Location.MONSTER_ZONE) == (c.position is not None), c
            assert c.location is not Location.MONSTER_ZONE or c.is_monster, c
            # A monster is in a Spell & Trap Zone only as an Equip Card equipping a monster (rules spec §C.3), or as a
            # Pendulum Monster in a Pendulum Zone (§U.4)
            assert not (c.is_monster and c.location is Location.SPELL_TRAP_ZONE) or c.equipped_to is not None or (
                c.pendulum and not c.face_down
            ), c
            if c.equipped_to is not None:  # an Equip is sent when its monster leaves the field
                assert c.location is Location.SPELL_TRAP_ZONE, c
                assert s.cards[c.equipped_to].location is Location.MONSTER_ZONE, (c, s.cards[c.equipped_to])
        refs = [s.battle.attacker, *([] if s.battle.target is None else [s.battle.target])]
        if s.window is not None:
            refs += [x for link in s.window.chain for x in (link.card, *link.targets)]
            refs += [t.card for t in (*s.window.triggers, *s.window.placing)]
        if s.pending is not None:
            refs += [x for o in s.pending.options if not o.is_pass for x in (o.card, *o.targets)]
        assert all(0 <= i < len(s.cards) for i in refs), refs

    @invariant()
    def the_run_ends_within_the_bound(self) -> None:
        twin = capped(self.duel.clone())
        pass_out(twin)
        assert twin.is_stopped
        assert twin.state.phase in (engine.Phase.STEP_OVER, engine.Phase.DUEL_OVER)


DecisionMachine.TestCase.settings = settings(max_examples=examples(0.5), stateful_step_count=30)
test_decision_machine = DecisionMachine.TestCase

"""engine.debug.Session on a real battle: stepping at each granularity, breakpoints, history,
rewind and goto, what-if branches, and the questions (explain, why, why_illegal).

The battle is tests/debug_fixtures.py's: a piercing 2700-ATK attacker into a face-down FLIP
monster with DEF 1200, and a +700 ATK Quick-Play its owner may activate before damage calculation.
Expected numbers come from docs/damage-step-rules.md (§2.2 outcome table, §2.4 piercing).
"""

from __future__ import annotations

import pytest
from debug_fixtures import ATT, RUSH, TGT, activating, finish, new_duel, new_session, passing, pierce_flip

from engine.build import run_scenario
from engine.debug import Breakpoint, Session
from engine.debug.session import illegal_options
from engine.machine import declared_transitions
from engine.scenario import parse_scenario
from engine.values.decisions import Decision, DecisionKind, Option, attack_option
from engine.values.events import Event, EventType
from engine.values.game import Location, Phase, Player, Window

TRANSITIONS = {(src, dest) for src, dest, _cond in declared_transitions()}


def reference_log() -> list[Event]:
    """The showcase battle run straight through with its own choices (no debugger)."""
    duel, _agent = run_scenario(parse_scenario(pierce_flip()))
    return list(duel.state.log)


def touches(e: Event, card: int) -> bool:
    return e.card == card or card in dict(e.data).get("targets", ())


# -- stepping ------------------------------------------------------------------------------------
@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_step_enters_exactly_the_next_machine_state(executor: str) -> None:
    s, agent = new_session(executor=executor)  # type: ignore[arg-type]
    taken: list[tuple[str, str]] = []
    s.duel.on_transition(lambda duel, src, dest: taken.append((src.value, dest.value)))
    visited = [s.state.phase]
    while not s.is_stopped:
        before, start, n = s.state.phase, len(s.state.log), len(taken)
        events = s.step()
        assert events == s.state.log[start:]  # step returns exactly what happened
        if s.state.phase is not before:
            # One transition, a declared one, and nothing of a third state.
            assert taken[n:] == [(before.value, s.state.phase.value)]
            assert (before.value, s.state.phase.value) in TRANSITIONS
            entered = [k for k, e in enumerate(events) if e.type is EventType.PHASE_ENTERED]
            assert entered and all(e.phase is s.state.phase for e in events[entered[-1]:])
            assert all(e.phase is before for e in events[: entered[-1]])
            visited.append(s.state.phase)
        else:
            assert taken[n:] == []
            assert s.duel.pending_decision is not None  # it stopped for a decision, not half-way
            assert s.step() == []  # and stepping again does not move past the decision
            s.decide(agent.choose(s.duel.pending_decision, s.duel))
    entered = [e.phase for e in reference_log() if e.type is EventType.PHASE_ENTERED]
    assert visited == [Phase.ATTACK_DECLARED, *entered]  # a scenario starts with its attack declared


def test_step_event_returns_every_event_once_in_log_order_across_decisions() -> None:
    s, agent = new_session()
    seen: list[Event] = []
    decisions = 0
    while True:
        before = s.shown
        e = s.step_event()
        if e is None:
            d = s.duel.pending_decision
            if d is None:
                break
            s.decide(agent.choose(d, s.duel))
            decisions += 1
            continue
        assert s.shown == before + 1 and s.state.log[s.shown - 1] is e  # one at a time, no gap
        seen.append(e)
    assert seen == reference_log() == s.state.log
    assert decisions > 0
    # The events a decision causes are among them: rush's activation comes right after A's answer.
    activated = [e for e in seen if e.type is EventType.ACTIVATED and e.card == RUSH]
    assert len(activated) == 1 and activated[0].window is Window.BEFORE_DAMAGE_CALCULATION


def test_next_decision_stops_at_every_decision_and_nowhere_else() -> None:
    straight, sc = new_duel()
    asked: list[Decision] = []
    straight.on_decision(lambda duel, d, o: asked.append(d))
    from engine.scripted import ScriptedAgent

    straight.run(ScriptedAgent(sc))

    s, agent = new_session()
    stops: list[Decision] = []
    while (d := s.next_decision()) is not None:
        assert d is s.duel.pending_decision and s.shown == len(s.state.log)
        stops.append(d)
        s.decide(agent.choose(d, s.duel))
    assert stops == asked
    assert s.is_stopped and s.next_decision() is None and s.state.log == straight.state.log


def test_cont_without_breakpoints_stops_at_decisions_then_the_end() -> None:
    s, _agent = new_session()
    d = s.cont()
    assert isinstance(d, Decision) and d is s.duel.pending_decision
    n = len(s.state.log)
    assert s.cont() is d and len(s.state.log) == n  # waiting: cont does not move
    finish(s)
    assert s.cont() is None and s.is_stopped


# -- breakpoints ----------------------------------------------------------------------------------
def run_to_breaks(s: Session, agent: object) -> list[tuple[int, int]]:
    """cont() to the end with the scenario's choices: (breakpoint number, event index) of each stop."""
    stops = []
    while (r := s.cont()) is not None:
        if isinstance(r, Breakpoint):
            stops.append((r.number, s.shown - 1))
        else:
            s.decide(agent.choose(r, s.duel))  # type: ignore[attr-defined]
    return stops


@pytest.mark.parametrize("card", ["att", "tgt", "rush"])
def test_a_card_breakpoint_stops_exactly_after_the_cards_first_event(card: str) -> None:
    log = reference_log()
    index = ["att", "tgt", "rush"].index(card)
    first = next(k for k, e in enumerate(log) if touches(e, index))
    s, agent = new_session()
    b = s.break_on(card=card)
    r = s.cont()
    while isinstance(r, Decision):
        s.decide(agent.choose(r, s.duel))
        r = s.cont()
    assert r == b
    assert s.shown - 1 == first  # the event shown is the card's first, not later
    assert s.state.log[: first + 1] == log[: first + 1]
    assert s.explain() == s.explain(first)


def test_the_showcase_cards_first_events_are_the_ones_the_rules_name() -> None:
    log = reference_log()
    firsts = {c: next(e for e in log if touches(e, i)) for c, i in (("att", ATT), ("tgt", TGT), ("rush", RUSH))}
    assert firsts["tgt"].type is EventType.FLIPPED  # §1.4: the face-down target is flipped first
    assert firsts["rush"].type is EventType.ACTIVATED  # caused by A's decision
    assert firsts["att"].type is EventType.STATS_CHANGED  # rush's +700 resolves onto the attacker


def test_breakpoints_on_window_event_and_condition() -> None:
    log = reference_log()
    s, agent = new_session()
    w = s.break_on(window="flip")
    ev = s.break_on(event="battle_damage")
    cond = s.break_on(when=lambda duel, e: e.type is EventType.EFFECT_DAMAGE and duel is s.duel)
    both = s.break_on(window="after_damage_calculation", event="passed")
    stops = run_to_breaks(s, agent)

    def where(test: object) -> list[int]:
        return [k for k, e in enumerate(log) if test(e)]  # type: ignore[operator]

    expected = sorted(
        [(w.number, k) for k in where(lambda e: e.phase is Phase.FLIP)]
        + [(ev.number, k) for k in where(lambda e: e.type is EventType.BATTLE_DAMAGE)]
        + [(cond.number, k) for k in where(lambda e: e.type is EventType.EFFECT_DAMAGE)]
        + [(both.number, k) for k in where(lambda e: e.type is EventType.PASSED
                                           and e.window is Window.AFTER_DAMAGE_CALCULATION)],
        key=lambda t: t[1],
    )
    # Every matching event stops cont once, in log order, naming its breakpoint.
    assert stops == expected
    assert [n for n, _k in stops].count(ev.number) == 1 and [n for n, _k in stops].count(w.number) == 2
    damage = log[next(k for n, k in stops if n == ev.number)]
    assert dict(damage.data)["lp"] == 8000 - (2700 + 700 - 1200)  # §2.4 with rush: B 5800


def test_the_first_matching_breakpoint_is_the_one_named() -> None:
    s, agent = new_session()
    wide = s.break_on(window="perform_damage_calculation")
    s.break_on(event="battle_damage")
    stops = run_to_breaks(s, agent)
    assert {n for n, _k in stops} == {wide.number}


def test_several_breakpoints_within_one_unit_each_stop() -> None:
    """Damage calculation is one unit of work (values, damage, destruction): a breakpoint on a
    later event of the same unit still stops, right after the earlier one."""
    log = reference_log()
    s, agent = new_session()
    s.break_on(event="battle_damage")
    s.break_on(event="destroyed_by_battle")
    stops = run_to_breaks(s, agent)
    damage = next(k for k, e in enumerate(log) if e.type is EventType.BATTLE_DAMAGE)
    destroyed = next(k for k, e in enumerate(log) if e.type is EventType.DESTROYED_BY_BATTLE)
    assert destroyed == damage + 1
    assert stops == [(1, damage), (2, destroyed)]


def test_a_breakpoint_on_every_event_stops_at_every_event() -> None:
    s, agent = new_session()
    s.break_on(when=lambda duel, e: True)
    stops = run_to_breaks(s, agent)
    assert [k for _n, k in stops] == list(range(len(reference_log())))


def test_breakpoints_are_listed_removed_and_numbered_once() -> None:
    s, agent = new_session()
    b1 = s.break_on(event="battle_damage")
    b2 = s.break_on(card="tgt")
    b3 = s.break_on(window="flip", when=lambda duel, e: True)
    assert s.breakpoints == [b1, b2, b3] and [b.number for b in s.breakpoints] == [1, 2, 3]
    assert b1.describe() == "#1 event=battle_damage"
    assert b3.describe() == "#3 window=flip when=<condition>"
    s.remove_breakpoint(2)
    assert s.breakpoints == [b1, b3]
    assert s.break_on(event="flipped").number == 4  # numbers are not reused
    with pytest.raises(ValueError, match="no breakpoint #2"):
        s.remove_breakpoint(2)
    for b in list(s.breakpoints):
        s.remove_breakpoint(b.number)
    assert s.breakpoints == [] and run_to_breaks(s, agent) == []  # removed ones never stop


def test_bad_breakpoints_raise_value_error_naming_the_valid_ones() -> None:
    s, _agent = new_session()
    with pytest.raises(ValueError) as e:
        s.break_on(window="damage_calc")
    assert "'damage_calc'" in str(e.value)
    assert all(p.value in str(e.value) for p in Phase) and all(w.value in str(e.value) for w in Window)
    with pytest.raises(ValueError) as e:
        s.break_on(event="damage")
    assert all(t.value in str(e.value) for t in EventType)
    with pytest.raises(ValueError) as e:
        s.break_on(card="nobody")
    assert "'nobody'" in str(e.value) and all(c in str(e.value) for c in ("att", "tgt", "rush"))
    with pytest.raises(ValueError, match="needs"):
        s.break_on()
    assert s.breakpoints == []


# -- history, rewind, goto, branches ---------------------------------------------------------------
def test_history_points_describe_the_run() -> None:
    s, agent = new_session()
    while (d := s.next_decision()) is not None:
        s.decide(agent.choose(d, s.duel))
    h = s.history
    assert [p.index for p in h] == list(range(len(h)))
    assert h[0].phase is Phase.ATTACK_DECLARED and h[0].last_event is None and h[0].log_length == 0
    assert h[-1].phase is Phase.STEP_OVER and h[-1].log_length == len(s.state.log)
    for p in h:
        assert p.state_hash == p.snapshot.state_hash()
        assert p.last_event == (s.state.log[p.log_length - 1] if p.log_length else None)
        assert p.window is p.snapshot.current_window() and p.pending == p.snapshot.pending
    assert [p.log_length for p in h] == sorted(p.log_length for p in h)
    assert any(p.pending is not None for p in h)


def test_goto_restores_the_exact_state_of_every_point() -> None:
    s, agent = new_session()
    finish(s, lambda d: agent.choose(d, s.duel))
    points = list(s.history)
    for p in [*points, *reversed(points)]:
        back = s.goto(p.index)
        assert back is p
        assert s.state.state_hash() == p.state_hash
        assert s.state == p.snapshot and s.state is not p.snapshot  # a copy: playing on keeps the point
        assert len(s.state.log) == p.log_length and s.duel.pending_decision == p.pending
        assert s.shown == p.log_length and s.point is p
    s.goto(0)
    finish(s, lambda d: agent.choose(d, s.duel))
    assert points[0].snapshot.log == [] and s.goto(0).snapshot.state_hash() == points[0].state_hash


def test_goto_and_rewind_refuse_points_that_do_not_exist() -> None:
    s, _agent = new_session()
    finish(s)
    last = len(s.history) - 1
    with pytest.raises(IndexError, match=f"0..{last}"):
        s.goto(last + 1)
    with pytest.raises(IndexError):
        s.goto(-1)
    with pytest.raises(IndexError):
        s.goto(0, branch=1)
    with pytest.raises(ValueError):
        s.rewind(-1)
    assert s.rewind(last + 100).index == 0  # back past the start is the start
    assert s.rewind(0).index == 0


def point_of_decision(s: Session, window: Window, player: Player) -> int:
    return next(p.index for p in s.history
                if p.pending is not None and p.pending.window is window and p.pending.player is player
                and p.pending.kind is DecisionKind.PRIORITY)  # fmt: skip


def test_rewind_then_a_different_decision_gives_a_different_correct_outcome() -> None:
    s, _agent = new_session()
    finish(s)  # branch 0: A passes everywhere, rush stays Set
    first = s.state
    # §2.4: piercing 2700 ATK into 1200 DEF -> B takes 1500; the FLIP burns A for 500 (§1.4).
    assert [first.players[p].lp for p in Player] == [7500, 6500]
    assert first.cards[RUSH].location is Location.SPELL_TRAP_ZONE
    k = point_of_decision(s, Window.BEFORE_DAMAGE_CALCULATION, Player.A)
    end0 = len(s.history) - 1

    s.goto(k)
    s.decide(activating(s.duel.pending_decision, RUSH))  # type: ignore[arg-type]
    finish(s)
    second = s.state
    # With rush, att has 2700 + 700 = 3400 ATK: B takes 3400 - 1200 = 2200, 700 more (§2.2, §2.4).
    values = next(dict(e.data)["values"] for e in second.log if e.type is EventType.VALUES_COMPARED)
    assert tuple(values) == (3400, 1200)
    assert [second.players[p].lp for p in Player] == [7500, 5800]
    assert second.cards[RUSH].location is Location.GRAVEYARD  # a resolved Spell goes to the GY (§1.2)
    assert second.cards[TGT].location is Location.GRAVEYARD  # destroyed either way

    assert len(s.branches) == 2 and s.branch == 1
    b0, b1 = s.branches
    assert b1.parent == (0, k) and b1.points[: k + 1] == b0.points[: k + 1]
    assert b1.decisions[k] == activating(b0.points[k].pending, RUSH)  # type: ignore[arg-type]
    assert b0.decisions[k].is_pass

    # The first branch is still there, unchanged, side by side with the second.
    assert b0.final.snapshot.players[Player.B].lp == 6500 and b1.final.snapshot.players[Player.B].lp == 5800
    back = s.goto(end0, branch=0)
    assert s.branch == 0 and back is b0.final
    assert s.state == b0.final.snapshot and s.state.state_hash() == b0.final.state_hash
    assert [s.state.players[p].lp for p in Player] == [7500, 6500]
    s.goto(len(b1.points) - 1, branch=1)
    assert s.state.players[Player.B].lp == 5800


def test_rewind_and_replaying_the_same_decisions_follows_the_same_branch() -> None:
    s, _agent = new_session()
    finish(s)
    points = list(s.history)
    k = point_of_decision(s, Window.BEFORE_DAMAGE_CALCULATION, Player.A)
    s.goto(k)
    finish(s)  # the same answers again
    assert len(s.branches) == 1 and s.history == points
    assert all(a is b for a, b in zip(s.history, points, strict=True))  # the very same points
    s.rewind(3)
    assert s.point is points[-4]
    while s.step_event() is not None or s.duel.pending_decision is not None:
        if s.duel.pending_decision is not None:
            s.decide(passing(s.duel.pending_decision))
    assert len(s.branches) == 1 and s.history == points


def test_a_what_if_from_a_what_if_keeps_all_three_outcomes() -> None:
    s, _agent = new_session()
    finish(s)
    k = point_of_decision(s, Window.BEFORE_DAMAGE_CALCULATION, Player.A)
    k0 = point_of_decision(s, Window.START_OF_DAMAGE_STEP, Player.A)
    s.goto(k)
    s.decide(activating(s.duel.pending_decision, RUSH))  # type: ignore[arg-type]
    finish(s)
    s.goto(k0)  # on branch 1, earlier still: activate at the start of the Damage Step instead
    s.decide(activating(s.duel.pending_decision, RUSH))  # type: ignore[arg-type]
    finish(s)
    finals = [b.final.snapshot.players[Player.B].lp for b in s.branches]
    # +700 before the flip or before damage calculation: the same 3400 vs 1200 either way (§2.1).
    assert finals == [6500, 5800, 5800]
    assert s.branches[2].parent == (1, k0)


# -- asking why -------------------------------------------------------------------------------------
def test_explain_names_the_event_by_index_value_or_default() -> None:
    s, agent = new_session()
    s.break_on(event="battle_damage")
    while isinstance(r := s.cont(), Decision):
        s.decide(agent.choose(r, s.duel))
    k = s.shown - 1
    e = s.state.log[k]
    assert s.explain() == s.explain(k) == s.explain(e)
    assert s.explain().startswith("B takes 2200 battle damage (LP 5800)")
    with pytest.raises(IndexError):
        s.explain(len(s.state.log))
    with pytest.raises(IndexError):
        s.explain(Event(EventType.DREW, Phase.FLIP, amount=99))


def test_why_card_through_the_session() -> None:
    s, _agent = new_session()
    assert s.why("tgt").splitlines() == [
        "tgt is in the Monster Zone, in face-down Defense Position, controlled by B.",
        "  Nothing has happened to it yet: it is where the scenario put it.",
    ]
    assert s.why(TGT) == s.why("tgt")
    finish(s)
    assert s.why("tgt").startswith("tgt is in the Graveyard, controlled by B.")
    with pytest.raises(ValueError, match="no card 'x'"):
        s.why("x")


def test_why_illegal_says_in_one_sentence_why_an_option_cannot_be_taken() -> None:
    s, _agent = new_session()
    d = s.next_decision()
    assert d is not None and d.player is Player.A
    rush = activating(d, RUSH)
    assert s.why_illegal(rush) is None and rush in s.legal_options()
    # An effect of a card that has none, and a card index that does not exist.
    for bad in (Option(ATT, 0), Option(RUSH, 5), Option(99, 0)):
        why = s.why_illegal(bad)
        assert why and "\n" not in why
    s.decide(rush)
    d = s.next_decision()
    assert d is not None
    again = s.why_illegal(Option(RUSH, 0))
    assert again and "\n" not in again and Option(RUSH, 0) not in s.legal_options()
    finish(s)
    over = s.why_illegal(Option(RUSH, 0))
    assert over == ("the Damage Step is over: nothing to decide (declare the next attack, or end the Battle Phase "
                    "or the turn)")


def test_a_state_reached_through_a_session_is_the_one_a_plain_run_reaches() -> None:
    plain, _sc = new_duel()
    from engine.agents import PassAgent

    plain.run(PassAgent())
    s, _agent = new_session()
    finish(s)
    assert s.state == plain.state and s.state.state_hash() == plain.state.state_hash()
    assert s.state.cards[TGT].location is Location.GRAVEYARD and s.state.players[Player.B].lp == 6500


def test_illegal_options_name_what_the_rules_refuse() -> None:
    """Issue 24, "why not?": during damage calculation a Quick-Play that changes ATK is refused (only 'during damage
    calculation' effects, Counter Traps and activation negators then: rules spec §1.1); in the Battle Step an attack
    on a monster an effect protects from attacks is refused (§BP.8). Each refusal is the rule's own sentence."""
    import engine

    b = engine.StateBuilder(turn_player="A")
    b.monster("m", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000)
    b.monster("y", "B", atk=500, def_=500, effects=[{"kind": "cannot_be_attacked"}])
    b.card("q", "B", card_type="spell", location="spell_trap_zone", face_down=True, property="quick_play",
           effects=[{"kind": "activated", "speed": 2, "does": [{"op": "change_stats", "target": "self", "atk": 0}]}])
    duel = engine.Duel(b.build())
    duel.state.show_every_priority = True
    session = Session(duel)
    d = session.next_decision()
    while d is not None and d.window is not Window.BATTLE_STEP:
        session.decide(Option())
        d = session.next_decision()
    refused = {o: why for o, why in session.illegal_options()}
    assert refused[attack_option(0, 2)].endswith("y cannot be targeted for attacks")
    session.decide(attack_option(0, 1))
    while (d := session.next_decision()) is not None and not (
        d.window is Window.DURING_DAMAGE_CALCULATION and d.player is Player.B
    ):
        session.decide(Option())
    assert d is not None
    refused = {o: why for o, why in session.illegal_options()}
    assert session.illegal_options() == illegal_options(session.duel)  # one implementation (the viewer's too)
    assert "during damage calculation only 'during damage calculation' effects" in refused[Option(3, 0, ())]
    assert any("cannot activate it now" in line and "during damage calculation" in line
               for line in session.why_not("q"))


def test_going_to_a_step_before_any_says_there_is_none_yet() -> None:
    """At the start nothing has happened: the error says so (it said "steps 0..-1")."""
    s, _agent = new_session()
    with pytest.raises(IndexError, match=r"^no step 5: branch 0 has no step so far$"):
        s.goto_step(5)
    with pytest.raises(IndexError, match=r"^no step 5 yet \(no step so far\)$"):
        s.explain_step(5)

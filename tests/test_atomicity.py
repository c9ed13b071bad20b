"""Every public call is all-or-nothing (issue 39): whatever raises during `advance`, `decide`, `run`, `step`,
`work`, `declare_attack`, `end_battle_phase`, `end_turn` or `BattleState.apply_action` (its play-on included) -- a
host's effect function, a hook's answer, an event listener, the loop guard -- leaves the game exactly as it was
before the call (`state_hash()` and a pickle equal), the error names what raised, and going on plays the same game
as a run that never raised. The two reproducers of the issue, the loop guard, and a property test over random games
(tests/test_random_playouts.py's scenarios) with a fault injected at a random point."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_random_playouts import scenarios

import engine
from engine import Effect, EffectKind, EffectType, Hook, TriggerEvent
from engine.search import BattleGame, BattleState
from engine.state import GameState, write_effects


def frozen_view(state: GameState) -> tuple[str, bytes]:
    """What "exactly as before" compares: the position's fingerprint and the whole state's pickle."""
    return state.state_hash(), pickle.dumps(state)


# -- the two reproducers -----------------------------------------------------------------------------------
def test_apply_action_whose_play_on_raises_changes_nothing_and_can_be_retried() -> None:
    """A host's trigger raises in the `advance()` that follows the answer: the answer is undone too."""
    on = [True]

    def op(ctx: engine.Context, src: engine.Source, link: Any) -> None:
        if on[0]:
            raise RuntimeError("host bug")

    reg = engine.default_registry()
    reg.register(EffectType("op", operation=op))
    b = engine.StateBuilder()
    b.monster("att", "A", atk=2000, def_=1000,
              effects=[Effect("op", EffectKind.TRIGGER, event=TriggerEvent.BATTLE_DAMAGE_INFLICTED)])
    b.monster("tgt", "B", atk=1000, def_=1000)
    game = BattleGame.from_duel(engine.Duel(b.build(), reg))
    st_ = game.new_initial_state()
    clean = game.new_initial_state()
    before = frozen_view(st_.duel.state)
    attack = max(st_.legal_actions())
    with pytest.raises(engine.EffectError) as info:
        st_.apply_action(attack)
    assert "card 'att'" in str(info.value) and "its operation raised RuntimeError: host bug" in str(info.value)
    assert frozen_view(st_.duel.state) == before
    assert st_.history == [] and st_.decisions == 0 and st_.current_player() == 0
    on[0] = False
    st_.apply_action(attack)  # the same action, retried
    clean.apply_action(attack)
    while not clean.is_terminal():
        a = clean.legal_actions()[0]
        clean.apply_action(a)
        st_.apply_action(a)
    assert st_.is_terminal() and st_.duel.state == clean.duel.state and st_.history == clean.history
    assert st_.duel.lp("B") == 7000


def test_a_listener_that_raises_leaves_the_duel_as_it_was() -> None:
    """No host effect in the duel: the listener's error still undoes the whole `run`, and running again plays
    the battle a run that never raised plays (B takes 1000, its monster is destroyed)."""

    def duel_() -> engine.Duel:
        b = engine.StateBuilder()
        b.monster("att", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000)
        d = engine.Duel(b.build())
        d.declare_attack("att", "x")
        return d

    duel = duel_()
    armed = [True]

    def listener(ev: engine.Event) -> None:
        if armed[0] and ev.type is engine.EventType.VALUES_COMPARED:
            raise RuntimeError("listener bug")

    duel.on_event(listener)
    before = frozen_view(duel.state)
    with pytest.raises(RuntimeError, match="listener bug") as info:
        duel.run(engine.PassAgent())
    assert any("event listener" in n and "listener" in n and "values_compared" in n for n in info.value.__notes__)
    assert frozen_view(duel.state) == before
    armed[0] = False
    duel.run(engine.PassAgent())
    assert duel.lp("B") == 7000 and duel.card("x").location is engine.Location.GRAVEYARD
    clean = duel_().run(engine.PassAgent())
    assert duel.state == clean.state


def test_the_loop_guard_leaves_the_duel_as_it_was() -> None:
    """Two FLIP effects flipping each other forever: `LoopError`, and the duel as it was before `run`."""
    flips = [{"kind": "flip", "does": [{"op": "change_position", "target": "q", "to": "set"},
                                       {"op": "change_position", "target": "q", "to": "defense"}]}]
    flops = [{"kind": "flip", "does": [{"op": "change_position", "target": "p", "to": "set"},
                                       {"op": "change_position", "target": "p", "to": "defense"}]}]
    b = engine.StateBuilder(turn_player="A").monster("att", "A", atk=100, def_=0)
    b.monster("p", "B", atk=0, def_=5000, position="set", effects=flips)
    b.monster("q", "B", atk=0, def_=5000, position="defense", effects=flops)
    duel = engine.Duel(b.build())
    duel.declare_attack("att", "p")
    for call in (lambda: duel.run(engine.PassAgent()), duel.advance):
        before = frozen_view(duel.state)
        with pytest.raises(engine.LoopError) as info:
            call()
        assert "card 'p'" in str(info.value) and "card 'q'" in str(info.value)
        assert frozen_view(duel.state) == before


def test_a_decision_listener_and_an_observer_that_raise_are_named() -> None:
    b = engine.StateBuilder()
    b.monster("att", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000)
    b.trap("t", "B", effects=[{"kind": "activated", "speed": 2, "does": [{"op": "damage", "player": "opponent",
                                                                          "amount": 100}]}])
    duel = engine.Duel(b.build())
    duel.declare_attack("att", "x")
    d = duel.advance()
    assert d is not None

    def bad_decision(duel: engine.Duel, d: engine.Decision, o: engine.Option) -> None:
        raise ValueError("decision listener bug")

    detach = duel.on_decision(bad_decision)
    before = frozen_view(duel.state)
    with pytest.raises(ValueError, match="decision listener bug") as info:
        duel.decide(engine.PASS)
    assert any("decision listener" in n and "bad_decision" in n for n in info.value.__notes__)
    assert frozen_view(duel.state) == before
    detach()

    def bad_observer(duel: engine.Duel) -> None:
        raise KeyError("observer bug")

    duel.on_enter(engine.Phase.PERFORM_DAMAGE_CALCULATION, bad_observer)
    with pytest.raises(KeyError) as info2:
        duel.run(engine.PassAgent())
    assert any("state observer" in n and "perform_damage_calculation" in n for n in info2.value.__notes__)
    assert frozen_view(duel.state) == before


# -- random games, random public calls, a fault injected at a random point --------------------------------------------
class Injected(Exception):
    """The fault the property test injects (a host's bug)."""


@attrs.define
class Fault:
    """Raises `Injected` at the `countdown`-th tick of its `kind` (once; then it is spent)."""

    kind: str
    countdown: int
    armed: bool = True
    fired: bool = False

    def tick(self, kind: str) -> None:
        if self.armed and kind == self.kind:
            self.countdown -= 1
            if self.countdown <= 0:
                self.armed, self.fired = False, True
                raise Injected(f"injected into a {kind}")


PROBE_HOOKS = (Hook.STATS, Hook.BATTLE_DAMAGE, Hook.PIERCING, Hook.INDESTRUCTIBLE_BY_BATTLE, Hook.AT_TIMING,
               Hook.UNAFFECTED)
PROBE_EVENTS = (TriggerEvent.START_OF_DAMAGE_STEP, TriggerEvent.BEFORE_DAMAGE_CALCULATION,
                TriggerEvent.AFTER_DAMAGE_CALCULATION, TriggerEvent.END_OF_DAMAGE_STEP)


def probed(d: dict[str, Any], fault: Fault, event: TriggerEvent) -> engine.Duel:
    """The random game's duel, with a host's continuous effect on the attacker answering (None) on a few hooks, a
    host's mandatory trigger on it doing nothing, and an event listener: each ticks the fault."""

    def answer(ctx: engine.Context, src: engine.Source) -> None:
        fault.tick("hook")

    def op(ctx: engine.Context, src: engine.Source, link: Any) -> None:
        fault.tick("operation")

    reg = engine.default_registry()
    reg.register(EffectType("probe_hook", hooks={h: answer for h in PROBE_HOOKS}))
    reg.register(EffectType("probe_op", operation=op))
    state = engine.state_from_scenario(engine.parse_scenario(d))
    extra = (Effect("probe_hook", EffectKind.CONTINUOUS), Effect("probe_op", EffectKind.TRIGGER, event=event))
    state = _with_effects(state, 0, extra)
    duel = engine.Duel(state, reg)
    duel.on_event(lambda ev: fault.tick("listener"))
    return duel


def _with_effects(state: GameState, index: int, extra: tuple[Effect, ...]) -> GameState:
    write_effects(state, index, (*state.cards[index].effects, *extra))
    return state


def choose(duel: engine.Duel, seed: int, options: tuple[engine.Option, ...] | list[engine.Option]) -> Any:
    """A choice that depends on the game alone (not on how many calls it took), so a run with retries and one
    without choose alike."""
    return random.Random(f"{seed}:{duel.state.state_hash()}:{len(duel.state.log)}").choice(list(options))


class Chooser:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        return choose(duel, self.seed, decision.options)  # type: ignore[no-any-return]


REFUSALS = (engine.UsageError, engine.IllegalAttack, engine.IllegalChoice)


def calls(duel: engine.Duel, seed: int) -> list[tuple[str, Callable[[], object]]]:
    """The public calls that make sense now (each may still be refused: a refusal changes nothing too)."""
    agent = Chooser(seed)
    s = duel.state
    if s.duel_over:
        return []
    out: list[tuple[str, Callable[[], object]]] = [("run", lambda: duel.run(agent))]
    if s.pending is not None:
        out += [("decide", lambda: duel.decide(choose(duel, seed, s.pending.options))), ("advance", duel.advance)]
    elif not duel.is_stopped:
        out += [("advance", duel.advance), ("step", duel.step), ("work", duel.work)]
    elif s.turn < 3:
        out = [("end_turn", duel.end_turn)]
        attacks = duel.legal_attacks()
        if attacks and s.phase is not engine.Phase.MAIN_PHASE_2:
            att = choose(duel, seed, attacks)
            out += [("declare_attack", lambda: duel.declare_attack(att.card, att.targets[0] if att.targets else None)),
                    ("end_battle_phase", duel.end_battle_phase)]
    else:
        return []
    return out


def named(error: BaseException, kind: str) -> bool:
    """The error says what raised: the host's function (an `EffectError` naming the card, effect and role) or the
    listener (a note on the listener's own exception)."""
    if isinstance(error, engine.EffectError):
        return "probe_" in str(error) or named(error.__cause__, kind) if error.__cause__ else "probe_" in str(error)
    return isinstance(error, Injected) and any("event listener" in n for n in getattr(error, "__notes__", ()))


def drive(duel: engine.Duel, script: list[int], seed: int, fault: Fault) -> list[str]:
    """Make the script's calls; when one raises the fault, check the duel is as it was, then make it again."""
    made = []
    for pick in script:
        options = calls(duel, seed)
        if not options:
            break
        name, call = options[pick % len(options)]
        before = frozen_view(duel.state)
        try:
            call()
        except REFUSALS:
            assert frozen_view(duel.state) == before, f"{name} refused, yet changed the state"
            continue
        except (Injected, engine.EffectError) as e:
            assert fault.fired, f"{name} raised without a fault: {e!r}"
            assert named(e, fault.kind), f"{name}: the error does not say what raised: {e!r}"
            assert frozen_view(duel.state) == before, f"{name} raised ({fault.kind}) and changed the state"
            call()  # the same call again, the fault spent
        made.append(name)
    return made


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
          database=None)
@given(d=scenarios(), seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["hook", "operation", "listener"]),
       countdown=st.integers(1, 40), event=st.sampled_from(PROBE_EVENTS),
       script=st.lists(st.integers(0, 7), min_size=1, max_size=40))
def test_a_fault_anywhere_changes_nothing_and_the_game_goes_on_the_same(
    d: dict[str, Any], seed: int, kind: str, countdown: int, event: TriggerEvent, script: list[int]
) -> None:
    fault = Fault(kind, countdown)
    duel = probed(d, fault, event)
    made = drive(duel, script, seed, fault)
    clean = probed(d, Fault(kind, 0, armed=False), event)
    assert drive(clean, script, seed, clean_fault := Fault(kind, 0, armed=False)) == made
    assert not clean_fault.fired
    assert duel.state == clean.state and frozen_view(duel.state) == frozen_view(clean.state)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
          database=None)
@given(d=scenarios(), seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["hook", "operation", "listener"]),
       countdown=st.integers(1, 40), event=st.sampled_from(PROBE_EVENTS))
def test_a_fault_in_apply_action_changes_nothing_and_the_game_goes_on_the_same(
    d: dict[str, Any], seed: int, kind: str, countdown: int, event: TriggerEvent
) -> None:
    def game_state(fault: Fault) -> BattleState:
        armed, fault.armed = fault.armed, False  # armed once the game is set up
        st_ = BattleGame.from_duel(probed(d, fault, event)).new_initial_state()  # (the clone has no listener)
        st_.duel.on_event(lambda ev: fault.tick("listener"))
        fault.armed = armed
        return st_

    fault = Fault(kind, countdown)
    st_ = game_state(fault)
    clean = game_state(Fault(kind, 0, armed=False))
    for _ in range(300):
        if st_.is_terminal():
            break
        a = random.Random(f"{seed}:{st_.state_hash()}:{st_.decisions}").choice(st_.legal_actions())
        before = (frozen_view(st_.duel.state), list(st_.history), st_.next_attack, st_.rewards())
        try:
            st_.apply_action(a)
        except (Injected, engine.EffectError) as e:
            assert fault.fired and named(e, kind)
            assert (frozen_view(st_.duel.state), st_.history, st_.next_attack, st_.rewards()) == before
            st_.apply_action(a)
        clean.apply_action(a)
    assert st_.duel.state == clean.duel.state and st_.history == clean.history

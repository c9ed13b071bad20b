"""Issue 24, item 8: a host's effect function that raises changes nothing.

A host's function (an operation, a hook handler, a condition, a target or cost function of an effect type it
registered) that raises during `Duel.advance`, `decide`, `declare_attack`, `step` or `work` leaves the duel exactly as
it was before that call (`state_hash()` and `==`), and the call raises `engine.EffectError` naming the card (id and
name), the effect (index and kind) and the sub-timing, chained to the original exception. The engine's own errors
(IllegalChoice, IllegalAttack, UsageError...) pass unchanged.

The expected windows are the rules' own: battle damage is dealt at damage calculation and "when battle damage is
inflicted" triggers activate after it (rules spec §1.6, §2.6); "when an attack is declared" effects respond in the
window after the declaration (§BP.4); a Spell/Trap's cost is paid as it is activated (§1.2).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine import actions


class Boom(Exception):
    """The host's own error."""


def _state_of(duel: engine.Duel) -> tuple[str, engine.GameState]:
    return duel.state.state_hash(), duel.state.clone()


def _raises_unchanged(duel: engine.Duel, call: Callable[[], Any]) -> engine.EffectError:
    """`call` raises EffectError (chained to a Boom) and leaves the duel's state as it was, in place."""
    live = duel.state
    before_hash, before = _state_of(duel)
    with pytest.raises(engine.EffectError) as info:
        call()
    assert isinstance(info.value.__cause__, Boom)
    assert duel.state is live
    assert duel.state.state_hash() == before_hash
    assert duel.state == before
    return info.value


def _burn_then_boom(ctx: engine.effects.Context, src: engine.Source, link: Any) -> None:
    actions.lose_lp(ctx, src.controller.opponent, 300, "effect_damage", "effect")  # a change first: it is undone
    raise Boom("the host's operation failed")


def _on_battle_damage(type_name: str, operation: Any, name: str | None = None) -> tuple[Any, engine.GameState]:
    """A registry with the host's type `type_name` (its `operation`), and a field where "m" (A, 2000 ATK) carries it as
    a mandatory "when this card inflicts battle damage" trigger and "x" (B, 1000 ATK) is there to be attacked."""
    reg = engine.default_registry()
    reg.register(engine.EffectType(type_name, operation=operation))
    effect = engine.Effect(type_name, engine.EffectKind.TRIGGER, event=engine.TriggerEvent.BATTLE_DAMAGE_INFLICTED)
    b = engine.StateBuilder().monster("m", "A", atk=2000, def_=0, effects=[effect], **({"name": name} if name else {}))
    b.monster("x", "B", atk=1000, def_=0)
    return reg, b.build()


def test_an_operation_raising_in_advance_changes_nothing() -> None:
    """A mandatory "when this card inflicts battle damage" trigger resolves after damage calculation (§1.6)."""
    reg, start = _on_battle_damage("burn_then_boom", _burn_then_boom, name="Burner")
    duel = engine.Duel(start, reg)
    duel.declare_attack("m", "x")
    err = _raises_unchanged(duel, duel.advance)
    assert (err.card, err.card_id, err.card_name, err.effect, err.kind, err.type, err.role) == (
        0, "m", "Burner", 0, "trigger", "burn_then_boom", "operation")
    assert err.window is engine.Window.AFTER_DAMAGE_CALCULATION
    for part in ("'m' (Burner)", "effect 0", "trigger", "operation", "in after damage calculation", "Boom"):
        assert part in str(err)
    # the duel goes on from where it was: the same error again, the same state
    _raises_unchanged(duel, duel.advance)


def _cost_boom(ctx: engine.effects.Context, src: engine.Source) -> None:
    actions.lose_lp(ctx, src.controller, 500, "cost", "cost")
    raise Boom("the host's cost failed")


def test_a_cost_raising_in_decide_changes_nothing() -> None:
    """A Trap's cost is paid as it is activated (§1.2): in `decide`, which answers the priority that activates it."""
    reg = engine.default_registry()
    reg.register(engine.EffectType("cost_boom", pay_cost=_cost_boom))
    b = engine.StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    b.trap("t", "B", name="Costly Trap", effects=[engine.Effect("cost_boom", engine.EffectKind.ACTIVATED, speed=2)])
    duel = engine.Duel(b.build(), reg)
    duel.declare_attack("m", "x")
    decision = duel.advance()
    assert decision is not None
    option = next(o for o in decision.options if o.card == 2)
    err = _raises_unchanged(duel, lambda: duel.decide(option))
    assert (err.card_id, err.card_name, err.effect, err.kind, err.role) == ("t", "Costly Trap", 0, "activated",
                                                                             "pay_cost")
    assert duel.pending_decision == decision  # still to be answered
    duel.decide(engine.PASS)  # and the duel goes on


def _boom_once_attacking(ctx: engine.effects.Context, src: engine.Source) -> list[engine.StatChange]:
    if ctx.state.battle.under_way:
        raise Boom("the host's stat modifier failed")
    return [engine.StatChange(src.host, 100)]


@pytest.mark.parametrize("players_declare", [False, True])
def test_a_hook_raising_in_declare_attack_changes_nothing(players_declare: bool) -> None:
    """A continuous ATK modifier is asked at every change of the state (its order of application, rules spec
    "stat layers"): declaring the attack is one, so the host's handler runs when the declaration is made: inside
    `declare_attack` when the host answers the turn player's priority in the Battle Step (§BP.3), inside `advance`
    when it declared from Main Phase 1 (made in the Battle Step, once the Start Step is played: §BP.1). Either call
    raises and changes nothing."""
    reg = engine.default_registry()
    reg.register(engine.EffectType("boom_once_attacking", hooks={engine.Hook.STATS: _boom_once_attacking}))
    b = engine.StateBuilder(turn_player="A").monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    b.monster("w", "B", atk=0, def_=0, name="Watcher", effects=[
        engine.Effect("boom_once_attacking", engine.EffectKind.CONTINUOUS)])
    duel = engine.Duel(b.build(), reg)
    if players_declare:
        decision = duel.advance()  # the Start Step, then A's priority in the Battle Step
        assert decision is not None and any(o.is_attack for o in decision.options)
    if players_declare:
        err = _raises_unchanged(duel, lambda: duel.declare_attack("m", "x"))
    else:
        duel.declare_attack("m", "x")  # noted, made in the Battle Step
        err = _raises_unchanged(duel, duel.advance)
        assert duel.state.phase is engine.Phase.MAIN_PHASE_1  # put back as it was before `advance`
    assert (err.card, err.card_id, err.card_name, err.effect, err.kind, err.role) == (
        2, "w", "Watcher", 0, "continuous", "hook stats")
    assert err.window is engine.Window.BATTLE_STEP
    assert duel.current_battle is None  # no attack was declared


def test_engine_errors_pass_unchanged() -> None:
    """A host's function that misuses the API raises the engine's own error, not an EffectError."""

    def misuse(ctx: engine.effects.Context, src: engine.Source, link: Any) -> None:
        raise engine.UsageError("the host called something at the wrong time")

    reg, start = _on_battle_damage("misuse", misuse)
    duel = engine.Duel(start, reg)
    duel.declare_attack("m", "x")
    before = duel.state.state_hash()
    with pytest.raises(engine.UsageError):
        duel.advance()
    assert duel.state.state_hash() == before
    with pytest.raises(engine.IllegalAttack):
        duel.declare_attack("x", "m")


# -- every kind of host function, at the hook points a battle asks ------------------------------------------------


def _boom(*args: Any) -> Any:
    raise Boom("the host's function failed")


def _hooked(hook: engine.Hook) -> engine.EffectType:
    return engine.EffectType(f"boom_{hook.name.lower()}", hooks={hook: _boom})


# (effect type, kind, event, the role named): hooks a Damage Step asks, and the functions of an effect that activates
CASES: list[tuple[str, engine.EffectType, engine.EffectKind, engine.TriggerEvent | None, str]] = [
    ("stats", _hooked(engine.Hook.STATS), engine.EffectKind.CONTINUOUS, None, "hook stats"),
    ("battle_damage", _hooked(engine.Hook.BATTLE_DAMAGE), engine.EffectKind.CONTINUOUS, None, "hook battle_damage"),
    ("piercing", _hooked(engine.Hook.PIERCING), engine.EffectKind.CONTINUOUS, None, "hook piercing"),
    ("at_timing", _hooked(engine.Hook.AT_TIMING), engine.EffectKind.CONTINUOUS, None, "hook at_timing"),
    ("indestructible", _hooked(engine.Hook.INDESTRUCTIBLE_BY_BATTLE), engine.EffectKind.CONTINUOUS, None,
     "hook indestructible_by_battle"),
    ("trigger_condition", engine.EffectType("cond_boom", condition=_boom), engine.EffectKind.TRIGGER,
     engine.TriggerEvent.START_OF_DAMAGE_STEP, "condition"),
    ("trigger_targets", engine.EffectType("targets_boom", targets=_boom), engine.EffectKind.TRIGGER,
     engine.TriggerEvent.BEFORE_DAMAGE_CALCULATION, "targets"),
    ("trigger_operation", engine.EffectType("op_boom", operation=_boom), engine.EffectKind.TRIGGER,
     engine.TriggerEvent.DESTROYED_BY_BATTLE, "operation"),
]


@pytest.mark.parametrize("executor", ["fast", "transitions"])
@pytest.mark.parametrize("drive", ["advance", "step", "work"])
@pytest.mark.parametrize(("label", "etype", "kind", "event", "role"), CASES, ids=[c[0] for c in CASES])
def test_every_host_function_raising_changes_nothing(
    label: str, etype: engine.EffectType, kind: engine.EffectKind, event: engine.TriggerEvent | None, role: str,
    executor: str, drive: str,
) -> None:
    """Whichever call runs the host's function raises EffectError naming it, and the duel is as it was before."""
    reg = engine.default_registry()
    reg.register(etype)
    b = engine.StateBuilder().monster("m", "A", atk=2000, def_=0)
    b.monster("x", "B", atk=1000, def_=0, name="Host Card", effects=[engine.Effect(etype.name, kind, event=event)])
    duel = engine.Duel(b.build(), reg, executor=executor)  # type: ignore[arg-type]
    raised: list[engine.EffectError] = []

    def call() -> object:
        if drive == "advance":
            return duel.advance()
        if drive == "step":
            return duel.step()
        return duel.work()

    try:
        duel.declare_attack("m", "x")
    except engine.EffectError as e:  # a hook asked by the declaration's own checks
        raised.append(e)
    for _ in range(500):
        if raised or duel.is_stopped:
            break
        if duel.pending_decision is not None:
            duel.decide(engine.PASS)
            continue
        live, before_hash, before = duel.state, *_state_of(duel)
        try:
            call()
        except engine.EffectError as e:
            raised.append(e)
            assert duel.state is live and duel.state.state_hash() == before_hash and duel.state == before
    assert raised, f"the host's {role} was never called"
    err = raised[0]
    assert isinstance(err.__cause__, Boom)
    assert (err.card, err.card_id, err.card_name, err.effect, err.role) == (1, "x", "Host Card", 0, role)
    assert err.kind == kind.name.lower()
    assert f"'x' (Host Card), effect 0 ({err.kind}" in str(err) and role in str(err)


def test_a_duel_with_host_types_pickles_and_the_error_pickles() -> None:
    """Wrapped functions pickle as the host's own (module-level) functions; so does the error, with its fields."""
    reg, start = _on_battle_damage("burn_then_boom", _burn_then_boom)
    duel = pickle.loads(pickle.dumps(engine.Duel(start, reg)))
    assert duel.registry.host == {"burn_then_boom"}
    duel.declare_attack("m", "x")
    err = _raises_unchanged(duel, duel.advance)
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) and again.card_id == "m" and again.window is err.window


def test_built_in_types_are_not_wrapped() -> None:
    """The engine's own types run as they are (the playout path pays nothing); a host's are wrapped once."""
    reg = engine.default_registry()
    assert reg.host == set()
    assert all(not isinstance(t.operation, engine.effects.Guarded) for t in reg.values())
    reg.register(engine.EffectType("op_boom", operation=_boom))
    assert isinstance(reg["op_boom"].operation, engine.effects.Guarded) and reg.host == {"op_boom"}
    other = engine.Registry()
    other.register(engine.EffectType("copy", operation=reg["op_boom"].operation))
    assert other["copy"].operation is reg["op_boom"].operation  # not wrapped twice


def test_the_debugger_s_records_forget_what_a_failed_unit_did() -> None:
    """In the debugger, a host's effect raising puts the duel back, and the session's records (its step numbers,
    what `save` writes) go back with it: the next try numbers its steps as before."""
    from engine.debug import Session

    reg, start = _on_battle_damage("burn_then_boom", _burn_then_boom)
    duel = engine.Duel(start, reg)
    duel.declare_attack("m", "x")
    session = Session(duel)
    with pytest.raises(engine.EffectError):
        while (d := session.next_decision()) is not None:
            session.decide(d.options[-1])
    kept, step, hash_ = session.records(), session.step_number(), duel.state.state_hash()
    assert len(kept) == session.point.records and step == len(kept) - 1
    with pytest.raises(engine.EffectError):
        session.next_decision()
    assert session.records() == kept and session.step_number() == step and duel.state.state_hash() == hash_

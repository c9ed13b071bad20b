"""An operation that never asks runs once, from no checkpoint (issue 39; rules spec §U.16, engine/resolution.py).

`EffectType.may_ask` says, once per effect as the duel indexes its cards, whether resolving it may ask a player: only
then does the operation run from a checkpoint (and, with listeners attached, first unheard, then again for them). The
format's kinds answer from the effect's `does` list; a host's type that does not say may ask. A type that says it
never asks and then asks is refused with an error naming it, the duel left as it was before the call."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import engine
from engine import Effect, EffectKind, EffectType, TriggerEvent, resolution
from engine.library.asking import effect_may_ask
from engine.state import write_lp


def _duel(may_ask: Any, operation: Any, executor: str = "fast") -> engine.Duel:
    """A's 2000 ATK attacks B's 1000 ATK x; A's monster's trigger on battle damage runs `operation`."""
    reg = engine.default_registry()
    reg.register(EffectType("op", operation=operation, may_ask=may_ask))
    b = engine.StateBuilder()
    b.monster("att", "A", atk=2000, def_=1000,
              effects=[Effect("op", EffectKind.TRIGGER, event=TriggerEvent.BATTLE_DAMAGE_INFLICTED)])  # fmt: skip
    b.monster("x", "B", atk=1000, def_=1000)
    duel = engine.Duel(b.build(), reg, executor=executor)  # type: ignore[arg-type]
    duel.declare_attack("att", "x")
    return duel


@pytest.mark.parametrize("executor", ["fast", "machine"])
@pytest.mark.parametrize(("may_ask", "runs"), [(None, 2), (lambda e: True, 2), (lambda e: False, 1)])
def test_with_a_listener_only_an_operation_that_may_ask_runs_twice(may_ask: Any, runs: int, executor: str) -> None:
    # An operation that may ask runs first unheard (it may be undone), then again for the listener; one that never
    # asks runs once, heard. Both end in the same game: B takes the 1000 battle damage and the operation's 300.
    ran = []

    def operation(ctx: engine.Context, src: engine.Source, link: Any) -> None:
        ran.append(1)
        write_lp(ctx.state, engine.Player.B, ctx.state.players[engine.Player.B].lp - 300)

    duel = _duel(may_ask, operation, executor)
    heard: list[engine.Event] = []
    duel.on_event(heard.append)
    duel.run(engine.PassAgent())
    assert len(ran) == runs
    assert duel.lp("B") == 8000 - 1000 - 300
    resolved = [e for e in heard if e.type is engine.EventType.LINK_RESOLVED]
    assert len(resolved) == 1  # heard once, whichever way it ran


def test_a_type_that_says_it_never_asks_and_asks_is_refused_with_the_duel_as_it_was() -> None:
    def asks(ctx: engine.Context, src: engine.Source, link: Any) -> None:
        write_lp(ctx.state, engine.Player.B, 100)  # (undone with the call)
        resolution.yes_or_no(ctx, src, "do it")

    duel = _duel(lambda e: False, asks)
    before = (duel.state.state_hash(), pickle.dumps(duel.state))
    with pytest.raises(Exception, match="may_ask"):
        duel.run(engine.PassAgent())
    assert (duel.state.state_hash(), pickle.dumps(duel.state)) == before
    # The same operation from a type that says nothing asks, and the game waits for the answer.
    duel = _duel(None, asks)
    kinds = []
    while (d := duel.advance()) is not None:
        kinds.append(d.kind)
        duel.decide(engine.PASS)
    assert engine.DecisionKind.OPTIONAL in kinds and duel.lp("B") == 100


def _effect(does: list[dict[str, Any]]) -> Effect:
    return Effect("trigger", EffectKind.TRIGGER, {"does": does}, event=TriggerEvent.DESTROYED)


@pytest.mark.parametrize(
    ("does", "asks"),
    [
        ([{"op": "damage", "player": "opponent", "amount": 500}], False),
        ([{"op": "destroy", "target": "self"}, {"op": "gain_lp", "amount": 100}], False),
        ([{"op": "special_summon", "card": "self", "position": "defense"}], False),  # the card and position fixed
        ([{"op": "special_summon", "card": "self"}], True),  # the summoning player chooses the position
        ([{"op": "special_summon", "position": "attack"}], True),  # which card: picked
        ([{"op": "add_to_hand"}], True),
        ([{"op": "damage", "amount": 1}, {"op": "you_can", "does": [{"op": "draw", "count": 1}]}], True),
        ([{"op": "coin_toss", "heads": [{"op": "damage", "amount": 1}]}], True),
        ([{"op": "discard", "count": 1}], True),
    ],
)
def test_the_format_says_which_effects_may_ask(does: list[dict[str, Any]], asks: bool) -> None:
    assert effect_may_ask(_effect(does)) is asks


def test_an_asking_operation_contained_in_another_is_found() -> None:
    # (no such container today does not ask itself; the walk reads every list of operations an operation holds)
    inner = {"op": "special_summon"}
    assert effect_may_ask(_effect([{"op": "damage", "amount": 1, "then": [inner]}]))
    assert not effect_may_ask(_effect([{"op": "damage", "amount": 1, "then": [{"op": "draw", "count": 1}]}]))


def test_the_duel_indexes_whether_each_effect_may_ask() -> None:
    reg = engine.default_registry()
    reg.register(EffectType("host_op", operation=lambda ctx, src, link: None))
    reg.register(EffectType("host_never", operation=lambda ctx, src, link: None, may_ask=lambda e: False))
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1000, def_=1000, effects=[
        _effect([{"op": "damage", "amount": 100}]),
        _effect([{"op": "you_can", "does": [{"op": "damage", "amount": 100}]}]),
        Effect("host_op", EffectKind.TRIGGER, event=TriggerEvent.DESTROYED),
        Effect("host_never", EffectKind.TRIGGER, event=TriggerEvent.DESTROYED),
    ])  # fmt: skip
    duel = engine.Duel(b.build(), reg)
    assert duel.ctx.index.asks[0] == [False, True, True, False]
    effects = duel.state.cards[0].effects
    assert [duel.ctx.index.may_ask(0, i, e) for i, e in enumerate(effects)] == [False, True, True, False]
    # An effect the index has not seen (given to the card since) may ask.
    assert duel.ctx.index.may_ask(0, 0, _effect([{"op": "damage", "amount": 100}]))
    assert duel.ctx.index.may_ask(0, 9, effects[0])

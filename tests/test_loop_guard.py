"""The loop guard (rules spec §U.13): mandatory effects that keep activating each other with no decision in between
end with `engine.LoopError` naming the effects that repeat; a loop a player keeps going by choice does not.

Sources: an Infinite Loop is one "that occur[s] involuntarily, usually from a series of mandatory Trigger Effects that
meet the activation conditions for each other upon resolution"; a Controlled Loop is one where "the actions are
voluntary and a Duelist controls how many times the action will repeat" (KDE-E Tournament Policy, "O. Handling Card
Loops"). A monster flipped face-up by any means is flipped, and its FLIP effect activates (lucays/OCG-Rule-
documentation, docs/c02/基本用语.rst, "反转").
"""

from __future__ import annotations

import pytest

import engine
from engine.chain import LOOP_LIMIT


def _flips(other: str, optional: bool = False) -> list[dict[str, object]]:
    """A FLIP effect that turns `other` face-down and face-up again."""
    return [{"kind": "flip", "optional": optional,
             "does": [{"op": "change_position", "target": other, "to": "set"},
                      {"op": "change_position", "target": other, "to": "defense"}]}]


def _duel(p_effects: list[dict[str, object]], q_effects: list[dict[str, object]]) -> engine.Duel:
    b = engine.StateBuilder(turn_player="A").monster("att", "A", atk=100, def_=0)
    b.monster("p", "B", atk=0, def_=5000, position="set", name="Flipper P", effects=p_effects)
    b.monster("q", "B", atk=0, def_=5000, position="defense", name="Flipper Q", effects=q_effects)
    return engine.Duel(b.build())


def test_two_flip_effects_flipping_each_other_are_named_together() -> None:
    """P's FLIP flips Q, Q's flips P, and so on: the error names both, in the order they resolve."""
    duel = _duel(_flips("q"), _flips("p"))
    duel.declare_attack("att", "p")
    with pytest.raises(engine.LoopError) as info:
        duel.run(engine.PassAgent())
    assert set(info.value.loop) == {(1, 0), (2, 0)} and len(info.value.loop) == 2
    message = str(info.value)
    assert "card 'p' (Flipper P), effect 0" in message and "card 'q' (Flipper Q), effect 0" in message
    assert f"more than {LOOP_LIMIT} chain links" in message and "§U.13" in message


class Keeps:
    """Activates an optional effect `times` times, then declines."""

    def __init__(self, times: int) -> None:
        self.times = times
        self.activated = 0

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        mine = [o for o in decision.options if not o.is_pass and not o.is_attack]
        if mine and self.activated < self.times:
            self.activated += 1
            return mine[0]
        return engine.PASS


def test_a_loop_a_player_keeps_going_by_choice_is_not_stopped() -> None:
    """An optional FLIP effect is a decision each time: past the limit, and then the player stops it."""
    duel = _duel(_flips("p", optional=True), [])
    duel.declare_attack("att", "p")
    agent = Keeps(LOOP_LIMIT + 50)
    duel.run(agent)
    assert agent.activated == LOOP_LIMIT + 50
    assert duel.is_stopped

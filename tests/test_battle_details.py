"""A battler that left the field and came back (rules spec §1.8): it is a new card, no longer the battler, so
the battle stops as if it had left: no damage calculation, no battle damage, no destruction by battle.

The scenario format has no op that moves a monster out and back, so the move is made through the public
effect API (`engine.actions.move_card`, what a "banish it, then return it to the field" card's operation does),
while the Start of the Damage Step's window is open.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import actions
from engine.rules.battle import battle_problem

ATT, TGT = 0, 1


def duel() -> engine.Duel:
    state = engine.state_from_scenario(engine.parse_scenario({
        "format": "damage-step-scenario/1", "id": "flicker",
        "cards": [
            {"id": "att", "controller": "A", "atk": 1800, "def": 0, "position": "attack"},
            {"id": "tgt", "controller": "B", "atk": 1000, "def": 0, "position": "attack"},
        ],
        "attack": {"attacker": "att", "target": "tgt"},
    }))
    state.show_every_priority = True  # stop at the first priority, at the Start of the Damage Step
    return engine.Duel(state)


def flicker(d: engine.Duel, card: int, controller: engine.Player) -> None:
    """Banished, then returned face-up in Attack Position under its owner's control: the same card id, a new
    card for the rules."""
    actions.move_card(d.ctx, card, engine.Location.BANISHED, "effect")
    actions.move_card(d.ctx, card, engine.Location.MONSTER_ZONE, "effect", position=engine.Position.ATTACK,
                      controller=controller)


def play_out(d: engine.Duel) -> None:
    while (decision := d.advance()) is not None:
        d.decide(engine.PassAgent().choose(decision, d))


@pytest.mark.parametrize("card", [ATT, TGT])
def test_a_battler_that_left_and_came_back_is_no_longer_the_battler(card: int) -> None:
    d = duel()
    assert d.advance() is not None and d.state.phase is engine.Phase.START_OF_DAMAGE_STEP
    assert battle_problem(d.ctx) is None
    flicker(d, card, d.state.cards[card].controller)
    assert d.state.cards[card].location is engine.Location.MONSTER_ZONE  # back where it was ...
    problem: Any = battle_problem(d.ctx)
    assert problem is not None and "left the field" in problem  # ... but not the battler any more
    play_out(d)
    # §1.8: no damage calculation: neither player takes battle damage, nothing is destroyed by battle.
    assert [p.lp for p in d.state.players] == [8000, 8000]
    assert all(c.location is engine.Location.MONSTER_ZONE for c in d.state.cards)
    assert not any(e.type is engine.EventType.BATTLE_DAMAGE for e in d.state.log)


def test_without_the_flicker_the_battle_goes_on() -> None:
    # The same battle untouched: 1800 against 1000 ATK, B takes 800 and its monster is destroyed (§2.2).
    d = duel()
    play_out(d)
    assert [p.lp for p in d.state.players] == [8000, 7200]
    assert d.state.cards[TGT].location is engine.Location.GRAVEYARD

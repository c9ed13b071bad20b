"""Refusal reasons for a target index, found unchecked by the mutation run: an index names a card when it is
one of the duel's cards (0 .. n-1), so the first card (index 0) is a card like any other, and index n is not.

The rule (README, "Decisions"): an illegal option raises IllegalChoice naming why, and changes nothing; an index
outside the cards is refused as naming no card (it must not index from the end or raise an IndexError). And a
trigger that is not waiting is refused for its own reason: it did not trigger, or it was already placed.
"""

from __future__ import annotations

from scenario_builders import S, gain, mon, pull, scen, trig
from test_bad_decisions import at_first_decision, refused

import engine
from engine import actions
from engine.rules import legality

RUSH, WALLS = 5, 6  # test_decisions.rich(): A's "rush" (+500 to the attacker), B's "walls"


def test_a_target_index_past_the_last_card_names_no_card() -> None:
    duel = at_first_decision()
    n = len(duel.state.cards)
    refused(duel, engine.Option(RUSH, 0, (n,)), f"no card {n}")
    refused(duel, engine.Option(RUSH, 0, (n - 1, n)), f"no card {n}")


def test_a_target_index_zero_is_a_card_so_the_refusal_names_the_real_reason() -> None:
    # B's "walls" on A's decision is refused because it is not A's card, whichever card it targets: index 0 (the
    # attacker) is a card, so the reason is the same as for index 1.
    duel = at_first_decision()
    d = duel.pending_decision
    assert d is not None and d.player is engine.Player.A
    first = refused(duel, engine.Option(WALLS, 0, (0,)), "walls", "not")
    assert "no card" not in first
    assert first == refused(duel, engine.Option(WALLS, 0, (1,)))


# -- a trigger that is not waiting (rules spec §1.2: a trigger is placed when its event happened) ------------------

def _triggers() -> tuple[engine.Duel, list[str]]:
    """A's Start of the Damage Step trigger (effect 0 of "a_s") waits; "d"'s destroyed-by-battle trigger
    (effect 0 too) did not trigger: nothing was destroyed by battle."""
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 3000, pos="defense"),
             mon("a_s", "A", 100, 100, effects=[trig(S, gain(1), optional=True)]),
             mon("d", "A", 0, 0, effects=[trig("destroyed_by_battle", gain(100))])]
    return pull(scen(cards), show=True)


def test_a_trigger_that_did_not_happen_is_refused_as_such_while_another_cards_trigger_waits() -> None:
    duel, ids = _triggers()
    decision = duel.advance()
    assert decision is not None and decision.kind is engine.DecisionKind.TRIGGER
    assert engine.Option(ids.index("a_s"), 0) in decision.options
    why = duel.why_illegal(engine.Option(ids.index("d"), 0))
    assert why is not None and "did not trigger" in why, why


def test_a_trigger_that_did_not_happen_is_not_said_to_be_placed_already() -> None:
    # After a_s's trigger was placed and resolved, d's trigger still did not trigger in this window: the reason
    # is that, not "already placed" (that is a_s's case, not d's).
    duel, ids = _triggers()
    while (decision := duel.advance()) is not None and decision.kind is engine.DecisionKind.TRIGGER:
        duel.decide(engine.Option(ids.index("a_s"), 0))
    assert any(e.type is engine.EventType.TRIGGERED for e in duel.state.log)
    assert duel.state.phase is engine.Phase.START_OF_DAMAGE_STEP
    why = legality.trigger_problem(duel.ctx, ids.index("d"), 0)
    assert why is not None and "did not trigger" in why and "already" not in why, why
    why = legality.trigger_problem(duel.ctx, ids.index("a_s"), 0)
    assert why is not None and "already" in why, why
    # Something else happening to d in this window (its ATK changes) is not d's trigger being placed.
    d = ids.index("d")
    actions.add_lingering(duel.ctx, engine.Lingering(engine.Effect("change_stats", engine.EffectKind.CONTINUOUS),
                                                     engine.Player.A, d, duel.state.cards[d].instance,
                                                     "end_of_turn", atk=100))
    assert any(e.card == d and e.window is engine.Window.START_OF_DAMAGE_STEP for e in duel.state.log)
    why = legality.trigger_problem(duel.ctx, d, 0)
    assert why is not None and "did not trigger" in why and "already" not in why, why

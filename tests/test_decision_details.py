"""Refusal reasons for a target index, found unchecked by the mutation run: an index names a card when it is
one of the duel's cards (0 .. n-1), so the first card (index 0) is a card like any other, and index n is not.

The rule (README, "Decisions"): an illegal option raises IllegalChoice naming why, and changes nothing; an index
outside the cards is refused as naming no card (it must not index from the end or raise an IndexError).
"""

from __future__ import annotations

from test_bad_decisions import at_first_decision, refused

import engine

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

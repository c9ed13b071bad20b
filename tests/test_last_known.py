"""Last known information (rules spec §R.2, issue 23): a condition that refers to a card that took part in an event
reads that card as it was then, not where it is now.

The rule (lucays/OCG-Rule-documentation docs/c03/战斗阶段流程.rst L597-598, L795): "destroys an X monster by battle" is
judged at damage calculation and the effect activates at the End of the Damage Step, when the destroyed monster is
already in the Graveyard; from its determination on, its name, ATK/DEF, Attribute and battle position do not change.
The sourced whole-battle cases are tests/rules/rules-fidelity-cases.jsonl; these check the engine concept itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenario_builders import dmg, mon, play, scen, trig

import engine

DESTROYS = "destroys_by_battle"


def attacker_with(**kw: Any) -> dict[str, Any]:
    """A's 2000 ATK attacker whose trigger inflicts 500 when it destroys a monster by battle, if `kw` holds."""
    return mon("att", "A", 2000, 0, effects=[trig(DESTROYS, dmg(500), **kw)])


def test_a_trigger_condition_naming_a_destroyed_monster_reads_it_as_it_was() -> None:
    # "If this card destroys a Defense Position monster by battle": at the End of the Damage Step the target is in
    # the Graveyard (no position at all); it was a face-down Defense Position monster flipped face-up (§1.4), so
    # the trigger activates. 2000 against DEF 1500: no battle damage; B takes the 500.
    cards = [attacker_with(condition="attacking_defense_position"), mon("tgt", "B", 1000, 1500, pos="set")]
    res = play(scen(cards))
    assert res["destroyed_by_battle"] == ["tgt"] and res["final_locations"]["tgt"] == "graveyard"
    assert res["final_lp"] == {"A": 8000, "B": 7500}


def test_the_same_condition_on_an_attack_position_monster_does_not_hold() -> None:
    # The variant: the target was in Attack Position, so only the 1000 battle damage.
    cards = [attacker_with(condition="attacking_defense_position"), mon("tgt", "B", 1000, 1500)]
    res = play(scen(cards))
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_lp"] == {"A": 8000, "B": 7000}


def test_a_battle_filter_reads_the_destroyed_monsters_attribute_as_it_was() -> None:
    # "If this card destroys a LIGHT monster by battle": the target is LIGHT on the field and in the Graveyard alike,
    # but it is no longer a monster on the field when the trigger is checked; a filter that wanted it there would
    # never let the trigger activate (the failure issue 23 describes).
    cards = [attacker_with(battle={"opponent_monster": {"attribute": "light"}}),
             {**mon("tgt", "B", 1000, 1000), "attribute": "light"}]
    res = play(scen(cards))
    assert res["final_lp"] == {"A": 8000, "B": 8000 - 1000 - 500}
    dark = [attacker_with(battle={"opponent_monster": {"attribute": "light"}}),
            {**mon("tgt", "B", 1000, 1000), "attribute": "dark"}]
    assert play(scen(dark))["final_lp"] == {"A": 8000, "B": 7000}


def test_the_record_is_kept_in_clones_and_cleared_at_the_end_of_the_turn() -> None:
    sc = engine.parse_scenario(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 1500, pos="set")]))
    duel, _ = engine.run_scenario(sc)
    state = duel.state
    tgt = duel.index_of("tgt")
    # One record: the target as it left the field, keyed by the card and the instance it had there; a copy taken
    # then (face-up Defense Position after the flip, 1000 / 1500), which the card's later moves do not change.
    ((index, instance), known), = state.last_known.items()
    assert index == tgt and state.cards[tgt].location is engine.Location.GRAVEYARD
    assert state.cards[tgt].instance != instance  # in the Graveyard it is a new card to the rules
    assert known.card.location is engine.Location.MONSTER_ZONE and known.card.position is engine.Position.DEFENSE
    assert (known.atk, known.def_) == (1000, 1500)
    twin = state.clone()
    assert twin.last_known == state.last_known and twin.last_known is state.last_known  # read-only: shared
    with pytest.raises(TypeError, match="read-only"):
        state.last_known[(0, 0)] = known  # type: ignore[index]
    assert twin.state_hash() == state.state_hash()
    duel.end_turn()
    assert duel.state.last_known == {} and twin.last_known != {}

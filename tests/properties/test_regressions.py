"""Minimal scenarios of engine bugs the properties found, kept as plain regression tests."""

from __future__ import annotations

import pytest
from bounded import capped

import engine

# A Set attack target that survives the battle, with a mandatory FLIP effect that turns itself face-down and
# face-up again: after damage calculation FLIP effects activate at once (README, "Rules choices"), so each
# resolution flips it face-up and sets the FLIP effect off again, without any decision. `advance()` never
# returns and the log grows without end.
FLIP_LOOP = {
    "format": "damage-step-scenario/1",
    "cards": [
        {"id": "att", "controller": "A", "atk": 100, "def": 0, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 0, "def": 5000, "position": "set",
         "effects": [{"kind": "flip", "does": [{"op": "change_position", "target": "self", "to": "set"},
                                               {"op": "change_position", "target": "self", "to": "defense"}]}]},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="engine bug: a FLIP effect that flips its own card face-down and face-up again re-triggers "
                          "itself forever after damage calculation; the Damage Step never ends")
def test_a_self_reflipping_flip_effect_does_not_loop_forever() -> None:
    """The Damage Step always ends (§1.7 item 3, or the Duel ends, §2.7)."""
    duel = capped(engine.Duel(engine.state_from_scenario(engine.parse_scenario(FLIP_LOOP))))
    duel.run(engine.PassAgent())
    assert duel.is_over


# A face-down Trap whose effect targets ("target": "attacker"), offered at the start of the Damage Step.
TARGETING = {
    "format": "damage-step-scenario/1",
    "cards": [
        {"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 1000, "def": 0, "position": "attack", "effects": []},
        {"id": "trap", "controller": "A", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2, "target": "attacker",
                      "does": [{"op": "change_stats", "target": "attacker", "atk": 500}]}]},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}


@pytest.mark.parametrize("target", [3, 99, -1, -4])
def test_a_target_index_that_names_no_card_is_an_illegal_choice(target: int) -> None:
    """Found by test_decision_machine (decide_not_offered): an out-of-range target index raised IndexError from
    the refusal message (legality.effect_problem names the targets); -1 named the last card instead."""
    duel = engine.Duel(engine.state_from_scenario(engine.parse_scenario(TARGETING)))
    decision = duel.advance()
    assert decision is not None and engine.Option(2, 0, (0,)) in decision.options
    before = duel.state.clone()
    with pytest.raises(engine.IllegalChoice, match="no card"):
        duel.decide(engine.Option(2, 0, (target,)))
    assert duel.state == before

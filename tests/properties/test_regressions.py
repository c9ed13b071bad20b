"""Minimal scenarios of engine bugs the properties found, kept as plain regression tests."""

from __future__ import annotations

from typing import Any

import pytest
from bounded import capped

import engine
from engine.library.filters import name_of

# A Set attack target that survives the battle, with a mandatory FLIP effect that turns itself face-down and
# face-up again: after damage calculation FLIP effects activate at once (README, "Rules choices"), so each
# resolution flips it face-up and sets the FLIP effect off again, without any decision. `advance()` never
# returned and the log grew without end, until the loop guard (rules spec §U.13).
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


def test_a_self_reflipping_flip_effect_is_an_unending_loop_named_by_the_loop_guard() -> None:
    """A FLIP effect that turns its own monster face-down and face-up again sets itself off again, for ever.

    The official rules: "a monster changing from face-down to face-up by any method is a flip" (怪兽通过任何方法从里侧
    表示变成表侧表示就是反转), and a monster turned face-down and flipped again is a new monster for its effects ("that
    monster becomes face-down and is flipped again in that turn ... the restriction no longer exists, and it can be
    activated again": lucays/OCG-Rule-documentation, docs/c02/基本用语.rst, "反转" and "1回合1次", from the official
    database's Q&A). So each resolution flips it face-up and its mandatory FLIP effect activates again: an Infinite
    Loop, "loops that occur involuntarily, usually from a series of mandatory Trigger Effects that meet the activation
    conditions for each other upon resolution"; with no victory condition in it, official play has a judge send "the
    card that is the primary cause of the loop" to the Graveyard (KDE-E Tournament Policy, "O. Handling Card Loops",
    "Infinite Loop"; laaners/yugioh_comprehensive_rulebook, policy/index.html). That is a tournament procedure, not
    a game rule: the engine stops with `LoopError` naming the card and the effect that repeat (rules spec §U.13)."""
    duel = capped(engine.Duel(engine.state_from_scenario(engine.parse_scenario(FLIP_LOOP))))
    seen: list[engine.Event] = []
    duel.on_event(seen.append)  # (the duel itself is put back as it was before `run`: issue 39)
    with pytest.raises(engine.LoopError) as info:
        duel.run(engine.PassAgent())
    assert info.value.loop == ((1, 0),)
    assert "card 'tgt' (tgt), effect 0" in str(info.value)
    activated = [e for e in seen if e.type is engine.EventType.ACTIVATED and e.card == 1]
    assert len(activated) > 1000  # it did set itself off again, each time it was flipped face-up


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


def _duel(cards: list[dict[str, Any]]) -> engine.Duel:
    sc = {"format": "damage-step-scenario/1", "cards": cards, "attack": {"attacker": "att", "target": "tgt"}}
    return engine.Duel(engine.state_from_scenario(engine.parse_scenario(sc)))


def test_a_name_that_becomes_another_only_on_the_field_is_the_printed_one_elsewhere() -> None:
    """Found by test_every_kind_and_op_loads_and_plays (CI of c336b46): `name_becomes` with no `also_in` raised
    TypeError for a card off the field, whose name any filter reads. "This card's name becomes X while on the field"
    (rules spec §U.24): in the Graveyard it has its printed name."""
    duel = _duel([
        {"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 0, "def": 0, "position": "attack", "effects": []},
        {"id": "gy", "controller": "A", "name": "Printed", "location": "graveyard", "atk": 0, "def": 0,
         "effects": [{"kind": "name_becomes", "name": "Other"}]},
        {"id": "mz", "controller": "A", "name": "Printed Too", "atk": 0, "def": 0, "position": "defense",
         "effects": [{"kind": "name_becomes", "name": "Other"}]},
    ])
    assert name_of(duel.card("gy")) == "Printed"
    assert name_of(duel.card("mz")) == "Other"


def test_a_continuous_atk_change_gated_by_lp_against_an_original_atk_does_not_read_itself() -> None:
    """Found by test_decision_machine (CI of c336b46): a continuous ATK change whose `only_if` compares the LP with
    the highest original ATK on the field (`life_points.at_most_of`) recursed without end, the LP condition reading
    ATK with continuous changes, its own among them. It reads them plain, as every condition of a continuous ATK/DEF
    change does (rules spec §U.1): 8000 LP <= 9000, so the attacker gains 500."""
    gate = {"life_points": {"at_most_of": {"highest_among": {}, "stat": "original_atk"}}}
    duel = _duel([
        {"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack",
         "effects": [{"kind": "stat_modifier", "atk": 500, "only_if": gate}]},
        {"id": "tgt", "controller": "B", "atk": 9000, "def": 0, "position": "defense", "effects": []},
    ])
    assert duel.current_stats("att") == (1500, 0)


def test_a_chain_lock_on_both_players_stops_every_response() -> None:
    """Found by test_every_kind_and_op_loads_and_plays (issue 39's stop): a `chain_lock` with `player: both`, which
    the format accepts ("neither player can activate cards or effects in response to ..."), raised KeyError: 'both'
    whenever activations were checked. It locks both players (rules spec §U.27): once A activates the monster's
    effect, neither face-down Trap is offered in response; after that chain resolves, A's Trap can start a new one."""
    trap = {"kind": "activated", "speed": 2, "damage_step": "allowed",
            "does": [{"op": "gain_lp", "player": "controller", "amount": 100}]}
    duel = _duel([
        {"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack",
         "effects": [{"kind": "activated", "speed": 2, "damage_step": "allowed",
                      "does": [{"op": "change_stats", "target": "self", "atk": 500}]}]},
        {"id": "tgt", "controller": "B", "atk": 0, "def": 0, "position": "defense", "effects": []},
        {"id": "lock", "controller": "A", "location": "spell_trap_zone", "card_type": "spell",
         "property": "continuous", "effects": [{"kind": "chain_lock", "player": "both"}]},
        {"id": "ta", "controller": "A", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [trap]},
        {"id": "tb", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [trap]},
    ])
    traps = {duel.index_of("ta"), duel.index_of("tb")}
    decision = duel.advance()
    assert decision is not None and engine.Option(0, 0, ()) in decision.options
    assert duel.index_of("ta") in {o.card for o in decision.options}  # (A's own Trap, before any lock applies)
    duel.decide(engine.Option(0, 0, ()))
    offered_in_response: set[int] = set()
    while (decision := duel.advance()) is not None:
        window = duel.state.window
        if window is not None and window.chain:
            offered_in_response |= {o.card for o in decision.options}
        elif duel.index_of("ta") in {o.card for o in decision.options}:
            break  # the chain resolved: a new chain may start
        duel.decide(engine.PASS if engine.PASS in decision.options else decision.options[0])
    else:
        raise AssertionError("A's Trap was never offered again")
    assert not offered_in_response & traps
    assert duel.current_stats("att")[0] == 1500

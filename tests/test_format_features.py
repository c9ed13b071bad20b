"""The scenario format's sequence and source pieces (rules spec §U.18; docs/scenario-format.md, "The order of an
effect's operations; targets and counts off the field"): "and if you do" (`if_you_do`), an operation only for a card
of a kind (`if_it_is`), actions left for a later moment (`later`), targets in a Graveyard or banished, conditions to
resolve, "destroyed by a card effect", "sent from the Monster Zone": the sourced cases of
tests/rules/format-features-cases.jsonl through both executors, the schema, the round trip and the CLI; then the
same pieces through the host API, with the effects as Python values.

Expected values come from the rulebook's conjunctions (PSCT), the official rulings cited in each case and the damage
table, computed by hand."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import RULES_DIR, case_file_tests, run

import engine
from engine.values.decisions import PASS, Decision, Option

CASES = RULES_DIR / "format-features-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=17)


class Eager:
    """Activates the first thing offered (a trigger, an effect), else passes."""

    def choose(self, decision: Decision, duel: object) -> Option:
        return next((o for o in decision.options if o != PASS), PASS)


def _duel(b: engine.StateBuilder) -> engine.Duel:
    return engine.Duel(b.build(), engine.cards.registry())


def _trap(does: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Trap activated when an attack is declared (not in the Start Step, where the eager player would use it)."""
    return [{"kind": "activated", "speed": 2, "on": "attack_declared", "does": does}]


def test_if_you_do_through_the_host_api() -> None:
    """A Trap: "destroy the attacking monster, and if you do, gain 500 LP". The attacker cannot be destroyed by card
    effects: no LP gained; a second Trap without the protection gains them."""
    does = [{"op": "destroy", "target": "attacker"}, {"op": "gain_lp", "player": "controller", "amount": 500,
                                                        "if_you_do": True}]
    for protected, lp in ((True, 8000), (False, 8500)):
        b = engine.StateBuilder()
        effects = [{"kind": "indestructible_by_effects", "by": "effects"}] if protected else []
        b.monster("m", "A", atk=1500, def_=1000, effects=effects)
        b.monster("x", "B", atk=1000, def_=1000)
        b.trap("t", "B", face_down=True, effects=_trap(does))
        duel = _duel(b)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        # (the protected attacker then battles x: 500 battle damage; the destroyed one stops its attack)
        assert duel.state.players[1].lp == lp - (500 if protected else 0)


def test_later_through_the_host_api() -> None:
    """A Trap at the declaration: "the attacking monster loses 1000 ATK at the end of the Damage Step". Damage
    calculation compares 1500 with 1000 (B takes 500); afterwards the attacker has 500 ATK."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=2000, position="defense")
    b.trap("t", "B", face_down=True, effects=_trap([{"op": "change_stats", "target": "attacker", "atk": -1000,
                                                      "until": "permanent", "later": "end_of_damage_step"}]))
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    (battle,) = duel.battles
    assert battle.battle.values_compared == (1500, 2000)
    assert duel.current_stats("m") == (500, 1000)
    assert not duel.state.lingering or all(ling.effect.type != "later" for ling in duel.state.lingering)


def test_an_action_left_for_later_is_done_once() -> None:
    """Left for the end of the Damage Step, it is done at the end of that Damage Step only, not at the next one: two
    attacks, the first one's Trap makes B lose 300 LP once."""
    b = engine.StateBuilder()
    b.monster("m1", "A", atk=1000, def_=1000)
    b.monster("m2", "A", atk=1000, def_=1000)
    b.monster("x", "B", atk=500, def_=3000, position="defense")
    b.trap("t", "A", face_down=True, effects=_trap([{"op": "damage", "player": "opponent", "amount": 300,
                                                      "later": "end_of_damage_step"}]))
    duel = _duel(b)
    duel.declare_attack("m1", "x")
    duel.run(Eager())
    duel.declare_attack("m2", "x")
    duel.run(Eager())
    assert [p.lp for p in duel.state.players] == [8000 - 2000 - 2000, 8000 - 300]


def test_bad_sequence_keys_are_refused_by_name() -> None:
    """`if_it_is` on an operation with no target, and an unknown `later` moment: one clear error each, naming the
    place."""

    def scenario(op: dict[str, Any]) -> dict[str, Any]:
        return {"format": "damage-step-scenario/1", "id": "bad", "turn_player": "A",
                "life_points": {"A": 8000, "B": 8000},
                "cards": [{"id": "m", "controller": "A", "atk": 1000, "def": 1000, "position": "attack"},
                          {"id": "x", "controller": "B", "atk": 100, "def": 100, "position": "attack"},
                          {"id": "t", "controller": "B", "location": "spell_trap_zone", "card_type": "trap",
                           "face_down": True, "effects": _trap([op])}],
                "attack": {"attacker": "m", "target": "x"}, "choices": []}  # fmt: skip

    with pytest.raises(engine.ScenarioError, match=r"does\[0\]\.if_it_is: .*give it a target"):
        engine.parse_scenario(scenario({"op": "damage", "player": "opponent", "amount": 1, "if_it_is": {}}))
    with pytest.raises(engine.ScenarioError, match=r"does\[0\]\.later: expected one of"):
        engine.parse_scenario(scenario({"op": "destroy", "target": "attacker", "later": "next_turn"}))


def test_later_reads_a_value_of_a_card_that_has_left_as_it_was() -> None:
    """"At the end of the Damage Step, inflict damage to your opponent equal to the attack target's original ATK":
    the target, destroyed by battle, is in the Graveyard by then; its original ATK is read all the same (§R.2), where
    an action on it (destroy it, return it) would do nothing."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=2000, def_=1000)
    b.monster("x", "B", atk=1200, def_=1000)
    damage = {"op": "damage", "player": "opponent", "later": "end_of_damage_step",
              "equal_to": {"of": "target", "stat": "original_atk"}}
    b.trap("t", "A", face_down=True, effects=_trap([damage]))
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert [p.lp for p in duel.state.players] == [8000, 8000 - 800 - 1200]


def test_a_lasting_effect_of_a_player_kind_with_no_player_applies_to_its_controller() -> None:
    """`lasting_effect` `avoid_battle_damage` (a kind about a player) given `applies_to: own_monsters` and no `player`
    (the loader asks for one of the two) is its controller's: "you take no battle damage this turn"
    (docs/scenario-format.md: `player` defaults to the controller). It raised KeyError: None (a property test found
    it after issue 43's merges)."""
    trap = {"id": "t", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
            "effects": [{"kind": "activated", "speed": 2,
                         "does": [{"op": "change_stats", "target": "x", "atk": 100},  # (a Damage Step effect)
                                  {"op": "lasting_effect", "kind": "avoid_battle_damage",
                                   "applies_to": "own_monsters"}]}]}
    sc = {"format": "damage-step-scenario/1", "id": "lasting-no-player",
          "cards": [{"id": "a", "controller": "A", "position": "attack", "atk": 2000, "def": 0},
                    {"id": "x", "controller": "B", "position": "attack", "atk": 1000, "def": 0}, trap],
          "attack": {"attacker": "a", "target": "x"},
          "choices": [{"window": "before_damage_calculation", "player": "B", "activate": "t"}]}
    got = run(sc)
    assert got["final_lp"] == {"A": 8000, "B": 8000}
    assert got["final_locations"]["x"] == "graveyard"

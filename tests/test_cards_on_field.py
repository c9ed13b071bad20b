"""Cards as cards (rules spec §C; issue 22, item 1): the sourced cases of tests/rules/cards-on-field-cases.jsonl
(what stays on the field, Equip Cards, once per turn, counters), compared as cases.md says through both executors,
the schema, the round trip and the CLI; and the same rules through the Python API, with the refusals' reasons.

Expected values come from the pages of laaners/yugioh_comprehensive_rulebook each case cites (the official rulebook
and the OCG Perfect Rulebook 2017) and the damage table, computed by hand."""

from __future__ import annotations

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine import StateBuilder
from engine.cards import place
from engine.values.decisions import Option

CASES = RULES_DIR / "cards-on-field-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=10)


BOOST = {"kind": "activated", "speed": 2, "windows": ["start_of_damage_step", "before_damage_calculation"],
         "once_per_turn": "hard", "does": [{"op": "change_stats", "target": "self", "atk": 300}]}  # fmt: skip


def _at_start_of_damage_step(b: StateBuilder) -> tuple[engine.Duel, engine.Decision]:
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("m", "x")
    decision = duel.advance()
    while decision is not None and decision.window is not engine.Window.START_OF_DAMAGE_STEP:
        duel.decide(engine.PASS)
        decision = duel.advance()
    assert decision is not None
    return duel, decision


def test_a_hard_once_per_turn_is_refused_to_a_second_copy_and_says_why() -> None:
    b = StateBuilder().monster("m", "A", atk=1500, def_=0, name="Booster", effects=[BOOST])
    b.monster("m2", "A", atk=1000, def_=0, name="Booster", effects=[BOOST]).monster("x", "B", atk=1700, def_=0)
    duel, decision = _at_start_of_damage_step(b)
    first = next(o for o in decision.options if o.card == duel.index_of("m"))
    second = Option(duel.index_of("m2"), 0)
    assert duel.why_illegal(second) is None  # not used yet: both copies may
    duel.decide(first)
    assert duel.advance() is not None  # B's priority, with m's effect on the chain
    duel.decide(engine.PASS)
    assert duel.advance() is not None  # A's priority again: m2 (same name) may not respond with the effect
    before = duel.state.state_hash()
    assert "once per turn" in (duel.why_illegal(second) or "")
    assert duel.state.state_hash() == before  # asking changes nothing


def test_the_next_turn_allows_it_again() -> None:
    b = StateBuilder().monster("m", "A", atk=1500, def_=0, name="Booster", effects=[BOOST])
    b.monster("x", "B", atk=1700, def_=0)
    duel, decision = _at_start_of_damage_step(b)
    duel.decide(next(o for o in decision.options if not o.is_pass))
    duel.run(engine.PassAgent())
    assert duel.state.used_once
    duel.end_turn()
    assert duel.state.used_once == ()


def test_equip_from_python_and_the_equip_rule() -> None:
    b = StateBuilder().monster("m", "A", atk=1000, def_=0).monster("x", "B", atk=2500, def_=0)
    place(b, "axe_of_despair", "axe", "A", equipped_to="m")
    duel = engine.Duel(b.build(), engine.cards.registry())
    assert duel.state.cards[duel.index_of("axe")].card_property is engine.values.game.Property.EQUIP
    duel.declare_attack("m", "x")
    duel.run(engine.PassAgent())
    axe = duel.card("axe")
    assert axe.location is engine.Location.GRAVEYARD and duel.lp("A") == 7500
    assert any(e.rule == "equip_target_gone" for e in duel.state.log)


def test_a_face_up_spell_trap_is_not_activated_again() -> None:
    b = StateBuilder().monster("m", "A", atk=1000, def_=0).monster("x", "B", atk=1500, def_=0)
    place(b, "kunai_with_chain", "kunai", "A", face_down=False)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("m", "x")
    decision = duel.advance()
    assert decision is not None
    assert all(o.card != duel.index_of("kunai") for o in decision.options)
    assert "already face-up" in (duel.why_illegal(Option(duel.index_of("kunai"), 0)) or "")


def test_counters_on_a_face_down_card_are_refused() -> None:
    with pytest.raises(engine.UsageError, match="counters"):
        StateBuilder().monster("m", "A", atk=0, def_=0, position="set", counters=1)
    with pytest.raises(engine.ScenarioError, match="counters"):
        engine.parse_scenario({"format": "damage-step-scenario/1", "cards": [
            {"id": "m", "controller": "A", "atk": 0, "def": 0, "position": "set", "counters": 1},
            {"id": "x", "controller": "B", "atk": 0, "def": 0, "position": "attack"}],
            "attack": {"attacker": "x", "target": "m"}})  # fmt: skip

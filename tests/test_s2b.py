"""Branch s2b (issue 43, the second sample's trigger events and what they carry; rules spec §U.24): the sourced
cases of tests/rules/s2b-cases.jsonl (S2B-*), through both executors, the schema, the round trip and the CLI.

Expected values come from the card texts, the official scripts (ProjectIgnis/CardScripts) and the damage table,
computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2b-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=3)


# -- the pieces through the host API ---------------------------------------------------------------------------------

import pickle  # noqa: E402

import pytest  # noqa: E402

import engine  # noqa: E402
from engine import actions  # noqa: E402
from engine.format.document import parse_effect_spec  # noqa: E402
from engine.rules.arrivals import arrived_this_turn, battle_position_changed, came_from, cause_of  # noqa: E402
from engine.values.game import Location, Player, Position  # noqa: E402


def _duel() -> tuple[engine.Duel, dict[str, int]]:
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1000, def_=1000, level=4)
    b.monster("x", "B", atk=1000, def_=1000, level=3)
    b.spell("qp", "A", property="quick_play", effects=[{"kind": "activated", "speed": 2}])
    duel = engine.Duel(b.build(), engine.cards.registry())
    return duel, {c.id: i for i, c in enumerate(duel.state.cards)}


def test_a_move_records_where_from_and_the_turn_and_no_cause_outside_an_effect() -> None:
    duel, ix = _duel()
    actions.move_card(duel.ctx, ix["x"], Location.HAND, "effect")
    card = duel.state.cards[ix["x"]]
    assert came_from(card, ["monster_zone"]) and came_from(card, ["field"]) and not came_from(card, ["graveyard"])
    assert cause_of(card) is None  # no chain link was resolving: no card effect named
    assert arrived_this_turn(duel.state, ix["x"]) and not arrived_this_turn(duel.state, ix["m"])


def test_a_destruction_by_an_effect_names_the_effect_and_its_card_as_it_was() -> None:
    duel, ix = _duel()
    assert actions.destroy(duel.ctx, ix["x"], "effect", by=duel.ctx.source_of(ix["qp"], 0))
    found = cause_of(duel.state.cards[ix["x"]])
    assert found is not None and found[0] is Player.A
    assert found[1].id == "qp" and found[1].location is Location.SPELL_TRAP_ZONE


def test_a_flip_to_face_up_defense_keeps_the_battle_position_a_change_to_attack_does_not() -> None:
    b = engine.StateBuilder()
    b.monster("s", "A", atk=0, def_=0, level=4, position="set")
    b.monster("u", "A", atk=0, def_=0, level=4)
    duel = engine.Duel(b.build(), engine.cards.registry())
    actions.change_position(duel.ctx, 0, Position.DEFENSE, "effect")
    actions.change_position(duel.ctx, 1, Position.DEFENSE, "effect")
    assert not battle_position_changed(duel.state.cards[0]) and battle_position_changed(duel.state.cards[1])
    actions.move_card(duel.ctx, 1, Location.HAND, "effect")  # a move forgets the position before
    assert duel.state.cards[1].details.position_before is None


def test_a_duel_whose_cards_carry_arrivals_pickles_and_clones() -> None:
    duel, ix = _duel()
    actions.destroy(duel.ctx, ix["x"], "effect")
    copy = pickle.loads(pickle.dumps(duel.state))
    assert copy.cards[ix["x"]].details == duel.state.cards[ix["x"]].details
    assert duel.state.clone().cards[ix["x"]].details.arrival == duel.state.cards[ix["x"]].details.arrival


_GAIN = [{"op": "gain_lp", "player": "controller", "amount": 100}]


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ({"kind": "trigger", "on": "attack_declared", "optional": True, "event_from": ["graveyard"], "does": _GAIN},
         "event_from is read of an event of a card that moved"),
        ({"kind": "trigger", "on": "position_changed", "optional": True, "caused_by": {}, "does": _GAIN},
         "caused_by is read of an event of a card that moved"),
        ({"kind": "trigger", "on": "destroyed", "optional": True, "position_change": "battle_position", "does": _GAIN},
         "position_change is read of the event position_changed"),
        ({"kind": "trigger", "on": "destroyed", "optional": True, "uses_per_turn": 2, "does": _GAIN},
         "give once_per_turn too"),
        ({"kind": "trigger", "on": "destroyed", "optional": True, "once_per_turn_group": "g", "does": _GAIN},
         "give once_per_turn too"),
        ({"kind": "trigger", "on": "special_summoned", "optional": True, "event_from": ["sky"], "does": _GAIN},
         "event_from"),
        ({"kind": "trigger", "on": "destroyed", "optional": True, "caused_by": {"player": "me"}, "does": _GAIN},
         "caused_by.player"),
        ({"kind": "negates_activated_effects", "activated_from": []}, "activated_from"),
    ],
)
def test_the_loader_refuses_what_an_event_does_not_carry(spec: dict[str, object], says: str) -> None:
    with pytest.raises(engine.ScenarioError) as err:
        parse_effect_spec(spec)
    assert says in str(err.value)

"""Decisions made as a COST, as an effect is activated (rules spec §U.21, engine/library/cost_choices.py): the
activating player picks which cards pay ("discard 1 card", "send 1 card from your hand to the GY", "Tribute 1
monster", "banish 1 card from your GY") or how much LP ("pay LP in multiples of 100 (max. 2000)") before the chain
link is complete. Through the host API, both executors: the decision appears, names the activation, and completes
it; an illegal answer is refused with the state unchanged; a cost with one way to pay asks nothing; a cost that
cannot be paid is not offered; clone, pickle and state_hash hold the pending cost; listeners hear the activation
once; the search API numbers the answers; the sourced cases of tests/rules/cost-choices-cases.jsonl."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine.search import BattleGame
from engine.values.decisions import PASS, DecisionKind, IllegalChoice, answer_value
from engine.values.events import EventType
from engine.values.game import Window

CASES = RULES_DIR / "cost-choices-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=4)

# B's face-down trap: A's attacker loses 1000 ATK (so a result shows the effect applied)
WEAKEN = [{"op": "change_stats", "target": "attacker", "atk": -1000}]


def duel_with(cost: dict[str, Any], hand: tuple[str, ...] = ("h1", "h2"), executor: str = "fast",
              filler: int = 0, graveyard: tuple[str, ...] = (), extra_monsters: tuple[str, ...] = ()) -> engine.Duel:
    """A's 1500 ATK m attacks B's 1000 ATK x; B has a face-down trap with `cost` (speed 2) and `hand`."""
    b = engine.StateBuilder(hand_filler=(0, filler))
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000)
    b.trap("t", "B", face_down=True, effects=[{"kind": "activated", "speed": 2, "cost": cost, "does": WEAKEN}])
    for h in hand:
        b.monster(h, "B", atk=0, def_=0, location="hand", level=4 if h != "spell" else 0) if h != "spell" else \
            b.spell("spell", "B", location="hand")
    for g in graveyard:
        b.monster(g, "B", atk=0, def_=0, location="graveyard")
    for e in extra_monsters:
        b.monster(e, "B", atk=0, def_=0)
    duel = engine.Duel(b.build(), engine.cards.registry(), executor=executor)  # type: ignore[arg-type]
    duel.declare_attack("m", "x")
    return duel


def activate_trap(duel: engine.Duel) -> engine.Decision | None:
    """Pass until B may activate t; activate it; the decision that follows."""
    while (d := duel.advance()) is not None:
        acts = [o for o in d.options if not o.is_pass and o.card == duel.index_of("t")]
        if d.player is engine.Player.B and acts and d.window is Window.ATTACK_DECLARATION:
            duel.decide(acts[0])
            return duel.advance()
        duel.decide(PASS if PASS in d.options else d.options[0])
    return None


def finish(duel: engine.Duel) -> None:
    while (d := duel.advance()) is not None:
        duel.decide(PASS if PASS in d.options else d.options[0])


def pick(d: engine.Decision, *cards: int) -> engine.Option:
    return next(o for o in d.options if o.targets == tuple(sorted(cards)))


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_the_activating_player_picks_the_card_discarded_before_the_link_is_complete(executor: str) -> None:
    duel = duel_with({"discard": 1}, executor=executor)
    d = activate_trap(duel)
    assert d is not None and d.kind is DecisionKind.PICK and d.player is engine.Player.B
    assert d.activating is not None and d.activating.card == duel.index_of("t")
    assert d.resumes is not None and d.resumes.kind is DecisionKind.PRIORITY
    assert "cost" in d.prompt and d.describe() == ["pick h1", "pick h2"]
    # nothing of the activation has happened yet: the trap is still Set, no chain link, no card discarded
    assert duel.card("t").face_down and not duel.state.window.chain  # type: ignore[union-attr]
    assert not any(e.type is EventType.ACTIVATED for e in duel.state.log)
    duel.decide(pick(d, duel.index_of("h2")))
    assert duel.card("h2").location is engine.Location.GRAVEYARD
    assert duel.card("h1").location is engine.Location.HAND
    assert len(duel.state.window.chain) == 1 and duel.state.answers == ()  # type: ignore[union-attr]
    finish(duel)
    assert duel.lp("B") == 8000 and duel.lp("A") == 8000 - 500  # 500 ATK m vs 1000 ATK x


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_lp_in_multiples_the_player_chooses_how_much(executor: str) -> None:
    duel = duel_with({"lp_multiple_of": 100, "lp_max": 300}, executor=executor)
    d = activate_trap(duel)
    assert d is not None and d.kind is DecisionKind.NUMBER
    assert [answer_value(o) for o in d.options] == [1, 2, 3]  # max. 300
    duel.decide(next(o for o in d.options if answer_value(o) == 2))
    assert duel.lp("B") == 7800
    assert any(e.type is EventType.COST_PAID or e.rule == "cost" for e in duel.state.log)


def test_lp_in_multiples_is_bounded_by_the_players_lp() -> None:
    duel = duel_with({"lp_multiple_of": 1000, "lp_max": 0})
    d = activate_trap(duel)
    assert d is not None and [answer_value(o) for o in d.options] == list(range(1, 9))  # up to all 8000 LP


def test_several_choices_are_asked_in_order_and_complete_the_activation_once() -> None:
    duel = duel_with({"lp_multiple_of": 100, "lp_max": 200, "discard": 1})
    heard: list[engine.Event] = []
    duel.on_event(heard.append)
    d = activate_trap(duel)
    assert d is not None and d.kind is DecisionKind.NUMBER
    duel.decide(d.options[0])
    d2 = duel.advance()
    assert d2 is not None and d2.kind is DecisionKind.PICK and d2.activating == d.activating
    assert duel.lp("B") == 8000  # nothing paid until the activation is complete
    duel.decide(pick(d2, duel.index_of("h1")))
    assert duel.lp("B") == 7900 and duel.card("h1").location is engine.Location.GRAVEYARD
    assert sum(e.type is EventType.ACTIVATED for e in heard) == 1


def test_an_illegal_answer_is_refused_and_changes_nothing() -> None:
    duel = duel_with({"discard": 1})
    d = activate_trap(duel)
    assert d is not None
    before = duel.state.state_hash()
    for bad in (engine.Option(duel.index_of("x"), 1000, (duel.index_of("x"),)), PASS,
                engine.Option(duel.index_of("t"), 0, ())):  # fmt: skip
        assert duel.why_illegal(bad) is not None
        with pytest.raises(IllegalChoice):
            duel.decide(bad)
        assert duel.state.state_hash() == before and duel.state.pending == d


def test_a_cost_with_one_way_to_pay_is_not_asked() -> None:
    duel = duel_with({"discard": 1}, hand=("h1",))
    d = activate_trap(duel)
    assert d is None or d.kind not in (DecisionKind.PICK, DecisionKind.NUMBER)
    assert duel.card("h1").location is engine.Location.GRAVEYARD


def test_a_cost_that_cannot_be_paid_is_not_offered() -> None:
    duel = duel_with({"discard": 1}, hand=())
    assert activate_trap(duel) is None and duel.card("t").face_down
    duel = duel_with({"discard": 1, "hand_filter": {"card_type": "spell"}}, hand=("h1",), filler=3)
    assert activate_trap(duel) is None  # unnamed hand cards cannot pay a cost that names what pays


def test_unnamed_hand_cards_are_one_of_the_ways_to_pay() -> None:
    duel = duel_with({"send_from_hand": 1}, hand=("h1",), filler=2)
    d = activate_trap(duel)
    assert d is not None and d.kind is DecisionKind.PICK
    assert [o.targets for o in d.options] == [(), (duel.index_of("h1"),)]  # an unnamed card, or h1
    duel.decide(d.options[0])
    assert duel.card("h1").location is engine.Location.HAND and duel.state.players[1].hand_filler == 1


def test_tribute_and_banish_from_the_graveyard_are_picked() -> None:
    duel = duel_with({"tribute": 1, "banish_from_graveyard": 1}, hand=(), graveyard=("g1", "g2"),
                     extra_monsters=("e1",))  # fmt: skip
    d = activate_trap(duel)
    assert d is not None and d.kind is DecisionKind.PICK  # Tribute: e1 or x (the battling one listed last)
    assert [o.targets for o in d.options] == [(duel.index_of("e1"),), (duel.index_of("x"),)]
    duel.decide(d.options[0])
    d2 = duel.advance()
    assert d2 is not None and d2.describe() == ["pick g1", "pick g2"]
    duel.decide(pick(d2, duel.index_of("g2")))
    assert duel.card("e1").location is engine.Location.GRAVEYARD
    assert duel.card("g2").location is engine.Location.BANISHED
    assert duel.card("g1").location is engine.Location.GRAVEYARD


def test_pay_with_stays_the_scripted_answer() -> None:
    duel = duel_with({"discard": 1, "pay_with": ["h2"]})
    d = activate_trap(duel)
    assert d is None or d.kind is not DecisionKind.PICK
    assert duel.card("h2").location is engine.Location.GRAVEYARD and duel.card("h1").location is engine.Location.HAND


def test_state_hash_pickle_and_clone_hold_the_pending_cost() -> None:
    duel = duel_with({"discard": 1})
    d = activate_trap(duel)
    assert d is not None
    twin = duel.clone()
    assert twin.state.state_hash() == duel.state.state_hash()
    again = pickle.loads(pickle.dumps(duel.state))
    assert again.state_hash() == duel.state.state_hash() and again.pending == d
    twin.decide(pick(d, duel.index_of("h1")))
    assert duel.card("h1").location is engine.Location.HAND and duel.state.pending == d
    duel.decide(pick(d, duel.index_of("h2")))
    assert duel.state.state_hash() != twin.state.state_hash()


def test_the_search_api_numbers_the_cost_answers() -> None:
    game = BattleGame.from_duel(duel_with({"discard": 1}), answers=True, max_targets=2)
    s = game.new_initial_state()
    seen = False
    while not s.is_terminal():
        d = s.decision()
        ids = s.legal_actions()
        assert sorted(game.actions.encode(o) for o in d.options) == ids
        if d.kind is DecisionKind.PICK:
            seen = True
            assert [game.actions.decode(a) for a in ids] == sorted(d.options, key=game.actions.encode)
        acts = [o for o in d.options if not o.is_pass and o.effect < 1000]
        s.apply_action(game.actions.encode(acts[0]) if acts and d.player is engine.Player.B else ids[0])
    assert seen
    assert BattleGame.from_duel(duel_with({"discard": 1})).actions.answers  # the costs may ask: answers numbered


def test_the_opponent_is_not_shown_the_cost_pick() -> None:
    game = BattleGame.from_duel(duel_with({"discard": 1}), answers=True, max_targets=2)
    s = game.new_initial_state()
    while s.decision().kind is not DecisionKind.PICK:
        d = s.decision()
        acts = [o for o in d.options if not o.is_pass and o.card >= 0]
        s.apply_action(game.actions.encode(acts[0]) if acts and d.player is engine.Player.B else s.legal_actions()[0])
    assert "pick" in s.observation_string(1) and "pick" not in s.observation_string(0)


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_a_triggered_effects_cost_is_picked_as_it_is_placed_on_the_chain(executor: str) -> None:
    """Noble Knight Joan's shape: "if this card is destroyed ...: you can send 1 card from your hand to the GY"."""
    b = engine.StateBuilder(hand_filler=(0, 0))
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000, effects=[{
        "kind": "trigger", "on": "destroyed", "optional": True, "cost": {"send_from_hand": 1},
        "does": [{"op": "gain_lp", "player": "controller", "amount": 1000}]}])  # fmt: skip
    for h in ("h1", "h2"):
        b.monster(h, "B", atk=0, def_=0, location="hand")
    duel = engine.Duel(b.build(), engine.cards.registry(), executor=executor)  # type: ignore[arg-type]
    duel.declare_attack("m", "x")
    asked = []
    while (d := duel.advance()) is not None:
        if d.kind is DecisionKind.TRIGGER and d.player is engine.Player.B:
            duel.decide(next(o for o in d.options if not o.is_pass))
        elif d.kind is DecisionKind.PICK:
            asked.append(d)
            assert d.resumes is not None and d.resumes.kind is DecisionKind.TRIGGER
            duel.decide(pick(d, duel.index_of("h1")))
        else:
            duel.decide(PASS if PASS in d.options else d.options[0])
    assert len(asked) == 1
    assert duel.card("h1").location is engine.Location.GRAVEYARD and duel.card("h2").location is engine.Location.HAND
    assert duel.lp("B") == 8000 - 500 + 1000

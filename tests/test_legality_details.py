"""Activation legality details the mutation run found unchecked:
whose card it is, where an effect is activated from, activation locks, Spell Speed 3, once per
chain, and the reason a trigger that is not waiting cannot be activated. Each expected value
follows the rules text cited; reasons are checked for what they must say, not their wording.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from scenario_builders import BDC, END, S, act, ch, counter, gain, mon, play, pull, pump, refused_cards, scen, st, trig

import engine
from engine.state import write_effects

BASE = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 3000, pos="defense")]  # nobody destroyed


def reasons(res: dict[str, Any]) -> dict[str, str]:
    return {r["card"]: r["reason"] for r in res["refused"]}


# -- whose card, and where it is activated from ----------------------------------------------------

def test_a_field_card_the_player_owns_but_does_not_control_is_not_theirs() -> None:
    # scenario-format "Cards": the controller activates a card on the field; owning it is not enough.
    quick = st("q", "B", [act(pump("attacker", 500))], card_type="spell")
    quick["owner"] = "A"
    res = play(scen([*BASE, quick], [ch(S, "A", "q", expect="illegal")]))
    assert refused_cards(res) == ["q"]


def test_a_player_cannot_activate_the_opponents_hand_card() -> None:
    # scenario-format "activated ... from: hand": a hand effect is its owner's (the hand is private).
    card = {"id": "h", "controller": "B", "location": "hand", "atk": 0, "def": 0,
            "effects": [act(gain(100), during_damage_calculation=True, **{"from": "hand"})]}
    res = play(scen([*BASE, card], [ch("during_damage_calculation", "A", "h", expect="illegal")]))
    assert refused_cards(res) == ["h"]


def test_a_hand_effect_cannot_be_activated_from_the_field() -> None:
    # scenario-format: `from: hand` is "a hand effect"; the card must be in the hand.
    card = mon("m", "A", 100, 100, effects=[act(gain(100), during_damage_calculation=True, **{"from": "hand"})])
    res = play(scen([*BASE, card], [ch("during_damage_calculation", "A", "m", expect="illegal")]))
    assert refused_cards(res) == ["m"]
    assert "hand" in reasons(res)["m"]  # it says where the card would have to be


def test_a_face_down_monster_cannot_activate_its_effect() -> None:
    # A face-down (Set) monster's effects are not public and cannot be activated (scenario-format:
    # "A card's effects apply while it is face-up on the field").
    card = mon("m", "A", 100, 100, pos="set", effects=[act(pump("attacker", 500))])
    res = play(scen([*BASE, card], [ch(S, "A", "m", expect="illegal")]))
    assert refused_cards(res) == ["m"]


# -- activation locks (scenario-format `activation_lock`) -------------------------------------------

def lock(cid: str, ctrl: str, card_type: str, player: str) -> dict[str, Any]:
    return st(cid, ctrl, [{"kind": "activation_lock", "card_type": card_type, "player": player}],
              card_type="spell", face_down=False)


def test_a_lock_on_the_other_player_does_not_hide_a_lock_on_this_one() -> None:
    # A's lock stops B's traps; B's lock stops A's traps: A's trap is still locked.
    trap = st("t", "A", [act(pump("attacker", 500))])
    res = play(scen([*BASE, lock("l1", "A", "trap", "opponent"), lock("l2", "B", "trap", "opponent"), trap],
                    [ch(S, "A", "t", expect="illegal")]))
    assert refused_cards(res) == ["t"]


def test_a_spell_lock_does_not_stop_a_monster_effect() -> None:
    # `activation_lock` with card_type spell stops Spell Cards only.
    quick = mon("q", "A", 100, 100, effects=[act(pump("attacker", 500))])
    res = play(scen([*BASE, lock("l", "B", "spell", "opponent"), quick], [ch(S, "A", "q")]))
    assert res["refused"] == []
    assert res["values_compared"] == [2500, 3000]


# -- Spell Speed 3 (§1.1.1) and once per chain (§1.2) ----------------------------------------------

def test_a_counter_trap_is_spell_speed_3_whatever_its_effect_says() -> None:
    # §1.1 item 1 / scenario-format: "a counter_trap card is 3" -- even if its effect were written
    # with Spell Speed 1 (the loader refuses that; the library API does not), it can respond.
    duel, ids = pull(scen([*BASE, st("q", "A", [act(pump("attacker", 100))], card_type="spell"), counter("c", "B")]),
                     show=True)
    c = ids.index("c")
    write_effects(duel.state, c, (attrs.evolve(duel.state.cards[c].effects[0], speed=1),))
    decision = duel.advance()
    assert decision is not None and decision.player is engine.Player.A
    duel.decide(engine.Option(ids.index("q"), 0))
    decision = duel.advance()
    assert decision is not None and decision.player is engine.Player.B
    assert engine.Option(c, 0) in decision.options


def test_a_counter_trap_can_answer_a_counter_trap() -> None:
    # §1.1 item 1: Counter Traps (Spell Speed 3) may be activated any time a response is legal;
    # Spell Speed 3 answers Spell Speed 3.
    res = play(scen([*BASE, st("q", "A", [act(pump("attacker", 100))], card_type="spell"),
                     counter("c1", "B"), counter("c2", "A")],
                    [ch(S, "A", "q"), ch(S, "B", "c1"), ch(S, "A", "c2")]))
    assert res["refused"] == []
    assert [lk["card"] for lk in res["chains"][0]["links"]] == ["q", "c1", "c2"]


def test_two_different_effects_of_one_card_may_be_in_one_chain() -> None:
    # §1.2: the once-per-chain restriction is per effect.
    two = mon("two", "A", 100, 100, effects=[act(pump("attacker", 100)), act(pump("attacker", 200))])
    res = play(scen([*BASE, two], [ch(S, "A", "two", effect=0), ch(S, "A", "two", effect=1)]))
    assert res["refused"] == []
    assert res["values_compared"] == [2300, 3000]


def test_the_same_effect_cannot_be_activated_twice_in_one_chain() -> None:
    one = mon("one", "A", 100, 100, effects=[act(pump("attacker", 100))])
    res = play(scen([*BASE, one], [ch(S, "A", "one"), ch(S, "A", "one", expect="illegal")]))
    assert refused_cards(res) == ["one"]
    assert "chain" in reasons(res)["one"]


# -- options that do not exist (README: "an illegal option raises IllegalChoice naming why") ---------

def test_options_past_the_last_card_or_effect_are_illegal_choices() -> None:
    duel, ids = pull(scen([*BASE, mon("q", "A", 100, 100, effects=[act(pump("attacker", 100))])]))
    decision = duel.advance()
    assert decision is not None and decision.kind is engine.DecisionKind.PRIORITY
    for option in (engine.Option(len(ids), 0), engine.Option(ids.index("q"), 1)):
        with pytest.raises(engine.IllegalChoice):
            duel.decide(option)


# -- triggers that are not waiting (§1.2: triggers are placed when their event happens) ------------

def trigger_reason(cards: list[dict[str, Any]], window: str, card: str) -> str:
    res = play(scen(cards, [ch(window, "A", card, expect="illegal")]))
    assert refused_cards(res) == [card]
    return reasons(res)[card]


def test_a_trigger_whose_event_did_not_happen_says_so() -> None:
    # §1.7.2: "destroyed by battle" triggers only for a monster destroyed by battle; nobody is here.
    cards = [*BASE, mon("d", "A", 0, 0, effects=[trig("destroyed_by_battle", gain(100))])]
    why = trigger_reason(cards, END, "d")
    assert "did not trigger" in why and "destroyed_by_battle" in why


def test_a_trigger_whose_condition_fails_says_so() -> None:
    # scenario-format trigger conditions: `this_card_attacked` is false for a monster that did not attack.
    cards = [*BASE, mon("c", "A", 0, 0, effects=[trig("end_of_damage_step", gain(100), condition="this_card_attacked",
                                                      optional=True)])]
    assert "condition" in trigger_reason(cards, END, "c")


def test_a_trigger_already_placed_cannot_be_activated_again_at_priority() -> None:
    # §1.2: a mandatory trigger is placed on the chain when its event happens; it is not a fast effect.
    cards = [*BASE, mon("m", "A", 0, 0, effects=[trig("start_of_damage_step", gain(100))])]
    duel, ids = pull(scen(cards), show=True)
    m = ids.index("m")
    while (decision := duel.advance()) is not None:
        if decision.kind is engine.DecisionKind.PRIORITY and duel.state.window is not None \
                and duel.state.window.window is engine.Window.START_OF_DAMAGE_STEP and not duel.state.window.chain:
            with pytest.raises(engine.IllegalChoice, match="already"):
                duel.decide(engine.Option(m, 0))
            break
        duel.decide(decision.options[-1] if engine.PASS in decision.options else decision.options[0])
    else:
        pytest.fail("no priority in the start of the Damage Step after the trigger resolved")


def test_a_trigger_that_did_not_trigger_cannot_be_activated_at_priority() -> None:
    cards = [*BASE, mon("d", "A", 0, 0, effects=[trig("destroyed_by_battle", gain(100))])]
    duel, ids = pull(scen(cards), show=True)
    decision = duel.advance()
    assert decision is not None and decision.kind is engine.DecisionKind.PRIORITY
    with pytest.raises(engine.IllegalChoice, match="did not trigger"):
        duel.decide(engine.Option(ids.index("d"), 0))


def test_a_before_damage_calculation_quick_effect_is_legal_there() -> None:
    # §1.4 "Activatable: as in §1.3": ATK changes before damage calculation (the last window for them).
    res = play(scen([*BASE, st("q", "A", [act(pump("attacker", 1500))], card_type="spell")], [ch(BDC, "A", "q")]))
    assert res["values_compared"] == [3500, 3000]


def test_spell_speed_3_answers_a_counter_trap() -> None:
    # §1.2: a response needs an equal or higher Spell Speed; Spell Speed 3 answers a Counter Trap (3).
    neg = mon("neg", "A", 100, 100, effects=[act({"op": "negate_activation", "destroy": False}, speed=3)])
    res = play(scen([*BASE, st("q", "A", [act(pump("attacker", 100))], card_type="spell"), counter("c", "B"), neg],
                    [ch(S, "A", "q"), ch(S, "B", "c"), ch(S, "A", "neg")]))
    assert res["refused"] == []
    assert [lk["card"] for lk in res["chains"][0]["links"]] == ["q", "c", "neg"]


def test_a_field_effect_of_a_card_in_the_hand_is_refused_as_not_on_the_field() -> None:
    # scenario-format: `from: field` (default) -- the card must be on the field.
    card = {"id": "h", "controller": "A", "location": "hand", "atk": 0, "def": 0,
            "effects": [act(pump("attacker", 100))]}
    res = play(scen([*BASE, card], [ch(S, "A", "h", expect="illegal")]))
    assert "on the field" in reasons(res)["h"]


def test_damage_step_refusals_name_the_rule_in_its_own_terms() -> None:
    # §1.1: the reason names what the Damage Step allows, in the rules' terms ("Damage Step",
    # "ATK/DEF", "Counter Traps").
    forbidden = st("f", "A", [act(pump("attacker", 100), damage_step="forbidden")], card_type="spell")
    late = st("late", "A", [act(pump("attacker", 100))], card_type="spell")
    plain = st("plain", "A", [act(gain(100))], card_type="spell")
    res = play(scen([*BASE, forbidden, late, plain],
                    [ch(S, "A", "f", expect="illegal"), ch("during_damage_calculation", "A", "late", expect="illegal"),
                     ch(S, "A", "plain", expect="illegal")]))
    why = reasons(res)
    assert "Damage Step" in why["f"]
    assert "Counter Traps" in why["late"]
    assert "Counter Traps" in why["plain"] and "ATK/DEF" in why["plain"] and "Damage Step" in why["plain"]
    res = play(scen([*BASE, late], [ch("after_damage_calculation", "A", "late", expect="illegal")]))
    assert "ATK/DEF" in reasons(res)["late"]


def test_a_trigger_of_the_other_group_is_refused_for_segoc_order() -> None:
    # §1.2 SEGOC: the turn player's mandatory triggers are placed before the opponent's.
    cards = [*BASE, mon("a1", "A", 0, 0, effects=[trig(S, gain(100))]),
             mon("a2", "A", 0, 0, effects=[trig(S, gain(100))]), mon("b1", "B", 0, 0, effects=[trig(S, gain(100))])]
    duel, ids = pull(scen(cards), show=True)
    decision = duel.advance()
    assert decision is not None and decision.kind is engine.DecisionKind.TRIGGER and decision.player is engine.Player.A
    with pytest.raises(engine.IllegalChoice, match="SEGOC"):
        duel.decide(engine.Option(ids.index("b1"), 0))

"""Edge cases found in review, each pinned to the rules text it follows."""

from __future__ import annotations

from typing import Any

import pytest
from scenario_builders import ADC, BDC, END, S, act, ch, chains_in, dmg, links, mon, play, scen, st, trig

import engine
from engine.state import write_effects


def test_activation_lock_also_stops_triggers_of_locked_cards() -> None:
    # scenario-format.md activation_lock: "cards of that type (and their effects on the field) cannot be
    # activated by that player" -- a face-up Trap's trigger is such an effect.
    cards = [
        mon("att", "A", 2000, 1000, effects=[{"kind": "activation_lock", "card_type": "trap", "player": "both"}]),
        mon("tgt", "B", 1500, 1000),
        st("trap", "B", [trig(END, dmg(300))], face_down=False),
    ]
    res = play(scen(cards))
    assert chains_in(res, END) == []
    assert res["final_lp"]["A"] == 8000


def test_final_monsters_when_the_duel_ends_during_the_damage_step() -> None:
    # format: final_monsters is read "when the run ends (... or the duel ended)": the Duel ended at damage
    # calculation, inside the Damage Step, so the "+500 during the Damage Step" still applies then.
    cards = [mon("att", "A", 1000, 1000, effects=[{"kind": "stat_modifier", "atk": 500, "while": "damage_step"}]),
             mon("tgt", "B", 300, 1500)]
    res = play(scen(cards, lp={"A": 8000, "B": 500}))
    assert res["winner"] == "A"
    assert res["values_compared"] == [1500, 300]
    assert res["final_monsters"]["att"]["atk"] == 1500


def test_held_flip_activates_at_the_end_of_the_step_if_damage_calculation_is_skipped() -> None:
    # §1.4.3: a FLIP effect held for after damage calculation does not activate only "if the flipped monster
    # left the Monster Zone"; here the attacker left, damage calculation was skipped, the flipped monster is
    # still there: its FLIP activates when the held triggers are released at the End of the Damage Step
    # (ygopro-core releases them there, rules spec §3.2).
    cards = [
        mon("att", "A", 1000, 1000),
        mon("tgt", "B", 300, 1500, pos="set", effects=[{"kind": "flip", "optional": False, "does": [dmg(500)]}]),
        st("tr", "B", [act({"op": "destroy", "target": "attacker"}, damage_step="allowed")]),
    ]
    res = play(scen(cards, [ch(BDC, "B", "tr")]))
    assert res["damage_calculation_performed"] is False
    assert [links(c) for c in chains_in(res, END)] == [[("tgt", "B")]]
    assert res["final_lp"]["A"] == 7500


def test_spell_activated_from_the_hand_goes_to_the_graveyard_once_resolved() -> None:
    # A Spell Card activated from the hand is placed on the field and, once resolved, sent to the GY: it
    # cannot be activated again later in the step.
    qp = {"id": "qp", "controller": "A", "location": "hand", "card_type": "spell",
          "effects": [act({"op": "change_stats", "target": "attacker", "atk": 500}, **{"from": "hand"})]}
    cards = [mon("att", "A", 1000, 1000), mon("tgt", "B", 300, 1500), qp]
    res = play(scen(cards, [ch(S, "A", "qp"), ch(BDC, "A", "qp", expect="illegal")]))
    assert res["final_locations"]["qp"] == "graveyard"
    assert res["values_compared"] == [1500, 300]
    assert [r["card"] for r in res["refused"]] == ["qp"]


def test_a_segoc_trigger_negates_nothing() -> None:
    # format negate_activation: "negates the chain link it responds to"; a trigger placed by SEGOC is not a
    # response to the link before it (§1.2), so A's trigger still resolves.
    cards = [
        mon("att", "A", 1000, 1000, effects=[trig(S, dmg(100))]),
        mon("tgt", "B", 300, 1500, effects=[trig(S, {"op": "negate_activation", "destroy": False})]),
    ]
    res = play(scen(cards))
    assert [links(c) for c in chains_in(res, S)] == [[("att", "A"), ("tgt", "B")]]
    assert res["final_lp"]["B"] == 8000 - 100 - 700


def test_equip_spell_trigger_is_about_the_equipped_monster() -> None:
    # format: "On an Equip Spell, self means the equipped monster": "this card inflicts battle damage" of an
    # Equip Spell is the equipped monster inflicting it.
    cards = [mon("att", "A", 2000, 1000), mon("tgt", "B", 1500, 1000),
             {"id": "eq", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", "equipped_to": "att",
              "effects": [trig("battle_damage_inflicted", dmg(300))]}]
    res = play(scen(cards))
    assert [links(c) for c in chains_in(res, ADC)] == [[("eq", "A")]]
    assert res["final_lp"]["B"] == 8000 - 500 - 300


def test_halving_applies_to_the_damage_a_player_takes_not_to_each_piece() -> None:
    # §2.6 step 7: the battle damage a player takes is halved (a fraction rounded up, §S.6). Both players take
    # 1001, then A's share is redirected to B (DS-047 shape): B takes 2002, halved to 1001 -- not 501 + 501.
    both_then_reflect = [{"kind": "both_take_battle_damage"}, {"kind": "reflect_battle_damage"}]
    cards = [mon("att", "A", 1001, 1000, effects=both_then_reflect),
             mon("b", "B", 0, 0, effects=[{"kind": "halve_battle_damage", "player": "controller"}])]
    res = play(scen(cards, target=None))
    assert res["battle_damage"] == {"A": 0, "B": 1001}


def test_chain_cut_short_by_a_cost_is_still_recorded() -> None:
    # format: chains lists "every chain in order"; an LP cost of all of A's LP ends the Duel at once (§2.7).
    cards = [mon("att", "A", 1000, 1000), mon("tgt", "B", 300, 1500),
             st("sp", "A", [act({"op": "change_stats", "target": "attacker", "atk": 1000}, cost={"lp": 1000})],
                card_type="spell")]
    res = play(scen(cards, [ch(S, "A", "sp")], lp={"A": 1000, "B": 8000}))
    assert res["winner"] == "B"
    assert [links(c) for c in chains_in(res, S)] == [[("sp", "A")]]
    assert chains_in(res, S)[0]["resolution_order"] == []


@pytest.mark.parametrize("lethal", [False, True])
def test_every_event_names_its_window(lethal: bool) -> None:
    # format: "events: the full event log, in order; each event names its window and type".
    cards: list[dict[str, Any]] = [mon("att", "A", 2000, 1000), mon("tgt", "B", 1500, 1000)]
    res = play(scen(cards, lp={"A": 8000, "B": 500 if lethal else 8000}))
    assert all(e["window"] in {w.value for w in engine.Window} for e in res["events"])


# -- scripted choices and illegal answers (second review) ----------------------------------------------------


def test_choice_for_a_trigger_raised_mid_chain_is_kept_for_its_trigger_decision() -> None:
    # §1.2: "Triggers that happen while a chain resolves are activated in a new chain right after that chain
    # (still inside the same sub-timing)"; format Choices: the choice answers that later trigger decision.
    cards = [
        mon("att", "A", 2000, 1000, effects=[trig(ADC, {"op": "change_position", "target": "fl", "to": "defense"})]),
        mon("tgt", "B", 500, 500),
        mon("fl", "B", 100, 100, pos="set", effects=[{"kind": "flip", "optional": True, "does": [dmg(500)]}]),
    ]
    res = play(scen(cards, [ch(ADC, "B", "fl")]))
    assert [links(c) for c in chains_in(res, ADC)] == [[("att", "A")], [("fl", "B")]]
    assert res["final_lp"]["A"] == 7500


def test_choice_naming_the_opponents_automatic_trigger_is_refused() -> None:
    # A player cannot activate the opponent's card; the mandatory trigger is B's and was placed for B.
    cards = [mon("att", "A", 2000, 1000), mon("tgt", "B", 500, 500, effects=[trig(ADC, dmg(100))])]
    res = play(scen(cards, [ch(ADC, "A", "tgt", expect="illegal")]))
    assert [r["card"] for r in res["refused"]] == ["tgt"]
    assert "B's" in res["refused"][0]["reason"]
    with pytest.raises(engine.ScenarioMismatch):
        play(scen(cards, [ch(ADC, "A", "tgt")]))


def trigger_decision() -> engine.Duel:
    cards = [mon("att", "A", 2000, 1000, effects=[trig(ADC, dmg(100), optional=True)]), mon("tgt", "B", 500, 500)]
    duel = engine.Duel(engine.state_from_scenario(engine.parse_scenario(scen(cards))))
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER
    return duel


@pytest.mark.parametrize(
    ("option", "why"),
    [
        (engine.Option(99, 0), "no card 99"),
        (engine.Option(0, 5), "no effect 5"),
        (engine.Option(-5, 0), "pass with PASS"),
    ],
)
def test_malformed_options_are_illegal_choices_not_crashes(option: engine.Option, why: str) -> None:
    duel = trigger_decision()
    before = duel.state.clone()
    with pytest.raises(engine.IllegalChoice, match=why):
        duel.decide(option)
    assert duel.state == before


def test_counter_trap_card_responds_at_spell_speed_3_whatever_its_effect_says() -> None:
    # §1.1 item 1: "Counter Trap Cards (Spell Speed 3)".
    reg = engine.default_registry()
    reg.register(engine.EffectType("nothing", operation=lambda ctx, src, link: None))
    cards = [mon("att", "A", 2000, 1000), mon("tgt", "B", 500, 500),
             st("c1", "A", [], card_type="counter_trap"), st("c2", "B", [], card_type="counter_trap")]
    state = engine.state_from_scenario(engine.parse_scenario(scen(cards)))
    for i in (2, 3):
        write_effects(state, i, (engine.Effect("nothing", engine.EffectKind.ACTIVATED, speed=2),))
    state.show_every_priority = True
    duel = engine.Duel(state, reg)
    duel.advance()
    duel.decide(engine.Option(2, 0))
    assert duel.advance() is not None
    assert duel.why_illegal(engine.Option(3, 0)) is None

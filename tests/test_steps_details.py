"""What each state records and which triggers it raises, details the mutation run found
unchecked. Expected values follow the rules spec sections cited; the
event log's rule ids are checked against `engine.RULES`, which says which rule each id is.
"""

from __future__ import annotations

from typing import Any

from conftest import load_records
from scenario_builders import ADC, BDC, END, S, act, ch, gain, mon, play, pump, scen, st, trig

import engine

BASE = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0)]  # 2000 vs 1000 ATK: B takes 1000, tgt destroyed


def events(res: dict[str, Any], etype: str) -> list[dict[str, Any]]:
    return [e for e in res["events"] if e["type"] == etype]


def links_in(res: dict[str, Any], window: str) -> list[str]:
    return [lk["card"] for c in res["chains"] if c["window"] == window for lk in c["links"]]


def stopper(cid: str = "stop") -> dict[str, Any]:
    """A's card that destroys the attack target before damage calculation (legal by card ruling)."""
    return st(cid, "A", [act({"op": "destroy", "target": "target"}, damage_step="allowed")], card_type="spell")


# -- the event log names the rule behind each event (README "State"; engine.RULES) -----------------

def test_every_corpus_event_names_a_known_rule() -> None:
    for rec in load_records():
        res = play(rec["scenario"])
        unknown = {e["rule"] for e in res["events"]} - engine.RULES.keys()
        assert not unknown, (rec["source"].get("id"), unknown)


def test_damage_calculation_events_name_their_rules_and_cards() -> None:
    # §2.1 values compared, §2.6 battle damage through the modifiers, §2.5 destroyed by battle.
    res = play(scen(BASE))
    [compared] = events(res, "values_compared")
    assert compared["rule"] == "damage_calculation" and compared["values"] == [2000, 1000]
    [damage] = events(res, "battle_damage")
    assert (damage["rule"], damage["player"], damage["amount"]) == ("battle_damage_modifiers", "B", 1000)
    [destroyed] = events(res, "destroyed_by_battle")
    assert (destroyed["rule"], destroyed["card"]) == ("destroyed_by_battle", "tgt")
    assert events(res, "damage_calculation_skipped") == []


def test_indestructible_and_converted_damage_events_name_their_rules() -> None:
    # §2.5: not destroyed by battle; §2.6 steps 4-5: damage as effect damage, LP gained instead.
    cards = [mon("att", "A", 2000, 0, effects=[{"kind": "battle_damage_is_effect_damage"}]),
             mon("tgt", "B", 1000, 0, effects=[{"kind": "indestructible_by_battle"}])]
    res = play(scen(cards))
    [kept] = events(res, "not_destroyed")
    assert (kept["rule"], kept["card"]) == ("indestructible_by_battle", "tgt")
    [eff] = events(res, "effect_damage")
    assert (eff["rule"], eff["player"], eff["amount"]) == ("battle_damage_modifiers", "B", 1000)
    cards = [mon("att", "A", 2000, 0),
             mon("tgt", "B", 1000, 0, effects=[{"kind": "gain_lp_instead", "player": "controller"}])]
    [gained] = events(play(scen(cards)), "lp_gained")
    assert (gained["rule"], gained["player"], gained["amount"]) == ("battle_damage_modifiers", "B", 1000)


# -- §1.8: a battle that stops skips damage calculation --------------------------------------------

def test_a_skipped_damage_calculation_is_recorded_with_its_reason() -> None:
    # §1.8: the attack target left the field -> no damage calculation (DS-072); the log says why.
    res = play(scen([*BASE, stopper()], [ch(BDC, "A", "stop")]))
    assert res["damage_calculation_performed"] is False
    [skipped] = events(res, "damage_calculation_skipped")
    assert skipped["rule"] == "battle_valid"
    assert "target" in skipped["detail"] and "left the field" in skipped["detail"]


def test_until_damage_calculation_effects_expire_when_it_is_skipped() -> None:
    # §1.5(b)5 / §1.7.3: "during damage calculation only" effects do not outlast the step in which
    # damage calculation was skipped: the attacker is back to its printed ATK.
    boost = st("boost", "A", [act(pump("attacker", 500) | {"until": "damage_calculation"})], card_type="spell")
    res = play(scen([*BASE, boost, stopper()], [ch(BDC, "A", "boost"), ch(BDC, "A", "stop", new_chain=True)]))
    assert res["damage_calculation_performed"] is False
    assert res["final_monsters"]["att"]["atk"] == 2000


# -- which cards an event concerns (§1.6, §1.7; scenario-format trigger events) --------------------

def inflict_trigger() -> dict[str, Any]:
    return trig("battle_damage_inflicted", gain(100))


def test_battle_damage_inflicted_is_only_the_inflicting_cards() -> None:
    # scenario-format: `battle_damage_inflicted` (this card inflicted it): another monster of the
    # same player inflicted nothing.
    res = play(scen([*BASE, mon("other", "A", 100, 100, effects=[inflict_trigger()])]))
    assert links_in(res, ADC) == []


def test_a_field_trigger_of_a_card_in_the_graveyard_does_not_activate() -> None:
    # scenario-format: a trigger `from: field` (default) activates from the field only.
    gy = {"id": "gy", "controller": "A", "location": "graveyard", "atk": 0, "def": 0,
          "effects": [trig("end_of_damage_step", gain(100))]}
    res = play(scen([*BASE, gy]))
    assert links_in(res, END) == []


def test_a_trigger_that_does_not_apply_does_not_hide_the_next_cards() -> None:
    # §1.2 SEGOC: every trigger of the event goes on the chain; a negated one (§1.8 row
    # "effects are negated") or one whose condition fails, listed first, does not stop the others.
    negated = mon("n", "A", 0, 0, effects=[trig(S, gain(100)) | {"negated": True}])
    failing = mon("f", "A", 0, 0, effects=[trig(S, gain(100), condition="this_card_attacked")])
    away = {"id": "away", "controller": "A", "location": "graveyard", "atk": 0, "def": 0,
            "effects": [trig(S, gain(100))]}  # a field trigger of a card that is not on the field
    live = mon("live", "A", 0, 0, effects=[trig(S, gain(100))])
    res = play(scen([*BASE, negated, failing, away, live]))
    assert links_in(res, S) == ["live"]


def test_a_trigger_condition_that_fails_stops_the_trigger() -> None:
    # scenario-format: `this_card_was_attacked` is false for the attacker.
    cards = [mon("att", "A", 2000, 0, effects=[trig(END, gain(100), condition="this_card_was_attacked")]),
             mon("tgt", "B", 1000, 0)]
    res = play(scen(cards))
    assert links_in(res, END) == []
    assert res["final_lp"]["A"] == 8000


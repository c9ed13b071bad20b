"""Damage calculation details the mutation run found unchecked:
current ATK/DEF, boundary amounts of 1, piercing, the modifier order and battle
indestructibility counts. Expected values come from the rules spec section cited in each test.
"""

from __future__ import annotations

from typing import Any

from scenario_builders import ADC, BDC, ch, mon, play, scen, st, trig

import engine
from engine.state import write_indestructible_used


def pump_card(cid: str, target: str, **change: Any) -> dict[str, Any]:
    """A face-down Quick-Play stand-in whose resolution changes `target`'s stats (a lingering effect)."""
    op = {"op": "change_stats", "target": target, **change}
    return st(cid, "A", [{"kind": "activated", "speed": 2, "does": [op]}], card_type="spell")


def aura(cid: str, ctrl: str, **params: Any) -> dict[str, Any]:
    """A face-up Spell with a continuous stat_modifier (no chain)."""
    return st(cid, ctrl, [{"kind": "stat_modifier", **params}], card_type="spell", face_down=False)


# -- §2.1: the values compared are the current ATK/DEF -------------------------------------------

def test_set_atk_and_set_def_become_the_values_compared() -> None:
    # §2.1: the current ATK of the attacker and DEF of a Defense Position target are compared.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 0, 1000, pos="defense"),
             pump_card("setter", "attacker", set_atk=700), pump_card("wall", "target", set_def=2500)]
    res = play(scen(cards, [ch(BDC, "A", "setter"), ch(BDC, "A", "wall", new_chain=True)]))
    assert res["values_compared"] == [700, 2500]
    assert res["battle_damage"] == {"A": 1800, "B": 0}  # §2.2 Defense, a < d: attacker's controller takes d - a


def test_changes_to_atk_and_def_add_up() -> None:
    # §2.1: every gain applies; two lingering gains and a continuous one all count.
    cards = [mon("att", "A", 1000, 0), mon("tgt", "B", 0, 1000, pos="defense"),
             pump_card("p1", "attacker", atk=500), pump_card("d1", "target", **{"def": 200}),
             pump_card("d2", "target", **{"def": 300}),
             aura("boost", "A", atk=300, applies_to="own_monsters"),
             aura("shell", "B", **{"def": 400}, applies_to="own_monsters")]
    choices = [ch(BDC, "A", "p1"), ch(BDC, "A", "d1", new_chain=True), ch(BDC, "A", "d2", new_chain=True)]
    res = play(scen(cards, choices))
    assert res["values_compared"] == [1000 + 500 + 300, 1000 + 200 + 300 + 400]


# -- §2.2 / §2.7: the smallest amounts ----------------------------------------------------------

def test_a_direct_attack_of_1_atk_inflicts_1() -> None:
    # §2.2: direct attack with a > 0 -> the defending player takes a; only a = 0 inflicts nothing.
    res = play(scen([mon("att", "A", 1, 0)], target=None))
    assert res["battle_damage"] == {"A": 0, "B": 1}
    assert res["battle_damage_events"] == ["B"]


def test_1_damage_is_battle_damage_and_triggers_inflicted() -> None:
    # §2.2 a > d by 1; §1.5 / §2.7: any amount > 0 is a "battle damage inflicted" event.
    cards = [mon("att", "A", 1001, 0, effects=[trig("battle_damage_inflicted", {"op": "gain_lp", "player":
                                                                                "controller", "amount": 10})]),
             mon("tgt", "B", 1000, 0)]
    res = play(scen(cards))
    assert res["battle_damage"] == {"A": 0, "B": 1}
    assert res["battle_damage_events"] == ["B"]
    assert [lk["card"] for c in res["chains"] if c["window"] == ADC for lk in c["links"]] == ["att"]


def test_1_damage_becomes_a_fixed_value() -> None:
    # §2.6 step 9: battle damage the player takes becomes the value, also from 1.
    cards = [mon("att", "A", 1001, 0),
             mon("tgt", "B", 1000, 0, effects=[{"kind": "battle_damage_becomes", "player": "controller",
                                                "value": 500}])]
    assert play(scen(cards))["battle_damage"] == {"A": 0, "B": 500}


def test_damage_becomes_1() -> None:
    # §2.6 step 9 with the value 1 (a value > 0 replaces the damage).
    cards = [mon("att", "A", 3000, 0),
             mon("tgt", "B", 1000, 0, effects=[{"kind": "battle_damage_becomes", "player": "controller", "value": 1}])]
    assert play(scen(cards))["battle_damage"] == {"A": 0, "B": 1}


# -- §2.2: who inflicts the damage -----------------------------------------------------------------

def test_the_stronger_attack_target_inflicts_the_damage_to_the_attacker() -> None:
    # §2.2 Attack, a < d: the attacker's controller takes d - a, inflicted by the target
    # ("when this card inflicts battle damage" of the target triggers, §1.6).
    cards = [mon("att", "A", 1000, 0),
             mon("tgt", "B", 2500, 0, effects=[trig("battle_damage_inflicted", {"op": "gain_lp", "player":
                                                                                 "controller", "amount": 10})])]
    res = play(scen(cards))
    assert res["battle_damage"] == {"A": 1500, "B": 0}
    assert [(lk["card"], lk["player"]) for c in res["chains"] if c["window"] == ADC for lk in c["links"]] == [
        ("tgt", "B")]


# -- §2.4: piercing ------------------------------------------------------------------------------

def test_double_piercing_among_several_piercing_effects_still_doubles() -> None:
    # §2.4 / §2.6 step 1: "inflicts double" doubles the piercing damage; a second, plain piercing
    # effect of the same player does not add to it nor undo it (DS-029).
    cards = [mon("att", "A", 3000, 0, effects=[{"kind": "piercing", "double": True}, {"kind": "piercing"}]),
             mon("tgt", "B", 0, 1000, pos="defense")]
    assert play(scen(cards))["battle_damage"] == {"A": 0, "B": 4000}


def test_piercing_of_a_monster_that_is_not_the_attacker_does_nothing() -> None:
    # §2.4: piercing is the attacking monster's ("this card inflicts"): another monster's does not apply.
    cards = [mon("att", "A", 3000, 0), mon("tgt", "B", 0, 1000, pos="defense"),
             mon("other", "A", 100, 100, effects=[{"kind": "piercing"}])]
    assert play(scen(cards))["battle_damage"] == {"A": 0, "B": 0}


# -- §2.6 step 3: "instead" and "also" ------------------------------------------------------------

def test_instead_wins_over_also_whatever_the_listing_order() -> None:
    # §2.6 step 3: only one of them applies to the damage; README "Rules choices": "instead" applies.
    # The attacker's controller would take 1000 from a battle involving the attacker.
    for effects in (["also_inflict_battle_damage", "reflect_battle_damage"],
                    ["reflect_battle_damage", "also_inflict_battle_damage"]):
        cards = [mon("att", "A", 1000, 0, effects=[{"kind": k} for k in effects]), mon("tgt", "B", 2000, 0)]
        assert play(scen(cards))["battle_damage"] == {"A": 0, "B": 1000}, effects


# -- §2.5: battle indestructibility counts (DS-036) ------------------------------------------------

def _duel(cards: list[dict[str, Any]]) -> tuple[engine.GameState, list[str]]:
    sc = engine.parse_scenario(scen(cards))
    state = engine.state_from_scenario(sc)
    return state, [c.id for c in state.cards]


def test_an_n_times_indestructibility_spent_this_turn_no_longer_protects() -> None:
    # §2.5: "cannot be destroyed by battle N times" protects only while a use is left (DS-036).
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, effects=[
        {"kind": "indestructible_by_battle", "times_per_turn": 1}])]
    state, ids = _duel(cards)
    t = ids.index("tgt")
    write_indestructible_used(state, (t, 0), 1)  # already used once earlier this turn
    engine.Duel(state).run(engine.PassAgent())
    assert state.cards[t].location is engine.Location.GRAVEYARD


def test_an_n_times_indestructibility_with_a_use_left_protects_and_is_counted() -> None:
    # §2.5: a counter still available keeps it on the field, and this battle uses one more (DS-036).
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, effects=[
        {"kind": "indestructible_by_battle", "times_per_turn": 2}])]
    state, ids = _duel(cards)
    t = ids.index("tgt")
    write_indestructible_used(state, (t, 0), 1)
    engine.Duel(state).run(engine.PassAgent())
    assert state.cards[t].location is engine.Location.MONSTER_ZONE
    assert state.players[1].lp == 7000  # the controller still takes the damage (§2.5, DS-032)
    assert state.indestructible_used[(t, 0)] == 2


def test_a_first_use_of_an_n_times_indestructibility_is_counted_once() -> None:
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, effects=[
        {"kind": "indestructible_by_battle", "times_per_turn": 1}])]
    state, ids = _duel(cards)
    t = ids.index("tgt")
    engine.Duel(state).run(engine.PassAgent())
    assert state.cards[t].location is engine.Location.MONSTER_ZONE
    assert state.indestructible_used == {(t, 0): 1}


def test_an_unlimited_indestructibility_spends_no_count() -> None:
    # §2.5: plain "cannot be destroyed by battle" has no count to spend.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, effects=[{"kind": "indestructible_by_battle"}])]
    state, ids = _duel(cards)
    engine.Duel(state).run(engine.PassAgent())
    assert state.cards[ids.index("tgt")].location is engine.Location.MONSTER_ZONE
    assert state.indestructible_used == {}


def test_a_spent_indestructibility_effect_does_not_hide_a_later_one() -> None:
    # §2.5: any available protection applies; a spent "once" effect listed first does not stop the next.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, effects=[
        {"kind": "indestructible_by_battle", "times_per_turn": 1},
        {"kind": "indestructible_by_battle", "times_per_turn": 1}])]
    state, ids = _duel(cards)
    t = ids.index("tgt")
    write_indestructible_used(state, (t, 0), 1)
    engine.Duel(state).run(engine.PassAgent())
    assert state.cards[t].location is engine.Location.MONSTER_ZONE
    assert state.indestructible_used == {(t, 0): 1, (t, 1): 1}


def test_each_battler_is_protected_by_its_own_indestructibility() -> None:
    # §2.2 a = d != 0: both would be destroyed; §2.5: each one's own protection keeps it
    # (the attacker's effect, asked first as the turn player's, does not decide for the target).
    ind = {"kind": "indestructible_by_battle"}
    res = play(scen([mon("att", "A", 1500, 0, effects=[ind]), mon("tgt", "B", 1500, 0, effects=[ind])]))
    assert res["destroyed_by_battle"] == []
    assert res["final_locations"]["att"] == res["final_locations"]["tgt"] == "monster_zone"

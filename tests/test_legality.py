"""Damage Step activation legality (rules spec §1.1, §1.3-§1.6; scenario-format.md "Damage Step legality").

Every expected value below is derived from the rules text cited next to it, not from running the engine.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenario_builders import (
    ADC,
    BDC,
    DDC,
    END,
    S,
    act,
    ch,
    chains_in,
    counter,
    dmg,
    gain,
    hand,
    links,
    mon,
    play,
    pull,
    pump,
    refused_cards,
    scen,
    st,
    trig,
)

import engine

BASE = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 3000, pos="defense")]  # 2000 vs DEF 3000: nobody destroyed


def first_link(window: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Cards and choices that put one link of A's on the chain in `window`, for B to respond to."""
    if window in (S, BDC):
        return [st("first", "A", [act(pump("attacker", 100))], card_type="spell")], [ch(window, "A", "first")]
    if window == DDC:
        return [st("first", "A", [act(gain(100), during_damage_calculation=True)])], [ch(window, "A", "first")]
    return [mon("first", "A", 100, 100, effects=[trig(window, gain(100))])], []  # mandatory trigger of A's


def expect(legal: bool) -> str:
    return "legal" if legal else "illegal"


def negated(res: dict[str, Any], card: str) -> bool:
    return any(e["type"] == "link_negated" and e.get("card") == card for e in res["events"])


NEGATORS = {
    "counter_trap": counter("neg", "B"),
    "monster_quick_effect": mon("neg", "B", 500, 500, effects=[act({"op": "negate_activation", "destroy": False})]),
}


# -- §1.1 items 1-2: Counter Traps and activation negators, in every window ------------------------------


@pytest.mark.parametrize("negator", sorted(NEGATORS))
@pytest.mark.parametrize("window", [S, BDC, DDC, ADC, END])
def test_counter_traps_and_activation_negators_are_always_legal(window: str, negator: str) -> None:
    # §1.1: "1. Counter Trap Cards (Spell Speed 3) — any time a response is legal. 2. Effects that negate the
    # activation of a card/effect". Even during damage calculation (§1.5(a): "plus Counter Traps and negators").
    extra, choices = first_link(window)
    res = play(scen([*BASE, *extra, NEGATORS[negator]], [*choices, ch(window, "B", "neg")]))
    assert res["refused"] == []
    chains = chains_in(res, window)
    assert [links(c) for c in chains] == [[("first", "A"), ("neg", "B")]]
    assert negated(res, "first")
    assert not any(c["kind"] == "gain" for c in res["lp_changes"])


def test_counter_trap_cannot_start_a_chain() -> None:
    # A negator needs an activation to negate (§1.1 item 2: "negate the activation of a card/effect").
    res = play(scen([*BASE, counter("neg", "B")], [ch(BDC, "B", "neg", expect="illegal")]))
    assert refused_cards(res) == ["neg"]


# -- §1.1 item 3: ATK/DEF changes only until damage calculation ------------------------------------------


@pytest.mark.parametrize(("window", "legal"), [(S, True), (BDC, True), (DDC, False), (ADC, False), (END, False)])
def test_change_stats_only_in_start_and_before_damage_calculation(window: str, legal: bool) -> None:
    # §1.1 item 3: "only until the start of damage calculation (i.e. in start_of_ds and before_dc)";
    # §1.5(a): "ATK/DEF modifiers without that wording can no longer be activated (DS-057)".
    # In after_dc / end_of_ds it is tried as a response to a trigger, so only §1.1 can refuse it.
    extra, choices = first_link(window) if window in (ADC, END) else ([], [])
    walls = st("walls", "B", [act(pump("tgt", 500))])
    res = play(scen([*BASE, *extra, walls], [*choices, ch(window, "B", "walls", expect=expect(legal))]))
    if legal:
        assert res["refused"] == []
        assert any(("walls", "B") in links(c) for c in chains_in(res, window))
    else:
        assert refused_cards(res) == ["walls"]
        assert isinstance(res["refused"][0]["reason"], str) and res["refused"][0]["reason"]
        assert not any(("walls", "B") in links(c) for c in res["chains"])


@pytest.mark.parametrize("window", [S, BDC])
def test_change_stats_modifies_the_values_compared(window: str) -> None:
    # §1.1 item 3 + §2.1: the ATK at the moment of damage calculation is used.
    rush = st("rush", "A", [act(pump("attacker", 1500))], card_type="spell")
    res = play(scen([*BASE, rush], [ch(window, "A", "rush")]))
    assert res["values_compared"] == [3500, 3000]
    assert res["destroyed_by_battle"] == ["tgt"]


# -- §1.5(a): "during damage calculation" effects only then ----------------------------------------------


@pytest.mark.parametrize(("window", "legal"), [(S, False), (BDC, False), (DDC, True), (ADC, False), (END, False)])
def test_during_damage_calculation_effect_only_in_that_window(window: str, legal: bool) -> None:
    # §1.5(a): 'Effects that say "during damage calculation" may be activated' in the during_dc window;
    # scenario-format: "`during_damage_calculation` effects only in that window".
    extra, choices = first_link(window) if window in (ADC, END) else ([], [])
    kuri = hand("kuri", "B", 300, 200, [act({"op": "no_battle_damage_this_battle", "player": "opponent"},
                                            during_damage_calculation=True, cost={"discard_self": True},
                                            **{"from": "hand"})])
    res = play(scen([*BASE, *extra, kuri], [*choices, ch(window, "B", "kuri", expect="legal" if legal else "illegal")]))
    if legal:
        assert res["refused"] == []
        assert res["final_locations"]["kuri"] == "graveyard"  # discarded as cost
        assert res["battle_damage"] == {"A": 0, "B": 0}  # A's 1000 from attacking DEF 3000 became 0
    else:
        assert refused_cards(res) == ["kuri"]
        assert res["refused"][0]["reason"]
        assert res["final_locations"]["kuri"] == "hand"


# -- anything else is refused, with a reason --------------------------------------------------------------


def _ced(rule: str = "auto") -> dict[str, Any]:
    return st("ced", "B", [{**act({"op": "return_to_hand", "target": "attacker"}, damage_step=rule),
                            "target": "attacker"}])


@pytest.mark.parametrize("window", [S, BDC, DDC])
def test_non_damage_step_effect_is_refused_with_a_reason(window: str) -> None:
    # §1.1 / DS-097: a Trap that does not directly change ATK/DEF (Compulsory Evacuation Device) cannot be
    # activated in the Damage Step; a refused activation says why (§5 take-away (a)).
    res = play(scen([*BASE, _ced()], [ch(window, "B", "ced", targets=["att"], expect="illegal")]))
    assert refused_cards(res) == ["ced"]
    assert isinstance(res["refused"][0]["reason"], str) and res["refused"][0]["reason"].strip()
    assert any(e["type"] == "refused" and e.get("card") == "ced" for e in res["events"])
    assert res["final_locations"]["att"] == "monster_zone"
    assert res["damage_calculation_performed"] is True


def test_non_damage_step_effect_gives_no_decision_and_why_illegal_names_a_reason() -> None:
    # By default a decision is exposed only when there is a legal option other than passing.
    duel, ids = pull(scen([*BASE, _ced()]))
    assert duel.advance() is None
    assert duel.state.phase is engine.Phase.STEP_OVER
    duel, ids = pull(scen([*BASE, _ced()]), show=True)
    d = duel.advance()
    assert d is not None and d.options == (engine.PASS,)
    reason = duel.why_illegal(engine.Option(ids.index("ced"), 0, (ids.index("att"),)))
    assert isinstance(reason, str) and reason


def test_damage_step_allowed_override_makes_it_legal() -> None:
    # §1.1 item 7 / format `damage_step: allowed`: a card-specific ruling allows it. The attacker then leaves
    # the field: no damage calculation (§1.8).
    res = play(scen([*BASE, _ced("allowed")], [ch(S, "B", "ced", targets=["att"])]))
    assert res["refused"] == []
    assert res["final_locations"]["att"] == "hand"
    assert res["damage_calculation_performed"] is False


@pytest.mark.parametrize("window", [S, BDC])
def test_damage_step_forbidden_override_refuses_an_otherwise_legal_stat_change(window: str) -> None:
    # §1.1 item 7: "none of the cards with specific rulings forbidding them (Crooked Cook's ②...)".
    walls = st("walls", "B", [act(pump("tgt", 500), damage_step="forbidden")])
    res = play(scen([*BASE, walls], [ch(window, "B", "walls", expect="illegal")]))
    assert refused_cards(res) == ["walls"]
    assert res["refused"][0]["reason"]


def test_damage_step_forbidden_override_applies_to_a_counter_trap() -> None:
    # The per-effect override wins over the default categories (format: overrides the Damage Step rule).
    extra, choices = first_link(BDC)
    ct = st("ct", "B", [{"kind": "activated", "speed": 3, "damage_step": "forbidden",
                         "does": [{"op": "negate_activation", "destroy": False}]}], card_type="counter_trap")
    res = play(scen([*BASE, *extra, ct], [*choices, ch(BDC, "B", "ct", expect="illegal")]))
    assert refused_cards(res) == ["ct"]


# -- activation_lock (Jinzo) applies as soon as it is flipped (§1.4 item 2, DS-094) ------------------------


def _jinzo(player: str = "both") -> list[dict[str, Any]]:
    return [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 2400, 1500, pos="set", effects=[{"kind": "activation_lock", "card_type": "trap",
                                                          "player": player}]),
        st("trap", "A", [act(pump("attacker", 1000))]),
        st("rush", "A", [act(pump("attacker", 1000))], card_type="spell"),
        counter("ct", "B"),
        st("walls", "B", [act({"op": "change_stats", "target": "tgt", "def": 500})]),
    ]


def test_jinzo_lock_applies_after_the_flip() -> None:
    # §1.4 item 2: "The flipped monster's Continuous Effects apply immediately (Star Boy, Jinzo — DS-094)".
    res = play(scen(_jinzo(), [ch(BDC, "A", "trap", expect="illegal")]))
    assert refused_cards(res) == ["trap"]
    assert res["values_compared"] == [2000, 1500]


def test_jinzo_lock_does_not_apply_while_still_face_down() -> None:
    # §1.3 item 3: at the Start of the Damage Step the target is not flipped yet; a face-down card's
    # Continuous Effect does not apply (format: "A card's effects apply while it is face-up on the field").
    res = play(scen(_jinzo(), [ch(S, "A", "trap")]))
    assert res["refused"] == []
    assert res["values_compared"] == [3000, 1500]


def test_trap_lock_does_not_stop_spells() -> None:
    # format activation_lock: "cards of that type ... cannot be activated": a Quick-Play Spell is not a Trap.
    res = play(scen(_jinzo(), [ch(BDC, "A", "rush")]))
    assert res["refused"] == []
    assert res["values_compared"] == [3000, 1500]


def test_trap_lock_includes_counter_traps() -> None:
    # format activation_lock: "traps include Counter Traps".
    res = play(scen(_jinzo(), [ch(BDC, "A", "rush"), ch(BDC, "B", "ct", expect="illegal")]))
    assert refused_cards(res) == ["ct"]
    assert res["values_compared"] == [3000, 1500]


def test_trap_lock_for_the_opponent_only() -> None:
    # format activation_lock `player` is relative to the effect's controller: "opponent" locks only A.
    res = play(scen(_jinzo("opponent"), [ch(BDC, "A", "trap", expect="illegal"), ch(BDC, "B", "walls")]))
    assert refused_cards(res) == ["trap"]
    assert res["values_compared"] == [2000, 2000]


# -- targets must be legal when chosen (DS-059) -------------------------------------------------------------


def _walls_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 1500, pos="set"),
        st("walls", "B", [{**act({"op": "change_stats", "target": "target", "def": 500}), "target": "target"}]),
    ]


def test_face_down_target_is_not_a_legal_target_for_a_stat_change_at_start() -> None:
    # §1.3 item 3: "A face-down attack target is NOT flipped yet. Effects requiring a face-up battler ... cannot
    # use it now" (DS-059); after the flip (§1.4) it can be targeted.
    choices = [ch(S, "B", "walls", targets=["tgt"], expect="illegal"), ch(BDC, "B", "walls", targets=["tgt"])]
    res = play(scen(_walls_cards(), choices))
    assert refused_cards(res) == ["walls"]
    assert res["refused"][0]["window"] == S
    assert res["values_compared"] == [2000, 2000]  # DEF 1500 + 500; equal DEF: nothing happens (§2.2)
    assert res["destroyed_by_battle"] == []
    assert res["battle_damage"] == {"A": 0, "B": 0}


def test_face_down_target_options_in_pull_api() -> None:
    duel, ids = pull(scen(_walls_cards()), show=True)
    walls, tgt = ids.index("walls"), ids.index("tgt")
    seen = {}
    while (d := duel.advance()) is not None:
        if d.player is engine.Player.B and d.window not in seen:
            seen[d.window] = [o for o in d.options if o.card == walls]
            if d.window is engine.Window.START_OF_DAMAGE_STEP:
                assert duel.why_illegal(engine.Option(walls, 0, (tgt,)))
        duel.decide(engine.PASS)
    assert seen[engine.Window.START_OF_DAMAGE_STEP] == []
    assert seen[engine.Window.BEFORE_DAMAGE_CALCULATION] == [engine.Option(walls, 0, (tgt,))]


# -- §1.6: a monster determined destroyed by battle ------------------------------------------------------


@pytest.mark.parametrize(("att_atk", "legal"), [(1000, False), (3000, True)])
def test_quick_effect_of_a_monster_destroyed_by_battle_cannot_be_activated(att_atk: int, legal: bool) -> None:
    # §1.6: monsters determined destroyed by battle: "their optional Quick Effects cannot be activated".
    cards = [
        mon("att", "A", att_atk, 0, effects=[act({"op": "negate_activation", "destroy": False})]),
        mon("tgt", "B", 2000, 0),
        mon("ally", "B", 100, 100, effects=[trig(ADC, gain(100))]),
    ]
    res = play(scen(cards, [ch(ADC, "A", "att", expect="legal" if legal else "illegal")]))
    if legal:
        assert res["refused"] == []
        assert negated(res, "ally")
    else:
        assert refused_cards(res) == ["att"]
        assert res["destroyed_by_battle"] == ["att"]
        assert not negated(res, "ally")


def _locker_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 1000, 0, effects=[{"kind": "activation_lock", "card_type": "trap", "player": "opponent"}]),
        mon("tgt", "B", 2000, 0),
        mon("ally", "A", 100, 100, effects=[trig(ADC, gain(100))]),
        st("rush", "A", [act(pump("attacker", 100))], card_type="spell"),
        counter("ct", "B"),
    ]


def test_continuous_effect_applies_before_damage_calculation() -> None:
    # The lock's own card is face-up on the field: it applies (format: effects apply while face-up).
    res = play(scen(_locker_cards(), [ch(BDC, "A", "rush"), ch(BDC, "B", "ct", expect="illegal")]))
    assert refused_cards(res) == ["ct"]


def test_continuous_effect_of_a_monster_destroyed_by_battle_no_longer_applies() -> None:
    # §1.6: "their Continuous Effects no longer apply (DS-069)": after damage calculation B's Counter Trap is
    # no longer locked by the destroyed attacker.
    res = play(scen(_locker_cards(), [ch(ADC, "B", "ct")]))
    assert res["destroyed_by_battle"] == ["att"]
    assert res["refused"] == []
    assert negated(res, "ally")


@pytest.mark.parametrize(("optional", "legal"), [(True, False), (False, True)])
def test_battle_destroyed_monster_as_cost_only_for_mandatory_effects(optional: bool, legal: bool) -> None:
    # §1.6: monsters determined destroyed by battle "cannot be used as a cost for an optional card/effect, but can
    # for a mandatory one (Doomcaliber Knight)". The attacker (1000 vs 2000 ATK) is destroyed by battle; its own
    # after-damage-calculation trigger would send it to the GY as cost.
    cards = [
        mon("att", "A", 1000, 0, effects=[{**trig(ADC, dmg(300), optional=optional),
                                           "cost": {"send_self_to_graveyard": True}}]),
        mon("tgt", "B", 2000, 0),
    ]
    # (a mandatory trigger is placed without a choice; the optional one is tried as a scripted choice)
    res = play(scen(cards, [ch(ADC, "A", "att", expect="illegal")] if optional else []))
    assert res["destroyed_by_battle"] == ["att"]
    if legal:
        assert res["refused"] == []
        assert [links(c) for c in chains_in(res, ADC)] == [[("att", "A")]]
        assert res["final_lp"]["B"] == 8000 - 300
    else:
        assert refused_cards(res) == ["att"]
        assert chains_in(res, ADC) == []
        assert res["final_lp"]["B"] == 8000


def test_stat_change_need_not_affect_a_battling_monster() -> None:
    # §1.1 item 3: ATK/DEF changers may be activated until damage calculation; "They need not affect a battling
    # monster".
    cards = [*BASE, mon("a1", "A", 1000, 1000), st("rush", "A", [act(pump("a1", 500))], card_type="spell")]
    res = play(scen(cards, [ch(BDC, "A", "rush")]))
    assert res["refused"] == []
    assert res["final_monsters"]["a1"]["atk"] == 1500


def test_negated_effects_do_not_apply_but_an_activated_one_can_still_be_activated() -> None:
    # format "Effects": "A card's effects apply while it is face-up on the field and not negated": a negated trigger
    # does not activate. A negated activated effect can still be activated, its cost paid, and resolves with no
    # effect (rules spec §U.3; laaners/yugioh_comprehensive_rulebook 10_glossary/negate_effect, OCG Perfect Rulebook
    # 2017 p.155: "Even if a card's effect is being negated (such as by Skill Drain), it is still possible to
    # activate its effects (which would require paying the cost)").
    cards = [
        mon("att", "A", 2000, 0, effects=[{**trig("battle_damage_inflicted", gain(100)), "negated": True}]),
        mon("tgt", "B", 1000, 0),
        st("rush", "A", [{**act(pump("attacker", 500)), "negated": True}], card_type="spell"),
    ]
    res = play(scen(cards, [ch(BDC, "A", "rush")]))
    assert refused_cards(res) == []
    assert [[link["card"] for link in c["links"]] for c in res["chains"]] == [["rush"]]
    assert res["values_compared"] == [2000, 1000]
    assert res["final_lp"]["A"] == 8000  # the negated trigger gained nothing

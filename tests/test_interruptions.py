"""Flip, destruction timing and interruptions of the battle (rules spec §1.4-§1.8, §2.7).

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
    refused_cards,
    scen,
    st,
    trig,
)

import engine
from engine import actions as engine_actions

SENT_GY_TRIGGER = {"kind": "trigger", "on": "destroyed_by_battle_and_sent_to_graveyard", "optional": True,
                   "does": [{"op": "gain_lp", "player": "controller", "amount": 100}]}


def flip_eff(*does: dict[str, Any], optional: bool = False, **kw: Any) -> dict[str, Any]:
    return {"kind": "flip", "optional": optional, "does": list(does), **kw}


def allowed(*does: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return act(*does, damage_step="allowed", **kw)


def op(name: str, target: str, **kw: Any) -> dict[str, Any]:
    return {"op": name, "target": target, **kw}


def windows_of(res: dict[str, Any], type_: str, card: str) -> list[str]:
    return [e["window"] for e in res["events"] if e["type"] == type_ and e.get("card") == card]


# -- FLIP effects of the attacked monster (§1.4 item 3, §1.6) ---------------------------------------------


def test_flip_activates_after_damage_calculation_in_one_segoc_chain_with_battle_damage_triggers() -> None:
    # §1.4 item 3: the FLIP effect "activates after damage calculation"; §1.6: one SEGOC chain holds
    # battle-damage triggers and FLIP effects (DS-065). SEGOC (§1.2): B's mandatory FLIP, then A's optional.
    cards = [
        mon("att", "A", 2000, 0,
            effects=[{"kind": "piercing"}, trig("battle_damage_inflicted", gain(100), optional=True)]),
        mon("tgt", "B", 500, 1000, pos="set", effects=[flip_eff(dmg(500))]),
    ]
    res = play(scen(cards, [ch(ADC, "A", "att", effect=1)]))
    assert [links(c) for c in res["chains"]] == [[("tgt", "B"), ("att", "A")]]
    assert res["chains"][0]["window"] == ADC
    assert res["chains"][0]["resolution_order"] == ["att", "tgt"]
    assert windows_of(res, "activated", "tgt") == [ADC]
    assert res["battle_damage"] == {"A": 0, "B": 1000}  # piercing: 2000 - 1000 (§2.4)
    # destroyed by battle, but still on the field until the End of the Damage Step (§1.6): it activates
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_lp"] == {"A": 8000 - 500 + 100, "B": 7000}


def test_optional_flip_of_a_surviving_monster_is_offered_after_damage_calculation() -> None:
    # DS-061 pattern: the Set monster survives; its (optional) FLIP is offered in after_damage_calculation.
    cards = [mon("att", "A", 800, 0), mon("tgt", "B", 500, 900, pos="set", effects=[flip_eff(dmg(300), optional=True)])]
    duel, _ = pull(scen(cards))
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER and d.player is engine.Player.B
    assert d.window is engine.Window.AFTER_DAMAGE_CALCULATION
    assert engine.PASS in d.options
    duel.decide(next(o for o in d.options if not o.is_pass))
    duel.run(engine.PassAgent())
    assert duel.state.players[engine.Player.A].lp == 8000 - 100 - 300


def test_flip_does_not_activate_if_the_flipped_monster_left_the_field() -> None:
    # §1.4 item 3 / A2 default: "it does not activate at all if the flipped monster left the Monster Zone before
    # then (Drillroid destroying it — DS-062)". The battle also stops (§1.8).
    cards = [
        mon("att", "A", 1600, 1600,
            effects=[trig(BDC, op("destroy", "target"), condition="attacking_defense_position")]),
        mon("tgt", "B", 450, 600, pos="set", effects=[flip_eff(dmg(500))]),
    ]
    res = play(scen(cards))
    assert windows_of(res, "activated", "tgt") == []
    assert windows_of(res, "triggered", "tgt") == []
    assert res["final_locations"]["tgt"] == "graveyard"
    assert res["damage_calculation_performed"] is False
    assert res["final_lp"] == {"A": 8000, "B": 8000}


def test_flip_does_not_activate_if_the_flipped_monster_was_bounced() -> None:
    # §1.4 item 3 (same rule, the monster returned to the hand before damage calculation).
    cards = [
        mon("att", "A", 1600, 1600),
        mon("tgt", "B", 450, 600, pos="set", effects=[flip_eff(dmg(500))]),
        st("bounce", "A", [allowed(op("return_to_hand", "target"))]),
    ]
    res = play(scen(cards, [ch(BDC, "A", "bounce")]))
    assert windows_of(res, "activated", "tgt") == []
    assert res["final_locations"]["tgt"] == "hand"


# -- deferred self-destruction (§1.4 item 2, §1.6) -------------------------------------------------------


def test_self_destroy_of_a_flipped_monster_waits_until_after_damage_calculation() -> None:
    # §1.4 item 2: "a Continuous Effect that destroys itself (Giant Kozaky ...) [is] not enforced until after
    # damage calculation (DS-068)"; §1.6: "self-destruct Continuous Effects of monsters that survived are applied
    # now". The monster battles with its DEF, and is destroyed (not by battle) after damage calculation.
    cards = [
        mon("att", "A", 1500, 0),
        mon("tgt", "B", 2500, 2000, pos="set",
            effects=[{"kind": "self_destroy_unless", "condition": 'a face-up "Kozaky" is on the field'}]),
    ]
    res = play(scen(cards))
    assert res["damage_calculation_performed"] is True
    assert res["values_compared"] == [1500, 2000]
    assert res["battle_damage"] == {"A": 500, "B": 0}
    assert res["destroyed_by_battle"] == []
    assert res["final_locations"]["tgt"] == "graveyard"
    assert windows_of(res, "moved", "tgt") == [ADC]


# -- monsters destroyed by battle cannot be targeted (§1.6) ---------------------------------------------


def _destroyed_target_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 0, effects=[trig("destroyed_by_battle", gain(100))]),
        mon("ally", "A", 100, 100, effects=[{**trig(ADC, op("destroy", "tgt"), optional=True), "target": "tgt"}]),
        st("save", "B", [{**allowed(op("return_to_hand", "tgt")), "target": "tgt"}]),
        mon("ping", "A", 100, 100, effects=[trig(ADC, gain(1))]),
    ]


def test_battle_destroyed_monster_cannot_be_targeted_by_a_trigger() -> None:
    # §1.6: monsters determined destroyed by battle "cannot be targeted".
    res = play(scen(_destroyed_target_cards(), [ch(ADC, "A", "ally", targets=["tgt"], expect="illegal")]))
    assert refused_cards(res) == ["ally"]
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_locations"]["tgt"] == "graveyard"
    # it was sent by battle, so its "destroyed by battle" trigger activates at the End of the Damage Step (§1.7)
    assert any(("tgt", "B") in links(c) for c in chains_in(res, END))


def test_battle_destroyed_monster_cannot_be_targeted_by_a_response() -> None:
    # §1.6: "cannot be targeted"; "cannot be returned to the hand by effects".
    res = play(scen(_destroyed_target_cards(), [ch(ADC, "B", "save", targets=["tgt"], expect="illegal")]))
    assert refused_cards(res) == ["save"]
    assert res["final_locations"]["tgt"] == "graveyard"


def test_battle_destroyed_target_gives_no_trigger_decision() -> None:
    duel, ids = pull(scen(_destroyed_target_cards()))
    while (d := duel.advance()) is not None:
        assert ids.index("ally") not in {o.card for o in d.options}
        duel.decide(engine.PASS if engine.PASS in d.options else d.options[0])


def test_non_targeting_removal_after_damage_calculation_stops_destroyed_by_battle_triggers() -> None:
    # §1.6: they "can still be destroyed/sent/banished by non-targeting card effects (D.D. Warrior Lady — DS-067),
    # in which case 'destroyed by battle (and sent to the GY)' triggers cannot be activated".
    cards = [
        mon("att", "A", 1500, 1600, effects=[trig(ADC, op("banish", "battling_opponent"), optional=True,
                                                  condition="this_card_battled")]),
        mon("tgt", "B", 1400, 1100, effects=[SENT_GY_TRIGGER,
                                             trig("destroyed_by_battle", gain(200), optional=True)]),
    ]
    choices = [ch(ADC, "A", "att"), ch(END, "B", "tgt", effect=0, expect="illegal"),
               ch(END, "B", "tgt", effect=1, expect="illegal")]
    res = play(scen(cards, choices))
    assert res["final_locations"]["tgt"] == "banished"
    assert sorted(refused_cards(res)) == ["tgt", "tgt"]
    assert chains_in(res, END) == []


# -- End of the Damage Step (§1.7) ------------------------------------------------------------------------


def test_end_of_damage_step_triggers_share_one_segoc_chain() -> None:
    # §1.7 item 2: "one SEGOC chain for: 'when this card is destroyed by battle...', 'when this card destroys a
    # monster by battle...', and 'at the end of the Damage Step'". SEGOC: A mandatory, B mandatory, A optional.
    cards = [
        mon("att", "A", 2000, 0, effects=[trig("destroys_by_battle", gain(1), optional=True)]),
        mon("tgt", "B", 1000, 0, effects=[trig("destroyed_by_battle_and_sent_to_graveyard", gain(2))]),
        mon("ally", "A", 100, 100, effects=[trig(END, gain(3))]),
    ]
    res = play(scen(cards, [ch(END, "A", "att")]))
    assert [links(c) for c in chains_in(res, END)] == [[("ally", "A"), ("tgt", "B"), ("att", "A")]]
    assert res["final_locations"]["tgt"] == "graveyard"
    # the destroyed monster is sent before the triggers (§1.7 item 1, then item 2)
    events = [(e["type"], e.get("card")) for e in res["events"]]
    assert events.index(("moved", "tgt")) < events.index(("triggered", "tgt"))


def test_macro_cosmos_destroyed_by_battle_and_sent_to_graveyard_does_not_trigger() -> None:
    # §1.7 item 1: destroyed monsters go "wherever a rule/effect sends them: ... banished with Macro Cosmos
    # (DS-093)"; a "destroyed by battle and sent to the GY" trigger needs the GY (format: event
    # destroyed_by_battle_and_sent_to_graveyard). It is still destroyed by battle: "destroyed_by_battle" and
    # the destroyer's "destroys_by_battle" triggers activate.
    cards = [
        mon("att", "A", 2000, 0, effects=[trig("destroys_by_battle", gain(1), optional=True)]),
        mon("tgt", "B", 1000, 0, effects=[SENT_GY_TRIGGER,
                                          trig("destroyed_by_battle", gain(200), optional=True)]),
        st("cosmos", "B", [{"kind": "banish_instead_of_graveyard"}], card_type="trap", face_down=False),
    ]
    choices = [ch(END, "B", "tgt", effect=0, expect="illegal"), ch(END, "B", "tgt", effect=1), ch(END, "A", "att")]
    res = play(scen(cards, choices))
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_locations"]["tgt"] == "banished"
    assert [(r["card"], r["window"]) for r in res["refused"]] == [("tgt", END)]
    assert [links(c) for c in chains_in(res, END)] == [[("att", "A"), ("tgt", "B")]]
    assert [c["delta"] for c in res["lp_changes"] if c["kind"] == "gain"] == [200, 1]


def test_without_macro_cosmos_sent_to_graveyard_trigger_activates() -> None:
    cards = [mon("att", "A", 2000, 0),
             mon("tgt", "B", 1000, 0, effects=[SENT_GY_TRIGGER])]
    res = play(scen(cards, [ch(END, "B", "tgt")]))
    assert [links(c) for c in chains_in(res, END)] == [[("tgt", "B")]]


def test_attacked_and_battled_both_hold_when_damage_calculation_happened() -> None:
    # §1.0 item 3 and §1.7 item 2 (DS-092).
    cards = [
        mon("att", "A", 3000, 2500, effects=[trig(END, gain(1), optional=True, condition="this_card_battled"),
                                            trig(END, gain(2), optional=True, condition="this_card_attacked")]),
        mon("tgt", "B", 1200, 1200),
    ]
    res = play(scen(cards, [ch(END, "A", "att", effect=0), ch(END, "A", "att", effect=1)]))
    assert res["refused"] == []
    assert sorted(c["delta"] for c in res["lp_changes"] if c["kind"] == "gain") == [1, 2]


def test_target_removed_attacked_holds_battled_does_not_and_end_of_step_triggers_still_happen() -> None:
    # §1.0 item 3: the attacker "has attacked" even if damage calculation never happens; §1.7 item 2: "At the
    # end of the Damage Step" effects can activate even if damage calculation never happened (DS-072); "if this
    # card battled" requires that damage calculation was reached (DS-092).
    cards = [
        mon("att", "A", 3000, 2500, effects=[trig(END, gain(1), optional=True, condition="this_card_battled"),
                                            trig(END, gain(2), optional=True, condition="this_card_attacked")]),
        mon("tgt", "B", 1200, 1200),
        mon("ally", "B", 100, 100, effects=[trig(END, gain(4))]),
        st("remover", "B", [allowed(op("banish", "target"))]),
    ]
    choices = [ch(S, "B", "remover"), ch(END, "A", "att", effect=0, expect="illegal"), ch(END, "A", "att", effect=1)]
    res = play(scen(cards, choices))
    assert res["damage_calculation_performed"] is False
    assert refused_cards(res) == ["att"]
    assert [links(c) for c in chains_in(res, END)] == [[("ally", "B"), ("att", "A")]]


# -- §1.8 interruptions ----------------------------------------------------------------------------------

STOPPERS = {
    "attacker_banished": ("B", op("banish", "attacker")),
    "attacker_bounced": ("B", op("return_to_hand", "attacker")),
    "target_destroyed": ("B", op("destroy", "target")),
    "target_banished": ("A", op("banish", "target")),
    "attacker_control_changes": ("B", op("take_control", "attacker")),
    "target_control_changes": ("A", op("take_control", "target")),
    "attacker_to_defense": ("B", op("change_position", "attacker", to="defense")),
    "attacker_set": ("B", op("change_position", "attacker", to="set")),
}


@pytest.mark.parametrize("window", [S, BDC, DDC])
@pytest.mark.parametrize("stopper", sorted(STOPPERS))
def test_battle_stops_without_damage_calculation_but_end_of_step_happens(stopper: str, window: str) -> None:
    # §1.8 table: attacker/target leaves, control changes, attacker to Defense Position (or face-down) without
    # being able to attack in it → "no damage calculation ... continue to End of the Damage Step" (DS-072/073/
    # 074/078/082). §1.10: battle_valid() false → "skip straight to DS.END_SEND": no after-DC timing.
    player, effect = STOPPERS[stopper]
    cards = [
        mon("att", "A", 3000, 0),
        mon("tgt", "B", 1000, 0),
        mon("end_t", "B", 100, 100, effects=[trig(END, gain(7))]),
        mon("adc_t", "B", 100, 100, effects=[trig(ADC, gain(9))]),
        st("stop", player, [allowed(effect)]),
    ]
    res = play(scen(cards, [ch(window, player, "stop")]))
    assert res["refused"] == []
    assert res["damage_calculation_performed"] is False
    assert res["values_compared"] is None
    assert res["battle_damage"] == {"A": 0, "B": 0}
    assert res["destroyed_by_battle"] == []
    assert chains_in(res, ADC) == []
    assert [links(c) for c in chains_in(res, END)] == [[("end_t", "B")]]
    assert res["final_lp"] == {"A": 8000, "B": 8007}


def test_attacker_that_may_attack_in_defense_position_keeps_battling() -> None:
    # §1.8: the battle stops only if the attacker "cannot attack in Defense Position"; §2.1: Total Defense
    # Shogun-type ("apply its ATK") uses its ATK.
    cards = [
        mon("att", "A", 2000, 500, effects=[{"kind": "attack_from_defense", "apply": "atk"}]),
        mon("tgt", "B", 1000, 0),
        st("stop", "B", [allowed(op("change_position", "attacker", to="defense"))]),
    ]
    res = play(scen(cards, [ch(BDC, "B", "stop")]))
    assert res["damage_calculation_performed"] is True
    assert res["values_compared"] == [2000, 1000]
    assert res["destroyed_by_battle"] == ["tgt"]


@pytest.mark.parametrize(("start_pos", "to", "values", "damage", "destroyed"), [
    ("attack", "defense", [2000, 2500], {"A": 500, "B": 0}, []),
    ("defense", "attack", [2000, 1000], {"A": 0, "B": 1000}, ["tgt"]),
])
def test_target_position_change_battle_continues_with_position_at_damage_calculation(
    start_pos: str, to: str, values: list[int], damage: dict[str, int], destroyed: list[str]
) -> None:
    # §1.8: "target changes battle position face-up (ATK↔DEF) | battle continues; the position at damage
    # calculation decides"; §2.2 outcome table. tgt has ATK 1000 / DEF 2500.
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 2500, pos=start_pos),
        st("shift", "B", [allowed(op("change_position", "target", to=to))]),
    ]
    res = play(scen(cards, [ch(BDC, "B", "shift")]))
    assert res["damage_calculation_performed"] is True
    assert res["values_compared"] == values
    assert res["battle_damage"] == damage
    assert res["destroyed_by_battle"] == destroyed


@pytest.mark.parametrize("window", [BDC, DDC])
def test_target_set_during_the_step_is_flipped_face_up_again(window: str) -> None:
    # §1.4 item 4: "If the attack target is Set again ... up to the completion of damage calculation ..., it is
    # immediately flipped face-up again and the battle continues (DS-076)". Face-up DEF 2500 vs 2000 ATK.
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 2500),
        st("reset", "B", [allowed(op("change_position", "target", to="set"))]),
    ]
    res = play(scen(cards, [ch(window, "B", "reset")]))
    assert res["damage_calculation_performed"] is True
    assert res["values_compared"] == [2000, 2500]
    assert res["battle_damage"] == {"A": 500, "B": 0}
    assert res["final_monsters"]["tgt"]["position"] == "defense"
    events = [(e["type"], e.get("card")) for e in res["events"]]
    set_at = max(i for i, e in enumerate(res["events"]) if e["type"] == "position_changed" and e.get("card") == "tgt")
    assert ("flipped", "tgt") in events[set_at:]


def test_other_monsters_entering_or_leaving_change_nothing() -> None:
    # §1.8: "a monster is added to / removed from the opponent's field (other than the battlers) | nothing (no
    # replay; DS-075)"; §1.0 item 2: "From this point no replay can occur".
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 0),
        mon("other", "B", 500, 500),
        hand("extra", "B", 2500, 2500, []),
        st("swap", "B", [allowed(op("banish", "other"),
                                 {"op": "special_summon", "card": "extra", "position": "attack"})]),
    ]
    res = play(scen(cards, [ch(BDC, "B", "swap")]))
    assert res["final_locations"]["other"] == "banished"
    assert res["final_locations"]["extra"] == "monster_zone"
    assert res["damage_calculation_performed"] is True
    assert res["values_compared"] == [2000, 1000]
    assert res["destroyed_by_battle"] == ["tgt"]


def test_battler_leaving_inside_the_damage_calculation_chain_rest_resolves_then_no_calculation() -> None:
    # §1.5(a): "If a battling monster leaves the field ... while this chain resolves, the rest of the chain
    # resolves and then damage calculation is not performed (DS-055)".
    cards = [
        mon("att", "A", 400, 1500, effects=[act({"op": "change_stats", "target": "self", "atk": 3000,
                                                 "until": "damage_calculation"},
                                                during_damage_calculation=True, cost={"lp": 2000})]),
        mon("tgt", "B", 2000, 0),
        hand("fairy", "B", 100, 100, [act(gain(500), during_damage_calculation=True, cost={"discard_self": True},
                                          **{"from": "hand"})]),
        counter("wrath", "B", destroy=True),
    ]
    res = play(scen(cards, [ch(DDC, "B", "fairy"), ch(DDC, "A", "att"), ch(DDC, "B", "wrath")]))
    [chain] = chains_in(res, DDC)
    assert links(chain) == [("fairy", "B"), ("att", "A"), ("wrath", "B")]
    assert chain["resolution_order"] == ["wrath", "att", "fairy"]
    assert {"player": "B", "delta": 500, "kind": "gain", "window": DDC} in [
        {k: c[k] for k in ("player", "delta", "kind", "window")} for c in res["lp_changes"]]
    assert res["final_locations"]["att"] == "graveyard"
    assert res["damage_calculation_performed"] is False
    assert res["battle_damage"] == {"A": 0, "B": 0}
    assert res["final_lp"] == {"A": 6000, "B": 8500}


# -- §2.7 / §1.8: 0 LP ends the Duel at once -----------------------------------------------------------------


def test_zero_lp_mid_chain_ends_the_duel_and_later_links_do_not_resolve() -> None:
    # §1.8: "LP of a player becomes 0 at any point | the Duel ends immediately, even mid-chain"; §2.7: "No later
    # window opens".
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 0),
        st("s1", "A", [allowed(gain(1000))]),
        st("s2", "B", [allowed(dmg(8000))]),
        mon("ping", "B", 100, 100, effects=[trig(END, gain(5))]),
    ]
    res = play(scen(cards, [ch(BDC, "A", "s1"), ch(BDC, "B", "s2")]))
    assert res["winner"] == "B"
    assert res["final_lp"] == {"A": 0, "B": 8000}
    assert not any(c["kind"] == "gain" for c in res["lp_changes"])
    [chain] = chains_in(res, BDC)
    assert "s1" not in chain["resolution_order"]
    assert res["damage_calculation_performed"] is False
    ended = next(i for i, e in enumerate(res["events"]) if e["type"] == "duel_ended")
    after = res["events"][ended + 1:]
    assert not any(e["type"] in ("window_opened", "activated", "battle_damage", "values_compared") for e in after)
    assert not any(e["type"] == "link_resolved" and e.get("card") == "s1" for e in after)
    assert [e["detail"] for e in after if e["type"] == "phase_entered"] == ["duel_over"]


def test_zero_lp_in_the_middle_of_one_effect_stops_it() -> None:
    # §2.7: "A player whose LP becomes 0 loses immediately — in the middle of ... an effect's resolution".
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             st("s", "B", [allowed(dmg(9000), gain(1000, "opponent"))])]
    res = play(scen(cards, [ch(S, "B", "s")]))
    assert res["winner"] == "B"
    assert res["final_lp"]["A"] == 0
    assert not any(c["kind"] == "gain" for c in res["lp_changes"])


def test_lethal_battle_damage_no_after_damage_calculation_triggers() -> None:
    # §2.7 (DS-016, DS-022): lethal battle damage ends the Duel at damage calculation; no later window opens,
    # so the attacker's "inflicts battle damage" trigger never activates.
    cards = [mon("att", "A", 3000, 0, effects=[trig("battle_damage_inflicted", gain(100))])]
    d = scen(cards, target=None, lp={"A": 8000, "B": 3000})
    res = play(d)
    assert res["winner"] == "A"
    assert res["final_lp"] == {"A": 8000, "B": 0}
    assert res["chains"] == []
    duel, _ = pull(d)
    assert duel.advance() is None
    assert duel.state.phase is engine.Phase.DUEL_OVER


# -- more flip / destruction timing ------------------------------------------------------------------------


def _flipper_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 0),
        mon("b1", "B", 500, 500, pos="set", effects=[flip_eff(dmg(300))]),
        st("flipper", "B", [allowed(op("change_position", "b1", to="attack"))]),
    ]


@pytest.mark.parametrize("window", [S, BDC])
def test_non_battler_flipped_by_an_effect_activates_its_flip(window: str) -> None:
    # §1.1 item 5: optional triggers keyed to the card itself — "is flipped face-up (FLIP effects)" — may be
    # activated in the Damage Step; §1.2: triggers that happen while a chain resolves go on a new chain right
    # after it. ygopro parks "flipped face-up" triggers until after damage calculation (§1.4 item 1, §3.2 step 19),
    # so the FLIP may come right after the chain or after damage calculation — but it must activate.
    res = play(scen(_flipper_cards(), [ch(window, "B", "flipper")]))
    assert windows_of(res, "activated", "b1") in ([window], [ADC])
    assert res["final_lp"]["A"] == 7700


def test_pendulum_destroyed_by_battle_goes_to_extra_deck_no_sent_to_graveyard_trigger() -> None:
    # §1.7 item 1: "Pendulum Monsters face-up to the Extra Deck (DS-091)": it is not sent to the GY, so a
    # "destroyed by battle and sent to the GY" trigger has nothing to trigger on; it was destroyed by battle.
    cards = [
        mon("att", "A", 2000, 0),
        {**mon("tgt", "B", 1000, 0, effects=[SENT_GY_TRIGGER,
                                             trig("destroyed_by_battle", gain(200), optional=True)]),
         "pendulum": True},
    ]
    res = play(scen(cards, [ch(END, "B", "tgt", effect=0, expect="illegal"), ch(END, "B", "tgt", effect=1)]))
    assert res["final_locations"]["tgt"] == "extra_deck"
    assert refused_cards(res) == ["tgt"]
    assert [c["delta"] for c in res["lp_changes"] if c["kind"] == "gain"] == [200]


def test_battle_destroyed_monster_cannot_be_returned_to_hand_even_without_targeting() -> None:
    # §1.6: "they cannot be returned to the hand by effects"; it is then sent at the End of the Damage Step.
    cards = [
        mon("att", "A", 2000, 0, effects=[trig(ADC, op("return_to_hand", "battling_opponent"))]),
        mon("tgt", "B", 1000, 0),
    ]
    res = play(scen(cards))
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_locations"]["tgt"] == "graveyard"
    assert windows_of(res, "moved", "tgt") == [END]


def test_battle_destroyed_monster_cannot_change_position_or_stats() -> None:
    # §1.6: they "cannot change battle position, cannot have ATK/DEF changed".
    cards = [
        mon("att", "A", 2000, 0, effects=[trig(ADC, op("change_position", "battling_opponent", to="defense"),
                                               {"op": "change_stats", "target": "battling_opponent", "atk": 5000})]),
        mon("tgt", "B", 1000, 0),
    ]
    res = play(scen(cards))
    assert [links(c) for c in chains_in(res, ADC)] == [[("att", "A")]]
    assert windows_of(res, "position_changed", "tgt") == []
    assert windows_of(res, "stats_changed", "tgt") == []


def test_battle_destroyed_monster_that_left_and_came_back_is_not_sent() -> None:
    # §1.7 item 1: only monsters "still on the field (same card instance)" are sent; §1.8: "A monster that left
    # the field and came back is a new card". A custom after-damage-calculation effect sends the destroyed target
    # to the GY and Special Summons it back.
    def recycle(ctx: Any, src: engine.Source, link: Any) -> None:
        i = ctx.battling_opponent(src.host)
        engine_actions.send_to_graveyard(ctx, i, "effect")
        engine_actions.move_card(ctx, i, engine.Location.MONSTER_ZONE, "effect", position=engine.Position.ATTACK)

    reg = engine.default_registry()
    reg.register(engine.EffectType("test_recycle", operation=recycle))
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, effects=[trig("destroyed_by_battle", gain(100))])]
    eff = engine.Effect("test_recycle", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.AFTER_DAMAGE_CALCULATION)
    duel, ids = pull(scen(cards), registry=reg, effects={"att": (eff,)})
    duel.run(engine.PassAgent())
    tgt = duel.state.cards[ids.index("tgt")]
    assert duel.state.battle.destroyed == (ids.index("tgt"),)
    assert tgt.location is engine.Location.MONSTER_ZONE
    assert not tgt.battle_destroyed
    assert not any(c.kind == "gain" for c in duel.state.lp_changes)  # no destroyed-by-battle trigger (§1.6)


# -- effects that expire (§1.5(b) item 5, §1.7 item 3, §1.3 item 2) -------------------------------------------


@pytest.mark.parametrize(("until", "final_atk"), [("damage_calculation", 1000), ("end_of_damage_step", 1000),
                                                  ("end_of_turn", 2000)])
def test_stat_changes_expire_at_their_stated_time(until: str, final_atk: int) -> None:
    # §1.5(b) item 5: '"During damage calculation only" effects expire (DS-054)'; §1.7 item 3: '"until the end of
    # the Damage Step" [effects] expire as the Battle Step is entered (DS-071)'; "until end of turn" outlives both.
    cards = [
        mon("att", "A", 1000, 0),
        mon("tgt", "B", 500, 3000, pos="defense"),
        st("rush", "A", [act({"op": "change_stats", "target": "attacker", "atk": 1000, "until": until})],
           card_type="spell"),
    ]
    res = play(scen(cards, [ch(BDC, "A", "rush")]))
    assert res["values_compared"] == [2000, 3000]
    assert res["final_monsters"]["att"]["atk"] == final_atk


def test_damage_calculation_only_boost_is_gone_after_damage_calculation() -> None:
    # §1.5(b) item 5 (DS-054): Injection Fairy Lily's +3000 is gone in after_dc.
    cards = [
        mon("att", "A", 400, 1500, effects=[act({"op": "change_stats", "target": "self", "atk": 3000,
                                                 "until": "damage_calculation"},
                                                during_damage_calculation=True, cost={"lp": 2000})]),
        mon("tgt", "B", 2000, 3000, pos="defense"),
    ]
    res = play(scen(cards, [ch(DDC, "A", "att")]))
    assert res["values_compared"] == [3400, 3000]
    assert res["final_monsters"]["att"]["atk"] == 400


@pytest.mark.parametrize("while_", ["damage_step", "damage_calculation"])
def test_continuous_damage_step_modifiers_apply_without_a_chain(while_: str) -> None:
    # §1.3 item 2: 'Effects that apply "during the Damage Step (only)" start applying immediately, without a chain
    # (Steamroid)'; §1.5(a): 'Continuous effects "during damage calculation (only)" apply at once'; once the step
    # is over they no longer apply (final ATK is the printed one).
    cards = [
        mon("att", "A", 2000, 0, effects=[{"kind": "stat_modifier", "atk": 500, "while": while_, "when": "attacking"}]),
        mon("tgt", "B", 500, 3000, pos="defense"),
    ]
    res = play(scen(cards))
    assert res["values_compared"] == [2500, 3000]
    assert res["final_monsters"]["att"]["atk"] == 2000


def test_both_players_at_zero_from_one_effect_is_a_draw() -> None:
    # §2.7: "Both players reaching 0 at the same time ... is a draw".
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0), st("s", "B", [allowed(dmg(9000, "both"))])]
    res = play(scen(cards, [ch(S, "B", "s")]))
    assert res["winner"] == "draw"
    assert res["final_lp"] == {"A": 0, "B": 0}


# -- more interruptions / destruction determination -----------------------------------------------------------


def test_face_down_target_removed_at_start_is_never_flipped() -> None:
    # §1.3 consequences: "if a face-down battler is destroyed/removed now, it is never flipped, its FLIP effect
    # never activates and damage calculation does not happen (DS-063)".
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 500, 500, pos="set", effects=[flip_eff(dmg(300))]),
        st("remover", "A", [allowed(op("destroy", "target"))]),
    ]
    res = play(scen(cards, [ch(S, "A", "remover")]))
    assert windows_of(res, "flipped", "tgt") == []
    assert windows_of(res, "activated", "tgt") == []
    assert res["damage_calculation_performed"] is False
    assert res["final_lp"] == {"A": 8000, "B": 8000}


@pytest.mark.parametrize("how", ["continuous", "resolved_effect"])
def test_indestructible_monster_gives_no_destroyed_or_destroys_by_battle_triggers(how: str) -> None:
    # §2.5: a battler that is indestructible by battle is not destroyed; "Such monsters are not 'destroyed by
    # battle': no destroyed-by-battle / destroys-by-battle triggers". The controller still takes the damage.
    tgt_effects: list[dict[str, Any]] = [trig("destroyed_by_battle", gain(1))]
    cards = [mon("att", "A", 2000, 0, effects=[trig("destroys_by_battle", gain(2))])]
    choices = []
    if how == "continuous":
        tgt_effects.append({"kind": "indestructible_by_battle"})
    else:
        cards.append(st("waboku", "B", [allowed({"op": "indestructible_by_battle_this_turn", "target": "tgt"})]))
        choices.append(ch(BDC, "B", "waboku"))
    cards.insert(1, mon("tgt", "B", 1000, 0, effects=tgt_effects))
    res = play(scen(cards, choices))
    assert res["destroyed_by_battle"] == []
    assert res["battle_damage"] == {"A": 0, "B": 1000}
    assert res["final_locations"]["tgt"] == "monster_zone"
    assert chains_in(res, END) == []


def test_lethal_battle_damage_ends_the_duel_before_destruction_is_determined() -> None:
    # §1.5(b): "3. Subtract battle damage ... If a player's LP is 0 the Duel ends immediately" comes before
    # "4. Determine which monsters are destroyed by battle"; §2.7 "No later window opens".
    cards = [mon("att", "A", 3000, 0, effects=[trig("destroys_by_battle", gain(1))]),
             mon("tgt", "B", 1000, 0, effects=[trig("destroyed_by_battle", gain(1))])]
    res = play(scen(cards, lp={"A": 8000, "B": 2000}))
    assert res["winner"] == "A"
    assert res["final_lp"] == {"A": 8000, "B": 0}
    assert res["battle_damage"] == {"A": 0, "B": 2000}
    assert res["destroyed_by_battle"] == []
    assert res["final_locations"]["tgt"] == "monster_zone"
    assert res["chains"] == []


def test_nothing_happens_after_the_duel_ended_mid_chain() -> None:
    # §2.7: "A player whose LP becomes 0 loses immediately — in the middle of ... a chain, or an effect's
    # resolution": no card moves and no LP change after the Duel ended (the resolving Trap stays where it was).
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             st("s1", "A", [allowed(gain(1000))]), st("s2", "B", [allowed(dmg(8000))])]
    res = play(scen(cards, [ch(BDC, "A", "s1"), ch(BDC, "B", "s2")]))
    ended = next(i for i, e in enumerate(res["events"]) if e["type"] == "duel_ended")
    after = res["events"][ended + 1:]
    assert not any(e["type"] in ("moved", "battle_damage", "effect_damage", "lp_gained", "flipped",
                                 "position_changed", "control_changed", "stats_changed") for e in after)
    assert res["final_locations"]["s1"] == "spell_trap_zone"

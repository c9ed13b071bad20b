"""Windows and chains in the Damage Step (rules spec §1.2, §1.5(a), §1.7; scenario-format.md "Choices").

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
from engine import actions

# -- SEGOC (§1.2) ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("turn", ["A", "B"])
def test_segoc_turn_mandatory_opp_mandatory_turn_optional_opp_optional(turn: str) -> None:
    # §1.2: "(1) turn player's mandatory, (2) non-turn player's mandatory, (3) turn player's optional,
    # (4) non-turn player's optional". Cards are listed in an order unrelated to that, and the result must
    # not depend on which letter is the turn player.
    tp, op = turn, ("B" if turn == "A" else "A")
    cards = [
        mon("att", tp, 2000, 0),
        mon("tgt", op, 1500, 0),
        mon("tp_opt", tp, 100, 100, effects=[trig(S, gain(1), optional=True)]),
        mon("op_opt", op, 100, 100, effects=[trig(S, gain(2), optional=True)]),
        mon("op_man", op, 100, 100, effects=[trig(S, gain(4))]),
        mon("tp_man", tp, 100, 100, effects=[trig(S, gain(3))]),
    ]
    res = play(scen(cards, [ch(S, tp, "tp_opt"), ch(S, op, "op_opt")], turn=turn))
    [chain] = chains_in(res, S)
    assert links(chain) == [("tp_man", tp), ("op_man", op), ("tp_opt", tp), ("op_opt", op)]
    # §1.2 / chain rules: resolves last-in first-out
    assert chain["resolution_order"] == ["op_opt", "tp_opt", "op_man", "tp_man"]
    gains = [(c["player"], c["delta"]) for c in res["lp_changes"] if c["kind"] == "gain"]
    assert gains == [(op, 2), (tp, 1), (op, 4), (tp, 3)]


def test_optional_triggers_not_chosen_are_declined() -> None:
    # §1.2: "mandatory triggers must be placed on the chain; optional ones may be declined"; format: a player
    # with no choice listed declines optional triggers.
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1500, 0),
        mon("a_opt", "A", 100, 100, effects=[trig(S, gain(1), optional=True)]),
        mon("b_man", "B", 100, 100, effects=[trig(S, gain(4))]),
    ]
    res = play(scen(cards))
    [chain] = chains_in(res, S)
    assert links(chain) == [("b_man", "B")]


def test_each_player_orders_their_own_simultaneous_triggers_with_a_trigger_decision() -> None:
    # §1.2: "each player orders their own group freely". A's two mandatory triggers: A is asked (TRIGGER
    # decision) which goes first and may not decline them; B's two optional ones: B orders them, may decline.
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1500, 0),
        mon("m1", "A", 100, 100, effects=[trig(S, gain(1))]),
        mon("m2", "A", 100, 100, effects=[trig(S, gain(2))]),
        mon("o1", "B", 100, 100, effects=[trig(S, gain(3), optional=True)]),
        mon("o2", "B", 100, 100, effects=[trig(S, gain(4), optional=True)]),
    ]
    duel, ids = pull(scen(cards))
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER and d.player is engine.Player.A
    assert d.window is engine.Window.START_OF_DAMAGE_STEP
    assert {o.card for o in d.options} == {ids.index("m1"), ids.index("m2")}
    assert engine.PASS not in d.options  # mandatory: may not be declined
    duel.decide(next(o for o in d.options if o.card == ids.index("m2")))
    # m1 is then the only one left of A's mandatory group; next it is B's optional group
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER and d.player is engine.Player.B
    assert {o.card for o in d.options if not o.is_pass} == {ids.index("o1"), ids.index("o2")}
    assert engine.PASS in d.options  # optional: may be declined
    duel.decide(next(o for o in d.options if o.card == ids.index("o2")))
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER and d.player is engine.Player.B
    duel.decide(next(o for o in d.options if o.card == ids.index("o1")))
    while (d := duel.advance()) is not None:
        duel.decide(engine.PASS)
    [rec] = [c for c in duel.state.chains if c.window is engine.Window.START_OF_DAMAGE_STEP]
    assert [ids[c] for c, _ in rec.links] == ["m2", "m1", "o2", "o1"]
    assert [ids[c] for c in rec.resolution_order] == ["o1", "o2", "m1", "m2"]


def test_after_triggers_are_placed_the_player_who_did_not_activate_the_last_link_responds_first() -> None:
    # §1.2: "After the triggers are placed, players may chain fast effects (starting with the player who did
    # not activate the last link)". The last link is A's (turn player's optional), so B gets priority first.
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1500, 0),
        mon("a_opt", "A", 100, 100, effects=[trig(S, gain(1), optional=True)]),
        counter("ct_a", "A"),
        counter("ct_b", "B"),
    ]
    duel, _ = pull(scen(cards))
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER
    duel.decide(next(o for o in d.options if not o.is_pass))
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.PRIORITY and d.player is engine.Player.B


# -- spell speed (§1.1 item 1, §1.2) -------------------------------------------------------------------


def _speed_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 1500, 0),
        mon("tgt", "B", 2000, 0),
        st("rush", "A", [act(pump("attacker", 700))], card_type="spell"),
        counter("jammer", "B"),
        st("rush2", "A", [act(pump("attacker", 300))]),
        counter("jammer2", "A"),
    ]


def test_counter_trap_can_only_be_answered_by_spell_speed_3() -> None:
    # A response must have a Spell Speed at least that of the last link: a Counter Trap (Spell Speed 3,
    # §1.1 item 1) can be answered only by another Counter Trap.
    choices = [
        ch(BDC, "A", "rush"),
        ch(BDC, "B", "jammer"),
        ch(BDC, "A", "rush2", expect="illegal"),
        ch(BDC, "A", "jammer2"),
    ]
    res = play(scen(_speed_cards(), choices))
    assert refused_cards(res) == ["rush2"]
    assert res["refused"][0]["reason"]
    [chain] = chains_in(res, BDC)
    assert links(chain) == [("rush", "A"), ("jammer", "B"), ("jammer2", "A")]
    assert chain["resolution_order"] == ["jammer2", "jammer", "rush"]
    # jammer2 negates jammer, so rush resolves: 1500 + 700 = 2200 vs 2000 (§2.2: target destroyed, B takes 200)
    assert res["values_compared"] == [2200, 2000]
    assert res["battle_damage"] == {"A": 0, "B": 200}


def test_counter_trap_response_options_exclude_spell_speed_2() -> None:
    # Pull API: after a Spell Speed 3 link, the responding player's options hold only Spell Speed 3 effects.
    duel, ids = pull(scen(_speed_cards()), show=True)
    d = duel.advance()
    assert d is not None and d.player is engine.Player.A and d.window is engine.Window.START_OF_DAMAGE_STEP
    duel.decide(engine.Option(ids.index("rush"), 0))
    d = duel.advance()
    assert d is not None and d.player is engine.Player.B
    duel.decide(engine.Option(ids.index("jammer"), 0))
    d = duel.advance()
    assert d is not None and d.player is engine.Player.A
    cards = {o.card for o in d.options if not o.is_pass}
    assert ids.index("rush2") not in cards
    assert ids.index("jammer2") in cards
    reason = duel.why_illegal(engine.Option(ids.index("rush2"), 0))
    assert reason and "speed" in reason.lower()


def test_spell_speed_2_may_respond_to_spell_speed_2() -> None:
    # Spell Speed 2 ≥ Spell Speed 2: a Quick-Play/Trap ATK modifier may chain to another (§1.1 item 3).
    cards = [
        mon("att", "A", 1500, 0),
        mon("tgt", "B", 2000, 0),
        st("rush", "A", [act(pump("attacker", 700))], card_type="spell"),
        st("wall", "B", [act(pump("tgt", 500))]),
    ]
    res = play(scen(cards, [ch(BDC, "A", "rush"), ch(BDC, "B", "wall")]))
    [chain] = chains_in(res, BDC)
    assert links(chain) == [("rush", "A"), ("wall", "B")]
    assert res["values_compared"] == [2200, 2500]


# -- LIFO ----------------------------------------------------------------------------------------------


def test_chain_resolves_last_in_first_out() -> None:
    # A chain resolves in reverse order of activation (§1.2, "chain: a chain resolves last-in, first-out").
    cards = [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 0),
        st("s1", "A", [act(dmg(100), damage_step="allowed")]),
        st("s2", "B", [act(dmg(200), damage_step="allowed")]),
        st("s3", "A", [act(dmg(300), damage_step="allowed")]),
    ]
    res = play(scen(cards, [ch(S, "A", "s1"), ch(S, "B", "s2"), ch(S, "A", "s3")]))
    [chain] = chains_in(res, S)
    assert links(chain) == [("s1", "A"), ("s2", "B"), ("s3", "A")]
    assert chain["resolution_order"] == ["s3", "s2", "s1"]
    burns = [(c["player"], c["delta"]) for c in res["lp_changes"] if c["kind"] == "effect_damage"]
    assert burns == [("B", -300), ("A", -200), ("B", -100)]


def test_several_proactive_chains_in_before_damage_calculation() -> None:
    # §1.2 / A1: in start_of_damage_step and before_damage_calculation several chains may be started
    # proactively; scenario-format: a new_chain choice is the first link of a new chain in the same window.
    cards = [
        mon("att", "A", 1500, 0),
        mon("tgt", "B", 2000, 0),
        st("r1", "A", [act(pump("attacker", 300))], card_type="spell"),
        st("r2", "A", [act(pump("attacker", 400))], card_type="spell"),
    ]
    res = play(scen(cards, [ch(BDC, "A", "r1"), ch(BDC, "A", "r2", new_chain=True)]))
    chains = chains_in(res, BDC)
    assert [links(c) for c in chains] == [[("r1", "A")], [("r2", "A")]]
    assert res["values_compared"] == [2200, 2000]


# -- damage calculation: exactly one chain (§1.2, §1.5(a)) ----------------------------------------------


def _dc_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 1000, 0, effects=[act(
            {"op": "change_stats", "target": "self", "atk": 1000, "until": "damage_calculation"},
            during_damage_calculation=True, cost={"lp": 1000})]),
        mon("tgt", "B", 1500, 0),
        hand("kuri", "B", 300, 200, [act({"op": "no_battle_damage_this_battle", "player": "controller"},
                                        during_damage_calculation=True, **{"from": "hand"},
                                        cost={"discard_self": True})]),
    ]


def test_only_one_chain_during_damage_calculation() -> None:
    # §1.2: "during_dc: exactly one chain; as soon as it resolves, damage calculation is performed".
    res = play(scen(_dc_cards(), [ch(DDC, "B", "kuri"), ch(DDC, "A", "att", new_chain=True, expect="illegal")]))
    assert [links(c) for c in chains_in(res, DDC)] == [[("kuri", "B")]]
    assert refused_cards(res) == ["att"]
    # Lily never resolved: 1000 vs 1500 ATK, A takes 500 and its monster is destroyed (§2.2)
    assert res["values_compared"] == [1000, 1500]
    assert res["battle_damage"] == {"A": 500, "B": 0}


def test_no_priority_in_damage_calculation_after_its_chain_resolved() -> None:
    # §1.2: once the damage-calculation chain resolves, damage calculation is performed: nobody gets priority
    # in during_damage_calculation again, even when every priority is exposed.
    duel, ids = pull(scen(_dc_cards()), show=True)
    seen_after = []
    resolved = False
    while (d := duel.advance()) is not None:
        if resolved:
            seen_after.append(d.window)
        if d.window is engine.Window.DURING_DAMAGE_CALCULATION and d.player is engine.Player.B and not resolved:
            duel.decide(engine.Option(ids.index("kuri"), 0))
            resolved = True
            # A may still respond to the chain; both pass, then the chain resolves
            continue
        duel.decide(engine.PASS)
    chains = [c for c in duel.state.chains if c.window is engine.Window.DURING_DAMAGE_CALCULATION]
    assert len(chains) == 1
    # after kuri's link: A's response window and B's pass belong to that chain; then no new chain there
    assert seen_after.count(engine.Window.DURING_DAMAGE_CALCULATION) == 2
    assert duel.state.battle.battled


# -- after damage calculation / end of the step: triggers only (§1.2) -----------------------------------


@pytest.mark.parametrize("window", [ADC, END])
def test_fast_effect_cannot_start_a_chain_after_damage_calculation(window: str) -> None:
    # §1.2: "after_dc, end_of_ds: chains are started by the triggered effects of that timing; optional fast
    # effects can only be activated as responses". damage_step=allowed lifts §1.1, not this rule.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             st("quick", "A", [act(dmg(100), damage_step="allowed")])]
    res = play(scen(cards, [ch(window, "A", "quick", expect="illegal")]))
    assert refused_cards(res) == ["quick"]
    assert res["refused"][0]["reason"]
    assert chains_in(res, window) == []
    assert res["final_lp"] == {"A": 8000, "B": 7000}


@pytest.mark.parametrize("window", [ADC, END])
def test_fast_effect_may_respond_to_a_trigger_after_damage_calculation(window: str) -> None:
    # §1.2: fast effects "can only be activated as responses" there — so as a response they are fine.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             mon("ally", "B", 100, 100, effects=[trig(window, gain(50))]),
             st("quick", "A", [act(dmg(100), damage_step="allowed")])]
    res = play(scen(cards, [ch(window, "A", "quick")]))
    assert res["refused"] == []
    [chain] = chains_in(res, window)
    assert links(chain) == [("ally", "B"), ("quick", "A")]


@pytest.mark.parametrize("window", [ADC, END])
def test_new_chain_after_the_trigger_chain_is_refused(window: str) -> None:
    # §1.2: only triggers start chains there; a new_chain choice (format: "elsewhere only triggers start
    # chains, so such a choice is refused").
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             mon("ally", "B", 100, 100, effects=[trig(window, gain(50))]),
             st("quick", "A", [act(dmg(100), damage_step="allowed")])]
    res = play(scen(cards, [ch(window, "A", "quick", new_chain=True, expect="illegal")]))
    assert refused_cards(res) == ["quick"]
    assert [links(c) for c in chains_in(res, window)] == [[("ally", "B")]]


def test_pull_priority_after_damage_calculation_offers_only_pass_without_a_chain() -> None:
    # §1.2: with nothing on the chain in after_damage_calculation a fast effect has nothing to respond to.
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0),
             st("quick", "A", [act(dmg(100), damage_step="allowed")])]
    duel, ids = pull(scen(cards), show=True)
    while (d := duel.advance()) is not None:
        if d.window in (engine.Window.AFTER_DAMAGE_CALCULATION, engine.Window.END_OF_DAMAGE_STEP):
            assert d.options == (engine.PASS,)
            assert duel.why_illegal(engine.Option(ids.index("quick"), 0))
        duel.decide(engine.PASS)


# -- costs on activation -------------------------------------------------------------------------------


def _cost_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 1500, 0),
        mon("tgt", "B", 2000, 0),
        st("pay", "A", [act(pump("attacker", 1000), cost={"lp": 1000})]),
        st("burn", "B", [act(dmg(500), damage_step="allowed")]),
        counter("ct", "B"),
    ]


def test_cost_is_paid_on_activation_before_any_link_resolves() -> None:
    # Costs are paid on activation (§1.2 / format "cost (paid on activation)"): A's cost comes before B's
    # burn even though B's link resolves first.
    res = play(scen(_cost_cards(), [ch(BDC, "A", "pay"), ch(BDC, "B", "burn")]))
    changes = [(c["player"], c["delta"], c["kind"], c["window"]) for c in res["lp_changes"]]
    assert changes[:2] == [("A", -1000, "cost", BDC), ("A", -500, "effect_damage", BDC)]
    assert res["values_compared"] == [2500, 2000]


def test_cost_is_paid_even_if_the_activation_is_negated() -> None:
    # The cost was paid on activation; negating the activation does not give it back (DS-055 pattern).
    res = play(scen(_cost_cards(), [ch(BDC, "A", "pay"), ch(BDC, "B", "ct")]))
    assert {"player": "A", "delta": -1000, "kind": "cost", "window": BDC} in [
        {k: c[k] for k in ("player", "delta", "kind", "window")} for c in res["lp_changes"]]
    assert res["values_compared"] == [1500, 2000]
    assert res["final_lp"]["A"] == 8000 - 1000 - 500


def test_pull_cost_visible_while_link_is_still_on_the_chain() -> None:
    duel, ids = pull(scen(_cost_cards()), show=True)
    d = duel.advance()
    assert d is not None and d.player is engine.Player.A
    duel.decide(engine.Option(ids.index("pay"), 0))
    assert duel.state.window is not None and len(duel.state.window.chain) == 1
    assert duel.state.players[engine.Player.A].lp == 7000
    assert duel.state.lp_changes[-1].kind == "cost"
    assert not any(e.type is engine.EventType.LINK_RESOLVED for e in duel.state.log)


# -- targets: chosen on activation, checked again on resolution ------------------------------------------


def _target_cards() -> list[dict[str, Any]]:
    return [
        mon("att", "A", 2000, 0),
        mon("tgt", "B", 1000, 0),
        mon("ally", "A", 1000, 1000),
        st("rush", "A", [{**act(pump("ally", 700)), "target": "ally"}], card_type="spell"),
        st("bounce", "B", [{**act({"op": "return_to_hand", "target": "ally"}, damage_step="allowed"),
                            "target": "ally"}]),
    ]


def test_target_that_left_the_field_is_not_affected() -> None:
    # Format: a target is "chosen on activation"; EffectType docs: "Checked again on resolution: a target
    # that is no longer legal is skipped". The bounce resolves first (LIFO), so rush finds no target.
    choices = [ch(BDC, "A", "rush", targets=["ally"]), ch(BDC, "B", "bounce", targets=["ally"])]
    res = play(scen(_target_cards(), choices))
    [chain] = chains_in(res, BDC)
    assert chain["resolution_order"] == ["bounce", "rush"]
    assert res["final_locations"]["ally"] == "hand"
    assert not any(e["type"] == "stats_changed" and e.get("card") == "ally" for e in res["events"])


def test_target_chosen_on_activation_is_recorded_in_the_link() -> None:
    duel, ids = pull(scen(_target_cards()), show=True)
    d = duel.advance()
    assert d is not None
    opts = [o for o in d.options if o.card == ids.index("rush")]
    assert opts == [engine.Option(ids.index("rush"), 0, (ids.index("ally"),))]
    duel.decide(opts[0])
    w = duel.state.window
    assert w is not None and w.chain[-1].targets == (ids.index("ally"),)


def test_target_that_left_and_came_back_is_a_new_card_and_not_affected() -> None:
    # §1.8: "A monster that left the field and came back is a new card". A custom response sends the
    # targeted monster to the hand and puts it back before the targeting link resolves.
    def flicker(ctx: Any, src: engine.Source, link: Any) -> None:
        i = ctx.state.cards.index(next(c for c in ctx.state.cards if c.id == "ally"))
        actions.move_card(ctx, i, engine.Location.HAND, "effect")
        actions.move_card(ctx, i, engine.Location.MONSTER_ZONE, "effect", position=engine.Position.ATTACK)

    reg = engine.default_registry()
    reg.register(engine.EffectType("test_flicker", operation=flicker))
    cards = [*_target_cards()[:4], st("flick", "B", [act(dmg(0), damage_step="allowed")])]
    custom = (engine.Effect("test_flicker", engine.EffectKind.ACTIVATED, speed=2,
                            damage_step=engine.DamageStepRule.ALLOWED),)
    duel, ids = pull(scen(cards), show=True, registry=reg, effects={"flick": custom})
    d = duel.advance()
    assert d is not None and d.player is engine.Player.A
    duel.decide(engine.Option(ids.index("rush"), 0, (ids.index("ally"),)))
    d = duel.advance()
    assert d is not None and d.player is engine.Player.B
    duel.decide(engine.Option(ids.index("flick"), 0))
    duel.run(engine.PassAgent())
    ally = duel.state.cards[ids.index("ally")]
    assert ally.location is engine.Location.MONSTER_ZONE
    assert not any(e.type is engine.EventType.STATS_CHANGED and e.card == ids.index("ally") for e in duel.state.log)
    from engine.rules.stats import current_stats

    assert current_stats(duel.ctx, ids.index("ally")) == (1000, 1000)


# -- priority after a chain, several chains in one window (§1.2) ----------------------------------------


def test_after_a_chain_resolves_turn_player_gets_priority_and_window_ends_on_two_passes() -> None:
    # §1.2: "in every sub-timing the turn player gets priority first; a sub-timing ends when both players pass
    # in succession with an empty chain" — so after B's chain resolves, A (turn player) and then B are asked
    # again in the same window before it closes.
    cards = [mon("att", "A", 1500, 0), mon("tgt", "B", 2000, 0), st("wall", "B", [act(pump("tgt", 500))])]
    duel, ids = pull(scen(cards), show=True)
    seen = []
    while (d := duel.advance()) is not None:
        if d.window is engine.Window.START_OF_DAMAGE_STEP:
            seen.append(d.player.name)
            if d.player is engine.Player.B and len(seen) == 2:
                duel.decide(engine.Option(ids.index("wall"), 0))
                continue
        duel.decide(engine.PASS)
    # A passes, B activates; A may respond (passes), B passes → resolves; then A, B pass with empty chain
    assert seen == ["A", "B", "A", "B", "A", "B"]


def test_several_proactive_chains_at_start_of_damage_step() -> None:
    # §1.2 / A1 default: several chains may be started proactively at the Start of the Damage Step too.
    cards = [
        mon("att", "A", 1500, 0),
        mon("tgt", "B", 2000, 0),
        st("r1", "A", [act(pump("attacker", 300))], card_type="spell"),
        st("r2", "B", [act(pump("tgt", 400))]),
    ]
    res = play(scen(cards, [ch(S, "A", "r1"), ch(S, "B", "r2", new_chain=True)]))
    assert [links(c) for c in chains_in(res, S)] == [[("r1", "A")], [("r2", "B")]]
    assert res["values_compared"] == [1800, 2400]


def test_monster_negator_spell_speed_2_cannot_respond_to_a_counter_trap() -> None:
    # A Quick Effect (Spell Speed 2) that negates activations cannot respond to a Spell Speed 3 Counter Trap.
    cards = [
        mon("att", "A", 1500, 0, effects=[act({"op": "negate_activation", "destroy": False})]),
        mon("tgt", "B", 2000, 0),
        st("rush", "A", [act(pump("attacker", 700))], card_type="spell"),
        counter("jammer", "B"),
    ]
    res = play(scen(cards, [ch(BDC, "A", "rush"), ch(BDC, "B", "jammer"), ch(BDC, "A", "att", expect="illegal")]))
    assert refused_cards(res) == ["att"]
    assert res["values_compared"] == [1500, 2000]


def test_battle_damage_triggers_of_both_players_share_one_after_damage_calculation_chain() -> None:
    # §1.6: "when battle damage is inflicted" / "when you take damage" triggers and FLIP effects go on one SEGOC
    # chain after damage calculation; a "when you take damage" trigger may activate from the hand (§1.1 item 6).
    cards = [
        mon("att", "A", 2500, 0, effects=[trig("battle_damage_inflicted", gain(1))]),
        mon("tgt", "B", 1000, 0),
        hand("healer", "B", 0, 0, [trig("battle_damage_taken", gain(2), optional=True, **{"from": "hand"})]),
        mon("ally", "A", 100, 100, effects=[trig(ADC, gain(3), optional=True)]),
    ]
    res = play(scen(cards, [ch(ADC, "B", "healer"), ch(ADC, "A", "ally")]))
    [chain] = chains_in(res, ADC)
    assert links(chain) == [("att", "A"), ("ally", "A"), ("healer", "B")]


def test_target_turned_face_down_before_resolution_is_not_affected_by_a_stat_change() -> None:
    # Format: targets "must be legal when chosen (a face-down monster is not 'a face-up monster')"; EffectType:
    # targets are "Checked again on resolution: a target that is no longer legal is skipped".
    cards = [*_target_cards()[:4],
             st("hide", "B", [{**act({"op": "change_position", "target": "ally", "to": "set"}, damage_step="allowed"),
                               "target": "ally"}])]
    res = play(scen(cards, [ch(BDC, "A", "rush", targets=["ally"]), ch(BDC, "B", "hide", targets=["ally"])]))
    [chain] = chains_in(res, BDC)
    assert chain["resolution_order"] == ["hide", "rush"]
    assert res["final_monsters"]["ally"]["position"] == "set"
    assert not any(e["type"] == "stats_changed" and e.get("card") == "ally" for e in res["events"])


def test_discard_cost_is_paid_before_the_chain_resolves() -> None:
    # Costs are paid on activation: Kuriboh is discarded when activated, before any link resolves.
    res = play(scen(_dc_cards(), [ch(DDC, "B", "kuri")]))
    types = [(e["type"], e.get("card")) for e in res["events"]]
    moved = next(i for i, e in enumerate(res["events"]) if e["type"] == "moved" and e.get("card") == "kuri")
    assert moved < types.index(("chain_resolving", None))
    assert res["events"][moved]["to"] == "graveyard"

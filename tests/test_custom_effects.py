"""Effects written by an embedder with the public API only (engine.EffectType / Registry / Effect / Hook /
engine.actions), run end to end through the Damage Step (rules spec §1.1, §1.5-§1.6, §2.6, §2.7)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import actions

W = engine.Window


def base(att_atk: int = 2000, tgt_atk: int = 1500, lp_b: int = 8000) -> engine.Scenario:
    return engine.parse_scenario({
        "format": "damage-step-scenario/1", "id": "custom", "life_points": {"A": 8000, "B": lp_b},
        "cards": [
            {"id": "att", "controller": "A", "atk": att_atk, "def": 0, "position": "attack", "effects": []},
            {"id": "tgt", "controller": "B", "atk": tgt_atk, "def": 0, "position": "attack", "effects": []},
            {"id": "spare", "controller": "B", "atk": 500, "def": 500, "position": "attack", "effects": []},
            {"id": "card", "controller": "A", "location": "spell_trap_zone", "card_type": "trap",
             "face_down": True, "effects": []},
        ],
        "attack": {"attacker": "att", "target": "tgt"},
    })


ATT, TGT, SPARE, CARD = 0, 1, 2, 3


# -- the custom effect types ---------------------------------------------------------------------------


def burn(amount: int) -> Any:
    def operation(ctx: Any, src: engine.Source, link: Any) -> None:
        actions.lose_lp(ctx, src.controller.opponent, amount, "effect_damage", "effect")
        actions.check_zero_lp(ctx)

    return operation


def halve_my_damage(ctx: Any, src: engine.Source) -> list[engine.DamageModifier]:
    return [engine.DamageModifier(engine.DamageStage.HALVE, player=src.controller)]


def no_damage_to_me(ctx: Any, src: engine.Source) -> list[engine.DamageModifier]:
    return [engine.DamageModifier(engine.DamageStage.ZERO, player=src.controller)]


def plus_500_in_damage_step(ctx: Any, src: engine.Source) -> list[engine.StatChange]:
    return [engine.StatChange(src.host, atk=500)]


def registry(burn_amount: int = 300) -> engine.Registry:
    reg = engine.default_registry()
    reg.register(engine.EffectType("test_burn", operation=burn(burn_amount)))
    reg.register(engine.EffectType("test_halve", hooks={engine.Hook.BATTLE_DAMAGE: halve_my_damage}))
    reg.register(engine.EffectType("test_no_damage", hooks={engine.Hook.BATTLE_DAMAGE: no_damage_to_me}))
    reg.register(engine.EffectType("test_pump", hooks={engine.Hook.STATS: plus_500_in_damage_step}))
    reg.register(engine.EffectType("test_never", condition=lambda ctx, src: False, operation=burn(1000)))
    return reg


BURN = engine.Effect("test_burn", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.BATTLE_DAMAGE_INFLICTED,
                     optional=False)
BURN_OPT = engine.Effect("test_burn", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.BATTLE_DAMAGE_INFLICTED,
                         optional=True)
HALVE = engine.Effect("test_halve", engine.EffectKind.CONTINUOUS)
NO_DAMAGE = engine.Effect("test_no_damage", engine.EffectKind.CONTINUOUS)


def duel_with(sc: engine.Scenario, reg: engine.Registry, effects: dict[int, tuple[engine.Effect, ...]],
              *, show: bool = False) -> engine.Duel:
    state = engine.state_from_scenario(sc)
    state.show_every_priority = show
    for i, effs in effects.items():
        state.cards[i].effects = effs  # before Duel(): the Duel indexes effects at construction
    return engine.Duel(state, reg)


def lp(duel: engine.Duel) -> tuple[int, int]:
    return duel.state.players[engine.Player.A].lp, duel.state.players[engine.Player.B].lp


def changes(duel: engine.Duel) -> list[tuple[str, int, str, W | None]]:
    return [(c.player.name, c.delta, c.kind, c.window) for c in duel.state.lp_changes]


# -- end to end ------------------------------------------------------------------------------------------


def test_battle_damage_trigger_burns_300_after_damage_calculation() -> None:
    # §2.2: 2000 vs 1500 ATK → B takes 500. §1.6: "when battle damage is inflicted" triggers go on the after-
    # damage-calculation chain.
    duel = duel_with(base(), registry(), {ATT: (BURN,)})
    assert duel.advance() is None  # mandatory single trigger: placed without a decision
    assert changes(duel) == [("B", -500, "battle_damage", W.DURING_DAMAGE_CALCULATION),
                             ("B", -300, "effect_damage", W.AFTER_DAMAGE_CALCULATION)]
    [rec] = duel.state.chains
    assert rec.window is W.AFTER_DAMAGE_CALCULATION and rec.links == ((ATT, engine.Player.A),)
    assert lp(duel) == (8000, 7200)


def test_optional_custom_trigger_is_offered_to_its_controller() -> None:
    duel = duel_with(base(), registry(), {ATT: (BURN_OPT,)})
    d = duel.advance()
    assert d is not None and d.kind is engine.DecisionKind.TRIGGER and d.player is engine.Player.A
    assert d.window is W.AFTER_DAMAGE_CALCULATION
    assert set(d.options) == {engine.Option(ATT, 0), engine.PASS}
    duel.decide(engine.PASS)
    duel.run(engine.PassAgent())
    assert lp(duel) == (8000, 7500)


def test_halving_continuous_effect_on_the_battle_damage_hook() -> None:
    # §2.6 stage 7: battle damage is halved. B's effect halves the damage B takes: 2000 − 1000 = 1000 → 500;
    # battle damage > 0 still inflicted, so the burn trigger activates (§1.5, §2.7).
    duel = duel_with(base(tgt_atk=1000), registry(), {ATT: (BURN,), TGT: (HALVE,)})
    duel.run(engine.PassAgent())
    assert duel.state.battle.battle_damage == (0, 500)
    assert lp(duel) == (8000, 8000 - 500 - 300)


def test_halving_applies_only_to_its_controller() -> None:
    # A's attacker loses: 1000 vs 2000 ATK → A takes 1000 (§2.2); B's halving is for damage B takes.
    duel = duel_with(base(att_atk=1000, tgt_atk=2000), registry(), {TGT: (HALVE,)})
    duel.run(engine.PassAgent())
    assert duel.state.battle.battle_damage == (1000, 0)
    assert duel.state.battle.destroyed == (ATT,)


def test_halving_applies_at_damage_calculation_even_if_its_card_is_destroyed() -> None:
    # §1.5(b): LP are subtracted (step 3) before destruction is determined (step 4), so B's halving on the
    # target still applies to the battle that destroys it: (3000 − 1000) / 2.
    duel = duel_with(base(att_atk=3000, tgt_atk=1000), registry(), {TGT: (HALVE,)})
    duel.run(engine.PassAgent())
    assert duel.state.battle.battle_damage == (0, 1000)


def test_zeroed_battle_damage_is_no_battle_damage_event() -> None:
    # §1.5: '"Battle damage inflicted" triggers only exist if a player actually lost LP as battle damage (> 0)'.
    duel = duel_with(base(), registry(), {ATT: (BURN,), TGT: (NO_DAMAGE,)})
    duel.run(engine.PassAgent())
    assert duel.state.battle.battle_damage_events == ()
    assert duel.state.chains == []
    assert lp(duel) == (8000, 8000)


def test_custom_trigger_condition_is_respected() -> None:
    never = engine.Effect("test_never", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.BATTLE_DAMAGE_INFLICTED)
    duel = duel_with(base(), registry(), {ATT: (never,)})
    duel.run(engine.PassAgent())
    assert duel.state.chains == []
    assert lp(duel) == (8000, 7500)


def test_custom_burn_can_end_the_duel() -> None:
    # §2.7: the Duel ends the moment LP reach 0: 700 − 500 battle − 300 burn.
    duel = duel_with(base(lp_b=700), registry(), {ATT: (BURN,)})
    duel.run(engine.PassAgent())
    assert duel.state.winner is engine.Player.A
    assert lp(duel) == (8000, 0)
    assert duel.state.phase is engine.Phase.DUEL_OVER


def test_custom_stats_hook_changes_the_values_compared() -> None:
    # §2.1: values are taken at damage calculation; a continuous +500 applies without a chain.
    pump = engine.Effect("test_pump", engine.EffectKind.CONTINUOUS)
    duel = duel_with(base(att_atk=1000, tgt_atk=1400), registry(), {ATT: (pump,)})
    duel.run(engine.PassAgent())
    assert duel.state.battle.values_compared == (1500, 1400)
    assert duel.state.battle.destroyed == (TGT,)


# -- a custom activated effect: cost, targets, Damage Step legality ---------------------------------------


def _snipe_type() -> engine.EffectType:
    def targets(ctx: Any, src: engine.Source) -> list[tuple[int, ...]]:
        return [(i,) for i, c in enumerate(ctx.state.cards)
                if c.location is engine.Location.MONSTER_ZONE and c.controller is src.controller.opponent
                and c.position is not engine.Position.SET]

    def cost_problem(ctx: Any, src: engine.Source) -> str | None:
        return None if ctx.state.players[src.controller].lp >= 1000 else "not enough LP"

    def pay(ctx: Any, src: engine.Source) -> None:
        actions.lose_lp(ctx, src.controller, 1000, "cost", "cost")

    def operation(ctx: Any, src: engine.Source, link: Any) -> None:
        for i, inst in zip(link.targets, link.target_instances, strict=True):
            card = ctx.state.cards[i]
            if card.instance == inst and card.location is engine.Location.MONSTER_ZONE:
                actions.destroy(ctx, i, "effect")

    return engine.EffectType("test_snipe", targets=targets, cost_problem=cost_problem, pay_cost=pay,
                             operation=operation)


def _snipe(rule: engine.DamageStepRule, **kw: Any) -> engine.Effect:
    return engine.Effect("test_snipe", engine.EffectKind.ACTIVATED, speed=2, optional=True,
                         activate_from=engine.Location.SPELL_TRAP_ZONE, damage_step=rule, **kw)


def test_custom_activated_effect_not_damage_step_legal_by_default() -> None:
    # §1.1: a destruction effect is none of the listed categories → refused, with a reason.
    reg = registry()
    reg.register(_snipe_type())
    duel = duel_with(base(), reg, {CARD: (_snipe(engine.DamageStepRule.AUTO),)}, show=True)
    d = duel.advance()
    assert d is not None and d.player is engine.Player.A and d.options == (engine.PASS,)
    with pytest.raises(engine.IllegalChoice) as err:
        duel.decide(engine.Option(CARD, 0, (TGT,)))
    assert str(err.value)


def test_custom_activated_effect_allowed_pays_cost_and_destroys_its_target() -> None:
    # Cost on activation (kind "cost"); the target leaves the field → no damage calculation (§1.8).
    reg = registry()
    reg.register(_snipe_type())
    duel = duel_with(base(), reg, {CARD: (_snipe(engine.DamageStepRule.ALLOWED),)})
    d = duel.advance()
    assert d is not None and d.window is W.START_OF_DAMAGE_STEP
    assert set(d.options) == {engine.Option(CARD, 0, (TGT,)), engine.Option(CARD, 0, (SPARE,)), engine.PASS}
    duel.decide(engine.Option(CARD, 0, (TGT,)))
    assert lp(duel) == (7000, 8000)
    duel.run(engine.PassAgent())
    assert changes(duel)[0] == ("A", -1000, "cost", W.START_OF_DAMAGE_STEP)
    assert duel.state.cards[TGT].location is engine.Location.GRAVEYARD
    assert not duel.state.battle.battled


@pytest.mark.parametrize(("window", "legal"), [(W.START_OF_DAMAGE_STEP, True),
                                               (W.BEFORE_DAMAGE_CALCULATION, True),
                                               (W.DURING_DAMAGE_CALCULATION, False)])
def test_custom_effect_flagged_as_changing_stats_follows_the_stat_change_rule(window: W, legal: bool) -> None:
    # §1.1 item 3: effects that directly change ATK/DEF only in start_of_ds and before_dc.
    reg = registry()
    reg.register(_snipe_type())
    duel = duel_with(base(), reg, {CARD: (_snipe(engine.DamageStepRule.AUTO, changes_stats=True),)}, show=True)
    while (d := duel.advance()) is not None:
        if d.window is window and d.player is engine.Player.A:
            assert (engine.Option(CARD, 0, (SPARE,)) in d.options) is legal
            assert (duel.why_illegal(engine.Option(CARD, 0, (SPARE,))) is None) is legal
            break
        duel.decide(engine.PASS)
    else:
        raise AssertionError("window never reached")


# -- registries are per duel ----------------------------------------------------------------------------


def test_two_duels_with_different_registries_do_not_interfere() -> None:
    sc = base()
    d1 = duel_with(sc, registry(300), {ATT: (BURN,)})
    d2 = duel_with(sc, registry(700), {ATT: (BURN,)})
    # interleave them one machine state at a time
    while not (d1.is_stopped and d2.is_stopped):
        for d in (d1, d2):
            if not d.is_stopped:
                d.step()
                if d.pending_decision is not None:
                    d.decide(engine.PassAgent().choose(d.pending_decision, d))
    assert lp(d1) == (8000, 8000 - 500 - 300)
    assert lp(d2) == (8000, 8000 - 500 - 700)
    d3 = engine.Duel(engine.state_from_scenario(sc))  # the default registry knows nothing of them
    d3.run(engine.PassAgent())
    assert lp(d3) == (8000, 7500)


def test_registries_are_independent_objects() -> None:
    r1, r2 = engine.default_registry(), engine.default_registry()
    r1.register(engine.EffectType("test_only_here"))
    assert "test_only_here" in r1 and "test_only_here" not in r2
    with pytest.raises(ValueError):
        r1.register(engine.EffectType("test_only_here"))
    with pytest.raises(KeyError):
        r2["test_only_here"]


def test_clone_keeps_the_registry_of_its_duel() -> None:
    d1 = duel_with(base(), registry(700), {ATT: (BURN,)})
    twin = d1.clone()
    twin.run(engine.PassAgent())
    assert lp(twin) == (8000, 8000 - 500 - 700)
    assert lp(d1) == (8000, 8000)


# -- effects the duel could not play are refused when it is built (issue 22 item 3) -------------------------


def test_an_unregistered_effect_type_is_refused_naming_the_card_and_the_type() -> None:
    with pytest.raises(engine.InvalidEffect, match=r"card 'att' .*effect 0: its type 'test_burn' is not in"):
        duel_with(base(), engine.default_registry(), {ATT: (BURN,)})
    with pytest.raises(engine.InvalidEffect, match="'mystic_tomato' is not in the duel's registry"):
        engine.Duel(engine.cards.place(engine.StateBuilder(), "mystic_tomato", "t", "B").build())
    # the library's own types, registered: accepted
    engine.Duel(engine.cards.place(engine.StateBuilder(), "mystic_tomato", "t", "B").build(), engine.cards.registry())


def test_hooks_on_an_effect_kind_never_asked_are_refused_naming_hook_and_kind() -> None:
    """Kunai with Chain written with its +500 as a hook of its activated effect's type: the hook would
    never be asked (only continuous effects are), so the duel refuses it instead of playing 1700 as 1400."""
    reg = registry()
    reg.register(engine.EffectType("test_kunai", hooks={engine.Hook.STATS: plus_500_in_damage_step},
                                   operation=lambda ctx, src, link: None))  # fmt: skip
    kunai = engine.Effect("test_kunai", engine.EffectKind.ACTIVATED, speed=2, optional=True)
    with pytest.raises(engine.InvalidEffect, match=r"card 'card' .*'test_kunai' answers the hook stats, which a "
                                                   r"activated effect is never asked"):  # fmt: skip
        duel_with(base(), reg, {CARD: (kunai,)})
    trig = engine.Effect("test_halve", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.BATTLE_DAMAGE_INFLICTED)
    with pytest.raises(engine.InvalidEffect, match="answers the hook battle_damage, which a trigger effect"):
        duel_with(base(), reg, {ATT: (trig,)})
    duel_with(base(), reg, {ATT: (HALVE,)})  # the same type on a continuous effect is what hooks are for


def test_an_invalid_effect_attached_later_is_refused_before_anything_changes() -> None:
    d = duel_with(base(), registry(), {})
    d.state.cards[ATT].effects = (engine.Effect("nowhere", engine.EffectKind.CONTINUOUS),)
    before = d.state.state_hash()
    for call in (d.advance, d.legal_attacks):
        with pytest.raises(engine.InvalidEffect, match="'nowhere' is not in"):
            call()
        assert d.state.state_hash() == before
    d.state.cards[ATT].effects = ()  # taken off again, the duel goes on
    d.run(engine.PassAgent())
    assert lp(d) == (8000, 7500)

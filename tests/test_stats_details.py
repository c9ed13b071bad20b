"""Details of the ATK/DEF layers (rules spec §S, docs/stat-layers.md) that tests/test_stat_layers.py leaves open:
DEF alike ATK, what a freezing value or an original change erases (and of which monster and stat only), the
original DEF, and modifiers on a monster that is not face-up on the field.

Expected values follow the rules text, not the engine's output:

* §S intro: "The ATK (and, alike, DEF) compared in §2.1 is computed in four layers": every ATK rule holds for DEF.
* §S.2 and [WIKI] (yugioh-wiki.net "ステータス", quoting the Perfect Rulebook): a freezing value erases the
  earlier *one-time* (lingering) changes for good, gains, losses and earlier freezing values alike; only
  continuous ones apply again when it ends.
* §S.1 and [GALE] (Blackwing - Gale the Whirlwind rulings, Gale then Shrink): a change of the original value
  erases the earlier lingering freezing values of that stat.
* scenario-format.md, "Relative stat operations": stat changes "act on face-up monsters only"; a face-down
  monster is not "a face-up monster".
"""

from __future__ import annotations

from typing import Any

import attrs
from test_stat_layers import CHANGE, M, atk, board, expire, halves, linger, registry

import engine
from engine import Lingering, OriginalChange, OriginalOp, StatChange, actions
from engine.rules.rounding import halved
from engine.rules.stats import current_stats, original_stats
from engine.state import write_card, write_effects, write_position

A, B = engine.Player.A, engine.Player.B
FOE = 1  # board(): monster 1 is B's, 1500 ATK / 0 DEF


def df(duel: engine.Duel, card: int = M) -> int:
    return current_stats(duel.ctx, card)[1]


def halves_def(duel: engine.Duel, until: str = "end_of_turn") -> None:
    """Half Shut / Gale on DEF: its DEF becomes half its current DEF (a freezing value, §S.2)."""
    linger(duel, until, set_def=halved(df(duel)))


# -- a freezing value erases earlier lingering changes (§S.2, [WIKI]) -----------------------------------------------


def test_freezing_def_erases_an_earlier_lingering_def_gain_for_good() -> None:
    # DEF 1000 + 500 (one-time) = 1500; halved during damage calculation: 750; when the halving ends the gain it
    # overwrote does not come back: 1000.
    duel = board(1900, 1000)
    linger(duel, def_=500)
    assert df(duel) == 1500
    halves_def(duel, until="damage_calculation")
    assert df(duel) == 750
    expire(duel, "damage_calculation")
    assert df(duel) == 1000


def test_freezing_atk_erases_an_earlier_lingering_freezing_atk_value() -> None:
    # Gale halves (1900 -> 950, for the rest of the turn); a second freezing value during damage calculation
    # (Bujingi Crane style, "becomes 3800"): 3800; when it ends, Gale's one-time value was overwritten for good:
    # the original 1900, not 950.
    duel = board(1900)
    halves(duel)
    assert atk(duel) == 950
    linger(duel, "damage_calculation", set_atk=3800)
    assert atk(duel) == 3800
    expire(duel, "damage_calculation")
    assert atk(duel) == 1900


def test_freezing_def_erases_an_earlier_lingering_freezing_def_value() -> None:
    # The same on DEF: 1000 halved (500), then DEF becomes 2000 during damage calculation; afterwards 1000.
    duel = board(1900, 1000)
    halves_def(duel)
    assert df(duel) == 500
    linger(duel, "damage_calculation", set_def=2000)
    assert df(duel) == 2000
    expire(duel, "damage_calculation")
    assert df(duel) == 1000


def test_a_freezing_atk_value_leaves_the_def_changes_alone() -> None:
    # A freezing value erases earlier changes "of that stat" only: halving ATK keeps the DEF gain and the DEF's own
    # freezing value. DEF 1000 + 300 = 1300, halved: 650; ATK 1900 halved: 950; DEF still 650.
    duel = board(1900, 1000)
    linger(duel, def_=300)
    halves_def(duel)
    assert df(duel) == 650
    halves(duel)
    assert (atk(duel), df(duel)) == (950, 650)


def test_an_original_atk_change_leaves_a_freezing_def_value_alone() -> None:
    # Shrink halves the original ATK (950); the DEF halved before it stays halved (500): a change of the original
    # ATK erases earlier freezing values of the ATK only (§S.1).
    duel = board(1900, 1000)
    halves_def(duel)
    linger(duel, original_atk=OriginalChange(OriginalOp.HALVE))
    assert (atk(duel), df(duel)) == (950, 500)


def test_freezing_value_leaves_other_monsters_changes_alone() -> None:
    # The opponent's monster gained 500 ATK and 200 DEF (one-time) before our monster was halved: theirs stays
    # 2000 / 200, ours is halved (950).
    duel = board(1900)
    actions.add_lingering(duel.ctx, Lingering(CHANGE, B, FOE, duel.state.cards[FOE].instance, "end_of_turn",
                                              atk=500, def_=200))
    halves(duel)
    halves_def(duel)
    assert current_stats(duel.ctx, FOE) == (2000, 200)
    assert atk(duel) == 950


# -- the original DEF (§S.1) -------------------------------------------------------------------------------------


def test_original_def_halved_under_a_gain_and_after_a_freezing_value() -> None:
    # [GALE] on DEF: DEF 1000 + 200 = 1200, halved by Gale: 600; Shrink-like halving of the original DEF: 500
    # (Gale's value is erased, the gain was already erased by it); when the halving of the original ends: 1000.
    duel = board(1900, 1000)
    linger(duel, "never", def_=200)
    linger(duel, "never", set_def=halved(df(duel)))
    assert df(duel) == 600
    linger(duel, original_def=OriginalChange(OriginalOp.HALVE))
    assert df(duel) == 500
    expire(duel, "end_of_turn")
    assert df(duel) == 1000


def test_original_def_reads_the_changes_of_the_original_def() -> None:
    # "Its original DEF" is layer 1 of the DEF: halved by a Shrink-like effect (1001 -> 501, rounded up, §S.6);
    # a change of the original ATK and gains do not change it.
    duel = board(1900, 1001)
    linger(duel, atk=400, def_=400)
    assert original_stats(duel.ctx, M) == (1900, 1001)
    linger(duel, original_atk=OriginalChange(OriginalOp.DOUBLE))
    assert original_stats(duel.ctx, M) == (3800, 1001)
    linger(duel, original_def=OriginalChange(OriginalOp.HALVE))
    assert original_stats(duel.ctx, M) == (3800, 501)


def test_original_def_set_by_a_continuous_effect() -> None:
    # A monster's own "its original DEF becomes 2500" (a continuous original change, §S.1) with a continuous
    # "its ATK becomes 3000" (non-freezing, §S.3): the original DEF is 2500, the original ATK still the printed one.
    def own(ctx: Any, src: engine.Source) -> list[StatChange]:
        return [StatChange(src.host, original_def=OriginalChange(OriginalOp.BECOMES, 2500), set_atk=3000)]

    reg = registry()
    reg.register(engine.EffectType("own_original_def", hooks={engine.Hook.STATS: own}))
    state = board(1900, 1000).state
    write_effects(state, M, (engine.Effect("own_original_def", engine.EffectKind.CONTINUOUS),))
    duel = engine.Duel(state, reg)
    assert original_stats(duel.ctx, M) == (1900, 2500)
    assert current_stats(duel.ctx, M) == (3000, 2500)


# -- only face-up monsters on the field are modified (scenario-format.md) -------------------------------------------


def test_a_face_down_monster_keeps_its_printed_values() -> None:
    # A continuous "+1000 ATK / +1000 DEF to every monster" does not change a face-down Defense Position monster:
    # its ATK/DEF are the printed 1200 / 1300 (it is not "a face-up monster"); once face-up it gets the gain.
    def everyone(ctx: Any, src: engine.Source) -> list[StatChange]:
        return [StatChange(i, atk=1000, def_=1000) for i in range(len(ctx.state.cards))]

    reg = registry()
    reg.register(engine.EffectType("everyone_plus_1000", hooks={engine.Hook.STATS: everyone}))
    state = board(1900).state
    write_position(state, FOE, engine.Position.SET)
    write_card(state, FOE, attrs.evolve(state.cards[FOE], base_atk=1200, base_def=1300))
    write_effects(state, M, (engine.Effect("everyone_plus_1000", engine.EffectKind.CONTINUOUS),))
    duel = engine.Duel(state, reg)
    assert current_stats(duel.ctx, FOE) == (1200, 1300)
    assert original_stats(duel.ctx, FOE) == (1200, 1300)
    assert current_stats(duel.ctx, M) == (2900, 1000)
    write_position(duel.state, FOE, engine.Position.DEFENSE)
    assert current_stats(duel.ctx, FOE) == (2200, 2300)


def test_of_two_non_freezing_values_the_later_one_applies() -> None:
    # §S.3 with §S.4's order of application: a continuous "ATK becomes 3000" applying first, then a second one,
    # "ATK becomes 1000", from an Equip that starts applying later: the later one replaces the earlier as the
    # starting value, 1000 (not the larger 3000); a later lingering gain of 500 adds on top: 1500.
    def becomes(value: int) -> Any:
        def handler(ctx: Any, src: engine.Source) -> list[StatChange]:
            return [StatChange(src.host, set_atk=value)]

        return handler

    reg = registry()
    reg.register(engine.EffectType("becomes_3000", hooks={engine.Hook.STATS: becomes(3000)}))
    reg.register(engine.EffectType("becomes_1000", hooks={engine.Hook.STATS: becomes(1000)}))
    state = board(1900).state
    write_effects(state, M, (engine.Effect("becomes_3000", engine.EffectKind.CONTINUOUS),))
    duel = engine.Duel(state, reg)
    engine.rules.stats.note_applying(duel.ctx)  # the engine records it at its next state change
    assert atk(duel) == 3000
    state = duel.state.clone()  # the Equip is equipped now: a new duel over the same state with the card added
    engine.state.write_added(state, engine.state.Card(
        "eq", "Equip", A, A, engine.Location.SPELL_TRAP_ZONE, engine.state.CardType.SPELL, 0, 0, None, False,
        False, (engine.Effect("becomes_1000", engine.EffectKind.CONTINUOUS),), equipped_to=M))
    duel = engine.Duel(state, reg)
    assert atk(duel) == 1000
    linger(duel, atk=500)
    assert atk(duel) == 1500


def test_a_continuous_gain_that_applies_again_counts_from_then() -> None:
    # §S.7: a continuous modification's place in the order of application is dropped once it no longer applies,
    # so one that applies again counts from then; §S.2: a gain applied after a freezing value adds on top of it.
    # B's monster (1500) gains 1000 while B has less than 8000 LP; it stops (B back at 8000), B's monster is halved
    # (a freezing value: 750), then the gain applies again: after the halving, so 750 + 1000 = 1750.
    def while_hurt(ctx: Any, src: engine.Source) -> list[StatChange]:
        return [StatChange(FOE, atk=1000)] if ctx.state.players[B].lp < 8000 else []

    reg = registry()
    reg.register(engine.EffectType("while_hurt", hooks={engine.Hook.STATS: while_hurt}))
    state = board(1900).state
    write_effects(state, M, (engine.Effect("while_hurt", engine.EffectKind.CONTINUOUS),))
    write_card(state, FOE, attrs.evolve(state.cards[FOE], instance=7))  # it has moved before (not an index)
    duel = engine.Duel(state, reg)
    actions.lose_lp(duel.ctx, B, 1000, "effect", "effect")
    actions.gain_lp(duel.ctx, B, 100, "effect")  # a state change while it applies: its order is recorded
    assert current_stats(duel.ctx, FOE)[0] == 2500
    actions.gain_lp(duel.ctx, B, 900, "effect")
    actions.gain_lp(duel.ctx, B, 100, "effect")  # a state change while it does not apply
    assert current_stats(duel.ctx, FOE)[0] == 1500
    actions.add_lingering(duel.ctx, Lingering(CHANGE, A, FOE, duel.state.cards[FOE].instance, "end_of_turn",
                                              set_atk=halved(current_stats(duel.ctx, FOE)[0])))
    assert current_stats(duel.ctx, FOE)[0] == 750
    actions.lose_lp(duel.ctx, B, 1000, "effect", "effect")
    actions.gain_lp(duel.ctx, B, 100, "effect")
    assert current_stats(duel.ctx, FOE)[0] == 1750

"""The official ATK/DEF modification layers (rules spec §S, docs/stat-layers.md), through the public
effect API: resolved effects as `engine.Lingering` values added with `engine.actions.add_lingering`
(what a card's operation does), continuous ones as `Hook.STATS` handlers answering `StatChange`s.

Every expected value is a published ruling's number; each test names its source:

* [PRB] OCG Perfect Rulebook, ATK/DEF modification table, as quoted in issue 12 (Gemini Elf, Axe of
  Despair, Rush Recklessly, Half Shut).
* [GALE] Blackwing - Gale the Whirlwind OCG rulings (mirrored from the Yugipedia/Yu-Gi-Oh! wikia
  rulings page): http://unknown-persona.blogspot.com/2009/02/bf-gale-of-hurricane-rulings.html
* [AXE] Axe of Despair rulings, "Mentions in other rulings: Blackwing - Gale the Whirlwind":
  http://yugioh.pl/karta/Axe_of_Despair and https://yugipedia.com/wiki/Card_Rulings:Axe_of_Despair
* [CRANE] Bujingi Crane vs ATK modifiers (Bujin Yamato, 1800):
  http://teamhordesofdarkness.virtuaboard.com/t588-bujingi-crane-bujin-habakiri-vs-attack-modifiers
* [WIKI] yugioh-wiki.net "ステータス" (quoting the Perfect Rulebook): a set value that overwrote earlier
  changes does not bring back one-time changes when it ends, only continuous ones:
  https://yugioh-wiki.net:443/index.php?cmd=backup&page=%A5%B9%A5%C6%A1%BC%A5%BF%A5%B9&age=19
* [SHRINK-FAQ] Konami OCG FAQ on Shrink and Apollousa (original ATK 3200, -2400, then Shrink -> 0):
  https://ygocdb.com/card/55713623
* [EDISON] Shrink rulings (halve the original ATK, then re-apply gains; a second Shrink does not halve
  again): https://edisonformat.net/card?name=Shrink
* [MEGAMORPH] Megamorph rulings, "Mentions in other rulings: Black Garden":
  http://yugioh.wikia.com/wiki/Card_Rulings:Megamorph
* [ARCANA] Arcana Force I - The Magician (1100 -> 2200, never 4400):
  https://yugioh-wiki.net:443/index.php?cmd=backup&page=%A1%D4%A5%A2%A5%EB%A5%AB%A5%CA%A5%D5%A5%A9%A1%BC%A5%B9%A3%C9%A1%DD%A3%D4%A3%C8%A3%C5%20%A3%CD%A3%C1%A3%C7%A3%C9%A3%C3%A3%C9%A3%C1%A3%CE%A1%D5&age=20
* [NEG1] Forbidden Lance then Honest on Aromage Jasmine (100 ATK): 100 - 800 + 1000 = 300:
  https://yugioh-hack.com/?p=1685
* [NEG2] Live Dress Creator (1200) loses 1500 then gains 500: 200: https://kagamidori-yugiohblog.com/rd-rule10
* [ROUND] Official OCG FAQ (Dinomorphia Intact): half of 63 is 32, a fraction is rounded (四捨五入):
  https://ygocdb.com/faq/23944; the same for ATK/DEF: yugioh-wiki.net "ステータス"
  https://yugioh-wiki.net/index.php?%A5%B9%A5%C6%A1%BC%A5%BF%A5%B9
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from conftest import RULES_DIR, load_jsonl, mismatches, run

import engine
from engine import Lingering, OriginalChange, OriginalOp, StatChange, actions
from engine.library.targets import STAT_OPS
from engine.rules.rounding import halved
from engine.rules.stats import current_stats, original_stats
from engine.state import write_effects, write_stat_since

A, B = engine.Player.A, engine.Player.B
CHANGE = engine.Effect("change_stats", engine.EffectKind.CONTINUOUS)  # a resolved stat change, as data


# -- the board -------------------------------------------------------------------------------------------------


def plus(amount: int, key: str = "atk") -> Any:
    """A continuous gain/loss of `amount` for the monster this card equips (Axe of Despair, Black Pendant)."""

    def handler(ctx: Any, src: engine.Source) -> list[StatChange]:
        return [StatChange(src.host, **{key: amount})]

    return handler


def double_original(ctx: Any, src: engine.Source) -> list[StatChange]:
    """Megamorph with its controller's LP lower: the original ATK of the equipped monster is doubled."""
    return [StatChange(src.host, original_atk=OriginalChange(OriginalOp.DOUBLE))]


def becomes_double_original(ctx: Any, src: engine.Source) -> list[StatChange]:
    """Arcana Force I (heads): its ATK becomes double its original ATK -- re-evaluated, not freezing. (A STATS
    handler reads printed values: reading stats from inside one would ask itself again.)"""
    return [StatChange(src.host, set_atk=2 * ctx.card(src.host).base_atk)]


def original_becomes(value: int) -> Any:
    """A monster's own "its original ATK becomes X" (Apollousa: 800 x its Link Materials)."""

    def handler(ctx: Any, src: engine.Source) -> list[StatChange]:
        return [StatChange(src.host, original_atk=OriginalChange(OriginalOp.BECOMES, value))]

    return handler


def registry() -> engine.Registry:
    reg = engine.default_registry()
    reg.register(engine.EffectType("axe_of_despair", hooks={engine.Hook.STATS: plus(1000)}))
    reg.register(engine.EffectType("black_pendant", hooks={engine.Hook.STATS: plus(500)}))
    reg.register(engine.EffectType("fire_formation_tenki", hooks={engine.Hook.STATS: plus(100)}))
    reg.register(engine.EffectType("megamorph", hooks={engine.Hook.STATS: double_original}))
    reg.register(engine.EffectType("arcana_force_i", hooks={engine.Hook.STATS: becomes_double_original}))
    reg.register(engine.EffectType("apollousa", hooks={engine.Hook.STATS: original_becomes(3200)}))
    return reg


def board(atk: int, df: int = 0, *, equips: tuple[str, ...] = (), own: tuple[str, ...] = ()) -> engine.Duel:
    """Monster 0 (A's, `atk`/`df`) with its own continuous effects `own`, equipped with one Equip Spell per
    name in `equips` (cards 2, 3, ...); monster 1 is B's."""
    cards: list[dict[str, Any]] = [
        {"id": "m", "controller": "A", "atk": atk, "def": df, "position": "attack", "effects": []},
        {"id": "foe", "controller": "B", "atk": 1500, "def": 0, "position": "attack", "effects": []},
    ]
    cards += [{"id": f"eq{k}", "controller": "A", "location": "spell_trap_zone", "card_type": "spell",
               "equipped_to": "m", "effects": []} for k in range(len(equips))]
    state = engine.state_from_scenario(engine.parse_scenario({
        "format": "damage-step-scenario/1", "id": "layers", "cards": cards,
        "attack": {"attacker": "m", "target": "foe"},
    }))
    write_effects(state, 0, tuple(engine.Effect(name, engine.EffectKind.CONTINUOUS) for name in own))
    for k, name in enumerate(equips):
        write_effects(state, 2 + k, (engine.Effect(name, engine.EffectKind.CONTINUOUS),))
    return engine.Duel(state, registry())


M = 0


def atk(duel: engine.Duel) -> int:
    return current_stats(duel.ctx, M)[0]


# What resolved effects do (each card's operation, written as a card script would) ----------------------------


def linger(duel: engine.Duel, until: str = "end_of_turn", **stat: Any) -> None:
    actions.add_lingering(duel.ctx, Lingering(CHANGE, A, M, duel.state.cards[M].instance, until, **stat))


def gains(duel: engine.Duel, amount: int, until: str = "end_of_turn") -> None:
    """Rush Recklessly (+700), Forbidden Lance (-800), Honest (+ the opponent's ATK): a lingering gain/loss."""
    linger(duel, until, atk=amount)


def halves(duel: engine.Duel, until: str = "end_of_turn") -> None:
    """Half Shut, Blackwing - Gale the Whirlwind, Black Garden: its ATK becomes half its current ATK."""
    linger(duel, until, set_atk=halved(atk(duel)))


def crane(duel: engine.Duel) -> None:
    """Bujingi Crane: its ATK becomes double its original ATK during that damage calculation only."""
    linger(duel, "damage_calculation", set_atk=2 * original_stats(duel.ctx, M)[0])


def shrink(duel: engine.Duel) -> None:
    """Shrink: its original ATK is halved until the end of this turn."""
    linger(duel, original_atk=OriginalChange(OriginalOp.HALVE))


def expire(duel: engine.Duel, until: str) -> None:
    actions.expire_lingering(duel.ctx, until)


def remove_equip(duel: engine.Duel, k: int = 0) -> None:
    actions.send_to_graveyard(duel.ctx, 2 + k, "effect", detail="destroyed")


# -- the two rulebook examples (issue 12) -------------------------------------------------------------------------


def test_half_shut_over_axe_of_despair_is_half_the_total() -> None:
    # [PRB]: Gemini Elf 1900 equipped with Axe of Despair, then Half Shut: (1900 + 1000) / 2 = 1450, and the
    # Axe's +1000 is not applied again while the halving lasts.
    duel = board(1900, equips=("axe_of_despair",))
    assert atk(duel) == 2900
    halves(duel)
    assert atk(duel) == 1450


def test_half_shut_over_rush_recklessly_is_half_the_total() -> None:
    # [PRB]: Gemini Elf 1900, Rush Recklessly (+700) then Half Shut: (1900 + 700) / 2 = 1300.
    duel = board(1900)
    gains(duel, 700)
    halves(duel)
    assert atk(duel) == 1300


def test_half_shut_over_axe_decides_the_battle() -> None:
    # [PRB] in a full Damage Step: the halved Gemini Elf (1450) attacks a 1500 ATK monster and loses: A takes
    # 50 (§2.2). B activates Half Shut (speed 2, a direct ATK change: legal until damage calculation, §1.1).
    def half_shut(ctx: Any, src: engine.Source, link: Any) -> None:
        (t,) = link.targets
        a = current_stats(ctx, t)[0]
        actions.add_lingering(ctx, Lingering(CHANGE, src.controller, t, ctx.card(t).instance, "end_of_turn",
                                             set_atk=halved(a)))

    reg = registry()
    reg.register(engine.EffectType("half_shut", targets=lambda ctx, src: [(ctx.state.battle.attacker,)],
                                   operation=half_shut))
    duel = board(1900, equips=("axe_of_despair",))
    state = duel.state.clone()
    engine.state.write_added(state, engine.state.Card(
        "hs", "Half Shut", B, B, engine.Location.SPELL_TRAP_ZONE, engine.state.CardType.SPELL, 0, 0, None, True, False,
        (engine.Effect("half_shut", engine.EffectKind.ACTIVATED, speed=2, optional=True, changes_stats=True,
                       activate_from=engine.Location.SPELL_TRAP_ZONE),)))
    state.show_every_priority = True
    duel = engine.Duel(state, reg)
    hs = len(state.cards) - 1
    used = False
    while (d := duel.advance()) is not None:
        mine = [o for o in d.options if o.card == hs]
        if d.player is B and mine and not used:
            duel.decide(mine[0])
            used = True
        else:
            duel.decide(engine.PASS)
    assert used
    assert duel.state.battle.values_compared == (1450, 1500)
    assert duel.state.players[A].lp == 8000 - 50


# -- each layer alone ---------------------------------------------------------------------------------------------


def test_original_atk_halved_alone() -> None:
    # [EDISON], [SHRINK-FAQ]: Shrink halves the original ATK: Gemini Elf 1900 -> 950.
    duel = board(1900)
    shrink(duel)
    assert atk(duel) == 950 and original_stats(duel.ctx, M)[0] == 950


def test_original_atk_doubled_by_a_continuous_effect_alone() -> None:
    # [MEGAMORPH]: Megamorph (controller's LP lower) doubles the original ATK: 1900 -> 3800; gone with the card.
    duel = board(1900, equips=("megamorph",))
    assert atk(duel) == 3800
    remove_equip(duel)
    assert atk(duel) == 1900


def test_freezing_halving_alone() -> None:
    # [GALE]: Gale halves Sangan (1000): 500.
    duel = board(1000)
    halves(duel)
    assert atk(duel) == 500


def test_non_freezing_set_alone_is_reevaluated_not_compounded() -> None:
    # [ARCANA]: Arcana Force I's ATK becomes double its original ATK: 1100 -> 2200, and stays 2200 (never 4400)
    # however often it is read or re-applied.
    duel = board(1100, own=("arcana_force_i",))
    assert atk(duel) == 2200
    assert atk(duel) == 2200


def test_lingering_gain_alone() -> None:
    # [PRB]: Rush Recklessly on Gemini Elf: 1900 + 700 = 2600.
    duel = board(1900)
    gains(duel, 700)
    assert atk(duel) == 2600


# -- freezing values and what was applied before and after them ---------------------------------------------------


def test_freezing_over_a_continuous_gain_stays_when_the_equip_leaves() -> None:
    # [GALE], [AXE]: Sangan with Black Pendant (1500), halved by Gale: 750; Black Pendant then leaves the field:
    # still 750 (the Pendant's +500 is not applied again, nor taken away).
    duel = board(1000, equips=("black_pendant",))
    assert atk(duel) == 1500
    halves(duel)
    assert atk(duel) == 750
    remove_equip(duel)
    assert atk(duel) == 750


def test_freezing_over_axe_stays_when_axe_leaves() -> None:
    # [AXE]: a 1000 ATK monster gains 1000 from Axe of Despair and is halved by Gale: 1000; it stays 1000 when the
    # Axe is destroyed.
    duel = board(1000, equips=("axe_of_despair",))
    halves(duel)
    assert atk(duel) == 1000
    remove_equip(duel)
    assert atk(duel) == 1000


def test_freezing_over_a_lingering_gain_stays_when_the_gain_expires() -> None:
    # [GALE]: Sangan under Rush Recklessly (1700) halved by Gale: 850; in the End Phase, when Rush Recklessly no
    # longer applies, Sangan still has 850.
    duel = board(1000)
    gains(duel, 700)
    halves(duel, until="never")  # Gale's halving lasts while the monster is face-up
    assert atk(duel) == 850
    expire(duel, "end_of_turn")
    assert atk(duel) == 850


def test_freezing_then_a_later_gain_adds_on_top() -> None:
    # [GALE]: Rush Recklessly on a Sangan halved by Gale (500): 1200.
    duel = board(1000)
    halves(duel)
    gains(duel, 700)
    assert atk(duel) == 1200


def test_freezing_twice_halves_the_halved_value() -> None:
    # [GALE]: a Sangan halved by Gale (500) halved a second time: 250.
    duel = board(1000)
    halves(duel)
    halves(duel)
    assert atk(duel) == 250


def test_freezing_effect_ending_brings_back_earlier_continuous_gains() -> None:
    # [CRANE], [WIKI]: Bujin Yamato (1800) with Fire Formation - Tenki (+100): 1900; Bujingi Crane during damage
    # calculation: 3600; when it ends: 1900 again.
    duel = board(1800, equips=("fire_formation_tenki",))
    assert atk(duel) == 1900
    crane(duel)
    assert atk(duel) == 3600
    expire(duel, "damage_calculation")
    assert atk(duel) == 1900


def test_freezing_effect_ending_brings_back_the_axe() -> None:
    # [CRANE]: Yamato with Axe of Despair: 2800; with Crane 3600; after damage calculation 2800 (1800 + 1000).
    duel = board(1800, equips=("axe_of_despair",))
    crane(duel)
    assert atk(duel) == 3600
    expire(duel, "damage_calculation")
    assert atk(duel) == 2800


def test_freezing_effect_ending_does_not_bring_back_earlier_lingering_losses() -> None:
    # [CRANE], [WIKI]: Yamato under Forbidden Lance (-800): 1000; Crane: 3600; after damage calculation 1800 --
    # the Lance's -800 no longer exists, the freezing value erased it.
    duel = board(1800)
    gains(duel, -800)
    assert atk(duel) == 1000
    crane(duel)
    assert atk(duel) == 3600
    expire(duel, "damage_calculation")
    assert atk(duel) == 1800


def test_gain_applied_after_the_freezing_effect_outlives_it() -> None:
    # [CRANE]: Honest as chain link 1, Crane as chain link 2: Crane resolves first (3600), then Honest adds the
    # opponent's ATK (1500 here): 5100; after damage calculation Yamato has 1800 + Honest's boost = 3300.
    duel = board(1800)
    crane(duel)
    gains(duel, 1500)
    assert atk(duel) == 5100
    expire(duel, "damage_calculation")
    assert atk(duel) == 3300


def test_gain_applied_before_the_freezing_effect_is_erased() -> None:
    # [CRANE]: Crane as chain link 1, Honest as chain link 2: Honest resolves first, then Crane makes it 3600;
    # after damage calculation Yamato goes back to 1800.
    duel = board(1800)
    gains(duel, 1500)
    crane(duel)
    assert atk(duel) == 3600
    expire(duel, "damage_calculation")
    assert atk(duel) == 1800


# -- changes of the original ATK under other modifications ----------------------------------------------------


def test_original_halved_under_a_lingering_gain() -> None:
    # [EDISON]: Shrink vs Rush Recklessly: halve the original ATK, then re-apply the gain: 1900 / 2 + 700 = 1650.
    duel = board(1900)
    gains(duel, 700)
    shrink(duel)
    assert atk(duel) == 1650


def test_original_halved_under_an_equip() -> None:
    # [EDISON]: Shrink vs Equip Spells: halve the original ATK, then apply the Equip: 950 + 1000 = 1950.
    duel = board(1900, equips=("axe_of_despair",))
    shrink(duel)
    assert atk(duel) == 1950


def test_original_set_by_own_effect_halved_under_losses() -> None:
    # [SHRINK-FAQ]: Apollousa (original ATK 3200 from its own effect) has lost 2400; Shrink halves the original to
    # 1600, the -2400 applies on top: 0.
    duel = board(0, own=("apollousa",))
    assert atk(duel) == 3200
    gains(duel, -2400)
    assert atk(duel) == 800
    shrink(duel)
    assert original_stats(duel.ctx, M)[0] == 1600
    assert atk(duel) == 0


def test_second_shrink_does_not_halve_again() -> None:
    # [EDISON]: applying a second Shrink will not halve the ATK again: 1900 -> 950, not 475.
    duel = board(1900)
    shrink(duel)
    shrink(duel)
    assert atk(duel) == 950


def test_original_change_after_a_freezing_effect_erases_it() -> None:
    # [GALE]: a monster halved by Gale and then targeted by Shrink has half its original ATK; when Shrink stops
    # applying in the End Phase, its ATK is its original ATK (Gale's halving does not come back).
    duel = board(1900)
    gains(duel, 300, until="never")  # 2200: Gale's halving is then 1100, not half the original
    halves(duel, until="never")
    assert atk(duel) == 1100
    shrink(duel)
    assert atk(duel) == 950
    expire(duel, "end_of_turn")
    assert atk(duel) == 1900


def test_continuous_original_change_masks_a_freezing_value_while_it_applies() -> None:
    # [MEGAMORPH]: a monster halved by Black Garden, then equipped with Megamorph: double its original ATK; when
    # Megamorph leaves, its ATK returns to the halved value.
    duel = board(1900)
    halves(duel, until="never")
    assert atk(duel) == 950
    state = duel.state.clone()  # Megamorph is equipped now: a new duel over the same state with the card added
    engine.state.write_added(state, engine.state.Card(
        "mm", "Megamorph", A, A, engine.Location.SPELL_TRAP_ZONE, engine.state.CardType.SPELL, 0, 0, None, False,
        False, (engine.Effect("megamorph", engine.EffectKind.CONTINUOUS),), equipped_to=M))
    duel = engine.Duel(state, registry())
    assert atk(duel) == 3800
    actions.send_to_graveyard(duel.ctx, len(state.cards) - 1, "effect", detail="destroyed")
    assert atk(duel) == 950


# -- negative intermediate values ---------------------------------------------------------------------------------


def test_negative_running_value_is_remembered() -> None:
    # [NEG1]: Aromage Jasmine (100) under Forbidden Lance (-800) shows 0; Honest then adds 1000: 300, not 1000.
    duel = board(100)
    gains(duel, -800)
    assert atk(duel) == 0
    gains(duel, 1000)
    assert atk(duel) == 300


def test_negative_running_value_with_a_smaller_gain() -> None:
    # [NEG2]: Live Dress Creator (1200) loses 1500: 0; then gains 500: 200.
    duel = board(1200)
    gains(duel, -1500)
    assert atk(duel) == 0
    gains(duel, 500)
    assert atk(duel) == 200


# -- rounding (§S.6) -----------------------------------------------------------------------------------------------


def test_halving_an_odd_value_rounds_up() -> None:
    # [ROUND]: half of 63 is 32; 1001 halved is 501.
    assert halved(63) == 32 and halved(1001) == 501 and halved(1000) == 500 and halved(0) == 0


def test_halving_an_odd_atk_rounds_up() -> None:
    # [ROUND]: a 1005 ATK monster halved by Half Shut has 503 ATK; Shrink on a 1005 printed ATK gives 503 too.
    duel = board(1005)
    halves(duel)
    assert atk(duel) == 503
    duel = board(1005)
    shrink(duel)
    assert atk(duel) == 503


# -- the order of application is plain data ------------------------------------------------------------------------


def test_state_with_layers_clones_and_pickles() -> None:
    # The order of application lives in the state: a clone and a pickled copy compute the same ATK, and a change
    # to the clone leaves the original alone.
    duel = board(1900, equips=("axe_of_despair",))
    gains(duel, 700)
    halves(duel)
    copy = duel.state.clone()
    write_stat_since(copy, {})
    assert duel.state.stat_since  # the Axe's order of application is still recorded in the original
    again = pickle.loads(pickle.dumps(duel.state))
    assert atk(engine.Duel(again, registry())) == atk(duel) == 1800


# -- the scenario format's relative stat ops: tests/rules/stat-layer-cases.jsonl -----------------------------------

LAYER_CASES = load_jsonl(RULES_DIR / "stat-layer-cases.jsonl")


def test_every_stat_op_has_a_sourced_case() -> None:
    used = {op["op"] for r in LAYER_CASES for c in r["scenario"]["cards"] for e in c["effects"]
            for op in e.get("does", ())}
    assert STAT_OPS - {"change_stats"} <= used
    assert all(r["source"]["sources"] for r in LAYER_CASES)


@pytest.mark.parametrize("record", LAYER_CASES, ids=[r["scenario"]["id"] for r in LAYER_CASES])
def test_stat_layer_case(record: dict[str, Any]) -> None:
    fast = run(record["scenario"], "fast")
    assert mismatches(record["expected"], fast) == []
    assert fast["refused"] == []
    assert run(record["scenario"], "transitions") == fast


def test_continuous_original_change_applying_before_shrink_is_overridden_by_it() -> None:
    # [MEGAMORPH] (of two original-ATK changes, the one applied most recently applies): Megamorph was already
    # doubling the original ATK when Shrink resolved, so Shrink applies: 950 -- even though nothing had read the
    # monster's ATK since Megamorph started applying.
    duel = board(1900, equips=("megamorph",))
    shrink(duel)
    assert atk(duel) == 950


def test_reading_stats_never_changes_the_state() -> None:
    # Looking must not change what is looked at (a debugger, a viewer and a result read ATK/DEF at will): the order
    # of application of a continuous modification is recorded when the state changes, not when ATK is read.
    duel = board(1900, equips=("axe_of_despair",))
    before = duel.state.state_hash()
    for i in range(len(duel.state.cards)):
        current_stats(duel.ctx, i)
        original_stats(duel.ctx, i)
    assert duel.state.state_hash() == before
    assert atk(duel) == 2900 and duel.state.state_hash() == before  # Axe of Despair: +1000


def test_turning_a_monster_face_down_removes_its_lingering_changes() -> None:
    # Book of Moon rulings (edisonformat.net, "Book of Moon"; mikamika.de/tengu/book-of-moon): "Flipping a monster
    # face-down will remove most Lingering Effects from it (except change control effects), e.g. ATK changes from
    # Shrink, Gale, or Card Trooper". A 1900 ATK monster given +700 (Rush Recklessly), Set, then face-up again: 1900.
    duel = board(1900)
    gains(duel, 700)
    assert atk(duel) == 2600
    actions.change_position(duel.ctx, M, engine.Position.SET, "effect")
    assert atk(duel) == 1900 and duel.state.lingering == ()
    assert duel.state.log[-1].type is engine.EventType.EXPIRED and duel.state.log[-1].rule == "face_down_reset"
    actions.change_position(duel.ctx, M, engine.Position.ATTACK, "effect")
    assert atk(duel) == 1900
    # Another monster's lingering change is not touched.
    other = board(1900)
    gains(other, 700)
    actions.change_position(other.ctx, 1, engine.Position.SET, "effect")
    assert atk(other) == 2600

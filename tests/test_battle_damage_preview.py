"""The battle damage a player would take, read before damage calculation (issue 22, item 2: "a preview of the
battle damage a player would take, as a condition ... computed without changing the state").

`actions.battle_damage_preview` runs the engine's own damage calculation (`rules.battle.damage_calculation`, the
functions `steps.perform_damage_calculation` performs it with) on the state as it is. Expected values come from
the official battle table (rulebook, as compiled in laaners/yugioh_comprehensive_rulebook, damage.html L92-L133),
the modifiers of rules spec §2.4 (piercing) and §2.6 (reflect; halving rounds up, rules spec §S.6, OCG FAQ 23944),
computed by hand; each field is then played, and the battle damage really taken must be the one previewed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine
from engine import Player, StateBuilder, actions
from engine.cards import place


def _declare(duel: engine.Duel, attacker: str, target: str | None = None) -> None:
    """The host declares at the turn player's priority in the Battle Step, after the Start Step (rules spec §BP.1):
    the attack is then under way, its Damage Step not played."""
    d = duel.advance()
    assert d is not None and d.window is engine.Window.BATTLE_STEP
    duel.declare_attack(attacker, target)


def _vs(atk: int, target: tuple[int, int, str], *, attacker: list[dict[str, object]] | None = None,
        target_effects: list[dict[str, object]] | None = None) -> StateBuilder:
    t_atk, t_def, position = target
    b = StateBuilder().monster("att", "A", atk=atk, def_=0, effects=attacker or [])
    return b.monster("tgt", "B", atk=t_atk, def_=t_def, position=position, effects=target_effects or [])


def _amazoness() -> StateBuilder:
    b = StateBuilder().monster("att", "A", atk=2000, def_=0)
    return place(b, "amazoness_swords_woman", "tgt", "B")


HALVE = {"kind": "halve_battle_damage", "player": "controller"}
FIELDS: dict[str, tuple[Callable[[], StateBuilder], dict[Player, int]]] = {
    # 2000 attacks 1000 ATK: the target's controller takes 1000 (battle table, L92)
    "higher_atk": (lambda: _vs(2000, (1000, 0, "attack")), {Player.A: 0, Player.B: 1000}),
    # 1000 attacks 1500 ATK: the attacking player takes 500 (L105)
    "lower_atk": (lambda: _vs(1000, (1500, 0, "attack")), {Player.A: 500, Player.B: 0}),
    # 2000 attacks DEF 1200: no battle damage (L119) ...
    "higher_than_def": (lambda: _vs(2000, (0, 1200, "defense")), {Player.A: 0, Player.B: 0}),
    # ... unless the attacker pierces: the difference, 800 (§2.4)
    "piercing": (lambda: _vs(2000, (0, 1200, "defense"), attacker=[{"kind": "piercing"}]),
                 {Player.A: 0, Player.B: 800}),
    # 1000 attacks DEF 1500: the attacking player takes 500 (L127)
    "lower_than_def": (lambda: _vs(1000, (0, 1500, "defense")), {Player.A: 500, Player.B: 0}),
    # 2001 attacks 1000: 1001 halved is 501 (a half rounds up, §S.6)
    "halved": (lambda: _vs(2001, (1000, 0, "attack"), target_effects=[HALVE]), {Player.A: 0, Player.B: 501}),
    # 2000 attacks Amazoness Swords Woman (1500): the 500 B would take, A takes instead (§2.6 stage 3)
    "reflected": (_amazoness, {Player.A: 500, Player.B: 0}),
}  # fmt: skip


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_the_preview_is_the_damage_the_battle_table_gives_and_the_damage_taken(field: str) -> None:
    build, expected = FIELDS[field]
    duel = engine.Duel(build().build(), engine.cards.registry())
    _declare(duel, "att", "tgt")
    assert {p: actions.battle_damage_preview(duel.ctx, p) for p in Player} == expected
    duel.run(engine.PassAgent())
    assert {p: duel.battles[0].battle.battle_damage[p] for p in Player} == expected


def test_reading_it_changes_nothing() -> None:
    duel = engine.Duel(_vs(2000, (1000, 0, "attack"), attacker=[{"kind": "piercing"}]).build())
    _declare(duel, "att", "tgt")
    before, fingerprint, events = duel.state.clone(), duel.state.state_hash(), len(duel.state.log)
    for p in Player:
        actions.battle_damage_preview(duel.ctx, p)
    assert duel.state == before and duel.state.state_hash() == fingerprint and len(duel.state.log) == events


def test_zero_with_no_attack_and_once_the_damage_is_calculated() -> None:
    duel = engine.Duel(_vs(2000, (1000, 0, "attack")).build())
    assert actions.battle_damage_preview(duel.ctx, Player.B) == 0  # no attack declared
    _declare(duel, "att", "tgt")
    assert actions.battle_damage_preview(duel.ctx, Player.B) == 1000
    duel.run(engine.PassAgent())
    assert actions.battle_damage_preview(duel.ctx, Player.B) == 0  # that battle's damage has been taken


def test_a_zero_atk_direct_attack_inflicts_nothing() -> None:
    # §2.3: a 0-ATK direct attack inflicts no battle damage at all
    duel = engine.Duel(StateBuilder().monster("att", "A", atk=0, def_=0).build())
    _declare(duel, "att")
    assert [actions.battle_damage_preview(duel.ctx, p) for p in Player] == [0, 0]


def test_an_atk_change_resolved_before_damage_calculation_is_read() -> None:
    # Rush Recklessly (+700) on a 1000 that attacks 1500: A would take 500 before, B 200 after (battle table)
    b = _vs(1000, (1500, 0, "attack"))
    place(b, "rush_recklessly", "rush", "A", face_down=True)
    duel = engine.Duel(b.build())
    duel.state.show_every_priority = True
    duel.declare_attack("att", "tgt")
    seen = []
    while (d := duel.advance()) is not None:
        seen.append((d.window, actions.battle_damage_preview(duel.ctx, Player.A),
                     actions.battle_damage_preview(duel.ctx, Player.B)))
        rush = [o for o in d.options if not o.is_pass and duel.state.cards[o.card].id == "rush"]
        duel.decide(rush[0] if rush and d.window is engine.Window.BEFORE_DAMAGE_CALCULATION else engine.PASS)
    during = [(a, b_) for w, a, b_ in seen if w is engine.Window.DURING_DAMAGE_CALCULATION]
    declared = [(w, a, b_) for w, a, b_ in seen if w is not engine.Window.START_STEP]  # (before it, no attack: 0)
    assert declared[0][1:] == (500, 0) and during and set(during) == {(0, 200)}
    assert duel.state.players[Player.B].lp == 7800

"""Issue 42, item 4: the host API says what it means.

`Duel.is_over` is true when the Duel is over and only then; `is_stopped` is the old meaning (nothing runs without the
host) and `between_attacks` the moment after an attack the host declared. `cards_in` gives indexes (documented), and
`ids_in` ids. An attack option is `Option.is_attack` (`effect == engine.ATTACK`), made by `engine.attack_option`.

Expected values from the rules: 2000 ATK against 1000 ATK in Attack Position inflicts 1000 (damage table, §2.4), the
weaker monster destroyed; a player at 0 LP loses (the Duel is over, rulebook "Winning and Losing").
"""

from __future__ import annotations

import engine
from engine import Phase, StateBuilder


def _field(lp_b: int = 8000) -> engine.Duel:
    b = StateBuilder(lp={"A": 8000, "B": lp_b}).monster("m", "A", atk=2000, def_=0)
    b.monster("n", "A", atk=1500, def_=0).monster("x", "B", atk=1000, def_=0).monster("y", "B", atk=500, def_=0)
    return engine.Duel(b.build())


def test_between_attacks_the_duel_is_not_over() -> None:
    duel = _field()
    assert not duel.is_over and not duel.is_stopped and not duel.between_attacks  # Main Phase 1: the host's move
    duel.declare_attack("m", "x")
    duel.run(engine.PassAgent())
    assert duel.state.phase is Phase.STEP_OVER and duel.lp("B") == 7000
    assert duel.between_attacks and duel.is_stopped and not duel.is_over
    duel.end_battle_phase()
    duel.run(engine.PassAgent())
    assert duel.state.phase is Phase.MAIN_PHASE_2
    assert duel.is_stopped and not duel.between_attacks and not duel.is_over


def test_is_over_when_a_player_s_lp_reaches_0() -> None:
    duel = _field(lp_b=1000)
    duel.declare_attack("m", "x")
    duel.run(engine.PassAgent())
    assert duel.lp("B") == 0 and duel.state.winner is engine.Player.A
    assert duel.is_over and duel.is_stopped and not duel.between_attacks


def test_cards_in_gives_indexes_and_ids_in_ids() -> None:
    duel = _field()
    duel.declare_attack("m", "y")
    duel.run(engine.PassAgent())
    assert duel.cards_in("graveyard") == [3] and duel.ids_in("graveyard") == ["y"]
    assert duel.ids_in("monster_zone", "A") == ["m", "n"] and duel.ids_in(engine.Location.MONSTER_ZONE, "B") == ["x"]
    assert [duel.card(i).id for i in duel.cards_in("monster_zone")] == duel.ids_in("monster_zone")


def test_attack_options_are_named() -> None:
    duel = _field()
    d = duel.advance()  # the Start Step played: A's priority in the Battle Step, its attacks among the options
    assert d is not None and d.window is engine.Window.BATTLE_STEP
    attacks = [o for o in d.options if o.is_attack]
    assert attacks and all(o.effect == engine.ATTACK for o in attacks)
    assert engine.attack_option(0, 2) in attacks and engine.attack_option(0, 2).targets == (2,)
    assert not engine.PASS.is_attack and engine.PASS.is_pass and engine.attack_option(0, None).targets == ()

"""Issue 22's pieces on real cards beyond the sample (rules spec §U; the format's section "Pieces the card pool
needed"): "cannot be targeted" (Lord of D., Aria the Melodious Diva), conditions on how a card was Summoned and on LP
(Aria, Child's Play), values read from a monster's original ATK (Half Counter), activation from the Graveyard with a
banish cost and protection "by this battle" (Shield Warrior), Extra Deck monster kinds (Top Runner). The sourced
cases of tests/rules/card-pieces-cases.jsonl, compared as cases.md says through both executors, the schema, the
round trip and the CLI. Expected values come from the card texts (Yugipedia) and the rulings cited, computed by
hand."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine.cards import place
from engine.rules.zones import points_to

test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(
    RULES_DIR / "card-pieces-cases.jsonl", at_least=13
)


# -- the same keys through the Python API, and their refusals ------------------------------------------------------


def test_state_builder_takes_the_zone_keys_and_points_to_follows_them() -> None:
    """Crusadia Regulex in the left Extra Monster Zone (above A's column 1) points down to A's column 1 and up to
    B's column 3 (rules spec §U.5); a monster in A's column 2 is pointed to by neither arrow."""
    b = engine.StateBuilder()
    place(b, "crusadia_regulex", "reg", "A", column=1, extra_zone=True, summoned="link")
    b.monster("a1", "A", atk=1500, def_=1000, column=1).monster("a2", "A", atk=1500, def_=1000, column=2)
    b.monster("b1", "B", atk=1200, def_=1000, column=3).monster("b2", "B", atk=1200, def_=1000, column=1)
    duel = engine.Duel(b.build(), engine.cards.registry())
    ctx = duel.ctx
    assert sorted(ctx.card(i).id for i in points_to(ctx, 0)) == ["a1", "b1"]
    assert duel.current_stats("reg") == (1000 + 1500 + 1200, 0)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"abilities": ["wizard"]}, "abilities must be some of"),
        ({"link_arrows": ["up"]}, "link_arrows must be some of"),
        ({"summoned": "magic"}, "summoned must be one of"),
        ({"column": 5}, "column must be 0 to 4"),
        ({"column": 2, "extra_zone": True}, "stands above column 1 or 3"),
        ({"location": "hand", "position": None, "summoned": "special"}, "only a monster in the Monster Zone has"),
    ],
)
def test_state_builder_refuses_bad_zone_keys(kwargs: dict[str, Any], fragment: str) -> None:
    b = engine.StateBuilder()
    args: dict[str, Any] = {"atk": 1000, "def_": 1000, "position": "attack", **kwargs}
    with pytest.raises(engine.UsageError, match=fragment):
        b.card("m", "A", **args)
    assert b.cards == []  # nothing added


def test_the_loader_refuses_an_extra_monster_zone_off_columns_1_and_3() -> None:
    data = {"format": "damage-step-scenario/1", "id": "x", "cards": [
        {"id": "m", "controller": "A", "atk": 0, "def": 0, "position": "attack", "column": 2,
         "extra_monster_zone": True},
        {"id": "t", "controller": "B", "atk": 0, "def": 0, "position": "attack"}],
        "attack": {"attacker": "m", "target": "t"}}  # fmt: skip
    with pytest.raises(engine.ScenarioError, match=r"cards\[0\]\.column.*column 1 or 3"):
        engine.parse_scenario(data)


def test_a_pendulum_monster_in_a_pendulum_zone_applies_only_its_pendulum_effects() -> None:
    """Rules spec §U.4 (laaners/yugioh_comprehensive_rulebook, "Pendulum Monsters": in a Pendulum Zone the card is a
    Spell Card): constructed effects, +500 as a monster effect, +100 as a Pendulum Effect."""
    monster_effect = {"kind": "stat_modifier", "atk": 500, "applies_to": "own_monsters"}
    pendulum_effect = {"kind": "stat_modifier", "atk": 100, "applies_to": "own_monsters", "pendulum_effect": True}
    effects = [monster_effect, pendulum_effect]
    b = engine.StateBuilder()
    b.card("p", "A", location="spell_trap_zone", atk=1000, def_=1000, pendulum=True, effects=effects)
    b.monster("m", "A", atk=1000, def_=1000)
    assert engine.Duel(b.build()).current_stats("m") == (1100, 1000)
    b = engine.StateBuilder()
    b.monster("p", "A", atk=1000, def_=1000, pendulum=True, effects=effects).monster("m", "A", atk=1000, def_=1000)
    duel = engine.Duel(b.build())
    assert (duel.current_stats("m"), duel.current_stats("p")) == ((1500, 1000), (1500, 1000))


def test_control_taken_until_the_end_phase_goes_back_when_the_turn_ends() -> None:
    """Enemy Controller's second effect (https://yugipedia.com/wiki/Enemy_Controller: "take control of 1 face-up
    monster your opponent controls until the End Phase"; rules spec §U.11): B takes A's attacker, which stops
    attacking; at the end of the turn control goes back to A, turned face-down or not."""
    b = engine.StateBuilder(turn_player="A")
    b.monster("m", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000).monster("b2", "B", atk=0, def_=0)
    place(b, "enemy_controller", "ec", "B", face_down=True)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.declare_attack("m", "x")
    d = duel.advance()
    # Its target is chosen among the face-up monsters A controls, so B may already activate it in the Start Step
    # (a Quick-Play Spell); B waits for the attack: passes there, and activates it once the attack is declared.
    assert d is not None and d.player is engine.Player.B and d.window is engine.Window.START_STEP
    assert any(o.card == 3 and o.effect == 1 for o in d.options)
    duel.decide(d.options[-1])
    d = duel.advance()
    assert d is not None and d.player is engine.Player.B and d.window is engine.Window.ATTACK_DECLARATION
    assert duel.battles and duel.battles[0].battle.attacker == 0
    duel.decide(next(o for o in d.options if o.card == 3 and o.effect == 1))
    duel.run(engine.PassAgent())
    assert duel.card("m").controller is engine.Player.B and duel.battles[0].battle.stopped
    duel.end_turn()
    assert duel.card("m").controller is engine.Player.A


def test_control_taken_in_the_start_step_leaves_the_host_attack_undeclared() -> None:
    """Enemy Controller in the Start Step (a Quick-Play Spell; official rulebook p.37: the Start Step is a step of
    the Battle Phase): B takes the monster A was to attack with, so that attack cannot be declared in the Battle
    Step (rules spec §BP.1, case BP-015): no battle, control back to A at the end of the turn."""
    b = engine.StateBuilder(turn_player="A")
    b.monster("m", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000).monster("b2", "B", atk=0, def_=0)
    place(b, "enemy_controller", "ec", "B", face_down=True)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.declare_attack("m", "x")
    d = duel.advance()
    assert d is not None and d.window is engine.Window.START_STEP
    duel.decide(next(o for o in d.options if o.card == 3 and o.effect == 1 and o.targets == (0,)))
    duel.run(engine.PassAgent())
    assert duel.card("m").controller is engine.Player.B and duel.battles == []
    duel.end_turn()
    assert duel.card("m").controller is engine.Player.A


def test_injection_fairy_lily_only_when_it_battles() -> None:
    """Injection Fairy Lily (https://yugipedia.com/wiki/Injection_Fairy_Lily: "During damage calculation, if this
    card battles"): on the field but not in the battle, it is not offered, and the refusal says why."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000)
    place(b, "injection_fairy_lily", "lily", "B")
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("m", "x")
    while (d := duel.advance()) is not None and d.window is not engine.Window.DURING_DAMAGE_CALCULATION:
        duel.decide(engine.PASS)
    assert d is not None
    while d is not None and d.player is not engine.Player.B:
        duel.decide(engine.PASS)
        d = duel.advance()
    assert d is not None and not [o for o in d.options if o.card == 2]
    reason = duel.why_illegal(engine.Option(2, 0, ()))
    assert reason is not None and "is not battling" in reason

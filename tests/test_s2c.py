"""Branch s2c's cards of the second sample (issue 43): End Phase actions, effects that last while a card is face-up,
attacks from Defense Position by other monsters, and the pieces they needed (rules spec §U.25). Sourced cases of
tests/rules/s2c-cases.jsonl, through both executors, the schema, the round trip and the CLI; expected values from the
card texts and rulings, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2c-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=3)


import engine  # noqa: E402

RALLIS = [
    {"kind": "stat_modifier", "while": "damage_step", "when": "battling",
     "atk_gain_of": {"of": "battling_opponent", "stat": "level", "times": 200}},
    {"kind": "trigger", "on": "end_of_damage_step", "optional": False, "condition": "this_card_attacked",
     "does": [{"op": "banish", "target": "self", "returns": "next_own_battle_phase", "return_position": "attack"}]},
]  # fmt: skip


def _rallis_duel() -> engine.Duel:
    b = engine.StateBuilder(turn_player="A")
    b.monster("ral", "A", atk=800, def_=800, level=3, name="Rallis the Star Bird",
              effects=[engine.effect_from_spec(e) for e in RALLIS])  # fmt: skip
    b.monster("m2", "A", atk=100, def_=100)
    b.monster("x", "B", atk=1500, def_=1000, level=4)
    return engine.Duel(b.build(), engine.cards.registry())


def test_rallis_returns_at_its_next_battle_phase() -> None:
    """Rallis the Star Bird (https://yugipedia.com/wiki/Rallis_the_Star_Bird: "If this card attacks, it is removed from
    play at the end of the Damage Step and returned to your side of the field in face-up Attack Position at the
    beginning of your next turn's Battle Phase"; ProjectIgnis/CardScripts c41382147: Duel.ReturnToField on
    PHASE_BATTLE_START of its controller's turn): banished after its attack (1600 against 1500), still banished in
    the opponent's turn and its Battle Phase, back in face-up Attack Position when its controller's next Battle Phase
    begins, able to attack again (rules spec §U.25)."""
    duel = _rallis_duel()
    duel.declare_attack("ral", "x")
    duel.run(engine.PassAgent())
    assert duel.card("ral").location is engine.Location.BANISHED
    assert duel.card("x").location is engine.Location.GRAVEYARD
    assert duel.lp("B") == 7900
    duel.end_turn()  # B's turn: its Battle Phase is not Rallis's controller's
    duel.end_battle_phase()
    duel.run(engine.PassAgent())
    assert duel.card("ral").location is engine.Location.BANISHED
    duel.end_turn()  # A's turn: Rallis comes back as its Battle Phase begins
    assert duel.card("ral").location is engine.Location.BANISHED, "not yet in Main Phase 1"
    duel.declare_attack("m2", None)  # the Start Step is played first
    duel.run(engine.PassAgent())
    ral = duel.card("ral")
    assert ral.location is engine.Location.MONSTER_ZONE and ral.position is engine.Position.ATTACK
    assert ral.controller is engine.Player.A
    duel.declare_attack("ral", None)  # back, a new card: it can attack (directly: no battling monster, no gain)
    duel.run(engine.PassAgent())
    assert duel.card("ral").location is engine.Location.BANISHED, "it attacked again, so it is banished again"
    assert duel.lp("B") == 7900 - 100 - 800


def test_banished_until_the_end_phase_returns_then() -> None:
    """"Banish it until the End Phase" (`banish` with `returns: end_phase`, rules spec §U.25): gone for the rest of the
    Battle Phase, back in the End Phase of this turn in the position it had (face-up Defense Position here)."""
    b = engine.StateBuilder(turn_player="A")
    b.monster("m", "A", atk=1000, def_=1000)
    b.monster("x", "B", atk=500, def_=2000, position="defense")
    trap = {"kind": "activated", "speed": 2, "does": [{"op": "banish", "target": "x", "returns": "end_phase"}]}
    b.trap("t", "B", face_down=True, effects=[engine.effect_from_spec(trap)])
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.declare_attack("m", "x")
    pending = duel.advance()  # B's priority in the Start Step
    options = [o for o in pending.options if o.card == duel.index_of("t")] if pending else []
    assert options, "the Trap is offered"
    duel.decide(options[0])
    duel.run(engine.PassAgent())
    assert duel.card("x").location is engine.Location.BANISHED
    assert duel.card("m").location is engine.Location.MONSTER_ZONE and duel.lp("B") == 8000
    duel.end_turn()
    assert duel.card("x").location is engine.Location.MONSTER_ZONE
    assert duel.card("x").position is engine.Position.DEFENSE

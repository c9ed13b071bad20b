"""Bad answers from agents and hosts: each is refused with `IllegalChoice` naming why, and the
state is exactly as before (compared field by field, by pickle and by fingerprint).

The rule behind them: a decision is answered once, by the player it is asked of, with one of
the options it offers (rules spec §1.2: the player with priority acts or passes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scenario_builders import mon, pull, scen
from test_decisions import assert_unchanged, rich, snapshot

import engine
from engine.search import BattleGame
from engine.values.decisions import attack_option

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def refused(duel: engine.Duel, answer: Any, *words: str, player: engine.Player | None = None) -> str:
    """Answer `answer`; it must be refused naming `words`, and change nothing."""
    snap, fingerprint = snapshot(duel), duel.state.state_hash()
    with pytest.raises(engine.IllegalChoice) as err:
        duel.decide(answer, player)
    reason = str(err.value)
    for w in words:
        assert w.lower() in reason.lower(), reason
    assert_unchanged(duel, snap)
    assert duel.state.state_hash() == fingerprint
    return reason


def at_first_decision() -> engine.Duel:
    duel, _ = pull(rich(), show=True)
    assert duel.advance() is not None
    return duel


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("pass", ("engine.Option", "str")),
        (None, ("engine.Option", "None")),
        (0, ("engine.Option", "int")),
        ((0, 0, ()), ("engine.Option", "tuple")),
        (engine.Option(card="att", effect=0), ("Option.card", "int")),  # type: ignore[arg-type]
        (engine.Option(card=True, effect=0), ("Option.card", "int")),
        (engine.Option(card=0, effect=0.0), ("Option.effect", "int")),  # type: ignore[arg-type]
        (engine.Option(card=0, effect=0, targets=[1]), ("Option.targets",)),  # type: ignore[arg-type]
        (engine.Option(card=0, effect=0, targets=("tgt",)), ("Option.targets",)),  # type: ignore[arg-type]
        (engine.Option(card=-1, effect=3), ("not an option", "PASS")),
        (engine.Option(card=10**9, effect=0), ("no card",)),
        (engine.Option(card=0, effect=-5), ("no effect",)),
        (tuple.__new__(engine.Option, (0, 0, (), 5)), ("3 fields",)),
        (tuple.__new__(engine.Option, (0, 0)), ("3 fields",)),
    ],
    ids=lambda v: (repr(v) if not isinstance(v, engine.Option) or len(v) == 3 else tuple.__repr__(v))[:40],
)
def test_a_malformed_answer_is_refused_by_name(answer: Any, words: tuple[str, ...]) -> None:
    duel = at_first_decision()
    reason = refused(duel, answer, *words)
    assert duel.why_illegal(answer) == reason


def test_an_answer_from_the_wrong_player_is_refused_and_the_right_one_accepted() -> None:
    duel = at_first_decision()
    d = duel.pending_decision
    assert d is not None
    wrong = d.player.opponent
    refused(duel, d.options[-1], f"it is {d.player}'s decision, not {wrong}'s", player=wrong)
    refused(duel, d.options[-1], "engine.Player", player=1)  # type: ignore[arg-type]
    duel.decide(d.options[-1], d.player)
    assert duel.pending_decision is not d


def test_an_option_of_an_earlier_decision_is_refused_once_used() -> None:
    duel = at_first_decision()
    used = None
    while (d := duel.advance()) is not None:
        active = [o for o in d.options if not o.is_pass]
        if used is None and active and d.kind is engine.DecisionKind.PRIORITY:
            used = active[0]
            duel.decide(used)
            continue
        if used is not None and used not in d.options:
            refused(duel, used)  # an activated effect is not offered again in the same chain (§1.2)
            return
        duel.decide(engine.PASS if engine.PASS in d.options else d.options[0])
    pytest.fail("the scenario never offered a later decision without the used option")


def test_answering_twice_is_refused_the_second_time() -> None:
    duel = at_first_decision()
    d = duel.pending_decision
    assert d is not None
    duel.decide(d.options[-1])
    if duel.pending_decision is None:  # nothing was asked in between: there is no decision to answer
        refused(duel, d.options[-1], "no decision is pending")
    else:
        assert duel.pending_decision != d or duel.state.log[-1].type is engine.EventType.PASSED


def test_answers_after_the_end_are_refused_naming_the_end() -> None:
    duel = at_first_decision().run(engine.PassAgent())
    refused(duel, engine.PASS, "Damage Step is over")
    lethal, _ = pull(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0)], lp={"A": 8000, "B": 100}))
    lethal.run(engine.PassAgent())
    assert lethal.state.winner is engine.Player.A
    refused(lethal, engine.PASS, "Duel is over", "A won")


def test_an_answer_before_advance_is_refused() -> None:
    duel, _ = pull(rich(), show=True)
    refused(duel, engine.PASS, "advance()")


def test_a_random_agent_refuses_a_decision_without_options() -> None:
    # A decision always offers something (passing at least); one built by hand with nothing to choose
    # from is refused as `random.choice` refuses an empty sequence, never waited on for ever.
    empty = engine.Decision(engine.Player.A, engine.DecisionKind.PRIORITY, engine.Window.START_OF_DAMAGE_STEP, ())
    with pytest.raises(IndexError, match="empty"):
        engine.RandomAgent(0).choose(empty, at_first_decision())


def test_a_targeting_effect_answered_without_its_target_is_refused_saying_so() -> None:
    """An effect that targets offers one option per legal target; answered with none, the reason says that a target
    must be chosen (it said "nothing is not a legal target")."""
    b = engine.StateBuilder(turn_player="A").monster("m1", "A", atk=2000, def_=1000)
    b.monster("x", "B", atk=1800, def_=1000)
    b.trap("ced", "B", face_down=True, effects=[
        {"kind": "activated", "speed": 2, "target": "x", "does": [{"op": "return_to_hand", "target": "x"}]}])
    duel = engine.Duel(b.build())
    d = duel.advance()  # B's priority in the Start Step
    assert d is not None and d.player is engine.Player.B and engine.Option(2, 0, (1,)) in d.options
    refused(duel, engine.Option(2, 0, ()), "it needs a target: none was chosen")


@pytest.mark.parametrize(
    "answer",
    [
        attack_option(99, None),
        attack_option(-3, None),
        attack_option(0, 99),
        attack_option(0, -2),
        attack_option(10**20, None),
        engine.Option(card=0, effect=0, targets=(-1,)),
        engine.Option(card=-2, effect=-1),
    ],
    ids=repr,
)
def test_an_option_naming_no_card_is_refused_naming_the_option(answer: engine.Option) -> None:
    """Issue 41: an out-of-range or negative index is refused by name (it used to raise IndexError, or wrap
    around to count from the end and name the wrong card), here in the Battle Step where attacks are declared."""
    duel = BattleGame(EXAMPLES / "battle_phase.json").new_initial_state().duel
    n = len(duel.state.cards)
    if answer.card < 0:
        refused(duel, answer, str(answer), "pass with PASS")
        return
    bad = next(i for i in (answer.card, *answer.targets) if not 0 <= i < n)
    refused(duel, answer, str(answer), f"no card {bad}")

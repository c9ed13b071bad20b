"""Issue 43's library growth, cards M to Z (engine/cards: damage_step_stats, terrain_fields, damage_step_starts,
after_the_battle, hand_in_battle, quick_answers, battle_guards): the sourced cases of
tests/rules/library-cards-4-cases.jsonl, each naming its card (``"card": key``), through both executors, the
schema, the round trip and the CLI.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) and the
damage table, computed by hand; the cases of the first sample's cards (CP-*) name the library card instead."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

import engine
import engine.cards
from engine.cards import place

CASES = RULES_DIR / "library-cards-4-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=18)


def _dc_options_of(duel: engine.Duel, card: int) -> list[engine.Option]:
    """Pass every decision up to A's priority during damage calculation; A's options for `card` there."""
    while (d := duel.advance()) is not None:
        if d.window is engine.Window.DURING_DAMAGE_CALCULATION and d.player is engine.Player.A:
            return [o for o in d.options if o.card == card]
        duel.decide(d.options[-1] if engine.PASS in d.options else d.options[0])
    return []


def test_once_while_face_up_is_counted_across_turns() -> None:
    """Suijin (https://yugipedia.com/wiki/Suijin: "This effect can only be used once while this card is face-up on
    the field"; ProjectIgnis/CardScripts c98434877: SetCountLimit(1) with EFFECT_FLAG_NO_TURN_RESET): used in one of
    B's turns, it cannot be used in B's next turn either (`once_per_turn: while_face_up`, rules spec §C.4)."""
    b = engine.StateBuilder(turn_player="B")
    b.monster("x1", "B", atk=3000, def_=1000).monster("x2", "B", atk=2000, def_=1000)
    place(b, "suijin", "s", "A", position="attack")
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.declare_attack("x1", "s")
    options = _dc_options_of(duel, 2)
    assert options, "Suijin's effect is offered the first time"
    duel.decide(options[0])
    duel.run(engine.PassAgent())
    assert duel.card("x1").location is engine.Location.GRAVEYARD  # 0 ATK against 2500
    duel.end_turn()  # A's turn
    duel.end_turn()  # B's turn again
    duel.declare_attack("x2", "s")
    assert _dc_options_of(duel, 2) == [], "used once while face-up: not again, even in a later turn"


def test_once_per_turn_soft_is_counted_again_next_turn() -> None:
    """Against the above: a soft "once per turn" is used again in a later turn (rules spec §C.4), so the count kept
    across turns is only the one of `while_face_up`."""
    b = engine.StateBuilder(turn_player="B")
    b.monster("x1", "B", atk=3000, def_=1000).monster("x2", "B", atk=2000, def_=1000)
    soft = dict(engine.cards.card_def("suijin").effects[0], once_per_turn="soft")
    b.monster("s", "A", atk=2500, def_=2400, effects=[engine.effect_from_spec(soft)])
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.declare_attack("x1", "s")
    duel.decide(_dc_options_of(duel, 2)[0])
    duel.run(engine.PassAgent())
    duel.end_turn()
    duel.end_turn()
    duel.declare_attack("x2", "s")
    assert _dc_options_of(duel, 2), "a soft once-per-turn effect is offered again in a later turn"

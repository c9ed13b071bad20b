"""Actions with no chain that ask a player, and filters bounded by another card's value (rules spec §U.30): the
sourced cases of tests/rules/rw-cases.jsonl (Reanimation Wave, passcode 60312997, and constructed cards) through both
executors, the schema, the round trip and the CLI; the decision through the host API (a real decision, answered
either way, refused when illegal, all-or-nothing, in the search API); the loader's refusals."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from conftest import RULES_DIR, case_file_tests, run

import engine
from engine import ScenarioError, parse_scenario
from engine.search import BattleGame
from engine.values.decisions import DecisionKind, answer_option

CASES = RULES_DIR / "rw-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=9)


def _case(case_id: str) -> dict:
    for line in CASES.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["scenario"]["id"] == case_id:
            return copy.deepcopy(record["scenario"])
    raise AssertionError(f"{case_id} is missing")


def _duel(case_id: str, executor: str = "fast") -> engine.Duel:
    """The case's duel, driven by hand: B activates its Trap at the attack declaration (its listed targets)."""
    from engine.build import new_duel, state_from_scenario

    return new_duel(state_from_scenario(parse_scenario(_case(case_id))), executor=executor)  # type: ignore[arg-type]


def _to_later_question(executor: str = "fast") -> tuple[engine.Duel, engine.Decision]:
    """RW-RW-001 played by hand up to the question its action at the end of the Damage Step asks."""
    duel = _duel("RW-RW-001", executor)
    rw, syn = duel.index_of("rw"), duel.index_of("syn")
    while (d := duel.advance()) is not None:
        if d.kind in (DecisionKind.POSITION,):
            return duel, d
        attack = [o for o in d.options if o.is_attack and not o.targets] if not duel.state.battles else []
        activate = attack or [o for o in d.options if o.card == rw and o.targets == (syn,)]
        duel.decide(activate[0] if activate else engine.PASS if engine.PASS in d.options else d.options[0])
    raise AssertionError("no question was asked")


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_the_summon_at_the_end_of_the_damage_step_asks_its_player_then(executor: str) -> None:
    duel, d = _to_later_question(executor)
    syn = duel.index_of("syn")
    assert d.player is engine.Player.B and d.kind is DecisionKind.POSITION
    assert d.window is engine.Window.END_OF_DAMAGE_STEP and duel.state.phase is engine.Phase.END_OF_DAMAGE_STEP
    assert d.acting == engine.Option(duel.index_of("rw"), 0)  # the effect whose action asks
    assert set(d.options) == {answer_option(syn, 0), answer_option(syn, 1)}
    assert duel.card("syn").location is engine.Location.GRAVEYARD  # nothing done yet: the state as before the action
    positions = {}
    for option in d.options:
        other = duel.clone()
        other.decide(option)
        other.run(engine.PassAgent())
        positions[option] = other.card("syn").position
        assert other.card("syn").location is engine.Location.MONSTER_ZONE and other.lp("B") == 6800
    assert positions == {answer_option(syn, 0): engine.Position.ATTACK, answer_option(syn, 1): engine.Position.DEFENSE}


def test_an_illegal_answer_is_refused_and_a_fault_after_the_answer_undoes_it() -> None:
    duel, d = _to_later_question()
    before = (duel.state.state_hash(), pickle.dumps(duel.state))
    for bad in (answer_option(duel.index_of("syn"), 2), engine.PASS):
        with pytest.raises(engine.IllegalChoice):
            duel.decide(bad)
        assert (duel.state.state_hash(), pickle.dumps(duel.state)) == before

    def listener(ev: engine.Event) -> None:
        if ev.type is engine.EventType.MOVED:
            raise RuntimeError("listener bug")

    detach = duel.on_event(listener)
    duel.decide(d.options[1])  # the answer is noted; the action is done again by the next unit of work
    with pytest.raises(RuntimeError):
        duel.advance()
    detach()
    duel.advance()
    assert duel.card("syn").position is engine.Position.DEFENSE and duel.state.answers == ()


def test_state_hash_pickle_and_clone_hold_the_pending_action() -> None:
    duel, d = _to_later_question()
    a, b = duel.clone(), duel.clone()
    a.decide(d.options[0])
    b.decide(d.options[1])
    assert a.state.state_hash() != b.state.state_hash() and duel.pending_decision == d
    c = pickle.loads(pickle.dumps(b))
    for x in (b, c):
        x.run(engine.PassAgent())
    assert b.state == c.state and b.card("syn").position is engine.Position.DEFENSE


def test_the_search_api_lists_the_answers_of_an_action_with_no_chain() -> None:
    duel, d = _to_later_question()
    game = BattleGame.from_duel(duel, answers=True)
    s = game.new_initial_state()
    assert s.decision() == d
    ids = s.legal_actions()
    assert sorted(game.actions.encode(o) for o in d.options) == ids
    s.apply_action(ids[-1])
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])


@pytest.mark.parametrize(("place", "key"), [
    ("does", "filter"),  # a filter of an operation that is not a pick: stat changes to the monsters that match
])  # fmt: skip
def test_the_loader_refuses_a_relative_bound_outside_a_target_or_a_pick(place: str, key: str) -> None:
    s = _case("RW-RW-001")
    s["cards"][0]["effects"][0]["does"].append(
        {"op": "change_stats", "applies_to": "own_monsters", "atk": 100,
         "filter": {"level_at_most_of": {"of": "attacker", "stat": "level"}}})  # fmt: skip
    with pytest.raises(ScenarioError) as err:
        parse_scenario(s)
    assert "only a target's filter or the filter of an operation's pick" in str(err.value)
    assert err.value.path.endswith("level_at_most_of"), err.value.path


def test_the_loader_refuses_a_relative_bound_in_a_continuous_effect() -> None:
    s = _case("RW-RW-001")
    s["cards"][2]["location"] = "monster_zone"
    s["cards"][2]["position"] = "attack"
    s["cards"][2]["effects"] = [{"kind": "stat_modifier", "atk": 500, "when": "battling",
                                 "battle": {"opponent_monster": {"level_at_most_of": {"of": "self", "stat": "level"}}}}]
    with pytest.raises(ScenarioError):
        parse_scenario(s)


def test_a_relative_bound_whose_card_is_gone_matches_nothing() -> None:
    """'with a Level less than or equal to the attacking monster's' outside an attack: no attacking monster, no card
    matches (the Trap's target, read in the Battle Step with no attack, finds none)."""
    from engine.library.relative_filters import bound_filter

    duel = _duel("RW-RW-001")
    src = duel.ctx.source_of(duel.index_of("rw"), 0)
    flt = {"ability": "synchro", "level_at_most_of": {"of": "attacker", "stat": "level"}, "level_at_most": 4}
    assert bound_filter(duel.ctx, src, flt) is None
    assert bound_filter(duel.ctx, src, {"level_at_most": 4}) == {"level_at_most": 4}


def test_with_no_answer_listed_the_first_position_is_taken() -> None:
    """The shared contract for a scenario with no answer listed (rules spec §U.16) holds for the action with no chain
    too: face-up Attack Position."""
    s = _case("RW-RW-001")
    s["choices"][0].pop("answers")
    assert run(s)["final_monsters"]["syn"]["position"] == "attack"


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_an_at_timing_action_asks_too(executor: str) -> None:
    """A constructed card whose text is 'At the end of each Damage Step: you can draw 1 card' (kind at_timing, no
    chain): its player is asked then, as an OPTIONAL decision of that effect; each answer is applied."""
    from engine.build import new_duel, state_from_scenario

    s = _case("RW-RW-001")
    s["cards"].append({"id": "well", "controller": "B", "location": "spell_trap_zone", "card_type": "spell",
                       "property": "continuous", "name": "Wishing Well",
                       "effects": [{"kind": "at_timing", "at": ["end_of_damage_step"],
                                    "does": [{"op": "you_can", "what": "draw 1 card",
                                              "does": [{"op": "draw", "player": "controller", "count": 1}]}]}]})
    duel = new_duel(state_from_scenario(parse_scenario(s)), executor=executor)  # type: ignore[arg-type]
    while (d := duel.advance()) is not None and d.kind is not DecisionKind.OPTIONAL:
        attack = [o for o in d.options if o.is_attack and not o.targets] if not duel.state.battles else []
        duel.decide(attack[0] if attack else engine.PASS if engine.PASS in d.options else d.options[0])
    assert d is not None and d.acting == engine.Option(duel.index_of("well"), 0) and d.player is engine.Player.B
    assert d.window is engine.Window.END_OF_DAMAGE_STEP
    hands = {}
    for option in d.options:
        other = duel.clone()
        other.decide(option)
        other.run(engine.PassAgent())
        hands[option.is_pass] = other.state.players[engine.Player.B].hand_filler
    assert hands[False] == hands[True] + 1


def test_the_loader_and_the_library_name_the_same_relative_keys() -> None:
    from engine.format.relative import RELATIVE as LOADER_KEYS
    from engine.library.relative_filters import RELATIVE as LIBRARY_KEYS

    assert set(LOADER_KEYS) == set(LIBRARY_KEYS)

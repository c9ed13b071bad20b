"""Decisions while an effect resolves, and chance, through the host API (rules spec §U.16, engine/resolution.py):
each kind asked by a host's operation, in order, and applied; an illegal answer refused with the state as it was;
the chain resumes the same link and goes on; both executors; listeners hear each event once; state_hash, pickles and
clones mid-resolution; the search API's ids and chance nodes; `Duel.run`'s seeded chance; hidden information; and a
property: random answers keep the game legal and clones independent."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import Effect, EffectKind, EffectType, TriggerEvent, actions, resolution
from engine.search import CHANCE, BattleGame
from engine.values.decisions import PASS, DecisionKind, answer_option, answer_value

KINDS = [DecisionKind.POSITION, DecisionKind.PICK, DecisionKind.OPTIONAL, DecisionKind.NUMBER, DecisionKind.MODE,
         DecisionKind.CHANCE]  # fmt: skip


def _damage(ctx: engine.Context, player: engine.Player, amount: int) -> None:
    from engine.state import write_lp

    write_lp(ctx.state, player, ctx.state.players[player].lp - amount)


def asks(ctx: engine.Context, src: engine.Source, link: Any) -> None:
    """Every kind of decision in order; the answers change LP so that a result shows each one."""
    s = ctx.state
    ids = [c.id for c in s.cards]
    summoned = ids.index("s")
    actions.special_summon(ctx, summoned, src.controller, resolution.choose_position(ctx, src, summoned), "effect")
    hand = [i for i, c in enumerate(s.cards) if c.location is engine.Location.HAND and c.owner is src.controller]
    for i in resolution.pick_cards(ctx, src, hand, 2, what="cards to send"):
        actions.send_to_graveyard(ctx, i, "effect")
    opp = engine.Player.B if src.controller is engine.Player.A else engine.Player.A
    amount = 0
    if resolution.yes_or_no(ctx, src, "inflict 1 damage"):
        amount += 1
    amount += resolution.choose_number(ctx, src, range(1, 6), "hundreds of damage") * 100
    amount += 1000 * resolution.choose_mode(ctx, src, [0, 1])
    amount += 10 * resolution.chance(ctx, src, 2, "toss a coin")
    _damage(ctx, opp, amount)


def duel_at_question(executor: str = "fast") -> engine.Duel:
    """A's 1000 ATK attacks B's 500 ATK x, whose trigger when it is destroyed asks B everything."""
    reg = engine.default_registry()
    reg.register(EffectType("asks", operation=asks))
    b = engine.StateBuilder()
    b.monster("att", "A", atk=1000, def_=1000)
    b.monster("x", "B", atk=500, def_=500, effects=[Effect("asks", EffectKind.TRIGGER, event=TriggerEvent.DESTROYED)])
    b.monster("s", "B", atk=100, def_=100, location="hand")
    for h in ("h1", "h2", "h3"):
        b.monster(h, "B", atk=0, def_=0, location="hand")
    duel = engine.Duel(b.build(), reg, executor=executor)  # type: ignore[arg-type]
    duel.declare_attack("att", "x")
    return duel


def answer(d: engine.Decision, **want: Any) -> engine.Option:
    """The option of `d` answering `want` (value=..., picked=..., no=True)."""
    if want.get("no"):
        return PASS
    for o in d.options:
        if not o.is_pass and answer_value(o) == want.get("value", 0) and o.targets == want.get("picked", ()):
            return o
    raise AssertionError(f"no option {want} in {d.describe()}")


def play(duel: engine.Duel, answers: dict[DecisionKind, dict[str, Any]]) -> list[engine.Decision]:
    """Run the duel, answering each resolution decision as `answers` says (others: pass)."""
    seen = []
    while (d := duel.advance()) is not None:
        if d.kind in answers:
            seen.append(d)
            duel.decide(answer(d, **answers[d.kind]))
        else:
            duel.decide(PASS if PASS in d.options else d.options[0])
    return seen


ANSWERS: dict[DecisionKind, dict[str, Any]] = {
    DecisionKind.POSITION: {"value": 1},  # face-up Defense Position
    DecisionKind.PICK: {"picked": ()},  # filled in per duel (card indexes)
    DecisionKind.OPTIONAL: {"value": 1},
    DecisionKind.NUMBER: {"value": 3},
    DecisionKind.MODE: {"value": 1},
    DecisionKind.CHANCE: {"value": 1},
}


@pytest.mark.parametrize("executor", ["fast", "transitions"])
def test_each_kind_is_asked_in_order_and_the_chain_resumes_the_same_link(executor: str) -> None:
    duel = duel_at_question(executor)
    h2, h3 = duel.index_of("h2"), duel.index_of("h3")
    answers = {**ANSWERS, DecisionKind.PICK: {"picked": (h2, h3)}}
    seen = play(duel, answers)
    assert [d.kind for d in seen] == KINDS
    assert all(d.player is engine.Player.B for d in seen)  # (the chance decision: for its effect's controller)
    pos = seen[0]
    assert [answer_value(o) for o in pos.options] == [0, 1] and "position of" in pos.prompt  # Attack, Defense
    pick = seen[1]
    assert len(pick.options) == 3  # 2 of the 3 cards left in B's hand (s was summoned first): C(3, 2)
    assert PASS not in pick.options and PASS in seen[2].options
    assert [answer_value(o) for o in seen[3].options] == [1, 2, 3, 4, 5]
    assert len(seen[5].options) == 2
    s_ = duel.card("s")
    assert s_.location is engine.Location.MONSTER_ZONE and s_.position is engine.Position.DEFENSE
    assert {duel.card(h).location for h in ("h2", "h3")} == {engine.Location.GRAVEYARD}
    assert duel.card("h1").location is engine.Location.HAND
    assert duel.lp("A") == 8000 - (1 + 300 + 1000 + 10)
    assert duel.state.answers == () and duel.state.pending is None


def test_no_and_the_first_options() -> None:
    duel = duel_at_question()
    h1, s_ = duel.index_of("h1"), duel.index_of("s")
    answers = {DecisionKind.POSITION: {"value": 0}, DecisionKind.PICK: {"picked": (h1, s_)} ,
               DecisionKind.OPTIONAL: {"no": True}, DecisionKind.NUMBER: {"value": 1}, DecisionKind.MODE: {"value": 0},
               DecisionKind.CHANCE: {"value": 0}}  # fmt: skip
    answers[DecisionKind.PICK] = {"picked": (h1, duel.index_of("h2"))}
    play(duel, answers)
    assert duel.card("s").position is engine.Position.ATTACK
    assert duel.lp("A") == 8000 - 100


def test_events_are_logged_and_heard_once() -> None:
    duel = duel_at_question("transitions")
    heard: list[engine.Event] = []
    duel.on_event(heard.append)
    start = len(duel.state.log)
    play(duel, {**ANSWERS, DecisionKind.PICK: {"picked": (duel.index_of("h1"), duel.index_of("h2"))}})
    assert heard == duel.state.log[start:]
    summons = [e for e in duel.state.log if e.type is engine.EventType.MOVED and e.detail == "Special Summoned"]
    assert len(summons) == 1
    assert len([e for e in duel.state.log if e.type is engine.EventType.LINK_RESOLVED]) == 1


def _to_first_question() -> tuple[engine.Duel, engine.Decision]:
    duel = duel_at_question()
    while (d := duel.advance()) is not None and d.kind is not DecisionKind.POSITION:
        duel.decide(PASS if PASS in d.options else d.options[0])
    assert d is not None
    return duel, d


def test_an_illegal_answer_is_refused_and_changes_nothing() -> None:
    duel, _ = _to_first_question()
    before = (duel.state.state_hash(), pickle.dumps(duel.state))
    for bad in (answer_option(duel.index_of("s"), 2), PASS, engine.Option(duel.index_of("s"), 0, ())):
        with pytest.raises(engine.IllegalChoice) as info:
            duel.decide(bad)
        assert "position" in str(info.value)
        assert (duel.state.state_hash(), pickle.dumps(duel.state)) == before


def test_a_fault_after_an_answer_undoes_the_answer_too() -> None:
    """The operation runs again with the answers; once it runs to its end it is heard: a listener that raises then
    leaves the duel as before `decide` (the answer undone too), and answering again goes on."""
    duel = duel_at_question()
    while (d := duel.advance()) is not None and d.kind is not DecisionKind.CHANCE:
        duel.decide(d.options[-1])
    assert d is not None
    before = (duel.state.state_hash(), pickle.dumps(duel.state))

    def listener(ev: engine.Event) -> None:
        if ev.type is engine.EventType.MOVED:
            raise RuntimeError("listener bug")

    detach = duel.on_event(listener)
    with pytest.raises(RuntimeError):
        duel.decide(d.options[1])
    assert (duel.state.state_hash(), pickle.dumps(duel.state)) == before
    detach()
    duel.decide(d.options[1])
    assert duel.state.answers == () and duel.card("s").location is engine.Location.MONSTER_ZONE


def test_state_hash_pickle_and_clone_hold_the_pending_resolution() -> None:
    duel, d = _to_first_question()
    a, b = duel.clone(), duel.clone()
    a.decide(d.options[0])
    b.decide(d.options[1])
    assert a.state.answers != b.state.answers and a.state.state_hash() != b.state.state_hash()
    assert duel.state.answers == () and duel.pending_decision == d  # the original is untouched
    c = pickle.loads(pickle.dumps(a))
    assert c.state.state_hash() == a.state.state_hash()
    for x in (a, c):
        x.run(engine.PassAgent())
    assert a.state == c.state


def test_run_answers_chance_from_the_duels_seed() -> None:
    def final(seed: int) -> int:
        duel = duel_at_question()
        duel.state.chance_seed = seed
        duel.run(engine.PassAgent())
        return duel.lp("A")

    results = {seed: final(seed) for seed in range(12)}
    assert results == {seed: final(seed) for seed in range(12)}  # the same seed, the same game
    assert set(results.values()) == {8000 - 100 - 1000 * 0 - 0, 8000 - 100 - 10}  # heads or tails, both seen


def test_search_lists_the_answers_and_chance_nodes() -> None:
    game = BattleGame.from_duel(duel_at_question(), answers=True, max_targets=2)
    s = game.new_initial_state()
    kinds = []
    while not s.is_terminal():
        d = s.decision()
        ids = s.legal_actions()
        assert sorted(game.actions.encode(o) for o in d.options) == ids
        assert [game.actions.decode(a) for a in ids] == sorted(d.options, key=game.actions.encode)
        if d.kind in KINDS:
            kinds.append(d.kind)
        if s.is_chance_node():
            assert s.current_player() == CHANCE
            outcomes = s.chance_outcomes()
            assert [a for a, _ in outcomes] == ids and sum(p for _, p in outcomes) == pytest.approx(1.0)
        else:
            assert s.chance_outcomes() == []
        s.apply_action(ids[-1])
    assert kinds == KINDS


def test_the_opponent_is_not_shown_a_pick_among_hidden_cards() -> None:
    game = BattleGame.from_duel(duel_at_question(), answers=True, max_targets=2)
    s = game.new_initial_state()
    while s.decision().kind is not DecisionKind.PICK:
        s.apply_action(s.legal_actions()[-1])
    mine, theirs = s.observation_string(1), s.observation_string(0)
    assert "pick" in mine and "B to decide" in theirs and "pick" not in theirs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 50), min_size=1, max_size=30), st.sampled_from(["fast", "transitions"]))
def test_random_answers_keep_the_game_legal_and_clones_independent(picks: list[int], executor: str) -> None:
    duel = duel_at_question(executor)
    k = 0
    while (d := duel.advance()) is not None:
        twin = duel.clone()
        before = twin.state.state_hash()
        option = d.options[picks[k % len(picks)] % len(d.options)]
        k += 1
        assert duel.why_illegal(option) is None
        duel.decide(option)
        assert twin.state.state_hash() == before  # the clone did not move
        twin.decide(option)
        assert twin.state.state_hash() == duel.state.state_hash()
    assert duel.is_stopped and duel.state.answers == ()
    assert 0 <= duel.lp("A") <= 8000


@pytest.mark.parametrize(("answer_", "says"), [({"yes": True}, "does not answer a position decision"),
                                               ({"position": "set"}, "is not one of the answers")])
def test_a_scenario_answer_that_does_not_fit_is_a_mismatch(answer_: dict[str, Any], says: str) -> None:
    import json

    from conftest import RULES_DIR

    from engine.build import parse_scenario, run_scenario
    from engine.scripted import ScenarioMismatch

    first = json.loads((RULES_DIR / "resolution-decisions-cases.jsonl").read_text().splitlines()[0])["scenario"]
    first["choices"][1]["answers"] = [answer_]
    with pytest.raises(ScenarioMismatch, match=says):
        run_scenario(parse_scenario(first))

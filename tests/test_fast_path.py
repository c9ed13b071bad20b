"""The playout fast path changes how much is kept, never what happens (issue 8).

`Duel(state, record=False)` keeps no event log and skips windows nobody can act in; the
decisions it asks for, the result and the final state must be those of the recorded run, for
every rules case and for random play. And the identity pipeline shortcut (`unmodified`) must be
what the full battle-damage pipeline gives when no modifier changes anything.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest
from conftest import RULES_DIR, load_jsonl
from hypothesis import given
from hypothesis import strategies as st
from test_stat_layers import CHANGE, M, board

import engine
import engine.cards
from engine.effects import DamageModifier, DamageStage, Hook, Index
from engine.rules import legality
from engine.rules.battle import battle_damage_modifiers
from engine.rules.calculation import Packet
from engine.rules.modifiers import apply_battle_damage_modifiers, unmodified
from engine.state import WindowState, write_effects, write_lingering
from engine.values.decisions import Decision, Option
from engine.values.game import Location, Player, Window, is_on_field, opponent_of

RECORDS = [r for f in sorted(RULES_DIR.glob("*.jsonl")) for r in load_jsonl(f)]
# One Damage Step each: Battle Phase scenarios (`attacks`) are played unrecorded in test_battle_phase_cases.py.
SCENARIOS = [r["scenario"] for r in RECORDS if "scenario" in r and "attacks" not in r["scenario"]]


def _recorded_run(sc: engine.Scenario) -> tuple[engine.Duel, Any, list[tuple[Decision, Option]]]:
    asked: list[tuple[Decision, Option]] = []
    duel, agent = engine.run_scenario(sc, on_start=lambda d: d.on_decision(lambda _d, dec, o: asked.append((dec, o))))
    return duel, agent, asked


def _unrecorded(sc: engine.Scenario) -> engine.Duel:
    state = engine.state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    # The library's own effect types too (a case may name Mystic Tomato), as `engine.build` registers them.
    return engine.Duel(state, engine.cards.registry(), record=False)


@pytest.mark.parametrize("raw", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_every_case_plays_the_same_without_the_log(raw: dict[str, Any]) -> None:
    sc = engine.parse_scenario(raw)
    duel, agent, asked = _recorded_run(sc)
    quiet = _unrecorded(sc)
    for decision, option in asked:
        assert quiet.advance() == decision  # the same question, at the same point
        quiet.decide(option)
    assert quiet.advance() is None and quiet.is_stopped
    assert quiet.state.log == [] and duel.state.log
    assert engine.result(sc, quiet, agent, events=False) == engine.result(sc, duel, agent, events=False)
    assert quiet.state.state_hash() == duel.state.state_hash()


def _random_play(sc: engine.Scenario, seed: int, record: bool, every_priority: bool) -> tuple[list[Any], engine.Duel]:
    state = engine.state_from_scenario(sc)
    state.show_every_priority = every_priority
    duel = engine.Duel(state, engine.cards.registry(), record=record)
    agent = engine.RandomAgent(seed)
    seen = []
    for _ in range(10_000):
        d = duel.advance()
        if d is None:
            break
        o = agent.choose(d, duel)
        seen.append((d, o, duel.state.state_hash()))
        duel.decide(o)
    return seen, duel


@pytest.mark.parametrize("raw", SCENARIOS[::3], ids=[s["id"] for s in SCENARIOS[::3]])
@pytest.mark.parametrize("every_priority", [False, True])
def test_random_play_is_the_same_without_the_log(raw: dict[str, Any], every_priority: bool) -> None:
    sc = engine.parse_scenario(raw)
    for seed in range(3):
        a, da = _random_play(sc, seed, True, every_priority)
        b, db = _random_play(sc, seed, False, every_priority)
        assert a == b
        assert da.state.state_hash() == db.state.state_hash()
        assert engine.result(sc, da, events=False) == engine.result(sc, db, events=False)


def test_a_clone_keeps_the_record_setting() -> None:
    sc = engine.parse_scenario(SCENARIOS[0])
    quiet = _unrecorded(sc)
    assert not quiet.record and not quiet.clone().record and engine.Duel(engine.state_from_scenario(sc)).record


def test_listeners_still_see_every_event_without_the_log() -> None:
    # record=False drops the log, not the events: a listener gets exactly the recorded run's events.
    sc = engine.parse_scenario(SCENARIOS[0])
    duel, _agent, _asked = _recorded_run(sc)
    quiet = _unrecorded(sc)
    heard: list[engine.Event] = []
    quiet.on_event(heard.append)
    quiet.run(engine.ScriptedAgent(sc))
    assert heard == duel.state.log and quiet.state.log == []


packets = st.lists(
    st.builds(Packet, st.sampled_from(engine.Player), st.integers(0, 10**6), st.integers(0, 3)), max_size=4
)


@given(packets)
def test_unmodified_is_the_pipeline_when_nothing_changes_the_damage(ps: list[Packet]) -> None:
    # A halving and a doubling of the same damage cancel out (§2.6 stages 7-8, DS-044/DS-045): with both on
    # every player the whole pipeline runs and must leave the damage as it is, as `unmodified` does.
    cancel = [DamageModifier(DamageStage.HALVE), DamageModifier(DamageStage.DOUBLE)]
    full = apply_battle_damage_modifiers(ps, cancel, frozenset(range(4)))
    assert unmodified(ps) == full == apply_battle_damage_modifiers(ps, (), frozenset(range(4)))


def test_a_finished_playout_is_freed_at_once() -> None:
    """A search drops millions of clones: a duel with no listeners must hold no reference cycle, so it is
    freed as soon as it is dropped, not left for the cyclic garbage collector (a cycle here once made
    every clone cost a third more)."""
    import gc
    import weakref

    proto = engine.Duel(engine.state_from_scenario(engine.parse_scenario(SCENARIOS[0])), record=False)
    gc.disable()
    try:
        for make in (proto.clone, lambda: engine.Duel(proto.state.clone(), record=False)):
            gc.collect()
            duel = make()
            duel.advance()
            gone = weakref.ref(duel)  # (the compiled build's state classes take no weak references)
            del duel
            assert gone() is None
            assert gc.collect() == 0, "nothing of the playout was left in a reference cycle"
    finally:
        gc.enable()


# -- the shortcuts the compiled build reads in C give the answers of the long forms ------------------


def test_the_opponent_and_the_field_as_functions_are_the_properties() -> None:
    # Two players (each the other's opponent); the field is the Monster Zones, the Spell & Trap Zones and the Field
    # Zone (rules spec §BP.15).
    assert (opponent_of(Player.A), opponent_of(Player.B)) == (Player.B, Player.A)
    assert all(opponent_of(p) is p.opponent for p in Player)
    field = {Location.MONSTER_ZONE, Location.SPELL_TRAP_ZONE, Location.FIELD_ZONE}
    assert all(is_on_field(loc) is loc.on_field is (loc in field) for loc in Location)


@pytest.mark.parametrize("window", list(Window))
@pytest.mark.parametrize("chains_resolved", [0, 1])
def test_whether_a_chain_can_start_is_what_its_reason_says(window: Window, chains_resolved: int) -> None:
    # §1.2: fast effects start chains at the start of the step and before damage calculation; during damage
    # calculation only one chain is built; after it (and at the end of the step) only triggers start chains.
    # §BP.1: in the Battle Phase's own windows (Start Step, Battle Step, after a declaration, End Step) any may, and
    # in the End Phase's (§BP.14) and the Standby Phase's (§U.31).
    w = WindowState(window, Player.A, chains_resolved=chains_resolved)
    battle_phase = (Window.START_STEP, Window.BATTLE_STEP, Window.ATTACK_DECLARATION, Window.END_STEP, Window.END_PHASE,
                    Window.STANDBY_PHASE)
    expected = window in (Window.START_OF_DAMAGE_STEP, Window.BEFORE_DAMAGE_CALCULATION, *battle_phase) or (
        window is Window.DURING_DAMAGE_CALCULATION and not chains_resolved
    )
    assert legality.chain_can_start(w) is expected
    assert (legality.chain_start_problem(w) is None) is expected


def test_the_index_knows_whether_the_cards_still_have_the_effects_it_indexed() -> None:
    with_effects = next(sc for sc in SCENARIOS if sum(len(c.get("effects", ())) for c in sc["cards"]) > 1)
    state = engine.state_from_scenario(engine.parse_scenario(with_effects))
    index = Index(state.cards, engine.default_registry())
    assert index.is_current(state.cards)
    write_effects(state, 0, tuple(state.cards[0].effects))  # equal effects: nothing to index again
    assert index.is_current(state.cards)
    write_effects(state, 0, (*state.cards[0].effects, engine.Effect("nothing", engine.EffectKind.ACTIVATED)))
    assert not index.is_current(state.cards)
    assert not index.is_current(state.cards[:-1])
    # Its untargeted answers, made once, are the options a player would build.
    indexed = [(ci, ei) for ci, card in enumerate(state.cards[1:], 1) for ei in range(len(card.effects))]
    assert indexed and all(index.untargeted[ci][ei] == Option(ci, ei) for ci, ei in indexed)


def test_an_effect_type_keeps_its_own_copy_of_its_hooks() -> None:
    given_hooks = {Hook.STATS: lambda ctx, src: ()}
    etype = engine.EffectType("pump", hooks=MappingProxyType(given_hooks))
    given_hooks[Hook.PIERCING] = lambda ctx, src: None
    assert type(etype.hooks) is dict and list(etype.hooks) == [Hook.STATS]


def test_a_duel_given_an_index_of_other_cards_indexes_its_own() -> None:
    # `Duel(state, index=...)` shares an index between duels of the same cards; one built from other
    # cards (here, ones without effects) is noticed before the duel runs, and the state's own effects apply.
    with_effects = next(sc for sc in SCENARIOS if sum(len(c.get("effects", ())) for c in sc["cards"]) > 1)
    state = engine.state_from_scenario(engine.parse_scenario(with_effects))
    bare = state.clone()
    for i in range(len(bare.cards)):
        write_effects(bare, i, ())
    own = engine.Duel(state.clone()).run(engine.PassAgent())
    given = engine.Duel(state.clone(), index=Index(bare.cards, engine.default_registry())).run(engine.PassAgent())
    assert given.state.state_hash() == own.state.state_hash()
    assert given.state.lp_changes == own.state.lp_changes


def test_a_lingering_effect_replaced_in_place_is_read_again() -> None:
    # `Context.lingering_hooks` keeps the hooks the lingering effects answer on while they are the same values: a
    # host that puts another value in one's place (a tuple of the same length) must be read again, whatever it is.
    duel = board(1900)  # (test_stat_layers' board)
    instance = duel.state.cards[M].instance
    no_damage = engine.Lingering(engine.Effect("avoid_battle_damage", engine.EffectKind.CONTINUOUS, {"player": "both"}),
                                 Player.A, M, instance, "end_of_turn")  # fmt: skip
    gain = engine.Lingering(CHANGE, Player.A, M, instance, "end_of_turn", atk=500)  # answers no battle-damage hook
    write_lingering(duel.state, (*duel.state.lingering, gain))
    assert battle_damage_modifiers(duel.ctx) == ()
    write_lingering(duel.state, (no_damage,))  # the same length, another value: it must be asked
    assert {m.stage for m in battle_damage_modifiers(duel.ctx)} == {engine.DamageStage.ZERO}
    write_lingering(duel.state, (gain,))
    assert battle_damage_modifiers(duel.ctx) == ()

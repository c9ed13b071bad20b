"""Values that are really values: immutable events and effects, a stable fingerprint of the
position (`GameState.state_hash`), and a whole `Duel` that pickles mid-step and goes on
identically, in this process or another one. Two duels in one process never interfere."""

from __future__ import annotations

import ast
import json
import os
import pickle
import pkgutil
import random
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError
from conftest import load_records

import engine
from engine import effects, state
from engine.effects import Params, freeze
from engine.rules import calculation, modifiers
from engine.rules.battle import battle_damage_modifiers, battle_input, battle_problem
from engine.state import GameState, write_lp, write_position
from engine.values import battle as battle_values
from engine.values import decisions
from engine.values import effects as effect_values
from engine.values import events as event_values
from engine.values.decisions import Decision, DecisionKind, Option
from engine.values.frozen import Frozen
from engine.values.game import OriginalChange, OriginalOp

RECORDS = load_records()
ROOT = Path(__file__).resolve().parent.parent


def fresh(record: dict[str, Any], executor: str = "fast", *, show: bool = True) -> engine.Duel:
    state = engine.state_from_scenario(engine.parse_scenario(record["scenario"]))
    state.show_every_priority = show  # every priority is a decision point to stop at
    return engine.Duel(state, executor=executor)  # type: ignore[arg-type]


def decisions_to(duel: engine.Duel, k: int, seed: int) -> engine.RandomAgent:
    """Advance `duel` through its first `k` decisions with a seeded random agent."""
    agent = engine.RandomAgent(seed)
    for _ in range(k):
        d = duel.advance()
        if d is None:
            break
        duel.decide(agent.choose(d, duel))
    duel.advance()
    return agent


# -- immutable all the way down ----------------------------------------------------------------------------


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_every_event_effect_and_record_of_a_run_is_hashable(record: dict[str, Any]) -> None:
    # hash() succeeds only if every nested value is immutable: a list anywhere inside raises TypeError
    duel = fresh(record, show=False).run(engine.PassAgent())
    s = duel.state
    for value in (*s.log, *s.chains, *s.lp_changes, *s.lingering, *(c.effects for c in s.cards)):
        hash(value)
    compared = [e for e in s.log if e.type is engine.EventType.VALUES_COMPARED]
    for e in compared:
        assert type(dict(e.data)["values"]) is tuple


def test_effect_parameters_are_frozen_and_read_only() -> None:
    eff = engine.Effect("x", engine.EffectKind.CONTINUOUS, params={"does": [{"op": "damage", "amount": [1, 2]}]})
    assert isinstance(eff.params, Params)
    assert eff.params["does"] == ({"op": "damage", "amount": (1, 2)},)
    assert isinstance(eff.params["does"][0], Params)
    for mutate in (lambda p: p.__setitem__("k", 1), lambda p: p.update(k=1), lambda p: p.pop("does"), Params.clear):
        with pytest.raises(TypeError, match="read-only"):
            mutate(eff.params)
    same = {"does": ({"amount": (1, 2), "op": "damage"},)}  # tuples for lists, keys in another order
    assert eff == engine.Effect("x", engine.EffectKind.CONTINUOUS, params=same)
    assert eff != engine.Effect("x", engine.EffectKind.CONTINUOUS, params={"does": ()})  # params are compared
    assert pickle.loads(pickle.dumps(eff)) == eff


def test_a_mutable_state_refuses_hash_like_a_list_and_offers_its_fingerprint() -> None:
    state = fresh(RECORDS[0]).state
    with pytest.raises(TypeError):
        hash(state)
    key = state.state_hash()
    assert len(key) == 32 and int(key, 16) >= 0
    assert {key: 1}[state.clone().state_hash()] == 1  # usable as a transposition-table key


# -- state_hash: the position ------------------------------------------------------------------------------


def test_state_hash_follows_the_position_and_ignores_the_history() -> None:
    duel = fresh(RECORDS[0])
    state = duel.state
    h = state.state_hash()
    assert state.clone().state_hash() == h
    assert pickle.loads(pickle.dumps(state)).state_hash() == h
    other = state.clone()
    write_lp(other, engine.Player.B, other.players[1].lp - 1)
    assert other.state_hash() != h  # one LP is a different position
    other = state.clone()
    write_position(other, 0, engine.Position.DEFENSE if other.cards[0].position is engine.Position.ATTACK
                   else engine.Position.ATTACK)
    assert other.state_hash() != h
    other = state.clone()
    other.log.append(engine.Event(engine.EventType.PASSED, state.phase))
    assert other.state_hash() == h  # the log says how the game got here, not where it is
    assert other != state  # ... but equality compares every field


def test_state_hash_does_not_depend_on_insertion_order() -> None:
    a, b = fresh(RECORDS[0]).state, fresh(RECORDS[0]).state
    a.indestructible_used = {(0, 1): 1, (1, 1): 2}
    b.indestructible_used = {(1, 1): 2, (0, 1): 1}
    assert a.state_hash() == b.state_hash()
    b.indestructible_used = {(1, 1): 1, (0, 1): 2}
    assert a.state_hash() != b.state_hash()


def test_equal_runs_give_equal_states_and_hashes() -> None:
    for record in RECORDS:
        one, two = fresh(record).run(engine.RandomAgent(5)), fresh(record).run(engine.RandomAgent(5))
        assert one.state == two.state
        assert one.state.state_hash() == two.state.state_hash()


_HASHES = """
import json, sys
sys.path.insert(0, {tests!r})
from conftest import load_records
import engine
out = []
for r in load_records():
    state = engine.state_from_scenario(engine.parse_scenario(r["scenario"]))
    state.show_every_priority = True
    duel = engine.Duel(state)
    hashes = [state.state_hash()]
    duel.run(engine.RandomAgent(7))
    hashes.append(duel.state.state_hash())
    out.append(hashes)
print(json.dumps(out))
"""


def _in_fresh_process(code: str, hash_seed: str, stdin: bytes | None = None) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, input=stdin, capture_output=True,
                       check=True, timeout=300)
    return r.stdout.decode()


def test_state_hash_is_the_same_in_fresh_processes_with_different_hash_seeds() -> None:
    code = _HASHES.format(tests=str(ROOT / "tests"))
    one, two = (json.loads(_in_fresh_process(code, seed)) for seed in ("1", "4242"))
    assert one == two
    here = []
    for r in RECORDS:
        duel = fresh(r)
        hashes = [duel.state.state_hash()]
        duel.run(engine.RandomAgent(7))
        hashes.append(duel.state.state_hash())
        here.append(hashes)
    assert here == one
    assert len({h for pair in one for h in pair}) > len(RECORDS)  # the fingerprints do tell positions apart


# -- a whole Duel pickles mid-step -------------------------------------------------------------------------


@pytest.mark.parametrize("executor", ["fast", "transitions"])
@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_a_duel_pickled_mid_step_goes_on_identically(record: dict[str, Any], executor: str) -> None:
    for k in (0, 1, 3):
        duel = fresh(record, executor)
        agent = decisions_to(duel, k, seed=11)
        copy = pickle.loads(pickle.dumps(duel))
        assert copy.executor == executor
        assert copy.state == duel.state and copy.state is not duel.state
        assert copy.state.state_hash() == duel.state.state_hash()
        tail = pickle.loads(pickle.dumps(agent))  # the agent's RNG travels too
        duel.run(agent)
        copy.run(tail)
        assert copy.state.log == duel.state.log
        assert copy.state == duel.state


_REMOTE = """
import pickle, sys, json
import engine
duel = pickle.loads(sys.stdin.buffer.read())
duel.run(engine.PassAgent())
print(json.dumps([duel.state.state_hash(), len(duel.state.log), [p.lp for p in duel.state.players]]))
"""


def test_a_duel_can_be_sent_to_another_process() -> None:
    record = next(r for r in RECORDS if r["scenario"]["id"] == "DS-001")
    duel = fresh(record)
    decisions_to(duel, 1, seed=2)
    blob = pickle.dumps(duel)
    remote = json.loads(_in_fresh_process(_REMOTE, "99", stdin=blob))
    duel.run(engine.PassAgent())
    assert remote == [duel.state.state_hash(), len(duel.state.log), [p.lp for p in duel.state.players]]


def test_a_duel_with_an_unpicklable_custom_effect_type_says_so() -> None:
    registry = engine.default_registry()
    registry.register(engine.EffectType("local", hooks={engine.Hook.PIERCING: lambda ctx, src: None}))
    duel = engine.Duel(fresh(RECORDS[0]).state, registry)
    with pytest.raises((pickle.PicklingError, AttributeError), match="lambda"):
        pickle.dumps(duel)


# -- no interference ---------------------------------------------------------------------------------------


def test_two_duels_interleaved_in_one_process_never_interfere() -> None:
    pairs = [(RECORDS[i], RECORDS[-1 - i]) for i in range(0, len(RECORDS) // 2, 3)]
    for ra, rb in pairs:
        alone = [fresh(r).run(engine.RandomAgent(3)).state for r in (ra, rb)]
        duels, agents = [fresh(ra), fresh(rb)], [engine.RandomAgent(3), engine.RandomAgent(3)]
        live = [0, 1]
        while live:  # one machine state of each in turn, deciding whenever one waits
            for i in list(live):
                duel = duels[i]
                if duel.pending_decision is not None:
                    duel.decide(agents[i].choose(duel.pending_decision, duel))
                duel.step()
                if duel.is_stopped and duel.pending_decision is None:
                    live.remove(i)
        assert [d.state for d in duels] == alone


# The state class the clone copies field by field (`GameState.clone`). The cards, the players, the battle and the
# window are immutable records (issue 39): shared, never copied.
COPIED = [("GameState", "_copy")]


@pytest.mark.parametrize(("name", "method_name"), COPIED)
def test_the_hand_written_copies_write_every_field(name: str, method_name: str) -> None:
    """The copies are written out field by field (so the compiled build copies native slots): a
    field added to the class but not to its copy would silently take its default in every clone.
    Read from the source, so the check is the same in the compiled build."""
    tree = ast.parse((ROOT / "engine" / "state.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    method = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == method_name)
    written = [
        t.attr
        for node in ast.walk(method)
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "n"
    ]
    fields = [f.name for f in attrs.fields(getattr(engine.state, name))]
    assert sorted(written) == sorted(fields) and len(set(written)) == len(written)


def test_a_clone_mid_chain_equals_its_original_and_shares_nothing_mutable() -> None:
    """At a decision point with a window open, the clone is equal field for field, and none of the
    mutable parts (the root, the history's lists) is shared; the cards, players, battle, window, lingering effects
    and mappings, immutable, are (issue 39: a clone copies the root and the history's lists, whatever the number of
    cards; a checkpoint copies the root alone)."""
    for record in RECORDS:
        duel = fresh(record)
        decisions_to(duel, 2, seed=3)
        state = duel.state
        if state.window is None:
            continue
        new = state.clone()
        assert new == state
        assert new is not state
        assert new.cards is state.cards and new.players is state.players and new.battle is state.battle
        assert new.window is state.window  # (an immutable record: shared)
        assert type(state.cards) is tuple and type(state.players) is tuple
        for field in ("chains", "lp_changes", "log"):
            assert getattr(new, field) is not getattr(state, field)
        for field in ("lingering", "stat_since", "indestructible_used", "last_known"):  # immutable: shared
            assert getattr(new, field) is getattr(state, field)
        cp = state.checkpoint()  # one object: every field shared, the history's lists too
        assert cp is not state and all(getattr(cp, f.name) is getattr(state, f.name) for f in attrs.fields(GameState))
        return
    raise AssertionError("no rules case opens a window within two decisions")


# -- the frozen values (`engine.values.frozen`): hand-written __init__, attrs for the rest ----------------------------

FROZEN = ["Effect", "Source", "EffectType", "Lingering", "ChainLink", "PendingTrigger", "ChainRecord", "LpChange",
          "Decision", "BattleInput", "Packet", "BaseOutcome", "DamageResult", "LastKnown",
          "Card", "PlayerState", "Battle", "WindowState", "TriggeringEvent"]  # fmt: skip


def _frozen_class(name: str) -> type:
    modules = (effect_values, effects, state, decisions, calculation, modifiers, battle_values, event_values)
    return next(getattr(m, name) for m in modules if hasattr(m, name))


def _damage_values(duel: engine.Duel) -> list[object]:
    """Damage calculation's values as the duel would make them if it were performed now."""
    ctx = duel.ctx
    b = ctx.state.battle
    if b.attacker < 0 or b.battled or battle_problem(ctx) is not None:
        return []
    inp = battle_input(ctx)
    base = calculation.compare_values(inp)
    battlers = frozenset(i for i in (b.attacker, b.target) if i is not None)
    result = modifiers.apply_battle_damage_modifiers(base.damage, battle_damage_modifiers(ctx), battlers)
    return [inp, base, *base.damage, result]


def test_every_frozen_value_class_is_listed_here() -> None:
    """A new `Frozen` subclass gets the checks below too."""
    # (the optional integrations import their extras: gymnasium, pyspiel, pettingzoo; none defines a Frozen class)
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        if info.name.split(".")[-1] in {"__main__", "openspiel", "pettingzoo", "gym_env"}:
            continue
        module = import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Frozen) and value is not Frozen:
                assert value.__name__ in FROZEN, f"{value.__name__} is a Frozen class missing from FROZEN"


@pytest.mark.parametrize("name", FROZEN)
def test_a_frozen_value_takes_each_field_from_its_own_parameter(name: str) -> None:
    """The __init__ is written out (so the compiled build sets native slots): each field must come
    from the parameter of the same name, in the attrs field order, or `attrs.evolve`, pickling
    and positional construction would silently mix fields up. Read from the source, so the check
    is the same in the compiled build."""
    cls = _frozen_class(name)
    path = ROOT / (cls.__module__.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text())
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    init = next(n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    params = [a.arg for a in init.args.args[1:]]
    fields = [f.name for f in attrs.fields(cls)]
    assert params == fields
    written = {}
    for call in ast.walk(init):
        if isinstance(call, ast.Call) and ast.unparse(call.func) == "object.__setattr__":
            target, value = call.args[1], call.args[2]
            assert isinstance(target, ast.Constant)
            written[target.value] = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    assert list(written) == fields  # each field once, in order
    for field, names in written.items():
        assert field in names and not (names & (set(fields) - {field})), f"{name}.{field} is set from {names}"


def _instances() -> list[object]:
    """One value of each frozen class, from a real run (and the registry's types)."""
    found: dict[str, object] = {}
    for record in RECORDS:
        duel = fresh(record, show=False)
        agent = engine.RandomAgent(3)
        while (d := duel.advance()) is not None:
            found.setdefault("Decision", d)
            w = duel.state.window
            held = [*(w.chain + w.triggers + w.placing if w else ()), *duel.state.lingering, *_damage_values(duel),
                    duel.state.battle, *([w] if w else [])]
            for value in held:
                found.setdefault(type(value).__name__, value)
            duel.decide(agent.choose(d, duel))
        s = duel.state
        for value in [*s.cards, *s.players, *s.chains, *s.lp_changes, *s.lingering, *s.last_known.values(),
                      *(e for c in s.cards for e in c.effects)]:
            found.setdefault(type(value).__name__, value)
        with_effects = [i for i, c in enumerate(s.cards) if c.effects]
        if with_effects:
            found.setdefault("Source", duel.ctx.source_of(with_effects[0], 0))
        found.setdefault("EffectType", next(iter(duel.registry.values())))
    found.setdefault("TriggeringEvent", event_values.TriggeringEvent((1,), (2,), 500))  # (rare in the records' runs)
    return list(found.values())


def test_frozen_values_refuse_writes_and_round_trip() -> None:
    values = _instances()
    assert {type(v).__name__ for v in values} == set(FROZEN)
    for value in values:
        first = attrs.fields(type(value))[0].name
        with pytest.raises(FrozenInstanceError):
            setattr(value, first, None)
        with pytest.raises(FrozenInstanceError):
            delattr(value, first)
        assert attrs.evolve(value) == value
        if type(value).__name__ != "EffectType":  # its handlers (a dict, functions) need not hash or pickle
            if type(value).__hash__ is not None:  # (a Card's tags may hold anything: neither it nor LastKnown hashes)
                assert hash(attrs.evolve(value)) == hash(value)
            assert pickle.loads(pickle.dumps(value)) == value
        assert repr(value).startswith(type(value).__name__ + "(")


def test_an_effect_freezes_its_windows_and_parameters_whatever_it_is_given() -> None:
    # A value all the way down (README, "Values"): a set or list of windows becomes a frozenset, a
    # dict of parameters `Params`, so the effect hashes and equals one built from frozen values.
    w = [engine.Window.START_OF_DAMAGE_STEP, engine.Window.BEFORE_DAMAGE_CALCULATION]
    given = engine.Effect("pump", engine.EffectKind.ACTIVATED, {"does": [{"op": "gain_lp"}]}, windows=set(w))
    frozen = engine.Effect("pump", engine.EffectKind.ACTIVATED, freeze({"does": ({"op": "gain_lp"},)}), windows=w)
    assert type(given.windows) is frozenset and given.windows == frozenset(w)
    assert given == frozen and hash(given) == hash(frozen)
    assert engine.Effect("x", engine.EffectKind.ACTIVATED).windows is None


def test_a_lingering_effect_put_in_order_changes_only_its_place() -> None:
    ling = engine.Lingering(engine.actions.STAT_CHANGE, engine.Player.B, 3, 4, "end_of_turn", 100, -200, 300, 400,
                            OriginalChange(OriginalOp.HALVE), OriginalChange(OriginalOp.BECOMES, 5), 6)  # fmt: skip
    assert ling.in_order(9) == attrs.evolve(ling, seq=9)


def test_the_random_agent_draws_what_random_choice_would() -> None:
    """`RandomAgent.choose` writes `random.Random.choice` out for speed: the same seed must still
    give the same choices, so seeded playouts stay what they were."""
    for seed in range(20):
        agent, rng = engine.RandomAgent(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 5, 7, 8, 9, 17):
            options = tuple(Option(i, 0) for i in range(n))
            d = Decision(engine.Player.A, DecisionKind.PRIORITY, engine.Window.START_OF_DAMAGE_STEP, options)
            for _ in range(5):
                assert agent.choose(d, None) == rng.choice(options)  # type: ignore[arg-type]

"""The state's cards, players and battle are immutable records, and its lingering effects and mappings immutable
values (issue 39, docs/design.md's decision): a write to one fails loudly, a change replaces the record through a named
writer (`engine.state.write_*`), and so a clone, which shares them, is independent of its original whatever either
plays next, and a snapshot (`GameState.checkpoint`) is the root alone, sharing every value it holds."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_random_playouts import scenarios

import engine
from engine.search import BattleGame
from engine.state import (
    Battle,
    Card,
    GameState,
    PlayerState,
    write_battle,
    write_card,
    write_indestructible_used,
    write_lp,
    write_moved,
    write_position,
)


def _duel() -> engine.Duel:
    b = engine.StateBuilder()
    b.monster("att", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000)
    return engine.Duel(b.build())


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(Card)])
def test_a_write_to_any_field_of_a_card_fails_loudly(field: str) -> None:
    duel = _duel()
    card = duel.card("x")
    before = pickle.dumps(duel.state)
    with pytest.raises(FrozenInstanceError):
        setattr(card, field, getattr(card, field))
    with pytest.raises(FrozenInstanceError):
        delattr(card, field)
    assert pickle.dumps(duel.state) == before


def test_a_write_to_a_player_or_the_cards_tuple_fails_loudly() -> None:
    duel = _duel()
    with pytest.raises(FrozenInstanceError):
        duel.state.players[1].lp = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        duel.state.cards[0] = duel.state.cards[1]  # type: ignore[index]
    with pytest.raises(TypeError):
        duel.state.players[0] = PlayerState(1)  # type: ignore[index]
    assert duel.lp("B") == 8000


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(Battle)])
def test_a_write_to_any_field_of_the_battle_fails_loudly(field: str) -> None:
    duel = _duel()
    duel.declare_attack("att", "x")
    b = duel.state.battle
    before = pickle.dumps(duel.state)
    with pytest.raises(FrozenInstanceError):
        setattr(b, field, getattr(b, field))
    with pytest.raises(FrozenInstanceError):
        delattr(b, field)
    assert pickle.dumps(duel.state) == before


def test_a_write_to_the_lingering_effects_or_a_mapping_of_the_state_fails_loudly() -> None:
    duel = _duel()
    s = duel.state
    assert type(s.lingering) is tuple
    for mapping in (s.stat_since, s.indestructible_used, s.last_known):
        with pytest.raises(TypeError, match="read-only"):
            mapping[(0, 0)] = 1  # type: ignore[index]
        with pytest.raises(TypeError, match="read-only"):
            mapping.clear()  # type: ignore[attr-defined]
    twin = s.clone()
    write_indestructible_used(s, (0, 0), 1)
    assert s.indestructible_used == {(0, 0): 1} and twin.indestructible_used == {}
    assert pickle.loads(pickle.dumps(s)) == s and pickle.loads(pickle.dumps(s)).state_hash() == s.state_hash()


def test_a_battle_change_is_a_new_record_and_a_clone_keeps_the_old_one() -> None:
    duel = _duel()
    duel.declare_attack("att", "x")
    s = duel.state
    old = s.battle
    twin = s.clone()
    write_battle(s, old.compared((2000, 1000)))
    assert old.values_compared is None and not old.battled and twin.battle is old
    assert s.battle.values_compared == (2000, 1000) and s.battle.battled
    assert attrs.evolve(s.battle, values_compared=None, battled=False) == old


def test_a_snapshot_is_the_root_alone_sharing_every_value() -> None:
    """`GameState.checkpoint` (the `Duel`'s snapshot, at every public call) makes one object, the root, whatever is
    open; every field is the very value the state holds (nothing copied: the window is an immutable record too), and
    undoing a call puts those references back. A clone also copies the history's three lists."""
    for seed in range(30):
        game = BattleGame.from_duel(_duel())
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(rng.randrange(4)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        s = state.duel.state
        snap = s.checkpoint()
        fields = [f.name for f in attrs.fields(GameState)]
        copied = {f for f in fields if getattr(snap, f) is not getattr(s, f)}
        assert not copied and snap is not s and snap == s
        # Records and containers, not tuples: compiled, a field of a fixed-length tuple type is stored unboxed and read
        # as a new tuple each time. The walk's objects are kept alive, so that no id is reused.
        kept = _walk(s)
        ids = {id(v) for v in kept}

        def made(copy: GameState, ids: set[int] = ids) -> int:
            return sum(1 for v in _walk(copy) if id(v) not in ids and not isinstance(v, tuple))

        assert made(snap) == 1
        assert made(s.clone()) == 1 + 3  # (log, chains, LP changes)


def test_a_writer_replaces_the_record_and_a_clone_keeps_the_old_one() -> None:
    duel = _duel()
    s = duel.state
    twin = s.clone()
    old = s.cards[1]
    write_position(s, 1, engine.Position.DEFENSE)
    write_lp(s, engine.Player.B, 100)
    assert old.position is engine.Position.ATTACK and s.cards[1].position is engine.Position.DEFENSE
    assert twin.cards[1] is old and twin.players[1].lp == 8000 and s.players[1].lp == 100
    write_moved(s, 1, engine.Location.GRAVEYARD, None, engine.Player.B, None, 0, False)
    assert s.cards[1].instance == old.instance + 1 and twin.cards[1] is old
    write_card(s, 0, attrs.evolve(s.cards[0], base_atk=1))
    assert s.cards[0].base_atk == 1 and twin.cards[0].base_atk == 2000


def test_a_clone_copies_the_same_few_objects_whatever_the_number_of_cards() -> None:
    """The cards are shared: a clone's new objects do not grow with the cards."""

    def fresh_objects(n: int) -> int:
        b = engine.StateBuilder().monster("att", "A", atk=2000, def_=1000).monster("x", "B", atk=1000, def_=1000)
        for k in range(n):
            b.monster(f"h{k}", "A", atk=100, def_=100, location="hand")
        s = b.build()
        new = s.clone()
        ids = {id(v) for v in _walk(s)}
        return sum(1 for v in _walk(new) if id(v) not in ids)

    assert fresh_objects(0) == fresh_objects(40)


def _walk(v: Any, seen: set[int] | None = None) -> list[Any]:
    """Every container and attrs object reachable from `v` (not the scalars, which are shared anyway)."""
    seen = set() if seen is None else seen
    if id(v) in seen or not (attrs.has(type(v)) or isinstance(v, list | tuple | dict)):
        return []
    seen.add(id(v))
    out = [v]
    children = (v.values() if isinstance(v, dict) else v) if isinstance(v, list | tuple | dict) else (
        getattr(v, f.name) for f in attrs.fields(type(v)))  # fmt: skip
    for c in children:
        out += _walk(c, seen)
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
          database=None)
@given(d=scenarios(), seed=st.integers(0, 2**32 - 1), split=st.integers(0, 6), which=st.booleans())
def test_playing_a_clone_never_changes_its_original_nor_the_other_way(
    d: dict[str, Any], seed: int, split: int, which: bool
) -> None:
    game = BattleGame(d, record=True)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(split):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    played, kept = (twin, state) if which else (state, twin)
    before = pickle.dumps(kept.duel.state), kept.state_hash(), list(kept.history)
    while not played.is_terminal():
        played.apply_action(rng.choice(played.legal_actions()))
    assert (pickle.dumps(kept.duel.state), kept.state_hash(), kept.history) == before

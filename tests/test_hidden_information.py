"""No hidden information leaks (issue 41, "What it must show").

Two states that differ only in what player X cannot see give X identical observation tensors, observation strings
and information states (string and tensor), through `engine.search`, the OpenSpiel game, the PettingZoo env and the
Gymnasium env. The fields are random Battle Phases of library cards (`engine.fields`), played a random number of
random decisions; then every card X cannot see is given the identity (name, type, ATK/DEF, effects...) of another
library card that could be there.

What X cannot see is written out here from the rules of the table, not read from `engine.observation`: the
opponent's hand, the opponent's face-down cards (a Set monster, a Set Spell or Trap), every card in a Deck, unless the
card was public (face-up on the field, in the Graveyard, banished) at the start or after some decision on the way.
The other direction is checked too, so that the property is not vacuous: giving a card X *can* see another identity
changes X's observation; and the open-hand view (the perfect-information variant) does show the hidden cards.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import attrs
import needs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.effects import Index
from engine.fields import MAX_EFFECTS, random_field
from engine.search import BattleGame, BattleState
from engine.state import Card
from engine.values.decisions import ATTACK, Option
from engine.values.game import Location, Player, Position

np = needs.module("numpy")
pyspiel = needs.module("pyspiel")
needs.module("pettingzoo")

import engine.openspiel  # noqa: E402, F401  (registers the game)
from engine.gym_env import BattleEnv  # noqa: E402
from engine.pettingzoo import raw_env  # noqa: E402
from engine.state import write_card, write_position  # noqa: E402

FIELDS: dict[int, dict[str, Any]] = {}  # each seed's field, as a scenario JSON object

# What a card is, as opposed to where it is and how it lies (which the table sees).
IDENTITY = ("id", "name", "card_type", "base_atk", "base_def", "effects", "attribute", "monster_type", "level",
            "card_property", "pendulum", "details")  # fmt: skip


def public(card: Card) -> bool:
    if card.location in (Location.GRAVEYARD, Location.BANISHED):
        return True
    if card.location is Location.MONSTER_ZONE:
        return card.position is not Position.SET
    return card.location is Location.SPELL_TRAP_ZONE and not card.face_down


def hidden_from(state: BattleState, viewer: Player, ever_public: set[int]) -> list[int]:
    """The cards `viewer` cannot see (module docstring)."""
    out = []
    for i, c in enumerate(state.duel.state.cards):
        if i in ever_public or public(c):
            continue
        if c.location is Location.DECK or c.controller is not viewer:
            out.append(i)
    return out


def play(seed: int, decisions: int, **kw: Any) -> tuple[BattleState, set[int]]:
    """A random field played `decisions` random decisions (fewer if it ends), and the cards public on the way."""
    rng = random.Random(seed)
    game = BattleGame(FIELDS.setdefault(seed, random_field(rng)), effects_per_card=MAX_EFFECTS, **kw)
    s = game.new_initial_state()
    ever = {i for i, c in enumerate(game._start.state.cards) if public(c)}
    ever |= {i for i, c in enumerate(s.duel.state.cards) if public(c)}
    for _ in range(decisions):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
        ever |= {i for i, c in enumerate(s.duel.state.cards) if public(c)}
    return s, ever


def donors(seed: int) -> list[Card]:
    """Library cards to give hidden cards: those of other random fields, as the engine loaded them."""
    out: list[Card] = []
    for k in range(3):
        out += BattleGame(random_field(random.Random(seed * 7 + k))).new_initial_state().duel.state.cards
    return out


def could_be_there(card: Card, donor: Card) -> bool:
    if card.location is Location.MONSTER_ZONE:
        return donor.is_monster
    if card.location is Location.SPELL_TRAP_ZONE:
        return not donor.is_monster
    return True


def with_identities(state: BattleState, which: list[int], pool: list[Card], rng: random.Random) -> BattleState:
    """A copy of `state` whose cards `which` are other library cards, each where and as it lies."""
    other = state.clone()
    for i in which:
        card = other.duel.state.cards[i]
        choices = [d for d in pool if could_be_there(card, d) and d.name != card.name]
        donor = rng.choice(choices)
        write_card(other.duel.state, i, attrs.evolve(card, **{f: getattr(donor, f) for f in IDENTITY}))
    other.duel.ctx.index = Index(other.duel.state.cards, other.duel.ctx.registry)  # the effects' hooks, looked up again
    return other


@cache
def spiel_game(scenario: str) -> Any:
    return pyspiel.load_game("python_damage_step", {"scenario": scenario, "effects_per_card": MAX_EFFECTS})


def views(state: BattleState, viewer: int, seed: int) -> dict[str, Any]:
    """Everything `viewer` is shown of `state`, through each interface."""
    out: dict[str, Any] = {
        "search.observation": state.observation(viewer),
        "search.observation_string": state.observation_string(viewer),
        "search.information_state_string": state.information_state_string(viewer),
        "search.information_state_tensor": state.information_state_tensor(viewer),
    }
    spiel = spiel_game(json.dumps(FIELDS[seed])).new_initial_state()
    spiel.inner = state  # the OpenSpiel state of this position (its observers read `inner`)
    out["openspiel.observation_tensor"] = list(spiel.observation_tensor(viewer))
    out["openspiel.observation_string"] = spiel.observation_string(viewer)
    out["openspiel.information_state_tensor"] = list(spiel.information_state_tensor(viewer))
    out["openspiel.information_state_string"] = spiel.information_state_string(viewer)
    aec = raw_env(state.game.scenario, effects_per_card=MAX_EFFECTS)
    aec.battle = state
    seen = aec.observe(aec.possible_agents[viewer])
    out["pettingzoo.observation"] = seen["observation"].tolist()
    out["pettingzoo.action_mask"] = seen["action_mask"].tolist()
    gym = BattleEnv(state.game.scenario, agent=viewer, effects_per_card=MAX_EFFECTS, render_mode="ansi")
    gym.state = state
    obs = gym.observe()
    out["gymnasium.observation"] = obs["observation"].tolist()
    out["gymnasium.action_mask"] = obs["action_mask"].tolist()
    out["gymnasium.render"] = gym.render()
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), decisions=st.integers(0, 8), viewer=st.sampled_from([0, 1]))
def test_what_a_player_cannot_see_changes_nothing_they_are_shown(seed: int, decisions: int, viewer: int) -> None:
    state, ever = play(seed, decisions)
    hidden = hidden_from(state, Player(viewer), ever)
    rng = random.Random(seed)
    pool = donors(seed)
    other = with_identities(state, hidden, pool, rng)
    if hidden:  # the two states do differ (what the rules know of the cards)
        assert [c.name for c in other.duel.state.cards] != [c.name for c in state.duel.state.cards]
    assert views(other, viewer, seed) == views(state, viewer, seed)
    # Not vacuous: a card the viewer sees, given another identity, changes what they are shown.
    shown = [i for i in range(len(state.duel.state.cards)) if i not in hidden
             and state.duel.state.cards[i].location is not Location.DECK]  # fmt: skip
    changed = with_identities(state, [rng.choice(shown)], pool, rng)
    a, b = views(changed, viewer, seed), views(state, viewer, seed)
    assert a["search.observation_string"] != b["search.observation_string"]
    assert a["openspiel.information_state_string"] != b["openspiel.information_state_string"]


def test_the_open_hand_view_shows_what_the_hidden_view_hides() -> None:
    """B's hand and Set card, and a Set monster of B, shown to A in the open-hand view only."""
    for seed in range(50):
        state, ever = play(seed, 0)
        hidden = hidden_from(state, Player.A, ever)
        if any(state.duel.state.cards[i].location is Location.MONSTER_ZONE for i in hidden):
            break
    else:
        raise AssertionError("no field with a Set monster of B in 50 seeds")
    open_state, _ = play(seed, 0, view="open_hand")
    hidden_text, open_text = state.observation_string(0), open_state.observation_string(0)
    for i in hidden:
        name = state.game.names[i]
        assert f"card {i} {name}" in open_text and f"card {i} {name}" not in hidden_text
        assert f"card {i} (B)" in hidden_text
    pool = donors(seed)
    other = with_identities(open_state, hidden, pool, random.Random(seed))
    assert other.observation(0) != open_state.observation(0) or other.observation_string(0) != open_text


def test_a_flipped_monster_stays_known_after_it_is_set_again() -> None:
    """Revealed by the rules, known to both from then on (the revelation is kept by the game state)."""
    from engine.observation import CARD_FIELDS, HEADER_SIZE, PLACES

    scenario = {
        "format": "damage-step-scenario/1", "id": "flip-then-set", "turn_player": "A",
        "life_points": {"A": 8000, "B": 8000}, "battle_phase": {},
        "cards": [
            {"id": "att", "controller": "A", "name": "Attacker", "atk": 2000, "def": 0, "position": "attack"},
            {"id": "wall", "controller": "B", "name": "Wall", "atk": 0, "def": 2500, "position": "set"},
        ],
    }  # fmt: skip
    s = BattleGame(scenario).new_initial_state()
    known = HEADER_SIZE + CARD_FIELDS + len(PLACES) + 2  # card 1's "known" field
    assert s.observation(0)[known] == 0.0 and s.observation(1)[known] == 1.0
    s.apply_action(s.game.actions.encode(Option(0, ATTACK, (1,))))
    while not s.is_terminal() and s.duel.state.cards[1].position is Position.SET:
        s.apply_action(0)
    assert s.duel.state.cards[1].position is not Position.SET  # flipped by the attack
    assert s.observation(0)[known] == 1.0 and "Wall" in s.observation_string(0)
    flipped = s.clone()
    write_position(flipped.duel.state, 1, Position.SET)  # Set again
    assert flipped.observation(0)[known] == 1.0 and "Wall" in flipped.observation_string(0)
    assert BattleGame(scenario).new_initial_state().revealed == 0b01  # the attacker only, before the attack


def a_plays_b_passes(scenario: dict[str, Any], seed: int, every_priority: bool) -> list[tuple[int, list[float]]]:
    """Whose decision each is and what A is shown then, A choosing at random (seeded), B always passing."""
    s = BattleGame(scenario, effects_per_card=MAX_EFFECTS, every_priority=every_priority).new_initial_state()
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        out.append((s.current_player(), s.observation(0)))
        s.apply_action(rng.choice(s.legal_actions()) if s.current_player() == 0 else 0)
    return out


def test_every_priority_hides_whether_the_opponent_holds_an_answer() -> None:
    """Two deals that differ only in B's Set Spell or Trap: with `every_priority`, while B only passes, A is shown
    the same and asked the same in both; without it, B is asked only when the Set card could be activated, which
    shows A something of it for some deal (the engine's default, documented)."""
    from engine.fields import BACKROW

    leaks = 0
    for seed in range(12):
        deal = random_field(random.Random(seed))
        other = json.loads(json.dumps(deal))
        set_card = next(c for c in other["cards"] if c["id"] == "bs0")
        set_card["card"] = random.Random(seed).choice([k for k in BACKROW if k != set_card["card"]])
        assert a_plays_b_passes(deal, seed, True) == a_plays_b_passes(other, seed, True)
        leaks += a_plays_b_passes(deal, seed, False) != a_plays_b_passes(other, seed, False)
    assert leaks

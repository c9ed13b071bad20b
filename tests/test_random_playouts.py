"""Random playouts (hypothesis): random scenarios with activated, trigger and FLIP effects, played by
RandomAgent with a drawn seed. Invariants from the rules spec: the Damage Step always ends (§1.7 item 3, or
the Duel ends, §2.7), LP never go below 0 (§2.7), a monster determined destroyed by battle ends in one place
off the field unless it was removed and came back (§1.7 item 1, §1.8 last paragraph), and a seed replays
exactly (engine.RandomAgent: "the same seed gives the same game")."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

MAX_DECISIONS = 2000

WINDOWS = ["start_of_damage_step", "before_damage_calculation", "during_damage_calculation",
           "after_damage_calculation", "end_of_damage_step"]
EVENTS = ["start_of_damage_step", "before_damage_calculation", "battle_damage_inflicted", "battle_damage_taken",
          "after_damage_calculation", "destroyed_by_battle", "destroyed_by_battle_and_sent_to_graveyard",
          "destroys_by_battle", "end_of_damage_step"]
CONDITIONS = ["this_card_battled", "this_card_attacked", "this_card_was_attacked", "attacking_defense_position",
              "attacking_face_down", "was_face_down_at_start", "destroys_battling_opponent"]
FIELD_MONSTERS = ["att", "tgt", "a1", "b1", "b2"]
KEYWORDS = ["attacker", "target", "self", "battling_opponent"]
REFS = KEYWORDS + FIELD_MONSTERS


def ops() -> st.SearchStrategy[dict[str, Any]]:
    ref = st.sampled_from(REFS)
    return st.one_of(
        st.builds(lambda p, a: {"op": "damage", "player": p, "amount": a},
                  st.sampled_from(["controller", "opponent", "both", "A", "B"]), st.integers(0, 4000)),
        st.builds(lambda p, a: {"op": "gain_lp", "player": p, "amount": a},
                  st.sampled_from(["controller", "opponent"]), st.integers(0, 2000)),
        st.builds(lambda c: {"op": "draw", "player": "controller", "count": c}, st.integers(0, 2)),
        st.builds(lambda t, a, d, u: {"op": "change_stats", "target": t, "atk": a, "def": d, "until": u},
                  ref, st.integers(-2000, 2000), st.integers(-2000, 2000),
                  st.sampled_from(["end_of_turn", "end_of_damage_step", "damage_calculation"])),
        st.builds(lambda t: {"op": "change_stats", "target": t, "atk_gain_equal_to": "battling_opponent_atk"}, ref),
        st.builds(lambda p: {"op": "no_battle_damage_this_battle", "player": p},
                  st.sampled_from(["controller", "opponent"])),
        st.builds(lambda t: {"op": "indestructible_by_battle_this_turn", "target": t}, ref),
        st.builds(lambda d: {"op": "negate_activation", "destroy": d}, st.booleans()),
        st.builds(lambda o, t: {"op": o, "target": t},
                  st.sampled_from(["destroy", "banish", "return_to_hand", "send_to_graveyard", "take_control"]), ref),
        st.builds(lambda t, to: {"op": "change_position", "target": t, "to": to},
                  ref, st.sampled_from(["attack", "defense", "set"])),
        st.builds(lambda c, pos: {"op": "special_summon", "card": c, "position": pos},
                  st.sampled_from(["gy_a", "h_b"]), st.sampled_from(["attack", "defense"])),
    )


def with_target_and_cost(draw: Any, eff: dict[str, Any], hand: bool = False) -> dict[str, Any]:
    if draw(st.booleans()):
        eff["target"] = draw(st.sampled_from(REFS))
    cost: dict[str, Any] = {}
    if draw(st.integers(0, 3)) == 0:
        cost["lp"] = draw(st.integers(0, 2000))
    if hand and draw(st.booleans()):
        cost["discard_self"] = True
    if cost:
        eff["cost"] = cost
    return eff


@st.composite
def activated(draw: Any, hand: bool = False) -> dict[str, Any]:
    eff = {"kind": "activated", "speed": draw(st.sampled_from([1, 2, 2, 3])),
           "does": draw(st.lists(ops(), min_size=1, max_size=3)),
           "during_damage_calculation": draw(st.booleans()),
           "damage_step": draw(st.sampled_from(["auto", "allowed", "allowed", "forbidden"]))}
    if hand:
        eff["from"] = "hand"
    return with_target_and_cost(draw, eff, hand)


@st.composite
def trigger(draw: Any, where: str = "field") -> dict[str, Any]:
    eff = {"kind": "trigger", "on": draw(st.sampled_from(EVENTS)), "optional": draw(st.booleans()),
           "does": draw(st.lists(ops(), min_size=1, max_size=3))}
    conditions = draw(st.lists(st.sampled_from(CONDITIONS), max_size=2))
    if conditions:
        eff["condition"] = conditions if len(conditions) > 1 else conditions[0]
    if where != "field":
        eff["from"] = where
    return with_target_and_cost(draw, eff)


@st.composite
def flip(draw: Any) -> dict[str, Any]:
    eff = {"kind": "flip", "optional": draw(st.booleans()), "does": draw(st.lists(ops(), min_size=1, max_size=3))}
    return with_target_and_cost(draw, eff)


def continuous() -> st.SearchStrategy[dict[str, Any]]:
    rel = st.sampled_from(["controller", "opponent", "both"])
    return st.one_of(
        st.builds(lambda d: {"kind": "piercing", "double": d}, st.booleans()),
        st.just({"kind": "indestructible_by_battle"}),
        st.builds(lambda n: {"kind": "indestructible_by_battle", "times_per_turn": n}, st.integers(1, 2)),
        st.builds(lambda p, s: {"kind": "avoid_battle_damage", "player": p, "scope": s}, rel,
                  st.sampled_from(["involving", "all"])),
        st.sampled_from([{"kind": k} for k in ("reflect_battle_damage", "also_inflict_battle_damage",
                                                "both_take_battle_damage", "double_battle_damage",
                                                "battle_damage_is_effect_damage", "banish_instead_of_graveyard")]),
        st.builds(lambda p: {"kind": "halve_battle_damage", "player": p}, rel),
        st.builds(lambda p, v: {"kind": "battle_damage_becomes", "player": p, "value": v}, rel, st.integers(0, 3000)),
        st.builds(lambda p: {"kind": "gain_lp_instead", "player": p}, rel),
        st.builds(lambda a, d, ap, w: {"kind": "stat_modifier", "atk": a, "def": d, "applies_to": ap, "while": w},
                  st.integers(-1500, 1500), st.integers(-1500, 1500),
                  st.sampled_from(["self", "other_own_monsters", "own_monsters", "opponent_monsters"]),
                  st.sampled_from(["always", "damage_step", "damage_calculation"])),
        st.builds(lambda t, p: {"kind": "activation_lock", "card_type": t, "player": p},
                  st.sampled_from(["spell", "trap"]), rel),
        st.just({"kind": "self_destroy_unless", "condition": "never holds"}),
    )


@st.composite
def monster_effects(draw: Any, set_: bool = False) -> list[dict[str, Any]]:
    effects = draw(st.lists(st.one_of(continuous(), trigger(), trigger(), activated()), max_size=3))
    if set_ and draw(st.booleans()):
        effects.insert(0, draw(flip()))
    return effects


@st.composite
def scenarios(draw: Any) -> dict[str, Any]:
    stat = st.integers(0, 4000).map(lambda x: x - x % 100)
    att_pos = draw(st.sampled_from(["attack", "attack", "defense"]))
    att_effects = draw(monster_effects())
    if att_pos == "defense":
        att_effects.append({"kind": "attack_from_defense", "apply": draw(st.sampled_from(["atk", "def"]))})
    cards: list[dict[str, Any]] = [
        {"id": "att", "controller": "A", "atk": draw(stat), "def": draw(stat), "position": att_pos,
         "effects": att_effects}]
    for cid, ctrl in (("tgt", "B"), ("a1", "A"), ("b1", "B"), ("b2", "B")):
        pos = draw(st.sampled_from(["attack", "defense", "set"]))
        cards.append({"id": cid, "controller": ctrl, "atk": draw(stat), "def": draw(stat), "position": pos,
                      "effects": draw(monster_effects(set_=pos == "set"))})
    cards.append({"id": "gy_a", "controller": "A", "location": "graveyard", "atk": draw(stat), "def": draw(stat),
                  "effects": draw(st.lists(trigger("graveyard"), max_size=1))})
    cards.append({"id": "h_b", "controller": "B", "location": "hand", "atk": draw(stat), "def": draw(stat),
                  "effects": draw(st.lists(activated(hand=True), max_size=1))})
    for k in range(draw(st.integers(0, 4))):
        ctrl = draw(st.sampled_from(["A", "B"]))
        kind = draw(st.sampled_from(["spell", "trap", "counter_trap", "continuous"]))
        if kind == "counter_trap":
            eff = {"kind": "activated", "speed": 3,
                   "does": [{"op": "negate_activation", "destroy": draw(st.booleans())}]}
            cards.append({"id": f"s{k}", "controller": ctrl, "location": "spell_trap_zone",
                          "card_type": "counter_trap", "face_down": True, "effects": [eff]})
        elif kind == "continuous":
            cards.append({"id": f"s{k}", "controller": ctrl, "location": "spell_trap_zone", "card_type": "trap",
                          "face_down": False, "effects": [draw(continuous())]})
        else:
            cards.append({"id": f"s{k}", "controller": ctrl, "location": "spell_trap_zone", "card_type": kind,
                          "face_down": draw(st.booleans()), "effects": [draw(activated())]})
    direct = draw(st.integers(0, 5)) == 0
    return {
        "format": "damage-step-scenario/1", "id": "random",
        "rules": {"zero_atk_mutual_destruction": draw(st.booleans())},
        "life_points": {"A": draw(st.integers(1, 8000)), "B": draw(st.integers(1, 8000))},
        "cards": cards,
        "attack": {"attacker": "att", "target": None if direct else "tgt"},
    }


def play(d: dict[str, Any], seed: int, show: bool) -> tuple[engine.Duel, int]:
    state = engine.state_from_scenario(engine.parse_scenario(d))
    state.show_every_priority = show
    duel = engine.Duel(state)
    agent = engine.RandomAgent(seed)
    decisions = 0
    while (dec := duel.advance()) is not None:
        assert all(p.lp >= 0 for p in duel.state.players)
        duel.decide(agent.choose(dec, duel))
        decisions += 1
        assert decisions < MAX_DECISIONS, "the Damage Step does not end"
    return duel, decisions


def check_invariants(d: dict[str, Any], duel: engine.Duel) -> None:
    s = duel.state
    # every run ends: the step is over or the duel is (§1.7 item 3, §2.7)
    assert s.phase in (engine.Phase.STEP_OVER, engine.Phase.DUEL_OVER)
    assert (s.phase is engine.Phase.DUEL_OVER) == s.duel_over
    # LP never negative (§2.7) and consistent with the recorded changes
    assert all(p.lp >= 0 for p in s.players)
    start = d["life_points"]
    for p in engine.Player:
        assert start[p.name] + sum(c.delta for c in s.lp_changes if c.player is p) == s.players[p].lp
    assert all(c.delta <= 0 if c.kind != "gain" else c.delta > 0 for c in s.lp_changes)
    for e in s.log:
        for k, v in e.data:
            if k == "lp":
                assert v >= 0
    # destroyed by battle: one place, off the field unless it left and came back (§1.7 item 1, §1.8)
    b = s.battle
    assert len(set(b.destroyed)) == len(b.destroyed)
    for i in b.destroyed:
        card = s.cards[i]
        determined = next(n for n, e in enumerate(s.log)
                          if e.type is engine.EventType.DESTROYED_BY_BATTLE and e.card == i)
        moves = [e for e in s.log[determined:] if e.type is engine.EventType.MOVED and e.card == i]
        if moves:  # its one final place is where its last move took it
            assert dict(moves[-1].data)["to"] == card.location.value
        came_back = any(dict(e.data)["to"] == "monster_zone" for e in moves)
        if s.phase is engine.Phase.STEP_OVER and not came_back:
            assert card.location is not engine.Location.MONSTER_ZONE, f"{card.id} was destroyed by battle"
        # sent by the End of the Damage Step at most once
        sends = [e for e in moves if e.phase is engine.Phase.SEND_DESTROYED_BY_BATTLE]
        assert len(sends) <= 1
    if s.phase is engine.Phase.STEP_OVER:
        assert not any(c.battle_destroyed and c.location.on_field for c in s.cards)
    # nothing is determined destroyed by battle without damage calculation (§1.8)
    if not b.battled:
        assert b.destroyed == ()


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
          database=None)
@given(d=scenarios(), seed=st.integers(0, 2**32 - 1), show=st.booleans())
def test_random_playouts_keep_the_invariants_and_replay_by_seed(d: dict[str, Any], seed: int, show: bool) -> None:
    duel, _ = play(d, seed, show)
    check_invariants(d, duel)
    again, _ = play(d, seed, show)
    assert again.state.log == duel.state.log
    assert again.state == duel.state


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
          database=None)
@given(d=scenarios(), seed=st.integers(0, 2**32 - 1))
def test_random_playouts_clone_midway_replays(d: dict[str, Any], seed: int) -> None:
    # Duel.clone: an independent copy; continuing it with the same agent state gives the same game.
    state = engine.state_from_scenario(engine.parse_scenario(d))
    duel = engine.Duel(state)
    agent = engine.RandomAgent(seed)
    dec = duel.advance()
    if dec is None:
        return
    duel.decide(agent.choose(dec, duel))
    twin = duel.clone()
    twin_agent = engine.RandomAgent(0)
    twin_agent.rng.setstate(agent.rng.getstate())
    duel.run(agent)
    twin.run(twin_agent)
    assert twin.state.log == duel.state.log
    check_invariants(d, twin)

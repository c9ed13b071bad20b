"""Properties over random one-attack scenarios (hypothesis): LP and winner, the §2.2 table without modifiers,
independence from the order continuous effects are listed in, determinism, executors, and isolated duels."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from conftest import load_records, monster, run, scenario, spell
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VALUES = st.one_of(st.integers(0, 50).map(lambda n: n * 100), st.integers(0, 3))
REL = st.sampled_from(["controller", "opponent", "both"])
OTHER = {"A": "B", "B": "A"}

# The continuous battle modifiers of the scenario format.
MODIFIERS = st.one_of(
    st.builds(lambda d: {"kind": "piercing", "double": d}, st.booleans()),
    st.builds(lambda t: {"kind": "indestructible_by_battle", **({"times_per_turn": t} if t else {})},
              st.sampled_from([None, 1])),
    st.builds(lambda p, s: {"kind": "avoid_battle_damage", "player": p, "scope": s}, REL,
              st.sampled_from(["involving", "all"])),
    st.just({"kind": "reflect_battle_damage"}),
    st.just({"kind": "also_inflict_battle_damage"}),
    st.just({"kind": "both_take_battle_damage"}),
    st.just({"kind": "double_battle_damage"}),
    st.builds(lambda p: {"kind": "halve_battle_damage", "player": p}, REL),
    st.builds(lambda p, v: {"kind": "battle_damage_becomes", "player": p, "value": v}, REL,
              st.sampled_from([0, 1, 100, 1000])),
    st.just({"kind": "battle_damage_is_effect_damage"}),
    st.builds(lambda p: {"kind": "gain_lp_instead", "player": p}, REL),
)
# Where a modifier goes: on a battler, on a face-up stand-in Spell of A or B, or on an Equip Spell of A or B.
PLACES = st.sampled_from(["att", "tgt", "stand-A", "stand-B", "equip-A-att", "equip-B-att", "equip-A-tgt",
                          "equip-B-tgt"])


@st.composite
def scenarios(draw: st.DrawFn, modifiers: bool = True) -> dict[str, Any]:
    tp = draw(st.sampled_from("AB"))
    att_pos = draw(st.sampled_from(["attack", "defense"]))
    att_effects = [{"kind": "attack_from_defense", "apply": draw(st.sampled_from(["atk", "def"]))}] \
        if att_pos == "defense" else []
    cards = [monster("att", tp, draw(VALUES), draw(VALUES), att_pos, *att_effects)]
    tgt_pos = draw(st.sampled_from(["attack", "defense", "set", None]))
    if tgt_pos is not None:
        cards.append(monster("tgt", OTHER[tp], draw(VALUES), draw(VALUES), tgt_pos))
    by_id = {c["id"]: c for c in cards}
    for eff, place in draw(st.lists(st.tuples(MODIFIERS, PLACES), max_size=5)) if modifiers else []:
        set_host = place.startswith("equip") and tgt_pos == "set"  # an Equip Card equips a face-up monster (§C.3)
        if place.endswith("tgt") and ("tgt" not in by_id or set_host):
            place = place[:-3] + "att"
        if place not in by_id:
            _, who, *host = place.split("-")
            by_id[place] = spell(place, who, equipped_to=host[0] if host else None)
            cards.append(by_id[place])
        by_id[place]["effects"].append(eff)
    lp = (draw(st.integers(1, 8000)), draw(st.integers(1, 8000)))
    return scenario(cards, "tgt" if tgt_pos else None, lp=lp, turn_player=tp,
                    rules={"zero_atk_mutual_destruction": draw(st.booleans())})


def oracle(sc: dict[str, Any]) -> tuple[list[int | None], dict[str, int], list[str]]:
    """§2.1-§2.3 without modifiers, written from the table: (values compared, battle damage, destroyed)."""
    att = sc["cards"][0]
    applies_def = att["position"] == "defense" and att["effects"][0]["apply"] == "def"
    a = att["def"] if applies_def else att["atk"]
    if sc["attack"]["target"] is None:
        return [a, None], ({OTHER[att["controller"]]: a} if a > 0 else {}), []
    tgt = sc["cards"][1]
    d = tgt["atk"] if tgt["position"] == "attack" else tgt["def"]
    if tgt["position"] == "attack":
        if a > d:
            return [a, d], {tgt["controller"]: a - d}, ["tgt"]
        if a < d:
            return [a, d], {att["controller"]: d - a}, ["att"]
        both = a != 0 or sc["rules"]["zero_atk_mutual_destruction"]
        return [a, d], {}, (["att", "tgt"] if both else [])
    if a > d:
        return [a, d], {}, ["tgt"]
    if a < d:
        return [a, d], {att["controller"]: d - a}, []
    return [a, d], {}, []


def outcome(res: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in res.items() if k != "events"}


@SETTINGS
@given(scenarios())
def test_lp_never_negative_and_winner_consistent(sc: dict[str, Any]) -> None:
    res = run(sc)
    lp = res["final_lp"]
    assert min(lp.values()) >= 0
    zero = [p for p in "AB" if lp[p] == 0]
    assert res["winner"] == {0: None, 1: OTHER[zero[0]] if zero else None, 2: "draw"}[len(zero)]
    # The LP changes account for the final LP, and battle damage > 0 <=> a battle damage event, turn player first.
    for p in "AB":
        assert lp[p] == max(0, sc["life_points"][p] + sum(c["delta"] for c in res["lp_changes"] if c["player"] == p))
    tp = sc["turn_player"]
    assert res["battle_damage_events"] == [p for p in (tp, OTHER[tp]) if res["battle_damage"][p] > 0]
    assert min(res["battle_damage"].values()) >= 0


@SETTINGS
@given(scenarios(modifiers=False))
def test_without_modifiers_the_outcome_table_holds(sc: dict[str, Any]) -> None:
    values, dmg, destroyed = oracle(sc)
    res = run(sc)
    assert res["damage_calculation_performed"] is True
    assert res["values_compared"] == values
    assert res["battle_damage"] == {"A": dmg.get("A", 0), "B": dmg.get("B", 0)}
    assert res["final_lp"] == {p: max(0, sc["life_points"][p] - dmg.get(p, 0)) for p in "AB"}
    if res["winner"] is None:  # the run stops at 0 LP, before destruction is determined (DS-019/020 notes)
        assert res["destroyed_by_battle"] == destroyed
        assert res["final_locations"] == {c["id"]: "graveyard" if c["id"] in destroyed else "monster_zone"
                                          for c in sc["cards"]}


@SETTINGS
@given(scenarios(), st.randoms(use_true_random=False))
def test_outcome_does_not_depend_on_listing_order(sc: dict[str, Any], rnd: Any) -> None:
    """Only continuous effects here (no triggers, whose simultaneous order does follow card order), so shuffling
    the cards and each card's effects must not change the outcome."""
    shuffled = copy.deepcopy(sc)
    rnd.shuffle(shuffled["cards"])
    for c in shuffled["cards"]:
        rnd.shuffle(c["effects"])
    assert outcome(run(shuffled)) == outcome(run(sc))


@SETTINGS
@given(scenarios())
def test_deterministic_and_executors_agree(sc: dict[str, Any]) -> None:
    first = run(sc, "fast")
    assert run(sc, "fast") == first
    assert run(sc, "transitions") == first


def _interleaved(scs: list[dict[str, Any]], executors: list[str]) -> list[dict[str, Any]]:
    """Run several duels in one process, one machine state at a time, round-robin."""
    runs = []
    for d, ex in zip(scs, executors, strict=True):
        sc = engine.parse_scenario(d)
        state = engine.state_from_scenario(sc)
        state.show_every_priority = bool(sc.choices)  # as engine.run_scenario does
        runs.append((sc, engine.Duel(state, executor=ex), engine.ScriptedAgent(sc)))
    while not all(duel.is_stopped for _, duel, _ in runs):
        for _, duel, agent in runs:
            if duel.is_stopped:
                continue
            pending = duel.pending_decision
            if pending is not None:
                duel.decide(agent.choose(pending, duel))
            else:
                duel.step()
    for _, duel, agent in runs:
        agent.finish(duel)
    return [engine.result(sc, duel, agent) for sc, duel, agent in runs]


CORPUS = [r["scenario"] for r in load_records()]


@pytest.mark.parametrize("i", range(len(CORPUS) - 1), ids=[s["id"] for s in CORPUS[:-1]])
def test_interleaved_corpus_duels_do_not_interfere(i: int) -> None:
    pair = [CORPUS[i], CORPUS[i + 1]]
    alone = [run(pair[0], "fast"), run(pair[1], "transitions")]
    assert _interleaved(pair, ["fast", "transitions"]) == alone


@settings(max_examples=100, deadline=None)
@given(scenarios(), scenarios())
def test_interleaved_random_duels_do_not_interfere(sc1: dict[str, Any], sc2: dict[str, Any]) -> None:
    alone = [run(sc1), run(sc2)]
    assert _interleaved([sc1, sc2], ["fast", "fast"]) == alone
    assert _interleaved([sc1, sc2], ["transitions", "fast"]) == alone

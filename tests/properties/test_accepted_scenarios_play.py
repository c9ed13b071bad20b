"""A scenario that loads is a scenario that plays (issue 38, "What it must show").

Random scenarios built from the library's cards (`engine.cards.library()`: monsters, Spells and Traps as printed,
the ones with their own effect types included), in all three shapes (`attack`, `attacks`, `battle_phase`), with
random choices. Every one that `engine.parse_scenario` accepts is played to its end three ways: by the CLI runner
(`python -m engine run --trace`, in-process: exit 0, or 1 for a choice the rules refused, scenario-format.md), by
`engine.search` (random legal actions until the game is terminal) and through the host API (`engine.Duel`: random
answers, random attack declarations or the end of the Battle Phase when the host is to act, then `end_turn` and
the next turn's Battle Phase). No exception but the documented ones (`engine.LoopError`, rules spec §U.13), and at
every point where the game waits (a decision, a host's move, the end) no card is where the rules forbid it:

* an Equip Card whose monster is not face-up in a Monster Zone (§C.3: it is destroyed at once), nor, outside a
  chain, a face-up Equip Spell equipping nothing;
* a monster in a Spell & Trap Zone but a Pendulum Monster in a Pendulum Zone (§U.4) or a monster equipped as an
  Equip Card (`equip` op);
* life points below 0 or above 2,147,483,647 (scenario-format.md, "Differences": Bounds).

`examples(0.5)`: 50 accepted scenarios in CI (the `ci` profile's 100 examples; `long`: 1,000), each played the
three ways.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from properties.bounded import capped
from properties.strategies import examples

import engine
import engine.cards as C
from engine import Location, Phase
from engine.build import new_duel
from engine.cli import main as cli_main
from engine.rules.cards import equip_problem
from engine.scenario import ScenarioError
from engine.search import BattleGame
from engine.values.game import MAX_LP, Property

LIBRARY = C.library()
OWN_EFFECTS = {k: len(c.custom) for k, c in C.all_cards().items()}
MONSTERS = sorted(k for k, v in LIBRARY.items() if v["card_type"] == "monster")
SPELL_TRAPS = sorted(k for k, v in LIBRARY.items() if v["card_type"] != "monster")
# Half the Spells/Traps come from these: Equip Spells, and a card that destroys a monster in the End Phase (Limiter
# Removal), so that an Equip Card whose monster leaves is common enough to be seen in every place it can happen.
SETTLING = sorted({k for k in SPELL_TRAPS if LIBRARY[k].get("property") == "equip"} | {"limiter_removal"})
STAYING = {"continuous", "field", "equip"}  # the Properties a face-up card on the field may have (§C.1)
MAX_DECISIONS = 600
MAX_HOST_MOVES = 40


def effects_of(key: str) -> int:
    return OWN_EFFECTS.get(key, 0) + len(LIBRARY[key].get("effects", ()))


@st.composite
def library_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    tp = draw(st.sampled_from("AB"))
    opp = "B" if tp == "A" else "A"
    cards: list[dict[str, Any]] = []
    field: dict[str, list[str]] = {"A": [], "B": []}
    for side, least in ((tp, 1), (opp, 0)):
        for n in range(draw(st.integers(least, 3))):
            cid = f"{side}m{n}"
            position = "attack" if side == tp and n == 0 else draw(st.sampled_from(["attack", "defense", "set"]))
            cards.append({"id": cid, "controller": side, "card": draw(st.sampled_from(MONSTERS)), "position": position})
            field[side].append(cid)
        for n in range(draw(st.integers(0, 2))):  # in the hand, Deck or Graveyard
            cards.append({"id": f"{side}x{n}", "controller": side, "card": draw(st.sampled_from(MONSTERS)),
                          "location": draw(st.sampled_from(["hand", "deck", "graveyard"]))})  # fmt: skip
        field_spell = False
        for n in range(draw(st.integers(0, 3))):
            key = draw(st.sampled_from(SPELL_TRAPS) | st.sampled_from(SETTLING))
            prop = LIBRARY[key].get("property")
            card: dict[str, Any] = {"id": f"{side}s{n}", "controller": side, "card": key}
            where = draw(st.sampled_from(["spell_trap_zone", "spell_trap_zone", "hand", "graveyard"]))
            if where != "spell_trap_zone" or (prop == "field" and field_spell):
                card["location"] = "hand" if where == "spell_trap_zone" else where
            else:
                card["location"] = "spell_trap_zone"
                field_spell = field_spell or prop == "field"
                face_up = prop in STAYING and draw(st.booleans())
                faces_up = [c["id"] for c in cards if c["id"] in field["A"] + field["B"] and c["position"] != "set"]
                if face_up and prop == "equip" and not faces_up:
                    face_up = False
                card["face_down"] = not face_up
                if face_up and prop == "equip":
                    card["equipped_to"] = draw(st.sampled_from(faces_up))
            cards.append(card)
    shape = draw(st.sampled_from(["attack", "attacks", "battle_phase"]))
    d: dict[str, Any] = {"format": "damage-step-scenario/1", "id": "random", "turn_player": tp, "cards": cards}
    if draw(st.integers(0, 3)) == 0:
        d["life_points"] = {p: draw(st.sampled_from([1, 500, 8000, MAX_LP - 500, MAX_LP])) for p in "AB"}

    def attack() -> dict[str, Any]:
        return {"attacker": draw(st.sampled_from(field[tp])), "target": draw(st.sampled_from([None, *field[opp]]))}

    count = 1
    if shape == "attack":
        d["attack"] = {"attacker": field[tp][0], "target": draw(st.sampled_from([None, *field[opp]]))}
    elif shape == "attacks":
        d["attacks"] = [{"attacker": field[tp][0], "target": draw(st.sampled_from([None, *field[opp]]))}]
        d["attacks"] += [attack() for _ in range(draw(st.integers(0, 2)))]
        count = len(d["attacks"])
    else:
        d["battle_phase"] = {}
    windows = {"attack": engine.scenario.DAMAGE_STEP_WINDOWS,
               "attacks": ("attack_declaration", *engine.scenario.DAMAGE_STEP_WINDOWS),
               "battle_phase": engine.scenario.WINDOWS}[shape]  # fmt: skip
    active = [c for c in cards if effects_of(c["card"])]
    if active:
        choices = []
        for _ in range(draw(st.integers(0, 3))):
            c = draw(st.sampled_from(active))
            ch = {"window": draw(st.sampled_from(windows)), "player": c["controller"], "activate": c["id"],
                  "effect": draw(st.integers(0, effects_of(c["card"]) - 1)),
                  "expect": draw(st.sampled_from(["legal", "illegal"]))}  # fmt: skip
            if count > 1:
                ch["attack"] = draw(st.integers(0, count - 1))
            choices.append(ch)
        d["choices"] = choices
    return d


def forbidden(duel: engine.Duel) -> list[str]:
    """What the rules forbid in the duel as it is now (the module docstring's list)."""
    s = duel.state
    found = []
    in_chain = s.window is not None and bool(s.window.chain)
    for i, c in enumerate(s.cards):
        if c.location is not Location.SPELL_TRAP_ZONE:
            continue
        if c.equipped_to is not None and (problem := equip_problem(duel.ctx, i)) is not None:
            found.append(f"{c.id}: an Equip Card with no monster ({problem})")
        if c.is_monster and c.equipped_to is None and not c.pendulum:
            found.append(f"{c.id}: a monster in a Spell & Trap Zone")
        equip_spell = c.card_property is Property.EQUIP and not c.face_down and not c.is_monster
        if equip_spell and c.equipped_to is None and not in_chain:
            found.append(f"{c.id}: a face-up Equip Spell equipping nothing")
    for p in s.players:
        if not 0 <= p.lp <= MAX_LP:
            found.append(f"LP {p.lp} out of 0..{MAX_LP}")
    return found


def check(duel: engine.Duel, where: str) -> None:
    problems = forbidden(duel)
    assert not problems, f"{where}: {problems}"


def via_cli(d: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "s.json")
        path.write_text(json.dumps(d), encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli_main(["run", str(path), "--trace", str(Path(tmp, "t.jsonl")), "--format", "json"])
        assert status in (0, 1), err.getvalue()  # 1: a choice the rules refused (a ScenarioMismatch)
        if status == 1:
            assert err.getvalue().count("\n") == 1 and "error: " in err.getvalue(), err.getvalue()
        else:
            json.loads(out.getvalue())


def via_search(d: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    game = BattleGame(d)
    state = game.new_initial_state()
    capped(state.duel)
    for _ in range(game.max_game_length() + 1):
        check(state.duel, "search")
        if state.is_terminal():
            return
        assert state.current_player() in (0, 1)
        actions = state.legal_actions()
        assert actions, "a live state with no legal action"
        state.apply_action(rng.choice(actions))
    raise AssertionError("the search game did not end within max_game_length()")


def via_host(sc: engine.scenario.Scenario, seed: int) -> None:
    """Two turns: each Battle Phase played to Main Phase 2 with random answers and random host moves, then
    `end_turn`."""
    rng = random.Random(seed)
    duel = capped(new_duel(engine.state_from_scenario(sc)))
    turns = 0
    for _ in range(MAX_DECISIONS):
        check(duel, "host")
        if duel.state.duel_over:
            return
        decision = duel.advance()
        check(duel, "host, after advance")
        if decision is not None:
            duel.decide(rng.choice(decision.options))
            continue
        if duel.state.duel_over:
            return
        if duel.state.phase is Phase.MAIN_PHASE_2:
            duel.end_turn()
            turns += 1
            check(duel, "host, after end_turn")
            if turns == 2:
                return
            continue
        attacks = duel.legal_attacks()
        if attacks and rng.random() < 0.6:
            o = rng.choice(attacks)
            duel.declare_attack(o.card, o.targets[0] if o.targets else None)
            continue
        try:
            duel.end_battle_phase()
        except engine.UsageError:  # a monster must attack first (rules spec §BP.8): the host declares one
            assert attacks, "the Battle Phase can neither be ended nor go on"
            o = rng.choice(attacks)
            duel.declare_attack(o.card, o.targets[0] if o.targets else None)
    raise AssertionError(f"no end after {MAX_DECISIONS} steps")


@settings(max_examples=examples(0.5), suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(d=library_scenarios(), seed=st.integers(0, 2**32 - 1))
def test_every_accepted_scenario_plays_to_its_end_everywhere(d: dict[str, Any], seed: int) -> None:
    try:
        sc = engine.parse_scenario(d)
    except ScenarioError:
        assume(False)
        return
    for run in (lambda: via_cli(d), lambda: via_search(d, seed), lambda: via_host(sc, seed)):
        with contextlib.suppress(engine.LoopError):  # documented: a loop with no end is named, not played (§U.13)
            run()

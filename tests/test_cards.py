"""The card library (engine/cards; issue 10, item 6): each card's test follows the ruling the card cites
(`CardDef.ruling`) and the rules spec sections named there. Cards are placed with the public API only
(`engine.StateBuilder`, `engine.cards.place`) or named in a scenario file (``"card": key``)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
import engine.cards
from engine import Player, StateBuilder
from engine.cards import CATALOG, place
from engine.values.game import DAMAGE_STEP_WINDOWS


class Activate:
    """Activates `card` (by id) the first time it is offered in `window`, on `target` (by id) where given (the
    player's pick among the cards the effect may target); passes otherwise."""

    def __init__(self, card: str, window: engine.Window, target: str | None = None) -> None:
        self.card, self.window, self.target, self.done = card, window, target, False

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        ids = [c.id for c in duel.state.cards]
        for o in decision.options:
            aimed = self.target is None or [ids[i] for i in o.targets] == [self.target]
            mine = not o.is_pass and ids[o.card] == self.card and decision.window is self.window
            if not self.done and mine and aimed:
                self.done = True
                return o
        return engine.PASS if engine.PASS in decision.options else decision.options[0]


def play(b: StateBuilder, attacks: list[tuple[str, str | None]], agent: Any = None) -> engine.Duel:
    duel = engine.Duel(b.build())
    duel.state.show_every_priority = True
    for att, tgt in attacks:
        duel.declare_attack(att, tgt)
        duel.run(agent or engine.PassAgent())
    return duel


def test_every_card_has_text_a_cited_ruling_and_valid_effects() -> None:
    cards = engine.cards.all_cards()
    assert len(cards) >= 60 and set(CATALOG) < set(cards)
    for c in cards.values():
        # A card whose only effects are outside the Battle Phase (Cyber Dragon's Special Summon procedure) has none
        # here, and its ruling says so.
        assert c.text and "https://" in c.ruling and (c.effects or c.custom or "In battle it has no effect" in c.ruling)
        for spec in c.effects:
            engine.effect_from_spec(spec, card_type=c.card_type)


BEFORE = engine.Window.BEFORE_DAMAGE_CALCULATION
DURING = engine.Window.DURING_DAMAGE_CALCULATION


def test_rush_recklessly_before_damage_calculation() -> None:
    b = StateBuilder().monster("m", "A", atk=1000, def_=0).monster("x", "B", atk=1500, def_=0)
    place(b, "rush_recklessly", "rush", "A", face_down=True)
    duel = play(b, [("m", "x")], Activate("rush", BEFORE))
    # +700: 1700 vs 1500 (§2.2): x destroyed, B takes 200
    assert duel.battles[0].battle.values_compared == (1700, 1500) and duel.state.players[Player.B].lp == 7800


def test_rush_recklessly_cannot_be_activated_during_damage_calculation() -> None:
    sc = engine.parse_scenario({"format": "damage-step-scenario/1", "cards": [
        {"id": "m", "controller": "A", "atk": 1000, "def": 0, "position": "attack"},
        {"id": "x", "controller": "B", "atk": 1500, "def": 0, "position": "attack"},
        {"id": "rush", "controller": "A", "location": "spell_trap_zone", "face_down": True, "card": "rush_recklessly"}],
        "attack": {"attacker": "m", "target": "x"},
        "choices": [{"window": "during_damage_calculation", "player": "A", "activate": "rush", "expect": "illegal"}]})
    duel, agent = engine.run_scenario(sc)
    res = engine.result(sc, duel, agent)
    assert res["refused"] and res["battle_damage"] == {"A": 500, "B": 0}  # 1000 vs 1500 unchanged
    assert sc.cards[2].name == "Rush Recklessly" and sc.cards[2].card_type == "spell"


def test_shrink_halves_the_original_atk() -> None:
    b = StateBuilder().monster("m", "A", atk=1000, def_=0).monster("x", "B", atk=2000, def_=0)
    place(b, "shrink", "shrink", "A", face_down=True)
    duel = play(b, [("m", "x")], Activate("shrink", BEFORE, "x"))
    # original 2000 halved: 1000 vs 1000: both destroyed, no damage (§S.1, §2.2)
    assert duel.battles[0].battle.values_compared == (1000, 1000)
    assert len(duel.battles[0].battle.destroyed) == 2 and duel.state.players[Player.B].lp == 8000


def test_forbidden_lance_lowers_the_opponents_monster() -> None:
    b = StateBuilder().monster("m", "A", atk=1500, def_=0).monster("x", "B", atk=2000, def_=0)
    place(b, "forbidden_lance", "lance", "A", face_down=True)
    duel = play(b, [("m", "x")], Activate("lance", BEFORE, "x"))
    assert duel.battles[0].battle.values_compared == (1500, 1200) and duel.state.players[Player.B].lp == 7700


def test_injection_fairy_lily_gains_3000_during_damage_calculation_only() -> None:
    b = StateBuilder().monster("x", "B", atk=2000, def_=0)
    place(b, "injection_fairy_lily", "lily", "A")
    duel = play(b, [("lily", "x")], Activate("lily", DURING))
    # pays 2000; 3400 vs 2000: B takes 1400; the gain ends with damage calculation
    assert duel.battles[0].battle.values_compared == (3400, 2000)
    assert [p.lp for p in duel.state.players] == [6000, 6600] and duel.current_stats("lily") == (400, 1500)


def test_kuriboh_covers_only_that_battle() -> None:
    b = StateBuilder().monster("m1", "A", atk=3000, def_=0).monster("m2", "A", atk=1000, def_=0)
    place(b, "kuriboh", "kuri", "B", location="hand")
    duel = play(b, [("m1", None), ("m2", None)], Activate("kuri", DURING))
    assert duel.battles[0].battle.battle_damage == (0, 0) and duel.battles[1].battle.battle_damage == (0, 1000)
    assert duel.state.cards[2].location is engine.Location.GRAVEYARD


def test_amazoness_swords_woman_moves_the_damage_and_is_still_destroyed() -> None:
    b = StateBuilder().monster("x", "B", atk=2000, def_=0)
    place(b, "amazoness_swords_woman", "amaz", "A")
    duel = play(b, [("amaz", "x")])
    assert duel.battles[0].battle.battle_damage == (0, 500)
    assert duel.state.cards[1].location is engine.Location.GRAVEYARD


def test_spirit_reaper_survives_every_battle_of_the_turn() -> None:
    b = StateBuilder().monster("m1", "A", atk=2000, def_=0).monster("m2", "A", atk=2500, def_=0)
    place(b, "spirit_reaper", "reaper", "B")
    duel = play(b, [("m1", "reaper"), ("m2", "reaper")])
    assert all(bt.battle.destroyed == () for bt in duel.battles)
    assert duel.state.players[Player.B].lp == 8000 - 1700 - 2200


def test_marshmallon_burns_only_when_attacked_face_down() -> None:
    b = StateBuilder().monster("m1", "A", atk=2000, def_=0).monster("m2", "A", atk=2000, def_=0)
    place(b, "marshmallon", "marsh", "B", position="set")
    duel = play(b, [("m1", "marsh"), ("m2", "marsh")])
    # attack 0: face-down at the start: A takes 1000 after damage calculation; attack 1: face-up, no burn
    assert [bt.lp_after for bt in duel.battles] == [(7000, 8000), (7000, 8000)]
    assert duel.state.cards[2].location is engine.Location.MONSTER_ZONE


def test_man_eater_bug_destroys_the_attacker_after_damage_calculation() -> None:
    b = StateBuilder().monster("m", "A", atk=500, def_=0)
    place(b, "man_eater_bug", "bug", "B", position="set")
    duel = play(b, [("m", "bug")])
    # 500 vs DEF 600: A takes 100, nothing destroyed by battle; FLIP destroys the attacker
    assert duel.battles[0].battle.battle_damage == (100, 0)
    assert duel.state.cards[0].location is engine.Location.GRAVEYARD


def test_an_unknown_library_card_is_refused_naming_the_key() -> None:
    with pytest.raises(engine.ScenarioError) as info:
        engine.parse_scenario({"format": "damage-step-scenario/1", "cards": [
            {"id": "m", "controller": "A", "atk": 1, "def": 0, "position": "attack", "card": "blue_eyes"}],
            "attack": {"attacker": "m", "target": None}})
    assert info.value.path == "cards[0].card"


def test_mystic_swordsman_lv2_destroys_a_face_down_target_at_the_start_without_flipping_it() -> None:
    b = StateBuilder()
    place(b, "mystic_swordsman_lv2", "sword", "A")
    place(b, "man_eater_bug", "bug", "B", position="set")
    duel = play(b, [("sword", "bug")])
    bt = duel.battles[0].battle
    # destroyed at the Start of the Damage Step: no flip, so no FLIP effect; no damage calculation (§1.3, §1.8)
    assert not bt.battled and duel.state.cards[1].location is engine.Location.GRAVEYARD
    assert duel.state.cards[0].location is engine.Location.MONSTER_ZONE
    assert not any(e.type is engine.EventType.FLIPPED for e in duel.state.log)


def test_waboku_cannot_be_activated_in_the_damage_step() -> None:
    b = StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    place(b, "waboku", "waboku", "B", face_down=True)
    duel = engine.Duel(b.build())
    duel.state.show_every_priority = True
    duel.declare_attack("m", "x")
    seen = {}
    while (d := duel.advance()) is not None:
        seen[d.window] = seen.get(d.window, []) + [o for o in d.options if not o.is_pass]
        if d.window in DAMAGE_STEP_WINDOWS:
            assert duel.why_illegal(engine.Option(2, 0, ())) is not None
        duel.decide(engine.PASS)
    # It is offered in the Battle Phase's own windows (a Normal Trap is Spell Speed 2, rules spec §BP.1): the Start
    # Step and after the declaration (§BP.4); in the Damage Step it is never offered (§1.1), so when B passes
    # there the damage applies.
    assert seen.pop(engine.Window.START_STEP) == [engine.Option(2, 0, ())]  # (B's priority; A has nothing)
    assert seen.pop(engine.Window.ATTACK_DECLARATION) == [engine.Option(2, 0, ())]
    assert all(options == [] for options in seen.values()) and duel.state.players[Player.B].lp == 7000


def test_prideful_roar_pays_the_difference_and_wins_by_300() -> None:
    b = StateBuilder().monster("small", "A", atk=1000, def_=0).monster("big", "B", atk=2500, def_=0)
    place(b, "prideful_roar", "roar", "A", face_down=True)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("small", "big")
    duel.run(Activate("roar", DURING))
    # pays 1500; 1000 + 1500 + 300 = 2800 vs 2500: big destroyed, B takes 300; the gain ends with damage calculation
    assert duel.battles[0].battle.values_compared == (2800, 2500)
    assert [p.lp for p in duel.state.players] == [6500, 7700] and duel.current_stats("small") == (1000, 0)


def test_prideful_roar_is_not_offered_before_damage_calculation() -> None:
    b = StateBuilder().monster("small", "A", atk=1000, def_=0).monster("big", "B", atk=2500, def_=0)
    place(b, "prideful_roar", "roar", "A", face_down=True)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("small", "big")
    while (d := duel.advance()) is not None:
        offered = [o for o in d.options if not o.is_pass]
        assert offered == [] or d.window is DURING
        duel.decide(engine.PASS)


def test_mystic_tomato_summons_a_dark_monster_at_the_end_of_the_damage_step() -> None:
    b = StateBuilder().monster("m", "A", atk=2000, def_=0)
    place(b, "mystic_tomato", "tomato", "B")
    b.monster("light", "B", atk=1000, def_=0, location="deck", attribute=engine.Attribute.LIGHT)
    b.monster("dark", "B", atk=1200, def_=0, location="deck", attribute=engine.Attribute.DARK)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("m", "tomato")
    duel.run(Activate("tomato", engine.Window.END_OF_DAMAGE_STEP))
    # 2000 vs 1400: tomato destroyed, B takes 600; its trigger summons the DARK one, not the LIGHT one
    assert [c.location.value for c in duel.state.cards[1:]] == ["graveyard", "deck", "monster_zone"]
    assert duel.state.cards[3].position is engine.Position.ATTACK


TOMATO_FILE = {
    "format": "damage-step-scenario/1", "id": "tomato-from-a-file", "cards": [
        {"id": "m", "controller": "A", "atk": 2000, "def": 0, "position": "attack"},
        {"id": "tomato", "controller": "B", "position": "attack", "card": "mystic_tomato"},
        {"id": "light", "controller": "B", "location": "deck", "atk": 1000, "def": 0, "attribute": "light"},
        {"id": "dark", "controller": "B", "location": "deck", "atk": 1200, "def": 0, "attribute": "dark"}],
    "attack": {"attacker": "m", "target": "tomato"},
    "choices": [{"window": "end_of_damage_step", "player": "B", "activate": "tomato"}],
}  # fmt: skip


def test_a_card_with_its_own_effect_types_can_be_named_in_a_scenario_file(tmp_path: Any) -> None:
    """Mystic Tomato from a scenario file: its printed stats and its own trigger type, registered by
    `engine.build` (no registry passed), the same through the CLI; the file survives scenario_to_json."""
    import json
    import subprocess
    import sys

    from engine.scenario import scenario_to_json

    sc = engine.parse_scenario(TOMATO_FILE)
    assert engine.parse_scenario(scenario_to_json(sc)) == sc
    duel, _ = engine.run_scenario(sc)
    # 2000 vs 1400: tomato destroyed, B takes 600; its trigger summons the DARK monster, not the LIGHT one
    assert duel.lp("B") == 7400
    assert [duel.card(i).location.value for i in ("tomato", "light", "dark")] == ["graveyard", "deck", "monster_zone"]
    path = tmp_path / "tomato.json"
    path.write_text(json.dumps(TOMATO_FILE), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "engine", "run", str(path), "--format", "json"],
                         capture_output=True, text=True, timeout=120, check=True).stdout  # fmt: skip
    got = json.loads(out)
    assert got["final_lp"] == {"A": 8000, "B": 7400}
    assert got["final_locations"]["dark"] == "monster_zone"
    # a host building its own Duel passes the library's registry, or is told which type is missing
    with pytest.raises(engine.InvalidEffect, match="'mystic_tomato' is not in the duel's registry"):
        engine.Duel(engine.state_from_scenario(sc))


def test_limiter_removal_doubles_machines_and_destroys_them_when_the_turn_ends() -> None:
    b = StateBuilder()
    b.monster("robot", "A", atk=1500, def_=0, monster_type=engine.MonsterType.MACHINE)
    b.monster("knight", "A", atk=1200, def_=0, monster_type=engine.MonsterType.WARRIOR)
    b.monster("x", "B", atk=2000, def_=0, effects=[{"kind": "indestructible_by_battle"}])
    place(b, "limiter_removal", "limiter", "A", face_down=True)
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.state.show_every_priority = True
    duel.declare_attack("robot", "x")
    duel.run(Activate("limiter", BEFORE))
    # only the Machine is doubled: 3000 vs 2000, B takes 1000 (x cannot be destroyed by battle)
    assert duel.battles[0].battle.values_compared == (3000, 2000) and duel.current_stats("knight") == (1200, 0)
    assert duel.state.players[Player.B].lp == 7000
    duel.end_turn()  # "during the End Phase of this turn, destroy those monsters"
    assert [c.location.value for c in duel.state.cards[:2]] == ["graveyard", "monster_zone"]
    assert duel.state.turn_player is Player.B and duel.state.lingering == ()

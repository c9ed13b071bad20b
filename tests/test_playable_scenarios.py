"""A scenario that loads is a scenario that plays (issue 38): what the loader refuses that it once accepted, the
LP bound kept during play, and the game settling wherever a unit of work ends (`Duel.end_turn` included).

Expected values come from the rules (the official rulebook's Game Mat: 5 Main Monster Zones, 5 Spell & Trap
Zones of which the two ends are the Pendulum Zones, 1 Field Zone, 2 Extra Monster Zones; §C.3: an Equip Card
whose monster left the field is destroyed) and from scenario-format.md, never from the code.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
import engine.cards as C
from engine.scenario import MAX_CARDS, MAX_LP, ScenarioError, parse_scenario
from engine.search import BattleGame
from engine.values.game import MAX_LP as ENGINE_MAX_LP

ROOT = Path(__file__).resolve().parent.parent
FORMAT = "damage-step-scenario/1"


def monster(cid: str, controller: str, **kw: Any) -> dict[str, Any]:
    """A monster, face-up in Attack Position in a Monster Zone unless `location` puts it elsewhere."""
    on_field = kw.get("location", "monster_zone") == "monster_zone"
    card = {"id": cid, "controller": controller, "atk": 1000, "def": 1000, "position": "attack", **kw}
    if not on_field:
        del card["position"]
    return card


def base(*extra: dict[str, Any], shape: str = "attack") -> dict[str, Any]:
    d: dict[str, Any] = {"format": FORMAT, "cards": [monster("att", "A", atk=2000), monster("x", "B"), *extra]}
    if shape == "attack":
        d["attack"] = {"attacker": "att", "target": "x"}
    elif shape == "attacks":
        d["attacks"] = [{"attacker": "att", "target": "x"}]
    else:
        d["battle_phase"] = {}
    return d


def refused(d: dict[str, Any]) -> ScenarioError:
    """The error of `engine.parse_scenario` (the loader with the library and the rules)."""
    with pytest.raises(ScenarioError) as info:
        engine.parse_scenario(d)
    return info.value


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)  # fmt: skip


# --- the first listed attack is one the rules allow ---------------------------------------------------------

UNATTACKABLE = {
    "format": FORMAT,
    "cards": [
        monster("att", "A", atk=2000),
        monster("x", "B", effects=[{"kind": "cannot_be_attacked"}]),
    ],
    "attacks": [{"attacker": "att", "target": "x"}],
}


def test_an_attacks_scenario_whose_first_attack_the_rules_refuse_is_refused() -> None:
    """The issue's first reproducer: it once started a search game neither over nor waiting on a decision."""
    with pytest.raises(ScenarioError) as info:
        BattleGame(UNATTACKABLE).new_initial_state()
    err = info.value
    assert err.path == "attacks[0].target"
    assert err.message == "the rules refuse this attack: x's effect says x cannot be targeted for attacks"


def test_a_direct_first_attack_that_is_not_possible_is_refused() -> None:
    d = copy.deepcopy(UNATTACKABLE)
    d["cards"][1]["effects"] = []
    d["attacks"] = [{"attacker": "att", "target": None}, {"attacker": "att", "target": "x"}]
    err = refused(d)
    assert err.path == "attacks[0].target"
    assert "a direct attack is possible only when the opponent controls no monsters" in err.message


def test_a_first_attacker_an_effect_stops_is_refused_and_a_later_attack_is_left_to_the_run() -> None:
    d = copy.deepcopy(UNATTACKABLE)
    d["cards"][1]["effects"] = []
    d["cards"][0]["effects"] = [{"kind": "cannot_attack"}]
    assert refused(d).path == "attacks[0].attacker"
    d["cards"].append(monster("m2", "A"))
    d["attacks"] = [{"attacker": "m2", "target": "x"}, {"attacker": "att", "target": "x"}]
    sc = engine.parse_scenario(d)  # the second is checked when it is declared, by the run
    _duel, script = engine.run_scenario(sc)
    assert script.undeclared == {1: "att's effect says att cannot attack"}


def test_the_refusal_is_one_line_of_the_cli_and_names_the_record(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text("\n" + json.dumps(UNATTACKABLE) + "\n")  # (a blank first line: the record is on line 2)
    out = cli("run", str(path))
    assert out.returncode == 2
    [line] = out.stderr.strip().splitlines()
    assert line.endswith("line 2: attacks[0].target: the rules refuse this attack: x's effect says x cannot be "
                         "targeted for attacks"), line


def test_the_bare_loader_knows_no_rules_and_one_attack_is_a_damage_step_as_given() -> None:
    """`engine.scenario.parse_scenario` checks the format only; an `attack` scenario's declaration is given as
    made (shared case DS-041 gives a direct attack the field would not allow), and plays its Damage Step."""
    assert parse_scenario(UNATTACKABLE).attacks is not None
    one = {**{k: v for k, v in UNATTACKABLE.items() if k != "attacks"}, "attack": {"attacker": "att", "target": "x"}}
    result = engine.run_scenario(engine.parse_scenario(one))[0]
    assert result.state.battle.battled


# --- the field has room for so many cards ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "path", "fragment"),
    [
        ([monster(f"m{i}", "A") for i in range(5)], "cards[6].location", "a player has 5 Main Monster Zones"),
        ([{"id": f"s{i}", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True}
          for i in range(6)], "cards[7].location", "a player has 5 Spell & Trap Zones"),
        ([{"id": f"f{i}", "controller": "A", "location": "spell_trap_zone", "card_type": "spell",
           "property": "field"} for i in range(2)], "cards[3].location", "a player has 1 Field Zone"),
        ([{"id": f"p{i}", "controller": "A", "location": "spell_trap_zone", "atk": 0, "def": 0, "pendulum": True}
          for i in range(3)], "cards[4].location", "a player has 2 Pendulum Zones"),
        ([monster("c1", "A", column=2), monster("c2", "A", column=2)], "cards[3].column",
         "A's Main Monster Zone in column 2 already holds \"c1\""),
        ([monster("e1", "A", column=1, extra_monster_zone=True), monster("e2", "B", column=3, extra_monster_zone=True)],
         "cards[3].column", "that Extra Monster Zone already holds \"e1\""),
    ],
)  # fmt: skip
def test_a_field_with_more_cards_than_zones_is_refused(extra: list[dict[str, Any]], path: str, fragment: str) -> None:
    err = refused(base(*extra))
    assert err.path == path and fragment in err.message, str(err)


def test_a_full_field_within_its_zones_loads() -> None:
    """5 Main Monster Zones and both Extra Monster Zones (one each side, or both one player's: an Extra Link),
    5 Spell & Trap Zones (2 of them Pendulum Zones) and a Field Zone, for each player."""
    cards = [monster(f"a{i}", "A", column=i) for i in range(5)] + [monster(f"b{i}", "B") for i in range(5)]
    cards += [monster(f"e{c}", "A", column=c, extra_monster_zone=True) for c in (1, 3)]
    for p in "AB":
        cards += [{"id": f"{p}s{i}", "controller": p, "location": "spell_trap_zone", "card_type": "trap",
                   "face_down": True} for i in range(3)]  # fmt: skip
        cards += [{"id": f"{p}p{i}", "controller": p, "location": "spell_trap_zone", "atk": 0, "def": 0,
                   "pendulum": True} for i in range(2)]  # fmt: skip
        cards.append({"id": f"{p}f", "controller": p, "location": "spell_trap_zone", "card_type": "spell",
                      "property": "field"})  # fmt: skip
    cards += [monster(f"h{i}", "A", location="hand") for i in range(40)]
    d = {"format": FORMAT, "cards": cards, "attack": {"attacker": "a0", "target": "b0"}}
    assert len(engine.parse_scenario(d).cards) == len(cards)


def test_a_scenario_has_at_most_1000_cards() -> None:
    assert MAX_CARDS == 1000
    hand = [{"id": f"h{i}", "controller": "A", "location": "hand", "atk": 0, "def": 0} for i in range(998)]
    assert len(engine.parse_scenario(base(*hand)).cards) == 1000
    err = refused(base(*hand, {"id": "one_more", "controller": "B", "location": "deck", "atk": 0, "def": 0}))
    assert (err.path, err.message) == ("cards", "expected at most 1000 item(s), got 1001")
    assert engine.scenario.scenario_json_schema()["properties"]["cards"]["maxItems"] == 1000


# --- equips and positions that contradict each other ----------------------------------------------------------


def equip(**kw: Any) -> dict[str, Any]:
    return {"id": "axe", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", **kw}


def test_an_equip_spell_equipped_to_a_set_monster_is_refused() -> None:
    err = refused(base(monster("s", "A", position="set"), equip(property="equip", equipped_to="s")))
    assert err.path == "cards[3].equipped_to"
    assert err.message == 'card "s" is face-down (set): an Equip Card equips a face-up monster'


@pytest.mark.parametrize("prop", ["normal", "quick_play", "continuous", "field", "ritual"])
def test_equipped_to_on_a_spell_that_is_not_an_equip_spell_is_refused(prop: str) -> None:
    err = refused(base(equip(property=prop, equipped_to="att")))
    assert err.path == "cards[2].equipped_to"
    assert err.message == f"only an Equip Spell (property equip) is equipped to a monster, got a {prop} spell"


def test_a_library_spell_that_is_no_equip_spell_cannot_be_equipped() -> None:
    err = refused(base({"id": "chalice", "controller": "A", "card": "forbidden_chalice", "location": "spell_trap_zone",
                        "equipped_to": "att"}))  # fmt: skip
    assert err.path == "cards[2].equipped_to" and "got a quick_play spell" in err.message


def test_a_face_up_equip_spell_equips_a_monster() -> None:
    err = refused(base(equip(property="equip")))
    assert err.path == "cards[2].equipped_to" and err.message.startswith("missing: a face-up Equip Spell")
    engine.parse_scenario(base(equip(property="equip", face_down=True)))  # Set: it equips nothing yet
    engine.parse_scenario(base(equip(property="equip", equipped_to="att")))
    engine.parse_scenario(base(equip(equipped_to="att")))  # no property given: an Equip Card as it is
    metalmorph = {"id": "mm", "controller": "A", "location": "spell_trap_zone", "card_type": "trap",
                  "equipped_to": "att"}  # fmt: skip
    engine.parse_scenario(base(metalmorph))  # a Trap Card that became an Equip Card (rules-fidelity RF-026)


# --- ids ---------------------------------------------------------------------------------------------------


def test_ids_that_differ_only_by_unicode_normalisation_are_one_id() -> None:
    composed, decomposed = "caf\u00e9", "cafe\u0301"
    err = refused(base(monster(composed, "A", location="hand"), monster(decomposed, "B", location="hand")))
    assert err.path == "cards[3].id"
    assert err.message == (f'card id "{decomposed}" is cards[2].id "{composed}" written another way (ids are '
                           "compared once Unicode-normalised, NFC)")
    d = base(monster(composed, "A", location="hand"))
    d["cards"][0]["effects"] = [{"kind": "activated", "speed": 1, "does": [{"op": "destroy", "target": decomposed}]}]
    err = refused(d)
    assert err.path == "cards[0].effects[0].does[0].target"
    assert "written differently from cards[2].id" in err.message and "NFC" in err.message


@pytest.mark.parametrize("where", ["id", "name"])
def test_text_that_cannot_be_written_as_utf8_is_refused(where: str, tmp_path: Path) -> None:
    """A lone surrogate (JSON "\\ud800") once loaded, then crashed `run --trace`."""
    d = base()
    d["cards"][1][where] = "x\ud800"
    if where == "id":
        d["attack"]["target"] = "x\ud800"
    err = refused(d)
    assert err.path == f"cards[1].{where}"
    assert err.message == 'cannot be written as UTF-8: "x\\ud800" holds a lone surrogate'
    path = tmp_path / "s.json"
    path.write_text(json.dumps(d), encoding="utf-8")  # (json.dumps escapes it: the file is valid UTF-8)
    out = cli("run", str(path), "--trace", str(tmp_path / "t.jsonl"))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"cards[1].{where}: cannot be written as UTF-8" in out.stderr


def test_a_key_that_cannot_be_written_as_utf8_is_refused() -> None:
    d = base()
    d["cards"][1]["k\udfff"] = 1
    err = refused(d)
    assert err.path == "cards[1]" and "the key" in err.message and "lone surrogate" in err.message


# --- LP bounded during play -----------------------------------------------------------------------------


def test_lp_gained_past_the_bound_stay_at_it() -> None:
    """scenario-format.md ("Differences", Bounds): LP never exceed 2,147,483,647; a gain past it leaves them there
    and its `lp_changes` entry says what was gained (`delta`) beside what was to be (`amount`)."""
    assert MAX_LP == ENGINE_MAX_LP == 2_147_483_647
    d = base()
    d["life_points"] = {"A": 8000, "B": MAX_LP - 300}
    d["cards"][1]["effects"] = [{"kind": "gain_lp_instead", "player": "controller"}]
    out = engine.result(*_run(d))
    assert out["final_lp"] == {"A": 8000, "B": MAX_LP}
    [change] = out["lp_changes"]
    assert (change["player"], change["kind"], change["delta"], change["amount"]) == ("B", "gain", 300, 1000)


def _run(d: dict[str, Any]) -> tuple[engine.scenario.Scenario, engine.Duel, Any]:
    sc = engine.parse_scenario(d)
    duel, agent = engine.run_scenario(sc)
    return sc, duel, agent


def test_a_host_cannot_start_above_the_bound_nor_equip_a_set_monster() -> None:
    with pytest.raises(engine.UsageError, match="lp must be two life points, integers from 1 to 2147483647"):
        engine.StateBuilder(lp=(MAX_LP + 1, 8000))
    b = engine.StateBuilder()
    b.monster("s", "A", atk=0, def_=0, position="set").spell("axe", "A", property="equip", equipped_to="s")
    with pytest.raises(engine.UsageError, match="face-down"):
        b.build()


# --- the game settles after every unit of work ------------------------------------------------------------


def test_end_turn_destroys_an_equip_card_whose_monster_an_end_phase_effect_destroyed() -> None:
    """The issue's third reproducer: Limiter Removal destroys the monster in the End Phase; Axe of Despair, its
    Equip Card, is destroyed with it (§C.3), before the next turn's Battle Phase."""
    b = engine.StateBuilder(turn_player="A")
    C.place(b, "barbaroid_the_ultimate_battle_machine", "m", "A")
    C.place(b, "axe_of_despair", "axe", "A", face_down=False, equipped_to="m")
    C.place(b, "limiter_removal", "lr", "A", face_down=True)
    b.monster("x", "B", atk=5000, def_=0, position="defense")
    duel = engine.Duel(b.build(), C.registry())
    while (d := duel.advance()) is not None:
        lr = [o for o in d.options if d.player.name == "A" and duel.state.cards[o.card].id == "lr"]
        duel.decide(lr[0] if lr else engine.PASS)
    assert duel.card("lr").location.value == "graveyard"  # it was activated
    duel.end_turn()
    assert duel.card("m").location.value == "graveyard"
    assert duel.card("axe").location.value == "graveyard"
    duel.advance()
    assert duel.card("axe").location.value == "graveyard"
    moved = [e.rule for e in duel.state.log if e.type is engine.EventType.MOVED and e.card == duel.index_of("axe")]
    assert moved == ["equip_target_gone"]  # destroyed by the rules, in the End Phase it ended

"""Validation of scenarios (format damage-step-scenario/1): corpus, error paths, schema, file loading."""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import CASES_PATH, load_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scenario import (
    FORMAT,
    SCHEMA_PATH,
    ScenarioError,
    iter_jsonl,
    load_scenarios,
    parse_effect_spec,
    parse_scenario,
    scenario_json_schema,
)

CASES = CASES_PATH
RECORDS = load_records()
SCENARIOS = {r["scenario"]["id"]: r["scenario"] for r in RECORDS}

# A valid scenario that uses most of the format; each error test breaks one thing in a copy of it.
BASE: dict[str, Any] = {
    "format": FORMAT,
    "id": "base",
    "rules": {"zero_atk_mutual_destruction": False},
    "turn_player": "A",
    "life_points": {"A": 8000, "B": 4000},
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 1000, "position": "attack", "effects": [
            {"kind": "trigger", "on": "battle_damage_inflicted", "optional": True, "condition": "this_card_battled",
             "does": [{"op": "draw", "player": "controller", "count": 1}]}]},
        {"id": "tgt", "controller": "B", "location": "monster_zone", "atk": 1500, "def": 1200,
         "position": "attack", "effects": []},
        {"id": "trap", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2, "target": "attacker", "cost": {"lp": 500},
                      "does": [{"op": "change_stats", "target": "attacker", "atk": -500}]}]},
        {"id": "sword", "controller": "A", "location": "spell_trap_zone", "card_type": "spell",
         "equipped_to": "att", "effects": [{"kind": "stat_modifier", "atk": 500}]},
        {"id": "kuri", "controller": "B", "location": "hand", "atk": 300, "def": 200, "effects": [
            {"kind": "activated", "speed": 2, "during_damage_calculation": True, "from": "hand",
             "cost": {"discard_self": True},
             "does": [{"op": "no_battle_damage_this_battle", "player": "controller"}]}]},
        {"id": "dark", "controller": "B", "location": "deck", "atk": 1200, "def": 800, "effects": []},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
    "choices": [{"window": "before_damage_calculation", "player": "B", "activate": "trap", "targets": ["att"]}],
}  # fmt: skip

DEL = object()  # edit value: delete the key


def edited(*edits: tuple[tuple[str | int, ...], object]) -> dict[str, Any]:
    s = copy.deepcopy(BASE)
    for path, value in edits:
        node: Any = s
        for key in path[:-1]:
            node = node[key]
        if value is DEL:
            del node[path[-1]]
        elif isinstance(node, list) and path[-1] == len(node):
            node.append(value)
        else:
            node[path[-1]] = value
    return s


def error_of(data: object) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data)
    return info.value


C0E0 = ("cards", 0, "effects", 0)  # the attacker's trigger
TRAP = ("cards", 2, "effects", 0)  # the trap's activated effect
KURI = ("cards", 4, "effects", 0)


def effect(kind: str, **params: object) -> dict[str, object]:
    return {"kind": kind, **params}


def act(*ops: dict[str, object], **params: object) -> dict[str, object]:
    return {"kind": "activated", "speed": 2, **params, "does": list(ops)}


# --- the corpus ----------------------------------------------------------------------------------------


def test_base_scenario_is_valid() -> None:
    s = parse_scenario(BASE)
    assert s.life_points == {"A": 8000, "B": 4000}
    assert s.cards[0].location == "monster_zone" and s.cards[0].owner == "A"
    assert s.cards[2].effects[0].cost is not None and s.cards[2].effects[0].cost.lp == 500
    assert s.cards[2].effects[0].does[0].params["until"] == "end_of_turn"
    assert dict(s.cards[3].effects[0].params) == {
        "atk": 500, "def": 0, "set_atk": None, "set_def": None, "set_original_atk": None, "set_original_def": None,
        "applies_to": "self", "filter": None,
        "while": "always", "when": None, "applied_last": False, "atk_gain_equal_to": None, "halve": "none",
        "if_weaker": False, "per_card": None, "against": None, "atk_gain_of": None, "def_too": False,
        "per_counter": None, "atk_becomes": None, "def_becomes": None,
    }  # fmt: skip
    assert s.choices[0].targets == ("att",) and s.choices[0].effect == 0 and s.choices[0].expect == "legal"


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_corpus_scenario_parses(record: dict[str, Any]) -> None:
    raw = record["scenario"]
    s = parse_scenario(raw)
    assert (s.id, s.turn_player, dict(s.life_points)) == (raw["id"], raw["turn_player"], raw["life_points"])
    assert [c.id for c in s.cards] == [c["id"] for c in raw["cards"]]
    assert (s.attack.attacker, s.attack.target) == (raw["attack"]["attacker"], raw["attack"]["target"])
    assert len(s.choices) == len(raw.get("choices", []))
    for card, rc in zip(s.cards, raw["cards"], strict=True):
        assert (card.atk, card.def_, card.position) == (rc.get("atk"), rc.get("def"), rc.get("position"))
        assert [e.kind for e in card.effects] == [e["kind"] for e in rc["effects"]]


def test_corpus_spot_checks() -> None:
    assert len(RECORDS) == 58
    solemn = next(c for c in parse_scenario(SCENARIOS["DS-098"]).cards if c.id == "solemn")
    assert solemn.card_type == "counter_trap" and solemn.face_down
    (e,) = solemn.effects
    assert e.params["speed"] == 3 and e.cost is not None and e.cost.lp == 1500
    assert e.does[0].op == "negate_activation" and e.does[0].params == {"destroy": True}

    att = parse_scenario(SCENARIOS["DS-067"]).cards[0]
    assert att.effects[0].params == {
        "on": "after_damage_calculation", "optional": True, "condition": ("this_card_battled",), "from": "field",
        "battle": None, "once_per_turn": None, "damage_step": "auto", "about": "self", "event_filter": None,
        "destroyed_by": None, "to_resolve": False, "uses_per_turn": None, "once_per_turn_group": None,
        "event_from": None, "caused_by": None, "position_change": None,  # (rules spec §U.24)
        "card_activation": False,  # (§U.27)
    }  # fmt: skip
    assert [op.params["target"] for op in att.effects[0].does] == ["battling_opponent", "self"]

    assert parse_scenario(SCENARIOS["DS-008"]).attack.target is None
    honest = parse_scenario(SCENARIOS["DS-056"]).cards[-1]
    assert honest.location == "hand" and honest.position is None
    assert honest.effects[0].params["from"] == "hand" and honest.effects[0].cost is not None
    assert honest.effects[0].cost.send_self_to_graveyard
    benkei = parse_scenario(SCENARIOS["DS-083"]).cards[0]
    assert benkei.position == "defense"  # (applies_to, filter: its own attack only, the defaults; rules spec §U.25)
    assert benkei.effects[0].params == {"apply": "def", "applies_to": "self", "filter": None}
    assert parse_scenario(SCENARIOS["DS-004"]).rules.zero_atk_mutual_destruction is False
    trigger = parse_scenario(SCENARIOS["DS-092"]).cards[0].effects[1]
    assert trigger.params["condition"] == ("this_card_attacked",)
    assert [c.effect for c in parse_scenario(SCENARIOS["DS-092"]).choices] == [0, 0, 1]


# --- one test per error class --------------------------------------------------------------------------

ERRORS: list[tuple[str, dict[str, Any], str, str]] = [
    # (test id, scenario, expected path, a fragment of the message naming the problem/value)
    # structure
    ("missing-key", edited((("attack",), DEL)), "attack", "missing required key"),
    ("missing-card-key", edited((("cards", 1, "controller"), DEL)), "cards[1].controller", "missing"),
    ("unknown-top", edited((("colour",), "red")), "colour", 'unknown key "colour"'),
    ("unknown-rules", edited((("rules", "old"), True)), "rules.old", 'unknown key "old"'),
    ("unknown-card", edited((("cards", 1, "atkk"), 1)), "cards[1].atkk", 'unknown key "atkk"'),
    ("unknown-effect", edited(((*C0E0, "speed"), 2)), "cards[0].effects[0].speed", 'unknown key "speed"'),
    ("unknown-op", edited(((*TRAP, "does", 0, "x"), 1)), "cards[2].effects[0].does[0].x", 'unknown key "x"'),
    ("unknown-cost", edited(((*TRAP, "cost", "mana"), 1)), "cards[2].effects[0].cost.mana", '"mana"'),
    ("unknown-attack", edited((("attack", "direct"), True)), "attack.direct", 'unknown key "direct"'),
    ("unknown-choice", edited((("choices", 0, "who"), "B")), "choices[0].who", 'unknown key "who"'),
    ("unknown-lp", edited((("life_points", "C"), 1)), "life_points.C", 'unknown key "C"'),
    # types
    ("bool-is-not-int", edited((("cards", 0, "atk"), True)), "cards[0].atk", "expected an integer, got true"),
    ("float-is-not-int", edited((("cards", 0, "atk"), 1.0)), "cards[0].atk", "expected an integer, got 1.0"),
    ("str-is-not-int", edited((("life_points", "A"), "8000")), "life_points.A", 'got "8000"'),
    ("int-is-not-str", edited((("cards", 0, "name"), 5)), "cards[0].name", "expected a string, got 5"),
    ("null-is-not-str", edited((("title",), None)), "title", "got null"),
    ("int-is-not-bool", edited((("cards", 2, "face_down"), 1)), "cards[2].face_down", "got 1"),
    ("not-a-list", edited((("cards",), {})), "cards", "expected a list, got an object"),
    ("not-an-object", edited((("cards", 1), "tgt")), "cards[1]", 'expected an object, got "tgt"'),
    ("empty-cards", edited((("cards",), [])), "cards", "at least 1"),
    ("format", edited((("format",), "damage-step-scenario/2")), "format", '"damage-step-scenario/2"'),
    # enums
    ("controller", edited((("cards", 1, "controller"), "C")), "cards[1].controller", 'got "C"'),
    ("turn-player", edited((("turn_player",), "a")), "turn_player", 'got "a"'),
    ("location", edited((("cards", 4, "location"), "field")), "cards[4].location", 'got "field"'),
    ("card-type", edited((("cards", 2, "card_type"), "quickplay")), "cards[2].card_type", 'got "quickplay"'),
    ("window", edited((("choices", 0, "window"), "battle_step")), "choices[0].window", 'got "battle_step"'),
    ("kind", edited(((*C0E0, "kind"), "pierce")), "cards[0].effects[0].kind", 'got "pierce"'),
    ("missing-kind", edited(((*C0E0, "kind"), DEL)), "cards[0].effects[0].kind", "missing required key"),
    ("op", edited(((*TRAP, "does", 0, "op"), "boost")), "cards[2].effects[0].does[0].op", 'got "boost"'),
    ("relative-player", edited((("cards", 1, "effects", 0), effect("halve_battle_damage", player="A"))),
     "cards[1].effects[0].player", 'expected one of controller, opponent, both, got "A"'),
    ("op-player", edited(((*KURI, "does", 0, "player"), "both")),
     "cards[4].effects[0].does[0].player", 'expected one of controller, opponent, got "both"'),
    ("damage-player", edited(((*C0E0, "does", 0), {"op": "damage", "player": "C", "amount": 1})),
     "cards[0].effects[0].does[0].player", 'got "C"'),
    ("until", edited(((*TRAP, "does", 0, "until"), "end_phase")), "cards[2].effects[0].does[0].until", '"end_phase"'),
    ("applies-to", edited((("cards", 3, "effects", 0, "applies_to"), "all")), "cards[3].effects[0].applies_to",
     'got "all"'),
    ("while", edited((("cards", 3, "effects", 0, "while"), "battle")), "cards[3].effects[0].while", '"battle"'),
    ("when", edited((("cards", 3, "effects", 0, "when"), "always")), "cards[3].effects[0].when", '"always"'),
    ("on", edited(((*C0E0, "on"), "battle_damage")), "cards[0].effects[0].on", 'got "battle_damage"'),
    ("condition", edited(((*C0E0, "condition"), ["this_card_battled", "x"])), "cards[0].effects[0].condition[1]",
     'got "x"'),
    ("apply", edited((("cards", 1, "effects", 0), effect("attack_from_defense", apply="DEF"))),
     "cards[1].effects[0].apply", 'got "DEF"'),
    ("scope", edited((("cards", 1, "effects", 0), effect("avoid_battle_damage", player="controller", scope="any"))),
     "cards[1].effects[0].scope", 'got "any"'),
    ("damage-step", edited(((*TRAP, "damage_step"), "yes")), "cards[2].effects[0].damage_step", 'got "yes"'),
    ("from", edited(((*KURI, "from"), "deck")), "cards[4].effects[0].from", 'got "deck"'),
    ("expect", edited((("choices", 0, "expect"), "refused")), "choices[0].expect", 'got "refused"'),
    ("to", edited(((*TRAP, "does", 0), {"op": "change_position", "target": "attacker", "to": "face_up"})),
     "cards[2].effects[0].does[0].to", 'got "face_up"'),
    # numbers
    ("negative-atk", edited((("cards", 1, "def"), -1)), "cards[1].def", "integer from 0 to 1000000, got -1"),
    ("negative-amount", edited(((*C0E0, "does", 0, "count"), -2)), "cards[0].effects[0].does[0].count", "got -2"),
    ("negative-cost", edited(((*TRAP, "cost", "lp"), -500)), "cards[2].effects[0].cost.lp", "got -500"),
    ("zero-lp", edited((("life_points", "B"), 0)), "life_points.B", "expected an integer from 1 to 2147483647, got 0"),
    ("speed-0", edited(((*TRAP, "speed"), 0)), "cards[2].effects[0].speed", "from 1 to 3, got 0"),
    ("speed-4", edited(((*TRAP, "speed"), 4)), "cards[2].effects[0].speed", "from 1 to 3, got 4"),
    ("speed-missing", edited(((*TRAP, "speed"), DEL)), "cards[2].effects[0].speed", "missing required key"),
    ("counter-trap-speed", edited((("cards", 2, "card_type"), "counter_trap")), "cards[2].effects[0].speed",
     "a counter_trap's speed is 3, got 2"),
    # effects
    ("empty-does", edited(((*TRAP, "does"), [])), "cards[2].effects[0].does", "got an empty list"),
    ("missing-does", edited(((*C0E0, "does"), DEL)), "cards[0].effects[0].does", "missing required key"),
    ("trigger-optional", edited(((*C0E0, "optional"), DEL)), "cards[0].effects[0].optional", "missing"),
    ("does-on-continuous", edited((("cards", 3, "effects", 0, "does"), [{"op": "draw", "player": "A", "count": 1}])),
     "cards[3].effects[0].does", "a continuous effect (stat_modifier) takes no does"),
    ("cost-on-continuous", edited((("cards", 3, "effects", 0, "cost"), {"lp": 100})), "cards[3].effects[0].cost",
     "takes no cost"),
    ("target-on-continuous", edited((("cards", 3, "effects", 0, "target"), "self")), "cards[3].effects[0].target",
     'takes no target, got "self"'),
    ("op-missing-target", edited(((*TRAP, "does", 0, "target"), DEL)), "cards[2].effects[0].does[0].target",
     "missing required key"),
    ("change-stats-no-stat", edited(((*TRAP, "does", 0, "atk"), DEL)), "cards[2].effects[0].does[0]",
     "change_stats needs at least one of atk"),
    ("materials-on-trap", edited((("cards", 2, "materials"), 2)), "cards[2].materials",
     "only monsters in a monster_zone have materials, got 2 on a trap in spell_trap_zone"),
    ("at-most-no-amount", edited((("cards", 3, "effects", 0), {"kind": "no_battle_damage_at_most"})),
     "cards[3].effects[0]", "no_battle_damage_at_most needs at least one of at_most, at_most_equal_to"),
    # references
    ("duplicate-id", edited((("cards", 5, "id"), "tgt")), "cards[5].id", 'duplicate card id "tgt"'),
    ("reserved-id", edited((("cards", 5, "id"), "self")), "cards[5].id", '"self" is reserved'),
    ("unknown-attacker", edited((("attack", "attacker"), "nobody")), "attack.attacker", 'unknown card id "nobody"'),
    ("unknown-target", edited((("attack", "target"), "nobody")), "attack.target", 'unknown card id "nobody"'),
    ("unknown-equip", edited((("cards", 3, "equipped_to"), "nobody")), "cards[3].equipped_to", '"nobody"'),
    ("unknown-activate", edited((("choices", 0, "activate"), "nobody")), "choices[0].activate", '"nobody"'),
    ("unknown-choice-target", edited((("choices", 0, "targets"), ["att", "nobody"])), "choices[0].targets[1]",
     'unknown card id "nobody"'),
    ("unknown-op-target", edited(((*TRAP, "does", 0, "target"), "defender")), "cards[2].effects[0].does[0].target",
     "expected attacker, target, self, battling_opponent, own_battler, opponent_battler, targeted, event_cards, "
     'acted_on, battle_victims, paid, summoned, event_card or a card id, got "defender"'),
    ("unknown-effect-target", edited(((*TRAP, "target"), "nobody")), "cards[2].effects[0].target", '"nobody"'),
    ("unknown-summon", edited(((*C0E0, "does", 0), {"op": "special_summon", "card": "nobody", "position": "attack"})),
     "cards[0].effects[0].does[0].card", 'unknown card id "nobody"'),
    ("summon-from-field", edited(((*C0E0, "does", 0), {"op": "special_summon", "card": "tgt", "position": "attack"})),
     "cards[0].effects[0].does[0].card", 'card "tgt" is not a monster in hand, deck, graveyard, banished '
     "or a Pendulum Zone"),
    ("effect-index", edited((("choices", 0, "effect"), 1)), "choices[0].effect",
     'out of range: card "trap" has 1 effect(s), got 1'),
    # cards
    ("position-missing", edited((("cards", 1, "position"), DEL)), "cards[1].position", "missing required key"),
    ("position-on-spell", edited((("cards", 3, "position"), "attack")), "cards[3].position",
     'only monsters in a monster_zone have position, got "attack" on a spell in spell_trap_zone'),
    ("position-in-hand", edited((("cards", 4, "position"), "attack")), "cards[4].position", "on a monster in hand"),
    ("face-down-monster", edited((("cards", 1, "face_down"), False)), "cards[1].face_down",
     "only spells/traps in a spell_trap_zone or the field_zone have face_down, got false on a monster"),
    ("equip-from-monster", edited((("cards", 1, "equipped_to"), "att")), "cards[1].equipped_to", 'got "att"'),
    ("equip-to-spell", edited((("cards", 3, "equipped_to"), "trap")), "cards[3].equipped_to",
     'card "trap" is not a monster in a monster_zone'),
    ("equip-face-down", edited((("cards", 3, "face_down"), True)), "cards[3].face_down", "cannot be face-down"),
    ("monster-without-atk", edited((("cards", 5, "atk"), DEL)), "cards[5].atk", "missing required key"),
    ("atk-on-trap", edited((("cards", 2, "atk"), 0)), "cards[2].atk", "only monsters have atk, got 0 on a trap"),
    ("spell-in-monster-zone", edited((("cards", 3, "location"), "monster_zone")), "cards[3].location",
     'a spell cannot be in "monster_zone"'),
    # the attack
    ("attacker-in-hand", edited((("attack", "attacker"), "kuri")), "attack.attacker",
     'attacker "kuri" is in hand, not a monster_zone'),
    ("attacker-not-turn-player", edited((("turn_player",), "B")), "attack.attacker",
     'attacker "att" is controlled by A, not the turn player B'),
    ("attacker-set", edited((("cards", 0, "position"), "set"), (("cards", 3, "equipped_to"), DEL)), "attack.attacker",
     '"att" is face-down (set)'),
    ("equip-to-set", edited((("cards", 0, "position"), "set")), "cards[3].equipped_to",
     'card "att" is face-down (set): an Equip Card equips a face-up monster'),
    ("attacker-defense", edited((("cards", 0, "position"), "defense")), "attack.attacker",
     "has no attack_from_defense effect"),
    ("target-own", edited((("cards", 1, "controller"), "A")), "attack.target",
     'target "tgt" is controlled by the turn player A'),
    ("target-not-monster-zone", edited((("attack", "target"), "dark")), "attack.target", '"dark" is in deck'),
]


@pytest.mark.parametrize(("data", "path", "fragment"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_error(data: dict[str, Any], path: str, fragment: str) -> None:
    err = error_of(data)
    assert err.path == path, str(err)
    assert fragment in err.message, str(err)
    assert str(err) == f"{err.path}: {err.message}"


def test_error_exact_text() -> None:
    err = error_of(edited((("cards", 1, "position"), "atk")))
    assert isinstance(err, ValueError)
    message = 'expected one of attack, defense, set, got "atk"; did you mean "attack"?'
    assert str(err) == f"cards[1].position: {message}"
    assert (err.path, err.message) == ("cards[1].position", message)


@pytest.mark.parametrize("data", [[], None, "scenario", 3])
def test_not_an_object(data: object) -> None:
    err = error_of(data)
    assert err.path == "$" and err.message.startswith("expected an object, got")


def test_defaults_and_allowed_variants() -> None:
    s = parse_scenario(
        edited(
            (("life_points",), DEL),
            (("turn_player",), DEL),
            (("rules",), DEL),
            (("choices",), DEL),
            (("cards", 2, "card_type"), "counter_trap"),
            ((*TRAP, "speed"), DEL),
            (("cards", 0, "position"), "defense"),
            (("cards", 0, "effects", 1), effect("attack_from_defense", apply="def")),
            (("attack", "target"), None),
        )
    )
    assert dict(s.life_points) == {"A": 8000, "B": 8000} and s.turn_player == "A" and s.choices == ()
    assert s.cards[2].effects[0].params["speed"] == 3 and s.attack.target is None
    assert not s.rules.zero_atk_mutual_destruction


# --- the JSON Schema -------------------------------------------------------------------------------------


def test_committed_schema_is_current() -> None:
    expected = json.dumps(scenario_json_schema(), indent=2, sort_keys=True) + "\n"
    assert SCHEMA_PATH.read_text(encoding="utf-8") == expected, "run: python -m engine schema"


VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(VALIDATOR.schema)


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_corpus_matches_schema(record: dict[str, Any]) -> None:
    VALIDATOR.validate(record["scenario"])


def test_base_matches_schema() -> None:
    VALIDATOR.validate(BASE)


STRUCTURAL = {
    "unknown-card", "unknown-op", "unknown-cost", "bool-is-not-int", "str-is-not-int", "null-is-not-str",
    "format", "location", "kind", "op", "relative-player", "condition", "negative-atk", "zero-lp", "speed-4",
    "empty-does", "missing-does", "does-on-continuous", "target-on-continuous", "change-stats-no-stat",
    "missing-key", "trigger-optional", "op-missing-target", "empty-cards", "until",
}  # fmt: skip
assert {e[0] for e in ERRORS} >= STRUCTURAL


AGREEMENT = [(e[0], e[1]) for e in ERRORS if e[0] in STRUCTURAL]


@pytest.mark.parametrize("data", [a[1] for a in AGREEMENT], ids=[a[0] for a in AGREEMENT])
def test_schema_and_loader_agree_on_invalid(data: dict[str, Any]) -> None:
    assert not VALIDATOR.is_valid(data)
    error_of(data)


# --- files -----------------------------------------------------------------------------------------------

TOML = """\
format = "damage-step-scenario/1"
id = "toml-1"

[[cards]]
id = "att"
controller = "A"
atk = 1000
def = 500
position = "attack"
effects = [{ kind = "piercing", double = true }]

[attack]
attacker = "att"
"""


def test_toml_direct_attack(tmp_path: Path) -> None:
    p = tmp_path / "s.toml"
    p.write_text(TOML, encoding="utf-8")
    (s,) = load_scenarios(p)
    assert s.id == "toml-1" and s.attack.target is None
    assert s.cards[0].effects[0].params == {"double": True}


def test_toml_errors(tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text(TOML.replace('position = "attack"', 'position = "atk"'), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r'^cards\[0\]\.position: expected one of .*"atk"; did you mean "attack"\?'):
        load_scenarios(p)
    p.write_text(TOML.replace("atk = 1000", "atk = "), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenarios(p)
    assert info.value.path == "line 7" and info.value.message.startswith("invalid TOML")


def test_json_single_list_and_record(tmp_path: Path) -> None:
    p = tmp_path / "one.json"
    p.write_text(json.dumps(BASE), encoding="utf-8")
    assert [s.id for s in load_scenarios(p)] == ["base"]
    p.write_text(json.dumps(RECORDS[0]), encoding="utf-8")
    assert [s.id for s in load_scenarios(p)] == ["DS-001"]
    bad = edited((("cards", 1, "position"), "atk"))
    p.write_text(json.dumps([BASE, RECORDS[1], bad]), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenarios(p)
    assert info.value.path == "[2].cards[1].position"
    p.write_text(json.dumps([BASE, {"scenario": bad}]), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenarios(p)
    assert info.value.path == "[1].scenario.cards[1].position"


def test_json_malformed(tmp_path: Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text('{\n  "format": "damage-step-scenario/1",\n  "cards": [,]\n}\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenarios(p)
    assert info.value.path == "line 3" and info.value.message.startswith("invalid JSON")


def test_jsonl(tmp_path: Path) -> None:
    p = tmp_path / "s.jsonl"
    lines = [json.dumps(BASE), "", json.dumps(RECORDS[0]), "   "]
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [s.id for s in load_scenarios(p)] == ["base", "DS-001"]
    assert [s.id for s in load_scenarios(CASES)] == list(SCENARIOS)

    bad = edited((("attack", "target"), "nobody"))
    p.write_text("\n".join([json.dumps(BASE), "", json.dumps(bad)]) + "\n", encoding="utf-8")
    scenarios = iter_jsonl(p)
    assert next(scenarios).id == "base"  # lazy: the first line is yielded before line 3 is read
    with pytest.raises(ScenarioError) as info:
        next(scenarios)
    assert str(info.value) == 'line 3: attack.target: unknown card id "nobody"'

    p.write_text("\n".join([json.dumps(BASE), json.dumps({"scenario": bad, "expected": {}})]), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^line 2: scenario\.attack\.target: "):
        load_scenarios(p)
    p.write_text(json.dumps(BASE) + "\n[1, 2]\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^line 2: expected an object, got a list$"):
        load_scenarios(p)
    p.write_text(json.dumps(BASE) + '\n{"format": \n', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenarios(p)
    assert info.value.path == "line 2" and info.value.message.startswith("invalid JSON")


def quoted(s: str, colon: str) -> str:
    """A JSON string whose every colon is written as `colon` (":", "\\u003a" or "\\u003A")."""
    return json.dumps(s).replace(":", colon)


@settings(max_examples=100, deadline=None)
@given(key=st.text(":a\\é\"", max_size=4), first=st.text(":b", max_size=4), second=st.text(":c", max_size=4),
       colons=st.lists(st.sampled_from([":", "\\u003a", "\\u003A"]), min_size=3, max_size=3),
       depth=st.integers(0, 3))  # fmt: skip
def test_a_repeated_key_is_refused_wherever_it_is(
    tmp_path_factory: pytest.TempPathFactory, key: str, first: str, second: str, colons: list[str], depth: int
) -> None:
    """Also in the part of a record the loader does not read, however the colons of its strings are written
    (msgspec's decoder, which reads most files, keeps the last of two equal keys without a word)."""
    k, a, b = (quoted(x, c) for x, c in zip((key, first, second), colons, strict=True))
    repeated = "{" + f"{k}: {a}, {k}: {b}" + "}"
    expected = '{"x": ' * depth + repeated + "}" * depth
    p = tmp_path_factory.mktemp("dup") / "s.jsonl"
    p.write_text(json.dumps(RECORDS[0]) + "\n" + '{"scenario": ' + json.dumps(BASE) + ', "expected": ' + expected
                 + "}\n", encoding="utf-8")  # fmt: skip
    with pytest.raises(ScenarioError) as info:
        load_scenarios(p)
    assert info.value.path.startswith("line 2: expected" + ".x" * depth) and info.value.message == "duplicate key"


# --- library cards, handed to the loader -------------------------------------------------------------------

RUSH = {"id": "rush", "controller": "A", "location": "spell_trap_zone", "face_down": True, "card": "rush"}
LIBRARY = {"rush": {"name": "Rush", "card_type": "spell", "effects": [act({"op": "change_stats",
                                                                           "target": "attacker", "atk": 700})]}}


def test_a_library_card_needs_a_library() -> None:
    err = error_of(edited((("cards", 6), RUSH)))
    assert err.path == "cards[6].card" and "no card library was given" in err.message
    assert "library=" in err.message  # and how to give one


def test_a_library_card_gets_its_keys_under_its_own() -> None:
    sc = parse_scenario(edited((("cards", 6), RUSH | {"name": "Mine"})), library=LIBRARY)
    rush = sc.cards[6]
    assert (rush.name, rush.card_type, rush.face_down) == ("Mine", "spell", True)
    assert rush.effects[0].does[0].params["atk"] == 700
    with pytest.raises(ScenarioError, match=r'^cards\[6\]\.card: expected one of rush, got "blue_eyes"$'):
        parse_scenario(edited((("cards", 6), RUSH | {"card": "blue_eyes"})), library=LIBRARY)


ENGINE = Path(__file__).resolve().parent.parent / "engine"
LOADER = [ENGINE / "scenario.py", *sorted((ENGINE / "format").glob("*.py"))]  # the format's public face, its package


def test_the_loader_imports_nothing_of_the_engine_but_text() -> None:
    for path in LOADER:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        engine = {m for m in modules if m and m.split(".")[0] == "engine"}
        assert {m for m in engine if not m.startswith("engine.format.")} <= {"engine.values.text"}, path


def test_the_format_modules_stay_small() -> None:
    """One module per part of the format (issue 38), none over 600 lines."""
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in LOADER}
    assert len(sizes) >= 10
    assert {name: n for name, n in sizes.items() if n > 600} == {}


def test_no_module_imports_a_private_name_of_the_loader() -> None:
    root = ENGINE.parent
    for path in [*root.glob("engine/**/*.py"), *root.glob("tests/**/*.py"), *root.glob("benchmarks/*.py")]:
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith(("engine.scenario", "engine.format")):
                assert not [a.name for a in n.names if a.name.startswith("_")], path


# --- one effect, as a host gives it ------------------------------------------------------------------------


def test_parse_effect_spec_checks_an_effect_as_on_a_card() -> None:
    boost = act({"op": "change_stats", "target": "attacker", "atk": 700})
    assert parse_effect_spec(boost).params["speed"] == 2
    assert parse_effect_spec({k: v for k, v in boost.items() if k != "speed"}, card_type="counter_trap").params[
        "speed"] == 3  # fmt: skip
    for spec, card_type, where, fragment in [
        (boost, "counter_trap", "speed", "a counter_trap's speed is 3, got 2"),
        ({k: v for k, v in boost.items() if k != "speed"}, "trap", "speed", "missing required key"),
        (boost | {"does": [{"op": "change_stats", "target": "attacker"}]}, "monster", "does[0]", "at least one of"),
        ({"kind": "piercing", "does": []}, "monster", "does", "a continuous effect (piercing) takes no does"),
        ({"kind": "pierce"}, "monster", "kind", 'got "pierce"'),
    ]:
        with pytest.raises(ScenarioError) as info:
            parse_effect_spec(spec, card_type=card_type)
        assert info.value.path == where and fragment in info.value.message, str(info.value)


def test_unknown_suffix(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text("format: x\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r'unknown file suffix "\.yaml"'):
        load_scenarios(p)


def test_jsonl_speed(tmp_path: Path) -> None:
    """10,000 records load (their speed is measured by benchmarks/loader.py: no test asserts on time)."""
    p = tmp_path / "big.jsonl"
    lines = [json.dumps(r) for r in RECORDS]
    p.write_text("\n".join(lines[i % len(lines)] for i in range(10_000)) + "\n", encoding="utf-8")
    assert sum(1 for _ in iter_jsonl(p)) == 10_000


# --- robustness ------------------------------------------------------------------------------------------


def leaves(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], object]]:
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in leaves(v, (*path, k))]
    if isinstance(node, list):
        return [leaf for i, v in enumerate(node) for leaf in leaves(v, (*path, i))]
    return [(path, node)]


WRONG: dict[type, list[object]] = {
    str: [0, 1.5, True, None, [], {}],
    int: ["1", 1.0, True, None, [], {}],
    bool: [0, 1, "true", None, [], {}],
    type(None): [0, 1.5, True, [], {}],
}
BASES = [BASE, *SCENARIOS.values()]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_wrong_type_leaf_always_raises_scenario_error(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(BASES))
    path, value = data.draw(st.sampled_from(leaves(base)))
    wrong = [w for w in WRONG[type(value)] if not (w is None and path == ("attack", "target"))]
    replacement = data.draw(st.sampled_from(wrong))
    with pytest.raises(ScenarioError):
        parse_scenario(edited_from(base, path, replacement))


def edited_from(base: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    s = copy.deepcopy(base)
    node: Any = s
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return s


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def nodes(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    children: list[tuple[str | int, object]] = []
    if isinstance(node, dict):
        children = list(node.items())
    elif isinstance(node, list):
        children = list(enumerate(node))
    return [path, *(p for k, v in children for p in nodes(v, (*path, k)))]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_json_subtree_parses_or_raises_scenario_error(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(BASES))
    path = data.draw(st.sampled_from(nodes(base)[1:]))
    value = data.draw(JSON_VALUES)
    try:
        parse_scenario(edited_from(base, path, value))
    except ScenarioError as err:
        assert str(err) == f"{err.path}: {err.message}"


@given(JSON_VALUES)
def test_any_json_value_raises_scenario_error(value: object) -> None:
    with pytest.raises(ScenarioError):
        parse_scenario(value)

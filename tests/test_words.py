"""Words a player reads (issue 24, item 5): cards by their names, the game's values in words, sentences that fit.

`engine.trace.card_names` names every card of a duel by its name, with its id only where two cards share a name;
`engine.values.words` holds the words of every location, duration, sub-timing, trigger, position and battle-damage
modifier. The sweep plays every case of tests/rules/cases.jsonl and reads every event's explanation, its trace line
and the stepper's whole output: no raw value (``end_of_turn``, ``monster_zone``) is left in them.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from conftest import load_records, monster, scenario

import engine
from engine.actions import UNTILS
from engine.debug import explain, reason, what
from engine.debug.stepper import Stepper
from engine.machine import Duel
from engine.state import GameState
from engine.trace import card_names, describe, find_card, format_trace
from engine.values.effects import DamageStage, TriggerEvent
from engine.values.events import EventType
from engine.values.game import Location, OriginalOp, Position
from engine.values.words import (
    DAMAGE_STAGES,
    LOCATIONS,
    ORIGINAL_OPS,
    POSITIONS,
    TITLES,
    TRIGGERS,
    in_words,
    is_at,
    moves,
)  # fmt: skip

RECORDS = load_records()
# underscore-joined words: a value as the machine says it
RAW = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")
RULE_TAG = re.compile(r"  \[[a-z_]+\]$")  # the rule id after a trace line: a reference, like a § number


def play(sc: dict[str, Any]) -> tuple[GameState, list[str]]:
    """Play a scenario; also each event's reason as it was written live (a trace's `why`), when it happened."""
    live: list[str] = []

    def start(duel: Duel) -> None:
        duel.on_event(lambda e: live.append(reason(duel.state, len(duel.state.log) - 1)))

    duel, _agent = engine.run_scenario(engine.parse_scenario(sc), on_start=start)
    return duel.state, live


def raw_values(text: str, ids: set[str]) -> set[str]:
    """The underscore-joined words of `text` that are no card id (an id is shown where two cards share a name)."""
    return set(RAW.findall(text)) - ids


# -- the tables -------------------------------------------------------------------------------------------------
def test_every_value_has_its_words() -> None:
    assert LOCATIONS.keys() == set(Location) and TRIGGERS.keys() == set(TriggerEvent)
    assert DAMAGE_STAGES.keys() == set(DamageStage) and ORIGINAL_OPS.keys() == set(OriginalOp)
    assert POSITIONS.keys() == set(Position)
    for value in UNTILS:
        assert in_words(f"until {value}").startswith(("until the end of", "while it stays")), value
    for words in (*LOCATIONS.values(), *TRIGGERS.values(), *DAMAGE_STAGES.values(), *TITLES.values()):
        assert "_" not in words


def test_the_values_a_lower_layer_quotes_are_said_in_words() -> None:
    assert in_words("original ATK halve until end_of_turn") == "original ATK halved until the end of the turn"
    assert in_words("original DEF double, ATK +300 until end_of_damage_step") == (
        "original DEF doubled, ATK +300 until the end of the Damage Step"
    )
    assert in_words("only in start_of_damage_step, not in during_damage_calculation") == (
        "only in the start of the Damage Step, not in during damage calculation"
    )
    assert in_words("rush is not on the field (it is in the graveyard)") == (
        "rush is not on the field (it is in the Graveyard)"
    )
    assert in_words("kuriboh_2 stays kuriboh_2") == "kuriboh_2 stays kuriboh_2"  # not a value: a card id
    assert moves("X", "monster_zone", "graveyard") == "X moves from the Monster Zone to the Graveyard"
    assert moves("X", Location.HAND, Location.BANISHED) == "X is banished from the hand"
    assert moves("X", "banished", "hand") == "X returns from being banished to the hand"
    assert is_at(Location.SPELL_TRAP_ZONE) == "is in the Spell & Trap Zone" and is_at("banished") == "is banished"


# -- cards by their names ---------------------------------------------------------------------------------------
def _named(card: dict[str, Any], name: str) -> dict[str, Any]:
    return {**card, "name": name}


# Dark Magician attacks; B answers the declaration with Mirror Force, which destroys A's Attack Position monsters:
# Dark Magician and A's Kuriboh. B's Kuriboh shares the name, so both Kuribohs carry their ids.
MIRROR = {
    "format": "damage-step-scenario/1", "id": "names", "turn_player": "A", "life_points": {"A": 8000, "B": 8000},
    "cards": [
        _named(monster("dm", "A", 2500, 2100), "Dark Magician"),
        _named(monster("kuri_a", "A", 300, 200), "Kuriboh"),
        _named(monster("kuri_b", "B", 300, 200), "Kuriboh"),
        {"id": "mf", "controller": "B", "card": "mirror_force", "location": "spell_trap_zone", "face_down": True},
    ],
    "battle_phase": {},
    "choices": [{"window": "battle_step", "player": "A", "declare": {"attacker": "dm", "target": "kuri_b"},
                 "attack": 0},
                {"window": "attack_declaration", "player": "B", "activate": "mf", "attack": 0}],
}  # fmt: skip


def test_cards_are_named_by_their_names_and_ids_only_where_two_share_a_name() -> None:
    s, _live = play(MIRROR)
    assert card_names(s) == ["Dark Magician", "Kuriboh (kuri_a)", "Kuriboh (kuri_b)", "Mirror Force"]
    texts = [explain(s, k) for k in range(len(s.log))] + [format_trace(s)]
    every = "\n".join(texts)
    assert "Dark Magician" in every and "Mirror Force" in every and "Kuriboh (kuri_b)" in every
    for text in texts:
        assert not re.search(r"\b(dm|mf)\b", text), text  # a name of its own: never the id
        for cid in ("kuri_a", "kuri_b"):  # a shared name: the id, always after the name
            assert text.count(cid) == text.count(f"Kuriboh ({cid})"), text


def test_a_destruction_by_an_effect_names_the_effects_card() -> None:
    s, _live = play(MIRROR)
    destroyed = {explain(s, k) for k, e in enumerate(s.log) if e.type is EventType.MOVED and e.rule == "effect"}
    assert destroyed == {
        "Dark Magician moves from the Monster Zone to the Graveyard (destroyed): Dark Magician is destroyed by "
        "Mirror Force's effect and sent to the Graveyard",
        "Kuriboh (kuri_a) moves from the Monster Zone to the Graveyard (destroyed): Kuriboh (kuri_a) is destroyed "
        "by Mirror Force's effect and sent to the Graveyard",
    }


def test_a_typed_card_is_its_id_or_its_name_if_no_other_card_has_it() -> None:
    s, _live = play(MIRROR)
    assert find_card(s, "dm") == 0 and find_card(s, "Dark Magician") == 0 and find_card(s, "Mirror Force") == 3
    assert find_card(s, "kuri_b") == 2 and find_card(s, "Kuriboh") is None and find_card(s, "Jinzo") is None
    sc = engine.parse_scenario(scenario([_named(monster("att", "A", 2000, 1000), "Dark Magician"),
                                         _named(monster("tgt", "B", 1000, 1000), "Kuriboh"),
                                         _named(monster("kuri2", "B", 300, 200), "Kuriboh")]))  # fmt: skip
    out = io.StringIO()
    Stepper(sc, out=out).run(['why "Dark Magician"', "break tgt", "why Kuriboh", "continue", "field"])
    text = out.getvalue()
    assert "Dark Magician is in the Monster Zone, in face-up Attack Position, controlled by A." in text
    assert "breakpoint #1 card=tgt" in text  # the breakpoint keeps the id: what a trace and a session match
    assert "error: no card 'Kuriboh' in this duel" in text  # two cards have that name: an id is needed
    assert "attacker Dark Magician (A): ATK 2000" in text and "target Kuriboh (tgt) (B)" in text
    assert "  Kuriboh (kuri2) (B): ATK 300 / DEF 200" in text


# -- sentences that fit ----------------------------------------------------------------------------------------
def test_a_chain_of_triggers_is_said_as_such_live_too() -> None:
    """Said live (a stepper, a trace being written), the first of two triggers chained together is no lone
    trigger: whether it was alone is read from the triggers that were waiting, not from what comes after (§1.2)."""
    flip = {"kind": "flip", "does": [{"op": "damage", "player": "opponent", "amount": 300}]}
    burn = {"kind": "trigger", "on": "battle_damage_inflicted", "optional": False,
            "does": [{"op": "damage", "player": "opponent", "amount": 100}]}
    for cards, lone in (([monster("att", "A", 2000, 0), monster("tgt", "B", 0, 1000, "set", flip)], True),
                        ([monster("att", "A", 2000, 0, "attack", burn, {"kind": "piercing"}),
                          monster("tgt", "B", 0, 1000, "set", flip)], False)):  # fmt: skip
        s, live = play(scenario(cards))
        segoc = [k for k, e in enumerate(s.log) if e.type is EventType.ACTIVATED and e.rule == "segoc"]
        assert len(segoc) == (1 if lone else 2)
        for k in segoc:
            assert live[k] == reason(s, k)
            assert ("only one waiting" in live[k]) is lone and ("simultaneous triggers" in live[k]) is not lone


def test_the_battlers_of_each_attack_are_its_own() -> None:
    """In a Battle Phase of several attacks, each outcome names the monsters of its own battle."""
    rec = next(r for r in load_records_all() if r["scenario"]["id"] == "BP-003")
    s, _live = play(rec["scenario"])
    outcomes = [reason(s, k) for k, e in enumerate(s.log) if e.type is EventType.BATTLE_DAMAGE]
    assert outcomes and not any("nothing's" in t for t in outcomes), outcomes


def load_records_all() -> list[dict[str, Any]]:
    from conftest import RULES_DIR, load_jsonl

    return [r for p in sorted(RULES_DIR.glob("*.jsonl")) for r in load_jsonl(p)]


# -- the sweep ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_no_raw_value_in_any_explanation_trace_line_or_stepper_output(record: dict[str, Any]) -> None:
    sc = record["scenario"]
    s, live = play(sc)
    ids = {c.id for c in s.cards}
    names = card_names(s)
    assert live == [reason(s, k) for k in range(len(s.log))]  # a trace written live says what the log says after
    for k, e in enumerate(s.log):
        for text in (explain(s, k), what(s, k), describe(e, names) or ""):
            assert not raw_values(text, ids), (k, e, text)
    out = io.StringIO()
    stepper = Stepper(engine.parse_scenario(sc), out=out)
    stepper.auto()
    stepper.run(["field", "log", *(f"why {cid}" for cid in sorted(ids))])
    for line in out.getvalue().splitlines():
        if line.startswith(("  ", "   decision")) and "[" in line:
            line = RULE_TAG.sub("", line)
        if line.startswith("Scenario ") or re.match(r"\s+\d+\s+\S+\s+[0-9a-f]{8}\s", line):
            continue  # the scenario's own id; `history` rows, which name the states as `break` takes them
        assert not raw_values(line, ids), line

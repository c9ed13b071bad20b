"""engine.debug.explain: one sentence per rule id, built from each event's own numbers.

The corpus test reads every event of every case of tests/rules/cases.jsonl; the showcase test
checks the issue's three example sentences on the battle they describe, with numbers derived
from docs/damage-step-rules.md (§2.4: 2700 - 1200 = 1500 piercing; §1.7; §1.4).
"""

from __future__ import annotations

import re

import pytest
from conftest import load_records, monster, scenario
from debug_fixtures import RUSH, TGT, activating, finish, new_duel, new_session, passing, pierce_flip

import engine
from engine.debug import WHY, explain, reason, what, why
from engine.state import GameState
from engine.values.events import RULES, Event, EventType
from engine.values.game import Phase, Player, Window

RECORDS = load_records()
SECTION = re.compile(r"\(§(\d+|BP|C)(\.\d+)?(, §(\d+|BP|C)(\.\d+)?)*\)$")


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![\d.§])\d+(?![\d.])", text)}


def played(sc: dict) -> GameState:  # type: ignore[type-arg]
    duel, _agent = engine.run_scenario(engine.parse_scenario(sc))
    return duel.state


def test_every_rule_id_has_exactly_one_sentence() -> None:
    assert WHY.keys() == RULES.keys()
    assert all(callable(f) for f in WHY.values())


def test_every_event_type_has_its_own_what_sentence() -> None:
    duel, _sc = new_duel()
    s = duel.state
    data = (("lp", 7700), ("values", (1900, 800)), ("from", "hand"), ("to", "graveyard"))
    sentences = {}
    for t in EventType:
        s.log.append(Event(t, Phase.FLIP, Window.START_OF_DAMAGE_STEP, Player.B, TGT, 300, "effect", "a detail", data))
        sentences[t] = what(s, len(s.log) - 1)
    for t, text in sentences.items():
        assert text and text != t.value and "_" not in text.replace(t.value, ""), (t, text)
    # Only a few types are their detail alone (the effect's own words); the others say what happened.
    assert {t for t, text in sentences.items() if text == "a detail"} == {EventType.EXPIRED}
    for t in (EventType.BATTLE_DAMAGE, EventType.EFFECT_DAMAGE, EventType.LP_GAINED, EventType.COST_PAID):
        assert {300, 7700} <= numbers(sentences[t]) and "B" in sentences[t]
    assert {1900, 800} <= numbers(sentences[EventType.VALUES_COMPARED])
    assert "tgt" in sentences[EventType.FLIPPED] and "tgt" in sentences[EventType.DESTROYED_BY_BATTLE]


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_every_corpus_event_is_explained_with_its_numbers_and_section(record: dict) -> None:  # type: ignore[type-arg]
    s = played(record["scenario"])
    for k, e in enumerate(s.log):
        text = explain(s, k)
        assert text == f"{what(s, k)}: {reason(s, k)}"
        assert "\n" not in text and "rule " not in reason(s, k)[:5]  # never the unknown-rule fallback
        d = dict(e.data)
        wanted = {e.amount, d.get("lp")} - {None}
        if e.type is EventType.VALUES_COMPARED:
            wanted |= {v for v in d["values"] if v is not None}
        assert wanted <= numbers(text), (k, e, text)
        if e.type in (EventType.BATTLE_DAMAGE, EventType.DESTROYED_BY_BATTLE, EventType.NOT_DESTROYED):
            values = next(dict(x.data)["values"] for x in reversed(s.log[:k]) if x.type is EventType.VALUES_COMPARED)
            assert {v for v in values if v is not None} <= numbers(reason(s, k)), (k, e, text)
        if "§" in RULES[e.rule]:
            assert SECTION.search(text), (k, e.rule, text)  # it ends with its § reference


def test_the_issues_three_example_sentences_on_the_showcase_battle() -> None:
    s, _agent = new_session()
    finish(s)  # A passes: att keeps 2700 ATK
    log = s.state.log
    damage = next(k for k, e in enumerate(log) if e.type is EventType.BATTLE_DAMAGE)
    destroyed = next(k for k, e in enumerate(log) if e.type is EventType.DESTROYED_BY_BATTLE)
    flipped = next(k for k, e in enumerate(log) if e.type is EventType.FLIPPED)
    assert explain(s.state, damage) == (
        "B takes 1500 battle damage (LP 6500): att's 2700 ATK is higher than tgt's 1200 DEF and att has a "
        "piercing effect (§2.4)"
    )
    assert reason(s.state, destroyed).endswith(
        "tgt stays on the field until the end of the Damage Step: monsters destroyed by battle are sent at the end "
        "of the step (§1.7)"
    )
    assert reason(s.state, flipped).endswith(
        "the FLIP effect of tgt waits: a monster flipped by an attack activates its FLIP effect after damage "
        "calculation (§1.4)"
    )
    # ... and the FLIP effect activates after damage calculation, burning A for 500 (§1.4).
    trig = next(k for k, e in enumerate(log) if e.type is EventType.TRIGGERED and e.card == TGT)
    assert log[trig].window is Window.AFTER_DAMAGE_CALCULATION and "(§1.4)" in reason(s.state, trig)
    burn = next(k for k, e in enumerate(log) if e.type is EventType.EFFECT_DAMAGE)
    assert explain(s.state, burn) == "A takes 500 effect damage (LP 7500): tgt's effect inflicts 500 damage on A; A " \
        "now has 7500 LP"


def test_the_sentences_follow_the_numbers_of_another_branch() -> None:
    s, _agent = new_session()
    finish(s, lambda d: activating(d, RUSH) if any(o.card == RUSH for o in d.options)
           and d.window is Window.BEFORE_DAMAGE_CALCULATION else passing(d))  # fmt: skip
    log = s.state.log
    damage = next(k for k, e in enumerate(log) if e.type is EventType.BATTLE_DAMAGE)
    # 2700 + 700 = 3400 ATK; 3400 - 1200 = 2200 piercing (§2.4).
    assert explain(s.state, damage) == (
        "B takes 2200 battle damage (LP 5800): att's 3400 ATK is higher than tgt's 1200 DEF and att has a "
        "piercing effect (§2.4)"
    )
    act = next(k for k, e in enumerate(log) if e.type is EventType.ACTIVATED and e.card == RUSH)
    assert reason(s.state, act) == "A had priority and activated rush as chain link 1 (§1.2)"


def test_outcomes_without_piercing_say_which_rule_decided() -> None:
    atk = played(scenario([monster("att", "A", 2000, 1000), monster("tgt", "B", 1500, 1000)]))
    k = next(k for k, e in enumerate(atk.log) if e.type is EventType.BATTLE_DAMAGE)
    assert explain(atk, k) == "B takes 500 battle damage (LP 7500): att's 2000 ATK is higher than tgt's 1500 ATK (§2.2)"
    guard = played(scenario([monster("att", "A", 2000, 1000), monster("tgt", "B", 500, 1500, "defense")]))
    k = next(k for k, e in enumerate(guard.log) if e.type is EventType.DESTROYED_BY_BATTLE)
    assert "att's 2000 ATK is higher than tgt's 1500 DEF: a Defense Position monster's controller takes no battle " \
        "damage without a piercing effect (§2.2)" in reason(guard, k)
    wall = played(scenario([monster("att", "A", 1000, 1000), monster("tgt", "B", 500, 1800, "defense")]))
    k = next(k for k, e in enumerate(wall.log) if e.type is EventType.BATTLE_DAMAGE)
    # §2.2: Defense, a < d -> the attacker's controller takes d - a = 800.
    assert explain(wall, k) == ("A takes 800 battle damage (LP 7200): tgt's 1800 DEF is higher than att's 1000 ATK "
                                "(§2.2)")


def test_lp_floor_and_the_end_of_the_duel_are_explained() -> None:
    s = played(scenario([monster("att", "A", 3000, 1000), monster("tgt", "B", 1000, 1000)], lp=(8000, 1500)))
    k = next(k for k, e in enumerate(s.log) if e.type is EventType.BATTLE_DAMAGE)
    # §2.7: 2000 damage against 1500 LP leaves 0, never below.
    assert explain(s, k).startswith("B takes 2000 battle damage (LP 0)")
    assert explain(s, k).endswith("LP never go below 0, so B is at 0 (§2.7)")
    end = next(k for k, e in enumerate(s.log) if e.type is EventType.DUEL_ENDED)
    assert reason(s, end) == "a player at 0 LP loses at once (B has 0 LP) (§2.7)"


def test_an_lp_gain_names_its_amount_and_the_new_lp() -> None:
    sc = pierce_flip(choices=[])
    sc["cards"][TGT]["effects"] = [{"kind": "flip", "does": [{"op": "gain_lp", "player": "controller", "amount": 600}]}]
    s = played(sc)
    k = next(k for k, e in enumerate(s.log) if e.type is EventType.LP_GAINED)
    # B: 8000 - 1500 piercing (§2.4) + 600 = 7100.
    assert explain(s, k) == "B gains 600 LP (LP 7100): tgt's effect gives B 600 LP; B now has 7100 LP"


def test_why_a_card_is_where_it_is_lists_the_events_that_put_it_there() -> None:
    s, agent = new_session()
    s.break_on(event="destroyed_by_battle")
    while not isinstance(s.cont(), engine.debug.Breakpoint):
        s.decide(agent.choose(s.duel.pending_decision, s.duel))  # type: ignore[arg-type]
    mid = s.why("tgt").splitlines()
    assert mid[0] == ("tgt is in the Monster Zone, in face-up Defense Position, destroyed by battle (it leaves the "
                      "field at the end of the Damage Step), controlled by B.")
    # flipped (event 6 of the log), then destroyed (event 28; with rush: 3400), each numbered by its step (the
    # trace's numbering, which counts the decisions too)
    steps = [k for k, r in enumerate(s.records()) if r["kind"] == "event"]
    assert [line.split("]")[0] for line in mid[1:]] == [f"  [{steps[6]}", f"  [{steps[28]}"]
    assert [s.records()[steps[k]]["type"] for k in (6, 28)] == ["flipped", "destroyed_by_battle"]
    assert "att's 3400 ATK is higher than tgt's 1200 DEF" in mid[2]
    s.goto(0)
    assert s.why("att").splitlines()[0] == "att is in the Monster Zone, in face-up Attack Position, controlled by A."
    assert s.why("rush").splitlines()[0] == "rush is in the Spell & Trap Zone, controlled by A."
    finish(s, lambda d: agent.choose(d, s.duel))
    log = s.state.log
    lines = why(s.state, TGT).splitlines()
    assert lines[0] == "tgt is in the Graveyard, controlled by B."
    listed = [int(m.group(1)) for m in (re.match(r"  \[(\d+)\] ", line) for line in lines[1:]) if m]
    assert len(listed) == len(lines) - 1
    touching = [k for k, e in enumerate(log) if (e.card == TGT or TGT in dict(e.data).get("targets", ()))
                and e.type not in (EventType.PHASE_ENTERED, EventType.PASSED)]  # fmt: skip
    assert listed == touching
    for k, line in zip(listed, lines[1:], strict=True):
        assert line == f"  [{k}] {explain(s.state, k)}"
    kinds = [log[k].type for k in listed]
    assert kinds[0] is EventType.FLIPPED and EventType.DESTROYED_BY_BATTLE in kinds and kinds[-1] is EventType.MOVED
    assert "Graveyard" in lines[-1] and "(§1.7)" in lines[-1]


def test_an_embedders_own_rule_id_gets_a_sentence_that_says_so() -> None:
    duel, _sc = new_duel()
    duel.state.log.append(Event(EventType.DREW, Phase.FLIP, player=Player.A, amount=1, rule="house_rule"))
    assert reason(duel.state, 0) == "rule 'house_rule' (not one of the engine's rules: an embedder's own)"


def test_a_lone_trigger_is_not_described_as_a_segoc_ordering() -> None:
    """One FLIP effect alone (rules spec §1.4: it activates after damage calculation) starts the chain by
    itself; two triggers together are explained with the SEGOC order (§1.2)."""
    flip = {"kind": "flip", "does": [{"op": "damage", "player": "opponent", "amount": 300}]}
    alone = played(scenario([monster("att", "A", 2000, 0), monster("tgt", "B", 0, 1000, "set", flip)]))
    burn = {"kind": "trigger", "on": "battle_damage_inflicted", "optional": False,
            "does": [{"op": "damage", "player": "opponent", "amount": 100}]}
    both = played(scenario([monster("att", "A", 2000, 0, "attack", burn, {"kind": "piercing"}),
                            monster("tgt", "B", 0, 1000, "set", flip)]))  # fmt: skip
    for state, lone in ((alone, True), (both, False)):
        texts = [reason(state, i) for i, e in enumerate(state.log)
                 if e.type is EventType.ACTIVATED and e.rule == "segoc"]  # fmt: skip
        assert len(texts) == (1 if lone else 2)
        assert all(("only one waiting" in t) is lone and ("mandatory" in t) is not lone for t in texts), texts

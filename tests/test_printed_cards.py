"""Real cards written as printed, and the format extensions they need (issue 12, part 3): Attributes, Types and
Levels; battle conditions; discard and Tribute costs; battle destruction replacement.

The sourced cases are tests/rules/printed-cards-cases.jsonl (each cites its card text and rulings). The focused
tests below take their expected values from these rules, cited where used:

* [COST] costs are paid on activation; an effect whose cost cannot be paid cannot be activated (rules spec §1.2,
  http://ygorulings.blogspot.com/2010/06/magical-motorcycles.html); a Tributed or discarded card is sent to the
  Graveyard and is not "destroyed" (https://www.answers.com/Q/When_is_a_monster_considered_destroyed); monsters
  destroyed by battle cannot be a cost for an optional effect (§1.6).
* [REPL] a replacement ("you can ... instead") is optional, applied when the destruction is determined, not
  activated; the monster stays and is not destroyed by battle (§1.5(b)4, §2.5,
  https://fusion-helper-tool.onrender.com/judge/rulings/83_destruction_replacement_substitute_instead_effects/).
* [FACE] a face-down monster shows no Attribute ("when a face-up LIGHT monster you control battles", Honest's
  TCG text, http://yugioh.tcgplayer.com/db/article.asp?ID=2328); at the start of the Damage Step the attacked
  face-down monster is not yet flipped (§1.3).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import RULES_DIR, check_case, check_round_trip, check_sourced_cases, load_jsonl, run
from scenario_builders import BDC, S, act, ch, hand, mon, pull, scen, st

import engine
from engine.state import write_hand_filler

RECORDS = load_jsonl(RULES_DIR / "printed-cards-cases.jsonl")


def test_cases_are_sourced_and_ids_unique() -> None:
    check_sourced_cases(RECORDS, at_least=15)


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_case(record: dict[str, Any]) -> None:
    check_case(record)


def test_cases_round_trip_through_scenario_to_json() -> None:
    check_round_trip(RECORDS)


# -- Attributes, Types, Levels --------------------------------------------------------------------------------


def test_card_keys_are_checked() -> None:
    with pytest.raises(engine.ScenarioError, match=r"cards\[0\]\.attribute: expected one of light, dark"):
        engine.parse_scenario(scen([mon("att", "A", 1, 1) | {"attribute": "LIGHT"}, mon("tgt", "B", 1, 1)]))
    with pytest.raises(engine.ScenarioError, match=r"cards\[0\]\.level: expected an integer from 1 to 12, got 13"):
        engine.parse_scenario(scen([mon("att", "A", 1, 1) | {"level": 13}, mon("tgt", "B", 1, 1)]))
    trap = st("t", "A", [], face_down=False) | {"monster_type": "fairy"}
    with pytest.raises(engine.ScenarioError, match=r"cards\[2\]\.monster_type: only monsters have monster_type"):
        engine.parse_scenario(scen([mon("att", "A", 1, 1), mon("tgt", "B", 1, 1), trap]))


def boost(flt: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "stat_modifier", "atk": 100, "applies_to": "all_monsters", "filter": flt}


def test_level_filters() -> None:
    # "Level 4 or lower": Level 4 yes, Level 5 no, a card that gives no Level has none.
    cards = [mon("att", "A", 1000, 0) | {"level": 4}, mon("tgt", "B", 1000, 3000, "defense") | {"level": 5},
             mon("x", "B", 1000, 0, "defense"), st("f", "A", [boost({"level_at_most": 4})], "spell", False)]
    res = run(scen(cards))
    assert {k: v["atk"] for k, v in res["final_monsters"].items()} == {"att": 1100, "tgt": 1000, "x": 1000}
    cards[-1] = st("f", "A", [boost({"level_at_least": 5, "monster_type": "dragon"})], "spell", False)
    cards[1] = cards[1] | {"monster_type": "dragon"}
    res = run(scen(cards))
    assert {k: v["atk"] for k, v in res["final_monsters"].items()} == {"att": 1000, "tgt": 1100, "x": 1000}


HONEST = act({"op": "change_stats", "target": "own_battler", "atk_gain_equal_to": "battling_opponent_atk"},
             **{"from": "hand", "cost": {"send_self_to_graveyard": True},
                "battle": {"own_monster": {"attribute": "light"}, "opponent_monster": {}}})


def test_a_face_down_light_monster_is_not_a_light_monster() -> None:
    # [FACE] B's Set LIGHT monster is attacked: at the start of the Damage Step it is still face-down, so Honest
    # cannot be activated; before damage calculation it has been flipped face-up, so it can.
    board = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 500, "set") | {"attribute": "light"},
             hand("honest", "B", 1100, 1900, [HONEST])]
    early = run(scen(board, [ch(S, "B", "honest", expect="illegal")]))
    assert early["refused"][0]["reason"] == (
        "its activation condition is not met: B's battling monster tgt is not a face-up LIGHT monster")
    late = run(scen(board, [ch(BDC, "B", "honest")]))
    assert late["refused"] == [] and late["final_locations"]["honest"] == "graveyard"


def test_a_battle_condition_is_not_offered_when_it_fails() -> None:
    board = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0) | {"attribute": "dark"},
             hand("honest", "B", 1100, 1900, [HONEST])]
    duel, ids = pull(scen(board), show=True)
    while (d := duel.advance()) is not None:
        assert all(o.card != ids.index("honest") for o in d.options)
        duel.decide(engine.PASS)


# -- costs: discard N, Tribute N ------------------------------------------------------------------------------


def tribute_trap(n: int = 1, **cost: Any) -> dict[str, Any]:
    return st("trap", "B", [act({"op": "change_stats", "target": "target", "atk": 1000}, cost={"tribute": n, **cost})])


def test_tribute_cost_sends_a_monster_not_in_battle_to_the_graveyard_undestroyed() -> None:
    # [COST] B Tributes its other monster (not the battling one) to give the target +1000: 1000 + 1000 vs 1500.
    res = run(scen([mon("att", "A", 1500, 0), mon("tgt", "B", 1000, 0), mon("fodder", "B", 500, 0, "defense"),
                    tribute_trap()], [ch(BDC, "B", "trap")]))
    assert res["final_locations"]["fodder"] == "graveyard"
    assert res["destroyed_by_battle"] == ["att"] and res["battle_damage"] == {"A": 500, "B": 0}
    moved = [e for e in res["events"] if e.get("card") == "fodder"]
    assert [(e["type"], e["rule"], e.get("detail")) for e in moved] == [("moved", "cost", "Tributed as a cost")]


def test_tribute_cost_pay_with_picks_the_card() -> None:
    cards = [mon("att", "A", 1500, 0), mon("tgt", "B", 1000, 0), mon("a", "B", 500, 0), mon("b", "B", 600, 0),
             tribute_trap(pay_with=["b"])]
    res = run(scen(cards, [ch(BDC, "B", "trap")]))
    assert res["final_locations"]["b"] == "graveyard" and res["final_locations"]["a"] == "monster_zone"


def test_unpayable_tribute_is_not_offered_and_why_illegal_names_it() -> None:
    # [COST] B controls two monsters (the battling one counts: it can be Tributed), a Tribute of 3 asks for three.
    cards = [mon("att", "A", 1500, 0), mon("tgt", "B", 1000, 0), mon("a", "B", 500, 0), tribute_trap(3)]
    duel, ids = pull(scen(cards), show=True)
    seen = 0
    while (d := duel.advance()) is not None:
        if d.player is engine.Player.B and d.window in (engine.Window.START_OF_DAMAGE_STEP,
                                                         engine.Window.BEFORE_DAMAGE_CALCULATION):
            seen += 1
            assert all(o.card != ids.index("trap") for o in d.options)
            reason = duel.why_illegal(engine.Option(ids.index("trap"), 0, (ids.index("tgt"),)))
            assert reason == "B cannot Tribute 3 monster(s) as the cost: only 2 other monster(s) can be"
        duel.decide(engine.PASS)
    assert seen


def test_monster_destroyed_by_battle_cannot_be_tributed_for_an_optional_effect() -> None:
    # §1.6: after damage calculation B's destroyed monster cannot pay an optional trigger's Tribute cost.
    drain = {"kind": "trigger", "on": "destroyed_by_battle", "optional": True, "from": "graveyard",
             "cost": {"tribute": 1}, "does": [{"op": "gain_lp", "player": "controller", "amount": 1000}]}
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, "attack", [drain])]
    res = run(scen(cards, [ch("end_of_damage_step", "B", "tgt", expect="illegal")]))
    assert res["final_lp"]["B"] == 7000  # only the battle damage: nothing could be Tributed


def discard_trap(**cost: Any) -> dict[str, Any]:
    return st("trap", "B", [act({"op": "change_stats", "target": "target", "atk": 100}, cost={"discard": 1, **cost})])


def test_discard_prefers_unnamed_cards_then_listed_ones_in_order() -> None:
    board = [mon("att", "A", 1000, 0), mon("tgt", "B", 0, 3000, "defense"), hand("h1", "B", 0, 0, []),
             hand("h2", "B", 0, 0, []), discard_trap()]
    res = run(scen(board, [ch(S, "B", "trap")]))
    assert res["final_locations"]["h1"] == "graveyard" and res["final_locations"]["h2"] == "hand"
    board[-1] = discard_trap(pay_with=["h2"])
    res = run(scen(board, [ch(S, "B", "trap")]))
    assert res["final_locations"]["h1"] == "hand" and res["final_locations"]["h2"] == "graveyard"
    duel, ids = pull(scen([*board[:2], hand("h1", "B", 0, 0, []), discard_trap()]), show=True)
    write_hand_filler(duel.state, engine.Player.B, 1)  # a card drawn from an unlisted Deck
    while (d := duel.advance()) is not None:
        trap = [o for o in d.options if o.card == ids.index("trap")]
        duel.decide(trap[0] if trap else engine.PASS)
    assert duel.state.players[1].hand_filler == 0
    assert duel.state.cards[ids.index("h1")].location is engine.Location.HAND


# -- destruction replacement ----------------------------------------------------------------------------------


def replacement(**instead: Any) -> dict[str, Any]:
    return {"kind": "battle_destruction_replacement", "instead": instead}


def test_equip_sent_instead_of_the_equipped_monster() -> None:
    # [REPL] "If the equipped monster would be destroyed by battle, you can send this card to the GY instead".
    equip = st("eq", "B", [replacement(send_self_to_graveyard=True)], "spell", False) | {"equipped_to": "tgt"}
    res = run(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0), equip]))
    assert res["destroyed_by_battle"] == [] and res["final_locations"]["tgt"] == "monster_zone"
    assert res["final_locations"]["eq"] == "graveyard" and res["battle_damage"] == {"A": 0, "B": 1000}
    replaced = [e for e in res["events"] if e["rule"] == "destruction_replacement"]
    assert [(e["type"], e.get("card"), e.get("player")) for e in replaced] == [("not_destroyed", "tgt", "B")]


def test_lp_replacement_needs_the_lp_and_both_battlers_are_judged_alike() -> None:
    # Both 1500s would be destroyed; only B's has a replacement, paid in LP: B's stays, A's is destroyed.
    cards = [mon("att", "A", 1500, 0), mon("tgt", "B", 1500, 0, "attack", [replacement(lp=1000)])]
    res = run(scen(cards))
    assert res["destroyed_by_battle"] == ["att"] and res["final_lp"] == {"A": 8000, "B": 7000}
    res = run(scen(cards, lp={"A": 8000, "B": 900}))  # 1000 LP cannot be paid: the replacement cannot apply
    assert res["destroyed_by_battle"] == ["att", "tgt"] and res["final_lp"]["B"] == 900


def test_replacement_for_own_monsters_matching_a_filter() -> None:
    guard = {"kind": "battle_destruction_replacement", "protects": "own_monsters",
             "filter": {"monster_type": "warrior"}, "instead": {"discard": 1}}
    base = [mon("att", "A", 2000, 0), st("g", "B", [guard], "trap", False), hand("h", "B", 0, 0, [])]
    warrior = run(scen([*base, mon("tgt", "B", 1000, 0) | {"monster_type": "warrior"}]))
    assert warrior["destroyed_by_battle"] == [] and warrior["final_locations"]["h"] == "graveyard"
    dragon = run(scen([*base, mon("tgt", "B", 1000, 0) | {"monster_type": "dragon"}]))
    assert dragon["destroyed_by_battle"] == ["tgt"] and dragon["final_locations"]["h"] == "hand"


def test_negated_replacement_does_not_apply() -> None:
    rep = replacement(lp=100) | {"negated": True}
    res = run(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, "attack", [rep])]))
    assert res["destroyed_by_battle"] == ["tgt"] and res["final_lp"]["B"] == 7000


def test_explain_names_the_replacement() -> None:
    from engine.debug.explain import explain

    sc = engine.parse_scenario(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0, "attack",
                                                                   [replacement(lp=100)])]))
    duel, _ = engine.run_scenario(sc)
    i = next(k for k, e in enumerate(duel.state.log) if e.rule == "destruction_replacement")
    assert "replacement effect" in explain(duel.state, i)


def test_this_card_battles_a_light_monster() -> None:
    # "At the start of the Damage Step, if this card battles a LIGHT monster: inflict 300 damage" (a trigger with
    # battle: self + opponent_monster): it triggers against a face-up LIGHT target, not a DARK one, and not for a
    # monster of the same player that is not battling.
    hit = {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
           "battle": {"self": True, "opponent_monster": {"attribute": "light"}},
           "does": [{"op": "damage", "player": "opponent", "amount": 300}]}
    for attribute, lp in (("light", 7700), ("dark", 8000)):
        res = run(scen([mon("att", "A", 1000, 0, "attack", [hit]),
                        mon("tgt", "B", 0, 3000, "defense") | {"attribute": attribute}]))
        assert res["final_lp"]["B"] == lp, attribute
    res = run(scen([mon("att", "A", 1000, 0), mon("side", "A", 1000, 0, "attack", [hit]),
                    mon("tgt", "B", 0, 3000, "defense") | {"attribute": "light"}]))
    assert res["final_lp"]["B"] == 8000


def test_pay_with_names_a_card() -> None:
    trap = tribute_trap(pay_with=["nobody"])
    with pytest.raises(engine.ScenarioError, match=r"cards\[2\]\.effects\[0\]\.cost\.pay_with\[0\]: unknown card id"):
        engine.parse_scenario(scen([mon("att", "A", 1, 1), mon("tgt", "B", 1, 1), trap]))
    rep = {"kind": "battle_destruction_replacement", "instead": {"tribute": 1, "pay_with": ["nobody"]}}
    with pytest.raises(engine.ScenarioError, match=r"cards\[1\]\.effects\[0\]\.instead\.pay_with\[0\]: unknown"):
        engine.parse_scenario(scen([mon("att", "A", 1, 1), mon("tgt", "B", 1, 1, "attack", [rep])]))


def test_lp_paid_instead_can_end_the_duel() -> None:
    # §2.7: a player at 0 LP loses at once, whatever brought them there (here the LP paid instead).
    res = run(scen([mon("att", "A", 2000, 0), mon("tgt", "B", 0, 1000, "defense", [replacement(lp=1000)])],
                   lp={"A": 8000, "B": 1000}))
    assert res["destroyed_by_battle"] == [] and res["final_lp"]["B"] == 0 and res["winner"] == "A"


def test_tributing_the_battling_monster_stops_the_battle() -> None:
    # The only monster B can Tribute is the attack target: it leaves the field, so damage calculation is not
    # performed (§1.8).
    trap = st("trap", "B", [act({"op": "change_stats", "target": "attacker", "atk": -500}, cost={"tribute": 1})])
    res = run(scen([mon("att", "A", 1500, 0), mon("tgt", "B", 1000, 0), trap], [ch(BDC, "B", "trap")]))
    assert res["final_locations"]["tgt"] == "graveyard" and res["damage_calculation_performed"] is False

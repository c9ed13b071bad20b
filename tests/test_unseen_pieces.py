"""Issue 43's general pieces (rules spec §U.14, §U.15; docs/scenario-format.md, "Pieces the unseen cards needed"):
the sourced cases of tests/rules/unseen-pieces-cases.jsonl through both executors, the schema, the round trip and the
CLI; then each piece through the host API, with the effects as Python values.

Expected values come from the card texts (Yugipedia), the Damage Step rules (Konami's page; rules spec §1.1) and the
damage table, computed by hand."""

from __future__ import annotations

from typing import Any

from conftest import RULES_DIR, case_file_tests

import engine
from engine import actions
from engine.values.decisions import PASS, Decision, Option

CASES = RULES_DIR / "unseen-pieces-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=13)


class Eager:
    """Activates the first thing offered (a trigger, an effect), else passes: the host-API tests' player."""

    def choose(self, decision: Decision, duel: object) -> Option:
        return next((o for o in decision.options if o != PASS), PASS)


def _duel(b: engine.StateBuilder) -> engine.Duel:
    return engine.Duel(b.build(), engine.cards.registry())


def _trigger(on: str, does: list[dict[str, Any]], **keys: Any) -> dict[str, Any]:
    return {"kind": "trigger", "on": on, "optional": True, "does": does, **keys}


DRAW_1 = [{"op": "draw", "player": "controller", "count": 1}]


def test_lp_paid_triggers_for_the_player_who_paid() -> None:
    """"If you pay LP" (`lp_paid`, about self: this card's controller): A pays 1000 LP as a cost at the attack
    declaration; A's watcher draws 1 card, B's (about self: its own controller) does not."""
    b = engine.StateBuilder(hand_filler=(0, 0))
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000)
    b.trap("pay", "A", face_down=True, effects=[{"kind": "activated", "speed": 2, "cost": {"lp": 1000},
                                                 "does": [{"op": "change_stats", "target": "m", "atk": 0}]}])
    b.monster("wa", "A", atk=0, def_=0, effects=[_trigger("lp_paid", DRAW_1)])
    b.monster("wb", "B", atk=0, def_=0, effects=[_trigger("lp_paid", DRAW_1)])
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert [p.lp for p in duel.state.players] == [7000, 7500]
    assert [p.hand_filler for p in duel.state.players] == [1, 0]


def test_attack_negated_triggers_about_the_attacker() -> None:
    """"When an attack is negated" (`attack_negated`, about any): B negates A's attack; B's card draws 1."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000, effects=[_trigger("attack_negated", DRAW_1, about="any")])
    b.trap("negate", "B", face_down=True, effects=[{"kind": "activated", "speed": 2, "on": "attack_declared",
                                                    "does": [{"op": "negate_attack"}]}])
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.players[1].hand_filler == 1
    assert [p.lp for p in duel.state.players] == [8000, 8000]


def test_returned_to_hand_and_position_changed_are_events_of_the_card() -> None:
    """"If this card is returned to the hand" activates from the hand; a monster's battle position changed by an
    effect is its `position_changed` (about self)."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000, effects=[_trigger("returned_to_hand", DRAW_1, **{"from": "hand"})])
    b.monster("y", "B", atk=500, def_=2000, effects=[_trigger("position_changed", DRAW_1)])
    b.trap("bounce", "A", face_down=True, effects=[{"kind": "activated", "speed": 2, "does": [
        {"op": "return_to_hand", "target": "x"}, {"op": "change_position", "target": "y", "to": "defense"}]}])
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.cards[1].location is engine.Location.HAND
    assert duel.state.players[1].hand_filler == 2  # both B's triggers drew


def test_optional_trigger_about_another_card_is_refused_in_the_damage_step() -> None:
    """§1.1(5): an optional trigger about another card ("when a monster is Special Summoned") cannot be activated in
    the Damage Step, under the general rule; `damage_step: allowed` (a card ruling) lets it."""
    def run(rule: str) -> int:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=2000, def_=1000, effects=[
            {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
             "does": [{"op": "special_summon", "card": "n", "position": "attack"}]}])
        b.monster("x", "B", atk=1000, def_=1000,
                  effects=[_trigger("special_summoned", DRAW_1, about="any", damage_step=rule)])
        b.card("n", "A", location=engine.Location.HAND, atk=100, def_=100)
        duel = _duel(b)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        return duel.state.players[1].hand_filler

    assert run("auto") == 0
    assert run("allowed") == 1


def test_drawn_triggers_for_the_card_drawn() -> None:
    """"When you draw this card": a listed Deck card drawn by an effect triggers from the hand."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000)
    b.card("top", "B", location=engine.Location.DECK, atk=0, def_=0,
           effects=[_trigger("drawn", [{"op": "damage", "player": "opponent", "amount": 300}], **{"from": "hand"})])
    b.trap("draw", "B", face_down=True, effects=[{"kind": "activated", "speed": 2,
                                                  "does": [{"op": "draw", "player": "controller", "count": 1}]}])
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.cards[2].location is engine.Location.HAND
    assert duel.state.players[0].lp == 8000 - 300


def test_values_highest_among_count_and_level() -> None:
    """Values read from other cards: the highest ATK among the opponent's monsters, a count of cards, a Level."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000, level=4)
    b.monster("x", "B", atk=1000, def_=1000)
    b.monster("y", "B", atk=2200, def_=1000)
    b.trap("burn", "B", face_down=True, effects=[{"kind": "activated", "speed": 2, "on": "attack_declared", "does": [
        {"op": "damage", "player": "opponent", "equal_to": {"highest_among": {"player": "controller"}}},
        {"op": "damage", "player": "opponent", "equal_to": {"count": {"zone": "monster_zone", "player": "both"},
                                                             "times": 100}},
        {"op": "damage", "player": "opponent", "equal_to": {"of": "attacker", "stat": "level", "times": 50}}]}])
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.players[0].lp == 8000 - 2200 - 300 - 200  # 2200; 3 monsters x 100; Level 4 x 50
    assert duel.state.players[1].lp == 8000 - 500


def test_destroy_card_instead_picks_a_spell() -> None:
    """"If this card would be destroyed by battle, you can destroy 1 other card you control instead": a Continuous
    Spell is destroyed in its place (`instead: {"destroy_card": {}}`)."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=2000, def_=1000)
    b.monster("x", "B", atk=1000, def_=1000, effects=[
        {"kind": "battle_destruction_replacement", "instead": {"destroy_card": {}}}])
    b.spell("cs", "B", property="continuous")
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.cards[1].location is engine.Location.MONSTER_ZONE
    assert duel.state.cards[2].location is engine.Location.GRAVEYARD


def test_indestructible_by_opponent_effects_only() -> None:
    """"Cannot be destroyed by your opponent's card effects": its controller's own effect destroys it."""
    def run(by_whom: str) -> engine.Location:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=1500, def_=1000,
                  effects=[{"kind": "indestructible_by_effects", "by": "opponent_effects"}])
        b.monster("x", "B", atk=1000, def_=1000)
        b.trap("bomb", by_whom, face_down=True, effects=[{"kind": "activated", "speed": 2,
                                                          "does": [{"op": "destroy", "target": "m"}]}])
        duel = _duel(b)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        return duel.state.cards[0].location

    assert run("B") is engine.Location.MONSTER_ZONE
    assert run("A") is engine.Location.GRAVEYARD


def test_indestructible_by_effects_by_defaults_to_the_opponent_s_effects() -> None:
    """One kind for both wordings (rules spec §U.9): with no `by`, "your opponent cannot destroy it with card effects"
    (Blue-Eyes Chaos MAX Dragon's); `by: effects`, "cannot be destroyed by card effects" (Masked HERO Vapor's): its
    controller's own effect cannot destroy it either."""
    def run(by_whom: str, spec: dict[str, Any]) -> engine.Location:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=1500, def_=1000, effects=[spec])
        b.monster("x", "B", atk=1000, def_=1000)
        b.trap("bomb", by_whom, face_down=True, effects=[{"kind": "activated", "speed": 2,
                                                          "does": [{"op": "destroy_all", "player": "both"}]}])
        duel = _duel(b)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        return duel.state.cards[0].location

    default = {"kind": "indestructible_by_effects"}
    anyone = {"kind": "indestructible_by_effects", "by": "effects"}
    assert run("B", default) is engine.Location.MONSTER_ZONE
    assert run("A", default) is engine.Location.GRAVEYARD
    assert run("A", anyone) is engine.Location.MONSTER_ZONE


class _InWindow:
    """Activates the first thing offered in these windows (each player its own), else passes."""

    def __init__(self, windows: dict[engine.Player, engine.Window]) -> None:
        self.windows = windows

    def choose(self, decision: Decision, duel: object) -> Option:
        if self.windows.get(decision.player) is not decision.window:
            return PASS
        return next((o for o in decision.options if o != PASS), PASS)


def test_indestructible_by_effects_this_turn_protects_for_the_rest_of_the_turn() -> None:
    """"It cannot be destroyed by card effects this turn" (op `indestructible_by_effects_this_turn`): resolved at the
    attack declaration, it spares the monster from the opponent's destruction by an effect in the End Step of the
    Battle Phase; without it the monster is destroyed."""
    def run(protected: bool, by: str) -> engine.Location:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=1500, def_=1000)
        b.monster("x", "B", atk=1000, def_=1000)
        shield = [{"op": "indestructible_by_effects_this_turn", "target": "m", "by": by}] if protected else [
            {"op": "damage", "player": "opponent", "amount": 100}]
        b.trap("shield", "A", face_down=True, effects=[{"kind": "activated", "speed": 2, "does": shield}])
        b.trap("bomb", "B", face_down=True, effects=[{"kind": "activated", "speed": 2,
                                                      "does": [{"op": "destroy", "target": "m"}]}])
        duel = _duel(b)
        duel.declare_attack("m", "x")
        policy = _InWindow({engine.Player.A: engine.Window.ATTACK_DECLARATION, engine.Player.B: engine.Window.END_STEP})
        duel.run(policy)
        duel.end_battle_phase()
        duel.run(policy)
        assert duel.state.cards[3].location is engine.Location.GRAVEYARD  # the bomb resolved, after the battle
        return duel.state.cards[0].location

    assert run(False, "opponent_effects") is engine.Location.GRAVEYARD
    assert run(True, "opponent_effects") is engine.Location.MONSTER_ZONE
    assert run(True, "effects") is engine.Location.MONSTER_ZONE


def test_battle_condition_at_declaration_and_equal_or_higher() -> None:
    """A `battle` condition read when the attack is declared (`at_declaration`), with "equal or higher ATK"."""
    def run(x_atk: int) -> int:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=1500, def_=1000)
        b.monster("x", "B", atk=x_atk, def_=1000)
        b.trap("t", "B", face_down=True, effects=[{
            "kind": "activated", "speed": 2, "on": "attack_declared",
            "battle": {"at_declaration": True, "opponent_atk": "equal_or_higher"},
            "does": [{"op": "damage", "player": "opponent", "amount": 100}]}])
        duel = _duel(b)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        return duel.state.players[0].lp

    # B's card: the monster B's monster battles (the attacker, 1500) has equal or higher ATK than B's monster
    assert run(1000) == 8000 - 100  # 1500 >= 1000: it applies (then B's monster loses the battle: B takes 500)
    assert run(1500) == 8000 - 100  # equal
    assert run(2000) == 8000 - 500  # 1500 < 2000: it does not; A's attack loses by 500


def test_stat_modifier_against_the_battling_monster() -> None:
    """"Gains 500 ATK while battling a DARK monster": only in the Damage Step, against a DARK monster."""
    def run(attribute: str) -> tuple[int, ...] | None:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=1500, def_=1000,
                  effects=[{"kind": "stat_modifier", "atk": 500, "against": {"attribute": "dark"}}])
        b.monster("x", "B", atk=1800, def_=1000, attribute=attribute)
        duel = _duel(b)
        assert duel.current_stats("m") == (1500, 1000)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        compared = duel.battles[-1].battle.values_compared
        return None if compared is None else tuple(v for v in compared if v is not None)

    assert run("dark") == (2000, 1800)
    assert run("light") == (1500, 1800)


def test_at_timing_as_a_host_effect_value() -> None:
    """The format's `at_timing` is a continuous kind answering `Hook.AT_TIMING`: a host builds it as a spec."""
    eff = engine.effect_from_spec({"kind": "at_timing", "at": ["after_damage_calculation"],
                                   "does": [{"op": "damage", "player": "opponent", "amount": 100}]})
    assert eff.kind is engine.EffectKind.CONTINUOUS and eff.params["at"] == ("after_damage_calculation",)
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000, effects=[eff])
    b.monster("x", "B", atk=1000, def_=1000)
    duel = _duel(b)
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.players[1].lp == 8000 - 500 - 100
    assert not any(e.type is engine.EventType.CHAIN_RESOLVING for e in duel.state.log)  # no chain


def test_actions_raise_the_card_events() -> None:
    """`actions.special_summon` raises "Special Summoned" for the host's own effects too."""
    assert callable(actions.special_summon)


def test_optional_trigger_about_another_cards_destruction_is_refused_in_the_damage_step() -> None:
    """§1.1(5): "when a monster is destroyed" (Revival Rose, Ambulanceroid) about another card: a monster destroyed
    by battle is sent at the end of the Damage Step, where such an optional trigger cannot be activated."""
    def run(rule: str) -> int:
        b = engine.StateBuilder()
        b.monster("m", "A", atk=2000, def_=1000)
        b.monster("x", "B", atk=1000, def_=1000)
        b.monster("w", "B", atk=0, def_=0, position="defense",
                  effects=[_trigger("destroyed", DRAW_1, about="any", damage_step=rule)])
        duel = _duel(b)
        duel.declare_attack("m", "x")
        duel.run(Eager())
        return duel.state.players[1].hand_filler

    assert run("auto") == 0
    assert run("allowed") == 1


def test_rank_is_a_value_of_a_card() -> None:
    """"Damage equal to its Rank x 300": an Xyz Monster's Rank (card key `rank`, `StateBuilder.card(rank=...)`)."""
    b = engine.StateBuilder()
    b.monster("xyz", "A", atk=1500, def_=1000, rank=4, abilities=["xyz"])
    b.monster("x", "B", atk=1000, def_=1000)
    b.trap("burn", "B", face_down=True, effects=[{"kind": "activated", "speed": 2, "on": "attack_declared", "does": [
        {"op": "damage", "player": "opponent", "equal_to": {"of": "attacker", "stat": "rank", "times": 300}}]}])
    duel = _duel(b)
    duel.declare_attack("xyz", "x")
    duel.run(Eager())
    assert duel.state.players[0].lp == 8000 - 1200
    parsed = engine.parse_scenario({"format": "damage-step-scenario/1", "id": "r", "turn_player": "A",
                                    "life_points": {"A": 8000, "B": 8000},
                                    "cards": [{"id": "xyz", "controller": "A", "atk": 1, "def": 1,
                                               "position": "attack", "rank": 4}],
                                    "attack": {"attacker": "xyz", "target": None}})
    assert parsed.cards[0].rank == 4

"""Rows of the second card-pool sample (seed 20261206, docs/card-pool-sample.md) written as data by helper `s2e`
(issue 43 items 2 and 4), and the pieces they needed (rules spec §U.27): the sourced cases of
tests/rules/s2e-cases.jsonl through both executors, the schema, the round trip and the CLI. Each case naming a sample
card names its passcode in its notes.

Expected values come from the card texts (Yugipedia), the official scripts (ProjectIgnis/CardScripts) cited in each
case and the damage table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests

CASES = RULES_DIR / "s2e-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=4)


# -- the loader's refusals of the pieces of rules spec §U.27 -----------------------------------------------------------
import pytest  # noqa: E402

import engine  # noqa: E402


def _scenario(effect: dict[str, object], **extra: object) -> dict[str, object]:
    cards: list[dict[str, object]] = [
        {"id": "m", "controller": "A", "atk": 1000, "def": 1000, "position": "attack"},
        {"id": "v", "controller": "B", "atk": 1000, "def": 1000, "position": "attack", "effects": [effect]},
        *extra.get("cards", []),  # type: ignore[misc]
    ]
    return {"format": "damage-step-scenario/1", "id": "x", "turn_player": "A", "life_points": {"A": 8000, "B": 8000},
            "cards": cards, "attack": {"attacker": "m", "target": "v"}, "choices": []}


@pytest.mark.parametrize("effect", [
    {"kind": "trigger", "on": "destroyed", "optional": True, "about": "any", "card_activation": True,
     "does": [{"op": "draw", "player": "controller", "count": 1}]},
    {"kind": "trigger", "on": "activation_negated", "optional": True, "card_activation": True,
     "does": [{"op": "draw", "player": "controller", "count": 1}]},
])
def test_card_activation_needs_a_negated_activation_of_another_card(effect: dict[str, object]) -> None:
    with pytest.raises(engine.ScenarioError, match=r"cards\[1\]\.effects\[0\]\.card_activation: card_activation reads"):
        engine.parse_scenario(_scenario(effect))


def test_special_summon_of_a_named_card_not_in_a_pendulum_zone_is_refused() -> None:
    trap = {"id": "t", "controller": "B", "location": "spell_trap_zone", "card_type": "monster", "atk": 100,
            "def": 100, "pendulum": False}
    effect = {"kind": "trigger", "on": "destroyed_by_battle", "optional": False,
              "does": [{"op": "special_summon", "card": "t", "from": ["pendulum_zone"]}]}
    with pytest.raises(engine.ScenarioError):
        engine.parse_scenario(_scenario(effect, cards=[trap]))


def test_special_summon_from_an_unknown_place_is_refused() -> None:
    effect = {"kind": "trigger", "on": "destroyed_by_battle", "optional": False,
              "does": [{"op": "special_summon", "filter": {}, "from": ["extra_monster_zone"]}]}
    with pytest.raises(engine.ScenarioError, match=r"does\[0\]\.from\[0\]"):
        engine.parse_scenario(_scenario(effect))


@pytest.mark.parametrize(("op", "key"), [
    ({"op": "destroy", "target": "event_cards"}, "target"),
    ({"op": "gain_lp", "player": "controller", "equal_to": {"event_amount": True}}, "equal_to"),
])
def test_the_event_is_read_only_by_a_trigger(op: dict[str, object], key: str) -> None:
    effect = {"kind": "activated", "speed": 2, "does": [op]}
    with pytest.raises(engine.ScenarioError, match=rf"effects\[0\]\.does\[0\]\.{key}: .* reads the event a trigger"):
        engine.parse_scenario(_scenario(effect))


def test_a_value_names_one_source() -> None:
    op = {"op": "gain_lp", "player": "controller", "equal_to": {"event_amount": True, "lp_paid": True}}
    effect = {"kind": "trigger", "on": "effect_damage_taken", "optional": True, "does": [op]}
    with pytest.raises(engine.ScenarioError, match="give exactly one of"):
        engine.parse_scenario(_scenario(effect))


def test_special_summon_count_takes_no_card() -> None:
    effect = {"kind": "trigger", "on": "destroyed_by_battle", "optional": False,
              "does": [{"op": "special_summon", "card": "self", "count": 2}]}
    with pytest.raises(engine.ScenarioError, match=r"does\[0\]\.count: count is how many monsters"):
        engine.parse_scenario(_scenario(effect))


@pytest.mark.parametrize(("does", "place", "message"), [
    ([{"op": "destroy", "target": "acted_on"}], r"does\[0\]\.target", "the first operation of a list has none"),
    # (a value read of it is allowed after another operation: "the sent monster's Level", rules spec §U.23)
    ([{"op": "damage", "player": "opponent", "equal_to": {"of": "acted_on"}}], r"does\[0\]\.equal_to\.of",
     "the first operation of a list has none"),
])
def test_acted_on_needs_an_operation_before_it(does: list[dict[str, object]], place: str, message: str) -> None:
    effect = {"kind": "trigger", "on": "destroyed_by_battle", "optional": False, "does": does}
    with pytest.raises(engine.ScenarioError, match=rf"{place}: .*{message}"):
        engine.parse_scenario(_scenario(effect))


def test_a_trap_monster_is_a_trap_card_again_once_it_leaves() -> None:
    """Krystal Avatar (S2E-KA-001) through the Python API: in the Graveyard it is a Trap Card with no monster values,
    and the Monster Zone held it as a monster meanwhile (rules spec §U.27)."""
    import json

    from engine.build import run_scenario
    from engine.values.game import CardType, Location

    record = next(json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()
                  if '"S2E-KA-001"' in line)  # fmt: skip
    duel, _ = run_scenario(engine.parse_scenario(record["scenario"]))
    card = next(c for c in duel.ctx.state.cards if c.id == "ka")
    assert card.location is Location.GRAVEYARD
    assert (card.card_type, card.base_atk, card.level, card.attribute) == (CardType.TRAP, 0, 0, None)
    assert not card.details.trap_monster


def test_a_mandatory_quick_effect_is_activated_with_no_choice_listed() -> None:
    """Big Shield Gardna (S2E-BSG-001) with B's choice left out: B has no pass (a player with no choice listed passes
    where passing is allowed), so its negation is activated all the same (rules spec §U.27)."""
    import json

    from engine.build import run_scenario
    from engine.values.game import Location, Position

    record = next(json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()
                  if '"S2E-BSG-001"' in line)  # fmt: skip
    scenario = dict(record["scenario"], choices=record["scenario"]["choices"][:1])
    duel, _ = run_scenario(engine.parse_scenario(scenario))
    cards = {c.id: c for c in duel.ctx.state.cards}
    assert cards["bsg"].location is Location.MONSTER_ZONE and cards["bsg"].position is Position.DEFENSE
    assert cards["qd"].location is Location.GRAVEYARD and cards["x"].location is Location.GRAVEYARD


def test_a_mandatory_quick_effect_needs_what_it_answers() -> None:
    effect = {"kind": "activated", "speed": 2, "mandatory": True, "does": [{"op": "negate_attack"}]}
    with pytest.raises(engine.ScenarioError, match=r"effects\[0\]\.mandatory: a mandatory Quick Effect answers"):
        engine.parse_scenario(_scenario(effect))

"""Damage Step legality declared as a card's text says it (issue 10, item 3). An effect whose text names the
sub-timings it is activated in (`windows`) may be activated in those and no others (YGOrganization, "That Wacky
Damage Step!" (https://ygorganization.com/that-wacky-damage-step/), (4): "any effect that specifically mentions an
activation timing during the Damage Step"); without `windows` the general rule of §1.1 decides, and a refusal says
which rule refused and what the effect would need."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.values.decisions import PASS, DecisionKind, Option

ALL_WINDOWS = [w.value for w in engine.Window]


def scenario(effect: dict[str, Any], card_type: str = "spell") -> dict[str, Any]:
    return {
        "format": "damage-step-scenario/1",
        "id": "windows",
        "cards": [
            {"id": "att", "controller": "A", "atk": 1500, "def": 1000, "position": "attack"},
            {"id": "tgt", "controller": "B", "atk": 1800, "def": 1000, "position": "attack"},
            {"id": "card", "controller": "A", "location": "spell_trap_zone", "card_type": card_type,
             "face_down": True, "effects": [effect]},
        ],
        "attack": {"attacker": "att", "target": "tgt"},
    }  # fmt: skip


def offered(raw: dict[str, Any]) -> dict[str, str | None]:
    """For each window A gets priority in: None if the card's effect is offered there, else why not."""
    state = engine.state_from_scenario(engine.parse_scenario(raw))
    state.show_every_priority = True
    duel = engine.Duel(state)
    option = Option(2, 0, ())
    seen: dict[str, str | None] = {}
    while (d := duel.advance()) is not None:
        if d.kind is DecisionKind.PRIORITY and d.player is engine.Player.A and d.window.value not in seen:
            why = duel.why_illegal(option)
            assert (why is None) == (option in d.options)
            seen[d.window.value] = why
        duel.decide(PASS if PASS in d.options else d.options[0])
    return seen


BOOST = [{"op": "change_stats", "target": "attacker", "atk": 700}]


def test_honest_window_from_the_start_of_the_damage_step_until_before_damage_calculation() -> None:
    # Honest (OCG): "from the start of the Damage Step until before damage calculation"; not during damage
    # calculation (yugioh-hack.com/honest-damage-step/). Declared as its text says:
    seen = offered(scenario({"kind": "activated", "speed": 2, "does": BOOST,
                             "windows": ["start_of_damage_step", "before_damage_calculation"]}))  # fmt: skip
    assert seen["start_of_damage_step"] is None and seen["before_damage_calculation"] is None
    assert seen["during_damage_calculation"] == (
        "its text names when it is activated: only in start_of_damage_step, before_damage_calculation, "
        "not in during_damage_calculation"
    )


def test_a_window_set_naming_damage_calculation_only() -> None:
    # A text that names damage calculation as its only timing ("During damage calculation: ... gains ATK"): that is
    # the only window (§1.1).
    seen = offered(scenario({"kind": "activated", "speed": 2, "does": BOOST, "windows": ["during_damage_calculation"]}))
    assert seen["during_damage_calculation"] is None
    for w in ("start_of_damage_step", "before_damage_calculation"):
        assert seen[w] is not None and "only in during_damage_calculation" in seen[w]


def test_a_text_naming_its_timing_is_activated_then_even_when_the_general_rule_would_refuse() -> None:
    # YGOrg (4): an effect that mentions its activation timing in the Damage Step may be activated then ("Before
    # damage calculation: destroy ..."), although §1.1's general rule refuses effects that do not change ATK/DEF.
    # (The chain rules still hold: after damage calculation only triggers start a chain, §1.2.)
    destroy = [{"op": "destroy", "target": "target"}]
    before = ["before_damage_calculation"]
    seen = offered(scenario({"kind": "activated", "speed": 2, "does": destroy, "windows": before}))
    assert seen["before_damage_calculation"] is None
    assert all(why is not None and "only in before_damage_calculation" in why
               for w, why in seen.items() if w != "before_damage_calculation")  # fmt: skip
    plain = offered(scenario({"kind": "activated", "speed": 2, "does": destroy}))
    assert plain["before_damage_calculation"] is not None  # the same effect without the timing in its text


def test_a_refusal_before_damage_calculation_says_what_the_effect_would_need() -> None:
    # Issue 10: the refusal names the rule and that the effect is not marked as changing ATK/DEF.
    seen = offered(scenario({"kind": "activated", "speed": 2, "does": [{"op": "destroy", "target": "target"}]}))
    why = seen["before_damage_calculation"]
    assert why is not None and "only effects that directly change ATK/DEF" in why and "does not change ATK/DEF" in why
    assert "Counter Traps" in str(seen.get("after_damage_calculation") or seen.get("end_of_damage_step"))


def test_a_counter_trap_is_not_limited_by_the_rule_but_by_its_windows() -> None:
    # Counter Traps may be activated in any window of the Damage Step (§1.1); a text naming its timing narrows it.
    negate = {"kind": "activated", "does": [{"op": "negate_activation", "destroy": True}],
              "windows": ["before_damage_calculation"]}  # fmt: skip
    raw = scenario(negate, card_type="counter_trap")
    state = engine.state_from_scenario(engine.parse_scenario(raw))
    eff = state.cards[2].effects[0]
    assert eff.windows == frozenset({engine.Window.BEFORE_DAMAGE_CALCULATION})
    from engine.rules.legality import damage_step_problem

    assert damage_step_problem(eff, state.cards[2], engine.Window.BEFORE_DAMAGE_CALCULATION) is None
    assert "only in before_damage_calculation" in str(
        damage_step_problem(eff, state.cards[2], engine.Window.END_OF_DAMAGE_STEP)
    )


@pytest.mark.parametrize("bad", [[], ["battle_step"], "before_damage_calculation", [1]])
def test_bad_windows_are_refused_by_the_loader(bad: object) -> None:
    with pytest.raises(engine.ScenarioError, match="windows"):
        engine.parse_scenario(scenario({"kind": "activated", "speed": 2, "does": BOOST, "windows": bad}))

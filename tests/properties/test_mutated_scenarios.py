"""A broken scenario is refused with a ScenarioError and nothing else (scenario.py: "the first problem raises
ScenarioError with a path into the document ... before any engine code sees it"); one the mutation left valid
plays to the end like any other."""

from __future__ import annotations

from bounded import capped
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import EXTRA_KEY, examples, max_abs_int, mutations, path_text, scenarios

import engine

# Mutants with larger numbers are only parsed, not played: bounds on numbers (a `draw` count of 2**63) are
# the loader's open question (issue 11, another branch), not this test's.
PLAYABLE_INT = 10**4


@settings(max_examples=examples(2.0))
@given(data=st.data())
def test_mutants_raise_only_scenario_error(data: st.DataObject) -> None:
    d = data.draw(scenarios(max_extra_cards=3, max_choices=2), label="valid")
    mutant, kind, path = data.draw(mutations(d), label="mutation")
    try:
        sc = engine.parse_scenario(mutant)
    except engine.ScenarioError as e:
        assert str(e) == f"{e.path}: {e.message}"
        if kind in ("extra_key", "none") and path != ("attack", "target"):
            # the only problem in the document, so the first one found: at the mutated place exactly
            assert e.path == path_text(path), (kind, str(e))
        return
    # Closed objects and no nulls (scenario.py: "null is accepted only for attack.target").
    assert kind != "extra_key", f"unknown key {path_text(path)} accepted"
    assert kind != "none" or path == ("attack", "target"), f"null accepted at {path_text(path)}"
    if max_abs_int(mutant) <= PLAYABLE_INT:
        duel = _play_randomly(sc)
        assert duel.is_stopped
        assert all(p.lp >= 0 for p in duel.state.players)


def _play_randomly(sc: engine.Scenario) -> engine.Duel:
    """A mutant's choices may no longer say anything sensible: play it with a RandomAgent (scripted choices are
    test_generated_scenarios' business)."""
    return capped(engine.Duel(engine.state_from_scenario(sc))).run(engine.RandomAgent(0))


def test_extra_key_and_null_paths_are_the_loaders() -> None:
    """The path helper writes paths as the loader does (a check on the test's own yardstick)."""
    d = {"format": "damage-step-scenario/1",
         "cards": [{"id": "a", "controller": "A", "atk": 0, "def": 0, "position": "attack",
                    "effects": [{"kind": "piercing", EXTRA_KEY: 1}]}],
         "attack": {"attacker": "a", "target": None}}
    try:
        engine.parse_scenario(d)
    except engine.ScenarioError as e:
        assert e.path == path_text(("cards", 0, "effects", 0, EXTRA_KEY)) == f"cards[0].effects[0].{EXTRA_KEY}"
    else:
        raise AssertionError("an unknown key was accepted")

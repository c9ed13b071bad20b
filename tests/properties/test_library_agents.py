"""An agent that activates everything it can never loops (issue 22): for every card of the library, on random small
fields, the turn player's Battle Phase (or one attack) ends within a bound of decisions and events, with the card
on either side, where its card type puts it. What it guards: a face-up Spell/Trap offered again at every priority
(rules spec §C.2), a trigger that sets itself off again, a decision that never changes the state.

The fields are built as scenario files name library cards (`"card": key`), so each card brings exactly its own
effects; the run is `engine.build`'s (its registry knows the library's own effect types)."""

from __future__ import annotations

from typing import Any

import pytest
from bounded import capped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
import engine.cards

MAX_DECISIONS = 400
KEYS = sorted(engine.cards.all_cards())


class ActivateEverything:
    """The first option that is not a pass (an activation, a trigger, an attack declaration), else pass."""

    def __init__(self) -> None:
        self.decisions = 0

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        self.decisions += 1
        assert self.decisions <= MAX_DECISIONS, f"more than {MAX_DECISIONS} decisions: {decision.describe()}"
        mine = [o for o in decision.options if not o.is_pass]
        return mine[0] if mine else decision.options[-1]


def _place(key: str, side: str, where: str) -> dict[str, Any]:
    card = engine.cards.all_cards()[key]
    out: dict[str, Any] = {"id": "lib", "controller": side, "card": key}
    if card.card_type == "monster":
        if where == "hand":
            out["location"] = "hand"
        else:
            out["position"] = "attack" if where == "up" else "defense"
    elif where == "hand" and card.card_type == "spell" and card.property == "quick_play":
        out["location"] = "hand"
    else:
        out |= {"location": "spell_trap_zone", "face_down": True}
    return out


@st.composite
def fields(draw: st.DrawFn, key: str) -> dict[str, Any]:
    side = draw(st.sampled_from("AB"))
    where = draw(st.sampled_from(["up", "down", "hand"]))
    stats = st.integers(0, 30).map(lambda n: n * 100)
    cards = [_place(key, side, where)]
    for player in "AB":
        for k in range(draw(st.integers(1, 2))):
            cards.append({"id": f"{player}{k}", "controller": player, "atk": draw(stats), "def": draw(stats),
                          "position": draw(st.sampled_from(["attack", "attack", "defense", "set"]))})
    data: dict[str, Any] = {"format": "damage-step-scenario/1", "id": f"always-{key}", "turn_player": "A",
                            "cards": cards}
    attackers = [c["id"] for c in cards if c["controller"] == "A" and c.get("position") == "attack"]
    if draw(st.booleans()) or not attackers:
        data["battle_phase"] = {}
    else:
        targets = [c["id"] for c in cards if c["controller"] == "B" and "position" in c]
        data["attack"] = {"attacker": draw(st.sampled_from(attackers)), "target": draw(st.sampled_from(targets))}
    return data


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_activating_everything_ends(key: str, data: st.DataObject) -> None:
    scenario = engine.parse_scenario(data.draw(fields(key)))
    duel = capped(engine.build.new_duel(engine.state_from_scenario(scenario)))
    duel.run(ActivateEverything())  # (a scenario's one attack is declared in the state it builds)
    assert duel.is_over or duel.state.phase in (engine.Phase.MAIN_PHASE_2, engine.Phase.STEP_OVER), duel.state.phase

"""The showcase battle of the debugger tests, and small helpers to drive it.

A face-down FLIP monster (tgt, DEF 1200, FLIP: 500 damage to the opponent) attacked by a piercing
monster (att, 2700 ATK), with a face-down Quick-Play (rush, +700 ATK to the attacker) its owner may
activate. The scenario's own choice activates rush before damage calculation.

By the rules: passing, B takes 2700 - 1200 = 1500 piercing damage (§2.2, §2.4) -> B 6500;
activating rush, att has 3400 ATK and B takes 3400 - 1200 = 2200 -> B 5800. Either way tgt is
destroyed by battle, stays until the end of the step (§1.7), and its FLIP effect waits until
after damage calculation (§1.4), then burns A for 500 -> A 7500.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.build import state_from_scenario
from engine.debug import Session
from engine.machine import Duel, Executor
from engine.scenario import Scenario, parse_scenario
from engine.scripted import ScriptedAgent
from engine.values.decisions import Decision, Option

PIERCE_FLIP: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "pierce-flip",
    "title": "piercing attack into a face-down FLIP monster",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2700, "def": 1000, "position": "attack",
         "effects": [{"kind": "piercing"}]},
        {"id": "tgt", "controller": "B", "atk": 1000, "def": 1200, "position": "set",
         "effects": [{"kind": "flip", "does": [{"op": "damage", "player": "opponent", "amount": 500}]}]},
        {"id": "rush", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2,
                      "does": [{"op": "change_stats", "target": "attacker", "atk": 700}]}]},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
    "choices": [{"window": "before_damage_calculation", "player": "A", "activate": "rush"}],
}  # fmt: skip

ATT, TGT, RUSH = 0, 1, 2


def pierce_flip(**changes: Any) -> dict[str, Any]:
    """A fresh copy of the showcase scenario (tests may change it freely)."""
    sc = copy.deepcopy(PIERCE_FLIP)
    sc.update(changes)
    return sc


def new_duel(scenario: dict[str, Any] | None = None, executor: Executor = "fast") -> tuple[Duel, Scenario]:
    """A duel set up as `run_scenario` sets it up (every priority shown when there are choices)."""
    sc = parse_scenario(scenario if scenario is not None else pierce_flip())
    state = state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    return Duel(state, executor=executor), sc


def new_session(scenario: dict[str, Any] | None = None, executor: Executor = "fast") -> tuple[Session, ScriptedAgent]:
    duel, sc = new_duel(scenario, executor)
    return Session(duel), ScriptedAgent(sc)


def passing(d: Decision) -> Option:
    """Pass when one may; otherwise (a mandatory trigger to place) the first option."""
    return next((o for o in d.options if o.is_pass), d.options[0])


def activating(d: Decision, card: int) -> Option:
    return next(o for o in d.options if not o.is_pass and o.card == card)


def finish(session: Session, answer: Any = passing) -> None:
    """Run the session to its end, answering every decision with `answer(decision)`."""
    while (d := session.next_decision()) is not None:
        session.decide(answer(d))

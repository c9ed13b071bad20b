"""Agents: what answers a duel's decisions when a driver hands it one (`Duel.run`).

An agent is anything with ``choose(decision, duel) -> option``. The protocol is generic in what it
is shown (`Agent[Duel]` for a duel's agents), so it names nothing above the values it answers with;
the two built-in agents look only at the decision.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from engine.values.decisions import PASS, Decision, Option

Shown = TypeVar("Shown", contravariant=True)


class Agent(Protocol[Shown]):
    """Answers a decision; `duel` is what it is shown (a `Duel`, for `Duel.run`)."""

    def choose(self, decision: Decision, duel: Shown, /) -> Option: ...


class PassAgent:
    """Passes at every priority and declines every optional trigger (places mandatory ones)."""

    def choose(self, decision: Decision, duel: object) -> Option:
        return PASS if PASS in decision.options else decision.options[0]


class RandomAgent:
    """Picks uniformly among the legal options; the same seed gives the same game."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, duel: object) -> Option:
        # `self.rng.choice(options)`, written out in compiled code (it is Python code in `random`,
        # two calls per decision of a playout): the same draws from the generator, so the same game.
        options = decision.options
        n = len(options)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")  # (what `choice` says)
        k = n.bit_length()
        bits = self.rng.getrandbits  # (looked up once: a method call on a Python object is a lookup each time)
        r = bits(k)
        while r >= n:
            r = bits(k)
        return options[r]

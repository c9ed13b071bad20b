"""A log that refuses to grow past a bound, so a run that never ends fails instead of hanging.

`Duel.advance()` runs until a decision is pending; a loop that needs no decision (a mandatory trigger that
sets itself off again) would never return. Every event goes through ``state.log.append``, so capping the log
bounds the run. Generated runs log a few hundred events at most (measured: under 1,000), hence MAX_EVENTS.
"""

from __future__ import annotations

from typing import Any

import engine

MAX_EVENTS = 20_000


class RunawayRun(AssertionError):
    """The run logged more than MAX_EVENTS events: it does not end."""


class CappedLog(list[Any]):
    def append(self, event: Any) -> None:
        if len(self) >= MAX_EVENTS:
            raise RunawayRun(f"more than {MAX_EVENTS} events: the run does not end (last: {event})")
        super().append(event)


def capped(duel: engine.Duel) -> engine.Duel:
    """Cap the duel's log (clones copy the log into a plain list: cap each clone too)."""
    duel.state.log = CappedLog(duel.state.log)
    return duel

"""A bound on a duel's log, so a run that never ends fails instead of hanging.

`Duel.advance()` runs until a decision is pending; a loop that needs no decision (a mandatory trigger that
sets itself off again) would never return. Every event reaches the duel's event listeners just after it is
appended to the log, so a listener that checks the log's length bounds the run. (Not a list subclass
overriding `append`: the compiled build, docs/compiled-build.md, appends to the log directly.) Generated runs
log a few hundred events at most (measured: under 1,000), hence MAX_EVENTS.
"""

from __future__ import annotations

from typing import Any

import engine

MAX_EVENTS = 20_000


class RunawayRun(AssertionError):
    """The run logged more than MAX_EVENTS events: it does not end."""


class _Bound:
    """The listener: raises once the duel's log holds more than MAX_EVENTS events."""

    def __init__(self, duel: engine.Duel) -> None:
        self.duel = duel

    def __call__(self, event: Any) -> None:
        if len(self.duel.state.log) > MAX_EVENTS:
            raise RunawayRun(f"more than {MAX_EVENTS} events: the run does not end (last: {event})")


def capped(duel: engine.Duel) -> engine.Duel:
    """Bound the duel's log (clones and unpickled duels carry no listeners: cap each of them too; capping a
    duel twice, as after `restore`, is harmless)."""
    if not any(isinstance(listener, _Bound) for listener in duel.ctx.event_listeners):
        duel.on_event(_Bound(duel))
    return duel

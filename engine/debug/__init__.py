"""The debugger: a `Session` to step through a battle, explanations of every event, traces
that replay. It is a client of the engine (its `Duel`, listeners, log and rule table): nothing
in the core depends on it."""

from engine.debug.explain import WHY, explain, reason, what, why
from engine.debug.session import Branch, Breakpoint, Point, Session

__all__ = ["WHY", "Branch", "Breakpoint", "Point", "Session", "explain", "reason", "what", "why"]

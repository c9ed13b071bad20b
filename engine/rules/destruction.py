"""Destruction by battle (§2.5): which monsters that would be destroyed actually are."""

from __future__ import annotations

from engine.context import Context
from engine.effects import Hook, IndestructibleByBattle


def battle_indestructibility(ctx: Context, index: int) -> tuple[int, int] | None:
    """The effect that keeps this monster from being destroyed by battle, as a (card, effect)
    key for "N times a turn" counting; (-1, -1) for an unlimited one; None if there is none.
    An "N times" effect whose uses are spent this turn no longer counts."""
    for src, answer in ctx.ask(Hook.INDESTRUCTIBLE_BY_BATTLE):
        if src.host != index or not isinstance(answer, IndestructibleByBattle):
            continue
        if answer.times_per_turn is None:
            return (-1, -1)
        key = (src.card, src.index)
        if ctx.state.indestructible_used.get(key, 0) < answer.times_per_turn:
            return key
    return None

"""Current ATK and DEF (§2.1): printed values, then "becomes" changes, then gains and losses.

ATK/DEF are never negative (ygopro clamps at 0 too).
"""

from __future__ import annotations

from engine.context import Context
from engine.effects import Hook, StatChange
from engine.state import Location, Position


def current_stats(ctx: Context, index: int) -> tuple[int, int]:
    """The monster's ATK and DEF now. Modifiers apply to face-up monsters on the field only."""
    card = ctx.card(index)
    atk, def_ = card.base_atk, card.base_def
    if card.location is not Location.MONSTER_ZONE or card.position is Position.SET:
        return atk, def_
    d_atk = d_def = 0
    for ling in ctx.state.lingering:
        if ling.card != index or ling.instance != card.instance:
            continue
        if ling.set_atk is not None:
            atk = ling.set_atk
        if ling.set_def is not None:
            def_ = ling.set_def
        d_atk += ling.atk
        d_def += ling.def_
    for _src, changes in ctx.ask(Hook.STATS):
        for ch in changes:
            if isinstance(ch, StatChange) and ch.card == index:
                d_atk += ch.atk
                d_def += ch.def_
    return max(0, atk + d_atk), max(0, def_ + d_def)

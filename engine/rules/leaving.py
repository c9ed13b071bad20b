"""Where a card that leaves the field goes instead (rules spec §U.23): "Set this card, but banish it when it leaves
the field". A lingering marker on the card (`BANISH_WHEN_LEAVING`, its instance: it ends as the card leaves) makes
`engine.actions.move_card` banish it wherever it would have gone. Pure reads."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, Effect, EffectKind
from engine.values.game import Location

BANISH_WHEN_LEAVING: Final = Effect("banish_when_leaving", EffectKind.CONTINUOUS)


def banished_when_leaving(ctx: Context, index: int) -> bool:
    """The card, as it is now, is banished when it leaves the field, wherever it would go."""
    if not ctx.state.lingering:
        return False
    inst = ctx.card(index).instance
    return any(ling.effect.type == BANISH_WHEN_LEAVING.type and ling.card == index and ling.instance == inst
               for ling in ctx.state.lingering)  # fmt: skip


def leaving_destination(ctx: Context, index: int, dest: Location) -> Location:
    """Where the card, leaving the field for `dest`, goes: banished instead if it is to be banished when it leaves."""
    return Location.BANISHED if dest is not Location.BANISHED and banished_when_leaving(ctx, index) else dest

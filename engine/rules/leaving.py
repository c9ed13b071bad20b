"""Where a card leaving the field goes instead (rules spec §U.25): "..., but banish it when it leaves the field"
(Dinowrestler Martial Ankylo, Battle Fader). An effect leaves the marker `BANISH_WHEN_LEAVES` on the card (a lingering
effect on it, so it ends with the card, or when the card is turned face-down); while it is there, the card is banished
instead of going anywhere else from the field (ocgcore's EFFECT_LEAVE_FIELD_REDIRECT to LOCATION_REMOVED, reset by
RESETS_REDIRECT). Pure reads."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, Effect, EffectKind

# The marker of "but banish it when it leaves the field", kept on the card as a lingering effect.
BANISH_WHEN_LEAVES: Final = Effect("banish_when_leaves", EffectKind.CONTINUOUS)


def banished_when_it_leaves(ctx: Context, index: int) -> bool:
    """This card on the field is banished when it leaves the field, wherever it would go."""
    lingering = ctx.state.lingering
    if not lingering:
        return False
    instance = ctx.card(index).instance
    kind = BANISH_WHEN_LEAVES.type
    return any(ling.effect.type == kind and ling.card == index and ling.instance == instance for ling in lingering)

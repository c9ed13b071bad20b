"""ATK/DEF changes to a group of monsters (rules spec §U.26): "the ATK of all face-up monsters your opponent currently
controls becomes 0", "all monsters you control gain 500 ATK until the end of this turn". A resolved effect changes the
face-up monsters that are there as it resolves, each for itself; a monster that comes later is not changed (that is a
continuous `stat_modifier`)."""

from __future__ import annotations

from engine import actions
from engine.effects import Context, Effect, EffectKind, Params, Source
from engine.library.continuous import monsters_it_applies_to


def stat_group(ctx: Context, src: Source, op: Params) -> list[int]:
    """The face-up monsters an operation's `applies_to` and `filter` name as it resolves, as the effect's controller
    sees them, in card order: not those unaffected by the effect, nor those determined destroyed by battle (§1.6)."""
    params = {"applies_to": op["applies_to"], "filter": op.get("filter")}
    scope = Source(src.card, src.index, Effect("scope", EffectKind.CONTINUOUS, params=params), src.controller,
                   src.host)  # fmt: skip
    return [i for i in monsters_it_applies_to(ctx, scope, face_up=True) if actions.can_change_stats(ctx.card(i))]

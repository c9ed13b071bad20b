"""A destruction replacement its player may decline ("If this card would be destroyed by a card effect, you can banish
2 cards from your GY instead": rules spec §U.24): `battle_destruction_replacement` with `player_decides` asks its
controller, as the destroying effect resolves, whether to apply it (`engine.resolution.yes_or_no`); the library's
operations destroy through `destroy_by_effect`. Without it, `use` says whether it is applied, as before."""

from __future__ import annotations

from engine import actions, resolution
from engine.effects import Context, Source
from engine.rules.destruction import effect_destruction_replacement, indestructible_by_effect
from engine.values.game import is_on_field

__all__ = ["destroy_by_effect"]


def destroy_by_effect(ctx: Context, src: Source, index: int, detail: str = "") -> bool:
    """Destroy the card by `src`'s effect; a replacement its controller may decline asks them first (a destruction
    with no chain resolving cannot pause: the replacement is applied, the first answer, rules spec §U.16)."""
    replace = True
    if is_on_field(ctx.card(index).location) and not indestructible_by_effect(ctx, index, src):
        instead = effect_destruction_replacement(ctx, index)
        if instead is not None and instead.effect.params.get("player_decides"):
            what = f"apply it instead of {ctx.card(index).name} being destroyed"
            replace = resolution.yes_or_no(ctx, instead, what, player=instead.controller)
    return actions.destroy(ctx, index, "effect", detail=detail, by=src, replace=replace)

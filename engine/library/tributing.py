"""Tributing as an effect resolves (rules spec §U.25): "Tribute 1 other monster" (Yubel: "During your End Phase: Tribute
1 other monster or destroy this card"). The effect's controller picks the monsters as it resolves, among those they
control that match (not a target, not a cost); each is Tributed (`actions.tribute`: sent to the Graveyard, "if a
monster is Tributed" triggers, §U.17). ProjectIgnis/CardScripts c78371393: Duel.SelectReleaseGroup then Duel.Release
with REASON_EFFECT."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine import actions, resolution
from engine.effects import Context, Params, Source
from engine.library.filters import matches
from engine.state import ChainLink
from engine.values.game import Location

__all__ = ["TRIBUTE_OPS", "tributable"]

OpHandler = Callable[[Context, Source, ChainLink, Params], None]


def tributable(ctx: Context, src: Source, op: Params) -> list[int]:
    """The monsters the Tributing player (`player`: the effect's controller, or "opponent": "make your opponent
    Tribute 1 monster they control") controls that the operation can Tribute: face-up or face-down, not this card with
    `other_than_self`, matching `filter`; not those destroyed by battle (§1.6)."""
    who = ctx.player_of(str(op.get("player", "controller")), src)
    flt = op.get("filter")
    other = bool(op.get("other_than_self"))
    return [i for i, c in enumerate(ctx.state.cards)
            if c.location is Location.MONSTER_ZONE and c.controller is who and not c.battle_destroyed
            and not (other and i == src.card) and (flt is None or matches(ctx, i, flt))]  # fmt: skip


def _tribute(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Tribute `count` (1) of the monsters `tributable` names, picked by the Tributing player as it resolves ("their
    choice"); with fewer than `count`, none (the text's Tribute cannot be done)."""
    count = int(op.get("count", 1))
    cands = tributable(ctx, src, op)
    if len(cands) < count:
        return
    who = ctx.player_of(str(op.get("player", "controller")), src)
    for i in resolution.pick_cards(ctx, src, cands, count, player=who, what=f"{count} monster(s) to Tribute"):
        actions.tribute(ctx, i, "effect")


TRIBUTE_OPS: Final[dict[str, OpHandler]] = {"tribute": _tribute}

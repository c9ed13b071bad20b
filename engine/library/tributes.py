"""A Tribute by an effect (rules spec §U.26): the op `tribute`, "Tribute 1 monster", "make your opponent Tribute 1
monster they control (their choice)" (Swirling Snowflowers). The player who Tributes picks the monster as it resolves
among the monsters they control (face-up or face-down) that match `filter`: not a target. It is Tributed, sent to the
Graveyard (or where it goes instead) and not destroyed; "if a monster is Tributed" triggers (§U.17)."""

from __future__ import annotations

from typing import Final

from engine import actions, resolution
from engine.effects import Context, Params, Source
from engine.library.filters import matches
from engine.state import ChainLink
from engine.values.game import Location


def _tribute(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    who = ctx.player_of(str(op.get("player", "controller")), src)
    flt = op.get("filter")
    mine = [i for i, c in enumerate(ctx.state.cards)
            if c.location is Location.MONSTER_ZONE and c.controller is who and not c.battle_destroyed
            and (flt is None or matches(ctx, i, flt))]  # fmt: skip
    if not mine:
        return
    picked = resolution.pick_cards(ctx, src, mine, 1, player=who, what="the monster to Tribute")
    for i in picked:
        actions.tribute(ctx, i, "effect", detail="Tributed by an effect")


TRIBUTE_OPS: Final = {"tribute": _tribute}

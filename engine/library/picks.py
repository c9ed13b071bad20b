"""Cards sent from the Deck or the hand by a pick as an effect resolves (rules spec §U.23): "send 1 'Deskbot' monster
from your Deck to the GY". The player's pick (§U.16), not a target; `count` cards, all of them or none, `different` and
`up_to` as for `special_summon` (`engine.library.asking.pick_several`)."""

from __future__ import annotations

from engine import actions
from engine.effects import Context, Params, Source
from engine.library.asking import pick_several


def send_picked_to_graveyard(ctx: Context, src: Source, op: Params) -> None:
    """"Send 1 ... from your Deck to the GY": the cards the controller picks among theirs in `from` that match
    `filter`, sent (not discarded, not destroyed)."""
    for index in pick_several(ctx, src, op, ("deck",), "the card(s) to send to the Graveyard"):
        if ctx.card(index).owner is src.controller:
            actions.send_to_graveyard(ctx, index, "effect", detail="sent by an effect")

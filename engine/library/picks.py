"""Picks of several cards at once, and cards sent from the Deck or the hand (rules spec §U.23): "Special Summon 2
'Deskbot' monsters with different Levels from your hand and/or Graveyard", "send 1 'Deskbot' monster from your Deck
to the GY". Each is the player's pick as the effect resolves (§U.16), not a target; a text that names a number of
cards needs that many ("Special Summon 2 ...": with fewer that fit, none is Summoned)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine import actions, resolution
from engine.effects import Context, Params, Source
from engine.library import asking
from engine.state import Card

# What "with different ..." compares among the cards picked.
_DIFFERENT: Final[dict[str, Callable[[Card], object]]] = {
    "level": lambda c: c.level,
    "name": lambda c: c.name,
    "attribute": lambda c: c.attribute,
    "monster_type": lambda c: c.monster_type,
}


def picked(ctx: Context, src: Source, op: Params, default_from: tuple[str, ...], what: str) -> tuple[int, ...]:
    """The `count` cards (default 1) the effect's controller picks among the candidates of `op` (`from`, `filter`,
    `card`: `asking.candidates`), all different in `different` if it is given; none if no such set exists; with
    `up_to`, 0 to `count` of them ("up to 2": picking none is declining)."""
    count = int(op.get("count", 1))
    key = op.get("different")
    up_to = bool(op.get("up_to"))
    if count == 1 and key is None and not up_to:
        one = asking.pick_one(ctx, src, op, default_from, what)
        return () if one is None else (one,)
    cands = asking.candidates(ctx, src, op, default_from)
    if len(cands) < count and not up_to:
        return ()
    accept = None
    if key is not None:
        read = _DIFFERENT[str(key)]

        def accept(combo: tuple[int, ...]) -> bool:
            values = [read(ctx.card(i)) for i in combo]
            return None not in values and len(set(values)) == len(values)

    return resolution.pick_cards(ctx, src, cands, count, up_to=up_to, what=what, accept=accept)


def send_picked_to_graveyard(ctx: Context, src: Source, op: Params) -> None:
    """"Send 1 ... from your Deck to the GY": the cards the controller picks among theirs in `from` that match
    `filter`, sent (not discarded, not destroyed)."""
    for index in picked(ctx, src, op, ("deck",), "the card(s) to send to the Graveyard"):
        if ctx.card(index).owner is src.controller:
            actions.send_to_graveyard(ctx, index, "effect", detail="sent by an effect")

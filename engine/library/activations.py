"""Negating activated effects by where they were activated (rules spec §U.24): "Negate any activated effects of your
opponent's banished monsters" (Yuki-Onna, the Absolute Zero Mayakashi), a continuous kind that answers
`Hook.CHAIN_SOLVING` as each chain link resolves: the link's effect is negated if its player, its card and the place
its card was activated from (`ChainLink.activated_from`) are those the effect names (ProjectIgnis ocgcore:
EVENT_CHAIN_SOLVING with CHAININFO_TRIGGERING_LOCATION, `Duel.NegateEffect`)."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, EffectType, Hook, Source
from engine.library.continuous import OnlyIf
from engine.library.filters import matches_card
from engine.rules.arrivals import origins_named

__all__ = ["ACTIVATION_TYPES"]


def _negates_activated(ctx: Context, src: Source) -> bool:
    """Whether the resolving link is an activation it negates: by the player it names (`player`: `opponent` by
    default, `controller`, `both`), of a card matching `filter` (as the card is now), activated from one of
    `activated_from` (zone words)."""
    w = ctx.state.window
    if w is None or not 0 <= w.resolving < len(w.chain):
        return False
    link = w.chain[w.resolving]
    p = src.effect.params
    who = str(p.get("player", "opponent"))
    if who != "both" and (link.player is src.controller) is not (who == "controller"):
        return False
    places = p.get("activated_from")
    if places is not None and link.activated_from not in origins_named(places):
        return False
    flt = p.get("filter")
    return flt is None or matches_card(ctx.card(link.card), flt)


ACTIVATION_TYPES: Final = [
    EffectType("negates_activated_effects", hooks={Hook.CHAIN_SOLVING: OnlyIf(_negates_activated)}),
    # "This card's name becomes X while on the field": read where names are read (`filters.name_of`), no hook
    EffectType("name_becomes"),
]

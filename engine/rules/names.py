"""A card's name as the rules read it now (rules spec §U.23): its printed name, or the one a continuous effect of its
own gives it while it applies ("This card's name becomes 'Revendread Slayer' while on the field": `Hook.NAME`, answered
by the effect's own card). A "once per turn" by name counts the printed name (ocgcore counts by the card's code)."""

from __future__ import annotations

from engine.effects import Context, Hook


def current_name(ctx: Context, index: int) -> str:
    """The name of card `index` now: the last name one of its own applying effects gives it, else its printed name."""
    name = ctx.card(index).name
    for src, answer in ctx.ask(Hook.NAME):
        if src.host == index:
            name = str(answer)
    return name

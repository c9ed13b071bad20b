"""Dice rolled by both players and compared (rules spec §U.25): "You can have both players roll a six-sided die. If
your result is higher, ... If your result is lower, ... If it's a tie, both players roll again" (F.A. Dead Heat).
Each die is a chance decision of its own (`engine.resolution.chance`: each of 1 to 6 equally likely), the effect's
controller's first; what the comparison does is a list of operations, run as an effect's own list is (§U.18)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine import resolution
from engine.effects import Context, Params, Source
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import opponent_of

Runner = Callable[[Context, Source, ChainLink, Sequence[Params]], None]
OpHandler = Callable[[Context, Source, ChainLink, Params], None]

# Ties rolled again at most this many times: the chance of as many ties in a row is 6**-100, and a bound keeps every
# game tree a search explores finite; past it, the tie's own operations (if any) apply.
MAX_REROLLS: Final = 100


def both_roll(ctx: Context, src: Source) -> tuple[int, int]:
    """One six-sided die for the effect's controller, then one for the opponent: (theirs, opponent's), 1 to 6."""
    mine = resolution.chance(ctx, src, 6, f"{src.controller.name}'s six-sided die (0 shows 1)") + 1
    other = opponent_of(src.controller).name
    theirs = resolution.chance(ctx, src, 6, f"{other}'s six-sided die (0 shows 1)") + 1
    return mine, theirs


def _roll_dice_compared(run: Runner) -> OpHandler:
    def roll_dice_compared(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        """Both players roll a die: `higher` if the effect's controller's result is higher, `lower` if it is lower,
        `tie` on a tie; with `tie_rolls_again`, a tie is rolled again ("both players roll again")."""
        for _ in range(MAX_REROLLS + 1):
            mine, theirs = both_roll(ctx, src)
            ctx.emit(EventType.LINK_RESOLVED, "dice", card=src.card, player=src.controller,
                     detail=f"dice rolled: {src.controller.name} {mine}, {opponent_of(src.controller).name} {theirs}")
            if mine != theirs or not op.get("tie_rolls_again"):
                break
        key = "higher" if mine > theirs else "lower" if mine < theirs else "tie"
        run(ctx, src, link, op.get(key) or ())

    return roll_dice_compared


def dice_ops(run: Runner) -> dict[str, OpHandler]:
    """The operations of this module, running their contained lists with `run`."""
    return {"roll_dice_compared": _roll_dice_compared(run)}

"""Monster Zones as places (rules spec §U.5): the columns of the Main Monster Zones, the two Extra Monster Zones
between the players, and the monsters a Link Monster points to.

The official rulebook (Master Rule; Link Monsters): each player has five Main Monster Zones; the two Extra Monster
Zones sit between the players, above the second and fourth columns; a Link Monster's Link Arrows point to the
zones next to its own in those directions (a zone that does not exist is pointed to by no arrow). A card's
`column` counts its controller's Main Monster Zones from their own left (0-4); a card in an Extra Monster Zone has
`extra_zone` set and the column it stands above (1 or 3), also counted from its controller's left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.effects import Context
from engine.state import Card
from engine.values.game import Location, Player

# An arrow as a step (across, toward the opponent) from its monster's controller's seat.
ARROWS: Final = {
    "bottom_left": (-1, -1), "bottom": (0, -1), "bottom_right": (1, -1), "left": (-1, 0), "right": (1, 0),
    "top_left": (-1, 1), "top": (0, 1), "top_right": (1, 1),
}  # fmt: skip
EXTRA_COLUMNS: Final = (1, 3)  # the Main Monster Zone columns the Extra Monster Zones stand above


def place(card: Card) -> tuple[int, int] | None:
    """Where a monster stands on the board, seen from player A's seat: (column 0-4 from A's left, row 0 for A's
    Main Monster Zones, 1 for the Extra Monster Zones, 2 for B's); None when its zone is not given."""
    if card.location is not Location.MONSTER_ZONE or card.column < 0:
        return None
    x = card.column if card.controller is Player.A else 4 - card.column
    if card.extra_zone:
        return x, 1
    return x, 0 if card.controller is Player.A else 2


def same_column(a: Card, b: Card) -> bool:
    """Whether two monsters stand in the same column ("the monster in its same column"): a column faces the
    opponent's column counted the other way, and an Extra Monster Zone belongs to the column below it. A monster
    whose zone is not given is in no column."""
    pa, pb = place(a), place(b)
    return pa is not None and pb is not None and pa[0] == pb[0]


def _exists(x: int, y: int) -> bool:
    return 0 <= x <= 4 if y in (0, 2) else y == 1 and x in EXTRA_COLUMNS


def points_to(ctx: Context, index: int) -> list[int]:
    """The monsters this Link Monster points to now (face-up or face-down), in card order."""
    card = ctx.card(index)
    at = place(card)
    if at is None or not card.link_arrows:
        return []
    side = 1 if card.controller is Player.A else -1
    cells = set()
    for arrow in card.link_arrows:
        dx, dy = ARROWS[arrow]
        x, y = at[0] + side * dx, at[1] + side * dy
        if _exists(x, y):
            cells.add((x, y))
    return [i for i, c in enumerate(ctx.state.cards) if i != index and place(c) in cells]


def deck_top_first(cards: Sequence[Card], player: Player) -> list[int]:
    """The cards of `player`'s Deck, the top first: those an effect placed on the top (the last placed first), then
    the listed order, then those placed on the bottom (`CardDetails.deck_order`, rules spec §U.29)."""
    deck = sorted((c.details.deck_order, i) for i, c in enumerate(cards) if c.location is Location.DECK
                  and c.owner is player)  # fmt: skip
    return [i for _order, i in deck]

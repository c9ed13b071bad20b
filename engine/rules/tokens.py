"""What a Token is (rules spec §U.17). A Token is a monster an effect Special Summons, with the Type, Attribute,
Level and ATK/DEF that effect states as its original values; it is no real card: it exists only on the field and
ceases to exist when it leaves it; it cannot be changed to face-down; it is treated as a Normal Monster
(lucays/OCG-Rule-documentation docs/c02/基本用语.rst, "衍生物" L1027-1038 and L567; Yugipedia "Monster Token")."""

from __future__ import annotations

from typing import Final

from engine.state import Card
from engine.values.game import Location, is_on_field

# What a Token's type line says (`CardDetails.abilities`): a Token, a Normal Monster.
TOKEN_ABILITIES: Final = frozenset({"token", "normal"})
# Main Monster Zones a player has: a Token is placed in one of them.
MAIN_MONSTER_ZONES: Final = 5


def is_token(card: Card) -> bool:
    return "token" in card.details.abilities


def token_destination(card: Card, dest: Location) -> Location:
    """Where a card that moves to `dest` ends up: a Token that leaves the field goes nowhere (it ceases to exist,
    `Location.GONE`); it may move within the field (a monster equipped as an Equip Card)."""
    if is_on_field(dest) or not is_token(card):
        return dest
    return Location.GONE


def can_turn_face_down(card: Card) -> bool:
    """A Token can never be face-down ("衍生物不能变成里侧表示")."""
    return not is_token(card)


def free_main_monster_zones(cards: tuple[Card, ...], player: object) -> int:
    """How many of `player`'s Main Monster Zones hold no monster (a monster in an Extra Monster Zone takes none)."""
    used = sum(
        1
        for c in cards
        if c.location is Location.MONSTER_ZONE and c.controller is player and not c.details.extra_zone
    )
    return max(0, MAIN_MONSTER_ZONES - used)

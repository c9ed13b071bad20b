"""The field as places: what each player's zones hold at most, so that a scenario never puts more cards on the
field than the field has room for.

The official rulebook (Master Rule, the Game Mat): each player has 5 Main Monster Zones, 5 Spell & Trap Zones
(the two at the ends are also the Pendulum Zones) and 1 Field Zone; the 2 Extra Monster Zones stand between the
players, above the second and fourth columns, each holding one monster of either player. In the format a monster
in a ``monster_zone`` is in a Main Monster Zone unless it gives ``extra_monster_zone``; a card's ``column`` counts
its controller's zones from their own left; a Field Spell (``property: field``) in a ``spell_trap_zone`` is in its
controller's Field Zone; a Pendulum Monster in a ``spell_trap_zone`` is in a Pendulum Zone (rules spec §U.4, §U.5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.format.cards import CardSpec
from engine.format.errors import Invalid, show
from engine.format.vocabulary import PLAYERS

MAIN_MONSTER_ZONES = 5
SPELL_TRAP_ZONES = 5
PENDULUM_ZONES = 2
FIELD_ZONES = 1


def _in_field_zone(c: CardSpec) -> bool:
    return c.card_type == "spell" and c.property == "field"


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _count(
    cards: Sequence[CardSpec], player: str, room: int, places: str, key: str, fits: Callable[[CardSpec], bool]
) -> None:
    """Refuse the first card of `player` past the `room` of its kind of zone (`fits`: which cards it holds)."""
    held = [i for i, c in enumerate(cards) if c.controller == player and fits(c)]
    if len(held) > room:
        i = held[room]
        names = ", ".join(show(cards[j].id) for j in held[:room])
        raise Invalid(f"a player has {room} {places}: this is {player}'s {_nth(room + 1)} card there, after {names}",
                      "cards", i, key)  # fmt: skip


def main_monster_zone(c: CardSpec) -> bool:
    return c.location == "monster_zone" and c.extra_monster_zone is not True


def spell_trap_zone(c: CardSpec) -> bool:
    return c.location == "spell_trap_zone" and not _in_field_zone(c)


def pendulum_zone(c: CardSpec) -> bool:
    return c.location == "spell_trap_zone" and c.card_type == "monster"


def field_zone(c: CardSpec) -> bool:
    return c.location == "spell_trap_zone" and _in_field_zone(c)


def check_zones(cards: Sequence[CardSpec]) -> None:
    """Each player's zones hold at most what the Game Mat has room for, and two cards given the same zone
    (the same Main Monster Zone column, the same Extra Monster Zone) are refused."""
    for p in PLAYERS:
        _count(cards, p, MAIN_MONSTER_ZONES, "Main Monster Zones", "location", main_monster_zone)
        _count(cards, p, SPELL_TRAP_ZONES, "Spell & Trap Zones", "location", spell_trap_zone)
        _count(cards, p, PENDULUM_ZONES, "Pendulum Zones", "location", pendulum_zone)
        _count(cards, p, FIELD_ZONES, "Field Zone", "location", field_zone)
    taken: dict[tuple[str, int], int] = {}  # (zone, column as player A sees it) -> the card there
    for i, c in enumerate(cards):
        if c.location != "monster_zone" or c.column is None:
            continue
        if c.extra_monster_zone is True:  # shared: as A sees it, B's column 1 is A's column 3
            zone, at, what = "extra", c.column if c.controller == "A" else 4 - c.column, "that Extra Monster Zone"
        else:
            zone, at, what = c.controller, c.column, f"{c.controller}'s Main Monster Zone in column {c.column}"
        if (zone, at) in taken:
            raise Invalid(f"{what} already holds {show(cards[taken[zone, at]].id)}", "cards", i, "column")
        taken[zone, at] = i

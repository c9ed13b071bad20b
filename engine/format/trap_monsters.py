"""A Trap Card Special Summoned as a monster, in the format (rules spec §U.27): the operation
``special_summon_as_monster``. Declared as the tables of :mod:`engine.format.ops` declare theirs, and merged into
them; the library gives it its meaning (``engine/library/trap_monsters.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

from engine.format.vocabulary import Attribute, Level, MonsterType, default, optional

_STAT = Annotated[int, Meta(ge=0, le=1_000_000)]

TRAP_MONSTER_OPS: dict[str, dict[str, Any]] = {
    "special_summon_as_monster": {
        "attribute": Attribute,
        "monster_type": MonsterType,
        "level": Level,
        "atk": default(_STAT, 0, "its ATK as a monster (\"ATK ?\": 0, then set by another operation)"),
        "def": default(_STAT, 0, "its DEF as a monster"),
        "ability": default(Literal["effect", "normal"], "effect", "\"as an Effect Monster\" / \"as a Normal Monster\""),
        "position": optional(Literal["attack", "defense"], "the position the card fixes (\"in Attack Position\"); "
                             "absent: its controller chooses face-up Attack or Defense Position as it resolves"),
    },
}

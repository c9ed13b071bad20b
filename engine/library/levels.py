"""Level changes (rules spec §U.17): "increase/reduce its Level by N", "its Level becomes N", by a resolved effect
for a while (`change_level`, op `change_level`) or by a continuous effect while it applies (kind `level_modifier`,
`Hook.LEVELS`). The current Level is `rules.levels.current_level`; a monster with no Level (Xyz, Link) is not
changed, and a Level is never below 1."""

from __future__ import annotations

from typing import Final

from engine import actions
from engine.effects import Context, EffectType, Hook, LevelChange, Lingering, Source
from engine.library.continuous import OnlyIf, monsters_it_applies_to
from engine.library.refs import value_of
from engine.library.targets import card_for
from engine.rules.levels import LEVEL_CHANGE_TYPE, level_change, level_changes_apply
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import Player
from engine.values.params import Params

__all__ = ["LEVEL_OPS", "LEVEL_TYPES", "change_level"]


def change_level(
    ctx: Context,
    card: int,
    *,
    add: int = 0,
    becomes: int | None = None,
    until: str = "end_of_turn",
    controller: Player | None = None,
) -> bool:
    """Change a monster's Level as a resolved effect does: increase it by `add` (reduce, if negative) or make it
    `becomes`, until `until` (as `actions.change_stats`: "end_of_turn", "end_of_damage_step", "damage_calculation",
    "permanent" = while it stays face-up on the field). False, and nothing changes, if the monster has no Level to
    change (face-down, off the field, an Xyz or Link Monster) or nothing is asked."""
    if until not in actions.UNTILS:
        raise ValueError(f"until must be one of {', '.join(actions.UNTILS)}, got {until!r}")
    if becomes is not None and becomes < 1:
        raise ValueError(f"a Level becomes 1 or more, got {becomes!r}")
    c = ctx.card(card)
    if not level_changes_apply(c) or c.battle_destroyed or (becomes is None and add == 0):
        return False
    who = controller if controller is not None else c.controller
    actions.add_lingering(ctx, Lingering(level_change(add, becomes), who, card, c.instance, until))
    what = f"becomes Level {becomes}" if becomes is not None else f"Level {add:+d}"
    ctx.emit(EventType.STATS_CHANGED, "effect", card=card, detail=f"{what} until {until}" if ctx.watched else "")
    return True


def _change_level(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Op `change_level`: its `target`'s Level gains `add` (or a value read as it resolves, `add_of`), or becomes
    `becomes` (or `becomes_of`: "becomes the current Level of that monster")."""
    index = card_for(ctx, src, link, op["target"])
    if index is None:
        return
    add = int(op.get("add") or 0)
    if op.get("add_of") is not None:
        add += value_of(ctx, src, op["add_of"])
    becomes = op.get("becomes")
    if op.get("becomes_of") is not None:
        becomes = value_of(ctx, src, op["becomes_of"])
        if becomes < 1:
            return  # nothing to read (that monster is gone, or has no Level): no change
    change_level(ctx, index, add=add, becomes=None if becomes is None else int(becomes),
                 until=str(op.get("until", "end_of_turn")), controller=src.controller)  # fmt: skip


def _level_modifier(ctx: Context, src: Source) -> list[LevelChange]:
    """Kind `level_modifier`: the monsters it applies to (face-up, matching its filter, read without continuous Level
    changes so that it never reads itself) gain `add` Levels or become `becomes`."""
    p = src.effect.params
    becomes = p.get("becomes")
    add = int(p.get("add") or 0)
    return [
        LevelChange(i, add, None if becomes is None else int(becomes))
        for i in monsters_it_applies_to(ctx, src, face_up=True, plain=True)
        if level_changes_apply(ctx.card(i))
    ]


LEVEL_OPS: Final = {"change_level": _change_level}
LEVEL_TYPES: Final = [
    EffectType(LEVEL_CHANGE_TYPE),  # a resolved change, read directly by rules.levels.current_level
    EffectType("level_modifier", hooks={Hook.LEVELS: OnlyIf(_level_modifier, True)}),  # (its `only_if` read plain)
]

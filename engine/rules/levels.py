"""A monster's current Level (rules spec §U.17): its printed Level changed by effects, as ATK/DEF are by theirs.

* Only a monster that has a Level has one to change: an Xyz Monster has a Rank and a Link Monster a Link Rating,
  never a Level (Perfect Rulebook: "Xyz Monsters do not have Levels"; ProjectIgnis ocgcore `card::get_level`
  answers 0 for TYPE_XYZ/TYPE_LINK), and a face-down monster shows none.
* Changes apply only to a face-up monster on the field (elsewhere a card is as printed), in their order of
  application: "increase/reduce its Level by N" adds; "its Level becomes N" sets it, and the increases a resolved
  effect made before it no longer count (a continuous effect's still do) -- ocgcore's `get_level`: an
  EFFECT_CHANGE_LEVEL sets the level and resets the single-card updates, not the field ones.
* A monster's Level is never below 1 ("it cannot be reduced below 1": Yugipedia "Level", the Level rules;
  ocgcore `if(level < 1) level = 1`).

A resolved effect's change is a `Lingering` of `LEVEL_CHANGE` (its params `add` or `becomes`), ordered by its `seq`
like an ATK change; a continuous effect's is a `LevelChange` answering `Hook.LEVELS`, ordered by when it started
applying (the same record as continuous ATK/DEF changes, `GameState.stat_since`, under a key of its own).
"""

from __future__ import annotations

from typing import Final

from engine.effects import Context, Effect, EffectKind, Hook, LevelChange
from engine.rules.unaffected import unaffected_by
from engine.state import Card
from engine.values.game import Location, Position

# What every resolved Level change lingers as (its params say what it does): made per change, with its params.
LEVEL_CHANGE_TYPE: Final = "level_change"
# `stat_since` keys of continuous Level changes: the effect number shifted below those of ATK/DEF changes (which are
# >= -1), so that each kind of record is kept and dropped by its own reader.
LEVEL_KEY_SHIFT: Final = -100

# One step in the order of application: (order, "becomes" value or None, increase, from a continuous effect).
Step = tuple[int, "int | None", int, bool]


def level_change(add: int = 0, becomes: int | None = None) -> Effect:
    """The lingering effect of a resolved Level change: increase by `add`, or become `becomes`."""
    params: dict[str, int] = {"becomes": becomes} if becomes is not None else {"add": add}
    return Effect(LEVEL_CHANGE_TYPE, EffectKind.CONTINUOUS, params=params)


def has_level(card: Card) -> bool:
    """Whether the card is a monster with a Level: not an Xyz Monster (a Rank), not a Link Monster, not a Spell/Trap
    (a Trap Monster has the Level its text gives it on the field: `Card.level`)."""
    return card.level > 0 and card.details.rank == 0 and not card.details.link_arrows


def level_changes_apply(card: Card) -> bool:
    """Level changes apply to a face-up monster on the field that has a Level."""
    return card.location is Location.MONSTER_ZONE and card.position is not Position.SET and has_level(card)


def leveled_value(printed: int, steps: list[Step]) -> int:
    """The Level through its changes in their order of application (ocgcore `card::get_level`): a "becomes" sets it
    and cancels the earlier increases of resolved effects; the result is never below 1."""
    level, resolved_up, continuous_up = printed, 0, 0
    for _seq, becomes, add, continuous in sorted(steps, key=lambda s: s[0]):
        if becomes is not None:
            level, resolved_up = becomes, 0
        elif continuous:
            continuous_up += add
        else:
            resolved_up += add
    return max(1, level + resolved_up + continuous_up)


def level_steps(ctx: Context, index: int, *, plain: bool = False, record: bool = False) -> list[Step]:
    """The Level changes applying to this monster now: the resolved ones, and (unless `plain`: for a continuous
    change that picks its monsters by Level, which would otherwise read itself) the continuous ones, each with its
    order of application. With `record`, a continuous one first seen applying gets its place now."""
    s = ctx.state
    card = ctx.card(index)
    steps: list[Step] = []
    for ling in s.lingering:
        if ling.card == index and ling.instance == card.instance and ling.effect.type == LEVEL_CHANGE_TYPE:
            p = ling.effect.params
            steps.append((ling.seq, p.get("becomes"), int(p.get("add", 0)), False))
    if plain or not (ctx.index.hooks[Hook.LEVELS] or (s.lingering and Hook.LEVELS in ctx.lingering_hooks())):
        return steps
    provisional = s.stat_seq
    seen = set()
    for src, changes in ctx.ask(Hook.LEVELS):
        for ch in changes:
            if not isinstance(ch, LevelChange) or ch.card != index:
                continue
            if src.card != index and unaffected_by(ctx, index, src):
                continue
            src_instance = ctx.card(src.card).instance if src.card >= 0 else -1
            key = (src.card, src_instance, LEVEL_KEY_SHIFT - src.index, index, card.instance)
            seq = s.stat_since.get(key)
            if seq is None:
                if record:
                    s.stat_seq += 1
                    seq = s.stat_since[key] = s.stat_seq
                else:
                    provisional += 1
                    seq = provisional
            seen.add(key)
            steps.append((seq, ch.becomes, ch.add, True))
    if record:
        for k in [k for k in s.stat_since if k[3] == index and k[2] <= LEVEL_KEY_SHIFT + 1 and k not in seen]:
            del s.stat_since[k]
    return steps


def current_level(ctx: Context, index: int, *, plain: bool = False) -> int:
    """The monster's Level now: its printed Level (0: none) changed by the effects applying to it (see above)."""
    card = ctx.card(index)
    if not level_changes_apply(card):
        return card.level if has_level(card) else 0
    steps = level_steps(ctx, index, plain=plain)
    return leveled_value(card.level, steps) if steps else card.level

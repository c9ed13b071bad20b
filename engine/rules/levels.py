"""A monster's current Level (rules spec §U.17): its printed Level changed by effects, as ATK/DEF are by theirs.

* Only a monster that has a Level has one to change: an Xyz Monster has a Rank and a Link Monster a Link Rating,
  never a Level (Perfect Rulebook: "Xyz Monsters do not have Levels"; ProjectIgnis ocgcore `card::get_level`
  answers 0 for TYPE_XYZ/TYPE_LINK), and a face-down monster shows none.
* Changes apply only to a face-up monster on the field (elsewhere a card is as printed), in their order of
  application: "increase/reduce its Level by N" adds; "its Level becomes N" sets it, and the increases a resolved
  effect made before it no longer count (a continuous effect's still do) -- ocgcore's `get_level`: an
  EFFECT_CHANGE_LEVEL sets the level and resets the single-card updates, not the field ones.
* A monster's Level is never below 1 (lucays/OCG-Rule-documentation docs/c03/攻守计算.rst L156: "a Level reduced
  below 1 is 1"; ocgcore `if(level < 1) level = 1`); Levels are calculated as ATK/DEF are (ibid. L27).

A resolved effect's change is a `Lingering` of `LEVEL_CHANGE_TYPE` (its params `add` or `becomes`), ordered by its
`seq` like an ATK change; a continuous effect's is a `LevelChange` answering `Hook.LEVELS`. The continuous ones apply
before every resolved one: ocgcore orders Level changes by when each effect was made, and a continuous effect of a
card on the field was made before the changes resolved while it is there; so a continuous "becomes" that starts
applying later does not undo a resolved "becomes Level 1" (Harpie Channeler under a Predator Counter's "becomes Level 1"
ruling: lucays/OCG-Rule-documentation docs/c03/攻守计算.rst L251). (A continuous effect of a card that arrives after a
resolved change is ordered first too: a simplification, §U.17.)
"""

from __future__ import annotations

from typing import Final

from engine.effects import Context, Effect, EffectKind, Hook, LevelChange
from engine.rules.unaffected import unaffected_by
from engine.state import Card
from engine.values.game import Location, Position

# What every resolved Level change lingers as (its params say what it does): made per change, with its params.
LEVEL_CHANGE_TYPE: Final = "level_change"

# One step in the order of application: (order, "becomes" value or None, increase, from a continuous effect).
Step = tuple[int, int | None, int, bool]


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


def level_steps(ctx: Context, index: int, *, plain: bool = False) -> list[Step]:
    """The Level changes applying to this monster now, each with its order of application: the continuous ones
    (unless `plain`: for a continuous change that picks its monsters by Level, which would otherwise read itself)
    first, then the resolved ones in the order they applied (see the module docstring)."""
    s = ctx.state
    card = ctx.card(index)
    steps: list[Step] = []
    if not plain and (ctx.index.hooks[Hook.LEVELS] or (s.lingering and Hook.LEVELS in ctx.lingering_hooks())):
        for src, changes in ctx.ask(Hook.LEVELS):
            for ch in changes:
                if isinstance(ch, LevelChange) and ch.card == index and not (
                    src.card != index and unaffected_by(ctx, index, src)
                ):
                    steps.append((0, ch.becomes, ch.add, True))
    for ling in s.lingering:
        if ling.card == index and ling.instance == card.instance and ling.effect.type == LEVEL_CHANGE_TYPE:
            p = ling.effect.params
            steps.append((ling.seq, p.get("becomes"), int(p.get("add", 0)), False))
    return steps


def current_level(ctx: Context, index: int, *, plain: bool = False) -> int:
    """The monster's Level now: its printed Level (0: none) changed by the effects applying to it (see above)."""
    card = ctx.card(index)
    if not level_changes_apply(card):
        return card.level if has_level(card) else 0
    steps = level_steps(ctx, index, plain=plain)
    return leveled_value(card.level, steps) if steps else card.level

"""Unaffected by effects (rules spec §U): a monster "unaffected by your opponent's card effects" is not changed by
them at all: their continuous effects do not apply to it (ATK/DEF changes, attack restrictions) and their
operations do nothing to it, though it can still be chosen for them (the official rule: "unaffected" is not
"cannot be targeted"; laaners/yugioh_comprehensive_rulebook, "Unaffected"). Effects that already applied stay.

One rule, asked wherever an effect reaches a card: `unaffected_by`.
"""

from __future__ import annotations

from engine.effects import Context, Hook, Source, Unaffected


def unaffected_by(ctx: Context, index: int, src: Source) -> bool:
    """Whether this card is unaffected by the effect `src` now. A lingering effect (`src.index` -1) has no card of
    its own: it counts as an effect of a card other than this one, and neither a monster's nor a Spell/Trap's."""
    if src.card == index and src.index >= 0:
        return False  # a card's own effects always affect it
    for _who, answer in ctx.ask(Hook.UNAFFECTED):
        if isinstance(answer, Unaffected) and index in answer.cards and _covers(ctx, answer, src):
            return True
    return False


def _covers(ctx: Context, answer: Unaffected, src: Source) -> bool:
    by = answer.by
    if by == "opponent_effects":
        return src.controller is not answer.controller
    if by == "other_effects":
        return True
    if src.index < 0 or src.card < 0:
        return False  # a lingering effect: whose card it came from is not kept
    origin = ctx.card(src.card)
    if by == "other_monster_effects":
        return origin.is_monster
    if by == "spell_trap_effects":
        return not origin.is_monster
    raise ValueError(f"unknown kind of unaffected: {by!r}")

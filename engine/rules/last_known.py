"""Last known information (rules spec §R.2): a condition, filter or amount that refers to a card that took part in
an event reads that card as it was then, not where it is now.

"If this card destroyed a Defense Position monster by battle" is asked at the end of the Damage Step, when the
destroyed monster is already in the Graveyard: it is checked as it was on the field. `actions.move_card` records
every card as it leaves the field (`GameState.last_known`, keyed by the card and the instance it had there); these
functions read the card itself while it is still that card on the field, and that record once it has left.
"""

from __future__ import annotations

from engine.effects import Context
from engine.rules.stats import current_stats
from engine.state import Card
from engine.values.game import Location


def as_it_was(ctx: Context, index: int, instance: int | None) -> Card | None:
    """The card as the rules see it for an event that concerned it as `instance`: itself while it is still that
    card on the field (or has not left it), else as it was the last moment it was there; None if it never was."""
    card = ctx.card(index)
    if instance is None or card.instance == instance:
        return card
    known = ctx.state.last_known.get((index, instance))
    return known.card if known is not None else None


def stats_as_they_were(ctx: Context, index: int, instance: int | None) -> tuple[int, int] | None:
    """Its ATK and DEF for that event: now while it is still that monster on the field, else as it left it."""
    card = ctx.card(index)
    if (instance is None or card.instance == instance) and card.location is Location.MONSTER_ZONE:
        return current_stats(ctx, index)
    known = None if instance is None else ctx.state.last_known.get((index, instance))
    return (known.atk, known.def_) if known is not None else None


def battler_instance(ctx: Context, index: int) -> int | None:
    """The instance a battling monster had in this battle (None for a card that is not one of the battlers)."""
    b = ctx.state.battle
    if index == b.attacker:
        return b.attacker_instance
    if index == b.target:
        return b.target_instance
    return None

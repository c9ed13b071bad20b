"""An order imposed on a player's attacks (rules spec §U.25): "this Battle Phase, your opponent cannot attack with other
monsters until that one has" (Dinowrestler King T Wrextle). Left on the monster named (`restrict` with `kind:
attacks_first`), it keeps every other monster its controller controls from attacking until it has declared an attack
this turn; it ends with the monster (a new card once it leaves the field) and at its `until`. ProjectIgnis/CardScripts
c77967790: EFFECT_CANNOT_ATTACK on the other monsters while `GetAttackAnnouncedCount()==0`."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, EffectType, Hook, Source
from engine.rules.this_turn import declared_attack_this_turn
from engine.values.game import Location

__all__ = ["ATTACK_ORDER_TYPES", "attacks_first"]


def attacks_first(ctx: Context, src: Source) -> list[int]:
    """The monsters that cannot attack yet: every other monster the named monster's controller controls, until the
    named monster has declared an attack this turn (a declaration negated or stopped counts)."""
    me = src.host
    if me < 0:
        return []  # (only ever left on a monster: the format refuses it without a target)
    card = ctx.card(me)
    if card.location is not Location.MONSTER_ZONE or declared_attack_this_turn(ctx.state, me):
        return []
    return [i for i, c in enumerate(ctx.state.cards)
            if i != me and c.location is Location.MONSTER_ZONE and c.controller is card.controller]  # fmt: skip


ATTACK_ORDER_TYPES: Final = [EffectType("attacks_first", hooks={Hook.CANNOT_ATTACK: attacks_first})]

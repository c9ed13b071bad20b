"""Changes to effect damage (rules spec §U.29): "whenever you would take damage, you gain that much LP instead"
(Rainbow Life), "you take no damage that is not more than this card's ATK" (Performage Trapeze Magician), each on
effect damage as on battle damage (the battle damage's own order is §2.6). A gain instead comes first: the damage is
then no damage at all, and what would lower it is not applied (ProjectIgnis ocgcore `field::damage`/`Duel.Damage`:
EFFECT_REVERSE_DAMAGE turns the damage into a recovery before EFFECT_CHANGE_DAMAGE is read)."""

from __future__ import annotations

from engine.effects import Context, DamageModifier, DamageStage, Hook
from engine.rules.locks import effect_damage_taker
from engine.values.game import Player


def effect_damage_applied(ctx: Context, player: Player, amount: int, by: Player | None) -> tuple[Player, int, int]:
    """Effect damage `player` would take from a card effect `by` controls: who takes it (a redirection, §U.17), how
    much, and the LP gained instead (§U.29). The caller asks only when some effect (or lingering effect) may apply."""
    player = effect_damage_taker(ctx, player, by)
    if not (ctx.index.hooks[Hook.EFFECT_DAMAGE] or ctx.state.lingering):
        return player, amount, 0
    taken, gained = effect_damage_taken(ctx, player, amount)
    return player, taken, gained


def effect_damage_taken(ctx: Context, player: Player, amount: int) -> tuple[int, int]:
    """The effect damage `player` takes of the `amount` they would take, and the LP they gain instead: (amount, 0)
    unless a `Hook.EFFECT_DAMAGE` answer names that player (or any player)."""
    mods = [
        m
        for _src, answer in ctx.ask(Hook.EFFECT_DAMAGE)
        for m in answer
        if isinstance(m, DamageModifier) and (m.player is None or m.player is player)
    ]
    if any(m.stage is DamageStage.GAIN for m in mods):
        return 0, amount
    for m in mods:
        if m.stage is DamageStage.ZERO or (m.stage is DamageStage.AT_MOST and amount <= m.value):
            return 0, 0
    return amount, 0

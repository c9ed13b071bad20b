"""Lasting restrictions on what a player can do (rules spec §U.17): "you cannot Special Summon monsters, except
...", and "your opponent takes any effect damage you would have taken, instead". Each is asked where the action
happens (`engine.actions.special_summon`, `engine.actions.lose_lp`)."""

from __future__ import annotations

from engine.effects import Context, DamageRedirect, Hook, SummonLock
from engine.values.game import Player, opponent_of


def special_summon_locked(ctx: Context, index: int, by: Player) -> bool:
    """Whether `by` cannot Special Summon this monster now (a `Hook.SPECIAL_SUMMON_LOCK` names it for that player):
    such a Special Summon does not happen (ProjectIgnis ocgcore: EFFECT_CANNOT_SPECIAL_SUMMON makes the card not
    summonable by that player; the effect that would Summon it does nothing to it)."""
    for _src, lock in ctx.ask(Hook.SPECIAL_SUMMON_LOCK):
        if isinstance(lock, SummonLock) and by in lock.players and index in lock.cards:
            return True
    return False


def effect_damage_taker(ctx: Context, player: Player, by: Player | None) -> Player:
    """Who takes the effect damage `player` would take from a card effect controlled by `by` (None: not known): their
    opponent, while a redirection applies to it (`Hook.EFFECT_DAMAGE_REDIRECT`: Extra Veiler); applied once (two
    redirections do not send it back)."""
    for _src, redirect in ctx.ask(Hook.EFFECT_DAMAGE_REDIRECT):
        if isinstance(redirect, DamageRedirect) and redirect.player is player and (
            redirect.from_player is None or redirect.from_player is by
        ):
            return opponent_of(player)
    return player

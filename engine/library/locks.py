"""Lasting restrictions (rules spec §U.17): "you cannot Special Summon monsters, except ..." and "your opponent
takes any effect damage you would have taken from their card effects, instead", as continuous kinds of a card
(`special_summon_lock`, `effect_damage_redirect`) and as operations whose effect lasts after they resolve (ops of the
same names, with `until`: a `Lingering` with no card, asked like a card's continuous effect, as `lasting_effect`'s)."""

from __future__ import annotations

from typing import Any, Final

from engine import actions
from engine.effects import Context, DamageRedirect, Effect, EffectKind, EffectType, Hook, Lingering, Source, SummonLock
from engine.library.continuous import OnlyIf
from engine.library.filters import matches
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import opponent_of
from engine.values.params import Params

__all__ = ["LOCK_OPS", "LOCK_TYPES", "lasting_op"]


def _summon_lock(ctx: Context, src: Source) -> SummonLock:
    """The players it names cannot Special Summon any monster but those its `except` filter matches."""
    p = src.effect.params
    players = tuple(ctx.players_of(src, str(p.get("player", "controller"))))
    flt = p.get("except")
    cards = tuple(
        i
        for i, c in enumerate(ctx.state.cards)
        if c.is_monster and (flt is None or not matches(ctx, i, flt, plain=True))
    )
    return SummonLock(players, cards)


def _damage_redirect(ctx: Context, src: Source) -> DamageRedirect:
    """The effect damage its player would take (from the opponent's card effects, or any) goes to their opponent."""
    p = src.effect.params
    player = ctx.player_of(str(p.get("player", "controller")), src)
    from_opponent = p.get("from", "opponent_effects") == "opponent_effects"
    return DamageRedirect(player, opponent_of(player) if from_opponent else None)


def lasting_op(kind: str) -> Any:
    """The op of a kind: its effect lasts from now until `until` (default `end_of_turn`), as its controller sees it."""

    def op_(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        params = {k: v for k, v in op.items() if k not in ("op", "until") and v is not None}
        until = str(op.get("until") or "end_of_turn")
        actions.add_lingering(ctx, Lingering(Effect(kind, EffectKind.CONTINUOUS, params=params), src.controller,
                                             None, None, until))  # fmt: skip
        ctx.emit(EventType.LINK_RESOLVED, "effect", player=src.controller,
                 detail=f"{kind.replace('_', ' ')} until {until.replace('_', ' ')}")  # fmt: skip

    return op_


LOCK_OPS: Final = {"special_summon_lock": lasting_op("special_summon_lock"),
                   "effect_damage_redirect": lasting_op("effect_damage_redirect")}  # fmt: skip
LOCK_TYPES: Final = [
    EffectType("special_summon_lock", hooks={Hook.SPECIAL_SUMMON_LOCK: OnlyIf(_summon_lock)}),
    EffectType("effect_damage_redirect", hooks={Hook.EFFECT_DAMAGE_REDIRECT: OnlyIf(_damage_redirect)}),
]

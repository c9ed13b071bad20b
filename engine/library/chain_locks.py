"""Chain locks (rules spec §U.27): "your opponent cannot activate cards or effects in response to the activation of
your 'Crusadia' monster effects this turn", as a continuous kind of a card (`chain_lock`) and as an operation whose
effect lasts after it resolves (op `chain_lock`, with `until`: a `Lingering` with no card, asked like a card's
continuous effect, as `engine.library.locks`' are). The rule reads it where every activation lock is read
(`engine.rules.legality.activation_lock_problem`): on top of such an activation, the locked player activates nothing."""

from __future__ import annotations

from typing import Final

from engine.effects import ActivationLock, Context, EffectType, Hook, Source
from engine.library.continuous import OnlyIf
from engine.library.filters import matches
from engine.library.locks import lasting_op

__all__ = ["CHAIN_LOCK_OPS", "CHAIN_LOCK_TYPES"]


def _chain_lock(ctx: Context, src: Source) -> ActivationLock:
    """The locked player (`player`, default the opponent) cannot respond to the activation, by this effect's
    controller, of a monster effect of a card its `filter` matches (any monster card, without one)."""
    p = src.effect.params
    flt = p.get("filter")
    cards = tuple(i for i, c in enumerate(ctx.state.cards) if c.is_monster and (flt is None or matches(ctx, i, flt)))
    rel = str(p.get("player", "opponent"))
    locked = None if rel == "both" else ctx.player_of(rel, src)  # (None: every player, as the lock reads it)
    return ActivationLock(traps=False, spells=False, player=locked, responding_to=cards, owner=src.controller)


CHAIN_LOCK_OPS: Final = {"chain_lock": lasting_op("chain_lock")}
CHAIN_LOCK_TYPES: Final = [EffectType("chain_lock", hooks={Hook.ACTIVATION_LOCK: OnlyIf(_chain_lock)})]

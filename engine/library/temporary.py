"""Cards banished for a while (rules spec §U.25): "banish it until the End Phase", "it is removed from play at the end
of the Damage Step and returned to your side of the field in face-up Attack Position at the beginning of your next
turn's Battle Phase" (Rallis the Star Bird). The card is banished now; at that moment, with no chain, it returns to
the field of the player who controlled it, if it is still the card that was banished (ocgcore: REASON_TEMPORARY and
`Duel.ReturnToField`, a continuous effect on EVENT_PHASE, ProjectIgnis/CardScripts c41382147). Returning is not a
Summon. With no Main Monster Zone free it goes to the Graveyard (ocgcore's ReturnToField)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine import actions
from engine.effects import Context, Effect, EffectKind, EffectType, Hook, Lingering, Params, Source
from engine.library.targets import card_for
from engine.rules.tokens import free_main_monster_zones
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import Location, Phase, Player, Position, is_on_field

__all__ = ["RETURNS", "TEMPORARY_TYPES", "banish_for_a_while", "with_return"]

OpHandler = Callable[[Context, Source, ChainLink, Params], None]

# When a card banished for a while comes back: the End Step of this Battle Phase ("until the end of the Battle Phase"),
# this turn's End Phase ("until the End Phase"), or the Start Step of its controller's next Battle Phase.
# "Until your next Standby Phase": as the Standby Phase of the next turn of the effect's controller begins (§U.31).
RETURNS: Final = ("end_step", "end_phase", "next_own_battle_phase", "next_own_standby_phase")
RETURN_TYPE: Final = "return_from_banishment"


def banish_for_a_while(ctx: Context, src: Source, index: int, returns: str, position: str | None = None) -> bool:
    """Banish a monster on the field now, to return it at `returns` (one of RETURNS) in `position` ("attack",
    "defense"; None: the position it had). False, and nothing done, if it is not a monster on the field."""
    if returns not in RETURNS:
        raise ValueError(f"returns must be one of {', '.join(RETURNS)}, got {returns!r}")
    card = ctx.card(index)
    if card.location is not Location.MONSTER_ZONE or card.position is None:
        return False
    was_controller, was_position = card.controller, card.position
    actions.move_card(ctx, index, Location.BANISHED, "effect", detail="banished for a while")
    banished = ctx.card(index)
    if banished.location is not Location.BANISHED:
        return True  # (a Token ceases to exist; a card sent elsewhere instead is not coming back)
    params = {"card": index, "instance": banished.instance, "returns": returns, "turn": ctx.state.turn,
              "to": was_controller.name, "position": position or was_position.value,
              "by": src.controller.name}  # fmt: skip
    eff = Effect(RETURN_TYPE, EffectKind.CONTINUOUS, params=params)
    actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, "permanent"))
    return True


def _due(ctx: Context, p: Params) -> bool:
    s = ctx.state
    if p["returns"] == "next_own_battle_phase":
        return s.phase is Phase.START_STEP and s.turn > int(p["turn"]) and s.turn_player.name == p["to"]
    if p["returns"] == "next_own_standby_phase":  # (a Standby Phase is played when a run asks, §U.31)
        return s.phase is Phase.STANDBY_PHASE and s.turn > int(p["turn"]) and s.turn_player.name == p.get("by")
    return s.phase.value == p["returns"] and s.turn == int(p["turn"])


def return_from_banishment(ctx: Context, src: Source) -> None:
    """`Hook.AT_TIMING`: at its moment, the card banished for a while returns to the field (a new card), face-up in
    the position noted; nothing if it has moved since (it is another card), and the effect ends either way."""
    p = src.effect.params
    index = int(p["card"])
    card = ctx.card(index)
    me = src.effect
    if card.location is not Location.BANISHED or card.instance != int(p["instance"]):
        actions.end_lingering(ctx, lambda ling: ling.effect is me, detail="the banished card is no longer there")
        return
    if not _due(ctx, p):
        return
    actions.end_lingering(ctx, lambda ling: ling.effect is me, detail="a card banished for a while returns")
    to = Player[str(p["to"])]
    if free_main_monster_zones(ctx.state.cards, to) == 0:
        actions.move_card(ctx, index, Location.GRAVEYARD, "return_to_field", detail="no Monster Zone to return to")
        return
    actions.move_card(ctx, index, Location.MONSTER_ZONE, "return_to_field", detail="returned to the field",
                      position=Position(str(p["position"])), controller=to)  # fmt: skip
    ctx.emit(EventType.LINK_RESOLVED, "return_to_field", card=index, player=to, detail="returned to the field")


def with_return(plain: OpHandler) -> OpHandler:
    """The `banish` operation: as before, or with `returns` banished for a while (§U.25)."""

    def banish(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        returns = op.get("returns")
        if returns is None:
            plain(ctx, src, link, op)
            return
        index = card_for(ctx, src, link, op["target"])
        if index is not None and is_on_field(ctx.card(index).location):
            banish_for_a_while(ctx, src, index, str(returns), op.get("return_position"))

    return banish


def _never_asks(effect: Effect) -> bool:
    """Its return asks no player (rules spec §U.30: so the state's entry takes no checkpoint for it)."""
    return False


TEMPORARY_TYPES: Final = [EffectType(RETURN_TYPE, hooks={Hook.AT_TIMING: return_from_banishment}, may_ask=_never_asks)]

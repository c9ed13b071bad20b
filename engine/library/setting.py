"""Setting a Spell/Trap Card by an effect (rules spec §U.23): "You can Set this card, but banish it when it leaves the
field" (The Ice-Bound God, from the Graveyard), "target 1 Trap in your GY; Set it". The card goes face-down to a free
Spell & Trap Zone of the effect's controller; a Trap (or a Quick-Play Spell) Set so is not activated this turn
(`engine.rules.cards.set_this_turn_problem`); with `banish_when_leaves`, wherever it would go from the field it is
banished instead (`engine.rules.leaving`)."""

from __future__ import annotations

from typing import Final

from engine import actions
from engine.effects import Context, EffectType, Lingering, Params, Source, TriggerEvent
from engine.library.targets import card_for
from engine.rules.leaving import BANISH_WHEN_LEAVING
from engine.state import ChainLink, write_set
from engine.values.events import EventType
from engine.values.game import CardType, Location, Property

TYPES: Final = [EffectType(BANISH_WHEN_LEAVING.type)]  # a marker read by `actions.move_card`, no hook
# The Spell & Trap Zones a player has (the Field Zone apart: rules spec §C.1)
_ZONES: Final = 5


def _free_zone(ctx: Context, src: Source) -> bool:
    taken = sum(1 for c in ctx.state.cards if c.location is Location.SPELL_TRAP_ZONE and c.controller is src.controller
                and c.card_property is not Property.FIELD)  # fmt: skip
    return taken < _ZONES


def spell_trap_set(ctx: Context, index: int) -> None:
    """A Spell/Trap was Set face-down in a Spell & Trap Zone ("if either player Sets a Spell/Trap on your field",
    rules spec §U.28): its triggers, whose `about` says whose field, if any is indexed for it (most duels have none).
    An effect Sets it as it resolves, in a window."""
    event = TriggerEvent.SPELL_TRAP_SET
    if (ctx.index.triggers[event] or event in ctx.index.timed_events) and ctx.state.window is not None:
        actions.raise_event(ctx, event, (index,))


def set_spell_trap(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Set the Spell/Trap the operation names (default this card) from the hand or the Graveyard, face-down in its
    controller's Spell & Trap Zone; nothing if it is not such a card there, or no zone is free (a Field Spell goes to
    the Field Zone, which this does not do)."""
    index = card_for(ctx, src, link, str(op.get("target", "self")))
    if index is None:
        return
    card = ctx.card(index)
    if card.card_type is CardType.MONSTER or card.card_property is Property.FIELD:
        return
    if card.location not in (Location.HAND, Location.GRAVEYARD) or not _free_zone(ctx, src):
        return
    actions.move_card(ctx, index, Location.SPELL_TRAP_ZONE, "effect", detail="Set", controller=src.controller)
    write_set(ctx.state, index, ctx.state.turn)
    spell_trap_set(ctx, index)
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=index, player=src.controller, detail="Set face-down")
    if op.get("banish_when_leaves"):
        now = ctx.card(index)
        actions.add_lingering(ctx, Lingering(BANISH_WHEN_LEAVING, src.controller, index, now.instance,
                                             "permanent"))  # fmt: skip

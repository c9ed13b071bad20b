"""What an event of a card carries (rules spec §U.24): where the card came from, the turn it came, and whose card
effect moved it ("Special Summoned from the GY", "added from the Main Deck", "destroyed by a Spell effect", "leaves
the field because of an opponent's card effect", "Special Summoned by the effect of an 'Evoltile' monster"); and its
battle position before a change ("when the battle position of a monster is changed": Attack to Defense or back).

The cause is the card effect that was resolving when the card moved (its chain link), or the effect that destroyed
it (`actions.destroy`'s `by`); a move by the rules, by battle, or as a cost has none (ProjectIgnis ocgcore: the
reason effect `re` of EVENT_SPSUMMON_SUCCESS, EVENT_DESTROYED, EVENT_TO_HAND..., set by the resolving effect)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.effects import Context, Source
from engine.state import Arrival, Card, GameState, as_cause
from engine.values.game import Location, Player, Position

# The rules (`actions.move_card`'s `rule`) of a move made by a card effect: the resolving link's effect is its cause.
EFFECT_RULES: Final = frozenset({"effect"})
# Where a card can have come from, as `Arrival.came_from` says it and a trigger's `event_from` names it; the
# Pendulum Zones are Spell & Trap Zones too, and "field" is any zone of the field.
ORIGINS: Final = ("hand", "deck", "extra_deck", "graveyard", "banished", "monster_zone", "spell_trap_zone",
                  "pendulum_zone", "field_zone", "field")  # fmt: skip
_FIELD: Final = frozenset({"monster_zone", "spell_trap_zone", "pendulum_zone", "field_zone"})


def origin(card: Card) -> str:
    """The zone word of where `card` is (before it moves)."""
    if card.location is Location.SPELL_TRAP_ZONE and card.in_pendulum_zone:
        return "pendulum_zone"
    return card.location.value


def arrival(ctx: Context, was: Card, rule: str, by: Source | None = None) -> Arrival:
    """How a card that was `was` arrives where it goes now: from there, this turn, and caused by `by` (the effect
    that destroys it) or, for a move by a card effect, by the chain link resolving now (none otherwise)."""
    cause: tuple[Player, Card] | None = None
    if by is not None:
        cause = (by.controller, as_cause(ctx.card(by.card)))
    elif rule in EFFECT_RULES:
        w = ctx.state.window
        if w is not None and 0 <= w.resolving < len(w.chain):
            link = w.chain[w.resolving]
            cause = (link.player, as_cause(ctx.card(link.card)))
    elif rule == "self_destroy_deferred":  # its own continuous effect ("if ..., destroy this card")
        cause = (was.controller, as_cause(was))
    return Arrival(origin(was), ctx.state.turn, *(cause or (None, None)))


def came_from(card: Card, places: Iterable[str]) -> bool:
    """The card's last move was from one of `places` (`ORIGINS`: a Pendulum Zone is a Spell & Trap Zone too)."""
    a = card.details.arrival
    return a is not None and a.came_from in origins_named(places)


def origins_named(places: Iterable[str]) -> frozenset[str]:
    """The zone words `places` name: a Spell & Trap Zone includes the Pendulum Zones, "field" every zone of it."""
    out = set(places)
    if "spell_trap_zone" in out:
        out.add("pendulum_zone")
    if "field" in out:
        out |= _FIELD
    return frozenset(out)


def activated_from(ctx: Context, index: int) -> str:
    """Where the card's latest activation in the open window was made (its chain link's `activated_from`), "" if
    none: "a monster effect is activated in the GY" (§U.24; ocgcore CHAININFO_TRIGGERING_LOCATION)."""
    w = ctx.state.window
    if w is not None:
        for link in reversed(w.chain):
            if link.card == index:
                return link.activated_from
    return ""


def cause_of(card: Card) -> tuple[Player, Card] | None:
    """Whose card effect moved the card last, and that card as it was then (None: not a card effect)."""
    a = card.details.arrival
    return None if a is None or a.by is None or a.by_card is None else (a.by, a.by_card)


def battle_position_changed(card: Card) -> bool:
    """Its last change of position changed its battle position: Attack to Defense Position or back (a face-down
    monster flipped face-up in Defense Position, or a face-up one turned face-down, keeps its battle position)."""
    was = card.details.position_before
    now = card.position
    return was is not None and now is not None and (was is Position.ATTACK) is not (now is Position.ATTACK)


def arrived_this_turn(state: GameState, index: int) -> bool:
    """The card came to where it is this turn ("except the turn this card was sent to the GY": a card in the
    Graveyard since before the scenario began did not)."""
    a = state.cards[index].details.arrival
    return a is not None and a.turn == state.turn

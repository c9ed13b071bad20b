"""Counters of a kind on a card (rules spec §U.26): "place 1 A-Counter on it", "for each A-Counter on them". Kept in
`CardDetails.named_counters` by name; placed on face-up cards on the field only, lost when the card moves or is turned
face-down (as `Card.counters`, §C.5: `actions.face_down_reset`)."""

from __future__ import annotations

import attrs

from engine.effects import Context
from engine.state import Card, write_details
from engine.values.events import EventType


def set_named_counters(ctx: Context, index: int, name: str, count: int, rule: str = "counters") -> None:
    """Counters of a kind (`name`: "A-Counter") on a card (§U.26): placed on a face-up card on the field only."""
    card = ctx.card(index)
    count = max(0, count) if card.face_up_on_field or count == 0 else 0
    have = dict(card.details.named_counters)
    if have.get(name, 0) == count:
        return
    have[name] = count
    named = tuple((k, v) for k, v in have.items() if v)
    write_details(ctx.state, index, attrs.evolve(card.details, named_counters=named))
    ctx.emit(EventType.COUNTERS_CHANGED, rule, card=index, amount=count, detail=name)


def named_counter(card: Card, name: str) -> int:
    """How many counters of a kind (`name`) a card has (§U.26)."""
    for k, v in card.details.named_counters:
        if k == name:
            return v
    return 0

"""What a trigger (or an activated effect's timing) asks of its event's card beyond whose it is (rules spec §U.24):
where the card came from (`event_from`), whose card effect moved it and what card that was (`caused_by`), and
whether a change of position changed its battle position (`position_change`). The same keys on `trigger` and on
`activated` with `on`; the library reads them (`engine.library.conditions.event_carries`)."""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from msgspec import UNSET, Meta, UnsetType

from engine.format.conditions import FilterWire
from engine.format.errors import Invalid
from engine.format.vocabulary import MAX_COUNT, Wire, default, doc, optional

Origin = Literal["hand", "deck", "extra_deck", "graveyard", "banished", "monster_zone", "spell_trap_zone",
                 "pendulum_zone", "field_zone", "field"]  # fmt: skip


class CausedByWire(Wire):
    """The card effect that moved the event's card ("destroyed by a Spell effect", "Special Summoned by the effect of
    an 'Evoltile' monster", "because of an opponent's card effect"): the event must have been caused by a card
    effect as it resolved (not by battle, a cost, or the rules), and every key given must hold."""

    player: Annotated[
        Literal["own", "opponent", "any"], doc("whose effect it was, as this effect's controller sees it (default any)")
    ] = "any"
    filter: Annotated[
        FilterWire | UnsetType, doc("the card whose effect it was, as it was then, matches this (\"a Spell effect\": "
                                    "{\"card_type\": \"spell\"}; \"an 'Evoltile' monster\")")
    ] = UNSET


class PickWire(Wire):
    """Cards on the field an operation's controller picks as it resolves, without targeting them ("destroy 1 card on
    the field", "destroy 1 Spell/Trap your opponent controls")."""

    player: Annotated[Literal["both", "controller", "opponent"], doc("whose cards (default both)")] = "both"
    zone: Annotated[Literal["field", "monster_zone", "spell_trap_zone"],
                    doc("where (default field; spell_trap_zone includes the Field Zone)")] = "field"
    filter: Annotated[FilterWire | UnsetType, doc("only cards that match")] = UNSET
    count: Annotated[int, Meta(ge=1, le=MAX_COUNT), doc("how many (as many as there are, if fewer)")] = 1
    other_than_self: Annotated[bool, doc("not this card")] = False


EVENT_KEYS: Final[dict[str, Any]] = {
    "event_from": optional(Annotated[tuple[Origin, ...], Meta(min_length=1)],
                           "the event's card came from one of these places (\"Special Summoned from the GY\": "
                           "[\"graveyard\"]; \"a card in your Pendulum Zone is destroyed\": [\"pendulum_zone\"]; a "
                           "Pendulum Zone is a spell_trap_zone too, and field is any zone of the field)"),
    "caused_by": optional(CausedByWire, "the card effect that moved the event's card, as it resolved"),
    "position_change": optional(
        Literal["battle_position"], "with on: position_changed: battle_position: only a change between Attack and "
        "Defense Position (a face-down monster flipped face-up in Defense Position is not one)"),
}  # fmt: skip
# Continuous kinds of rules spec §U.24, merged into the format's kinds (`engine.format.effects.EFFECT_KINDS`).
EVENT_KINDS: Final[dict[str, dict[str, Any]]] = {
    "name_becomes": {
        "name": Annotated[str, Meta(min_length=1, max_length=200), doc("the name it has instead (\"This card's name "
                                                                        "becomes 'Aleister the Invoker'\")")],
        "also_in": optional(Annotated[tuple[Literal["graveyard", "banished", "hand", "deck", "extra_deck"], ...],
                                      Meta(min_length=1)],
                            "besides on the field (face-up, its effects not negated): also there (\"while on the "
                            "field or in the GY\": [\"graveyard\"])"),
        "on_field": default(bool, True, "false: not on the field, only where also_in says (\"while in the GY\")"),
    },
    "negates_activated_effects": {
        "player": default(Literal["opponent", "controller", "both"], "opponent", "whose activations"),
        "filter": optional(FilterWire, "of a card that matches this, as it is when the effect resolves (\"monsters\": "
                           "{\"card_type\": \"monster\"})"),
        "activated_from": optional(Annotated[tuple[Origin, ...], Meta(min_length=1)],
                                   "activated from one of these places (\"banished monsters\": [\"banished\"])"),
    },
}
# The events of a card that moved, which carry where it came from and why (`actions.move_card`).
MOVE_EVENTS: Final = frozenset({
    "special_summoned", "summoned_from_extra_deck", "destroyed", "sent_to_graveyard", "destroyed_and_sent_to_graveyard",
    "returned_to_hand", "added_to_hand", "drawn", "tributed", "left_field",
})  # fmt: skip


def check_event_keys(params: Any, at: tuple[str | int, ...]) -> None:
    """Refuse an event key the effect's event does not carry, naming the key and the events that carry it."""
    on = params.get("on")
    event = getattr(on, "value", on)
    if params.get("event_from") is not None and event not in MOVE_EVENTS and event != "effect_activated":
        raise Invalid(f"event_from is read of an event of a card that moved ({', '.join(sorted(MOVE_EVENTS))}) or "
                      f"of effect_activated (where it was activated); on is {event}", *at, "event_from")  # fmt: skip
    if params.get("caused_by") is not None and event not in MOVE_EVENTS:
        raise Invalid(f"caused_by is read of an event of a card that moved ({', '.join(sorted(MOVE_EVENTS))}); "
                      f"on is {event}", *at, "caused_by")  # fmt: skip
    if params.get("once_per_turn_group") is not None and params.get("once_per_turn") is None:
        raise Invalid("once_per_turn_group shares the count once_per_turn makes: give once_per_turn too", *at,
                      "once_per_turn_group")  # fmt: skip
    if params.get("uses_per_turn") is not None and params.get("once_per_turn") is None:
        raise Invalid("uses_per_turn counts the uses once_per_turn counts: give once_per_turn too", *at,
                      "uses_per_turn")  # fmt: skip
    if params.get("position_change") is not None and event != "position_changed":
        raise Invalid(f"position_change is read of the event position_changed; on is {event}", *at, "position_change")

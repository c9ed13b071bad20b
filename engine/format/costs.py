"""Costs (``cost``, paid on activation) and what a destruction replacement does ``instead``: the same
payments, read into the frozen :class:`Cost`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, UnsetType

from engine.format.conditions import FilterWire, StatOfWire
from engine.format.vocabulary import Amount, CardRef, Count, Wire, doc, mapping


class PaymentWire(Wire):
    lp: Amount = 0
    lp_equal_to: Annotated[StatOfWire | UnsetType, doc("pay LP equal to this value (\"pay LP equal to the difference "
                                                     "in ATK\": Prideful Roar), besides any `lp`")] = UNSET
    send_self_to_graveyard: bool = False
    discard: Annotated[Count, doc("discard this many other cards from the hand")] = 0
    tribute: Annotated[Count, doc("Tribute this many monsters you control, other than this card")] = 0
    tribute_self: Annotated[bool, doc("Tribute this card (a monster on the field): \"if a monster is Tributed\" "
                                      "triggers")] = False
    pay_with: Annotated[
        tuple[CardRef, ...], doc("the scripted answer: the cards that pay discard/tribute/banish_from_graveyard/"
                                 "return_to_deck_from_graveyard first, in this order; without it (or for what it "
                                 "leaves) the activating player picks as the effect is activated (a choice's "
                                 "`answers`: `pick`), rules spec §U.21")
    ] = ()
    send_from_hand: Annotated[Count, doc("send this many other cards from the hand to the Graveyard (not a discard: "
                                         "\"send 1 card from your hand to the GY\"), picked by the activating "
                                         "player (rules spec §U.21)")] = 0
    hand_filter: Annotated[FilterWire | UnsetType, doc("with discard/send_from_hand: only hand cards that match this "
                                                       "filter can pay (\"discard 1 Spell\"); unnamed hand cards "
                                                       "then cannot")] = UNSET
    send_from_deck: Annotated[Count, doc("send this many cards from the Deck to the Graveyard (\"send 1 Zombie monster "
                                         "from your Deck to the GY\"), picked by the activating player among those "
                                         "that match deck_filter (rules spec §U.23)")] = 0
    deck_filter: Annotated[FilterWire | UnsetType, doc("with send_from_deck: only Deck cards that match this filter "
                                                       "can pay")] = UNSET
    lp_multiple_of: Annotated[Amount, doc("pay LP in multiples of this, the activating player choosing how many times "
                                         "(a choice's `answers`: `number`), besides any `lp` (rules spec §U.21)")] = 0
    lp_max: Annotated[Amount, doc("with lp_multiple_of: the most LP it can pay (\"max. 2000\"); 0: no maximum but "
                                 "the player's LP")] = 0
    detach: Annotated[Count, doc("detach this many Xyz Materials from this card (on an equip: its monster)")] = 0
    remove_counters: Annotated[Count, doc("remove this many counters from this card")] = 0
    banish_self: Annotated[bool, doc("banish this card (from the hand, the field or the Graveyard)")] = False
    banish_from_graveyard: Annotated[Count, doc("banish this many other cards from your Graveyard (pay_with "
                                                  "first)")] = 0
    return_self_to_deck: Annotated[bool, doc("return this card to the Deck (an Extra Deck monster: to the Extra "
                                             "Deck), from the hand, the field, the Graveyard or banished")] = False
    return_to_deck_from_graveyard: Annotated[Count, doc("return this many other cards from your Graveyard to the "
                                                        "Deck (pay_with first)")] = 0


class CostWire(PaymentWire):
    """Paid on activation; the keys combine."""

    discard_self: bool = False


class InsteadWire(PaymentWire):
    """What a destruction replacement does instead ("you can <do this> instead"): the cost keys, the
    destruction of another face-up monster its controller controls (The Six Samurai), or detaching all its
    Xyz Materials (Number 102: Star Seraph Sentry)."""

    detach_all: Annotated[bool, doc("detach all Xyz Materials of the monster it protects (at least 1)")] = False
    destroy_self: Annotated[bool, doc("destroy this card (an Equip: the Equip Card itself) instead")] = False

    destroy_other: Annotated[
        FilterWire | UnsetType, doc("destroy another face-up monster you control that matches this filter")
    ] = UNSET
    destroy_card: Annotated[
        FilterWire | UnsetType, doc("destroy another card you control, of any card type, face-up or face-down, that "
                                    "matches this filter ({} : \"1 card you control\"; card_type: \"1 Spell\")")
    ] = UNSET


class Cost(msgspec.Struct, frozen=True):
    lp: int = 0
    lp_equal_to: Mapping[str, Any] | None = None  # a value (StatOfWire) paid in LP, besides `lp`
    discard_self: bool = False
    send_self_to_graveyard: bool = False
    discard: int = 0  # other cards from the hand
    tribute: int = 0  # monsters the player controls, other than this card
    tribute_self: bool = False  # this card, a monster on the field
    pay_with: tuple[str, ...] = ()  # the cards the player picks first for discard / tribute
    detach: int = 0  # Xyz Materials of this card (on an equip: its monster)
    remove_counters: int = 0  # counters on this card
    banish_self: bool = False
    banish_from_graveyard: int = 0  # other cards of the player's Graveyard
    return_self_to_deck: bool = False
    return_to_deck_from_graveyard: int = 0  # other cards of the player's Graveyard
    send_from_hand: int = 0  # other cards of the hand sent to the Graveyard (not discarded), the player's pick
    hand_filter: Mapping[str, Any] | None = None  # the hand cards that can pay discard / send_from_hand
    send_from_deck: int = 0  # cards of the Deck sent to the Graveyard, the player's pick (§U.23)
    deck_filter: Mapping[str, Any] | None = None  # the Deck cards that can pay send_from_deck
    lp_multiple_of: int = 0  # LP paid in multiples of this, the player choosing how many (§U.21)
    lp_max: int = 0  # the most LP paid in multiples (0: the player's LP)


def cost_spec(c: CostWire) -> Cost:
    """A checked cost as the frozen value (an object among its keys as a mapping; a key left out as its default)."""
    given: dict[str, Any] = {k: mapping(v) if isinstance(v, Wire) else v
                             for k, v in msgspec.structs.asdict(c).items() if v is not UNSET}  # fmt: skip
    return Cost(**given)

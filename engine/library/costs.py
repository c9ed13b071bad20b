"""What a player gives up: an activation's cost, and what a destruction replacement does instead.

One place for both, because the rules treat them alike: either can be done in full or not at all (an effect
whose cost cannot be paid cannot be activated; a replacement that cannot be carried out cannot be chosen), and
the cards given up go where the text says -- Tributed and discarded cards are sent to the Graveyard (they are
not "destroyed"), a "destroy another monster instead" destroys it by the replacement effect.

A cost is a mapping (the scenario format's ``cost``, or a replacement's ``instead``): ``lp``; ``discard_self``
and ``send_self_to_graveyard`` (this card); ``discard`` (N other cards from the hand) and ``tribute`` (N
monsters its controller controls, other than this card); ``destroy_other`` (a monster filter: destroy one other
face-up monster its controller controls that matches it); ``detach_all`` (every Xyz Material of the monster it
protects, at least one); ``pay_with`` (card ids: the cards the player picks
first for ``discard``, ``tribute`` and ``destroy_other``).

The format has no decision for *which* cards pay, so the choice is deterministic: the ``pay_with`` cards first
(those that can pay), then -- for ``discard`` -- the unnamed cards of the hand (``PlayerState.hand_filler``:
they carry no effect, so giving them up changes nothing else), then the listed hand cards in ``cards`` order;
for ``tribute`` and ``destroy_other``, monsters not in this battle before the battling ones, in ``cards``
order. Monsters determined destroyed by battle cannot pay the cost of an optional effect (rules spec §1.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import actions
from engine.effects import Context, Source
from engine.library.cost_choices import choose_lp, lp_choices, pick_payment
from engine.library.filters import matches
from engine.library.refs import value_of
from engine.rules.cards import counters_problem
from engine.state import Card, write_hand_filler, write_materials
from engine.values.events import EventType
from engine.values.game import Location, Position, is_on_field


def _by_id(ctx: Context, ids: Any) -> list[int]:
    wanted = list(ids or ())
    index = {c.id: i for i, c in enumerate(ctx.state.cards)}
    return [index[x] for x in wanted if x in index]


def _ordered(ctx: Context, cost: Mapping[str, Any], eligible: list[int]) -> list[int]:
    """`eligible` cards in the order the player gives them up: `pay_with` first, then as they are."""
    first = [i for i in _by_id(ctx, cost.get("pay_with")) if i in eligible]
    return first + [i for i in eligible if i not in first]


def hand_cards(ctx: Context, src: Source, flt: Mapping[str, Any] | None = None) -> list[int]:
    """The listed cards in the hand of the effect's controller that it may discard or send (never this card; with a
    filter, those that match it: "discard 1 Spell")."""
    return [
        i
        for i, c in enumerate(ctx.state.cards)
        if c.location is Location.HAND and c.owner is src.controller and i != src.card
        and (flt is None or matches(ctx, i, flt))
    ]


def _unnamed(ctx: Context, src: Source, cost: Mapping[str, Any]) -> int:
    """The unnamed cards of the hand that can pay a hand cost: none if the cost names what kind of card pays."""
    return 0 if cost.get("hand_filter") is not None else ctx.state.players[src.controller].hand_filler


def tributes(ctx: Context, src: Source) -> list[int]:
    """Monsters the controller could Tribute for this cost, in the order they are picked: face-up or
    face-down, never this card, never one determined destroyed by battle for an optional effect (§1.6)."""
    b = ctx.state.battle
    cards = [
        i
        for i, c in enumerate(ctx.state.cards)
        if c.location is Location.MONSTER_ZONE
        and c.controller is src.controller
        and i not in (src.card, src.host)
        and not (c.battle_destroyed and src.effect.optional)
    ]
    return sorted(cards, key=lambda i: i in (b.attacker, b.target))


def substitutes(ctx: Context, src: Source, flt: Mapping[str, Any]) -> list[int]:
    """Other face-up monsters the controller controls that a "destroy another ... instead" can destroy: not
    a battling monster (one that would be destroyed by the same battle cannot stand in for another)."""
    b = ctx.state.battle
    return [
        i
        for i, c in enumerate(ctx.state.cards)
        if c.location is Location.MONSTER_ZONE
        and c.controller is src.controller
        and c.position is not Position.SET
        and not c.battle_destroyed
        and i not in (src.card, src.host, b.attacker, b.target)
        and matches(ctx, i, flt)
    ]


def cards_to_destroy(ctx: Context, src: Source, flt: Mapping[str, Any]) -> list[int]:
    """Other cards on the controller's field, of any card type, face-up or face-down, that "destroy 1 (other) card
    you control instead" can destroy (`destroy_card`: a filter, `card_type` among its keys; §U.15): never this card,
    the monster it protects, nor a battling monster (one the same battle would destroy)."""
    b = ctx.state.battle
    return [
        i
        for i, c in enumerate(ctx.state.cards)
        if is_on_field(c.location)
        and c.controller is src.controller
        and not c.battle_destroyed
        and i not in (src.card, src.host, b.attacker, b.target)
        and matches(ctx, i, flt)
    ]


def lp_of(ctx: Context, src: Source, cost: Mapping[str, Any]) -> int:
    """The LP a cost pays: `lp`, plus a value (`lp_equal_to`: "pay LP equal to the difference in ATK")."""
    lp = int(cost.get("lp") or 0)
    if cost.get("lp_equal_to") is not None:
        lp += value_of(ctx, src, cost["lp_equal_to"])
    return lp


def deck_cards(ctx: Context, src: Source, flt: Mapping[str, Any] | None = None) -> list[int]:
    """The cards of the effect's controller's Deck that match `flt` ("send 1 Zombie monster from your Deck to the GY"
    as a cost, rules spec §U.23), in card order."""
    return [i for i, c in enumerate(ctx.state.cards)
            if c.location is Location.DECK and c.owner is src.controller and (flt is None or matches(ctx, i, flt))]


def graveyard_cards(ctx: Context, src: Source) -> list[int]:
    """The other cards in the effect's controller's Graveyard, in card order."""
    return [i for i, c in enumerate(ctx.state.cards)
            if c.location is Location.GRAVEYARD and c.owner is src.controller and i != src.card]  # fmt: skip


def problem(ctx: Context, src: Source, cost: Mapping[str, Any]) -> str | None:
    """Why this cost cannot be paid in full now (None if it can)."""
    if not cost:
        return None  # most effects have none
    card = ctx.card(src.card)
    player = src.controller
    lp = lp_of(ctx, src, cost)
    if lp and lp > ctx.state.players[player].lp:
        return f"{player.name} cannot pay {lp} LP"
    if cost.get("lp_multiple_of") and not lp_choices(ctx, src, cost):
        return f"{player.name} cannot pay {cost['lp_multiple_of']} LP"
    if cost.get("discard_self") and card.location is not Location.HAND:
        return f"{card.name} must be in the hand to be discarded"
    uses_self = cost.get("send_self_to_graveyard") or cost.get("discard_self") or cost.get("tribute_self")
    if cost.get("tribute_self") and card.location is not Location.MONSTER_ZONE:
        return f"{card.name} must be a monster on the field to be Tributed"
    if card.battle_destroyed and src.effect.optional and uses_self:
        return f"{card.name} has been destroyed by battle: it cannot be a cost for an optional effect (§1.6)"
    if cost.get("send_self_to_graveyard") and card.location not in (
        Location.HAND,
        Location.MONSTER_ZONE,
        Location.SPELL_TRAP_ZONE,
    ):
        return f"{card.name} must be in the hand or on the field to be sent to the Graveyard"
    from_hand = int(cost.get("discard", 0)) + int(cost.get("send_from_hand") or 0)
    if from_hand:
        have = len(hand_cards(ctx, src, cost.get("hand_filter"))) + _unnamed(ctx, src, cost)
        if have < from_hand:
            return (f"{player.name} cannot give up {from_hand} card(s) from the hand as the cost: only {have} other "
                    "card(s) there can be")  # fmt: skip
    tribute = int(cost.get("tribute", 0))
    if tribute:
        have = len(tributes(ctx, src))
        if have < tribute:
            return f"{player.name} cannot Tribute {tribute} monster(s) as the cost: only {have} other monster(s) can be"
    if cost.get("destroy_self") and not is_on_field(card.location):
        return f"{card.name} is not on the field: it cannot be destroyed instead"
    flt = cost.get("destroy_other")
    if flt is not None and not substitutes(ctx, src, flt):
        return f"{player.name} controls no other face-up monster that can be destroyed instead"
    flt = cost.get("destroy_card")
    if flt is not None and not cards_to_destroy(ctx, src, flt):
        return f"{player.name} controls no other card that can be destroyed instead"
    if cost.get("detach_all") and not ctx.card(src.host).materials:
        return f"{ctx.card(src.host).name} has no Xyz Material to detach"
    detach = int(cost.get("detach") or 0)
    if detach and ctx.card(src.host).materials < detach:
        host = ctx.card(src.host)
        return f"{host.name} has {host.materials} Xyz Material(s): it cannot detach {detach} as the cost"
    remove = int(cost.get("remove_counters") or 0)
    if remove and (short := counters_problem(card, remove)):
        return f"it cannot remove {remove} counter(s) as the cost: {short}"
    if cost.get("banish_self") and card.location in (Location.BANISHED, Location.DECK, Location.EXTRA_DECK):
        return f"{card.name} must be in the hand, on the field or in the Graveyard to be banished"
    banish = int(cost.get("banish_from_graveyard") or 0)
    if banish and (have := len(graveyard_cards(ctx, src))) < banish:
        return f"{player.name} cannot banish {banish} card(s) from the Graveyard as the cost: only {have} there"
    if cost.get("return_self_to_deck") and card.location in (Location.DECK, Location.EXTRA_DECK):
        return f"{card.name} is already in the Deck"
    from_deck = int(cost.get("send_from_deck") or 0)
    if from_deck and (have := len(deck_cards(ctx, src, cost.get("deck_filter")))) < from_deck:
        return f"{player.name} cannot send {from_deck} card(s) from the Deck as the cost: only {have} there can be"
    back = int(cost.get("return_to_deck_from_graveyard") or 0)
    if back and (have := len(graveyard_cards(ctx, src))) < back:
        return f"{player.name} cannot return {back} card(s) from the Graveyard to the Deck as the cost: {have} there"
    return None


def deck_of(card: Card) -> Location:
    """Where a card returned to the Deck goes: a Fusion, Synchro, Xyz or Link Monster to the Extra Deck."""
    return Location.EXTRA_DECK if card.is_monster and not _EXTRA.isdisjoint(card.abilities) else Location.DECK


_EXTRA = frozenset({"fusion", "synchro", "xyz", "link"})


def pay(ctx: Context, src: Source, cost: Mapping[str, Any]) -> None:
    """Pay the whole cost (checked with `problem` first): LP, then this card, then the chosen cards."""
    if not cost:
        return  # most effects have none
    player = src.controller
    # (the cards in the Graveyard as it is activated: one the same cost sends there cannot also pay from there)
    in_graveyard = graveyard_cards(ctx, src)
    if lp := lp_of(ctx, src, cost) + choose_lp(ctx, src, cost):
        actions.lose_lp(ctx, player, lp, "cost", "cost")
    if cost.get("discard_self") or cost.get("send_self_to_graveyard"):
        actions.send_to_graveyard(ctx, src.card, "cost", detail="cost")
    if cost.get("tribute_self"):
        actions.tribute(ctx, src.card, "cost", detail="Tributed as a cost")
    if discard := int(cost.get("discard", 0)):
        _from_hand(ctx, src, cost, discard, "discard", "discarded as a cost")
    if send := int(cost.get("send_from_hand") or 0):
        _from_hand(ctx, src, cost, send, "send to the Graveyard", "sent from the hand to the Graveyard as a cost")
    if tribute := int(cost.get("tribute", 0)):
        for i in _picked(ctx, src, cost, tributes(ctx, src), tribute, "Tribute"):
            actions.tribute(ctx, i, "cost", detail="Tributed as a cost")
    if cost.get("destroy_self"):
        actions.destroy(ctx, src.card, "destruction_replacement", detail="destroyed instead")
    flt = cost.get("destroy_other")
    if flt is not None:
        chosen = _ordered(ctx, cost, substitutes(ctx, src, flt))[0]
        actions.destroy(ctx, chosen, "destruction_replacement", detail="destroyed instead")
    flt = cost.get("destroy_card")
    if flt is not None:
        chosen = _ordered(ctx, cost, cards_to_destroy(ctx, src, flt))[0]
        actions.destroy(ctx, chosen, "destruction_replacement", detail="destroyed instead")
    if cost.get("detach_all") or cost.get("detach"):
        host = ctx.card(src.host)
        count = host.materials if cost.get("detach_all") else int(cost["detach"])
        write_materials(ctx.state, src.host, host.materials - count)
        ctx.emit(EventType.COST_PAID, "cost", card=src.host, player=player, amount=count,
                 detail=f"detached {count} Xyz Material(s)")  # fmt: skip
    if remove := int(cost.get("remove_counters") or 0):
        actions.set_counters(ctx, src.card, ctx.card(src.card).counters - remove, "cost")
    if banish := int(cost.get("banish_from_graveyard") or 0):
        for i in _picked(ctx, src, cost, _still(ctx, in_graveyard), banish, "banish"):
            actions.move_card(ctx, i, Location.BANISHED, "cost", detail="banished as a cost")
    if cost.get("banish_self"):
        actions.move_card(ctx, src.card, Location.BANISHED, "cost", detail="banished as a cost")
    if from_deck := int(cost.get("send_from_deck") or 0):
        in_deck = deck_cards(ctx, src, cost.get("deck_filter"))
        for i in _picked(ctx, src, cost, in_deck, from_deck, "send from the Deck"):
            actions.send_to_graveyard(ctx, i, "cost", detail="sent from the Deck to the Graveyard as a cost")
    if back := int(cost.get("return_to_deck_from_graveyard") or 0):
        for i in _picked(ctx, src, cost, _still(ctx, in_graveyard), back, "return to the Deck"):
            actions.move_card(ctx, i, deck_of(ctx.card(i)), "cost", detail="returned to the Deck as a cost")
    if cost.get("return_self_to_deck"):
        card = ctx.card(src.card)
        actions.move_card(ctx, src.card, deck_of(card), "cost", detail="returned to the Deck as a cost")


def _still(ctx: Context, cards: list[int]) -> list[int]:
    """Those of `cards` still in the Graveyard (another part of the same cost may have taken one)."""
    return [i for i in cards if ctx.state.cards[i].location is Location.GRAVEYARD]


def _picked(ctx: Context, src: Source, cost: Mapping[str, Any], eligible: list[int], count: int,
            what: str) -> tuple[int, ...]:  # fmt: skip
    """The cards that pay: a card's `pay_with` first (its scripted answer), the rest the player's pick (§U.21)."""
    return pick_payment(ctx, src, eligible, count, what, _by_id(ctx, cost.get("pay_with")))[0]


def _from_hand(ctx: Context, src: Source, cost: Mapping[str, Any], count: int, what: str, detail: str) -> None:
    """Discard or send `count` cards from the hand: `pay_with` first, the rest the player's pick (§U.21), unnamed
    cards of the hand among the ways to pay unless the cost names what kind of card pays (`hand_filter`)."""
    eligible = hand_cards(ctx, src, cost.get("hand_filter"))
    chosen, unnamed = pick_payment(ctx, src, eligible, count, what, _by_id(ctx, cost.get("pay_with")),
                                   _unnamed(ctx, src, cost))  # fmt: skip
    for _ in range(unnamed):
        write_hand_filler(ctx.state, src.controller, ctx.state.players[src.controller].hand_filler - 1)
        ctx.emit(EventType.COST_PAID, "cost", player=src.controller, amount=1, detail=f"{detail}: an unnamed card")
    for i in chosen:
        actions.send_to_graveyard(ctx, i, "cost", detail=detail)

"""References that name several cards, each acted on in turn (rules spec §U.23): the cards an operation just moved,
the monsters this card destroyed by battle this turn, the cards its cost moved.

The cards an operation just moved are named by the operation after it: "Special Summon 1 ... monster from your hand,
and if you do, **it** gains 500 ATK", "send 1 ... monster from your Deck to the GY, and if you do, this card gains ATK
equal to **the sent monster's** Level x 500", "Special Summon 1 ... from your Deck, and if you do, change the attack
target to **it**". The reference `acted_on` (rules spec §U.27) names each card the operation just before it in its
list moved (Special Summoned, sent, added, banished, returned, a Token made): a card moved is a new card for the rules
(its instance changed), so what moved is read from the state, not from what the operation says. `battle_victims`
names the monsters this card destroyed by battle this turn that are still in a Graveyard ("At the end of the Battle
Phase, ...: You can Special Summon them from the GYs to your field": `engine.rules.this_turn.battle_victims`); `paid`
the cards the effect's cost moved as it was activated ("the Level of the monster sent to the GY": its cost's card,
`engine.library.activation_facts.paid_cards`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.effects import Context, Params, Source
from engine.library.activation_facts import PAID, paid_cards
from engine.rules.this_turn import battle_victims
from engine.state import Card

MOVED: Final = "acted_on"
VICTIMS: Final = "battle_victims"
MULTI: Final = (MOVED, VICTIMS, PAID)
# The keys of an operation that name a card (a reference), and those holding a value read from a card (`of`, `minus`).
_REF_KEYS: Final = ("target", "card")
VALUE_KEYS: Final = ("equal_to", "atk_gain_of", "def_gain_of", "set_atk_of", "set_def_of", "add_of", "becomes_of",
                     "count_of")


def moved_since(ctx: Context, before: Sequence[Card]) -> list[int]:
    """The cards that moved since `before` (the cards as they were): each whose instance changed, and each card made
    since (a Token)."""
    now = ctx.state.cards
    out = [i for i, c in enumerate(before) if now[i].instance != c.instance]
    out.extend(range(len(before), len(now)))
    return out


def named(op: Mapping[str, Any]) -> str | None:
    """The reference to several cards the operation names (`acted_on`, `battle_victims`, `paid`), as a card it acts
    on or as the card whose value it reads; None if it names none."""
    for name in MULTI:
        if any(op.get(k) == name for k in _REF_KEYS):
            return name
        if any(isinstance(op.get(k), Mapping) and name in op[k].values() for k in VALUE_KEYS):
            return name
    return None


def each_named(ctx: Context, src: Source, op: Params, moved: Sequence[int]) -> list[Params]:
    """The operation once for each card its reference names (`acted_on`: those the operation before it moved;
    `battle_victims`: those this card destroyed by battle this turn, in a Graveyard), with that card's id in place of
    the reference (ids are unique in a duel's cards); the operation as it is if it names neither; none if the reference
    names no card (then it is not done)."""
    name = named(op)
    if name is None:
        return [op]
    cards = moved if name == MOVED else paid_cards(ctx, src) if name == PAID else battle_victims(ctx.state, src.host)
    out = []
    for index in cards:
        cid = ctx.card(index).id
        one = {k: cid if k in _REF_KEYS and v == name else v for k, v in op.items()}
        for k in VALUE_KEYS:
            if isinstance(op.get(k), Mapping):
                one[k] = Params({part: cid if v == name else v for part, v in op[k].items()})
        out.append(Params(one))
    return out

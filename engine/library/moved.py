"""The cards an operation just moved, named by the operation after it (rules spec §U.23): "Special Summon 1 ...
monster from your hand, and if you do, **it** gains 500 ATK", "send 1 ... monster from your Deck to the GY, and if
you do, this card gains ATK equal to **the sent monster's** Level x 500", "Special Summon 1 ... from your Deck, and if
you do, change the attack target to **it**". The reference `moved` names each card the operation just before it in
its list moved (Special Summoned, sent, added, banished, returned, a Token made): a card moved is a new card for the
rules (its instance changed), so what moved is read from the state, not from what the operation says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.effects import Context, Params
from engine.state import Card

MOVED: Final = "moved"
# The keys of an operation that name a card (a reference), and those holding a value read from a card (`of`, `minus`).
_REF_KEYS: Final = ("target", "card")
VALUE_KEYS: Final = ("equal_to", "atk_gain_of", "def_gain_of", "set_atk_of", "set_def_of", "add_of", "becomes_of")


def moved_since(ctx: Context, before: Sequence[Card]) -> list[int]:
    """The cards that moved since `before` (the cards as they were): each whose instance changed, and each card made
    since (a Token)."""
    now = ctx.state.cards
    out = [i for i, c in enumerate(before) if now[i].instance != c.instance]
    out.extend(range(len(before), len(now)))
    return out


def names_moved(op: Mapping[str, Any]) -> bool:
    """The operation names `moved`: as a card it acts on, or as the card whose value it reads."""
    if any(op.get(k) == MOVED for k in _REF_KEYS):
        return True
    return any(isinstance(op.get(k), Mapping) and MOVED in op[k].values() for k in VALUE_KEYS)


def with_moved(ctx: Context, op: Params, moved: Sequence[int]) -> list[Params]:
    """The operation once for each card `moved` names (its id in place of the reference: ids are unique in a
    duel's cards); none if the operation before it moved nothing (then it is not done)."""
    out = []
    for index in moved:
        cid = ctx.card(index).id
        one = {k: cid if k in _REF_KEYS and v == MOVED else v for k, v in op.items()}
        for k in VALUE_KEYS:
            if isinstance(op.get(k), Mapping):
                one[k] = Params({part: cid if v == MOVED else v for part, v in op[k].items()})
        out.append(Params(one))
    return out

"""The plain-Python floor of the vanilla battle game (issue 39): what `bench.py`'s search-API vanilla game does, written
directly in Python with no engine at all, measured in the same run as the engine's figure.

The same battle (A's 2000 ATK monster attacks B's 1500 ATK monster, both in Attack Position, 8000 LP each), played as
the least a Python program can do that still has a state to start from and steps to go through: a fresh state made
from a prototype (two players' LP, two card records, the battle record), the Damage Step's sub-steps in order through
a dispatch table (start of the step, before, during and after damage calculation, the end of the step), the values
compared, the battle damage, the monster destroyed by battle marked, then sent to the Graveyard at the end of the
step, and the game's result. No rule beyond that is checked (no window, no effect, no legality): it is a floor,
the cost of the Python objects and calls any interpreted engine needs for this battle, not an engine.
"""

from __future__ import annotations

from typing import Final

# A card: (owner, ATK, DEF, in Attack Position, location); the battle: (attacker, target, damage to each player, the
# monsters destroyed by battle). Plain tuples, the cheapest record Python makes.
Card = tuple[int, int, int, bool, str]
Battle = tuple[int, int, tuple[int, int], tuple[int, ...]]
OWNER, ATK, LOCATION = 0, 1, 4


class State:
    __slots__ = ("battle", "cards", "lp", "step")

    def __init__(self, lp: tuple[int, int], cards: tuple[Card, ...], battle: Battle) -> None:
        self.lp = lp
        self.cards = cards
        self.battle = battle
        self.step = 0


PROTOTYPE: Final = State(
    (8000, 8000), ((0, 2000, 1000, True, "monster_zone"), (1, 1500, 1000, True, "monster_zone")), (0, 1, (0, 0), ())
)


def _start(s: State) -> None:
    pass  # (the attack reaches the Damage Step: nothing to flip in this battle)


def _before(s: State) -> None:
    pass


def _calculate(s: State) -> None:
    """Compare the values: Attack Position against Attack Position, the lower ATK is destroyed, its controller takes
    the difference as battle damage."""
    attacker, target = s.battle[0], s.battle[1]
    att, tgt = s.cards[attacker], s.cards[target]
    if att[ATK] > tgt[ATK]:
        diff = att[ATK] - tgt[ATK]
        damage = (diff, 0) if tgt[OWNER] == 0 else (0, diff)
        destroyed: tuple[int, ...] = (target,)
    elif att[ATK] < tgt[ATK]:
        diff = tgt[ATK] - att[ATK]
        damage = (diff, 0) if att[OWNER] == 0 else (0, diff)
        destroyed = (attacker,)
    else:
        damage, destroyed = (0, 0), (attacker, target)
    s.battle = (attacker, target, damage, destroyed)
    s.lp = (max(s.lp[0] - damage[0], 0), max(s.lp[1] - damage[1], 0))


def _after(s: State) -> None:
    pass


def _end(s: State) -> None:
    """The monsters destroyed by battle are sent to the Graveyard."""
    cards = list(s.cards)
    for i in s.battle[3]:
        c = cards[i]
        cards[i] = (c[0], c[1], c[2], c[3], "graveyard")
    s.cards = tuple(cards)


STEPS: Final = (_start, _before, _calculate, _after, _end)


def vanilla_game(proto: State = PROTOTYPE) -> tuple[int, int]:
    """One game from the prototype to its end: the players' LP at the end."""
    s = State(proto.lp, proto.cards, proto.battle)
    for step in STEPS:
        s.step += 1
        step(s)
    return s.lp

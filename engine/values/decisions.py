"""Decisions: the only places where the engine waits, as values.

The engine never reads input. When a player must decide it exposes a `Decision` (who, what
kind, every legal option) and waits; a driver answers with `Duel.decide(option)`, or hands the
duel an agent (`engine.agents`). Options are plain values, so search code can enumerate, hash
and replay them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple, cast

import attr

from engine.values.enums import FastEnum
from engine.values.frozen import Frozen
from engine.values.game import Player, Window


class DecisionKind(FastEnum):
    # activate a fast effect, or pass; in the Battle Step the turn player may also declare an attack
    # (passing there ends the Battle Phase, unless the opponent then acts)
    PRIORITY = "priority"
    TRIGGER = "trigger"  # which of your simultaneous triggered effects goes on the chain next
    REPLAY = "replay"  # after a replay: attack a monster, attack directly, or stop the attack (pass)
    # Decisions while an effect resolves (rules spec §U.16, `engine.resolution`): each option is an `answer_option`
    POSITION = "position"  # the battle position of a monster being Special Summoned
    PICK = "pick"  # pick cards among candidates, without targeting them
    OPTIONAL = "optional"  # "you can ...": do it (the answer) or not (PASS)
    NUMBER = "number"  # a number among allowed values (LP paid in multiples of 100, a declared Level)
    MODE = "mode"  # one of several listed effects, chosen as it resolves
    CHANCE = "chance"  # a coin toss, a die roll, a random pick: no player's choice, each outcome equally likely


# `Option.effect` of an attack declaration: its card attacks; `targets` is the attack target, or () directly.
ATTACK: Final = -2
# `Option.effect` of an answer to a decision made while an effect resolves is ANSWER + the value answered (a position's
# code, a number, a mode, an outcome), `Option.card` the card the answer is about, `Option.targets` the cards picked:
# far above any effect index, so an answer never reads as an activation.
ANSWER: Final = 1000
# The values an answer can carry: 0 .. ANSWER_VALUES - 1 (a number decision asks for a count of its unit: LP "in
# multiples of 100" asks how many hundreds), so that the search API numbers every answer with a fixed range of ids.
ANSWER_VALUES: Final = 128
RESOLUTION_KINDS: Final = frozenset(
    {DecisionKind.POSITION, DecisionKind.PICK, DecisionKind.OPTIONAL, DecisionKind.NUMBER, DecisionKind.MODE,
     DecisionKind.CHANCE}
)
# The code of each battle position a Special Summon can choose (the value of a POSITION answer).
POSITION_CODES: Final = ("attack", "defense", "set")


class Option(NamedTuple):
    """Pass (``card == -1``), activate effect ``effect`` of card ``card`` with ``targets``, or declare
    an attack with card ``card`` (``effect == ATTACK``) on ``targets`` (one monster, or none: a direct
    attack). A named tuple, as `Decision` is (every priority makes some): immutable, hashable,
    compared by value."""

    card: int = -1
    effect: int = -1
    targets: tuple[int, ...] = ()

    @property
    def is_pass(self) -> bool:
        return self.card < 0

    @property
    def is_attack(self) -> bool:
        return self.effect == ATTACK


PASS: Final = Option()


def attack_option(attacker: int, target: int | None) -> Option:
    """The option that declares this attack (`target` None: a direct attack)."""
    return Option(attacker, ATTACK, () if target is None else (target,))


def answer_option(card: int, value: int = 0, picked: tuple[int, ...] = ()) -> Option:
    """The answer `value` (or the cards `picked`) to a decision made while an effect resolves, about `card`."""
    if not 0 <= value < ANSWER_VALUES:
        raise ValueError(f"an answer's value must be 0..{ANSWER_VALUES - 1}, got {value}")
    return Option(card, ANSWER + value, picked)


def answer_value(option: Option) -> int:
    """The value an `answer_option` carries (-1 for PASS: "no")."""
    return option.effect - ANSWER if option.effect >= ANSWER else -1


def malformed(option: object) -> str | None:
    """Why `option` is not even shaped like an answer (None if it is): agents and hosts may
    hand over anything, and a bad value must be refused by name, never crash the engine."""
    if type(option) is not Option:
        return f"an answer must be an engine.Option, got {type(option).__name__} {option!r}"
    # Its fields as they are (compiled, `option.card` would insist on an int and raise TypeError):
    fields = cast("tuple[object, ...]", option)
    if len(fields) != 3:  # (only `tuple.__new__(Option, ...)` makes one)
        return f"an Option has 3 fields (card, effect, targets), got {tuple(fields)!r}"  # (its repr would fail)
    card, effect, targets = fields
    if type(card) is not int:
        return f"Option.card must be an int, got {card!r}"
    if type(effect) is not int:
        return f"Option.effect must be an int, got {effect!r}"
    if type(targets) is not tuple or any(type(t) is not int for t in targets):
        return f"Option.targets must be a tuple of card indexes, got {targets!r}"
    return None


def out_of_range(option: Option, cards: int) -> str | None:
    """Why a well-formed `option` names no card of a duel of `cards` cards (None if every index names one): a
    negative index would silently count from the end, and one past the end would crash a lookup, so both are
    refused here, by the option, before any rule reads them. A negative card is a pass only as `PASS` itself."""
    card, effect, targets = option
    if card < 0:
        return None if effect == -1 and not targets else f"{option} is not an option: pass with PASS"
    if card >= cards:
        return f"{option} names no card {card} (this duel has {cards} cards, 0..{cards - 1})"
    for t in targets:
        if not 0 <= t < cards:
            return f"{option} names no card {t} as its target (this duel has {cards} cards, 0..{cards - 1})"
    return None


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Decision(Frozen):
    """A player must decide: `options` are every legal answer. `cards` names each card of the duel
    (its id, by index: what options refer to), so a decision can say what its options mean alone."""

    player: Player
    kind: DecisionKind
    window: Window
    options: tuple[Option, ...]
    cards: tuple[str, ...]
    # What a decision made while an effect resolves asks, in words ("Battle Fader's effect: the position of
    # Battle Fader"); empty for the others, whose kind says it
    prompt: str
    # A decision made as a COST, as an effect is activated (rules spec §U.21): the activation it completes
    # (`activating`) and the decision that activation answered (`resumes`); None for every other decision
    activating: Option | None
    resumes: Decision | None
    # A decision made in an action with no chain (rules spec §U.30: "at the end of the Damage Step, Special Summon it"
    # in the position its player chooses): the effect whose action asks, as Option(card, effect); None otherwise
    acting: Option | None

    def __init__(
        self,
        player: Player,
        kind: DecisionKind,
        window: Window,
        options: tuple[Option, ...],
        cards: tuple[str, ...] = (),
        prompt: str = "",
        activating: Option | None = None,
        resumes: Decision | None = None,
        acting: Option | None = None,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "window", window)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "activating", activating)
        object.__setattr__(self, "resumes", resumes)
        object.__setattr__(self, "acting", acting)

    def describe(self, card_names: Sequence[str] | None = None) -> list[str]:
        """Each option in words ("activate rush effect 0 targeting att", "pass"), naming cards by
        `card_names` if given (a UI's own labels), else by their ids."""
        names = self.cards if card_names is None else card_names
        out = []
        for o in self.options:
            if self.kind in RESOLUTION_KINDS:
                out.append(describe_answer(self.kind, o, names))
            elif o.is_pass:
                out.append("do not attack" if self.kind is DecisionKind.REPLAY else "pass")
            elif o.effect == ATTACK:
                on = f"{_name(names, o.targets[0])}" if o.targets else "directly"
                out.append(f"attack {on} with {_name(names, o.card)}")
            else:
                t = f" targeting {', '.join(_name(names, i) for i in o.targets)}" if o.targets else ""
                out.append(f"activate {_name(names, o.card)} effect {o.effect}{t}")
        return out


def describe_answer(kind: DecisionKind, o: Option, names: Sequence[str]) -> str:
    """An answer to a decision made while an effect resolves, in words."""
    if o.is_pass:
        return "pick none" if kind is DecisionKind.PICK else "no"
    value = answer_value(o)
    if kind is DecisionKind.POSITION:
        where = ("face-up Attack", "face-up Defense", "face-down Defense")[value] if value < 3 else str(value)
        return f"{_name(names, o.card)} in {where} Position"
    if kind is DecisionKind.PICK or (kind is DecisionKind.CHANCE and o.targets):
        return "pick " + ", ".join(_name(names, i) for i in o.targets)
    if kind is DecisionKind.OPTIONAL:
        return "yes"
    if kind is DecisionKind.MODE:
        return f"mode {value}"
    return f"{kind.value} {value}"


def _name(names: Sequence[str], index: int) -> str:
    return names[index] if 0 <= index < len(names) else f"card {index}"


class IllegalChoice(ValueError):
    """An answer the rules do not allow. The state is exactly as it was before the answer."""

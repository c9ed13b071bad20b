"""What a host's effect function may answer, checked where the answer enters the engine (issue 42, item 3).

A hook handler or a condition a host wrote may answer a value of the wrong shape: an int where the rules iterate,
"Spell & Trap Zone" where a place is wanted. Read as it is, such an answer fails far from its cause (a bare
`TypeError` inside a rule) or, worse, is obeyed (a monster sent to the Spell & Trap Zone). So the registry's wrapper
of a host's functions (`engine.effects.Guarded`) passes each answer through these checks, and a bad one becomes an
`EffectError` naming the card, the effect and the hook, the duel put back as it was. The engine's own built-in types
are not wrapped, so a duel with no host code pays nothing (docs/embedding.md, "Mistakes are errors").

Each check returns the answer as the rules read it (an iterable made a tuple, so that a generator is read once;
a place made a `Location`) and a problem (None when the answer is good). Pure: values in, values out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.values import words
from engine.values.effects import (
    ActivationLock,
    DamageModifier,
    DamageRedirect,
    DestructionReplacement,
    ExtraAttacks,
    Hook,
    IndestructibleByBattle,
    LevelChange,
    Piercing,
    StatChange,
    SummonLock,
    Unaffected,
    Untargetable,
)
from engine.values.game import Location

__all__ = [
    "HOOK_ANSWERS", "REDIRECT_PLACES", "check_hook_answer", "check_result", "hook_check", "hook_problem", "shown",
]  # fmt: skip

Checked = tuple[Any, "str | None"]

# Where a card "sent to the Graveyard" may go instead (`Hook.GRAVEYARD_REDIRECT`): off the field. A card cannot
# be sent to a zone of the field in place of the Graveyard (that would be a summon or a placing, with its own rules).
REDIRECT_PLACES: Final = (Location.GRAVEYARD, Location.BANISHED, Location.HAND, Location.DECK, Location.EXTRA_DECK)

# What each hook is answered with, in words, for the error that refuses another answer (and for the docs).
HOOK_ANSWERS: Final[dict[Hook, str]] = {
    Hook.STATS: "an iterable of engine.StatChange",
    Hook.PIERCING: "an engine.Piercing",
    Hook.BATTLE_DAMAGE: "an iterable of engine.DamageModifier",
    Hook.INDESTRUCTIBLE_BY_BATTLE: "an engine.IndestructibleByBattle",
    Hook.ATTACK_FROM_DEFENSE: '"atk" or "def"',
    Hook.ACTIVATION_LOCK: "an engine.ActivationLock",
    Hook.GRAVEYARD_REDIRECT: "an engine.Location off the field (" + ", ".join(p.name for p in REDIRECT_PLACES) + ")",
    Hook.SELF_DESTROY: "True or False",
    Hook.BATTLE_DESTRUCTION_REPLACEMENT: "an engine.DestructionReplacement",
    Hook.ATTACKS: "an int >= 1 or an engine.ExtraAttacks",
    Hook.END_OF_TURN: "None (it acts through engine.actions)",
    Hook.CANNOT_ATTACK: "an iterable of card indexes",
    Hook.CANNOT_DECLARE_ATTACK: "an iterable of card indexes",
    Hook.CANNOT_BE_ATTACKED: "an iterable of card indexes",
    Hook.DIRECT_ATTACK: "an iterable of card indexes",
    Hook.MUST_ATTACK: "an iterable of card indexes",
    Hook.ORIGINAL_VALUES_IN_DAMAGE_CALCULATION: "True or False",
    Hook.NEGATES_BATTLE_VICTIMS: "an iterable of card indexes",
    Hook.CANNOT_ATTACK_DIRECTLY: "an iterable of card indexes",
    Hook.UNAFFECTED: "an engine.Unaffected",
    Hook.AT_TIMING: "None (it acts through engine.actions)",
    Hook.CHAIN_SOLVING: "True or False",
    Hook.CANNOT_BE_TARGETED: "an engine.Untargetable",
    Hook.INDESTRUCTIBLE_BY_EFFECTS: "an engine.Untargetable (the cards those effects cannot destroy)",
    Hook.NEGATES_EFFECTS: "an iterable of card indexes",
    Hook.LEVELS: "an iterable of engine.LevelChange",
    Hook.SPECIAL_SUMMON_LOCK: "an engine.SummonLock",
    Hook.EFFECT_DAMAGE_REDIRECT: "an engine.DamageRedirect",
    Hook.EFFECT_DAMAGE: "an iterable of engine.DamageModifier (stage GAIN, ZERO or AT_MOST)",
    Hook.BANISHED_IF_LEAVES_FIELD: "an iterable of card indexes",
    Hook.DESTROYED_AFTER_TARGETED: "an iterable of card indexes",
}
assert HOOK_ANSWERS.keys() == set(Hook), "every hook says what it is answered with"

_UNAFFECTED_BY: Final = ("opponent_effects", "other_effects", "other_monster_effects", "spell_trap_effects")
_UNTARGETABLE_BY: Final = ("opponent_effects", "effects")


def shown(value: object, most: int = 60) -> str:
    """An answer as an error quotes it: its repr (cut short) and its type."""
    text = repr(value)
    if len(text) > most:
        text = text[: most - 3] + "..."
    return f"{text} (type {type(value).__name__})"


def _index_problem(i: object, cards: int, what: str) -> str | None:
    if type(i) is not int:
        return f"{what} {shown(i)} is not a card index (an int)"
    if not 0 <= i < cards:
        return f"{what} {i} is not a card of this duel (it has cards 0..{cards - 1})"
    return None


def _items(answer: object) -> tuple[Any, ...] | None:
    """An iterable answer as a tuple; None if it is not one (a str is not: it is one value, not its letters)."""
    if isinstance(answer, (str, bytes, dict)):
        return None
    try:
        return tuple(answer)  # type: ignore[arg-type]
    except TypeError:
        return None


def _card_indexes(answer: object, cards: int) -> Checked:
    if type(answer) is tuple or type(answer) is list or type(answer) is frozenset or type(answer) is set:
        for i in answer:
            if type(i) is not int or not 0 <= i < cards:
                break
        else:
            return answer, None  # (the common answer, read as it is)
    items = _items(answer)
    if items is None:
        return answer, "it is not an iterable"
    for i in items:
        problem = _index_problem(i, cards, "the item")
        if problem is not None:
            return answer, problem
    return items, None


def _values_of(kind: type, field: str) -> Callable[[object, int], Checked]:
    """An iterable of `kind` values, each naming a card by `field` (None allowed where the field is optional)."""

    def check(answer: object, cards: int) -> Checked:
        # The common answers first, at little cost (a STATS hook is asked at every read of ATK/DEF): a list or tuple
        # of `kind` values naming cards of this duel is read as it is
        if type(answer) is list or type(answer) is tuple:
            for x in answer:
                if type(x) is not kind:
                    break
                card = getattr(x, field)
                if card is not None and (type(card) is not int or not 0 <= card < cards):
                    break
            else:
                return answer, None
        items = _items(answer)
        if items is None:
            return answer, "it is not an iterable"
        for x in items:
            if not isinstance(x, kind):
                return answer, f"the item {shown(x)} is not an engine.{kind.__name__}"
            card = getattr(x, field)
            if card is not None and (problem := _index_problem(card, cards, f"its {field}")) is not None:
                return answer, problem
        return items, None

    return check


def _one(kind: type, *fields: str) -> Callable[[object, int], Checked]:
    """One `kind` value; each of `fields` (a tuple of card indexes, or None) names cards of this duel."""

    def check(answer: object, cards: int) -> Checked:
        if not isinstance(answer, kind):
            return answer, "it is not one"
        for f in fields:
            value = getattr(answer, f)
            if value is None:
                continue
            _, problem = _card_indexes(value, cards)
            if problem is not None:
                return answer, f"its {f}: {problem}"
        return answer, None

    return check



def _flag(answer: object, cards: int) -> Checked:
    if type(answer) is not bool:
        return answer, "it is not a bool"
    return (answer if answer else None), None  # False: it does not apply (the rules count every answer given)


def _redirect(answer: object, cards: int) -> Checked:
    try:
        place = Location(answer)
    except ValueError:
        return answer, "it is not a Location"
    if place not in REDIRECT_PLACES:
        return answer, f"a card sent to the Graveyard cannot go to {words.place(place)} instead (it is on the field)"
    return place, None


def _attack_stat(answer: object, cards: int) -> Checked:
    return answer, (None if answer in ("atk", "def") and type(answer) is str else "it is neither")


def _attacks(answer: object, cards: int) -> Checked:
    if isinstance(answer, ExtraAttacks):
        return answer, (None if type(answer.attacks) is int and answer.attacks >= 1 else "its attacks is not >= 1")
    if type(answer) is not int or answer < 1:
        return answer, "it is neither"
    return answer, None


def _unaffected(answer: object, cards: int) -> Checked:
    checked, problem = _one(Unaffected, "cards")(answer, cards)
    if problem is None and isinstance(answer, Unaffected) and answer.by not in _UNAFFECTED_BY:
        problem = f"its by {answer.by!r} is none of {', '.join(_UNAFFECTED_BY)}"
    return checked, problem


def _untargetable(answer: object, cards: int) -> Checked:
    checked, problem = _one(Untargetable, "cards")(answer, cards)
    if problem is None and isinstance(answer, Untargetable) and answer.by not in _UNTARGETABLE_BY:
        problem = f"its by {answer.by!r} is none of {', '.join(_UNTARGETABLE_BY)}"
    return checked, problem


def _anything(answer: object, cards: int) -> Checked:
    return answer, None


_CHECKS: Final[dict[Hook, Callable[[object, int], Checked]]] = {
    Hook.STATS: _values_of(StatChange, "card"),
    Hook.PIERCING: _one(Piercing),
    Hook.BATTLE_DAMAGE: _values_of(DamageModifier, "source"),
    Hook.INDESTRUCTIBLE_BY_BATTLE: _one(IndestructibleByBattle, "cards"),
    Hook.ATTACK_FROM_DEFENSE: _attack_stat,
    Hook.ACTIVATION_LOCK: _one(ActivationLock),
    Hook.GRAVEYARD_REDIRECT: _redirect,
    Hook.SELF_DESTROY: _flag,
    Hook.BATTLE_DESTRUCTION_REPLACEMENT: _one(DestructionReplacement, "protects"),
    Hook.ATTACKS: _attacks,
    Hook.END_OF_TURN: _anything,  # (its answer is not read)
    Hook.CANNOT_ATTACK: _card_indexes,
    Hook.CANNOT_DECLARE_ATTACK: _card_indexes,
    Hook.CANNOT_BE_ATTACKED: _card_indexes,
    Hook.DIRECT_ATTACK: _card_indexes,
    Hook.MUST_ATTACK: _card_indexes,
    Hook.ORIGINAL_VALUES_IN_DAMAGE_CALCULATION: _flag,
    Hook.NEGATES_BATTLE_VICTIMS: _card_indexes,
    Hook.CANNOT_ATTACK_DIRECTLY: _card_indexes,
    Hook.UNAFFECTED: _unaffected,
    Hook.AT_TIMING: _anything,  # (its answer is not read)
    Hook.CHAIN_SOLVING: _flag,
    Hook.CANNOT_BE_TARGETED: _untargetable,
    Hook.INDESTRUCTIBLE_BY_EFFECTS: _untargetable,
    Hook.NEGATES_EFFECTS: _card_indexes,
    Hook.LEVELS: _values_of(LevelChange, "card"),
    Hook.SPECIAL_SUMMON_LOCK: _one(SummonLock, "cards"),
    Hook.EFFECT_DAMAGE_REDIRECT: _one(DamageRedirect),
    Hook.EFFECT_DAMAGE: _values_of(DamageModifier, "source"),
    Hook.BANISHED_IF_LEAVES_FIELD: _card_indexes,
    Hook.DESTROYED_AFTER_TARGETED: _card_indexes,
}
assert _CHECKS.keys() == set(Hook), "every hook's answer is checked"


def check_hook_answer(hook: Hook, answer: object, cards: int) -> Checked:
    """A hook's answer (not None: None is no answer) as the rules read it, and what is wrong with it (None if
    nothing). `cards` is how many cards the duel has: an answer naming a card names one of them."""
    checked, problem = _CHECKS[hook](answer, cards)
    if problem is None:
        return checked, None
    return answer, hook_problem(hook, answer, problem)


def hook_check(hook: Hook) -> Callable[[object, int], Checked]:
    """The check of `hook`'s answers (`check_hook_answer` without its lookup: a wrapper keeps it)."""
    return _CHECKS[hook]


def hook_problem(hook: Hook, answer: object, problem: str) -> str:
    """What is wrong with a hook's answer, for the error that refuses it."""
    return f"answered {shown(answer)}, but hook {hook.value} answers {HOOK_ANSWERS[hook]}: {problem}"


def _targets(answer: object, cards: int) -> Checked:
    items = _items(answer)
    if items is None:
        return answer, "it is not an iterable"
    out = []
    for choice in items:
        if not isinstance(choice, tuple):
            return answer, f"the choice {shown(choice)} is not a tuple of card indexes"
        for i in choice:
            problem = _index_problem(i, cards, "the target")
            if problem is not None:
                return answer, problem
        out.append(choice)
    return out, None


def _text_or_none(answer: object, cards: int) -> Checked:
    return answer, (None if answer is None or isinstance(answer, str) else "it is not one")


# What an activated effect's functions answer (`EffectType`); the operation's and the cost's answers are not read.
RESULTS: Final[dict[str, tuple[str, Callable[[object, int], Checked]]]] = {
    "condition": ("True or False", lambda a, n: (a, None if type(a) is bool else "it is not a bool")),
    "condition_problem": ("a str (why not) or None", _text_or_none),
    "cost_problem": ("a str (why not) or None", _text_or_none),
    "targets": ("an iterable of tuples of card indexes (one tuple per choice of targets)", _targets),
}


def check_result(role: str, answer: object, cards: int) -> Checked:
    """An effect function's answer (`role`: "condition", "targets"...) as the rules read it, and what is wrong
    with it (None if nothing, or if the role's answer is not read)."""
    found = RESULTS.get(role)
    if found is None:
        return answer, None
    expected, check = found
    checked, problem = check(answer, cards)
    if problem is None:
        return checked, None
    return answer, f"answered {shown(answer)}, but its {role} answers {expected}: {problem}"

"""Battles and choices: an attack (``attack``, each of ``attacks``, a choice's ``declare``), the whole Battle
Phase (``battle_phase``), and the choices the players make, checked against the cards and the shape of the
scenario (which windows it plays, where a declaration is a choice)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.format.cards import CardSpec
from engine.format.errors import Invalid, show
from engine.format.vocabulary import DAMAGE_STEP_WINDOWS, WINDOWS, CardRef, Count, Player, Window, Wire, doc, opt


class Attack(msgspec.Struct, frozen=True):
    attacker: str
    target: str | None


class Choice(msgspec.Struct, frozen=True):
    window: str
    player: str
    activate: str | None  # the card whose effect is activated, or None for a declaration
    declare: Attack | None = None  # an attack declared (or chosen again after a replay)
    effect: int = 0
    targets: tuple[str, ...] | None = None
    new_chain: bool = False
    expect: str = "legal"
    attack: int = 0  # with `attacks`: the index of the attack the choice belongs to
    # The answers to the decisions its effect asks as it resolves, in order (rules spec §U.16): each one key
    answers: tuple[dict[str, Any], ...] | None = None


class AttackWire(Wire):
    attacker: CardRef
    target: Annotated[CardRef | None, doc("null: a direct attack (in TOML: leave it out)")]


class BattlePhaseWire(Wire):
    """The whole Battle Phase, from its Start Step: the turn player declares the attacks (the choices' declare,
    or an agent), and passing in the Battle Step ends it (rules spec §BP)."""

    end_phase: Annotated[
        bool,
        doc("true: the turn is played on after the Battle Phase: Main Phase 2 begins, then the End Phase, with its "
            "window (`end_phase`) and its triggers, and the turn ends (rules spec §BP.14)"),
    ] = False
    standby_phases: Annotated[
        int,
        Meta(ge=0, le=8),
        doc("with end_phase: after the turn ends, the next turn's Draw Phase (its normal draw) and Standby Phase (the "
            "actions left for it, its window `standby_phase` and its triggers) are played; with n, the turns after it "
            "up to the n-th Standby Phase, each turn in between with no Battle Phase and with its End Phase; the run "
            "ends after the last Standby Phase (rules spec §U.31)"),
    ] = 0


class AnswerWire(Wire):
    """One answer to a decision an effect asks as it resolves (rules spec §U.16): exactly one key."""

    position: Annotated[Literal["attack", "defense", "set"] | UnsetType,
                        doc("the position of the monster it Special Summons")] = UNSET
    pick: Annotated[tuple[CardRef, ...] | UnsetType,
                    doc("the cards picked (not targeted); [] picks none where that is allowed")] = UNSET
    yes: Annotated[bool | UnsetType, doc("a \"you can\" step: done (true) or not (false)")] = UNSET
    number: Annotated[Annotated[int, Meta(ge=0, le=127)] | UnsetType,
                      doc("a number chosen (as the decision counts it: LP in multiples of 100 as hundreds)")] = UNSET
    mode: Annotated[Annotated[int, Meta(ge=0, le=127)] | UnsetType, doc("which of the listed effects, from 0")] = UNSET
    coin: Annotated[Literal["heads", "tails"] | UnsetType, doc("what a coin toss showed")] = UNSET
    call: Annotated[Literal["heads", "tails"] | UnsetType,
                    doc("the side called before a coin toss (\"toss a coin and call it\", rules spec §U.22)")] = UNSET
    die: Annotated[Annotated[int, Meta(ge=1, le=6)] | UnsetType, doc("what a die roll showed")] = UNSET
    random: Annotated[tuple[CardRef, ...] | UnsetType, doc("the cards a random pick drew")] = UNSET


ANSWER_KEYS = ("position", "pick", "yes", "number", "mode", "coin", "die", "random", "call")


class ChoiceWire(Wire):
    window: Window
    player: Player
    activate: Annotated[CardRef | UnsetType, doc("the card whose effect is activated (or give declare)")] = UNSET
    declare: Annotated[
        AttackWire | UnsetType,
        doc("an attack declaration (battle_step), or the attack chosen again after a replay (attack_declaration)"),
    ] = UNSET
    effect: Annotated[Count, doc("index into the card's effects")] = 0
    targets: tuple[CardRef, ...] | UnsetType = UNSET
    new_chain: bool = False
    expect: Literal["legal", "illegal"] = "legal"
    attack: Annotated[
        Count,
        doc("with attacks or battle_phase: the index (from 0) of the attack the choice belongs to (in battle_step: "
             "the declaration that makes it)"),
    ] = 0
    answers: Annotated[
        tuple[AnswerWire, ...] | UnsetType,
        doc("the answers to the decisions the activated effect asks as it resolves, in order, whoever makes them "
            "(rules spec §U.16); a decision with none listed: \"no\" to a \"you can\" step and no card where "
            "picking none is allowed, else the first option the engine lists; chance from the duel's seed"),
    ] = UNSET


def check_attack(attack: Attack, card: Callable[..., CardSpec], turn_player: str, at: tuple[str | int, ...]) -> None:
    """The attack a scenario starts with must be one the turn player can make (its Battle Step is over)."""
    a = card(attack.attacker, *at, "attacker")
    problem: str | None = None
    if a.location != "monster_zone":
        problem = f"is in {a.location}, not a monster_zone"
    elif a.controller != turn_player:
        problem = f"is controlled by {a.controller}, not the turn player {turn_player}"
    elif a.position == "set":
        problem = "is face-down (set) and cannot attack"
    elif a.position == "defense" and not any(e.kind == "attack_from_defense" for e in a.effects):
        problem = "is in defense position and has no attack_from_defense effect"
    if problem:
        raise Invalid(f"attacker {show(a.id)} {problem}", *at, "attacker")
    if attack.target is not None:
        t = card(attack.target, *at, "target")
        if t.location != "monster_zone":
            raise Invalid(f"target {show(t.id)} is in {t.location}, not a monster_zone", *at, "target")
        if t.controller == turn_player:
            msg = f"target {show(t.id)} is controlled by the turn player {turn_player}"
            raise Invalid(msg, *at, "target")


# The windows a scenario plays, by its shape: one attack is its Damage Step; the attacks the host declares
# have their declaration's window and Damage Step; the whole Battle Phase has every window (rules spec §BP.1).
_PLAYED = {
    "attack": DAMAGE_STEP_WINDOWS,
    "attacks": ("attack_declaration", *DAMAGE_STEP_WINDOWS),
    "battle_phase": WINDOWS,
}
# Where a declaration is a choice: in the Battle Step, and after a replay (in attack_declaration).
_DECLARE_WINDOWS: dict[str, tuple[str, ...]] = {
    "attack": (),
    "attacks": ("attack_declaration",),
    "battle_phase": ("battle_step", "attack_declaration"),
}


def choice(
    i: int, ch: ChoiceWire, card: Callable[..., CardSpec], shape: str, attacks: int | None, own: Mapping[str, int]
) -> Choice:
    """A choice, checked against the cards and the scenario's shape (`attacks` None: as many as declared)."""
    where: tuple[str | int, ...] = ("choices", i)
    if (ch.activate is UNSET) == (ch.declare is UNSET):
        raise Invalid("give activate (a card's effect) or declare (an attack), exactly one", *where)
    if ch.window not in _PLAYED[shape]:
        raise Invalid(f"a scenario with {shape.replace('_', ' ')} plays only {', '.join(_PLAYED[shape])}, "
                       f"got {show(ch.window)}", *where, "window")  # fmt: skip
    if attacks is not None and ch.attack >= attacks:
        raise Invalid(f"out of range: the scenario has {attacks} attack(s), got {ch.attack}", *where, "attack")
    declare = None
    if isinstance(ch.declare, AttackWire):
        if ch.window not in _DECLARE_WINDOWS[shape]:
            raise Invalid(f"a scenario with {shape.replace('_', ' ')} declares attacks in "
                           f"{', '.join(_DECLARE_WINDOWS[shape]) or 'no window'}, not in {show(ch.window)}",
                           *where, "window")  # fmt: skip
        for key in ("targets", "new_chain", "effect", "answers"):
            if getattr(ch, key) not in (UNSET, False, 0):
                raise Invalid(f"a declaration takes no {key}", *where, key)
        card(ch.declare.attacker, *where, "declare", "attacker")
        if ch.declare.target is not None:
            card(ch.declare.target, *where, "declare", "target")
        declare = Attack(ch.declare.attacker, ch.declare.target)
    else:
        assert isinstance(ch.activate, str)
        c = card(ch.activate, *where, "activate")
        n = len(c.effects) + (own.get(c.card, 0) if c.card is not None else 0)
        if ch.effect >= n:
            raise Invalid(f"out of range: card {show(c.id)} has {n} effect(s), got {ch.effect}",
                           *where, "effect")  # fmt: skip
        for k, t_id in enumerate(opt(ch.targets) or ()):
            card(t_id, *where, "targets", k)
    answers = None
    if isinstance(ch.answers, tuple):
        answers = tuple(_answer(a, card, (*where, "answers", k)) for k, a in enumerate(ch.answers))
    return Choice(ch.window, ch.player, opt(ch.activate), declare, ch.effect, opt(ch.targets), ch.new_chain,
                  ch.expect, ch.attack, answers)  # fmt: skip


def _answer(a: AnswerWire, card: Callable[..., CardSpec], where: tuple[str | int, ...]) -> dict[str, Any]:
    given = {k: getattr(a, k) for k in ANSWER_KEYS if getattr(a, k) is not UNSET}
    if len(given) != 1:
        raise Invalid(f"an answer gives exactly one of {', '.join(ANSWER_KEYS)}, got {len(given)}", *where)
    key, value = next(iter(given.items()))
    if key in ("pick", "random"):
        for k, c in enumerate(value):
            card(c, *where, key, k)
        value = list(value)
    return {key: value}

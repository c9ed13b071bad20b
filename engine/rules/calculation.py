"""Damage calculation (§2.1-§2.4): the values compared and the outcome table, as pure functions.

Its values are `Frozen` classes (`engine.values.frozen`): immutable, and made in every battle, where a named
tuple's `__new__` is Python code even in the compiled build (docs/compiled-build.md)."""

from __future__ import annotations

import attr

from engine.effects import Piercing
from engine.values.frozen import Frozen
from engine.values.game import Player, opponent_of


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class BattleInput(Frozen):
    """Everything damage calculation needs, taken at the moment it is performed."""

    attacker: int
    attacker_controller: Player
    attacker_value: int
    target: int | None  # None: direct attack
    target_controller: Player | None
    target_value: int | None
    target_in_defense: bool
    piercing: tuple[Piercing, ...] = ()
    zero_atk_mutual_destruction: bool = False

    def __init__(
        self, attacker: int, attacker_controller: Player, attacker_value: int, target: int | None,
        target_controller: Player | None, target_value: int | None, target_in_defense: bool,
        piercing: tuple[Piercing, ...] = (), zero_atk_mutual_destruction: bool = False,
    ) -> None:  # fmt: skip
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "attacker_controller", attacker_controller)
        object.__setattr__(self, "attacker_value", attacker_value)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "target_controller", target_controller)
        object.__setattr__(self, "target_value", target_value)
        object.__setattr__(self, "target_in_defense", target_in_defense)
        object.__setattr__(self, "piercing", piercing)
        object.__setattr__(self, "zero_atk_mutual_destruction", zero_atk_mutual_destruction)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Packet(Frozen):
    """An amount of battle damage one player would take, and the card that inflicts it."""

    player: Player
    amount: int
    source: int

    def __init__(self, player: Player, amount: int, source: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "source", source)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class BaseOutcome(Frozen):
    """Who would take how much battle damage, and which monsters would be destroyed by battle (§2.2-§2.4)."""

    damage: tuple[Packet, ...]
    destroyed: tuple[int, ...]  # would be destroyed by battle, attacker first

    def __init__(self, damage: tuple[Packet, ...], destroyed: tuple[int, ...]) -> None:
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "destroyed", destroyed)


def attacker_value(atk: int, def_: int, in_defense: bool, applies: str | None) -> int:
    """§2.1: the attacker applies its ATK, or its DEF when it attacks from Defense Position
    under an "apply its DEF" effect (Superheavy Samurai); Total Defense Shogun applies ATK."""
    return def_ if in_defense and applies == "def" else atk


def target_value(atk: int, def_: int, in_defense: bool) -> int:
    """§2.1: ATK in Attack Position, DEF in Defense Position."""
    return def_ if in_defense else atk


def compare_values(b: BattleInput) -> BaseOutcome:
    """§2.2-§2.4: who would take how much battle damage, and who would be destroyed."""
    a = b.attacker_value
    if b.target is None:
        # A 0-ATK direct attack inflicts no battle damage at all, not "0 damage" (§2.3).
        dmg = (Packet(opponent_of(b.attacker_controller), a, b.attacker),) if a > 0 else ()
        return BaseOutcome(dmg, ())
    assert b.target_controller is not None and b.target_value is not None
    d = b.target_value
    if not b.target_in_defense:
        if a > d:
            return BaseOutcome((Packet(b.target_controller, a - d, b.attacker),), (b.target,))
        if a < d:
            return BaseOutcome((Packet(b.attacker_controller, d - a, b.target),), (b.attacker,))
        if a == 0 and not b.zero_atk_mutual_destruction:
            return BaseOutcome((), ())  # monsters with 0 ATK cannot destroy anything by battle
        return BaseOutcome((), (b.attacker, b.target))
    if a > d:
        return BaseOutcome(piercing_damage(b, a - d), (b.target,))
    if a < d:
        # Damage for attacking into a higher DEF is inflicted by the defending monster.
        return BaseOutcome((Packet(b.attacker_controller, d - a, b.target),), ())
    return BaseOutcome((), ())


def piercing_damage(b: BattleInput, difference: int) -> tuple[Packet, ...]:
    """§2.4: a piercing effect makes the opponent of *its* controller take the difference,
    doubled for "inflicts double" (the first modifier of §2.6). Several piercing effects of one
    player do not add up: that player's opponent takes the difference once."""
    doubled: dict[Player, bool] = {}
    for p in b.piercing:
        taker = opponent_of(p.controller)
        doubled[taker] = doubled.get(taker, False) or p.double
    return tuple(Packet(taker, difference * 2 if d else difference, b.attacker) for taker, d in doubled.items())

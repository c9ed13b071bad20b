"""The battle-damage modifier pipeline (§2.6), as a pure function of packets and modifiers.

Stages, in the official order: (1) inflicts double -- already in the packets (double
piercing); (2) both players; (3) reflect / also; (4) treated as effect damage; (5) gain LP
instead; (6) becomes 0; (7) halved; (8) doubled; (9) becomes a value; (10) "no damage of X or
less", applied last and to each damage separately (rules spec §R.5). Each stage is one function
below, so each can be tested and explained on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import attr
import attrs

from engine.effects import DamageModifier, DamageStage
from engine.rules.calculation import Packet
from engine.rules.rounding import halved
from engine.values.frozen import Frozen
from engine.values.game import PLAYERS, Player, opponent_of


@attrs.frozen(slots=True)
class Flow:
    """A packet on its way through the pipeline."""

    player: Player
    amount: int
    source: int
    halve: bool = False
    double: bool = False


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class DamageResult(Frozen):  # (made in every battle: a `Frozen` class, engine/rules/calculation.py says why)
    """What the pipeline gives: each player's battle damage, what became effect damage or a gain, and who inflicted
    the battle damage taken."""

    battle: tuple[int, int]  # battle damage each player takes (by Player index)
    effect: tuple[int, int]  # battle damage dealt as effect damage instead
    gain: tuple[int, int]  # LP gained instead
    inflicted_by: tuple[tuple[Player, int], ...]  # (player who took > 0 battle damage, card)

    def __init__(
        self, battle: tuple[int, int], effect: tuple[int, int], gain: tuple[int, int],
        inflicted_by: tuple[tuple[Player, int], ...],
    ) -> None:  # fmt: skip
        object.__setattr__(self, "battle", battle)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "gain", gain)
        object.__setattr__(self, "inflicted_by", inflicted_by)


def applicable(mods: Iterable[DamageModifier], battlers: frozenset[int]) -> list[DamageModifier]:
    """Modifiers scoped to "battles involving this card" apply only if that card battles."""
    return [m for m in mods if m.involving is None or m.involving in battlers]


def _matches(m: DamageModifier, f: Flow) -> bool:
    return (m.player is None or m.player is f.player) and (m.source is None or m.source == f.source)


def both_players_take(flows: list[Flow], mods: Sequence[DamageModifier]) -> list[Flow]:
    """Stage 2: the battle damage is taken by both players (applied once)."""
    if not any(m.stage is DamageStage.BOTH for m in mods):
        return flows
    return flows + [attrs.evolve(f, player=opponent_of(f.player)) for f in flows]


def reflect_or_also(flows: list[Flow], mods: Sequence[DamageModifier]) -> list[Flow]:
    """Stage 3: "your opponent takes it instead" / "also inflicted to your opponent". Each
    packet is moved at most once: damage one effect moved is not moved again by another."""
    out: list[Flow] = []
    # When both could apply to the same damage, "instead" is applied (it replaces the damage, so
    # nothing is left to "also" inflict): a fixed order, independent of how effects are listed.
    movers = sorted(
        (m for m in mods if m.stage in (DamageStage.REFLECT, DamageStage.ALSO)),
        key=lambda m: m.stage is not DamageStage.REFLECT,
    )
    for f in flows:
        m = next((m for m in movers if _matches(m, f)), None)
        if m is None:
            out.append(f)
            continue
        if m.stage is DamageStage.ALSO:
            out.append(f)
        out.append(attrs.evolve(f, player=opponent_of(f.player)))
    return out


def treated_as_effect_damage(flows: list[Flow], mods: Sequence[DamageModifier]) -> tuple[list[Flow], list[Flow]]:
    """Stage 4: battle damage a card inflicts is dealt as effect damage (leaves the pipeline)."""
    conv = [m for m in mods if m.stage is DamageStage.TO_EFFECT]
    keep = [f for f in flows if not any(_matches(m, f) for m in conv)]
    moved = [f for f in flows if any(_matches(m, f) for m in conv)]
    return keep, moved


def gain_instead(flows: list[Flow], mods: Sequence[DamageModifier]) -> tuple[list[Flow], list[Flow]]:
    """Stage 5: that player gains LP equal to the damage instead of taking it."""
    gain = [m for m in mods if m.stage is DamageStage.GAIN]
    keep = [f for f in flows if not any(_matches(m, f) for m in gain)]
    moved = [f for f in flows if any(_matches(m, f) for m in gain)]
    return keep, moved


def becomes_zero(flows: list[Flow], mods: Sequence[DamageModifier]) -> list[Flow]:
    """Stage 6: battle damage becomes 0 (Kuriboh, Waboku); later stages have nothing to change."""
    zero = [m for m in mods if m.stage is DamageStage.ZERO or (m.stage is DamageStage.BECOMES and m.value == 0)]
    return [f for f in flows if not any(_matches(m, f) for m in zero)]


def halved_and_doubled(flows: list[Flow], mods: Sequence[DamageModifier]) -> list[Flow]:
    """Stages 7-8: halved (a fraction rounded up, §S.6), then doubled. Several of either do not stack, and a
    halving and a doubling of the same damage cancel out (DS-044, DS-045). The damage a player
    takes from one card is halved as one amount (1001 taken twice is 2002, halved to 1001); damage
    neither halved nor doubled stays as separate damages (stage 10 reads each)."""
    out: list[Flow] = []
    at: dict[tuple[Player, int], int] = {}  # where a halved or doubled damage of (player, card) is in `out`
    for f in flows:
        h = any(m.stage is DamageStage.HALVE and _matches(m, f) for m in mods)
        d = any(m.stage is DamageStage.DOUBLE and _matches(m, f) for m in mods)
        key = (f.player, f.source)
        if h != d and key in at:
            out[at[key]] = attrs.evolve(out[at[key]], amount=out[at[key]].amount + f.amount)
            continue
        if h != d:
            at[key] = len(out)
        out.append(attrs.evolve(f, halve=h, double=d))
    return [f if f.halve == f.double else attrs.evolve(f, amount=halved(f.amount) if f.halve else f.amount * 2)
            for f in out]  # fmt: skip


def becomes_value(totals: list[int], mods: Sequence[DamageModifier]) -> list[int]:
    """Stage 9: the damage a player takes becomes a fixed value (the smallest, if several)."""
    out = list(totals)
    for p in PLAYERS:
        values = [
            m.value
            for m in mods
            if m.stage is DamageStage.BECOMES and m.value > 0 and (m.player is None or m.player is p)
        ]
        if values and out[p] > 0:
            out[p] = min(values)
    return out


def none_at_most(flows: list[Flow], mods: Sequence[DamageModifier]) -> list[Flow]:
    """Stage 10: a player takes no damage of `value` or less (Performage Trapeze Magician), applied last and
    to each damage separately: two 1500s against 2500 are both avoided, though they come to 3000 (OCG FAQ
    15374; lucays/OCG-Rule-documentation docs/c03/战斗阶段流程.rst L679, L686, L748)."""
    caps = [m for m in mods if m.stage is DamageStage.AT_MOST]
    if not caps:
        return flows
    return [f for f in flows if not any(_matches(m, f) and f.amount <= m.value for m in caps)]


def none_at_most_of_total(totals: list[int], mods: Sequence[DamageModifier]) -> list[int]:
    """Stage 10 on a damage stage 9 made one value (each remaining damage was above the cap already)."""
    return [0 if any(m.stage is DamageStage.AT_MOST and (m.player is None or m.player is p) and t <= m.value
                     for m in mods) else t for p, t in zip(PLAYERS, totals, strict=True)]  # fmt: skip


def _totals(flows: Iterable[Flow]) -> list[int]:
    t = [0, 0]
    for f in flows:
        t[f.player] += f.amount
    return t


def apply_battle_damage_modifiers(
    packets: Sequence[Packet], modifiers: Iterable[DamageModifier], battlers: frozenset[int]
) -> DamageResult:
    """Run the packets of §2.2 through the official order of modifiers (§2.6)."""
    if not modifiers:  # (most battles: no list of the applicable ones made)
        return unmodified(packets)
    mods = applicable(modifiers, battlers)
    if not mods:
        return unmodified(packets)
    flows = [Flow(p.player, p.amount, p.source) for p in packets if p.amount > 0]
    flows = both_players_take(flows, mods)
    flows = reflect_or_also(flows, mods)
    flows, as_effect = treated_as_effect_damage(flows, mods)
    flows, as_gain = gain_instead(flows, mods)
    flows = becomes_zero(flows, mods)
    flows = none_at_most(halved_and_doubled(flows, mods), mods)
    battle = none_at_most_of_total(becomes_value(_totals(flows), mods), mods)
    inflicted = tuple((f.player, f.source) for f in flows if f.amount > 0 and battle[f.player] > 0)
    eff, gain = _totals(as_effect), _totals(as_gain)
    return DamageResult(
        battle=(battle[0], battle[1]),
        effect=(eff[0], eff[1]),
        gain=(gain[0], gain[1]),
        inflicted_by=tuple(dict.fromkeys(inflicted)),
    )


_NO_DAMAGE: Final = (0, 0)


def unmodified(packets: Sequence[Packet]) -> DamageResult:
    """What the pipeline gives when no modifier applies (most battles): each player takes the
    sum of their packets, as battle damage, inflicted by the packets' cards in order."""
    if len(packets) == 1:  # (the commonest battle: one packet, nothing in between made)
        p = packets[0]
        if p.amount <= 0:
            return DamageResult(_NO_DAMAGE, _NO_DAMAGE, _NO_DAMAGE, ())
        damage = (p.amount, 0) if p.player is Player.A else (0, p.amount)
        return DamageResult(damage, _NO_DAMAGE, _NO_DAMAGE, ((p.player, p.source),))
    a = b = 0
    inflicted: list[tuple[Player, int]] = []
    for p in packets:
        if p.amount > 0:
            if p.player is Player.A:
                a += p.amount
            else:
                b += p.amount
            if (p.player, p.source) not in inflicted:  # (a packet or two: a list is cheaper than a dict)
                inflicted.append((p.player, p.source))
    return DamageResult((a, b), _NO_DAMAGE, _NO_DAMAGE, tuple(inflicted))

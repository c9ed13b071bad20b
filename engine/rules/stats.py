"""Current ATK and DEF: the official modification layers (rules spec §S, docs/stat-layers.md).

Each layer is one function below; `current_stats` runs them in order:

1. `original_value` (§S.1): the printed value, changed by "original ATK becomes / is halved /
   is doubled" effects (Shrink, Megamorph). Everything else applies on top of it.
2. `starting_value` (§S.3): a non-freezing "ATK becomes X" continuous effect, re-evaluated
   whenever ATK is read (Arcana Force I), replaces the original as the starting value.
3. `modified_value` (§S.2, §S.4): gains, losses and freezing values in their order of
   application. A freezing value ("ATK becomes X / is halved / is doubled / ATK and DEF are
   switched" from a resolved effect: Half Shut, Blackwing - Gale the Whirlwind, Bujingi Crane)
   was computed when it applied; while it applies, every modification applied before it is
   not applied again; later gains and losses add on top of it. Intermediate values may be
   negative (100 - 800 + 1000 = 300).
4. `applied_last` (§R.5): "during damage calculation only" changes, applied after all the others
   (Salamangreat Violet Chimera's "the ATK becomes 0" over a gain made during that damage calculation).
5. `floored` (§S.5): the ATK is never below 0.

A freezing value erases the earlier *lingering* gains and losses for good, and a change of the
original value erases earlier lingering freezing values (`erase_earlier`); earlier *continuous*
ones apply again when the freezing value ends. The order of application is a number in the
state: a lingering modification gets it when it is added, a continuous one when it is first
seen applying. Only state changes record it (`note_applying`: before each event is logged,
since every change is logged, and before a lingering one is added; `watch_stats`
switches this off in duels where no continuous change can apply); reading ATK/DEF never
changes the state: a
continuous one not recorded yet is read as applying from now, after all recorded ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from engine.effects import Context, Hook, Lingering, StatChange
from engine.rules.rounding import halved
from engine.rules.unaffected import unaffected_by
from engine.state import GameState, write_lingering, write_stat_since
from engine.values.game import Location, OriginalChange, OriginalOp, Position

# A step of layer 3: (order of application, kind, value): a gain/loss (`GAIN`, a continuous one `CONTINUOUS_GAIN`)
# adds `value`, a freezing step (`FREEZING`) makes the running value `value`, and a continuous "becomes" read from the
# original value (`BECOMES_WHILE_APPLYING`, §U.28) makes it `value` plus the continuous gains and losses before it.
Step = tuple[int, int, int]
GAIN: Final = 0
FREEZING: Final = 1
CONTINUOUS_GAIN: Final = 2
BECOMES_WHILE_APPLYING: Final = 3


def next_seq(state: GameState) -> int:
    """The next number in the order of application of ATK/DEF modifications."""
    state.stat_seq += 1
    return state.stat_seq


# -- the layers, each a pure function --------------------------------------------------------


def original_value(printed: int, changes: Iterable[tuple[int, OriginalChange]]) -> int:
    """§S.1: the original value. "Becomes X" sets it; "is halved / doubled" halves or doubles the
    printed-or-set value (two Shrinks halve once, two Megamorphs double once); the one applied
    last wins (Megamorph / Pestilence ruling)."""
    if not changes:
        return printed  # (the common case, without a sort: these run at every read of ATK/DEF)
    base = value = printed
    for _seq, ch in sorted(changes, key=lambda sc: sc[0]):
        if ch.op is OriginalOp.BECOMES:
            base = value = ch.value
        elif ch.op is OriginalOp.HALVE:
            value = halved(base)
        else:
            value = base * 2
    return value


def starting_value(original: int, non_freezing: Iterable[tuple[int, int]]) -> int:
    """§S.3: the starting value of the current ATK: the latest non-freezing "becomes X", else the
    original. Gains and losses, before or after it, still apply on top of it."""
    if not non_freezing:
        return original
    latest = max(non_freezing, default=None, key=lambda sv: sv[0])
    return original if latest is None else latest[1]


def modified_value(start: int, steps: Iterable[Step], original_since: int = 0) -> int:
    """§S.2, §S.4: gains, losses and freezing values in their order of application. A freezing
    value replaces everything applied before it; the running value may go below 0. A freezing
    value applied before the latest change of the original value is masked by it (§S.1). A continuous
    "becomes double its original ATK" (§U.28) replaces what resolved effects did before it, while the continuous
    gains and losses, before it or after, are calculated again on top of it (lucays/OCG-Rule-documentation
    docs/c03/攻守计算.rst, "持续适用的把「攻击力·守备力」『变成』": Megamorph and Scrap Factory, 2100*2+200), and
    it is read from the original value as it is now (a later Shrink too: Mahad, 1250*2)."""
    if not steps:
        return start
    value = start
    continuous = 0
    for seq, kind, v in sorted(steps, key=lambda s: s[0]):
        if kind == FREEZING:
            if seq > original_since:
                value = v
        elif kind == BECOMES_WHILE_APPLYING:
            value = v + continuous
        else:
            value += v
            if kind == CONTINUOUS_GAIN:
                continuous += v
    return value


def becomes_from_original(original: int, how: str) -> int:
    """§U.28: "its ATK becomes double (half) its original ATK", "... becomes its original ATK"."""
    if how == "double_original":
        return original * 2
    if how == "half_original":
        return halved(original)
    return original


def applied_last(value: int, changes: Iterable[tuple[int, int | None, int, bool]]) -> int:
    """§R.5: the changes applied after every other one ("during damage calculation only", since March 2025:
    lucays/OCG-Rule-documentation docs/c03/攻守计算.rst L541-544; YGOrg qa#22182), in their order of
    application: (order, "becomes" value or None, gain or loss, halved: "its ATK is halved during damage
    calculation only")."""
    for _seq, becomes, delta, halve in sorted(changes, key=lambda c: c[0]):
        value = (value if becomes is None else becomes) + delta
        if halve:
            value = halved(max(0, value))
    return value


def floored(value: int) -> int:
    """§S.5: ATK/DEF are never negative (the negative running value is kept for later steps)."""
    return max(0, value)


# -- what applies to a monster now -------------------------------------------------------------


def applying(
    ctx: Context, index: int, record: bool = False
) -> tuple[list[Lingering], list[tuple[int, StatChange]]]:
    """The lingering and continuous modifications of this monster now, the continuous ones with
    their order of application (when first seen applying). Only with `record` are new entries
    kept and those of continuous effects that no longer apply dropped (so one that applies
    again later counts from then); otherwise a new one reads as applying from now."""
    s = ctx.state
    card = ctx.card(index)
    lingering = [ling for ling in s.lingering if ling.card == index and ling.instance == card.instance]
    continuous: list[tuple[int, StatChange]] = []
    seen: set[tuple[int, int, int, int, int]] = set()
    provisional = s.stat_seq
    for src, changes in ctx.ask(Hook.STATS):
        for ch in changes:
            if not isinstance(ch, StatChange) or ch.card != index:
                continue
            if src.card != index and unaffected_by(ctx, index, src):
                continue  # §U: the effects it is unaffected by do not change its ATK/DEF
            src_instance = ctx.card(src.card).instance if src.card >= 0 else -1
            key = (src.card, src_instance, src.index, index, card.instance)
            seq = s.stat_since.get(key)
            if seq is None:
                if record:
                    seq = next_seq(s)
                    write_stat_since(s, {**s.stat_since, key: seq})
                else:
                    provisional += 1
                    seq = provisional
            seen.add(key)
            continuous.append((seq, ch))
    if record and any(k[3] == index and k not in seen for k in s.stat_since):
        write_stat_since(s, {k: v for k, v in s.stat_since.items() if k[3] != index or k in seen})
    return lingering, continuous


def watch_stats(ctx: Context) -> None:
    """Have the engine call `note_applying` at state changes only while some continuous ATK/DEF
    modification could apply in this duel (a card's, or a lingering effect's); most playouts
    have none and pay nothing. The Duel calls it when built or restored, `add_lingering` when
    a lingering effect arrives."""
    s = ctx.state
    watch = bool(ctx.index.hooks[Hook.STATS] or s.stat_since) or any(
        Hook.STATS in ctx.registry[ling.effect.type].hooks for ling in s.lingering
    )
    ctx.on_change = note_applying if watch else None


def note_applying(ctx: Context, index: int | None = None) -> None:
    """Record the order of application of the continuous modifications that apply now, to one
    monster or to every face-up monster on the field: the engine calls it whenever the state
    has changed, so the order does not depend on when anyone read ATK/DEF."""
    s = ctx.state
    for i in range(len(s.cards)) if index is None else (index,):
        if _on_field_face_up(ctx, i):
            applying(ctx, i, record=True)
        elif index is None and any(k[3] == i for k in s.stat_since):
            write_stat_since(s, {k: v for k, v in s.stat_since.items() if k[3] != i})


def _layers(
    lingering: Sequence[Lingering], continuous: Sequence[tuple[int, StatChange]], atk: bool
) -> tuple[
    list[tuple[int, OriginalChange]], list[tuple[int, int]], list[Step], list[tuple[int, int | None, int, bool]],
    list[tuple[int, str]],
]:
    """Sort the modifications of ATK (`atk`) or DEF into the layers' inputs: original changes,
    non-freezing values, the steps of layer 3, those applied last, and the continuous "becomes ... its original
    ATK" (§U.28, steps once the original value is known), each with its order of application."""
    orig: list[tuple[int, OriginalChange]] = []
    sets: list[tuple[int, int]] = []
    steps: list[Step] = []
    last: list[tuple[int, int | None, int, bool]] = []
    becomes: list[tuple[int, str]] = []
    for ling in lingering:
        o, frozen, delta = (
            (ling.original_atk, ling.set_atk, ling.atk) if atk else (ling.original_def, ling.set_def, ling.def_)
        )
        if o is not None:
            orig.append((ling.seq, o))
        if frozen is not None:
            steps.append((ling.seq, FREEZING, frozen))
        if delta:
            steps.append((ling.seq, GAIN, delta))
    for seq, ch in continuous:
        o, nf, delta = (ch.original_atk, ch.set_atk, ch.atk) if atk else (ch.original_def, ch.set_def, ch.def_)
        if ch.last:
            halve = ch.halve_atk if atk else ch.halve_def
            if nf is not None or delta or halve:
                last.append((seq, nf, delta, halve))
            continue
        if o is not None:
            orig.append((seq, o))
        if nf is not None:
            sets.append((seq, nf))
        if delta:
            steps.append((seq, CONTINUOUS_GAIN, delta))
        how = ch.atk_becomes if atk else ch.def_becomes
        if how is not None:
            becomes.append((seq, how))
    return orig, sets, steps, last, becomes


def _on_field_face_up(ctx: Context, index: int) -> bool:
    card = ctx.card(index)
    return card.location is Location.MONSTER_ZONE and card.position is not Position.SET


def current_stats(ctx: Context, index: int, *, read_others: bool = True) -> tuple[int, int]:
    """The monster's ATK and DEF now. Modifiers apply to face-up monsters on the field only. A gain equal to
    another monster's ATK reads that monster's ATK without such gains of its own (`read_others` False), so two
    monsters that read each other never go round in circles."""
    card = ctx.card(index)
    if not _on_field_face_up(ctx, index) or not (ctx.state.lingering or ctx.index.hooks[Hook.STATS]):
        return card.base_atk, card.base_def  # (nothing in the duel changes ATK/DEF: most battles)
    lingering, continuous = applying(ctx, index)
    if not lingering and not continuous:
        return card.base_atk, card.base_def
    if any(ch.gain_atk_of is not None for _seq, ch in continuous):
        continuous = (
            [(seq, _with_gain_read(ctx, ch)) for seq, ch in continuous]
            if read_others
            else [(seq, ch) for seq, ch in continuous if ch.gain_atk_of is None]
        )
    if any(ch.if_weaker_than is not None for _seq, ch in continuous):
        continuous = _if_weaker(ctx, card.base_atk, lingering, continuous, read_others)
    return _value(card.base_atk, lingering, continuous, True), _value(card.base_def, lingering, continuous, False)


def lingering_stats(ctx: Context, index: int) -> tuple[int, int]:
    """The monster's ATK and DEF with the changes resolved effects made, but no continuous effect's: what a
    continuous ATK/DEF change that picks its monsters by their ATK/DEF reads (rules spec §U.1), so that it never
    depends on itself."""
    card = ctx.card(index)
    if not _on_field_face_up(ctx, index):
        return card.base_atk, card.base_def
    lingering = [ling for ling in ctx.state.lingering if ling.card == index and ling.instance == card.instance]
    return _value(card.base_atk, lingering, (), True), _value(card.base_def, lingering, (), False)


def lingering_original_stats(ctx: Context, index: int) -> tuple[int, int]:
    """The monster's original ATK and DEF as resolved effects left them (layer 1 without continuous changes):
    what a continuous ATK change that adds up other monsters' original ATK reads (Crusadia Regulex, §U.5)."""
    card = ctx.card(index)
    if not _on_field_face_up(ctx, index):
        return card.base_atk, card.base_def
    lingering = [ling for ling in ctx.state.lingering if ling.card == index and ling.instance == card.instance]
    return (
        original_value(card.base_atk, _layers(lingering, (), True)[0]),
        original_value(card.base_def, _layers(lingering, (), False)[0]),
    )


def _value(
    printed: int, lingering: Sequence[Lingering], continuous: Sequence[tuple[int, StatChange]], atk: bool
) -> int:
    """ATK (`atk`) or DEF through the layers (docs/stat-layers.md)."""
    orig, sets, steps, last, becomes = _layers(lingering, continuous, atk)
    since = max(seq for seq, _o in orig) if orig else 0
    original = original_value(printed, orig)
    if becomes:  # §U.28: read from the original value as it is now
        steps += [(seq, BECOMES_WHILE_APPLYING, becomes_from_original(original, how)) for seq, how in becomes]
    value = modified_value(starting_value(original, sets), steps, since)
    return floored(applied_last(value, last) if last else value)


def _if_weaker(
    ctx: Context,
    printed: int,
    lingering: Sequence[Lingering],
    continuous: list[tuple[int, StatChange]],
    read_others: bool,
) -> list[tuple[int, StatChange]]:
    """Keep the changes that apply only to the weaker monster (Skyscraper, §U.1) if its ATK without them is lower
    than the other monster's ATK, read without such changes of its own (`read_others` False), as gains equal to
    another monster's ATK are: two such monsters never go round in circles."""
    plain = [(seq, ch) for seq, ch in continuous if ch.if_weaker_than is None]
    if not read_others:
        return plain
    mine = _value(printed, lingering, plain, True)
    return [
        (seq, ch)
        for seq, ch in continuous
        if ch.if_weaker_than is None or mine < current_stats(ctx, ch.if_weaker_than, read_others=False)[0]
    ]


def _with_gain_read(ctx: Context, ch: StatChange) -> StatChange:
    """A gain equal to another monster's ATK (§R.5, Metalmorph), as a plain gain: that ATK now, halved if so."""
    if ch.gain_atk_of is None:
        return ch
    atk = current_stats(ctx, ch.gain_atk_of, read_others=False)[0]
    return attrs.evolve(ch, atk=ch.atk + (halved(atk) if ch.gain_halved else atk), gain_atk_of=None)


def original_stats(ctx: Context, index: int) -> tuple[int, int]:
    """The monster's original ATK and DEF now (layer 1 only): what "its original ATK" means."""
    card = ctx.card(index)
    if not _on_field_face_up(ctx, index) or not (ctx.state.lingering or ctx.index.hooks[Hook.STATS]):
        return card.base_atk, card.base_def  # (nothing in the duel changes ATK/DEF: most battles)
    lingering, continuous = applying(ctx, index)
    atk = original_value(card.base_atk, _layers(lingering, continuous, True)[0])
    return atk, original_value(card.base_def, _layers(lingering, continuous, False)[0])


def erase_earlier(state: GameState, ling: Lingering) -> None:
    """What a resolved effect erases for good when it applies, of the same monster and stat:
    a freezing value erases the earlier lingering gains, losses and freezing values (§S.2;
    earlier continuous ones only stop applying while it lasts: yugioh-wiki.net "ステータス",
    Bujingi Crane rulings); a change of the original value erases the earlier lingering
    freezing values (§S.1; Blackwing - Gale the Whirlwind / Shrink ruling)."""
    if ling.card is None:
        return
    freezes = (ling.set_atk is not None, ling.set_def is not None)
    originals = (ling.original_atk is not None, ling.original_def is not None)
    if not any(freezes) and not any(originals):
        return
    out = []
    for old in state.lingering:
        if old.card == ling.card and old.instance == ling.instance and old.seq < ling.seq:
            if freezes[0]:
                old = attrs.evolve(old, atk=0, set_atk=None)
            elif originals[0]:
                old = attrs.evolve(old, set_atk=None)
            if freezes[1]:
                old = attrs.evolve(old, def_=0, set_def=None)
            elif originals[1]:
                old = attrs.evolve(old, set_def=None)
        out.append(old)
    write_lingering(state, tuple(out))

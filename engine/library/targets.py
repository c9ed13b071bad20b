"""What an effect targets (rules spec §1.1, §U.9): the cards it may choose on activation (a reference, or the
cards that match its `target` object), and whether each chosen target is still the same card and a legal target
as the effect resolves; an operation acts on (or reads the value of) only those that are."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, Final

from engine.effects import Context, Params, Source
from engine.library.filters import matches
from engine.library.refs import event_cards, ref
from engine.library.relative_filters import bound_filter
from engine.rules.targeting import untargetable_by
from engine.rules.unaffected import unaffected_by
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import Location, Position, holds_spells_traps, is_on_field

STAT_OPS: Final = frozenset(
    {
        "change_stats",
        "halve_stats",
        "double_stats",
        "switch_atk_def",
        "halve_original_stats",
        "double_original_stats",
        "set_original_stats",
    }
)


def changes_stats_of(src: Source, name: str) -> bool:
    does = src.effect.params.get("does", ())
    return any(op.get("op") in STAT_OPS and op.get("target") == name for op in _each_op(does))


def _each_op(does: Any) -> Iterator[Any]:
    """The operations of a `does` list, and those they contain ("you can ...", modes, a coin's sides, a die's
    results: rules spec §U.22)."""
    for op in does or ():
        yield op
        for key in ("does", "heads", "tails"):
            yield from _each_op(op.get(key))
        for entry in (op.get("modes") or ()) + (op.get("results") or ()):
            yield from _each_op(entry.get("does"))


def _targetable(ctx: Context, src: Source, index: int) -> bool:
    """Targets are monsters on the field; one whose ATK/DEF the effect changes must be face-up. An effect that
    chooses among cards (`target` an object) takes only the cards that match it, then and on resolution."""
    spec = src.effect.params["target"]
    if isinstance(spec, Params):
        return index in chosen_among(ctx, src, spec)
    card = ctx.card(index)
    if card.location is not Location.MONSTER_ZONE:
        return False
    return not (card.position is Position.SET and changes_stats_of(src, str(spec)))


def chosen_among(ctx: Context, src: Source, spec: Params) -> list[int]:
    """The cards an effect may target ("target 1 face-up monster your opponent controls"): in its `zone` (on the
    field, or in a Graveyard or banished: of their owner), of its `player`, matching its `filter`, the attacking
    monster only with `attacking`, not this card with `other_than_self`, and face-up where the effect changes ATK/DEF
    (a face-down monster has none to change)."""
    zones = spec.get("zones") or (spec.get("zone", "monster_zone"),)
    who = spec.get("player", "both")
    flt = bound_filter(ctx, src, spec.get("filter") or {})  # (a bound read from another card: §U.30)
    if flt is None:
        return []
    b = ctx.state.battle
    stats = changes_stats_of(src, "targeted")
    out = []
    for i, card in enumerate(ctx.state.cards):
        loc = card.location
        if not any(_in_zone(loc, zone) for zone in zones):
            continue
        pile = _PILES.get(loc.value)
        whose = card.owner if pile is not None else card.controller  # ("in your Graveyard": the cards you own)
        if (who == "controller" and whose is not src.controller) or (who == "opponent" and whose is src.controller):
            continue
        if (spec.get("other_than_self") and i == src.host) or (spec.get("attacking") and not (
            b.under_way and i == b.attacker
        )):
            continue
        if stats and loc is Location.MONSTER_ZONE and card.position is Position.SET:
            continue
        if flt and not matches(ctx, i, flt):
            continue
        out.append(i)
    return out


def _in_zone(loc: Location, zone: str) -> bool:
    """A card in `loc` is in the target zone `zone` (a Graveyard, banished, or a place on the field)."""
    pile = _PILES.get(zone)
    if pile is not None:
        return loc is pile
    if zone == "monster_zone":
        return loc is Location.MONSTER_ZONE
    return holds_spells_traps(loc) if zone == "spell_trap_zone" else is_on_field(loc)  # "1 Spell/Trap": Field Zone too


# Target zones off the field (rules spec §U.18): "target 1 monster in your Graveyard", "1 of your banished cards".
_PILES: Final = {"graveyard": Location.GRAVEYARD, "banished": Location.BANISHED}


def targets(ctx: Context, src: Source) -> list[tuple[int, ...]]:
    """The target choices: the one card a reference names, or each set of `count` (1 to `count` with `up_to`)
    cards among those the effect may choose, for its controller to pick one."""
    spec = src.effect.params["target"]
    if isinstance(spec, Params):
        among = chosen_among(ctx, src, spec)
        n = int(spec.get("count", 1))
        sizes = range(1, n + 1) if spec.get("up_to") else (n,)
        return [combo for k in sizes for combo in combinations(among, k)]
    index = ref(ctx, src, str(spec))
    return [(index,)] if index is not None and _targetable(ctx, src, index) else []


def card_for(ctx: Context, src: Source, link: ChainLink, name: str) -> int | None:
    """The card an operation acts on. A target chosen on activation must still be the same card,
    and still a legal target, on resolution; otherwise the operation does nothing to it."""
    index = ref(ctx, src, name)
    if index is None:
        return None
    if unaffected_by(ctx, index, src):
        ctx.emit(EventType.LINK_RESOLVED, "unaffected", card=index, detail="unaffected by this effect")
        return None
    return None if target_lost(ctx, src, link, index) else index


def target_lost(ctx: Context, src: Source, link: ChainLink, index: int) -> bool:
    """A target chosen on activation that is no longer the same card, or no longer a legal target, on resolution:
    the effect does not apply to it, nor reads anything of it ("its ATK"). Said in the log once it is found."""
    if index not in link.targets:
        return False
    card = ctx.card(index)
    gone = card.instance != link.target_instances[link.targets.index(index)] or card.battle_destroyed
    if gone or not _targetable(ctx, src, index) or untargetable_by(ctx, index, src):
        ctx.emit(EventType.LINK_RESOLVED, "effect", card=index, detail="target no longer legal: not affected")
        return True
    return False


_VALUE_KEYS: Final = ("equal_to", "atk_gain_of", "def_gain_of", "set_atk_of", "set_def_of", "add_of", "becomes_of",
                      "count_of")


def each_target(ctx: Context, link: ChainLink, op: Params) -> list[Params]:
    """The operation once for each card chosen as a target, where it names `targeted` (as its `target`, or as the
    monster whose value it reads: "equal to its ATK"); as it is otherwise."""
    if op.get("target") == "event_cards":  # "that monster(s)": each card of the trigger's event (§U.27)
        return [Params({**op, "target": ctx.card(i).id}) for i in event_cards(ctx)]
    named = op.get("target") == "targeted"
    reads = [k for k in _VALUE_KEYS if isinstance(op.get(k), Mapping) and "targeted" in op[k].values()]
    if not named and not reads:
        return [op]
    out = []
    for index in link.targets:
        cid = ctx.card(index).id
        one = {**op, "target": cid} if named else dict(op)
        for k in reads:
            one[k] = Params({part: cid if v == "targeted" else v for part, v in op[k].items()})
        out.append(Params(one))
    return out


def reads_lost_target(ctx: Context, src: Source, link: ChainLink, op: Params) -> bool:
    """The operation reads a value of the effect's target ("inflict damage equal to its ATK") that is no longer a
    legal target: it does nothing (ProjectIgnis/CardScripts c62279055, Magic Cylinder: no damage once its target
    has left the field)."""
    for k in _VALUE_KEYS:
        source = op.get(k)
        if not isinstance(source, Mapping):
            continue
        for part in ("of", "minus"):
            name = source.get(part)
            index = None if name is None else ref(ctx, src, str(name))
            if index is not None and target_lost(ctx, src, link, index):
                return True
    return False

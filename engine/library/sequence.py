"""The order of an effect's operations (rules spec §U.18): "..., and if you do, ..." (an operation done only if the
one before it was done: `if_you_do`), and an action an effect leaves for a later moment ("destroy it at the end of the
Damage Step", "during the End Phase of this turn, add ...": `later`), done then with no chain, once.

Whether an operation was done is read from the state it leaves, not from what it says: it was done if it changed a
card, a player, the effects applying, the battle, or negated an activation. An action left for later names the cards
the effect named as it resolved ("that monster"): each reference is bound then to that card, and the action does
nothing once that card has left the place it was in (a card that leaves and returns is a new card, rules spec §R.2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from engine import actions
from engine.effects import Context, Effect, EffectKind, Lingering, Params, Source
from engine.library.event_cards import event_count_problem
from engine.library.filters import matches
from engine.library.refs import ref
from engine.library.targets import each_target, reads_lost_target
from engine.state import ChainLink
from engine.values.events import EventType

OpHandler = Callable[[Context, Source, ChainLink, Params], None]

# The references bound when an action is left for later (the effect's `targeted` cards are bound by `each_target`).
_BOUND: Final = frozenset({"attacker", "target", "self", "battling_opponent", "own_battler", "opponent_battler"})
# How long an action left for later waits for its moment: the moment's own step, Battle Phase, or turn.
LATER_EXPIRES: Final = {
    "after_damage_calculation": "end_of_damage_step",
    "end_of_damage_step": "end_of_damage_step",
    "end_step": "end_of_battle_phase",
    "end_phase": "end_of_turn",
}
LATER_TYPE: Final = "later"


def _mark(ctx: Context) -> tuple[Any, ...]:
    """What an operation may change, compared before and after it (immutable records and counts: cheap)."""
    s = ctx.state
    b = s.battle
    w = s.window
    last = s.lingering[-1] if s.lingering else None
    return (s.cards, s.players, len(s.lingering), last, b.target, b.negated, b.stopped, b.calculate_at_once,
            s.battle_phase_ending, len(w.negated_links) if w is not None else 0, s.winner, s.draw)  # fmt: skip


def run_ops(ctx: Context, src: Source, link: ChainLink, does: Sequence[Params],
            handlers: Mapping[str, OpHandler]) -> None:  # fmt: skip
    """Resolve `does` in order: an operation with `if_you_do` only if the one before it was done (a skipped one was
    not: "A, and if you do, B, and if you do, C"); a run of operations with the same `later` is left for that moment
    (it counts as done); stop if the Duel ends part-way (§2.7)."""
    did = True
    k = 0
    while k < len(does):
        op = does[k]
        if op.get("if_you_do") and not did:
            did = False
            k += 1
            continue
        count = op.get("if_event_count")
        if count is not None and event_count_problem(ctx, src, count) is not None:  # §U.26
            did = False
            k += 1
            continue
        moment = op.get("later")
        if moment is not None:
            group = [op]
            while k + 1 < len(does) and does[k + 1].get("later") == moment:
                k += 1
                group.append(does[k])
            did = _leave_for_later(ctx, src, link, str(moment), group)
            k += 1
            continue
        did = False
        for one in each_target(ctx, link, op):
            if reads_lost_target(ctx, src, link, one) or not _it_is(ctx, src, one):
                continue
            before = _mark(ctx)
            handlers[str(one["op"])](ctx, src, link, one)
            did = did or _mark(ctx) != before
            if ctx.state.duel_over:
                return
        k += 1


def _it_is(ctx: Context, src: Source, op: Params) -> bool:
    """`if_it_is`: the card the operation's target names matches the filter now ("unless it is a 'Madolche'
    monster"); an operation with no such key is always done."""
    flt = op.get("if_it_is")
    if flt is None:
        return True
    index = ref(ctx, src, str(op.get("target", "")))
    return index is not None and matches(ctx, index, flt)


def _bind(ctx: Context, src: Source, value: Any, bound: dict[int, int], acted_on: bool = True) -> Any:
    """A reference as the card it names now (its id); None if it names none. A card the operation acts on has its
    instance noted in `bound` (the action does nothing once it is another card); a card whose value it reads (in a
    value's object: "damage equal to its original ATK") is read as it was if it has left (§R.2)."""
    if isinstance(value, str) and value in _BOUND:
        index = ref(ctx, src, value)
        if index is None:
            return None
        if acted_on:
            bound[index] = ctx.card(index).instance
        return ctx.card(index).id
    if isinstance(value, Mapping):
        parts = {k: _bind(ctx, src, v, bound, False) for k, v in value.items()}
        return None if any(v is None and value[k] is not None for k, v in parts.items()) else Params(parts)
    return value


def _leave_for_later(ctx: Context, src: Source, link: ChainLink, moment: str, group: list[Params]) -> bool:
    """Note the operations of `group` to be done at `moment`, their references bound to the cards they name now."""
    bound: dict[int, int] = {}
    ops = []
    for op in group:
        for one in each_target(ctx, link, op):
            fixed = {}
            for key, value in one.items():
                if key in ("op", "later", "if_you_do", "if_it_is"):
                    fixed[key] = value if key != "later" else None
                    continue
                b = _bind(ctx, src, value, bound)
                if b is None and value is not None:
                    break  # "that monster" is gone already: nothing to do to it later
                fixed[key] = b
            else:
                ops.append(Params(fixed))
    if not ops:
        return False
    params = {"at": moment, "does": tuple(ops), "card": src.card, "host": src.host,
              "bound": tuple(sorted(bound.items()))}  # fmt: skip
    eff = Effect(LATER_TYPE, EffectKind.CONTINUOUS, params=params, label=src.effect.label)
    actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, LATER_EXPIRES[moment]))
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=src.card, player=src.controller,
             detail=f"an action is left for the {moment.replace('_', ' ')}")  # fmt: skip
    return True


def do_later(ctx: Context, src: Source, handlers: Mapping[str, OpHandler]) -> None:
    """The `Hook.AT_TIMING` answer of an action left for later (`src`: its lingering effect): at its moment, once,
    with no chain; nothing if a card it acts on is no longer the card it named. (A module function, not a closure:
    a registry is pickled with the games that carry it.)"""
    p = src.effect.params
    if ctx.state.phase.value != p["at"]:
        return
    me = src.effect
    actions.end_lingering(ctx, lambda ling: ling.effect is me, detail="an action left for later is done")
    card = int(p["card"])
    if any(ctx.card(int(i)).instance != int(inst) for i, inst in p["bound"]):
        ctx.emit(EventType.LINK_RESOLVED, "effect", card=card, player=src.controller,
                 detail="an action left for later: the card it names is no longer there")  # fmt: skip
        return
    orig = Source(card, -1, src.effect, src.controller, int(p["host"]))
    run_ops(ctx, orig, ChainLink(card, -1, src.controller, 1), p["does"], handlers)

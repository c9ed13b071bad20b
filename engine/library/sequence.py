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
from engine.library.activation_facts import held_at_activation
from engine.library.asking import ops_may_ask
from engine.library.conditions import named_condition
from engine.library.event_cards import event_count_problem
from engine.library.filters import matches
from engine.library.moved import MOVED, each_named, moved_since, named
from engine.library.refs import ref
from engine.library.targets import each_target, reads_lost_target, target_lost
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import Location, Phase, Player, opponent_of

OpHandler = Callable[[Context, Source, ChainLink, Params], None]

# The references bound when an action is left for later (the effect's `targeted` cards are bound by `each_target`).
_BOUND: Final = frozenset({"attacker", "target", "self", "battling_opponent", "own_battler", "opponent_battler"})
# How long an action left for later waits for its moment: the moment's own step, Battle Phase, or turn.
LATER_EXPIRES: Final = {
    "after_damage_calculation": "end_of_damage_step",
    "end_of_damage_step": "end_of_damage_step",
    "end_step": "end_of_battle_phase",
    "end_phase": "end_of_turn",
    # A later turn's Standby Phase (§U.31): it waits across turns, and lapses once that turn is past its Standby Phase.
    "next_standby_phase": "permanent",
    "next_own_standby_phase": "permanent",
    "next_opponent_standby_phase": "permanent",
}
LATER_TYPE: Final = "later"


def due_turn(ctx: Context, moment: str, player: Player) -> int | None:
    """The turn whose Standby Phase an action left for `moment` waits for (None: a moment of this turn): "during the
    next Standby Phase" the next turn's; "during your (your opponent's) next Standby Phase" the first turn after this
    one that is `player`'s (their opponent's) (§U.31)."""
    s = ctx.state
    if moment == "next_standby_phase":
        return s.turn + 1
    if moment in ("next_own_standby_phase", "next_opponent_standby_phase"):
        whose = player if moment == "next_own_standby_phase" else opponent_of(player)
        return s.turn + (1 if s.turn_player is not whose else 2)
    return None


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
    (it counts as done); stop if the Duel ends part-way (§2.7). An operation naming `acted_on` ("it": §U.27, §U.23) acts
    on (reads) each card the one before it moved, and is not done if that moved none; likewise `battle_victims` and
    `paid` (§U.23)."""
    did = True
    moved: list[int] = []
    k = 0
    summoned: tuple[str, ...] = ()  # the cards the operation before Special Summoned ("them": §U.24)
    while k < len(does):
        op = does[k]
        if (op.get("if_you_do") and not did) or (
            op.get("if_at_activation") is not None and not held_at_activation(ctx, src, op["if_at_activation"])
        ):
            did = False
            moved = []
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
            if any(g.get("target") == "summoned" for g in group):  # one action for each of "them" (§U.24)
                did = False
                for cid in summoned:
                    each = [Params({**g, "target": cid}) if g.get("target") == "summoned" else g for g in group]
                    did = _leave_for_later(ctx, src, link, str(moment), each, ids=frozenset({cid})) or did
            else:
                # `acted_on` in an action left for later: the cards moved by the operation before the group, bound now
                acts_on = moved if any(named(g) == MOVED for g in group) else []
                group = [one for g in group for one in each_named(ctx, src, g, moved)]
                did = bool(group) and _leave_for_later(ctx, src, link, str(moment), group, acts_on)
            moved = []
            k += 1
            continue
        did = False
        cards_before = ctx.state.cards
        for base in each_named(ctx, src, op, moved):
            for one in (t for b in each_summoned(base, summoned) for t in each_target(ctx, link, b)):
                if reads_lost_target(ctx, src, link, one) or not _it_is(ctx, src, one) or not _holds(ctx, src, one):
                    continue
                before = _mark(ctx)
                handlers[str(one["op"])](ctx, src, link, one)
                did = did or _mark(ctx) != before
                if ctx.state.duel_over:
                    return
        summoned = summoned_by(ctx, cards_before)
        moved = moved_since(ctx, cards_before)
        k += 1


def each_summoned(op: Params, summoned: Sequence[str]) -> list[Params]:
    """The operation once for each card the operation before it Special Summoned, where its `target` is `summoned`
    ("Special Summon 2 Tokens ..., but destroy them during the End Phase"); as it is otherwise."""
    if op.get("target") != "summoned":
        return [op]
    return [Params({**op, "target": cid}) for cid in summoned]


def summoned_by(ctx: Context, before: Sequence[Any]) -> tuple[str, ...]:
    """The ids of the monsters an operation just Special Summoned: new cards (Tokens), or cards that moved into a
    Monster Zone as Special Summoned, given the cards as they were before it (`before`)."""
    out = []
    for i, c in enumerate(ctx.state.cards):
        moved = i >= len(before) or before[i].instance != c.instance
        if moved and c.location is Location.MONSTER_ZONE and c.summoned not in (None, "normal", "flip"):
            out.append(c.id)
    return tuple(out)


def _holds(ctx: Context, src: Source, op: Params) -> bool:
    """`if_condition`: the named conditions hold now (§U.24); an operation with no such key is always done."""
    names = op.get("if_condition")
    if names is None:
        return True
    return all(named_condition(ctx, src, str(n)) for n in ((names,) if isinstance(names, str) else names))



def _it_is(ctx: Context, src: Source, op: Params) -> bool:
    """`if_it_is`: the card the operation's target names matches the filter now ("unless it is a 'Madolche'
    monster"); an operation with no such key is always done."""
    flt = op.get("if_it_is")
    if flt is None:
        return True
    index = ref(ctx, src, str(op.get("target", "")))
    return index is not None and matches(ctx, index, flt)


def _bind(ctx: Context, src: Source, value: Any, bound: dict[int, int], acted_on: bool = True,
          ids: frozenset[str] = frozenset()) -> Any:  # fmt: skip
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
    if isinstance(value, str) and value in ids:  # a card the operation before Special Summoned: that card (§U.24)
        index = ref(ctx, src, value)
        if index is None:
            return None
        bound[index] = ctx.card(index).instance
        return value
    if isinstance(value, Mapping):
        parts = {k: _bind(ctx, src, v, bound, False) for k, v in value.items()}
        return None if any(v is None and value[k] is not None for k, v in parts.items()) else Params(parts)
    return value


def _leave_for_later(ctx: Context, src: Source, link: ChainLink, moment: str, group: list[Params],
                     acts_on: Sequence[int] = (), ids: frozenset[str] = frozenset()) -> bool:  # fmt: skip
    """Note the operations of `group` to be done at `moment`, their references bound to the cards they name now (and
    to the cards `acts_on`, those `moved` named; `ids`: a card the operation before Special Summoned, §U.24)."""
    bound: dict[int, int] = {i: ctx.card(i).instance for i in acts_on}
    # The targets it acts on ("Special Summon that target at the end of the Damage Step", §U.30): one no longer a
    # legal target now is not acted on; the others are bound to the cards they are now
    lost = {ctx.card(i).id for i in link.targets if target_lost(ctx, src, link, i)}
    ops = []
    for op in group:
        for one in each_target(ctx, link, op):
            if op.get("target") == "targeted":
                if one["target"] in lost:
                    continue
                index = next(i for i in link.targets if ctx.card(i).id == one["target"])
                bound[index] = ctx.card(index).instance
            fixed = {}
            for key, value in one.items():
                if key in ("op", "later", "if_you_do", "if_it_is", "if_condition"):
                    fixed[key] = value if key != "later" else None
                    continue
                b = _bind(ctx, src, value, bound, ids=ids if key == "target" else frozenset())
                if b is None and value is not None:
                    break  # "that monster" is gone already: nothing to do to it later
                fixed[key] = b
            else:
                ops.append(Params(fixed))
    if not ops:
        return False
    params = {"at": moment, "does": tuple(ops), "card": src.card, "host": src.host, "effect": src.index,
              "bound": tuple(sorted(bound.items())), "due": due_turn(ctx, moment, src.controller)}  # fmt: skip
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
    me = src.effect
    due = p.get("due")
    if due is not None:  # a later turn's Standby Phase (§U.31)
        s = ctx.state
        if s.turn < due or (s.turn == due and s.phase is Phase.DRAW_PHASE):
            return
        if s.turn > due or s.phase is not Phase.STANDBY_PHASE:  # that turn went on without it: the moment passed
            actions.end_lingering(ctx, lambda ling: ling.effect is me, detail="an action left for later lapses")
            return
    elif ctx.state.phase.value != p["at"]:
        return
    actions.end_lingering(ctx, lambda ling: ling.effect is me, detail="an action left for later is done")
    card = int(p["card"])
    if any(ctx.card(int(i)).instance != int(inst) for i, inst in p["bound"]):
        ctx.emit(EventType.LINK_RESOLVED, "effect", card=card, player=src.controller,
                 detail="an action left for later: the card it names is no longer there")  # fmt: skip
        return
    orig = Source(card, -1, src.effect, src.controller, int(p["host"]))
    if ctx.acting is not None:  # it may ask its player (§U.30): a decision of the effect that left it
        ctx.acting = (card, int(p.get("effect", -1)))
    run_ops(ctx, orig, ChainLink(card, -1, src.controller, 1), p["does"], handlers)


def later_may_ask(effect: Effect) -> bool:
    """Whether an action left for later may ask a player (its position, a pick, "you can": rules spec §U.30)."""
    return ops_may_ask(effect.params.get("does", ()))

"""Which cards or what amount pays a cost, decided by the activating player as the effect is activated (rules spec
§U.21): "discard 1 card", "Tribute 1 monster", "banish 1 card from your GY", "pay LP in multiples of 100 (max.
2000)". The question is asked with `engine.resolution.ask` while `Context.paying` is set (the activation is then
replayed from its start with the answer: `resolution.pay_asking`); a cost with exactly one way to pay asks nothing.

The options are listed in the order a player answering nothing would take (the scenario agent's default: the first
option), which is the order the format used before a cost asked: a card's own `pay_with` first, then the unnamed cards
of the hand, then the others as `costs` orders them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from engine import resolution
from engine.effects import Context, Source
from engine.resolution import MAX_PICK_OPTIONS
from engine.values.decisions import ANSWER_VALUES, DecisionKind, answer_option, answer_value
from engine.values.errors import describe_card


def _about(ctx: Context, src: Source) -> str:
    card = ctx.state.cards[src.card]
    return f"the cost of {describe_card(card.id, card.name)}'s effect"


def pick_payment(
    ctx: Context, src: Source, eligible: Sequence[int], count: int, what: str, named: Sequence[int] = (),
    unnamed: int = 0,
) -> tuple[tuple[int, ...], int]:  # fmt: skip
    """The cards that pay `count` of the cost (`what`: "discard", ...) among `eligible` (in order of preference):
    the `named` ones (a card's scripted `pay_with`, eligible ones first, up to `count`), the rest picked by the
    activating player; with `unnamed` interchangeable unnamed cards of the hand also able to pay (an answer picking
    fewer than needed pays the rest with unnamed cards). Returns the cards and how many unnamed cards pay."""
    first = [i for i in named if i in eligible][:count]
    need = count - len(first)
    rest = [i for i in eligible if i not in first]
    lo, hi = max(0, need - unnamed), min(need, len(rest))
    options = []
    for k in range(lo, hi + 1):
        for combo in combinations(rest, k):
            options.append(answer_option(src.card, 0, tuple(sorted(combo))))  # (the rest: unnamed cards)
            if len(options) > MAX_PICK_OPTIONS:
                raise ValueError(f"{_about(ctx, src)}: more than {MAX_PICK_OPTIONS} ways to {what} {count}")
    if not options:
        return tuple(first), 0
    prompt = f"{_about(ctx, src)}: the {need} card(s) to {what}"
    o = resolution.ask(ctx, src.controller, DecisionKind.PICK, options, prompt)
    return (*first, *o.targets), need - len(o.targets)


def lp_choices(ctx: Context, src: Source, cost: Mapping[str, Any]) -> list[int]:
    """How many units of `lp_multiple_of` LP the player may pay ("in multiples of 100 (max. 2000)"): from 1 to the
    most its LP and `lp_max` allow (paying all of one's LP is allowed, as for a fixed LP cost), at most
    ANSWER_VALUES - 1 units."""
    unit = int(cost.get("lp_multiple_of") or 0)
    if unit <= 0:
        return []
    have = ctx.state.players[src.controller].lp
    most = have if not cost.get("lp_max") else min(have, int(cost["lp_max"]))
    return list(range(1, min(most // unit, ANSWER_VALUES - 1) + 1))


def choose_lp(ctx: Context, src: Source, cost: Mapping[str, Any]) -> int:
    """The LP the activating player pays, a multiple of `lp_multiple_of` it chooses (0 if the cost has none)."""
    units = lp_choices(ctx, src, cost)
    if not units:
        return 0
    unit = int(cost["lp_multiple_of"])
    options = [answer_option(src.card, v) for v in units]
    o = resolution.ask(ctx, src.controller, DecisionKind.NUMBER, options,
                       f"{_about(ctx, src)}: how many times {unit} LP to pay")  # fmt: skip
    return answer_value(o) * unit

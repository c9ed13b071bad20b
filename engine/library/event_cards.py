"""The cards of the event an effect answers (rules spec §U.26): "When exactly 1 monster is Special Summoned face-up:
destroy all monsters on the field with less ATK than that monster" (The Return to the Normal). An activated effect
whose timing is an event of cards (`on` with `about`), or a trigger on one, answers the cards of that event that
concern it (`about`, `event_filter`, `destroyed_by`): those the window recorded since the last chain before its own
resolved (`WindowState.happened`, §U.14). Simultaneous events of one action (two monsters Summoned by one effect) are
one event of both cards. Read by the activation condition `event_count` and the target reference `event_card`."""

from __future__ import annotations

from engine.effects import Context, Params, Source
from engine.rules.triggers import about, concerns_card_event


def event_cards(ctx: Context, src: Source) -> tuple[int, ...]:
    """The cards of the event this effect answers, in the order they were recorded; none outside its window, or for an
    effect with no event of cards."""
    w = ctx.state.window
    event = src.effect.event
    if w is None or event is None or src.index < 0:
        return ()
    whose = about(src.effect)
    out: list[int] = []
    for happened, cards, player, chain in w.happened:
        if happened is not event or chain != w.chains_resolved or player is not None:
            continue
        out += [i for i in cards if i not in out and concerns_card_event(ctx, src.card, whose, (i,), None, src.index)]
    return tuple(out)


def event_count_problem(ctx: Context, src: Source, count: Params) -> str | None:
    """`event_count` (`at_least`, `at_most`): how many cards the event it answers has ("when exactly 1 monster is
    Special Summoned": 1 and 1); why not, or None."""
    n = len(event_cards(ctx, src))
    low, high = count.get("at_least"), count.get("at_most")
    if low is not None and n < int(low):
        return f"its event has {n} card(s), fewer than {low}"
    if high is not None and n > int(high):
        return f"its event has {n} card(s), more than {high}"
    return None


def event_card(ctx: Context, src: Source) -> int | None:
    """The target reference `event_card`, "that monster": the one card of the event the effect answers (None if the
    event has none, or several)."""
    cards = event_cards(ctx, src)
    return cards[0] if len(cards) == 1 else None

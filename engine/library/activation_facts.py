"""Facts of the game as an effect was activated, read as it resolves (rules spec §U.23): "then, if only your opponent
controlled a monster when this effect was activated, you can Special Summon up to 2 more"; "the monster sent to the
GY" as its cost (the reference `paid`: the cards its cost moved). An operation's
`if_at_activation` (an `only_if` condition) is read when the effect is activated, before its cost is paid, and
kept with that chain link (a lingering marker naming the card, the effect and the link's place in the chain); as the
effect resolves, the operation is done only if it held then."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from engine import actions
from engine.effects import Context, Effect, EffectKind, EffectType, Lingering, Source
from engine.library.conditions import only_if_problem

MARKER: Final = "activation_facts"
PAID: Final = "paid"
TYPES: Final = [EffectType(MARKER)]  # a marker read by `held_at_activation`, no hook


def _conditions(does: Any) -> Iterator[Mapping[str, Any]]:
    """Every `if_at_activation` of a `does` list, those of the operations it contains too."""
    for op in does or ():
        if op.get("if_at_activation") is not None:
            yield op["if_at_activation"]
        for key in ("does", "heads", "tails", "right", "wrong"):
            yield from _conditions(op.get(key))
        for entry in (op.get("modes") or ()) + (op.get("results") or ()):
            yield from _conditions(entry.get("does"))


def _key(cond: Mapping[str, Any]) -> str:
    return repr(sorted((str(k), repr(v)) for k, v in cond.items()))


def note_at_activation(ctx: Context, src: Source) -> None:
    """Read the effect's `if_at_activation` conditions now (it is being activated: its link is the chain's last) and
    keep what they say with the link, for the rest of the turn at most."""
    conds = list(_conditions(src.effect.params.get("does")))
    w = ctx.state.window
    if not conds or w is None or not w.chain:
        return
    held = tuple((_key(c), only_if_problem(ctx, src, c) is None) for c in conds)  # type: ignore[arg-type]
    params = {"card": src.card, "effect": src.index, "link": len(w.chain) - 1, "held": held}
    actions.add_lingering(ctx, Lingering(Effect(MARKER, EffectKind.CONTINUOUS, params=params), src.controller, None,
                                         None, "end_of_turn"))  # fmt: skip


def _names_paid(does: Any) -> bool:
    """Whether an operation of `does` (or one it contains) names `paid`."""
    for op in does or ():
        if PAID in (op.get("target"), op.get("card")) or any(
            isinstance(v, Mapping) and PAID in v.values() for v in op.values()
        ):
            return True
        if any(_names_paid(op.get(k)) for k in ("does", "heads", "tails", "right", "wrong")):
            return True
        if any(_names_paid(e.get("does")) for e in (op.get("modes") or ()) + (op.get("results") or ())):
            return True
    return False


def note_paid(ctx: Context, src: Source, paid: tuple[int, ...]) -> None:
    """Keep with the link being activated the cards its cost just moved, for an effect whose operations name `paid`
    ("... equal to the Level of the monster sent to the GY x 200")."""
    w = ctx.state.window
    if not paid or w is None or not w.chain or not _names_paid(src.effect.params.get("does")):
        return
    params = {"card": src.card, "effect": src.index, "link": len(w.chain) - 1, "held": (), "paid": paid}
    actions.add_lingering(ctx, Lingering(Effect(MARKER, EffectKind.CONTINUOUS, params=params), src.controller, None,
                                         None, "end_of_turn"))  # fmt: skip


def paid_cards(ctx: Context, src: Source) -> tuple[int, ...]:
    """The cards the cost of the resolving link (this effect's) moved; none if not known."""
    w = ctx.state.window
    if w is None or w.resolving < 0:
        return ()
    for ling in reversed(ctx.state.lingering):
        p = ling.effect.params
        if ling.effect.type == MARKER and p["card"] == src.card and p["effect"] == src.index and \
                p["link"] == w.resolving and p.get("paid"):  # fmt: skip
            return tuple(p["paid"])
    return ()


def held_at_activation(ctx: Context, src: Source, cond: Mapping[str, Any]) -> bool:
    """Whether `cond` held when the resolving link (this effect's) was activated; False if it is not known (an action
    left for later, with no chain)."""
    w = ctx.state.window
    if w is None or w.resolving < 0:
        return False
    key = _key(cond)
    for ling in reversed(ctx.state.lingering):
        p = ling.effect.params
        if ling.effect.type == MARKER and p["card"] == src.card and p["effect"] == src.index and \
                p["link"] == w.resolving:  # fmt: skip
            return any(k == key and ok for k, ok in p["held"])
    return False

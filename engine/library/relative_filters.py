"""Monsters chosen by a value read as the effect resolves (rules spec §U.26): `atk_below` on `destroy_all` and
`all_monsters`, "destroy all monsters on the field with less ATK than that monster" (The Return to the Normal). Only
face-up monsters, whose current ATK is less than the value; a value read of a monster (`of`) that is no longer face-up
on the field compares with nothing, and the operation does nothing (ProjectIgnis/CardScripts c56001930: `if not (ec
and ec:IsRelateToEffect(e) and ec:IsFaceup()) then return end`, `c:IsFaceup() and c:GetAttack()<atk`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from engine.effects import Context, Params, Source
from engine.library.refs import ref, value_of
from engine.rules.stats import current_stats


def below_problem(ctx: Context, src: Source, op: Params) -> int | None:
    """The value `atk_below` compares with, or None if the monster it reads is gone (nothing is done then)."""
    source = op.get("atk_below")
    if source is None:
        return None
    of = source.get("of")
    if of is not None:
        index = ref(ctx, src, str(of))
        if index is None or not ctx.card(index).face_up_on_field:
            return None
    return value_of(ctx, src, source)


def below(ctx: Context, index: int, value: int | None) -> bool:
    """Whether a monster is one `atk_below` names: face-up, with less current ATK than `value`."""
    if value is None:
        return True
    return ctx.card(index).face_up_on_field and current_stats(ctx, index)[0] < value


# The filter keys whose bound is another card's value, each with the plain key it becomes and how two bounds of one
# filter combine (both must hold: the tighter one).
RELATIVE: Final[dict[str, tuple[str, Callable[[int, int], int]]]] = {
    "level_at_most_of": ("level_at_most", min),
    "level_at_least_of": ("level_at_least", max),
    "atk_at_most_of": ("atk_at_most", min),
    "atk_at_least_of": ("atk_at_least", max),
    "def_at_most_of": ("def_at_most", min),
    "def_at_least_of": ("def_at_least", max),
}
_NESTED: Final = ("not", "any", "all")


def is_relative(flt: Mapping[str, Any]) -> bool:
    """The filter, or one it combines (`not`, `any`, `all`), has a bound read from another card."""
    if any(k in flt for k in RELATIVE):
        return True
    inner = ([flt["not"]] if "not" in flt else []) + list(flt.get("any", ())) + list(flt.get("all", ()))
    return any(is_relative(f) for f in inner)


def bound_filter(ctx: Context, src: Source, flt: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """`flt` with each bound read from another card replaced by its value now ("with a Level less than or equal to
    the attacking monster's": `level_at_most_of` {"of": "attacker", "stat": "level"} becomes `level_at_most` N); None
    if a card it reads is not there (no card matches then: there is nothing to compare with). A filter with no such
    bound is returned as it is."""
    if not is_relative(flt):
        return flt
    out: dict[str, Any] = {}
    bounds: list[tuple[str, Callable[[int, int], int], int]] = []
    for key, value in flt.items():
        if key in RELATIVE:
            of = value.get("of")
            if of is not None and ref(ctx, src, str(of)) is None:
                return None
            plain, tighter = RELATIVE[key]
            bounds.append((plain, tighter, value_of(ctx, src, value)))
        elif key == "not":
            inner = bound_filter(ctx, src, value)
            if inner is None:
                return None
            out[key] = inner
        elif key in ("any", "all"):
            parts = [bound_filter(ctx, src, f) for f in value]
            if any(p is None for p in parts):
                return None
            out[key] = tuple(parts)
        else:
            out[key] = value
    for plain, tighter, read in bounds:
        out[plain] = tighter(int(out[plain]), read) if plain in out else read
    return out

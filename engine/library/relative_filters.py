"""Monsters chosen by a value read as the effect resolves (rules spec §U.26): `atk_below` on `destroy_all` and
`all_monsters`, "destroy all monsters on the field with less ATK than that monster" (The Return to the Normal). Only
face-up monsters, whose current ATK is less than the value; a value read of a monster (`of`) that is no longer face-up
on the field compares with nothing, and the operation does nothing (ProjectIgnis/CardScripts c56001930: `if not (ec
and ec:IsRelateToEffect(e) and ec:IsFaceup()) then return end`, `c:IsFaceup() and c:GetAttack()<atk`)."""

from __future__ import annotations

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

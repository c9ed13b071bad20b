"""A Trap Card Special Summoned as a monster (rules spec §U.27): "Special Summon this card in Attack Position as an
Effect Monster (Warrior/LIGHT/Level 4/ATK ?/DEF 0) ... (This card is also still a Trap Card.)". The resolving Trap
Card, face-up on the field, becomes a monster with those values and is Special Summoned to its controller's Main
Monster Zone; it is a monster while it stays there (its own effects are then a monster's), a Trap Card again once it
leaves (`engine.state.write_moved`)."""

from __future__ import annotations

from engine import actions
from engine.effects import Context, Params, Source
from engine.library.asking import summon_position
from engine.rules.tokens import free_main_monster_zones
from engine.state import ChainLink
from engine.values.game import Attribute, CardType, MonsterType, holds_spells_traps


def special_summon_as_monster(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """The op: only the resolving Trap Card itself, face-up on the field, and only into a free Main Monster Zone."""
    index = src.card
    card = ctx.card(index)
    if card.card_type is not CardType.TRAP or not holds_spells_traps(card.location) or card.face_down:
        return  # it left the field, or is no Trap Card on it (rules spec §C.2)
    if free_main_monster_zones(ctx.state.cards, src.controller) < 1:
        return
    stats = (int(op.get("atk", 0)), int(op.get("def", 0)), int(op["level"]), Attribute(str(op["attribute"])),
             MonsterType(str(op["monster_type"])), frozenset({str(op.get("ability", "effect"))}))  # fmt: skip
    actions.special_summon_as_monster(ctx, index, src.controller, summon_position(ctx, src, index, op), stats, "effect")


TRAP_MONSTER_OPS = {"special_summon_as_monster": special_summon_as_monster}

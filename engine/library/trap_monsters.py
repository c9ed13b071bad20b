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
from engine.state import ChainLink, MonsterValues, write_as_monster
from engine.values.game import Attribute, CardType, MonsterType, Player, Position, holds_spells_traps


def summon_trap_as_monster(
    ctx: Context, index: int, player: Player, position: Position, values: MonsterValues, rule: str = "effect"
) -> bool:
    """The action, for a host too: Special Summon this Trap Card as a monster with these values (ATK, DEF, Level,
    Attribute, Type, type line). False, and the card the Trap Card it was, if it cannot be Summoned now."""
    write_as_monster(ctx.state, index, values)
    if not actions.special_summon(ctx, index, player, position, rule):
        write_as_monster(ctx.state, index, None)
        return False
    return True


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
    summon_trap_as_monster(ctx, index, src.controller, summon_position(ctx, src, index, op), stats)


TRAP_MONSTER_OPS = {"special_summon_as_monster": special_summon_as_monster}

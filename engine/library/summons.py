"""Several monsters Special Summoned by one operation (rules spec §U.26): `special_summon` with `count` ("Special
Summon 2 'Gladiator Beast' monsters from your Deck"). The effect's controller picks that many, not targets, among
their cards that `from` and `filter` name, as it resolves; each is Summoned in the position the card fixes or its
player chooses. All or none: with fewer such monsters, or fewer free Main Monster Zones, none is Summoned
(ProjectIgnis/CardScripts c29357956: `if Duel.GetLocationCount(tp,LOCATION_MZONE)<2 then return end`, `if #g>=2`)."""

from __future__ import annotations

from engine import actions, resolution
from engine.effects import Context, Params, Source
from engine.library import asking
from engine.rules.tokens import free_main_monster_zones
from engine.values.events import EventType


def summon_several(ctx: Context, src: Source, op: Params) -> None:
    count = int(op["count"])
    cands = [i for i in asking.candidates(ctx, src, op, ("hand", "deck", "graveyard")) if ctx.card(i).is_monster]
    zones = free_main_monster_zones(ctx.state.cards, src.controller)
    if len(cands) < count or zones < count:
        short = "monsters to Summon" if len(cands) < count else "free Main Monster Zones"
        ctx.emit(EventType.LINK_RESOLVED, "effect", card=src.card,
                 detail=f"Special Summons nothing: fewer than {count} {short}")  # fmt: skip
        return
    picked = resolution.pick_cards(ctx, src, cands, count, what=f"the {count} monsters to Special Summon")
    positions = [(i, asking.summon_position(ctx, src, i, op)) for i in picked]
    for i, position in positions:
        actions.special_summon(ctx, i, src.controller, position, "effect")

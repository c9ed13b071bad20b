"""One card sent elsewhere instead of the Graveyard (rules spec §U.26): the op `instead_of_graveyard`, "shuffle the
destroyed monster into the Deck instead of sending it to the Graveyard" (Evigishki Merrowgeist). As it resolves, the
card it names (on the field) gets a lingering effect: if it would be sent to the Graveyard before `until` (default the
end of this Damage Step), it goes to `to` instead: its owner's Deck (an Extra Deck monster: the Extra Deck), its hand
or banished. It is still destroyed (by battle): only where it goes changes (ProjectIgnis/CardScripts c76372778:
EFFECT_SEND_REPLACE on the battle target, reset at the end of the Damage Step, `Duel.SendtoDeck`). The engine reads
it where it decides where a card sent to the Graveyard goes (`rules.leaving.graveyard_destination`)."""

from __future__ import annotations

from typing import Final

from engine import actions
from engine.effects import Context, Effect, EffectKind, EffectType, Lingering, Params, Source
from engine.library.targets import card_for
from engine.rules.leaving import INSTEAD_OF_GRAVEYARD
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import Location, is_on_field

# A Fusion, Synchro, Xyz or Link Monster goes to the Extra Deck when it is shuffled into the Deck.
_EXTRA: Final = frozenset({"fusion", "synchro", "xyz", "link"})


def _instead_of_graveyard(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    index = card_for(ctx, src, link, op["target"])
    if index is None or not is_on_field(ctx.card(index).location):
        return
    card = ctx.card(index)
    to = str(op["to"])
    dest = {"deck": Location.EXTRA_DECK if card.details.abilities & _EXTRA else Location.DECK,
            "hand": Location.HAND, "banished": Location.BANISHED}[to]  # fmt: skip
    eff = Effect(INSTEAD_OF_GRAVEYARD, EffectKind.CONTINUOUS, params={"to": dest.value})
    actions.add_lingering(ctx, Lingering(eff, src.controller, index, card.instance,
                                         str(op.get("until") or "end_of_damage_step")))  # fmt: skip
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=index,
             detail=f"if it is sent to the Graveyard, it goes to the {dest.value.replace('_', ' ')} instead")


REDIRECT_OPS: Final = {"instead_of_graveyard": _instead_of_graveyard}
REDIRECT_TYPES: Final = [EffectType(INSTEAD_OF_GRAVEYARD)]  # a marker, read by `rules.leaving.graveyard_destination`

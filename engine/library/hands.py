"""Operations on a player's whole hand (issue 43's library: Morphing Jar).

"Both players discard as many cards as possible from their hands" discards every card of each hand at once: the
listed hand cards are sent to the Graveyard (or where an effect sends them instead), and the unnamed cards drawn
from an unlisted Deck (`PlayerState.hand_filler`) go with them (rules spec §U.19; ProjectIgnis/CardScripts
c33508719: `Duel.SendtoGrave(g, REASON_EFFECT+REASON_DISCARD)` of both hands)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine import actions
from engine.effects import Context, Source
from engine.state import ChainLink, write_hand_filler
from engine.values.events import EventType
from engine.values.game import Location
from engine.values.params import Params


def discard_hand(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Every card in the hand of that player (`player`: controller by default, opponent, both) is discarded."""
    players = ctx.players_of(src, op.get("player", "controller"))
    hands = [i for i, c in enumerate(ctx.state.cards) if c.location is Location.HAND and c.owner in players]
    for p in players:
        unnamed = ctx.state.players[p].hand_filler
        if unnamed:
            write_hand_filler(ctx.state, p, 0)
            ctx.emit(EventType.LINK_RESOLVED, "effect", player=p, amount=unnamed,
                     detail=f"discarded {unnamed} unnamed card(s)")  # fmt: skip
    for i in hands:
        actions.send_to_graveyard(ctx, i, "effect", detail="discarded")


HAND_OPS: Final[dict[str, Callable[[Context, Source, ChainLink, Params], None]]] = {"discard_hand": discard_hand}

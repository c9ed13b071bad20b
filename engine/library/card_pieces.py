"""The pieces the library's approximate cards needed to be exact (rules spec §U.29), each general:

* kind ``banished_if_leaves_field``: "if this card would leave the field, banish it instead" (`applies_to`, `filter`
  as for the other continuous kinds); the op ``lasting_effect`` with a ``target`` leaves it on one card while that card
  stays on the field ("if this card Summoned this way leaves the field, banish it": Battle Fader);
* kind ``destroyed_after_targeted``: "after resolving a card effect that targets this face-up card, destroy this card"
  (Spirit Reaper): not activated, no chain; in the Damage Step, after damage calculation;
* op ``place_in_deck``: "place it on the top (bottom) of the Deck" (Axe of Despair), the Deck's order kept by
  `engine.state.CardDetails.deck_order` and read by the draw;
* op ``negate_next_attack``: "negate the next attack this turn from a monster your opponent controls" (Necro
  Gardna): the attack under way if there is one, else the next one declared this turn, once.
"""

from __future__ import annotations

from typing import Final

import attrs

from engine import actions
from engine.checks import TARGETED_AND_RESOLVED
from engine.effects import Context, Effect, EffectKind, EffectType, Hook, Lingering, Source
from engine.library.continuous import OnlyIf, monsters_it_applies_to
from engine.library.targets import card_for
from engine.state import ChainLink, write_details
from engine.values.events import EventType
from engine.values.game import Location, Phase
from engine.values.params import Params

__all__ = ["CARD_PIECE_OPS", "CARD_PIECE_TYPES", "EXTRA_DECK_ABILITIES", "NEXT_ATTACK_TYPE"]


def _banished(ctx: Context, src: Source) -> list[int]:
    """The cards banished instead of leaving the field: this card, or the monsters `applies_to` names."""
    return monsters_it_applies_to(ctx, src, face_up=False)


def _destroyed_after_targeted(ctx: Context, src: Source) -> list[int]:
    """This face-up card is destroyed after a card effect that targets it resolves (`engine.checks.targeting_resolved`
    marks it, `engine.checks.destroyed_after_targeted` destroys it)."""
    return [src.host]


NEXT_ATTACK_TYPE: Final = "negate_next_attack"


def negate_next_attack(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"Negate the next attack this turn from a monster your opponent controls": the attack of such a monster under
    way now (in the Battle Step) is negated; with none, the next one declared this turn is, as it is declared, with no
    chain (ProjectIgnis CardScripts c4906301: `if Duel.GetAttacker() then Duel.NegateAttack()`, else a continuous
    EVENT_ATTACK_ANNOUNCE effect that negates it, once, reset at the End Phase). `player`: whose monster's attack
    (default opponent; controller, or both: any)."""
    who = str(op.get("player", "opponent"))
    b = ctx.state.battle
    if b.under_way and not b.negated and ctx.card(b.attacker).controller in ctx.players_of(src, who):
        actions.negate_attack(ctx)
        return
    players = tuple(p.name for p in ctx.players_of(src, who))
    eff = Effect(NEXT_ATTACK_TYPE, EffectKind.CONTINUOUS, params={"players": players})
    actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, "end_of_turn"))
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=src.card, player=src.controller,
             detail="the next attack this turn will be negated")  # fmt: skip


def _never_asks(effect: Effect) -> bool:
    """Negating an attack asks no player (rules spec §U.30: so the state's entry takes no checkpoint for it)."""
    return False


def _negate_when_declared(ctx: Context, src: Source) -> None:
    """The lingering "negate the next attack": as an attack is declared by a monster of its players (not a replay's
    new target: no new declaration, §BP.5), that attack is negated and the effect ends."""
    s = ctx.state
    b = s.battle
    if s.phase is not Phase.ATTACK_DECLARED or b.replays or not b.under_way or b.negated or b.calculate_at_once:
        return
    if ctx.card(b.attacker).controller.name not in src.effect.params["players"]:
        return
    me = src.effect
    actions.end_lingering(ctx, lambda ling: ling.effect is me, detail="the next attack this turn is negated")
    if actions.negate_attack(ctx):
        actions.stop_attack(ctx, "the attack was negated as it was declared")  # §BP.6: no Damage Step


# A Fusion, Synchro, Xyz or Link Monster returns to the Extra Deck.
EXTRA_DECK_ABILITIES: Final = frozenset({"fusion", "synchro", "xyz", "link"})


def place_in_deck(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"Place it on the top (bottom) of the Deck": the card `target` names goes to its owner's Deck (a Fusion, Synchro,
    Xyz or Link Monster: the Extra Deck, unordered), drawn before (after) every other card there (`position`). From
    the field, the hand or the Graveyard, or off the field a card the effect targets there; a monster determined
    destroyed by battle cannot be (as for returning it to the hand, §1.6)."""
    index = card_for(ctx, src, link, str(op["target"]))
    if index is None:
        return
    card = ctx.card(index)
    if card.location in (Location.DECK, Location.EXTRA_DECK) or card.battle_destroyed:
        return
    if card.location is Location.BANISHED and index not in link.targets:
        return
    extra = bool(card.details.abilities & EXTRA_DECK_ABILITIES)
    actions.move_card(ctx, index, Location.EXTRA_DECK if extra else Location.DECK, "effect",
                      detail=f"placed on the {op.get('position', 'top')} of the Deck")  # fmt: skip
    if extra or ctx.card(index).location is not Location.DECK:
        return
    orders = [c.details.deck_order for c in ctx.state.cards if c.location is Location.DECK and c.owner is card.owner]
    top = op.get("position", "top") == "top"
    order = min(0, *orders) - 1 if top else max(0, *orders) + 1
    write_details(ctx.state, index, attrs.evolve(ctx.card(index).details, deck_order=order))


CARD_PIECE_OPS: Final = {"negate_next_attack": negate_next_attack, "place_in_deck": place_in_deck}
CARD_PIECE_TYPES: Final = [
    EffectType("banished_if_leaves_field", hooks={Hook.BANISHED_IF_LEAVES_FIELD: OnlyIf(_banished)}),
    EffectType("destroyed_after_targeted", hooks={Hook.DESTROYED_AFTER_TARGETED: OnlyIf(_destroyed_after_targeted)}),
    EffectType(NEXT_ATTACK_TYPE, hooks={Hook.AT_TIMING: _negate_when_declared}, may_ask=_never_asks),
    EffectType(TARGETED_AND_RESOLVED.type),  # a marker: engine.checks.targeting_resolved
]

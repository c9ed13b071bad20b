"""What happens to a card as it leaves the field (rules spec §U.29): "if this card would leave the field, banish it
instead" (a card's own continuous effect), and "if this card Summoned this way leaves the field, banish it" (an
effect applied to the card by the effect that Summoned it: Battle Fader). Both are one rule: wherever the card would
go from the field (the Graveyard, the hand, the Deck, the Extra Deck), it is banished instead (ProjectIgnis ocgcore:
EFFECT_LEAVE_FIELD_REDIRECT with the value LOCATION_REMOVED, applied to every move off the field; Battle Fader's
script c19665973 gives it to the card Summoned). And "Set this card, but banish it when it leaves the field" (rules
spec §U.23): a lingering marker on the card (`BANISH_WHEN_LEAVING`, its instance: it ends as the card leaves) makes
`engine.actions.move_card` banish it wherever it would have gone."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, Effect, EffectKind, Hook
from engine.state import Card
from engine.values.game import Location, is_on_field

# A lingering effect that sends its card to `to` if it would be sent to the Graveyard (§U.26, `library.redirects`).
INSTEAD_OF_GRAVEYARD: Final = "instead_of_graveyard"


def graveyard_destination(ctx: Context, card: Card, index: int = -1) -> tuple[Location, str]:
    """Where a card "sent to the Graveyard" really goes: where an effect on that card (`index`) sends it instead
    (§U.26); a Pendulum Monster from the field goes face-up to the Extra Deck; under a banish-instead effect (Macro
    Cosmos) it is banished."""
    if ctx.state.lingering and index >= 0:
        for ling in ctx.state.lingering:
            if ling.effect.type == INSTEAD_OF_GRAVEYARD and ling.card == index and ling.instance == card.instance:
                return Location(str(ling.effect.params["to"])), INSTEAD_OF_GRAVEYARD
    if card.pendulum and is_on_field(card.location):
        return Location.EXTRA_DECK, "pendulum_to_extra_deck"
    for _src, dest in ctx.ask(Hook.GRAVEYARD_REDIRECT):
        return Location(dest), "banish_instead_of_graveyard"
    return Location.GRAVEYARD, "send_destroyed_by_battle"


def banished_instead_of_leaving(ctx: Context, index: int, dest: Location) -> bool:
    """Whether the card `index`, leaving the field for `dest`, is banished instead (`Hook.BANISHED_IF_LEAVES_FIELD`
    names it). Its own continuous effect applies as it leaves even when it was destroyed by battle (it is still on
    the field then); an effect of the card negated (Dark Ruler Ha Des, Skill Drain) does not apply."""
    if not (ctx.index.hooks[Hook.BANISHED_IF_LEAVES_FIELD] or ctx.state.lingering):
        return False  # (most duels: nothing to ask)
    card = ctx.card(index)
    if dest is Location.BANISHED or not is_on_field(card.location) or is_on_field(dest):
        return False
    for _src, cards in ctx.ask(Hook.BANISHED_IF_LEAVES_FIELD):
        if index in cards:
            return True
    return bool(card.battle_destroyed) and _own_redirect(ctx, index)


def _own_redirect(ctx: Context, index: int) -> bool:
    """A monster determined destroyed by battle applies no continuous effect to others (`Context.is_active`), but its
    own "banish it instead" still decides where it goes, unless its effects are negated."""
    card = ctx.card(index)
    if ctx.effects_negated(index):
        return False
    for ci, ei, handler in ctx.index.hooks[Hook.BANISHED_IF_LEAVES_FIELD]:
        eff = card.effects[ei] if ci == index else None
        if eff is None or eff.negated or card.in_pendulum_zone is not eff.pendulum:
            continue
        answer = handler(ctx, ctx.source_of(ci, ei))
        if answer is not None and index in answer:
            return True
    return False


BANISH_WHEN_LEAVING: Final = Effect("banish_when_leaving", EffectKind.CONTINUOUS)


def banished_when_leaving(ctx: Context, index: int) -> bool:
    """The card, as it is now, is banished when it leaves the field, wherever it would go."""
    if not ctx.state.lingering:
        return False
    inst = ctx.card(index).instance
    return any(ling.effect.type == BANISH_WHEN_LEAVING.type and ling.card == index and ling.instance == inst
               for ling in ctx.state.lingering)  # fmt: skip


def leaving_destination(ctx: Context, index: int, dest: Location) -> Location:
    """Where the card, leaving the field for `dest`, goes: banished instead if it is to be banished when it leaves."""
    leaves = dest is not Location.BANISHED and not is_on_field(dest)
    return Location.BANISHED if leaves and banished_when_leaving(ctx, index) else dest

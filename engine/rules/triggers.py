"""Which triggered effects an event triggers (§1.3-§1.7, §BP.9).

Each Damage Step event concerns some cards: "battle damage was inflicted" the card that
inflicted it, "destroyed by battle" the monsters sent, FLIP the monster the attack flipped...
A trigger applies when its card is concerned, is where the effect activates from, and its
condition holds.
"""

from __future__ import annotations

from typing import Final

from engine.effects import Context, Effect, TriggerEvent, gemini_as_normal
from engine.state import Card, PendingTrigger, TriggeringEvent
from engine.values.game import Location, Player, Position, holds_spells_traps

# Events about the game as a whole: every card's trigger for them is concerned.
GLOBAL_EVENTS: Final = frozenset(
    {
        TriggerEvent.START_OF_BATTLE_PHASE,
        TriggerEvent.ATTACK_DECLARED,  # whose monster declared it is a condition ("an opponent's monster")
        TriggerEvent.END_OF_BATTLE_PHASE,
        TriggerEvent.END_PHASE,
        TriggerEvent.STANDBY_PHASE,
        TriggerEvent.START_OF_DAMAGE_STEP,
        TriggerEvent.BEFORE_DAMAGE_CALCULATION,
        TriggerEvent.AFTER_DAMAGE_CALCULATION,
        TriggerEvent.END_OF_DAMAGE_STEP,
        TriggerEvent.DURING_DAMAGE_CALCULATION,
    }
)
# Events of a card that has just left the field: its trigger activates from where it went.
LEFT_FIELD_EVENTS: Final = frozenset(
    {
        TriggerEvent.DESTROYED_BY_BATTLE,
        TriggerEvent.DESTROYED_BY_BATTLE_AND_SENT_TO_GRAVEYARD,
        TriggerEvent.DESTROYED,
        TriggerEvent.SENT_TO_GRAVEYARD,
        TriggerEvent.DESTROYED_AND_SENT_TO_GRAVEYARD,
        TriggerEvent.LEFT_FIELD,
    }
)
# Events of the cards an action just moved ("if this card is destroyed", "... is sent to the GY"): raised with
# those cards (`actions.raise_event(..., cards=)`); raised by the end of the Damage Step, the monsters sent there.
MOVED_EVENTS: Final = frozenset(
    {TriggerEvent.DESTROYED, TriggerEvent.SENT_TO_GRAVEYARD, TriggerEvent.DESTROYED_AND_SENT_TO_GRAVEYARD,
     TriggerEvent.LEFT_FIELD}
)  # fmt: skip
# The moved events of a card wherever it went (the others: only if it is in the Graveyard).
ANYWHERE_EVENTS: Final = frozenset({TriggerEvent.DESTROYED, TriggerEvent.LEFT_FIELD})
# Events of the cards an action did something to (§U.14), raised with those cards: whose card it must be is the
# trigger's `about` (`ABOUT`). An attack negated is an event of the attacking monster.
CARD_EVENTS: Final = frozenset(
    {
        TriggerEvent.DRAWN,
        TriggerEvent.SPECIAL_SUMMONED,
        TriggerEvent.POSITION_CHANGED,
        TriggerEvent.RETURNED_TO_HAND,
        TriggerEvent.ATTACK_NEGATED,
        TriggerEvent.TRIBUTED,
        TriggerEvent.ADDED_TO_HAND,
        TriggerEvent.ACTIVATION_NEGATED,
        TriggerEvent.SUMMONED_FROM_EXTRA_DECK,
        TriggerEvent.EFFECT_ACTIVATED,
        TriggerEvent.SPELL_TRAP_SET,  # "if either player Sets a Spell/Trap on your field" (§U.28)
    }
)
# Events of a player (raised with that player): whose is the trigger's `about`.
PLAYER_EVENTS: Final = frozenset({TriggerEvent.LP_PAID, TriggerEvent.EFFECT_DAMAGE_TAKEN, TriggerEvent.LP_GAINED})
# Whose card (or whose LP) a trigger of `CARD_EVENTS` or `PLAYER_EVENTS` answers: this card itself (its controller,
# for a player event), any card of its controller's, of the opponent's, or anyone's.
ABOUT: Final = ("self", "own", "opponent", "any")
# Where a card event's trigger activates from when its card may have just moved: wherever the card now is.
MOVING_CARD_EVENTS: Final = frozenset(
    {TriggerEvent.DRAWN, TriggerEvent.RETURNED_TO_HAND, TriggerEvent.TRIBUTED, TriggerEvent.ADDED_TO_HAND,
     TriggerEvent.ACTIVATION_NEGATED}
)  # fmt: skip


def about(eff: Effect) -> str:
    """Whose card (or LP) the trigger answers: its `about` parameter (default "self")."""
    return str(eff.params.get("about", "self"))


def concerns_card_event(
    ctx: Context, index: int, whose: str, cards: tuple[int, ...], player: Player | None, ei: int = -1
) -> bool:
    """Does an event of `cards` (or of `player`) concern this card's trigger (effect `ei`) whose `about` is `whose`
    (§U.14)? A card of the event must also be one the trigger's type answers (`EffectType.event_card`)."""
    me = ctx.card(index).controller
    if player is not None:
        return whose == "any" or (player is me) is (whose in ("self", "own"))
    if whose == "self":
        picked = [index] if index in cards else []
    else:
        # "a monster you control": whose it was, if it has just left the field (§U.24); "if this card is in your hand
        # or GY when ...": never its own event that took it there
        skip = index if ei >= 0 and ctx.card(index).effects[ei].activate_from in OFF_FIELD_TRIGGERS else -1
        picked = [
            i for i in cards if i != skip and (whose == "any" or (controller_then(ctx, i) is me) is (whose == "own"))
        ]
    if not picked or ei < 0:
        return bool(picked)
    src = ctx.source_of(index, ei)
    answers = ctx.registry[src.effect.type].event_card
    return answers is None or any(answers(ctx, src, i) for i in picked)


# Where a trigger about other cards activates from that its own card's event may have taken it to (§U.24).
OFF_FIELD_TRIGGERS: Final = frozenset({Location.HAND, Location.GRAVEYARD})


def controller_then(ctx: Context, index: int) -> Player:
    """Who controlled a card of an event: as it was on the field if it has just left it (§R.2), else now."""
    card = ctx.card(index)
    if not card.location.on_field:
        known = ctx.state.last_known.get((index, card.instance - 1))
        if known is not None:
            return known.card.controller
    return card.controller


def moved_cards(ctx: Context, event: TriggerEvent) -> tuple[int, ...]:
    """The cards the end of the Damage Step moved, for `MOVED_EVENTS`: the monsters destroyed by battle and sent
    (those in the Graveyard, for "sent to the GY")."""
    b = ctx.state.battle
    sent = tuple(i for i in b.sent if event in ANYWHERE_EVENTS or ctx.card(i).location is Location.GRAVEYARD)
    return sent + tuple(i for e, i in b.moved_between_windows if e == event.value and i not in sent)


def concerns(
    ctx: Context,
    event: TriggerEvent,
    index: int,
    cards: tuple[int, ...] | None = None,
    whose: str = "self",
    player: Player | None = None,
    ei: int = -1,
) -> bool:
    """Does this event happen to this card? `cards`: the cards an action just moved, for `MOVED_EVENTS`, and the
    cards of a `CARD_EVENTS` event; `player`, the player of a `PLAYER_EVENTS` one; `whose`, the trigger's `about`."""
    if event in GLOBAL_EVENTS:
        return True
    if event in CARD_EVENTS or event in PLAYER_EVENTS:
        return (cards is not None or player is not None) and concerns_card_event(
            ctx, index, whose, cards or (), player, ei
        )
    if event in MOVED_EVENTS and whose != "self":  # "when a monster on the field is destroyed" (§U.14)
        return concerns_card_event(ctx, index, whose, cards if cards is not None else moved_cards(ctx, event), None, ei)
    if event in MOVED_EVENTS:
        card = ctx.card(index)
        if cards is not None:
            return concerns_card_event(ctx, index, whose, cards, None, ei)
        # destroyed by battle and sent, at the end of the Damage Step: to the Graveyard, for "sent to the GY"; and
        # the cards moved with them while no window was open (§U.19)
        return ((index in ctx.state.battle.sent and (
            event in ANYWHERE_EVENTS or card.location is Location.GRAVEYARD
        )) or (event.value, index) in ctx.state.battle.moved_between_windows) and concerns_card_event(
            ctx, index, whose, (index,), None, ei
        )
    b = ctx.state.battle
    card = ctx.card(index)
    host = card.equipped_to if card.equipped_to is not None else index  # "this card" of an Equip
    if event is TriggerEvent.TARGETED_FOR_ATTACK:
        if whose != "self":  # "when a monster you control is targeted for an attack" (§U.20)
            return b.target is not None and concerns_card_event(ctx, index, whose, (b.target,), None, ei)
        return index == b.target  # "when this card is targeted for an attack" (§BP.9)
    if event is TriggerEvent.BATTLE_DAMAGE_INFLICTED:
        # "When this card inflicts battle damage to your opponent": damage reflected back to
        # its own controller does not count.
        return any(src == host and p is not card.controller for p, src in b.inflicted_by)
    if event is TriggerEvent.BATTLE_DAMAGE_TAKEN:
        return card.controller in b.battle_damage_events
    if event is TriggerEvent.FLIPPED:
        # Parked at the flip; activates after damage calculation only if still there (§1.4, A2).
        return (index, card.instance) in b.parked_flips
    if event is TriggerEvent.DESTROYED_BY_BATTLE:
        return index in b.sent
    if event is TriggerEvent.DESTROYED_BY_BATTLE_AND_SENT_TO_GRAVEYARD:
        return index in b.sent and card.location is Location.GRAVEYARD
    if event is TriggerEvent.DESTROYS_BY_BATTLE:
        # "If this card destroys a monster by battle": the victim was determined destroyed by
        # battle, even if it was removed before it was sent (Hyglo ruling, rules spec A3).
        foe = ctx.battling_opponent(host)
        return foe is not None and foe in b.destroyed
    return False


def in_activation_location(
    card: Card, event: TriggerEvent, activate_from: Location, pendulum: bool = False, self_event: bool = True
) -> bool:
    """Whether the card is where its trigger activates from. A card's own "if this card is destroyed / drawn /
    returned to the hand" activates from where the event took it (`self_event`: the event is this card's own; a
    trigger about other cards activates from where it says)."""
    if self_event and (event in LEFT_FIELD_EVENTS or event in MOVING_CARD_EVENTS):
        return True
    if card.in_pendulum_zone is not pendulum:
        return False  # §U.4: a Pendulum Effect only in a Pendulum Zone, the monster's effects never there
    if card.details.abilities and gemini_as_normal(card):
        return False  # §U.29: a Gemini monster not Normal Summoned again has no effects
    if activate_from is Location.MONSTER_ZONE:
        if card.location is Location.MONSTER_ZONE:
            return card.position is not Position.SET
        return holds_spells_traps(card.location) and not card.face_down
    return card.location is activate_from


def self_event_matches(ctx: Context, index: int, ei: int) -> bool:
    """A trigger on this card's own event whose `event_filter` says what the card must have been ("if this face-up
    Normal Summoned card leaves the field", rules spec §U.27): read by its type's `event_card`."""
    answers = ctx.registry[ctx.card(index).effects[ei].type].event_card
    return answers is None or answers(ctx, ctx.source_of(index, ei), index)


def answered_cards(
    ctx: Context, event: TriggerEvent, index: int, ei: int, whose: str, cards: tuple[int, ...] | None
) -> tuple[int, ...]:
    """The cards of an event that a trigger answers ("that monster(s)", rules spec §U.27): this card for its own
    event; for one about other cards, those of the event it concerns."""
    if event not in CARD_EVENTS and event not in MOVED_EVENTS:
        return ()
    if whose == "self":
        return (index,)
    if cards is None:
        cards = moved_cards(ctx, event) if event in MOVED_EVENTS else ()
    return tuple(i for i in cards if concerns_card_event(ctx, index, whose, (i,), None, ei))


def triggered_effects(
    ctx: Context, event: TriggerEvent, cards: tuple[int, ...] | None = None, player: Player | None = None,
    amount: int = 0,
) -> list[PendingTrigger]:
    """The triggers an event sets off, in card order, each with what its event was (`amount`: how much damage or
    LP it was, for a player's event)."""
    out = []
    for ci, ei in ctx.index.triggers[event]:
        card = ctx.card(ci)
        eff = card.effects[ei]
        whose = about(eff)
        if eff.negated or ctx.effects_negated(ci) or not concerns(ctx, event, ci, cards, whose, player, ei):
            continue
        if not in_activation_location(card, event, eff.activate_from, eff.pendulum, whose == "self"):
            continue
        if whose == "self" and "event_filter" in eff.params and not self_event_matches(ctx, ci, ei):
            continue
        cond = ctx.registry[eff.type].condition
        if cond is not None and not cond(ctx, ctx.source_of(ci, ei)):
            continue
        answered = answered_cards(ctx, event, ci, ei, whose, cards)
        happened = TriggeringEvent(answered, tuple(ctx.card(i).instance for i in answered), amount)
        out.append(PendingTrigger(ci, ei, card.controller, not eff.optional, card.instance, happened))
    return out

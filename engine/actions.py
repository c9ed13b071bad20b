"""Every change to the game goes through here, and every change is logged as an event. Rules decide; actions mutate.
Effect operations (`engine.library`) and the Damage Step's own steps (`engine.steps`) both call these, so a card
leaving the field, an LP change or a flip always does the same bookkeeping wherever it comes from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from engine.effects import Context, Effect, EffectKind, Hook, Lingering, Source, TriggerEvent
from engine.rules.arrivals import arrival
from engine.rules.attack import opponent_field
from engine.rules.battle import battle_damage_preview, position_problem
from engine.rules.destruction import (
    CARD_EFFECT_DESTRUCTION,
    SELF_DESTRUCTION,
    effect_destruction_replacement,
    indestructible_by_effect,
    replace_battle_destruction,
)
from engine.rules.effect_damage import effect_damage_applied
from engine.rules.leaving import banished_instead_of_leaving, graveyard_destination, leaving_destination
from engine.rules.locks import special_summon_locked
from engine.rules.stats import current_stats, erase_earlier, next_seq, note_applying, watch_stats
from engine.rules.tokens import can_turn_face_down, token_destination
from engine.rules.triggers import CARD_EVENTS, MOVED_EVENTS, PLAYER_EVENTS, triggered_effects
from engine.rules.zones import deck_top_first
from engine.state import (
    NO_ATTACK,
    Battle,
    BattleRecord,
    Card,
    GameState,
    LastKnown,
    LpChange,
    no_battle,
    write_battle,
    write_controller,
    write_counters,
    write_details,
    write_effects_negated,
    write_face_up,
    write_hand_filler,
    write_last_known,
    write_lingering,
    write_lp,
    write_moved,
    write_position,
    write_turn_facts_cleared,
)
from engine.values.events import EventType
from engine.values.game import (
    DAMAGE_STEP_PHASES,
    MAX_LP,
    PLAYERS,
    Location,
    OriginalOp,
    Phase,
    Player,
    Position,
    Window,
    is_on_field,
    opponent_of,
)
from engine.windows import write_happened, write_negated_links, write_triggers, write_window

# From entering the Damage Step until damage calculation is complete, "flipped face-up"
# triggers wait for after damage calculation (rules spec §1.4, §1.6; ygopro's flip_delayed).
FLIP_DELAYED_PHASES: Final = frozenset(
    {
        Phase.START_OF_DAMAGE_STEP,
        Phase.FLIP,
        Phase.BEFORE_DAMAGE_CALCULATION,
        Phase.DURING_DAMAGE_CALCULATION,
        Phase.PERFORM_DAMAGE_CALCULATION,
    }
)


# The events an activated effect's timing may name beside the windows' own (§U.14): recorded in the window.
RECORDED_EVENTS: Final = CARD_EVENTS | PLAYER_EVENTS | MOVED_EVENTS


def raise_event(
    ctx: Context, event: TriggerEvent, cards: tuple[int, ...] | None = None, player: Player | None = None,
    amount: int = 0,
) -> None:
    """An event happened (to `cards`, for an event of cards; to `player`, for an event of a player, `amount` the
    damage or LP it was): the triggers it sets off wait in the open window to go on a chain (after the current chain,
    if one is resolving)."""
    s = ctx.state
    w = s.window
    assert w is not None, "events are raised inside a window"
    if event in RECORDED_EVENTS and (cards or player is not None):  # for an activation timing on it (§U.14)
        happened = (event, cards or (), player, w.chains_resolved + (1 if w.resolving >= 0 else 0))
        write_happened(s, (*w.happened, happened))
    for t in triggered_effects(ctx, event, cards, player, amount):
        w = s.window
        assert w is not None
        write_triggers(s, (*w.triggers, t))
        ctx.emit(EventType.TRIGGERED, "window", card=t.card, player=t.player, detail=event.value if ctx.watched else "")


def flipped_face_up(ctx: Context, index: int) -> None:
    """A face-down monster turned face-up: its FLIP effect triggers (after damage calculation if still to come)."""
    s = ctx.state
    if not ctx.card(index).details.flipped:  # "after this card has been flipped face-up" (§U.26)
        write_details(s, index, attrs.evolve(ctx.card(index).details, flipped=True))
    write_battle(s, s.battle.with_parked_flips((*s.battle.parked_flips, (index, ctx.card(index).instance))))
    if ctx.state.phase not in FLIP_DELAYED_PHASES and ctx.state.window is not None:
        release_flips(ctx)


def release_flips(ctx: Context) -> None:
    raise_event(ctx, TriggerEvent.FLIPPED)
    if ctx.state.battle.parked_flips:
        write_battle(ctx.state, ctx.state.battle.with_parked_flips(()))


def move_card(
    ctx: Context,
    index: int,
    dest: Location,
    rule: str,
    *,
    detail: str = "",
    position: Position | None = None,
    controller: Player | None = None,
    drawn: bool = False,
) -> None:
    """Move a card. It becomes a new card for the rules (its instance changes). A card that comes to the hand from
    the Deck, Graveyard or banishment other than by a draw (`drawn`) is "added to the hand" (§U.17)."""
    card = ctx.card(index)
    was = card.location
    was_controller = card.controller
    was_on_field = is_on_field(was)
    if was_on_field:
        note_last_known(ctx, index)
        if banished_instead_of_leaving(ctx, index, dest):
            dest, rule = Location.BANISHED, "banished_instead_of_leaving"  # §U.29
    instance = card.instance + 1
    for_a_while = card.effects_negated and any(
        ling.effect.type == NEGATED_FOR_A_WHILE.type and ling.card == index and ling.instance == instance
        for ling in ctx.state.lingering
    )  # a negation "until the end of this turn" ends with the card's leaving the field
    if controller is None:
        controller = card.owner if dest is Location.HAND or not is_on_field(dest) else card.controller
    dest = token_destination(card, leaving_destination(ctx, index, dest) if was_on_field else dest)  # §U.17, §U.23
    # A new card: face-up, its counters lost (§C.5), its Xyz Materials gone unless it stays a monster, how it was
    # Summoned and where are the mover's to say
    write_moved(
        ctx.state, index, dest, position if dest is Location.MONSTER_ZONE else None, controller,
        card.equipped_to if dest is Location.SPELL_TRAP_ZONE else None,
        card.materials if dest is Location.MONSTER_ZONE else 0,
        card.effects_negated and dest is Location.GRAVEYARD and was_on_field and not for_a_while,
        arrival(ctx, card, rule),  # where from, when, by whose card effect (§U.24)
    )  # fmt: skip
    data = (("from", was.value), ("to", dest.value)) if ctx.watched else ()
    if was is Location.MONSTER_ZONE or dest is Location.MONSTER_ZONE:
        note_opponent_field(ctx, index, was_controller)
    ctx.emit(EventType.MOVED, rule, card=index, detail=detail, data=data)
    if was_on_field and not is_on_field(dest):
        _moved(ctx, TriggerEvent.LEFT_FIELD, index)  # §U.24: "if this card leaves the field"
    if was_on_field and dest is Location.HAND:
        _moved(ctx, TriggerEvent.RETURNED_TO_HAND, index)  # §U.14: "if this card is returned to the hand"
    elif dest is Location.HAND and not drawn and was in ADDED_FROM:
        _moved(ctx, TriggerEvent.ADDED_TO_HAND, index)  # §U.17: "if a card is added to your hand (except by drawing)"


# Where a card comes from when it is "added to the hand" (§U.17): a Main Deck, the Graveyard, banishment.
ADDED_FROM: Final = frozenset({Location.DECK, Location.GRAVEYARD, Location.BANISHED})


def special_summon(
    ctx: Context, index: int, player: Player, position: Position, rule: str, *, by: Player | None = None,
    how: str = "special",
) -> bool:
    """Special Summon a monster (from the hand, Deck, Graveyard, banishment or Extra Deck) to `player`'s field:
    it was Special Summoned this turn (`how`: "fusion"... "treated as a Fusion Summon", §U.24), and "if this card is
    Special Summoned" triggers (§U.14). `by`: the player who Summons it (default `player`); False, and nothing done,
    if that player cannot Special Summon it now (§U.17)."""
    who = player if by is None else by
    if (ctx.index.hooks[Hook.SPECIAL_SUMMON_LOCK] or ctx.state.lingering) and special_summon_locked(ctx, index, who):
        ctx.emit(EventType.LINK_RESOLVED, "special_summon_lock", card=index, player=who,
                 detail=f"{ctx.card(index).name} cannot be Special Summoned")  # fmt: skip
        return False
    from_extra_deck = ctx.card(index).location is Location.EXTRA_DECK
    move_card(ctx, index, Location.MONSTER_ZONE, rule, detail="Special Summoned", position=position, controller=player)
    write_details(ctx.state, index, attrs.evolve(ctx.card(index).details, summoned=how, summoned_this_turn=True))
    _moved(ctx, TriggerEvent.SPECIAL_SUMMONED, index)
    if from_extra_deck:  # §U.17: "if a monster is Special Summoned from the Extra Deck"
        _moved(ctx, TriggerEvent.SUMMONED_FROM_EXTRA_DECK, index)
    return True


def tribute(ctx: Context, index: int, rule: str, *, detail: str = "Tributed") -> bool:
    """Tribute a monster (as a cost, or by an effect: "Tribute 1 monster"): it is sent to the Graveyard (or where it
    goes instead) and "if a monster is Tributed" triggers, with "sent to the GY" (§U.17). False, and nothing done,
    if it is not a monster on the field."""
    card = ctx.card(index)
    if card.location is not Location.MONSTER_ZONE:
        return False
    send_to_graveyard(ctx, index, rule, detail=detail)
    _moved(ctx, TriggerEvent.TRIBUTED, index)
    return True


def negate_activation(ctx: Context, link: int, rule: str = "effect") -> bool:
    """Negate the activation of the chain link `link` of the open window (it will resolve with no effect) and raise
    "if an activation is negated" (§U.17) for its card. False if there is no such link or it is already negated."""
    w = ctx.state.window
    if w is None or not 0 <= link < len(w.chain) or link in w.negated_links:
        return False
    write_negated_links(ctx.state, (*w.negated_links, link))
    negated = w.chain[link]
    ctx.emit(EventType.LINK_NEGATED, rule, card=negated.card, player=negated.player, detail="activation negated")
    _moved(ctx, TriggerEvent.ACTIVATION_NEGATED, negated.card)
    return True


def note_last_known(ctx: Context, index: int) -> None:
    """A card is leaving the field: keep it as it is now, with its ATK and DEF, as its last known information
    (§R.2; `rules.last_known` reads it)."""
    card = ctx.card(index)
    atk, def_ = current_stats(ctx, index) if card.location is Location.MONSTER_ZONE else (0, 0)
    write_last_known(ctx.state, (index, card.instance), LastKnown(card, atk, def_))  # (an immutable record: shared)


def send_to_graveyard(ctx: Context, index: int, rule: str, *, detail: str = "", triggers: bool = True) -> None:
    """Send a card to the Graveyard (or where an effect sends it instead); "if this card is sent to the GY" triggers
    if it arrives there (`triggers` False: the caller raises them, as the end of the Damage Step does)."""
    dest, why = graveyard_destination(ctx, ctx.card(index), index)
    move_card(ctx, index, dest, rule if dest is Location.GRAVEYARD else why, detail=detail)
    if triggers and ctx.card(index).location is Location.GRAVEYARD:  # (a Token never arrives: §U.17)
        _moved(ctx, TriggerEvent.SENT_TO_GRAVEYARD, index)


def destroy(
    ctx: Context, index: int, rule: str, *, detail: str = "", by: Source | None = None, replace: bool = True
) -> bool:
    """Destroy a card on the field (it is sent to the Graveyard, or wherever that leads): "if this card is
    destroyed" triggers, wherever it went. `by`: the effect that destroys it, when a card effect does (§U.9: a card
    that cannot be destroyed by it stays)."""
    if not is_on_field(ctx.card(index).location):
        return False
    if rule in CARD_EFFECT_DESTRUCTION and indestructible_by_effect(ctx, index, by):
        ctx.emit(EventType.NOT_DESTROYED, "indestructible_by_effects", card=index,
                 detail="it cannot be destroyed by that card effect")  # fmt: skip
        return False
    instead = effect_destruction_replacement(ctx, index) if replace and rule in CARD_EFFECT_DESTRUCTION else None
    if instead is not None:  # (`replace` False: its player declined a replacement they may apply, §U.24)
        replace_battle_destruction(ctx, instead, index)  # §U.10: not destroyed; what it does instead is done now
        return False
    # Whose card effect destroyed it, for "destroyed by your opponent's card effect" (§U.15) and "destroyed by a card
    # effect" (§U.18): the effect's controller; its own controller for its own continuous effect; None otherwise.
    who = by.controller if by is not None else ctx.card(index).controller if rule in SELF_DESTRUCTION else None
    by_card = by.card if by is not None else index if rule in SELF_DESTRUCTION else -1  # (§U.25)
    was = ctx.card(index)
    send_to_graveyard(ctx, index, rule, detail=detail or "destroyed", triggers=False)
    dest, det = ctx.card(index).location, ctx.card(index).details  # (a Token ceased to exist: not in the GY, §U.17)
    if who is not None or det.destroyed_by is not None or by_card != det.destroyed_by_card:
        came = det.arrival if by is None else arrival(ctx, was, rule, by)
        write_details(ctx.state, index, attrs.evolve(det, destroyed_by=who, destroyed_by_card=by_card, arrival=came))
    if dest is Location.GRAVEYARD:
        _moved(ctx, TriggerEvent.SENT_TO_GRAVEYARD, index)
    _moved(ctx, TriggerEvent.DESTROYED, index)
    if dest is Location.GRAVEYARD:  # "destroyed and sent to the GY" (§U.17)
        _moved(ctx, TriggerEvent.DESTROYED_AND_SENT_TO_GRAVEYARD, index)
    return True


def _moved(ctx: Context, event: TriggerEvent, index: int) -> None:
    """The triggers of a card an action just moved, if any is indexed for the event (most duels have none). Moved
    in a Damage Step while no window is open (the rules destroying an Equip Card as its monster destroyed by battle
    is sent), its event waits for the end of the Damage Step, with the monsters sent (§U.19)."""
    if not (ctx.index.triggers[event] or event in ctx.index.timed_events):
        return
    s = ctx.state
    if s.window is not None:
        raise_event(ctx, event, (index,))
    elif s.rules_phase in DAMAGE_STEP_PHASES and s.battle.attacked:
        write_battle(s, s.battle.with_moved_between_windows((*s.battle.moved_between_windows, (event.value, index))))


def _player_event(ctx: Context, event: TriggerEvent, player: Player, amount: int = 0) -> None:
    """The triggers of an event of a player ("if you pay LP"; `amount`: how much), if any is indexed for it."""
    if (ctx.index.triggers[event] or event in ctx.index.timed_events) and ctx.state.window is not None:
        raise_event(ctx, event, player=player, amount=amount)


def flip_face_up(ctx: Context, index: int, rule: str) -> None:
    """Turn a face-down monster face-up in Defense Position (not a Flip Summon)."""
    write_position(ctx.state, index, Position.DEFENSE)
    ctx.emit(EventType.FLIPPED, rule, card=index)
    flipped_face_up(ctx, index)
    _moved(ctx, TriggerEvent.POSITION_CHANGED, index)  # face-down to face-up Defense Position: a change (§U.14)


def change_position(ctx: Context, index: int, to: Position, rule: str) -> None:
    """Change a monster's battle position. The attacking monster that can no longer attack in its new
    position stops attacking at that moment, in the Battle Step (§BP.6); in the Damage Step the battle
    is checked after the chain (§1.8)."""
    card = ctx.card(index)
    if card.location is not Location.MONSTER_ZONE or card.position is to or card.battle_destroyed:
        return
    if to is Position.SET and not can_turn_face_down(card):
        return  # a Token cannot be changed to face-down (§U.17)
    was = card.position
    write_position(ctx.state, index, to)
    ctx.emit(EventType.POSITION_CHANGED, rule, card=index, detail=to.value)
    if was is Position.SET:
        flipped_face_up(ctx, index)
    elif to is Position.SET:
        face_down_reset(ctx, index)
    _moved(ctx, TriggerEvent.POSITION_CHANGED, index)
    b = ctx.state.battle
    if index == b.attacker and b.under_way and b.opponent_field is not None and ctx.state.phase in BATTLE_STEP_PHASES:
        problem = position_problem(ctx, index)
        if problem is not None:
            stop_attack(ctx, problem)


def face_down_reset(ctx: Context, index: int) -> None:
    """A face-up monster turned face-down loses the lingering effects applied to it (ATK/DEF
    changes, "cannot be destroyed this turn"...): Book of Moon rulings, "flipping a monster
    face-down will remove most lingering effects from it (except change control effects)"
    (edisonformat.net, Book of Moon). A control change for a while stays (§U.11)."""
    card = ctx.card(index)
    keep = [
        ling
        for ling in ctx.state.lingering
        if not (ling.card == index and ling.instance == card.instance)
        or ling.effect.type == CONTROL_FOR_A_WHILE.type  # a control change stays (§U.11)
    ]
    _keep_lingering(ctx, keep, "face_down_reset", card=index, detail=f"{card.name} was turned face-down")
    if card.counters:
        set_counters(ctx, index, 0, "counters")
    if card.details.named_counters or card.details.flipped:  # §U.26: its counters of a kind and its flip are lost
        write_details(ctx.state, index, attrs.evolve(ctx.card(index).details, named_counters=(), flipped=False))
    # A card turned face-down is a new card for "once per turn" (§C.4): its soft uses are forgotten
    s = ctx.state
    s.used_once = tuple(k for k in s.used_once if not (k[0] in ("soft", "face_up") and k[1] == index))


def equip(ctx: Context, index: int, target: int, rule: str = "equip") -> bool:
    """Make card `index` an Equip Card equipping the face-up monster `target` (§C.3): an Equip Spell resolving,
    a Trap that becomes an Equip Card, or a monster equipped as an Equip Spell (moved to its controller's Spell &
    Trap Zone, face-up). False, and nothing done, if either card is not where it can be."""
    card, host = ctx.card(index), ctx.card(target)
    if index == target or host.location is not Location.MONSTER_ZONE or host.position is Position.SET:
        return False
    if card.location is not Location.SPELL_TRAP_ZONE:
        if not card.is_monster:
            return False
        move_card(ctx, index, Location.SPELL_TRAP_ZONE, rule, detail="equipped as an Equip Card")
    write_face_up(ctx.state, index, target)
    ctx.emit(EventType.EQUIPPED, rule, card=index, player=ctx.card(index).controller, data=(("targets", (target,)),))
    return True


def set_counters(ctx: Context, index: int, count: int, rule: str = "counters") -> None:
    """Counters on a card (§C.5): placed on a face-up card only (a face-down card keeps none)."""
    card = ctx.card(index)
    count = max(0, count) if card.face_up_on_field or count == 0 else 0
    if count == card.counters:
        return
    write_counters(ctx.state, index, count)
    ctx.emit(EventType.COUNTERS_CHANGED, rule, card=index, amount=count)


def take_control(ctx: Context, index: int, player: Player, rule: str) -> None:
    card = ctx.card(index)
    if not is_on_field(card.location) or card.controller is player:
        return
    was_controller = card.controller
    write_controller(ctx.state, index, player)
    if card.location is Location.MONSTER_ZONE:
        note_opponent_field(ctx, index, was_controller)
    ctx.emit(EventType.CONTROL_CHANGED, rule, card=index, player=player)


_LP_LOSS_EVENT: Final = {"battle_damage": EventType.BATTLE_DAMAGE, "cost": EventType.COST_PAID}


def lose_lp(ctx: Context, player: Player, amount: int, kind: str, rule: str, *, by: Player | None = None) -> None:
    """LP go down by `amount`, never below 0 (§2.7). Call `check_zero_lp` after simultaneous losses. Effect damage
    (`kind` "effect_damage", from a card effect `by` controls, if known) may be taken by the other player instead
    (§U.17)."""
    if amount <= 0:
        return
    if kind == "effect_damage" and (ctx.state.lingering or ctx.index.hooks[Hook.EFFECT_DAMAGE_REDIRECT]
                                    or ctx.index.hooks[Hook.EFFECT_DAMAGE]):  # fmt: skip
        player, amount, gained = effect_damage_applied(ctx, player, amount, by)  # §U.17, §U.29
        gain_lp(ctx, player, gained, "effect_damage_changed")  # (nothing if 0)
        if amount <= 0:
            return
    ps = ctx.state.players[player]
    new = max(0, ps.lp - amount)
    delta = new - ps.lp
    write_lp(ctx.state, player, new)
    ctx.state.lp_changes.append(LpChange(player, delta, kind, ctx.state.current_window(), amount))
    data = (("lp", new),) if ctx.watched else ()  # (built only for a reader)
    ctx.emit(_LP_LOSS_EVENT.get(kind, EventType.EFFECT_DAMAGE), rule, player=player, amount=amount, data=data)
    if kind == "cost":
        _player_event(ctx, TriggerEvent.LP_PAID, player, amount)
    elif kind == "effect_damage":  # "when you take damage from a card effect" (§U.17; "the damage you took": §U.27)
        _player_event(ctx, TriggerEvent.EFFECT_DAMAGE_TAKEN, player, amount)


def gain_lp(ctx: Context, player: Player, amount: int, rule: str) -> None:
    """LP go up by `amount`, never above `MAX_LP` (the change records what was gained, `amount` what was to be)."""
    if amount <= 0:
        return
    ps = ctx.state.players[player]
    new = min(MAX_LP, ps.lp + amount)
    delta = new - ps.lp
    write_lp(ctx.state, player, new)
    ctx.state.lp_changes.append(LpChange(player, delta, "gain", ctx.state.current_window(), amount))
    ctx.emit(EventType.LP_GAINED, rule, player=player, amount=amount, data=(("lp", new),) if ctx.watched else ())
    _player_event(ctx, TriggerEvent.LP_GAINED, player)  # "when you gain LP" (§U.29)


def check_zero_lp(ctx: Context) -> bool:
    """§2.7: a player at 0 LP loses at once; both at 0 at the same time is a draw."""
    s = ctx.state
    if s.duel_over:
        return True
    a, b = s.players
    if a.lp > 0 and b.lp > 0:
        return False
    at_zero = [p for p in PLAYERS if s.players[p].lp <= 0]
    s.ended_in = s.phase
    if len(at_zero) == 2:
        s.draw = True
        ctx.emit(EventType.DUEL_ENDED, "zero_lp", detail="both players reached 0 LP: the Duel is a draw")
    else:
        s.winner = opponent_of(at_zero[0])
        ctx.emit(EventType.DUEL_ENDED, "zero_lp", player=s.winner, detail=f"{at_zero[0].name} reached 0 LP")
    return True


def draw(ctx: Context, player: Player, count: int, rule: str) -> None:
    """Draw from the top of the Deck: listed Deck cards first (in the order given), then filler."""
    for _ in range(count):
        listed = deck_top_first(ctx.state.cards, player)  # (an effect may have placed one on top: §U.29)
        if listed:
            move_card(ctx, listed[0], Location.HAND, rule, detail="drawn", drawn=True)
        else:
            write_hand_filler(ctx.state, player, ctx.state.players[player].hand_filler + 1)
        ctx.emit(EventType.DREW, rule, player=player, amount=1)
        if listed:
            _moved(ctx, TriggerEvent.DRAWN, listed[0])


# What every resolved ATK/DEF change lingers as: one immutable value, shared (made once, not per change).
STAT_CHANGE: Final = Effect("change_stats", EffectKind.CONTINUOUS)


def add_lingering(ctx: Context, ling: Lingering) -> None:
    """A resolved effect starts applying: it takes the next place in the order of application of
    ATK/DEF modifications, and erases what it overrides for good (§S.1, §S.2)."""
    s = ctx.state
    if ling.card is not None:
        note_applying(ctx, ling.card)  # continuous modifications applying now come before it
    ling = ling.in_order(next_seq(s))
    erase_earlier(s, ling)
    write_lingering(s, (*s.lingering, ling))
    if ctx.on_change is None:
        watch_stats(ctx)
    if (
        ling.atk or ling.def_ or ling.set_atk is not None or ling.set_def is not None
        or ling.original_atk is not None or ling.original_def is not None
    ):  # fmt: skip
        ctx.emit(EventType.STATS_CHANGED, "effect", card=ling.card, detail=_stat_change(ling) if ctx.watched else "")


def _stat_change(ling: Lingering) -> str:
    """What a lingering ATK/DEF change does, for the event (built only when someone reads it)."""
    parts = [f"ATK {ling.atk:+d}"] if ling.atk else []
    parts += [f"DEF {ling.def_:+d}"] if ling.def_ else []
    parts += [f"ATK becomes {ling.set_atk}"] if ling.set_atk is not None else []
    parts += [f"DEF becomes {ling.set_def}"] if ling.set_def is not None else []
    for name, o in (("ATK", ling.original_atk), ("DEF", ling.original_def)):
        if o is not None:
            parts.append(f"original {name} {o.op.value}" + (f" {o.value}" if o.op is OriginalOp.BECOMES else ""))
    return f"{', '.join(parts)} until {ling.until}"


def expire_lingering(ctx: Context, until: str) -> None:
    """Lingering effects that last "until <until>" stop applying now."""
    if not ctx.state.lingering:
        return
    keep = [ling for ling in ctx.state.lingering if ling.until != until]
    _keep_lingering(ctx, keep, "expire", detail=f"effects lasting until {until} expire")


def drop_stale_lingering(ctx: Context) -> None:
    """Lingering effects on a card that has since moved apply to it no more (it is a new card): dropped, so that
    changes lasting while the monster stays on the field (`until` "permanent") do not pile up over turns."""
    cards = ctx.state.cards
    keep = [
        ling
        for ling in ctx.state.lingering
        if ling.card is None or (cards[ling.card].instance == ling.instance and is_on_field(cards[ling.card].location))
    ]
    _keep_lingering(ctx, keep, "expire", detail="effects on cards that left the field end")


def end_lingering(ctx: Context, ending: Callable[[Lingering], bool], detail: str = "") -> None:
    """The lingering effects for which `ending` is true stop applying now ("this increased ATK returns to 0"):
    for a host's effect that ends what its own effects did."""
    keep = [ling for ling in ctx.state.lingering if not ending(ling)]
    _keep_lingering(ctx, keep, "expire", detail=detail or "lingering effects end")


def _keep_lingering(ctx: Context, keep: list[Lingering], rule: str, **event: Any) -> None:
    """Only the lingering effects in `keep` go on applying; the others' ending is logged. A negation for a while that
    ends gives the monster its effects back (rules spec §U.3)."""
    if len(keep) != len(ctx.state.lingering):
        for ling in ctx.state.lingering:
            if ling in keep or ling.card is None or ctx.card(ling.card).instance != ling.instance:
                continue
            if ling.effect.type == NEGATED_FOR_A_WHILE.type:
                write_effects_negated(ctx.state, ling.card, False)
            elif ling.effect.type == CONTROL_FOR_A_WHILE.type:  # §U.11: control goes back
                take_control(ctx, ling.card, Player[ling.effect.params["back_to"]], "expire")
        write_lingering(ctx.state, tuple(keep))
        ctx.emit(EventType.EXPIRED, rule, **event)


# -- attacks (rules spec §BP) ----------------------------------------------------------------------------

# The Battle Step of an attack: declared, before its Damage Step (a position change stops it at once there).
BATTLE_STEP_PHASES: Final = frozenset({Phase.ATTACK_DECLARED, Phase.REPLAY})


def end_of_turn_effects(ctx: Context) -> None:
    """The host's effects "during the End Phase of this turn" (`Hook.END_OF_TURN`), as the End Phase begins."""
    for src, handler in list(ctx.sources(Hook.END_OF_TURN)):
        handler(ctx, src)


def begin_next_turn(ctx: Context) -> None:
    """The turn ends (rules spec §BP.14): "until the end of the turn" effects expire, the per-turn counters (battle
    indestructibility used, attacks declared, once per turn) start again, and the other player's turn begins."""
    s = ctx.state
    close_battle_record(s)
    write_battle(s, no_battle(s.turn_player))
    s.pending = None
    write_window(s, None)
    s.battle_phase_ending = False
    s.play_end_phase = False
    expire_lingering(ctx, "end_of_battle_phase")  # (a Battle Phase left without its End Step)
    expire_lingering(ctx, "end_of_turn")
    write_turn_facts_cleared(s)  # what a card was when it left the field is asked about within its turn
    s.attacks_declared = ()
    s.used_once = tuple(k for k in s.used_once if k[0] == "face_up")  # "once per turn" starts again (§C.4)
    for i, c in enumerate(s.cards):
        if c.details.summoned_this_turn:
            write_details(s, i, attrs.evolve(c.details, summoned_this_turn=False))
    drop_stale_lingering(ctx)
    s.turn += 1
    s.turn_player = opponent_of(s.turn_player)
    write_battle(s, no_battle(s.turn_player))


def battle_records(s: GameState) -> tuple[BattleRecord, ...]:
    """The attacks declared so far. A state built with its attack already set (a scenario) has a
    first attack that was never declared here: it is attack 0, from the start of the log."""
    if s.battles or s.battle.attacker == NO_ATTACK:
        return s.battles
    return (BattleRecord(s.turn, s.battle.attacker, s.battle.target, 0, 0, 0),)


def declared_this_turn(s: GameState) -> tuple[tuple[int, int], ...]:
    """(card, instance) of every attack declared this turn (a scenario's own attack included)."""
    if s.battles or s.battle.attacker == NO_ATTACK:
        return s.attacks_declared
    return ((s.battle.attacker, s.battle.attacker_instance),)


def close_battle_record(s: GameState) -> None:
    """The open record (the last attack's) ends here: keep its battle and where its history ends."""
    records = battle_records(s)
    s.attacks_declared = declared_this_turn(s)
    if records and records[-1].log_end is None:
        last = attrs.evolve(
            records[-1],
            log_end=len(s.log),
            chains_end=len(s.chains),
            lp_changes_end=len(s.lp_changes),
            battle=s.battle,
            lp_after=(s.players[0].lp, s.players[1].lp),
        )
        records = (*records[:-1], last)
    s.battles = records


def declare_attack(ctx: Context, attacker: int, target: int | None, by_host: bool) -> None:
    """The turn player declares an attack (already checked legal, `rules.attack`): it becomes the battle,
    the monster has declared an attack this turn (§BP.3), and it gets a record of its own history."""
    s = ctx.state
    close_battle_record(s)
    att = s.cards[attacker]
    s.battles = (*s.battles, BattleRecord(s.turn, attacker, target, len(s.log), len(s.chains), len(s.lp_changes)))
    s.attacks_declared = (*s.attacks_declared, (attacker, att.instance))
    write_battle(s, Battle(
        attacker=attacker,
        target=target,
        attacker_instance=att.instance,
        target_instance=None if target is None else s.cards[target].instance,
        attacker_controller=att.controller,
        target_controller=None if target is None else s.cards[target].controller,
        host_declared=by_host,
        target_position_chosen=None if target is None else s.cards[target].position,
    ))
    ctx.emit(EventType.ATTACK_DECLARED, "attack_declaration", card=attacker, player=att.controller,
             data=(("targets", () if target is None else (target,)),))  # fmt: skip


def force_attack(ctx: Context, attacker: int, target: int) -> str | None:
    """An effect makes `attacker` attack `target` and performs damage calculation (rules spec §U.6: Dice Roll Battle,
    "make that monster your opponent controls attack that monster you control, and perform damage calculation"):
    in the Battle Step, with no attack under way, the turn player's face-up Attack Position monster attacks the
    opponent's monster; it is the monster's attack for this turn, but no declaration ("when an attack is declared"
    cards do not respond), and the Damage Step follows the chain with no window before damage calculation. Returns
    why it cannot (and changes nothing), or None."""
    s = ctx.state
    w = s.window
    a, t = ctx.card(attacker), ctx.card(target)
    if w is None or w.window is not Window.BATTLE_STEP or s.battle.under_way:
        return "only in the Battle Step, with no attack under way"
    attack_position = a.location is Location.MONSTER_ZONE and a.position is Position.ATTACK
    if a.controller is not s.turn_player or not attack_position:
        return f"{a.name} is not a face-up Attack Position monster of the turn player"
    if t.location is not Location.MONSTER_ZONE or t.controller is a.controller:
        return f"{t.name} is not a monster the opponent of {a.controller.name} controls"
    declare_attack(ctx, attacker, target, by_host=False)
    write_battle(s, s.battle.calculated_at_once())
    return None


def retarget_attack(ctx: Context, target: int | None) -> None:
    """After a replay the attack goes on against `target` (None: directly): not a new declaration (§BP.5)."""
    s = ctx.state
    b = s.battle
    card = None if target is None else ctx.card(target)
    write_battle(s, b.retargeted(target, None if card is None else card.instance,
                                 None if card is None else card.controller, None if card is None else card.position,
                                 b.replays + 1))  # fmt: skip
    ctx.emit(EventType.REPLAY, "replay", card=b.attacker, player=b.attacker_controller,
             detail="attacks directly" if target is None else "attacks again",
             data=(("targets", () if target is None else (target,)),))  # fmt: skip


def change_attack_target(ctx: Context, target: int) -> bool:
    """An effect makes `target` the attack target (rules spec §U.6: "change the attack target to it"): not a
    declaration, not a replay (the opponent's monsters as they are now are those the attack was aimed among). False, and
    nothing changes, if no attack is under way or `target` is the attacker or not a monster on the field."""
    b = ctx.state.battle
    card = ctx.card(target)
    if not b.under_way or target == b.attacker or card.location is not Location.MONSTER_ZONE:
        return False
    s = ctx.state
    write_battle(s, b.retargeted(target, card.instance, card.controller, card.position, b.replays))
    if b.opponent_field is not None:
        write_battle(s, s.battle.field_noted(opponent_field(ctx), False))
    ctx.emit(EventType.ATTACK_TARGET_CHANGED, "change_attack_target", card=target, player=b.attacker_controller,
             data=(("targets", (target,)),))  # fmt: skip
    return True


def note_opponent_field(ctx: Context, index: int, was_controller: Player) -> None:
    """A monster came to or left a Monster Zone (or changed control): if that is the attacker's opponent's side,
    during the Battle Step of an attack, note it, "however briefly" it lasts (a replay, §BP.5)."""
    s = ctx.state
    b = s.battle
    opponent = opponent_of(s.turn_player)
    in_battle_step = b.opponent_field is not None and b.under_way and s.phase in BATTLE_STEP_PHASES
    if in_battle_step and not b.opponent_field_changed and (
        was_controller is opponent or ctx.card(index).controller is opponent
    ):
        write_battle(s, b.field_noted(b.opponent_field, True))


def stop_attack(ctx: Context, reason: str) -> None:
    """The attack stops in the Battle Step: no Damage Step; the monster has declared an attack (§BP.6)."""
    b = ctx.state.battle
    if not b.under_way:
        return
    write_battle(ctx.state, b.halted(reason))
    ctx.emit(EventType.BATTLE_STOPPED, "attack_stopped", card=b.attacker, detail=reason)


def negate_attack(ctx: Context, rule: str = "effect") -> bool:
    """Negate the attack: no Damage Step (or, in one, no damage calculation); the monster has still
    declared an attack. Nothing happens if the attacker is no longer attacking or the attack is already
    negated (OCG rule: an attack-negating effect applies only to a live attack, §BP.6)."""
    b = ctx.state.battle
    if not b.under_way or b.negated or b.battled:
        return False
    card = ctx.card(b.attacker)
    if card.location is not Location.MONSTER_ZONE or card.instance != b.attacker_instance:
        return False
    if position_problem(ctx, b.attacker) is not None:
        return False
    write_battle(ctx.state, b.made_negated())
    ctx.emit(EventType.ATTACK_NEGATED, rule, card=b.attacker)
    _moved(ctx, TriggerEvent.ATTACK_NEGATED, b.attacker)  # "when an attack is negated" (§U.14)
    return True


def end_battle_phase(ctx: Context, rule: str = "effect") -> None:
    """End the Battle Phase (§BP.7): the game goes to the End Step. In the Battle Step an attack under way
    ends at once; in a Damage Step the battle stops and the End Step follows that Damage Step."""
    s = ctx.state
    if s.battle_phase_ending:
        return
    s.battle_phase_ending = True
    ctx.emit(EventType.BATTLE_PHASE_ENDED, "end_battle_phase", detail="the game goes to the End Step")
    if s.phase in BATTLE_STEP_PHASES and s.battle.opponent_field is not None:  # (Negate Attack negated it first)
        stop_attack(ctx, "the attack was negated" if s.battle.negated else "the Battle Phase was ended")


# -- for hosts' own effect operations (docs/embedding.md) -----------------------------------------
__all__ = [
    "add_lingering",
    "battle_damage_preview",
    "can_change_stats",
    "change_attack_target",
    "change_position",
    "change_stats",
    "check_zero_lp",
    "current_stats",
    "damage",
    "destroy",
    "draw",
    "end_battle_phase",
    "end_lingering",
    "equip",
    "force_attack",
    "gain_lp",
    "move_card",
    "negate_activation",
    "negate_attack",
    "send_to_graveyard",
    "take_control",
    "tribute",
]


# How long a resolved effect's change lasts; "permanent": while its card stays where it is (face-up on the field).
UNTILS: Final = ("end_of_turn", "end_of_battle_phase", "end_of_damage_step", "damage_calculation", "permanent")


# The marker of a negation "until the end of this turn" (rules spec §U.3): `Card.effects_negated` holds while it lasts.
NEGATED_FOR_A_WHILE: Final = Effect("effects_negated_for_a_while", EffectKind.CONTINUOUS)
# The marker of a control change "until the End Phase" (rules spec §U.11); its params say to whom control goes back.
CONTROL_FOR_A_WHILE: Final = Effect("control_for_a_while", EffectKind.CONTINUOUS)


def can_change_stats(card: Card) -> bool:
    """Only a face-up monster on the field has ATK/DEF to change, and a monster destroyed by
    battle can no longer be changed (§1.6)."""
    return card.location is Location.MONSTER_ZONE and card.position is not Position.SET and not card.battle_destroyed


def change_stats(
    ctx: Context,
    card: int,
    *,
    atk: int = 0,
    def_: int = 0,
    set_atk: int | None = None,
    set_def: int | None = None,
    until: str = "end_of_turn",
    controller: Player | None = None,
) -> bool:
    """Change a monster's ATK/DEF for a duration, as a resolved effect does: `atk`/`def_` gain or
    lose, `set_atk`/`set_def` "become" a value (a freezing value, docs/stat-layers.md). `until` is
    "end_of_turn" (expires at `Duel.end_turn`), "end_of_damage_step", "damage_calculation" or "permanent" (as
    long as the monster stays face-up on the field: "it gains 200 ATK", with no duration).
    `controller` (default: the monster's controller) is who controls the change. False, and
    nothing changes, when the monster has no ATK/DEF to change (face-down, off the field)."""
    if until not in UNTILS:
        raise ValueError(f"until must be one of {', '.join(UNTILS)}, got {until!r}")
    c = ctx.card(card)
    if not can_change_stats(c):
        return False
    who = controller if controller is not None else c.controller
    add_lingering(ctx, Lingering(STAT_CHANGE, who, card, c.instance, until, atk, def_, set_atk, set_def))
    return True


def damage(ctx: Context, player: Player, amount: int, rule: str = "effect", *, by: Player | None = None) -> None:
    """Inflict effect damage (from a card effect `by` controls, if given); a player at 0 LP loses at once (§2.7)."""
    lose_lp(ctx, player, amount, "effect_damage", rule, by=by)
    check_zero_lp(ctx)

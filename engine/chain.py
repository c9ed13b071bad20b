"""Windows and chains (§1.2): triggers by SEGOC, priority, responses, last-in first-out.

A window is data (`WindowState`, an immutable record replaced through the window writers of `engine.windows`: a
function that has written it reads the state's window again); `step_window` does one unit of work on it and returns,
so the machine can stop at any decision and a state can be cloned mid-chain:

1. triggers waiting -> sort them by SEGOC into `placing`, then place them one at a time
   (a player decides which of their own goes next, and whether to use optional ones);
2. otherwise the player with priority activates a fast effect or passes; a decision is only
   exposed when there is something other than passing to do (unless the driver asks to see
   every priority);
3. both players pass in succession: the chain resolves (new triggers then form a new chain),
   or, with an empty chain, the window closes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import actions, checks, resolution
from engine.effects import Context, Hook, TriggerEvent
from engine.rules import arrivals, attack, cards, legality
from engine.rules.battle import battle_problem
from engine.state import ChainLink, ChainRecord, GameState, PendingTrigger, TriggeringEvent, WindowState, write_face_up
from engine.values.decisions import PASS, RESOLUTION_KINDS, Decision, DecisionKind, IllegalChoice, Option, malformed
from engine.values.errors import LoopError, describe_card, describe_place
from engine.values.events import EventType
from engine.values.game import CardType, Location, Player, Property, Window, holds_spells_traps, opponent_of
from engine.windows import (
    write_chain,
    write_chain_resolved,
    write_placing,
    write_priority,
    write_resolving,
    write_triggers,
    write_waiting,
    write_window,
)

PRE_CALCULATION_WINDOWS: Final = frozenset(
    {Window.START_OF_DAMAGE_STEP, Window.BEFORE_DAMAGE_CALCULATION, Window.DURING_DAMAGE_CALCULATION}
)
# The windows whose phase triggers are activated one at a time (§BP.2).
PHASE_STEP_WINDOWS: Final = frozenset({Window.START_STEP, Window.END_STEP, Window.END_PHASE, Window.STANDBY_PHASE})
# The loop guard (rules spec §U.13): this many chain links resolved with no decision in between is a loop with no end
# (a battle with every trigger of the library's cards resolves a few dozen); the effects that keep resolving after it
# are then watched until one comes round again, and named.
LOOP_LIMIT: Final = 1000


def open_window(ctx: Context, window: Window, events: tuple[TriggerEvent, ...]) -> None:
    """Open a sub-timing's window; its events' triggers wait to be placed on one chain (in the Start and
    End Steps, to be activated one at a time: §BP.2)."""
    s = ctx.state
    if quiet_window(ctx, window, events):
        return  # a playout: nothing can happen here and nobody watches, so no window is built
    write_window(s, WindowState(window, s.turn_player, events=events))
    ctx.emit(EventType.WINDOW_OPENED, "window")
    for event in events:
        actions.raise_event(ctx, event)
    w = _window(s)
    if window in PHASE_STEP_WINDOWS and w.triggers:
        write_waiting(s, w.triggers)
        write_triggers(s, ())
        w = _window(s)
    # (§BP.14: an End Phase nobody can act in passes; a Standby Phase too, §U.31)
    every = s.show_every_priority and window not in (Window.END_PHASE, Window.STANDBY_PHASE)
    if not w.triggers and not w.waiting and not every and not s.duel_over and nobody_can_act(ctx):
        # Both players pass in turn and the window closes, as `step_window` would do one unit
        # at a time, with the same events: playouts do not build windows nobody can act in.
        if not ctx.watched:
            write_window(s, None)  # (nobody reads the passes: the state is as they would leave it)
            return
        pass_priority(ctx, w.priority, auto=True)
        pass_priority(ctx, _window(s).priority, auto=True)


def quiet_window(ctx: Context, window: Window, events: tuple[TriggerEvent, ...]) -> bool:
    """A window that can be skipped whole: no event log is kept and nobody listens, no effect
    at all could trigger on its events or be activated in the duel, the driver does not ask
    to see every priority, and (in the Battle Step) no attack can be declared. (The window would
    open, both players would pass, and it would close, leaving the state as it was.)"""
    return (
        not ctx.watched
        and not ctx.index.activated
        and not ctx.state.show_every_priority
        and (not ctx.index.trigger_events or ctx.index.trigger_events.isdisjoint(events))
        and (window is not Window.BATTLE_STEP or not attack.declarations(ctx, actions.declared_this_turn(ctx.state)))
    )


def nobody_can_act(ctx: Context) -> bool:
    """Neither player has a fast effect to activate in the open window, nor the turn player an attack
    to declare (nor will, since passing changes nothing that activation depends on)."""
    w = ctx.state.window
    assert w is not None
    if w.window is Window.BATTLE_STEP and attack.declarations(ctx, actions.declared_this_turn(ctx.state)):
        return False
    return not ctx.index.activated or not (
        fast_options(ctx, ctx.state.turn_player) or fast_options(ctx, opponent_of(ctx.state.turn_player))
    )


def segoc_order(triggers: Sequence[PendingTrigger], turn_player: Player) -> list[PendingTrigger]:
    """SEGOC (§1.2): turn player's mandatory, opponent's mandatory, turn player's optional,
    opponent's optional; within a group, card order until the player chooses otherwise."""
    return sorted(triggers, key=lambda t: (not t.mandatory, t.player is not turn_player))


def step_window(ctx: Context) -> None:
    """Do one unit of work in the open window (may leave a pending decision)."""
    w = ctx.state.window
    assert w is not None
    if w.placing:
        _offer_trigger(ctx, w)
    elif w.triggers and not w.chain:
        write_placing(ctx.state, tuple(segoc_order(w.triggers, ctx.state.turn_player)))
        write_triggers(ctx.state, ())
    else:
        _offer_priority(ctx, w)


# -- placing triggers ---------------------------------------------------------------------


def _group(w: WindowState) -> list[PendingTrigger]:
    head = w.placing[0]
    return [t for t in w.placing if t.player is head.player and t.mandatory == head.mandatory]


def trigger_options(ctx: Context, group: list[PendingTrigger]) -> list[Option]:
    """Each trigger of the group that can still be activated, once per legal target choice."""
    out = []
    w = ctx.state.window
    assert w is not None
    for t in group:
        card = ctx.card(t.card)
        if card.instance != t.instance:
            continue  # it moved since it triggered: a new card, which no longer holds the trigger
        if legality.trigger_damage_step_problem(card.effects[t.effect], w.window):
            continue  # "(except during the Damage Step)": not activated, now or later (§U.14)
        if legality.activation_lock_problem(ctx, t.player, card, card.effects[t.effect]) or legality.effect_problem(
            ctx, ctx.source_of(t.card, t.effect), None
        ):
            continue
        out += options_for(ctx, t.card, t.effect)
    return out


def options_for(ctx: Context, ci: int, ei: int) -> list[Option]:
    """One option per legal target choice (one with no targets for an effect that does not target)."""
    choices = legality.target_choices(ctx, ctx.source_of(ci, ei))
    plain = ctx.index.untargeted[ci][ei]  # (made once: a named tuple's constructor is Python code)
    return [plain] if choices is None else [Option(ci, ei, targets) if targets else plain for targets in choices]


def _offer_trigger(ctx: Context, w: WindowState) -> None:
    group = _group(w)
    head = group[0]
    options = trigger_options(ctx, group)
    if not options:
        _drop_group(ctx.state, group)
        return
    if head.mandatory and len(options) == 1:
        _place_trigger(ctx, head.player, options[0])
        return
    opts = tuple(options) if head.mandatory else (*options, PASS)
    ctx.state.pending = Decision(head.player, DecisionKind.TRIGGER, w.window, opts, ctx.index.ids)


def _drop_group(s: GameState, group: list[PendingTrigger]) -> None:
    write_placing(s, tuple(t for t in _window(s).placing if t not in group))
    _after_placing(s)


def _after_placing(s: GameState) -> None:
    w = _window(s)
    if not w.placing:
        # The player who did not activate the last link may respond first (§1.2).
        write_priority(s, opponent_of(w.chain[-1].player) if w.chain else w.priority, 0)


def _place_trigger(ctx: Context, player: Player, option: Option) -> None:
    s = ctx.state
    placing = _window(s).placing
    placed = next((t for t in placing if t.card == option.card and t.effect == option.effect), None)
    write_placing(s, tuple(t for t in placing if not (t.card == option.card and t.effect == option.effect)))
    activate(ctx, player, option, trigger=True, event=None if placed is None else placed.event)
    _after_placing(s)


# -- priority -----------------------------------------------------------------------------


def fast_options(ctx: Context, player: Player) -> list[Option]:
    """Every fast effect `player` may activate now, once per legal target choice."""
    w = ctx.state.window
    assert w is not None
    if not w.chain and not legality.chain_can_start(w) and ctx.index.timed_events.isdisjoint(w.events):
        return []  # no fast effect can start a chain here, whatever it is (but one timed to this window's event)
    out = []
    cards = ctx.state.cards
    for ci, ei in ctx.index.activated:
        card = cards[ci]
        if not legality.in_place_to_activate(player, card, card.effects[ei]):
            continue  # (the commonest refusal, answered without building its message)
        if legality.fast_effect_problem(ctx, player, ci, ei, None) is None:
            out += options_for(ctx, ci, ei)
    return out


def _offer_priority(ctx: Context, w: WindowState) -> None:
    player = w.priority
    options = fast_options(ctx, player)
    may_pass = True
    if not w.chain:
        if w.waiting:  # §BP.2: a phase trigger of this player's starts a chain of its own
            mine = waiting_options(ctx, w, player)
            if not mine:  # none of theirs can be activated now
                _drop_waiting(ctx.state, player, mandatory_too=True)
                w = _window(ctx.state)
            options = mine + options
            may_pass = not any(t.player is player and t.mandatory for t in w.waiting)
        if w.window is Window.BATTLE_STEP and player is ctx.state.turn_player:  # §BP.3
            declared = attack.declarations(ctx, actions.declared_this_turn(ctx.state))
            options = declared + options
            may_pass = may_pass and not attack.must_attack(ctx, declared)
    forced = [o for o in options if o.effect >= 0 and ctx.card(o.card).effects[o.effect].params.get("mandatory")]
    if forced:  # a mandatory Quick Effect that can be activated now is (rules spec §U.27)
        options, may_pass = forced, False
    if options or ctx.state.show_every_priority:
        answers = (*options, PASS) if may_pass else tuple(options)
        ctx.state.pending = Decision(player, DecisionKind.PRIORITY, w.window, answers, ctx.index.ids)
        return
    pass_priority(ctx, player, auto=True)


def waiting_options(ctx: Context, w: WindowState, player: Player) -> list[Option]:
    """This player's phase triggers that can still be activated (§BP.2), once per legal target choice."""
    return trigger_options(ctx, [t for t in w.waiting if t.player is player])


def _drop_waiting(s: GameState, player: Player, mandatory_too: bool) -> None:
    """A player who passes with an empty chain declines their optional phase triggers; a mandatory one
    that can no longer be activated is dropped too (`mandatory_too`)."""
    w = _window(s)
    if any(t.player is player and (mandatory_too or not t.mandatory) for t in w.waiting):
        write_waiting(s, tuple(t for t in w.waiting if t.player is not player or (t.mandatory and not mandatory_too)))


def pass_priority(ctx: Context, player: Player, auto: bool = False) -> None:
    ctx.emit(EventType.PASSED, "priority", player=player, detail="nothing to activate" if auto else "")
    s = ctx.state
    w = _window(s)
    passes = w.passes + 1
    if passes < 2:
        write_priority(s, opponent_of(player), passes)
        return
    write_priority(s, w.priority, passes)
    if w.chain:
        resolve_chain(ctx)
    else:
        close_window(ctx)


# -- answering a decision -----------------------------------------------------------------


def check_choice(ctx: Context, decision: Decision, option: object) -> None:
    """Raise IllegalChoice naming why, without touching the state, unless `option` is legal.
    (`object`: a host may pass anything, and compiled code would refuse a non-Option on entry.)"""
    if problem := malformed(option):
        raise IllegalChoice(problem)
    assert isinstance(option, Option)  # malformed() checked its type
    if option in decision.options:
        return
    if decision.kind in RESOLUTION_KINDS:
        raise IllegalChoice(f"{option} is not one of the {len(decision.options)} answers to this {decision.kind.value} "
                            f"decision ({decision.prompt}): {', '.join(decision.describe())}")  # fmt: skip
    if option.is_pass:
        if option != PASS:
            raise IllegalChoice(f"{option} is not an option: pass with PASS")
        raise IllegalChoice("a mandatory triggered effect must be placed on the chain: passing is not allowed")
    if problem := legality.no_such_effect(ctx, option.card, option.effect) or legality.no_such_target(
        ctx, option.targets
    ):
        raise IllegalChoice(problem)
    targets = option.targets
    if decision.kind is DecisionKind.TRIGGER:
        reason = legality.trigger_problem(ctx, option.card, option.effect)
        if reason is None:
            w = ctx.state.window
            assert w is not None
            if not any(t.card == option.card and t.effect == option.effect for t in _group(w)):
                reason = "another player's or group's triggers are placed first (SEGOC)"
            else:
                reason = legality.effect_problem(ctx, ctx.source_of(option.card, option.effect), targets)
    else:
        reason = legality.activation_problem(ctx, decision.player, option.card, option.effect, targets)
    raise IllegalChoice(reason or "that option is not one of the legal options")


def apply_choice(ctx: Context, decision: Decision, option: Option) -> None:
    resumes = decision.resumes
    if decision.activating is not None and resumes is not None:  # §U.21: the activation goes on with one more answer
        resolution.answer(ctx, option)
        ctx.state.pending = resumes
        _activate_paying(ctx, resumes, decision.activating)
        return
    if decision.kind not in RESOLUTION_KINDS and option.card >= 0 and option.effect >= 0 and (
        ctx.registry[ctx.card(option.card).effects[option.effect].type].pay_cost is not None
    ):  # an activation with a cost: the cost may ask (§U.21)
        _activate_paying(ctx, decision, option)
        return
    _apply_choice(ctx, decision, option)


def _activate_paying(ctx: Context, decision: Decision, option: Option) -> None:
    """Answer `decision` with the activation `option`; if its cost asks the activating player which cards or what
    amount pays (rules spec §U.21), the game is as before it and that question is pending, naming the activation."""
    asked = resolution.pay_asking(ctx, lambda: _apply_choice(ctx, decision, option))
    if asked is not None:
        ctx.state.pending = Decision(asked.player, asked.kind, asked.window, asked.options, asked.cards, asked.prompt,
                                     option, decision)  # fmt: skip


def _apply_choice(ctx: Context, decision: Decision, option: Option) -> None:
    s = ctx.state
    w = _window(s)
    s.pending = None
    passes = option.card < 0  # `option.is_pass`, read in C when compiled (a named tuple's property is not)
    if decision.kind in RESOLUTION_KINDS:  # §U.16: the resolving link goes on with one more answer
        resolution.answer(ctx, option)
        resolve_chain(ctx, resume=True)
    elif decision.kind is DecisionKind.TRIGGER:
        if passes:
            _drop_group(s, _group(w))
        else:
            _place_trigger(ctx, decision.player, option)
    elif passes:
        if not w.chain and w.waiting:
            _drop_waiting(s, decision.player, mandatory_too=False)
        pass_priority(ctx, decision.player)
    elif w.waiting and any(t.card == option.card and t.effect == option.effect for t in w.waiting):
        placed = next(t for t in w.waiting if t.card == option.card and t.effect == option.effect)
        write_waiting(s, tuple(t for t in w.waiting if not (t.card == option.card and t.effect == option.effect)))
        activate(ctx, decision.player, option, trigger=True, event=placed.event)
    else:
        activate(ctx, decision.player, option)


# -- building and resolving ---------------------------------------------------------------


def activate(
    ctx: Context, player: Player, option: Option, trigger: bool = False, event: TriggeringEvent | None = None
) -> None:
    """Activate: turn a Set card face-up, pay the cost, choose targets, add the chain link (a trigger's with the
    event it answers, §U.27)."""
    s = ctx.state
    card = ctx.card(option.card)
    eff = card.effects[option.effect]
    src = ctx.source_of(option.card, option.effect)
    if holds_spells_traps(card.location) and card.face_down:
        write_face_up(ctx.state, option.card, card.equipped_to)
    elif card.location is Location.HAND and card.card_type is not CardType.MONSTER:
        # A Spell/Trap Card activated from the hand is placed face-up on the field (a Field Spell in the Field Zone).
        zone = Location.FIELD_ZONE if card.card_property is Property.FIELD else Location.SPELL_TRAP_ZONE
        actions.move_card(ctx, option.card, zone, "chain", detail="activated from the hand")
    link = ChainLink(
        card=option.card,
        effect=option.effect,
        player=player,
        speed=legality.spell_speed(card, eff),
        targets=option.targets,
        target_instances=tuple(ctx.card(i).instance for i in option.targets),
        trigger=trigger,
        activated_from=arrivals.origin(ctx.card(option.card)),  # (before a cost moves it: §U.24)
        event=event,
    )
    chain = (*_window(s).chain, link)
    write_chain(s, chain)
    key = cards.once_per_turn_key(ctx, src)
    if key is not None:
        ctx.state.used_once = (*ctx.state.used_once, key)
    ctx.emit(
        EventType.ACTIVATED,
        "segoc" if trigger else "priority",
        card=option.card,
        player=player,
        detail=f"chain link {len(chain)}",
        data=(("effect", option.effect), ("targets", option.targets)),
    )
    pay = ctx.registry[eff.type].pay_cost
    if pay is not None:
        lp = ctx.state.players[player].lp
        pay(ctx, src)
        if paid := lp - ctx.state.players[player].lp:  # (kept on the link: "that much", rules spec §U.21)
            now = _window(s).chain
            write_chain(s, (*now[:-1], ChainLink(link.card, link.effect, link.player, link.speed, link.targets,
                                                 link.target_instances, link.trigger, paid, link.activated_from,
                                                 link.event)))  # fmt: skip
        actions.check_zero_lp(ctx)
    if ctx.index.triggers[TriggerEvent.EFFECT_ACTIVATED]:  # "if a monster effect is activated in the GY" (§U.24)
        actions.raise_event(ctx, TriggerEvent.EFFECT_ACTIVATED, (option.card,))
    write_priority(s, opponent_of(player), 0)


def resolve_chain(ctx: Context, resume: bool = False) -> None:
    """Resolve last-in first-out; the game settles after each link; a player at 0 LP ends it. A link whose
    operation asks a player something pauses the chain (§U.16: `engine.resolution`); `resume` goes on with it,
    from that link's operation, once the question is answered."""
    s = ctx.state
    w = _window(s)
    start = w.resolving if resume else len(w.chain) - 1
    if not resume:
        ctx.emit(EventType.CHAIN_RESOLVING, "chain", amount=len(w.chain))
    last = start
    for i in range(start, -1, -1):
        link = w.chain[i]
        last = i
        negated = i in w.negated_links
        done = True  # (a link negated, or whose card left the field, resolves with no effect)
        if resume and i == start:
            done = _operate(ctx, link, True)  # with one more answer
        elif _begin_link(ctx, i):
            ctx.resolved += 1
            if ctx.resolved > LOOP_LIMIT:
                note_looping(ctx, link.card, link.effect)
            done = _operate(ctx, link, False)
        if not done:
            return  # a player must decide (§U.16): the chain waits at this link
        w = _window(s)  # (the link's resolution replaced the window record)
        if s.duel_over:
            break  # nothing more happens once a player is at 0 LP (§2.7)
        if link.targets and not negated and (ctx.index.hooks[Hook.DESTROYED_AFTER_TARGETED] or s.lingering):
            checks.targeting_resolved(ctx, link)  # §U.29: "after resolving a card effect that targets this card"
        if not cards.stays_on_field(ctx.card(link.card), link, negated):  # (as it is now: its record was replaced)
            actions.send_to_graveyard(ctx, link.card, "chain", detail="a resolved Spell/Trap Card")
        checks.settle(ctx)
        w = _window(s)
        if s.duel_over:
            break
    order = [w.chain[j].card for j in range(len(w.chain) - 1, last - 1, -1)]
    _chain_resolved(ctx, order)


def _window(s: GameState) -> WindowState:
    w = s.window
    assert w is not None
    return w


def _operate(ctx: Context, link: ChainLink, resuming: bool) -> bool:
    """Run a link's operation (with the answers given so far, §U.16): False if it waits for a decision. Only an
    operation that may ask (`Index.may_ask`), or one `resuming` with an answer, runs from a checkpoint."""
    eff = ctx.card(link.card).effects[link.effect]
    op = ctx.registry[eff.type].operation
    if op is not None:
        asks = resuming or ctx.index.may_ask(link.card, link.effect, eff)
        if not resolution.run_operation(ctx, op, ctx.source_of(link.card, link.effect), link, asks):
            return False
    ctx.emit(EventType.LINK_RESOLVED, "chain", card=link.card, player=link.player)
    return True


def _begin_link(ctx: Context, i: int) -> bool:
    """A link starts to resolve: False, having said why, if it resolves with no effect."""
    s = ctx.state
    w = _window(s)
    link = w.chain[i]
    write_resolving(s, i)
    card = ctx.card(link.card)
    negated = i in w.negated_links
    if negated:
        ctx.emit(EventType.LINK_NEGATED, "chain", card=link.card, player=link.player)
    elif (gone := cards.left_field_problem(card, link)) is not None:
        ctx.emit(EventType.LINK_UNRESOLVED, "card_left_field", card=link.card, player=link.player, detail=gone)
    elif not link.trigger and card.effects[link.effect].negated:
        ctx.emit(EventType.LINK_UNRESOLVED, "effect_negated", card=link.card, player=link.player,
                 detail="its effect is negated: it resolves with no effect")  # fmt: skip
    elif card.face_up_on_field and ctx.effects_negated(link.card):
        ctx.emit(EventType.LINK_UNRESOLVED, "negated_card_resolves", card=link.card, player=link.player,
                 detail="its card's effects are negated now: so is the effect as it resolves")  # fmt: skip
    elif (ctx.index.hooks[Hook.CHAIN_SOLVING] or s.lingering) and _negated_on_resolution(ctx):
        ctx.emit(EventType.LINK_UNRESOLVED, "negate_on_resolution", card=link.card, player=link.player,
                 detail="its effect is negated as it resolves")  # fmt: skip
    else:
        return True
    return False


def _chain_resolved(ctx: Context, order: list[int]) -> None:
    """The chain is over (every link resolved, or the Duel ended): what follows it in this window."""
    s = ctx.state
    write_resolving(s, -1)  # (first: whoever hears the chain resolved sees no link resolving)
    w = _window(s)
    s.chains.append(ChainRecord(w.window, tuple((link.card, link.player) for link in w.chain), tuple(order)))
    ctx.emit(EventType.CHAIN_RESOLVED, "chain")
    write_chain_resolved(s, s.turn_player)
    w = _window(s)
    if s.duel_over or w.triggers:
        return
    if w.window is Window.DURING_DAMAGE_CALCULATION:
        close_window(ctx, "one_chain_at_damage_calculation")
    elif w.window in PRE_CALCULATION_WINDOWS and (problem := battle_problem(ctx)):
        ctx.emit(EventType.BATTLE_STOPPED, "battle_valid", detail=problem)
        close_window(ctx, "battle_valid")
    elif w.window is Window.ATTACK_DECLARATION:
        after_attack_chain(ctx)
    elif w.window is Window.BATTLE_STEP and s.battle.under_way and s.battle.calculate_at_once:
        close_window(ctx, "calculate_at_once")  # an effect made a monster attack (§U.6): on to that battle
    elif s.battle_phase_ending and w.window in (Window.START_STEP, Window.BATTLE_STEP):
        close_window(ctx, "end_battle_phase")


def note_looping(ctx: Context, card: int, effect: int) -> None:
    """Past `LOOP_LIMIT` links with no decision: note the effect resolving; once one comes round again, the loop is
    known: `LoopError` naming its effects (§U.13: an unending loop of mandatory effects)."""
    seen = ctx.loop_seen
    if (card, effect) not in seen and len(seen) < LOOP_LIMIT:
        ctx.loop_seen = (*seen, (card, effect))
        return
    s = ctx.state
    names = "; ".join(f"{describe_card(s.cards[c].id, s.cards[c].name)}, effect {e}" for c, e in seen)
    raise LoopError(
        f"an unending loop: more than {LOOP_LIMIT} chain links resolved with no decision in between, and these effects "
        f"keep activating each other: {names} -- in {describe_place(s.current_window(), s.phase)}. Official play "
        "ends such a loop outside the rules (KDE-E Tournament Policy, 'Handling Card Loops': a judge sends the card "
        "that causes it to the Graveyard); the engine stops with this error instead (rules spec §U.13)",
        tuple(seen),
    )


def _negated_on_resolution(ctx: Context) -> bool:
    """Whether an effect negates the resolving link's effect as it resolves (`Hook.CHAIN_SOLVING`, §U.3); the
    first that does acts, the others are not asked."""
    return any(answer is True for _src, answer in ctx.ask(Hook.CHAIN_SOLVING))


def after_attack_chain(ctx: Context) -> None:
    """§BP.5, §BP.6: once a chain after an attack declaration has resolved, an attack that can no longer
    go on stops (its window closes, and the Battle Step goes on without it), and a change among the
    opponent's monsters is a replay (its window closes, and the turn player chooses again)."""
    problem = attack.stop_problem(ctx)
    if problem is not None:
        actions.stop_attack(ctx, problem)
        close_window(ctx, "attack_stopped")
    elif ctx.state.battle.calculate_at_once:
        close_window(ctx, "calculate_at_once")  # §U.6: on to damage calculation, with no further response
    elif attack.replay_problem(ctx, ctx.state.battle) is not None:
        close_window(ctx, "replay")


def close_window(ctx: Context, rule: str = "priority") -> None:
    """The sub-timing is over; the machine moves on to its next state."""
    ctx.emit(EventType.WINDOW_CLOSED, rule)
    write_window(ctx.state, None)

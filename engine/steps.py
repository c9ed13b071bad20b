"""What each state of the Battle Phase does when it is entered, in rulebook order (§BP.1-§BP.7, and the
Damage Step's §1.3-§1.7).

Each function is the "on enter" callback of one machine state. They do the automatic work of
their sub-timing by calling rules and actions, and open the sub-timing's window (chains are
then run by `engine.chain` until the window closes). They hold no rules themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine import actions, checks, resolution
from engine.battle_step import host_attack_stopped, replay_decision, take_host_move
from engine.chain import open_window
from engine.effects import Context, Handler, Hook, Source, TriggerEvent
from engine.rules import attack
from engine.rules.battle import NOBODY, battle_damage_modifiers, battle_input, battle_problem, battling_monsters
from engine.rules.calculation import compare_values
from engine.rules.destruction import (
    battle_destruction_replacement,
    battle_indestructibility,
    negated_by_destroyer,
    replace_battle_destruction,
)
from engine.rules.modifiers import DamageResult, applicable, apply_battle_damage_modifiers
from engine.state import (
    NO_ATTACK,
    ChainRecord,
    GameState,
    no_battle,
    write_battle,
    write_battle_destroyed,
    write_effects_negated,
    write_indestructible_used,
)
from engine.values.events import EventType
from engine.values.game import PLAYERS, Location, Phase, Player, Position, Window, opponent_of
from engine.windows import write_window

# The trigger events each state raises: where triggered effects attach (rules spec §1.10 names
# in brackets). One SEGOC chain per state holds all of a state's triggers.
EVENTS_RAISED: Final[dict[Phase, tuple[TriggerEvent, ...]]] = {
    Phase.START_STEP: (TriggerEvent.START_OF_BATTLE_PHASE,),  # on_battle_phase_start (one at a time, §BP.2)
    Phase.ATTACK_DECLARED: (TriggerEvent.ATTACK_DECLARED, TriggerEvent.TARGETED_FOR_ATTACK),  # on_attack_declared
    Phase.START_OF_DAMAGE_STEP: (TriggerEvent.START_OF_DAMAGE_STEP,),  # on_damage_step_start
    Phase.BEFORE_DAMAGE_CALCULATION: (TriggerEvent.BEFORE_DAMAGE_CALCULATION,),  # on_before_damage_calc
    # on_damage_calc_window: fast effects, and triggers "during damage calculation" (as ygopro's
    # EVENT_PRE_DAMAGE_CALCULATE: Amazoness Pet Liger)
    Phase.DURING_DAMAGE_CALCULATION: (TriggerEvent.DURING_DAMAGE_CALCULATION,),
    Phase.AFTER_DAMAGE_CALCULATION: (
        TriggerEvent.FLIPPED,  # on_flip (deferred)
        TriggerEvent.BATTLE_DAMAGE_INFLICTED,  # on_battle_damage
        TriggerEvent.BATTLE_DAMAGE_TAKEN,
        TriggerEvent.AFTER_DAMAGE_CALCULATION,  # on_battled
    ),
    Phase.END_OF_DAMAGE_STEP: (
        TriggerEvent.FLIPPED,  # only if damage calculation was skipped: held flips are released here
        TriggerEvent.DESTROYED_BY_BATTLE,  # on_destroyed_by_battle
        TriggerEvent.DESTROYED_BY_BATTLE_AND_SENT_TO_GRAVEYARD,
        TriggerEvent.DESTROYS_BY_BATTLE,  # on_destroying
        TriggerEvent.DESTROYED,  # "if this card is destroyed": by battle too
        TriggerEvent.SENT_TO_GRAVEYARD,
        TriggerEvent.DESTROYED_AND_SENT_TO_GRAVEYARD,
        TriggerEvent.LEFT_FIELD,  # "if this card leaves the field" (rules spec §U.24)
        TriggerEvent.END_OF_DAMAGE_STEP,  # on_damage_step_end
    ),
    Phase.END_STEP: (TriggerEvent.END_OF_BATTLE_PHASE,),  # on_battle_phase_end (one at a time, §BP.2)
    Phase.END_PHASE: (TriggerEvent.END_PHASE,),  # "during the End Phase" (one at a time, §BP.14)
    Phase.STANDBY_PHASE: (TriggerEvent.STANDBY_PHASE,),  # "during the Standby Phase" (one at a time, §U.31)
}
# A direct attack targets no monster; after a replay the target is chosen again: not a declaration,
# but the new target is targeted (§BP.5).
DIRECT_ATTACK_EVENTS: Final = (TriggerEvent.ATTACK_DECLARED,)
RETARGET_EVENTS: Final = (TriggerEvent.TARGETED_FOR_ATTACK,)
# The continuous hook points each state queries (besides STATS and ACTIVATION_LOCK, read
# whenever ATK/DEF are read or an activation is checked).
HOOKS_QUERIED: dict[Phase, tuple[Hook, ...]] = {
    Phase.BATTLE_STEP: (
        Hook.CANNOT_ATTACK,
        Hook.CANNOT_DECLARE_ATTACK,
        Hook.CANNOT_BE_ATTACKED,
        Hook.DIRECT_ATTACK,
        Hook.MUST_ATTACK,
        Hook.ATTACKS,
        Hook.ATTACK_FROM_DEFENSE,
    ),
    Phase.ATTACK_DECLARED: (Hook.CANNOT_ATTACK, Hook.DIRECT_ATTACK),  # the attack stops, or a replay (§BP.5-6)
    Phase.FLIP: (Hook.SELF_DESTROY,),
    Phase.PERFORM_DAMAGE_CALCULATION: (
        Hook.ATTACK_FROM_DEFENSE,
        Hook.PIERCING,
        Hook.BATTLE_DAMAGE,  # modify_battle_damage
        Hook.INDESTRUCTIBLE_BY_BATTLE,
        Hook.BATTLE_DESTRUCTION_REPLACEMENT,
    ),
    Phase.AFTER_DAMAGE_CALCULATION: (Hook.SELF_DESTROY,),
    Phase.SEND_DESTROYED_BY_BATTLE: (Hook.GRAVEYARD_REDIRECT, Hook.SELF_DESTROY),
}


def start_step(ctx: Context) -> None:
    """§BP.1, §BP.2: the Battle Phase begins; "at the start of the Battle Phase" triggers are activated one
    at a time, each its own chain, the turn player's priority first."""
    open_window(ctx, Window.START_STEP, EVENTS_RAISED[Phase.START_STEP])


def battle_step(ctx: Context) -> None:
    """§BP.3: the Battle Step, entered after the Start Step and after each attack: the previous attack's
    record closes; the turn player declares an attack (an option of their priority), activates a fast
    effect, or passes, which moves on to the End Step unless the opponent then acts. An effect that ended
    the Battle Phase goes straight on to the End Step. After an attack the host declared that stopped here,
    the host declares the next (the duel waits: `battle_step.paused`), as after its Damage Step; a move the host
    made in Main Phase 1 is made here (`battle_step.take_host_move`)."""
    s = ctx.state
    if host_attack_stopped(s):
        return
    if s.battle.attacker != NO_ATTACK:
        actions.close_battle_record(s)
        write_battle(s, no_battle(s.turn_player))
    if s.battle_phase_ending:
        s.host_move = None  # (an effect ended the Battle Phase in its Start Step: the host's move is not made)
    elif not take_host_move(ctx):
        open_window(ctx, Window.BATTLE_STEP, ())


def attack_declared(ctx: Context) -> None:
    """§BP.4, §BP.5: the attack has been declared (or its target chosen again after a replay): "when an
    attack is declared" and "when targeted for an attack" triggers, then the window in which the turn player
    responds first; the opponent's monsters are noted, as a change among them before the Damage Step is a
    replay."""
    s = ctx.state
    write_battle(s, s.battle.field_noted(attack.opponent_field(ctx), False))
    b = s.battle
    if b.calculate_at_once:
        return  # an attack an effect made (§U.6): no declaration, no window, on to its damage calculation
    events: tuple[TriggerEvent, ...]
    if b.replays:
        events = RETARGET_EVENTS if b.target is not None else ()
    else:
        events = EVENTS_RAISED[Phase.ATTACK_DECLARED] if b.target is not None else DIRECT_ATTACK_EVENTS
    open_window(ctx, Window.ATTACK_DECLARATION, events)


def replay(ctx: Context) -> None:
    """§BP.5: a replay: the turn player chooses the target again, attacks directly, or stops the attack.
    With no monster to attack and no direct attack possible, the attack stops."""
    s = ctx.state
    decision = replay_decision(ctx)
    if decision is None:
        actions.stop_attack(ctx, "after the replay there is nothing it can attack")
    else:
        s.pending = decision


def timing_actions(ctx: Context) -> bool:
    """Actions effects do with no chain as a state begins (`Hook.AT_TIMING`, §U.7), then the state-based checks.
    False if one of them asks a player something not answered yet (rules spec §U.30: the game is then as before
    them, the question pending; they are done again, with the answers, once it is answered). Only when one of them
    may ask (its type's `may_ask`) are they run from a checkpoint."""
    sources = list(ctx.sources(Hook.AT_TIMING))
    if not sources:
        return True
    if not any(_may_ask(ctx, src) for src, _handler in sources):
        _act(ctx, sources, False)
        return True
    asked = resolution.act_without_chain(ctx, lambda: _act(ctx, list(ctx.sources(Hook.AT_TIMING)), True))
    if asked is None:
        return True
    ctx.state.pending = asked
    return False


def _may_ask(ctx: Context, src: Source) -> bool:
    may = ctx.registry[src.effect.type].may_ask
    return may is None or may(src.effect)


def _act(ctx: Context, sources: list[tuple[Source, Handler]], asking: bool) -> None:
    for src, handler in sources:
        if asking:  # whose action asks, if it does (§U.30); a later action names the effect that left it
            ctx.acting = (src.card, src.index) if _may_ask(ctx, src) else None
        handler(ctx, src)
    ctx.acting = None
    checks.settle(ctx)


def start_of_damage_step(ctx: Context) -> None:
    """§1.0, §1.3: the attacker has attacked; positions at the start are recorded; "during the
    Damage Step" effects start applying; self-destruction waits; start-of-step triggers."""
    s = ctx.state
    b = s.battle
    target_position = None if b.target is None else ctx.card(b.target).position
    write_battle(s, b.started(ctx.card(b.attacker).position, target_position))
    s.self_destroy_deferred = True
    if not b.calculate_at_once:  # §U.6: entered while an effect resolves, no window before damage calculation
        open_window(ctx, Window.START_OF_DAMAGE_STEP, EVENTS_RAISED[Phase.START_OF_DAMAGE_STEP])


def flip(ctx: Context) -> None:
    """§1.4: a face-down attack target is flipped face-up (not a Flip Summon). Its continuous
    effects apply at once; its FLIP effect waits until after damage calculation."""
    b = ctx.state.battle
    if b.target is None or ctx.card(b.target).position is not Position.SET:
        return
    actions.flip_face_up(ctx, b.target, "flip_attack_target")
    checks.settle(ctx)


def before_damage_calculation(ctx: Context) -> None:
    if not ctx.state.battle.calculate_at_once:
        open_window(ctx, Window.BEFORE_DAMAGE_CALCULATION, EVENTS_RAISED[Phase.BEFORE_DAMAGE_CALCULATION])


def during_damage_calculation(ctx: Context) -> None:
    if not ctx.state.battle.calculate_at_once:
        open_window(ctx, Window.DURING_DAMAGE_CALCULATION, EVENTS_RAISED[Phase.DURING_DAMAGE_CALCULATION])


def perform_damage_calculation(ctx: Context) -> None:
    """§1.5(b): compare values, run battle damage through the modifiers, apply it (a player at
    0 LP loses at once), then determine which monsters are destroyed by battle (whether one is protected
    was decided before the damage, §R.5)."""
    s = ctx.state
    inp = battle_input(ctx)
    base = compare_values(inp)
    values = (inp.attacker_value, inp.target_value)
    write_battle(s, s.battle.compared(values))
    b = s.battle
    modifiers = battle_damage_modifiers(ctx)
    battlers = battling_monsters(b) if modifiers else NOBODY  # (what the modifiers read; most battles have none)
    ctx.emit(  # with what decided the outcome, so explanations can name it (when anyone reads it)
        EventType.VALUES_COMPARED,
        "damage_calculation",
        data=(
            ("values", values),
            ("defense", inp.target_in_defense),
            ("piercing", bool(inp.piercing)),
            ("modifiers", tuple(m.stage.name.lower() for m in applicable(modifiers, battlers))),
        )
        if ctx.watched
        else (),
    )
    # Decided before battle damage changes LP (§R.5): whether a monster the battle would destroy is protected
    # (Aromaseraphy Jasmine, Konami OCG FAQ 21608), and the replacements decided then (Number 102: Star Seraph
    # Sentry), which may change this battle's damage; the other replacements are chosen after it (§1.5(b)4).
    protected = [(index, battle_indestructibility(ctx, index)) for index in base.destroyed]
    replaced = [i for i, protections in protected if protections is None and _replaced(ctx, i, before_damage=True)]
    if replaced:
        modifiers = battle_damage_modifiers(ctx)
        battlers = battling_monsters(b)
    result = apply_battle_damage_modifiers(base.damage, modifiers, battlers)
    for p in PLAYERS:  # simultaneous
        actions.lose_lp(ctx, p, result.battle[p], "battle_damage", "battle_damage_modifiers")
        actions.lose_lp(ctx, p, result.effect[p], "effect_damage", "battle_damage_modifiers")
        actions.gain_lp(ctx, p, result.gain[p], "battle_damage_modifiers")
    write_battle(s, s.battle.damaged(result.battle, result.inflicted_by, battle_damage_takers(s.turn_player, result)))
    if actions.check_zero_lp(ctx):
        return
    destroyed = []
    negated = [i for i in base.destroyed if negated_by_destroyer(ctx, i)]  # (before any is marked destroyed)
    for index, protections in protected:
        if index in replaced or (protections is None and _replaced(ctx, index, before_damage=False)):
            continue
        if protections is None:
            destroyed.append(index)
            write_battle_destroyed(ctx.state, index, True)
            ctx.emit(EventType.DESTROYED_BY_BATTLE, "destroyed_by_battle", card=index)
            if index in negated:
                write_effects_negated(ctx.state, index, True)
                ctx.emit(EventType.EFFECTS_NEGATED, "negated_by_destroyer", card=index)
            continue
        for key in protections:  # every "N times per turn" protection that applied is used up (§R.1)
            write_indestructible_used(s, key, s.indestructible_used.get(key, 0) + 1)
        ctx.emit(EventType.NOT_DESTROYED, "indestructible_by_battle", card=index)
    write_battle(s, s.battle.with_destroyed(tuple(destroyed)))
    if actions.check_zero_lp(ctx):
        return  # LP paid instead of a destruction can end the Duel (§2.7)
    actions.expire_lingering(ctx, "damage_calculation")


def battle_damage_takers(turn_player: Player, result: DamageResult) -> tuple[Player, ...]:
    """Who took battle damage (a battle damage event each), the turn player first."""
    mine, theirs = result.battle[turn_player] > 0, result.battle[opponent_of(turn_player)] > 0
    if mine:
        return (turn_player, opponent_of(turn_player)) if theirs else (turn_player,)
    return (opponent_of(turn_player),) if theirs else ()


def _replaced(ctx: Context, index: int, *, before_damage: bool) -> bool:
    """Apply the replacement of this monster's destruction by battle decided at this moment, if any (§1.5(b)4)."""
    rep = battle_destruction_replacement(ctx, index, before_damage)
    if rep is not None:
        replace_battle_destruction(ctx, rep, index)
    return rep is not None


def after_damage_calculation(ctx: Context) -> None:
    """§1.6: deferred self-destruction applies now; battle-damage, FLIP and after-damage-
    calculation triggers go on one SEGOC chain."""
    ctx.state.self_destroy_deferred = False
    checks.settle(ctx)
    open_window(ctx, Window.AFTER_DAMAGE_CALCULATION, EVENTS_RAISED[Phase.AFTER_DAMAGE_CALCULATION])
    _release_flips(ctx.state)  # released: FLIPPED was raised with the window


def send_destroyed_by_battle(ctx: Context) -> None:
    """§1.7.1: monsters determined destroyed by battle that are still the same cards on the
    field are sent now (Graveyard, Extra Deck for Pendulums, or where an effect redirects)."""
    s = ctx.state
    b = s.battle
    if not b.battled:
        ctx.emit(EventType.DAMAGE_CALCULATION_SKIPPED, "battle_valid", detail=battle_problem(ctx) or "")
        actions.expire_lingering(ctx, "damage_calculation")
    sent = []
    for index in b.destroyed:
        card = ctx.card(index)
        if card.location is Location.MONSTER_ZONE and card.battle_destroyed:
            actions.send_to_graveyard(
                ctx, index, "send_destroyed_by_battle", detail="destroyed by battle", triggers=False
            )  # their DESTROYED and SENT_TO_GRAVEYARD are raised with the end of the Damage Step
            sent.append(index)
    write_battle(s, s.battle.with_sent(tuple(sent)))
    s.self_destroy_deferred = False
    checks.settle(ctx)


def end_of_damage_step(ctx: Context) -> None:
    """§1.7.2: destroyed-by-battle, destroys-by-battle and end-of-step triggers share one chain."""
    open_window(ctx, Window.END_OF_DAMAGE_STEP, EVENTS_RAISED[Phase.END_OF_DAMAGE_STEP])
    _release_flips(ctx.state)


def _release_flips(s: GameState) -> None:
    """The parked FLIPs were raised with the window just opened: none is parked any more."""
    if s.battle.parked_flips:
        write_battle(s, s.battle.with_parked_flips(()))


def step_over(ctx: Context) -> None:
    """§1.7.3: back to the Battle Step; "until the end of the Damage Step" effects expire, and the game settles
    (what no longer applies may leave a card to destroy)."""
    actions.expire_lingering(ctx, "end_of_damage_step")
    checks.settle(ctx)


def end_step(ctx: Context) -> None:
    """§BP.1, §BP.2: the end of the Battle Phase: its triggers, one at a time, the turn player's first."""
    open_window(ctx, Window.END_STEP, EVENTS_RAISED[Phase.END_STEP])


def main_phase_2(ctx: Context) -> None:
    """§BP.1: the Battle Phase is over: "until the end of the Battle Phase" effects expire; the host
    takes over (Main Phase 2, the End Phase: `Duel.end_turn`)."""
    s = ctx.state
    if s.battle.attacker != NO_ATTACK:
        actions.close_battle_record(s)
        write_battle(s, no_battle(s.turn_player))
    s.battle_phase_ending = False
    actions.expire_lingering(ctx, "end_of_battle_phase")
    checks.settle(ctx)


def end_phase(ctx: Context) -> None:
    """§BP.14: the End Phase, when it is played: the host's "during the End Phase" effects, then its window, whose
    triggers ("during the End Phase", "at the end of this turn") are activated one at a time, as a phase's are."""
    actions.end_of_turn_effects(ctx)
    checks.settle(ctx)  # (as after a chain link: an Equip Card whose monster an End Phase effect destroyed goes too)
    if actions.check_zero_lp(ctx) or ctx.state.duel_over:
        return  # the Duel ended in this turn's End Phase
    open_window(ctx, Window.END_PHASE, EVENTS_RAISED[Phase.END_PHASE])


def turn_over(ctx: Context) -> None:
    """§BP.14: the turn has ended: "until the end of the turn" effects expire, per-turn counters start again, and
    the other player's turn begins (in its Main Phase 1, once the host acts: `turns.begin_turn`)."""
    actions.begin_next_turn(ctx)
    checks.settle(ctx)  # (what no longer applies may leave a card to destroy: its own "unless" condition)


def draw_phase(ctx: Context) -> None:
    """§U.31: the next turn's Draw Phase: the turn player draws 1 card (the normal draw; its own window is not played:
    no effect the engine knows is activated in it)."""
    actions.draw(ctx, ctx.state.turn_player, 1, "normal_draw")
    checks.settle(ctx)


def standby_phase(ctx: Context) -> None:
    """§U.31: the Standby Phase: the actions left for it were done as it began (`Hook.AT_TIMING`); its window, whose
    triggers ("during your opponent's next Standby Phase") are activated one at a time, as a phase's are (§BP.2)."""
    s = ctx.state
    s.standby_phases -= 1
    if s.standby_phases:
        s.play_end_phase = True  # this turn is played on, with no Battle Phase, to its End Phase
    open_window(ctx, Window.STANDBY_PHASE, EVENTS_RAISED[Phase.STANDBY_PHASE])


def duel_over(ctx: Context) -> None:
    """A player reached 0 LP: nothing more happens. A chain left unresolved is still recorded."""
    w = ctx.state.window
    if w is not None and w.chain and w.resolving < 0:
        ctx.state.chains.append(ChainRecord(w.window, tuple((lk.card, lk.player) for lk in w.chain), ()))
    write_window(ctx.state, None)


ON_ENTER: Final[dict[Phase, Callable[[Context], None]]] = {  # (Final: a C static when compiled)
    Phase.START_STEP: start_step,
    Phase.BATTLE_STEP: battle_step,
    Phase.ATTACK_DECLARED: attack_declared,
    Phase.REPLAY: replay,
    Phase.START_OF_DAMAGE_STEP: start_of_damage_step,
    Phase.FLIP: flip,
    Phase.BEFORE_DAMAGE_CALCULATION: before_damage_calculation,
    Phase.DURING_DAMAGE_CALCULATION: during_damage_calculation,
    Phase.PERFORM_DAMAGE_CALCULATION: perform_damage_calculation,
    Phase.AFTER_DAMAGE_CALCULATION: after_damage_calculation,
    Phase.SEND_DESTROYED_BY_BATTLE: send_destroyed_by_battle,
    Phase.END_OF_DAMAGE_STEP: end_of_damage_step,
    Phase.STEP_OVER: step_over,
    Phase.END_STEP: end_step,
    Phase.MAIN_PHASE_2: main_phase_2,
    Phase.END_PHASE: end_phase,
    Phase.TURN_OVER: turn_over,
    Phase.DRAW_PHASE: draw_phase,
    Phase.STANDBY_PHASE: standby_phase,
    Phase.DUEL_OVER: duel_over,
}

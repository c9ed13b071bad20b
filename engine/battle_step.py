"""The Battle Step's own decisions (rules spec §BP.3, §BP.5): declaring an attack, and choosing again
after a replay.

An attack declaration is an option of the turn player's priority in the Battle Step's window (beside
fast effects, and passing, which moves on to the End Step); after a replay the turn player gets a
decision of its own: attack a monster, attack directly, or stop the attack. The rules that decide which
options are legal are in `engine.rules.attack`; the changes they make, in `engine.actions`.
"""

from __future__ import annotations

from engine import actions
from engine.chain import close_window
from engine.effects import Context
from engine.rules.attack import (
    attack_problem,
    attacker_target_problem,
    choices_of,
    declarations,
    direct_attack_problem,
    must_attack,
    target_problem,
)
from engine.state import GameState
from engine.values.decisions import ATTACK, PASS, Decision, DecisionKind, IllegalChoice, Option
from engine.values.game import Phase, Window


def host_attack_stopped(s: GameState) -> bool:
    """An attack the host declared stopped in the Battle Step (§BP.6) and the Battle Phase goes on: the game is
    back in the Battle Step, where the turn player may declare another monster's attack (OCG-BP L246, Konami FAQ
    12530), and, as after the Damage Step of the host's attack, the host declares it (`paused`)."""
    b = s.battle
    return b.host_declared and b.stopped != "" and not s.battle_phase_ending


def paused(s: GameState) -> bool:
    """The attack the host declared is over (its Damage Step was played, or it stopped in the Battle Step): the
    duel waits for the host's next move (another declaration, the end of the Battle Phase or of the turn)."""
    if s.phase is Phase.STEP_OVER:
        return s.battle.host_declared
    return s.phase is Phase.BATTLE_STEP and s.window is None and s.pending is None and host_attack_stopped(s)


def take_host_move(ctx: Context) -> bool:
    """The Battle Step after the Start Step (§BP.1): the host's move made in Main Phase 1, made now if it still
    can be (the Start Step's chains may have changed the field): its attack is declared, or (PASS) the Battle Phase
    goes on to the End Step. True if it was made; False leaves the turn player's priority in the Battle Step to
    decide, as if the host had waited for it."""
    s = ctx.state
    move = s.host_move
    if move is None:
        return False
    s.host_move = None
    declared = actions.declared_this_turn(s)
    if move.is_pass:
        if must_attack(ctx, declarations(ctx, declared)):
            return False
        s.battle_phase_ending = True
        return True
    target = move.targets[0] if move.targets else None
    if attack_problem(ctx, move.card, target, declared) is not None:
        return False
    actions.declare_attack(ctx, move.card, target, True)
    return True


def is_battle_step_choice(decision: Decision, option: Option) -> bool:
    """Whether answering `decision` with `option` (a well-formed Option) is the Battle Step's business."""
    return decision.kind is DecisionKind.REPLAY or option.effect == ATTACK


def check_choice(ctx: Context, decision: Decision, option: Option) -> None:
    """Raise IllegalChoice naming why, changing nothing, unless `option` is a legal answer."""
    if option in decision.options:
        return
    if decision.kind is DecisionKind.REPLAY:
        raise IllegalChoice(replay_problem(ctx, option) or "that option is not one of the legal options")
    if decision.window is not Window.BATTLE_STEP or decision.player is not ctx.state.turn_player:
        raise IllegalChoice("an attack is declared by the turn player at their priority in the Battle Step")
    w = ctx.state.window
    if w is not None and w.chain:
        raise IllegalChoice("an attack cannot be declared while a chain is being built")
    target = option.targets[0] if option.targets else None
    problem = attack_problem(ctx, option.card, target, actions.declared_this_turn(ctx.state))
    raise IllegalChoice(problem or "that attack is not one of the legal options")


def replay_problem(ctx: Context, option: Option) -> str | None:
    """Why `option` does not answer the replay: only the attacking monster goes on attacking."""
    b = ctx.state.battle
    if option.card != b.attacker or not option.is_attack:
        return "after a replay only the attacking monster may attack again (or the attack stops: pass)"
    if option.targets:
        return target_problem(ctx, option.targets[0]) or attacker_target_problem(
            ctx, b.attacker, option.targets[0], replay=True
        )
    return direct_attack_problem(ctx, b.attacker)


def apply_choice(ctx: Context, decision: Decision, option: Option, by_host: bool = False) -> None:
    """Apply a legal answer: declare the attack (the Battle Step's window closes, the machine goes on to
    the attack declaration's window), or choose again after a replay."""
    s = ctx.state
    s.pending = None
    target = option.targets[0] if option.targets else None
    if decision.kind is DecisionKind.REPLAY:
        if option.is_pass:
            actions.stop_attack(ctx, "after the replay the turn player chose not to attack")
        else:
            actions.retarget_attack(ctx, target)
        return
    actions.declare_attack(ctx, option.card, target, by_host)
    close_window(ctx, "attack_declaration")


def replay_decision(ctx: Context) -> Decision | None:
    """The turn player's choice after a replay (§BP.5): each monster the attacker may now target, a direct
    attack where it may make one, or stopping the attack. None when stopping is all there is."""
    options = choices_of(ctx, ctx.state.battle.attacker)
    if not options and not ctx.state.show_every_priority:
        return None
    return Decision(ctx.state.turn_player, DecisionKind.REPLAY, Window.ATTACK_DECLARATION, (*options, PASS),
                    ctx.index.ids)  # fmt: skip

"""The fast executor: the machine's declared transitions as a dispatch table, run in a loop.

`engine.machine` declares the states and transitions once; a `Duel` runs them either with
`transitions` (what the debugger and the diagram show) or with this plain loop over a table
compiled from the same declaration. Both enter a state through `enter`, so both produce the
same events. It is a module of its own, apart from the `Duel` class, so that the compiled build
(docs/compiled-build.md) compiles the loop a playout spends its time in.

A unit of work is: enter the next state (its `steps` callback), or one step of the open window
(`chain.step_window`). Decisions are the only pauses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from engine import battle_step, chain, resolution, steps
from engine.battle_step import paused
from engine.effects import Context, Hook, listener_note
from engine.resolution import entry_waits
from engine.rules.attack import replay_problem
from engine.rules.battle import battle_problem
from engine.state import NO_ATTACK, GameState
from engine.values.decisions import Decision, IllegalChoice, Option, malformed, out_of_range
from engine.values.events import EventType
from engine.values.game import Phase

TERMINAL: Final = frozenset({Phase.MAIN_PHASE_2, Phase.TURN_OVER, Phase.DUEL_OVER})

Condition = Callable[[Context], bool]
Table = dict[Phase, tuple[tuple[Phase, str | None], ...]]  # source -> (dest, the condition's name or None)


# -- the conditions the declaration names ------------------------------------------------------


def duel_is_over(ctx: Context) -> bool:
    """A player reached 0 LP (§2.7): the machine leaves for DUEL_OVER from any live state."""
    return ctx.state.duel_over


def battle_is_valid(ctx: Context) -> bool:
    """The battle goes on to damage calculation only while it is valid (§1.8)."""
    return battle_problem(ctx) is None


def attack_is_declared(ctx: Context) -> bool:
    """The turn player declared an attack in the Battle Step (§BP.3)."""
    return ctx.state.battle.attacker != NO_ATTACK


def attack_is_stopped(ctx: Context) -> bool:
    """The attack declared stopped in the Battle Step: no Damage Step (§BP.6)."""
    return ctx.state.battle.stopped != ""


def end_phase_is_played(ctx: Context) -> bool:
    """Main Phase 2 goes on to the End Phase when the run asks for it (rules spec §BP.14)."""
    return ctx.state.play_end_phase


def at_rest(s: GameState) -> bool:
    """The machine has nothing more to do by itself: the Duel or the turn is over, or the Battle Phase is over and
    the End Phase is not to be played (Main Phase 2 is then the host's)."""
    if s.phase is Phase.STANDBY_PHASE:  # the last Standby Phase played (§U.31), once its window has closed
        return s.window is None and s.standby_phases == 0 and not s.duel_over
    if s.phase is Phase.TURN_OVER and s.standby_phases:
        return False  # the next turn's Draw Phase and Standby Phase are played (§U.31)
    return s.phase in TERMINAL and not (s.phase is Phase.MAIN_PHASE_2 and s.play_end_phase)


def standby_phase_is_played(ctx: Context) -> bool:
    """The turn that ended is followed by its next turn's Draw Phase and Standby Phase when the run asks (§U.31)."""
    return ctx.state.standby_phases > 0


def turn_is_played_on(ctx: Context) -> bool:
    """After a Standby Phase that is not the last one asked for, that turn goes on, with no Battle Phase, to its End
    Phase (§U.31)."""
    return ctx.state.standby_phases > 0


def replay_is_due(ctx: Context) -> bool:
    """The opponent's monsters changed, or a direct attack became impossible, before the Damage Step (§BP.5)."""
    return replay_problem(ctx, ctx.state.battle) is not None


CONDITIONS: dict[str, Condition] = {
    "duel_is_over": duel_is_over,
    "battle_is_valid": battle_is_valid,
    "attack_is_declared": attack_is_declared,
    "attack_is_stopped": attack_is_stopped,
    "replay_is_due": replay_is_due,
    "end_phase_is_played": end_phase_is_played,
    "standby_phase_is_played": standby_phase_is_played,
    "turn_is_played_on": turn_is_played_on,
}


def holds(ctx: Context, condition: str | None) -> bool:
    """Whether the condition a transition names holds (None: it names none). Written out rather than looked up in
    `CONDITIONS`: compiled, each is then a direct call, where a call through a function object costs more than
    most conditions themselves (a battle takes some fifteen)."""
    if condition is None:
        return True
    if condition == "duel_is_over":
        return duel_is_over(ctx)
    if condition == "battle_is_valid":
        return battle_is_valid(ctx)
    if condition == "attack_is_declared":
        return attack_is_declared(ctx)
    if condition == "attack_is_stopped":
        return attack_is_stopped(ctx)
    if condition == "replay_is_due":
        return replay_is_due(ctx)
    return CONDITIONS[condition](ctx)


def stopped(s: GameState) -> bool:
    """Nothing more runs without the host (`Duel.is_stopped`): the Duel is over, the Battle Phase is over (Main
    Phase 2), or the attack the host declared is over (`battle_step.paused`)."""
    return at_rest(s) or paused(s)


def by_source(transitions: Iterable[Mapping[str, Any]]) -> dict[Phase, list[tuple[Phase, str | None]]]:
    """source -> [(dest, condition name or None)], in declaration order."""
    rows: dict[Phase, list[tuple[Phase, str | None]]] = {p: [] for p in Phase}
    for t in transitions:
        sources = t["source"] if isinstance(t["source"], list) else [t["source"]]
        for src in sources:
            rows[src].append((t["dest"], t.get("conditions")))
    return rows


def compile_table(transitions: Iterable[Mapping[str, Any]]) -> Table:
    """The fast executor's table: for each source, its transitions with the names of their conditions
    (`holds`), in declaration order (the first whose condition holds is taken). A name no condition has
    is refused here, not when the machine first reaches it."""
    rows_by_source = by_source(transitions)
    for rows in rows_by_source.values():
        for _dest, c in rows:
            if c is not None and c not in CONDITIONS:
                raise ValueError(f"no condition is named {c!r} (dispatch.CONDITIONS)")
    return {src: tuple(rows) for src, rows in rows_by_source.items()}


# -- running ------------------------------------------------------------------------------------


class Followers:
    """Who follows the machine from outside the game (a Duel's transition listeners and state
    observers): called around each state's entry. A duel has none (None) until one is attached."""

    __slots__ = ("duel", "observers", "transitions")

    def __init__(self, duel: object) -> None:
        self.duel = duel
        self.transitions: list[Callable[[Any, Phase, Phase], None]] = []
        self.observers: dict[Phase, list[Callable[[Any], None]]] = {}


def enter(ctx: Context, source: Phase, followers: Followers | None) -> None:
    """The machine has just entered `ctx.state.phase` from `source`: log it and do the state's work."""
    s = ctx.state
    if followers is not None and followers.transitions:
        for listener in list(followers.transitions):
            try:
                listener(followers.duel, source, s.phase)
            except Exception as e:
                e.add_note(listener_note("transition listener", listener, f"{source.value} -> {s.phase.value}"))
                raise
    ctx.emit(EventType.PHASE_ENTERED, "machine", detail=s.phase._value_ if ctx.watched else "")
    enter_state(ctx, followers)


def enter_state(ctx: Context, followers: Followers | None) -> None:
    """The state's work once entered: its actions with no chain (which may pause it for a decision, rules spec §U.30:
    then this is called again once it is answered), its `steps` callback, its observers."""
    s = ctx.state
    if (ctx.index.hooks[Hook.AT_TIMING] or s.lingering) and not steps.timing_actions(ctx):
        return  # a player decides first; the entry goes on with the answer (`work`, `run`)
    entry = steps.ON_ENTER.get(s.phase)
    if entry is not None:
        entry(ctx)
    if followers is not None and followers.observers:
        for observer in followers.observers.get(s.phase, ()):
            try:
                observer(followers.duel)
            except Exception as e:
                e.add_note(listener_note("state observer", observer, f"the entry of {s.phase.value}"))
                raise


def fire(ctx: Context, table: Table, followers: Followers | None) -> None:
    """Take the first declared transition out of the current state whose condition holds."""
    s = ctx.state
    source = s.phase
    for dest, cond in table[source]:
        if holds(ctx, cond):
            s.phase = dest
            enter(ctx, source, followers)
            return
    raise RuntimeError(f"no transition out of {source.value}")


def work(
    ctx: Context, table: Table, followers: Followers | None, proceed: Callable[[], None] | None = None
) -> bool:
    """One unit of work; False when the duel must wait (a decision) or the step is over. A
    transition is taken through the table, or by `proceed` (the `transitions` executor's)."""
    s = ctx.state
    if s.answers and entry_waits(s):  # a state's action with no chain was answered: its entry goes on (§U.30)
        enter_state(ctx, followers)
        return True
    if s.pending is not None or at_rest(s) or paused(s):
        return False
    if s.window is not None and not s.duel_over:
        chain.step_window(ctx)
    elif proceed is None:
        fire(ctx, table, followers)
    else:
        proceed()
    return True


def run(ctx: Context, table: Table, followers: Followers | None) -> None:
    """Units of work until a decision is pending or the step is over (what `Duel.advance` runs):
    `work` repeated, written out, as it is the loop every playout spends its time in."""
    s = ctx.state
    if s.answers and entry_waits(s):  # a state's action with no chain was answered: its entry goes on (§U.30)
        enter_state(ctx, followers)
    while s.pending is None and not at_rest(s):
        if s.window is not None and not s.duel_over:
            chain.step_window(ctx)
        elif (s.phase is Phase.STEP_OVER or s.phase is Phase.BATTLE_STEP) and paused(s):
            return
        else:
            fire(ctx, table, followers)


# -- answering a decision ---------------------------------------------------------------------------------
def check_choice(ctx: Context, decision: Decision, option: object) -> None:
    """IllegalChoice naming why, unless `option` answers `decision` (the Battle Step's or a chain's rules).
    (`object`: a host may pass anything, and compiled code would refuse a non-Option on entry.)"""
    if problem := malformed(option):
        raise IllegalChoice(problem)
    assert isinstance(option, Option)  # malformed() checked its type
    if problem := out_of_range(option, len(ctx.state.cards)):
        raise IllegalChoice(problem)
    if battle_step.is_battle_step_choice(decision, option):
        battle_step.check_choice(ctx, decision, option)
    else:
        chain.check_choice(ctx, decision, option)


def decided(ctx: Context) -> None:
    """A decision was made: the loop guard counts again from 0 (rules spec §U.13)."""
    ctx.resolved = 0
    if ctx.loop_seen:
        ctx.loop_seen = ()


def apply_answer(ctx: Context, decision: Decision, option: Option, by_host: bool) -> None:
    """Apply a checked answer: an attack declaration (or a replay's choice) to the Battle Step, any other to
    the chain it answers."""
    if decision.acting is not None:  # an action with no chain asked (§U.30): the state's entry goes on with it
        ctx.state.pending = None
        resolution.answer(ctx, option)
    elif battle_step.is_battle_step_choice(decision, option):
        battle_step.apply_choice(ctx, decision, option, by_host)
    else:
        chain.apply_choice(ctx, decision, option)

"""The Battle Phase state machine, with the Damage Step inside it: declared once, run by either of two
executors.

`STATES` and `TRANSITIONS` are the single declaration (they also draw `diagrams/`). A `Duel`
runs it with `transitions` itself (``executor="transitions"``: what the debugger and the
diagram show) or with a plain dispatch table compiled from the same declaration
(``executor="fast"``, `engine.dispatch`: for playouts and bulk runs). Both enter states through
`dispatch.enter` and test the same conditions, so they produce identical event logs.

A state's work is: its `steps` callback on entry, then its window (if it opened one) until
the window closes. Decisions are the only pauses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from engine import actions, battle_step, dispatch, resolution, steps, turns
from engine.agents import Agent
from engine.effects import Context, Effect, Index, Lingering, Registry, cloned_context, listener_note
from engine.library import default_registry
from engine.rules.stats import current_stats, watch_stats
from engine.rules.this_turn import TurnFacts, facts
from engine.state import Card, GameState
from engine.values.decisions import PASS, Decision, DecisionKind, IllegalChoice, Option
from engine.values.events import Event, EventType
from engine.values.game import DAMAGE_STEP_PHASES, Location, Phase, Player

STATES: list[Phase] = list(Phase)
TERMINAL = dispatch.TERMINAL
_LIVE: list[Phase] = [p for p in Phase if p not in (Phase.MAIN_PHASE_1, Phase.DUEL_OVER)]

def _t(source: Phase | list[Phase], dest: Phase, conditions: str | None = None) -> dict[str, Any]:
    """One transition, on the machine's single trigger `proceed`."""
    out: dict[str, Any] = {"trigger": "proceed", "source": source, "dest": dest}
    if conditions is not None:
        out["conditions"] = conditions
    return out


# In rulebook order. For one source, the first transition whose condition holds is taken.
TRANSITIONS: list[dict[str, Any]] = [
    _t(_LIVE, Phase.DUEL_OVER, "duel_is_over"),
    # The Battle Phase (§BP.1): its Start Step, then the Battle Step for each attack, then its End Step.
    _t(Phase.MAIN_PHASE_1, Phase.START_STEP),
    _t(Phase.START_STEP, Phase.BATTLE_STEP),
    _t(Phase.BATTLE_STEP, Phase.ATTACK_DECLARED, "attack_is_declared"),
    _t(Phase.BATTLE_STEP, Phase.END_STEP),
    _t(Phase.ATTACK_DECLARED, Phase.BATTLE_STEP, "attack_is_stopped"),
    _t(Phase.ATTACK_DECLARED, Phase.REPLAY, "replay_is_due"),
    _t(Phase.ATTACK_DECLARED, Phase.START_OF_DAMAGE_STEP),
    _t(Phase.REPLAY, Phase.BATTLE_STEP, "attack_is_stopped"),
    _t(Phase.REPLAY, Phase.ATTACK_DECLARED),
    # The Damage Step (§1): a battle no longer valid skips to sending the monsters destroyed by battle.
    _t(Phase.START_OF_DAMAGE_STEP, Phase.FLIP, "battle_is_valid"),
    _t(Phase.START_OF_DAMAGE_STEP, Phase.SEND_DESTROYED_BY_BATTLE),
    _t(Phase.FLIP, Phase.BEFORE_DAMAGE_CALCULATION),
    _t(Phase.BEFORE_DAMAGE_CALCULATION, Phase.DURING_DAMAGE_CALCULATION, "battle_is_valid"),
    _t(Phase.BEFORE_DAMAGE_CALCULATION, Phase.SEND_DESTROYED_BY_BATTLE),
    _t(Phase.DURING_DAMAGE_CALCULATION, Phase.PERFORM_DAMAGE_CALCULATION, "battle_is_valid"),
    _t(Phase.DURING_DAMAGE_CALCULATION, Phase.SEND_DESTROYED_BY_BATTLE),
    _t(Phase.PERFORM_DAMAGE_CALCULATION, Phase.AFTER_DAMAGE_CALCULATION),
    _t(Phase.AFTER_DAMAGE_CALCULATION, Phase.SEND_DESTROYED_BY_BATTLE),
    _t(Phase.SEND_DESTROYED_BY_BATTLE, Phase.END_OF_DAMAGE_STEP),
    _t(Phase.END_OF_DAMAGE_STEP, Phase.STEP_OVER),
    # Back to the Battle Step for the next declaration; the End Step ends the Battle Phase.
    _t(Phase.STEP_OVER, Phase.BATTLE_STEP),
    _t(Phase.END_STEP, Phase.MAIN_PHASE_2),
    # The End Phase, when it is played (§BP.14): its window and triggers; then the turn is over.
    _t(Phase.MAIN_PHASE_2, Phase.END_PHASE, "end_phase_is_played"),
    _t(Phase.END_PHASE, Phase.TURN_OVER),
    # The next turn's Draw Phase and Standby Phase, when they are played (§U.31); a turn played on from its Standby
    # Phase has no Battle Phase: Main Phase 2 (the host's Main Phases, with nothing done), then its End Phase.
    _t(Phase.TURN_OVER, Phase.DRAW_PHASE, "standby_phase_is_played"),
    _t(Phase.DRAW_PHASE, Phase.STANDBY_PHASE),
    _t(Phase.STANDBY_PHASE, Phase.MAIN_PHASE_2, "turn_is_played_on"),
]

# The rulebook's nesting of the states (§BP.1, §1, §BP.14), as the diagram draws it: the turn from the Battle Phase on
# holds the Draw and Standby Phases (of a turn played after, §U.31), the Battle Phase, Main Phase 2, the End Phase and
# the turn's end; the Battle Phase holds its Start Step, the Battle Step (a declaration, and its replay), the Damage
# Step (the states of DAMAGE_STEP_PHASES, in order), the return to the Battle Step and its End Step. Every transition
# into duel_over leaves a state of the turn's box (tests/test_diagram.py checks both against the declaration above).
# A box is its title and what it holds.
Box = tuple[str, list["Phase | Box"]]
BOXES: Box = ("turn", [
    Phase.DRAW_PHASE,  # (a turn played after the one that ended, §U.31)
    Phase.STANDBY_PHASE,
    ("Battle Phase", [
        Phase.START_STEP,
        ("Battle Step", [Phase.BATTLE_STEP, Phase.ATTACK_DECLARED, Phase.REPLAY]),
        ("Damage Step", [p for p in Phase if p in DAMAGE_STEP_PHASES]),
        Phase.STEP_OVER,
        Phase.END_STEP,
    ]),
    Phase.MAIN_PHASE_2,
    Phase.END_PHASE,
    Phase.TURN_OVER,
])  # fmt: skip

Executor = Literal["fast", "transitions"]
_TABLE = dispatch.compile_table(TRANSITIONS)


def build_transitions_machine(model: object, initial: Phase, **kw: Any) -> Any:
    """A `transitions` machine over the declaration, driving `model` (whose `phase` it sets)."""
    from transitions import Machine

    return Machine(
        model=model,
        states=STATES,
        transitions=TRANSITIONS,
        initial=initial,
        model_attribute="phase",
        auto_transitions=False,
        after_state_change="_entered",
        **kw,
    )


class Duel:
    """One Damage Step being played: the state, the effect registry, and an executor.

    Drive it by pull (`advance` until `pending_decision`, then `decide`), by agents (`run`),
    or one state at a time (`step`). Nothing is global: duels never interfere.
    """

    proceed: Callable[[], bool]  # the machine's trigger, bound by `transitions` on this model

    def __init__(
        self,
        state: GameState,
        registry: Registry | None = None,
        *,
        executor: Executor = "fast",
        index: Index | None = None,
        record: bool = True,
    ) -> None:
        if index is None:
            turns.check_unique_ids(state)
        registry = registry if registry is not None else default_registry()
        index = index if index is not None else Index(state.cards, registry)
        self._start(Context(state, registry, index, record), executor)
        watch_stats(self.ctx)

    def _start(self, ctx: Context, executor: Executor) -> None:
        """Set every attribute from the context (shared by __init__ and the cheaper `clone`)."""
        state = ctx.state
        self.state = state
        self.registry = ctx.registry
        self.ctx = ctx
        self.executor: Executor = executor
        self._machine = build_transitions_machine(self, state.phase) if executor == "transitions" else None
        # Transition listeners and state observers: made when the first is attached (it refers back to
        # the duel, and playouts' clones, which have none, should not be reference cycles).
        self._followers: dispatch.Followers | None = None
        self._decision_listeners: list[DecisionListener] = []
        self._source = state.phase  # the state a transition leaves (transitions executor)

    @property
    def index(self) -> Index:
        """Where the cards' effects attach (rebuilt when a host attaches effects between calls)."""
        return self.ctx.index

    # -- the model side of the machine ---------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @phase.setter
    def phase(self, value: Phase) -> None:
        self.state.phase = value

    # The declaration's conditions, as `transitions` calls them on its model. (A condition is named in
    # TRANSITIONS, defined in `dispatch.CONDITIONS`, and has a Duel method of that name for `transitions`.)
    def duel_is_over(self) -> bool:
        return dispatch.duel_is_over(self.ctx)

    def battle_is_valid(self) -> bool:
        return dispatch.battle_is_valid(self.ctx)

    def attack_is_declared(self) -> bool:
        return dispatch.attack_is_declared(self.ctx)

    def attack_is_stopped(self) -> bool:
        return dispatch.attack_is_stopped(self.ctx)

    def replay_is_due(self) -> bool:
        return dispatch.replay_is_due(self.ctx)

    def end_phase_is_played(self) -> bool:
        return dispatch.end_phase_is_played(self.ctx)

    def standby_phase_is_played(self) -> bool:
        return dispatch.standby_phase_is_played(self.ctx)

    def turn_is_played_on(self) -> bool:
        return dispatch.turn_is_played_on(self.ctx)

    def _entered(self) -> None:
        dispatch.enter(self.ctx, self._source, self._followers)

    # -- listeners: how debuggers, traces and UIs follow a duel ---------------------------
    def on_transition(self, listener: TransitionListener) -> Callable[[], None]:
        """Call `listener(duel, source, dest)` as the machine takes each transition, before the
        new state does its work. Returns a function that detaches it."""
        return _attach(self._follow().transitions, listener)

    def on_event(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        """Call `listener(event)` as each event is appended to the log (the state is then
        exactly as it is after that event). Returns a function that detaches it."""
        return _attach(self.ctx.event_listeners, listener)

    def on_decision(self, listener: DecisionListener) -> Callable[[], None]:
        """Call `listener(duel, decision, option)` when a legal answer is given, just before it
        is applied (the state is the one it answers; the events it causes follow). Returns a
        function that detaches it.

        Listeners belong to this live duel: clones and pickles carry none."""
        return _attach(self._decision_listeners, listener)

    def on_enter(self, phase: Phase, observer: Callable[[Duel], None]) -> None:
        """Call `observer(duel)` each time the machine enters `phase`, after the state's own work
        (for UIs, debuggers and logging; game effects belong in effects, not observers)."""
        self._follow().observers.setdefault(phase, []).append(observer)

    def _follow(self) -> dispatch.Followers:
        if self._followers is None:
            self._followers = dispatch.Followers(self)
        return self._followers

    def _proceed(self) -> None:
        """Take the next transition with the `transitions` executor (it calls `_entered`)."""
        self._source = self.state.phase
        self.proceed()

    # -- running ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """The Duel is over: a player's LP reached 0 (`state.winner`, or `state.draw`). Nothing more can be played.
        (Until issue 42 this also meant "stopped between attacks": that is `is_stopped` now.)"""
        return self.state.duel_over

    @property
    def is_stopped(self) -> bool:
        """Nothing more runs without the host: the Duel is over, the Battle Phase is over (Main Phase 2),
        or an attack the host declared is over, its Damage Step played or stopped in the Battle Step
        (`between_attacks`: the host declares the next attack, ends the Battle Phase or the turn). What a loop
        that calls `advance()` until the run ends waits for."""
        return dispatch.stopped(self.state)

    @property
    def between_attacks(self) -> bool:
        """An attack the host declared is over (its Damage Step played, or it stopped in the Battle Step) and the
        Battle Phase goes on: the host declares the next attack, or ends the Battle Phase or the turn."""
        return battle_step.paused(self.state)

    @property
    def pending_decision(self) -> Decision | None:
        return self.state.pending

    def work(self) -> bool:
        """Do one atomic unit of work (enter a state, one priority, place a trigger, resolve a
        link...); False when the duel must wait (decision) or is over. `advance` and `step`
        repeat it; the debugger's points are the moments between units."""
        snap = self._snapshot()
        try:
            return self._work()
        except BaseException:
            self._put_back(snap)
            raise

    def _work(self) -> bool:
        return dispatch.work(self.ctx, _TABLE, self._followers, None if self._machine is None else self._proceed)

    def advance(self) -> Decision | None:
        """Run until a player must decide (returned), or until the duel stops (None): the Battle Phase
        is over, the Duel is over, or an attack the host declared is over (its Damage Step played, or it
        stopped in the Battle Step: then the host declares the next attack, ends the Battle Phase or the
        turn). From a state in Main Phase 1 it plays the Battle Phase from its Start Step, the turn player's
        attack declarations being decisions. Raises `UsageError` for a state it cannot run (see
        `turns.check_ready`); `EffectError` if a host's effect function raises; `LoopError` if mandatory
        effects keep activating each other with no end (rules spec §U.13); whatever a listener raises. Whatever
        it raises, the duel is then exactly as it was before the call (all-or-nothing, `_snapshot`)."""
        snap = self._snapshot()
        try:
            return self._advance()
        except BaseException:
            self._put_back(snap)
            raise

    def _advance(self) -> Decision | None:
        """`advance` without its snapshot (for calls that take one of their own: `run`, the search game)."""
        ctx = self.ctx
        turns.check_ready(ctx)
        if self._machine is None:
            dispatch.run(ctx, _TABLE, self._followers)
        else:
            while self._work():
                pass
        return self.state.pending

    def step(self) -> list[Event]:
        """Run until the machine enters its next state or a decision is pending; return what
        happened. For people stepping through a battle one sub-timing at a time."""
        turns.check_ready(self.ctx)
        start, phase = len(self.state.log), self.state.phase
        snap = self._snapshot()
        try:
            while self.state.phase is phase and self._work():
                pass
        except BaseException:
            self._put_back(snap)
            raise
        return self.state.log[start:]

    # -- every public call is all-or-nothing ----------------------------------------------------------------
    def _snapshot(self) -> _Snapshot:
        """What `_put_back` needs to undo a call: the state as it is (`GameState.checkpoint`: a clone sharing the
        history's lists, with their lengths) and the context's bookkeeping (the effect index, the loop guard's count
        and effects). Taken at every public call, whether or not the duel
        may run a host's code: a listener or the loop guard may raise in any duel."""
        ctx = self.ctx
        s = self.state
        return (s.checkpoint(), (len(s.log), len(s.chains), len(s.lp_changes)), ctx.index, ctx.resolved,
                ctx.loop_seen)  # fmt: skip

    def _put_back(self, snap: _Snapshot) -> None:
        """Put the game back as `_snapshot` found it: in place, so that the `GameState` a host holds is the duel's."""
        saved, (logged, chained, changed), index, resolved, seen = snap
        live = self.state
        for name in _STATE_FIELDS:
            setattr(live, name, getattr(saved, name))
        del live.log[logged:], live.chains[chained:], live.lp_changes[changed:]  # (shared by the checkpoint)
        ctx = self.ctx
        ctx.index, ctx.resolved, ctx.loop_seen, ctx.negating = index, resolved, seen, False
        watch_stats(ctx)

    def legal_options(self) -> tuple[Option, ...]:
        return () if self.state.pending is None else self.state.pending.options

    def why_illegal(self, option: Option) -> str | None:
        """Why `option` is not a legal answer to the pending decision (None if it is legal)."""
        try:
            d = self._pending_for(None)
            dispatch.check_choice(self.ctx, d, option)
        except IllegalChoice as e:
            return str(e)
        return None

    def decide(self, option: Option, player: Player | None = None) -> None:
        """Answer the pending decision (as `player`, if given: a host answering for the wrong
        player is refused). An illegal answer raises IllegalChoice naming why, and leaves the
        state exactly as it was. Whatever raises while the answer is applied (a host's effect function:
        `EffectError`; a listener; the loop guard: `LoopError`), the duel is left as it was before the call."""
        snap = self._snapshot()
        try:
            self._decide(option, player)
        except BaseException:
            self._put_back(snap)
            raise

    def _decide(self, option: Option, player: Player | None = None) -> None:
        """`decide` without its snapshot (for calls that take one of their own: `run`, the search game)."""
        ctx = self.ctx
        d = self.state.pending
        if d is not None and player is None and not self._decision_listeners:
            # A playout's case: `_answer`, written out, with nobody to tell
            dispatch.check_choice(ctx, d, option)
            dispatch.decided(ctx)
            dispatch.apply_answer(ctx, d, option, False)
            return
        self._answer(option, player, by_host=False)

    def _answer(self, option: Option, player: Player | None, by_host: bool) -> None:
        d = self.state.pending
        if d is None or player is not None:  # (the playout's case, answered without another call)
            d = self._pending_for(player)
        dispatch.check_choice(self.ctx, d, option)
        self._decided()
        if self._decision_listeners:
            for listener in list(self._decision_listeners):
                try:
                    listener(self, d, option)
                except Exception as e:
                    e.add_note(listener_note("decision listener", listener, f"the answer {option} to {d.player}'s "
                                             f"{d.kind.value} decision"))  # fmt: skip
                    raise
        dispatch.apply_answer(self.ctx, d, option, by_host)

    def _decided(self) -> None:
        dispatch.decided(self.ctx)

    def _pending_for(self, player: Player | None) -> Decision:
        s = self.state
        if s.pending is None:
            if s.duel_over:
                outcome = "a draw" if s.draw else f"{s.winner} won"
                raise IllegalChoice(f"the Duel is over ({outcome}): nothing to decide")
            if battle_step.paused(s):
                over = "the Damage Step is over" if s.phase is Phase.STEP_OVER else "the attack stopped"
                raise IllegalChoice(f"{over}: nothing to decide (declare the next attack, or end the Battle Phase or "
                                    "the turn)")  # fmt: skip
            if self.is_stopped:
                raise IllegalChoice("the Battle Phase is over: nothing to decide")
            raise IllegalChoice("no decision is pending: call advance() first")
        if player is not None and not isinstance(player, Player):
            raise IllegalChoice(f"player must be an engine.Player, got {player!r}")
        if player is not None and player is not s.pending.player:
            raise IllegalChoice(f"it is {s.pending.player}'s decision, not {player}'s")
        return s.pending

    def run(self, agents: Agent[Duel] | Mapping[Player, Agent[Duel]]) -> Duel:
        """Run to the end, asking the agents (one for both players, or one per player). A chance decision (a coin,
        a die, a random pick: rules spec §U.16) is answered from the duel's own seeded source
        (`GameState.chance_seed`), unless the agent says it answers them (``answers_chance = True``). All-or-nothing
        as a whole: if anything raises on the way (an agent too), the duel is left as it was before the call."""
        snap = self._snapshot()
        try:
            while (d := self._advance()) is not None:
                agent = agents if not isinstance(agents, Mapping) else agents[d.player]
                if d.kind is DecisionKind.CHANCE and not getattr(agent, "answers_chance", False):
                    self._decide(resolution.chance_answer(self.state, d))  # the duel's own seeded source (§U.16)
                    continue
                self._decide(agent.choose(d, self))
        except BaseException:
            self._put_back(snap)
            raise
        return self

    def refuse(self, player: Player, option: Option, reason: str) -> None:
        """Record that a player's attempted choice was refused (scripted runs, UIs)."""
        self.ctx.emit(
            EventType.REFUSED,
            "ds_legality",
            player=player,
            card=option.card if option.card >= 0 else None,
            detail=reason,
            data=(("effect", option.effect),),
        )

    def attach_to_player(self, player: Player, effect: Effect, until: str = "end_of_turn") -> None:
        """Attach a continuous effect to a player rather than a card ("you take no battle damage
        this turn"). It answers its hooks like a card's effect until it expires."""
        actions.add_lingering(self.ctx, Lingering(effect, player, None, None, until))

    def __getstate__(self) -> dict[str, Any]:
        """A duel pickles as its state, registry and executor: the effect index, the context and
        the `transitions` machine are derived from them and rebuilt on loading, so a duel can be
        sent to another process mid-step and go on identically there. (Effect types must then
        be picklable: module-level functions, not lambdas.) Observers and listeners belong to the
        live duel, not to the game, and are left behind."""
        return {"state": self.state, "registry": self.registry, "executor": self.executor, "record": self.record}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc]
            saved["state"], saved["registry"], executor=saved["executor"], record=saved.get("record", True)
        )

    @property
    def record(self) -> bool:
        """Whether the event log is kept (`Duel(state, record=False)` for playouts: results,
        decisions and the final state are the same; `state.log` stays empty and `step()`
        returns no events; listeners still receive every event)."""
        return self.ctx.record

    def restore(self, state: GameState) -> None:
        """Put this duel back in `state`, a snapshot of its own game (`state.clone()`), keeping
        its registry, listeners and observers: the debugger's rewind."""
        self.state = state
        self.ctx.state = state
        self._decided()
        watch_stats(self.ctx)

    def clone(self) -> Duel:
        """An independent copy for search: shares only immutable values, the registry and the
        effect index; always uses the fast executor, and records the log if this duel does."""
        new = Duel.__new__(Duel)
        new._start(cloned_context(self.ctx), "fast")  # (compiled: the state's copy and the context)
        return new

    # -- turns and Battle Phases (engine.turns) --------------------------------------------------
    def declare_attack(self, attacker: int | str, target: int | str | None = None) -> None:
        """Declare an attack for the turn player (cards by index or id; no target = a direct attack):
        the answer to their priority in the Battle Step, or to a replay, if one is pending; otherwise,
        from Main Phase 1 or once the previous attack is over, a declaration the host makes itself.
        `advance`/`run` then play its Battle Step responses and Damage Step, and stop when that attack is
        over. From Main Phase 1 the Start Step is played first and the attack is declared in the Battle Step
        (rules spec §BP.1). The rules' checks refuse it with `IllegalAttack` naming the rule, changing
        nothing."""
        snap = self._snapshot()
        try:
            self._declare_attack(attacker, target)
        except BaseException:
            self._put_back(snap)
            raise

    def _declare_attack(self, attacker: int | str, target: int | str | None = None) -> None:
        """`declare_attack` without its snapshot (for calls that take one of their own: the search game)."""
        option = turns.declaration(self.ctx, attacker, target)
        if self.state.pending is not None:
            self._answer(option, None, by_host=True)
        else:
            self._decided()
            turns.declare_now(self.ctx, option)

    def legal_attacks(self) -> list[Option]:
        """Every attack the turn player could declare now (`Option`s with `is_attack`; `Option.card` the
        attacker, `Option.targets` the target or () for a direct attack)."""
        return turns.legal_attacks(self.ctx)

    def end_battle_phase(self) -> None:
        """The turn player ends the Battle Phase: passes at their priority in the Battle Step (the
        opponent may still act there) or, at a stop, moves on to the End Step (from Main Phase 1, once the
        Start Step is played); `advance`/`run` then play it. `UsageError` if the turn player cannot end it
        now (a chain or an attack under way, or a monster that must attack and can: rules spec §BP.8)."""
        snap = self._snapshot()
        try:
            if turns.end_battle_phase(self.ctx):
                self._answer(PASS, None, by_host=True)
        except BaseException:
            self._put_back(snap)
            raise

    def end_turn(self, standby_phases: int = 0) -> None:
        """End the turn (and what is left of the Battle Phase, without its End Step): the End Phase is played (rules
        spec §BP.14: the host's "during the End Phase" effects, its window and triggers), then "until the end of the
        turn" effects expire, per-turn counters reset, and the other player's turn begins, in its Main Phase 1. If a
        decision of the End Phase is pending when this returns, answer it and `advance`: the turn ends then.
        `standby_phases` (rules spec §U.31): the next turn's Draw Phase and Standby Phase are played too (what was
        left for it, its triggers), and with 2 or more the turns after it, each with no Battle Phase, up to that
        many Standby Phases; the duel then goes on in the last one's Main Phase 1."""
        snap = self._snapshot()
        try:
            self._decided()
            turns.end_turn(self.ctx, standby_phases)
            self.advance()  # the End Phase (rules spec §BP.14), to its end or to a decision in it
            if self.state.pending is None:
                turns.begin_turn(self.state)
        except BaseException:
            self._put_back(snap)
            raise

    def this_turn(self, card: int | str) -> TurnFacts:
        """What a monster did this turn (rules spec §BP.11): declared an attack (a negated one too), attacked (its
        attack reached the Damage Step), battled (damage calculation was performed), was attacked, and the monsters
        its attacks ended on. A card that left the field and came back is a new card, with none."""
        return facts(self.state, turns.card_index(self.state, card))

    @property
    def battles(self) -> list[turns.BattleResult]:
        """Each attack declared in this duel, in order, with its own result and range of the log."""
        return turns.battles(self.state)

    # -- what a host reads (reading never changes the state) -------------------------------------------
    def card(self, card: int | str) -> Card:
        """A card by index or id (`UnknownCard` if there is none). It is the live card: read it, and change
        the game through `engine.actions` or the builder, never by writing to it mid-step."""
        return self.state.cards[turns.card_index(self.state, card)]

    def index_of(self, card: int | str) -> int:
        """A card's index (what options, events and the state's lists use), by index or id."""
        return turns.card_index(self.state, card)

    def current_stats(self, card: int | str) -> tuple[int, int]:
        """A monster's current (ATK, DEF), by index or id."""
        return current_stats(self.ctx, turns.card_index(self.state, card))

    def lp(self, player: Player | str) -> int:
        """A player's life points."""
        return self.state.players[turns.player_arg(player)].lp

    def cards_in(self, location: Location | str, player: Player | str | None = None) -> list[int]:
        """The indexes of the cards in `location` (controlled there, or owned for cards off the field),
        in card order; of one player's only, if `player` is given. Indexes, as every call of this API takes
        (`card(i)`, `current_stats(i)`, `Option.card`); `ids_in` gives the cards' ids instead."""
        who = None if player is None else turns.player_arg(player)
        return turns.cards_in(self.state, turns.location_arg(location), who)

    def ids_in(self, location: Location | str, player: Player | str | None = None) -> list[str]:
        """The ids of the cards in `location`, as `cards_in` lists them (the host's own names for its cards)."""
        cards = self.state.cards
        return [cards[i].id for i in self.cards_in(location, player)]

    def hand_size(self, player: Player | str) -> int:
        """How many cards a player holds: the listed cards in their hand and the host's unnamed ones
        (`StateBuilder(hand_filler=...)`; discarded first as costs, added to by draws beyond the Deck)."""
        p = turns.player_arg(player)
        return len(turns.cards_in(self.state, Location.HAND, p)) + self.state.players[p].hand_filler

    def deck_size(self, player: Player | str) -> int:
        """How many listed cards are in a player's Deck (draws beyond them draw the host's unnamed cards)."""
        return len(turns.cards_in(self.state, Location.DECK, turns.player_arg(player)))

    @property
    def current_battle(self) -> turns.BattleResult | None:
        """The attack under way (declared, its Damage Step not over yet), or None."""
        played = turns.battles(self.state)
        return played[-1] if played and not played[-1].over else None


# What undoes a call (`Duel._snapshot`): the state as it was, the effect index, the loop guard's count and effects.
_Snapshot = tuple[GameState, tuple[int, int, int], Index, int, tuple[tuple[int, int], ...]]
_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in attrs.fields(GameState))


TransitionListener = Callable[["Duel", Phase, Phase], None]
DecisionListener = Callable[["Duel", Decision, Option], None]


def _attach(listeners: list[Any], listener: Any) -> Callable[[], None]:
    listeners.append(listener)

    def detach() -> None:
        if listener in listeners:
            listeners.remove(listener)

    return detach


def declared_states() -> list[str]:
    return [p.value for p in STATES]


def hook_points() -> dict[str, dict[str, list[str]]]:
    """For every state: the trigger events it raises and the continuous hooks it queries."""
    return {
        p.value: {
            "events": [e.value for e in steps.EVENTS_RAISED.get(p, ())],
            "hooks": [h.value for h in steps.HOOKS_QUERIED.get(p, ())],
        }
        for p in STATES
    }


def declared_transitions() -> list[tuple[str, str, str | None]]:
    """(source, dest, condition) for every declared transition, in order."""
    rows = dispatch.by_source(TRANSITIONS)
    return [(src.value, dest.value, cond) for src, out in rows.items() for dest, cond in out]


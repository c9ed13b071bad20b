"""Decisions made while an effect resolves, and chance (rules spec §U.16).

A chain link resolves in one call of its operation, but a card may ask a player something as it resolves: the
position of the monster it Special Summons, which cards to send without targeting them, whether to do an optional
"you can" step, how much LP to pay, which of its listed effects to apply; or it may toss a coin. An operation asks
with `ask` (or one of the helpers below it). The answer is either known already or it is not:

* known: the operation has been run again from the state before it, with the answers given so far
  (`GameState.answers`), and `ask` returns the next one;
* not known: `ask` raises `Asked`; `run_operation` puts the game back as it was before the operation and leaves the
  question pending as a `Decision` (its kind one of `RESOLUTION_KINDS`, each option an `answer_option`). The answer
  is added to `GameState.answers` and the chain resumes the same link, running its operation again from there.

Why replay rather than a paused coroutine: the state stays plain data (every field clones, pickles and hashes; a
generator does none of these), every executor and client sees one more ordinary decision, and every public call is
already all-or-nothing through the same kind of checkpoint. The cost is running an operation again once per
question asked, and a checkpoint before it runs, which only operations that may ask pay: an effect's type says
whether resolving it may (`EffectType.may_ask`, read once per effect as the duel indexes its cards; a host's type that
does not say may), and an operation that never asks runs once, from no checkpoint.
An operation must therefore be deterministic given the state and the answers (the built-in ones are; a host's
must not keep state of its own between runs). Listeners never see an attempt that was undone: while someone
listens, the operation is first run unheard, and only once it runs to its end is it run again for them.

Chance (a coin toss, a die roll, "randomly") is a decision of no player (`DecisionKind.CHANCE`, its `player` the
effect's controller for the record): OpenSpiel's chance node. `Duel.run` and the CLI answer it from the duel's own
seeded source (`GameState.chance_seed`, `draw`); a host or a scenario may answer it as it likes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

import attrs

from engine.effects import Context, Index, Source
from engine.rules.stats import watch_stats
from engine.state import ChainLink, GameState
from engine.values.decisions import (
    ANSWER_VALUES,
    PASS,
    POSITION_CODES,
    Decision,
    DecisionKind,
    Option,
    answer_option,
    answer_value,
)
from engine.values.errors import describe_card
from engine.values.game import Player, Position, Window

_STATE_FIELDS: Final = tuple(f.name for f in attrs.fields(GameState))
# More combinations than this in one pick decision is refused with a clear error rather than enumerated
MAX_PICK_OPTIONS: Final = 4096
_MASK: Final = (1 << 64) - 1
# `Context.asked` while an operation registered as never asking runs (`run_operation`): `ask` must not pause it
_NEVER_ASKS: Final = -1


class Asked(Exception):
    """Raised by `ask` when the answer to a question is not known yet (`run_operation` catches it)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(f"{decision.player} must answer: {decision.prompt}")
        self.decision = decision


# -- asking ---------------------------------------------------------------------------------------------------------
def ask(ctx: Context, player: Player, kind: DecisionKind, options: Sequence[Option], prompt: str) -> Option:
    """The answer of `player` to the question `prompt`, one of `options` (which list every legal answer, PASS
    included where declining is allowed). A lone option is the answer without asking (the player has no choice)."""
    if not options:
        raise ValueError(f"a decision with no option: {prompt}")
    if len(options) == 1:
        return options[0]
    s = ctx.state
    i = ctx.asked
    if 0 <= i < len(s.answers):
        ctx.asked = i + 1
        return s.answers[i]
    w = s.window
    acting = ctx.acting
    if acting is not None and w is None:  # an action with no chain (§U.30): the game pauses at its state's entry
        at = s.current_window()
        if at is not None:
            raise Asked(Decision(player, kind, at, tuple(options), ctx.index.ids, prompt,
                                  acting=Option(acting[0], acting[1])))
    if w is None or (w.resolving < 0 and not ctx.paying):
        # An action with no chain that was not run to be paused (its type says it never asks, or a state with no
        # sub-timing: Main Phase 2): the default a scenario with no answer listed takes (the first option; chance
        # from the duel's own source), rules spec §U.30
        return options[draw(s, len(options))] if kind is DecisionKind.CHANCE else options[0]
    if i == _NEVER_ASKS:
        raise RuntimeError(f"{prompt}: asked by an operation run from no checkpoint, its effect type having said "
                           "that it never asks (EffectType.may_ask): its may_ask is wrong for this effect")  # fmt: skip
    raise Asked(Decision(player, kind, w.window, tuple(options), ctx.index.ids, prompt))


def _about(ctx: Context, src: Source) -> str:
    card = ctx.state.cards[src.card]
    return f"{describe_card(card.id, card.name)}'s effect"


def choose_position(
    ctx: Context, src: Source, card: int, allowed: Sequence[Position] | None = None, what: str | None = None
) -> Position:
    """The battle position the summoning player (the effect's controller) chooses for `card` as it is Special
    Summoned: face-up Attack or face-up Defense Position unless the card allows others (`allowed`). `what`: the
    monster's name where it is not yet a card of the duel (a Token about to be made: `card` is then the effect's)."""
    positions = allowed if allowed is not None else (Position.ATTACK, Position.DEFENSE)
    options = [answer_option(card, POSITION_CODES.index(p.value)) for p in positions]
    name = what or describe_card(ctx.state.cards[card].id, ctx.state.cards[card].name)
    o = ask(ctx, src.controller, DecisionKind.POSITION, options, f"{_about(ctx, src)}: the position of {name}")
    return Position(POSITION_CODES[answer_value(o)])


def pick_cards(
    ctx: Context, src: Source, candidates: Sequence[int], count: int, up_to: bool = False,
    player: Player | None = None, what: str = "", accept: Callable[[tuple[int, ...]], bool] | None = None,
) -> tuple[int, ...]:  # fmt: skip
    """The cards `player` (default the effect's controller) picks among `candidates`, without targeting them:
    `count` of them (as many as there are, if fewer), or with `up_to` 0..`count` (0 is PASS); with `accept`, only the
    sets it accepts ("2 ... with different Levels": rules spec §U.23; none accepted: none is picked)."""
    cands = sorted(set(candidates))
    n = min(count, len(cands))
    sizes = range(1, n + 1) if up_to else range(n, n + 1) if n else range(0)
    options = [PASS] if up_to or n == 0 else []
    for k in sizes:
        for combo in combinations(cands, k):
            if accept is not None and not accept(combo):
                continue
            options.append(answer_option(src.card, 0, combo))
            if len(options) > MAX_PICK_OPTIONS:
                raise ValueError(f"{_about(ctx, src)}: more than {MAX_PICK_OPTIONS} ways to pick {what}")
    if not options:
        return ()  # no set `accept` accepts: nothing to pick
    who = src.controller if player is None else player
    o = ask(ctx, who, DecisionKind.PICK, options, f"{_about(ctx, src)}: pick {'up to ' if up_to else ''}{count} {what}")
    return o.targets


def yes_or_no(ctx: Context, src: Source, what: str, player: Player | None = None) -> bool:
    """Whether `player` (default the effect's controller) does the optional step `what` ("you can ...")."""
    who = src.controller if player is None else player
    o = ask(ctx, who, DecisionKind.OPTIONAL, [answer_option(src.card, 1), PASS], f"{_about(ctx, src)}: {what}?")
    return not o.is_pass


def choose_number(ctx: Context, src: Source, values: Sequence[int], what: str, player: Player | None = None) -> int:
    """The number `player` (default the effect's controller) chooses among `values` (each 0..ANSWER_VALUES-1: ask
    for a count of the unit, e.g. hundreds of LP)."""
    who = src.controller if player is None else player
    options = [answer_option(src.card, v) for v in sorted(set(values)) if 0 <= v < ANSWER_VALUES]
    return answer_value(ask(ctx, who, DecisionKind.NUMBER, options, f"{_about(ctx, src)}: {what}"))


def choose_mode(ctx: Context, src: Source, modes: Sequence[int], what: str = "which effect to apply") -> int:
    """Which of the listed effects (by number, among `modes`: those that can be applied now) the effect's controller
    applies as it resolves."""
    options = [answer_option(src.card, m) for m in modes]
    return answer_value(ask(ctx, src.controller, DecisionKind.MODE, options, f"{_about(ctx, src)}: {what}"))


def chance(ctx: Context, src: Source, outcomes: int, what: str) -> int:
    """One of `outcomes` equally likely outcomes (0..outcomes-1): a coin (2: 0 heads, 1 tails), a die (6: 0 shows 1)."""
    options = [answer_option(src.card, v) for v in range(outcomes)]
    return answer_value(ask(ctx, src.controller, DecisionKind.CHANCE, options, f"{_about(ctx, src)}: {what}"))


def random_cards(ctx: Context, src: Source, candidates: Sequence[int], count: int, what: str) -> tuple[int, ...]:
    """`count` cards drawn at random among `candidates` (Spirit Reaper's "discard 1 random card"): each set equally
    likely."""
    cands = sorted(set(candidates))
    n = min(count, len(cands))
    options = [answer_option(src.card, 0, combo) for combo in combinations(cands, n)]
    if not options or n == 0:
        return ()
    return ask(ctx, src.controller, DecisionKind.CHANCE, options, f"{_about(ctx, src)}: {what}").targets


# -- running an operation that may ask ------------------------------------------------------------------------------
Operation = Callable[[Context, Source, ChainLink], None]


def run_operation(ctx: Context, op: Operation, src: Source, link: ChainLink, may_ask: bool = True) -> bool:
    """Run a resolving link's operation with the answers given so far: True once it has run to its end (the
    answers are then cleared), False if it asked a question not answered yet (the game is then as before it, the
    question pending). An operation that never asks (`may_ask` False: `EffectType.may_ask`) runs once, heard,
    with no checkpoint: there is nothing to undo (`ask` refuses it a question it would have to undo)."""
    if not may_ask:
        ctx.asked = _NEVER_ASKS
        try:
            op(ctx, src, link)
        finally:
            ctx.asked = 0
        return True
    decision = replay(ctx, lambda: op(ctx, src, link), _nothing)
    if decision is None:
        return True
    ctx.state.pending = decision
    return False


def _nothing() -> None:
    pass


def replay(ctx: Context, body: Callable[[], None], cleanup: Callable[[], None]) -> Decision | None:
    """Run `body` with the answers given so far (§U.16): None once it has run to its end (the answers are then
    cleared), else the question it asked, the game put back as it was before it. The first run is heard by nobody (it
    may be undone); one that runs to its end is done again, heard. `cleanup` runs after each run, whatever happens.
    One mechanism for a resolving operation, a cost paid as an activation is answered, and actions with no chain."""
    listeners = ctx.event_listeners
    saved = _save(ctx)
    ctx.asked = 0
    if listeners:
        ctx.event_listeners = []
    try:
        body()
    except Asked as asked:
        ctx.event_listeners = listeners
        cleanup()
        _restore(ctx, saved)
        return asked.decision
    finally:
        ctx.event_listeners = listeners
        cleanup()
    if listeners:
        _restore(ctx, saved)
        ctx.asked = 0
        try:
            body()
        finally:
            cleanup()
    ctx.state.answers = ()
    ctx.asked = 0
    return None


def pay_asking(ctx: Context, activation: Callable[[], None]) -> Decision | None:
    """Run an activation (`activation`: the answer to a priority or trigger decision, its cost paid) with the cost
    answers given so far (rules spec §U.21): None once it is complete (the answers are then cleared), else the
    question its cost asks, the game put back as it was before the activation. Run by `replay`:
    the activation is redone from the start with one more answer each time."""

    def pay() -> None:
        ctx.paying = True
        activation()

    def paid() -> None:
        ctx.paying = False

    return replay(ctx, pay, paid)


def act_without_chain(ctx: Context, actions: Callable[[], None]) -> Decision | None:
    """Run the actions with no chain that a state's entry does (rules spec §U.30: "at the end of the Damage Step,
    Special Summon it", its position the player's choice) with the answers given so far: None once they are all done
    (the answers are then cleared), else the question one of them asks, the game put back as it was before them. The
    run by `replay`: redone from the start with one more answer each time. `actions` sets
    `Context.acting` to the effect whose action runs; it is cleared here whatever happens."""

    def done() -> None:
        ctx.acting = None

    return replay(ctx, actions, done)


def entry_waits(state: GameState) -> bool:
    """A state's actions with no chain were paused by a question that has been answered (§U.30): the entry goes on
    (no window is open while they run, and only they leave answers with none open)."""
    return state.window is None and state.pending is None and len(state.answers) > 0


def answer(ctx: Context, option: Option) -> None:
    """A resolution decision was answered: the answer joins those of the resolving link."""
    s = ctx.state
    s.answers = (*s.answers, option)


_Saved = tuple[GameState, int, int, int, Index, int, tuple[tuple[int, int], ...], bool]


def _save(ctx: Context) -> _Saved:
    s = ctx.state
    return (s.checkpoint(), len(s.log), len(s.chains), len(s.lp_changes), ctx.index, ctx.resolved,
            ctx.loop_seen, ctx.negating)  # fmt: skip


def _restore(ctx: Context, saved: _Saved) -> None:
    """Put the game back in place as `_save` found it (the history's lists are shared by the checkpoint: cut back)."""
    cp, logged, chained, changed, index, resolved, seen, negating = saved
    live = ctx.state
    for name in _STATE_FIELDS:
        setattr(live, name, getattr(cp, name))
    del live.log[logged:], live.chains[chained:], live.lp_changes[changed:]
    ctx.index = index
    ctx.resolved, ctx.loop_seen, ctx.negating = resolved, seen, negating
    watch_stats(ctx)


# -- the duel's own random source -----------------------------------------------------------------------------------
def draw(state: GameState, n: int) -> int:
    """A number in 0..n-1 from the duel's seeded source (splitmix64 on `GameState.chance_seed`), advancing it."""
    seed = (state.chance_seed + 0x9E3779B97F4A7C15) & _MASK
    state.chance_seed = seed
    z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def chance_answer(state: GameState, decision: Decision) -> Option:
    """The outcome of a chance decision drawn from the duel's own source (`Duel.run`, the CLI)."""
    return decision.options[draw(state, len(decision.options))]


def is_chance(decision: Decision | None) -> bool:
    return decision is not None and decision.kind is DecisionKind.CHANCE


def resolution_window(state: GameState) -> Window | None:
    """The window whose link is resolving, if a chain link is resolving now."""
    w = state.window
    return None if w is None or w.resolving < 0 else w.window

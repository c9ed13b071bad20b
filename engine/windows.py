"""The window writers (issue 39): the open window (`GameState.window`, a `WindowState`) is an immutable record,
replaced through one of these per kind of change, never written in place, so a clone or a snapshot shares it and every
writer is found by its name. A function that has written the window reads the state's window again."""

from __future__ import annotations

from engine.state import ChainLink, GameState, Happened, PendingTrigger, WindowState
from engine.values.game import Player


# Each makes the new record field by field (compiled, a direct native construction).
def write_window(state: GameState, window: WindowState | None) -> None:
    """A window opened (`window`), or the open one closed (None)."""
    state.window = window


def _open(state: GameState) -> WindowState:
    w = state.window
    assert w is not None, "no window is open"
    return w


def write_priority(state: GameState, priority: Player, passes: int) -> None:
    """Who has priority now, and how many players have passed in succession (a link added or the triggers placed:
    0; a pass: one more)."""
    w = _open(state)
    state.window = WindowState(w.window, priority, w.chain, w.triggers, w.placing, passes, w.chains_resolved,
                               w.negated_links, w.resolving, w.events, w.waiting, w.happened)  # fmt: skip


def write_chain(state: GameState, chain: tuple[ChainLink, ...]) -> None:
    """The chain's links now (one added; the last one's cost paid)."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, chain, w.triggers, w.placing, w.passes, w.chains_resolved,
                               w.negated_links, w.resolving, w.events, w.waiting, w.happened)  # fmt: skip


def write_triggers(state: GameState, triggers: tuple[PendingTrigger, ...]) -> None:
    """The triggers waiting to be placed on a chain (one triggered; all moved to `placing` or `waiting`)."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, w.chain, triggers, w.placing, w.passes, w.chains_resolved,
                               w.negated_links, w.resolving, w.events, w.waiting, w.happened)  # fmt: skip


def write_placing(state: GameState, placing: tuple[PendingTrigger, ...]) -> None:
    """The triggers being placed on the chain by SEGOC, in order (sorted; one placed; a group dropped)."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, w.chain, w.triggers, placing, w.passes, w.chains_resolved,
                               w.negated_links, w.resolving, w.events, w.waiting, w.happened)  # fmt: skip


def write_waiting(state: GameState, waiting: tuple[PendingTrigger, ...]) -> None:
    """The phase triggers activated one at a time (§BP.2) still waiting (they arrived; one activated; declined)."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, w.chain, w.triggers, w.placing, w.passes, w.chains_resolved,
                               w.negated_links, w.resolving, w.events, waiting, w.happened)  # fmt: skip


def write_resolving(state: GameState, resolving: int) -> None:
    """The chain link that starts to resolve (its index)."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, w.chain, w.triggers, w.placing, w.passes, w.chains_resolved,
                               w.negated_links, resolving, w.events, w.waiting, w.happened)  # fmt: skip


def write_negated_links(state: GameState, negated_links: tuple[int, ...]) -> None:
    """The links of the chain whose activation is negated."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, w.chain, w.triggers, w.placing, w.passes, w.chains_resolved,
                               negated_links, w.resolving, w.events, w.waiting, w.happened)  # fmt: skip


def write_happened(state: GameState, happened: tuple[Happened, ...]) -> None:
    """The events of cards and players that happened in the window (§U.14)."""
    w = _open(state)
    state.window = WindowState(w.window, w.priority, w.chain, w.triggers, w.placing, w.passes, w.chains_resolved,
                               w.negated_links, w.resolving, w.events, w.waiting, happened)  # fmt: skip


def write_chain_resolved(state: GameState, priority: Player) -> None:
    """The chain is over: no link resolving, none negated, one more chain resolved, nobody has passed, and
    `priority` (the turn player) has priority."""
    w = _open(state)
    state.window = WindowState(w.window, priority, (), w.triggers, w.placing, 0, w.chains_resolved + 1, (), -1,
                               w.events, w.waiting, w.happened)  # fmt: skip

"""The errors a duel raises while it runs that are not a refused move: a host's effect function failed
(`EffectError`), or the game went round a loop with no end (`LoopError`). Both are exported as `engine.EffectError`
and `engine.LoopError` (docs/embedding.md, "Mistakes are errors"; rules spec §U.13)."""

from __future__ import annotations

from engine.values.game import Phase, Window
from engine.values.text import printable
from engine.values.words import PHASES, WINDOWS


class EffectError(RuntimeError):
    """A function a host supplied for an effect (an operation, a hook handler, a condition, a target or cost
    function: anything registered on an `EffectType` but the engine's own built-in types) raised while the duel ran.

    Raised by `Duel.advance`, `decide`, `declare_attack`, `step`, `work`, `end_battle_phase` and `end_turn`, chained
    to the original exception (`__cause__`), after the duel was put back exactly as it was before that call. The
    message names the card, the effect and the sub-timing; so do the attributes:

    * ``card``: the card's index (None for an effect attached to a player), ``card_id`` and ``card_name``;
    * ``effect``: the effect's index on the card (-1 for a lingering effect), ``kind`` its kind's name, ``type`` the
      name of its effect type, ``role`` what was called (``"operation"``, ``"condition"``, ``"hook stats"``...);
    * ``window``: the sub-timing (`Window`, or None outside one) and ``phase`` the machine state it happened in.
    """

    def __init__(
        self,
        message: str,
        *,
        card: int | None,
        card_id: str | None,
        card_name: str | None,
        effect: int,
        kind: str,
        type: str,
        role: str,
        window: Window | None,
        phase: Phase,
    ) -> None:
        super().__init__(message)
        self.card = card
        self.card_id = card_id
        self.card_name = card_name
        self.effect = effect
        self.kind = kind
        self.type = type
        self.role = role
        self.window = window
        self.phase = phase

    def __reduce__(self) -> tuple[object, ...]:  # keyword-only fields: pickle them too
        return (_rebuild, (str(self), self.__dict__))


def _rebuild(message: str, fields: dict[str, object]) -> EffectError:
    err = EffectError.__new__(EffectError)
    RuntimeError.__init__(err, message)
    err.__dict__.update(fields)
    return err


def describe_place(window: Window | None, phase: Phase) -> str:
    """Where something happened, for a person: the sub-timing and the machine state, in words."""
    state = PHASES[phase.value]
    if window is None:
        return state
    said = WINDOWS[window.value]
    return said if said == state else f"{said} ({state})"


def describe_card(card_id: str | None, card_name: str | None) -> str:
    if card_id is None:
        return "an effect attached to a player"
    return f"card {printable(card_id)!r} ({printable(card_name or '')})"


class LoopError(RuntimeError):
    """The duel ran `LOOP_LIMIT` chain links with no decision in between and the same effects kept resolving: an
    unending loop of mandatory effects (rules spec §U.13). ``loop`` lists the (card index, effect index) pairs that
    repeat, in the order they resolve; the message names them by card id and name."""

    def __init__(self, message: str, loop: tuple[tuple[int, int], ...]) -> None:
        super().__init__(message)
        self.loop = loop

    def __reduce__(self) -> tuple[object, ...]:
        return (LoopError, (str(self), self.loop))

"""A readable, window-by-window trace of a run, for people stepping through a battle.

Each line is one event, said in words, with the rule that made it happen in brackets. Cards are named by
:func:`card_names`, the game's values by the tables of `engine.values.words`. Card names, the title and event
details can hold scenario text, so every line is passed through :func:`engine.values.text.printable`: a scenario
cannot send control characters to the terminal that shows its trace.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.state import GameState
from engine.turns import BattleResult
from engine.values.events import Event, EventType
from engine.values.game import Player
from engine.values.text import printable
from engine.values.words import TITLES, in_words, moves, position, trigger

__all__ = ["TITLES", "card_names", "describe", "find_card", "format_battle_phase", "format_trace"]


def card_names(state: GameState) -> list[str]:
    """Each card of the duel as a player reads it, by index: its name ("Mirror Force"), and its id after it
    only where another card of the duel has the same name ("Kuriboh (kuriboh_2)"). Scenario text, so passed
    through `printable`. The one place the trace, the debugger, the stepper and the viewer name cards."""
    cards = state.cards
    counts = Counter(c.name or c.id for c in cards)
    out = []
    for c in cards:
        name = c.name or c.id
        out.append(printable(name if counts[name] == 1 or name == c.id else f"{name} ({c.id})"))
    return out


def find_card(state: GameState, typed: str) -> int | None:
    """The card a user typed: its id, or its exact name if no other card of the duel has it (None: neither)."""
    ids = [c.id for c in state.cards]
    if typed in ids:
        return ids.index(typed)
    named = [i for i, c in enumerate(state.cards) if c.name == typed]
    return named[0] if len(named) == 1 else None


def describe(e: Event, names: Sequence[str]) -> str | None:
    """One event in words (None for events that only mark structure)."""
    card = names[e.card] if e.card is not None else ""
    who = e.player.name if e.player is not None else ""
    data = dict(e.data)
    t = e.type
    if t is EventType.PHASE_ENTERED:
        return None
    detail = in_words(e.detail)
    texts = {
        EventType.WINDOW_OPENED: "window opens; turn player has priority",
        EventType.WINDOW_CLOSED: "window closes",
        EventType.FLIPPED: f"{card} is flipped face-up in Defense Position",
        EventType.TRIGGERED: f"{card}'s effect triggers" + (f" ({trigger(e.detail)})" if e.detail else ""),
        EventType.ACTIVATED: f"{who} activates {card} (effect {data.get('effect', 0)}, {detail})",
        EventType.PASSED: f"{who} passes" + (f" ({detail})" if detail else ""),
        EventType.REFUSED: f"{who} cannot activate {card}: {detail}",
        EventType.CHAIN_RESOLVING: f"chain of {e.amount} resolves",
        EventType.LINK_RESOLVED: (f"{card}: {detail}" if card else detail) if detail else f"{card} resolves",
        EventType.LINK_NEGATED: f"{card}'s activation is negated",
        EventType.LINK_UNRESOLVED: f"{card}: its effect does not resolve ({detail})",
        EventType.EQUIPPED: f"{card} equips " + (names[data["targets"][0]] if data.get("targets") else "a monster"),
        EventType.COUNTERS_CHANGED: f"{card} now has {e.amount} counter(s)",
        EventType.CHAIN_RESOLVED: "chain resolved",
        EventType.COST_PAID: f"{who} pays {e.amount} LP as a cost (LP {data['lp']})" if data.get("lp") is not None
        else f"{who} {detail or 'pays'} as a cost",
        EventType.DAMAGE_CALCULATION_SKIPPED: f"no damage calculation: {detail}",
        EventType.VALUES_COMPARED: _compared(data),
        EventType.BATTLE_DAMAGE: f"{who} takes {e.amount} battle damage (LP {data.get('lp')})",
        EventType.EFFECT_DAMAGE: f"{who} takes {e.amount} effect damage (LP {data.get('lp')})",
        EventType.LP_GAINED: f"{who} gains {e.amount} LP (LP {data.get('lp')})",
        EventType.DESTROYED_BY_BATTLE: f"{card} is destroyed by battle",
        EventType.NOT_DESTROYED: f"{card} is not destroyed by battle",
        EventType.EFFECTS_NEGATED: f"{card}'s effects are negated",
        EventType.MOVED: moves(card, data.get("from"), data.get("to")) + (f" ({detail})" if detail else ""),
        EventType.STATS_CHANGED: f"{card}: {detail}" if card else detail,
        EventType.EXPIRED: detail,
        EventType.POSITION_CHANGED: f"{card} changes to {position(e.detail)}",
        EventType.CONTROL_CHANGED: f"{who} takes control of {card}",
        EventType.DREW: f"{who} draws {e.amount}",
        EventType.BATTLE_STOPPED: f"the battle stops: {detail}",
        EventType.DUEL_ENDED: f"the Duel ends: {detail}" + (f"; {who} wins" if who else ""),
        EventType.ATTACK_DECLARED: f"{who} declares an attack with {card}"
        + (f" on {names[data['targets'][0]]}" if data.get("targets") else " directly"),
        EventType.ATTACK_NEGATED: f"{card}'s attack is negated",
        EventType.REPLAY: f"replay: {card} {detail}"
        + (f" on {names[data['targets'][0]]}" if data.get("targets") else ""),
        EventType.BATTLE_PHASE_ENDED: f"the Battle Phase is ended: {detail}",
        EventType.ATTACK_TARGET_CHANGED: f"the attack target becomes {card}",
    }
    return texts.get(t, str(t.value).replace("_", " "))


def _compared(data: dict[str, Any]) -> str:
    """The values damage calculation compares, with what they are."""
    values = list(data.get("values") or ())
    if len(values) != 2:
        return f"values compared: {values}"
    a, t = values
    if t is None:
        return f"values compared: {a} ATK, in a direct attack"
    return f"values compared: {a} ATK against {t} {'DEF' if data.get('defense') else 'ATK'}"


def _event_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    lines: list[str] = []
    for e in events:
        if e.type is EventType.PHASE_ENTERED:
            lines += ["", f"== {TITLES.get(e.detail, e.detail)} =="]
            continue
        text = describe(e, names)
        if text:
            lines.append(f"  {text}  [{e.rule}]")
    return lines


def _declaration(state: GameState, names: Sequence[str], attacker: int, target: int | None) -> str:
    if attacker < 0:
        return "no attack has been declared"
    who = state.cards[attacker].controller.name
    return f"{who}'s {names[attacker]} attacks {names[target] if target is not None else 'directly'}"


def format_trace(state: GameState, title: str = "") -> str:
    names = card_names(state)
    b = state.battle
    lines = [title] if title else []
    lines.append(_declaration(state, names, b.attacker, b.target))
    lines += _event_lines(state.log, names)
    return "\n".join(map(printable, [*lines, *_ending(state)]))


def format_battle_phase(
    state: GameState, attacks: Sequence[tuple[BattleResult | None, str]], title: str = ""
) -> str:
    """A Battle Phase: each listed attack under its own heading, with the events of its Damage Step
    (`Duel.battles`), or the reason it could not be declared (None, reason)."""
    names = card_names(state)
    lines = [title] if title else []
    ranges = [played.log_range for played, _ in attacks if played is not None]
    first, last = (ranges[0][0], ranges[-1][1]) if ranges else (len(state.log), len(state.log))
    if first > 0:  # a whole Battle Phase: its Start Step, and the Battle Step before the first declaration
        lines += ["", "=== Before the first attack ===", *_event_lines(state.log[:first], names)]
    for i, (played, reason) in enumerate(attacks):
        if played is None:
            lines += ["", f"=== Attack {i + 1}: not declared: {in_words(reason)} ==="]
            continue
        lines += ["", f"=== Attack {i + 1}: {_declaration(state, names, played.attacker, played.target)} ==="]
        lines += _event_lines(played.events, names)
        if played.battle.stopped:
            lines.append(f"  the attack stopped in the Battle Step: {played.battle.stopped}")
        lines.append(f"  LP after attack {i + 1}: " + ", ".join(f"{p.name} {played.lp_after[p]}" for p in Player))
    if last < len(state.log):  # the Battle Step after the last attack, and the End Step
        lines += ["", "=== After the last attack ===", *_event_lines(state.log[last:], names)]
    return "\n".join(map(printable, [*lines, *_ending(state)]))


def _ending(state: GameState) -> list[str]:
    lines: list[str] = []
    lp = ", ".join(f"{p.name} {state.players[p].lp}" for p in Player)
    lines += ["", f"LP: {lp}"]
    if state.draw:
        lines.append("Result: draw")
    elif state.winner is not None:
        lines.append(f"Result: {state.winner.name} wins")
    return lines

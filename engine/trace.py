"""A readable, window-by-window trace of a run, for people stepping through a battle.

Each line is one event, said in words, with the rule that made it happen in brackets. Card ids, the title
and event details can hold scenario text, so every line is passed through :func:`engine.values.text.printable`:
a scenario cannot send control characters to the terminal that shows its trace.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.state import GameState
from engine.turns import BattleResult
from engine.values.events import Event, EventType
from engine.values.game import Player
from engine.values.text import printable

TITLES = {
    "main_phase_1": "Main Phase 1",
    "start_step": "Start Step",
    "battle_step": "Battle Step",
    "attack_declared": "Attack declared",
    "replay": "Replay",
    "start_of_damage_step": "Start of the Damage Step",
    "flip": "Flip of the attack target",
    "before_damage_calculation": "Before damage calculation",
    "during_damage_calculation": "During damage calculation",
    "perform_damage_calculation": "Damage calculation",
    "after_damage_calculation": "After damage calculation",
    "send_destroyed_by_battle": "Sending monsters destroyed by battle",
    "end_of_damage_step": "End of the Damage Step",
    "step_over": "The Damage Step is over",
    "end_step": "End Step",
    "main_phase_2": "Main Phase 2: the Battle Phase is over",
    "duel_over": "The Duel is over",
}


def describe(e: Event, names: Sequence[str]) -> str | None:
    """One event in words (None for events that only mark structure)."""
    card = names[e.card] if e.card is not None else ""
    who = e.player.name if e.player is not None else ""
    data = dict(e.data)
    t = e.type
    if t is EventType.PHASE_ENTERED:
        return None
    texts = {
        EventType.WINDOW_OPENED: "window opens; turn player has priority",
        EventType.WINDOW_CLOSED: "window closes",
        EventType.FLIPPED: f"{card} is flipped face-up in Defense Position",
        EventType.TRIGGERED: f"{card}'s effect triggers ({e.detail})",
        EventType.ACTIVATED: f"{who} activates {card} (effect {data.get('effect', 0)}, {e.detail})",
        EventType.PASSED: f"{who} passes" + (f" ({e.detail})" if e.detail else ""),
        EventType.REFUSED: f"{who} cannot activate {card}: {e.detail}",
        EventType.CHAIN_RESOLVING: f"chain of {e.amount} resolves",
        EventType.LINK_RESOLVED: f"{card}: {e.detail or 'resolves'}",
        EventType.LINK_NEGATED: f"{card}'s activation is negated",
        EventType.LINK_UNRESOLVED: f"{card}: its effect does not resolve ({e.detail})",
        EventType.EQUIPPED: f"{card} equips " + (names[data["targets"][0]] if data.get("targets") else "a monster"),
        EventType.COUNTERS_CHANGED: f"{card} now has {e.amount} counter(s)",
        EventType.CHAIN_RESOLVED: "chain resolved",
        EventType.COST_PAID: f"{who} pays {e.amount} LP as a cost (LP {data.get('lp')})",
        EventType.DAMAGE_CALCULATION_SKIPPED: f"no damage calculation: {e.detail}",
        EventType.VALUES_COMPARED: f"values compared: {list(data.get('values') or ())}",
        EventType.BATTLE_DAMAGE: f"{who} takes {e.amount} battle damage (LP {data.get('lp')})",
        EventType.EFFECT_DAMAGE: f"{who} takes {e.amount} effect damage (LP {data.get('lp')})",
        EventType.LP_GAINED: f"{who} gains {e.amount} LP (LP {data.get('lp')})",
        EventType.DESTROYED_BY_BATTLE: f"{card} is destroyed by battle",
        EventType.NOT_DESTROYED: f"{card} is not destroyed by battle",
        EventType.EFFECTS_NEGATED: f"{card}'s effects are negated",
        EventType.MOVED: f"{card} moves from the {data.get('from')} to the {data.get('to')}"
        + (f" ({e.detail})" if e.detail else ""),
        EventType.STATS_CHANGED: f"{card}: {e.detail}" if card else e.detail,
        EventType.EXPIRED: e.detail,
        EventType.POSITION_CHANGED: f"{card} changes to {e.detail} position",
        EventType.CONTROL_CHANGED: f"{who} takes control of {card}",
        EventType.DREW: f"{who} draws {e.amount}",
        EventType.BATTLE_STOPPED: f"the battle stops: {e.detail}",
        EventType.DUEL_ENDED: f"the Duel ends: {e.detail}" + (f"; {who} wins" if who else ""),
        EventType.ATTACK_DECLARED: f"{who} declares an attack with {card}"
        + (f" on {names[data['targets'][0]]}" if data.get("targets") else " directly"),
        EventType.ATTACK_NEGATED: f"{card}'s attack is negated",
        EventType.REPLAY: f"replay: {card} {e.detail}"
        + (f" on {names[data['targets'][0]]}" if data.get("targets") else ""),
        EventType.BATTLE_PHASE_ENDED: f"the Battle Phase is ended: {e.detail}",
        EventType.ATTACK_TARGET_CHANGED: f"the attack target becomes {card}",
    }
    return texts.get(t, str(t.value))


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
    names = [c.id for c in state.cards]
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
    names = [c.id for c in state.cards]
    lines = [title] if title else []
    ranges = [played.log_range for played, _ in attacks if played is not None]
    first, last = (ranges[0][0], ranges[-1][1]) if ranges else (len(state.log), len(state.log))
    if first > 0:  # a whole Battle Phase: its Start Step, and the Battle Step before the first declaration
        lines += ["", "=== Before the first attack ===", *_event_lines(state.log[:first], names)]
    for i, (played, reason) in enumerate(attacks):
        if played is None:
            lines += ["", f"=== Attack {i + 1}: not declared: {reason} ==="]
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

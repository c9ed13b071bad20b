"""A readable, window-by-window trace of a run, for people stepping through a battle.

Each line is one event, said in words, with the rule that made it happen in brackets.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event, EventType
from engine.state import GameState, Player

TITLES = {
    "battle_step": "Battle Step",
    "start_of_damage_step": "Start of the Damage Step",
    "flip": "Flip of the attack target",
    "before_damage_calculation": "Before damage calculation",
    "during_damage_calculation": "During damage calculation",
    "perform_damage_calculation": "Damage calculation",
    "after_damage_calculation": "After damage calculation",
    "send_destroyed_by_battle": "Sending monsters destroyed by battle",
    "end_of_damage_step": "End of the Damage Step",
    "step_over": "The Damage Step is over",
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
        EventType.CHAIN_RESOLVED: "chain resolved",
        EventType.COST_PAID: f"{who} pays {e.amount} LP as a cost (LP {data.get('lp')})",
        EventType.DAMAGE_CALCULATION_SKIPPED: f"no damage calculation: {e.detail}",
        EventType.VALUES_COMPARED: f"values compared: {list(data.get('values') or ())}",
        EventType.BATTLE_DAMAGE: f"{who} takes {e.amount} battle damage (LP {data.get('lp')})",
        EventType.EFFECT_DAMAGE: f"{who} takes {e.amount} effect damage (LP {data.get('lp')})",
        EventType.LP_GAINED: f"{who} gains {e.amount} LP (LP {data.get('lp')})",
        EventType.DESTROYED_BY_BATTLE: f"{card} is destroyed by battle",
        EventType.NOT_DESTROYED: f"{card} is not destroyed by battle",
        EventType.MOVED: f"{card} moves from the {data.get('from')} to the {data.get('to')}"
        + (f" ({e.detail})" if e.detail else ""),
        EventType.STATS_CHANGED: f"{card}: {e.detail}" if card else e.detail,
        EventType.EXPIRED: e.detail,
        EventType.POSITION_CHANGED: f"{card} changes to {e.detail} position",
        EventType.CONTROL_CHANGED: f"{who} takes control of {card}",
        EventType.DREW: f"{who} draws {e.amount}",
        EventType.BATTLE_STOPPED: f"the battle stops: {e.detail}",
        EventType.DUEL_ENDED: f"the Duel ends: {e.detail}" + (f"; {who} wins" if who else ""),
    }
    return texts.get(t, str(t.value))


def format_trace(state: GameState, title: str = "") -> str:
    names = [c.id for c in state.cards]
    b = state.battle
    att = state.cards[b.attacker]
    lines = [title] if title else []
    target = f"{names[b.target]}" if b.target is not None else "directly"
    lines.append(f"{att.controller.name}'s {names[b.attacker]} attacks {target}")
    for e in state.log:
        if e.type is EventType.PHASE_ENTERED:
            lines.append(f"\n== {TITLES.get(e.detail, e.detail)} ==")
            continue
        text = describe(e, names)
        if text:
            lines.append(f"  {text}  [{e.rule}]")
    lp = ", ".join(f"{p.name} {state.players[p].lp}" for p in Player)
    lines.append(f"\nLP: {lp}")
    if state.draw:
        lines.append("Result: draw")
    elif state.winner is not None:
        lines.append(f"Result: {state.winner.name} wins")
    return "\n".join(lines)

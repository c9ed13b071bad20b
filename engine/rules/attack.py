"""May this attack be declared? The Battle Step's rule for an attack declaration.

Yugipedia, "Attack" (https://yugipedia.com/wiki/Attack): "the turn player can declare an attack with
a face-up Attack Position monster that has not already declared an attack this turn, choosing a
monster the opponent controls as attack target or making a direct attack"; "Some cards and effects
can allow monsters to attack while in Defense Position". The official rulebook (Battle Step): a
direct attack is possible only when the opponent controls no monsters; each monster attacks once
per turn unless an effect lets it attack more times. The scenario format's "Battle Phases" section
states the same checks. `engine.turns` asks this before it starts a Damage Step.
"""

from __future__ import annotations

from engine.effects import Context, Hook
from engine.rules.battle import attack_from_defense_stat
from engine.values.game import Location, Position, opponent_of


def attacks_allowed(ctx: Context, index: int) -> int:
    """How many attacks this monster may declare this turn: 1, or more if an effect says so
    (`Hook.ATTACKS`; the largest number any active effect on it gives)."""
    allowed = 1
    for src, answer in ctx.ask(Hook.ATTACKS):
        if src.host == index and isinstance(answer, int):
            allowed = max(allowed, answer)
    return allowed


def attack_problem(
    ctx: Context, attacker: int, target: int | None, declared: tuple[tuple[int, int], ...]
) -> str | None:
    """Why this attack cannot be declared now (the rule it breaks, in words), or None. `declared`
    holds the (card, instance) of every attack declared this turn: a monster that left the field
    and came back is a new card, which has not attacked."""
    s = ctx.state
    a = ctx.card(attacker)
    if not a.is_monster or a.location is not Location.MONSTER_ZONE:
        return f"only a monster in the Monster Zone can attack: {a.name} is in the {a.location.value}"
    if a.controller is not s.turn_player:
        return f"only the turn player's monsters can attack: {a.name} is controlled by {a.controller.name}"
    if a.position is Position.SET:
        return f"a face-down monster cannot attack: {a.name} is face-down"
    if a.position is Position.DEFENSE and attack_from_defense_stat(ctx, attacker) is None:
        return f"only a face-up Attack Position monster can attack: {a.name} is in Defense Position"
    done = sum(1 for card, instance in declared if card == attacker and instance == a.instance)
    allowed = attacks_allowed(ctx, attacker)
    if done >= allowed:
        times = "once" if allowed == 1 else f"{allowed} times"
        return f"a monster can attack {times} per turn: {a.name} has already attacked this turn"
    opponent = opponent_of(s.turn_player)
    if target is None:
        if any(c.location is Location.MONSTER_ZONE and c.controller is opponent for c in s.cards):
            rule = "a direct attack is possible only when the opponent controls no monsters"
            return f"{rule}: {opponent.name} controls at least one monster"
        return None
    t = ctx.card(target)
    if not t.is_monster or t.location is not Location.MONSTER_ZONE:
        return f"the attack target must be a monster on the field: {t.name} is in the {t.location.value}"
    if t.controller is not opponent:
        rule = "the attack target must be a monster the opponent controls"
        return f"{rule}: {t.name} is controlled by {t.controller.name}"
    return None

"""Is the battle still on? (§1.8) And which stat does the attacker apply (§2.1)?"""

from __future__ import annotations

from typing import Final

from engine.effects import Context, DamageModifier, Hook, Piercing
from engine.rules.calculation import BattleInput, attacker_value, compare_values, target_value
from engine.rules.modifiers import apply_battle_damage_modifiers
from engine.rules.stats import current_stats, original_stats
from engine.state import Battle
from engine.values.game import DAMAGE_STEP_PHASES, Location, Player, Position


def attack_from_defense_stat(ctx: Context, index: int) -> str | None:
    """ "atk" or "def" if an effect lets this monster attack from Defense Position, else None: an answer "atk"/"def"
    speaks of its own card, a mapping of the monsters it names (rules spec §U.25)."""
    for src, answer in ctx.ask(Hook.ATTACK_FROM_DEFENSE):
        if isinstance(answer, str):
            if src.host == index:
                return answer
        elif index in answer:
            return str(answer[index])
    return None


def position_problem(ctx: Context, index: int) -> str | None:
    """Only a face-up Attack Position monster attacks, or a Defense Position one an effect lets attack."""
    card = ctx.card(index)
    if card.position is Position.SET:
        return f"a face-down monster cannot attack: {card.name} is face-down"
    if card.position is Position.DEFENSE and attack_from_defense_stat(ctx, index) is None:
        return f"only a face-up Attack Position monster can attack: {card.name} is in Defense Position"
    return None


def continuation_problem(ctx: Context) -> str | None:
    """Why the attack declared can no longer go on, or None, from the Battle Step to damage calculation
    (§1.8, §BP.6, §BP.7): it was negated, the Battle Phase was ended, the attacker left the field, changed
    control, or can no longer attack in its position."""
    b = ctx.state.battle
    if b.negated:
        return "the attack was negated"
    if ctx.state.battle_phase_ending and ctx.state.rules_phase not in DAMAGE_STEP_PHASES:
        return "the Battle Phase was ended"  # (in a Damage Step: after it, §BP.7)
    att = ctx.card(b.attacker)
    if att.location is not Location.MONSTER_ZONE or att.instance != b.attacker_instance:
        return "the attacker left the field"
    if att.controller is not b.attacker_controller:
        return "control of the attacker changed"
    return position_problem(ctx, b.attacker)


def battle_problem(ctx: Context) -> str | None:
    """Why the battle is no longer valid, or None (§1.8): the attack must still go on (`continuation_problem`), and
    the target must be the same card, still in the Monster Zone, under the same controller."""
    problem = continuation_problem(ctx)
    if problem is not None:
        return problem
    b = ctx.state.battle
    if b.target is not None:
        tgt = ctx.card(b.target)
        if tgt.location is not Location.MONSTER_ZONE or tgt.instance != b.target_instance:
            return "the attack target left the field"
        if tgt.controller is not b.target_controller:
            return "control of the attack target changed"
    return None


def damage_calculation_stats(ctx: Context, index: int, original: bool) -> tuple[int, int]:
    """The ATK/DEF damage calculation compares: the current ones, or the original ones when an effect says this
    battle's damage calculation uses them (`original`: `uses_original_values`) (§R.5: Forbidden Scripture, Konami
    OCG FAQ 13098; "it does not change the monsters' current ATK/DEF", only how the calculation is done). An
    original value changed by an effect (Shrink) is the changed one."""
    return original_stats(ctx, index) if original else current_stats(ctx, index)


def uses_original_values(ctx: Context) -> bool:
    """An effect says this battle's damage calculation uses the monsters' original ATK/DEF (§R.5)."""
    return bool(ctx.ask(Hook.ORIGINAL_VALUES_IN_DAMAGE_CALCULATION))


def battle_input(ctx: Context) -> BattleInput:
    """Take the values compared at the moment damage calculation is performed (§2.1)."""
    s = ctx.state
    b = s.battle
    att = ctx.card(b.attacker)
    original = uses_original_values(ctx)
    a_atk, a_def = damage_calculation_stats(ctx, b.attacker, original)
    a_val = attacker_value(a_atk, a_def, att.position is Position.DEFENSE, attack_from_defense_stat(ctx, b.attacker))
    asked = ctx.ask(Hook.PIERCING)  # (most battles: none, and no generator made to find none)
    piercing = tuple(p for src, p in asked if src.host == b.attacker and isinstance(p, Piercing)) if asked else ()
    if b.target is None:
        return BattleInput(
            b.attacker, att.controller, a_val, None, None, None, False, piercing, s.zero_atk_mutual_destruction
        )
    tgt = ctx.card(b.target)
    t_atk, t_def = damage_calculation_stats(ctx, b.target, original)
    assert tgt.position is not None
    in_def = tgt.position.is_defense
    return BattleInput(
        b.attacker,
        att.controller,
        a_val,
        b.target,
        tgt.controller,
        target_value(t_atk, t_def, in_def),
        in_def,
        piercing,
        s.zero_atk_mutual_destruction,
    )


NOBODY: Final[frozenset[int]] = frozenset()


def battling_monsters(b: Battle) -> frozenset[int]:
    """The monsters in this battle: a modifier of "battles involving this card" applies only if its card is one."""
    return frozenset((b.attacker,)) if b.target is None else frozenset((b.attacker, b.target))


def battle_damage_modifiers(ctx: Context) -> tuple[DamageModifier, ...]:
    """Every active battle-damage modifier (turn player's effects first); the empty tuple, made by nobody, when none
    applies (most battles)."""
    asked = ctx.ask(Hook.BATTLE_DAMAGE)
    return tuple(m for _src, mods in asked for m in mods) if asked else ()


def battle_damage_preview(ctx: Context, player: Player) -> int:
    """The battle damage `player` would take if damage calculation were performed now (rules spec §U.12: "when you
    would take battle damage", Defense Draw): the values compared, piercing and the battle-damage modifiers that
    apply now, through the same functions damage calculation uses, without changing the state. 0 when there is no
    valid battle, or it is already calculated. (A replacement decided at damage calculation that changes the damage,
    Number 102: Star Seraph Sentry's, is not foreseen.)"""
    b = ctx.state.battle
    if not b.under_way or b.battled or battle_problem(ctx) is not None:
        return 0
    inp = battle_input(ctx)
    base = compare_values(inp)
    return apply_battle_damage_modifiers(base.damage, battle_damage_modifiers(ctx), battling_monsters(b)).battle[player]

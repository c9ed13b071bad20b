"""The Battle Step's rules for an attack: which declarations are legal, why an attack declared stops
before the Damage Step, and when a replay is due (rules spec §BP.3, §BP.5, §BP.6, §BP.8).

Official rulebook (Battle Step, pp.38-39): "Each face-up Attack Position monster you control is allowed
1 attack per turn"; "If the opponent controls monsters, choose a monster as an Attack Target. If the
opponent does not control any monsters, declare a direct attack". Continuous effects restrict or allow
attacks through hooks (`Hook.CANNOT_ATTACK`, `CANNOT_DECLARE_ATTACK`, `CANNOT_BE_ATTACKED`,
`DIRECT_ATTACK`, `MUST_ATTACK`, `ATTACKS`, `ATTACK_FROM_DEFENSE`), each answered with the monsters it
applies to. These functions read the state and never change it.
"""

from __future__ import annotations

from engine.effects import Context, ExtraAttacks, Hook
from engine.rules.battle import continuation_problem, position_problem
from engine.rules.this_turn import attacks_this_turn, declared_direct_attack_this_turn, monsters_attacked
from engine.state import Battle
from engine.values.decisions import Option, attack_option
from engine.values.game import Location, opponent_of
from engine.values.words import is_at


def applies(ctx: Context, hook: Hook, index: int) -> bool:
    """Whether a restriction or permission answered at `hook` names this monster."""
    return any(index in monsters for _src, monsters in ctx.ask(hook))


def said_by(ctx: Context, hook: Hook, index: int) -> str | None:
    """Whose effect a restriction answered at `hook` that names this monster is, as a refusal names it ("Gravity
    Bind's effect"), or None if none names it: every refusal names its cards (issue 42)."""
    for src, monsters in ctx.ask(hook):
        if index in monsters:
            return f"{ctx.card(src.card).name}'s effect" if src.card >= 0 else "a lingering effect"
    return None


def permissions(ctx: Context, index: int) -> list[ExtraAttacks]:
    """The multiple-attack permissions that apply to this monster now (`Hook.ATTACKS`; a plain number is a permission
    of that many attacks). One granted "in a row" applies only while no other monster has declared an attack since it
    was granted (its own next declaration uses it; §BP.12, OCG-BP L244-247)."""
    out: list[ExtraAttacks] = []
    attacks = None
    for src, answer in ctx.ask(Hook.ATTACKS):
        if src.host != index:
            continue
        if isinstance(answer, int):
            answer = ExtraAttacks(answer)
        if not isinstance(answer, ExtraAttacks):
            continue
        if answer.in_a_row >= 0:
            attacks = attacks_this_turn(ctx.state) if attacks is None else attacks
            if len(attacks) > answer.in_a_row:
                b = attacks[answer.in_a_row][1]
                if b.attacker != index or b.attacker_instance != ctx.card(index).instance:
                    continue  # another monster attacked first: the permission is lost
        out.append(answer)
    return out


def attacks_allowed(ctx: Context, index: int, *, direct: bool = False) -> int:
    """How many attacks this monster may declare this turn: 1, or more if an effect says so (the largest number any
    permission on it gives). With `direct`, how many of them may be direct attacks: an effect that gives attacks "on
    monsters" only gives none (Blue-Eyes Twin Burst Dragon). Once it has declared a direct attack (even one that was
    negated), attacks "on monsters" are no longer open to it (OCG-BP L211-226, Konami FAQ 178, 14804)."""
    after_direct = declared_direct_attack_this_turn(ctx.state, index)
    allowed = 1
    for answer in permissions(ctx, index):
        if answer.each_monster:
            continue  # (counted per monster: `each_monster_problem`)
        if not ((direct or after_direct) and answer.monsters_only):
            allowed = max(allowed, answer.attacks)
    return allowed


def attacks_each_monster(ctx: Context, index: int) -> bool:
    """An effect lets this monster attack each monster the opponent controls once, and it has not chosen to attack
    directly instead (it is one or the other: OCG-BP L211, L234)."""
    if declared_direct_attack_this_turn(ctx.state, index):
        return False
    return any(answer.each_monster for answer in permissions(ctx, index))


def each_monster_problem(ctx: Context, attacker: int, target: int, replay: bool = False) -> str | None:
    """Why a monster that attacks "each monster once" (its first attack aside) cannot attack this one: it has already
    attacked it this turn. An attack counts against the monster it ended on: one moved by an effect, against the new
    target; a negated one, or one cancelled after a replay, against its target (OCG-BP L226-234, Konami FAQ 10214). At
    a replay's new choice the attack under way does not count."""
    s = ctx.state
    only = [a.only for a in permissions(ctx, attacker) if a.each_monster]
    if only and all(o is not None and target not in o for o in only):
        name = ctx.card(attacker).name
        return f"{name} can attack again only the monsters its effect names, not {ctx.card(target).name}"
    done = monsters_attacked(s, attacker)
    if replay and done:
        done = done[:-1]
    if (target, ctx.card(target).instance) in done:
        return f"{ctx.card(attacker).name} has already attacked {ctx.card(target).name} this turn"
    return None


def declared_by(ctx: Context, attacker: int, declared: tuple[tuple[int, int], ...]) -> int:
    """How many attacks this monster (this card, not one that left and came back) declared this turn."""
    instance = ctx.card(attacker).instance
    return sum(1 for card, inst in declared if card == attacker and inst == instance)


def attacker_problem(ctx: Context, attacker: int, declared: tuple[tuple[int, int], ...]) -> str | None:
    """Why this monster cannot declare an attack now (§BP.3, §BP.8), or None. `declared` holds the (card,
    instance) of every attack declared this turn: a monster that left the field and came back is a new
    card, which has not attacked; a negated or stopped attack was declared all the same."""
    s = ctx.state
    a = ctx.card(attacker)
    if not a.is_monster or a.location is not Location.MONSTER_ZONE:
        return f"only a monster in the Monster Zone can attack: {a.name} {is_at(a.location)}"
    if a.controller is not s.turn_player:
        return f"only the turn player's monsters can attack: {a.name} is controlled by {a.controller.name}"
    problem = position_problem(ctx, attacker)
    if problem is not None:
        return problem
    if (by := said_by(ctx, Hook.CANNOT_ATTACK, attacker)) is not None:
        return f"{by} says {a.name} cannot attack"
    if (by := said_by(ctx, Hook.CANNOT_DECLARE_ATTACK, attacker)) is not None:
        return f"{by} says {a.name} cannot declare an attack"
    done = declared_by(ctx, attacker, declared)
    allowed = attacks_allowed(ctx, attacker)
    if done >= allowed and not attacks_each_monster(ctx, attacker):
        times = "once" if allowed == 1 else f"{allowed} times"
        return f"a monster can attack {times} per turn: {a.name} has already declared an attack this turn"
    return None


def opponent_monsters(ctx: Context) -> list[int]:
    """The monsters the turn player's opponent controls (face-up or face-down)."""
    opponent = opponent_of(ctx.state.turn_player)
    cards = ctx.state.cards
    return [i for i, c in enumerate(cards) if c.location is Location.MONSTER_ZONE and c.controller is opponent]


def target_problem(ctx: Context, target: int) -> str | None:
    """Why this card cannot be chosen as an attack target now, or None: a monster the opponent controls
    (face-up or face-down) that no effect keeps from being targeted for attacks."""
    t = ctx.card(target)
    if not t.is_monster or t.location is not Location.MONSTER_ZONE:
        return f"the attack target must be a monster on the field: {t.name} {is_at(t.location)}"
    if t.controller is not opponent_of(ctx.state.turn_player):
        rule = "the attack target must be a monster the opponent controls"
        return f"{rule}: {t.name} is controlled by {t.controller.name}"
    if (by := said_by(ctx, Hook.CANNOT_BE_ATTACKED, target)) is not None:
        return f"{by} says {t.name} cannot be targeted for attacks"
    return None


def direct_attack_problem(
    ctx: Context, attacker: int, declared: tuple[tuple[int, int], ...] | None = None
) -> str | None:
    """A direct attack needs the opponent to control no monster (one that cannot be targeted for attacks
    still counts), unless an effect lets this monster attack directly (§BP.8); an effect may forbid it
    ("this card cannot attack your opponent directly"), and attacks an effect gives "on monsters" only are
    never direct (`declared`: the attacks declared this turn, when a new one is being declared)."""
    if (by := said_by(ctx, Hook.CANNOT_ATTACK_DIRECTLY, attacker)) is not None:
        return f"{by} says {ctx.card(attacker).name} cannot attack directly"
    if declared is not None and declared_by(ctx, attacker, declared) >= attacks_allowed(ctx, attacker, direct=True):
        return f"the further attacks of {ctx.card(attacker).name} an effect allows are on monsters only"
    if not opponent_monsters(ctx) or applies(ctx, Hook.DIRECT_ATTACK, attacker):
        return None
    rule = "a direct attack is possible only when the opponent controls no monsters"
    return f"{rule}: {opponent_of(ctx.state.turn_player).name} controls at least one monster"


def attack_problem(
    ctx: Context, attacker: int, target: int | None, declared: tuple[tuple[int, int], ...]
) -> str | None:
    """Why this attack cannot be declared now (the rule it breaks, in words), or None."""
    problem = attacker_problem(ctx, attacker, declared)
    if problem is not None:
        return problem
    if target is None:
        return direct_attack_problem(ctx, attacker, declared)
    return target_problem(ctx, target) or attacker_target_problem(ctx, attacker, target, declared)


def attacker_target_problem(
    ctx: Context, attacker: int, target: int, declared: tuple[tuple[int, int], ...] | None = None, replay: bool = False
) -> str | None:
    """Why this monster cannot attack that one (a legal attack target in itself), or None: a monster past the
    attacks its permissions give that attacks "each monster once" may not attack one it already attacked."""
    if not attacks_each_monster(ctx, attacker):
        return None
    if declared is not None and declared_by(ctx, attacker, declared) < attacks_allowed(ctx, attacker) and not replay:
        return None  # (an attack of its ordinary count: any monster)
    return each_monster_problem(ctx, attacker, target, replay)


def choices_of(ctx: Context, attacker: int, declared: tuple[tuple[int, int], ...] | None = None) -> list[Option]:
    """Every attack this monster could make now: each monster it may target, then directly."""
    out = [attack_option(attacker, t) for t in opponent_monsters(ctx)
           if target_problem(ctx, t) is None
           and attacker_target_problem(ctx, attacker, t, declared, replay=declared is None) is None]
    if direct_attack_problem(ctx, attacker, declared) is None:
        out.append(attack_option(attacker, None))
    return out


def declarations(ctx: Context, declared: tuple[tuple[int, int], ...]) -> list[Option]:
    """Every legal attack declaration of the turn player, attacker by attacker in card order."""
    out: list[Option] = []
    tp = ctx.state.turn_player
    for i, c in enumerate(ctx.state.cards):
        if c.location is Location.MONSTER_ZONE and c.controller is tp and attacker_problem(ctx, i, declared) is None:
            out += choices_of(ctx, i, declared)
    return out


def must_attack(ctx: Context, options: list[Option]) -> bool:
    """Whether a monster that must attack if able (`Hook.MUST_ATTACK`) is among those that can: then the
    turn player cannot end the Battle Phase yet (§BP.8)."""
    return any(applies(ctx, Hook.MUST_ATTACK, o.card) for o in options)


def stop_problem(ctx: Context) -> str | None:
    """Why the attack declared stops in the Battle Step, with no Damage Step (§BP.6), or None: it was
    negated, the Battle Phase was ended, the attacker left the field, changed control, can no longer
    attack in its position, or an effect now says it cannot attack. (A stop already decided, by a
    position change or the end of the Battle Phase, is `Battle.stopped`.)"""
    b = ctx.state.battle
    if b.stopped:
        return b.stopped
    problem = continuation_problem(ctx)
    if problem is not None:
        return problem
    if (by := said_by(ctx, Hook.CANNOT_ATTACK, b.attacker)) is not None:
        return f"{by} says {ctx.card(b.attacker).name} cannot attack"
    return None


def opponent_field(ctx: Context) -> tuple[tuple[int, int], ...]:
    """The opponent's monsters as (card, instance): what a replay compares (§BP.5)."""
    return tuple((i, ctx.card(i).instance) for i in opponent_monsters(ctx))


def replay_problem(ctx: Context, b: Battle) -> str | None:
    """Why a replay is due (§BP.5), or None: the monsters the opponent controls are not those there when
    the target was chosen (one left or was placed, however briefly: a card that came back is a new
    card), or this monster can no longer attack directly. A restriction on being targeted for attacks
    that starts applying to the monster already chosen is no replay (OCG FAQ 20160). A scenario's attack,
    whose Battle Step is already over (`opponent_field` None), has none; nor has one whose damage calculation an
    effect performs."""
    if b.opponent_field is None or b.calculate_at_once:
        return None  # (§U.6: an attack whose damage calculation an effect performs has no replay)
    if b.opponent_field_changed or opponent_field(ctx) != b.opponent_field:
        return "the monsters the opponent controls changed"
    if b.target is None and direct_attack_problem(ctx, b.attacker) is not None:
        return "the attacker can no longer attack directly"
    if b.target is not None and target_changed_out_of_reach(ctx, b):
        return "the attack target changed so that it can no longer be attacked"
    return None


def target_changed_out_of_reach(ctx: Context, b: Battle) -> bool:
    """The attack target, still on the field, changed (its battle position, face-up or face-down) since it was chosen,
    and the attacker can no longer attack it now: "after performing an attack declaration on a monster, if it becomes
    impossible to attack that monster during the Battle Step, a replay is triggered" (OCG Perfect Rulebook 2017
    pp.186-187: Ghostrick Mansion's "monsters cannot attack face-down Defense Position monsters" and Book of Moon on
    the target). A restriction that merely starts applying to the target already chosen, the target itself unchanged,
    is no replay (OCG-BP L339-341, Konami FAQ 20160)."""
    if b.target is None:
        return False
    t = ctx.card(b.target)
    if t.location is not Location.MONSTER_ZONE or t.instance != b.target_instance:
        return False  # (it left: the opponent's monsters changed, a replay of its own)
    if t.position is b.target_position_chosen:
        return False
    return target_problem(ctx, b.target) is not None

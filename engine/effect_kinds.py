"""The words the effect API describes effects in: an effect's kind, the events that trigger
effects, the hook points continuous effects answer at, the Damage Step legality override and the
stages of battle-damage modifiers. Re-exported by `engine.effects`, where the rest of the API is.

They live apart from `engine.effects` so that the optional compiled build compiles them (that module
stays interpreted): compiled code reads a member of a compiled enum as a constant, and a member of
an interpreted one as a global lookup, then an attribute read on the class.
"""

from __future__ import annotations

from engine.enums import FastEnum


class EffectKind(FastEnum):
    CONTINUOUS = "continuous"
    ACTIVATED = "activated"
    TRIGGER = "trigger"
    FLIP = "flip"

    is_triggered: bool  # TRIGGER and FLIP (a plain attribute of each member: read on every legality check)


for _kind in EffectKind:
    _kind.is_triggered = _kind in (EffectKind.TRIGGER, EffectKind.FLIP)


class TriggerEvent(FastEnum):
    """Game events that trigger effects. Each Damage Step state raises its own."""

    START_OF_DAMAGE_STEP = "start_of_damage_step"
    BEFORE_DAMAGE_CALCULATION = "before_damage_calculation"
    BATTLE_DAMAGE_INFLICTED = "battle_damage_inflicted"  # this card inflicted battle damage
    BATTLE_DAMAGE_TAKEN = "battle_damage_taken"  # this card's controller took battle damage
    AFTER_DAMAGE_CALCULATION = "after_damage_calculation"
    FLIPPED = "flipped"  # FLIP effects: this card was flipped face-up
    DESTROYED_BY_BATTLE = "destroyed_by_battle"
    DESTROYED_BY_BATTLE_AND_SENT_TO_GRAVEYARD = "destroyed_by_battle_and_sent_to_graveyard"
    DESTROYS_BY_BATTLE = "destroys_by_battle"
    END_OF_DAMAGE_STEP = "end_of_damage_step"


class DamageStepRule(FastEnum):
    """Per-effect override of the Damage Step legality rule, for card-specific rulings."""

    AUTO = "auto"
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class Hook(FastEnum):
    """Hook points where continuous effects answer the engine's queries.

    Handler signature: ``handler(ctx, source) -> answer``; the answers are listed per hook.
    """

    STATS = "stats"  # -> Iterable[StatChange]: ATK/DEF changes to any monsters
    PIERCING = "piercing"  # -> Piercing | None (asked of effects on the attacker)
    BATTLE_DAMAGE = "battle_damage"  # -> Iterable[DamageModifier] (§2.6)
    INDESTRUCTIBLE_BY_BATTLE = "indestructible_by_battle"  # -> IndestructibleByBattle
    ATTACK_FROM_DEFENSE = "attack_from_defense"  # -> "atk" | "def" (the stat applied)
    ACTIVATION_LOCK = "activation_lock"  # -> Callable-free data: ActivationLock
    GRAVEYARD_REDIRECT = "graveyard_redirect"  # -> Location: where cards sent to the GY go instead
    SELF_DESTROY = "self_destroy"  # -> bool: this monster destroys itself now
    # -> DestructionReplacement: "if <monster> would be destroyed by battle, you can <do X> instead"; what is
    # done instead is the effect type's cost (cost_problem / pay_cost), so it is paid like an activation's cost
    BATTLE_DESTRUCTION_REPLACEMENT = "battle_destruction_replacement"
    ATTACKS = "attacks"  # -> int: how many attacks the host may declare each Battle Phase (engine.turns)
    # -> None: called once as the turn ends (`Duel.end_turn`), before "until the end of the turn" effects
    # expire; it acts through `engine.actions` ("during the End Phase of this turn, destroy it")
    END_OF_TURN = "end_of_turn"


class DamageStage(FastEnum):
    """The official order of battle-damage modifiers (§2.6); the value is the stage number."""

    BOTH = 2  # both players take the battle damage
    REFLECT = 3  # the opponent takes it instead
    ALSO = 31  # it is also inflicted to the opponent (same stage as REFLECT)
    TO_EFFECT = 4  # treated as effect damage
    GAIN = 5  # gain LP instead
    ZERO = 6  # becomes 0
    HALVE = 7
    DOUBLE = 8
    BECOMES = 9  # becomes a fixed value

"""What an effect is, as data: its kind, the events that trigger effects, the hook points continuous
effects answer at, the Damage Step legality override, the stages of battle-damage modifiers, the
`Effect` a card carries, the `Source` of an effect in play, a `Lingering` resolved effect, and the
plain values continuous handlers answer with. Values only: the behaviour behind an effect
(`EffectType`, `Registry`) and the `Context` its functions receive are in `engine.effects`, which
re-exports all of these for embedders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attr
import attrs

from engine.values.enums import FastEnum
from engine.values.frozen import Frozen
from engine.values.game import Location, OncePerTurn, OriginalChange, Player, Window
from engine.values.params import Params, as_params


class EffectKind(FastEnum):
    CONTINUOUS = "continuous"
    ACTIVATED = "activated"
    TRIGGER = "trigger"
    FLIP = "flip"

    is_triggered: bool  # TRIGGER and FLIP (a plain attribute of each member: read on every legality check)


for _kind in EffectKind:
    _kind.is_triggered = _kind in (EffectKind.TRIGGER, EffectKind.FLIP)


class TriggerEvent(FastEnum):
    """Game events that trigger effects (and that some activated effects respond to: `Effect.event`).
    Each state of the Battle Phase raises its own, in rulebook order."""

    START_OF_BATTLE_PHASE = "start_of_battle_phase"  # the Start Step
    ATTACK_DECLARED = "attack_declared"  # a monster declared an attack (a condition says whose)
    TARGETED_FOR_ATTACK = "targeted_for_attack"  # this card became the attack target (a declaration or a replay)
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
    END_OF_BATTLE_PHASE = "end_of_battle_phase"  # the End Step
    DURING_DAMAGE_CALCULATION = "during_damage_calculation"  # damage calculation begins ("during damage calculation:")
    DESTROYED = "destroyed"  # this card was destroyed, by battle or by a card effect ("if this card is destroyed")
    SENT_TO_GRAVEYARD = "sent_to_graveyard"  # this card was sent to the Graveyard, from anywhere
    END_PHASE = "end_phase"  # the End Phase ("during the End Phase", "at the end of this turn"), when it is played
    STANDBY_PHASE = "standby_phase"  # the Standby Phase ("during your opponent's next Standby Phase"), when played
    # Events of a card or a player, raised where the action happens (rules spec §U.14); `Effect.params["about"]`
    # says whose ("self", the default: this card, or this card's controller; "own", "opponent", "any")
    DRAWN = "drawn"  # a card was drawn
    SPECIAL_SUMMONED = "special_summoned"  # a monster was Special Summoned
    POSITION_CHANGED = "position_changed"  # a monster's battle position changed (a flip by an attack too)
    RETURNED_TO_HAND = "returned_to_hand"  # a card on the field was returned to the hand
    LP_PAID = "lp_paid"  # a player paid LP (a cost)
    ATTACK_NEGATED = "attack_negated"  # an attack was negated (the card: the attacking monster)
    # Issue 43's further events (rules spec §U.17), of a card or a player as the ones above
    TRIBUTED = "tributed"  # a monster was Tributed (as a cost, or by an effect)
    ADDED_TO_HAND = "added_to_hand"  # a card was added to the hand from the Deck, Graveyard or banishment (not drawn)
    EFFECT_DAMAGE_TAKEN = "effect_damage_taken"  # a player took effect damage
    ACTIVATION_NEGATED = "activation_negated"  # an activation was negated (the card: the card whose it was)
    SUMMONED_FROM_EXTRA_DECK = "summoned_from_extra_deck"  # a monster was Special Summoned from the Extra Deck
    DESTROYED_AND_SENT_TO_GRAVEYARD = "destroyed_and_sent_to_graveyard"  # destroyed (by battle or effect), in the GY
    LP_GAINED = "lp_gained"  # a player gained LP (rules spec §U.29: "when you gain LP")
    EFFECT_ACTIVATED = "effect_activated"  # a card's effect was activated (its card; rules spec §U.24)
    LEFT_FIELD = "left_field"  # a card left the field, to anywhere ("if this card leaves the field", §U.24, §U.27)
    SPELL_TRAP_SET = "spell_trap_set"  # a Spell/Trap was Set in a Spell & Trap Zone (the card; rules spec §U.28)


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
    ATTACK_FROM_DEFENSE = "attack_from_defense"  # -> "atk" | "def" (the stat applied) | {card: "atk" | "def"}
    ACTIVATION_LOCK = "activation_lock"  # -> Callable-free data: ActivationLock
    GRAVEYARD_REDIRECT = "graveyard_redirect"  # -> Location: where cards sent to the GY go instead
    SELF_DESTROY = "self_destroy"  # -> bool: this monster destroys itself now
    # -> DestructionReplacement: "if <monster> would be destroyed by battle, you can <do X> instead"; what is
    # done instead is the effect type's cost (cost_problem / pay_cost), so it is paid like an activation's cost
    BATTLE_DESTRUCTION_REPLACEMENT = "battle_destruction_replacement"
    # -> int | ExtraAttacks: how many attacks the host may declare each Battle Phase (engine.rules.attack)
    ATTACKS = "attacks"
    # -> None: called once as the turn ends (`Duel.end_turn`), before "until the end of the turn" effects
    # expire; it acts through `engine.actions` ("during the End Phase of this turn, destroy it")
    END_OF_TURN = "end_of_turn"
    # Attack restrictions (`engine.rules.attack`), each answered with the monsters (card indexes) it applies to:
    CANNOT_ATTACK = "cannot_attack"  # -> Iterable[int]: they cannot attack (nor go on with one declared, §BP.6)
    CANNOT_DECLARE_ATTACK = "cannot_declare_attack"  # -> Iterable[int]: they cannot declare an attack (§BP.8)
    CANNOT_BE_ATTACKED = "cannot_be_attacked"  # -> Iterable[int]: they cannot be targeted for attacks
    DIRECT_ATTACK = "direct_attack"  # -> Iterable[int]: they can attack directly though the opponent has monsters
    MUST_ATTACK = "must_attack"  # -> Iterable[int]: they must attack if able (the Battle Phase cannot end first)
    # -> True: this battle's damage calculation uses the battling monsters' original ATK/DEF (§R.5, Forbidden
    # Scripture); their current ATK/DEF do not change
    ORIGINAL_VALUES_IN_DAMAGE_CALCULATION = "original_values_in_damage_calculation"
    # -> Iterable[int]: monsters whose battle victims have their effects negated from the moment they are
    # determined destroyed (Dark Ruler Ha Des; §R.5)
    NEGATES_BATTLE_VICTIMS = "negates_battle_victims"
    CANNOT_ATTACK_DIRECTLY = "cannot_attack_directly"  # -> Iterable[int]: they cannot attack directly
    UNAFFECTED = "unaffected"  # -> Unaffected: monsters unaffected by some effects (§U)
    # -> None: called as the machine enters each state (`ctx.state.phase` says which), before the state's own work:
    # an action done with no chain, as the rules do ("this increased ATK returns to 0, after damage calculation")
    AT_TIMING = "at_timing"
    # -> bool: True negates the effect of the chain link about to resolve (`window.chain[window.resolving]`), with no
    # chain ("negate an activated card effect that targets another 'Dinomist' card", §U.3); it may act through
    # `engine.actions` ("then destroy this card")
    CHAIN_SOLVING = "chain_solving"
    CANNOT_BE_TARGETED = "cannot_be_targeted"  # -> Untargetable: cards some effects cannot target (§U.9)
    # -> Untargetable: cards some card effects cannot destroy ("cannot be destroyed by (your opponent's) card
    # effects", `by` as for targeting; rules spec §U.9)
    INDESTRUCTIBLE_BY_EFFECTS = "indestructible_by_effects"
    # -> Iterable[int]: monsters whose effects are negated while this applies (Skill Drain, §U.3)
    NEGATES_EFFECTS = "negates_effects"
    # -> Iterable[LevelChange]: Level changes to any monsters while this applies (rules spec §U.17)
    LEVELS = "levels"
    # -> SummonLock: players who cannot Special Summon these monsters ("you cannot Special Summon monsters, except
    # ...", rules spec §U.17)
    SPECIAL_SUMMON_LOCK = "special_summon_lock"
    # -> DamageRedirect: effect damage a player would take is taken by their opponent instead (rules spec §U.17)
    EFFECT_DAMAGE_REDIRECT = "effect_damage_redirect"
    # Issue 43, rules spec §U.29 (each read in one rule function):
    # -> Iterable[DamageModifier]: what happens to effect damage a player would take (stage GAIN: they gain that much
    # LP instead, Rainbow Life; AT_MOST: none of `value` or less, Performage Trapeze Magician; ZERO: none)
    EFFECT_DAMAGE = "effect_damage"
    # -> Iterable[int]: cards banished instead whenever they would leave the field ("if this card would leave the
    # field, banish it instead"; Battle Fader's "if this card Summoned this way leaves the field, banish it")
    BANISHED_IF_LEAVES_FIELD = "banished_if_leaves_field"
    # -> Iterable[int]: cards destroyed after a card effect that targets them resolves ("after resolving a card effect
    # that targets this face-up card, destroy this card": Spirit Reaper)
    DESTROYED_AFTER_TARGETED = "destroyed_after_targeted"


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
    AT_MOST = 10  # damage of `value` or less becomes 0, each damage separately (Performage Trapeze Magician)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Effect(Frozen):
    """An effect as data, attached to a card (or living on as a lingering effect). `params` is
    frozen on construction (any mapping may be given), and `windows` made a frozenset (any
    iterable may be given). Immutable (`engine.values.frozen`); the defaults are those of `__init__`."""

    type: str
    kind: EffectKind
    params: Params
    speed: int
    event: TriggerEvent | None
    optional: bool
    activate_from: Location  # where it activates from; MONSTER_ZONE = the field
    damage_step: DamageStepRule
    # The Damage Step windows the card's text names for its activation ("from the start of the
    # Damage Step until before damage calculation"): only those; None when the text names none.
    windows: frozenset[Window] | None
    during_damage_calculation: bool  # "during damage calculation" wording
    changes_stats: bool  # directly changes ATK/DEF (legal only until damage calculation)
    negates_activation: bool
    negated: bool
    label: str
    once_per_turn: OncePerTurn  # how often it may be activated (rules spec §C.4)
    # On a Spell/Trap Card: True if activating it is activating the card (from the hand or Set), False for an
    # effect of the face-up card ("Once per turn: you can..." of a Continuous Trap; rules spec §C.2)
    activates_card: bool
    # A Pendulum Effect: it applies (is activated) only while its Pendulum Monster is in a Pendulum Zone, where the
    # monster's other effects do not (rules spec §U.4)
    pendulum: bool

    def __init__(
        self,
        type: str,
        kind: EffectKind,
        params: Mapping[str, Any] | None = None,
        speed: int = 1,
        event: TriggerEvent | None = None,
        optional: bool = False,
        activate_from: Location = Location.MONSTER_ZONE,
        damage_step: DamageStepRule = DamageStepRule.AUTO,
        windows: Iterable[Window] | None = None,
        during_damage_calculation: bool = False,
        changes_stats: bool = False,
        negates_activation: bool = False,
        negated: bool = False,
        label: str = "",
        once_per_turn: OncePerTurn = OncePerTurn.UNLIMITED,
        activates_card: bool = True,
        pendulum: bool = False,
    ) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "params", as_params(params if params is not None else {}))
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "optional", optional)
        object.__setattr__(self, "activate_from", activate_from)
        object.__setattr__(self, "damage_step", damage_step)
        object.__setattr__(self, "windows", frozenset(windows) if windows is not None else None)
        object.__setattr__(self, "during_damage_calculation", during_damage_calculation)
        object.__setattr__(self, "changes_stats", changes_stats)
        object.__setattr__(self, "negates_activation", negates_activation)
        object.__setattr__(self, "negated", negated)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "once_per_turn", once_per_turn)
        object.__setattr__(self, "activates_card", activates_card)
        object.__setattr__(self, "pendulum", pendulum)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Source(Frozen):
    """An effect in play: which card carries it, which monster it applies to, who controls it."""

    card: int
    index: int  # index in the card's effects; -1 for a lingering effect
    effect: Effect
    controller: Player
    host: int  # the monster "this card" means: the card itself, or the monster it equips

    def __init__(self, card: int, index: int, effect: Effect, controller: Player, host: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "host", host)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Lingering(Frozen):
    """A resolved effect that keeps applying (a stat change, "no battle damage this battle"...):
    the effect value, who controls it, which card it applies to, and when it expires.

    Stat parts (docs/stat-layers.md): `atk`/`def_` gain or lose; `set_atk`/`set_def` are a
    *freezing* value, computed when the effect applied ("becomes X", halved, doubled, switched);
    `original_atk`/`original_def` change the original values. `seq` is its order of application,
    given by `actions.add_lingering`."""

    effect: Effect
    controller: Player
    card: int | None
    instance: int | None
    until: str  # "damage_calculation" | "end_of_damage_step" | "end_of_turn"
    atk: int
    def_: int
    set_atk: int | None
    set_def: int | None
    original_atk: OriginalChange | None
    original_def: OriginalChange | None
    seq: int

    def __init__(
        self,
        effect: Effect,
        controller: Player,
        card: int | None,
        instance: int | None,
        until: str,
        atk: int = 0,
        def_: int = 0,
        set_atk: int | None = None,
        set_def: int | None = None,
        original_atk: OriginalChange | None = None,
        original_def: OriginalChange | None = None,
        seq: int = 0,
    ) -> None:
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "instance", instance)
        object.__setattr__(self, "until", until)
        object.__setattr__(self, "atk", atk)
        object.__setattr__(self, "def_", def_)
        object.__setattr__(self, "set_atk", set_atk)
        object.__setattr__(self, "set_def", set_def)
        object.__setattr__(self, "original_atk", original_atk)
        object.__setattr__(self, "original_def", original_def)
        object.__setattr__(self, "seq", seq)

    def in_order(self, seq: int) -> Lingering:
        """This effect with its place in the order of application (`actions.add_lingering`): made by
        one constructor call, where `attrs.evolve` (Python code) costs a playout tens of times more."""
        return Lingering(
            self.effect, self.controller, self.card, self.instance, self.until, self.atk, self.def_,
            self.set_atk, self.set_def, self.original_atk, self.original_def, seq,
        )  # fmt: skip


# What continuous handlers answer -------------------------------------------------------------


@attrs.frozen(slots=True)
class StatChange:
    """A continuous ATK/DEF modification of one monster, re-evaluated whenever stats are read
    (docs/stat-layers.md): `atk`/`def_` gain or lose; `set_atk`/`set_def` are a non-freezing
    "ATK becomes X" (Arcana Force I); `original_atk`/`original_def` change the original values
    (Megamorph). Its order of application is when it started applying (`rules.stats.note_applying`)."""

    card: int
    atk: int = 0
    def_: int = 0
    set_atk: int | None = None
    set_def: int | None = None
    original_atk: OriginalChange | None = None
    original_def: OriginalChange | None = None
    # Applied after every other modification (its gains and "becomes"): a "during damage calculation only"
    # change (Salamangreat Violet Chimera's "ATK becomes 0"; rules spec §R.5)
    last: bool = False
    # Halved after every other change (with `last`): "its ATK is halved during damage calculation only"
    halve_atk: bool = False
    halve_def: bool = False
    # A gain equal to another monster's ATK (halved if `gain_halved`), read again whenever ATK is read
    # (Metalmorph's "half the ATK of the attack target"; rules spec §R.5)
    gain_atk_of: int | None = None
    gain_halved: bool = False
    # Applies only while the monster's ATK without it is lower than this monster's ATK (Skyscraper: "attacks a
    # monster that has a higher ATK"), read as `gain_atk_of` reads it
    if_weaker_than: int | None = None
    # "Its ATK becomes double its original ATK" while this applies (rules spec §U.28): `double_original`,
    # `half_original` or `original`, read from the monster's original value whenever ATK is read; it masks the
    # changes resolved effects made before it began to apply, continuous gains and losses still add
    atk_becomes: str | None = None
    def_becomes: str | None = None


@attrs.frozen(slots=True)
class Piercing:
    controller: Player  # the opponent of this player takes the piercing damage
    double: bool = False


@attrs.frozen(slots=True)
class DamageModifier:
    """One battle-damage modifier, as a value the pure pipeline reads.

    Scope: ``player`` -- only damage that player takes; ``source`` -- only damage inflicted by
    that card; ``involving`` -- only if that card is one of the battlers. None means any.
    """

    stage: DamageStage
    player: Player | None = None
    source: int | None = None
    involving: int | None = None
    value: int = 0


@attrs.frozen(slots=True)
class IndestructibleByBattle:
    """The host (or the monsters of `cards`) cannot be destroyed by battle (at most ``times_per_turn`` times, if
    given): "an opponent's monster that battles the equipped monster cannot be destroyed by that battle"."""

    times_per_turn: int | None = None
    cards: tuple[int, ...] | None = None  # None: the host


@attrs.frozen(slots=True)
class ExtraAttacks:
    """The host can make `attacks` attacks each Battle Phase; with `monsters_only`, those after the first are on
    monsters only ("up to 2 attacks on monsters"); with `each_monster`, it can attack each monster the opponent
    controls once ("attack all monsters your opponent controls once each"; `attacks` is then not read); with
    `in_a_row` (N: the number of attacks declared this turn when it was granted), the permission holds only if the
    next attack declared is this monster's ("it can make a second attack in a row", rules spec §BP.12)."""

    attacks: int
    monsters_only: bool = False
    each_monster: bool = False
    in_a_row: int = -1
    # With `each_monster`: the only monsters it may attack once each beyond its ordinary attacks ("attack all face-up
    # LIGHT monsters your opponent controls once each"); None: every monster the opponent controls.
    only: tuple[int, ...] | None = None


@attrs.frozen(slots=True)
class LevelChange:
    """A continuous change of one monster's Level (rules spec §U.17): `add` increases (or, negative, reduces) it;
    `becomes` makes it that Level. Applied in its order of application with the resolved ones
    (`rules.levels.current_level`); a monster with no Level (an Xyz or Link Monster) is not changed."""

    card: int
    add: int = 0
    becomes: int | None = None


@attrs.frozen(slots=True)
class SummonLock:
    """`players` cannot Special Summon the monsters `cards` (card indexes: the monsters the lock does not except,
    wherever they are): "you cannot Special Summon monsters, except Aqua monsters" (rules spec §U.17)."""

    players: tuple[Player, ...]
    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class DamageRedirect:
    """The effect damage `player` would take from card effects (controlled by `from_player`; None: by anyone's) is
    taken by their opponent instead ("your opponent takes any effect damage you would have taken from their card
    effects", rules spec §U.17)."""

    player: Player
    from_player: Player | None = None


@attrs.frozen(slots=True)
class Untargetable:
    """These cards cannot be targeted by card effects (or, answering `Hook.INDESTRUCTIBLE_BY_EFFECTS`, cannot be
    destroyed by them): `by` "opponent_effects" (those the effect's controller's opponent controls) or "effects"
    (any)."""

    cards: tuple[int, ...]
    by: str = "opponent_effects"


@attrs.frozen(slots=True)
class Unaffected:
    """These monsters are unaffected by some effects: `by` is "opponent_effects" (those the effect's controller's
    opponent controls), "other_effects" (other cards'), "other_monster_effects" (other monsters') or
    "spell_trap_effects"."""

    cards: tuple[int, ...]
    by: str
    controller: Player


@attrs.frozen(slots=True)
class DestructionReplacement:
    """"If one of `protects` would be destroyed by battle, you can do this instead" (§1.5(b)4, §2.5). `use`:
    whether its controller chooses to apply it. What is done instead is the effect type's cost."""

    protects: tuple[int, ...]
    use: bool = True
    before_battle_damage: bool = False  # decided before battle damage (Number 102: Star Seraph Sentry, §R.5)
    by_battle: bool = True  # it replaces a destruction by battle
    by_effect: bool = False  # it replaces a destruction by a card effect (Silver Wing, §U.10)


@attrs.frozen(slots=True)
class ActivationLock:
    """Cards of these types cannot be activated by that player (Jinzo, Imperial Order...)."""

    traps: bool
    spells: bool
    player: Player | None  # None = both players
    monsters: bool = False  # monster effects
    # Only the monster effects of monsters in the Monster Zone ("all monsters they control cannot activate their
    # effects", rules spec §U.28), not those activated from the hand or the Graveyard
    monster_zone_only: bool = False
    cards_only: bool = False  # only the activation of Spell/Trap Cards, not the effects of face-up ones
    # Only in response to the activation of a monster effect of these cards by `owner` ("your opponent cannot activate
    # cards or effects in response to the activation of your 'Crusadia' monster effects", rules spec §U.27)
    responding_to: tuple[int, ...] | None = None
    owner: Player | None = None

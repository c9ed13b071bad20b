"""The effect API for embedders: what an effect is, where it attaches, how it behaves.

An effect is split in two, so that game states never hold code:

* `Effect` -- plain data on a card: its kind, spell speed, trigger event, optional or not,
  and the parameters its behaviour reads. Cloning a state shares these values.
* `EffectType` -- the behaviour, registered once in a `Registry` under a name: hook handlers
  for continuous effects, and condition / targets / cost / operation for effects that
  activate. `Effect.type` names it.

Continuous effects answer the engine's queries at *hook points* (`Hook`): the engine asks
"which piercing effects does the attacker have?", "which battle-damage modifiers apply?" and
so on; each active effect registered for that hook answers with plain values. Effects that
activate (activated, trigger, FLIP) go on chains; the engine decides when they may (§1.1),
the effect type only decides what they do. The scenario format's built-in kinds
(`engine.library`) are written on exactly this API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attr
import attrs

# The effect API's vocabulary (enums) and its frozen parameters, re-exported from here.
from engine.effect_kinds import DamageStage as DamageStage
from engine.effect_kinds import DamageStepRule as DamageStepRule
from engine.effect_kinds import EffectKind as EffectKind
from engine.effect_kinds import Hook as Hook
from engine.effect_kinds import TriggerEvent as TriggerEvent
from engine.frozen import Frozen
from engine.params import Params as Params
from engine.params import as_params
from engine.params import freeze as freeze
from engine.state import Location, OriginalChange, Player, Window

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import ChainLink


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Effect(Frozen):
    """An effect as data, attached to a card (or living on as a lingering effect). `params` is
    frozen on construction (any mapping may be given), and `windows` made a frozenset (any
    iterable may be given). Immutable (`engine.frozen`); the defaults are those of `__init__`."""

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
    """The host cannot be destroyed by battle (at most ``times_per_turn`` times, if given)."""

    times_per_turn: int | None = None


@attrs.frozen(slots=True)
class DestructionReplacement:
    """"If one of `protects` would be destroyed by battle, you can do this instead" (§1.5(b)4, §2.5). `use`:
    whether its controller chooses to apply it. What is done instead is the effect type's cost."""

    protects: tuple[int, ...]
    use: bool = True


@attrs.frozen(slots=True)
class ActivationLock:
    """Cards of these types cannot be activated by that player (Jinzo, Imperial Order...)."""

    traps: bool
    spells: bool
    player: Player | None  # None = both players


Handler = Callable[["Context", Source], Any]


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class EffectType(Frozen):
    """The behaviour behind an `Effect`, registered once by name.

    * ``hooks``: continuous effects -- hook point -> handler(ctx, source).
    * ``condition(ctx, source) -> bool``: may it activate / does its trigger apply now;
      ``condition_problem(ctx, source) -> str | None`` (optional): why not, for the refusal.
    * ``targets(ctx, source) -> list of target tuples``: the legal target choices; None = it
      does not target. Checked again on resolution: a target that is no longer legal is skipped.
    * ``cost_problem(ctx, source) -> str | None`` and ``pay_cost(ctx, source)``.
    * ``operation(ctx, source, link)``: what resolving it does.
    """

    name: str
    hooks: dict[Hook, Handler]  # (a dict of its own, whatever mapping was given: read in C when compiled)
    # (quoted for the compiled build, which evaluates these: Context and ChainLink are TYPE_CHECKING imports)
    condition: "Callable[[Context, Source], bool] | None"  # noqa: UP037
    condition_problem: "Callable[[Context, Source], str | None] | None"  # noqa: UP037
    targets: "Callable[[Context, Source], Sequence[tuple[int, ...]]] | None"  # noqa: UP037
    cost_problem: "Callable[[Context, Source], str | None] | None"  # noqa: UP037
    pay_cost: "Callable[[Context, Source], None] | None"  # noqa: UP037
    operation: "Callable[[Context, Source, ChainLink], None] | None"  # noqa: UP037

    def __init__(
        self,
        name: str,
        hooks: Mapping[Hook, Handler] | None = None,
        condition: Callable[[Context, Source], bool] | None = None,
        condition_problem: Callable[[Context, Source], str | None] | None = None,
        targets: Callable[[Context, Source], Sequence[tuple[int, ...]]] | None = None,
        cost_problem: Callable[[Context, Source], str | None] | None = None,
        pay_cost: Callable[[Context, Source], None] | None = None,
        operation: Callable[[Context, Source, ChainLink], None] | None = None,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "hooks", dict(hooks) if hooks is not None else {})
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "condition_problem", condition_problem)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "cost_problem", cost_problem)
        object.__setattr__(self, "pay_cost", pay_cost)
        object.__setattr__(self, "operation", operation)


class Registry(dict[str, EffectType]):
    """Effect types by name. One per duel setup; nothing global. Add types with `register`
    (which refuses a name twice). A dict underneath, so the lookup done for every effect at
    every hook, priority and resolution is the dict's own."""

    __slots__ = ()

    def __init__(self, types: Sequence[EffectType] = ()) -> None:
        super().__init__()
        for t in types:
            self.register(t)

    def register(self, effect_type: EffectType) -> None:
        if effect_type.name in self:
            raise ValueError(f"effect type {effect_type.name!r} is already registered")
        self[effect_type.name] = effect_type

    def __missing__(self, name: str) -> EffectType:
        raise KeyError(f"no effect type {name!r} is registered")

    def names(self) -> list[str]:
        return sorted(self)

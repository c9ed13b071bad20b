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

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

# The effect API's vocabulary (enums), defined in a module of its own so the compiled build
# compiles them (this module stays interpreted: docs/compiled-build.md); re-exported from here.
from engine.effect_kinds import DamageStage as DamageStage
from engine.effect_kinds import DamageStepRule as DamageStepRule
from engine.effect_kinds import EffectKind as EffectKind
from engine.effect_kinds import Hook as Hook
from engine.effect_kinds import TriggerEvent as TriggerEvent
from engine.state import Location, OriginalChange, Player, Window

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import ChainLink


class Params(dict[str, Any]):
    """An effect's parameters: a read-only dict whose nested values are frozen too (dicts become
    `Params`, lists tuples), so an `Effect` is a value all the way down: it compares, hashes and
    pickles by what it says, and nothing that shares it can change it."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("effect parameters are read-only: build a new Effect instead")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[type[Params], tuple[dict[str, Any]]]:
        return (Params, (dict(self),))


def freeze(value: Any) -> Any:
    """`value` with every mapping turned into `Params` and every list or set into a tuple."""
    if isinstance(value, Params):
        return value
    if isinstance(value, Mapping):
        return Params({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(freeze(v) for v in value)
    return value


def _params(value: Mapping[str, Any]) -> Params:
    frozen: Params = freeze(value)
    return frozen


@attrs.frozen(slots=True)
class Effect:
    """An effect as data, attached to a card (or living on as a lingering effect). `params` is
    frozen on construction (any mapping may be given)."""

    type: str
    kind: EffectKind
    params: Params = attrs.field(factory=Params, converter=_params)
    speed: int = 1
    event: TriggerEvent | None = None
    optional: bool = False
    activate_from: Location = Location.MONSTER_ZONE  # where it activates from; MONSTER_ZONE = the field
    damage_step: DamageStepRule = DamageStepRule.AUTO
    # The Damage Step windows the card's text names for its activation ("from the start of the
    # Damage Step until before damage calculation"): only those; None when the text names none.
    windows: frozenset[Window] | None = None
    during_damage_calculation: bool = False  # "during damage calculation" wording
    changes_stats: bool = False  # directly changes ATK/DEF (legal only until damage calculation)
    negates_activation: bool = False
    negated: bool = False
    label: str = ""


@attrs.frozen(slots=True)
class Source:
    """An effect in play: which card carries it, which monster it applies to, who controls it."""

    card: int
    index: int  # index in the card's effects; -1 for a lingering effect
    effect: Effect
    controller: Player
    host: int  # the monster "this card" means: the card itself, or the monster it equips


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


@attrs.frozen(slots=True)
class EffectType:
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
    hooks: Mapping[Hook, Handler] = attrs.field(factory=dict)
    condition: Callable[[Context, Source], bool] | None = None
    condition_problem: Callable[[Context, Source], str | None] | None = None
    targets: Callable[[Context, Source], Sequence[tuple[int, ...]]] | None = None
    cost_problem: Callable[[Context, Source], str | None] | None = None
    pay_cost: Callable[[Context, Source], None] | None = None
    operation: Callable[[Context, Source, ChainLink], None] | None = None


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

"""The effect API for embedders: how an effect behaves, where it attaches, and what its
functions receive.

An effect is split in two, so that game states never hold code:

* `Effect` -- plain data on a card (`engine.values.effects`, re-exported here): its kind, spell
  speed, trigger event, optional or not, and the parameters its behaviour reads. Cloning a state
  shares these values.
* `EffectType` -- the behaviour, registered once in a `Registry` under a name: hook handlers
  for continuous effects, and condition / targets / cost / operation for effects that
  activate. `Effect.type` names it.

Continuous effects answer the engine's queries at *hook points* (`Hook`): the engine asks
"which piercing effects does the attacker have?", "which battle-damage modifiers apply?" and
so on; each active effect registered for that hook answers with plain values. Effects that
activate (activated, trigger, FLIP) go on chains; the engine decides when they may (§1.1),
the effect type only decides what they do. The scenario format's built-in kinds
(`engine.library`) are written on exactly this API.

Every function of an effect type receives the `Context`: the state, the registry, and the
`Index` of where effects attach, built once when a duel is set up, so no event searches all
cards' effects (the lesson of fast simulators). They live in this module with `EffectType`
because each names the other: this is the layer the rules stand on (docs/design.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attr

from engine._mypyc import mypyc_attr
from engine.state import Card, ChainLink, GameState
from engine.values.answers import check_result, hook_check, hook_problem
from engine.values.decisions import Option
from engine.values.effects import (
    ActivationLock,
    DamageModifier,
    DamageRedirect,
    DamageStage,
    DamageStepRule,
    DestructionReplacement,
    Effect,
    EffectKind,
    ExtraAttacks,
    Hook,
    IndestructibleByBattle,
    LevelChange,
    Lingering,
    Piercing,
    Source,
    StatChange,
    SummonLock,
    TriggerEvent,
    Unaffected,
    Untargetable,
)
from engine.values.errors import EffectError, describe_card, describe_place
from engine.values.events import Event, EventType
from engine.values.frozen import Frozen
from engine.values.game import Location, Player, Position, is_on_field, opponent_of
from engine.values.params import Params, freeze

# The effect values are re-exported: embedders write effects with this module alone.
__all__ = [
    "ActivationLock",
    "Context",
    "DamageModifier",
    "DamageRedirect",
    "DamageStage",
    "DamageStepRule",
    "DestructionReplacement",
    "Effect",
    "EffectKind",
    "EffectType",
    "ExtraAttacks",
    "Handler",
    "Hook",
    "IndestructibleByBattle",
    "Index",
    "LevelChange",
    "Lingering",
    "Params",
    "Piercing",
    "Registry",
    "Source",
    "StatChange",
    "SummonLock",
    "TriggerEvent",
    "Unaffected",
    "Untargetable",
    "freeze",
    "gemini_as_normal",
]

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
    * ``event_card(ctx, source, index) -> bool``: for a trigger about other cards ("if a WIND monster you control
      returns to your hand", rules spec §U.14): whether this card of the event is one it answers; None: any.
    * ``may_ask(effect) -> bool``: whether resolving `effect` may ask a player something or leave it to chance
      (`engine.resolution`, rules spec §U.16). Only then does its operation run from a checkpoint, to be undone and
      run again once the question is answered; an operation that never asks runs once, at no such cost. Asked once
      per effect when the duel indexes its cards. None (the default): it may. A type with no `operation` (a
      replacement answering a hook) that may ask a player while another effect resolves says so here too ("you can
      ... instead", §U.24): then every effect's operation in that duel runs from a checkpoint; None: it never asks.
    """

    name: str
    hooks: dict[Hook, Handler]  # (a dict of its own, whatever mapping was given: read in C when compiled)
    # (quoted for the compiled build, which evaluates these when the class is made: Context is defined below)
    condition: "Callable[[Context, Source], bool] | None"  # noqa: UP037
    condition_problem: "Callable[[Context, Source], str | None] | None"  # noqa: UP037
    targets: "Callable[[Context, Source], Sequence[tuple[int, ...]]] | None"  # noqa: UP037
    cost_problem: "Callable[[Context, Source], str | None] | None"  # noqa: UP037
    pay_cost: "Callable[[Context, Source], None] | None"  # noqa: UP037
    operation: "Callable[[Context, Source, ChainLink], None] | None"  # noqa: UP037
    event_card: "Callable[[Context, Source, int], bool] | None"  # noqa: UP037
    may_ask: "Callable[[Effect], bool] | None"  # noqa: UP037

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
        event_card: Callable[[Context, Source, int], bool] | None = None,
        may_ask: Callable[[Effect], bool] | None = None,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "hooks", dict(hooks) if hooks is not None else {})
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "condition_problem", condition_problem)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "cost_problem", cost_problem)
        object.__setattr__(self, "pay_cost", pay_cost)
        object.__setattr__(self, "operation", operation)
        object.__setattr__(self, "event_card", event_card)
        object.__setattr__(self, "may_ask", may_ask)


@mypyc_attr(native_class=False)  # a plain class compiled too: its own __reduce__ pickles it in both builds
class Guarded:
    """A host's effect function, as the registry holds it: called as the function itself, it turns an exception the
    function raises into an `EffectError` naming the card, the effect and the sub-timing (chained to the original),
    so that the `Duel` puts the game back as it was before the call (docs/embedding.md). Exceptions of the engine's
    own (`IllegalChoice`, `UsageError`, `EffectError` from a function called deeper...) pass unchanged. Its answer is
    checked as it enters (`engine.values.answers`: a hook's, `hook`; a condition's or targets'): a bad one is an
    `EffectError` too, rather than a bare error inside a rule or a corrupted state. Only the host's types are
    wrapped (`Registry.register`): the built-in types' functions are called directly, at no cost."""

    __slots__ = ("check", "fn", "hook", "role")

    def __init__(self, fn: Callable[..., Any], role: str, hook: Hook | None = None) -> None:
        self.fn = fn
        self.role = role
        self.hook = hook
        self.check = hook_check(hook) if hook is not None else None  # (kept: a hook is asked at every read)

    def __call__(self, ctx: Context, src: Source, *rest: Any) -> Any:
        try:
            answer = self.fn(ctx, src, *rest)
        except Exception as e:
            if type(e).__module__.startswith("engine."):  # the engine's own errors are part of the API: as they are
                raise
            err = effect_error(ctx, src, self.role, f"raised {type(e).__name__}: {e}")
            err.__cause__ = e  # (what `raise ... from e` sets, written out so that the compiled build keeps it too)
            err.__suppress_context__ = True
            raise err from e
        check = self.check
        if check is not None:
            if answer is None:  # a hook's None: no answer
                return None
            checked, problem = check(answer, len(ctx.state.cards))
            if problem is not None:
                assert self.hook is not None
                raise effect_error(ctx, src, self.role, hook_problem(self.hook, answer, problem))
            return checked
        checked, problem = check_result(self.role, answer, len(ctx.state.cards))
        if problem is not None:
            raise effect_error(ctx, src, self.role, problem)
        return checked

    def __reduce__(self) -> tuple[Any, ...]:
        return (Guarded, (self.fn, self.role, self.hook))


def effect_error(ctx: Context, src: Source, role: str, what: str) -> EffectError:
    """The `EffectError` for the function `role` of the effect `src`, which did `what` ("raised ...", "answered
    ...")."""
    s = ctx.state
    card = s.cards[src.card] if 0 <= src.card < len(s.cards) else None
    window, phase = s.current_window(), s.phase
    effect = f"effect {src.index}" if src.index >= 0 else "a lingering effect"
    message = (
        f"{describe_card(None if card is None else card.id, None if card is None else card.name)}, {effect} "
        f"({src.effect.kind.name.lower()}, type {src.effect.type!r}): its {role} {what} -- in "
        f"{describe_place(window, phase)}; the duel is left as it was before this call"
    )
    return EffectError(
        message,
        card=None if card is None else src.card,
        card_id=None if card is None else card.id,
        card_name=None if card is None else card.name,
        effect=src.index,
        kind=src.effect.kind.name.lower(),
        type=src.effect.type,
        role=role,
        window=window,
        phase=phase,
    )


def _guarded(effect_type: EffectType) -> EffectType:
    """The same type, each of its functions wrapped in a `Guarded` (once)."""

    def wrap(fn: Any, role: str) -> Any:
        return fn if fn is None or isinstance(fn, Guarded) else Guarded(fn, role)

    def wrap_hook(fn: Any, hook: Hook) -> Any:
        return fn if isinstance(fn, Guarded) else Guarded(fn, f"hook {hook.name.lower()}", hook)

    t = effect_type
    return EffectType(
        t.name,
        hooks={hook: wrap_hook(h, hook) for hook, h in t.hooks.items()},
        condition=wrap(t.condition, "condition"),
        condition_problem=wrap(t.condition_problem, "condition_problem"),
        targets=wrap(t.targets, "targets"),
        cost_problem=wrap(t.cost_problem, "cost_problem"),
        pay_cost=wrap(t.pay_cost, "pay_cost"),
        operation=wrap(t.operation, "operation"),
        may_ask=t.may_ask,  # (asked once, as the duel indexes its cards)
    )


class Registry(dict[str, EffectType]):
    """Effect types by name. One per duel setup; nothing global. Add types with `register`
    (which refuses a name twice). A dict underneath, so the lookup done for every effect at
    every hook, priority and resolution is the dict's own.

    A host's types (every type but the engine's own built-in ones, `builtin=True`) are held with their functions
    wrapped (`Guarded`), and their names are in `host`: a duel whose effects use one of them takes a snapshot of
    the game at each call, so that an exception in a host's function changes nothing (`Duel`). The library cards'
    own types (`engine.cards.custom`) are host types: they are written on the public API as a host's are."""

    __slots__ = ("host",)

    def __init__(self, types: Sequence[EffectType] = (), *, builtin: bool = False) -> None:
        super().__init__()
        self.host: set[str] = set()
        for t in types:
            self.register(t, builtin=builtin)

    def register(self, effect_type: EffectType, *, builtin: bool = False) -> None:
        if effect_type.name in self:
            raise ValueError(f"effect type {effect_type.name!r} is already registered")
        if builtin:
            self[effect_type.name] = effect_type
        else:
            self[effect_type.name] = _guarded(effect_type)
            self.host.add(effect_type.name)

    def __missing__(self, name: str) -> EffectType:
        raise KeyError(f"no effect type {name!r} is registered")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_registry, (dict(self), set(self.host)))

    def names(self) -> list[str]:
        return sorted(self)


def _registry(types: dict[str, EffectType], host: set[str]) -> Registry:
    """A pickled registry, as it was (its host types already wrapped)."""
    reg = Registry()
    reg.update(types)
    reg.host = set(host)
    return reg


def may_run_host_code(ctx: Context) -> bool:
    """Whether running the duel on may call a host's effect function: an effect of a host's type on a card
    (`Index.host`) or lingering (`Registry.host`). Only then does `Duel` snapshot the game before a call, so that
    a host's function that raises changes nothing; the built-in types' functions are the engine's own."""
    if ctx.index.host:
        return True
    host = ctx.registry.host
    if not host:
        return False
    return any(ling.effect.type in host for ling in ctx.state.lingering)


class InvalidEffect(ValueError):
    """An effect the duel could not play as written, refused when the duel is built (or its effects
    indexed again) rather than ignored in silence at the moment it should have acted."""


def effect_type_of(card: Card, number: int, effect: Effect, registry: Registry) -> EffectType:
    """The registered type behind a card's effect; refused if it is missing, or if it answers hooks
    that its kind is never asked (only continuous effects are: an activated or trigger effect's lasting
    change is a `Lingering`, added by its operation with `actions.add_lingering`)."""
    etype = registry.get(effect.type)
    where = f"card {card.id!r} ({card.name}), effect {number}"
    if etype is None:
        raise InvalidEffect(
            f"{where}: its type {effect.type!r} is not in the duel's registry (register it on the registry the "
            "Duel is given; the library's own types are in engine.cards.registry())"
        )
    if etype.hooks and effect.kind is not EffectKind.CONTINUOUS:
        hook = next(iter(etype.hooks)).name.lower()
        raise InvalidEffect(
            f"{where}: its type {effect.type!r} answers the hook {hook}, which a {effect.kind.name.lower()} "
            "effect is never asked (only continuous effects are; a lasting change from an activated or trigger "
            "effect is a Lingering added by its operation, actions.add_lingering)"
        )
    return etype


class Index:
    """Where effects attach: hook point -> continuous sources; event -> triggers; activated list."""

    __slots__ = (
        "activated", "asks", "asks_anywhere", "built_from", "hooks", "host", "ids", "made", "timed_events",
        "trigger_events", "triggers", "untargeted",
    )  # fmt: skip

    def __init__(self, cards: tuple[Card, ...], registry: Registry) -> None:
        self.built_from = [c.effects for c in cards]  # each card's effects, as indexed (`is_current`)
        self.hooks: dict[Hook, list[tuple[int, int, Handler]]] = {h: [] for h in Hook}
        self.triggers: dict[TriggerEvent, list[tuple[int, int]]] = {e: [] for e in TriggerEvent}
        self.activated: list[tuple[int, int]] = []
        # Whether a card's effect is of a host's type (`Registry.host`): then the duel may run a host's function,
        # and each call takes a snapshot to put the game back if one raises (`Duel`).
        self.host = False
        # Whether resolving each card's effect may ask a player (`EffectType.may_ask`): only then does its operation
        # run from a checkpoint (`engine.resolution.run_operation`).
        self.asks: list[list[bool]] = []
        # Whether an effect that resolves no operation of its own (a replacement) may ask a player while another
        # effect resolves ("you can ... instead", §U.24: its type's `may_ask`): then every operation may ask.
        self.asks_anywhere = False
        for ci, card in enumerate(cards):
            asks: list[bool] = []
            self.asks.append(asks)
            for ei, eff in enumerate(card.effects):
                etype = effect_type_of(card, ei, eff, registry)
                if etype.operation is not None:
                    asks.append(etype.may_ask is None or etype.may_ask(eff))
                else:
                    asks.append(False)
                    if etype.may_ask is not None and etype.may_ask(eff):
                        self.asks_anywhere = True
                if eff.type in registry.host:
                    self.host = True
                if eff.kind is EffectKind.CONTINUOUS:
                    for hook, handler in etype.hooks.items():
                        self.hooks[hook].append((ci, ei, handler))
                elif eff.kind is EffectKind.ACTIVATED:
                    self.activated.append((ci, ei))
                elif eff.event is not None:
                    self.triggers[eff.event].append((ci, ei))
        self.trigger_events = frozenset(e for e, found in self.triggers.items() if found)  # events anything triggers on
        # Events an activated effect's timing names ("when your opponent Special Summons a monster", §U.14)
        self.timed_events = frozenset(
            e for ci, ei in self.activated if (e := cards[ci].effects[ei].event) is not None
        )
        # The last `Source` made for each card's effect (see `Context.source_of`): values, shared by clones.
        self.made: list[list[Source | None]] = [[None] * len(card.effects) for card in cards]
        # Each effect's answer with no targets (`chain.options_for`), made once.
        self.untargeted = [[Option(ci, ei) for ei in range(len(card.effects))] for ci, card in enumerate(cards)]
        # The cards' ids, by index (a card's id never changes): what a `Decision` names its options' cards by.
        self.ids = tuple(c.id for c in cards)

    def may_ask(self, card: int, effect: int, eff: Effect) -> bool:
        """Whether resolving the card's effect `eff` may ask a player (`asks`); an effect given to the card since it
        was indexed may."""
        built = self.built_from
        if self.asks_anywhere:
            return True
        if card < len(built) and effect < len(built[card]) and built[card][effect] is eff:
            return self.asks[card][effect]
        return True

    def is_current(self, cards: tuple[Card, ...]) -> bool:
        """Whether the cards have the effects this index was built from (a host may attach effects
        to a card between calls, `turns.refresh_index`). Asked before every `advance`."""
        built = self.built_from
        if len(built) != len(cards):
            return False
        for i in range(len(cards)):
            effects = cards[i].effects
            if effects is not built[i] and effects != built[i]:
                return False
        return True


NO_HOOKS: Final[frozenset[Hook]] = frozenset()


class Context:
    """What a handler may use: read the state, ask queries, and act through `engine.actions`."""

    __slots__ = ("_lingering_hooks", "_lingering_seen", "acting", "asked", "event_listeners", "index", "loop_seen",
                 "negating", "on_change", "paying", "record", "registry", "resolved", "state")  # fmt: skip

    def __init__(self, state: GameState, registry: Registry, index: Index, record: bool = True) -> None:
        self.state = state
        self.record = record  # keep the event log (playouts turn it off: see Duel)
        self.registry = registry
        self.index = index
        self.event_listeners: list[Callable[[Event], None]] = []  # see Duel.on_event
        # Bookkeeping the state owes after a change, before anyone sees the event (the Duel
        # sets it to `rules.stats.note_applying`): kept out of reads, so reads stay pure.
        self.on_change: Callable[[Context], None] | None = None
        # While a negating effect names its monsters (`effects_negated`): then no effect reads as negated, so that a
        # negating effect that asks other effects (who is unaffected by it) never asks itself again
        self.negating = False
        # The loop guard (`chain.note_resolving`, rules spec §U.13): chain links resolved since the last decision,
        # and, once that passes the limit, the effects resolving since then.
        self.resolved = 0
        self.loop_seen: tuple[tuple[int, int], ...] = ()  # (a tuple: a snapshot or a clone shares it)
        # How many of `state.answers` the resolving operation has read so far (`engine.resolution.ask`)
        self.asked = 0
        # While an activation pays its cost (rules spec §U.21): a cost that leaves a choice asks the activating player
        self.paying = False
        # While an action with no chain that may ask runs (rules spec §U.30: `engine.resolution.act_without_chain`):
        # the effect whose action it is, (card, effect); a question it asks then pauses the game. None otherwise.
        self.acting: tuple[int, int] | None = None
        # The hooks the lingering effects answer on, and the lingering effects they were read from (`lingering_hooks`)
        self._lingering_seen: tuple[Lingering, ...] = ()
        self._lingering_hooks: frozenset[Hook] = NO_HOOKS

    # -- events ---------------------------------------------------------------------------
    @property
    def watched(self) -> bool:
        """Whether anyone reads events (the log is kept, or a listener is attached): what is only
        built for an event's reader can be skipped otherwise."""
        return self.record or bool(self.event_listeners)

    def emit(
        self,
        type: EventType,
        rule: str = "machine",
        *,
        player: Player | None = None,
        card: int | None = None,
        amount: int | None = None,
        detail: str = "",
        data: tuple[tuple[str, Any], ...] = (),
    ) -> None:
        """Log that something happened (the fields of `Event`); called at every state change."""
        s = self.state
        if self.on_change is not None:
            self.on_change(self)
        if not self.record and not self.event_listeners:  # (`watched`, written out: every event passes here)
            return  # a playout: nobody reads the events, so none is built
        event = Event(type, s.phase, s.current_window(), player, card, amount, rule, detail, data)
        if self.record:
            s.log.append(event)
        if self.event_listeners:  # the only cost when nobody listens
            for listener in self.event_listeners:
                try:
                    listener(event)
                except Exception as e:
                    e.add_note(listener_note("event listener", listener, f"the event {event.type.value}"))
                    raise

    # -- continuous effects ---------------------------------------------------------------
    def source_of(self, card_index: int, effect_index: int) -> Source:
        """A card's effect as a `Source`. Rules ask for the same few sources at every priority, so
        the last one made is kept (in the index) and given again while it still describes the card."""
        card = self.state.cards[card_index]
        host = card.equipped_to if card.equipped_to is not None else card_index
        eff = card.effects[effect_index]
        made = self.index.made
        if card_index >= len(made) or effect_index >= len(made[card_index]):  # effects added since indexing
            return Source(card_index, effect_index, eff, card.controller, host)
        src = made[card_index][effect_index]
        if src is None or src.controller is not card.controller or src.host != host or src.effect is not eff:
            src = made[card_index][effect_index] = Source(card_index, effect_index, eff, card.controller, host)
        return src

    def is_active(self, card_index: int, eff: Effect) -> bool:
        """A card's continuous effect applies while it is face-up on the field, not negated, and
        not determined destroyed by battle (§1.6); an equip's, while it equips a monster."""
        if not self._applies_where_it_is(card_index, eff):
            return False
        if self.index.hooks[Hook.NEGATES_EFFECTS] and Hook.NEGATES_EFFECTS not in self.registry[eff.type].hooks:
            return not self.effects_negated(card_index)  # (a negating effect is not negated by another here)
        return True

    def _applies_where_it_is(self, card_index: int, eff: Effect) -> bool:
        card = self.state.cards[card_index]
        if eff.negated or card.effects_negated or not card.face_up_on_field or card.battle_destroyed:
            return False
        if card.in_pendulum_zone is not eff.pendulum:
            return False  # §U.4: its monster effects out of a Pendulum Zone, its Pendulum Effects in one
        if card.equipped_to is not None:
            return self.state.cards[card.equipped_to].location is Location.MONSTER_ZONE
        return not (card.details.abilities and gemini_as_normal(card))  # §U.29: a Gemini not yet Summoned again

    def effects_negated(self, index: int) -> bool:
        """Whether this card's effects are negated now: for good or for a while (`Card.effects_negated`), or while
        a continuous effect negates them (`Hook.NEGATES_EFFECTS`: Skill Drain; rules spec §U.3)."""
        if self.state.cards[index].effects_negated:
            return True
        if self.negating:
            return False
        self.negating = True
        try:
            for ci, ei, handler in self.index.hooks[Hook.NEGATES_EFFECTS]:
                eff = self.state.cards[ci].effects[ei]
                if ci != index and self._applies_where_it_is(ci, eff):
                    answer = handler(self, self.source_of(ci, ei))
                    if answer is not None and index in answer:
                        return True
            return False
        finally:
            self.negating = False

    def sources(self, hook: Hook) -> list[tuple[Source, Handler]]:
        """Every active effect registered on a hook point, turn player's first."""
        found = []
        for ci, ei, handler in self.index.hooks[hook]:
            card = self.state.cards[ci]
            if self.is_active(ci, card.effects[ei]):
                found.append((self.source_of(ci, ei), handler))
        for ling in self.state.lingering:
            handler_ = self.registry[ling.effect.type].hooks.get(hook)
            if handler_ is None:
                continue
            if ling.card is not None:
                c = self.state.cards[ling.card]
                if c.instance != ling.instance or not is_on_field(c.location):
                    continue
            host = ling.card if ling.card is not None else -1
            found.append((Source(host, -1, ling.effect, ling.controller, host), handler_))
        if len(found) > 1:  # the turn player's first, each player's in their order (a stable sort, written out)
            tp = self.state.turn_player
            found = [sh for sh in found if sh[0].controller is tp] + [sh for sh in found if sh[0].controller is not tp]
        return found

    def lingering_hooks(self) -> frozenset[Hook]:
        """The hooks some lingering effect answers on: read again only when the lingering effects are not the ones
        last read (compared one by one, as they are immutable values), so that a duel with an effect lingering does
        not look each one's type up at every hook asked (a decision asks a dozen)."""
        lingering = self.state.lingering
        seen = self._lingering_seen
        if len(seen) == len(lingering):
            for i in range(len(seen)):
                if seen[i] is not lingering[i]:
                    break
            else:
                return self._lingering_hooks
        self._lingering_seen = tuple(lingering)
        self._lingering_hooks = frozenset(h for ling in lingering for h in self.registry[ling.effect.type].hooks)
        return self._lingering_hooks

    def ask(self, hook: Hook) -> tuple[tuple[Source, Any], ...]:
        """Each active source's answer on a hook (None answers are left out). A tuple, not an iterator: the
        common case, nothing attached, is the empty tuple, which the compiled rules loop over without
        making an iterator object (a vanilla battle asks some twenty hooks)."""
        if not self.index.hooks[hook] and (not self.state.lingering or hook not in self.lingering_hooks()):
            return ()
        answers = []
        for src, handler in self.sources(hook):
            answer = handler(self, src)
            if answer is not None:
                answers.append((src, answer))
        return tuple(answers)

    # -- handy lookups --------------------------------------------------------------------
    def card(self, index: int) -> Card:
        return self.state.cards[index]

    def battling_opponent(self, index: int) -> int | None:
        b = self.state.battle
        if index == b.attacker:
            return b.target
        if index == b.target:
            return b.attacker
        return None

    def players_of(self, src: Source, rel: str) -> list[Player]:
        """A `player` parameter that may also be "both"."""
        return list(Player) if rel == "both" else [self.player_of(rel, src)]

    def player_of(self, rel: str, src: Source) -> Player:
        """A `player` parameter relative to the effect's controller."""
        if rel == "controller":
            return src.controller
        if rel == "opponent":
            return opponent_of(src.controller)
        return Player[rel]  # "A" / "B"



def gemini_as_normal(card: Card) -> bool:
    """A Gemini monster face-up on the field or in the Graveyard is a Normal Monster, with no effects, until it is
    Normal Summoned again on the field (`details.summoned` "gemini": then it is an Effect Monster with its effects;
    rules spec §U.29; ProjectIgnis CardScripts `Gemini.EffectStatusCondition`)."""
    if "gemini" not in card.details.abilities or card.details.summoned == "gemini":
        return False
    return card.location is Location.GRAVEYARD or (
        card.location is Location.MONSTER_ZONE and card.position is not Position.SET
    )

def listener_note(role: str, listener: object, moment: str) -> str:
    """The note added to an exception a host's listener or observer raised: which one, and when (issue 39)."""
    name = getattr(listener, "__qualname__", None) or type(listener).__qualname__
    return f"raised by the {role} {name} at {moment}; the duel is left as it was before this call"


def cloned_context(ctx: Context) -> Context:
    """The context of a copy of `ctx`'s game, for `Duel.clone` (search's hot path): a clone of its state, the same
    registry, index and log setting, the same state watch (`rules.stats.watch_stats`: the state is equal, so is
    the answer), no listeners. Here rather than in machine.py because this module is compiled: built and read
    natively, where machine.py would pay interpreted calls and attribute lookups for each."""
    new = Context(ctx.state.clone(), ctx.registry, ctx.index, ctx.record)
    new.on_change = ctx.on_change
    return new

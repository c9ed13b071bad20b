"""The context that handlers and rules receive: the state, the effect registry, and indexes.

The indexes (which cards have effects on which hook or trigger event) are built once when a
duel is set up, so no event searches all cards' effects: the lesson of fast simulators. They
are derived from the cards' effects, which never change during a duel, so clones share them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engine.decisions import Option
from engine.effects import Effect, EffectKind, Handler, Hook, Registry, Source, TriggerEvent
from engine.events import Event, EventType
from engine.state import Card, GameState, Location, Player, is_on_field, opponent_of


class Index:
    """Where effects attach: hook point -> continuous sources; event -> triggers; activated list."""

    __slots__ = ("activated", "built_from", "hooks", "made", "trigger_events", "triggers", "untargeted")

    def __init__(self, cards: list[Card], registry: Registry) -> None:
        self.built_from = [c.effects for c in cards]  # each card's effects, as indexed (`is_current`)
        self.hooks: dict[Hook, list[tuple[int, int, Handler]]] = {h: [] for h in Hook}
        self.triggers: dict[TriggerEvent, list[tuple[int, int]]] = {e: [] for e in TriggerEvent}
        self.activated: list[tuple[int, int]] = []
        for ci, card in enumerate(cards):
            for ei, eff in enumerate(card.effects):
                etype = registry[eff.type]
                if eff.kind is EffectKind.CONTINUOUS:
                    for hook, handler in etype.hooks.items():
                        self.hooks[hook].append((ci, ei, handler))
                elif eff.kind is EffectKind.ACTIVATED:
                    self.activated.append((ci, ei))
                elif eff.event is not None:
                    self.triggers[eff.event].append((ci, ei))
        self.trigger_events = frozenset(e for e, found in self.triggers.items() if found)  # events anything triggers on
        # The last `Source` made for each card's effect (see `Context.source_of`): values, shared by clones.
        self.made: list[list[Source | None]] = [[None] * len(card.effects) for card in cards]
        # Each effect's answer with no targets (`chain.options_for`), made once.
        self.untargeted = [[Option(ci, ei) for ei in range(len(card.effects))] for ci, card in enumerate(cards)]

    def is_current(self, cards: list[Card]) -> bool:
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


class Context:
    """What a handler may use: read the state, ask queries, and act through `engine.actions`."""

    __slots__ = ("event_listeners", "index", "on_change", "record", "registry", "state")

    def __init__(self, state: GameState, registry: Registry, index: Index, record: bool = True) -> None:
        self.state = state
        self.record = record  # keep the event log (playouts turn it off: see Duel)
        self.registry = registry
        self.index = index
        self.event_listeners: list[Callable[[Event], None]] = []  # see Duel.on_event
        # Bookkeeping the state owes after a change, before anyone sees the event (the Duel
        # sets it to `rules.stats.note_applying`): kept out of reads, so reads stay pure.
        self.on_change: Callable[[Context], None] | None = None

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
                listener(event)

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
        card = self.state.cards[card_index]
        if eff.negated or not card.face_up_on_field or card.battle_destroyed:
            return False
        if card.equipped_to is not None:
            return self.state.cards[card.equipped_to].location is Location.MONSTER_ZONE
        return True

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

    def ask(self, hook: Hook) -> Iterable[tuple[Source, Any]]:
        """Each active source's answer on a hook (None answers are left out), asked lazily."""
        if not self.index.hooks[hook] and not self.state.lingering:
            return ()  # nothing attached there: the common case, without building a generator
        found = self.sources(hook)
        return self._answers(found) if found else ()

    def _answers(self, found: list[tuple[Source, Handler]]) -> Iterator[tuple[Source, Any]]:
        for src, handler in found:
            answer = handler(self, src)
            if answer is not None:
                yield src, answer

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

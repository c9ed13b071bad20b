"""The whole game as plain data: players, cards, the battle, the open window, the log.

Nothing in here holds code, machines or callbacks: a state can be copied, pickled, compared
(`==`, every field) and fingerprinted (`state_hash()`, the position), which is what search,
the debugger's rewind and replays need. It is mutable, so `hash()` refuses it, as it refuses
a list: use `state_hash()` as the key of a transposition table. Effects are
values (`engine.effects.Effect`) naming their behaviour in a registry kept outside the state.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from enum import Enum
from operator import attrgetter
from typing import Any, Final, cast

import attr
import attrs

from engine.values.battle import NO_ATTACK as NO_ATTACK  # (re-exported: the state's vocabulary)
from engine.values.battle import Battle as Battle
from engine.values.battle import no_battle as no_battle
from engine.values.decisions import Decision, Option
from engine.values.effects import Effect, Lingering, TriggerEvent
from engine.values.events import Event
from engine.values.frozen import Frozen
from engine.values.frozen_map import FrozenMap
from engine.values.game import (
    SUB_TIMING,
    Attribute,
    CardType,
    Location,
    MonsterType,
    Phase,
    Player,
    Position,
    Property,
    Window,
)


# The records of the state (issue 39: the state is a small tree of immutable records). A card and a player are
# `Frozen` attrs classes (`engine.values.frozen`: native and made in C in the compiled build, refusing every write
# after `__init__`, docs/compiled-build.md), held in tuples: a write replaces the record, through one named function
# per kind of write (`write_*`, below: every writer is found by its name), so a clone or a snapshot shares them all.
# The battle (`engine.values.battle.Battle`) is such a record too, and the state's lingering effects and mappings
# are a tuple and read-only `FrozenMap`s, replaced through their writers. What a clone still copies: the root, the
# open window (`WindowState` and its lists) and, for a clone (not a checkpoint), the history's three lists.
@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class PlayerState(Frozen):
    lp: int
    hand_filler: int = 0  # unnamed cards drawn from an unlisted (filler) Deck

    def __init__(self, lp: int, hand_filler: int = 0) -> None:
        object.__setattr__(self, "lp", lp)
        object.__setattr__(self, "hand_filler", hand_filler)


@attrs.frozen(slots=True)
class CardDetails:
    """What only some cards need, kept apart so that a state copies one field for all of it (a clone per decision):
    its type line beyond its Type (`abilities`: "tuner", "toon", "link"...: `values.game.ABILITIES`), a Link
    Monster's arrows, how it was Summoned and whether this turn (while it stays on the field), and its zone (rules
    spec §U.5: its Main Monster Zone `column`, 0-4 from its controller's left, -1 when not said; `extra_zone`: in the
    Extra Monster Zone above that column)."""

    abilities: frozenset[str] = frozenset()
    link_arrows: frozenset[str] = frozenset()
    summoned: str | None = None
    summoned_this_turn: bool = False
    column: int = -1
    extra_zone: bool = False
    rank: int = 0  # an Xyz Monster's Rank (printed; 0: none)
    # The player whose card effect destroyed it, where it went (§U.15: "destroyed by your opponent's card effect");
    # None otherwise. Kept until it moves again.
    destroyed_by: Player | None = None
    # Counters of a kind on it, by name ("A-Counter"), in the order first placed (rules spec §U.26): on face-up cards
    # only, lost when it moves or is turned face-down (as `Card.counters`, §C.5)
    named_counters: tuple[tuple[str, int], ...] = ()
    # It was flipped face-up since it came to the field ("after this card has been flipped face-up", §U.26); lost when
    # it moves or is turned face-down
    flipped: bool = False
    # The monsters used as the materials of its Summon, as the cards were (`Card` records, §U.26: "if this card was
    # Synchro Summoned using a FIRE monster"); lost when it moves
    summon_materials: tuple[Any, ...] = ()

    def moved(self) -> CardDetails:
        """As it is once the card moved: a new card, in no zone, not Summoned (its printed details stay)."""
        if self.summoned is None and not self.summoned_this_turn and self.column < 0 and not self.named_counters \
                and not self.flipped and not self.summon_materials:
            return self
        return CardDetails(self.abilities, self.link_arrows, rank=self.rank)


NO_DETAILS: Final = CardDetails()


@attr.s(auto_attribs=True, init=False)  # (not hashable: its tags may hold anything)
class Card(Frozen):
    """One card, an immutable record (a write replaces it in `GameState.cards`: the `write_*` functions below).
    `instance` changes whenever it moves, so a card that left and came back is a new card for the rules (the battle
    compares instances, as ygopro compares field ids)."""

    id: str
    name: str
    owner: Player
    controller: Player
    location: Location
    card_type: CardType
    base_atk: int
    base_def: int
    position: Position | None
    face_down: bool
    pendulum: bool
    effects: tuple[Effect, ...]
    equipped_to: int | None = None
    instance: int = 0
    # What a card's text can ask about a monster (filters, conditions): None / 0 when not given.
    attribute: Attribute | None = None
    monster_type: MonsterType | None = None
    level: int = 0
    materials: int = 0  # Xyz Materials, counted
    counters: int = 0  # counters on it (rules spec §C.5): placed on face-up cards only, lost when it moves
    card_property: Property = Property.NORMAL  # a Spell/Trap's Property: whether it stays once activated
    battle_destroyed: bool = False  # determined destroyed by battle, not yet sent
    # Its effects are negated (Dark Ruler Ha Des, §R.5): set when it is determined destroyed by battle, kept
    # while it stays on the field and once it is sent to the Graveyard, cleared wherever else it goes
    effects_negated: bool = False
    # What few cards need (its type line, how it was Summoned, its zone): one shared value, replaced when it changes
    details: CardDetails = NO_DETAILS
    # The host's own data about the card (a passcode, its object id...), as (key, value) pairs:
    # carried, cloned and pickled with the card, never read by the rules.
    tags: tuple[tuple[str, Any], ...] = ()

    def __init__(
        self,
        id: str,
        name: str,
        owner: Player,
        controller: Player,
        location: Location,
        card_type: CardType,
        base_atk: int,
        base_def: int,
        position: Position | None,
        face_down: bool,
        pendulum: bool,
        effects: tuple[Effect, ...],
        equipped_to: int | None = None,
        instance: int = 0,
        attribute: Attribute | None = None,
        monster_type: MonsterType | None = None,
        level: int = 0,
        materials: int = 0,
        counters: int = 0,
        card_property: Property = Property.NORMAL,
        battle_destroyed: bool = False,
        effects_negated: bool = False,
        details: CardDetails = NO_DETAILS,
        tags: tuple[tuple[str, Any], ...] = (),
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "card_type", card_type)
        object.__setattr__(self, "base_atk", base_atk)
        object.__setattr__(self, "base_def", base_def)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "face_down", face_down)
        object.__setattr__(self, "pendulum", pendulum)
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "equipped_to", equipped_to)
        object.__setattr__(self, "instance", instance)
        object.__setattr__(self, "attribute", attribute)
        object.__setattr__(self, "monster_type", monster_type)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "materials", materials)
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "card_property", card_property)
        object.__setattr__(self, "battle_destroyed", battle_destroyed)
        object.__setattr__(self, "effects_negated", effects_negated)
        object.__setattr__(self, "details", details)
        object.__setattr__(self, "tags", tags)

    @property
    def is_monster(self) -> bool:
        return self.card_type is CardType.MONSTER

    @property
    def in_pendulum_zone(self) -> bool:
        """A Pendulum Monster placed in a Pendulum Zone (not a monster equipped as an Equip Spell): there only its
        Pendulum Effects apply, and they apply nowhere else (rules spec §U.4; `Effect.pendulum`)."""
        return self.card_type is CardType.MONSTER and self.location is Location.SPELL_TRAP_ZONE and (
            self.equipped_to is None
        )

    # `details`, read as the card's own fields
    @property
    def abilities(self) -> frozenset[str]:
        return self.details.abilities

    @property
    def link_arrows(self) -> frozenset[str]:
        return self.details.link_arrows

    @property
    def summoned(self) -> str | None:
        return self.details.summoned

    @property
    def summoned_this_turn(self) -> bool:
        return self.details.summoned_this_turn

    @property
    def column(self) -> int:
        return self.details.column

    @property
    def extra_zone(self) -> bool:
        return self.details.extra_zone

    @property
    def face_up_on_field(self) -> bool:
        if self.location is Location.MONSTER_ZONE:
            return self.position is not Position.SET
        loc = self.location
        return (loc is Location.SPELL_TRAP_ZONE or loc is Location.FIELD_ZONE) and not self.face_down


# The immutable records the state holds (ChainLink, PendingTrigger, ChainRecord, LpChange, and
# `engine.values.effects.Lingering`) are `Frozen` attrs classes with their own __init__ (`engine.values.frozen`):
# made on the playout path, and native in the compiled build, where such an instance is made and
# read in C (docs/compiled-build.md).
@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class ChainLink(Frozen):
    card: int
    effect: int  # index into the card's effects
    player: Player
    speed: int
    targets: tuple[int, ...]
    target_instances: tuple[int, ...]
    trigger: bool
    lp_paid: int  # the LP its activation paid as the cost ("loses that much ATK": rules spec §U.21)

    def __init__(
        self,
        card: int,
        effect: int,
        player: Player,
        speed: int,
        targets: tuple[int, ...] = (),
        target_instances: tuple[int, ...] = (),
        trigger: bool = False,
        lp_paid: int = 0,
    ) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "target_instances", target_instances)
        object.__setattr__(self, "trigger", trigger)
        object.__setattr__(self, "lp_paid", lp_paid)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class PendingTrigger(Frozen):
    card: int
    effect: int
    player: Player
    mandatory: bool
    instance: int

    def __init__(self, card: int, effect: int, player: Player, mandatory: bool, instance: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "mandatory", mandatory)
        object.__setattr__(self, "instance", instance)


@attr.s(auto_attribs=True)
class WindowState:
    """An open sub-timing: its chain, the triggers waiting to go on one, and who has priority."""

    window: Window
    priority: Player
    # Its sequences are tuples (issue 39): a change replaces one, so a copy of the window shares them all.
    chain: tuple[ChainLink, ...] = ()
    triggers: tuple[PendingTrigger, ...] = ()
    placing: tuple[PendingTrigger, ...] = ()  # the SEGOC group being placed
    passes: int = 0
    chains_resolved: int = 0
    negated_links: tuple[int, ...] = ()
    resolving: int = -1  # index of the chain link resolving now
    # The events that opened it: an effect whose activation timing is one of them ("when an attack is
    # declared") may be activated until its first chain has resolved (rules.legality.timing_problem).
    events: tuple[TriggerEvent, ...] = ()
    # Triggers "at the start / end of the Battle Phase", activated one at a time at their controllers'
    # priority, each as the first link of its own chain (rules spec §BP.2), not placed by SEGOC.
    waiting: tuple[PendingTrigger, ...] = ()
    # The events of cards and players that happened in it (rules spec §U.14): (event, cards, player, the count of
    # resolved chains from which the chain that responds to it is built), for an activation timing on them ("when
    # your opponent Special Summons a monster").
    happened: tuple[tuple[TriggerEvent, tuple[int, ...], Player | None, int], ...] = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> WindowState:
        """A blank object, without attrs' __init__ (see the comment above `GameState`)."""
        return object.__new__(cls)

    @staticmethod
    def opened(window: Window, priority: Player, events: tuple[TriggerEvent, ...] = ()) -> WindowState:
        """`WindowState(window, priority)`, a window just opened, built without attrs' generated
        __init__ (Python code even in the compiled build): a battle opens five. Its start values
        are checked against the class's defaults by tests/test_values.py."""
        n = WindowState.__new__(WindowState)
        n.window = window
        n.priority = priority
        n.chain = ()
        n.triggers = ()
        n.placing = ()
        n.passes = 0
        n.chains_resolved = 0
        n.negated_links = ()
        n.resolving = -1
        n.events = events
        n.waiting = ()
        n.happened = ()
        return n

    def copy(self) -> WindowState:
        """A copy for `GameState.clone` (one object: its tuples of immutable links and triggers are shared)."""
        n = WindowState.__new__(WindowState)
        n.window = self.window
        n.priority = self.priority
        n.chain = self.chain
        n.triggers = self.triggers
        n.placing = self.placing
        n.passes = self.passes
        n.chains_resolved = self.chains_resolved
        n.negated_links = self.negated_links
        n.resolving = self.resolving
        n.events = self.events
        n.waiting = self.waiting
        n.happened = self.happened
        return n


@attr.s(auto_attribs=True, init=False)  # (not hashable: it holds a Card)
class LastKnown(Frozen):
    """A card as it was the last moment it was on the field (§R.2, last known information): a copy of it then
    (never changed afterwards), and its ATK and DEF then. Conditions that refer to a card that has left the field
    since the event they ask about read this, not where the card is now."""

    card: Card
    atk: int
    def_: int

    def __init__(self, card: Card, atk: int, def_: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "atk", atk)
        object.__setattr__(self, "def_", def_)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class ChainRecord(Frozen):
    """A finished chain, for the result and the debugger."""

    window: Window
    links: tuple[tuple[int, Player], ...]
    resolution_order: tuple[int, ...]

    def __init__(
        self, window: Window, links: tuple[tuple[int, Player], ...], resolution_order: tuple[int, ...]
    ) -> None:
        object.__setattr__(self, "window", window)
        object.__setattr__(self, "links", links)
        object.__setattr__(self, "resolution_order", resolution_order)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class LpChange(Frozen):
    player: Player
    delta: int
    kind: str  # battle_damage | effect_damage | cost | gain
    window: Window | None
    amount: int  # the amount before LP was floored at 0

    def __init__(self, player: Player, delta: int, kind: str, window: Window | None, amount: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "delta", delta)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "window", window)
        object.__setattr__(self, "amount", amount)


@attrs.frozen(slots=True)
class BattleRecord:
    """One attack declared in this duel (`engine.turns`): where its part of the history starts
    (log, chains, LP changes) and, once the next attack or the end of the turn closes it, where it
    ends, the battle as it finished and each player's LP then."""

    turn: int
    attacker: int
    target: int | None
    log_start: int
    chains_start: int
    lp_changes_start: int
    log_end: int | None = None
    chains_end: int | None = None
    lp_changes_end: int | None = None
    battle: Battle | None = None
    lp_after: tuple[int, int] | None = None


# The mutable state classes (`WindowState`, `GameState`) are `attr.s(auto_attribs=True)` classes, not
# `attrs.define`: the optional compiled build makes those native classes (C struct fields), and `slots=True` would lose
# their `__eq__` and `__repr__` there (docs/compiled-build.md). Their copies for `GameState.clone` are written out
# field by field for the same reason (tests/test_values.py checks none is missed). Each copy starts from
# `Cls.__new__(Cls)`, a blank object. The classes define `__new__` for the compiled build: there `object.__new__(cls)`
# inside it is mypyc's direct allocation and `Cls.__new__(Cls)` a direct call, where the inherited `__new__` is a
# generic method call (about 600 instructions per copy). In the pure build the Python `__new__` costs a call instead.
@attr.s(auto_attribs=True)
class GameState:
    players: tuple[PlayerState, ...]  # (A's, B's): replaced through `write_lp`, `write_hand_filler`
    cards: tuple[Card, ...]  # replaced one record at a time through the `write_*` functions
    battle: Battle
    turn_player: Player
    zero_atk_mutual_destruction: bool = False
    phase: Phase = Phase.MAIN_PHASE_1
    battle_phase_ending: bool = False  # an effect ended the Battle Phase: it ends when this attack is over
    window: WindowState | None = None
    pending: Decision | None = None
    winner: Player | None = None
    draw: bool = False
    ended_in: Phase | None = None  # the state the Duel ended in, if a player reached 0 LP
    self_destroy_deferred: bool = False
    # The lingering effects, in the order they arrived: a tuple, replaced through `write_lingering`.
    lingering: tuple[Lingering, ...] = ()
    # Order of application of ATK/DEF modifications (docs/stat-layers.md): the last number given,
    # and when each continuous modification (source card, instance, effect, monster, instance)
    # started applying (noted at state changes by rules.stats.note_applying, never by a read).
    # The mappings are read-only (`FrozenMap`), replaced through their writers: shared by clones and snapshots.
    stat_seq: int = 0
    stat_since: Mapping[tuple[int, int, int, int, int], int] = attrs.Factory(FrozenMap)
    indestructible_used: Mapping[tuple[int, int], int] = attrs.Factory(FrozenMap)
    # Last known information (§R.2): (card, instance it had on the field) -> the card as it left the field.
    last_known: Mapping[tuple[int, int], LastKnown] = attrs.Factory(FrozenMap)
    chains: list[ChainRecord] = attrs.Factory(list)
    lp_changes: list[LpChange] = attrs.Factory(list)
    log: list[Event] = attrs.Factory(list)
    show_every_priority: bool = False
    # Turns and Battle Phases (`engine.turns`): immutable values, so clones share them safely.
    turn: int = 1
    attacks_declared: tuple[tuple[int, int], ...] = ()  # (card, instance) of each attack this turn
    # The once-per-turn effects activated this turn (rules spec §C.4; `rules.cards.once_per_turn_key`)
    used_once: tuple[tuple[Any, ...], ...] = ()
    battles: tuple[BattleRecord, ...] = ()
    # The host's move made in Main Phase 1 (`Duel.declare_attack`, `Duel.end_battle_phase`): made in the Battle
    # Step, once the Start Step has been played (rules spec §BP.1): an attack declaration, or PASS.
    host_move: Option | None = None
    # The End Phase is played once the Battle Phase is over (rules spec §BP.14): a run's `battle_phase.end_phase`,
    # and `Duel.end_turn`; off, the machine stops in Main Phase 2 and the host ends the turn
    play_end_phase: bool = False
    answers: tuple[Option, ...] = ()  # given so far to the resolving link's questions (§U.16, engine.resolution)
    chance_seed: int = 0  # the duel's random source for chance decisions (`engine.resolution.draw`)

    def __new__(cls, *args: Any, **kwargs: Any) -> GameState:
        """A blank object, without attrs' __init__ (see the comment above this class)."""
        return object.__new__(cls)

    @property
    def duel_over(self) -> bool:
        return self.winner is not None or self.draw

    def state_hash(self) -> str:
        """A hex fingerprint of the position: every field but the history (`HISTORY`), so two
        paths to the same position share it. Built from a canonical encoding, never from
        `hash()` (salted per process), so it is the same in every process and on every machine."""
        return hashlib.blake2b(canonical_bytes(self), digest_size=16).hexdigest()

    def clone(self) -> GameState:
        """A copy that shares only immutable values (the cards, the players, effects, events, records): a handful of
        objects, whatever the number of cards (issue 39). Hand-rolled
        rather than `attrs.evolve` or `copy.deepcopy`: it is the hot path of search. Each field
        is written out (not generated) so that the compiled build copies native slots directly;
        tests/test_values.py checks that no field is left out. Containers are copied with `.copy()`:
        compiled, a direct slice or dict copy, where `list(x)` would iterate generically."""
        return self._copy(False)

    def checkpoint(self) -> GameState:
        """A copy to undo a call with (`Duel`'s snapshot, taken at every public call): `clone`, except that the
        history's lists (`log`, `chains`, `lp_changes`), to which a call only appends, are shared rather than copied,
        so a checkpoint costs the same however long the history is; the undo cuts them back to their lengths."""
        return self._copy(True)

    def _copy(self, share_history: bool) -> GameState:
        """`clone` (`share_history` False) or `checkpoint` (True), written out field by field."""
        n = GameState.__new__(GameState)
        n.players = self.players  # (tuples of immutable records: shared)
        n.cards = self.cards
        n.battle = self.battle  # (an immutable record: shared)
        n.turn_player = self.turn_player
        n.zero_atk_mutual_destruction = self.zero_atk_mutual_destruction
        n.phase = self.phase
        n.battle_phase_ending = self.battle_phase_ending
        w = self.window
        n.window = None if w is None else w.copy()
        n.pending = self.pending
        n.winner = self.winner
        n.draw = self.draw
        n.ended_in = self.ended_in
        n.self_destroy_deferred = self.self_destroy_deferred
        n.lingering = self.lingering
        n.stat_seq = self.stat_seq
        n.stat_since = self.stat_since
        n.indestructible_used = self.indestructible_used
        n.last_known = self.last_known
        n.chains = self.chains if share_history else self.chains.copy()
        n.lp_changes = self.lp_changes if share_history else self.lp_changes.copy()
        n.log = self.log if share_history else self.log.copy()
        n.show_every_priority = self.show_every_priority
        n.turn = self.turn
        n.attacks_declared = self.attacks_declared
        n.used_once = self.used_once
        n.battles = self.battles
        n.host_move = self.host_move
        n.play_end_phase = self.play_end_phase
        n.answers = self.answers
        n.chance_seed = self.chance_seed
        return n

    @property
    def rules_phase(self) -> Phase:
        """The phase continuous effects see: once the Duel is over, the state it ended in (the
        Duel ends *during* the Damage Step, and the final board is read as of that moment)."""
        return self.ended_in if self.phase is Phase.DUEL_OVER and self.ended_in is not None else self.phase

    def current_window(self) -> Window | None:
        """The sub-timing the game is in, whether or not its window is open."""
        return SUB_TIMING.get(self.rules_phase)


# -- the writers: every change to a card or a player replaces its record, through one of these (issue 39) --------------
def write_card(state: GameState, index: int, card: Card) -> None:
    """Put `card` in place of the card at `index`: the one place the cards' tuple is replaced (the other writers
    make the new record and call this). A clone or a snapshot that holds the old tuple is not changed."""
    cards = state.cards
    state.cards = (*cards[:index], card, *cards[index + 1 :])


def write_added(state: GameState, card: Card) -> int:
    """A card added to the state (a host building one, between calls): the last card; its index is returned."""
    state.cards = (*state.cards, card)
    return len(state.cards) - 1


def write_moved(
    state: GameState,
    index: int,
    location: Location,
    position: Position | None,
    controller: Player,
    equipped_to: int | None,
    materials: int,
    effects_negated: bool,
) -> None:
    """A card moved (`actions.move_card`): a new card for the rules (its instance changes), in `location`, face-up,
    no longer determined destroyed by battle, without counters, Summoned by nobody (its printed details stay)."""
    c = state.cards[index]
    write_card(state, index, Card(
        c.id, c.name, c.owner, controller, location, c.card_type, c.base_atk, c.base_def, position, False,
        c.pendulum, c.effects, equipped_to, c.instance + 1, c.attribute, c.monster_type, c.level, materials, 0,
        c.card_property, False, effects_negated, c.details.moved(), c.tags,
    ))  # fmt: skip


def write_position(state: GameState, index: int, position: Position | None) -> None:
    """A monster's battle position changed (a flip, a change of position)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_face_up(state: GameState, index: int, equipped_to: int | None) -> None:
    """A Set Spell/Trap turned face-up (activated), or a card equipped to the monster `equipped_to`."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, False, equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_controller(state: GameState, index: int, controller: Player) -> None:
    """Control of a card changed (§U.11)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, controller, c.position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_materials(state: GameState, index: int, materials: int) -> None:
    """An Xyz Monster's count of materials changed (detached as a cost)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, c.face_down, c.equipped_to, materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_counters(state: GameState, index: int, counters: int) -> None:
    """The counters on a card changed (§C.5)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, c.face_down, c.equipped_to, c.materials, counters,
                                     c.battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_battle_destroyed(state: GameState, index: int, battle_destroyed: bool) -> None:
    """A monster was determined destroyed by battle (§1.6), not yet sent."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_effects_negated(state: GameState, index: int, effects_negated: bool) -> None:
    """A card's effects became negated, or stopped being (§R.5, §U.3)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, effects_negated, c.details, c.effects))  # fmt: skip


def write_details(state: GameState, index: int, details: CardDetails) -> None:
    """How a card was Summoned, or whether this turn, changed (`CardDetails`)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, details, c.effects))  # fmt: skip


def write_effects(state: GameState, index: int, effects: tuple[Effect, ...]) -> None:
    """A host gave a card other effects (between calls: the `Duel` indexes them again at its next call)."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, c.details, tuple(effects)))  # fmt: skip


def _remade(
    c: Card,
    controller: Player,
    position: Position | None,
    face_down: bool,
    equipped_to: int | None,
    materials: int,
    counters: int,
    battle_destroyed: bool,
    effects_negated: bool,
    details: CardDetails,
    effects: tuple[Effect, ...],
) -> Card:
    """`c` with the fields a battle changes given, the rest its own (for the writers above: in place of
    `attrs.evolve`, which builds its arguments by name and, compiled, is interpreted)."""
    return Card(
        c.id, c.name, c.owner, controller, c.location, c.card_type, c.base_atk, c.base_def, position, face_down,
        c.pendulum, effects, equipped_to, c.instance, c.attribute, c.monster_type, c.level, materials, counters,
        c.card_property, battle_destroyed, effects_negated, details, c.tags,
    )


def write_battle(state: GameState, battle: Battle) -> None:
    """The battle record replaced (`Battle`'s methods make the new one: `started`, `compared`, `damaged`...)."""
    state.battle = battle


def write_lingering(state: GameState, lingering: tuple[Lingering, ...]) -> None:
    """The lingering effects now (one arrived, some expired, some were erased)."""
    state.lingering = lingering


def write_stat_since(state: GameState, stat_since: Mapping[tuple[int, int, int, int, int], int]) -> None:
    """When each continuous ATK/DEF modification started applying (`rules.stats.note_applying`)."""
    state.stat_since = FrozenMap(stat_since)


def write_indestructible_used(state: GameState, key: tuple[int, int], times: int) -> None:
    """A monster's "cannot be destroyed by battle, N times per turn" was used once more (`times` in all)."""
    state.indestructible_used = FrozenMap({**state.indestructible_used, key: times})


def write_last_known(state: GameState, key: tuple[int, int], known: LastKnown) -> None:
    """A card as it left the field (§R.2), by (card, the instance it had there)."""
    state.last_known = FrozenMap({**state.last_known, key: known})


def write_turn_facts_cleared(state: GameState) -> None:
    """A new turn: the per-turn counts of indestructibility used and the last known information are forgotten."""
    state.indestructible_used = FrozenMap()
    state.last_known = FrozenMap()


def write_lp(state: GameState, player: Player, lp: int) -> None:
    """A player's LP changed."""
    ps = state.players
    p = ps[player]
    state.players = (PlayerState(lp, p.hand_filler), ps[1]) if player == 0 else (ps[0], PlayerState(lp, p.hand_filler))


def write_hand_filler(state: GameState, player: Player, hand_filler: int) -> None:
    """The number of the host's unnamed cards in a player's hand changed (drawn, discarded)."""
    ps = state.players
    p = ps[player]
    new = PlayerState(p.lp, hand_filler)
    state.players = (new, ps[1]) if player == 0 else (ps[0], new)


# How the game got here rather than where it is: left out of `state_hash`.
HISTORY = frozenset({"log", "chains", "lp_changes", "battles"})


def canonical_bytes(state: GameState) -> bytes:
    """The position as canonical JSON: attrs objects and named-tuple records as [class, fields...], enums by value,
    mappings and sets sorted, so equal positions give equal bytes in any process."""
    body = [_canonical(getattr(state, f.name)) for f in attrs.fields(GameState) if f.name not in HISTORY]
    return json.dumps(body, separators=(",", ":"), allow_nan=False).encode()


def _canonical(v: Any) -> Any:
    t = type(v)
    if v is None or t is int or t is str or t is bool or t is float:
        return v
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, tuple) and hasattr(t, "_fields"):  # a named tuple record: encoded as an attrs object
        return [t.__name__, *map(_canonical, v)]
    if isinstance(v, list | tuple):
        return [_canonical(x) for x in v]
    if isinstance(v, Mapping):
        if all(type(k) is str for k in v):  # effect parameters: the common case, sorted cheaply
            return [[k, _canonical(v[k])] for k in sorted(v)]
        return sorted(([_canonical(k), _canonical(x)] for k, x in v.items()), key=_json)
    if isinstance(v, set | frozenset):
        return sorted((_canonical(x) for x in v), key=_json)
    if attrs.has(t):
        return [t.__name__, *map(_canonical, _getter(t)(v))]
    raise TypeError(f"a game state holds a {t.__name__}, which is not plain data: {v!r}")


def _json(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"))


_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _getter(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """obj -> the tuple of its attrs fields' values, in order (built once per class)."""
    get = _GETTERS.get(cls)
    if get is None:
        names = [f.name for f in attrs.fields(cast(Any, cls))]
        if len(names) == 1:  # attrgetter of one name returns the bare value
            name = names[0]
            get = _GETTERS[cls] = lambda obj: (getattr(obj, name),)
        else:
            get = _GETTERS[cls] = attrgetter(*names)
    return get

"""The whole game as plain data: players, cards, the battle, the open window, the log.

Nothing in here holds code, machines or callbacks: a state can be copied, pickled, compared (`==`, every field) and
fingerprinted (`state_hash()`, the position), which is what search, the debugger's rewind and replays need. Its root
is mutable, so `hash()` refuses it, as it refuses a list: use `state_hash()` as the key of a transposition table.
Effects are values (`engine.effects.Effect`) naming their behaviour in a registry kept outside the state."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

import attr
import attrs

from engine.values.battle import NO_ATTACK as NO_ATTACK  # (re-exported: the state's vocabulary)
from engine.values.battle import Battle as Battle
from engine.values.battle import no_battle as no_battle
from engine.values.canonical import canonical
from engine.values.decisions import Decision, Option
from engine.values.effects import Effect, Lingering, TriggerEvent
from engine.values.events import Event
from engine.values.events import TriggeringEvent as TriggeringEvent  # (re-exported: a trigger's event, §U.27)
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


# The records of the state (issue 39: a small tree of immutable records): a card and a player are `Frozen` attrs classes
# (`engine.values.frozen`: native in the compiled build, refusing every write after `__init__`), held in tuples; a write
# replaces the record through one named function per kind of write (`write_*`, below), so clones and snapshots share it.
# The battle (`engine.values.battle.Battle`) is such a record too, and the state's lingering effects and mappings
# are a tuple and read-only `FrozenMap`s, replaced through their writers; so is the open window (`WindowState`,
# through `engine.windows`: `write_window`, `write_priority`...). What a clone still copies: the root and the
# history's three lists; a checkpoint (the undo of a public call) is the root alone.
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
    destroyed_by_card: int = -1  # the card whose effect destroyed it (-1: none, battle): "except by its own" (§U.25)
    # Where it came from, when, and by whose card effect, as its last move left it; its battle position before its
    # last change of position (rules spec §U.24: what an event of this card carries). Kept until it moves again.
    arrival: Arrival | None = None
    position_before: Position | None = None
    # A Trap Card Special Summoned as a monster (§U.27): a monster while in the Monster Zone, its type line given by the
    # effect (`abilities`; the printed one kept in `printed_abilities`); once it leaves, a Trap Card again.
    trap_monster: bool = False
    printed_abilities: frozenset[str] = frozenset()
    set_turn: int = -1  # the turn an effect Set this Spell/Trap (-1: not so; §U.23: not activated that turn)
    deck_order: int = 0  # placed on the top (< 0) or bottom (> 0) of its Deck by an effect (§U.29); lost as it moves
    # §U.26: counters of a kind by name ("A-Counter"), in the order placed, and whether it was flipped face-up since it
    # came to the field (both lost when it moves or is turned face-down); its Summon's materials as the cards were
    named_counters: tuple[tuple[str, int], ...] = ()
    flipped: bool = False
    summon_materials: tuple[Any, ...] = ()

    def moved(self) -> CardDetails:
        """As it is once the card moved: a new card, in no zone, not Summoned (its printed details stay)."""
        if (self.summoned is None and not self.summoned_this_turn and self.column < 0 and not self.trap_monster
                and self.set_turn < 0 and not self.deck_order and self.position_before is None
                and not self.named_counters and not self.flipped and not self.summon_materials):  # fmt: skip
            return self
        abilities = self.printed_abilities if self.trap_monster else self.abilities
        return CardDetails(abilities, self.link_arrows, rank=self.rank)


NO_DETAILS: Final = CardDetails()


@attrs.frozen(slots=True)
class Arrival:
    """How a card came to where it is (rules spec §U.24): the place it left (`came_from`: a zone word, "hand",
    "deck", "extra_deck", "graveyard", "banished", "monster_zone", "spell_trap_zone", "pendulum_zone",
    "field_zone"), the turn it came, and, when a card effect moved it as it resolved, that effect's controller
    (`by`) and its card as it was then (`by_card`)."""

    came_from: str
    turn: int
    by: Player | None = None
    by_card: Card | None = None


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


# The immutable records the state holds (ChainLink, PendingTrigger, ChainRecord, LpChange, Lingering) are `Frozen`
# attrs classes with their own __init__ (`engine.values.frozen`): made on the playout path, and native in the compiled
# build, where such an instance is made and read in C (docs/compiled-build.md).
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
    # Where its card was when it was activated, before any cost moved it ("activated in the hand / GY": §U.24)
    activated_from: str
    event: TriggeringEvent | None  # a trigger's: the event it answers ("that monster", "the damage you took": §U.27)

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
        activated_from: str = "",
        event: TriggeringEvent | None = None,
    ) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "target_instances", target_instances)
        object.__setattr__(self, "trigger", trigger)
        object.__setattr__(self, "lp_paid", lp_paid)
        object.__setattr__(self, "activated_from", activated_from)
        object.__setattr__(self, "event", event)


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class PendingTrigger(Frozen):
    card: int
    effect: int
    player: Player
    mandatory: bool
    instance: int
    event: TriggeringEvent | None  # the event it answers (rules spec §U.27)

    def __init__(
        self, card: int, effect: int, player: Player, mandatory: bool, instance: int,
        event: TriggeringEvent | None = None,
    ) -> None:  # fmt: skip
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "mandatory", mandatory)
        object.__setattr__(self, "instance", instance)
        object.__setattr__(self, "event", event)


# An event of cards or a player that happened in a window (`WindowState.happened`): (event, cards, player, the count of
# resolved chains from which the chain that responds to it is built)
Happened = tuple[TriggerEvent, tuple[int, ...], Player | None, int]


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class WindowState(Frozen):
    """An open sub-timing: its chain, the triggers waiting to go on one, and who has priority.

    An immutable record (issue 39), like the cards and the battle: a change makes a new one through one of the
    window writers of `engine.windows` (`write_window`, `write_priority`...): a clone or a snapshot shares it."""

    window: Window
    priority: Player
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
    happened: tuple[Happened, ...] = ()

    def __init__(
        self,
        window: Window,
        priority: Player,
        chain: tuple[ChainLink, ...] = (),
        triggers: tuple[PendingTrigger, ...] = (),
        placing: tuple[PendingTrigger, ...] = (),
        passes: int = 0,
        chains_resolved: int = 0,
        negated_links: tuple[int, ...] = (),
        resolving: int = -1,
        events: tuple[TriggerEvent, ...] = (),
        waiting: tuple[PendingTrigger, ...] = (),
        happened: tuple[Happened, ...] = (),
    ) -> None:
        object.__setattr__(self, "window", window)
        object.__setattr__(self, "priority", priority)
        object.__setattr__(self, "chain", chain)
        object.__setattr__(self, "triggers", triggers)
        object.__setattr__(self, "placing", placing)
        object.__setattr__(self, "passes", passes)
        object.__setattr__(self, "chains_resolved", chains_resolved)
        object.__setattr__(self, "negated_links", negated_links)
        object.__setattr__(self, "resolving", resolving)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "waiting", waiting)
        object.__setattr__(self, "happened", happened)


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


# The mutable root (`GameState`) is an `attr.s(auto_attribs=True)` class, not `attrs.define`: the optional compiled
# build makes it a native class (C struct fields), and `slots=True` would lose its `__eq__` and `__repr__` there
# (docs/compiled-build.md). Its copy for `GameState.clone` is written out field by field for the same reason
# (tests/test_values.py checks none is missed), starting from `GameState.__new__(GameState)`, a blank object. The class
# defines `__new__` for the compiled build: there `object.__new__(cls)` inside it is mypyc's direct allocation and
# `GameState.__new__(GameState)` a direct call, where the inherited `__new__` is a generic method call (about 600
# instructions per copy). In the pure build the Python `__new__` costs a call instead.
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
    play_end_phase: bool = False  # the End Phase is played after the Battle Phase (§BP.14; `Duel.end_turn`), or not
    standby_phases: int = 0  # then up to this many later turns' Standby Phases (§U.31; `dispatch.at_rest`)
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
        """A copy that shares only immutable values (the cards, the players, the window, effects, events, records):
        the root and the history's three lists, whatever the number of cards (issue 39). Hand-rolled
        rather than `attrs.evolve` or `copy.deepcopy`: it is the hot path of search. Each field
        is written out (not generated) so that the compiled build copies native slots directly;
        tests/test_values.py checks that no field is left out. Containers are copied with `.copy()`:
        compiled, a direct slice or dict copy, where `list(x)` would iterate generically."""
        return self._copy(False)

    def checkpoint(self) -> GameState:
        """A copy to undo a call with (`Duel`'s snapshot, taken at every public call): `clone`, except that the
        history's lists (`log`, `chains`, `lp_changes`), to which a call only appends, are shared rather than copied,
        so a checkpoint is one object (every other field holds an immutable value), however long the history is;
        the undo cuts the lists back to their lengths."""
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
        n.window = self.window  # (an immutable record: shared)
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
        n.standby_phases = self.standby_phases
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
    state.cards = (*state.cards[:index], card, *state.cards[index + 1 :])


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
    arrival: Arrival | None = None,
) -> None:
    """A card moved (`actions.move_card`): a new card for the rules (its instance changes), in `location`, face-up,
    no longer determined destroyed by battle, without counters, Summoned by nobody (its printed details stay), with
    how it came there (`arrival`, §U.24)."""
    c = state.cards[index]
    details, values = c.details.moved(), (c.card_type, c.base_atk, c.base_def, c.attribute, c.monster_type, c.level)
    if c.details.trap_monster and location is Location.MONSTER_ZONE:  # a monster while it stays there (§U.27)
        details = attrs.evolve(details, trap_monster=True, abilities=c.details.abilities,
                               printed_abilities=c.details.printed_abilities)  # fmt: skip
    elif c.details.trap_monster:  # a Trap Card again once it leaves
        values = (CardType.TRAP, 0, 0, None, None, 0)
    if arrival is not None:  # how it came there (§U.24): one record built, not an evolve
        details = CardDetails(details.abilities, details.link_arrows, details.summoned, details.summoned_this_turn,
                              details.column, details.extra_zone, details.rank, details.destroyed_by,
                              details.destroyed_by_card, arrival, details.position_before, details.trap_monster,
                              details.printed_abilities)
    ctype, atk, def_, attribute, monster_type, level = values
    write_card(state, index, Card(
        c.id, c.name, c.owner, controller, location, ctype, atk, def_, position, False, c.pendulum, c.effects,
        equipped_to, c.instance + 1, attribute, monster_type, level, materials, 0, c.card_property, False,
        effects_negated, details, c.tags,
    ))  # fmt: skip


# A Trap Card's values as a monster (rules spec §U.27): ATK, DEF, Level, Attribute, Type, its type line.
MonsterValues = tuple[int, int, int, Attribute | None, MonsterType | None, frozenset[str]]


def write_as_monster(state: GameState, index: int, values: MonsterValues | None) -> None:
    """A Trap Card becomes a monster with these values, to be Special Summoned as one (rules spec §U.27; a Trap Card
    again once it leaves the Monster Zone: `write_moved`), or (None) the Trap Card it was, not Summoned after all."""
    c = state.cards[index]
    d = c.details
    if values is None:
        ctype, (atk, def_, level, attribute, monster_type) = CardType.TRAP, (0, 0, 0, None, None)
        details = attrs.evolve(d, trap_monster=False, abilities=d.printed_abilities, printed_abilities=frozenset())
    else:
        ctype, (atk, def_, level, attribute, monster_type, abilities) = CardType.MONSTER, values
        details = attrs.evolve(d, trap_monster=True, printed_abilities=d.abilities, abilities=abilities)
    write_card(state, index, Card(
        c.id, c.name, c.owner, c.controller, c.location, ctype, atk, def_, c.position, c.face_down, c.pendulum,
        c.effects, c.equipped_to, c.instance, attribute, monster_type, level, c.materials, c.counters,
        c.card_property, c.battle_destroyed, c.effects_negated, details, c.tags,
    ))  # fmt: skip


def write_position(state: GameState, index: int, position: Position | None) -> None:
    """A monster's battle position changed (a flip, a change of position): the one before is kept (§U.24)."""
    c = state.cards[index]
    details = attrs.evolve(c.details, position_before=c.position) if position is not c.position else c.details
    write_card(state, index, _remade(c, c.controller, position, c.face_down, c.equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, details, c.effects))  # fmt: skip


def write_face_up(state: GameState, index: int, equipped_to: int | None) -> None:
    """A Set Spell/Trap turned face-up (activated), or a card equipped to the monster `equipped_to`."""
    c = state.cards[index]
    write_card(state, index, _remade(c, c.controller, c.position, False, equipped_to, c.materials, c.counters,
                                     c.battle_destroyed, c.effects_negated, c.details, c.effects))  # fmt: skip


def write_set(state: GameState, index: int, turn: int) -> None:
    """A Spell/Trap Set face-down in the Spell & Trap Zone by an effect, this turn (§U.23)."""
    c = state.cards[index]
    details = attrs.evolve(c.details, set_turn=turn)
    write_card(state, index, _remade(c, c.controller, None, True, None, 0, 0, False, c.effects_negated, details,
                                     c.effects))  # fmt: skip


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


def as_cause(c: Card) -> Card:
    """The card as an `Arrival` keeps the card whose effect moved another: without its own arrival (§U.24), so that
    records never nest."""
    if c.details.arrival is None:
        return c
    details = attrs.evolve(c.details, arrival=None)
    return _remade(c, c.controller, c.position, c.face_down, c.equipped_to, c.materials, c.counters,
                   c.battle_destroyed, c.effects_negated, details, c.effects)  # fmt: skip


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
    body = [canonical(getattr(state, f.name)) for f in attrs.fields(GameState) if f.name not in HISTORY]
    return json.dumps(body, separators=(",", ":"), allow_nan=False).encode()

"""`Battle`: the record of the attack being resolved, an immutable value (issue 39).

A change to the battle makes a new record through one of its methods, named after the kind of change
(`started`, `compared`, `damaged`, `retargeted`...), and the state takes it through `state.write_battle`:
the one place the battle is replaced, so a clone or a snapshot holding the old record is never changed.
A `Frozen` class (`engine.values.frozen`): native in the compiled build, refusing every write after `__init__`.
"""

from __future__ import annotations

from typing import Final

import attr

from engine.values.frozen import Frozen
from engine.values.game import Player, Position

NO_ATTACK: Final = -1  # `Battle.attacker` of a state in which no attack has been declared yet


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class Battle(Frozen):
    """The record of the attack being resolved."""

    attacker: int
    target: int | None
    attacker_instance: int
    target_instance: int | None
    attacker_controller: Player
    target_controller: Player | None
    attacker_position_at_start: Position | None = None
    target_position_at_start: Position | None = None
    attacked: bool = False  # the attacker reached the Damage Step
    battled: bool = False  # damage calculation was performed ("if this card battled")
    values_compared: tuple[int, int | None] | None = None
    battle_damage: tuple[int, int] = (0, 0)
    battle_damage_events: tuple[Player, ...] = ()
    inflicted_by: tuple[tuple[Player, int], ...] = ()  # (player who took it, card that inflicted it)
    destroyed: tuple[int, ...] = ()  # determined destroyed by battle, attacker first
    sent: tuple[int, ...] = ()  # destroyed-by-battle monsters actually sent at the end of the step
    parked_flips: tuple[tuple[int, int], ...] = ()  # (card, instance) flipped, FLIP not yet raised
    # Cards moved while no window was open in this Damage Step (an Equip Card the rules destroyed as its monster was
    # sent): (event, card) of their "destroyed" / "sent to the GY", raised with the end of the step (§U.19)
    moved_between_windows: tuple[tuple[str, int], ...] = ()
    # The Battle Step of this attack (rules spec §BP): who declared it (a host's attack pauses the duel when
    # its Damage Step is over), whether it was negated, how many replays it had, the opponent's monsters
    # when it was last (re)targeted (a change there is a replay), and why it stopped before the Damage
    # Step ("" while it goes on).
    host_declared: bool = True
    negated: bool = False
    replays: int = 0
    opponent_field: tuple[tuple[int, int], ...] | None = None  # None: a scenario's attack, past its Battle Step
    opponent_field_changed: bool = False  # a monster came to or left that side since, however briefly
    stopped: str = ""
    # An effect said "change the attack target ... and perform damage calculation": the Damage Step is entered
    # while it resolves, with no window before damage calculation (rules spec §U.6)
    calculate_at_once: bool = False
    # The target's battle position when it was chosen (declaration, replay, change of target): a target that changed
    # since so that the attacker can no longer attack it is a replay (rules spec §BP.5)
    target_position_chosen: Position | None = None

    def __init__(
        self,
        attacker: int,
        target: int | None,
        attacker_instance: int,
        target_instance: int | None,
        attacker_controller: Player,
        target_controller: Player | None,
        attacker_position_at_start: Position | None = None,
        target_position_at_start: Position | None = None,
        attacked: bool = False,
        battled: bool = False,
        values_compared: tuple[int, int | None] | None = None,
        battle_damage: tuple[int, int] = (0, 0),
        battle_damage_events: tuple[Player, ...] = (),
        inflicted_by: tuple[tuple[Player, int], ...] = (),
        destroyed: tuple[int, ...] = (),
        sent: tuple[int, ...] = (),
        parked_flips: tuple[tuple[int, int], ...] = (),
        moved_between_windows: tuple[tuple[str, int], ...] = (),
        host_declared: bool = True,
        negated: bool = False,
        replays: int = 0,
        opponent_field: tuple[tuple[int, int], ...] | None = None,
        opponent_field_changed: bool = False,
        stopped: str = "",
        calculate_at_once: bool = False,
        target_position_chosen: Position | None = None,
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "attacker_instance", attacker_instance)
        object.__setattr__(self, "target_instance", target_instance)
        object.__setattr__(self, "attacker_controller", attacker_controller)
        object.__setattr__(self, "target_controller", target_controller)
        object.__setattr__(self, "attacker_position_at_start", attacker_position_at_start)
        object.__setattr__(self, "target_position_at_start", target_position_at_start)
        object.__setattr__(self, "attacked", attacked)
        object.__setattr__(self, "battled", battled)
        object.__setattr__(self, "values_compared", values_compared)
        object.__setattr__(self, "battle_damage", battle_damage)
        object.__setattr__(self, "battle_damage_events", battle_damage_events)
        object.__setattr__(self, "inflicted_by", inflicted_by)
        object.__setattr__(self, "destroyed", destroyed)
        object.__setattr__(self, "sent", sent)
        object.__setattr__(self, "parked_flips", parked_flips)
        object.__setattr__(self, "moved_between_windows", moved_between_windows)
        object.__setattr__(self, "host_declared", host_declared)
        object.__setattr__(self, "negated", negated)
        object.__setattr__(self, "replays", replays)
        object.__setattr__(self, "opponent_field", opponent_field)
        object.__setattr__(self, "opponent_field_changed", opponent_field_changed)
        object.__setattr__(self, "stopped", stopped)
        object.__setattr__(self, "calculate_at_once", calculate_at_once)
        object.__setattr__(self, "target_position_chosen", target_position_chosen)

    @property
    def under_way(self) -> bool:
        """An attack has been declared and has not stopped in the Battle Step: its attacker is "the
        attacking monster"."""
        return self.attacker != NO_ATTACK and not self.stopped

    # -- the kinds of change: each makes a new record (the fields set on a fresh copy before anyone sees it) ----
    def _fresh(self) -> Battle:
        """A copy, not yet shared: the methods below set their fields on it (compiled, each `object.__setattr__`
        on it is a struct write), then hand it out, after which it is as frozen as any other. Interpreted, a `Battle`
        is a plain object, copied by its `__dict__` (its 25 `object.__setattr__` writes as Python code cost a vanilla
        game more than a third more instructions, measured with benchmarks/instructions.py)."""
        if _PLAIN_OBJECT:
            n = object.__new__(Battle)
            n.__dict__.update(self.__dict__)
            return n
        return Battle(
            self.attacker, self.target, self.attacker_instance, self.target_instance, self.attacker_controller,
            self.target_controller, self.attacker_position_at_start, self.target_position_at_start, self.attacked,
            self.battled, self.values_compared, self.battle_damage, self.battle_damage_events, self.inflicted_by,
            self.destroyed, self.sent, self.parked_flips, self.moved_between_windows, self.host_declared, self.negated,
            self.replays,
            self.opponent_field, self.opponent_field_changed, self.stopped, self.calculate_at_once,
            self.target_position_chosen,
        )  # fmt: skip

    def started(self, attacker_position: Position | None, target_position: Position | None) -> Battle:
        """The attack reached the Damage Step: the battlers' positions at its start (`target_position`
        None for a direct attack)."""
        n = self._fresh()
        object.__setattr__(n, "attacked", True)
        object.__setattr__(n, "attacker_position_at_start", attacker_position)
        object.__setattr__(n, "target_position_at_start", target_position)
        return n

    def compared(self, values: tuple[int, int | None]) -> Battle:
        """Damage calculation was performed, comparing these values."""
        n = self._fresh()
        object.__setattr__(n, "values_compared", values)
        object.__setattr__(n, "battled", True)
        return n

    def damaged(
        self, damage: tuple[int, int], inflicted_by: tuple[tuple[Player, int], ...], events: tuple[Player, ...]
    ) -> Battle:
        """The battle damage each player took, who inflicted it, and who got a battle damage event."""
        n = self._fresh()
        object.__setattr__(n, "battle_damage", damage)
        object.__setattr__(n, "inflicted_by", inflicted_by)
        object.__setattr__(n, "battle_damage_events", events)
        return n

    def with_destroyed(self, destroyed: tuple[int, ...]) -> Battle:
        """The monsters determined destroyed by battle."""
        n = self._fresh()
        object.__setattr__(n, "destroyed", destroyed)
        return n

    def with_sent(self, sent: tuple[int, ...]) -> Battle:
        """The destroyed-by-battle monsters sent at the end of the step."""
        n = self._fresh()
        object.__setattr__(n, "sent", sent)
        return n

    def with_parked_flips(self, flips: tuple[tuple[int, int], ...]) -> Battle:
        """The monsters flipped whose FLIP is not yet raised (parked, or released: `()`)."""
        n = self._fresh()
        object.__setattr__(n, "parked_flips", flips)
        return n

    def with_moved_between_windows(self, moved: tuple[tuple[str, int], ...]) -> Battle:
        """The cards moved while no window was open, whose events wait for the end of the step (§U.19)."""
        n = self._fresh()
        object.__setattr__(n, "moved_between_windows", moved)
        return n

    def calculated_at_once(self) -> Battle:
        """An effect said "... and perform damage calculation" (rules spec §U.6)."""
        n = self._fresh()
        object.__setattr__(n, "calculate_at_once", True)
        return n

    def retargeted(
        self, target: int | None, instance: int | None, controller: Player | None, position: Position | None,
        replays: int,
    ) -> Battle:
        """The attack target was (re)chosen (a replay, a change of target), and the count of replays."""
        n = self._fresh()
        object.__setattr__(n, "target", target)
        object.__setattr__(n, "target_instance", instance)
        object.__setattr__(n, "target_controller", controller)
        object.__setattr__(n, "target_position_chosen", position)
        object.__setattr__(n, "replays", replays)
        return n

    def field_noted(self, opponent_field: tuple[tuple[int, int], ...] | None, changed: bool) -> Battle:
        """The opponent's monsters noted (when the attack was targeted), or a change there since (§BP.5)."""
        n = self._fresh()
        object.__setattr__(n, "opponent_field", opponent_field)
        object.__setattr__(n, "opponent_field_changed", changed)
        return n

    def halted(self, reason: str) -> Battle:
        """The attack stopped in the Battle Step, for this reason."""
        n = self._fresh()
        object.__setattr__(n, "stopped", reason)
        return n

    def made_negated(self) -> Battle:
        """The attack was negated."""
        n = self._fresh()
        object.__setattr__(n, "negated", True)
        return n


def no_battle(turn_player: Player) -> Battle:
    """The battle record of a state in which no attack has been declared: one shared record per turn player (a
    record is never changed, so every state may hold the same one)."""
    return _NO_BATTLE[turn_player]


_NO_BATTLE: Final = (
    Battle(NO_ATTACK, None, -1, None, Player.A, None),
    Battle(NO_ATTACK, None, -1, None, Player.B, None),
)


# Whether a `Battle` is a plain Python object with an instance `__dict__` (the interpreted build), or a native class
# (the compiled build: fields in a C struct, no `__dict__`): `Battle._fresh` copies the first by its `__dict__`.
_PLAIN_OBJECT: Final = hasattr(_NO_BATTLE[0], "__dict__")

"""Turns and Battle Phases around the Damage Step: attack declarations, the end of a turn, and
each attack's own part of the history.

A `Duel` plays one Damage Step at a time. This module is what a host calls between them (through
`Duel.declare_attack`, `Duel.end_turn` and `Duel.battles`):

* `declare_attack` checks the declaration as the rules do (`rules.attack.attack_problem`), and on
  success records it and puts the duel in the Battle Step with the new battle, so that `advance`
  or `run` plays its Damage Step. A refusal raises `IllegalAttack` and changes nothing.
* `end_turn` ends the turn: "until the end of the turn" effects expire, the per-turn counters
  (battle indestructibility used, attacks declared) are reset, and the other player's turn begins.
* `battles` gives one `BattleResult` per declared attack: its battle record, its range of the log,
  its chains and LP changes, and each player's LP when it ended.

Everything is kept in the `GameState` (`turn`, `attacks_declared`, `battles`), as immutable values,
so clones, pickles and `state_hash` carry it. `check_ready` holds the checks that turn silent
misuses of `advance` into errors naming the mistake (issue 10, item 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from engine import actions
from engine._mypyc import mypyc_attr
from engine.effects import Context, Hook, Index
from engine.rules.attack import attack_problem
from engine.rules.stats import watch_stats
from engine.state import Battle, BattleRecord, ChainRecord, GameState, LpChange
from engine.values.events import Event
from engine.values.game import Location, Phase, Player, is_on_field, opponent_of

NO_ATTACK: Final = -1  # `Battle.attacker` of a state in which no attack has been declared yet


class IllegalAttack(ValueError):
    """An attack declaration the rules refuse; the message names the rule. Nothing was changed."""


# mypyc compiles subclasses of only a few builtin exceptions (not RuntimeError) as native classes.
@mypyc_attr(native_class=False)
class UsageError(RuntimeError):
    """The engine was driven in a way that cannot work (the message names the mistake)."""


def no_battle(turn_player: Player) -> Battle:
    """The battle record of a state in which no attack has been declared."""
    return Battle(NO_ATTACK, None, -1, None, turn_player, None)


@mypyc_attr(native_class=False)
class UnknownCard(LookupError):
    """A card given by an index or id that no card of this duel has (the message names it)."""


def card_index(state: GameState, card: int | str) -> int:
    """A card given by its index or its id: `UnknownCard` if there is none, `UsageError` if `card` is
    neither an int nor a str."""
    if isinstance(card, int) and not isinstance(card, bool):
        if 0 <= card < len(state.cards):
            return card
        raise UnknownCard(f"there is no card {card} (this duel has {len(state.cards)} cards)")
    if isinstance(card, str):
        for i, c in enumerate(state.cards):
            if c.id == card:
                return i
        raise UnknownCard(f"there is no card with id {card!r} in this duel")
    raise UsageError(f"a card is given by its index or its id, got {card!r}")


def player_arg(player: object) -> Player:
    """A player given as `Player.A` or "A" (`UsageError` otherwise)."""
    if isinstance(player, Player):
        return player
    if type(player) is str and player in ("A", "B"):
        return Player[player]
    raise UsageError(f'a player is Player.A, Player.B, "A" or "B", got {player!r}')


def location_arg(location: object) -> Location:
    """A location given as `Location.HAND` or "hand" (`UsageError` otherwise)."""
    if isinstance(location, Location):
        return location
    for loc in Location:
        if type(location) is str and loc.value == location:
            return loc
    raise UsageError(f"a location is one of {', '.join(loc.value for loc in Location)}, got {location!r}")


def cards_in(state: GameState, location: Location, player: Player | None) -> list[int]:
    """Card indexes in `location`, in card order: of `player` (its controller on the field, its owner
    elsewhere) if given."""
    return [
        i for i, c in enumerate(state.cards)
        if c.location is location and (player is None or (c.controller if is_on_field(location) else c.owner) is player)
    ]  # fmt: skip


# -- the records ----------------------------------------------------------------------------


def _records(s: GameState) -> tuple[BattleRecord, ...]:
    """The attacks declared so far. A state built with its attack already set (a scenario) has a
    first attack that `declare_attack` never saw: it is attack 0, from the start of the log."""
    if s.battles or s.battle.attacker == NO_ATTACK:
        return s.battles
    return (BattleRecord(s.turn, s.battle.attacker, s.battle.target, 0, 0, 0),)


def _declared_this_turn(s: GameState) -> tuple[tuple[int, int], ...]:
    if s.battles or s.battle.attacker == NO_ATTACK:
        return s.attacks_declared
    return ((s.battle.attacker, s.battle.attacker_instance),)


def _close(s: GameState) -> None:
    """The open record (the last attack's) ends here: keep its battle and where its history ends."""
    records = _records(s)
    s.attacks_declared = _declared_this_turn(s)
    if records and records[-1].log_end is None:
        last = attrs.evolve(
            records[-1],
            log_end=len(s.log),
            chains_end=len(s.chains),
            lp_changes_end=len(s.lp_changes),
            battle=s.battle,
            lp_after=(s.players[0].lp, s.players[1].lp),
        )
        records = (*records[:-1], last)
    s.battles = records


def _step_under_way(s: GameState) -> str | None:
    """Why no attack can be declared and no turn end now because a Damage Step is under way."""
    if s.pending is not None or s.phase not in (Phase.BATTLE_STEP, Phase.STEP_OVER):
        return f"a Damage Step is under way ({s.phase.value}): play it to its end (advance/run) first"
    if s.phase is Phase.BATTLE_STEP and s.battle.attacker != NO_ATTACK:
        return "an attack has been declared and its Damage Step has not been played: call advance() or run() first"
    return None


# -- declaring attacks, ending turns ------------------------------------------------------------


def declare_attack(ctx: Context, attacker: int | str, target: int | str | None = None) -> None:
    s = ctx.state
    if s.duel_over:
        raise IllegalAttack("the Duel is over: no more attacks can be declared")
    busy = _step_under_way(s)
    if busy:
        raise IllegalAttack(busy)
    refresh_index(ctx)
    try:
        a = card_index(s, attacker)
        t = None if target is None else card_index(s, target)
    except (UnknownCard, UsageError) as e:  # every refusal of a declaration is an IllegalAttack
        raise IllegalAttack(str(e)) from e
    problem = attack_problem(ctx, a, t, _declared_this_turn(s))
    if problem is not None:
        raise IllegalAttack(problem)
    _close(s)
    att = s.cards[a]
    s.battles = (*s.battles, BattleRecord(s.turn, a, t, len(s.log), len(s.chains), len(s.lp_changes)))
    s.attacks_declared = (*s.attacks_declared, (a, att.instance))
    s.battle = Battle(
        attacker=a,
        target=t,
        attacker_instance=att.instance,
        target_instance=None if t is None else s.cards[t].instance,
        attacker_controller=att.controller,
        target_controller=None if t is None else s.cards[t].controller,
    )
    s.window = None
    s.phase = Phase.BATTLE_STEP


def end_turn(ctx: Context) -> None:
    s = ctx.state
    if s.duel_over:
        raise UsageError("the Duel is over: there is no turn to end")
    busy = _step_under_way(s)
    if busy:
        raise UsageError(busy)
    _close(s)
    s.battle = no_battle(s.turn_player)
    s.phase = Phase.BATTLE_STEP
    s.window = None
    for src, handler in list(ctx.sources(Hook.END_OF_TURN)):  # "during the End Phase of this turn"
        handler(ctx, src)
    if actions.check_zero_lp(ctx):
        s.phase = Phase.DUEL_OVER  # the Duel ended in this turn's End Phase
        return
    actions.expire_lingering(ctx, "end_of_turn")
    s.indestructible_used = {}
    s.attacks_declared = ()
    s.turn += 1
    s.turn_player = opponent_of(s.turn_player)
    s.battle = no_battle(s.turn_player)


# -- each attack's result -------------------------------------------------------------------------


@attrs.frozen
class BattleResult:
    """One declared attack, as it happened: `battle` is its record (values compared, damage,
    destroyed...), `log_range` the slice of `state.log` it covers, with its `events`, `chains` and
    `lp_changes`, and `lp_after` each player's LP when it ended (or now, if it is still going on)."""

    index: int
    turn: int
    attacker: int
    target: int | None
    battle: Battle
    log_range: tuple[int, int]
    events: tuple[Event, ...]
    chains: tuple[ChainRecord, ...]
    lp_changes: tuple[LpChange, ...]
    lp_after: tuple[int, int]
    over: bool  # its Damage Step has ended
    chains_range: tuple[int, int] = (0, 0)  # its slice of `state.chains`
    lp_changes_range: tuple[int, int] = (0, 0)  # its slice of `state.lp_changes`
    card_ids: tuple[str, ...] = ()  # the duel's card ids, by index (what `as_dict` names cards by)

    def as_dict(self, card_ids: Sequence[str] | None = None) -> dict[str, Any]:
        """The per-attack keys of the result format (scenario-format.md, "Battle Phases"), cards named
        by their ids (or by `card_ids`, if given)."""
        if card_ids is None:
            card_ids = self.card_ids
        b = self.battle
        return {
            "attack": self.index,
            "declared": True,
            "turn": self.turn,
            "attacker": card_ids[self.attacker],
            "target": None if self.target is None else card_ids[self.target],
            "damage_calculation_performed": b.battled,
            "values_compared": list(b.values_compared) if b.values_compared else None,
            "battle_damage": {p.name: b.battle_damage[p] for p in Player},
            "battle_damage_events": [p.name for p in b.battle_damage_events],
            "destroyed_by_battle": [card_ids[i] for i in b.destroyed],
            "lp_changes": [lp_change_json(c) for c in self.lp_changes],
            "chains": [chain_json(c, card_ids) for c in self.chains],
            "lp_after": {p.name: self.lp_after[p] for p in Player},
        }


def battles(state: GameState) -> list[BattleResult]:
    s = state
    ids = tuple(c.id for c in s.cards)
    out = []
    for i, r in enumerate(_records(s)):
        closed = r.log_end is not None
        log_end = r.log_end if r.log_end is not None else len(s.log)
        chains_end = r.chains_end if r.chains_end is not None else len(s.chains)
        lp_end = r.lp_changes_end if r.lp_changes_end is not None else len(s.lp_changes)
        battle = r.battle if r.battle is not None else attrs.evolve(s.battle)
        lp = r.lp_after if r.lp_after is not None else (s.players[0].lp, s.players[1].lp)
        out.append(
            BattleResult(
                index=i,
                turn=r.turn,
                attacker=r.attacker,
                target=r.target,
                battle=battle,
                log_range=(r.log_start, log_end),
                events=tuple(s.log[r.log_start : log_end]),
                chains=tuple(s.chains[r.chains_start : chains_end]),
                lp_changes=tuple(s.lp_changes[r.lp_changes_start : lp_end]),
                lp_after=lp,
                over=closed or s.phase in (Phase.STEP_OVER, Phase.DUEL_OVER),
                chains_range=(r.chains_start, chains_end),
                lp_changes_range=(r.lp_changes_start, lp_end),
                card_ids=ids,
            )
        )
    return out


def lp_change_json(c: LpChange) -> dict[str, Any]:
    return {
        "player": c.player.name,
        "delta": c.delta,
        "kind": c.kind,
        "window": c.window.value if c.window else None,
        "amount": c.amount,
    }


def chain_json(ch: ChainRecord, card_ids: Sequence[str]) -> dict[str, Any]:
    return {
        "window": ch.window.value,
        "links": [{"card": card_ids[c], "player": p.name} for c, p in ch.links],
        "resolution_order": [card_ids[c] for c in ch.resolution_order],
    }


# -- misuse that used to do nothing ------------------------------------------------------------------


def refresh_index(ctx: Context) -> None:
    """Effects attached to cards after the duel was built are indexed again, so they apply."""
    if ctx.index.is_current(ctx.state.cards):
        return
    ctx.index = Index(ctx.state.cards, ctx.registry)
    watch_stats(ctx)  # a new continuous ATK/DEF change must be noted from now on


def check_unique_ids(state: GameState) -> None:
    seen: dict[str, int] = {}
    for i, c in enumerate(state.cards):
        if c.id in seen:
            raise UsageError(f"card id {c.id!r} is used twice (cards {seen[c.id]} and {i}): ids must be unique")
        seen[c.id] = i


def check_ready(ctx: Context) -> None:
    """Before `advance`/`step` runs: refuse the states it cannot run (no attack declared; a new
    battle set by hand after a Damage Step ended; a battle naming a card as it was before it
    moved, or a target off the field), and pick up effects attached since the duel was built."""
    refresh_index(ctx)
    s = ctx.state
    b = s.battle
    if s.phase is Phase.STEP_OVER and not b.attacked:
        raise UsageError(
            "state.battle holds an attack that was never played, but the Damage Step is over (phase step_over): "
            "declare the next attack with Duel.declare_attack(attacker, target)"
        )
    if s.phase is not Phase.BATTLE_STEP:
        return
    if b.attacker == NO_ATTACK:
        raise UsageError("no attack has been declared: call Duel.declare_attack(attacker, target) first")
    roles = (("attacker", b.attacker, b.attacker_instance), ("target", b.target, b.target_instance))
    for role, index, instance in roles:
        if index is None:
            continue
        if not 0 <= index < len(s.cards):
            raise UsageError(f"the battle's {role} is card {index}, but this duel has {len(s.cards)} cards")
        card = s.cards[index]
        if card.instance != instance:
            raise UsageError(
                f"the battle's {role} {card.id!r} is instance {instance}, but that card has moved since "
                f"(it is instance {card.instance} now): declare attacks with Duel.declare_attack"
            )
        if card.location is not Location.MONSTER_ZONE:
            raise UsageError(f"the battle's {role} {card.id!r} is in the {card.location.value}, not a Monster Zone")

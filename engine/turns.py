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
from engine.battle_step import paused, replay_problem
from engine.effects import Context, Index
from engine.rules.attack import attack_problem, declarations, must_attack
from engine.rules.stats import watch_stats
from engine.state import NO_ATTACK, Battle, ChainRecord, GameState, LpChange, no_battle, write_battle
from engine.values.decisions import PASS, DecisionKind, Option, attack_option
from engine.values.events import Event
from engine.values.game import DAMAGE_STEP_PHASES, Location, Phase, Player, is_on_field
from engine.values.text import did_you_mean
from engine.values.words import is_at
from engine.windows import write_window


class IllegalAttack(ValueError):
    """An attack declaration the rules refuse; the message names the rule. Nothing was changed."""


# mypyc compiles subclasses of only a few builtin exceptions (not RuntimeError) as native classes.
@mypyc_attr(native_class=False)
class UsageError(RuntimeError):
    """The engine was driven in a way that cannot work (the message names the mistake)."""


@mypyc_attr(native_class=False)
class UnknownCard(LookupError):
    """A card given by an index or id that no card of this duel has (the message names it)."""


def card_index(state: GameState, card: object) -> int:
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
        named = [c.id for c in state.cards if c.name == card]
        hint = (f"; {card!r} is the name of card {named[0]!r}: give its id" if named else
                did_you_mean(card, [c.id for c in state.cards]))  # fmt: skip
        raise UnknownCard(f"there is no card with id {card!r} in this duel{hint}")
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


# -- declaring attacks, ending the Battle Phase and turns -------------------------------------------


def host_busy(s: GameState) -> str | None:
    """Why the host cannot act between attacks now, or None: it can in Main Phase 1, at a stop after the
    Damage Step of its own attack or after its attack stopped in the Battle Step, and at the turn player's
    priority in the Battle Step with no chain."""
    w = s.window
    if s.host_move is not None:  # (made in the Battle Step, once the Start Step is played)
        if s.host_move.is_pass:
            return "the Battle Phase has been ended in Main Phase 1 and not played yet: call advance() or run() first"
        return ("an attack has been declared in Main Phase 1 and its Damage Step has not been played: call advance() "
                "or run() first")  # fmt: skip
    if s.phase in (Phase.MAIN_PHASE_1, Phase.TURN_OVER) or (s.phase is Phase.STEP_OVER and s.pending is None) or (
        paused(s) or standby_phase_over(s)
    ):
        return None
    if s.phase in (Phase.DRAW_PHASE, Phase.STANDBY_PHASE):
        return "the next turn's Standby Phase is under way: play it to its end (advance/run) first"
    if s.phase is Phase.BATTLE_STEP and s.pending is not None and w is not None and not w.chain:
        return None if s.pending.player is s.turn_player else f"it is {s.pending.player}'s priority in the Battle Step"
    if s.phase is Phase.MAIN_PHASE_2:
        return "the Battle Phase is over"
    if s.phase is Phase.END_PHASE:
        return "the End Phase is under way: play it to its end (advance/run) first"
    b = s.battle
    if s.phase in (Phase.BATTLE_STEP, Phase.ATTACK_DECLARED) and w is None and b.under_way and not b.attacked:
        return "an attack has been declared and its Damage Step has not been played: call advance() or run() first"
    if s.phase in DAMAGE_STEP_PHASES:
        return f"a Damage Step is under way ({s.phase.value}): play it to its end (advance/run) first"
    waiting = f", a {s.pending.kind.value} decision pending" if s.pending is not None else ""
    return f"the Battle Phase is under way ({s.phase.value}{waiting}): play on (advance/run) first"


def _cards(ctx: Context, attacker: object, target: object) -> tuple[int, int | None]:
    try:
        return card_index(ctx.state, attacker), None if target is None else card_index(ctx.state, target)
    except (UnknownCard, UsageError) as e:  # every refusal of a declaration is an IllegalAttack
        raise IllegalAttack(str(e)) from e


def declaration(ctx: Context, attacker: object, target: object) -> Option:
    """The option that declares this attack now, checked as the rules check it (`IllegalAttack` naming
    the rule otherwise): at the turn player's priority in the Battle Step, after a replay (the attacking
    monster attacks again), or, with nothing pending, from Main Phase 1 or a stop."""
    s = ctx.state
    if s.duel_over:
        raise IllegalAttack("the Duel is over: no more attacks can be declared")
    refresh_index(ctx)
    a, t = _cards(ctx, attacker, target)
    option = attack_option(a, t)
    d = s.pending
    if d is not None and d.kind is DecisionKind.REPLAY:
        if option not in d.options:
            raise IllegalAttack(replay_problem(ctx, option) or "that is not one of the attacks it may make now")
        return option
    busy = host_busy(s)
    if busy:
        raise IllegalAttack(busy)
    problem = attack_problem(ctx, a, t, actions.declared_this_turn(s))
    if problem is not None:
        raise IllegalAttack(problem)
    if d is not None and option not in d.options:
        raise IllegalAttack("that attack is not one of the turn player's options now")
    return option


def declare_now(ctx: Context, option: Option) -> None:
    """The host declares the attack itself (nothing pending): the machine goes on from the Battle Step,
    without its window, straight to the attack declaration. From Main Phase 1 the Battle Phase begins first:
    its Start Step is played, and the attack is declared in the Battle Step (§BP.1; `battle_step.take_host_move`)."""
    s = ctx.state
    begin_turn(s)
    if s.phase is Phase.MAIN_PHASE_1:
        s.host_move = option
        return
    actions.declare_attack(ctx, option.card, option.targets[0] if option.targets else None, True)
    write_window(s, None)
    s.phase = Phase.BATTLE_STEP


def legal_attacks(ctx: Context) -> list[Option]:
    """Every attack the turn player could declare now (none while something else is under way; at a replay's
    choice, the attacking monster's)."""
    refresh_index(ctx)
    s = ctx.state
    if s.pending is not None and s.pending.kind is DecisionKind.REPLAY:
        return [o for o in s.pending.options if o.is_attack]
    if s.duel_over or host_busy(s):
        return []
    return declarations(ctx, actions.declared_this_turn(s))


MUST_ATTACK_FIRST: Final = "the turn player cannot end the Battle Phase now: a monster must attack first"


def end_battle_phase(ctx: Context) -> bool:
    """The host ends the Battle Phase for the turn player. True: pass at their priority in the Battle
    Step (the caller answers it); False: done here (the machine goes to the End Step from a stop, or from
    Main Phase 1 once the Start Step is played). `UsageError` when it cannot be ended now: a chain or an attack
    under way, or a monster that must attack and can (§BP.8)."""
    s = ctx.state
    if s.duel_over:
        raise UsageError("the Duel is over: there is no Battle Phase to end")
    refresh_index(ctx)  # (an effect attached since is checked before anything changes)
    begin_turn(s)
    busy = host_busy(s)
    if busy:
        raise UsageError(busy)
    if s.pending is not None:
        if PASS not in s.pending.options:
            raise UsageError(MUST_ATTACK_FIRST)
        return True
    if must_attack(ctx, declarations(ctx, actions.declared_this_turn(s))):
        raise UsageError(MUST_ATTACK_FIRST)  # (§BP.8: the turn player cannot pass in the Battle Step)
    if s.phase is Phase.MAIN_PHASE_1:
        s.host_move = PASS  # the Start Step is played first (§BP.1; `battle_step.take_host_move`)
        return False
    if s.battle.attacker != NO_ATTACK:
        actions.close_battle_record(s)
        write_battle(s, no_battle(s.turn_player))
    write_window(s, None)
    s.phase = Phase.BATTLE_STEP
    s.battle_phase_ending = True  # (not by an effect: no event; the Battle Step goes on to the End Step)
    return False


def end_turn(ctx: Context, standby_phases: object = 0) -> None:
    """The host ends the turn (what is left of the Battle Phase too, without its End Step): the machine goes on from
    Main Phase 2 to the End Phase (rules spec §BP.14), which `Duel.end_turn` then plays; the turn is over once it
    is (`Phase.TURN_OVER`). `standby_phases`: then the next turns' Draw and Standby Phases, up to that many (§U.31)."""
    s = ctx.state
    if s.duel_over:
        raise UsageError("the Duel is over: there is no turn to end")
    # (an object, checked here: the compiled build would refuse a str with a bare TypeError before any check)
    if isinstance(standby_phases, bool) or not isinstance(standby_phases, int) or standby_phases < 0:
        raise UsageError(f"standby_phases is a count of turns (an int, 0 or more), got {standby_phases!r}")
    refresh_index(ctx)
    begin_turn(s)
    if s.phase is Phase.END_PHASE:
        raise UsageError("the End Phase is under way: play it to its end (advance/run) first")
    busy = host_busy(s) if s.phase is not Phase.MAIN_PHASE_2 else None
    if busy:
        raise UsageError(busy)
    if s.phase is not Phase.MAIN_PHASE_2:
        actions.close_battle_record(s)
        write_battle(s, no_battle(s.turn_player))
        s.pending = None
        write_window(s, None)
        s.battle_phase_ending = False
        actions.expire_lingering(ctx, "end_of_battle_phase")  # (a Battle Phase left without its End Step)
        s.phase = Phase.MAIN_PHASE_2
    s.play_end_phase = True
    s.standby_phases = standby_phases


def standby_phase_over(s: GameState) -> bool:
    """The last Standby Phase a run asked for has been played (§U.31): the turn goes on from its Main Phase 1."""
    return s.phase is Phase.STANDBY_PHASE and s.window is None and s.pending is None and not s.standby_phases


def begin_turn(s: GameState, after_standby: bool = True) -> None:
    """A turn that is over (`Phase.TURN_OVER`) is followed by the next turn's Main Phase 1, where the host acts (not
    while the next turn's Standby Phase is still to be played, §U.31). `after_standby`: a turn whose last Standby
    Phase asked for has been played goes on in its Main Phase 1 too (the host's own calls; `advance` leaves the duel
    waiting there for the host)."""
    if (s.phase is Phase.TURN_OVER and not s.standby_phases) or (after_standby and standby_phase_over(s)):
        s.phase = Phase.MAIN_PHASE_1


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
            "stopped": b.stopped or None,  # why it ended in the Battle Step, with no Damage Step (§BP.6)
        }


def battles(state: GameState) -> list[BattleResult]:
    s = state
    ids = tuple(c.id for c in s.cards)
    out = []
    for i, r in enumerate(actions.battle_records(s)):
        closed = r.log_end is not None
        log_end = r.log_end if r.log_end is not None else len(s.log)
        chains_end = r.chains_end if r.chains_end is not None else len(s.chains)
        lp_end = r.lp_changes_end if r.lp_changes_end is not None else len(s.lp_changes)
        battle = r.battle if r.battle is not None else s.battle  # (an immutable record)
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
                over=closed or s.phase in (Phase.STEP_OVER, Phase.DUEL_OVER) or paused(s),
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
    """Before `advance`/`step` runs: refuse the states it cannot run (a new battle set by hand after a
    Damage Step ended; a battle naming a card as it was before it moved, or a target off the field),
    and pick up effects attached since the duel was built."""
    refresh_index(ctx)
    s = ctx.state
    begin_turn(s, after_standby=False)
    b = s.battle
    if s.phase is Phase.STEP_OVER and not b.attacked and b.attacker != NO_ATTACK:
        raise UsageError(
            "state.battle holds an attack that was never played, but the Damage Step is over (phase step_over): "
            "declare the next attack with Duel.declare_attack(attacker, target)"
        )
    # An attack about to enter its Battle Step or Damage Step (not one whose Battle Step is being played).
    about_to_run = s.phase in (Phase.BATTLE_STEP, Phase.ATTACK_DECLARED) and s.window is None and s.pending is None
    if not about_to_run or not b.under_way or b.attacked or b.opponent_field is not None:
        return
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
            raise UsageError(f"the battle's {role} {card.id!r} {is_at(card.location)}, not in a Monster Zone")

"""From a validated scenario to a game state, and from a finished duel to a result.

This is the only place that knows both the scenario format (string ids, "A"/"B") and the
engine's data (card indexes, `Player`); the engine itself never sees a string id.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import Any

import attrs

from engine import scenario as loader
from engine.cards import all_cards, registry
from engine.cards import library as card_library
from engine.effects import Context, Effect, Index, Registry
from engine.host import to_effect
from engine.machine import Duel, Executor
from engine.rules.attack import attacker_problem, direct_attack_problem, target_problem
from engine.scenario import CardSpec, Scenario
from engine.scripted import ScenarioMismatch, ScriptedAgent
from engine.state import Battle, Card, CardDetails, GameState, PlayerState, no_battle, write_battle
from engine.turns import BattleResult, IllegalAttack, chain_json, host_busy, lp_change_json
from engine.values.game import Attribute, CardType, Location, MonsterType, Phase, Player, Position, Property

# --- loading scenarios, with the library cards of engine.cards nameable ("card": key) ------------------------


@functools.cache
def _library() -> loader.Library:
    return MappingProxyType(card_library())


@functools.cache
def _checks_registry() -> Registry:
    """The registry the first attack is checked with (only read: the checks change nothing)."""
    return registry()


def parse_scenario(data: object) -> Scenario:
    """`engine.scenario.parse_scenario` with `engine.cards`'s library (what `engine.parse_scenario` is), and the
    first attack checked by the rules (`first_attack_problem`)."""
    return loader.parse_scenario(data, library=_library(), check=first_attack_problem)


def load_scenarios(path: str | os.PathLike[str]) -> list[Scenario]:
    """`engine.scenario.load_scenarios` with `engine.cards`'s library, each first attack checked by the rules."""
    return loader.load_scenarios(path, library=_library(), check=first_attack_problem)


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[Scenario]:
    """`engine.scenario.iter_jsonl` with `engine.cards`'s library, each first attack checked by the rules."""
    return loader.iter_jsonl(path, library=_library(), check=first_attack_problem)


def first_attack_problem(sc: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """scenario-format.md: a Battle Phase's first listed attack (`attacks[0]`), which the host declares from Main
    Phase 1, must be one the rules let the turn player declare on the field as the file gives it (the attacker
    may attack, the target may be attacked, a direct attack is possible: `engine.rules.attack`), with the effects
    of every card, the library's own effect types included, which the format's loader cannot read: a scenario
    that loads is one that plays, never a Battle Phase that starts with no attack it can make. (One `attack` is
    a Damage Step whose declaration the file gives as made: the loader checks only where its cards are, as the
    shared format says; sourced case DS-041 gives a direct attack the field would not allow.) The problem,
    placed at the attack's key, or None."""
    if sc.attack is None or sc.attacks is None:
        return None
    state = state_from_scenario(sc)
    reg = _checks_registry()
    ctx = Context(state, reg, Index(state.cards, reg), record=False)
    ids = [c.id for c in sc.cards]
    attacker = ids.index(sc.attack.attacker)
    target = None if sc.attack.target is None else ids.index(sc.attack.target)
    at = ("attacks", 0)
    problem = attacker_problem(ctx, attacker, ())
    if problem is not None:
        return (*at, "attacker"), f"the rules refuse this attack: {problem}"
    problem = direct_attack_problem(ctx, attacker, ()) if target is None else target_problem(ctx, target)
    if problem is not None:
        return (*at, "target"), f"the rules refuse this attack: {problem}"
    return None


def _own_effects(key: str | None) -> tuple[Effect, ...]:
    """The effects a library card brings with its own effect types (none for a card written as specs)."""
    return all_cards()[key].custom if key is not None else ()


def new_duel(state: GameState, *, executor: Executor = "fast", record: bool = True) -> Duel:
    """A duel whose registry knows the library cards' own effect types (`engine.cards.registry()`, a new
    one per duel): how this module and the clients make every duel from a scenario."""
    return Duel(state, registry(), executor=executor, record=record)


def _details(c: CardSpec) -> CardDetails:
    """A card's few extra keys (rules spec §U.1, §U.5), as one value."""
    column = -1 if c.column is None else c.column
    return CardDetails(frozenset(c.abilities or ()), frozenset(c.link_arrows or ()), c.summoned,
                       bool(c.summoned_this_turn), column, bool(c.extra_monster_zone), rank=c.rank or 0,
                       named_counters=c.named_counters or (), flipped=bool(c.flipped_face_up))  # fmt: skip


def state_from_scenario(sc: Scenario) -> GameState:
    ids = [c.id for c in sc.cards]
    cards = []
    for c in sc.cards:
        cards.append(
            Card(
                id=c.id,
                name=c.name or c.id,
                owner=Player[c.owner],
                controller=Player[c.controller],
                location=Location(c.location),
                card_type=CardType(c.card_type),
                base_atk=c.atk or 0,
                base_def=c.def_ or 0,
                position=Position(c.position) if c.position else None,
                face_down=c.face_down,
                pendulum=c.pendulum,
                effects=_own_effects(c.card) + tuple(to_effect(e, c.card_type) for e in c.effects),
                equipped_to=ids.index(c.equipped_to) if c.equipped_to else None,
                attribute=Attribute(c.attribute) if c.attribute else None,
                monster_type=MonsterType(c.monster_type) if c.monster_type else None,
                level=c.level or 0,
                materials=c.materials or 0,
                counters=c.counters or 0,
                card_property=Property(c.property or "normal"),
                details=_details(c),
            )
        )
    for k, c in enumerate(sc.cards):  # §U.26: its Summon's materials, as those cards are
        if c.summon_materials:
            used = tuple(cards[ids.index(m)] for m in c.summon_materials)
            cards[k] = attrs.evolve(cards[k], details=attrs.evolve(cards[k].details, summon_materials=used))
    turn_player = Player[sc.turn_player]
    state = GameState(
        players=(PlayerState(sc.life_points["A"]), PlayerState(sc.life_points["B"])),
        cards=tuple(cards),
        battle=no_battle(turn_player),
        turn_player=turn_player,
        zero_atk_mutual_destruction=sc.rules.zero_atk_mutual_destruction,
    )  # Main Phase 1: the attacks of `attacks` are declared as the run goes; `battle_phase` starts there
    if sc.attack is not None and sc.attacks is None:
        # One attack: declared, its Battle Step over; its Damage Step comes.
        att = ids.index(sc.attack.attacker)
        tgt = ids.index(sc.attack.target) if sc.attack.target is not None else None
        write_battle(state, Battle(
            attacker=att,
            target=tgt,
            attacker_instance=0,
            target_instance=0 if tgt is not None else None,
            attacker_controller=cards[att].controller,
            target_controller=cards[tgt].controller if tgt is not None else None,
        ))
        state.phase = Phase.ATTACK_DECLARED
    state.play_end_phase = sc.end_phase  # (a whole Battle Phase only: §BP.14)
    state.standby_phases = sc.standby_phases  # (then the next turns' Standby Phases: §U.31)
    return state


class BattlePhaseScript:
    """How a Battle Phase scenario (`attacks`) was played: the refused choices of every attack
    (each with its `attack`), the attacks that could not be declared (index -> the reason), and
    which of `Duel.battles` each declared attack is (index -> position in the list)."""

    def __init__(self) -> None:
        self.refused: list[dict[str, Any]] = []
        self.undeclared: dict[int, str] = {}
        self.battle_of: dict[int, int] = {}


def run_scenario(
    sc: Scenario, *, executor: Executor = "fast", on_start: Callable[[Duel], object] | None = None
) -> tuple[Duel, ScriptedAgent | BattlePhaseScript]:
    """Play a scenario with its own `choices` (every priority is shown to the scripted agent,
    so each choice is tried where the format says; choices never offered are settled at the end).
    `on_start(duel)` is called before anything runs, to attach listeners (traces, UIs).
    A Battle Phase scenario (`attacks`) plays each attack in turn (`run_battle_phase`)."""
    state = state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    duel = new_duel(state, executor=executor)
    if on_start is not None:
        on_start(duel)
    if sc.attacks is not None:
        return duel, run_battle_phase(sc, duel)
    agent = ScriptedAgent(sc)  # one attack, or the whole Battle Phase (its declarations are choices)
    duel.run(agent)
    agent.finish(duel)
    return duel, agent


def waits_for_host(duel: Duel) -> bool:
    """Whether the duel waits for its host to declare an attack: in Main Phase 1 (before any, unless the host has
    declared it there: it is made once the Start Step is played), or once the attack it declared is over, with
    nothing pending (and so, after the Duel's end, to hear that no more attacks can be declared); or at the turn
    player's priority in the Battle Step with no attack under way, which a host's declaration answers (it comes
    when the one made in Main Phase 1 could not be made once the Start Step was played)."""
    s = duel.state
    if s.host_move is not None:
        return False
    if s.pending is not None:  # (the only decision the host may answer with a declaration: `turns.host_busy`)
        return host_busy(s) is None and not s.battle.under_way
    return s.duel_over or s.phase is Phase.MAIN_PHASE_1 or duel.is_stopped


class ListedAttacks:
    """The host's side of a Battle Phase scenario (`attacks`, scenario-format.md "Battle Phases"): `act` declares
    the next listed attack when the duel waits for one (`Duel.declare_attack`, the host's declaration: its Battle
    Step responses and Damage Step are then played, and the duel waits again); one the rules refuse (or one after
    the Duel ended) is not performed, its reason kept, and the next is tried. `agent` answers the choices of the
    attack under way (each attack's own `ScriptedAgent`); `script` is how the run went. The debugger's session
    calls `act` before each unit of work (`save`/`load` keep its place at each point)."""

    def __init__(self, sc: Scenario, *, finish_agents: bool = True) -> None:
        assert sc.attacks is not None
        self.sc = sc
        self.ids = [c.id for c in sc.cards]
        self.script = BattlePhaseScript()
        self.next = 0  # the listed attack to declare next
        self.current: int | None = None  # the listed attack under way
        self.finish_agents = finish_agents  # settle each attack's unused choices when the next is declared
        self._agents: dict[int, ScriptedAgent] = {}

    @property
    def agent(self) -> ScriptedAgent:
        """The scripted agent of the attack under way (of the first before any is declared)."""
        i = 0 if self.current is None else self.current
        if i not in self._agents:
            self._agents[i] = ScriptedAgent(self.sc, attack=i)
        return self._agents[i]

    def act(self, duel: Duel) -> bool:
        """Declare the next listed attack if the duel waits for one: True if one was declared."""
        assert self.sc.attacks is not None
        if self.next >= len(self.sc.attacks) or not waits_for_host(duel):
            return False
        self._unmade(duel)
        self._close(duel)
        while self.next < len(self.sc.attacks):
            i, atk = self.next, self.sc.attacks[self.next]
            self.next += 1
            record = len(duel.battles)  # (from Main Phase 1 it is made once the Start Step is played)
            try:
                target = None if atk.target is None else self.ids.index(atk.target)
                duel.declare_attack(self.ids.index(atk.attacker), target)
            except IllegalAttack as e:
                self.script.undeclared[i] = str(e)
                continue
            self.current = i
            self.script.battle_of[i] = record
            return True
        return False

    def _unmade(self, duel: Duel) -> None:
        """The attack declared from Main Phase 1 is made in the Battle Step, once the Start Step is played
        (`battle_step.take_host_move`): if the Start Step made it impossible, it was not declared."""
        i = self.current
        if i is not None and self.script.battle_of.get(i, -1) >= len(duel.battles):
            del self.script.battle_of[i]
            self.script.undeclared[i] = "it could no longer be declared once the Start Step had been played"

    def _close(self, duel: Duel) -> None:
        """Settle the choices of the attack under way (its Damage Step is over)."""
        if self.current is None or not self.finish_agents:
            return
        agent = self.agent
        agent.finish(duel)
        self.script.refused += [{**r, "attack": self.current} for r in agent.refused]
        agent.refused.clear()

    def finish(self, duel: Duel) -> BattlePhaseScript:
        """After the run: settle the last attack's choices, and refuse those of attacks never declared."""
        self._unmade(duel)
        self._close(duel)
        script = self.script
        for k, ch in enumerate(self.sc.choices):
            if ch.attack in script.undeclared:
                reason = f"attack {ch.attack} was not declared: {script.undeclared[ch.attack]}"
                card = ch.activate if ch.declare is None else ch.declare.attacker
                if ch.expect != "illegal":
                    raise ScenarioMismatch(f"choices[{k}] ({card}) was refused: {reason}")
                script.refused.append({"choice": k, "card": card, "player": ch.player, "window": ch.window,
                                       "reason": reason, "attack": ch.attack})  # fmt: skip
        script.refused.sort(key=lambda r: int(r["choice"]))
        return script

    def save(self) -> object:
        """Its place (for the debugger's points)."""
        s = self.script
        return (self.next, self.current, dict(s.undeclared), dict(s.battle_of), list(s.refused))

    def load(self, saved: object) -> None:
        assert isinstance(saved, tuple)
        self.next, self.current = saved[0], saved[1]
        self.script.undeclared, self.script.battle_of = dict(saved[2]), dict(saved[3])
        self.script.refused = list(saved[4])


def run_battle_phase(sc: Scenario, duel: Duel) -> BattlePhaseScript:
    """scenario-format.md, "Battle Phases": each listed attack is declared in turn by the host (`ListedAttacks`)
    and played with its own scripted agent."""
    host = ListedAttacks(sc)
    while host.act(duel):
        while (d := duel.advance()) is not None and not waits_for_host(duel):  # (`Duel.run`, until the host acts)
            duel.decide(host.agent.choose(d, duel))
    return host.finish(duel)


def result(
    sc: Scenario, duel: Duel, agent: ScriptedAgent | BattlePhaseScript | None = None, *, events: bool = True
) -> dict[str, Any]:
    """The result object of scenario-format.md, exactly (of a Battle Phase: `phase_result`)."""
    s = duel.state
    ids = [c.id for c in s.cards]
    b = s.battle
    out: dict[str, Any] = {
        "format": "damage-step-result/1",
        "scenario": sc.id,
        "damage_calculation_performed": b.battled,
        "values_compared": list(b.values_compared) if b.values_compared else None,
        "battle_damage": {p.name: b.battle_damage[p] for p in Player},
        "battle_damage_events": [p.name for p in b.battle_damage_events],
        "lp_changes": [lp_change_json(c) for c in s.lp_changes],
        "destroyed_by_battle": [ids[i] for i in b.destroyed],
        "final_lp": {p.name: s.players[p].lp for p in Player},
        "winner": "draw" if s.draw else (s.winner.name if s.winner is not None else None),
        "final_locations": {c.id: c.location.value for c in s.cards},
        "final_monsters": {},
        "chains": [chain_json(ch, ids) for ch in s.chains],
        "refused": [] if agent is None else agent.refused,
    }
    from engine.rules.stats import current_stats

    for i, c in enumerate(s.cards):
        if c.location is Location.MONSTER_ZONE:
            atk, def_ = current_stats(duel.ctx, i)
            out["final_monsters"][c.id] = {
                "atk": atk,
                "def": def_,
                "position": c.position.value if c.position else None,
            }
    if events:
        out["events"] = [e.to_json(ids) for e in s.log]
    if sc.attacks is not None or sc.battle_phase:
        return phase_result(sc, duel, out, agent if isinstance(agent, BattlePhaseScript) else None)
    return out


PER_ATTACK_KEYS = (
    "damage_calculation_performed",
    "values_compared",
    "battle_damage",
    "battle_damage_events",
    "destroyed_by_battle",
)


def phase_result(
    sc: Scenario, duel: Duel, whole: dict[str, Any], script: BattlePhaseScript | None
) -> dict[str, Any]:
    """A Battle Phase result (scenario-format.md, "Battle Phases"): the whole phase's keys, every
    LP change, chain and event marked with the attack it happened in, and one `battles` entry per
    listed attack (of a whole Battle Phase, per attack declared)."""
    ids = [c.id for c in duel.state.cards]
    played = duel.battles
    battle_of = script.battle_of if script is not None else {i: i for i in range(len(played))}
    attack_of = {j: i for i, j in battle_of.items()}
    out = {k: v for k, v in whole.items() if k not in PER_ATTACK_KEYS}

    def mark(entries: list[dict[str, Any]], key: Callable[[BattleResult], tuple[int, int]]) -> None:
        for e in entries:
            e["attack"] = None  # before the first declaration (a whole Battle Phase's Start Step...)
        for j, b in enumerate(played):
            lo, hi = key(b)
            for e in entries[lo:hi]:
                e["attack"] = attack_of.get(j)

    mark(out["lp_changes"], lambda b: b.lp_changes_range)
    mark(out["chains"], lambda b: b.chains_range)
    if "events" in out:
        mark(out["events"], lambda b: b.log_range)
    battles: list[dict[str, Any]] = []
    for i in range(len(sc.attacks) if sc.attacks is not None else len(played)):
        if i in battle_of:
            entry = {**played[battle_of[i]].as_dict(ids), "attack": i}  # the index in the scenario's list
            del entry["turn"]
            battles.append(entry)
        else:
            reason = script.undeclared.get(i, "") if script is not None else ""
            battles.append({"attack": i, "declared": False, "reason": reason})
    out["battles"] = battles
    return out


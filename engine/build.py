"""From a validated scenario to a game state, and from a finished duel to a result.

This is the only place that knows both the scenario format (string ids, "A"/"B") and the
engine's data (card indexes, `Player`); the engine itself never sees a string id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.effects import DamageStepRule, Effect, EffectKind, TriggerEvent
from engine.library.ops import STAT_OPS
from engine.machine import Duel, Executor
from engine.scenario import CardSpec, EffectSpec, Scenario
from engine.scripted import ScriptedAgent
from engine.state import (
    Attribute,
    Battle,
    Card,
    CardType,
    GameState,
    Location,
    MonsterType,
    Player,
    PlayerState,
    Position,
)

FROM = {"field": Location.MONSTER_ZONE, "hand": Location.HAND, "graveyard": Location.GRAVEYARD}


def effect_from_spec(spec: EffectSpec, card: CardSpec) -> Effect:
    """The scenario's effect as engine data; its behaviour is the built-in type of its kind."""
    p: dict[str, Any] = dict(spec.params)
    kind = {"activated": EffectKind.ACTIVATED, "trigger": EffectKind.TRIGGER, "flip": EffectKind.FLIP}.get(
        spec.kind, EffectKind.CONTINUOUS
    )
    if kind is EffectKind.CONTINUOUS:
        return Effect(spec.kind, kind, params=p, negated=spec.negated, label=spec.kind)
    does = tuple({"op": op.op, **op.params} for op in spec.does)
    p["does"] = does
    p["target"] = spec.target
    p["cost"] = (
        None
        if spec.cost is None
        else {
            "lp": spec.cost.lp,
            "discard_self": spec.cost.discard_self,
            "send_self_to_graveyard": spec.cost.send_self_to_graveyard,
            "discard": spec.cost.discard,
            "tribute": spec.cost.tribute,
            "pay_with": spec.cost.pay_with,
        }
    )
    ops = {op["op"] for op in does}
    speed = int(p.get("speed", 1))
    if card.card_type == "counter_trap":
        speed = 3
    event = (
        TriggerEvent.FLIPPED
        if kind is EffectKind.FLIP
        else (TriggerEvent(p["on"]) if kind is EffectKind.TRIGGER else None)
    )
    return Effect(
        spec.kind,
        kind,
        params=p,
        speed=speed,
        event=event,
        optional=bool(p.get("optional", kind is EffectKind.ACTIVATED)),
        activate_from=FROM[p.get("from", "field")],
        damage_step=DamageStepRule(p.get("damage_step", "auto")),
        during_damage_calculation=bool(p.get("during_damage_calculation", False)),
        changes_stats=not STAT_OPS.isdisjoint(ops),
        negates_activation="negate_activation" in ops,
        negated=spec.negated,
        label=f"{spec.kind}: {', '.join(op['op'] for op in does)}",
    )


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
                effects=tuple(effect_from_spec(e, c) for e in c.effects),
                equipped_to=ids.index(c.equipped_to) if c.equipped_to else None,
                attribute=Attribute(c.attribute) if c.attribute else None,
                monster_type=MonsterType(c.monster_type) if c.monster_type else None,
                level=c.level or 0,
            )
        )
    att = ids.index(sc.attack.attacker)
    tgt = ids.index(sc.attack.target) if sc.attack.target is not None else None
    battle = Battle(
        attacker=att,
        target=tgt,
        attacker_instance=0,
        target_instance=0 if tgt is not None else None,
        attacker_controller=cards[att].controller,
        target_controller=cards[tgt].controller if tgt is not None else None,
    )
    return GameState(
        players=[PlayerState(sc.life_points["A"]), PlayerState(sc.life_points["B"])],
        cards=cards,
        battle=battle,
        turn_player=Player[sc.turn_player],
        zero_atk_mutual_destruction=sc.rules.zero_atk_mutual_destruction,
    )


def run_scenario(
    sc: Scenario, *, executor: Executor = "fast", on_start: Callable[[Duel], object] | None = None
) -> tuple[Duel, ScriptedAgent]:
    """Play a scenario with its own `choices` (every priority is shown to the scripted agent,
    so each choice is tried where the format says; choices never offered are settled at the end).
    `on_start(duel)` is called before anything runs, to attach listeners (traces, UIs)."""
    state = state_from_scenario(sc)
    state.show_every_priority = bool(sc.choices)
    duel = Duel(state, executor=executor)
    if on_start is not None:
        on_start(duel)
    agent = ScriptedAgent(sc)
    duel.run(agent)
    agent.finish(duel)
    return duel, agent


def result(sc: Scenario, duel: Duel, agent: ScriptedAgent | None = None, *, events: bool = True) -> dict[str, Any]:
    """The result object of scenario-format.md, exactly."""
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
        "lp_changes": [
            {
                "player": c.player.name,
                "delta": c.delta,
                "kind": c.kind,
                "window": c.window.value if c.window else None,
                "amount": c.amount,
            }
            for c in s.lp_changes
        ],
        "destroyed_by_battle": [ids[i] for i in b.destroyed],
        "final_lp": {p.name: s.players[p].lp for p in Player},
        "winner": "draw" if s.draw else (s.winner.name if s.winner is not None else None),
        "final_locations": {c.id: c.location.value for c in s.cards},
        "final_monsters": {},
        "chains": [
            {
                "window": ch.window.value,
                "links": [{"card": ids[c], "player": p.name} for c, p in ch.links],
                "resolution_order": [ids[c] for c in ch.resolution_order],
            }
            for ch in s.chains
        ],
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
    return out

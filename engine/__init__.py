"""A Yu-Gi-Oh! Damage Step engine: the official sub-timings as a state machine, exact damage
calculation, chains and decisions, with effects as data attached through hooks."""

from engine.build import result, run_scenario, state_from_scenario
from engine.decisions import PASS, Agent, Decision, DecisionKind, IllegalChoice, Option, PassAgent, RandomAgent
from engine.effects import (
    ActivationLock,
    DamageModifier,
    DamageStage,
    DamageStepRule,
    Effect,
    EffectKind,
    EffectType,
    Hook,
    IndestructibleByBattle,
    Piercing,
    Registry,
    Source,
    StatChange,
    TriggerEvent,
)
from engine.events import RULES, Event, EventType
from engine.library import default_registry
from engine.machine import Duel, declared_states, declared_transitions
from engine.scenario import Scenario, ScenarioError, load_scenarios, parse_scenario
from engine.scripted import ScenarioMismatch, ScriptedAgent
from engine.state import GameState, Lingering, Location, OriginalChange, OriginalOp, Phase, Player, Position, Window

__all__ = [
    "PASS",
    "RULES",
    "ActivationLock",
    "Agent",
    "DamageModifier",
    "DamageStage",
    "DamageStepRule",
    "Decision",
    "DecisionKind",
    "Duel",
    "Effect",
    "EffectKind",
    "EffectType",
    "Event",
    "EventType",
    "GameState",
    "Hook",
    "IllegalChoice",
    "IndestructibleByBattle",
    "Lingering",
    "Location",
    "Option",
    "OriginalChange",
    "OriginalOp",
    "PassAgent",
    "Phase",
    "Piercing",
    "Player",
    "Position",
    "RandomAgent",
    "Registry",
    "Scenario",
    "ScenarioError",
    "ScenarioMismatch",
    "ScriptedAgent",
    "Source",
    "StatChange",
    "TriggerEvent",
    "Window",
    "declared_states",
    "declared_transitions",
    "default_registry",
    "load_scenarios",
    "parse_scenario",
    "result",
    "run_scenario",
    "state_from_scenario",
]

"""A Yu-Gi-Oh! Damage Step engine: the official sub-timings as a state machine, exact damage
calculation, chains and decisions, with effects as data attached through hooks."""

from engine._mypyc import compiled
from engine.agents import Agent, PassAgent, RandomAgent
from engine.build import load_scenarios, parse_scenario, result, run_scenario, state_from_scenario
from engine.effects import (
    ActivationLock,
    DamageModifier,
    DamageStage,
    DamageStepRule,
    Effect,
    EffectKind,
    EffectType,
    ExtraAttacks,
    Hook,
    IndestructibleByBattle,
    InvalidEffect,
    LevelChange,
    Lingering,
    Piercing,
    Registry,
    Source,
    StatChange,
    TriggerEvent,
    Unaffected,
    Untargetable,
)
from engine.host import StateBuilder, effect_from_spec
from engine.library import default_registry
from engine.machine import Duel, declared_states, declared_transitions
from engine.rules.stats import current_stats
from engine.scenario import Scenario, ScenarioError
from engine.scripted import ScenarioMismatch, ScriptedAgent
from engine.state import GameState, write_effects
from engine.turns import BattleResult, IllegalAttack, UnknownCard, UsageError
from engine.values.decisions import ATTACK, PASS, Decision, DecisionKind, IllegalChoice, Option, attack_option
from engine.values.errors import EffectError, LoopError
from engine.values.events import RULES, Event, EventType
from engine.values.game import (
    Attribute,
    CardType,
    Location,
    MonsterType,
    OriginalChange,
    OriginalOp,
    Phase,
    Player,
    Position,
    Window,
)

__all__ = [
    "ATTACK",
    "PASS",
    "RULES",
    "ActivationLock",
    "Agent",
    "Attribute",
    "BattleResult",
    "CardType",
    "DamageModifier",
    "DamageStage",
    "DamageStepRule",
    "Decision",
    "DecisionKind",
    "Duel",
    "Effect",
    "EffectError",
    "EffectKind",
    "EffectType",
    "Event",
    "EventType",
    "ExtraAttacks",
    "GameState",
    "Hook",
    "IllegalAttack",
    "IllegalChoice",
    "IndestructibleByBattle",
    "InvalidEffect",
    "LevelChange",
    "Lingering",
    "Location",
    "LoopError",
    "MonsterType",
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
    "StateBuilder",
    "TriggerEvent",
    "Unaffected",
    "UnknownCard",
    "Untargetable",
    "UsageError",
    "Window",
    "attack_option",
    "compiled",
    "current_stats",
    "declared_states",
    "declared_transitions",
    "default_registry",
    "effect_from_spec",
    "load_scenarios",
    "parse_scenario",
    "result",
    "run_scenario",
    "state_from_scenario",
    "write_effects",
]

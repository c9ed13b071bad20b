"""Load and validate Damage Step scenarios (format ``damage-step-scenario/1``): the public face of the format.

The format itself is the package ``engine.format``, one module per part of it (its docstring says which, and
lists the loader's limits); this module gives its public names, unchanged, to the engine, its hosts and
tools. Nothing here but those names.
"""

from __future__ import annotations

from engine.format.battles import Attack, Choice
from engine.format.cards import CardSpec
from engine.format.costs import Cost
from engine.format.document import Rules, Scenario, parse_effect_spec, parse_scenario
from engine.format.effects import ACTIVATABLE_KINDS, EFFECT_KINDS, EffectSpec
from engine.format.errors import ScenarioError
from engine.format.files import iter_jsonl, load_scenarios
from engine.format.ops import OPS, Op
from engine.format.schema import SCHEMA_PATH as SCHEMA_PATH
from engine.format.schema import Json as Json
from engine.format.schema import scenario_json_schema, schema_text
from engine.format.vocabulary import ABILITIES as ABILITIES
from engine.format.vocabulary import (
    ATTRIBUTES,
    CARD_TYPES,
    FORMAT,
    LOCATIONS,
    MAX_AMOUNT,
    MAX_CARDS,
    MAX_COUNT,
    MAX_DIGITS,
    MAX_FILE_BYTES,
    MAX_LEVEL,
    MAX_LP,
    MAX_STAT,
    MONSTER_TYPES,
    PLAYERS,
    POSITIONS,
    TARGET_KEYWORDS,
    TRIGGER_CONDITIONS,
    TRIGGER_EVENTS,
    WINDOWS,
    Library,
)
from engine.format.vocabulary import DAMAGE_STEP_WINDOWS as DAMAGE_STEP_WINDOWS
from engine.format.vocabulary import SUMMON_FROM as SUMMON_FROM
from engine.format.vocabulary import SUMMON_KINDS as SUMMON_KINDS
from engine.format.writing import scenario_to_json

__all__ = [
    "ACTIVATABLE_KINDS",
    "ATTRIBUTES",
    "CARD_TYPES",
    "EFFECT_KINDS",
    "FORMAT",
    "LOCATIONS",
    "MAX_AMOUNT",
    "MAX_CARDS",
    "MAX_COUNT",
    "MAX_DIGITS",
    "MAX_FILE_BYTES",
    "MAX_LEVEL",
    "MAX_LP",
    "MAX_STAT",
    "MONSTER_TYPES",
    "OPS",
    "PLAYERS",
    "POSITIONS",
    "TARGET_KEYWORDS",
    "TRIGGER_CONDITIONS",
    "TRIGGER_EVENTS",
    "WINDOWS",
    "Attack",
    "CardSpec",
    "Choice",
    "Cost",
    "EffectSpec",
    "Library",
    "Op",
    "Rules",
    "Scenario",
    "ScenarioError",
    "iter_jsonl",
    "load_scenarios",
    "parse_effect_spec",
    "parse_scenario",
    "scenario_json_schema",
    "scenario_to_json",
    "schema_text",
]

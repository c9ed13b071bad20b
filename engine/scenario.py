"""Load and validate Damage Step scenarios (format ``damage-step-scenario/1``).

The format is a contract with everything outside the engine (see ``scenario-format.md``), so a scenario is
validated completely, and the first problem raises :class:`ScenarioError` with a path into the document
(``cards[1].position``, ``line 3: attack.target``), before any engine code sees it. The engine then works on
frozen, typed objects whose optional keys are all filled in, and never re-checks the input.

Why it is built this way:

* One source of truth. The accepted keys, types, enums and defaults live in declarative tables (``_Field``
  specs per object, :data:`EFFECT_KINDS`, :data:`OPS`). The validator walks them, and
  :func:`scenario_json_schema` renders them as JSON Schema (committed as ``schemas/scenario.schema.json``;
  ``python -m engine schema`` rewrites it), so the schema cannot drift from the loader.
  What a schema cannot say (card-id references, zone/position rules, the attack's legality, choice
  indices, the Counter Trap speed) is checked in code after the structural pass.
* Speed. Corpora have thousands of scenarios, so there is no ``jsonschema`` at runtime: checks are plain
  ``type(v) is ...`` tests, and error paths are built only when an error is raised (as the exception
  unwinds), never for values that are fine.
* Strict types. ``bool`` is not an integer and ``1.0`` is not an integer (JSON Schema's ``integer`` does
  accept ``1.0``; the loader is the stricter of the two). ``null`` is accepted only for ``attack.target``.
* Defaults the format leaves unstated: a key is required if the corpus always gives it (trigger
  ``optional``, ``negate_activation.destroy``, a monster's ``atk``/``def``), otherwise it gets the sensible
  default, which is written into the schema's ``default`` (a card's ``effects`` defaults to ``[]``).

Files (:func:`load_scenarios`): ``.json`` holds one scenario or a list of them; ``.jsonl`` one per non-blank
line (error paths start ``line N: ``); ``.toml`` one scenario. Any scenario may also be wrapped as a corpus
record ``{"scenario": {...}, "expected": ..., "source": ...}`` (only ``scenario`` is read). TOML has no
null, so in TOML an ``[attack]`` without ``target`` is a direct attack; in JSON ``target`` is required and
``null`` means a direct attack.

Limits. Anything a user or a corpus hands the loader ends in a correct scenario or in one
:class:`ScenarioError` naming the place, never in another exception; this is the authoritative list:

* Files: a path must be a regular file (a directory, FIFO, socket or device such as ``/dev/zero`` is
  refused without reading it or waiting on it) of at most :data:`MAX_FILE_BYTES` (64 MiB), checked with
  ``fstat`` before anything is read. A missing or unreadable file is an error naming the file.
* Encoding: UTF-8 only (an invalid byte is reported with its line and column); a leading UTF-8 byte-order
  mark is skipped; CRLF line endings are read as LF (in JSON lines, each line is split at LF only and its
  trailing CR is whitespace); in ``.jsonl`` blank lines (only spaces, tabs, CR) are skipped.
* JSON: an object may not repeat a key; ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's ``json``
  accepts) and numbers that overflow to infinity (``1e400``) are refused; an integer literal may have at
  most :data:`MAX_DIGITS` (20) digits. These three are reported with the path of the value.
* Nesting: a document nested deeper than its parser can follow (Python's recursion limit: about 1,000
  levels of ``[``/``{`` in JSON, a few hundred in TOML) is refused as "nested too deeply" with the line and
  column of its deepest point; a valid scenario nests fewer than 10 levels, and the validator only ever
  descends as deep as the format does, so nothing else in the loader depends on the depth.
* Numbers (in the schema as ``minimum``/``maximum``): ATK/DEF and ``set_atk``/``set_def`` 0..1,000,000
  (:data:`MAX_STAT`; the format has no "?" ATK); ATK/DEF changes (``change_stats`` and ``stat_modifier``
  ``atk``/``def``) -1,000,000..1,000,000; life points 1..2,147,483,647 (:data:`MAX_LP`; 0 LP would be a duel
  already lost); LP amounts (``damage``/``gain_lp`` ``amount``, ``battle_damage_becomes.value``, ``cost.lp``)
  0..2,147,483,647 (:data:`MAX_AMOUNT`); counts (``draw.count``, ``cost.discard``/``cost.tribute`` and a
  replacement's ``instead``) 0..1,000 and
  ``indestructible_by_battle.times_per_turn`` 1..1,000 (:data:`MAX_COUNT`); ``choices[].effect`` 0..1,000
  (and less than the card's number of effects); ``speed`` 1..3; a monster's ``level`` and the filters'
  ``level_at_most``/``level_at_least`` 1..12 (:data:`MAX_LEVEL`). Lists and strings have no bound of their own
  beyond the file size.
* TOML: duplicate keys are already a TOML error; ``nan``/``inf`` are refused as in JSON, and so is a
  decimal integer of more than :data:`MAX_DIGITS` digits.

Error messages quote scenario text through :func:`engine.text.printable`, so an id or key holding control
characters cannot rewrite the terminal that shows the error.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any, NoReturn, cast

import attrs

from engine.values.text import printable

__all__ = [
    "ACTIVATABLE_KINDS",
    "ATTRIBUTES",
    "CARD_TYPES",
    "EFFECT_KINDS",
    "FORMAT",
    "LOCATIONS",
    "MAX_AMOUNT",
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
    "Op",
    "Rules",
    "Scenario",
    "ScenarioError",
    "iter_jsonl",
    "load_scenarios",
    "parse_scenario",
    "scenario_json_schema",
    "scenario_to_json",
    "schema_text",
]

FORMAT = "damage-step-scenario/1"
SCHEMA_PATH = Path(__file__).with_name("schemas") / "scenario.schema.json"

# --- limits (see the module docstring) ----------------------------------------------------------------

MAX_FILE_BYTES = 64 * 1024 * 1024  # about 45,000 corpus records; checked before a file is read
MAX_DIGITS = 20  # an integer literal; the largest bound below has 10
MAX_STAT = 1_000_000  # ATK/DEF, and the size of an ATK/DEF change
MAX_LP = 2_147_483_647  # life points (a signed 32-bit integer, for tools in other languages)
MAX_AMOUNT = 2_147_483_647  # damage, LP gained, LP costs
MAX_COUNT = 1_000  # draws, times per turn, effect indices

# --- enums -------------------------------------------------------------------------------------------

PLAYERS = ("A", "B")
LOCATIONS = ("monster_zone", "spell_trap_zone", "hand", "graveyard", "banished", "deck", "extra_deck")
CARD_TYPES = ("monster", "spell", "trap", "counter_trap")
POSITIONS = ("attack", "defense", "set")
WINDOWS = (
    "start_of_damage_step",
    "before_damage_calculation",
    "during_damage_calculation",
    "after_damage_calculation",
    "end_of_damage_step",
)
RELATIVE_PLAYERS = ("controller", "opponent", "both")
ANY_PLAYERS = (*RELATIVE_PLAYERS, *PLAYERS)  # damage / gain_lp / draw may also name a player
TARGET_KEYWORDS = ("attacker", "target", "self", "battling_opponent", "own_battler", "opponent_battler")
TRIGGER_EVENTS = (
    "start_of_damage_step",
    "before_damage_calculation",
    "battle_damage_inflicted",
    "battle_damage_taken",
    "after_damage_calculation",
    "destroyed_by_battle",
    "destroyed_by_battle_and_sent_to_graveyard",
    "destroys_by_battle",
    "end_of_damage_step",
)
TRIGGER_CONDITIONS = (
    "this_card_battled",
    "this_card_attacked",
    "this_card_was_attacked",
    "attacking_defense_position",
    "attacking_face_down",
    "was_face_down_at_start",
)
ACTIVATABLE_KINDS = frozenset({"activated", "trigger", "flip"})
SUMMON_FROM = frozenset({"hand", "deck", "graveyard"})
ATTRIBUTES = ("light", "dark", "water", "fire", "earth", "wind", "divine")
MONSTER_TYPES = (
    "aqua", "beast", "beast_warrior", "creator_god", "cyberse", "dinosaur", "divine_beast", "dragon", "fairy",
    "fiend", "fish", "illusion", "insect", "machine", "plant", "psychic", "pyro", "reptile", "rock", "sea_serpent",
    "spellcaster", "thunder", "warrior", "winged_beast", "wyrm", "zombie",
)  # fmt: skip
MAX_LEVEL = 12

# --- errors ------------------------------------------------------------------------------------------


class ScenarioError(ValueError):
    """An invalid scenario or scenario file; ``str(err) == f"{err.path}: {err.message}"``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class _Invalid(Exception):
    """Internal: raised deep in the walk; each level prepends its key/index as the error unwinds."""

    def __init__(self, message: str, *parts: str | int) -> None:
        super().__init__(message)
        self.message = message
        self.parts = list(parts)

    def error(self, line: int | None = None) -> ScenarioError:
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{printable(p)}" for p in self.parts).lstrip(".")
        if line is not None:
            return ScenarioError(f"line {line}: {path}" if path else f"line {line}", self.message)
        return ScenarioError(path or "$", self.message)


def _show(v: object) -> str:
    """A value as an error message quotes it: short, one line, control characters escaped."""
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, list | tuple):
        return "a list"
    if type(v) is int and abs(v) >= 10**MAX_DIGITS:  # str() of a huge int is slow, or refused outright
        return f"an integer of {v.bit_length()} bits"
    try:
        s = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        s = f"a {type(v).__name__}"
    s = printable(s)
    return s if len(s) <= 60 else s[:57] + "..."


def _one_of(values: tuple[str, ...], v: object) -> NoReturn:
    raise _Invalid(f"expected one of {', '.join(values)}, got {_show(v)}")


# --- value types: each checks a value (returning it normalised) and renders its JSON Schema -------------

Json = dict[str, Any]
_REQUIRED: Any = object()  # marker: the key has no default
_MISSING: Any = object()


class _Type:
    __slots__ = ()

    def check(self, v: object) -> Any:
        raise NotImplementedError

    def schema(self) -> Json:
        raise NotImplementedError


@attrs.frozen
class _Str(_Type):
    nonempty: bool = False

    def check(self, v: object) -> Any:
        if type(v) is not str:
            raise _Invalid(f"expected a string, got {_show(v)}")
        if self.nonempty and not v:
            raise _Invalid('expected a non-empty string, got ""')
        return v

    def schema(self) -> Json:
        return {"type": "string", "minLength": 1} if self.nonempty else {"type": "string"}


@attrs.frozen
class _Int(_Type):
    """An integer from ``lo`` to ``hi``: every integer of the format has both bounds (no unbounded arithmetic
    on what a file says, and the bounds are published in the schema)."""

    lo: int
    hi: int

    def check(self, v: object) -> Any:
        if type(v) is not int:
            raise _Invalid(f"expected an integer, got {_show(v)}")
        if v < self.lo or v > self.hi:
            raise _Invalid(f"expected an integer from {self.lo} to {self.hi}, got {_show(v)}")
        return v

    def schema(self) -> Json:
        return {"type": "integer", "minimum": self.lo, "maximum": self.hi}


@attrs.frozen
class _Bool(_Type):
    def check(self, v: object) -> Any:
        if type(v) is not bool:
            raise _Invalid(f"expected true or false, got {_show(v)}")
        return v

    def schema(self) -> Json:
        return {"type": "boolean"}


@attrs.frozen
class _Enum(_Type):
    values: tuple[str, ...]
    _set: frozenset[str] = attrs.field(init=False)

    @_set.default
    def _values_set(self) -> frozenset[str]:
        return frozenset(self.values)

    def check(self, v: object) -> Any:
        if type(v) is not str or v not in self._set:
            if len(self.values) == 1:
                raise _Invalid(f"expected {_show(self.values[0])}, got {_show(v)}")
            _one_of(self.values, v)
        return v

    def schema(self) -> Json:
        if len(self.values) == 1:
            return {"const": self.values[0]}
        return {"type": "string", "enum": list(self.values)}


@attrs.frozen
class _Ref(_Type):
    """A card id (``card``) or a target reference (``target``: a keyword or a card id).

    Only the shape is checked here; that the id exists is checked once all cards are known."""

    what: str

    def check(self, v: object) -> Any:
        if type(v) is not str or not v:
            expected = "a card id" if self.what == "card" else f"{', '.join(TARGET_KEYWORDS)} or a card id"
            raise _Invalid(f"expected {expected}, got {_show(v)}")
        return v

    def schema(self) -> Json:
        return {"$ref": f"#/$defs/{self.what}_ref"}


@attrs.frozen
class _Nullable(_Type):
    inner: _Type

    def check(self, v: object) -> Any:
        return None if v is None else self.inner.check(v)

    def schema(self) -> Json:
        return {"anyOf": [self.inner.schema(), {"type": "null"}]}


@attrs.frozen
class _List(_Type):
    item: _Type
    min_items: int = 0

    def check(self, v: object) -> Any:
        if type(v) is not list:
            raise _Invalid(f"expected a list, got {_show(v)}")
        if len(v) < self.min_items:
            raise _Invalid(f"expected at least {self.min_items} item(s), got an empty list")
        check = self.item.check
        out = []
        for i, x in enumerate(v):
            try:
                out.append(check(x))
            except _Invalid as e:
                e.parts.insert(0, i)
                raise
        return tuple(out)

    def schema(self) -> Json:
        s: Json = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            s["minItems"] = self.min_items
        return s


@attrs.frozen
class _OneOrList(_Type):
    """One enum value or a non-empty list of them; normalised to a tuple."""

    item: _Enum

    def check(self, v: object) -> Any:
        if type(v) is list:
            return _List(self.item, 1).check(v)
        return (self.item.check(v),)

    def schema(self) -> Json:
        return {"anyOf": [self.item.schema(), {"type": "array", "items": self.item.schema(), "minItems": 1}]}


@attrs.frozen
class _Field:
    type: _Type
    default: Any = _REQUIRED  # None: optional, absent is None (no "default" in the schema)
    doc: str | None = None


Fields = Mapping[str, _Field]


def _check_fields(v: object, fields: Fields) -> dict[str, Any]:
    """Check an object against its field table; return every field, defaults filled in."""
    if type(v) is not dict:
        raise _Invalid(f"expected an object, got {_show(v)}")
    for key in v:
        if key not in fields:
            raise _Invalid(f"unknown key {_show(key)} (allowed: {', '.join(fields)})", key)
    out: dict[str, Any] = {}
    for name, f in fields.items():
        x = v.get(name, _MISSING)
        if x is _MISSING:
            if f.default is _REQUIRED:
                raise _Invalid("missing required key", name)
            out[name] = f.default
        else:
            try:
                out[name] = f.type.check(x)
            except _Invalid as e:
                e.parts.insert(0, name)
                raise
    return out


def _jsonable(v: Any) -> Any:
    if attrs.has(type(v)):
        return attrs.asdict(v)
    if isinstance(v, Mapping):
        return dict(v)
    return list(v) if isinstance(v, tuple) else v


def _object_schema(fields: Fields) -> Json:
    props: Json = {}
    for name, f in fields.items():
        s = f.type.schema()
        if f.default is not _REQUIRED and f.default is not None:
            s["default"] = _jsonable(f.default)
        if f.doc:
            s["description"] = f.doc
        props[name] = s
    required = [n for n, f in fields.items() if f.default is _REQUIRED]
    s = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        s["required"] = required
    return s


@attrs.frozen
class _Object(_Type):
    fields: Fields
    build: Callable[[dict[str, Any]], Any]

    def check(self, v: object) -> Any:
        return self.build(_check_fields(v, self.fields))

    def schema(self) -> Json:
        return _object_schema(self.fields)


# --- the validated scenario --------------------------------------------------------------------------


@attrs.frozen
class Op:
    op: str
    params: Mapping[str, Any]  # every key but "op", defaults filled in


@attrs.frozen
class Cost:
    lp: int = 0
    discard_self: bool = False
    send_self_to_graveyard: bool = False
    discard: int = 0  # other cards from the hand
    tribute: int = 0  # monsters the player controls, other than this card
    pay_with: tuple[str, ...] = ()  # the cards the player picks first for discard / tribute


@attrs.frozen
class EffectSpec:
    kind: str
    params: Mapping[str, Any]  # the kind's own parameters, defaults filled in
    does: tuple[Op, ...] = ()
    cost: Cost | None = None
    target: str | None = None
    negated: bool = False


@attrs.frozen
class CardSpec:
    id: str
    name: str | None
    controller: str
    owner: str
    location: str
    card_type: str
    atk: int | None
    def_: int | None
    position: str | None
    face_down: bool
    pendulum: bool
    equipped_to: str | None
    effects: tuple[EffectSpec, ...]
    attribute: str | None = None
    monster_type: str | None = None
    level: int | None = None


@attrs.frozen
class Attack:
    attacker: str
    target: str | None


@attrs.frozen
class Choice:
    window: str
    player: str
    activate: str
    effect: int = 0
    targets: tuple[str, ...] | None = None
    new_chain: bool = False
    expect: str = "legal"
    attack: int = 0  # with `attacks`: the index of the attack the choice belongs to


@attrs.frozen
class Rules:
    zero_atk_mutual_destruction: bool = False


@attrs.frozen
class Scenario:
    format: str
    id: str | None
    title: str | None
    notes: str | None
    rules: Rules
    turn_player: str
    life_points: Mapping[str, int]
    cards: tuple[CardSpec, ...]
    attack: Attack  # with `attacks`: the first of them
    choices: tuple[Choice, ...]
    attacks: tuple[Attack, ...] | None = None  # a Battle Phase: several attacks, one after the other


# --- tables: effects and operations --------------------------------------------------------------------

_F = _Field
_TARGET = _F(_Ref("target"))
_RELATIVE = _F(_Enum(RELATIVE_PLAYERS))
_ANY_PLAYER = _F(_Enum(ANY_PLAYERS))
_AMOUNT = _F(_Int(0, MAX_AMOUNT))
_STAT = _Int(0, MAX_STAT)
_STAT_CHANGE = _Int(-MAX_STAT, MAX_STAT)
# Which monsters a condition or an effect's scope means (all keys given must hold). An archetype is matched by
# name, as the official rule does: a "Ghostrick" monster has "Ghostrick" in its name (``name``, else ``id``).
_FILTER_FIELDS: Fields = {
    "archetype": _F(_Str(nonempty=True), None, "its name contains this text"),
    "not_archetype": _F(_Str(nonempty=True), None, "its name does not contain this text"),
    "attribute": _F(_Enum(ATTRIBUTES), None, "it has this Attribute"),
    "monster_type": _F(_Enum(MONSTER_TYPES), None, "it is of this Type"),
    "level_at_most": _F(_Int(1, MAX_LEVEL), None, "its Level is at most this"),
    "level_at_least": _F(_Int(1, MAX_LEVEL), None, "its Level is at least this"),
    "face_up": _F(_Bool(), None, "true: it is face-up (a face-down monster shows no ATK to refer to)"),
}
_FILTER = _Object(_FILTER_FIELDS, lambda d: MappingProxyType({k: v for k, v in d.items() if v is not None}))
# "If a LIGHT monster you control battles" (Honest), "if this card battles a LIGHT monster": who battles whom,
# as an activation condition of an activated or trigger effect (all keys given must hold).
_BATTLE_FIELDS: Fields = {
    "own_monster": _F(_FILTER, None, "a monster the effect's controller controls battles, and matches this filter"),
    "opponent_monster": _F(_FILTER, None, "it battles an opponent's monster that matches this filter"),
    "self": _F(_Bool(), False, "this card (the equipped monster, on an equip) is one of the battling monsters"),
}
_BATTLE = _Object(_BATTLE_FIELDS, lambda d: MappingProxyType({k: v for k, v in d.items() if v is not None}))


@attrs.frozen
class _OpSpec:
    params: Fields
    any_of: tuple[str, ...] = ()  # at least one of these keys must be given

    @property
    def fields(self) -> Fields:
        return {"op": _F(_Str()), **self.params}


OPS: Mapping[str, _OpSpec] = {
    "change_stats": _OpSpec(
        {
            "target": _TARGET,
            "atk": _F(_STAT_CHANGE, 0, "ATK delta"),
            "def": _F(_STAT_CHANGE, 0, "DEF delta"),
            "set_atk": _F(_STAT, None),
            "set_def": _F(_STAT, None),
            "atk_gain_equal_to": _F(_Enum(("battling_opponent_atk",)), None),
            "until": _F(_Enum(("end_of_turn", "end_of_damage_step", "damage_calculation")), "end_of_turn"),
        },
        any_of=("atk", "def", "set_atk", "set_def", "atk_gain_equal_to"),
    ),
    # Relative stat ops (rules spec §S): a freezing current value, or a change of the original value.
    **{
        name: _OpSpec(
            {
                "target": _TARGET,
                "stats": _F(_Enum(("atk", "def", "both")), "atk", "which values"),
                "until": _F(_Enum(("end_of_turn", "end_of_damage_step", "damage_calculation")), "end_of_turn"),
            }
        )
        for name in ("halve_stats", "double_stats", "halve_original_stats", "double_original_stats")
    },
    "switch_atk_def": _OpSpec(
        {
            "target": _TARGET,
            "until": _F(_Enum(("end_of_turn", "end_of_damage_step", "damage_calculation")), "end_of_turn"),
        }
    ),
    "set_original_stats": _OpSpec(
        {
            "target": _TARGET,
            "set_atk": _F(_STAT, None),
            "set_def": _F(_STAT, None),
            "until": _F(_Enum(("end_of_turn", "end_of_damage_step", "damage_calculation")), "end_of_turn"),
        },
        any_of=("set_atk", "set_def"),
    ),
    "no_battle_damage_this_battle": _OpSpec({"player": _F(_Enum(("controller", "opponent")))}),
    "indestructible_by_battle_this_turn": _OpSpec({"target": _TARGET}),
    "negate_activation": _OpSpec({"destroy": _F(_Bool())}),
    "destroy": _OpSpec({"target": _TARGET}),
    "banish": _OpSpec({"target": _TARGET}),
    "return_to_hand": _OpSpec({"target": _TARGET}),
    "send_to_graveyard": _OpSpec({"target": _TARGET}),
    "change_position": _OpSpec({"target": _TARGET, "to": _F(_Enum(POSITIONS))}),
    "take_control": _OpSpec({"target": _TARGET}),
    "special_summon": _OpSpec(
        {
            "card": _F(_Ref("card"), doc="a monster in hand, deck or graveyard"),
            "position": _F(_Enum(POSITIONS)),
        },
    ),
    "damage": _OpSpec({"player": _ANY_PLAYER, "amount": _AMOUNT}),
    "gain_lp": _OpSpec({"player": _ANY_PLAYER, "amount": _AMOUNT}),
    "draw": _OpSpec({"player": _ANY_PLAYER, "count": _F(_Int(0, MAX_COUNT))}),
}
_OP_NAMES = tuple(OPS)
_OP_FIELDS = {name: spec.fields for name, spec in OPS.items()}
_REF_PARAMS = {
    name: tuple((p, f.type.what) for p, f in spec.params.items() if isinstance(f.type, _Ref))
    for name, spec in OPS.items()
}


@attrs.frozen
class _Op(_Type):
    def check(self, v: object) -> Any:
        v, op = _dispatch(v, "op", _OP_NAMES)
        spec = OPS[op]
        d = _check_fields(v, _OP_FIELDS[op])
        if spec.any_of and not any(k in v for k in spec.any_of):
            raise _Invalid(f"{op} needs at least one of {', '.join(spec.any_of)}")
        del d["op"]
        return Op(op, MappingProxyType(d))

    def schema(self) -> Json:
        return {"$ref": "#/$defs/op"}


def _dispatch(v: object, key: str, names: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """Read the discriminator (``kind``/``op``) of an effect or operation."""
    if type(v) is not dict:
        raise _Invalid(f"expected an object, got {_show(v)}")
    name = v.get(key, _MISSING)
    if name is _MISSING:
        raise _Invalid("missing required key", key)
    if type(name) is not str or name not in names:
        try:
            _one_of(names, name)
        except _Invalid as e:
            e.parts.insert(0, key)
            raise
    return v, name


@attrs.frozen
class _Kind:
    params: Fields
    activatable: bool = False  # takes does/cost/target; does is required

    @property
    def fields(self) -> Fields:
        common: dict[str, _Field] = {"kind": _F(_Str())}
        if self.activatable:
            common |= {
                "does": _F(_List(_Op(), 1)),
                "cost": _F(_COST, None),
                "target": _F(_Ref("target"), None, "chosen on activation"),
            }
        return {**common, **self.params, "negated": _F(_Bool(), False)}


_COST_FIELDS: Fields = {
    "lp": _F(_Int(0, MAX_AMOUNT), 0),
    "discard_self": _F(_Bool(), False),
    "send_self_to_graveyard": _F(_Bool(), False),
    "discard": _F(_Int(0, MAX_COUNT), 0, "discard this many other cards from the hand"),
    "tribute": _F(_Int(0, MAX_COUNT), 0, "Tribute this many monsters you control, other than this card"),
    "pay_with": _F(_List(_Ref("card")), (), "the cards the player picks first for discard/tribute, in this order"),
}
_COST = _Object(_COST_FIELDS, lambda d: Cost(**d))
# What a destruction replacement does instead ("you can <do this> instead"): the cost keys, or the destruction
# of another face-up monster its controller controls (The Six Samurai: "destroy another ... monster instead").
_INSTEAD_FIELDS: Fields = {
    **{k: f for k, f in _COST_FIELDS.items() if k != "discard_self"},
    "destroy_other": _F(_FILTER, None, "destroy another face-up monster you control that matches this filter"),
}



_INSTEAD = _Object(_INSTEAD_FIELDS, lambda d: MappingProxyType({k: v for k, v in d.items() if v is not None}))

EFFECT_KINDS: Mapping[str, _Kind] = {
    "piercing": _Kind({"double": _F(_Bool(), False)}),
    "indestructible_by_battle": _Kind({"times_per_turn": _F(_Int(1, MAX_COUNT), None, "unlimited if absent")}),
    "avoid_battle_damage": _Kind(
        {"player": _RELATIVE, "scope": _F(_Enum(("involving", "all")), "involving")},
    ),
    "reflect_battle_damage": _Kind(
        {"scope": _F(_Enum(("involving", "all")), "involving", "all: every battle (Dimension Wall)")}
    ),
    "also_inflict_battle_damage": _Kind({}),
    "both_take_battle_damage": _Kind({}),
    "double_battle_damage": _Kind({}),
    "halve_battle_damage": _Kind(
        {"player": _RELATIVE, "inflicted_by": _F(_FILTER, None, "only battle damage monsters like this inflict")}
    ),
    "battle_damage_becomes": _Kind({"player": _RELATIVE, "value": _AMOUNT}),
    "battle_damage_is_effect_damage": _Kind({}),
    "gain_lp_instead": _Kind({"player": _RELATIVE}),
    "attack_from_defense": _Kind({"apply": _F(_Enum(("atk", "def")))}),
    "stat_modifier": _Kind(
        {
            "atk": _F(_STAT_CHANGE, 0),
            "def": _F(_STAT_CHANGE, 0),
            "applies_to": _F(
                _Enum(("self", "other_own_monsters", "own_monsters", "opponent_monsters", "all_monsters")), "self"
            ),
            "filter": _F(_FILTER, None, "only the monsters of applies_to that match this filter"),
            "while": _F(_Enum(("always", "damage_step", "damage_calculation")), "always"),
            "when": _F(_Enum(("attacking", "attacked", "battling")), None, "any time if absent"),
        }
    ),
    "activation_lock": _Kind({"card_type": _F(_Enum(("spell", "trap"))), "player": _RELATIVE}),
    "banish_instead_of_graveyard": _Kind({}),
    "battle_destruction_replacement": _Kind(
        {
            "protects": _F(_Enum(("self", "own_monsters")), "self", "self: this card (on an equip: the monster)"),
            "filter": _F(_FILTER, None, "with own_monsters: only the monsters that match"),
            "instead": _F(_INSTEAD, doc="what its controller does instead of the destruction"),
            "use": _F(_Bool(), True, "whether its controller chooses to apply it (the format has no decision for it)"),
        }
    ),
    "self_destroy_unless": _Kind({"condition": _F(_Str(nonempty=True))}),
    "activated": _Kind(
        {
            "speed": _F(_Int(1, 3), None, "required, except on a counter_trap card (always 3)"),
            "during_damage_calculation": _F(_Bool(), False),
            "from": _F(_Enum(("field", "hand")), "field"),
            "damage_step": _F(_Enum(("auto", "allowed", "forbidden")), "auto"),
            "windows": _F(
                _List(_Enum(WINDOWS), 1), None,
                "the Damage Step windows its text names for its activation (Honest: start_of_damage_step, "
                "before_damage_calculation): activated in those only",
            ),
            "battle": _F(_BATTLE, None, "who battles whom: an activation condition"),
        },
        activatable=True,
    ),
    "trigger": _Kind(
        {
            "on": _F(_Enum(TRIGGER_EVENTS)),
            "optional": _F(_Bool()),
            "condition": _F(_OneOrList(_Enum(TRIGGER_CONDITIONS)), (), "all must hold"),
            "from": _F(_Enum(("field", "hand", "graveyard")), "field"),
            "battle": _F(_BATTLE, None, "who battles whom: an activation condition"),
        },
        activatable=True,
    ),
    "flip": _Kind({"optional": _F(_Bool(), False)}, activatable=True),
}
_KIND_NAMES = tuple(EFFECT_KINDS)
_ACTIVATION_KEYS = frozenset({"does", "cost", "target"})
_KIND_FIELDS = {name: spec.fields for name, spec in EFFECT_KINDS.items()}


@attrs.frozen
class _Effect(_Type):
    def check(self, v: object) -> Any:
        v, kind = _dispatch(v, "kind", _KIND_NAMES)
        if not EFFECT_KINDS[kind].activatable:
            for key in v:
                if key in _ACTIVATION_KEYS:
                    raise _Invalid(f"a continuous effect ({kind}) takes no {key}, got {_show(v[key])}", key)
        d = _check_fields(v, _KIND_FIELDS[kind])
        params = {name: d[name] for name in EFFECT_KINDS[kind].params}
        return EffectSpec(
            kind, MappingProxyType(params), d.get("does", ()), d.get("cost"), d.get("target"), d["negated"]
        )

    def schema(self) -> Json:
        return {"$ref": "#/$defs/effect"}


# --- tables: cards, choices, the scenario ------------------------------------------------------------

_CARD_FIELDS: Fields = {
    "id": _F(_Str(nonempty=True)),
    "name": _F(_Str(), None),
    "controller": _F(_Enum(PLAYERS)),
    "owner": _F(_Enum(PLAYERS), None, "defaults to controller"),
    "location": _F(_Enum(LOCATIONS), "monster_zone"),
    "card_type": _F(_Enum(CARD_TYPES), "monster"),
    "atk": _F(_STAT, None, "monsters only, and required for them"),
    "def": _F(_STAT, None, "monsters only, and required for them"),
    "position": _F(_Enum(POSITIONS), None, "monsters in a monster_zone only, and required for them"),
    "face_down": _F(_Bool(), False, "spells/traps in a spell_trap_zone only"),
    "pendulum": _F(_Bool(), False, "monsters only"),
    "equipped_to": _F(_Ref("card"), None, "spells/traps in a spell_trap_zone only; names a monster"),
    "effects": _F(_List(_Effect()), ()),
    "attribute": _F(_Enum(ATTRIBUTES), None, "monsters only"),
    "monster_type": _F(_Enum(MONSTER_TYPES), None, "monsters only (its Type)"),
    "level": _F(_Int(1, MAX_LEVEL), None, "monsters only"),
    "card": _F(_Str(nonempty=True), None, "a card of engine/cards (e.g. rush_recklessly): its name, card_type, "
               "printed atk/def and effects, unless given here"),
}

# Card keys allowed only on some cards: key -> (test on (card_type, location), who may have it).
_Who = tuple[Callable[[str, str], bool], str]
_MONSTERS: _Who = (lambda t, loc: t == "monster", "monsters")
_FIELD_MONSTERS: _Who = (
    lambda t, loc: t == "monster" and loc == "monster_zone",
    "monsters in a monster_zone",
)
_FIELD_SPELL_TRAPS: _Who = (
    lambda t, loc: t != "monster" and loc == "spell_trap_zone",
    "spells/traps in a spell_trap_zone",
)
_ONLY_FOR: Mapping[str, _Who] = {
    "atk": _MONSTERS,
    "def": _MONSTERS,
    "pendulum": _MONSTERS,
    "attribute": _MONSTERS,
    "monster_type": _MONSTERS,
    "level": _MONSTERS,
    "position": _FIELD_MONSTERS,
    "face_down": _FIELD_SPELL_TRAPS,
    "equipped_to": _FIELD_SPELL_TRAPS,
}
# Card keys required on some cards (beyond the field table).
_REQUIRED_FOR: Mapping[str, _Who] = {"atk": _MONSTERS, "def": _MONSTERS, "position": _FIELD_MONSTERS}


def _card(d: dict[str, Any], v: dict[str, Any]) -> CardSpec:
    """Card-local rules, on the checked fields ``d`` and the raw object ``v`` (for which keys were given)."""
    ctype, loc = d["card_type"], d["location"]
    if (loc == "monster_zone") != (ctype == "monster") and loc in ("monster_zone", "spell_trap_zone"):
        raise _Invalid(f"a {ctype} cannot be in {_show(loc)}", "location")
    for key, (ok, who) in _ONLY_FOR.items():
        if key in v and not ok(ctype, loc):
            raise _Invalid(f"only {who} have {key}, got {_show(v[key])} on a {ctype} in {loc}", key)
    for key, (needed, who) in _REQUIRED_FOR.items():
        if key not in v and needed(ctype, loc):
            raise _Invalid(f"missing required key ({who} need {key})", key)
    if d["equipped_to"] is not None and d["face_down"]:
        raise _Invalid("an equipped card cannot be face-down, got true", "face_down")
    effects = d["effects"]
    if any(e.kind == "activated" for e in effects):
        effects = tuple(_with_speed(e, j, ctype) for j, e in enumerate(effects))
    return CardSpec(
        d["id"], d["name"], d["controller"], d["owner"] or d["controller"], loc, ctype, d["atk"], d["def"],
        d["position"], d["face_down"], d["pendulum"], d["equipped_to"], effects, d["attribute"], d["monster_type"],
        d["level"],
    )  # fmt: skip


def _library_card(v: dict[str, Any]) -> dict[str, Any]:
    """A card naming a library card (engine/cards) gets its defaults; the card's own keys win."""
    from engine.cards import CATALOG, scenario_defaults

    key = v["card"]
    if type(key) is not str or key not in CATALOG:
        try:
            _one_of(tuple(CATALOG), key)
        except _Invalid as e:
            e.parts.insert(0, "card")
            raise
    defaults = scenario_defaults(key)
    kind = v.get("card_type", defaults["card_type"])
    if kind != "monster":
        defaults = {k: x for k, x in defaults.items() if k not in ("atk", "def", "level", "attribute", "monster_type")}
    return {**defaults, **v}


def _with_speed(e: EffectSpec, j: int, ctype: str) -> EffectSpec:
    """An activated effect's speed: required, except that a Counter Trap's is (and must be) 3."""
    if e.kind != "activated":
        return e
    speed = e.params["speed"]
    if ctype == "counter_trap" and speed is None:
        return attrs.evolve(e, params=MappingProxyType({**e.params, "speed": 3}))
    if ctype == "counter_trap" and speed != 3:
        raise _Invalid(f"a counter_trap's speed is 3, got {speed}", "effects", j, "speed")
    if speed is None:
        raise _Invalid("missing required key (only a counter_trap's defaults to 3)", "effects", j, "speed")
    return e


@attrs.frozen
class _Card(_Type):
    def check(self, v: object) -> Any:
        if type(v) is dict and "card" in v:
            v = _library_card(v)
        d = _check_fields(v, _CARD_FIELDS)
        return _card(d, cast(dict[str, Any], v))

    def schema(self) -> Json:
        return {"$ref": "#/$defs/card"}


_CHOICE_FIELDS: Fields = {
    "window": _F(_Enum(WINDOWS)),
    "player": _F(_Enum(PLAYERS)),
    "activate": _F(_Ref("card")),
    "effect": _F(_Int(0, MAX_COUNT), 0, "index into the card's effects"),
    "targets": _F(_List(_Ref("card")), None),
    "new_chain": _F(_Bool(), False),
    "expect": _F(_Enum(("legal", "illegal")), "legal"),
    "attack": _F(_Int(0, MAX_COUNT), 0, "with attacks: the index (from 0) of the attack the choice belongs to"),
}
_ATTACK_FIELDS: Fields = {
    "attacker": _F(_Ref("card")),
    "target": _F(_Nullable(_Ref("card")), doc="null: a direct attack (in TOML: leave it out)"),
}
_RULES_FIELDS: Fields = {"zero_atk_mutual_destruction": _F(_Bool(), False)}
_LP_FIELDS: Fields = {p: _F(_Int(1, MAX_LP), 8000) for p in PLAYERS}

_SCENARIO_FIELDS: Fields = {
    "format": _F(_Enum((FORMAT,))),
    "id": _F(_Str(), None),
    "title": _F(_Str(), None),
    "notes": _F(_Str(), None),
    "rules": _F(_Object(_RULES_FIELDS, lambda d: Rules(**d)), Rules()),
    "turn_player": _F(_Enum(PLAYERS), "A"),
    "life_points": _F(_Object(_LP_FIELDS, MappingProxyType), MappingProxyType({"A": 8000, "B": 8000})),
    "cards": _F(_List(_Card(), 1)),
    "attack": _F(_Object(_ATTACK_FIELDS, lambda d: Attack(**d)), None, "one attack (or give attacks)"),
    "attacks": _F(
        _List(_Object(_ATTACK_FIELDS, lambda d: Attack(**d)), 1),
        None,
        "a Battle Phase: attacks declared one after the other on the same state (instead of attack)",
    ),
    "choices": _F(_List(_Object(_CHOICE_FIELDS, lambda d: Choice(**d))), ()),
}


# --- cross-references and the attack ------------------------------------------------------------------


def _check_scenario(d: dict[str, Any]) -> Scenario:
    cards: tuple[CardSpec, ...] = d["cards"]
    by_id: dict[str, CardSpec] = {}
    for i, c in enumerate(cards):
        if c.id in by_id:
            raise _Invalid(f"duplicate card id {_show(c.id)}", "cards", i, "id")
        if c.id in TARGET_KEYWORDS:
            raise _Invalid(f"card id {_show(c.id)} is reserved (a target keyword)", "cards", i, "id")
        by_id[c.id] = c

    def card(ref: str, *parts: str | int) -> CardSpec:
        if ref not in by_id:
            raise _Invalid(f"unknown card id {_show(ref)}", *parts)
        return by_id[ref]

    def ref(kind: str, value: str, *parts: str | int) -> None:
        if value not in by_id and (kind == "card" or value not in TARGET_KEYWORDS):
            raise _Invalid(
                f"unknown card id {_show(value)}" if kind == "card" else
                f"expected {', '.join(TARGET_KEYWORDS)} or a card id, got {_show(value)}",
                *parts,
            )  # fmt: skip

    for i, c in enumerate(cards):
        if c.equipped_to is not None:
            t = card(c.equipped_to, "cards", i, "equipped_to")
            if t.card_type != "monster" or t.location != "monster_zone":
                msg = f"card {_show(t.id)} is not a monster in a monster_zone"
                raise _Invalid(msg, "cards", i, "equipped_to")
        for j, e in enumerate(c.effects):
            if e.target is not None:
                ref("target", e.target, "cards", i, "effects", j, "target")
            if e.cost is not None:
                for k, pid in enumerate(e.cost.pay_with):
                    ref("card", pid, "cards", i, "effects", j, "cost", "pay_with", k)
            instead = e.params.get("instead") if e.kind == "battle_destruction_replacement" else None
            for k, pid in enumerate(instead["pay_with"] if instead is not None else ()):
                ref("card", pid, "cards", i, "effects", j, "instead", "pay_with", k)
            for k, op in enumerate(e.does):
                for name, kind in _REF_PARAMS[op.op]:
                    ref(kind, op.params[name], "cards", i, "effects", j, "does", k, name)
                if op.op == "special_summon":
                    s = by_id[op.params["card"]]
                    if s.card_type != "monster" or s.location not in SUMMON_FROM:
                        raise _Invalid(
                            f"card {_show(s.id)} is not a monster in hand, deck or graveyard "
                            f"({s.card_type} in {s.location})", "cards", i, "effects", j, "does", k, "card",
                        )  # fmt: skip

    attacks: tuple[Attack, ...] | None = d["attacks"]
    if d["attack"] is not None and attacks is not None:
        raise _Invalid("give attack or attacks, not both", "attacks")
    if d["attack"] is None and attacks is None:
        raise _Invalid("missing required key", "attack")
    at: tuple[str | int, ...] = ("attack",) if attacks is None else ("attacks", 0)
    attack: Attack = d["attack"] if attacks is None else attacks[0]
    for k, later in enumerate(attacks or ()):  # later attacks are checked when declared, by the engine
        card(later.attacker, "attacks", k, "attacker")
        if later.target is not None:
            card(later.target, "attacks", k, "target")
    turn_player = d["turn_player"]
    a = card(attack.attacker, *at, "attacker")
    problem: str | None = None
    if a.location != "monster_zone":
        problem = f"is in {a.location}, not a monster_zone"
    elif a.controller != turn_player:
        problem = f"is controlled by {a.controller}, not the turn player {turn_player}"
    elif a.position == "set":
        problem = "is face-down (set) and cannot attack"
    elif a.position == "defense" and not any(e.kind == "attack_from_defense" for e in a.effects):
        problem = "is in defense position and has no attack_from_defense effect"
    if problem:
        raise _Invalid(f"attacker {_show(a.id)} {problem}", *at, "attacker")
    if attack.target is not None:
        t = card(attack.target, *at, "target")
        if t.location != "monster_zone":
            raise _Invalid(f"target {_show(t.id)} is in {t.location}, not a monster_zone", *at, "target")
        if t.controller == turn_player:
            msg = f"target {_show(t.id)} is controlled by the turn player {turn_player}"
            raise _Invalid(msg, *at, "target")

    for i, ch in enumerate(d["choices"]):
        c = card(ch.activate, "choices", i, "activate")
        if ch.attack >= len(attacks or (attack,)):
            raise _Invalid(
                f"out of range: the scenario has {len(attacks or (attack,))} attack(s), got {ch.attack}",
                "choices", i, "attack",
            )  # fmt: skip
        if ch.effect >= len(c.effects):
            raise _Invalid(
                f"out of range: card {_show(c.id)} has {len(c.effects)} effect(s), got {ch.effect}",
                "choices", i, "effect",
            )  # fmt: skip
        for k, t_id in enumerate(ch.targets or ()):
            card(t_id, "choices", i, "targets", k)

    return Scenario(
        d["format"], d["id"], d["title"], d["notes"], d["rules"], turn_player, d["life_points"], cards,
        attack, d["choices"], attacks,
    )  # fmt: skip


# --- public API ---------------------------------------------------------------------------------------


def _parse(data: object) -> Scenario:
    return _check_scenario(_check_fields(data, _SCENARIO_FIELDS))


def parse_scenario(data: object) -> Scenario:
    """Validate a decoded JSON scenario completely and return it typed, defaults filled in."""
    try:
        return _parse(data)
    except _Invalid as e:
        raise e.error() from None


def _parse_record(data: object, prefix: tuple[str | int, ...] = (), line: int | None = None) -> Scenario:
    """Parse a scenario or a corpus record ``{"scenario": ...}``; ``prefix`` locates it in its file."""
    parts = prefix
    if type(data) is dict and "scenario" in data and "format" not in data:
        data, parts = data["scenario"], (*prefix, "scenario")
    try:
        return _parse(data)
    except _Invalid as e:
        e.parts[:0] = parts
        raise e.error(line) from None


_TOML_AT = re.compile(r"\s*\(at (?:line (\d+), column \d+|end of document)\)$")


def _toml_direct_attack(data: object) -> object:
    """TOML has no null: an attack table without ``target`` is a direct attack."""
    if type(data) is dict and type(data.get("scenario")) is dict and "format" not in data:
        return {**data, "scenario": _toml_direct_attack(data["scenario"])}
    if type(data) is dict and type(data.get("attack")) is dict and "target" not in data["attack"]:
        return {**data, "attack": {**data["attack"], "target": None}}
    if type(data) is dict and type(data.get("attacks")) is list:
        attacks = [{**a, "target": None} if type(a) is dict and "target" not in a else a for a in data["attacks"]]
        return {**data, "attacks": attacks}
    return data


# --- files: reading, decoding, and what the decoders refuse ------------------------------------------------

_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def _open(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open a scenario file, refusing before any read whatever is not a regular file of at most MAX_FILE_BYTES.

    ``O_NONBLOCK``, so that opening a FIFO does not wait for a writer; ``fstat`` on the open descriptor, so
    the file checked is the file read."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise ScenarioError(name, f"cannot open: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            what = next((w for test, w in _FILE_KINDS if test(st.st_mode)), "a special file")
            raise ScenarioError(name, f"not a regular file ({what})")
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioError(name, f"file too large: {st.st_size} bytes (the limit is {MAX_FILE_BYTES})")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _too_large(name: str) -> ScenarioError:
    return ScenarioError(name, f"file too large: more than {MAX_FILE_BYTES} bytes")  # it grew while read


def _read(path: str | os.PathLike[str]) -> str:
    """The whole text of a ``.json``/``.toml`` file (UTF-8, a leading byte-order mark dropped)."""
    try:
        with _open(path) as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ScenarioError(str(path), f"cannot read: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(str(path))
    return _utf8(data).removeprefix("\ufeff")


def _utf8(data: bytes, line: int | None = None) -> str:
    """Decode UTF-8; an invalid byte is reported by line and (byte) column. ``line``: ``data`` is that line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        at = e.start
        n = line or data.count(b"\n", 0, at) + 1
        col = at - data.rfind(b"\n", 0, at)
        raise ScenarioError(f"line {n}", f"not UTF-8: byte 0x{data[at]:02x} at column {col}") from None


class _Bad:
    """Stands in the decoded document for a value the loader refuses, so that the error can name its path
    (a decoder hook knows the value but not where it is)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


class _Refusals:
    """Decoder hooks for what Python's decoders accept and the format does not: duplicate keys, NaN and
    infinities, integers too long to be a bound. Each puts a :class:`_Bad` in place of the value; after
    decoding, :meth:`check` reports the first one by its path. The hooks are the only cost on valid input."""

    def __init__(self) -> None:
        self.found = False

    def _bad(self, message: str) -> _Bad:
        self.found = True
        return _Bad(message)

    def pairs(self, items: list[tuple[str, Any]]) -> dict[str, Any]:
        d = dict(items)
        if len(d) < len(items):
            seen: set[str] = set()
            for k, _ in items:
                if k in seen:
                    d[k] = self._bad("duplicate key")
                    break
                seen.add(k)
        return d

    def number(self, s: str) -> Any:
        """A float (JSON and TOML) or a JSON constant (``NaN``, ``Infinity``, ``-Infinity``)."""
        x = float(s)
        if math.isfinite(x):
            return x
        return self._bad(f"numbers must be finite, got {s if len(s) <= 30 else s[:27] + '...'}")

    def integer(self, s: str) -> Any:
        if len(s) > MAX_DIGITS and len(s.lstrip("-")) > MAX_DIGITS:
            return self._bad(f"integers have at most {MAX_DIGITS} digits, got {len(s.lstrip('-'))}")
        return int(s)

    def json_decoder(self) -> json.JSONDecoder:
        return json.JSONDecoder(
            object_pairs_hook=self.pairs, parse_constant=self.number, parse_float=self.number, parse_int=self.integer
        )

    def check(self, data: object, line: int | None = None) -> None:
        """Raise the first refused value of ``data`` in document order (and reset for the next document)."""
        if not self.found:
            return
        self.found = False
        stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
        while stack:  # not recursive: the document may be nested as deep as the decoder allowed
            node, parts = stack.pop()
            if type(node) is _Bad:
                raise _Invalid(node.message, *parts).error(line)
            if type(node) is dict:
                stack += [(v, (*parts, k)) for k, v in reversed(node.items())]
            elif type(node) is list:
                stack += [(v, (*parts, i)) for i, v in reversed(list(enumerate(node)))]


# Tokens for locating the deepest point of a document that its parser found too deep (strings and comments
# are skipped so that their brackets do not count), and, in TOML, too-long integers.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_TOML_TOKENS = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]'
    rf"|(?P<int>(?<![\w.+-])[+-]?\d(?:_?\d){{{MAX_DIGITS},}}(?![\w.]))",
    re.DOTALL,
)


def _where(text: str, at: int, line: int | None) -> tuple[str, int]:
    """(``"line N"``, column) of offset ``at``; ``line``: ``text`` is that one line."""
    n = line or text.count("\n", 0, at) + 1
    return f"line {n}", at - text.rfind("\n", 0, at)


def _too_deep(text: str, tokens: re.Pattern[str], line: int | None = None) -> ScenarioError:
    depth = deepest = at = 0
    for m in tokens.finditer(text):
        t = m[0]
        if t == "[" or t == "{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, m.start()
        elif t == "]" or t == "}":
            depth -= 1
    where, col = _where(text, at, line)
    return ScenarioError(where, f"nested too deeply: {deepest} levels of [ and {{ (column {col})")


def _decode_json(decoder: json.JSONDecoder, refusals: _Refusals, text: str, line: int | None = None) -> object:
    try:
        data = decoder.decode(text)
    except json.JSONDecodeError as e:
        raise ScenarioError(f"line {line or e.lineno}", f"invalid JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        refusals.found = False
        raise _too_deep(text, _JSON_TOKENS, line) from None
    refusals.check(data, line)
    return data


def _decode_toml(text: str) -> object:
    for token in _TOML_TOKENS.finditer(text):
        if token["int"]:
            where, col = _where(text, token.start(), None)
            digits = sum(c.isdigit() for c in token[0])
            raise ScenarioError(where, f"integers have at most {MAX_DIGITS} digits, got {digits} (column {col})")
    refusals = _Refusals()
    try:
        data = tomllib.loads(text, parse_float=refusals.number)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = _TOML_AT.search(msg)
        where = f"line {m[1]}" if m and m[1] else "end of file"
        raise ScenarioError(where, f"invalid TOML: {_TOML_AT.sub('', msg)}") from None
    except RecursionError:
        raise _too_deep(text, _TOML_TOKENS) from None
    refusals.check(data)
    return data


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[Scenario]:
    """Yield the scenarios of a JSON-lines file one by one, reading it as they are taken.

    Lines are split at LF only (a CR before it is JSON whitespace); blank lines are skipped."""
    refusals = _Refusals()
    decoder = refusals.json_decoder()
    name = str(path)
    with _open(path) as f:
        total = 0
        n = 0
        while True:
            try:
                raw = f.readline(MAX_FILE_BYTES + 1 - total)
            except OSError as e:
                raise ScenarioError(name, f"cannot read: {e.strerror or e}") from None
            if not raw:
                return
            n += 1
            total += len(raw)
            if total > MAX_FILE_BYTES:
                raise _too_large(name)
            line = _utf8(raw, n)
            if n == 1:
                line = line.removeprefix("\ufeff")
            if line.strip(" \t\r\n"):
                yield _parse_record(_decode_json(decoder, refusals, line, n), line=n)


def load_scenarios(path: str | os.PathLike[str]) -> list[Scenario]:
    """Load every scenario of a ``.json``, ``.jsonl`` or ``.toml`` file (see the module docstring)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".jsonl":
        return list(iter_jsonl(path))
    if suffix == ".json":
        refusals = _Refusals()
        data = _decode_json(refusals.json_decoder(), refusals, _read(path))
        if type(data) is list:
            return [_parse_record(x, (i,)) for i, x in enumerate(data)]
        return [_parse_record(data)]
    if suffix == ".toml":
        return [_parse_record(_toml_direct_attack(_decode_toml(_read(path))))]
    raise ScenarioError(str(path), f"unknown file suffix {_show(suffix)} (expected .json, .jsonl or .toml)")


# --- JSON Schema -------------------------------------------------------------------------------------


def _discriminated(key: str, specs: Mapping[str, Fields], prefix: str) -> Json:
    """``key`` selects one of ``specs``; each has its own closed parameter object in ``$defs``."""
    return {
        "type": "object",
        "required": [key],
        "properties": {key: {"type": "string", "enum": list(specs)}},
        "allOf": [
            {
                "if": {"properties": {key: {"const": name}}, "required": [key]},
                "then": {"$ref": f"#/$defs/{prefix}.{name}"},
            }
            for name in specs
        ],
    }


def scenario_json_schema() -> Json:
    """The JSON Schema (draft 2020-12) of the scenario format, rendered from the validator's tables."""
    defs: Json = {
        "card": _object_schema(_CARD_FIELDS),
        "card_ref": {"type": "string", "minLength": 1, "description": "a card id"},
        "target_ref": {
            "type": "string",
            "minLength": 1,
            "description": f"{', '.join(TARGET_KEYWORDS)} or a card id",
        },
        "effect": _discriminated("kind", _KIND_FIELDS, "effect"),
        "op": _discriminated("op", _OP_FIELDS, "op"),
    }
    for prefix, key, table in (("effect", "kind", _KIND_FIELDS), ("op", "op", _OP_FIELDS)):
        for name, fields in table.items():
            s = _object_schema(fields)
            s["properties"][key] = {"const": name}
            spec = OPS.get(name) if prefix == "op" else None
            if spec is not None and spec.any_of:
                s["anyOf"] = [{"required": [k]} for k in spec.any_of]
            defs[f"{prefix}.{name}"] = s
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Damage Step scenario ({FORMAT})",
        "$comment": (
            "Generated by engine/scenario.py (python -m engine schema); do not edit. "
            "The loader also checks what this schema cannot: card ids are unique and every reference names "
            "a card; zone, position, face_down and equipped_to rules per card type; the attack's legality; "
            "choice effect indices; activated speed (required; 3 on a counter_trap); integers are not floats; "
            "no JSON object repeats a key; numbers are finite; a file is at most 64 MiB."
        ),
        **_object_schema(_SCENARIO_FIELDS),
        "oneOf": [{"required": ["attack"]}, {"required": ["attacks"]}],
        "$defs": defs,
    }


def schema_text() -> str:
    """The committed form of the schema (what `python -m engine schema` writes)."""
    return json.dumps(scenario_json_schema(), indent=2, sort_keys=True) + "\n"


# --- writing a scenario back -------------------------------------------------------------------------


def scenario_to_json(sc: Scenario) -> dict[str, Any]:
    """A parsed scenario as its JSON form, defaults written out (but for absent optional values), so that
    ``parse_scenario(scenario_to_json(sc)) == sc``: traces carry the scenario they ran."""
    out: dict[str, Any] = {"format": sc.format}
    out |= {k: v for k, v in (("id", sc.id), ("title", sc.title), ("notes", sc.notes)) if v is not None}
    out["rules"] = attrs.asdict(sc.rules)
    out["turn_player"] = sc.turn_player
    out["life_points"] = dict(sc.life_points)
    out["cards"] = [_card_json(c) for c in sc.cards]
    if sc.attacks is None:
        out["attack"] = {"attacker": sc.attack.attacker, "target": sc.attack.target}
    else:
        out["attacks"] = [{"attacker": a.attacker, "target": a.target} for a in sc.attacks]
    out["choices"] = [
        _plain({k: v for k, v in attrs.asdict(ch).items() if v is not None and (k != "attack" or v)})
        for ch in sc.choices
    ]
    return out


def _card_json(c: CardSpec) -> dict[str, Any]:
    """Only the keys the loader allows on this kind of card (see ``_ONLY_FOR``)."""
    d: dict[str, Any] = {"id": c.id, "controller": c.controller, "owner": c.owner, "location": c.location,
                         "card_type": c.card_type}  # fmt: skip
    if c.name is not None:
        d["name"] = c.name
    given = {"atk": c.atk, "def": c.def_, "pendulum": c.pendulum, "position": c.position, "face_down": c.face_down,
             "equipped_to": c.equipped_to, "attribute": c.attribute, "monster_type": c.monster_type,
             "level": c.level}  # fmt: skip
    for key, value in given.items():
        ok, _who = _ONLY_FOR[key]
        if value is not None and ok(c.card_type, c.location):
            d[key] = value
    d["effects"] = [_effect_json(e) for e in c.effects]
    return d


def _effect_json(e: EffectSpec) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": e.kind, **{k: v for k, v in e.params.items() if v is not None and v != ()}}
    if EFFECT_KINDS[e.kind].activatable:
        d["does"] = [{"op": op.op, **{k: v for k, v in op.params.items() if v is not None}} for op in e.does]
        if e.cost is not None:
            d["cost"] = attrs.asdict(e.cost)
        if e.target is not None:
            d["target"] = e.target
    d["negated"] = e.negated
    plain: dict[str, Any] = _plain(d)
    return plain


def _plain(v: Any) -> Any:
    """Tuples as lists and read-only mappings as dicts, all the way down."""
    if isinstance(v, Mapping):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v

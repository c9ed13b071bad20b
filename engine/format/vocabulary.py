"""The format's vocabulary: its name, its limits, its enums and value types, the base of its objects, and
the helpers its tables are declared and read with. Every other module of the format builds on this one."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec
from msgspec import UNSET, Meta, UnsetType

FORMAT = "damage-step-scenario/1"

# Library cards: key -> the keys a card naming it gets by default, and "own_effects": how many effects the card
# brings with its own effect types (not specs: the host adds them, before the card's listed effects).
Library = Mapping[str, Mapping[str, Any]]

# --- limits (see the docstring of engine/format/__init__.py) ----------------------------------------------------------

MAX_FILE_BYTES = 64 * 1024 * 1024  # about 45,000 corpus records; checked before a file is read
MAX_DIGITS = 20  # an integer literal; the largest bound below has 10
MAX_STAT = 1_000_000  # ATK/DEF, and the size of an ATK/DEF change
MAX_LP = 2_147_483_647  # life points (a signed 32-bit integer, for tools in other languages)
MAX_AMOUNT = 2_147_483_647  # damage, LP gained, LP costs
MAX_COUNT = 1_000  # draws, times per turn, effect indices
MAX_LEVEL = 12
MAX_CARDS = 1_000  # cards in one scenario (a real duel has a few hundred at most)

# --- enums: each a Literal (what msgspec checks) and its values in order (what messages list) ---------------

Player = Literal["A", "B"]
Location = Literal[
    "monster_zone", "spell_trap_zone", "field_zone", "hand", "graveyard", "banished", "deck", "extra_deck"
]
CardType = Literal["monster", "spell", "trap", "counter_trap"]
Position = Literal["attack", "defense", "set"]
Property = Literal["normal", "continuous", "equip", "quick_play", "field", "ritual"]
DamageStepWindow = Literal[
    "start_of_damage_step",
    "before_damage_calculation",
    "during_damage_calculation",
    "after_damage_calculation",
    "end_of_damage_step",
]
# Every window, in rulebook order: the Battle Phase's own around the Damage Step's (rules spec §BP.1).
Window = Literal["start_step", "battle_step", "attack_declaration", DamageStepWindow, "end_step", "end_phase",
                 "standby_phase"]  # (the next turn's, §U.31)
Relative = Literal["controller", "opponent", "both"]
# The machine's states an action with no chain (kind at_timing) may be done in, as they begin (rules spec §1.10):
# those whose own work checks the battle again after it (none between the start of the Damage Step and damage
# calculation, where the battle is taken as checked).
TimingState = Literal["start_step", "battle_step", "after_damage_calculation", "end_of_damage_step", "end_step"]
AnyPlayer = Literal[Relative, Player]  # damage / gain_lp / draw may also name a player
TriggerEvent = Literal[
    "start_of_battle_phase",
    "attack_declared",
    "targeted_for_attack",
    "start_of_damage_step",
    "before_damage_calculation",
    "battle_damage_inflicted",
    "battle_damage_taken",
    "after_damage_calculation",
    "destroyed_by_battle",
    "destroyed_by_battle_and_sent_to_graveyard",
    "destroys_by_battle",
    "end_of_damage_step",
    "end_of_battle_phase",
    "during_damage_calculation",
    "destroyed",
    "sent_to_graveyard",
    "end_phase",
    "standby_phase",
    "drawn",
    "special_summoned",
    "position_changed",
    "returned_to_hand",
    "lp_paid",
    "attack_negated",
    "tributed",
    "added_to_hand",
    "effect_damage_taken",
    "lp_gained",
    "activation_negated",
    "summoned_from_extra_deck",
    "destroyed_and_sent_to_graveyard",
    "effect_activated",
    "left_field",
    "spell_trap_set",
]
TriggerCondition = Literal[
    "this_card_battled",
    "this_card_attacked",
    "this_card_was_attacked",
    "attacking_defense_position",
    "attacking_face_down",
    "was_face_down_at_start",
    "opponent_attacks",
    "own_monster_attacks",
    "direct_attack",
    "battles_opponent_monster",
    "this_card_declares_attack",
    "destroys_battling_opponent",
    "sends_battling_opponent_to_graveyard",
    "battling_opponent_not_destroyed",
    "sent_from_field",
    "opponent_turn",
    "would_take_battle_damage",
    "this_card_declared_attack",
    "this_card_did_not_declare_attack",
    "destroyed_by_opponent",
    "destroyed_by_opponent_attack",
    "was_face_up_at_start",
    "destroyed_by_effect",
    "sent_from_monster_zone",
    "equip_card",
    "destroyed_by_battle_this_turn",
    "not_destroyed_by_own_effect",
    "attacked_in_attack_position",
    "this_card_attacked_or_was_attacked",
    "was_flipped_face_up",
    "was_attack_position_at_start",
    "sent_from_attack_position",
    "destroyed_a_monster_by_battle_this_turn",
    "opponent_monster_destroyed_by_battle_and_sent",
    "destroyed_by_this_battle",
]
Attribute = Literal["light", "dark", "water", "fire", "earth", "wind", "divine"]
MonsterType = Literal[
    "aqua", "beast", "beast_warrior", "creator_god", "cyberse", "dinosaur", "divine_beast", "dragon", "fairy",
    "fiend", "fish", "illusion", "insect", "machine", "plant", "psychic", "pyro", "reptile", "rock", "sea_serpent",
    "spellcaster", "thunder", "warrior", "winged_beast", "wyrm", "zombie",
]  # fmt: skip
Until = Literal["end_of_turn", "end_of_battle_phase", "end_of_damage_step", "damage_calculation", "permanent"]
AppliesTo = Literal["self", "other_own_monsters", "own_monsters", "opponent_monsters", "all_monsters", "pointed_to"]
RestrictionKind = Literal[
    "cannot_attack", "cannot_declare_attack", "cannot_be_attacked", "can_attack_directly", "must_attack",
    "cannot_attack_directly", "attacks_first",
]
Pile = Literal["deck", "graveyard", "banished"]
# Where a Special Summon may take its monster from (rules spec §U.16, §U.27).
SummonFrom = Literal["hand", "deck", "graveyard", "banished", "extra_deck", "pendulum_zone"]
Zone = Literal["monster_zone", "spell_trap_zone", "field_zone", "graveyard", "hand", "banished"]
PlayerMonsters = Literal["other_own_monsters", "own_monsters", "opponent_monsters", "all_monsters"]
LastingKind = Literal[
    "avoid_battle_damage", "halve_battle_damage", "gain_lp_instead", "indestructible_by_battle", "cannot_be_targeted",
    "negates_effects", "banished_if_leaves_field",
    "cannot_attack", "cannot_declare_attack", "cannot_be_attacked", "can_attack_directly", "must_attack",
    "cannot_attack_directly", "piercing", "double_battle_damage", "activation_lock", "at_timing",
]
Arrow = Literal["bottom_left", "bottom", "bottom_right", "left", "right", "top_left", "top", "top_right"]
Ability = Literal["tuner", "toon", "spirit", "union", "gemini", "flip", "normal", "effect", "fusion", "synchro",
                   "xyz", "link", "ritual", "token"]
Summoned = Literal["normal", "flip", "special", "fusion", "synchro", "xyz", "link", "ritual", "pendulum", "gemini"]
Unaffected = Literal["opponent_effects", "other_effects", "other_monster_effects", "spell_trap_effects"]

PLAYERS: tuple[str, ...] = get_args(Player)
LOCATIONS: tuple[str, ...] = get_args(Location)
CARD_TYPES: tuple[str, ...] = get_args(CardType)
POSITIONS: tuple[str, ...] = get_args(Position)
WINDOWS: tuple[str, ...] = get_args(Window)
DAMAGE_STEP_WINDOWS: tuple[str, ...] = get_args(DamageStepWindow)
TRIGGER_EVENTS: tuple[str, ...] = get_args(TriggerEvent)
TRIGGER_CONDITIONS: tuple[str, ...] = get_args(TriggerCondition)
ATTRIBUTES: tuple[str, ...] = get_args(Attribute)
ABILITIES: tuple[str, ...] = get_args(Ability)
SUMMON_KINDS: tuple[str, ...] = get_args(Summoned)
MONSTER_TYPES: tuple[str, ...] = get_args(MonsterType)
TARGET_KEYWORDS = (
    "attacker", "target", "self", "battling_opponent", "own_battler", "opponent_battler", "targeted", "event_cards",
    "acted_on", "battle_victims", "paid", "summoned", "event_card",
)  # fmt: skip
SUMMON_FROM = frozenset({"hand", "deck", "graveyard", "banished", "extra_deck"})

# --- values ----------------------------------------------------------------------------------------------

# Card references: the structural pass checks their shape; that the id exists is checked once all cards are
# known. The title makes each a definition of the schema (``#/$defs/card_ref``).
REFS = {"card_ref": "a card id", "target_ref": f"{', '.join(TARGET_KEYWORDS)} or a card id"}
CardRef = Annotated[str, Meta(min_length=1, title="card_ref")]
TargetRef = Annotated[str, Meta(min_length=1, title="target_ref")]
Text = Annotated[str, Meta(min_length=1)]
# Every integer has both bounds: no unbounded arithmetic on what a file says, and the schema publishes them.
Stat = Annotated[int, Meta(ge=0, le=MAX_STAT)]
StatChange = Annotated[int, Meta(ge=-MAX_STAT, le=MAX_STAT)]
Amount = Annotated[int, Meta(ge=0, le=MAX_AMOUNT)]
Count = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
Level = Annotated[int, Meta(ge=1, le=MAX_LEVEL)]
LP = Annotated[int, Meta(ge=1, le=MAX_LP)]


def doc(text: str, **schema: Any) -> Meta:
    """A key's description in the schema (and other keywords: the ``default`` of a key whose absence counts)."""
    return Meta(description=text, extra_json_schema=schema or None)


def optional(tp: Any, text: str | None = None, **schema: Any) -> tuple[Any, Any]:
    """A table's key that may be left out: UNSET if it is (the engine gets None, or the schema's default)."""
    return (Annotated[tp | UnsetType, doc(text, **schema)] if text else tp | UnsetType), UNSET


def default(tp: Any, value: Any, text: str | None = None) -> tuple[Any, Any]:
    """A table's key with a default value."""
    return (Annotated[tp, doc(text)] if text else tp), value


# --- the format's objects ----------------------------------------------------------------------------


class Wire(msgspec.Struct, forbid_unknown_fields=True):
    """A JSON object of the format: only read, to build the frozen types the engine is given. Each is named
    ``<Name>Wire``; its definition in the schema is ``<name>`` (``CardWire``: ``#/$defs/card``)."""


# Effect kinds and operations: a struct each, tagged by "kind" / "op", declared as tables (its keys; each a
# type, required, or (type, default)): engine/format/effects.py, engine/format/ops.py.

UNIONS = {"kind": "effect", "op": "op"}  # tag key -> the name of the tagged union in the schema


def _needs_one_of(keys: tuple[str, ...]) -> Callable[[msgspec.Struct], None]:
    """The ``__post_init__`` of a struct that needs at least one of ``keys``."""

    def check(self: msgspec.Struct) -> None:
        if all(getattr(self, k) is UNSET for k in keys):
            raise ValueError(f"{self.__struct_config__.tag} needs at least one of {', '.join(keys)}")

    return check


def tagged(
    base: type[msgspec.Struct], table: Mapping[str, Mapping[str, Any]], one_of: Mapping[str, tuple[str, ...]]
) -> dict[str, type[msgspec.Struct]]:
    """A struct for each entry, named as its schema definition (``effect.piercing``, ``op.draw``), in the module
    of ``base``; ``one_of``: the entries that need at least one of these keys."""
    prefix = UNIONS[str(base.__struct_config__.tag_field)]
    return {
        tag: msgspec.defstruct(
            f"{prefix}.{tag}", [(k, *(f if type(f) is tuple else (f,))) for k, f in fields.items()],
            bases=(base,), tag=tag, kw_only=True, module=base.__module__,
            namespace={"__post_init__": _needs_one_of(one_of[tag])} if tag in one_of else None,
        )
        for tag, fields in table.items()
    }  # fmt: skip


def bare(tp: Any) -> tuple[Any, list[Meta]]:
    """A declared type without its ``Annotated`` and ``UNSET`` wrappers, and their ``Meta``s."""
    metas: list[Meta] = []
    while True:
        if get_origin(tp) is Annotated:
            tp, *extra = get_args(tp)
            metas += [m for m in extra if isinstance(m, Meta)]
        elif is_union(tp) and UnsetType in get_args(tp):
            rest = tuple(t for t in get_args(tp) if t is not UnsetType)
            tp = rest[0] if len(rest) == 1 else Union[rest]  # noqa: UP007
        else:
            return tp, metas


def is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


@functools.cache
def struct_fields(cls: type[msgspec.Struct]) -> dict[str, msgspec.structs.FieldInfo]:
    """A struct's fields by their JSON key."""
    return {f.encode_name: f for f in msgspec.structs.fields(cls)}


# --- reading the checked structs ---------------------------------------------------------------------


def opt(v: Any) -> Any:
    return None if v is UNSET else v


def mapping(v: msgspec.Struct) -> Mapping[str, Any]:
    """An object among the parameters (a filter...): a read-only mapping of the keys it was given."""
    items = ((k, getattr(v, f.name)) for k, f in struct_fields(type(v)).items())
    return MappingProxyType({k: wire_value(x) for k, x in items if x is not UNSET})


def wire_value(x: Any) -> Any:
    """An object (or a list of objects: a filter's `any`) as read-only mappings; any other value as it is."""
    if isinstance(x, Wire):
        return mapping(x)
    if isinstance(x, tuple) and x and isinstance(x[0], Wire):
        return tuple(mapping(v) for v in x)
    return x


def one_or_list(v: Any) -> tuple[Any, ...]:
    return v if type(v) is tuple else (v,)


@functools.cache
def _shape(cls: type[msgspec.Struct]) -> tuple[str, tuple[tuple[str, Any, Callable[[Any], Any] | None], ...]]:
    """An effect kind's or operation's name, and how to read each of its parameters (its keys but the common
    ones): (key, its value when absent, how to convert it). Absent is None, or the schema's default of a key
    whose absence counts (``change_stats.atk``); objects become mappings, one-or-a-list a tuple."""
    common = struct_fields(cls.__bases__[0])  # the keys of every effect (activated effect) or operation
    params = []
    for key, f in struct_fields(cls).items():
        if key in common:
            continue
        tp, metas = bare(f.type)
        absent = next((s["default"] for m in metas if "default" in (s := m.extra_json_schema or {})), None)
        convert = (
            mapping if isinstance(tp, type) and issubclass(tp, Wire) else one_or_list if is_union(tp) else None
        )
        params.append((key, absent, convert))
    return str(cls.__struct_config__.tag), tuple(params)


def params_of(v: msgspec.Struct) -> tuple[str, Mapping[str, Any]]:
    name, shape = _shape(type(v))
    out = {}
    for key, absent, convert in shape:
        x = getattr(v, key)
        out[key] = absent if x is UNSET else convert(x) if convert else x
    return name, MappingProxyType(out)

"""Load and validate Damage Step scenarios (format ``damage-step-scenario/1``).

The format is a contract with everything outside the engine (see ``scenario-format.md``), so a scenario is
validated completely, and the first problem raises :class:`ScenarioError` with a path into the document
(``cards[1].position``, ``line 3: attack.target``), before any engine code sees it. The engine then works on
frozen, typed objects whose optional keys are all filled in, and never re-checks the input.

Why it is built this way (``docs/loader-evaluation.md`` has the measurements):

* One source of truth, kept by a library. The format is declared once, as ``msgspec`` structs: ``_Card``,
  ``_Scenario``... and one struct per effect kind and per operation (tables :data:`EFFECT_KINDS`,
  :data:`OPS`), tagged by ``kind``/``op``; bounds and descriptions are ``msgspec.Meta``. ``msgspec.convert``
  checks a decoded document against them (types, bounds, enums, unknown and missing keys, ``null``), and
  :func:`scenario_json_schema` is ``msgspec.json.schema`` of the same structs (committed as
  ``schemas/scenario.schema.json``; ``python -m engine schema`` rewrites it), so the two cannot drift.
* Exact errors. msgspec stops at the first problem but does not say what was expected and given
  (``Invalid enum value 'atk' - at `$.cards[1].position```), and refuses a key it cannot encode with no
  path at all. So a refused document is walked again, as msgspec walks it, to the first refused value, and
  its declared type says the rest (``cards[1].position: expected one of attack, defense, set, got "atk"``).
  Only refused documents pay for this (:func:`_convert`).
* What a schema cannot say is plain code after the structural pass (:func:`_card_spec`,
  :func:`_check_scenario`): card-id references, which keys each kind of card may have, the attack's legality,
  choice indices, the Counter Trap speed; and "at least one of" (:data:`_ANY_OF`, a ``__post_init__``).
* Strict types (msgspec's own): ``bool`` is not an integer and ``1.0`` is not an integer (JSON Schema's
  ``integer`` does accept ``1.0``; the loader is the stricter of the two). ``null`` is accepted only for
  ``attack.target``: a key that may be left out is ``UNSET`` when it is, never ``null``.
* Defaults the format leaves unstated: a key is required if the corpus always gives it (trigger
  ``optional``, ``negate_activation.destroy``, a monster's ``atk``/``def``), otherwise it gets the sensible
  default, which is written into the schema's ``default`` (a card's ``effects`` defaults to ``[]``).
* Speed. Corpora have thousands of scenarios: decoding (:func:`_quick_json`) and the structural pass are
  msgspec's C code; the Python left is the rules above and building the frozen result (the library's frozen
  structs; ``Rules`` stays an attrs class, as ``engine.debug.record`` reads it with ``attrs.asdict``). About
  half the time of the hand-written loader this replaces (``benchmarks/loader.py``).
* Library cards are data handed in (``library=``): this module imports nothing of the engine but
  ``engine.values.text``. ``engine.parse_scenario``/``engine.load_scenarios`` (``engine.build``) hand it the cards of
  ``engine.cards``.

Files (:func:`load_scenarios`): ``.json`` holds one scenario or a list of them; ``.jsonl`` one per non-blank
line (error paths start ``line N: ``); ``.toml`` one scenario. Any scenario may also be wrapped as a corpus
record ``{"scenario": {...}, "expected": ..., "source": ...}`` (only ``scenario`` is read). TOML has no
null, so in TOML an ``[attack]``, an ``[[attacks]]`` entry or a choice's ``declare`` without ``target`` is a direct
attack; in JSON ``target`` is required and ``null`` means a direct attack.

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
  most :data:`MAX_DIGITS` (20) digits. These three are reported with the path of the value. (msgspec's
  decoder keeps the last of two equal keys without a word and takes long integers, so it decodes only what
  it is sure to decode as Python's ``json`` does; the rest goes to ``json`` with hooks, :class:`_Refusals`.)
* Nesting: a document nested deeper than its parser can follow (Python's recursion limit: about 1,000
  levels of ``[``/``{`` in JSON, a few hundred in TOML) is refused as "nested too deeply" with the line and
  column of its deepest point; a valid scenario nests fewer than 10 levels, and msgspec descends only as
  deep as the format does, so nothing else in the loader depends on the depth.
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

Error messages quote scenario text through :func:`engine.values.text.printable`, so an id or key holding control
characters cannot rewrite the terminal that shows the error.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import stat
import tomllib
import types
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

import attrs
import msgspec
from msgspec import UNSET, Meta, UnsetType, field

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

FORMAT = "damage-step-scenario/1"
SCHEMA_PATH = Path(__file__).with_name("schemas") / "scenario.schema.json"

# Library cards: key -> the keys a card naming it gets by default, and "own_effects": how many effects the card
# brings with its own effect types (not specs: the host adds them, before the card's listed effects).
Library = Mapping[str, Mapping[str, Any]]

# --- limits (see the module docstring) ----------------------------------------------------------------

MAX_FILE_BYTES = 64 * 1024 * 1024  # about 45,000 corpus records; checked before a file is read
MAX_DIGITS = 20  # an integer literal; the largest bound below has 10
MAX_STAT = 1_000_000  # ATK/DEF, and the size of an ATK/DEF change
MAX_LP = 2_147_483_647  # life points (a signed 32-bit integer, for tools in other languages)
MAX_AMOUNT = 2_147_483_647  # damage, LP gained, LP costs
MAX_COUNT = 1_000  # draws, times per turn, effect indices
MAX_LEVEL = 12

# --- enums: each a Literal (what msgspec checks) and its values in order (what messages list) ---------------

_Player = Literal["A", "B"]
_Location = Literal["monster_zone", "spell_trap_zone", "hand", "graveyard", "banished", "deck", "extra_deck"]
_CardType = Literal["monster", "spell", "trap", "counter_trap"]
_Position = Literal["attack", "defense", "set"]
_Property = Literal["normal", "continuous", "equip", "quick_play", "field", "ritual"]
_DamageStepWindow = Literal[
    "start_of_damage_step",
    "before_damage_calculation",
    "during_damage_calculation",
    "after_damage_calculation",
    "end_of_damage_step",
]
# Every window, in rulebook order: the Battle Phase's own around the Damage Step's (rules spec §BP.1).
_Window = Literal["start_step", "battle_step", "attack_declaration", _DamageStepWindow, "end_step"]
_Relative = Literal["controller", "opponent", "both"]
# The machine's states an action with no chain (kind at_timing) may be done in, as they begin (rules spec §1.10).
_TimingState = Literal[
    "start_step", "battle_step", "attack_declared", "start_of_damage_step", "flip", "before_damage_calculation",
    "during_damage_calculation", "perform_damage_calculation", "after_damage_calculation", "send_destroyed_by_battle",
    "end_of_damage_step", "step_over", "end_step",
]  # fmt: skip
_AnyPlayer = Literal[_Relative, _Player]  # damage / gain_lp / draw may also name a player
_TriggerEvent = Literal[
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
    "drawn",
    "special_summoned",
    "position_changed",
    "returned_to_hand",
    "lp_paid",
    "attack_negated",
]
_TriggerCondition = Literal[
    "this_card_battled",
    "this_card_attacked",
    "this_card_was_attacked",
    "attacking_defense_position",
    "attacking_face_down",
    "was_face_down_at_start",
    "opponent_attacks",
    "own_monster_attacks",
    "direct_attack",
    "this_card_declares_attack",
    "destroys_battling_opponent",
    "battling_opponent_not_destroyed",
    "sent_from_field",
    "opponent_turn",
    "would_take_battle_damage",
    "destroyed_by_opponent",
    "destroyed_by_opponent_attack",
    "was_face_up_at_start",
]
_Attribute = Literal["light", "dark", "water", "fire", "earth", "wind", "divine"]
_MonsterType = Literal[
    "aqua", "beast", "beast_warrior", "creator_god", "cyberse", "dinosaur", "divine_beast", "dragon", "fairy",
    "fiend", "fish", "illusion", "insect", "machine", "plant", "psychic", "pyro", "reptile", "rock", "sea_serpent",
    "spellcaster", "thunder", "warrior", "winged_beast", "wyrm", "zombie",
]  # fmt: skip
_Until = Literal["end_of_turn", "end_of_battle_phase", "end_of_damage_step", "damage_calculation", "permanent"]
_AppliesTo = Literal["self", "other_own_monsters", "own_monsters", "opponent_monsters", "all_monsters", "pointed_to"]
_RestrictionKind = Literal[
    "cannot_attack", "cannot_declare_attack", "cannot_be_attacked", "can_attack_directly", "must_attack",
    "cannot_attack_directly",
]
_Pile = Literal["deck", "graveyard", "banished"]
_Zone = Literal["monster_zone", "spell_trap_zone", "graveyard"]
_Arrow = Literal["bottom_left", "bottom", "bottom_right", "left", "right", "top_left", "top", "top_right"]
_Ability = Literal["tuner", "toon", "spirit", "union", "gemini", "flip", "normal", "effect", "fusion", "synchro",
                   "xyz", "link", "ritual", "token"]
_Summoned = Literal["normal", "flip", "special", "fusion", "synchro", "xyz", "link", "ritual", "pendulum"]
_Unaffected = Literal["opponent_effects", "other_effects", "other_monster_effects", "spell_trap_effects"]

PLAYERS: tuple[str, ...] = get_args(_Player)
LOCATIONS: tuple[str, ...] = get_args(_Location)
CARD_TYPES: tuple[str, ...] = get_args(_CardType)
POSITIONS: tuple[str, ...] = get_args(_Position)
WINDOWS: tuple[str, ...] = get_args(_Window)
DAMAGE_STEP_WINDOWS: tuple[str, ...] = get_args(_DamageStepWindow)
TRIGGER_EVENTS: tuple[str, ...] = get_args(_TriggerEvent)
TRIGGER_CONDITIONS: tuple[str, ...] = get_args(_TriggerCondition)
ATTRIBUTES: tuple[str, ...] = get_args(_Attribute)
ABILITIES: tuple[str, ...] = get_args(_Ability)
SUMMON_KINDS: tuple[str, ...] = get_args(_Summoned)
MONSTER_TYPES: tuple[str, ...] = get_args(_MonsterType)
TARGET_KEYWORDS = ("attacker", "target", "self", "battling_opponent", "own_battler", "opponent_battler")
SUMMON_FROM = frozenset({"hand", "deck", "graveyard"})

# --- values ----------------------------------------------------------------------------------------------

# Card references: the structural pass checks their shape; that the id exists is checked once all cards are
# known. The title makes each a definition of the schema (``#/$defs/card_ref``).
_REFS = {"card_ref": "a card id", "target_ref": f"{', '.join(TARGET_KEYWORDS)} or a card id"}
_CardRef = Annotated[str, Meta(min_length=1, title="card_ref")]
_TargetRef = Annotated[str, Meta(min_length=1, title="target_ref")]
_Text = Annotated[str, Meta(min_length=1)]
# Every integer has both bounds: no unbounded arithmetic on what a file says, and the schema publishes them.
_Stat = Annotated[int, Meta(ge=0, le=MAX_STAT)]
_StatChange = Annotated[int, Meta(ge=-MAX_STAT, le=MAX_STAT)]
_Amount = Annotated[int, Meta(ge=0, le=MAX_AMOUNT)]
_Count = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
_Level = Annotated[int, Meta(ge=1, le=MAX_LEVEL)]
_LP = Annotated[int, Meta(ge=1, le=MAX_LP)]


def _doc(text: str, **schema: Any) -> Meta:
    """A key's description in the schema (and other keywords: the ``default`` of a key whose absence counts)."""
    return Meta(description=text, extra_json_schema=schema or None)


def _optional(tp: Any, doc: str | None = None, **schema: Any) -> tuple[Any, Any]:
    """A table's key that may be left out: UNSET if it is (the engine gets None, or the schema's default)."""
    return (Annotated[tp | UnsetType, _doc(doc, **schema)] if doc else tp | UnsetType), UNSET


def _default(tp: Any, value: Any, doc: str | None = None) -> tuple[Any, Any]:
    """A table's key with a default value."""
    return (Annotated[tp, _doc(doc)] if doc else tp), value


# --- the format, as msgspec structs ----------------------------------------------------------------------


class _Wire(msgspec.Struct, forbid_unknown_fields=True):
    """A JSON object of the format: only read, to build the frozen types of the next section."""


class _Filter(_Wire):
    """Which monsters: every key given must hold (an empty filter matches every monster). An archetype is
    matched by name, as the official rule does: a "Ghostrick" monster has "Ghostrick" in its name (its name,
    else its id)."""

    archetype: Annotated[_Text | UnsetType, _doc("its name contains this text")] = UNSET
    not_archetype: Annotated[_Text | UnsetType, _doc("its name does not contain this text")] = UNSET
    attribute: Annotated[_Attribute | UnsetType, _doc("it has this Attribute")] = UNSET
    monster_type: Annotated[_MonsterType | UnsetType, _doc("it is of this Type")] = UNSET
    level_at_most: Annotated[_Level | UnsetType, _doc("its Level is at most this")] = UNSET
    level_at_least: Annotated[_Level | UnsetType, _doc("its Level is at least this")] = UNSET
    face_up: Annotated[bool | UnsetType, _doc("true: it is face-up (a face-down monster shows no ATK to refer to)")] = (
        UNSET
    )
    position: Annotated[
        Literal["attack", "defense"] | UnsetType, _doc("it is in Attack Position, or in Defense Position (either face)")
    ] = UNSET
    name: Annotated[_Text | UnsetType, _doc("its name is exactly this (\"Toon World\")")] = UNSET
    atk_at_least: Annotated[_Stat | UnsetType, _doc("its current ATK is at least this (face-up on the field)")] = UNSET
    atk_at_most: Annotated[_Stat | UnsetType, _doc("its current ATK is at most this")] = UNSET
    def_at_least: Annotated[_Stat | UnsetType, _doc("its current DEF is at least this (\"with 2000 or more DEF\")")] = (
        UNSET
    )
    def_at_most: Annotated[_Stat | UnsetType, _doc("its current DEF is at most this")] = UNSET
    ability: Annotated[
        _Ability | Literal["pendulum", "extra_deck"] | UnsetType,
        _doc("its type line says this (\"a Tuner\", \"a Toon monster\", \"a Fusion Monster\"); pendulum: a Pendulum "
             "Monster; extra_deck: a Fusion, Synchro, Xyz or Link Monster"),
    ] = UNSET
    summoned: Annotated[_Summoned | UnsetType, _doc("it was Summoned this way (\"this Link Summoned card\")")] = UNSET
    card_type: Annotated[
        Literal["monster", "spell", "trap"] | UnsetType, _doc("its card type (a Counter Trap is a trap)")
    ] = UNSET


class _Battle(_Wire):
    """Who battles whom, as an activation condition ("if a LIGHT monster you control battles"): every key
    given must hold."""

    own_monster: Annotated[
        _Filter | UnsetType, _doc("a monster the effect's controller controls battles, and matches this filter")
    ] = UNSET
    opponent_monster: Annotated[
        _Filter | UnsetType, _doc("it battles an opponent's monster that matches this filter")
    ] = UNSET
    self_: Annotated[bool, _doc("this card (the equipped monster, on an equip) is one of the battling monsters")] = (
        field(default=False, name="self")
    )
    opponent_atk: Annotated[
        Literal["higher", "lower", "equal", "equal_or_higher", "equal_or_lower"] | UnsetType,
        _doc("the monster it battles has a higher (lower, the same...) ATK than the monster of the effect's "
             "controller (or than the monster `of` names)"),
    ] = UNSET
    at_declaration: Annotated[bool, _doc("true: the attack's monsters count as battling from its declaration (a "
                                         "condition read when the attack is declared)")] = False
    of: Annotated[_TargetRef | UnsetType, _doc("whose battle: this monster's (\"if that monster battles\"), instead "
                                              "of the effect's controller's battling monster")] = UNSET
    opponent_destroyed: Annotated[bool | UnsetType, _doc("the monster it battles was (true) / was not (false) "
                                                         "destroyed by the battle, after damage calculation")] = UNSET


class _Controls(_Wire):
    """How many cards a player controls face-up (a monster: face-up or face-down) that match a filter, as a
    condition: "while you control another 'Ancient Warriors' monster", "if your opponent controls no monsters"."""

    player: Annotated[_Relative, _doc("whose cards are counted (both: all on the field)")] = "controller"
    filter: Annotated[_Filter | UnsetType, _doc("which cards")] = UNSET
    zone: Annotated[_Zone, _doc("where (a Spell/Trap on the field counts when face-up)")] = "monster_zone"
    other_than_self: Annotated[bool, _doc("true: cards other than this one (\"another 'X' monster\")")] = False
    at_least: Annotated[_Count, _doc("at least this many")] = 1
    at_most: Annotated[_Count | UnsetType, _doc("at most this many (0: none)")] = UNSET


class _PerCard(_Wire):
    """The cards a value is counted by: in a player's hand, or what a player controls that matches a filter."""

    zone: Literal["hand", "monster_zone", "spell_trap_zone", "graveyard"] = "hand"
    player: _Relative = "controller"
    filter: Annotated[_Filter | UnsetType, _doc("only the cards that match")] = UNSET


class _LifeCondition(_Wire):
    """A player's Life Points, as a condition ("while your LP are 2000 or less", "if you have less LP than your
    opponent")."""

    player: Literal["controller", "opponent"] = "controller"
    at_most: Annotated[_Amount | UnsetType, _doc("at most this much")] = UNSET
    at_least: Annotated[_Amount | UnsetType, _doc("at least this much")] = UNSET
    less_than_opponent: Annotated[bool, _doc("fewer LP than that player's opponent")] = False


class _OnlyIf(_Wire):
    """A condition on the game as it is now, read whenever the effect is: a continuous effect applies only while
    it holds, an activated or trigger effect is activated only if it holds. Every key given must hold."""

    controls: Annotated[
        _Controls | Annotated[tuple[_Controls, ...], Meta(min_length=1)] | UnsetType,
        _doc("what a player controls (a list: every entry holds)"),
    ] = UNSET
    self_: Annotated[_Filter | UnsetType, _doc("this card (on an equip: the equipped monster) matches this filter")] = (
        field(default=UNSET, name="self")
    )
    this_card: Annotated[
        Literal["attacking", "attacked", "battling"] | UnsetType,
        _doc("this card is the attacking monster (from its declaration), the attack target, or either"),
    ] = UNSET
    same_column: Annotated[
        bool | UnsetType,
        _doc("true: the monster this card battles is in this card's column (cards give `column`)"),
    ] = UNSET
    summoned_this_turn: Annotated[bool | UnsetType, _doc("this card was Summoned this turn (or not: false)")] = UNSET
    life_points: Annotated[_LifeCondition | UnsetType, _doc("a player's LP")] = UNSET


class _Among(_Wire):
    """The face-up monsters a value is read among ("the highest ATK among monsters your opponent controls")."""

    player: _Relative = "both"
    filter: Annotated[_Filter | UnsetType, _doc("only the monsters that match")] = UNSET


class _StatOf(_Wire):
    """A value read from the game, as an amount: a monster's current ATK or DEF (or original ATK/DEF, Level, Rank,
    Link Rating; or the difference with another monster's), the highest or lowest among some monsters, or a count
    of cards. Exactly one of `of`, `highest_among`, `lowest_among`, `count`."""

    of: Annotated[_TargetRef | UnsetType, _doc("which monster: a target reference")] = UNSET
    stat: Literal["atk", "def", "original_atk", "original_def", "level", "rank", "link_rating"] = "atk"
    minus: Annotated[_TargetRef | UnsetType, _doc("less the same value of this monster (none below 0): \"the "
                                                  "difference in ATK\"")] = UNSET
    halved: Annotated[bool, _doc("half of it (rounded as halving is, §S.6)")] = False
    highest_among: Annotated[_Among | UnsetType, _doc("the highest `stat` of these face-up monsters (0 if none)")] = (
        UNSET
    )
    lowest_among: Annotated[_Among | UnsetType, _doc("the lowest `stat` of these face-up monsters (0 if none)")] = UNSET
    count: Annotated[_PerCard | UnsetType, _doc("how many such cards (\"for each card in your hand\")")] = UNSET
    times: Annotated[Annotated[int, Meta(ge=1, le=MAX_COUNT)], _doc("the value multiplied by this (\"x 200\")")] = 1

    def __post_init__(self) -> None:
        given = [k for k in ("of", "highest_among", "lowest_among", "count") if getattr(self, k) is not UNSET]
        if len(given) != 1:
            got = ", ".join(given) or "none"
            raise ValueError(f"give exactly one of of, highest_among, lowest_among, count (got {got})")


class _Payment(_Wire):
    lp: _Amount = 0
    lp_equal_to: Annotated[_StatOf | UnsetType, _doc("pay LP equal to this value (\"pay LP equal to the difference "
                                                     "in ATK\": Prideful Roar), besides any `lp`")] = UNSET
    send_self_to_graveyard: bool = False
    discard: Annotated[_Count, _doc("discard this many other cards from the hand")] = 0
    tribute: Annotated[_Count, _doc("Tribute this many monsters you control, other than this card")] = 0
    pay_with: Annotated[
        tuple[_CardRef, ...], _doc("the cards the player picks first for discard/tribute, in this order")
    ] = ()
    detach: Annotated[_Count, _doc("detach this many Xyz Materials from this card (on an equip: its monster)")] = 0
    remove_counters: Annotated[_Count, _doc("remove this many counters from this card")] = 0
    banish_self: Annotated[bool, _doc("banish this card (from the hand, the field or the Graveyard)")] = False
    banish_from_graveyard: Annotated[_Count, _doc("banish this many other cards from your Graveyard (pay_with "
                                                  "first)")] = 0


class _Cost(_Payment):
    """Paid on activation; the keys combine."""

    discard_self: bool = False


class _Instead(_Payment):
    """What a destruction replacement does instead ("you can <do this> instead"): the cost keys, the
    destruction of another face-up monster its controller controls (The Six Samurai), or detaching all its
    Xyz Materials (Number 102: Star Seraph Sentry)."""

    detach_all: Annotated[bool, _doc("detach all Xyz Materials of the monster it protects (at least 1)")] = False
    destroy_self: Annotated[bool, _doc("destroy this card (an Equip: the Equip Card itself) instead")] = False

    destroy_other: Annotated[
        _Filter | UnsetType, _doc("destroy another face-up monster you control that matches this filter")
    ] = UNSET
    destroy_card: Annotated[
        _Filter | UnsetType, _doc("destroy another card you control, of any card type, face-up or face-down, that "
                                  "matches this filter ({} : \"1 card you control\"; card_type: \"1 Spell\")")
    ] = UNSET


# Effect kinds and operations: a struct each, tagged by "kind" / "op", declared as tables (its keys; each a
# type, required, or (type, default)).

_UNIONS = {"kind": "effect", "op": "op"}  # tag key -> the name of the tagged union in the schema
_ANY_OF = {  # operations and effect kinds that need at least one of these keys
    "change_stats": ("atk", "def", "set_atk", "set_def", "atk_gain_equal_to", "atk_gain_of", "def_gain_of",
                     "set_atk_of", "set_def_of"),
    "damage": ("amount", "equal_to"),
    "gain_lp": ("amount", "equal_to"),
    "no_battle_damage_at_most": ("at_most", "at_most_equal_to"),
    "restrict": ("target", "applies_to"),
    "special_summon": ("card", "filter"),
    "add_to_hand": ("card", "filter"),
    "indestructible_by_battle_this_turn": ("target", "applies_to"),
    "indestructible_by_effects_this_turn": ("target", "applies_to"),
    "set_original_stats": ("set_atk", "set_def"),
}


def _needs_one_of(self: msgspec.Struct) -> None:
    tag = str(self.__struct_config__.tag)
    if all(getattr(self, k) is UNSET for k in _ANY_OF[tag]):
        raise ValueError(f"{tag} needs at least one of {', '.join(_ANY_OF[tag])}")


def _tagged(base: type[msgspec.Struct], table: Mapping[str, Mapping[str, Any]]) -> dict[str, type[msgspec.Struct]]:
    """A struct for each entry, named as its schema definition (``effect.piercing``, ``op.draw``)."""
    prefix = _UNIONS[str(base.__struct_config__.tag_field)]
    return {
        tag: msgspec.defstruct(
            f"{prefix}.{tag}", [(k, *(f if type(f) is tuple else (f,))) for k, f in fields.items()],
            bases=(base,), tag=tag, kw_only=True, module=__name__,
            namespace={"__post_init__": _needs_one_of} if tag in _ANY_OF else None,
        )
        for tag, fields in table.items()
    }  # fmt: skip


class _Op(_Wire, tag_field="op"):
    pass


_UNTIL = _default(_Until, "end_of_turn")
_STATS = {
    "target": _TargetRef,
    "stats": _default(Literal["atk", "def", "both"], "atk", "which values"),
    "until": _UNTIL,
}
OPS: Mapping[str, type[msgspec.Struct]] = _tagged(_Op, {
    "change_stats": {
        "target": _TargetRef,
        "atk": _optional(_StatChange, "ATK delta", default=0),
        "def": _optional(_StatChange, "DEF delta", default=0),
        "set_atk": _optional(_Stat),
        "set_def": _optional(_Stat),
        "atk_gain_equal_to": _optional(Literal["battling_opponent_atk"]),
        "atk_gain_of": _optional(_StatOf, "an ATK gain equal to a value of a monster (its original ATK, the ATK "
                                 "difference of the battlers...), read when it resolves"),
        "def_gain_of": _optional(_StatOf, "a DEF gain equal to a value, read when it resolves"),
        "set_atk_of": _optional(_StatOf, "its ATK becomes a value read when it resolves (\"becomes that monster's "
                                "ATK\", \"double its original ATK\": times 2)"),
        "set_def_of": _optional(_StatOf, "its DEF becomes a value read when it resolves"),
        "until": _UNTIL,
    },
    # Relative stat ops (rules spec §S): a freezing current value, or a change of the original value.
    "halve_stats": _STATS,
    "double_stats": _STATS,
    "halve_original_stats": _STATS,
    "double_original_stats": _STATS,
    "switch_atk_def": {"target": _TargetRef, "until": _UNTIL},
    "set_original_stats": {"target": _TargetRef, "set_atk": _optional(_Stat), "set_def": _optional(_Stat),
                           "until": _UNTIL},
    "no_battle_damage_this_battle": {"player": Literal["controller", "opponent"]},
    "original_values_in_damage_calculation": {},
    "indestructible_by_battle_this_turn": {
        "target": _optional(_TargetRef, "the monster (or give applies_to)"),
        "applies_to": _optional(_AppliesTo, "the monsters, as the controller sees them (\"monsters you control\")"),
        "until": _default(_Until, "end_of_turn", "end_of_damage_step: \"by this battle\""),
    },
    "negate_activation": {"destroy": bool},
    "destroy": {"target": _TargetRef},
    "banish": {"target": _TargetRef},
    "return_to_hand": {"target": _TargetRef},
    "shuffle_into_deck": {"target": Annotated[_TargetRef, _doc("the card shuffled into its owner's Deck (a Fusion, "
                                                               "Synchro, Xyz or Link Monster: the Extra Deck)")]},
    "send_to_graveyard": {"target": _TargetRef},
    "change_position": {"target": _TargetRef, "to": _Position},
    "take_control": {"target": _TargetRef,
                     "until": _optional(_Until, "absent: for good; given: control returns to the player who had it "
                                        "then, if it is still on the field (\"until the End Phase\")")},
    "special_summon": {"card": _optional(_CardRef, "a monster in hand, deck or graveyard, or self (this card); "
                                         "absent: the first card of the effect's controller that `from` and `filter` "
                                         "name, in file order"),
                       "position": _Position,
                       "from": _default(Annotated[tuple[Literal["hand", "deck", "graveyard"], ...], Meta(min_length=1)],
                                        ("hand", "deck", "graveyard"), "where it may come from"),
                       "filter": _optional(_Filter, "what it must be (\"1 EARTH monster with 1500 or less ATK\")")},
    "damage": {"player": _AnyPlayer, "amount": _optional(_Amount),
               "equal_to": _optional(_StatOf, "instead of amount: a monster's current ATK or DEF (Magic Cylinder)")},
    "gain_lp": {"player": _AnyPlayer, "amount": _optional(_Amount),
                "equal_to": _optional(_StatOf, "instead of amount: a monster's current ATK or DEF (Draining Shield)")},
    "draw": {"player": _AnyPlayer, "count": _Count},
    # The Battle Phase (rules spec §BP.6, §BP.7): negate the attack; end the Battle Phase; destroy all monsters of
    # a player matching a filter (Mirror Force: the opponent's Attack Position monsters).
    "negate_attack": {},
    "end_battle_phase": {},
    "restrict": {
        "kind": Annotated[_RestrictionKind, _doc("the restriction or permission, as its continuous kind")],
        "target": _optional(_TargetRef, "the monster it applies to (or give applies_to)"),
        "applies_to": _optional(_AppliesTo, "the monsters it applies to, as the controller sees them"),
        "filter": _optional(_Filter, "only the monsters of applies_to that match this filter"),
        "until": _UNTIL,
    },
    "destroy_all": {"player": _Relative, "filter": _optional(_Filter, "only the monsters that match")},
    # Cards as cards (rules spec §C): equip a monster; place counters.
    "equip": {"target": Annotated[_TargetRef, _doc("the face-up monster it equips")],
              "card": _optional(_TargetRef, "the card that becomes the Equip Card (default: this card; a monster "
                                "is equipped as an Equip Spell)")},
    "add_counters": {"target": _default(_TargetRef, "self", "the face-up card they are placed on"),
                     "count": Annotated[int, Meta(ge=1, le=MAX_COUNT)]},
    # Issue 22's pieces: negate a monster's effects; take a card from the Deck, Graveyard or banishment; place a
    # Pendulum Monster in a Pendulum Zone; make a monster unaffected by some effects.
    "negate_effects": {"target": Annotated[_TargetRef, _doc("the monster whose effects are negated: while it stays "
                                                            "on the field and in the Graveyard it is sent to")],
                       "until": _optional(_Until, "absent: on the field and in the Graveyard it is sent to; given: "
                                          "while it stays on the field, until then (\"until the end of this turn\")")},
    "add_to_hand": {"card": _optional(_CardRef, "the card added (the player's pick, fixed in the file); absent: the "
                                      "first card of the effect's controller that `from` and `filter` name"),
                    "from": _default(Annotated[tuple[_Pile, ...], Meta(min_length=1)], ("deck",),
                                     "where it may be taken from"),
                    "filter": _optional(_Filter, "what the card must be (\"1 'Gouki' card\"); nothing is added if it "
                                        "is not")},
    "place_in_pendulum_zone": {"card": _default(_TargetRef, "self", "a Pendulum Monster")},
    "unaffected": {"target": _TargetRef, "by": _Unaffected, "until": _UNTIL},
    "change_attack_target": {"target": Annotated[_TargetRef, _doc("the monster that becomes the attack target")]},
    "perform_damage_calculation": {},
    # Issue 43's pieces (rules spec §U.15).
    "battle_damage_this_battle": {
        "change": Annotated[Literal["halve", "double", "zero", "gain_instead", "reflect", "also"],
                            _doc("what happens to the battle damage the player takes from this battle (gain_instead: "
                                 "they gain that much LP; reflect: their opponent takes it instead)")],
        "player": _default(_Relative, "controller"),
    },
    "indestructible_by_effects_this_turn": {
        "target": _optional(_TargetRef, "the monster (or give applies_to)"),
        "applies_to": _optional(_AppliesTo, "the monsters, as the controller sees them"),
        "filter": _optional(_Filter, "only the monsters of applies_to that match"),
        "by": _default(Literal["opponent_effects", "effects"], "effects", "whose card effects cannot destroy them"),
        "until": _UNTIL,
    },
})  # fmt: skip

if TYPE_CHECKING:  # for msgspec, the union of the tagged structs (by their tag); for mypy, their base
    _AnyOp = _Op
else:
    _AnyOp = Union[tuple(OPS.values())]  # noqa: UP007


class _Effect(_Wire, tag_field="kind"):
    negated: bool = False
    pendulum_effect: Annotated[bool, _doc("a Pendulum Effect: it applies (is activated) only while the card is in a "
                                          "Pendulum Zone, where its other effects do not")] = False
    only_if: Annotated[_OnlyIf | UnsetType, _doc("applies (is activated) only while this holds")] = UNSET


class _Activatable(_Effect, kw_only=True):
    does: Annotated[tuple[_AnyOp, ...], Meta(min_length=1)]
    cost: _Cost | UnsetType = UNSET
    target: Annotated[_TargetRef | UnsetType, _doc("chosen on activation")] = UNSET


_SCOPE = _default(Literal["involving", "all"], "involving")
_ONCE = _optional(Literal["soft", "hard"], "soft: 'once per turn' (per card); hard: 'you can only use this effect of "
                  "<name> once per turn' (per player and card name)")
_BATTLE = _optional(_Battle, "who battles whom: an activation condition")
_CONDITION = _default(_TriggerCondition | Annotated[tuple[_TriggerCondition, ...], Meta(min_length=1)], (),
                      "all must hold")
# Attack restrictions and permissions (rules spec §BP.8): the monsters they apply to.
_APPLIES = {
    "applies_to": _default(_AppliesTo, "self"),
    "filter": _optional(_Filter, "only the monsters of applies_to that match this filter"),
}
EFFECT_KINDS: Mapping[str, type[msgspec.Struct]] = _tagged(_Effect, {
    "piercing": {"double": _default(bool, False)},
    "indestructible_by_battle": {
        "times_per_turn": _optional(Annotated[int, Meta(ge=1, le=MAX_COUNT)], "unlimited if absent"),
        "against_atk_at_least": _optional(_Stat, "only by battle with a monster with this much ATK or more: the "
                                          "value it applies in damage calculation (its DEF if it attacks with its "
                                          "DEF: Obnoxious Celtic Guard, Konami OCG FAQ 7420)"),
        "while_more_lp": _default(bool, False, "only while its controller has more LP than the opponent, as decided "
                                  "before the battle damage (Aromaseraphy Jasmine, Konami OCG FAQ 21608)"),
        "against": _optional(_Filter, "only by battle with a monster that matches this (\"a Level 7 or lower "
                             "monster\")"),
        "applies_to": _default(Literal["self", "other_own_monsters", "own_monsters", "opponent_monsters",
                                       "all_monsters", "pointed_to", "battling_opponent"], "self",
                               "the monsters it protects; battling_opponent: the opponent's monster this card "
                               "battles cannot be destroyed by that battle (Thorn of Malice)"),
        "filter": _optional(_Filter, "only the monsters of applies_to that match this filter"),
    },
    "avoid_battle_damage": {"player": _Relative, "scope": _SCOPE},
    "reflect_battle_damage": {
        "scope": _default(Literal["involving", "all"], "involving", "all: every battle (Dimension Wall)"),
    },
    "also_inflict_battle_damage": {},
    "both_take_battle_damage": {},
    "no_battle_damage_at_most": {
        "player": _default(_Relative, "controller"),
        "at_most": _optional(_Amount, "that player takes no battle damage of this much or less; applied last, to "
                             "each damage separately"),
        "at_most_equal_to": _optional(Literal["this_card_atk"], "instead of at_most: this card's current ATK "
                                      "(Performage Trapeze Magician)"),
    },
    "double_battle_damage": {},
    "halve_battle_damage": {"player": _Relative,
                            "inflicted_by": _optional(_Filter, "only battle damage monsters like this inflict")},
    "battle_damage_becomes": {"player": _Relative, "value": _Amount},
    "battle_damage_is_effect_damage": {},
    "gain_lp_instead": {"player": _Relative},
    "attack_from_defense": {"apply": Literal["atk", "def"]},
    "stat_modifier": {
        "atk": _default(_StatChange, 0),
        "def": _default(_StatChange, 0),
        "set_atk": _optional(_Stat, "its ATK becomes this (re-evaluated while it applies; gains still add)"),
        "set_def": _optional(_Stat, "its DEF becomes this"),
        "applies_to": _default(
            Literal["self", "other_own_monsters", "own_monsters", "opponent_monsters", "all_monsters",
                    "battling_opponent", "pointed_to"], "self", "battling_opponent: the opponent's monster this card "
            "battles; pointed_to: the monsters this Link Monster points to"),
        "filter": _optional(_Filter, "only the monsters of applies_to that match this filter"),
        "while": _default(Literal["always", "damage_step", "damage_calculation"], "always"),
        "when": _optional(Literal["attacking", "attacked", "battling"], "any time if absent"),
        "applied_last": _default(bool, False, "applied after every other change to the ATK/DEF, as a 'during damage "
                                 "calculation only' change is (Salamangreat Violet Chimera)"),
        "atk_gain_equal_to": _optional(Literal["battling_opponent_atk", "half_battling_opponent_atk",
                                               "pointed_to_original_atk"],
                                       "a gain equal to (half) the ATK of the monster it battles, read again whenever "
                                       "ATK is read (Metalmorph); or to the original ATK of the face-up monsters "
                                       "this Link Monster points to (Crusadia Regulex)"),
        "halve": _default(Literal["none", "atk", "def", "both"], "none", "halve the ATK/DEF it applies to, after "
                          "every other change (\"its ATK is halved during damage calculation only\")"),
        "per_card": _optional(_PerCard, "atk/def count once for each such card (Tragoedia: \"600 ATK/DEF for each "
                              "card in your hand\")"),
        "if_weaker": _default(bool, False, "only while the monster's ATK without this change is lower than the ATK "
                              "of the monster it battles (Skyscraper: \"attacks a monster that has a higher ATK\")"),
        "against": _optional(_Filter, "only while the monster battles one that matches this, in the Damage Step "
                             "(\"while battling a DARK monster\")"),
        "atk_gain_of": _optional(_StatOf, "a gain equal to a value read whenever ATK is read (\"the Level of the "
                                 "monster it battles x 200\": of battling_opponent, stat level, times 200); never "
                                 "the ATK of the monster it changes"),
        "def_too": _default(bool, False, "the atk_gain_of value is gained as DEF too (\"ATK and DEF\")"),
    },
    "activation_lock": {
        "card_type": Literal["spell", "trap", "spell_trap", "monster"],
        "player": _Relative,
        "cards_only": _default(bool, False, "only the activation of Spell/Trap Cards, not the effects of face-up "
                               "ones (\"cannot activate Spell/Trap Cards\")"),
    },
    "extra_attacks": {
        "attacks": Annotated[int, Meta(ge=2, le=MAX_COUNT), _doc("how many attacks it can make each Battle Phase")],
        "monsters_only": _default(bool, False, "the attacks after the first are on monsters only (\"up to 2 "
                                  "attacks on monsters\")"),
    },
    "unaffected": {"by": _Unaffected},
    "cannot_be_targeted": {
        "by": _default(Literal["opponent_effects", "effects"], "opponent_effects", "whose card effects cannot target "
                       "them"),
        **_APPLIES,
    },
    "self_destroy": {},
    "banish_instead_of_graveyard": {},
    "battle_destruction_replacement": {
        "protects": _default(Literal["self", "own_monsters"], "self", "self: this card (on an equip: the monster)"),
        "filter": _optional(_Filter, "with own_monsters: only the monsters that match"),
        "instead": Annotated[_Instead, _doc("what its controller does instead of the destruction")],
        "use": _default(bool, True, "whether its controller chooses to apply it (the format has no decision for it)"),
        "before_battle_damage": _default(bool, False, "whether it is applied is decided at damage calculation before "
                                         "battle damage (Number 102: Star Seraph Sentry), not after it"),
        "halve_battle_damage_this_turn": _default(bool, False, "also: the battle damage its controller takes this "
                                                  "turn is halved, that battle's too if decided before it"),
        "by": _default(Literal["battle", "effect", "both"], "battle", "the destruction it replaces: by battle, or by "
                       "a card effect (\"if it would be destroyed by a card effect, you can destroy this card "
                       "instead\")"),
    },
    "self_destroy_unless": {"condition": _Text},
    "negates_battle_victims": _APPLIES,
    "cannot_attack": _APPLIES,
    "cannot_declare_attack": _APPLIES,
    "cannot_be_attacked": _APPLIES,
    "can_attack_directly": _APPLIES,
    "must_attack": _APPLIES,
    "cannot_attack_directly": _APPLIES,
    "negates_effects": _APPLIES,
    "indestructible_by_effects": {
        "by": _default(Literal["opponent_effects", "effects"], "effects", "whose card effects cannot destroy them"),
        "applies_to": _default(Literal[_AppliesTo, "this_card"], "self", "self: this card (on an equip: the "
                               "equipped monster); this_card: the card itself, an Equip Card too"),
        "filter": _optional(_Filter, "only the monsters of applies_to that match this filter"),
    },
}) | _tagged(_Activatable, {
    "activated": {
        "does": _default(Annotated[tuple[_AnyOp, ...], Meta(min_length=1)], (),
                         "absent: activating it does nothing more than put the card face-up (a Continuous Spell/Trap "
                         "whose continuous effects apply from then: Gravity Bind)"),
        "speed": _optional(Annotated[int, Meta(ge=1, le=3)], "required, except on a counter_trap card (always 3)"),
        "during_damage_calculation": _default(bool, False),
        "from": _default(Literal["field", "hand", "graveyard"], "field"),
        "damage_step": _default(Literal["auto", "allowed", "forbidden"], "auto"),
        "windows": _optional(Annotated[tuple[_DamageStepWindow, ...], Meta(min_length=1)],
                             "the Damage Step windows its text names for its activation (Honest: "
                             "start_of_damage_step, before_damage_calculation): activated in those only"),
        "battle": _BATTLE,
        "on": _optional(_TriggerEvent, "its activation timing (Mirror Force: attack_declared): activated only in the "
                        "chain that responds to that event"),
        "condition": _CONDITION,
        "once_per_turn": _ONCE,
        "activates_card": _default(bool, True, "on a Spell/Trap: false for an effect of the face-up card (not the "
                                   "card's activation), activated only while it is face-up on the field"),
        "about": _default(Literal["self", "own", "opponent", "any"], "self", "with on an event of cards or players "
                          "(special_summoned, destroyed...): whose card (or LP) its timing answers"),
        "event_filter": _optional(_Filter, "with about other than self: the card of the event must match this"),
    },
    "trigger": {
        "on": _TriggerEvent,
        "optional": bool,
        "condition": _CONDITION,
        "from": _default(Literal["field", "hand", "graveyard"], "field"),
        "battle": _BATTLE,
        "once_per_turn": _ONCE,
        "damage_step": _default(Literal["auto", "allowed", "forbidden"], "auto", "forbidden: \"(except during the "
                                "Damage Step)\": not activated if its event happens in the Damage Step, then or later"),
        "about": _default(Literal["self", "own", "opponent", "any"], "self", "for drawn, special_summoned, "
                          "position_changed, returned_to_hand, attack_negated, lp_paid: whose card (or LP) it answers: "
                          "this card (its controller), any of its controller's, of the opponent's, anyone's; also "
                          "for destroyed and sent_to_graveyard (\"when a monster on the field is destroyed\")"),
        "event_filter": _optional(_Filter, "with about other than self: the card of the event must match this (\"a "
                                  "WIND monster\"), as it was on the field if it has just left it"),
        "destroyed_by": _optional(Literal["battle", "effect"], "with on: destroyed and about other than self: only a "
                                  "card destroyed by battle / by a card effect"),
    },
    "at_timing": {
        "at": Annotated[tuple[_TimingState, ...], Meta(min_length=1),
                        _doc("the states of the machine it acts in as they begin, with no chain, before their own work "
                             "(after_damage_calculation: \"after damage calculation, <do this>\")")],
    },
    "flip": {"optional": _default(bool, False)},
})  # fmt: skip
ACTIVATABLE_KINDS = frozenset(k for k, c in EFFECT_KINDS.items() if issubclass(c, _Activatable))

if TYPE_CHECKING:
    _AnyEffect = _Effect
else:
    _AnyEffect = Union[tuple(EFFECT_KINDS.values())]  # noqa: UP007


_ABILITIES = tuple[_Ability, ...]


class _Card(_Wire, kw_only=True):
    """A card: who has it, where it is, what it is, and its effects."""

    id: _Text
    name: str | UnsetType = UNSET
    controller: _Player
    owner: Annotated[_Player | UnsetType, _doc("defaults to controller")] = UNSET
    location: _Location = "monster_zone"
    card_type: _CardType = "monster"
    atk: Annotated[_Stat | UnsetType, _doc("monsters only, and required for them")] = UNSET
    def_: Annotated[_Stat | UnsetType, _doc("monsters only, and required for them")] = field(default=UNSET, name="def")
    position: Annotated[_Position | UnsetType, _doc("monsters in a monster_zone only, and required for them")] = UNSET
    face_down: Annotated[bool | UnsetType, _doc("spells/traps in a spell_trap_zone only", default=False)] = UNSET
    pendulum: Annotated[bool | UnsetType, _doc("monsters only", default=False)] = UNSET
    equipped_to: Annotated[_CardRef | UnsetType, _doc("spells/traps in a spell_trap_zone only; names a monster")] = (
        UNSET
    )
    effects: tuple[_AnyEffect, ...] = ()
    attribute: Annotated[_Attribute | UnsetType, _doc("monsters only")] = UNSET
    monster_type: Annotated[_MonsterType | UnsetType, _doc("monsters only (its Type)")] = UNSET
    level: Annotated[_Level | UnsetType, _doc("monsters only")] = UNSET
    materials: Annotated[_Count | UnsetType, _doc("monsters in a monster_zone only: how many Xyz Materials it has "
                                                  "(counted: the format has no material cards)")] = UNSET
    property: Annotated[_Property | UnsetType, _doc("spells/traps only: its Property (icon)", default="normal")] = UNSET
    counters: Annotated[_Count | UnsetType, _doc("cards face-up on the field only: the counters on it")] = UNSET
    abilities: Annotated[_ABILITIES | UnsetType, _doc("monsters only: what its type line says beyond its Type")] = UNSET
    summoned: Annotated[_Summoned | UnsetType, _doc("monsters in a monster_zone only: how it was Summoned")] = UNSET
    summoned_this_turn: Annotated[bool | UnsetType, _doc("monsters in a monster_zone only", default=False)] = UNSET
    column: Annotated[Annotated[int, Meta(ge=0, le=4)] | UnsetType,
                      _doc("monsters in a monster_zone only: its Main Monster Zone column, 0-4 from its controller's "
                           "left (a column faces the opponent's 4 - column)")] = UNSET
    extra_monster_zone: Annotated[bool | UnsetType, _doc("monsters in a monster_zone only: it is in the Extra "
                                                         "Monster Zone above its `column` (1 or 3)", default=False)] = (
        UNSET
    )
    link_arrows: Annotated[tuple[_Arrow, ...] | UnsetType, _doc("a Link Monster's Link Arrows, as its controller "
                                                                 "sees them")] = UNSET
    card: Annotated[
        _Text | UnsetType,
        _doc(
            "a card of engine/cards (e.g. rush_recklessly): its name, card_type, printed atk/def and effects, "
            "unless given here"
        ),
    ] = UNSET


class _Attack(_Wire):
    attacker: _CardRef
    target: Annotated[_CardRef | None, _doc("null: a direct attack (in TOML: leave it out)")]


class _BattlePhase(_Wire):
    """The whole Battle Phase, from its Start Step: the turn player declares the attacks (the choices' declare,
    or an agent), and passing in the Battle Step ends it (rules spec §BP)."""


class _Choice(_Wire):
    window: _Window
    player: _Player
    activate: Annotated[_CardRef | UnsetType, _doc("the card whose effect is activated (or give declare)")] = UNSET
    declare: Annotated[
        _Attack | UnsetType,
        _doc("an attack declaration (battle_step), or the attack chosen again after a replay (attack_declaration)"),
    ] = UNSET
    effect: Annotated[_Count, _doc("index into the card's effects")] = 0
    targets: tuple[_CardRef, ...] | UnsetType = UNSET
    new_chain: bool = False
    expect: Literal["legal", "illegal"] = "legal"
    attack: Annotated[
        _Count,
        _doc("with attacks or battle_phase: the index (from 0) of the attack the choice belongs to (in battle_step: "
             "the declaration that makes it)"),
    ] = 0


class _Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):  # frozen: it is a default value
    zero_atk_mutual_destruction: bool = False


class _LifePoints(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    A: _LP = 8000
    B: _LP = 8000


class _Scenario(_Wire, kw_only=True):
    format: Literal["damage-step-scenario/1"]
    id: str | UnsetType = UNSET
    title: str | UnsetType = UNSET
    notes: str | UnsetType = UNSET
    rules: _Rules = _Rules()
    turn_player: _Player = "A"
    life_points: _LifePoints = _LifePoints()
    cards: Annotated[tuple[_Card, ...], Meta(min_length=1)]
    attack: Annotated[_Attack | UnsetType, _doc("one attack (or give attacks)")] = UNSET
    attacks: Annotated[
        Annotated[tuple[_Attack, ...], Meta(min_length=1)] | UnsetType,
        _doc("a Battle Phase: attacks declared one after the other on the same state (instead of attack)"),
    ] = UNSET
    battle_phase: Annotated[
        _BattlePhase | UnsetType,
        _doc("the whole Battle Phase, the players declaring the attacks (instead of attack or attacks): {}"),
    ] = UNSET
    choices: tuple[_Choice, ...] = ()


# --- the validated scenario --------------------------------------------------------------------------


class Op(msgspec.Struct, frozen=True):
    op: str
    params: Mapping[str, Any]  # every key but "op", defaults filled in


class Cost(msgspec.Struct, frozen=True):
    lp: int = 0
    lp_equal_to: Mapping[str, Any] | None = None  # a value (_StatOf) paid in LP, besides `lp`
    discard_self: bool = False
    send_self_to_graveyard: bool = False
    discard: int = 0  # other cards from the hand
    tribute: int = 0  # monsters the player controls, other than this card
    pay_with: tuple[str, ...] = ()  # the cards the player picks first for discard / tribute
    detach: int = 0  # Xyz Materials of this card (on an equip: its monster)
    remove_counters: int = 0  # counters on this card
    banish_self: bool = False
    banish_from_graveyard: int = 0  # other cards of the player's Graveyard


class EffectSpec(msgspec.Struct, frozen=True):
    kind: str
    params: Mapping[str, Any]  # the kind's own parameters, defaults filled in
    does: tuple[Op, ...] = ()
    cost: Cost | None = None
    target: str | None = None
    negated: bool = False


class CardSpec(msgspec.Struct, frozen=True):
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
    materials: int | None = None
    card: str | None = None  # the library card it names (`"card": key`), if any
    property: str | None = None
    counters: int | None = None
    abilities: tuple[str, ...] | None = None
    summoned: str | None = None
    summoned_this_turn: bool | None = None
    column: int | None = None
    extra_monster_zone: bool | None = None
    link_arrows: tuple[str, ...] | None = None


class Attack(msgspec.Struct, frozen=True):
    attacker: str
    target: str | None


class Choice(msgspec.Struct, frozen=True):
    window: str
    player: str
    activate: str | None  # the card whose effect is activated, or None for a declaration
    declare: Attack | None = None  # an attack declared (or chosen again after a replay)
    effect: int = 0
    targets: tuple[str, ...] | None = None
    new_chain: bool = False
    expect: str = "legal"
    attack: int = 0  # with `attacks`: the index of the attack the choice belongs to


@attrs.frozen
class Rules:
    zero_atk_mutual_destruction: bool = False


class Scenario(msgspec.Struct, frozen=True):
    format: str
    id: str | None
    title: str | None
    notes: str | None
    rules: Rules
    turn_player: str
    life_points: Mapping[str, int]
    cards: tuple[CardSpec, ...]
    attack: Attack | None  # with `attacks`: the first of them; with `battle_phase`, None
    choices: tuple[Choice, ...]
    attacks: tuple[Attack, ...] | None = None  # a Battle Phase: several attacks, one after the other
    battle_phase: bool = False  # the whole Battle Phase, the players declaring the attacks


# --- errors ------------------------------------------------------------------------------------------


class ScenarioError(ValueError):
    """An invalid scenario or scenario file; ``str(err) == f"{err.path}: {err.message}"``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class _Invalid(Exception):
    """Internal: a problem and where it is (keys and indices); each caller prefixes where it was looking."""

    def __init__(self, message: str, *parts: object) -> None:
        super().__init__(message)
        self.message = message
        self.parts = list(parts)

    def error(self, line: int | None = None) -> ScenarioError:
        path = "".join(
            f"[{p}]" if type(p) is int else f".{printable(p)}" if type(p) is str else f".{_show(p)}" for p in self.parts
        ).lstrip(".")
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


def _one_of(values: tuple[str, ...], v: object) -> str:
    return f"expected one of {', '.join(values)}, got {_show(v)}"


# --- msgspec's refusal, said exactly ---------------------------------------------------------------------

_REFUSED = (msgspec.ValidationError, UnicodeEncodeError)  # the latter: a key with a lone surrogate
_ACTIVATION_KEYS = frozenset({"does", "cost", "target"})
Where = tuple[object, ...]


def _convert(data: object, tp: Any) -> Any:
    """``data`` as ``tp``, or :class:`_Invalid` naming its first problem and what was expected there."""
    try:
        return msgspec.convert(data, tp)
    except _REFUSED as e:
        parts, message = _problem(tp, data) or ((), str(e))
        raise _Invalid(message, *parts) from None


def _fits(value: object, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp)
    except _REFUSED:
        return False
    return True


def _problem(tp: Any, value: Any) -> tuple[Where, str] | None:
    """Where ``value`` (refused as ``tp``) has its first problem, in msgspec's order (keys in document order,
    then missing keys, then the object's own rule), and what it is."""
    tp, metas = _bare(tp)
    if _is_union(tp):
        return _union_problem(tp, value)
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _object_problem(tp, value)
    if get_origin(tp) is tuple:
        if type(value) is not list:
            return (), f"expected a list, got {_show(value)}"
        item = get_args(tp)[0]
        bad = next((i for i, x in enumerate(value) if not _fits(x, item)), None)
        if bad is not None:
            return _under(bad, _problem(item, value[bad]))
        least = next((m.min_length for m in metas if m.min_length), 1)
        return (), f"expected at least {least} item(s), got an empty list"
    ref = next((m.title for m in metas if m.title in _REFS), None)
    if ref is not None:
        return (), f"expected {_REFS[ref]}, got {_show(value)}"
    if tp is bool:
        return (), f"expected true or false, got {_show(value)}"
    if tp is int and type(value) is int:
        bounds = {k: v for m in metas for k in ("ge", "le") if (v := getattr(m, k)) is not None}
        return (), f"expected an integer from {bounds['ge']} to {bounds['le']}, got {_show(value)}"
    if tp is int:
        return (), f"expected an integer, got {_show(value)}"
    if tp is str and type(value) is str:
        return (), 'expected a non-empty string, got ""'
    if tp is str:
        return (), f"expected a string, got {_show(value)}"
    if get_origin(tp) is Literal:
        values = get_args(tp)
        return (), f"expected {_show(values[0])}, got {_show(value)}" if len(values) == 1 else _one_of(values, value)
    return None


def _union_problem(tp: Any, value: Any) -> tuple[Where, str] | None:
    """A union is one of the format's tagged unions (an effect, an operation: the tag says which struct),
    one value or a list of them (a trigger's ``condition``), or a card id or null (``attack.target``)."""
    members = get_args(tp)
    tagged = {str(t.__struct_config__.tag): t for t in members if isinstance(t, type) and issubclass(t, _Wire)}
    if tagged:
        if type(value) is not dict:
            return (), f"expected an object, got {_show(value)}"
        key = str(members[0].__struct_config__.tag_field)
        if key not in value:
            return (key,), "missing required key"
        if type(value[key]) is not str or value[key] not in tagged:
            return (key,), _one_of(tuple(tagged), value[key])
        return _object_problem(tagged[value[key]], value)
    listed = next((t for t in members if get_origin(_bare(t)[0]) is tuple), None)
    if listed is not None and type(value) is list:
        return _problem(listed, value)
    return _problem(next(t for t in members if t is not listed and t is not type(None)), value)


def _object_problem(cls: type[msgspec.Struct], value: Any) -> tuple[Where, str] | None:
    if type(value) is not dict:
        return (), f"expected an object, got {_show(value)}"
    fields = _fields(cls)
    tag_key = cls.__struct_config__.tag_field
    for key, x in value.items():
        if key == tag_key:
            continue
        if key not in fields:
            if key in _ACTIVATION_KEYS and issubclass(cls, _Effect) and not issubclass(cls, _Activatable):
                return (key,), f"a continuous effect ({cls.__struct_config__.tag}) takes no {key}, got {_show(x)}"
            allowed = ", ".join([tag_key, *fields] if tag_key else fields)
            return (key,), f"unknown key {_show(key)} (allowed: {allowed})"
        if not _fits(x, fields[key].type):
            return _under(key, _problem(fields[key].type, x))
    missing = next((key for key, f in fields.items() if f.required and key not in value), None)
    if missing is not None:
        return (missing,), "missing required key"
    try:  # the object's own rule (__post_init__)
        msgspec.convert(value, cls)
    except msgspec.ValidationError as e:
        return (), str(e)
    return None


def _under(step: object, found: tuple[Where, str] | None) -> tuple[Where, str] | None:
    return None if found is None else ((step, *found[0]), found[1])


def _bare(tp: Any) -> tuple[Any, list[Meta]]:
    """A declared type without its ``Annotated`` and ``UNSET`` wrappers, and their ``Meta``s."""
    metas: list[Meta] = []
    while True:
        if get_origin(tp) is Annotated:
            tp, *extra = get_args(tp)
            metas += [m for m in extra if isinstance(m, Meta)]
        elif _is_union(tp) and UnsetType in get_args(tp):
            rest = tuple(t for t in get_args(tp) if t is not UnsetType)
            tp = rest[0] if len(rest) == 1 else Union[rest]  # noqa: UP007
        else:
            return tp, metas


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


@functools.cache
def _fields(cls: type[msgspec.Struct]) -> dict[str, msgspec.structs.FieldInfo]:
    """A struct's fields by their JSON key."""
    return {f.encode_name: f for f in msgspec.structs.fields(cls)}


# --- from the checked structs to the scenario, and the rules a schema cannot state ------------------------


def _opt(v: Any) -> Any:
    return None if v is UNSET else v


def _mapping(v: msgspec.Struct) -> Mapping[str, Any]:
    """An object among the parameters (a filter...): a read-only mapping of the keys it was given."""
    items = ((k, getattr(v, f.name)) for k, f in _fields(type(v)).items())
    return MappingProxyType({k: _mapping(x) if isinstance(x, _Wire) else x for k, x in items if x is not UNSET})


def _one_or_list(v: Any) -> tuple[Any, ...]:
    return v if type(v) is tuple else (v,)


@functools.cache
def _shape(cls: type[msgspec.Struct]) -> tuple[str, tuple[tuple[str, Any, Callable[[Any], Any] | None], ...]]:
    """An effect kind's or operation's name, and how to read each of its parameters (its keys but the common
    ones): (key, its value when absent, how to convert it). Absent is None, or the schema's default of a key
    whose absence counts (``change_stats.atk``); objects become mappings, one-or-a-list a tuple."""
    base = _Activatable if issubclass(cls, _Activatable) else _Effect if issubclass(cls, _Effect) else _Op
    params = []
    for key, f in _fields(cls).items():
        if key in _fields(base):
            continue
        tp, metas = _bare(f.type)
        absent = next((s["default"] for m in metas if "default" in (s := m.extra_json_schema or {})), None)
        convert = (
            _mapping if isinstance(tp, type) and issubclass(tp, _Wire) else _one_or_list if _is_union(tp) else None
        )
        params.append((key, absent, convert))
    return str(cls.__struct_config__.tag), tuple(params)


def _params(v: msgspec.Struct) -> tuple[str, Mapping[str, Any]]:
    name, shape = _shape(type(v))
    out = {}
    for key, absent, convert in shape:
        x = getattr(v, key)
        out[key] = absent if x is UNSET else convert(x) if convert else x
    return name, MappingProxyType(out)


def _cost(c: _Cost) -> Cost:
    """A checked cost as the frozen value (an object among its keys as a mapping; a key left out as its default)."""
    given: dict[str, Any] = {k: _mapping(v) if isinstance(v, _Wire) else v
                             for k, v in msgspec.structs.asdict(c).items() if v is not UNSET}  # fmt: skip
    return Cost(**given)


def _only_if(e: _Effect) -> Mapping[str, Any] | None:
    """The effect's `only_if` as a mapping, `controls` always a tuple of mappings."""
    if e.only_if is UNSET:
        return None
    out = dict(_mapping(e.only_if))
    if "controls" in out:
        out["controls"] = tuple(_mapping(c) for c in _one_or_list(e.only_if.controls))
    return MappingProxyType(out)


def _effect(e: _Effect) -> EffectSpec:
    kind, params = _params(e)
    if (only_if := _only_if(e)) is not None:
        params = MappingProxyType({**params, "only_if": only_if})
    if e.pendulum_effect:
        params = MappingProxyType({**params, "pendulum_effect": True})
    if not isinstance(e, _Activatable):
        return EffectSpec(kind, params, negated=e.negated)
    does = tuple(Op(*_params(o)) for o in e.does)
    if kind == "at_timing" and e.cost is not UNSET:
        raise _Invalid("an action with no chain (at_timing) is not activated: it has no cost", "cost")
    cost = None if e.cost is UNSET else _cost(e.cost)
    return EffectSpec(kind, params, does, cost, _opt(e.target), e.negated)


def _with_speed(e: EffectSpec, ctype: str) -> EffectSpec:
    """An activated effect's speed: required, except that a Counter Trap's is (and must be) 3."""
    if e.kind != "activated":
        return e
    speed = e.params["speed"]
    if ctype == "counter_trap" and speed is None:
        return msgspec.structs.replace(e, params=MappingProxyType({**e.params, "speed": 3}))
    if ctype == "counter_trap" and speed != 3:
        raise _Invalid(f"a counter_trap's speed is 3, got {speed}", "speed")
    if speed is None:
        raise _Invalid("missing required key (only a counter_trap's defaults to 3)", "speed")
    return e


# Card keys allowed only on some cards: key -> (test on (card_type, location), who may have it).
_Who = tuple[Callable[[str, str], bool], str]
_MONSTERS: _Who = (lambda t, loc: t == "monster", "monsters")
_FIELD_MONSTERS: _Who = (lambda t, loc: t == "monster" and loc == "monster_zone", "monsters in a monster_zone")
_FIELD_SPELL_TRAPS: _Who = (
    lambda t, loc: t != "monster" and loc == "spell_trap_zone",
    "spells/traps in a spell_trap_zone",
)
_SPELL_TRAPS: _Who = (lambda t, loc: t != "monster", "spells/traps")
_ON_FIELD: _Who = (lambda t, loc: loc in ("monster_zone", "spell_trap_zone"), "cards on the field")
_ONLY_FOR: Mapping[str, _Who] = {
    "atk": _MONSTERS,
    "def": _MONSTERS,
    "pendulum": _MONSTERS,
    "attribute": _MONSTERS,
    "monster_type": _MONSTERS,
    "level": _MONSTERS,
    "materials": _FIELD_MONSTERS,
    "position": _FIELD_MONSTERS,
    "face_down": _FIELD_SPELL_TRAPS,
    "equipped_to": _FIELD_SPELL_TRAPS,
    "property": _SPELL_TRAPS,
    "counters": _ON_FIELD,
    "abilities": _MONSTERS,
    "summoned": _FIELD_MONSTERS,
    "summoned_this_turn": _FIELD_MONSTERS,
    "column": _FIELD_MONSTERS,
    "extra_monster_zone": _FIELD_MONSTERS,
    "link_arrows": _MONSTERS,
}
# Card keys required on some cards (beyond the structs).
_REQUIRED_FOR: Mapping[str, _Who] = {"atk": _MONSTERS, "def": _MONSTERS, "position": _FIELD_MONSTERS}


@functools.cache
def _card_keys(ctype: str, loc: str) -> tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, str, str], ...]]:
    """(key, attribute, who) of each key a card of this type in this place may not have, and must have."""
    attr = {key: _fields(_Card)[key].name for key in _ONLY_FOR}  # "def" -> "def_"
    banned = tuple((key, attr[key], who) for key, (ok, who) in _ONLY_FOR.items() if not ok(ctype, loc))
    needed = tuple((key, attr[key], who) for key, (need, who) in _REQUIRED_FOR.items() if need(ctype, loc))
    return banned, needed


def _card_spec(c: _Card) -> CardSpec:
    """Card-local rules, on a checked card (a key it was not given is UNSET)."""
    ctype, loc = c.card_type, c.location
    in_pendulum_zone = ctype == "monster" and loc == "spell_trap_zone" and c.pendulum is True  # §U.4
    wrong_zone = (loc == "monster_zone") != (ctype == "monster") and loc in ("monster_zone", "spell_trap_zone")
    if wrong_zone and not in_pendulum_zone:
        raise _Invalid(f"a {ctype} cannot be in {_show(loc)}", "location")
    banned, needed = _card_keys(ctype, loc)
    for key, attr, who in banned:
        if (value := getattr(c, attr)) is not UNSET:
            raise _Invalid(f"only {who} have {key}, got {_show(value)} on a {ctype} in {loc}", key)
    for key, attr, who in needed:
        if getattr(c, attr) is UNSET:
            raise _Invalid(f"missing required key ({who} need {key})", key)
    if c.equipped_to is not UNSET and c.face_down is True:
        raise _Invalid("an equipped card cannot be face-down, got true", "face_down")
    if c.extra_monster_zone is True and c.column not in (1, 3):
        raise _Invalid(f"an Extra Monster Zone stands above column 1 or 3, got column {_show(c.column)}", "column")
    if c.counters not in (UNSET, 0) and (c.face_down is True or c.position == "set"):
        raise _Invalid(f"counters are placed on face-up cards only, got {c.counters} on a face-down card", "counters")
    effects = []
    for j, e in enumerate(c.effects):
        try:
            effects.append(_with_speed(_effect(e), ctype))
        except _Invalid as err:
            err.parts[:0] = ("effects", j)
            raise
    return CardSpec(
        c.id, _opt(c.name), c.controller, _opt(c.owner) or c.controller, loc, ctype, _opt(c.atk), _opt(c.def_),
        _opt(c.position), c.face_down is True, c.pendulum is True, _opt(c.equipped_to), tuple(effects),
        _opt(c.attribute), _opt(c.monster_type), _opt(c.level), _opt(c.materials), _opt(c.card),
        _opt(c.property), _opt(c.counters), _opt(c.abilities), _opt(c.summoned), _opt(c.summoned_this_turn),
        _opt(c.column), _opt(c.extra_monster_zone), _opt(c.link_arrows),
    )  # fmt: skip


def _summons_self(op: Op) -> bool:
    """`special_summon` of the card itself (``"card": "self"``: Battle Fader, from the hand); the effect does
    nothing where the card is not in the hand, Deck or Graveyard."""
    return bool(op.op == "special_summon" and op.params.get("card") == "self")


# The parameters of each operation that name a card: (key, "card_ref" | "target_ref").
_REF_PARAMS = {
    name: tuple((k, m.title) for k, f in _fields(cls).items() for m in _bare(f.type)[1] if m.title in _REFS)
    for name, cls in OPS.items()
}


def _check_scenario(w: _Scenario, own_effects: Mapping[str, int] | None = None) -> Scenario:
    """`own_effects`: library card key -> how many effects of its own types it brings (before the ones listed)."""
    cards: list[CardSpec] = []
    by_id: dict[str, CardSpec] = {}
    for i, wc in enumerate(w.cards):
        try:
            c = _card_spec(wc)
        except _Invalid as err:
            err.parts[:0] = ("cards", i)
            raise
        if c.id in by_id:
            raise _Invalid(f"duplicate card id {_show(c.id)}", "cards", i, "id")
        if c.id in TARGET_KEYWORDS:
            raise _Invalid(f"card id {_show(c.id)} is reserved (a target keyword)", "cards", i, "id")
        by_id[c.id] = c
        cards.append(c)

    def card(ref: str, *parts: str | int) -> CardSpec:
        if ref not in by_id:
            raise _Invalid(f"unknown card id {_show(ref)}", *parts)
        return by_id[ref]

    def ref(kind: str, value: str, *parts: str | int) -> None:
        if value not in by_id and (kind == "card_ref" or value not in TARGET_KEYWORDS):
            raise _Invalid(
                f"unknown card id {_show(value)}" if kind == "card_ref" else
                f"expected {_REFS['target_ref']}, got {_show(value)}",
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
                ref("target_ref", e.target, "cards", i, "effects", j, "target")
            battle = e.params.get("battle") or {}
            if battle.get("of") is not None:
                ref("target_ref", battle["of"], "cards", i, "effects", j, "battle", "of")
            if e.cost is not None:
                for k, pid in enumerate(e.cost.pay_with):
                    ref("card_ref", pid, "cards", i, "effects", j, "cost", "pay_with", k)
                paid = e.cost.lp_equal_to or {}
                for part in ("of", "minus"):
                    if paid.get(part) is not None:
                        ref("target_ref", paid[part], "cards", i, "effects", j, "cost", "lp_equal_to", part)
            instead = e.params.get("instead") if e.kind == "battle_destruction_replacement" else None
            for k, pid in enumerate(instead["pay_with"] if instead is not None else ()):
                ref("card_ref", pid, "cards", i, "effects", j, "instead", "pay_with", k)
            for k, op in enumerate(e.does):
                for name, kind in _REF_PARAMS[op.op]:
                    if op.params[name] is not None and not _summons_self(op):  # (an optional reference left out)
                        ref(kind, op.params[name], "cards", i, "effects", j, "does", k, name)
                for key in ("equal_to", "atk_gain_of", "def_gain_of", "set_atk_of", "set_def_of"):
                    source = op.params.get(key) or {}
                    for part in ("of", "minus"):
                        if source.get(part) is not None:
                            ref("target_ref", source[part], "cards", i, "effects", j, "does", k, key, part)
                if op.op == "special_summon" and _summons_self(op):
                    if c.card_type != "monster":
                        raise _Invalid(f"card {_show(c.id)} is not a monster ({c.card_type})",
                                       "cards", i, "effects", j, "does", k, "card")  # fmt: skip
                elif op.op == "special_summon" and op.params.get("card") is not None:
                    s = by_id[op.params["card"]]
                    if s.card_type != "monster" or s.location not in SUMMON_FROM:
                        raise _Invalid(
                            f"card {_show(s.id)} is not a monster in hand, deck or graveyard "
                            f"({s.card_type} in {s.location})", "cards", i, "effects", j, "does", k, "card",
                        )  # fmt: skip

    attacks: tuple[Attack, ...] | None = None
    attack: Attack | None = None
    at: tuple[str | int, ...] = ("attack",)
    given = [k for k in ("attack", "attacks", "battle_phase") if getattr(w, k) is not UNSET]
    if len(given) > 1:
        raise _Invalid(f"give one of attack, attacks or battle_phase, got {' and '.join(given)}", given[1])
    if isinstance(w.attack, _Attack):
        attack = Attack(w.attack.attacker, w.attack.target)
    elif isinstance(w.attacks, tuple):
        attacks = tuple(Attack(a.attacker, a.target) for a in w.attacks)
        attack, at = attacks[0], ("attacks", 0)
    elif w.battle_phase is UNSET:
        raise _Invalid("missing required key", "attack")
    for k, later in enumerate(attacks or ()):  # later attacks are checked when declared, by the engine
        card(later.attacker, "attacks", k, "attacker")
        if later.target is not None:
            card(later.target, "attacks", k, "target")
    turn_player = w.turn_player
    if attack is not None:
        _check_attack(attack, card, turn_player, at)

    battle_phase = w.battle_phase is not UNSET
    shape = "battle_phase" if battle_phase else "attacks" if attacks is not None else "attack"
    count = None if battle_phase else len(attacks) if attacks is not None else 1
    choices = [_choice(i, ch, card, shape, count, own_effects or {}) for i, ch in enumerate(w.choices)]
    lp = MappingProxyType({"A": w.life_points.A, "B": w.life_points.B})
    rules = Rules(w.rules.zero_atk_mutual_destruction)
    return Scenario(
        w.format, _opt(w.id), _opt(w.title), _opt(w.notes), rules, turn_player, lp, tuple(cards), attack,
        tuple(choices), attacks, battle_phase,
    )  # fmt: skip


def _check_attack(attack: Attack, card: Callable[..., CardSpec], turn_player: str, at: tuple[str | int, ...]) -> None:
    """The attack a scenario starts with must be one the turn player can make (its Battle Step is over)."""
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


# The windows a scenario plays, by its shape: one attack is its Damage Step; the attacks the host declares
# have their declaration's window and Damage Step; the whole Battle Phase has every window (rules spec §BP.1).
_PLAYED = {
    "attack": DAMAGE_STEP_WINDOWS,
    "attacks": ("attack_declaration", *DAMAGE_STEP_WINDOWS),
    "battle_phase": WINDOWS,
}
# Where a declaration is a choice: in the Battle Step, and after a replay (in attack_declaration).
_DECLARE_WINDOWS: dict[str, tuple[str, ...]] = {
    "attack": (),
    "attacks": ("attack_declaration",),
    "battle_phase": ("battle_step", "attack_declaration"),
}


def _choice(
    i: int, ch: _Choice, card: Callable[..., CardSpec], shape: str, attacks: int | None, own: Mapping[str, int]
) -> Choice:
    """A choice, checked against the cards and the scenario's shape (`attacks` None: as many as declared)."""
    where: tuple[str | int, ...] = ("choices", i)
    if (ch.activate is UNSET) == (ch.declare is UNSET):
        raise _Invalid("give activate (a card's effect) or declare (an attack), exactly one", *where)
    if ch.window not in _PLAYED[shape]:
        raise _Invalid(f"a scenario with {shape.replace('_', ' ')} plays only {', '.join(_PLAYED[shape])}, "
                       f"got {_show(ch.window)}", *where, "window")  # fmt: skip
    if attacks is not None and ch.attack >= attacks:
        raise _Invalid(f"out of range: the scenario has {attacks} attack(s), got {ch.attack}", *where, "attack")
    declare = None
    if isinstance(ch.declare, _Attack):
        if ch.window not in _DECLARE_WINDOWS[shape]:
            raise _Invalid(f"a scenario with {shape.replace('_', ' ')} declares attacks in "
                           f"{', '.join(_DECLARE_WINDOWS[shape]) or 'no window'}, not in {_show(ch.window)}",
                           *where, "window")  # fmt: skip
        for key in ("targets", "new_chain", "effect"):
            if getattr(ch, key) not in (UNSET, False, 0):
                raise _Invalid(f"a declaration takes no {key}", *where, key)
        card(ch.declare.attacker, *where, "declare", "attacker")
        if ch.declare.target is not None:
            card(ch.declare.target, *where, "declare", "target")
        declare = Attack(ch.declare.attacker, ch.declare.target)
    else:
        assert isinstance(ch.activate, str)
        c = card(ch.activate, *where, "activate")
        n = len(c.effects) + (own.get(c.card, 0) if c.card is not None else 0)
        if ch.effect >= n:
            raise _Invalid(f"out of range: card {_show(c.id)} has {n} effect(s), got {ch.effect}",
                           *where, "effect")  # fmt: skip
        for k, t_id in enumerate(_opt(ch.targets) or ()):
            card(t_id, *where, "targets", k)
    return Choice(ch.window, ch.player, _opt(ch.activate), declare, ch.effect, _opt(ch.targets), ch.new_chain,
                  ch.expect, ch.attack)  # fmt: skip


# --- library cards ---------------------------------------------------------------------------------------


def _with_library(data: object, library: Library | None) -> object:
    """Cards naming a library card (``"card": key``) get its keys, under their own."""
    if type(data) is not dict or type(data.get("cards")) is not list:
        return data
    cards = [
        _library_card(c, i, library) if type(c) is dict and "card" in c else c for i, c in enumerate(data["cards"])
    ]
    return {**data, "cards": cards}


def _library_card(v: dict[str, Any], i: int, library: Library | None) -> dict[str, Any]:
    key = v["card"]
    if library is None:
        how = "pass library=engine.cards.library(), or use engine.parse_scenario / engine.load_scenarios, which do"
        raise _Invalid(f"names a library card, but no card library was given ({how})", "cards", i, "card")
    if type(key) is not str or key not in library:
        raise _Invalid(_one_of(tuple(library), key), "cards", i, "card")
    defaults = {k: x for k, x in library[key].items() if k != "own_effects"}
    if v.get("card_type", defaults["card_type"]) != "monster":
        defaults = {k: x for k, x in defaults.items() if k not in ("atk", "def", "level", "attribute", "monster_type")}
    return {**defaults, **v}


# --- public API ---------------------------------------------------------------------------------------


def _parse(data: object, library: Library | None) -> Scenario:
    checked: _Scenario = _convert(_with_library(data, library), _Scenario)
    own = None
    if library is not None and checked.choices:  # a choice may name an effect a library card brings itself
        own = {k: d["own_effects"] for k, d in library.items() if "own_effects" in d}
    return _check_scenario(checked, own)


def parse_scenario(data: object, *, library: Library | None = None) -> Scenario:
    """Validate a decoded JSON scenario completely and return it typed, defaults filled in.

    ``library``: the cards a card may name with ``"card"`` (card key -> its default keys); with none, naming
    one is an error (``engine.parse_scenario`` passes ``engine.cards``'s)."""
    try:
        return _parse(data, library)
    except _Invalid as e:
        raise e.error() from None


def parse_effect_spec(spec: Mapping[str, Any], *, card_type: str = "monster") -> EffectSpec:
    """Validate one effect spec exactly as the loader validates an effect of a card of ``card_type`` (the
    Counter Trap speed rule included); a mistake raises :class:`ScenarioError` naming the key."""
    try:
        checked: _Effect = _convert(dict(spec), _AnyEffect)
        return _with_speed(_effect(checked), card_type)
    except _Invalid as e:
        raise e.error() from None


def _parse_record(
    data: object, library: Library | None, prefix: tuple[str | int, ...] = (), line: int | None = None
) -> Scenario:
    """Parse a scenario or a corpus record ``{"scenario": ...}``; ``prefix`` locates it in its file."""
    parts = prefix
    if type(data) is dict and "scenario" in data and "format" not in data:
        data, parts = data["scenario"], (*prefix, "scenario")
    try:
        return _parse(data, library)
    except _Invalid as e:
        e.parts[:0] = parts
        raise e.error(line) from None


_TOML_AT = re.compile(r"\s*\(at (?:line (\d+), column \d+|end of document)\)$")


def _toml_direct_attack(data: object) -> object:
    """TOML has no null: an attack table without ``target`` (``attack``, each of ``attacks``, a choice's
    ``declare``) is a direct attack."""
    if type(data) is not dict:
        return data
    if type(data.get("scenario")) is dict and "format" not in data:
        return {**data, "scenario": _toml_direct_attack(data["scenario"])}
    out = dict(data)
    if type(data.get("attack")) is dict and "target" not in data["attack"]:
        out["attack"] = {**data["attack"], "target": None}
    if type(data.get("attacks")) is list:
        attacks = data["attacks"]
        out["attacks"] = [{**a, "target": None} if type(a) is dict and "target" not in a else a for a in attacks]
    if type(data.get("choices")) is list:
        out["choices"] = [
            {**c, "declare": {**c["declare"], "target": None}}
            if type(c) is dict and type(c.get("declare")) is dict and "target" not in c["declare"] else c
            for c in data["choices"]
        ]  # fmt: skip
    return out


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


_BOM = b"\xef\xbb\xbf"


def _too_large(name: str) -> ScenarioError:
    return ScenarioError(name, f"file too large: more than {MAX_FILE_BYTES} bytes")  # it grew while read


def _read(path: str | os.PathLike[str]) -> bytes:
    """The whole of a ``.json``/``.toml`` file, a leading UTF-8 byte-order mark dropped."""
    try:
        with _open(path) as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ScenarioError(str(path), f"cannot read: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(str(path))
    return data.removeprefix(_BOM)


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
        self.decoder = json.JSONDecoder(
            object_pairs_hook=self.pairs, parse_constant=self.number, parse_float=self.number, parse_int=self.integer
        )

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


def _decode_json(refusals: _Refusals, text: str, line: int | None = None) -> object:
    """The exact decoder: every refusal named by its place."""
    try:
        data = refusals.decoder.decode(text)
    except json.JSONDecodeError as e:
        raise ScenarioError(f"line {line or e.lineno}", f"invalid JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        refusals.found = False
        raise _too_deep(text, _JSON_TOKENS, line) from None
    refusals.check(data, line)
    return data


_QUICK = msgspec.json.Decoder()
_ENCODE = msgspec.json.Encoder()
_DIGITS = bytes.maketrans(b"0123456789", b"0" * 10)
_TOO_LONG = b"0" * (MAX_DIGITS + 1)
_EXACT: Any = object()


def _quick_json(raw: bytes) -> object:
    r"""``raw`` decoded by msgspec (with the checks below, still a third faster than ``json`` with hooks) when
    that is sure to be what :func:`_decode_json` gives; else ``_EXACT``, and the exact decoder decides.

    msgspec refuses by itself all the exact decoder refuses (the exact decoder then says what and where) but
    two things: integers of more than MAX_DIGITS digits, and repeated keys (it keeps the last). So a document
    with a run of that many digits goes to the exact decoder, and so does one with fewer colons in its
    decoded value written back than in its text: every key has its colon, so a repeated key loses one, and a
    colon in a string is one in both (escaped as ``\u003a``, it is counted as one in the text; so is a
    ``\`` followed by ``u003a``, which only costs the slower path)."""
    try:
        data = _QUICK.decode(raw)
    except (msgspec.DecodeError, ValueError, RecursionError):  # ValueError: older msgspec on invalid UTF-8
        return _EXACT
    colons = raw.count(b":") + raw.count(b"\\u003a") + raw.count(b"\\u003A")
    if colons != _ENCODE.encode(data).count(b":") or _TOO_LONG in raw.translate(_DIGITS):
        return _EXACT
    return data


def _json(raw: bytes, refusals: _Refusals, line: int | None = None) -> object:
    data = _quick_json(raw)
    return _decode_json(refusals, _utf8(raw, line), line) if data is _EXACT else data


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


def iter_jsonl(path: str | os.PathLike[str], *, library: Library | None = None) -> Iterator[Scenario]:
    """Yield the scenarios of a JSON-lines file one by one, reading it as they are taken.

    Lines are split at LF only (a CR before it is JSON whitespace); blank lines are skipped."""
    refusals = _Refusals()
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
            if n == 1:
                raw = raw.removeprefix(_BOM)
            if raw.strip(b" \t\r\n"):
                yield _parse_record(_json(raw, refusals, n), library, line=n)


def load_scenarios(path: str | os.PathLike[str], *, library: Library | None = None) -> list[Scenario]:
    """Load every scenario of a ``.json``, ``.jsonl`` or ``.toml`` file (see the module docstring)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".jsonl":
        return list(iter_jsonl(path, library=library))
    if suffix == ".json":
        data = _json(_read(path), _Refusals())
        if type(data) is list:
            return [_parse_record(x, library, (i,)) for i, x in enumerate(data)]
        return [_parse_record(data, library)]
    if suffix == ".toml":
        return [_parse_record(_toml_direct_attack(_decode_toml(_utf8(_read(path)))), library)]
    raise ScenarioError(str(path), f"unknown file suffix {_show(suffix)} (expected .json, .jsonl or .toml)")


# --- JSON Schema -------------------------------------------------------------------------------------

Json = dict[str, Any]


def _def_name(name: str) -> str:
    """A struct's definition in the schema: ``effect.piercing``, ``op.draw`` as they are named; ``_Card`` is
    ``card``, ``_LifePoints`` ``life_points``."""
    return name if "." in name else re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name.lstrip("_")).lower()


def _ref(ref: str) -> str:
    return "#/$defs/" + _def_name(ref.rsplit("/", 1)[1])


def scenario_json_schema() -> Json:
    """The JSON Schema (draft 2020-12) of the scenario format: msgspec's schema of the structs, with the
    definitions named as the format names them, card references and the two tagged unions (``effect``,
    ``op``) as definitions, and what msgspec does not render: "at least one of" and "attack or attacks"."""
    (top,), components = msgspec.json.schema_components([_Scenario], ref_template="#/$defs/{name}")
    defs: Json = {ref: {"type": "string", "minLength": 1, "description": text} for ref, text in _REFS.items()}

    def tidy(node: Any) -> Any:
        if isinstance(node, list | tuple):  # a tuple: a default value, as msgspec leaves it
            return [tidy(x) for x in node]
        if not isinstance(node, dict):
            return node
        title = node.get("title")
        if isinstance(title, str) and title in _REFS:  # a card reference, with the description of its use
            return {"$ref": f"#/$defs/{title}"} | (
                {"description": node["description"]} if "description" in node else {}
            )
        if "discriminator" in node:  # any effect, any operation
            name = _UNIONS[node["discriminator"]["propertyName"]]
            defs[name] = {k: tidy(v) for k, v in node.items()}
            return {"$ref": f"#/$defs/{name}"}
        out = {k: tidy(v) for k, v in node.items() if k not in ("title", "$ref", "mapping") or isinstance(v, dict)}
        if isinstance(node.get("description"), str):  # a docstring's line breaks
            out["description"] = " ".join(node["description"].split())
        if "$ref" in node:
            out["$ref"] = _ref(node["$ref"])
        if "mapping" in node:
            out["mapping"] = {tag: _ref(r) for tag, r in node["mapping"].items()}
        return out

    defs |= {_def_name(name): tidy(s) for name, s in components.items()}
    for name, keys in _ANY_OF.items():
        defs[f"op.{name}" if name in OPS else f"effect.{name}"]["anyOf"] = [{"required": [k]} for k in keys]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Damage Step scenario ({FORMAT})",
        "$comment": (
            "Generated by engine/scenario.py from its msgspec structs (python -m engine schema); do not edit. "
            "The loader also checks what this schema cannot: card ids are unique and every reference names "
            "a card; zone, position, face_down and equipped_to rules per card type; the attack's legality; "
            "choice effect indices; activated speed (required; 3 on a counter_trap); integers are not floats; "
            "no JSON object repeats a key; numbers are finite; a file is at most 64 MiB."
        ),
        **defs.pop(_def_name(top["$ref"].rsplit("/", 1)[1])),
        "oneOf": [{"required": ["attack"]}, {"required": ["attacks"]}, {"required": ["battle_phase"]}],
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
    if sc.battle_phase:
        out["battle_phase"] = {}
    elif sc.attacks is not None:
        out["attacks"] = [{"attacker": a.attacker, "target": a.target} for a in sc.attacks]
    elif sc.attack is not None:
        out["attack"] = {"attacker": sc.attack.attacker, "target": sc.attack.target}
    out["choices"] = [_choice_json(ch) for ch in sc.choices]
    return out


def _choice_json(ch: Choice) -> dict[str, Any]:
    d = {k: v for k, v in msgspec.structs.asdict(ch).items() if v is not None and (k != "attack" or v)}
    if ch.declare is not None:
        d["declare"] = {"attacker": ch.declare.attacker, "target": ch.declare.target}
        for key, default in (("effect", 0), ("new_chain", False)):
            if d.get(key) == default:
                del d[key]
    plain: dict[str, Any] = _plain(d)
    return plain


def _card_json(c: CardSpec) -> dict[str, Any]:
    """Only the keys the loader allows on this kind of card (see ``_ONLY_FOR``)."""
    d: dict[str, Any] = {"id": c.id, "controller": c.controller, "owner": c.owner, "location": c.location,
                         "card_type": c.card_type}  # fmt: skip
    if c.name is not None:
        d["name"] = c.name
    given = {"atk": c.atk, "def": c.def_, "pendulum": c.pendulum, "position": c.position, "face_down": c.face_down,
             "equipped_to": c.equipped_to, "attribute": c.attribute, "monster_type": c.monster_type,
             "level": c.level, "materials": c.materials, "property": c.property,
             "counters": c.counters, "abilities": c.abilities, "summoned": c.summoned,
             "summoned_this_turn": c.summoned_this_turn, "column": c.column,
             "extra_monster_zone": c.extra_monster_zone, "link_arrows": c.link_arrows}  # fmt: skip
    for key, value in given.items():
        ok, _who = _ONLY_FOR[key]
        if value is not None and ok(c.card_type, c.location):
            d[key] = value
    d["effects"] = [_effect_json(e) for e in c.effects]
    if c.card is not None:
        d["card"] = c.card  # its keys are all given: the library adds only what is not (its own effect types)
    return d


def _effect_json(e: EffectSpec) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": e.kind, **{k: v for k, v in e.params.items() if v is not None and v != ()}}
    if e.kind in ACTIVATABLE_KINDS:
        if e.does or e.kind != "activated":  # an activation that does nothing more leaves it out
            d["does"] = [{"op": op.op, **{k: v for k, v in op.params.items() if v is not None}} for op in e.does]
        if e.cost is not None:
            d["cost"] = {k: v for k, v in msgspec.structs.asdict(e.cost).items() if v is not None}
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

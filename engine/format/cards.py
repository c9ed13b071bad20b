"""Cards and their keys: a card (:class:`CardWire`), which keys each kind of card in each place may and
must have (:data:`ONLY_FOR`), and the card-local rules, read into the frozen :class:`CardSpec`; and the cards
of the library a card may name (``"card": key``), whose keys it gets under its own."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, UnsetType, field

from engine.format.effects import AnyEffect, EffectSpec, effect_spec, with_speed
from engine.format.errors import Invalid, one_of, show
from engine.format.vocabulary import (
    MAX_COUNT,
    Ability,
    Arrow,
    Attribute,
    CardRef,
    CardType,
    Count,
    Level,
    Library,
    Location,
    MonsterType,
    Player,
    Position,
    Property,
    Stat,
    Summoned,
    Text,
    Wire,
    doc,
    opt,
    struct_fields,
)


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
    rank: int | None = None
    named_counters: tuple[tuple[str, int], ...] | None = None
    flipped_face_up: bool | None = None
    summon_materials: tuple[str, ...] | None = None


Abilities = tuple[Ability, ...]


class CardWire(Wire, kw_only=True):
    """A card: who has it, where it is, what it is, and its effects."""

    id: Text
    name: str | UnsetType = UNSET
    controller: Player
    owner: Annotated[Player | UnsetType, doc("defaults to controller")] = UNSET
    location: Location = "monster_zone"
    card_type: CardType = "monster"
    atk: Annotated[Stat | UnsetType, doc("monsters only, and required for them")] = UNSET
    def_: Annotated[Stat | UnsetType, doc("monsters only, and required for them")] = field(default=UNSET, name="def")
    position: Annotated[Position | UnsetType, doc("monsters in a monster_zone only, and required for them")] = UNSET
    face_down: Annotated[bool | UnsetType, doc("spells/traps in a spell_trap_zone only", default=False)] = UNSET
    pendulum: Annotated[bool | UnsetType, doc("monsters only", default=False)] = UNSET
    equipped_to: Annotated[CardRef | UnsetType, doc("spells/traps in a spell_trap_zone only; names a monster")] = (
        UNSET
    )
    effects: tuple[AnyEffect, ...] = ()
    attribute: Annotated[Attribute | UnsetType, doc("monsters only")] = UNSET
    monster_type: Annotated[MonsterType | UnsetType, doc("monsters only (its Type)")] = UNSET
    level: Annotated[Level | UnsetType, doc("monsters only")] = UNSET
    materials: Annotated[Count | UnsetType, doc("monsters in a monster_zone only: how many Xyz Materials it has "
                                                  "(counted: the format has no material cards)")] = UNSET
    property: Annotated[Property | UnsetType, doc("spells/traps only: its Property (icon)", default="normal")] = UNSET
    counters: Annotated[Count | UnsetType, doc("cards face-up on the field only: the counters on it")] = UNSET
    abilities: Annotated[Abilities | UnsetType, doc("monsters only: what its type line says beyond its Type")] = UNSET
    summoned: Annotated[Summoned | UnsetType, doc("monsters in a monster_zone only: how it was Summoned (gemini: "
                                                   "a Gemini monster Summoned again, with its effects)")] = UNSET
    summoned_this_turn: Annotated[bool | UnsetType, doc("monsters in a monster_zone only", default=False)] = UNSET
    column: Annotated[Annotated[int, Meta(ge=0, le=4)] | UnsetType,
                      doc("monsters in a monster_zone only: its Main Monster Zone column, 0-4 from its controller's "
                           "left (a column faces the opponent's 4 - column)")] = UNSET
    extra_monster_zone: Annotated[bool | UnsetType, doc("monsters in a monster_zone only: it is in the Extra "
                                                         "Monster Zone above its `column` (1 or 3)", default=False)] = (
        UNSET
    )
    link_arrows: Annotated[tuple[Arrow, ...] | UnsetType, doc("a Link Monster's Link Arrows, as its controller "
                                                                 "sees them")] = UNSET
    rank: Annotated[Annotated[int, Meta(ge=1, le=13)] | UnsetType, doc("monsters only: an Xyz Monster's Rank "
                                                                       "(values read it: stat rank)")] = UNSET
    named_counters: Annotated[dict[Annotated[str, Meta(min_length=1, max_length=80)],
                                   Annotated[int, Meta(ge=1, le=MAX_COUNT)]] | UnsetType,
                              doc("cards face-up on the field only: its counters of a kind, by name ({\"A-Counter\": "
                                  "2}; rules spec §U.26)")] = UNSET
    flipped_face_up: Annotated[bool | UnsetType, doc("monsters in a monster_zone only: it was flipped face-up since it "
                                                     "came to the field (\"after this card has been flipped "
                                                     "face-up\"; rules spec §U.26)", default=False)] = UNSET
    summon_materials: Annotated[Annotated[tuple[CardRef, ...], Meta(min_length=1)] | UnsetType,
                                doc("monsters in a monster_zone only: the monsters used as the materials of its "
                                    "Summon (card ids, read as those cards are printed: \"if this card was Synchro "
                                    "Summoned using a FIRE monster\"; rules spec §U.26)")] = UNSET
    card: Annotated[
        Text | UnsetType,
        doc(
            "a card of engine/cards (e.g. rush_recklessly): its name, card_type, printed atk/def and effects, "
            "unless given here"
        ),
    ] = UNSET


# Card keys allowed only on some cards: key -> (test on (card_type, location), who may have it).
_Who = tuple[Callable[[str, str], bool], str]
_MONSTERS: _Who = (lambda t, loc: t == "monster", "monsters")
_FIELD_MONSTERS: _Who = (lambda t, loc: t == "monster" and loc == "monster_zone", "monsters in a monster_zone")
_FIELD_SPELL_TRAPS: _Who = (
    lambda t, loc: t != "monster" and loc in ("spell_trap_zone", "field_zone"),
    "spells/traps in a spell_trap_zone or the field_zone",
)
_SPELL_TRAPS: _Who = (lambda t, loc: t != "monster", "spells/traps")
_ON_FIELD: _Who = (lambda t, loc: loc in ("monster_zone", "spell_trap_zone", "field_zone"), "cards on the field")
ONLY_FOR: Mapping[str, _Who] = {
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
    "rank": _MONSTERS,
    "named_counters": _ON_FIELD,
    "flipped_face_up": _FIELD_MONSTERS,
    "summon_materials": _FIELD_MONSTERS,
}
# Card keys required on some cards (beyond the structs).
_REQUIRED_FOR: Mapping[str, _Who] = {"atk": _MONSTERS, "def": _MONSTERS, "position": _FIELD_MONSTERS}


@functools.cache
def _card_keys(ctype: str, loc: str) -> tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, str, str], ...]]:
    """(key, attribute, who) of each key a card of this type in this place may not have, and must have."""
    attr = {key: struct_fields(CardWire)[key].name for key in ONLY_FOR}  # "def" -> "def_"
    banned = tuple((key, attr[key], who) for key, (ok, who) in ONLY_FOR.items() if not ok(ctype, loc))
    needed = tuple((key, attr[key], who) for key, (need, who) in _REQUIRED_FOR.items() if need(ctype, loc))
    return banned, needed


def card_spec(c: CardWire) -> CardSpec:
    """Card-local rules, on a checked card (a key it was not given is UNSET)."""
    ctype, loc = c.card_type, c.location
    in_pendulum_zone = ctype == "monster" and loc == "spell_trap_zone" and c.pendulum is True  # §U.4
    wrong_zone = (loc == "monster_zone") != (ctype == "monster") and loc in ("monster_zone", "spell_trap_zone")
    if wrong_zone and not in_pendulum_zone:
        raise Invalid(f"a {ctype} cannot be in {show(loc)}", "location")
    if loc == "field_zone" and (ctype != "spell" or c.property != "field"):
        raise Invalid("only a Field Spell (card_type spell, property field) is in the field_zone", "location")
    if loc == "field_zone" and c.equipped_to is not UNSET:
        raise Invalid("a Field Spell equips no monster", "equipped_to")
    banned, needed = _card_keys(ctype, loc)
    for key, attr, who in banned:
        if (value := getattr(c, attr)) is not UNSET:
            raise Invalid(f"only {who} have {key}, got {show(value)} on a {ctype} in {loc}", key)
    for key, attr, who in needed:
        if getattr(c, attr) is UNSET:
            raise Invalid(f"missing required key ({who} need {key})", key)
    if c.equipped_to is not UNSET and c.face_down is True:
        raise Invalid("an equipped card cannot be face-down, got true", "face_down")
    if c.equipped_to is not UNSET and ctype == "spell" and c.property not in (UNSET, "equip"):
        raise Invalid(f"only an Equip Spell (property equip) is equipped to a monster, got a {c.property} spell",
                      "equipped_to")  # fmt: skip
    face_up_equip = ctype == "spell" and c.property == "equip" and loc == "spell_trap_zone" and c.face_down is not True
    if face_up_equip and c.equipped_to is UNSET:
        raise Invalid("missing: a face-up Equip Spell on the field equips a monster (or give face_down: true)",
                      "equipped_to")  # fmt: skip
    if c.extra_monster_zone is True and c.column not in (1, 3):
        raise Invalid(f"an Extra Monster Zone stands above column 1 or 3, got column {show(c.column)}", "column")
    if c.counters not in (UNSET, 0) and (c.face_down is True or c.position == "set"):
        raise Invalid(f"counters are placed on face-up cards only, got {c.counters} on a face-down card", "counters")
    if c.named_counters not in (UNSET, {}) and (c.face_down is True or c.position == "set"):
        raise Invalid("counters are placed on face-up cards only, got named_counters on a face-down card",
                      "named_counters")  # fmt: skip
    if c.flipped_face_up is True and c.position == "set":
        raise Invalid("a face-down monster is not one flipped face-up, got flipped_face_up true", "flipped_face_up")
    effects = []
    for j, e in enumerate(c.effects):
        try:
            effects.append(with_speed(effect_spec(e), ctype))
        except Invalid as err:
            err.parts[:0] = ("effects", j)
            raise
    return CardSpec(
        c.id, opt(c.name), c.controller, opt(c.owner) or c.controller, loc, ctype, opt(c.atk), opt(c.def_),
        opt(c.position), c.face_down is True, c.pendulum is True, opt(c.equipped_to), tuple(effects),
        opt(c.attribute), opt(c.monster_type), opt(c.level), opt(c.materials), opt(c.card),
        opt(c.property), opt(c.counters), opt(c.abilities), opt(c.summoned), opt(c.summoned_this_turn),
        opt(c.column), opt(c.extra_monster_zone), opt(c.link_arrows), opt(c.rank),
        None if c.named_counters is UNSET else tuple(c.named_counters.items()), opt(c.flipped_face_up),
        opt(c.summon_materials),
    )  # fmt: skip


def with_library(data: object, library: Library | None) -> object:
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
        raise Invalid(f"names a library card, but no card library was given ({how})", "cards", i, "card")
    if type(key) is not str or key not in library:
        raise Invalid(one_of(tuple(library), key), "cards", i, "card")
    defaults = {k: x for k, x in library[key].items() if k != "own_effects"}
    if v.get("card_type", defaults["card_type"]) != "monster":
        defaults = {k: x for k, x in defaults.items() if k not in ("atk", "def", "level", "attribute", "monster_type")}
    return {**defaults, **v}

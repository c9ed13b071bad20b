"""A scenario as a whole: its top-level keys (:class:`ScenarioWire`), the rules a schema cannot state across
its parts (unique ids, every reference names a card, the attack it starts with, the shape of ``choices``), and
parsing: a decoded document (or one effect, as a host gives it) to the frozen :class:`Scenario`."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal

import attrs
import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.format.battles import Attack, AttackWire, BattlePhaseWire, Choice, ChoiceWire, check_attack, choice
from engine.format.cards import CardSpec, CardWire, card_spec, with_library
from engine.format.effects import (
    VALUE_KEYS,
    AnyEffect,
    EffectSpec,
    EffectWire,
    check_acted_on,
    check_reads_event,
    check_targeted,
    effect_spec,
    with_speed,
)
from engine.format.errors import Invalid, convert, show
from engine.format.nesting import each_op
from engine.format.ops import REF_PARAMS, summons_self
from engine.format.vocabulary import LP, MAX_CARDS, REFS, SUMMON_FROM, TARGET_KEYWORDS, Library, Player, Wire, doc, opt
from engine.format.zones import check_zones
from engine.values.text import did_you_mean


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
    end_phase: bool = False  # with battle_phase: the turn goes on to the End Phase, and ends (§BP.14)
    standby_phases: int = 0  # with end_phase: the next turns' Draw and Standby Phases, up to this many (§U.31)


class RulesWire(msgspec.Struct, frozen=True, forbid_unknown_fields=True):  # frozen: it is a default value
    zero_atk_mutual_destruction: bool = False


class LifePointsWire(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    A: LP = 8000
    B: LP = 8000


class ScenarioWire(Wire, kw_only=True):
    format: Literal["damage-step-scenario/1"]
    id: str | UnsetType = UNSET
    title: str | UnsetType = UNSET
    notes: str | UnsetType = UNSET
    rules: RulesWire = RulesWire()
    turn_player: Player = "A"
    life_points: LifePointsWire = LifePointsWire()
    cards: Annotated[tuple[CardWire, ...], Meta(min_length=1, max_length=MAX_CARDS)]
    attack: Annotated[AttackWire | UnsetType, doc("one attack (or give attacks)")] = UNSET
    attacks: Annotated[
        Annotated[tuple[AttackWire, ...], Meta(min_length=1)] | UnsetType,
        doc("a Battle Phase: attacks declared one after the other on the same state (instead of attack)"),
    ] = UNSET
    battle_phase: Annotated[
        BattlePhaseWire | UnsetType,
        doc("the whole Battle Phase, the players declaring the attacks (instead of attack or attacks): {}"),
    ] = UNSET
    choices: tuple[ChoiceWire, ...] = ()


def check_scenario(w: ScenarioWire, own_effects: Mapping[str, int] | None = None) -> Scenario:
    """`own_effects`: library card key -> how many effects of its own types it brings (before the ones listed)."""
    cards: list[CardSpec] = []
    by_id: dict[str, CardSpec] = {}
    by_nfc: dict[str, int] = {}  # each id, Unicode-normalised (NFC) -> its card's index
    for i, wc in enumerate(w.cards):
        try:
            c = card_spec(wc)
        except Invalid as err:
            err.parts[:0] = ("cards", i)
            raise
        key = _nfc(c.id)
        if key in by_nfc:
            raise Invalid(_same_id(c.id, by_nfc[key], cards), "cards", i, "id")
        if key in TARGET_KEYWORDS:
            raise Invalid(f"card id {show(c.id)} is reserved (a target keyword)", "cards", i, "id")
        by_id[c.id] = c
        by_nfc[key] = i
        cards.append(c)

    def unknown(value: str) -> str:
        j = by_nfc.get(_nfc(value))
        if j is None:
            return f"unknown card id {show(value)}{did_you_mean(value, by_id, show)}"
        return f"card id {show(value)} is written differently from cards[{j}].id {show(cards[j].id)}: ids are " \
               "compared once Unicode-normalised (NFC), write it as the card does"  # fmt: skip

    def card(ref: str, *parts: str | int) -> CardSpec:
        if ref not in by_id:
            raise Invalid(unknown(ref), *parts)
        return by_id[ref]

    def ref(kind: str, value: str, *parts: str | int) -> None:
        if value not in by_id and (kind == "card_ref" or value not in TARGET_KEYWORDS):
            raise Invalid(
                unknown(value) if kind == "card_ref" or _nfc(value) in by_nfc else
                f"expected {REFS['target_ref']}, got {show(value)}",
                *parts,
            )  # fmt: skip

    for i, c in enumerate(cards):
        for k, mid in enumerate(c.summon_materials or ()):  # §U.26: the monsters used as its Summon's materials
            m = card(mid, "cards", i, "summon_materials", k)
            if m.card_type != "monster" or m.location in ("monster_zone", "spell_trap_zone", "field_zone") or m is c:
                raise Invalid(f"card {show(m.id)} is not a monster off the field (a material has left the field)",
                              "cards", i, "summon_materials", k)  # fmt: skip
        if c.equipped_to is not None:
            t = card(c.equipped_to, "cards", i, "equipped_to")
            if t.card_type != "monster" or t.location != "monster_zone":
                msg = f"card {show(t.id)} is not a monster in a monster_zone"
                raise Invalid(msg, "cards", i, "equipped_to")
            if t.position == "set":  # §C.3: it would be destroyed before anything is played
                msg = f"card {show(t.id)} is face-down (set): an Equip Card equips a face-up monster"
                raise Invalid(msg, "cards", i, "equipped_to")
        for j, e in enumerate(c.effects):
            if isinstance(e.target, str):
                ref("target_ref", e.target, "cards", i, "effects", j, "target")
            battle = e.params.get("battle") or {}
            if battle.get("of") is not None:
                ref("target_ref", battle["of"], "cards", i, "effects", j, "battle", "of")
            check_targeted(e, ("cards", i, "effects", j))
            check_reads_event(e, ("cards", i, "effects", j))
            check_acted_on(e, ("cards", i, "effects", j))
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
            for place, op in each_op(e.does, ("cards", i, "effects", j)):  # contained ones too (§U.22)
                for name, kind in REF_PARAMS[op.op]:
                    if op.params[name] is not None and not summons_self(op):  # (an optional reference left out)
                        ref(kind, op.params[name], "cards", i, "effects", j, *place, name)
                for key in (*VALUE_KEYS, "atk_below"):
                    source = op.params.get(key) or {}
                    for part in ("of", "minus"):
                        if source.get(part) is not None:
                            ref("target_ref", source[part], "cards", i, "effects", j, *place, key, part)
                if op.op == "special_summon" and summons_self(op):
                    if c.card_type != "monster":
                        raise Invalid(f"card {show(c.id)} is not a monster ({c.card_type})",
                                       "cards", i, "effects", j, *place, "card")  # fmt: skip
                elif op.op == "special_summon" and op.params.get("card") is not None:
                    s = by_id[op.params["card"]]
                    if s.card_type != "monster" or not (
                        s.location in SUMMON_FROM or (s.location == "spell_trap_zone" and s.pendulum)
                    ):
                        raise Invalid(
                            f"card {show(s.id)} is not a monster in hand, deck, graveyard, banished or a Pendulum Zone "
                            f"({s.card_type} in {s.location})", "cards", i, "effects", j, *place, "card",
                        )  # fmt: skip

    check_zones(cards)

    attacks: tuple[Attack, ...] | None = None
    attack: Attack | None = None
    at: tuple[str | int, ...] = ("attack",)
    given = [k for k in ("attack", "attacks", "battle_phase") if getattr(w, k) is not UNSET]
    if len(given) > 1:
        raise Invalid(f"give one of attack, attacks or battle_phase, got {' and '.join(given)}", given[1])
    if isinstance(w.attack, AttackWire):
        attack = Attack(w.attack.attacker, w.attack.target)
    elif isinstance(w.attacks, tuple):
        attacks = tuple(Attack(a.attacker, a.target) for a in w.attacks)
        attack, at = attacks[0], ("attacks", 0)
    elif w.battle_phase is UNSET:
        raise Invalid("missing required key", "attack")
    for k, later in enumerate(attacks or ()):  # later attacks are checked when declared, by the engine
        card(later.attacker, "attacks", k, "attacker")
        if later.target is not None:
            card(later.target, "attacks", k, "target")
    turn_player = w.turn_player
    if attack is not None:
        check_attack(attack, card, turn_player, at)

    battle_phase = w.battle_phase is not UNSET
    shape = "battle_phase" if battle_phase else "attacks" if attacks is not None else "attack"
    count = None if battle_phase else len(attacks) if attacks is not None else 1
    choices = [choice(i, ch, card, shape, count, own_effects or {}) for i, ch in enumerate(w.choices)]
    end_phase = isinstance(w.battle_phase, BattlePhaseWire) and w.battle_phase.end_phase
    standby = w.battle_phase.standby_phases if isinstance(w.battle_phase, BattlePhaseWire) else 0
    if standby and not end_phase:
        raise Invalid('the next turns are played only once this one ends: "standby_phases" needs "end_phase": true',
                      "battle_phase", "standby_phases")  # fmt: skip
    for i, ch in enumerate(w.choices):
        if ch.window == "end_phase" and not end_phase:
            raise Invalid('the End Phase is played only with "battle_phase": {"end_phase": true}', "choices", i,
                          "window")  # fmt: skip
        if ch.window == "standby_phase" and not standby:
            raise Invalid('a Standby Phase is played only with "battle_phase": {"end_phase": true, "standby_phases": '
                          'n}', "choices", i, "window")  # fmt: skip
    lp = MappingProxyType({"A": w.life_points.A, "B": w.life_points.B})
    rules = Rules(w.rules.zero_atk_mutual_destruction)
    return Scenario(
        w.format, opt(w.id), opt(w.title), opt(w.notes), rules, turn_player, lp, tuple(cards), attack,
        tuple(choices), attacks, battle_phase, end_phase, standby,
    )  # fmt: skip


def _nfc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def _same_id(given: str, j: int, cards: list[CardSpec]) -> str:
    if given == cards[j].id:
        return f"duplicate card id {show(given)}"
    return f"card id {show(given)} is cards[{j}].id {show(cards[j].id)} written another way (ids are compared " \
           "once Unicode-normalised, NFC)"  # fmt: skip


_ENCODE = msgspec.json.Encoder()


def check_utf8(data: object) -> None:
    """Every string of the document (every key too) can be written as UTF-8: a lone surrogate (``"\\ud800"``
    in JSON) cannot, and would fail whatever writes the scenario, its trace or its result."""
    try:
        _ENCODE.encode(data)  # (in C: the walk below runs only for a document that has one)
    except UnicodeEncodeError:
        pass
    except (TypeError, ValueError, OverflowError):  # not JSON data: the structural pass says what
        return
    else:
        return
    stack: list[tuple[object, tuple[object, ...]]] = [(data, ())]
    while stack:  # in document order, not recursive
        node, parts = stack.pop()
        if type(node) is str and not _encodes(node):
            raise Invalid(f"cannot be written as UTF-8: {show(node)} holds a lone surrogate", *parts)
        if type(node) is dict:
            for k in node:
                if type(k) is str and not _encodes(k):
                    raise Invalid(f"cannot be written as UTF-8: the key {show(k)} holds a lone surrogate", *parts)
            stack += [(v, (*parts, k)) for k, v in reversed(node.items())]
        elif isinstance(node, list | tuple):
            stack += [(v, (*parts, i)) for i, v in reversed(list(enumerate(node)))]


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# A check of a scenario that needs more than the format knows (the engine's rules: `engine.build` passes one):
# the first problem, as (where, what), or None.
Check = Callable[["Scenario"], "tuple[tuple[str | int, ...], str] | None"]


def parse(data: object, library: Library | None, check: Check | None = None) -> Scenario:
    check_utf8(data)
    checked: ScenarioWire = convert(with_library(data, library), ScenarioWire)
    own = None
    if library is not None and checked.choices:  # a choice may name an effect a library card brings itself
        own = {k: d["own_effects"] for k, d in library.items() if "own_effects" in d}
    sc = check_scenario(checked, own)
    if check is not None and (problem := check(sc)) is not None:
        raise Invalid(problem[1], *problem[0])
    return sc


def parse_scenario(data: object, *, library: Library | None = None, check: Check | None = None) -> Scenario:
    """Validate a decoded JSON scenario completely and return it typed, defaults filled in.

    ``library``: the cards a card may name with ``"card"`` (card key -> its default keys); with none, naming
    one is an error (``engine.parse_scenario`` passes ``engine.cards``'s). ``check``: what else a scenario must
    pass, its problem placed as the loader's own are (``engine.parse_scenario`` passes the rules' check of the
    first attack)."""
    try:
        return parse(data, library, check)
    except Invalid as e:
        raise e.error() from None


def parse_effect_spec(spec: Mapping[str, Any], *, card_type: str = "monster") -> EffectSpec:
    """Validate one effect spec exactly as the loader validates an effect of a card of ``card_type`` (the
    Counter Trap speed rule included); a mistake raises :class:`ScenarioError` naming the key."""
    try:
        check_utf8(spec)
        checked: EffectWire = convert(dict(spec), AnyEffect)
        effect = with_speed(effect_spec(checked), card_type)
        check_targeted(effect, ())
        check_reads_event(effect, ())
        check_acted_on(effect, ())
        return effect
    except Invalid as e:
        raise e.error() from None


def parse_record(
    data: object,
    library: Library | None,
    prefix: tuple[str | int, ...] = (),
    line: int | None = None,
    check: Check | None = None,
) -> Scenario:
    """Parse a scenario or a corpus record ``{"scenario": ...}``; ``prefix`` locates it in its file."""
    parts = prefix
    if type(data) is dict and "scenario" in data and "format" not in data:
        data, parts = data["scenario"], (*prefix, "scenario")
    try:
        return parse(data, library, check)
    except Invalid as e:
        e.parts[:0] = parts
        raise e.error(line) from None

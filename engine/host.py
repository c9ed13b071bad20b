"""The host API: build a game state from a simulator's own data, and the built-in effects as
Python values (docs/embedding.md).

A duel simulator keeps its own cards and fields; between attacks it hands the engine a state built
here (`StateBuilder`), declares attacks (`Duel.declare_attack`) and ends turns (`Duel.end_turn`).
No scenario file is involved, and nothing here needs `engine.state` internals (`Card`, `Battle`,
`PlayerState`). The scenario format's effect kinds and operations are available as values through
`effect_from_spec`, which validates a spec exactly as the scenario loader does, and the typed
constructors below, which write such specs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

import attrs

from engine.effects import DamageStepRule, Effect, EffectKind, TriggerEvent
from engine.library.targets import STAT_OPS
from engine.rules.zones import ARROWS, EXTRA_COLUMNS
from engine.scenario import EffectSpec, ScenarioError, parse_effect_spec
from engine.state import Card, CardDetails, GameState, PlayerState, no_battle
from engine.turns import UsageError
from engine.values.game import (
    ABILITIES,
    COLUMNS,
    MAX_LP,
    SUMMON_KINDS,
    Attribute,
    CardType,
    Location,
    MonsterType,
    OncePerTurn,
    Player,
    Position,
    Property,
    Window,
    is_on_field,
)
from engine.values.text import did_you_mean
from engine.values.words import is_at, place

__all__ = ["CARD_KEYWORDS", "StateBuilder", "effect_from_spec", "tags", "to_effect"]

# The keywords of `StateBuilder.card` (after `id` and `controller`), which `engine.cards.place` passes on: a
# keyword not among them is refused naming the closest (tests/test_host_api.py checks this list against the method).
CARD_KEYWORDS: tuple[str, ...] = (
    "card_type", "location", "name", "owner", "atk", "def_", "position", "face_down", "attribute", "monster_type",
    "level", "pendulum", "equipped_to", "effects", "tags", "property", "counters", "materials", "abilities",
    "summoned", "summoned_this_turn", "column", "extra_zone", "link_arrows", "rank",
)  # fmt: skip

_FROM = {"field": Location.MONSTER_ZONE, "hand": Location.HAND, "graveyard": Location.GRAVEYARD,
         "banished": Location.BANISHED}


def effect_from_spec(spec: Mapping[str, Any], *, card_type: CardType | str = CardType.MONSTER) -> Effect:
    """An effect written as in the scenario format (``{"kind": "piercing"}``, ``{"kind": "activated",
    "speed": 2, "does": [{"op": "change_stats", "target": "attacker", "atk": 700}]}``), checked as the
    loader checks it (a mistake raises `ScenarioError` naming the key), as engine data. Card ids in
    it are the ids of the host's cards. `card_type` matters for a Counter Trap (Spell Speed 3)."""
    ctype = _member(CardType, card_type, "card_type").value
    return to_effect(parse_effect_spec(spec, card_type=ctype), ctype)


def to_effect(spec: EffectSpec, card_type: str) -> Effect:
    """A validated scenario-format effect as engine data; its behaviour is the built-in type of its kind
    (`engine.library`). `card_type` matters for a Counter Trap (Spell Speed 3)."""
    p: dict[str, Any] = dict(spec.params)
    kind = {"activated": EffectKind.ACTIVATED, "trigger": EffectKind.TRIGGER, "flip": EffectKind.FLIP}.get(
        spec.kind, EffectKind.CONTINUOUS
    )
    pendulum = bool(p.get("pendulum_effect"))
    if spec.kind == "at_timing":  # an action with no chain: a continuous kind that acts as states begin (§U.15)
        does = tuple({"op": op.op, **op.params} for op in spec.does)
        p.update(does=does, target=spec.target)
        return Effect(spec.kind, kind, params=p, negated=spec.negated,
                      label=f"at_timing: {', '.join(op['op'] for op in does)}", pendulum=pendulum)  # fmt: skip
    if kind is EffectKind.CONTINUOUS:
        return Effect(spec.kind, kind, params=p, negated=spec.negated, label=spec.kind, pendulum=pendulum)
    does = tuple({"op": op.op, **op.params} for op in spec.does)
    p["does"] = does
    p["target"] = spec.target
    p["cost"] = (
        None
        if spec.cost is None
        else {
            "lp": spec.cost.lp,
            "lp_equal_to": spec.cost.lp_equal_to,
            "discard_self": spec.cost.discard_self,
            "send_self_to_graveyard": spec.cost.send_self_to_graveyard,
            "discard": spec.cost.discard,
            "tribute": spec.cost.tribute,
            "tribute_self": spec.cost.tribute_self,
            "pay_with": spec.cost.pay_with,
            "detach": spec.cost.detach,
            "remove_counters": spec.cost.remove_counters,
            "banish_self": spec.cost.banish_self,
            "banish_from_graveyard": spec.cost.banish_from_graveyard,
            "return_self_to_deck": spec.cost.return_self_to_deck,
            "return_to_deck_from_graveyard": spec.cost.return_to_deck_from_graveyard,
            "lp_multiple_of": spec.cost.lp_multiple_of,
            "send_from_hand": spec.cost.send_from_hand,
            "hand_filter": spec.cost.hand_filter,
            "lp_max": spec.cost.lp_max,
            "send_from_deck": spec.cost.send_from_deck,
            "deck_filter": spec.cost.deck_filter,
        }
    )
    ops = {op["op"] for op in does}
    speed = int(p.get("speed", 1))
    if card_type == "counter_trap":
        speed = 3
    # A trigger's event, or an activated effect's activation timing ("when an attack is declared", §BP.4).
    event = TriggerEvent.FLIPPED if kind is EffectKind.FLIP else TriggerEvent(p["on"]) if p.get("on") else None
    return Effect(
        spec.kind,
        kind,
        params=p,
        speed=speed,
        event=event,
        optional=bool(p.get("optional", kind is EffectKind.ACTIVATED)),
        activate_from=_FROM[p.get("from", "field")],
        damage_step=DamageStepRule(p.get("damage_step", "auto")),
        windows=frozenset(Window(w) for w in p["windows"]) if p.get("windows") else None,
        # a trigger "during damage calculation" is activated then and only then, as a "during damage calculation"
        # effect (§1.1)
        during_damage_calculation=bool(p.get("during_damage_calculation", False))
        or event is TriggerEvent.DURING_DAMAGE_CALCULATION,
        changes_stats=not STAT_OPS.isdisjoint(ops),
        negates_activation="negate_activation" in ops,
        negated=spec.negated,
        label=f"{spec.kind}: {', '.join(op['op'] for op in does)}",
        once_per_turn=OncePerTurn(p["once_per_turn"]) if p.get("once_per_turn") else OncePerTurn.UNLIMITED,
        activates_card=bool(p.get("activates_card", True)),
        pendulum=pendulum,
    )


def _zone_keys(
    where: str,
    loc: Location,
    abilities: Iterable[str],
    summoned: str | None,
    summoned_this_turn: bool,
    column: int | None,
    extra_zone: bool,
    link_arrows: Iterable[str],
) -> tuple[frozenset[str], str | None, int, frozenset[str]]:
    """`StateBuilder.card`'s keys of issue 22 (rules spec §U.1, §U.5), checked as the loader checks them."""
    if isinstance(abilities, str) or not set(abilities) <= set(ABILITIES):
        raise UsageError(f"{where}abilities must be some of {', '.join(ABILITIES)}, got {abilities!r}")
    if isinstance(link_arrows, str) or not set(link_arrows) <= set(ARROWS):
        raise UsageError(f"{where}link_arrows must be some of {', '.join(ARROWS)}, got {link_arrows!r}")
    if summoned is not None and summoned not in SUMMON_KINDS:
        raise UsageError(f"{where}summoned must be one of {', '.join(SUMMON_KINDS)}, got {summoned!r}")
    on_field = loc is Location.MONSTER_ZONE
    for label, given in (("summoned", summoned is not None), ("summoned_this_turn", summoned_this_turn),
                         ("column", column is not None), ("extra_zone", extra_zone)):  # fmt: skip
        if given and not on_field:
            raise UsageError(f"{where}only a monster in the Monster Zone has {label}")
    if column is not None and (type(column) is not int or not 0 <= column < COLUMNS):
        raise UsageError(f"{where}column must be 0 to {COLUMNS - 1}, got {column!r}")
    if extra_zone and column not in EXTRA_COLUMNS:
        raise UsageError(f"{where}an Extra Monster Zone stands above column 1 or 3, got column {column!r}")
    return frozenset(abilities), summoned, -1 if column is None else column, frozenset(link_arrows)


def tags(card: Card) -> dict[str, Any]:
    """The host's tags of a card, as a dict."""
    return dict(card.tags)


_E = TypeVar("_E", bound=Enum)


def _member(cls: type[_E], value: object, arg: str, where: str = "") -> _E:
    """`value` as a member of `cls` (the member itself or its value: "attack", "dark"), or a
    `UsageError` naming the argument and what it may be."""
    if isinstance(value, cls):
        return value
    for m in cls:
        if m.value == value and type(value) is str:
            return m
    allowed = ", ".join(str(m.value) for m in cls)
    hint = did_you_mean(value, [str(m.value) for m in cls])
    raise UsageError(f"{where}{arg} must be one of {allowed}, got {value!r}{hint}")


def _player(value: object, arg: str, where: str = "") -> Player:
    """A player given as `Player.A` or "A"."""
    if isinstance(value, Player):
        return value
    if value in ("A", "B") and type(value) is str:
        return Player[value]
    raise UsageError(f"{where}{arg} must be Player.A, Player.B, \"A\" or \"B\", got {value!r}")


def _pair(value: object, arg: str, least: int, what: str, most: int = MAX_LP) -> list[int]:
    """A per-player pair of integers, given as {"A": x, "B": y} or (x, y)."""
    if isinstance(value, Mapping) and set(value) == {"A", "B"}:
        values = [value["A"], value["B"]]
    elif isinstance(value, Sequence) and not isinstance(value, str):
        values = list(value)
    else:
        values = []
    if len(values) != 2 or any(type(v) is not int or v < least for v in values):
        raise UsageError(f"{arg} must be two {what}, integers >= {least} (A, B), got {value!r}")
    if any(v > most for v in values):
        raise UsageError(f"{arg} must be two {what}, integers from {least} to {most} (A, B), got {value!r}")
    return values


def _effects(effects: Iterable[Effect | Mapping[str, Any]], card_type: CardType, where: str) -> tuple[Effect, ...]:
    out = []
    for j, e in enumerate(effects):
        if isinstance(e, Effect):
            out.append(e)
        elif isinstance(e, Mapping):
            try:
                out.append(effect_from_spec(e, card_type=card_type))
            except ScenarioError as err:
                path = f"effects[{j}]" + ("" if err.path == "$" else f".{err.path}")
                raise ScenarioError(f"{where}{path}", err.message) from None
        else:
            raise UsageError(f"{where}effects[{j}] must be an engine.Effect or a scenario-format spec, got {e!r}")
    return tuple(out)


def _known_keywords(id: object, kw: Mapping[str, Any], method: str) -> None:
    """A keyword `StateBuilder.card` does not take, refused naming the card and the closest keyword (rather than
    Python's TypeError, which names neither)."""
    for k in kw:
        if k not in CARD_KEYWORDS:
            raise UsageError(f"card {id!r}: {method}() takes no keyword {k!r}{did_you_mean(k, CARD_KEYWORDS)} (its "
                             f"keywords: those of StateBuilder.card, {', '.join(CARD_KEYWORDS)})")  # fmt: skip


class StateBuilder:
    """Builds a `GameState` in the Battle Step of `turn_player`'s turn, with no attack declared yet.

        b = StateBuilder(lp={"A": 8000, "B": 8000}, turn_player="A")
        b.monster("dmg", "A", atk=2000, def_=1700, name="Dark Magician Girl", attribute=Attribute.DARK)
        b.spell("rush", "A", face_down=True, effects=[...])
        state = b.build()

    Cards keep the order they are added in (it is the index `Duel` uses, and the order of one
    player's simultaneous triggers). Ids must be unique; `build` checks the cards as the scenario
    loader does (a monster in a Monster Zone needs a position, an Equip Spell equips a monster...),
    raising `UsageError` naming the card.
    """

    def __init__(
        self,
        lp: Mapping[str, int] | Sequence[int] = (8000, 8000),
        turn_player: Player | str = Player.A,
        *,
        zero_atk_mutual_destruction: bool = False,
        hand_filler: Mapping[str, int] | Sequence[int] = (0, 0),
    ) -> None:
        """`lp`: each player's life points (>= 1); `hand_filler`: how many cards each player holds in hand
        beyond the cards added to the builder (the host's own, unnamed to the engine: they can be
        discarded as a cost, and `Duel.hand_size` counts them)."""
        self.lp = _pair(lp, "lp", 1, "life points")
        self.hand_filler = _pair(hand_filler, "hand_filler", 0, "counts of cards")
        self.turn_player = _player(turn_player, "turn_player")
        if type(zero_atk_mutual_destruction) is not bool:
            raise UsageError(f"zero_atk_mutual_destruction must be True or False, got {zero_atk_mutual_destruction!r}")
        self.zero_atk_mutual_destruction = zero_atk_mutual_destruction
        self.cards: list[Card] = []
        self._equips: list[tuple[int, str]] = []

    def card(
        self,
        id: str,
        controller: Player | str,
        *,
        card_type: CardType | str = CardType.MONSTER,
        location: Location | str = Location.MONSTER_ZONE,
        name: str | None = None,
        owner: Player | str | None = None,
        atk: int = 0,
        def_: int = 0,
        position: Position | str | None = None,
        face_down: bool = False,
        attribute: Attribute | str | None = None,
        monster_type: MonsterType | str | None = None,
        level: int = 0,
        pendulum: bool = False,
        equipped_to: str | None = None,
        effects: Iterable[Effect | Mapping[str, Any]] = (),
        tags: Mapping[str, Any] | None = None,
        property: Property | str = Property.NORMAL,
        counters: int = 0,
        materials: int = 0,
        abilities: Iterable[str] = (),
        summoned: str | None = None,
        summoned_this_turn: bool = False,
        column: int | None = None,
        extra_zone: bool = False,
        link_arrows: Iterable[str] = (),
        rank: int = 0,
    ) -> StateBuilder:
        """Add any card (`rank`: an Xyz Monster's Rank, which values read); `effects` are `Effect` values or
        scenario-format specs. Returns the builder.
        A bad argument raises `UsageError` naming it (an effect spec's mistake, `ScenarioError` naming
        the key), and adds nothing."""
        if not isinstance(id, str) or not id:
            raise UsageError(f"id must be a non-empty string, got {id!r}")
        where = f"card {id!r}: "
        if any(c.id == id for c in self.cards):
            raise UsageError(f"{where}id {id!r} is used twice: ids must be unique")
        ctrl = _player(controller, "controller", where)
        own = ctrl if owner is None else _player(owner, "owner", where)
        ctype = _member(CardType, card_type, "card_type", where)
        loc = _member(Location, location, "location", where)
        pos = None if position is None else _member(Position, position, "position", where)
        attr_ = None if attribute is None else _member(Attribute, attribute, "attribute", where)
        mtype = None if monster_type is None else _member(MonsterType, monster_type, "monster_type", where)
        if name is not None and not isinstance(name, str):
            raise UsageError(f"{where}name must be a string, got {name!r}")
        prop = _member(Property, property, "property", where)
        if prop is not Property.NORMAL and ctype is CardType.MONSTER:
            raise UsageError(f"{where}only a Spell or Trap has a property, not a monster")
        for label, v in (("atk", atk), ("def_", def_), ("level", level), ("counters", counters),
                         ("materials", materials), ("rank", rank)):  # fmt: skip
            if type(v) is not int or v < 0:
                raise UsageError(f"{where}{label} must be an integer >= 0, got {v!r}")
        for label, flag in (("face_down", face_down), ("pendulum", pendulum)):
            if type(flag) is not bool:
                raise UsageError(f"{where}{label} must be True or False, got {flag!r}")
        if tags is not None and not isinstance(tags, Mapping):
            raise UsageError(f"{where}tags must be a mapping, got {tags!r}")
        pendulum_zone = ctype is CardType.MONSTER and loc is Location.SPELL_TRAP_ZONE and pendulum  # §U.4
        if (loc is Location.MONSTER_ZONE) != (ctype is CardType.MONSTER) and is_on_field(loc) and not pendulum_zone:
            raise UsageError(f"{where}a {ctype.value.replace('_', ' ')} cannot be in {place(loc)}")
        if loc is Location.FIELD_ZONE and (ctype is not CardType.SPELL or prop is not Property.FIELD):
            raise UsageError(f"{where}only a Field Spell (a spell of property field) is in the Field Zone")
        if loc is Location.MONSTER_ZONE and pos is None:
            raise UsageError(f"{where}a monster in the Monster Zone needs a position (attack, defense or set)")
        if pos is not None and loc is not Location.MONSTER_ZONE:
            where_it_is = is_at(loc).removeprefix("is ")
            raise UsageError(f"{where}only a monster in the Monster Zone has a position, not one {where_it_is}")
        if equipped_to is not None:
            if not isinstance(equipped_to, str):
                raise UsageError(f"{where}equipped_to must be the id of a monster, got {equipped_to!r}")
            if loc is not Location.SPELL_TRAP_ZONE or face_down:
                raise UsageError(f"{where}only a face-up card in the Spell & Trap Zone can equip a monster")
        if counters and (face_down or pos is Position.SET or not is_on_field(loc)):
            raise UsageError(f"{where}counters are placed on face-up cards on the field only")
        if materials and (ctype is not CardType.MONSTER or loc is not Location.MONSTER_ZONE):
            raise UsageError(f"{where}only a monster in the Monster Zone has Xyz Materials")
        zone = _zone_keys(where, loc, abilities, summoned, summoned_this_turn, column, extra_zone, link_arrows)
        made = _effects(effects, ctype, where)
        if equipped_to is not None:
            self._equips.append((len(self.cards), equipped_to))
        self.cards.append(
            Card(
                id=id,
                name=name or id,
                owner=own,
                controller=ctrl,
                location=loc,
                card_type=ctype,
                base_atk=atk,
                base_def=def_,
                position=pos,
                face_down=face_down,
                pendulum=pendulum,
                effects=made,
                attribute=attr_,
                monster_type=mtype,
                level=level,
                materials=materials,
                counters=counters,
                card_property=prop,
                tags=tuple((tags or {}).items()),
                details=CardDetails(zone[0], zone[3], zone[1], summoned_this_turn, zone[2], extra_zone, rank=rank),
            )
        )
        return self

    def monster(
        self,
        id: str,
        controller: Player | str,
        *,
        atk: int,
        def_: int,
        position: Position | str = Position.ATTACK,
        **kw: Any,
    ) -> StateBuilder:
        """A monster, in a Monster Zone in Attack Position unless `location`/`position` say otherwise."""
        _known_keywords(id, kw, "monster")
        loc = _member(Location, kw.get("location", Location.MONSTER_ZONE), "location", f"card {id!r}: ")
        pos = position if loc is Location.MONSTER_ZONE else None
        return self.card(id, controller, card_type=CardType.MONSTER, atk=atk, def_=def_, position=pos, **kw)

    def spell(self, id: str, controller: Player | str, **kw: Any) -> StateBuilder:
        """A Spell, in the Spell & Trap Zone (face-up unless `face_down=True`) unless `location` says."""
        _known_keywords(id, kw, "spell")
        kw.setdefault("location", Location.SPELL_TRAP_ZONE)
        return self.card(id, controller, card_type=kw.pop("card_type", CardType.SPELL), **kw)

    def trap(self, id: str, controller: Player | str, *, counter: bool = False, **kw: Any) -> StateBuilder:
        """A Trap (a Counter Trap if `counter`), Set in the Spell & Trap Zone unless told otherwise."""
        _known_keywords(id, kw, "trap")
        kw.setdefault("location", Location.SPELL_TRAP_ZONE)
        where = _member(Location, kw["location"], "location", f"card {id!r}: ")
        kw.setdefault("face_down", where is Location.SPELL_TRAP_ZONE)
        ctype = CardType.COUNTER_TRAP if counter else CardType.TRAP
        return self.card(id, controller, card_type=ctype, **kw)

    def build(self) -> GameState:
        """A new state (each call builds an independent one)."""
        ids = [c.id for c in self.cards]
        cards = [attrs.evolve(c) for c in self.cards]
        for i, host in self._equips:
            if host not in ids:
                raise UsageError(f"card {ids[i]!r} equips {host!r}, which is not a card of this state")
            j = ids.index(host)
            if not cards[j].is_monster or cards[j].location is not Location.MONSTER_ZONE:
                raise UsageError(f"card {ids[i]!r} equips {host!r}, which is not a monster in a Monster Zone")
            if cards[j].position is Position.SET:  # §C.3: it would be destroyed before anything is played
                raise UsageError(f"card {ids[i]!r} equips {host!r}, which is face-down (set): an Equip Card equips a "
                                 "face-up monster")  # fmt: skip
            cards[i] = attrs.evolve(cards[i], equipped_to=j)
        return GameState(
            players=(PlayerState(self.lp[0], self.hand_filler[0]), PlayerState(self.lp[1], self.hand_filler[1])),
            cards=tuple(cards),
            battle=no_battle(self.turn_player),
            turn_player=self.turn_player,
            zero_atk_mutual_destruction=self.zero_atk_mutual_destruction,
        )


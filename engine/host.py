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
from typing import Any

import attrs

from engine.effects import Effect
from engine.scenario import CardSpec, parse_effect_spec
from engine.state import (
    Attribute,
    Card,
    CardType,
    GameState,
    Location,
    MonsterType,
    Player,
    PlayerState,
    Position,
)
from engine.turns import UsageError, no_battle

__all__ = ["StateBuilder", "effect_from_spec", "tags"]


def effect_from_spec(spec: Mapping[str, Any], *, card_type: CardType | str = CardType.MONSTER) -> Effect:
    """An effect written as in the scenario format (``{"kind": "piercing"}``, ``{"kind": "activated",
    "speed": 2, "does": [{"op": "change_stats", "target": "attacker", "atk": 700}]}``), checked as the
    loader checks it (a mistake raises `ScenarioError` naming the key), as engine data. Card ids in
    it are the ids of the host's cards. `card_type` matters for a Counter Trap (Spell Speed 3)."""
    from engine.build import effect_from_spec as from_scenario_spec

    ctype = CardType(card_type).value
    checked = parse_effect_spec(spec, card_type=ctype)
    holder = CardSpec("host", None, "A", "A", "monster_zone", ctype, 0, 0, None, False, False, None, (checked,))
    return from_scenario_spec(checked, holder)


def tags(card: Card) -> dict[str, Any]:
    """The host's tags of a card, as a dict."""
    return dict(card.tags)


def _player(p: Player | str) -> Player:
    return p if isinstance(p, Player) else Player[p]


def _effects(effects: Iterable[Effect | Mapping[str, Any]], card_type: CardType) -> tuple[Effect, ...]:
    return tuple(e if isinstance(e, Effect) else effect_from_spec(e, card_type=card_type) for e in effects)


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
    ) -> None:
        values = [lp["A"], lp["B"]] if isinstance(lp, Mapping) else list(lp)
        if len(values) != 2 or any(type(v) is not int or v < 1 for v in values):
            raise UsageError(f"life points are two integers >= 1 (A, B), got {lp!r}")
        self.lp = values
        self.turn_player = _player(turn_player)
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
    ) -> StateBuilder:
        """Add any card; `effects` are `Effect` values or scenario-format specs. Returns the builder."""
        if not isinstance(id, str) or not id:
            raise UsageError(f"a card id is a non-empty string, got {id!r}")
        if any(c.id == id for c in self.cards):
            raise UsageError(f"card id {id!r} is used twice: ids must be unique")
        ctype, loc = CardType(card_type), Location(location)
        pos = None if position is None else Position(position)
        where = f"card {id!r}"
        if (loc is Location.MONSTER_ZONE) != (ctype is CardType.MONSTER) and loc.on_field:
            raise UsageError(f"{where}: a {ctype.value} cannot be in the {loc.value}")
        if loc is Location.MONSTER_ZONE and pos is None:
            raise UsageError(f"{where}: a monster in the Monster Zone needs a position (attack, defense or set)")
        if pos is not None and loc is not Location.MONSTER_ZONE:
            raise UsageError(f"{where}: only a monster in the Monster Zone has a position, not one in the {loc.value}")
        for label, v in (("atk", atk), ("def_", def_), ("level", level)):
            if type(v) is not int or v < 0:
                raise UsageError(f"{where}: {label} is an integer >= 0, got {v!r}")
        if equipped_to is not None:
            if loc is not Location.SPELL_TRAP_ZONE or face_down:
                raise UsageError(f"{where}: only a face-up card in the Spell & Trap Zone can equip a monster")
            self._equips.append((len(self.cards), equipped_to))
        ctrl = _player(controller)
        self.cards.append(
            Card(
                id=id,
                name=name or id,
                owner=_player(owner) if owner is not None else ctrl,
                controller=ctrl,
                location=loc,
                card_type=ctype,
                base_atk=atk,
                base_def=def_,
                position=pos,
                face_down=face_down,
                pendulum=pendulum,
                effects=_effects(effects, ctype),
                attribute=None if attribute is None else Attribute(attribute),
                monster_type=None if monster_type is None else MonsterType(monster_type),
                level=level,
                tags=tuple((tags or {}).items()),
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
        loc = Location(kw.get("location", Location.MONSTER_ZONE))
        pos = position if loc is Location.MONSTER_ZONE else None
        return self.card(id, controller, card_type=CardType.MONSTER, atk=atk, def_=def_, position=pos, **kw)

    def spell(self, id: str, controller: Player | str, **kw: Any) -> StateBuilder:
        """A Spell, in the Spell & Trap Zone (face-up unless `face_down=True`) unless `location` says."""
        kw.setdefault("location", Location.SPELL_TRAP_ZONE)
        return self.card(id, controller, card_type=kw.pop("card_type", CardType.SPELL), **kw)

    def trap(self, id: str, controller: Player | str, *, counter: bool = False, **kw: Any) -> StateBuilder:
        """A Trap (a Counter Trap if `counter`), Set in the Spell & Trap Zone unless told otherwise."""
        kw.setdefault("location", Location.SPELL_TRAP_ZONE)
        kw.setdefault("face_down", Location(kw["location"]) is Location.SPELL_TRAP_ZONE)
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
            cards[i].equipped_to = j
        return GameState(
            players=[PlayerState(self.lp[0]), PlayerState(self.lp[1])],
            cards=cards,
            battle=no_battle(self.turn_player),
            turn_player=self.turn_player,
            zero_atk_mutual_destruction=self.zero_atk_mutual_destruction,
        )


"""References to cards and values an effect names (the scenario format's target references: "attacker",
"own_battler"...; a monster's current or original ATK/DEF, as it was if it left the field): read by operations,
conditions and costs alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.effects import Context, Source
from engine.library.event_cards import event_card
from engine.library.filters import matches
from engine.rules.last_known import battler_instance, stats_as_they_were
from engine.rules.levels import current_level
from engine.rules.rounding import halved
from engine.rules.stats import current_stats, lingering_original_stats, lingering_stats, original_stats
from engine.state import ChainLink
from engine.values.game import Location, Player, Position, is_on_field, opponent_of
from engine.values.params import Params


def ref(ctx: Context, src: Source, name: str) -> int | None:
    """A target reference: attacker, target, self, battling_opponent, own_battler (the battling
    monster the effect's controller controls), opponent_battler (the one their opponent controls) or
    a card id."""
    b = ctx.state.battle
    if name == "attacker":  # "the attacking monster": none before a declaration, nor once the attack stopped
        return b.attacker if b.under_way else None
    if name == "target":
        return b.target
    if name == "self":
        return src.host
    if name == "battling_opponent":
        return ctx.battling_opponent(src.host)
    if name == "own_battler":
        return own_battler(ctx, src.controller)
    if name == "opponent_battler":
        return own_battler(ctx, opponent_of(src.controller))
    if name == "event_card":  # "that monster": the one card of the event the effect answers (§U.26)
        return event_card(ctx, src)
    if name == "event_cards":  # "that monster": the first of its trigger's event, if still that card (§U.27)
        found = event_cards(ctx)
        return found[0] if found else None
    for i, c in enumerate(ctx.state.cards):
        if c.id == name:
            return i
    return None


# Operations that directly change ATK/DEF (Damage Step legality §1.1; face-up targets only).


def own_battler(ctx: Context, player: Player) -> int | None:
    """The monster `player` controls in this battle ("a monster you control battles"), if any."""
    b = ctx.state.battle
    for i in (b.attacker, b.target):
        if i is None or i < 0:  # no attack declared yet (engine.turns.NO_ATTACK)
            continue
        if ctx.card(i).location is Location.MONSTER_ZONE and ctx.card(i).controller is player:
            return i
    return None


def resolving_link(ctx: Context) -> ChainLink | None:
    """The chain link resolving now, if any."""
    w = ctx.state.window
    return w.chain[w.resolving] if w is not None and 0 <= w.resolving < len(w.chain) else None


def event_cards(ctx: Context) -> tuple[int, ...]:
    """"That monster(s)" (§U.27): the cards of the event the resolving trigger answers, those still the cards they
    were then (one that has moved since is a new card, §R.2)."""
    link = resolving_link(ctx)
    if link is None or link.event is None:
        return ()
    e = link.event
    return tuple(i for i, n in zip(e.cards, e.instances, strict=True) if ctx.card(i).instance == n)


def value_of(ctx: Context, src: Source, source: Params, *, plain: bool = False) -> int:
    """`_value_of`, or the LP the resolving link's activation paid as its cost (`lp_paid`: "that much", §U.21, times
    `times`); negative with `loses` ("loses that much ATK")."""
    if source.get("lp_paid"):
        link = resolving_link(ctx)
        value = (0 if link is None else link.lp_paid) * int(source.get("times", 1))
    elif source.get("life_points") is not None:  # "equal to your LP" (§U.27)
        value = ctx.state.players[ctx.player_of(str(source["life_points"]), src)].lp * int(source.get("times", 1))
    elif source.get("event_amount"):  # "the damage you took" (§U.27): the amount of the trigger's event
        link = resolving_link(ctx)
        amount = 0 if link is None or link.event is None else link.event.amount
        value = amount * int(source.get("times", 1))
    else:
        value = _value_of(ctx, src, source, plain=plain)
    return -value if source.get("loses") else value


def _value_of(ctx: Context, src: Source, source: Params, *, plain: bool = False) -> int:
    """A value read from the game (§U.15): a monster's value (`of`, `stat`: current or original ATK/DEF, as it was
    if it left the field, §R.2; `level`, `rank`, `link_rating`), or the highest or lowest current ATK/DEF of the
    face-up monsters `highest_among` / `lowest_among` name (`player`, `filter`), or `count` (as `per_card`: how many
    cards, times `times`); less another monster's same value (`minus`, never below 0: "the difference in ATK"),
    halved if `halved`, times `times`; 0 if there is no such monster. `plain`: ATK/DEF without continuous changes
    (for a continuous ATK/DEF change, which would otherwise read itself: §U.1)."""
    stat = str(source.get("stat", "atk"))
    if source.get("count") is not None:
        return cards_counted(ctx, src, source["count"]) * int(source.get("times", 1))
    among = source.get("highest_among", source.get("lowest_among"))
    if among is not None:
        values = [read_stat(ctx, i, stat, plain) for i in face_up_monsters(ctx, src, among, plain)]
        found = [v for v in values if v is not None]
        if not found:
            return 0
        best = max(found) if source.get("highest_among") is not None else min(found)
        return halved(best) if source.get("halved") else best * int(source.get("times", 1))

    def read(name: str) -> int | None:
        index = ref(ctx, src, name)
        if index is None:
            return None
        if stat in PRINTED_VALUES or (plain and ctx.card(index).face_up_on_field):
            return read_stat(ctx, index, stat, plain)
        if stat.startswith("original_"):
            card = ctx.card(index)
            if not card.face_up_on_field:
                return card.base_atk if stat == "original_atk" else card.base_def
            return original_stats(ctx, index)[0 if stat == "original_atk" else 1]
        stats = stats_as_they_were(ctx, index, battler_instance(ctx, index))
        if stats is None and not is_on_field(ctx.card(index).location):  # it left the field this turn: as it was
            stats = stats_as_they_were(ctx, index, ctx.card(index).instance - 1)  # there (§R.2: "the ATK it had")
        return None if stats is None else stats[0 if stat == "atk" else 1]

    value = read(str(source["of"]))
    if value is None:
        return 0  # no such monster, or one never on the field
    if source.get("minus") is not None:
        value = max(0, value - (read(str(source["minus"])) or 0))
    return halved(value) if source.get("halved") else value * int(source.get("times", 1))


# Values a card shows on its frame (a Level may be changed by effects: §U.17).
PRINTED_VALUES = ("level", "original_level", "rank", "link_rating")


def read_stat(ctx: Context, index: int, stat: str, plain: bool = False) -> int | None:
    """One monster's `stat` now: its Level, Rank or Link Rating (a face-down monster shows none), or its current or
    original ATK/DEF (`plain`: without continuous changes)."""
    card = ctx.card(index)
    if stat in PRINTED_VALUES:
        if card.location is Location.MONSTER_ZONE and card.position is Position.SET:
            return None
        if stat == "original_level":  # the Level it has as a card, whatever effects change (§U.26); 0: none
            return card.level
        if stat == "level":  # its current Level on the field (§U.17; `plain` is about ATK/DEF: Levels are read whole)
            return current_level(ctx, index)
        return card.details.rank if stat == "rank" else len(card.details.link_arrows)
    if not card.face_up_on_field:
        return None
    if stat.startswith("original_"):
        return (lingering_original_stats if plain else original_stats)(ctx, index)[0 if stat == "original_atk" else 1]
    return (lingering_stats if plain else current_stats)(ctx, index)[0 if stat == "atk" else 1]


def face_up_monsters(ctx: Context, src: Source, among: Mapping[str, Any], plain: bool = False) -> list[int]:
    """The face-up monsters of `among`'s `player` (controller, opponent or both; both by default) that match its
    `filter` ("the highest ATK among monsters your opponent controls")."""
    rel = among.get("player", "both")
    players = (src.controller, opponent_of(src.controller)) if rel == "both" else (ctx.player_of(rel, src),)
    flt = among.get("filter")
    return [
        i
        for i, c in enumerate(ctx.state.cards)
        if c.face_up_on_field
        and c.location is Location.MONSTER_ZONE
        and c.controller in players
        and (flt is None or matches(ctx, i, flt, plain=plain))
    ]


def cards_counted(ctx: Context, src: Source, per: Mapping[str, Any]) -> int:
    """How many cards `per` names: a player's (or both players') cards in a zone that match its filter; in the hand,
    the unnamed cards drawn from an unlisted Deck count too. Stats are read without continuous changes (§U.1)."""
    rel = per.get("player", "controller")
    players = (src.controller, opponent_of(src.controller)) if rel == "both" else (ctx.player_of(rel, src),)
    where = str(per.get("zone", "hand"))
    zone = Location.MONSTER_ZONE if where == "field" else Location(where)
    flt = per.get("filter")
    count = sum(
        1
        for i, c in enumerate(ctx.state.cards)
        if (c.location is zone if where != "field" else c.location.on_field)  # "field": every zone of it (§U.24)
        and (c.owner if zone in (Location.HAND, Location.GRAVEYARD) else c.controller) in players
        and (flt is None or matches(ctx, i, flt, plain=True))
    )
    if zone is Location.HAND and flt is None:
        count += sum(ctx.state.players[p].hand_filler for p in players)
    return count

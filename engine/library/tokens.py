"""Tokens (rules spec §U.17): an effect makes Token monsters during the duel and Special Summons them
(`special_summon_token`, op `special_summon_token`). Each is a new card of the state (`state.write_added`: the last
cards, so no card's index changes), owned by the player whose effect made it, in a free Main Monster Zone of the
player it is Summoned for, face-up in the position the card states; when it leaves the field it ceases to exist
(`Location.GONE`: `rules.tokens`).

Where the card leaves the position to the player ("Special Summon 1 Token"), that is a decision during resolution: the
op with no `position` asks the summoning player for each Token (rules spec §U.26)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine import actions, resolution
from engine.effects import Context, Index, Source
from engine.rules.stats import watch_stats
from engine.rules.tokens import TOKEN_ABILITIES, free_main_monster_zones
from engine.state import Card, CardDetails, ChainLink, write_added
from engine.values.game import Attribute, CardType, Location, MonsterType, Player, Position
from engine.values.params import Params

__all__ = ["TOKEN_OPS", "special_summon_token"]


def special_summon_token(
    ctx: Context,
    player: Player,
    *,
    name: str,
    atk: int,
    def_: int,
    level: int,
    attribute: Attribute | str,
    monster_type: MonsterType | str,
    position: Position = Position.ATTACK,
    owner: Player | None = None,
    token_id: str | None = None,
    count: int = 1,
    rule: str = "effect",
    choose: Callable[[], Position] | None = None,
) -> list[int]:
    """Make `count` Tokens (as many as `player`'s free Main Monster Zones take) and Special Summon them to `player`'s
    field in `position` (face-up Attack or Defense: a Token is never Set). `owner` (default `player`) is whose effect
    made them. Returns their card indexes (the new last cards of the state); "if a monster is Special Summoned"
    triggers for each. `choose`: asked once for each Token, before any is made, the position its player chooses for
    it where the text leaves it to them ("Special Summon 1 Token": rules spec §U.26), instead of `position`."""
    if position is Position.SET:
        raise ValueError("a Token is Special Summoned face-up: position must be Position.ATTACK or Position.DEFENSE")
    if count < 1:
        raise ValueError(f"count must be 1 or more, got {count!r}")
    if not name or atk < 0 or def_ < 0 or not 1 <= level <= 12:
        raise ValueError(f"a Token needs a name, ATK/DEF of 0 or more and a Level 1..12, got {name!r} {atk} {def_} "
                         f"{level}")  # fmt: skip
    attr_, type_ = Attribute(attribute), MonsterType(monster_type)  # (ValueError naming a bad one)
    made: list[int] = []
    room = min(count, free_main_monster_zones(ctx.state.cards, player))
    chosen = [position if choose is None else choose() for _ in range(room)]  # (asked before the duel has them)
    for where in chosen:
        index = len(ctx.state.cards)
        card = Card(
            _unique_id(ctx, f"{token_id or name}#{index}"), name, owner if owner is not None else player, player,
            Location.GONE, CardType.MONSTER, atk, def_, None, False, False, (), attribute=attr_, monster_type=type_,
            level=level, details=CardDetails(abilities=TOKEN_ABILITIES),
        )  # fmt: skip
        write_added(ctx.state, card)
        _index_new_cards(ctx)
        if actions.special_summon(ctx, index, player, where, rule, by=card.owner):
            made.append(index)  # (one that cannot be Special Summoned, §U.17, never came to exist: it stays GONE)
    return made


def _unique_id(ctx: Context, wanted: str) -> str:
    """`wanted`, or it with primes added until no card of the duel has it (card ids are unique: `turns`)."""
    ids = {c.id for c in ctx.state.cards}
    while wanted in ids:
        wanted += "'"
    return wanted


def _index_new_cards(ctx: Context) -> None:
    """The duel's index covers the new card at once (its effects, none for a Token, and its id for decisions)."""
    if not ctx.index.is_current(ctx.state.cards):
        ctx.index = Index(ctx.state.cards, ctx.registry)
        watch_stats(ctx)


def _special_summon_token(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Op `special_summon_token`: `count` Tokens with the stats the card states, to the controller's (or opponent's)
    field, in the `position` the card states."""
    player = ctx.player_of(str(op.get("player", "controller")), src)
    fixed = op.get("position")

    def choose() -> Position:  # "Special Summon 1 Token": the summoning player's choice (§U.26)
        return resolution.choose_position(ctx, src, src.card, what=str(op["name"]))

    special_summon_token(
        ctx, player, name=str(op["name"]), atk=int(op["atk"]), def_=int(op["def"]), level=int(op["level"]),
        attribute=str(op["attribute"]), monster_type=str(op["monster_type"]),
        position=Position.ATTACK if fixed is None else Position(fixed), owner=src.controller, token_id=op.get("id"),
        count=int(op.get("count", 1)), choose=choose if fixed is None else None,
    )  # fmt: skip


TOKEN_OPS: Final = {"special_summon_token": _special_summon_token}

"""The scenario format's `only_if`: a condition on the game as it is now ("while you control another 'Ancient
Warriors' monster", "if your opponent controls no monsters", "this Link Summoned card", "if this card attacks the
monster in its column"). A continuous effect applies only while it holds (rules spec §U.1); an activated or
trigger effect is activated only if it holds. One function reads it for every kind: `only_if_problem`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.effects import Context, Source
from engine.library.filters import describe, matches
from engine.library.refs import value_of
from engine.rules.zones import same_column as in_same_column
from engine.values.game import Location, Phase, is_on_field, opponent_of

# The machine's states that are no part of the Battle Phase ("during the Battle Phase": its Start Step to its End Step)
_OUTSIDE_THE_BATTLE_PHASE = frozenset(
    {Phase.MAIN_PHASE_1, Phase.MAIN_PHASE_2, Phase.END_PHASE, Phase.TURN_OVER, Phase.DRAW_PHASE, Phase.STANDBY_PHASE,
     Phase.DUEL_OVER}
)


def only_if_problem(ctx: Context, src: Source, cond: Mapping[str, Any], *, plain: bool = False) -> str | None:
    """Why the condition does not hold now, in the card's words (None if it holds). `plain`: ATK/DEF are read
    without continuous changes (for a continuous ATK/DEF change, which would otherwise read itself)."""
    for controls in cond.get("controls", ()):
        problem = _controls_problem(ctx, src, controls, plain)
        if problem is not None:
            return problem
    me = ctx.card(src.host)
    flt = cond.get("self")
    if flt is not None and not matches(ctx, src.host, flt, plain=plain):
        return f"{me.name} is not {describe(flt)}"
    role = cond.get("this_card")
    if role is not None and not _plays(ctx, src.host, role):
        return f"{me.name} is not {_ROLE_WORDS[role]}"
    yours = cond.get("controlled_by_you")
    if yours is not None and (me.controller is src.controller) is not yours:
        return f"{me.name} is {'not ' if yours else ''}controlled by {src.controller.name}"
    same = cond.get("same_column")
    if same is not None and same_column(ctx, src.host) is not same:
        return f"the monster {me.name} battles is {'not ' if same else ''}in its column"
    life = cond.get("life_points")
    if life is not None and (problem := _life_problem(ctx, src, life, plain)) is not None:
        return problem
    materials = cond.get("materials")
    if materials is not None and (problem := _materials_problem(me.name, me.materials, materials)) is not None:
        return problem
    turn = cond.get("turn")
    if turn is not None and (ctx.state.turn_player is src.controller) is not (turn == "own"):
        return f"it is {'not ' if turn == 'own' else ''}{src.controller.name}'s turn"
    if cond.get("phase") == "battle" and ctx.state.rules_phase in _OUTSIDE_THE_BATTLE_PHASE:
        return "it is not the Battle Phase"
    summoned = cond.get("summoned_this_turn")
    if summoned is not None and me.summoned_this_turn is not summoned:
        return f"{me.name} was {'not ' if summoned else ''}Summoned this turn"
    return None


def _controls_problem(ctx: Context, src: Source, c: Mapping[str, Any], plain: bool) -> str | None:
    rel = c.get("player", "controller")
    players = (src.controller, opponent_of(src.controller)) if rel == "both" else (ctx.player_of(rel, src),)
    zone = Location(c.get("zone", "monster_zone"))
    flt = c.get("filter") or {}
    count = 0
    owned = zone in _OWNED_ZONES  # (off the field: its owner's)
    set_cards = flt.get("face_up") is False  # "the number of Set cards in their Spell & Trap Zones" (§U.28)
    if zone is Location.HAND and not flt:  # the unnamed cards drawn from an unlisted Deck count too
        count += sum(ctx.state.players[p].hand_filler for p in players)
    for i, card in enumerate(ctx.state.cards):
        if card.location is not zone or (card.owner if owned else card.controller) not in players:
            continue
        if card.battle_destroyed:
            continue
        if zone is not Location.MONSTER_ZONE and is_on_field(zone) and card.face_down and not set_cards:
            continue  # a Set card is no "Toon World" until it is face-up (counted only when asked for: §U.28)
        if c.get("other_than_self") and i in (src.card, src.host):
            continue
        if matches(ctx, i, flt, plain=plain):
            count += 1
    least, most = int(c.get("at_least", 1)), c.get("at_most")
    if least <= count and (most is None or count <= int(most)):
        return None
    who = "both players" if rel == "both" else ctx.player_of(rel, src).name
    what = (
        describe(flt) if zone is Location.MONSTER_ZONE
        else "Set cards in the Spell & Trap Zones" if zone is Location.SPELL_TRAP_ZONE and set_cards
        else f"a face-up {flt.get('name', 'Spell/Trap')}" if zone is Location.SPELL_TRAP_ZONE
        else f"{flt.get('card_type', 'card')}s in the {zone.value}" if owned and zone is not Location.GRAVEYARD
        else f"{flt.get('card_type', 'card')}s in the Graveyard"
    )  # fmt: skip
    wanted = f"at least {least}" if most is None else f"{least} to {most}" if least else f"at most {most}"
    return f"{who} control(s) {count} of {what} (the effect needs {wanted})"


_OWNED_ZONES = frozenset({Location.GRAVEYARD, Location.HAND, Location.BANISHED})


def _materials_problem(name: str, have: int, c: Mapping[str, Any]) -> str | None:
    """"If this card has 2 or more Xyz Materials", "while this card has no Xyz Material" (rules spec §C.5)."""
    if c.get("at_least") is not None and have < int(c["at_least"]):
        return f"{name} has {have} Xyz Material(s), fewer than {c['at_least']}"
    if c.get("at_most") is not None and have > int(c["at_most"]):
        return f"{name} has {have} Xyz Material(s), more than {c['at_most']}"
    return None


def _life_problem(ctx: Context, src: Source, c: Mapping[str, Any], plain: bool) -> str | None:
    player = ctx.player_of(c.get("player", "controller"), src)
    lp, theirs = ctx.state.players[player].lp, ctx.state.players[opponent_of(player)].lp
    if c.get("at_most") is not None and lp > int(c["at_most"]):
        return f"{player.name} has {lp} LP, more than {c['at_most']}"
    if c.get("at_least") is not None and lp < int(c["at_least"]):
        return f"{player.name} has {lp} LP, less than {c['at_least']}"
    if c.get("less_than_opponent") and lp >= theirs:
        return f"{player.name} has {lp} LP, not less than the opponent's {theirs}"
    if c.get("ahead_by_at_least") is not None and lp - theirs < int(c["ahead_by_at_least"]):
        return f"{player.name} has {lp} LP, not {c['ahead_by_at_least']} or more above the opponent's {theirs}"
    if c.get("at_most_of") is not None and lp > (most := value_of(ctx, src, c["at_most_of"], plain=plain)):
        return f"{player.name} has {lp} LP, more than {most}"  # "if its ATK is greater than or equal to your LP"
    return None


_ROLE_WORDS = {"attacking": "the attacking monster", "attacked": "the attack target", "battling": "battling",
               "battling_opponent_monster": "battling an opponent's monster"}


def plays_role(ctx: Context, index: int, role: str) -> bool:
    """Whether this card is the attacking monster (`attacking`), the attack target (`attacked`) or either
    (`battling`) of the battle on record: the card itself, not one that left and came back."""
    b = ctx.state.battle
    card = ctx.card(index)
    attacking = index == b.attacker and card.instance == b.attacker_instance
    attacked = index == b.target and card.instance == b.target_instance
    if role == "battling_opponent_monster":  # §U.25: against a monster the other player controls (not a direct attack)
        other = b.target if attacking else b.attacker if attacked else None
        return other is not None and other >= 0 and ctx.card(other).controller is not card.controller
    return {"attacking": attacking, "attacked": attacked, "battling": attacking or attacked}[role]


def _plays(ctx: Context, index: int, role: str) -> bool:
    """The role, from the attack's declaration until it ends."""
    return ctx.state.battle.under_way and plays_role(ctx, index, role)


def same_column(ctx: Context, index: int) -> bool:
    """Whether the monster this card battles is in its column (`rules.zones.same_column`)."""
    other = ctx.battling_opponent(index)
    return other is not None and in_same_column(ctx.card(index), ctx.card(other))

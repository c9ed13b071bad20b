"""The format's operations that ask a player something as they resolve, or leave it to chance (rules spec §U.16):
the position of a Special Summon, cards picked without targeting, "you can" steps, numbers, one of several listed
effects, coins, dice and random picks. Each asks through `engine.resolution`; the operations that contain others
(`you_can`, `choose_one`, `coin_toss`, `roll_die`) run them through `run`, the `does` runner `engine.library.ops`
hands over (so this module needs nothing of that one)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from engine import actions, resolution
from engine.effects import Context, Effect, Params, Source
from engine.library.conditions import only_if_problem
from engine.library.filters import matches
from engine.library.refs import ref
from engine.library.relative_filters import bound_filter
from engine.rules.tokens import free_main_monster_zones
from engine.state import Card, ChainLink
from engine.values.game import Location, Position

Runner = Callable[[Context, Source, ChainLink, Sequence[Params]], None]
OpHandler = Callable[[Context, Source, ChainLink, Params], None]

_FACE_UP: Final = (Position.ATTACK, Position.DEFENSE)


def summon_position(ctx: Context, src: Source, index: int, op: Params) -> Position:
    """The position of a monster an operation Special Summons: the one the card fixes (`position`), else the summoning
    player's choice of face-up Attack or face-up Defense Position (§U.16; a face-down summon is always written)."""
    fixed = op.get("position")
    if fixed is not None and fixed != "choice":
        return Position(str(fixed))
    return resolution.choose_position(ctx, src, index, _FACE_UP)


def candidates(ctx: Context, src: Source, op: Params, default_from: tuple[str, ...]) -> list[int]:
    """The cards an operation may take from the hand, Deck, Graveyard or banishment: the one `card` names, if it is
    in one of `from` and matches `filter`; with no `card`, every card of the effect's controller there that matches."""
    sources = op.get("from") or default_from
    where = {Location(w) for w in sources if w != "pendulum_zone"}
    flt = op.get("filter")
    if flt is not None and (flt := bound_filter(ctx, src, flt)) is None:  # a bound read from another card (§U.30)
        return []
    if op.get("card") is not None:
        found = ref(ctx, src, str(op["card"]))
        cands = [] if found is None else [found]
    else:
        cands = [i for i, c in enumerate(ctx.state.cards) if c.owner is src.controller]
    pendulum = "pendulum_zone" in sources  # "from your Pendulum Zone" (§U.27): a Pendulum Monster there
    return [
        i for i in cands
        if (ctx.card(i).location in where or (pendulum and ctx.card(i).in_pendulum_zone))
        and (flt is None or matches(ctx, i, flt))
    ]  # fmt: skip


def special_summon_several(ctx: Context, src: Source, op: Params) -> None:
    """"Special Summon 2 ... from your Deck" (rules spec §U.27), "2 ... with different Levels", "up to 2 ..." (§U.23):
    the monsters the controller picks (`pick_several`), Summoned at once, each in its position; none unless that many
    can be, in as many free Main Monster Zones (with `up_to`, as many as are picked)."""
    count = int(op.get("count", 1))
    if not op.get("up_to") and free_main_monster_zones(ctx.state.cards, src.controller) < count:
        return
    picked = [i for i in pick_several(ctx, src, op, ("hand", "deck", "graveyard"), "the monsters to Special Summon")
              if ctx.card(i).is_monster]  # fmt: skip
    if len(picked) > free_main_monster_zones(ctx.state.cards, src.controller):
        return
    positions = [summon_position(ctx, src, i, op) for i in picked]
    for index, position in zip(picked, positions, strict=True):
        actions.special_summon(ctx, index, src.controller, position, "effect")


# What "with different ..." compares among the cards picked (§U.23).
_DIFFERENT: Final[dict[str, Callable[[Card], object]]] = {
    "level": lambda c: c.level,
    "name": lambda c: c.name,
    "attribute": lambda c: c.attribute,
    "monster_type": lambda c: c.monster_type,
}


def pick_several(ctx: Context, src: Source, op: Params, default_from: tuple[str, ...], what: str) -> tuple[int, ...]:
    """The `count` cards (default 1) the effect's controller picks among `candidates` (not targets), all different in
    `different` if given; none if no such set exists; with `up_to`, 0 to `count` of them (none: declined)."""
    count = int(op.get("count", 1))
    key = op.get("different")
    up_to = bool(op.get("up_to"))
    cands = [i for i in candidates(ctx, src, op, default_from)
             if ctx.card(i).is_monster or not str(what).startswith("the monster")]  # fmt: skip
    if len(cands) < count and not up_to:
        return ()
    accept = None
    if key is not None:
        read = _DIFFERENT[str(key)]

        def accept(combo: tuple[int, ...]) -> bool:
            values = [read(ctx.card(i)) for i in combo]
            return None not in values and len(set(values)) == len(values)

    return resolution.pick_cards(ctx, src, cands, count, up_to=up_to, what=what, accept=accept)


def pick_one(ctx: Context, src: Source, op: Params, default_from: tuple[str, ...], what: str) -> int | None:
    """The card the effect's controller picks (not a target) among `candidates`; None if there is none."""
    cands = candidates(ctx, src, op, default_from)
    if not cands:
        return None
    return resolution.pick_cards(ctx, src, cands, 1, what=what)[0]


def _you_can(run: Runner) -> OpHandler:
    def you_can(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        """"You can ...": the player decides as it resolves whether to do `does` (§U.16)."""
        if resolution.yes_or_no(ctx, src, str(op.get("what") or "do it"), _player(ctx, src, op)):
            run(ctx, src, link, op.get("does", ()))

    return you_can


def _choose_one(run: Runner) -> OpHandler:
    def choose_one(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        """"Apply 1 of these effects": the controller picks one of `modes` as it resolves (§U.16)."""
        modes: Sequence[Any] = op.get("modes", ())
        # §U.25: a mode with `only_if` can be chosen only while it holds ("Tribute 1 other monster or destroy this
        # card": the Tribute only while there is one to Tribute); none that can: nothing is applied
        able = [m for m, mode in enumerate(modes)
                if mode.get("only_if") is None or only_if_problem(ctx, src, mode["only_if"]) is None]  # fmt: skip
        if not able:
            return
        picked = resolution.choose_mode(ctx, src, able)
        run(ctx, src, link, modes[picked].get("does", ()))

    return choose_one


def _coin_toss(run: Runner) -> OpHandler:
    def coin_toss(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        """Toss a coin (`heads`, `tails`: what each does): a chance decision, each side 1/2 (§U.16). With `call`
        ("toss a coin and call it"), the effect's controller calls a side first (a decision of theirs), and `right` /
        `wrong` say what each does (§U.22)."""
        if op.get("call"):
            called = resolution.choose_mode(ctx, src, range(2), "call the coin toss (0 heads, 1 tails)")
            side = resolution.chance(ctx, src, 2, "toss a coin (0 heads, 1 tails)")
            run(ctx, src, link, op.get("right" if side == called else "wrong") or ())
            return
        side = resolution.chance(ctx, src, 2, "toss a coin (0 heads, 1 tails)")
        run(ctx, src, link, op.get("heads" if side == 0 else "tails") or ())

    return coin_toss


def _roll_die(run: Runner) -> OpHandler:
    def roll_die(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        """Roll a six-sided die: `results` lists what each result does ({on: [1, 2], does: [...]}); a result no
        entry lists does nothing (§U.16)."""
        rolled = resolution.chance(ctx, src, 6, "roll a six-sided die (0 shows 1)") + 1
        for entry in op.get("results", ()):
            if rolled in entry.get("on", ()):
                run(ctx, src, link, entry.get("does", ()))

    return roll_die


def _player(ctx: Context, src: Source, op: Params) -> Any:
    rel = op.get("player")
    return None if rel is None else ctx.player_of(str(rel), src)


def _discard(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Discard cards from a player's hand: `count` (default 1) picked by that player, or with `random` drawn at
    random (Spirit Reaper: "discard 1 random card from their hand"), among the listed cards in the hand."""
    who = ctx.player_of(str(op.get("player", "opponent")), src)
    count = int(op.get("count", 1))
    flt = op.get("filter")
    hand = [i for i, c in enumerate(ctx.state.cards)
            if c.location is Location.HAND and c.owner is who and (flt is None or matches(ctx, i, flt))]  # fmt: skip
    if op.get("random"):
        chosen = resolution.random_cards(ctx, src, hand, count, f"discard {count} random card(s) of {who}'s hand")
    else:
        chosen = resolution.pick_cards(ctx, src, hand, count, player=who, what="card(s) to discard")
    for i in chosen:
        actions.send_to_graveyard(ctx, i, "effect", detail="discarded")


# The zones a `pick` on the field names (§U.24): "a Spell/Trap on the field" includes the Field Zone (as a target's).
_PICK_ZONES: Final = {"monster_zone": (Location.MONSTER_ZONE,),
                      "spell_trap_zone": (Location.SPELL_TRAP_ZONE, Location.FIELD_ZONE),
                      "field": (Location.MONSTER_ZONE, Location.SPELL_TRAP_ZONE, Location.FIELD_ZONE)}  # fmt: skip


def picked_on_field(ctx: Context, src: Source, pick: Params, what: str) -> tuple[int, ...]:
    """The cards on the field the effect's controller picks as it resolves, without targeting them ("destroy 1 card on
    the field"; rules spec §U.24): `count` (default 1) of the cards of `player` (`both` default) in `zone` (`field`
    default) that match `filter`, this card too unless `other_than_self`."""
    players = ctx.players_of(src, str(pick.get("player", "both")))
    zones = _PICK_ZONES[str(pick.get("zone", "field"))]
    flt = pick.get("filter")
    if flt is not None and (flt := bound_filter(ctx, src, flt)) is None:  # a bound read from another card (§U.30)
        return ()
    cands = [i for i, c in enumerate(ctx.state.cards)
             if c.location in zones and c.controller in players and (flt is None or matches(ctx, i, flt))
             and not (pick.get("other_than_self") and i == src.card)]  # fmt: skip
    return resolution.pick_cards(ctx, src, cands, int(pick.get("count", 1)), what=what)


def asking_ops(run: Runner) -> dict[str, OpHandler]:
    """The operations of this module, those that contain others running them with `run`."""
    return {
        "you_can": _you_can(run),
        "choose_one": _choose_one(run),
        "coin_toss": _coin_toss(run),
        "roll_die": _roll_die(run),
        "discard": _discard,
    }


# The operations that always ask (or leave it to chance), and those that ask unless the file fixes the answer
ALWAYS_ASKS: Final = frozenset(
    {"you_can", "choose_one", "coin_toss", "roll_die", "discard", "roll_dice_compared", "tribute"}
)
NESTED: Final = ("does", "heads", "tails", "right", "wrong")


def op_may_ask(op: Params | Any) -> bool:
    """Whether one entry of a `does` list may ask a player something as it resolves, or leave it to chance."""
    name = op.get("op")
    if name in ALWAYS_ASKS:
        return True
    if name == "special_summon" and (op.get("position") in (None, "choice") or op.get("card") is None):
        return True
    if name == "special_summon_token" and op.get("position") is None:
        return True
    if name == "send_to_graveyard" and op.get("target") is None:  # a pick from the Deck or the hand (§U.23)
        return True
    if name == "destroy" and op.get("pick") is not None:
        return True
    if name == "place_in_pendulum_zone" and op.get("from") is not None:
        return op.get("card") is None
    return name == "add_to_hand" and op.get("card") is None


def may_ask(cards: Sequence[Any]) -> bool:
    """Whether any effect of these cards (the format's kinds) may ask as it resolves (§U.16): what the search API
    needs to know to number the answers."""
    return any(op_may_ask(op) for c in cards for e in c.effects for op in e.params.get("does", ()) or ()) or any(
        cost_may_ask(e.params.get("cost") or {}) for c in cards for e in c.effects)


def effect_may_ask(effect: Effect) -> bool:
    """Whether resolving an effect of the format's kinds may ask a player or leave it to chance (§U.16): an operation
    of its `does` list, or one contained in one (a mode, a coin's side...), that may (`EffectType.may_ask`: only then
    does its operation run from a checkpoint)."""
    return ops_may_ask(effect.params.get("does", ()))


def ops_may_ask(ops: Any) -> bool:
    """Whether an operation of this `does` list, or one it contains, may ask a player or leave it to chance."""
    for op in ops or ():
        if isinstance(op, Mapping):
            if op_may_ask(op):
                return True
            if any(isinstance(v, tuple | list) and ops_may_ask(v) for v in op.values()):
                return True
    return False


# The cost keys that may leave the activating player a choice of what pays (rules spec §U.21)
_CHOOSING_COSTS: Final = ("discard", "send_from_hand", "tribute", "banish_from_graveyard",
                          "return_to_deck_from_graveyard", "lp_multiple_of", "send_from_deck")


def cost_may_ask(cost: Any) -> bool:
    """Whether a cost may ask the activating player which cards or what amount pays it (§U.21)."""
    return any(cost.get(k) for k in _CHOOSING_COSTS)

"""Activated, trigger and FLIP effects of the scenario format: costs, targets, conditions and
the operations of their `does` lists, plus the lingering effects those operations leave."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from engine import actions
from engine.effects import (
    Context,
    DamageModifier,
    DamageStage,
    Effect,
    EffectKind,
    EffectType,
    Hook,
    IndestructibleByBattle,
    Lingering,
    Params,
    Source,
)
from engine.library import asking, costs
from engine.library.activation_facts import TYPES as ACTIVATION_FACT_TYPES
from engine.library.activation_facts import note_at_activation, note_paid
from engine.library.card_pieces import CARD_PIECE_OPS, EXTRA_DECK_ABILITIES
from engine.library.chain_locks import CHAIN_LOCK_OPS
from engine.library.conditions import condition, condition_problem, event_card, only_if_problem, resolution_problem
from engine.library.continuous import monsters_it_applies_to
from engine.library.counters import named_counter, set_named_counters
from engine.library.dice import dice_ops
from engine.library.filters import matches
from engine.library.hands import HAND_OPS
from engine.library.lasting import LASTING_OPS, other_than
from engine.library.levels import LEVEL_OPS
from engine.library.locks import LOCK_OPS
from engine.library.moved import moved_since
from engine.library.picks import send_picked_to_graveyard
from engine.library.redirects import REDIRECT_OPS
from engine.library.refs import ref, value_of
from engine.library.relative_filters import below, below_problem
from engine.library.replacements import destroy_by_effect
from engine.library.sequence import LATER_TYPE, do_later, later_may_ask, run_ops
from engine.library.setting import TYPES as SETTING_TYPES
from engine.library.setting import set_spell_trap
from engine.library.stat_groups import stat_group
from engine.library.targets import (
    card_for,
    target_lost,
    targets,
)
from engine.library.temporary import with_return
from engine.library.tokens import TOKEN_OPS
from engine.library.trap_monsters import TRAP_MONSTER_OPS
from engine.library.tributing import TRIBUTE_OPS
from engine.rules.cards import pendulum_zone_problem
from engine.rules.leaving import BANISH_WHEN_LEAVING
from engine.rules.rounding import halved
from engine.rules.stats import current_stats
from engine.rules.unaffected import unaffected_by
from engine.state import ChainLink, write_battle, write_effects_negated
from engine.values.events import EventType
from engine.values.game import (
    Location,
    OriginalChange,
    OriginalOp,
    Player,
    Position,
    Window,
    is_on_field,
)
from engine.values.params import as_params

# What resolves one entry of an effect's `does` list. The entry is typed `Params` (what `Effect`
# freezes every mapping into), not `Mapping`: compiled, its `.get` is then a C dict lookup.
OpHandler = Callable[[Context, Source, ChainLink, Params], None]


# -- costs --------------------------------------------------------------------------------


def cost_problem(ctx: Context, src: Source) -> str | None:
    return costs.problem(ctx, src, src.effect.params.get("cost") or {})


def pay_cost(ctx: Context, src: Source) -> None:
    note_at_activation(ctx, src)  # "when this effect was activated" (§U.23): read before the cost changes anything
    before = ctx.state.cards
    costs.pay(ctx, src, src.effect.params.get("cost") or {})
    note_paid(ctx, src, tuple(moved_since(ctx, before)))  # "the monster sent to the GY" as the cost (§U.23)


# -- operations ---------------------------------------------------------------------------


def _stat_target(ctx: Context, src: Source, link: ChainLink, op: Params) -> int | None:
    """The monster a stat operation changes: only face-up monsters have ATK/DEF to change, and
    destroyed-by-battle ones cannot be changed (§1.6)."""
    index = card_for(ctx, src, link, op["target"])
    if index is None:
        return None
    return index if actions.can_change_stats(ctx.card(index)) else None


def _change_stats(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Change a monster's ATK/DEF (`target`), or those of every face-up monster `applies_to` and `filter` name as it
    resolves ("the ATK of all face-up monsters your opponent currently controls becomes 0", "all monsters you control
    gain 500 ATK": rules spec §U.26); each value is read for each monster."""
    if op.get("target") is None:
        for i in stat_group(ctx, src, op):
            _change_stats_of(ctx, src, i, op)
        return
    index = _stat_target(ctx, src, link, op)
    if index is not None:
        _change_stats_of(ctx, src, index, op)


def _change_stats_of(ctx: Context, src: Source, index: int, op: Params) -> None:
    card = ctx.card(index)
    atk = int(op.get("atk", 0))
    if op.get("atk_gain_equal_to") == "battling_opponent_atk":
        foe = ctx.battling_opponent(index)
        atk += current_stats(ctx, foe)[0] if foe is not None else 0
    if op.get("atk_gain_of") is not None:
        atk += value_of(ctx, src, op["atk_gain_of"])
    def_ = int(op.get("def", 0))
    if op.get("def_gain_of") is not None:
        def_ += value_of(ctx, src, op["def_gain_of"])
    set_atk = op.get("set_atk") if op.get("set_atk_of") is None else value_of(ctx, src, op["set_atk_of"])
    set_def = op.get("set_def") if op.get("set_def_of") is None else value_of(ctx, src, op["set_def_of"])
    ling = Lingering(
        effect=actions.STAT_CHANGE,
        controller=src.controller,
        card=index,
        instance=card.instance,
        until=op.get("until", "end_of_turn"),
        atk=atk,
        def_=def_,
        set_atk=set_atk,
        set_def=set_def,
    )
    actions.add_lingering(ctx, ling)


def _stat_lingering(ctx: Context, src: Source, index: int, op: Params, **values: Any) -> None:
    """A resolved stat op's change, lasting on `index` until the op's `until`."""
    until = op.get("until", "end_of_turn")
    ling = Lingering(actions.STAT_CHANGE, src.controller, index, ctx.card(index).instance, until, **values)
    actions.add_lingering(ctx, ling)


def _relative_op(kind: str) -> OpHandler:
    """Halve / double the current ATK and/or DEF, or switch them: a freezing value computed from
    the values now (§S.2), halving rounded up (§S.6)."""

    def op_(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        index = _stat_target(ctx, src, link, op)
        if index is None:
            return
        atk, def_ = current_stats(ctx, index)
        which = op.get("stats", "atk")
        set_atk: int | None
        set_def: int | None
        if kind == "switch":
            set_atk, set_def = def_, atk
        else:
            f = halved if kind == "halve" else (lambda v: v * 2)
            set_atk = f(atk) if which in ("atk", "both") else None
            set_def = f(def_) if which in ("def", "both") else None
        _stat_lingering(ctx, src, index, op, set_atk=set_atk, set_def=set_def)

    return op_


def _original_op(kind: OriginalOp) -> OpHandler:
    """The original ATK and/or DEF becomes a value, is halved or is doubled (§S.1)."""

    def op_(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        index = _stat_target(ctx, src, link, op)
        if index is None:
            return
        if kind is OriginalOp.BECOMES:
            o_atk = None if op.get("set_atk") is None else OriginalChange(kind, int(op["set_atk"]))
            o_def = None if op.get("set_def") is None else OriginalChange(kind, int(op["set_def"]))
        else:
            which = op.get("stats", "atk")
            o_atk = OriginalChange(kind) if which in ("atk", "both") else None
            o_def = OriginalChange(kind) if which in ("def", "both") else None
        _stat_lingering(ctx, src, index, op, original_atk=o_atk, original_def=o_def)

    return op_


def _no_battle_damage(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    player = ctx.player_of(op.get("player", "controller"), src)
    eff = Effect("no_battle_damage_this_battle", EffectKind.CONTINUOUS, params={"player": player.name})
    actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, "end_of_damage_step"))
    ctx.emit(EventType.LINK_RESOLVED, "effect", player=player, detail="takes no battle damage this battle")


# "For that battle": what happens to the battle damage of this battle (§U.15), as a stage of §2.6.
THIS_BATTLE_CHANGES: Final = {
    "halve": DamageStage.HALVE,
    "double": DamageStage.DOUBLE,
    "zero": DamageStage.ZERO,
    "gain_instead": DamageStage.GAIN,
    "reflect": DamageStage.REFLECT,
    "also": DamageStage.ALSO,
}


def _battle_damage_this_battle(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"The battle damage you take from that battle is halved" / "... you gain LP instead" / "your opponent takes
    it instead" (`change`) for the players of `player`: until the end of this Damage Step (§U.15)."""
    change = str(op["change"])
    for player in ctx.players_of(src, op.get("player", "controller")):
        params = {"player": player.name, "change": change}
        eff = Effect("battle_damage_this_battle", EffectKind.CONTINUOUS, params=params)
        actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, "end_of_damage_step"))
        ctx.emit(EventType.LINK_RESOLVED, "effect", player=player,
                 detail=f"the battle damage it takes from this battle: {change.replace('_', ' ')}")  # fmt: skip


def _indestructible_by_effects_this_turn(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"It cannot be destroyed by (your opponent's) card effects this turn" (`target`, or the monsters `applies_to`
    and `filter` name as it resolves; `by`, default `opponent_effects` as for the kind; `until`; §U.9)."""
    until = str(op.get("until", "end_of_turn"))
    if op.get("target") is not None:
        index = card_for(ctx, src, link, op["target"])
        cards = [] if index is None else [index]
    else:
        params = {"applies_to": op["applies_to"], "filter": op.get("filter")}
        scope = Source(src.card, src.index, Effect("scope", EffectKind.CONTINUOUS, params=params), src.controller,
                       src.host)  # fmt: skip
        cards = [i for i in monsters_it_applies_to(ctx, scope, face_up=False) if not unaffected_by(ctx, i, src)]
    eff = Effect("indestructible_by_effects", EffectKind.CONTINUOUS, params={"by": op.get("by", "opponent_effects")})
    for index in cards:
        if is_on_field(ctx.card(index).location):
            actions.add_lingering(ctx, Lingering(eff, src.controller, index, ctx.card(index).instance, until))


def _original_values_in_damage_calculation(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"Damage calculation for this battle uses the original ATK/DEF of the battling monsters" (§R.5)."""
    eff = Effect("original_values_in_damage_calculation", EffectKind.CONTINUOUS)
    actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, "end_of_damage_step"))
    ctx.emit(EventType.LINK_RESOLVED, "effect", player=src.controller,
             detail="damage calculation uses the original ATK/DEF")  # fmt: skip


def _indestructible(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"It cannot be destroyed by battle this turn" (`target`), or "monsters you control cannot be destroyed by this
    battle" (`applies_to`, `until: end_of_damage_step`): the monsters there as it resolves."""
    until = str(op.get("until", "end_of_turn"))
    if op.get("target") is not None:
        index = card_for(ctx, src, link, op["target"])
        cards = [] if index is None else [index]
    else:
        params = {"applies_to": op["applies_to"], "filter": op.get("filter")}
        scope = Source(src.card, src.index, Effect("scope", EffectKind.CONTINUOUS, params=params), src.controller,
                       src.host)  # fmt: skip
        cards = [i for i in monsters_it_applies_to(ctx, scope, face_up=False) if not unaffected_by(ctx, i, src)]
    eff = Effect("indestructible_by_battle_this_turn", EffectKind.CONTINUOUS)
    for index in cards:
        if is_on_field(ctx.card(index).location):
            actions.add_lingering(ctx, Lingering(eff, src.controller, index, ctx.card(index).instance, until))


def _negate_activation(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    w = ctx.state.window
    if w is None or w.resolving < 1 or link.trigger:
        return  # a trigger placed by SEGOC responds to no activation: there is nothing to negate
    below = w.resolving - 1
    negated = w.chain[below]
    actions.negate_activation(ctx, below, "effect")
    if op.get("destroy"):
        destroy_by_effect(ctx, src, negated.card, "destroyed by the negating effect")


def _move_op(dest: Location) -> OpHandler:
    def op_(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
        index = card_for(ctx, src, link, op["target"])
        if index is None or ctx.card(index).location is dest:
            return
        if not is_on_field(ctx.card(index).location) and index not in link.targets:
            return  # off the field only a card the effect targets there (§U.18: "target 1 card in a GY; banish it")
        if dest is Location.HAND and ctx.card(index).battle_destroyed:
            return  # monsters destroyed by battle cannot be returned to the hand (§1.6)
        actions.move_card(ctx, index, dest, "effect", detail=op["op"])

    return op_


def _destroy(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Destroy the card it names, or the cards its controller picks as it resolves (`pick`: §U.24, not targeted)."""
    if op.get("pick") is not None:
        for i in asking.picked_on_field(ctx, src, op["pick"], "the card(s) to destroy"):
            if not unaffected_by(ctx, i, src):
                destroy_by_effect(ctx, src, i)
        return
    index = card_for(ctx, src, link, op["target"])
    if index is not None:
        destroy_by_effect(ctx, src, index)


def _shuffle_into_deck(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"Shuffle it into the Deck": to its owner's Deck (an Extra Deck monster: the Extra Deck), from the field, the
    hand or the Graveyard; a monster determined destroyed by battle cannot be (as for returning it to the hand)."""
    index = card_for(ctx, src, link, op["target"])
    if index is None:
        return
    card = ctx.card(index)
    if card.location in (Location.DECK, Location.EXTRA_DECK) or card.battle_destroyed:
        return
    extra = bool(card.details.abilities & EXTRA_DECK_ABILITIES)
    actions.move_card(ctx, index, Location.EXTRA_DECK if extra else Location.DECK, "effect",
                      detail="shuffled into the Deck")  # fmt: skip



def _send_to_graveyard(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Send the target on the field to the GY; with no `target`, the cards the controller picks from `from` (§U.23)."""
    if op.get("target") is None:
        send_picked_to_graveyard(ctx, src, op)
        return
    index = card_for(ctx, src, link, op["target"])
    flt = op.get("filter")  # with a target: sent only if it matches (§U.23)
    if index is not None and is_on_field(ctx.card(index).location) and (flt is None or matches(ctx, index, flt)):
        actions.send_to_graveyard(ctx, index, "effect", detail="sent by an effect")


def _change_position(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    index = card_for(ctx, src, link, op["target"])
    if index is None:
        return
    to = op["to"]
    if to == "other":  # "change its battle position": the other one, face-up
        to = "defense" if ctx.card(index).position is Position.ATTACK else "attack"
    actions.change_position(ctx, index, Position(to), "effect")


def _take_control(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    index = card_for(ctx, src, link, op["target"])
    if index is None:
        return
    was = ctx.card(index).controller
    actions.take_control(ctx, index, src.controller, "effect")
    card = ctx.card(index)
    if op.get("until") is not None and card.controller is not was:  # for a while (§U.11)
        back = Effect(actions.CONTROL_FOR_A_WHILE.type, EffectKind.CONTINUOUS, params={"back_to": was.name})
        actions.add_lingering(ctx, Lingering(back, src.controller, index, card.instance, op["until"]))


def _equip(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """This card (or `card`) becomes an Equip Card equipping the target (§C.3): an Equip Spell resolving, a Trap
    that becomes an Equip Card, a monster equipped as an Equip Spell. Nothing if this card left the field (its
    activation then equips nothing: an Equip Spell goes to the Graveyard) or the target is no face-up monster."""
    target = card_for(ctx, src, link, op["target"])
    card = src.card if op.get("card") is None else ref(ctx, src, op["card"])
    if target is None or card is None:
        return
    if card == src.card and ctx.card(card).location is not Location.SPELL_TRAP_ZONE and not ctx.card(card).is_monster:
        return
    actions.equip(ctx, card, target)


def _add_counters(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    index = card_for(ctx, src, link, op.get("target", "self"))
    if index is None or not ctx.card(index).face_up_on_field:
        return
    name = op.get("counter")
    if name is not None:  # counters of a kind (§U.26)
        have = named_counter(ctx.card(index), str(name))
        set_named_counters(ctx, index, str(name), have + int(op["count"]))
    else:
        actions.set_counters(ctx, index, ctx.card(index).counters + int(op["count"]))


def _special_summon(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Special Summon the card the controller picks (§U.16: not a target) in the position the card fixes or the
    controller chooses; or the card it targets in a Graveyard or banished, or one the operation before it moved (a
    `target`, §U.23: one that has left those places, or is no longer a legal target, is not Summoned); several at once
    with `count` (§U.27), `different`, `up_to` (§U.23)."""
    if op.get("target") is not None:
        index = card_for(ctx, src, link, str(op["target"]))
        if index is None or ctx.card(index).location not in _SUMMONED_FROM or not ctx.card(index).is_monster:
            return
        actions.special_summon(ctx, index, src.controller, asking.summon_position(ctx, src, index, op), "effect")
        return
    if int(op.get("count", 1)) > 1 or op.get("different") is not None or op.get("up_to"):
        asking.special_summon_several(ctx, src, op)
        return
    index = asking.pick_one(ctx, src, op, ("hand", "deck", "graveyard"), "the monster to Special Summon")
    if index is None or not ctx.card(index).is_monster:
        return
    summoned = actions.special_summon(ctx, index, src.controller, asking.summon_position(ctx, src, index, op),
                                      "effect", how=str(op.get("treated_as") or "special"))  # fmt: skip
    if summoned and op.get("banish_when_leaves"):  # §U.25, §U.23: "..., but banish it when it leaves the field"
        card = ctx.card(index)
        actions.add_lingering(ctx, Lingering(BANISH_WHEN_LEAVING, src.controller, index, card.instance, "permanent"))


# Where a targeted (or just moved) card is Special Summoned from (§U.23).
_SUMMONED_FROM: Final = (Location.HAND, Location.DECK, Location.GRAVEYARD, Location.BANISHED)


def amount_of(ctx: Context, src: Source, op: Params) -> int:
    """An operation's amount: the number it gives, or `equal_to` a monster's current ATK or DEF ("damage
    equal to the attacking monster's ATK", Magic Cylinder; "gain LP equal to its ATK", Draining Shield), 0 if
    there is no such monster."""
    source = op.get("equal_to")
    if source is None:
        return int(op["amount"])
    return value_of(ctx, src, source)


def _damage(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    amount = amount_of(ctx, src, op)
    for p in ctx.players_of(src, op.get("player", "opponent")):
        actions.lose_lp(ctx, p, amount, "effect_damage", "effect", by=src.controller)
    actions.check_zero_lp(ctx)


def _restrict(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """An attack restriction or permission (a continuous kind: `cannot_attack`, `cannot_declare_attack`...) that
    lasts until `until`: on the target ("that monster cannot attack"), or on the monsters `applies_to` and
    `filter` name, as the effect's controller sees them ("your opponent cannot declare an attack this turn")."""
    until = op.get("until", "end_of_turn")
    if op.get("target") is None:
        params = {k: op[k] for k in ("applies_to", "filter") if op.get(k) is not None}
        if params.get("applies_to") == "other_own_monsters":
            params["other_than"] = other_than(ctx, src)
        eff = Effect(op["kind"], EffectKind.CONTINUOUS, params=params)
        actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, until))
        ctx.emit(EventType.LINK_RESOLVED, "effect", detail=f"{op['kind'].replace('_', ' ')} until {until}")
        return
    index = card_for(ctx, src, link, op["target"])
    if index is None or ctx.card(index).location is not Location.MONSTER_ZONE:
        return
    eff = Effect(op["kind"], EffectKind.CONTINUOUS, params={"applies_to": "self"})
    actions.add_lingering(ctx, Lingering(eff, src.controller, index, ctx.card(index).instance, until))
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=index, detail=f"{op['kind'].replace('_', ' ')} until {until}")


def _negate_attack(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """With a `target` (the attacking monster the effect targets), only while it is still a legal target: negating
    an attack does not affect the monster, so a monster unaffected by the effect is no exception."""
    if op.get("target") is not None:
        index = ref(ctx, src, str(op["target"]))
        if index is None or target_lost(ctx, src, link, index):
            return
    actions.negate_attack(ctx)


def _end_battle_phase(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    actions.end_battle_phase(ctx)


def _destroy_all(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Destroy every monster of those players that matches the filter, at once ("destroy all Attack
    Position monsters your opponent controls", Mirror Force)."""
    players = ctx.players_of(src, op.get("player", "opponent"))
    flt = op.get("filter") or {}
    value = below_problem(ctx, src, op)
    if op.get("atk_below") is not None and value is None:
        return  # "less ATK than that monster": that monster is gone (§U.26)
    doomed = [i for i, c in enumerate(ctx.state.cards)
              if c.location is Location.MONSTER_ZONE and c.controller in players and matches(ctx, i, flt)
              and below(ctx, i, value) and not unaffected_by(ctx, i, src)]  # fmt: skip
    for i in doomed:
        destroy_by_effect(ctx, src, i)


def _all_monsters(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Do one thing to every monster of those players that matches the filter, at once ("return all your opponent's
    Attack Position monsters to the hand", "change all monsters your opponent controls to face-down Defense
    Position", "shuffle all ... into the Deck"; §U.15): `do` is destroy, banish, return_to_hand, shuffle_into_deck,
    send_to_graveyard or change_position (with `to`)."""
    players = ctx.players_of(src, op.get("player", "opponent"))
    flt = op.get("filter") or {}
    value = below_problem(ctx, src, op)
    if op.get("atk_below") is not None and value is None:
        return  # "less ATK than that monster": that monster is gone (§U.26)
    chosen = [i for i, c in enumerate(ctx.state.cards)
              if c.location is Location.MONSTER_ZONE and c.controller in players and matches(ctx, i, flt)
              and below(ctx, i, value) and not unaffected_by(ctx, i, src)]  # fmt: skip
    what = str(op["do"])
    for i in chosen:
        card = ctx.card(i)
        if what == "destroy":
            destroy_by_effect(ctx, src, i)
        elif what == "change_position":  # `to: other`: each one's other battle position, face-up
            to = op["to"] if op["to"] != "other" else "defense" if card.position is Position.ATTACK else "attack"
            actions.change_position(ctx, i, Position(to), "effect")
        elif card.location is Location.MONSTER_ZONE and not (card.battle_destroyed and what == "return_to_hand"):
            if what == "send_to_graveyard":
                actions.send_to_graveyard(ctx, i, "effect", detail="sent by an effect")
            elif what == "shuffle_into_deck":
                extra = bool(card.details.abilities & EXTRA_DECK_ABILITIES)
                actions.move_card(ctx, i, Location.EXTRA_DECK if extra else Location.DECK, "effect",
                                  detail="shuffled into the Deck")  # fmt: skip
            else:
                dest = Location.BANISHED if what == "banish" else Location.HAND
                actions.move_card(ctx, i, dest, "effect", detail=what)


def _gain(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    amount = amount_of(ctx, src, op)
    for p in ctx.players_of(src, op.get("player", "controller")):
        actions.gain_lp(ctx, p, amount, "effect")


def _draw(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    count = value_of(ctx, src, op["count_of"]) if op.get("count_of") is not None else int(op.get("count", 1))
    for p in ctx.players_of(src, op.get("player", "controller")):
        actions.draw(ctx, p, count, "effect")


def _negate_effects(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"Negate the effects of that monster (including in the Graveyard)": while it stays face-up on the field, and
    in the Graveyard if it is sent there from the field (as a monster destroyed by Dark Ruler Ha Des, §R.5)."""
    if op.get("all_other_cards"):  # Forbidden Scripture: each other face-up card on the field as it resolves
        until = str(op.get("until") or "permanent")
        for i, c in enumerate(ctx.state.cards):
            if i != src.card and c.face_up_on_field and not c.effects_negated and not unaffected_by(ctx, i, src):
                _negate_card(ctx, src, i, until)
        return
    index = card_for(ctx, src, link, op["target"])
    if index is None:
        return
    card = ctx.card(index)
    if card.location is not Location.MONSTER_ZONE or card.position is Position.SET or card.effects_negated:
        return  # only a face-up monster's effects can be negated
    _negate_card(ctx, src, index, op.get("until"))


def _negate_card(ctx: Context, src: Source, index: int, until: str | None) -> None:
    """Its effects are negated: for good (`until` None), or for a while, ended when the marker ends (`actions`),
    and on leaving the field."""
    card = ctx.card(index)
    write_effects_negated(ctx.state, index, True)
    if until is not None:
        actions.add_lingering(ctx, Lingering(actions.NEGATED_FOR_A_WHILE, src.controller, index, card.instance, until))
    ctx.emit(EventType.EFFECTS_NEGATED, "negate_effects", card=index, player=src.controller)


def _add_to_hand(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Add a card from the Deck, Graveyard or banishment to its owner's hand ("add 1 'Gouki' card from your Deck
    to your hand"): the card the file names, if it is in one of those places and matches the filter; else the one the
    controller picks among those that do (§U.16); or the card it targets in a Graveyard or banished (§U.18)."""
    if op.get("target") is not None:  # the card targeted in a Graveyard or banished (§U.18)
        index = card_for(ctx, src, link, str(op["target"]))
        if index is None or ctx.card(index).location not in (Location.GRAVEYARD, Location.BANISHED):
            return
        actions.move_card(ctx, index, Location.HAND, "effect", detail="added to the hand")
        return
    index = asking.pick_one(ctx, src, op, ("deck",), "the card to add to the hand")
    if index is None or ctx.card(index).owner is not src.controller:
        return
    actions.move_card(ctx, index, Location.HAND, "effect", detail="added to the hand")


def _place_in_pendulum_zone(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """Place a Pendulum Monster in its controller's Pendulum Zone ("place this card in your Pendulum Zone"): a
    Spell & Trap Zone card, face-up (rules spec §U.4), if the card is a Pendulum Monster and a Pendulum Zone is
    free."""
    if op.get("from") is not None and op.get("card") is None:  # "place 1 ... from your Deck" (§U.24): a pick
        pendulum = as_params({**op, "filter": {"all": [{"ability": "pendulum"}, *(
            [op["filter"]] if op.get("filter") else [])]}})
        index = asking.pick_one(ctx, src, pendulum, ("deck",), "the Pendulum Monster to place in the Pendulum Zone")
    else:
        index = ref(ctx, src, op.get("card") or "self")
    if index is None:
        return
    problem = pendulum_zone_problem(ctx, index, src.controller)
    if problem is not None:
        ctx.emit(EventType.LINK_RESOLVED, "pendulum_zone", card=index, detail=problem)
        return
    actions.move_card(ctx, index, Location.SPELL_TRAP_ZONE, "effect", detail="placed in the Pendulum Zone",
                      controller=src.controller)  # fmt: skip


def _unaffected(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"It is unaffected by your opponent's card effects until the end of this turn" (rules spec §U)."""
    index = card_for(ctx, src, link, op["target"])
    if index is None or not ctx.card(index).face_up_on_field:
        return
    eff = Effect("unaffected", EffectKind.CONTINUOUS, params={"by": op["by"]})
    actions.add_lingering(ctx, Lingering(eff, src.controller, index, ctx.card(index).instance,
                                         op.get("until", "end_of_turn")))  # fmt: skip


def _change_attack_target(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"Change the attack target to it" (§U.6)."""
    index = card_for(ctx, src, link, op["target"])
    if index is not None:
        actions.change_attack_target(ctx, index)


def _perform_damage_calculation(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"... and perform damage calculation": in the Battle Step of an attack, the Damage Step is entered while this
    effect resolves, with no window before damage calculation (§U.6; laaners/yugioh_comprehensive_rulebook,
    "Change attack target"). Elsewhere it does nothing."""
    b = ctx.state.battle
    w = ctx.state.window
    if b.under_way and w is not None and w.window is Window.ATTACK_DECLARATION:
        write_battle(ctx.state, b.calculated_at_once())


OPS: Final[dict[str, OpHandler]] = {
    "change_stats": _change_stats,
    "halve_stats": _relative_op("halve"),
    "double_stats": _relative_op("double"),
    "switch_atk_def": _relative_op("switch"),
    "halve_original_stats": _original_op(OriginalOp.HALVE),
    "double_original_stats": _original_op(OriginalOp.DOUBLE),
    "set_original_stats": _original_op(OriginalOp.BECOMES),
    "no_battle_damage_this_battle": _no_battle_damage,
    "original_values_in_damage_calculation": _original_values_in_damage_calculation,
    "indestructible_by_battle_this_turn": _indestructible,
    "negate_activation": _negate_activation,
    "destroy": _destroy,
    "banish": with_return(_move_op(Location.BANISHED)),  # §U.25: for a while, with `returns`
    "return_to_hand": _move_op(Location.HAND),
    "shuffle_into_deck": _shuffle_into_deck,
    "send_to_graveyard": _send_to_graveyard,
    "change_position": _change_position,
    "take_control": _take_control,
    "special_summon": _special_summon,
    "damage": _damage,
    "gain_lp": _gain,
    "draw": _draw,
    "negate_attack": _negate_attack,
    "restrict": _restrict,
    "end_battle_phase": _end_battle_phase,
    "destroy_all": _destroy_all,
    "all_monsters": _all_monsters,
    "equip": _equip,
    "add_counters": _add_counters,
    "negate_effects": _negate_effects,
    "add_to_hand": _add_to_hand,
    "place_in_pendulum_zone": _place_in_pendulum_zone,
    "unaffected": _unaffected,
    "change_attack_target": _change_attack_target,
    "perform_damage_calculation": _perform_damage_calculation,
    **LASTING_OPS,
    **HAND_OPS,
    **TRAP_MONSTER_OPS,
    **CHAIN_LOCK_OPS,
    **LEVEL_OPS,
    **TOKEN_OPS,
    **LOCK_OPS,
    **TRIBUTE_OPS,
    **REDIRECT_OPS,
    **CARD_PIECE_OPS,
    "battle_damage_this_battle": _battle_damage_this_battle,
    "set_spell_trap": set_spell_trap,
    "indestructible_by_effects_this_turn": _indestructible_by_effects_this_turn,
}


def _run(ctx: Context, src: Source, link: ChainLink, does: Sequence[Params]) -> None:
    """Resolve a list of operations an operation contains (a "you can" step, a chosen mode, a coin's side), as an
    effect's own list is resolved (`if_you_do`, `later`: §U.18)."""
    run_ops(ctx, src, link, does, OPS)


OPS.update(asking.asking_ops(_run))  # §U.16: the operations that ask a player, or chance
OPS.update(dice_ops(_run))  # §U.25: dice rolled by both players and compared


def operation(ctx: Context, src: Source, link: ChainLink) -> None:
    """Resolve the `does` list in order; stop if the Duel ends part-way (§2.7). An operation on `targeted` acts on
    each card chosen as a target, in the order chosen (each one checked again as it resolves: `card_for`)."""
    problem = resolution_problem(ctx, src)
    if problem is not None:
        ctx.emit(EventType.LINK_RESOLVED, "effect", card=src.card, detail=f"no effect: {problem} as it resolves")
        return
    run_ops(ctx, src, link, src.effect.params.get("does", ()), OPS)


def _targets_if_any(ctx: Context, src: Source) -> list[tuple[int, ...]]:
    """One choice with no targets for an effect that does not target."""
    if src.effect.params.get("target") is None:
        return [()]
    return targets(ctx, src)


ACTIVATING_TYPES = [
    EffectType(
        kind,
        condition=condition,
        condition_problem=condition_problem,
        targets=_targets_if_any,
        cost_problem=cost_problem,
        pay_cost=pay_cost,
        operation=operation,
        event_card=event_card,
        may_ask=asking.effect_may_ask,
    )
    for kind in ("activated", "trigger", "flip")
]


def _no_damage_hook(ctx: Context, src: Source) -> list[DamageModifier]:
    return [DamageModifier(DamageStage.ZERO, player=Player[src.effect.params["player"]])]


def _this_battle_hook(ctx: Context, src: Source) -> list[DamageModifier]:
    p = src.effect.params
    return [DamageModifier(THIS_BATTLE_CHANGES[str(p["change"])], player=Player[p["player"]])]


def _at_timing(ctx: Context, src: Source) -> None:
    """An action done with no chain as a state begins (`at`: the states, by name; "after damage calculation, this
    increased ATK returns to 0"): the `does` list, as the rules do it, only while `only_if` holds (§U.15)."""
    p = src.effect.params
    if ctx.state.phase.value not in p.get("at", ()):
        return
    if p.get("only_if") is not None and only_if_problem(ctx, src, p["only_if"]) is not None:
        return
    run_ops(ctx, src, ChainLink(src.card, src.index, src.controller, 1), p.get("does", ()), OPS)


def _later(ctx: Context, src: Source) -> None:
    do_later(ctx, src, OPS)


def _yes(ctx: Context, src: Source) -> bool:
    return True


def _indestructible_hook(ctx: Context, src: Source) -> IndestructibleByBattle:
    return IndestructibleByBattle()


LINGERING_TYPES = [
    EffectType("change_stats"),  # read directly by rules.stats.current_stats
    EffectType("effects_negated_for_a_while"),  # a marker: `actions.NEGATED_FOR_A_WHILE`
    EffectType("control_for_a_while"),  # a marker: `actions.CONTROL_FOR_A_WHILE`
    EffectType("no_battle_damage_this_battle", hooks={Hook.BATTLE_DAMAGE: _no_damage_hook}),
    EffectType("indestructible_by_battle_this_turn", hooks={Hook.INDESTRUCTIBLE_BY_BATTLE: _indestructible_hook}),
    EffectType("original_values_in_damage_calculation", hooks={Hook.ORIGINAL_VALUES_IN_DAMAGE_CALCULATION: _yes}),
    EffectType("battle_damage_this_battle", hooks={Hook.BATTLE_DAMAGE: _this_battle_hook}),
    *ACTIVATION_FACT_TYPES,
    *SETTING_TYPES,
]
# Actions with no chain (the format's kind `at_timing`): a continuous kind answering `Hook.AT_TIMING`.
# An action an effect left for later (an operation's `later`): a lingering kind answering `Hook.AT_TIMING` (§U.18).
NO_CHAIN_TYPES = [
    EffectType("at_timing", hooks={Hook.AT_TIMING: _at_timing}, may_ask=asking.effect_may_ask),
    EffectType(LATER_TYPE, hooks={Hook.AT_TIMING: _later}, may_ask=later_may_ask),  # §U.30: it may ask
]

"""The conditions of activated, trigger and FLIP effects of the scenario format: who battles whom (`battle`), the
named conditions (`condition`), the game as it is (`only_if`), the activation it answers (`responds_to`), and
which cards of an event a trigger about other cards answers (rules spec §U.14)."""

from __future__ import annotations

from typing import Final

from engine import actions
from engine.effects import Context, EffectKind, Params, Source, TriggerEvent
from engine.library.event_cards import event_count_problem
from engine.library.filters import describe, matches, matches_card
from engine.library.only_if import only_if_problem as _only_if_keys_problem
from engine.library.refs import read_stat, ref
from engine.rules.arrivals import activated_from, battle_position_changed, came_from, cause_of, origins_named
from engine.rules.last_known import as_it_was, battler_instance
from engine.rules.stats import current_stats
from engine.rules.this_turn import (
    attacked_this_turn,
    battled_this_turn,
    declared_attack_this_turn,
    destroyed_by_battle_this_turn,
    face_up_at_start_this_turn,
    was_attacked_this_turn,
    was_destroyed_by_battle_this_turn,
)
from engine.state import Card, ChainLink
from engine.values.game import DAMAGE_STEP_PHASES, CardType, Location, Position, is_on_field, opponent_of

_TYPE_WORD: Final = {CardType.SPELL: "spell", CardType.TRAP: "trap", CardType.COUNTER_TRAP: "trap"}


def battler(ctx: Context, index: int | None) -> Card | None:
    """A battling monster as it was in this battle (§R.2: the card itself while it is still that monster on the
    field, as it left the field otherwise); None if it is not one, or never was on the field."""
    if index is None or index < 0:
        return None
    card = as_it_was(ctx, index, battler_instance(ctx, index))
    return card if card is not None and card.location is Location.MONSTER_ZONE else None


def battle_problem(ctx: Context, src: Source, cond: Params) -> str | None:
    """Why who battles whom is not as the `battle` parameter asks (None if it is): "if a LIGHT monster you
    control battles" (`own_monster`), "... battles an opponent's LIGHT monster" (`opponent_monster`), "if this
    card battles" (`self`). A monster battles from the start of the Damage Step; one attacking directly battles
    no monster. A battler that has left the field since is read as it was (§R.2: "if this card destroyed a LIGHT
    monster by battle", asked when it is in the Graveyard)."""
    b = ctx.state.battle
    if not b.attacked and not (cond.get("at_declaration") and b.under_way):
        return "no monster is battling yet"  # (with `at_declaration`, the attack's monsters count from its declaration)
    me = src.controller.name
    own = next((i for i in (b.attacker, b.target) if (c := battler(ctx, i)) and c.controller is src.controller), None)
    if cond.get("of") is not None:  # another card's battle: "if the equipped monster / that monster battles"
        own = ref(ctx, src, str(cond["of"]))
        if own is None or own not in (b.attacker, b.target):
            return "that monster is not battling"
    if cond.get("other_than_self") and own is not None and own == src.card:
        return f"it is {ctx.card(src.card).name} itself that battles, not another monster"
    if cond.get("self") and src.host not in (b.attacker, b.target):
        return f"{ctx.card(src.host).name} is not battling"
    fate = battle_fate_problem(ctx, own, cond)
    if fate is not None:
        return fate
    flt = cond.get("own_monster")
    own_card = battler(ctx, own)
    if flt is not None and own_card is None:
        return f"no monster {me} controls is battling"
    if flt is not None and own_card is not None and not matches_card(own_card, flt):
        return f"{me}'s battling monster {own_card.name} is not {describe(flt)}"
    compare = cond.get("opponent_atk")
    if compare is not None:
        rival = ctx.battling_opponent(own) if own is not None else None
        if own is None or rival is None:
            return "it battles no monster of the opponent"
        theirs = current_stats(ctx, rival)[0]
        mine_atk = current_stats(ctx, own)[1 if cond.get("compare_to") == "def" else 0]
        holds = {"higher": theirs > mine_atk, "lower": theirs < mine_atk, "equal": theirs == mine_atk,
                 "equal_or_higher": theirs >= mine_atk, "equal_or_lower": theirs <= mine_atk}[compare]  # fmt: skip
        if not holds:
            what = "DEF" if cond.get("compare_to") == "def" else "ATK"
            return f"the monster it battles has {theirs} ATK, not {compare.replace('_', ' ')} than {what} {mine_atk}"
    compare = cond.get("opponent_level")
    if compare is not None:
        problem = level_compare_problem(ctx, own, str(compare))
        if problem is not None:
            return problem
    flt = cond.get("opponent_monster")
    if flt is not None:
        mine = src.host if cond.get("self") and cond.get("of") is None else own
        foe = battler(ctx, ctx.battling_opponent(mine) if mine is not None else None)
        if foe is None:
            return "it battles no monster of the opponent"
        if not matches_card(foe, flt):
            return f"the monster it battles, {foe.name}, is not {describe(flt)}"
    return None



def level_compare_problem(ctx: Context, own: int | None, compare: str) -> str | None:
    """`opponent_level`: the face-up monster `own` battles has a higher (lower, the same...) Level than `own` ("when
    this card battles a monster with an equal or lower Level": Predaplant Flytrap, ProjectIgnis/CardScripts c96622984
    `tc:IsFaceup() and tc:IsLevelBelow(c:GetLevel())`; rules spec §U.26). A monster with no Level (an Xyz or Link
    Monster, a face-down one) has none to compare: it never holds."""
    rival = ctx.battling_opponent(own) if own is not None else None
    if own is None or rival is None:
        return "it battles no monster of the opponent"
    theirs, mine = read_stat(ctx, rival, "level"), read_stat(ctx, own, "level")
    if not theirs or not mine:
        return "a monster of this battle shows no Level"
    holds = {"higher": theirs > mine, "lower": theirs < mine, "equal": theirs == mine,
             "equal_or_higher": theirs >= mine, "equal_or_lower": theirs <= mine}[compare]  # fmt: skip
    if not holds:
        return f"the monster it battles is Level {theirs}, not {compare.replace('_', ' ')} than Level {mine}"
    return None


def battle_fate_problem(ctx: Context, mine: int | None, cond: Params) -> str | None:
    """`opponent_destroyed` (true / false): whether the monster `mine` battles was determined destroyed by the battle
    ("if it destroys that monster by battle" / "if the monster it battled was not destroyed"), read after damage
    calculation."""
    wanted = cond.get("opponent_destroyed")
    if wanted is None:
        return None
    b = ctx.state.battle
    foe = ctx.battling_opponent(mine) if mine is not None else None
    if not b.battled or foe is None:
        return "no damage calculation of a battle between two monsters has been performed"
    if (foe in b.destroyed) is not bool(wanted):
        return f"the monster it battled was {'not ' if wanted else ''}destroyed by the battle"
    return None


def sends_to_graveyard_by_battle(ctx: Context, me: int) -> bool:
    """"When this card destroys a monster by battle and sends it to the Graveyard": the monster it battled was
    determined destroyed by the battle and went to the Graveyard (not banished instead), where it still is as the
    card that left the field (a card that moved again is a new card); and this card is still on the field, not
    destroyed by the same battle (ProjectIgnis/CardScripts c35809262: `c:IsRelateToBattle() and
    bc:IsLocation(LOCATION_GRAVE)`; rules spec §U.19)."""
    b = ctx.state.battle
    foe = ctx.battling_opponent(me)
    if foe is None or foe not in b.destroyed or me in b.destroyed or not is_on_field(ctx.card(me).location):
        return False
    card = ctx.card(foe)
    return card.location is Location.GRAVEYARD and (foe, card.instance - 1) in ctx.state.last_known


def destroyed_by_opponent(ctx: Context, src: Source, attack_only: bool) -> bool:
    """"If this card in your possession is destroyed by your opponent's card (by battle or by card effect)" /
    "... by your opponent's attack or card effect" (`attack_only`: by battle only when the opponent attacked):
    destroyed by battle in this battle, or by a card effect of the opponent of the player who controlled it then
    (§U.15)."""
    card = ctx.card(src.card)
    known = ctx.state.last_known.get((src.card, card.instance - 1))
    if known is None or known.card.controller is not card.owner:
        return False  # not destroyed from the field, or not in its owner's possession then
    foe = opponent_of(card.owner)
    b = ctx.state.battle
    if src.card in b.sent:
        return not attack_only or b.attacker_controller is foe
    return card.details.destroyed_by is foe


def _condition(ctx: Context, src: Source, name: str) -> bool:
    b = ctx.state.battle
    me = src.host
    # "If this card attacked / battled": in a Damage Step, this battle; anywhere else in the turn, the turn (§BP.11)
    in_damage_step = ctx.state.rules_phase in DAMAGE_STEP_PHASES
    if name == "this_card_battled":
        return b.battled and me in (b.attacker, b.target) if in_damage_step else battled_this_turn(ctx.state, me)
    if name == "this_card_attacked":
        return b.attacked and me == b.attacker if in_damage_step else attacked_this_turn(ctx.state, me)
    if name == "this_card_was_attacked":
        return b.attacked and me == b.target if in_damage_step else was_attacked_this_turn(ctx.state, me)
    if name == "this_card_attacked_or_was_attacked":  # "if this card attacked or was attacked" (§U.26)
        if in_damage_step:
            return b.attacked and me in (b.attacker, b.target)
        return attacked_this_turn(ctx.state, me) or was_attacked_this_turn(ctx.state, me)
    if name == "was_flipped_face_up":  # "after this card has been flipped face-up" (§U.26), as it was on the field
        card = ctx.card(src.card)
        known = None if is_on_field(card.location) else ctx.state.last_known.get((src.card, card.instance - 1))
        return (known.card if known is not None else card).details.flipped
    if name == "this_card_declared_attack":
        return declared_attack_this_turn(ctx.state, me)
    if name == "this_card_did_not_declare_attack":
        return not declared_attack_this_turn(ctx.state, me)
    if name == "attacking_defense_position":  # the target as it was (§R.2): in the Graveyard by the end of the step
        target = battler(ctx, b.target)
        return me == b.attacker and target is not None and target.position is not None and target.position.is_defense
    if name == "destroyed_by_this_battle":  # "if this card is destroyed by battle, after damage calculation" (§U.27)
        return me in b.destroyed
    if name == "destroys_battling_opponent":  # the monster it battles is determined destroyed by battle (§R.5)
        foe = ctx.battling_opponent(me)
        return foe is not None and foe in b.destroyed
    if name == "sends_battling_opponent_to_graveyard":  # "destroys a monster by battle and sends it to the GY"
        return sends_to_graveyard_by_battle(ctx, me)
    if name == "battling_opponent_not_destroyed":  # it battled a monster that was not destroyed by the battle
        foe = ctx.battling_opponent(me)
        return b.battled and foe is not None and foe not in b.destroyed
    if name == "sent_from_field":  # "if this card is sent from the field to the GY": it was on the field just now
        return (src.card, ctx.card(src.card).instance - 1) in ctx.state.last_known
    if name in ("destroyed_by_opponent", "destroyed_by_opponent_attack"):
        return destroyed_by_opponent(ctx, src, attack_only=name == "destroyed_by_opponent_attack")
    if name == "equip_card":  # "the equipped monster ...": this card is an Equip Card now (a monster too, §C.3)
        card = ctx.card(src.card)
        return card.location is Location.SPELL_TRAP_ZONE and card.equipped_to is not None
    if name == "destroyed_by_effect":  # "if this card is destroyed by a card effect" (§U.18): not by this battle
        return src.card not in b.sent and ctx.card(src.card).details.destroyed_by is not None
    if name == "sent_from_monster_zone":  # "if this card is sent from the Monster Zone to the GY" (§U.18)
        known = ctx.state.last_known.get((src.card, ctx.card(src.card).instance - 1))
        return known is not None and known.card.location is Location.MONSTER_ZONE
    if name == "was_face_up_at_start":  # "if it was face-up at the start of the Damage Step"
        if not in_damage_step:  # read after the battle: in this turn's battle it fought (§U.25)
            return face_up_at_start_this_turn(ctx.state, me)
        start = b.attacker_position_at_start if me == b.attacker else b.target_position_at_start
        return me in (b.attacker, b.target) and start is not None and start is not Position.SET
    if name == "not_destroyed_by_own_effect":  # "When this card is destroyed, except by its own effect" (§U.25)
        return ctx.card(src.card).details.destroyed_by_card != src.card
    if name == "attacked_in_attack_position":  # "when this face-up Attack Position card is attacked" (§U.25)
        chosen = b.target_position_chosen if b.target_position_chosen is not None else b.target_position_at_start
        return me == b.target and b.attacked and chosen is Position.ATTACK
    if name == "destroyed_by_battle_this_turn":  # "if this card was destroyed by battle and sent to the GY this turn"
        return was_destroyed_by_battle_this_turn(ctx.state, src.card)
    if name == "destroyed_a_monster_by_battle_this_turn":  # "if this card destroyed any monster(s) by battle" (§U.23)
        return destroyed_by_battle_this_turn(ctx.state, me)
    if name == "was_attack_position_at_start":  # "was in face-up Attack Position at the start of the Damage Step"
        start = b.attacker_position_at_start if me == b.attacker else b.target_position_at_start
        return me in (b.attacker, b.target) and start is Position.ATTACK
    if name == "sent_from_attack_position":  # "when this Attack Position card is destroyed": as it left the field
        known = ctx.state.last_known.get((src.card, ctx.card(src.card).instance - 1))
        return known is not None and known.card.location is Location.MONSTER_ZONE and \
            known.card.position is Position.ATTACK
    if name == "opponent_monster_destroyed_by_battle_and_sent":  # "if an opponent's monster is destroyed by this
        # battle and sent to the GY" (§U.24; CS c88093706: in the GY, not previously controlled by this player)
        return any(ctx.card(i).location is Location.GRAVEYARD and (known := ctx.state.last_known.get(
            (i, ctx.card(i).instance - 1))) is not None and known.card.controller is not src.controller
            for i in b.destroyed)  # fmt: skip
    if name == "opponent_turn":
        return ctx.state.turn_player is not src.controller
    if name == "would_take_battle_damage":  # "when you would take battle damage" (§U.12)
        return actions.battle_damage_preview(ctx, src.controller) > 0
    if name == "attacking_face_down":
        return me == b.attacker and b.target_position_at_start is Position.SET
    if name == "was_face_down_at_start":
        start = b.attacker_position_at_start if me == b.attacker else b.target_position_at_start
        return me in (b.attacker, b.target) and start is Position.SET
    # Who declared the attack, and how (§BP.9): "when an opponent's monster declares an attack", "... a direct attack"
    if name == "opponent_attacks":
        return b.under_way and b.attacker_controller is opponent_of(src.controller)
    if name == "own_monster_attacks":
        return b.under_way and b.attacker_controller is src.controller
    if name == "direct_attack":
        return b.under_way and b.target is None
    if name == "battles_opponent_monster":  # "if this card battles an opponent's monster": not a direct attack (§U.29)
        other = ctx.battling_opponent(me)
        return other is not None and other >= 0 and ctx.card(other).controller is not src.controller
    if name == "this_card_declares_attack":
        return b.under_way and me == b.attacker
    raise ValueError(f"unknown condition {name!r}")


def named_condition(ctx: Context, src: Source, name: str) -> bool:
    """One of the format's named conditions (`condition`, an operation's `if_condition`), read now."""
    return _condition(ctx, src, name)


def responds_to_problem(ctx: Context, src: Source, answers: Params) -> str | None:
    """Why the chain link this effect would be chained to is not the activation it answers (`responds_to`: "When
    your opponent activates a Spell/Trap Card"), None if it is. A Spell/Trap's activated effect is its card's
    activation unless it says `activates_card: false`; a trigger never is."""
    w = ctx.state.window
    if w is None or not w.chain:
        return "it answers an activation, and none is on the chain"
    link = w.chain[-1]
    card = ctx.card(link.card)
    who = answers.get("player", "either")
    if who != "either" and (link.player is src.controller) != (who == "controller"):
        mine = "its own player" if who == "controller" else "the opponent"
        return f"it answers an activation by {mine}, and {card.name} was activated by {link.player.name}"
    kinds = answers.get("card_type")
    kind = "monster" if card.is_monster else _TYPE_WORD.get(card.card_type, "trap")
    if kinds is not None and kind not in kinds:
        return f"it answers the activation of a {' or '.join(kinds)} card's effect, and {card.name} is a {kind}"
    places = answers.get("from")
    if places is not None and link.activated_from not in origins_named(places):
        where = link.activated_from.replace("_", " ") or "nowhere known"
        return f"it answers an activation in the {' or '.join(places)}, and {card.name} was activated from the {where}"
    flt = answers.get("filter")
    if flt is not None and not matches_card(card, flt):
        return f"it answers the activation of {describe(flt)}, and {card.name} is not one"
    if answers.get("card_activation") and not is_card_activation(ctx, link):
        return f"it answers the activation of a Spell/Trap Card, and {card.name}'s is an effect's activation"
    if answers.get("targets_only_this") and link.targets != (src.card,):
        return f"it answers an activation that targets {ctx.card(src.card).name} and no other card"
    return None


def is_card_activation(ctx: Context, link: ChainLink) -> bool:
    """Is this chain link the activation of a Spell/Trap Card itself (its activated effect, unless it says
    `activates_card: false`), not a trigger, a monster's effect or an effect of a face-up card?"""
    card = ctx.card(link.card)
    eff = card.effects[link.effect]
    return not (card.is_monster or link.trigger or eff.kind is not EffectKind.ACTIVATED
                or not eff.params.get("activates_card", True))  # fmt: skip


def negated_card_activation(ctx: Context, index: int) -> bool:
    """"If the activation of a Spell/Trap Card is negated" (§U.27): a negated link of the open window is this card's
    activation as a card."""
    w = ctx.state.window
    return w is not None and any(
        0 <= k < len(w.chain) and w.chain[k].card == index and is_card_activation(ctx, w.chain[k])
        for k in w.negated_links
    )


def condition(ctx: Context, src: Source) -> bool:
    conds = src.effect.params.get("condition") or ()
    if isinstance(conds, str):
        conds = (conds,)
    answers = src.effect.params.get("responds_to")
    if answers is not None and responds_to_problem(ctx, src, answers) is not None:
        return False
    battle = src.effect.params.get("battle")
    if battle is not None and battle_problem(ctx, src, battle) is not None:
        return False
    only_if = src.effect.params.get("only_if")
    if only_if is not None and only_if_problem(ctx, src, only_if) is not None:
        return False
    count = src.effect.params.get("event_count")
    if count is not None and event_count_problem(ctx, src, count) is not None:
        return False
    return all(_condition(ctx, src, c) for c in conds)


def condition_problem(ctx: Context, src: Source) -> str | None:
    """The failing part of the condition, in the card's words, where it can be said."""
    answers = src.effect.params.get("responds_to")
    if answers is not None and (problem := responds_to_problem(ctx, src, answers)) is not None:
        return problem
    battle = src.effect.params.get("battle")
    problem = battle_problem(ctx, src, battle) if battle is not None else None
    count = src.effect.params.get("event_count")
    if problem is None and count is not None:
        problem = event_count_problem(ctx, src, count)
    only_if = src.effect.params.get("only_if")
    return problem if problem is not None or only_if is None else only_if_problem(ctx, src, only_if)


# The named conditions that read the battling monsters' ATK/DEF (the battle damage that would be taken): an ATK/DEF
# change gated by one would read itself (§U.1), so under `plain` such a condition does not hold (§U.18).
READS_BATTLE_VALUES: Final = frozenset({"would_take_battle_damage"})


def only_if_problem(ctx: Context, src: Source, cond: Params, *, plain: bool = False) -> str | None:
    """Why `only_if` does not hold now (None if it holds): its keys (`engine.library.only_if`), and `condition`, a
    trigger's named conditions read now ("attacking_face_down", §U.18)."""
    problem = _only_if_keys_problem(ctx, src, cond, plain=plain)
    named = cond.get("condition")
    if problem is not None or named is None:
        return problem
    for name in (named,) if isinstance(named, str) else named:
        if plain and name in READS_BATTLE_VALUES:  # (reading it would compute the very change it gates: §U.18)
            return f"{str(name).replace('_', ' ')} is not read by an ATK/DEF change"
        if not _condition(ctx, src, str(name)):
            return f"not {str(name).replace('_', ' ')}"
    return None


def resolution_problem(ctx: Context, src: Source) -> str | None:
    """With `to_resolve` ("... to activate and to resolve this effect"), why its `battle` and `only_if` conditions no
    longer hold as it resolves (None if they hold, or if it has no such requirement): it then resolves with no
    effect (rules spec §U.18)."""
    p = src.effect.params
    if not p.get("to_resolve"):
        return None
    battle = p.get("battle")
    problem = battle_problem(ctx, src, battle) if battle is not None else None
    only_if = p.get("only_if")
    return problem if problem is not None or only_if is None else only_if_problem(ctx, src, only_if)


def event_card(ctx: Context, src: Source, index: int) -> bool:
    """A trigger about other cards (§U.14): whether this card of its event is one it answers: `event_filter` ("a
    WIND monster"), read as the card was on the field if it has just left it (§R.2), and `destroyed_by` ("destroyed
    by a card effect": one not destroyed by battle in this battle; "by battle": one that was)."""
    p = src.effect.params
    flt = p.get("event_filter")
    if flt is not None:
        card = ctx.card(index)
        known = ctx.state.last_known.get((index, card.instance - 1))
        if not (matches_card(known.card, flt) if known is not None and not is_on_field(card.location)
                else matches(ctx, index, flt)):  # fmt: skip
            return False
    if p.get("card_activation") and not negated_card_activation(ctx, index):
        return False
    by = p.get("destroyed_by")
    if by is not None and (index in ctx.state.battle.sent) is not (by == "battle"):
        return False
    return event_carries(ctx, src, index, p)


def event_carries(ctx: Context, src: Source, index: int, p: Params) -> bool:
    """What the event of this card carries, as the trigger asks (rules spec §U.24): where the card came from
    (`event_from`: "Special Summoned from the GY"), whose card effect moved it and what that card was (`caused_by`:
    "destroyed by a Spell effect", "Special Summoned by the effect of an 'Evoltile' monster", "because of an
    opponent's card effect"), and whether its battle position changed (`position_change: battle_position`)."""
    card = ctx.card(index)
    places = p.get("event_from")
    if places is not None and src.effect.event is TriggerEvent.EFFECT_ACTIVATED:  # where it was activated
        if activated_from(ctx, index) not in origins_named(places):
            return False
    elif places is not None and not came_from(card, places):
        return False
    cause = p.get("caused_by")
    if cause is not None:
        found = cause_of(card)
        if found is None:
            return False
        who = str(cause.get("player", "any"))
        if who != "any" and (found[0] is src.controller) is not (who == "own"):
            return False
        flt = cause.get("filter")
        if flt is not None and not matches_card(found[1], flt):
            return False
    return p.get("position_change") != "battle_position" or battle_position_changed(card)

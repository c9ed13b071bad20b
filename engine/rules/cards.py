"""Cards as cards (rules spec §C): which Spells and Traps stay on the field once activated, what may be
activated again, Equip Cards and what they need, and how often an effect may be used.

Sources: the official rulebook pp. 29, 31, 51 and the OCG Perfect Rulebook 2017 pp. 117-125, 171-172, 176-177,
as compiled in laaners/yugioh_comprehensive_rulebook (sections "Continuous Spell Cards", "Equip Spell Cards",
"Continuous Trap Cards", "Counters", "Text that specifies 'once per turn'").
"""

from __future__ import annotations

from typing import Any, Final

from engine.effects import Context, Effect, EffectKind, Source
from engine.state import Card, ChainLink
from engine.values.game import CardType, Location, OncePerTurn, Player, Position, Property, holds_spells_traps

# Properties whose cards remain on the field once activated (§C.1).
STAYING: Final = frozenset({Property.CONTINUOUS, Property.EQUIP, Property.FIELD})


def stays_on_field(card: Card, link: ChainLink, negated: bool) -> bool:
    """§C.1: once its activation has resolved, a Continuous or Field Spell/Trap stays face-up on the field, and
    an Equip Card stays while it equips a monster; a Normal, Quick-Play or Ritual Spell, a Normal or Counter Trap
    goes to the Graveyard, as does any card whose activation was negated ("If the activation of an Equip Spell is
    negated, it is not equipped"). The effect of a face-up card (not its activation) moves nothing."""
    if card.card_type is CardType.MONSTER or not holds_spells_traps(card.location) or link.trigger:
        return True
    if not card.effects[link.effect].activates_card:
        return True
    if negated:
        return False
    if card.equipped_to is not None:
        return True
    return card.card_property is not Property.EQUIP and card.card_property in STAYING


def already_activated_problem(card: Card, eff: Effect) -> str | None:
    """§C.2: a Spell/Trap Card is activated once: face-up on the field it is not activated again (its other
    effects are separate effects, `Effect.activates_card` False, activated only while it is face-up there)."""
    if eff.kind is not EffectKind.ACTIVATED:
        return None
    if card.details.trap_monster:  # a Trap Card on the field as a monster (§U.27): its activation is done
        if eff.activates_card:
            return f"{card.name} is a Trap Card on the field as a monster: it is not activated again"
        return None
    if card.card_type is CardType.MONSTER:
        return None
    face_up = holds_spells_traps(card.location) and not card.face_down
    if eff.activates_card:
        if face_up:
            return f"{card.name} is already face-up on the field: a Spell/Trap Card is activated only once"
        return None
    if not face_up:
        return f"this is an effect of the face-up {card.name}: it is activated only while the card is face-up"
    return None


def set_this_turn_problem(card: Card, eff: Effect, turn: int) -> str | None:
    """A Trap Card, or a Quick-Play Spell Card, Set this turn is not activated this turn (official rulebook, "Trap
    Cards", "Quick-Play Spell Cards"; rules spec §U.23). Only a card an effect Set during the run is known to be."""
    if card.details.set_turn != turn or not card.face_down or eff.kind is not EffectKind.ACTIVATED:
        return None
    if not eff.activates_card or not holds_spells_traps(card.location):
        return None
    if card.card_type in (CardType.TRAP, CardType.COUNTER_TRAP):
        return f"{card.name} was Set this turn: a Trap Card is not activated the turn it is Set"
    if card.card_type is CardType.SPELL and card.card_property is Property.QUICK_PLAY:
        return f"{card.name} was Set this turn: a Quick-Play Spell Card is not activated the turn it is Set"
    return None


def equip_problem(ctx: Context, index: int) -> str | None:
    """§C.3: an Equip Card stays only while the monster it equips is face-up in a Monster Zone (and still the
    monster it equipped); otherwise it is destroyed (not by a card effect)."""
    card = ctx.card(index)
    if card.equipped_to is None or card.location is not Location.SPELL_TRAP_ZONE:
        return None
    host = ctx.card(card.equipped_to)
    if host.location is not Location.MONSTER_ZONE:
        return f"the monster {card.name} equipped ({host.name}) left the field"
    if host.position is Position.SET:
        return f"the monster {card.name} equips ({host.name}) was turned face-down"
    return None


def once_per_turn_key(ctx: Context, src: Source) -> tuple[Any, ...] | None:
    """§C.4: what a once-per-turn effect's use is counted by: a soft "once per turn" by the card as it is now
    (its index, its instance, the effect: a card that left the field and came back, or was turned face-down, is
    a new card, though a change of control is not); a hard "you can only use this effect of <name> once per turn"
    by its player and the card's name (the effect's place on the card); "once while this card is face-up on the
    field" by the card as it is now, as a soft one, but kept when the turn ends (`face_up`)."""
    how = src.effect.once_per_turn
    if how is OncePerTurn.UNLIMITED:
        return None
    card = ctx.card(src.card)
    # Effects of one card that share their count ("you can use this effect ... up to twice per turn" written as two
    # triggers of one effect) give the same `once_per_turn_group` (§U.24); else each effect counts alone
    slot = src.effect.params.get("once_per_turn_group", src.index)
    if how is OncePerTurn.SOFT:
        return ("soft", src.card, card.instance, slot)
    if how is OncePerTurn.WHILE_FACE_UP:
        return ("face_up", src.card, card.instance, slot)
    if how is OncePerTurn.BATTLE:  # "once per battle": the battle is the attack declared last (§U.24)
        return ("soft", src.card, card.instance, slot, len(ctx.state.battles), ctx.state.battle.attacker)
    if how is OncePerTurn.NAME:  # "you can only activate 1 <name> per turn": any of its effects (§U.27)
        return ("name", src.controller.value, card.name)
    return ("hard", src.controller.value, card.name, slot)


def once_per_turn_problem(ctx: Context, src: Source) -> str | None:
    """§C.4: an effect activated once this turn is not activated again (an activation counts once made, even if
    it was negated or did nothing)."""
    key = once_per_turn_key(ctx, src)
    if key is None or key not in ctx.state.used_once:
        return None
    uses = int(src.effect.params.get("uses_per_turn") or 1)  # "up to twice per turn" (§U.24)
    if uses > 1 and ctx.state.used_once.count(key) < uses:
        return None
    name = ctx.card(src.card).name
    if key[0] == "soft" and len(key) > 4:
        return f"{name}'s effect can be used once per battle, and this card has used it in this battle"
    if key[0] == "soft":
        return f"{name}'s effect can be used once per turn, and this card has used it this turn"
    if key[0] == "face_up":
        return f"{name}'s effect can be used only once while it is face-up on the field, and it has been used"
    if key[0] == "name":
        return f"only 1 {name} can be activated (used) per turn, and one has been this turn"
    return f"the effect of {name} can be used only once per turn, and it has been used this turn"


def counters_problem(card: Card, count: int) -> str | None:
    """§C.5: counters can be removed as a cost only from a card that has that many."""
    if card.counters < count:
        return f"{card.name} has {card.counters} counter(s), not {count}"
    return None


def left_field_problem(card: Card, link: ChainLink) -> str | None:
    """§C.2: the effect of a face-up Spell/Trap (not its activation) does not resolve if the card has left the
    field, or been turned face-down, before it resolves."""
    eff = card.effects[link.effect]
    if card.card_type is CardType.MONSTER or eff.activate_from is not Location.MONSTER_ZONE:
        return None
    if eff.kind is EffectKind.ACTIVATED and eff.activates_card:
        return None
    if holds_spells_traps(card.location) and not card.face_down:
        return None
    return f"{card.name} is no longer face-up on the field"


PENDULUM_ZONES: Final = 2  # a player's Pendulum Zones (Master Rule 5: the two ends of the Spell & Trap Zones)


def pendulum_zone_problem(ctx: Context, index: int, player: Player) -> str | None:
    """Why this card cannot be placed in `player`'s Pendulum Zone now (rules spec §U.4), or None: only a Pendulum
    Monster can, and only into a free Pendulum Zone (a Pendulum Monster face-up in a Spell & Trap Zone holds one)."""
    card = ctx.card(index)
    if not card.is_monster or not card.pendulum:
        return f"{card.name} is not a Pendulum Monster"
    if card.location is Location.SPELL_TRAP_ZONE:
        return f"{card.name} is already in a Spell & Trap Zone"
    held = sum(
        1
        for c in ctx.state.cards
        if c.location is Location.SPELL_TRAP_ZONE and c.controller is player and c.is_monster and c.equipped_to is None
    )
    if held >= PENDULUM_ZONES:
        return f"{player.name}'s Pendulum Zones are both occupied"
    return None

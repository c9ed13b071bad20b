"""Destruction by battle (§2.5): which monsters that would be destroyed actually are.

A monster that would be destroyed by battle is not if it cannot be destroyed by battle, or if its controller
applies a replacement effect ("if this card would be destroyed by battle, you can <do X> instead"). A
replacement is not activated: no chain, nothing to respond to; it is chosen when the destruction is determined at
damage calculation and carried out then (§1.5(b)4, DS-037), and the monster is not "destroyed by battle" (no
destroyed-by-battle or destroys-by-battle trigger, §2.5)."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, DestructionReplacement, Hook, IndestructibleByBattle, Source, Untargetable
from engine.values.events import EventType

# The rules of destructions that are by a card effect (a replacement "if it would be destroyed by a card effect"
# applies to them; not to the rules' own, such as an Equip Card whose monster left, §C.3); of these, a card's own.
SELF_DESTRUCTION: Final = frozenset({"self_destroy_deferred", "destroyed_after_targeted"})  # (§U.15, §U.29)
CARD_EFFECT_DESTRUCTION: Final = frozenset({"effect", *SELF_DESTRUCTION})


def battle_indestructibility(ctx: Context, index: int) -> tuple[tuple[int, int], ...] | None:
    """Whether this monster, which would be destroyed by battle, cannot be (§2.5, §R.1): None if no protection
    applies; `()` if one without a count does (then no "N times per turn" protection is used up: the monster would
    not have been destroyed anyway); otherwise the (card, effect) key of every "N times per turn" protection with a
    use left, all of which this battle uses up together."""
    asked = ctx.ask(Hook.INDESTRUCTIBLE_BY_BATTLE)
    if not asked:
        return None  # (most battles: nothing protects it, and no list is made to say so)
    counted = []
    used = ctx.state.indestructible_used
    for src, answer in asked:
        if not isinstance(answer, IndestructibleByBattle):
            continue
        if (src.host != index) if answer.cards is None else (index not in answer.cards):
            continue
        if answer.times_per_turn is None:
            return ()
        key = (src.card, src.index)
        if used.get(key, 0) < answer.times_per_turn:
            counted.append(key)
    return tuple(counted) if counted else None


def negated_by_destroyer(ctx: Context, index: int) -> bool:
    """Whether this monster, determined destroyed by battle, has its effects negated from now on because the
    monster that destroyed it is one an effect names (§R.5: Dark Ruler Ha Des, "negate the effects of monsters
    destroyed by battle with Fiend monsters you control"; lucays/OCG-Rule-documentation 战斗阶段流程.rst L759,
    L933: from the moment it is determined destroyed, in the Graveyard too, even after Ha Des has left)."""
    destroyer = ctx.battling_opponent(index)
    if destroyer is None:
        return False
    return any(destroyer in monsters for _src, monsters in ctx.ask(Hook.NEGATES_BATTLE_VICTIMS))


def battle_destruction_replacement(ctx: Context, index: int, before_battle_damage: bool = False) -> Source | None:
    """The replacement effect applied to this monster, which would be destroyed by battle, or None: the first
    (turn player's first) whose controller chooses to use it and can carry out what it does instead in full.
    Asked twice: before battle damage for those decided then (§R.5: Number 102: Star Seraph Sentry), after it
    for the others (§1.5(b)4; Vampire Grimson's LP, Konami OCG FAQ 21780)."""
    for src, answer in ctx.ask(Hook.BATTLE_DESTRUCTION_REPLACEMENT):
        if not isinstance(answer, DestructionReplacement) or index not in answer.protects or not answer.use:
            continue
        if answer.before_battle_damage is not before_battle_damage or not answer.by_battle:
            continue
        problem = ctx.registry[src.effect.type].cost_problem
        if problem is None or problem(ctx, src) is None:
            return src
    return None


def indestructible_by_effect(ctx: Context, index: int, by: Source | None) -> bool:
    """Whether the card effect `by` cannot destroy this card ("cannot be destroyed by card effects"; "... by your
    opponent's card effects": Blue-Eyes Chaos MAX Dragon; §U.9). Not unaffected: the effect still applies to it
    otherwise, and it may be targeted. With no effect known (`by` None), only a protection from every effect
    applies. Asked by `actions.destroy`, the one path every destruction by a card effect takes."""
    for who, answer in ctx.ask(Hook.INDESTRUCTIBLE_BY_EFFECTS):
        if not isinstance(answer, Untargetable) or index not in answer.cards:
            continue
        if answer.by == "effects" or (by is not None and by.controller is not who.controller):
            return True
    return False


def effect_destruction_replacement(ctx: Context, index: int) -> Source | None:
    """The replacement applied to this card, which a card effect would destroy (§U.10: "if it would be destroyed by a
    card effect, you can destroy this card instead"), or None: the first (turn player's first) whose controller
    uses it and can do in full what it does instead."""
    for src, answer in ctx.ask(Hook.BATTLE_DESTRUCTION_REPLACEMENT):
        if not isinstance(answer, DestructionReplacement) or not answer.by_effect or not answer.use:
            continue
        if index not in answer.protects:
            continue
        problem = ctx.registry[src.effect.type].cost_problem
        if problem is None or problem(ctx, src) is None:
            return src
    return None


def replace_battle_destruction(ctx: Context, src: Source, index: int) -> None:
    """The monster is not destroyed; what the replacement does instead is done now."""
    ctx.emit(
        EventType.NOT_DESTROYED,
        "destruction_replacement",
        card=index,
        player=src.controller,
        detail=f"{ctx.card(src.card).name}'s effect applies instead",
    )
    pay = ctx.registry[src.effect.type].pay_cost
    if pay is not None:
        pay(ctx, src)


"""Checks made whenever the game settles: after each chain link and each automatic step, and wherever a unit of
work that changes the field ends without one: a Damage Step over, the Battle Phase over, `Duel.end_turn` (after
the End Phase's effects, and once the turn has ended).

These are the "state-based" rules: a re-Set attack target is flipped back at once (§1.4),
continuous self-destruction applies unless deferred by the flip (§1.4, §1.6), an Equip Card
whose monster is gone is destroyed (§C.3), and a player at 0 LP loses immediately (§2.7).
"""

from __future__ import annotations

from typing import Final

from engine import actions
from engine.effects import Context, Effect, EffectKind, Hook, Lingering
from engine.rules.cards import equip_problem
from engine.state import ChainLink
from engine.values.game import Location, Phase, Position, is_on_field

# From the flip of the attack target until damage calculation is complete.
REFLIP_PHASES: Final = frozenset(
    {
        Phase.FLIP,
        Phase.BEFORE_DAMAGE_CALCULATION,
        Phase.DURING_DAMAGE_CALCULATION,
        Phase.PERFORM_DAMAGE_CALCULATION,
    }
)


def reflip_set_target(ctx: Context) -> None:
    """§1.4: an attack target Set again before damage calculation is flipped face-up at once."""
    s = ctx.state
    b = s.battle
    if s.phase not in REFLIP_PHASES or b.target is None:
        return
    tgt = ctx.card(b.target)
    if tgt.location is Location.MONSTER_ZONE and tgt.instance == b.target_instance and tgt.position is Position.SET:
        actions.flip_face_up(ctx, b.target, "reflip_set_target")


# The marker a card carries once a card effect that targets it has resolved, while its destruction by its own effect
# waits for the next check (rules spec §U.29: after damage calculation, in the Damage Step).
TARGETED_AND_RESOLVED: Final = Effect("targeted_and_resolved", EffectKind.CONTINUOUS)


def self_destruction(ctx: Context) -> None:
    """Continuous "destroy this card unless..." effects, unless deferred during the battle."""
    if ctx.state.self_destroy_deferred:
        return
    for src, destroy_now in ctx.ask(Hook.SELF_DESTROY):  # (a tuple: destroying cannot change what is looped over)
        if destroy_now and is_on_field(ctx.card(src.host).location):
            actions.destroy(ctx, src.host, "self_destroy_deferred", detail="its own continuous effect")
    if ctx.state.lingering:
        destroyed_after_targeted(ctx)


def destroyed_after_targeted(ctx: Context) -> None:
    """§U.29: each card marked as the target of a card effect that resolved (`targeting_resolved`) is
    destroyed now by its own effect, if it is still that card, face-up on the field, and that effect still applies
    (not negated); the marks are spent either way."""
    kind = TARGETED_AND_RESOLVED.type
    marked = [(ling.card, ling.instance) for ling in ctx.state.lingering
              if ling.effect.type == kind and ling.card is not None]  # fmt: skip
    if not marked:
        return
    actions.end_lingering(ctx, lambda ling: ling.effect.type == kind, detail="a card effect that targeted it resolved")
    still = {i for _src, cards in ctx.ask(Hook.DESTROYED_AFTER_TARGETED) for i in cards}
    for index, instance in marked:
        card = ctx.card(index)
        if index in still and card.instance == instance and card.face_up_on_field:
            actions.destroy(ctx, index, "destroyed_after_targeted", detail="destroyed by its own effect")


def equip_target_gone(ctx: Context) -> None:
    """§C.3: an Equip Card whose monster left the field or was turned face-down is destroyed (by the rules,
    not by a card effect)."""
    for i, card in enumerate(ctx.state.cards):
        if card.equipped_to is not None and (problem := equip_problem(ctx, i)) is not None:
            actions.destroy(ctx, i, "equip_target_gone", detail=problem)


def targeting_resolved(ctx: Context, link: ChainLink) -> None:
    """A chain link whose activation was not negated has resolved (its effect negated or not: Spirit Reaper's
    rulings): each card it targets that is still that card, face-up on the field, and destroyed after such an effect
    (`Hook.DESTROYED_AFTER_TARGETED`) is marked; the next check destroys it (`checks.destroyed_after_targeted`)."""
    doomed = {i for _src, cards in ctx.ask(Hook.DESTROYED_AFTER_TARGETED) for i in cards}
    for i, inst in zip(link.targets, link.target_instances, strict=False):
        card = ctx.card(i)
        if i in doomed and card.instance == inst and card.face_up_on_field:
            actions.add_lingering(ctx, Lingering(TARGETED_AND_RESOLVED, card.controller, i, inst, "permanent"))


def settle(ctx: Context) -> None:
    reflip_set_target(ctx)
    self_destruction(ctx)
    equip_target_gone(ctx)
    actions.check_zero_lp(ctx)

"""Effects negated as they resolve (rules spec §U.26): the continuous kind `negates_activated_effects`, "Negate the
activated effects of monsters with 0 ATK" (Brave-Eyes Pendulum Dragon). It does not stop the activation: as each
chain link resolves, a monster effect (an activated, trigger or FLIP effect of a monster card, not a Pendulum Effect
activated in a Pendulum Zone, which is a Spell Card's) whose monster matches `filter` then resolves with no effect
(ProjectIgnis/CardScripts c88305705: EVENT_CHAIN_SOLVING, `re:IsActiveType(TYPE_MONSTER) and
re:GetHandler():GetAttack()==0`, `Duel.NegateEffect`). The engine asks it through `Hook.CHAIN_SOLVING`."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, EffectType, Hook, Source
from engine.library.continuous import OnlyIf
from engine.library.filters import matches


def _negates_resolving(ctx: Context, src: Source) -> bool:
    """Whether the link now resolving is a monster effect whose monster matches `filter` as it resolves."""
    w = ctx.state.window
    if w is None or not 0 <= w.resolving < len(w.chain):
        return False
    link = w.chain[w.resolving]
    card = ctx.card(link.card)
    if not card.is_monster or card.in_pendulum_zone or card.effects[link.effect].pendulum:
        return False
    return matches(ctx, link.card, src.effect.params.get("filter") or {})


RESOLUTION_NEGATION_TYPES: Final = [
    EffectType("negates_activated_effects", hooks={Hook.CHAIN_SOLVING: OnlyIf(_negates_resolving)}),
]

"""Cannot be targeted (rules spec §U.9): a card that "cannot be targeted by your opponent's card effects" is no
legal target for them: an effect that would target it cannot choose it (and one that has no other target cannot be
activated); an effect that does not target still reaches it. The official rule (laaners/yugioh_comprehensive_rulebook,
glossary "Unaffected": unaffected is not "cannot be targeted", and the converse). One rule: `untargetable_by`.
"""

from __future__ import annotations

from engine.effects import Context, Hook, Source, Untargetable


def untargetable_by(ctx: Context, index: int, src: Source) -> bool:
    """Whether the effect `src` cannot target this card now."""
    for who, answer in ctx.ask(Hook.CANNOT_BE_TARGETED):
        if not isinstance(answer, Untargetable) or index not in answer.cards:
            continue
        if answer.by == "effects" or src.controller is not who.controller:
            return True
    return False

"""Which monsters a scenario's monster filter means ("a LIGHT monster", "monsters other than "Ghostrick"
monsters"): one predicate, so that conditions, stat modifiers and damage scopes read a filter alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.context import Context


def matches(ctx: Context, index: int, flt: Mapping[str, Any]) -> bool:
    """Every key the filter gives holds for that card. An archetype is matched by name (the official rule:
    a card is a "Blackwing" card if "Blackwing" is in its name)."""
    card = ctx.card(index)
    if "archetype" in flt and flt["archetype"] not in card.name:
        return False
    return not ("not_archetype" in flt and flt["not_archetype"] in card.name)

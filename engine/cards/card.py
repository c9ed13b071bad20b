"""What a card of the library is: its printed data, its effects as scenario-format specs, its text
(summarised), the official ruling its effects follow and its fidelity (whether it plays exactly as printed). Plain
data, so the scenario loader can expand a card named in a file (``"card": "rush_recklessly"``) without importing the
engine."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

EXACT = "exact"
APPROXIMATE = "approximate: "

if TYPE_CHECKING:
    from engine.effects import Effect, EffectType


@attrs.frozen
class CardDef:
    key: str  # what a scenario file writes: "card": key
    name: str
    card_type: str  # monster / spell / trap / counter_trap
    text: str  # the card text, summarised
    ruling: str  # the official ruling its effects follow, with where it is published
    effects: tuple[Mapping[str, Any], ...]  # scenario-format effect specs
    atk: int | None = None
    def_: int | None = None
    level: int = 0
    attribute: str | None = None
    monster_type: str | None = None
    property: str = "normal"  # a Spell/Trap's Property: continuous / equip / quick_play / field / ritual (§C.1)
    pendulum: bool = False  # a Pendulum Monster: face-up to the Extra Deck instead of the Graveyard when destroyed
    abilities: tuple[str, ...] = ()  # its type line beyond its Type: "tuner", "toon", "fusion", "link"...
    link_arrows: tuple[str, ...] = ()  # a Link Monster's arrows (rules spec §U.5)
    # A card whose effects the scenario format cannot write: its own effect types (public API:
    # `engine.EffectType`, `engine.actions`), registered by `engine.cards.registry()`. Such a card
    # is placed from Python only.
    custom: tuple[Effect, ...] = ()
    types: tuple[EffectType, ...] = ()
    # Whether it plays exactly as printed: "exact", or "approximate: " and, in one line, what differs from the
    # printed text. Required, so that no card leaves it unsaid (docs/cards.md). Effects a card has only outside the
    # Battle Phase (a Main Phase effect, a Summon condition) are the host's, and do not count against it.
    fidelity: str = attrs.field(kw_only=True)

    @fidelity.validator
    def _said(self, _: object, value: str) -> None:
        what = value[len(APPROXIMATE) :].strip() if value.startswith(APPROXIMATE) else ""
        if value != EXACT and (not what or "\n" in value):
            raise ValueError(
                f"{self.key}: fidelity is {EXACT!r} or {APPROXIMATE!r} and what differs in one line, not {value!r}"
            )

    @builtins.property
    def exact(self) -> bool:
        """It plays exactly as printed."""
        return self.fidelity == EXACT

    @builtins.property
    def differs(self) -> str:
        """What differs from the printed text ('' for an exact card)."""
        return "" if self.exact else self.fidelity[len(APPROXIMATE) :]

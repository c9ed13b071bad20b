"""The continuous kind `name_becomes` (rules spec §U.23): "This card's name becomes 'X' while on the field". It
answers `Hook.NAME` while it applies (face-up on the field, not negated: a negated card shows its printed name, as
ocgcore's EFFECT_CHANGE_CODE is a single-range effect of the card); `engine.rules.names.current_name` reads it."""

from __future__ import annotations

from typing import Final

from engine.effects import Context, EffectType, Hook, Source
from engine.library.continuous import OnlyIf


def _name(ctx: Context, src: Source) -> str:
    return str(src.effect.params["name"])


NAME_TYPES: Final = [EffectType("name_becomes", hooks={Hook.NAME: OnlyIf(_name)})]

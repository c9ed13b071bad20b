"""The scenario format's built-in effect kinds and operations, written on `engine.effects`.

Nothing here is privileged: an embedder's own effect types are registered the same way
(`Registry.register`) and reach the engine through the same hooks. Read these as examples.
"""

from __future__ import annotations

from engine.effects import EffectType, Registry
from engine.library.activations import ACTIVATION_TYPES
from engine.library.attack_order import ATTACK_ORDER_TYPES
from engine.library.card_pieces import CARD_PIECE_TYPES
from engine.library.chain_locks import CHAIN_LOCK_TYPES
from engine.library.continuous import CONTINUOUS_TYPES
from engine.library.levels import LEVEL_TYPES
from engine.library.locks import LOCK_TYPES
from engine.library.ops import ACTIVATING_TYPES, LINGERING_TYPES, NO_CHAIN_TYPES
from engine.library.redirects import REDIRECT_TYPES
from engine.library.temporary import TEMPORARY_TYPES


def builtin_types() -> list[EffectType]:
    return [*CONTINUOUS_TYPES, *ACTIVATING_TYPES, *LINGERING_TYPES, *NO_CHAIN_TYPES, *LEVEL_TYPES, *LOCK_TYPES,
            *ATTACK_ORDER_TYPES, *TEMPORARY_TYPES, *REDIRECT_TYPES, *CARD_PIECE_TYPES, *ACTIVATION_TYPES,
            *CHAIN_LOCK_TYPES]


def default_registry() -> Registry:
    """A new registry holding the built-in types; add your own with `register`."""
    return Registry(builtin_types(), builtin=True)

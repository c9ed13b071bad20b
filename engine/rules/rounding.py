"""Halving a value with a fraction (rules spec §S.6): the fraction is rounded up.

The official OCG rule rounds a fractional result to the nearest whole number, halves up
(四捨五入): Konami's OCG FAQ gives 63 halved as 32 (Dinomorphia Intact), and the Perfect
Rulebook's rule for ATK/DEF is the same (yugioh-wiki.net "ステータス"). A halved integer's
fraction is exactly one half, so halving rounds up. One function, for ATK/DEF, original
ATK/DEF and battle damage alike.
"""

from __future__ import annotations


def halved(value: int) -> int:
    """Half of `value`, a fraction of one half rounded up (1001 -> 501, 63 -> 32)."""
    return (value + 1) // 2

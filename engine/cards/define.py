"""`define`: a library card of issue 43's modules, with its fidelity said (exact, or what differs). A
`CardDef` states its fidelity in its own field where it has one (issue 43, item 1); where it has none yet, the
fidelity is kept only in the module, so these modules merge with either."""

from __future__ import annotations

from typing import Any

import attrs

from engine.cards.card import CardDef

EXACT = "exact"


def define(**kw: Any) -> CardDef:
    """A `CardDef` from its keywords; `fidelity` is passed on only if `CardDef` has that field."""
    if "fidelity" not in attrs.fields_dict(CardDef):
        kw.pop("fidelity", None)
    return CardDef(**kw)

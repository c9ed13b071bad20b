"""Operations that act on one card or on a group of monsters (rules spec §U.26): `change_stats` names a `target` or
the monsters `applies_to` (and `filter`) name as it resolves, exactly one of them. Checked by the loader where it
checks an effect's operations (`engine.format.effects.check_targeted`), each refusal naming the place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.format.errors import Invalid
from engine.format.ops import Op

# Operations whose `target` may instead be a group (`applies_to`, `filter`).
GROUP_OPS: Final[Mapping[str, str]] = {"change_stats": "the monster whose ATK/DEF change"}
# The keys of which such an operation gives exactly one (the JSON Schema's `oneOf`).
EXCLUSIVE: Final[Mapping[str, tuple[str, str]]] = {name: ("target", "applies_to") for name in GROUP_OPS}


def check_group(op: Op, at: tuple[str | int, ...]) -> None:
    """Exactly one of `target` and `applies_to`; `filter` only with `applies_to`; a `special_summon` of several
    monsters (`count`) names no card (its player picks them)."""
    if op.op == "special_summon" and (op.params.get("count") or 1) > 1 and op.params.get("card") is not None:
        raise Invalid("count is how many monsters the controller picks: give no card with it", *at, "count")
    if op.op not in GROUP_OPS:
        return
    target, group = op.params.get("target"), op.params.get("applies_to")
    if target is None and group is None:
        raise Invalid(f"missing required key: give target ({GROUP_OPS[op.op]}) or applies_to (the monsters it "
                      "changes)", *at, "target")
    if target is not None and group is not None:
        raise Invalid("give target or applies_to, not both", *at, "applies_to")
    if op.params.get("filter") is not None and group is None:
        raise Invalid("filter chooses among the monsters of applies_to: give applies_to (or leave filter out)", *at,
                      "filter")  # fmt: skip


# The keys of an operation that may name a card by a target reference, directly or as the card a value reads.
_REF_KEYS: Final = ("target", "card")
_VALUE_KEYS: Final = ("equal_to", "atk_gain_of", "def_gain_of", "set_atk_of", "set_def_of", "atk_below", "add_of",
                      "becomes_of")


def names_event_card(op: Op) -> str | None:
    """The key of `op` that names `event_card` (the card of the event its effect answers), if any."""
    for key in _REF_KEYS:
        if op.params.get(key) == "event_card":
            return key
    for key in _VALUE_KEYS:
        source = op.params.get(key) or {}
        for part in ("of", "minus"):
            if source.get(part) == "event_card":
                return f"{key}.{part}"
    return None


def check_event_card(params: Mapping[str, object], op: Op, at: tuple[str | int, ...]) -> None:
    """`event_card` names the card of the event an effect answers: only in an effect with `on` an event of cards and
    `about` other than self (the card itself is `self`)."""
    key = names_event_card(op)
    if key is not None and (params.get("on") is None or params.get("about", "self") == "self"):
        raise Invalid("event_card names the card of the event the effect answers: give the effect on (an event of "
                      "cards) and about (own, opponent or any)", *at, *key.split("."))

"""The format's pieces of rules spec §U.28 that need a word of their own: a continuous "its ATK becomes double its
original ATK" (`stat_modifier` `atk_becomes` / `def_becomes`), and the loader's refusals of what those pieces and an
`activation_lock`'s `monster_zone_only` cannot mean together."""

from __future__ import annotations

from typing import Literal

from engine.format.errors import Invalid
from engine.format.nesting import each_op
from engine.format.ops import Op

# "Its ATK becomes double its original ATK", "... half its original ATK", "... its original ATK" (rules spec §U.28).
BecomesOriginal = Literal["double_original", "half_original", "original"]


def check_pieces(kind: str, params: object, does: tuple[Op, ...], at: tuple[str | int, ...]) -> None:
    """The checks below on an effect, and on each `lasting_effect` among its operations (contained ones too)."""
    check_becomes_original(kind, params, at)
    for place, op in each_op(does, at):
        if op.op == "lasting_effect":
            check_becomes_original(str(op.params.get("kind")), op.params, (*at, *place))


def check_becomes_original(kind: str, params: object, at: tuple[str | int, ...]) -> None:
    """Refuse two "becomes" of one stat in one effect (`set_atk` with `atk_becomes`: which would it become?), a
    "becomes" applied last (`applied_last` is for "during damage calculation only" changes, which are not read from
    the original value here), and `monster_zone_only` on a lock of other cards than monsters."""
    get = getattr(params, "get", None)
    if get is None:
        return
    if kind == "stat_modifier":
        for stat in ("atk", "def"):
            if get(f"{stat}_becomes") is not None and get(f"set_{stat}") is not None:
                raise Invalid(f"{stat}_becomes and set_{stat} both say what the {stat.upper()} becomes: give one",
                              *at, f"{stat}_becomes")  # fmt: skip
            if get(f"{stat}_becomes") is not None and get("applied_last"):
                raise Invalid(f"{stat}_becomes is applied in the order of application (rules spec §U.28), not "
                              "last: drop applied_last", *at, f"{stat}_becomes")  # fmt: skip
    if kind == "activation_lock" and get("monster_zone_only") and get("card_type") != "monster":
        raise Invalid(f"monster_zone_only narrows a lock of monster effects: give card_type monster, got "
                      f"{get('card_type')!r}", *at, "monster_zone_only")  # fmt: skip

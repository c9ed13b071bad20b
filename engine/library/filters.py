"""Which monsters a scenario's monster filter means ("a LIGHT monster", "monsters other than "Ghostrick"
monsters"): one predicate, so that conditions, stat modifiers and damage scopes read a filter alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.effects import Context
from engine.state import Card
from engine.values.game import Location, Position


def matches(ctx: Context, index: int, flt: Mapping[str, Any]) -> bool:
    """Every key the filter gives holds for that card, as it is now (`matches_card`)."""
    return matches_card(ctx.card(index), flt)


def matches_card(card: Card, flt: Mapping[str, Any]) -> bool:
    """Every key the filter gives holds for that card (as it is, or as it was: `rules.last_known`). An archetype
    is matched by name (the official rule: a card is a "Blackwing" card if "Blackwing" is in its name). Attribute,
    Type and Level are what the card says (a card that gives none has none, so it matches no such key), and only a
    face-up monster shows them ("a LIGHT monster" on the field is a face-up one)."""
    if "archetype" in flt and flt["archetype"] not in card.name:
        return False
    if "not_archetype" in flt and flt["not_archetype"] in card.name:
        return False
    face_down = card.location is Location.MONSTER_ZONE and card.position is Position.SET
    if flt.get("face_up") and face_down:
        return False
    if "position" in flt and (card.position is None or _POSITION_OF[card.position] != flt["position"]):
        return False  # "an Attack Position monster", "a Defense Position monster" (face-up or face-down)
    if not flt.keys() & _PRINTED:
        return True
    if face_down:
        return False  # a face-down monster shows no Attribute, Type or Level
    if "attribute" in flt and (card.attribute is None or card.attribute.value != flt["attribute"]):
        return False
    if "monster_type" in flt and (card.monster_type is None or card.monster_type.value != flt["monster_type"]):
        return False
    if "level_at_most" in flt and not 0 < card.level <= int(flt["level_at_most"]):
        return False
    return not ("level_at_least" in flt and card.level < int(flt["level_at_least"]))


def describe(flt: Mapping[str, Any]) -> str:
    """A filter in the words of a card text: 'a face-up LIGHT Warrior monster of Level 4 or lower'."""
    words = [str(flt["attribute"]).upper()] if "attribute" in flt else []
    if "monster_type" in flt:
        words.append(str(flt["monster_type"]).replace("_", " ").title().replace("Beast Warrior", "Beast-Warrior"))
    if "archetype" in flt:
        words.append(f'"{flt["archetype"]}"')
    position = [f"{str(flt['position']).title()} Position"] if "position" in flt else []
    out = " ".join(["face-up"] * bool(flt.keys() & _PRINTED or flt.get("face_up")) + position + words + ["monster"])
    if "level_at_most" in flt:
        out += f" of Level {flt['level_at_most']} or lower"
    if "level_at_least" in flt:
        out += f" of Level {flt['level_at_least']} or higher"
    if "not_archetype" in flt:
        out += f' other than a "{flt["not_archetype"]}" monster'
    return ("an " if out[0] in "aeiouAEIOU" else "a ") + out


_POSITION_OF: Final = {Position.ATTACK: "attack", Position.DEFENSE: "defense", Position.SET: "defense"}
# Keys read from what is printed on a monster, which a face-down monster does not show.
_PRINTED: Final = frozenset({"attribute", "monster_type", "level_at_most", "level_at_least"})

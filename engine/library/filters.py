"""Which monsters a scenario's monster filter means ("a LIGHT monster", "monsters other than "Ghostrick"
monsters"): one predicate, so that conditions, stat modifiers and damage scopes read a filter alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.effects import Context, gemini_as_normal
from engine.rules.arrivals import arrived_this_turn
from engine.rules.levels import current_level
from engine.rules.stats import current_stats, lingering_stats
from engine.rules.this_turn import attacked_this_turn, battled_this_turn, declared_attack_this_turn
from engine.state import Card
from engine.values.game import CardType, Location, Position, holds_spells_traps


def matches(ctx: Context, index: int, flt: Mapping[str, Any], *, plain: bool = False) -> bool:
    """Every key the filter gives holds for that card, as it is now (`matches_card`), its ATK/DEF as they are now
    (`plain`: without continuous changes, for a continuous ATK/DEF change, which would otherwise read itself)."""
    stats = ((lingering_stats if plain else current_stats)(ctx, index)) if _reads_stats(flt) else None
    if flt.keys() & _TURN and not _turn_facts_hold(ctx, index, flt):
        return False
    if "battling" in flt and _battling(ctx, index) is not bool(flt["battling"]):
        return False  # "other than the battling monster" (rules spec §U.23)
    card = ctx.card(index)
    level = current_level(ctx, index, plain=plain) if card.level and _reads(flt, _LEVELS) else None
    # A name an effect of its own gives it (`name_of`) is not its name while its effects are negated (Skill Drain,
    # rules spec §U.23): the printed one then
    name = card.name if _reads(flt, _NAMES) and _renamed(card) and ctx.effects_negated(index) else None
    return matches_card(card, flt, stats, level, name)


_NAMES: Final = frozenset({"archetype", "not_archetype", "name"})


def _renamed(card: Card) -> bool:
    return any(e.type == "name_becomes" for e in card.effects)


_LEVELS: Final = frozenset({"level_at_most", "level_at_least"})


def _reads(flt: Mapping[str, Any], keys: frozenset[str]) -> bool:
    """The filter, or one it combines (`not`, `any`, `all`), reads one of `keys`."""
    if flt.keys() & keys:
        return True
    inner = ([flt["not"]] if "not" in flt else []) + list(flt.get("any", ())) + list(flt.get("all", ()))
    return any(_reads(f, keys) for f in inner)


def _reads_stats(flt: Mapping[str, Any]) -> bool:
    """The filter, or one it combines (`not`, `any`, `all`), reads current ATK/DEF."""
    if flt.keys() & _STATS:
        return True
    inner = ([flt["not"]] if "not" in flt else []) + list(flt.get("any", ())) + list(flt.get("all", ()))
    return any(_reads_stats(f) for f in inner)


def _battling(ctx: Context, index: int) -> bool:
    """The monster is one of this battle's two monsters, from the attack's declaration to the end of its Damage Step
    (none outside an attack)."""
    b = ctx.state.battle
    return b.under_way and index in (b.attacker, b.target)


def _turn_facts_hold(ctx: Context, index: int, flt: Mapping[str, Any]) -> bool:
    """What the monster did this turn, as the filter asks (rules spec §BP.11): "a monster that did not declare an
    attack this turn", "a monster that attacked (battled) this turn"."""
    s = ctx.state
    return all(fact(s, index) is bool(flt[key]) for key, fact in _TURN_FACTS if key in flt)


def name_of(card: Card) -> str:
    """Its name as a text reads it (rules spec §U.24): "This card's name becomes X while on the field (or in the GY)"
    (kind `name_becomes`) while it is face-up on the field with its effects not negated, or in a place the effect
    also names; its printed name otherwise."""
    for eff in card.effects:
        if eff.type != "name_becomes" or eff.negated:
            continue
        on_field = card.face_up_on_field and not card.effects_negated and eff.params.get("on_field", True)
        if on_field or card.location.value in (eff.params.get("also_in") or ()):
            return str(eff.params["name"])
    return card.name


def matches_card(
    card: Card, flt: Mapping[str, Any], stats: tuple[int, int] | None = None, level: int | None = None,
    name: str | None = None,
) -> bool:
    """Every key the filter gives holds for that card (as it is, or as it was: `rules.last_known`). An archetype
    is matched by name (the official rule: a card is a "Blackwing" card if "Blackwing" is in its name). Attribute,
    Type and Level are what the card says (a card that gives none has none, so it matches no such key), and only a
    face-up monster shows them ("a LIGHT monster" on the field is a face-up one). `level`: its current Level, when
    effects may have changed it (§U.17; the printed one otherwise); `name`: its name now, when an effect may have
    changed it (§U.23)."""
    shown = name_of(card) if name is None else name
    if flt.keys() & _COMPOUND and not _compound_holds(card, flt, stats, level, shown):
        return False
    if "archetype" in flt and flt["archetype"] not in shown:
        return False
    if "name" in flt and flt["name"] != shown:
        return False
    if "card_type" in flt and _TYPE_OF[card.card_type] != flt["card_type"] and not (
        card.details.trap_monster and flt["card_type"] == "trap"
    ):
        return False  # a Trap Card Summoned as a monster is also still a Trap Card (§U.27)
    if "property" in flt and (card.is_monster or card.card_property.value != flt["property"]):
        return False  # a Spell/Trap's Property ("a Ritual Spell": card_type spell, property ritual; §U.23)
    if "summoned_this_turn" in flt and card.summoned_this_turn is not bool(flt["summoned_this_turn"]):
        return False
    if "materials_at_least" in flt and card.materials < int(flt["materials_at_least"]):
        return False  # Xyz Materials are counted whatever the monster's face (rules spec §C.5)
    if "materials_at_most" in flt and card.materials > int(flt["materials_at_most"]):
        return False
    if "material" in flt and not any(matches_card(m, flt["material"]) for m in card.details.summon_materials):
        return False  # "Summoned using a FIRE monster as material" (§U.26): the materials as their cards are printed
    if "has_counter" in flt and not any(k == flt["has_counter"] for k, _n in card.details.named_counters):
        return False  # counters of a kind (§U.26): on face-up cards only, so a face-down card has none
    how = "normal" if card.summoned == "gemini" else card.summoned  # (a Gemini Summoned again was, §U.29)
    if "summoned" in flt and how != flt["summoned"] and card.summoned != flt["summoned"]:
        return False  # how it was Summoned is no printed property: a face-down monster still was
    if "not_archetype" in flt and flt["not_archetype"] in shown:
        return False
    face_down = card.location is Location.MONSTER_ZONE and card.position is Position.SET
    if "face_up" in flt and bool(flt["face_up"]) is _face_down(card):
        return False  # `face_up: false`: a face-down card on the field only
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
    lv = card.level if level is None else level
    if "level_at_most" in flt and not 0 < lv <= int(flt["level_at_most"]):
        return False
    if "level_at_least" in flt and lv < int(flt["level_at_least"]):
        return False
    if "ability" in flt and not _has_ability(card, str(flt["ability"])):
        return False
    if flt.keys() & _STATS:
        atk, def_ = stats if stats is not None else (card.base_atk, card.base_def)
        for key, value in (("atk", atk), ("def", def_)):
            if f"{key}_at_least" in flt and value < int(flt[f"{key}_at_least"]):
                return False
            if f"{key}_at_most" in flt and value > int(flt[f"{key}_at_most"]):
                return False
    return True


def _face_down(card: Card) -> bool:
    """Face-down on the field: a Set monster, or a Set Spell/Trap."""
    if card.location is Location.MONSTER_ZONE:
        return card.position is Position.SET
    return holds_spells_traps(card.location) and card.face_down


def _compound_holds(card: Card, flt: Mapping[str, Any], stats: tuple[int, int] | None, level: int | None,
                    name: str | None = None) -> bool:  # fmt: skip
    """A filter's combinations: `not` (it does not match that filter: "not a Pendulum Monster"), `any` (it matches
    one of them: "a Dragon or Spellcaster monster"), `all` (it matches each)."""
    if "not" in flt and matches_card(card, flt["not"], stats, level, name):
        return False
    if "any" in flt and not any(matches_card(card, f, stats, level, name) for f in flt["any"]):
        return False
    return all(matches_card(card, f, stats, level, name) for f in flt.get("all", ()))


def _has_ability(card: Card, ability: str) -> bool:
    """What its type line says: `pendulum` is the card's own key; `extra_deck` any Extra Deck monster kind."""
    if ability == "pendulum":
        return card.pendulum
    if ability == "extra_deck":
        return not _EXTRA_DECK.isdisjoint(card.abilities)
    if gemini_as_normal(card) and ability in ("normal", "effect"):
        return ability == "normal"  # a Gemini monster not Normal Summoned again is a Normal Monster (§U.29)
    return ability in card.abilities


def describe(flt: Mapping[str, Any]) -> str:
    """A filter in the words of a card text: 'a face-up LIGHT Warrior monster of Level 4 or lower'."""
    words = [str(flt["attribute"]).upper()] if "attribute" in flt else []
    if "monster_type" in flt:
        words.append(str(flt["monster_type"]).replace("_", " ").title().replace("Beast Warrior", "Beast-Warrior"))
    if "archetype" in flt:
        words.append(f'"{flt["archetype"]}"')
    position = [f"{str(flt['position']).title()} Position"] if "position" in flt else []
    shown = bool(flt.keys() & _PRINTED or flt.get("face_up"))
    face = ["face-down"] if flt.get("face_up") is False else ["face-up"] * shown
    out = " ".join(face + position + words + ["monster"])
    if "ability" in flt:
        out = out.replace(" monster", f" {str(flt['ability']).title()} monster")
    if "name" in flt:
        out = f'"{flt["name"]}"'
    for key, word in (("atk", "ATK"), ("def", "DEF")):
        if f"{key}_at_least" in flt:
            out += f" with {flt[f'{key}_at_least']} or more {word}"
        if f"{key}_at_most" in flt:
            out += f" with {flt[f'{key}_at_most']} or less {word}"
    if "summoned" in flt:
        out += f" that was {str(flt['summoned']).title()} Summoned"
    if "summoned_this_turn" in flt:
        out += f" that was {'' if flt['summoned_this_turn'] else 'not '}Summoned this turn"
    if "materials_at_least" in flt:
        out += f" with {flt['materials_at_least']} or more Xyz Materials"
    if "materials_at_most" in flt:
        out += f" with {flt['materials_at_most']} or fewer Xyz Materials"
    for key, did, did_not in _TURN_WORDS:
        if key in flt:
            out += f" that {did if flt[key] else did_not} this turn"
    if "level_at_most" in flt:
        out += f" of Level {flt['level_at_most']} or lower"
    if "level_at_least" in flt:
        out += f" of Level {flt['level_at_least']} or higher"
    if "not_archetype" in flt:
        out += f' other than a "{flt["not_archetype"]}" monster'
    if "not" in flt:
        out += f" that is not {_clause(flt['not'])}"
    if "any" in flt:
        out += " that is " + " or ".join(_clause(f) for f in flt["any"])
    if "all" in flt:
        out += " that is " + " and ".join(_clause(f) for f in flt["all"])
    return ("an " if out[0] in "aeiouAEIOU" else "a ") + out


def _clause(flt: Mapping[str, Any]) -> str:
    """A filter inside a combination: a bare combination in words and parentheses ("not (a Warrior or a
    Beast-Warrior)"), any other filter described whole."""
    if flt.keys() == {"any"} or flt.keys() == {"all"}:
        ((key, parts),) = flt.items()
        return "(" + (" or " if key == "any" else " and ").join(_clause(f) for f in parts) + ")"
    if flt.keys() == {"not"}:
        return "not " + _clause(flt["not"])
    return describe(flt)


_POSITION_OF: Final = {Position.ATTACK: "attack", Position.DEFENSE: "defense", Position.SET: "defense"}
# Keys read from what is printed on a monster, which a face-down monster does not show.
_PRINTED: Final = frozenset(
    {"attribute", "monster_type", "level_at_most", "level_at_least", "ability", "atk_at_least", "atk_at_most",
     "def_at_least", "def_at_most"}
)  # fmt: skip
_TURN_FACTS: Final = (
    ("declared_attack_this_turn", declared_attack_this_turn),
    ("attacked_this_turn", attacked_this_turn),
    ("battled_this_turn", battled_this_turn),
    ("arrived_this_turn", arrived_this_turn),  # (rules spec §U.24)
)
_TURN_WORDS: Final = (
    ("declared_attack_this_turn", "declared an attack", "did not declare an attack"),
    ("attacked_this_turn", "attacked", "did not attack"),
    ("battled_this_turn", "battled", "did not battle"),
    ("arrived_this_turn", "came where it is", "did not come where it is"),
)
_TURN: Final = frozenset(key for key, _fact in _TURN_FACTS)
_EXTRA_DECK: Final = frozenset({"fusion", "synchro", "xyz", "link"})
_COMPOUND: Final = frozenset({"not", "any", "all"})
_STATS: Final = frozenset({"atk_at_least", "atk_at_most", "def_at_least", "def_at_most"})
_TYPE_OF: Final = {CardType.MONSTER: "monster", CardType.SPELL: "spell", CardType.TRAP: "trap",
                   CardType.COUNTER_TRAP: "trap"}  # fmt: skip

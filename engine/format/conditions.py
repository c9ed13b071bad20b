"""Conditions and filters: which monsters (``filter``), who battles whom (``battle``), what a player
controls, a player's LP, the ``only_if`` any effect may carry (rules spec §U.1), and a monster's ATK or DEF
as an amount (``stat_of``). Read by effect kinds, operations and costs alike."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal

from msgspec import UNSET, Meta, UnsetType, field

from engine.format.vocabulary import (
    MAX_COUNT,
    Ability,
    Amount,
    Attribute,
    Count,
    Level,
    MonsterType,
    Relative,
    Stat,
    Summoned,
    TargetRef,
    Text,
    TriggerCondition,
    Wire,
    Zone,
    doc,
    mapping,
    one_or_list,
)


class FilterWire(Wire):
    """Which monsters: every key given must hold (an empty filter matches every monster). An archetype is
    matched by name, as the official rule does: a "Ghostrick" monster has "Ghostrick" in its name (its name,
    else its id)."""

    archetype: Annotated[Text | UnsetType, doc("its name contains this text")] = UNSET
    not_archetype: Annotated[Text | UnsetType, doc("its name does not contain this text")] = UNSET
    attribute: Annotated[Attribute | UnsetType, doc("it has this Attribute")] = UNSET
    monster_type: Annotated[MonsterType | UnsetType, doc("it is of this Type")] = UNSET
    level_at_most: Annotated[Level | UnsetType, doc("its Level is at most this")] = UNSET
    level_at_least: Annotated[Level | UnsetType, doc("its Level is at least this")] = UNSET
    face_up: Annotated[bool | UnsetType, doc("true: it is face-up (a face-down monster shows no ATK to refer to)")] = (
        UNSET
    )
    position: Annotated[
        Literal["attack", "defense"] | UnsetType, doc("it is in Attack Position, or in Defense Position (either face)")
    ] = UNSET
    name: Annotated[Text | UnsetType, doc("its name is exactly this (\"Toon World\")")] = UNSET
    atk_at_least: Annotated[Stat | UnsetType, doc("its current ATK is at least this (face-up on the field)")] = UNSET
    atk_at_most: Annotated[Stat | UnsetType, doc("its current ATK is at most this")] = UNSET
    def_at_least: Annotated[Stat | UnsetType, doc("its current DEF is at least this (\"with 2000 or more DEF\")")] = (
        UNSET
    )
    def_at_most: Annotated[Stat | UnsetType, doc("its current DEF is at most this")] = UNSET
    ability: Annotated[
        Ability | Literal["pendulum", "extra_deck"] | UnsetType,
        doc("its type line says this (\"a Tuner\", \"a Toon monster\", \"a Fusion Monster\"); pendulum: a Pendulum "
             "Monster; extra_deck: a Fusion, Synchro, Xyz or Link Monster"),
    ] = UNSET
    summoned: Annotated[Summoned | UnsetType, doc("it was Summoned this way (\"this Link Summoned card\")")] = UNSET
    summoned_this_turn: Annotated[bool | UnsetType, doc("it was Summoned this turn (false: it was not)")] = UNSET
    materials_at_least: Annotated[Count | UnsetType, doc("it has at least this many Xyz Materials")] = UNSET
    materials_at_most: Annotated[Count | UnsetType, doc("it has at most this many Xyz Materials")] = UNSET
    declared_attack_this_turn: Annotated[
        bool | UnsetType, doc("it declared an attack this turn (false: \"that did not declare an attack this turn\")")
    ] = UNSET
    attacked_this_turn: Annotated[bool | UnsetType, doc("its attack reached the Damage Step this turn")] = UNSET
    battled_this_turn: Annotated[bool | UnsetType, doc("damage calculation was performed in its battle this turn")] = (
        UNSET
    )
    card_type: Annotated[
        Literal["monster", "spell", "trap"] | UnsetType, doc("its card type (a Counter Trap is a trap)")
    ] = UNSET
    material: Annotated[FilterWire | UnsetType,
                        doc("it was Summoned using a monster that matches this as material (its card's "
                            "summon_materials: \"a non-Tuner EARTH Synchro Material\": {\"attribute\": \"earth\", "
                            "\"not\": {\"ability\": \"tuner\"}}; rules spec §U.26)")] = UNSET
    has_counter: Annotated[Annotated[str, Meta(min_length=1, max_length=80)] | UnsetType,
                           doc("it has a counter of this kind on it (\"a monster with an A-Counter\": A-Counter; "
                               "rules spec §U.26)")] = UNSET
    property: Annotated[
        Literal["normal", "continuous", "equip", "quick_play", "field", "ritual"] | UnsetType,
        doc("a Spell/Trap with this Property (\"a Ritual Spell\": with card_type spell; a monster has none)"),
    ] = UNSET
    battling: Annotated[bool | UnsetType, doc("it is one of the two monsters of the attack under way, from its "
                                              "declaration (false: \"other than the battling monster\"); read at "
                                              "the filter's top level only, not inside not/any/all")] = UNSET
    arrived_this_turn: Annotated[
        bool | UnsetType, doc("it came to where it is this turn (false: \"except the turn this card was sent to the "
                              "GY\"; a card placed there by the scenario came before it)")
    ] = UNSET
    level_at_most_of: Annotated[StatOfWire | UnsetType,
                                doc("its Level is at most this value, read from another card (\"with a Level less "
                                    "than or equal to the attacking monster's\": {\"of\": \"attacker\", \"stat\": "
                                    "\"level\"}); a target's or a pick's filter only (rules spec §U.30)")] = UNSET
    level_at_least_of: Annotated[StatOfWire | UnsetType,
                                 doc("its Level is at least this value, read from another card (§U.30)")] = UNSET
    atk_at_most_of: Annotated[StatOfWire | UnsetType,
                              doc("its current ATK is at most this value, read from another card (\"with ATK less "
                                  "than or equal to that monster's\"; §U.30)")] = UNSET
    atk_at_least_of: Annotated[StatOfWire | UnsetType,
                               doc("its current ATK is at least this value, read from another card (§U.30)")] = UNSET
    def_at_most_of: Annotated[StatOfWire | UnsetType,
                              doc("its current DEF is at most this value, read from another card (§U.30)")] = UNSET
    def_at_least_of: Annotated[StatOfWire | UnsetType,
                               doc("its current DEF is at least this value, read from another card (§U.30)")] = UNSET
    not_: Annotated[FilterWire | UnsetType, doc("it does not match this filter (\"not a Pendulum Monster\": "
                                                "{\"not\": {\"ability\": \"pendulum\"}})")] = field(
        default=UNSET, name="not"
    )
    any: Annotated[Annotated[tuple[FilterWire, ...], Meta(min_length=1)] | UnsetType,
                   doc("it matches at least one of these filters (\"a Dragon or Spellcaster monster\")")] = UNSET
    all: Annotated[Annotated[tuple[FilterWire, ...], Meta(min_length=1)] | UnsetType,
                   doc("it matches every one of these filters")] = UNSET


class RespondsToWire(Wire):
    """The activation an effect answers ("When a Spell Card is activated", "When your opponent activates a Spell/Trap
    Card", "When a monster effect is activated"): the chain link it is chained to must be one; every key given must
    hold."""

    player: Annotated[
        Literal["opponent", "controller", "either"], doc("who activated it (default either)")
    ] = "either"
    card_type: Annotated[
        Annotated[tuple[Literal["monster", "spell", "trap"], ...], Meta(min_length=1)] | UnsetType,
        doc("the activated effect is of one of these kinds of cards (a Counter Trap is a trap; a monster effect: "
            "[\"monster\"])"),
    ] = UNSET
    card_activation: Annotated[
        bool, doc("true: only the activation of a Spell/Trap Card itself, not an effect of a face-up one, nor a "
                  "trigger (\"a Spell Card is activated\")")
    ] = False
    from_: Annotated[
        Annotated[tuple[Literal["hand", "deck", "extra_deck", "graveyard", "banished", "monster_zone",
                                "spell_trap_zone", "pendulum_zone", "field_zone", "field"], ...], Meta(min_length=1)]
        | UnsetType,
        doc("its card was in one of these places when it was activated, before a cost moved it (\"a monster's effect "
            "is activated in the hand\": [\"hand\"]; rules spec §U.24)"),
    ] = field(default=UNSET, name="from")
    filter: Annotated[FilterWire | UnsetType, doc("its card matches this, as it is now (\"a Thunder monster's "
                                                  "effect\": {\"monster_type\": \"thunder\"})")] = UNSET
    targets_only_this: Annotated[
        bool, doc("true: it targets this card and no other cards (\"that targets this face-down card (and no other "
                  "cards)\"), rules spec §U.27")
    ] = False


class TargetsWire(Wire):
    """Cards an effect targets, chosen on activation by its controller among the cards that match ("target 1
    face-up monster your opponent controls"); its operations act on them with the target reference `targeted`."""

    filter: Annotated[FilterWire | UnsetType, doc("only cards that match (default: any card of zone)")] = UNSET
    player: Annotated[
        Literal["both", "controller", "opponent"], doc("whose cards: both (\"on the field\", the default), the "
                                                       "effect's controller's (\"you control\") or the opponent's")
    ] = "both"
    zone: Annotated[
        Literal["monster_zone", "spell_trap_zone", "field", "graveyard", "banished"],
        doc("where: monster_zone (the default: \"1 monster\"), spell_trap_zone (\"1 Spell/Trap\": the Spell & Trap "
            "Zones, Pendulum Zones included, and the Field Zone), field (\"1 card on the field\"), graveyard (\"1 "
            "monster in your Graveyard\": player is the owner) or banished (\"1 of your banished cards\")"),
    ] = "monster_zone"
    zones: Annotated[
        Annotated[tuple[Literal["monster_zone", "spell_trap_zone", "field", "graveyard", "banished"], ...],
                  Meta(min_length=2, max_length=5)] | UnsetType,
        doc("instead of zone, several places (\"1 monster you control or in your GY\": [\"monster_zone\", "
            "\"graveyard\"]); given, zone is not read (rules spec §U.23)"),
    ] = UNSET
    count: Annotated[int, Meta(ge=1, le=MAX_COUNT), doc("how many (default 1)")] = 1
    up_to: Annotated[bool, doc("\"up to\" count: from 1 to count of them")] = False
    other_than_self: Annotated[bool, doc("not this card (\"1 other monster\")")] = False
    attacking: Annotated[bool, doc("only the attacking monster (\"1 attacking monster\")")] = False


class BattleWire(Wire):
    """Who battles whom, as an activation condition ("if a LIGHT monster you control battles"): every key
    given must hold."""

    own_monster: Annotated[
        FilterWire | UnsetType, doc("a monster the effect's controller controls battles, and matches this filter")
    ] = UNSET
    opponent_monster: Annotated[
        FilterWire | UnsetType, doc("it battles an opponent's monster that matches this filter")
    ] = UNSET
    self_: Annotated[bool, doc("this card (the equipped monster, on an equip) is one of the battling monsters")] = (
        field(default=False, name="self")
    )
    other_than_self: Annotated[bool, doc("the monster of the effect's controller that battles is not this card "
                                         "(\"if another 'X' monster you control battles\")")] = False
    opponent_atk: Annotated[
        Literal["higher", "lower", "equal", "equal_or_higher", "equal_or_lower"] | UnsetType,
        doc("the monster it battles has a higher (lower, the same...) ATK than the monster of the effect's "
            "controller (or than the monster `of` names)"),
    ] = UNSET
    compare_to: Annotated[
        Literal["atk", "def"], doc("with opponent_atk: the value of the effect's controller's monster it is compared "
                                   "with, its ATK (the default) or its DEF (\"the ATK of the attacking monster is "
                                   "lower than the DEF of this card\")")
    ] = "atk"
    at_declaration: Annotated[bool, doc("true: the attack's monsters count as battling from its declaration (a "
                                        "condition read when the attack is declared)")] = False
    of: Annotated[TargetRef | UnsetType, doc("whose battle: this monster's (\"if that monster battles\"), instead "
                                             "of the effect's controller's battling monster")] = UNSET
    opponent_level: Annotated[
        Literal["higher", "lower", "equal", "equal_or_higher", "equal_or_lower"] | UnsetType,
        doc("the monster it battles is face-up and has a higher (lower, the same...) Level than the monster of the "
            "effect's controller (or than the monster `of` names): \"a monster with an equal or lower Level\"; a "
            "monster with no Level (an Xyz or Link Monster) never holds (rules spec §U.26)"),
    ] = UNSET
    opponent_destroyed: Annotated[bool | UnsetType, doc("the monster it battles was (true) / was not (false) "
                                                        "destroyed by the battle, after damage calculation")] = UNSET


class ControlsWire(Wire):
    """How many cards a player controls face-up (a monster: face-up or face-down) that match a filter, as a
    condition: "while you control another 'Ancient Warriors' monster", "if your opponent controls no monsters"."""

    player: Annotated[Relative, doc("whose cards are counted (both: all on the field)")] = "controller"
    filter: Annotated[FilterWire | UnsetType, doc("which cards")] = UNSET
    zone: Annotated[Zone, doc("where (a Spell/Trap on the field counts when face-up; hand, graveyard, banished: "
                              "the cards the player owns there; \"while you have no cards in your hand\": hand, "
                              "at_most 0)")] = "monster_zone"
    other_than_self: Annotated[bool, doc("true: cards other than this one (\"another 'X' monster\")")] = False
    at_least: Annotated[Count, doc("at least this many")] = 1
    at_most: Annotated[Count | UnsetType, doc("at most this many (0: none)")] = UNSET


class PerCardWire(Wire):
    """The cards a value is counted by: in a player's hand, or what a player controls that matches a filter."""

    zone: Annotated[Literal["hand", "monster_zone", "spell_trap_zone", "field_zone", "graveyard", "field"],
                    doc("field: every zone of the field (\"for each 'Amorphage' card on the field\")")] = "hand"
    player: Relative = "controller"
    filter: Annotated[FilterWire | UnsetType, doc("only the cards that match")] = UNSET


class LifeConditionWire(Wire):
    """A player's Life Points, as a condition ("while your LP are 2000 or less", "if you have less LP than your
    opponent")."""

    player: Literal["controller", "opponent"] = "controller"
    at_most: Annotated[Amount | UnsetType, doc("at most this much")] = UNSET
    at_least: Annotated[Amount | UnsetType, doc("at least this much")] = UNSET
    less_than_opponent: Annotated[bool, doc("fewer LP than that player's opponent")] = False
    ahead_by_at_least: Annotated[Amount | UnsetType, doc("at least this many more LP than that player's opponent "
                                                         "(\"if your opponent's LP are at least 2000 higher than "
                                                         "yours\": player opponent, 2000; rules spec §U.23)")] = UNSET
    at_most_of: Annotated[StatOfWire | UnsetType,
                          doc("at most this value (\"if its ATK is greater than or equal to your LP\": the "
                              "attacker's ATK), §U.27")] = UNSET


class MaterialsCountWire(Wire):
    """A number of Xyz Materials, as a condition ("if this card has Xyz Material", "with 2 or more")."""

    at_least: Annotated[Count | UnsetType, doc("at least this many")] = UNSET
    at_most: Annotated[Count | UnsetType, doc("at most this many (0: none)")] = UNSET


class OnlyIfWire(Wire):
    """A condition on the game as it is now, read whenever the effect is: a continuous effect applies only while
    it holds, an activated or trigger effect is activated only if it holds. Every key given must hold."""

    controls: Annotated[
        ControlsWire | Annotated[tuple[ControlsWire, ...], Meta(min_length=1)] | UnsetType,
        doc("what a player controls (a list: every entry holds)"),
    ] = UNSET
    self_: Annotated[
        FilterWire | UnsetType, doc("this card (on an equip: the equipped monster) matches this filter")
    ] = field(default=UNSET, name="self")
    this_card: Annotated[
        Literal["attacking", "attacked", "battling", "battling_opponent_monster"] | UnsetType,
        doc("this card is the attacking monster (from its declaration), the attack target, or either; "
            "battling_opponent_monster: either, against a monster the other player controls (not a direct attack)"),
    ] = UNSET
    controlled_by_you: Annotated[
        bool | UnsetType, doc("this card is (true) / is not (false) controlled by the effect's controller (\"while "
                              "you control it\", of an effect kept on a monster: rules spec §U.25)")] = UNSET
    same_column: Annotated[
        bool | UnsetType,
        doc("true: the monster this card battles is in this card's column (cards give `column`)"),
    ] = UNSET
    summoned_this_turn: Annotated[bool | UnsetType, doc("this card was Summoned this turn (or not: false)")] = UNSET
    life_points: Annotated[LifeConditionWire | UnsetType, doc("a player's LP")] = UNSET
    materials: Annotated[MaterialsCountWire | UnsetType, doc("how many Xyz Materials this card (on an equip: the "
                                                              "equipped monster) has")] = UNSET
    turn: Annotated[Literal["own", "opponent"] | UnsetType,
                    doc("whose turn it is: the effect's controller's (\"during your turn\") or the opponent's")] = UNSET
    phase: Annotated[Literal["battle"] | UnsetType,
                     doc("battle: during the Battle Phase (its Start Step to its End Step)")] = UNSET
    condition: Annotated[
        TriggerCondition | Annotated[tuple[TriggerCondition, ...], Meta(min_length=1)] | UnsetType,
        doc("one of a trigger's conditions (or a list: every one holds), read now, about this card (on an equip: the "
            "equipped monster): \"if the equipped monster attacks a face-down Defense Position monster\": "
            "attacking_face_down"),
    ] = UNSET


class AmongWire(Wire):
    """The face-up monsters a value is read among ("the highest ATK among monsters your opponent controls")."""

    player: Relative = "both"
    filter: Annotated[FilterWire | UnsetType, doc("only the monsters that match")] = UNSET


# A value names exactly one of these (the schema's `oneOf`, the struct's own check).
VALUE_SOURCES = ("of", "highest_among", "lowest_among", "count", "lp_paid", "event_amount", "life_points")


class StatOfWire(Wire):
    """A value read from the game, as an amount: a monster's current ATK or DEF (or original ATK/DEF, Level, Rank,
    Link Rating; or the difference with another monster's), the highest or lowest among some monsters, or a count
    of cards. Exactly one of `of`, `highest_among`, `lowest_among`, `count`."""

    of: Annotated[TargetRef | UnsetType, doc("which monster: a target reference")] = UNSET
    stat: Literal["atk", "def", "original_atk", "original_def", "level", "original_level", "rank", "link_rating"] = (
        "atk"
    )
    minus: Annotated[
        TargetRef | UnsetType, doc("less the same value of this monster (none below 0): \"the difference in ATK\"")
    ] = UNSET
    halved: Annotated[bool, doc("half of it (rounded as halving is, §S.6)")] = False
    highest_among: Annotated[AmongWire | UnsetType, doc("the highest `stat` of these face-up monsters (0 if none)")] = (
        UNSET
    )
    lowest_among: Annotated[AmongWire | UnsetType, doc("the lowest `stat` of these face-up monsters (0 if none)")] = (
        UNSET
    )
    count: Annotated[PerCardWire | UnsetType, doc("how many such cards (\"for each card in your hand\")")] = UNSET
    times: Annotated[Annotated[int, Meta(ge=1, le=MAX_COUNT)], doc("the value multiplied by this (\"x 200\")")] = 1
    lp_paid: Annotated[Literal[True] | UnsetType,
                       doc("the LP this effect's activation paid as its cost (\"that much\", §U.21)")] = UNSET
    life_points: Annotated[Literal["controller", "opponent"] | UnsetType,
                           doc("a player's LP now (\"ATK equal to your LP\"), §U.27")] = UNSET
    event_amount: Annotated[Literal[True] | UnsetType,
                            doc("a trigger's: the amount of the event it answers (\"gain LP equal to the damage you "
                                "took\": effect_damage_taken; lp_paid: the LP paid), §U.27")] = UNSET
    loses: Annotated[bool, doc("the value taken away: its negative (\"loses that much ATK\")")] = False

    def __post_init__(self) -> None:
        given = [k for k in VALUE_SOURCES if getattr(self, k) is not UNSET]
        if len(given) != 1:
            got = ", ".join(given) or "none"
            raise ValueError(f"give exactly one of {', '.join(VALUE_SOURCES)} (got {got})")


def only_if_mapping(w: OnlyIfWire) -> Mapping[str, Any]:
    """An `only_if` as the library reads it: a read-only mapping, `controls` always a tuple of mappings."""
    out = dict(mapping(w))
    if "controls" in out:
        out["controls"] = tuple(mapping(c) for c in one_or_list(w.controls))
    return MappingProxyType(out)

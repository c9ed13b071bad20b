"""Effect kinds: what a card's effect is (``kind``), one struct each, declared in the table
:data:`EFFECT_KINDS` (its keys; each a type, required, or (type, default)); the activatable ones (``activated``,
``trigger``, ``flip``) carry ``does`` (operations: engine/format/ops.py), ``cost`` and ``target``. The library
(``engine/library/``) gives each its meaning. Adding one: its entry here (and in :data:`ONE_OF` if it needs one
of several keys), its section in ``docs/scenario-format.md``, and its effect type in the library."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.format.becomes_original import BecomesOriginal, check_pieces
from engine.format.card_pieces import CARD_PIECE_KINDS, DAMAGE_TOO
from engine.format.chain_locks import CHAIN_LOCK_KINDS
from engine.format.conditions import (
    BattleWire,
    FilterWire,
    OnlyIfWire,
    PerCardWire,
    RespondsToWire,
    StatOfWire,
    TargetsWire,
)
from engine.format.costs import Cost, CostWire, InsteadWire, cost_spec
from engine.format.errors import Invalid
from engine.format.event_keys import EVENT_KEYS, EVENT_KINDS, check_event_keys
from engine.format.groups import check_event_card, check_group
from engine.format.nesting import each_op
from engine.format.ops import REF_PARAMS, AnyOp, Op, op_of
from engine.format.pieces import PIECE_KIND_ONE_OF, PIECE_KINDS
from engine.format.pieces_u26 import U26_KINDS, EventCountWire
from engine.format.relative import check_relative_filters
from engine.format.vocabulary import (
    MAX_COUNT,
    Amount,
    AppliesTo,
    DamageStepWindow,
    Relative,
    Stat,
    StatChange,
    TargetRef,
    Text,
    TimingState,
    TriggerCondition,
    TriggerEvent,
    Unaffected,
    Wire,
    default,
    doc,
    mapping,
    one_or_list,
    opt,
    optional,
    params_of,
    tagged,
)

# "You can use this effect ... up to twice per turn": how many times its once_per_turn count allows (§U.24).
_USES = optional(Annotated[int, Meta(ge=2, le=MAX_COUNT)], "with once_per_turn: it can be used this many times per "
                 "turn, counted as once_per_turn counts (\"up to twice per turn\": 2)")

# One count for several effects of a card (§U.24): one effect with two timings, written as two triggers.
_GROUP = optional(Annotated[str, Meta(min_length=1, max_length=40)], "with once_per_turn: effects of this card "
                  "that give the same group share one count (\"If A, or B: ... You can use this effect up to twice "
                  "per turn\", two triggers of one effect)")

# Effect kinds that need at least one of these keys.
ONE_OF = {"no_battle_damage_at_most": ("at_most", "at_most_equal_to"), **PIECE_KIND_ONE_OF}


class EffectSpec(msgspec.Struct, frozen=True):
    kind: str
    params: Mapping[str, Any]  # the kind's own parameters, defaults filled in
    does: tuple[Op, ...] = ()
    cost: Cost | None = None
    target: str | Mapping[str, Any] | None = None  # a target reference, or the cards chosen among (TargetsWire)
    negated: bool = False


class EffectWire(Wire, tag_field="kind"):
    negated: bool = False
    pendulum_effect: Annotated[bool, doc("a Pendulum Effect: it applies (is activated) only while the card is in a "
                                          "Pendulum Zone, where its other effects do not")] = False
    only_if: Annotated[OnlyIfWire | UnsetType, doc("applies (is activated) only while this holds")] = UNSET


class ActivatableWire(EffectWire, kw_only=True):
    does: Annotated[tuple[AnyOp, ...], Meta(min_length=1)]
    cost: CostWire | UnsetType = UNSET
    target: Annotated[
        TargetRef | TargetsWire | UnsetType,
        doc("chosen on activation: a target reference, or an object: the cards its controller chooses among"),
    ] = UNSET


class NoChainWire(EffectWire, kw_only=True):
    """An action done with no chain (kind `at_timing`, rules spec §U.15): operations, no activation, no cost."""

    does: Annotated[tuple[AnyOp, ...], Meta(min_length=1)]
    target: Annotated[TargetRef | UnsetType, doc("the card its operations name as `target`")] = UNSET


_ONCE = optional(Literal["soft", "hard", "while_face_up", "battle", "name"],
                 "soft: 'once per turn' (per card); hard: 'you can only use this effect of <name> once per turn' (per "
                 "player and card name); while_face_up: 'only once while this card is face-up on the field' (per card, "
                 "across turns); battle: 'once per battle' (per card, per battle: rules spec §U.24); name: 'you can "
                 "only activate 1 <name> per turn', 'only use 1 <name> effect per turn' (per player and card name, any "
                 "of its effects so marked, §U.27)")
_BATTLE = optional(BattleWire, "who battles whom: an activation condition")
_EVENT_COUNT = optional(EventCountWire, "with on an event of cards and about other than self: how many cards of its "
                        "event concern it as it is activated (\"when exactly 1 monster is Special Summoned\": "
                        "at_least 1, at_most 1; rules spec §U.26)")
_CONDITION = default(TriggerCondition | Annotated[tuple[TriggerCondition, ...], Meta(min_length=1)], (),
                      "all must hold")
# Attack restrictions and permissions (rules spec §BP.8): the monsters they apply to.
_APPLIES = {
    "applies_to": default(AppliesTo, "self"),
    "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
}
EFFECT_KINDS: Mapping[str, type[msgspec.Struct]] = tagged(EffectWire, {
    "piercing": {"double": default(bool, False)},
    "indestructible_by_battle": {
        "times_per_turn": optional(Annotated[int, Meta(ge=1, le=MAX_COUNT)], "unlimited if absent"),
        "against_atk_at_least": optional(Stat, "only by battle with a monster with this much ATK or more: the "
                                          "value it applies in damage calculation (its DEF if it attacks with its "
                                          "DEF: Obnoxious Celtic Guard, Konami OCG FAQ 7420)"),
        "while_more_lp": default(bool, False, "only while its controller has more LP than the opponent, as decided "
                                  "before the battle damage (Aromaseraphy Jasmine, Konami OCG FAQ 21608)"),
        "against": optional(FilterWire, "only by battle with a monster that matches this (\"a Level 7 or lower "
                             "monster\")"),
        "applies_to": default(Literal["self", "other_own_monsters", "own_monsters", "opponent_monsters",
                                       "all_monsters", "pointed_to", "battling_opponent"], "self",
                               "the monsters it protects; battling_opponent: the opponent's monster this card "
                               "battles cannot be destroyed by that battle (Thorn of Malice)"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
    },
    "avoid_battle_damage": {"player": Relative,
                            "scope": default(Literal["involving", "attacking", "all"], "involving",
                                             "involving: battles involving this card; attacking: only its own "
                                             "attacks (\"battle damage from this card's attacks\"); all: every "
                                             "battle")},
    "reflect_battle_damage": {
        "scope": default(Literal["involving", "all"], "involving", "all: every battle (Dimension Wall)"),
    },
    "also_inflict_battle_damage": {},
    "both_take_battle_damage": {},
    "no_battle_damage_at_most": {
        "player": default(Relative, "controller"),
        "at_most": optional(Amount, "that player takes no battle damage of this much or less; applied last, to "
                             "each damage separately"),
        "at_most_equal_to": optional(Literal["this_card_atk"], "instead of at_most: this card's current ATK "
                                      "(Performage Trapeze Magician)"),
        **DAMAGE_TOO,
    },
    "double_battle_damage": {},
    "halve_battle_damage": {"player": Relative,
                            "inflicted_by": optional(FilterWire, "only battle damage monsters like this inflict")},
    "battle_damage_becomes": {"player": Relative, "value": Amount},
    "battle_damage_is_effect_damage": {},
    "gain_lp_instead": {"player": Relative, **DAMAGE_TOO},
    "attack_from_defense": {"apply": Literal["atk", "def"],
                            "applies_to": default(AppliesTo, "self", "the monsters that can attack from face-up "
                                                  "Defense Position (\"'Superheavy Samurai' monsters you control\": "
                                                  "own_monsters with a filter)"),
                            "filter": optional(FilterWire, "only the monsters of applies_to that match this filter")},
    "stat_modifier": {
        "atk": default(StatChange, 0),
        "def": default(StatChange, 0),
        "set_atk": optional(Stat, "its ATK becomes this (re-evaluated while it applies; gains still add)"),
        "set_def": optional(Stat, "its DEF becomes this"),
        "set_original_atk": optional(Stat, "its original ATK becomes this while it applies (\"the original ATK of "
                                     "... becomes 200\"; gains and losses still apply on top, rules spec §S.1)"),
        "set_original_def": optional(Stat, "its original DEF becomes this while it applies"),
        "atk_becomes": optional(BecomesOriginal, "its ATK becomes double (half, equal to) its original ATK while it "
                                "applies, read from the original ATK as it is then; it masks the changes resolved "
                                "effects made before it began to apply, continuous gains and losses still add (rules "
                                "spec §U.28)"),
        "def_becomes": optional(BecomesOriginal, "its DEF becomes double (half, equal to) its original DEF"),
        "applies_to": default(
            Literal["self", "other_own_monsters", "own_monsters", "opponent_monsters", "all_monsters",
                    "battling_opponent", "pointed_to"], "self", "battling_opponent: the opponent's monster this card "
            "battles; pointed_to: the monsters this Link Monster points to"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
        "while": default(Literal["always", "damage_step", "damage_calculation"], "always"),
        "when": optional(Literal["attacking", "attacked", "battling"], "any time if absent"),
        "applied_last": default(bool, False, "applied after every other change to the ATK/DEF, as a 'during damage "
                                 "calculation only' change is (Salamangreat Violet Chimera)"),
        "atk_gain_equal_to": optional(Literal["battling_opponent_atk", "half_battling_opponent_atk",
                                               "pointed_to_original_atk"],
                                       "a gain equal to (half) the ATK of the monster it battles, read again whenever "
                                       "ATK is read (Metalmorph); or to the original ATK of the face-up monsters "
                                       "this Link Monster points to (Crusadia Regulex)"),
        "halve": default(Literal["none", "atk", "def", "both"], "none", "halve the ATK/DEF it applies to, after "
                          "every other change (\"its ATK is halved during damage calculation only\")"),
        "per_card": optional(PerCardWire, "atk/def count once for each such card (Tragoedia: \"600 ATK/DEF for each "
                              "card in your hand\")"),
        "per_counter": optional(Annotated[str, Meta(min_length=1, max_length=80)],
                                "atk/def count once for each counter of this kind on the monster it applies to "
                                "(\"monsters with A-Counters lose 300 ATK/DEF for each A-Counter on them\": "
                                "A-Counter, atk -300; rules spec §U.26)"),
        "if_weaker": default(bool, False, "only while the monster's ATK without this change is lower than the ATK "
                              "of the monster it battles (Skyscraper: \"attacks a monster that has a higher ATK\")"),
        "against": optional(FilterWire, "only while the monster battles one that matches this, in the Damage Step "
                            "(\"while battling a DARK monster\")"),
        "atk_gain_of": optional(StatOfWire, "a gain equal to a value read whenever ATK is read (\"the Level of the "
                                "monster it battles x 200\": of battling_opponent, stat level, times 200); never "
                                "the ATK of the monster it changes"),
        "def_too": default(bool, False, "the atk_gain_of value is gained as DEF too (\"ATK and DEF\")"),
    },
    "activation_lock": {
        "card_type": Annotated[Literal["spell", "trap", "spell_trap", "monster", "any"],
                               doc("any: \"cannot activate cards or effects\"")],
        "player": Relative,
        "cards_only": default(bool, False, "only the activation of Spell/Trap Cards, not the effects of face-up "
                               "ones (\"cannot activate Spell/Trap Cards\")"),
        "monster_zone_only": default(bool, False, "with card_type monster: only the effects of the monsters the player "
                                     "controls in the Monster Zone (\"all monsters they control cannot activate their "
                                     "effects\"), not those activated from the hand or the GY (rules spec §U.28)"),
    },
    "extra_attacks": {
        "attacks": default(Annotated[int, Meta(ge=2, le=MAX_COUNT)], 2, "how many attacks it can make each Battle "
                           "Phase"),
        "each_monster": default(bool, False, "it can attack each monster the opponent controls once (\"attack all "
                                "monsters your opponent controls once each\"; `attacks` is not read), or attack "
                                "directly instead"),
        "monsters_only": default(bool, False, "the attacks after the first are on monsters only (\"up to 2 "
                                  "attacks on monsters\")"),
        "filter": optional(FilterWire, "with each_monster: only the opponent's monsters that match, beyond its "
                           "ordinary attack (\"attack all face-up LIGHT monsters your opponent controls once each\")"),
    },
    "unaffected": {"by": Unaffected},
    "cannot_be_targeted": {
        "by": default(Literal["opponent_effects", "effects"], "opponent_effects", "whose card effects cannot target "
                       "them"),
        **_APPLIES,
    },
    "indestructible_by_effects": {
        "by": default(Literal["opponent_effects", "effects"], "opponent_effects", "whose card effects cannot destroy "
                       "them"),
        "applies_to": default(Literal[AppliesTo, "this_card"], "self", "self: this card (on an equip: the "
                              "equipped monster); this_card: the card itself, an Equip Card too"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
    },
    "self_destroy": {},
    "banish_instead_of_graveyard": {},
    "battle_destruction_replacement": {
        "protects": default(Literal["self", "own_monsters"], "self", "self: this card (on an equip: the monster)"),
        "filter": optional(FilterWire, "with own_monsters: only the monsters that match"),
        "instead": Annotated[InsteadWire, doc("what its controller does instead of the destruction")],
        "use": default(bool, True, "whether its controller chooses to apply it (the format has no decision for it)"),
        "player_decides": default(bool, False, "its controller decides whether to apply it as a card effect that "
                                  "would destroy the card resolves (\"you can ... instead\": answers yes / no; rules "
                                  "spec §U.24); use stays true"),
        "before_battle_damage": default(bool, False, "whether it is applied is decided at damage calculation before "
                                         "battle damage (Number 102: Star Seraph Sentry), not after it"),
        "halve_battle_damage_this_turn": default(bool, False, "also: the battle damage its controller takes this "
                                                  "turn is halved, that battle's too if decided before it"),
        "by": default(Literal["battle", "effect", "both"], "battle", "the destruction it replaces: by battle, or by "
                       "a card effect (\"if it would be destroyed by a card effect, you can destroy this card "
                       "instead\")"),
    },
    "self_destroy_unless": {"condition": Text},
    "negates_battle_victims": _APPLIES,
    "cannot_attack": _APPLIES,
    "cannot_declare_attack": _APPLIES,
    "cannot_be_attacked": _APPLIES,
    "can_attack_directly": _APPLIES,
    "must_attack": _APPLIES,
    "cannot_attack_directly": _APPLIES,
    "negates_effects": {**_APPLIES,
                        "card_type": optional(Literal["spell", "trap"], "instead of monsters: every face-up card "
                                              "of this type on the field, either player's (\"negate all Trap "
                                              "effects on the field\": Jinzo)")},
    **PIECE_KINDS,  # a continuous Level change (rules spec §U.17)
    **U26_KINDS,  # rules spec §U.26
    **CARD_PIECE_KINDS,  # the approximate cards' pieces (rules spec §U.29)
    **EVENT_KINDS,  # activated effects negated by where they were activated (rules spec §U.24)
    **CHAIN_LOCK_KINDS,  # "cannot activate cards or effects in response" (rules spec §U.27)
}, ONE_OF) | tagged(ActivatableWire, {
    "activated": {
        "does": default(Annotated[tuple[AnyOp, ...], Meta(min_length=1)], (),
                         "absent: activating it does nothing more than put the card face-up (a Continuous Spell/Trap "
                         "whose continuous effects apply from then: Gravity Bind)"),
        "speed": optional(Annotated[int, Meta(ge=1, le=3)], "required, except on a counter_trap card (always 3)"),
        "during_damage_calculation": default(bool, False),
        "from": default(Literal["field", "hand", "graveyard", "banished"], "field", "where it is activated from "
                        "(banished: \"(Quick Effect): You can ... this banished card\"; rules spec §U.24)"),
        "damage_step": default(Literal["auto", "allowed", "forbidden"], "auto"),
        "windows": optional(Annotated[tuple[DamageStepWindow, ...], Meta(min_length=1)],
                             "the Damage Step windows its text names for its activation (Honest: "
                             "start_of_damage_step, before_damage_calculation): activated in those only"),
        "battle": _BATTLE,
        "on": optional(TriggerEvent, "its activation timing (Mirror Force: attack_declared): activated only in the "
                        "chain that responds to that event"),
        "condition": _CONDITION,
        "once_per_turn": _ONCE,
        "uses_per_turn": _USES,
        "once_per_turn_group": _GROUP,
        "activates_card": default(bool, True, "on a Spell/Trap: false for an effect of the face-up card (not the "
                                   "card's activation), activated only while it is face-up on the field"),
        "about": default(Literal["self", "own", "opponent", "any"], "self", "with on an event of cards or players "
                         "(special_summoned, destroyed...): whose card (or LP) its timing answers"),
        "event_filter": optional(FilterWire, "with about other than self: the card of the event must match this"),
        "event_count": _EVENT_COUNT,
        **EVENT_KEYS,  # what its timing's event carries (rules spec §U.24)
        "responds_to": optional(RespondsToWire, "what it can be activated in response to: the chain link just below "
                                 "it must be such an activation (\"when your opponent activates a Spell/Trap Card\")"),
        "to_resolve": default(bool, False, "its battle and only_if conditions must still hold as it resolves, or it "
                              "resolves with no effect (\"... must have 2 or more Xyz Materials attached to activate "
                              "and to resolve this effect\", \"this card must be face-up on the field to activate and "
                              "to resolve this effect\")"),
        "while_face_down": default(bool, False, "a monster's effect activated while the monster is face-down in the "
                                   "Monster Zone too (Big Shield Gardna), rules spec §U.27"),
        "mandatory": default(bool, False, "its controller must activate it whenever it can (a mandatory Quick Effect, "
                             "with responds_to: \"When a Spell Card is activated that targets this card: ...\"): "
                             "offered alone, with no pass, rules spec §U.27"),
    },
    "trigger": {
        "on": TriggerEvent,
        "optional": bool,
        "condition": _CONDITION,
        "from": default(Literal["field", "hand", "graveyard", "banished"], "field", "where it is activated from "
                        "(banished: \"(Quick Effect): You can ... this banished card\"; rules spec §U.24)"),
        "battle": _BATTLE,
        "once_per_turn": _ONCE,
        "uses_per_turn": _USES,
        "once_per_turn_group": _GROUP,
        "damage_step": default(Literal["auto", "allowed", "forbidden"], "auto", "forbidden: \"(except during the "
                               "Damage Step)\": not activated if its event happens in the Damage Step, then or later"),
        "about": default(Literal["self", "own", "opponent", "any"], "self", "for drawn, special_summoned, "
                         "position_changed, returned_to_hand, attack_negated, lp_paid, lp_gained, spell_trap_set "
                         "(whose field it was Set on): whose card (or LP) "
                         "it answers: "
                         "this card (its controller), any of its controller's, of the opponent's, anyone's; also "
                         "for destroyed and sent_to_graveyard (\"when a monster on the field is destroyed\")"),
        "event_filter": optional(FilterWire, "the card of the event must match this (\"a WIND monster\"), as it was on "
                                 "the field if it has just left it; with about self, this card (\"this face-up Normal "
                                 "Summoned card\", rules spec §U.27)"),
        **EVENT_KEYS,  # what its event carries (rules spec §U.24)
        "destroyed_by": optional(Literal["battle", "effect"], "with on: destroyed and about other than self: only a "
                                 "card destroyed by battle / by a card effect"),
        "card_activation": default(bool, False, "with on: activation_negated and about other than self: only the "
                                   "negated activation of a Spell/Trap Card itself, not of an effect (\"if the "
                                   "activation of a Spell/Trap Card is negated\", rules spec §U.27)"),
        "to_resolve": default(bool, False, "its battle and only_if conditions must still hold as it resolves, or it "
                              "resolves with no effect (\"... must have 2 or more Xyz Materials attached to activate "
                              "and to resolve this effect\", \"this card must be face-up on the field to activate and "
                              "to resolve this effect\")"),
    },
    "flip": {"optional": default(bool, False)},
}, ONE_OF) | tagged(NoChainWire, {
    "at_timing": {
        "at": Annotated[tuple[TimingState, ...], Meta(min_length=1),
                        doc("the states of the machine it acts in as they begin, with no chain, before their own work "
                            "(after_damage_calculation: \"after damage calculation, <do this>\")")],
    },
}, ONE_OF)  # fmt: skip
ACTIVATABLE_KINDS = frozenset(k for k, c in EFFECT_KINDS.items() if issubclass(c, ActivatableWire))
# The kinds that carry a `does` list: the activatable ones and the actions with no chain.
DOES_KINDS = ACTIVATABLE_KINDS | frozenset(k for k, c in EFFECT_KINDS.items() if issubclass(c, NoChainWire))

if TYPE_CHECKING:
    AnyEffect = EffectWire
else:
    AnyEffect = Union[tuple(EFFECT_KINDS.values())]  # noqa: UP007


def only_if_spec(e: EffectWire) -> Mapping[str, Any] | None:
    """The effect's `only_if` as a mapping, `controls` always a tuple of mappings."""
    if e.only_if is UNSET:
        return None
    out = dict(mapping(e.only_if))
    if "controls" in out:
        out["controls"] = tuple(mapping(c) for c in one_or_list(e.only_if.controls))
    return MappingProxyType(out)


def effect_spec(e: EffectWire) -> EffectSpec:
    kind, params = params_of(e)
    if (only_if := only_if_spec(e)) is not None:
        params = MappingProxyType({**params, "only_if": only_if})
    if e.pendulum_effect:
        params = MappingProxyType({**params, "pendulum_effect": True})
    if isinstance(e, NoChainWire):
        return EffectSpec(kind, params, tuple(op_of(o) for o in e.does), None, opt(e.target), e.negated)
    if not isinstance(e, ActivatableWire):
        return EffectSpec(kind, params, negated=e.negated)
    does = tuple(op_of(o) for o in e.does)
    cost = None if e.cost is UNSET else cost_spec(e.cost)
    target = mapping(e.target) if isinstance(e.target, TargetsWire) else opt(e.target)
    return EffectSpec(kind, params, does, cost, target, e.negated)


def with_speed(e: EffectSpec, ctype: str) -> EffectSpec:
    """An activated effect's speed: required, except that a Counter Trap's is (and must be) 3."""
    if e.kind != "activated":
        return e
    speed = e.params["speed"]
    if ctype == "counter_trap" and speed is None:
        return msgspec.structs.replace(e, params=MappingProxyType({**e.params, "speed": 3}))
    if ctype == "counter_trap" and speed != 3:
        raise Invalid(f"a counter_trap's speed is 3, got {speed}", "speed")
    if speed is None:
        raise Invalid("missing required key (only a counter_trap's defaults to 3)", "speed")
    return e


def _reads_event(value: Any) -> str | None:
    """The key by which a parameter reads a trigger's event (`event_cards`, `event_amount`), if it does."""
    if value == "event_cards":
        return "event_cards"
    if isinstance(value, Mapping):
        if value.get("event_amount"):
            return "event_amount"
        return next((found for v in value.values() if (found := _reads_event(v)) is not None), None)
    return None


def check_acted_on(e: EffectSpec, at: tuple[str | int, ...]) -> None:
    """The references to several cards (rules spec §U.27, §U.23): `acted_on` ("it": the cards the operation just
    before moved) never on the first operation of its list (nothing is before it); `acted_on`, `battle_victims` and
    `paid` only in operations; `paid` only with a cost; and the keys a `special_summon` or `send_to_graveyard` cannot
    take together."""
    _check_moved(e, at)
    check_relative_filters(e, at)  # (and bounds read from another card: rules spec §U.30)

def check_reads_event(e: EffectSpec, at: tuple[str | int, ...]) -> None:
    """What reads a trigger's event (rules spec §U.27) is only a trigger's: `event_cards` ("that monster") and
    `event_amount` ("the damage you took") in its operations; `card_activation` (the negated activation of its
    event) only with `on: activation_negated` about another card than its own."""
    if e.kind == "activated" and e.params.get("mandatory") and e.params.get("responds_to") is None:
        raise Invalid("a mandatory Quick Effect answers an activation: give responds_to with it", *at, "mandatory")
    if e.kind != "trigger":
        for place, op in each_op(e.does, at):
            for key, value in op.params.items():
                if (found := _reads_event(value)) is not None:
                    raise Invalid(f"{found} reads the event a trigger answers: only a trigger's operations name it, "
                                  f"this is a {e.kind} effect", *at, *place, key)  # fmt: skip
        return
    if not e.params.get("card_activation"):
        return
    if e.params.get("on") != "activation_negated" or e.params.get("about", "self") == "self":
        raise Invalid("card_activation reads the activation an event negated: give on: activation_negated and about "
                      f"own, opponent or any, got on {e.params.get('on')!r}, about {e.params.get('about', 'self')!r}",
                      *at, "card_activation")  # fmt: skip


def check_targeted(e: EffectSpec, at: tuple[str | int, ...]) -> None:
    """`targeted` names the cards chosen as targets: only an operation's `target`, of an effect whose `target` is
    an object (the cards its controller chooses among), and such an effect acts on them by that name only."""
    check_event_keys(e.params, at)  # (and what its event carries: rules spec §U.24)
    check_pieces(e.kind, e.params, e.does, at)  # (and the pieces of rules spec §U.28)
    chooses = isinstance(e.target, Mapping)
    if e.target == "targeted":
        raise Invalid("targeted names the cards chosen as targets: give target an object to choose them", *at,
                      "target")  # fmt: skip
    acts = False
    for place, op in each_op(e.does, at):  # contained operations too (§U.22)
        check_group(op, (*at, *place))
        check_event_card(e.params, op, (*at, *place))
        if op.params.get("if_it_is") is not None and op.params.get("target") is None:
            raise Invalid("if_it_is reads the card the operation's target names: give it a target", *at, *place,
                          "if_it_is")  # fmt: skip
        named = [name for name, _ in REF_PARAMS[op.op] if op.params.get(name) == "targeted"]
        named += [f"{key}.{part}" for key in VALUE_KEYS for part in ("of", "minus")
                  if (op.params.get(key) or {}).get(part) == "targeted"]  # fmt: skip
        for name in named:
            if name != "target" and not name.endswith((".of", ".minus")):
                raise Invalid("only an operation's target, or the monster whose value it reads, can name targeted",
                              *at, *place, name)  # fmt: skip
            if not chooses:
                raise Invalid("targeted names the cards chosen as targets: give the effect's target an object to "
                              "choose them", *at, *place, *name.split("."))  # fmt: skip
        acts = acts or bool(named)
    if chooses and not acts:
        raise Invalid("the effect chooses targets (target is an object) but no operation acts on them: give one "
                      "\"target\": \"targeted\"", *at, "target")  # fmt: skip


# The keys of an operation holding a value read from a card (`of`, `minus` name it).
VALUE_KEYS = ("equal_to", "atk_gain_of", "def_gain_of", "set_atk_of", "set_def_of", "add_of", "becomes_of",
              "count_of")


def _check_moved(e: EffectSpec, at: tuple[str | int, ...]) -> None:
    """`acted_on` names the cards the operation just before it (in its list) moved (§U.27, §U.23): only an operation's
    target, or the card whose value it reads, and never the first operation of a list (nothing is before it)."""
    battle = e.params.get("battle") or {}
    paid = (e.cost.lp_equal_to if e.cost is not None else None) or {}
    for value, where in ((e.target, ("target",)), (battle.get("of"), ("battle", "of")),
                         (paid.get("of"), ("cost", "lp_equal_to", "of")),
                         (paid.get("minus"), ("cost", "lp_equal_to", "minus"))):  # fmt: skip
        if value in ("acted_on", "battle_victims", "paid"):
            raise Invalid(f"{value} names several cards, each acted on in turn: only an operation can name it", *at,
                          *where)  # fmt: skip
    for place, op in each_op(e.does, at):
        pays = [k for k in ("target", "card") if op.params.get(k) == "paid"]
        pays += [f"{k}.{part}" for k in VALUE_KEYS for part in ("of", "minus")
                 if (op.params.get(k) or {}).get(part) == "paid"]  # fmt: skip
        if pays and e.cost is None:
            raise Invalid("paid names the cards the effect's cost moved: give the effect a cost", *at, *place,
                          *pays[0].split("."))  # fmt: skip
        named = [k for k in ("target", "card") if op.params.get(k) == "acted_on"]
        named += [f"{k}.{part}" for k in VALUE_KEYS for part in ("of", "minus")
                  if (op.params.get(k) or {}).get(part) == "acted_on"]  # fmt: skip
        if op.op == "special_summon" and (op.params.get("card") is not None or op.params.get("target") is not None):
            given = {"different": op.params.get("different") is not None, "up_to": op.params.get("up_to") is True}
            for other in (k for k, v in given.items() if v):
                raise Invalid(f"special_summon's {other} is for a pick of several (no card, no target): card and "
                              "target name one card", *at, *place, other)  # fmt: skip
        if op.op == "send_to_graveyard" and op.params.get("target") is not None and op.params.get("from") is not None:
            raise Invalid("send_to_graveyard takes target or from, not both", *at, *place, "from")
        if op.op == "special_summon" and op.params.get("target") is not None:
            for other in ("card", "filter"):
                if op.params.get(other) is not None:
                    raise Invalid(f"special_summon takes target or {other}, not both: target names the card (the "
                                  "one targeted, or moved), card/from/filter one picked as it resolves", *at, *place,
                                  other)  # fmt: skip
        if named and place[-1] == 0:
            raise Invalid("acted_on names the cards the operation just before moved: the first operation of a list "
                          "has none before it", *at, *place, *named[0].split("."))  # fmt: skip

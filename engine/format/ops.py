"""Operations: what an activated or trigger effect does (``does``), one struct each, tagged by ``op`` and
declared in the table :data:`OPS` (its keys; each a type, required, or (type, default)). The library
(``engine/library/ops.py``) gives each its meaning. Adding one: its entry here (and in :data:`ONE_OF` if it
needs one of several keys), its section in ``docs/scenario-format.md``, and its handler in the library; the
schema is regenerated from this table (``python -m engine schema``), and a parameter that names a card is
checked against the cards by itself (:data:`REF_PARAMS`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.format.card_pieces import CARD_PIECE_LASTING, CARD_PIECE_OPS
from engine.format.chain_locks import CHAIN_LOCK_OPS
from engine.format.conditions import FilterWire, OnlyIfWire, StatOfWire, only_if_mapping
from engine.format.event_keys import PickWire
from engine.format.pieces import PIECE_ONE_OF, PIECE_OPS
from engine.format.pieces_u26 import U26_OPS, EventCountWire
from engine.format.trap_monsters import TRAP_MONSTER_OPS
from engine.format.vocabulary import (
    MAX_COUNT,
    REFS,
    Amount,
    AnyPlayer,
    AppliesTo,
    CardRef,
    Count,
    LastingKind,
    Pile,
    PlayerMonsters,
    Position,
    Relative,
    RestrictionKind,
    Stat,
    StatChange,
    SummonFrom,
    TargetRef,
    Text,
    TimingState,
    TriggerCondition,
    Unaffected,
    Until,
    Wire,
    bare,
    default,
    doc,
    optional,
    params_of,
    struct_fields,
    tagged,
)


class Op(msgspec.Struct, frozen=True):
    op: str
    params: Mapping[str, Any]  # every key but "op", defaults filled in


class OpWire(Wire, tag_field="op"):
    pass


# Operations that need at least one of these keys.
ONE_OF = {
    "change_stats": ("atk", "def", "set_atk", "set_def", "atk_gain_equal_to", "atk_gain_of", "def_gain_of",
                     "set_atk_of", "set_def_of"),
    "damage": ("amount", "equal_to"),
    "gain_lp": ("amount", "equal_to"),
    "restrict": ("target", "applies_to"),
    "negate_effects": ("target", "all_other_cards"),
    "special_summon": ("card", "filter", "target"),
    "send_to_graveyard": ("target", "from"),
    "draw": ("count", "count_of"),
    "add_to_hand": ("card", "filter", "target"),
    "indestructible_by_battle_this_turn": ("target", "applies_to"),
    "indestructible_by_effects_this_turn": ("target", "applies_to"),
    "set_original_stats": ("set_atk", "set_def"),
    "lasting_effect": ("applies_to", "player", "target"),
    "coin_toss": ("heads", "tails", "right", "wrong"),
    "roll_dice_compared": ("higher", "lower", "tie"),
    "destroy": ("target", "pick"),
    **PIECE_ONE_OF,
}

# Operations that take exactly one of these keys (the loader refuses both; the schema says `oneOf`).
EXACTLY_ONE = {"send_to_graveyard": ("target", "from")}

_UNTIL = default(Until, "end_of_turn")
_ATK_BELOW = optional(StatOfWire, "only face-up monsters with less ATK than this value, read as it resolves (\"with "
                      "less ATK than that monster\": {\"of\": \"event_card\"}); if the monster it reads is no longer "
                      "face-up on the field, nothing is done (rules spec §U.26)")
_STATS = {
    "target": TargetRef,
    "stats": default(Literal["atk", "def", "both"], "atk", "which values"),
    "until": _UNTIL,
}
_SENT_FROM = Annotated[tuple[Literal["deck", "hand", "extra_deck"], ...], Meta(min_length=1)]
# Keys every operation may carry: its place in the effect's sequence (rules spec §U.18).
Later = Literal["after_damage_calculation", "end_of_damage_step", "end_step", "end_phase", "next_standby_phase",
                "next_own_standby_phase", "next_opponent_standby_phase"]  # (the last three: §U.31)
SEQUENCE_KEYS: Mapping[str, Any] = {
    "if_you_do": optional(Literal[True], "done only if the operation before it was done (\"..., and if you do, "
                          "...\"; \"A, and if you do, B, and if you do, C\": C needs B done)"),
    "if_it_is": optional(FilterWire, "done only if the card its target names matches this filter as it resolves "
                         "(\"..., unless it is a 'Madolche' monster, it cannot attack\": {\"not\": {\"archetype\": "
                         "\"Madolche\"}}; \"if it is Level 2 or higher, ...\")"),
    "if_event_count": optional(EventCountWire, "done only if the event the effect answers has this many cards, read "
                               "as it resolves (\"then, if 2 or more monsters were destroyed by that card effect, "
                               "...\": at_least 2; rules spec §U.26)"),
    "if_at_activation": optional(OnlyIfWire, "done only if this held when the effect was activated (\"if only "
                                 "your opponent controlled a monster when this effect was activated\"): read then, "
                                 "before the cost was paid (rules spec §U.23)"),
    "if_condition": optional(TriggerCondition | Annotated[tuple[TriggerCondition, ...], Meta(min_length=1)],
                             "done only if these named conditions hold as it is done (with later: at that moment): "
                             "\"also if an opponent's monster is destroyed by this battle and sent to the GY, inflict "
                             "1000 damage\" (rules spec §U.24)"),
    "later": optional(Later, "not done now: left for this moment of this turn, done then once, with no chain (\"at "
                      "the end of the Damage Step\", \"at the end of the Battle Phase\": end_step, \"during the "
                      "End Phase of this turn\"; or a later turn's Standby Phase: \"during the next Standby Phase\", "
                      "\"during your (your opponent's) next Standby Phase\", rules spec §U.31), on the cards its "
                      "references name now; consecutive operations with the same later are done together, in order"),
}


# Operations that contain others (rules spec §U.22): their lists are operations as an effect's `does` is, nested
# (recursive structs: msgspec resolves `AnyOp` once the union below exists), at most MAX_NESTING deep.
MAX_NESTING = 4
Does = Annotated[tuple["AnyOp", ...], Meta(min_length=1)]


class ModeWire(Wire):
    """One of the effects `choose_one` lists ("● ..."): what it does, and how a player sees it."""

    does: Annotated[Does, doc("what this effect does, as an effect's does list")]
    what: Annotated[Text | UnsetType, doc("how it is shown to the player choosing (\"destroy 1 monster\")")] = UNSET
    only_if: Annotated[OnlyIfWire | UnsetType,
                       doc("it can be chosen only while this holds as it resolves (\"Tribute 1 other monster or "
                           "destroy this card\": the Tribute only while you control another monster; rules spec "
                           "§U.25)")] = UNSET


class ResultWire(Wire):
    """What some results of a die roll do ("1 or 2: ...")."""

    on: Annotated[tuple[Annotated[int, Meta(ge=1, le=6)], ...], Meta(min_length=1),
                  doc("the results (1 to 6) this entry answers")]  # fmt: skip
    does: Annotated[Does, doc("what those results do, as an effect's does list")]


def _sequenced(table: Mapping[str, Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    return {name: {**fields, **SEQUENCE_KEYS} for name, fields in table.items()}


OPS: Mapping[str, type[msgspec.Struct]] = tagged(OpWire, _sequenced({
    "change_stats": {
        "target": optional(TargetRef, "the monster whose ATK/DEF change (or give applies_to)"),
        "applies_to": optional(PlayerMonsters, "instead of target: every face-up monster these are as it resolves, as "
                               "the controller sees them, each changed for itself (\"all face-up monsters your "
                               "opponent currently controls\": rules spec §U.26)"),
        "filter": optional(FilterWire, "with applies_to: only the monsters that match"),
        "atk": optional(StatChange, "ATK delta", default=0),
        "def": optional(StatChange, "DEF delta", default=0),
        "set_atk": optional(Stat),
        "set_def": optional(Stat),
        "atk_gain_equal_to": optional(Literal["battling_opponent_atk"]),
        "atk_gain_of": optional(StatOfWire, "an ATK gain equal to a value of a monster (its original ATK, the ATK "
                                 "difference of the battlers...), read when it resolves"),
        "def_gain_of": optional(StatOfWire, "a DEF gain equal to a value, read when it resolves"),
        "set_atk_of": optional(StatOfWire, "its ATK becomes a value read when it resolves (\"becomes that monster's "
                               "ATK\", \"double its original ATK\": times 2)"),
        "set_def_of": optional(StatOfWire, "its DEF becomes a value read when it resolves"),
        "until": _UNTIL,
    },
    # Relative stat ops (rules spec §S): a freezing current value, or a change of the original value.
    "halve_stats": _STATS,
    "double_stats": _STATS,
    "halve_original_stats": _STATS,
    "double_original_stats": _STATS,
    "switch_atk_def": {"target": TargetRef, "until": _UNTIL},
    "set_original_stats": {"target": TargetRef, "set_atk": optional(Stat), "set_def": optional(Stat),
                           "until": _UNTIL},
    "no_battle_damage_this_battle": {"player": Literal["controller", "opponent"]},
    "original_values_in_damage_calculation": {},
    "indestructible_by_battle_this_turn": {
        "target": optional(TargetRef, "the monster (or give applies_to)"),
        "applies_to": optional(AppliesTo, "the monsters, as the controller sees them (\"monsters you control\")"),
        "until": default(Until, "end_of_turn", "end_of_damage_step: \"by this battle\""),
    },
    "negate_activation": {"destroy": bool},
    "destroy": {"target": optional(TargetRef, "the card destroyed (or give pick)"),
                "pick": optional(PickWire, "instead of target: the cards its controller picks as it resolves, not "
                                 "targeted (\"destroy 1 card on the field\"; rules spec §U.24)")},
    "banish": {"target": TargetRef,
               "returns": optional(Literal["end_step", "end_phase", "next_own_battle_phase", "next_own_standby_phase"],
                                   "banished for a while (a monster on the field): it returns to the field of the "
                                   "player who controlled it at the End Step of this Battle Phase, in this turn's End "
                                   "Phase (\"until the End Phase\"), at the start of that player's next Battle "
                                   "Phase (rules spec §U.25), or in the next Standby Phase of the effect's controller "
                                   "(\"until your next Standby Phase\", §U.31)"),
               "return_position": optional(Literal["attack", "defense"], "with returns: the face-up position it "
                                           "returns in (\"in face-up Attack Position\"); absent: the one it had")},
    "return_to_hand": {"target": TargetRef},
    "shuffle_into_deck": {"target": Annotated[TargetRef, doc("the card shuffled into its owner's Deck (a Fusion, "
                                                             "Synchro, Xyz or Link Monster: the Extra Deck)")]},
    "send_to_graveyard": {"target": optional(TargetRef, "the card on the field sent (or give from)"),
                          "from": optional(_SENT_FROM, "instead of target: the effect's controller picks the card(s) "
                                           "as it resolves among theirs there that match filter (\"send 1 'Deskbot' "
                                           "monster from your Deck to the GY\"; rules spec §U.23)"),
                          "filter": optional(FilterWire, "with from: what the card must be; with target: the target "
                                             "is sent only if it matches"),
                          "count": default(Annotated[int, Meta(ge=1, le=5)], 1, "with from: how many")},
    "change_position": {"target": TargetRef, "to": Literal["attack", "defense", "set", "other"]},
    "take_control": {"target": TargetRef,
                     "until": optional(Until, "absent: for good; given: control returns to the player who had it "
                                        "then, if it is still on the field (\"until the End Phase\")")},
    "special_summon": {"card": optional(CardRef, "a monster in hand, deck or graveyard, or self (this card); "
                                         "absent: the one the effect's controller picks as it resolves (not a "
                                         "target) among their cards that `from` and `filter` name (rules spec §U.16)"),
                       "position": optional(Position, "the position the card fixes (\"in Defense Position\"); "
                                            "absent: the summoning player chooses face-up Attack or face-up Defense "
                                            "Position as it resolves (rules spec §U.16)"),
                       "from": default(Annotated[tuple[SummonFrom, ...], Meta(min_length=1)],
                                        ("hand", "deck", "graveyard"), "where it may come from (also banished, "
                                        "extra_deck, and pendulum_zone: \"Special Summon this card from your Pendulum "
                                        "Zone\", rules spec §U.27)"),
                       "treated_as": optional(Literal["fusion", "synchro", "xyz", "link", "ritual", "pendulum"],
                                              "\"(This Special Summon is treated as a Fusion Summon.)\": the Summon "
                                              "is that kind of Summon (rules spec §U.24)"),
                       "filter": optional(FilterWire, "what it must be (\"1 EARTH monster with 1500 or less ATK\")"),
                       "count": default(Annotated[int, Meta(ge=1, le=5)], 1, "with no card: how many monsters, "
                                        "Summoned at once, each picked by the controller (\"Special Summon 2 ... from "
                                        "your Deck\"): none unless that many can be, in as many free Main Monster "
                                        "Zones (rules spec §U.27)"),
                       "up_to": default(bool, False, "with count: \"up to\" count, from 0 (none: declined) to count "
                                        "(rules spec §U.23)"),
                       "different": optional(Literal["level", "name", "attribute", "monster_type"], "with count: the "
                                             "cards picked all differ in this (\"with different Levels\", §U.23)"),
                       "target": optional(TargetRef, "instead of card/from/filter: the card the effect targets in a "
                                          "Graveyard or banished (targeted: \"target 1 monster in your GY; Special "
                                          "Summon it\"), or a card the operation before it moved (acted_on); rules "
                                          "spec §U.23"),
                       "banish_when_leaves": optional(Literal[True], "\"..., but banish it when it leaves the "
                                                      "field\": wherever it would go from the field, it is banished "
                                                      "instead (rules spec §U.25, §U.23)")},
    "damage": {"player": AnyPlayer, "amount": optional(Amount),
               "equal_to": optional(StatOfWire, "instead of amount: a monster's current ATK or DEF (Magic Cylinder)")},
    "gain_lp": {"player": AnyPlayer, "amount": optional(Amount),
                "equal_to": optional(StatOfWire, "instead of amount: a monster's current ATK or DEF (Draining "
                                     "Shield)")},
    "draw": {"player": AnyPlayer, "count": optional(Count, "how many cards"),
             "count_of": optional(StatOfWire, "instead of count: a value read as it resolves (\"draw cards equal to "
                                  "your monster's Link Rating\": of own_battler, stat link_rating), rules spec §U.27")},
    "discard_hand": {"player": default(Relative, "controller", "whose hand: every card of it is discarded (\"both "
                                       "players discard as many cards as possible\": Morphing Jar)")},
    # The Battle Phase (rules spec §BP.6, §BP.7): negate the attack; end the Battle Phase; destroy all monsters of
    # a player matching a filter (Mirror Force: the opponent's Attack Position monsters).
    "negate_attack": {"target": optional(TargetRef, "the attacking monster the effect targets (\"target the "
                                       "attacking monster; negate the attack\"): nothing is negated if it is "
                                       "no longer a legal target")},
    "end_battle_phase": {},
    "restrict": {
        "kind": Annotated[RestrictionKind, doc("the restriction or permission, as its continuous kind; "
                                               "attacks_first (with a target only): the other monsters of its "
                                               "controller cannot attack until it has declared an attack (rules "
                                               "spec §U.25)")],
        "target": optional(TargetRef, "the monster it applies to (or give applies_to)"),
        "applies_to": optional(AppliesTo, "the monsters it applies to, as the controller sees them"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
        "until": _UNTIL,
    },
    "destroy_all": {"player": Relative, "filter": optional(FilterWire, "only the monsters that match"),
                    "atk_below": _ATK_BELOW},
    # Effects that last (rules spec §BP.12, §BP.13): a continuous effect on a player or all of their monsters for the
    # rest of the turn; "you take no battle damage this turn"; "it can attack again (in a row)".
    "lasting_effect": {
        "kind": Annotated[LastingKind, doc("the continuous kind that applies until `until`")],
        "applies_to": optional(PlayerMonsters, "the monsters it applies to, as the controller sees them, whenever "
                               "it is asked (monsters Summoned later too)"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match this filter"),
        "player": optional(AnyPlayer, "for a battle-damage kind: the player it applies to (default controller)"),
        "by": optional(Literal["opponent_effects", "effects"], "cannot_be_targeted: by whose effects"),
        "until": _UNTIL,
        "while_face_up": optional(Literal[True], "\"the effect lasts while this card is face-up on the field\": it "
                                  "ends when this card leaves the field or is turned face-down (with until: "
                                  "permanent, only then); nothing applies if it is not face-up there as it resolves "
                                  "(rules spec §U.25)"),
        "only_if": optional(OnlyIfWire, "it applies only while this holds (with target: about that monster, \"this "
                            "card\"; \"if it battles an opponent's monster this turn while you control it\")"),
        "card_type": optional(Literal["spell", "trap", "spell_trap", "monster", "any"],
                              "activation_lock: what cannot be activated (any: \"cards or effects\")"),
        "cards_only": optional(bool, "activation_lock: only Spell/Trap Card activations"),
        "monster_zone_only": optional(bool, "activation_lock with card_type monster: only the effects of the monsters "
                                      "the player controls (\"monsters your opponent controls cannot activate their "
                                      "effects this turn\", rules spec §U.28)"),
        "double": optional(bool, "piercing: double piercing damage"),
        "at": optional(Annotated[tuple[TimingState, ...], Meta(min_length=1)],
                       "at_timing: the states it acts in as they begin, with no chain"),
        "does": optional(Does, "at_timing: what it does then (\"destroy the opponent's monster that battled it at the "
                         "end of the Damage Step\")"),
        **CARD_PIECE_LASTING,  # a target, and damage (rules spec §U.29, §U.25)
    },
    "no_battle_damage_this_turn": {"player": default(AnyPlayer, "controller", "who takes no battle damage"),
                                   "until": _UNTIL},
    "attack_again": {"target": default(TargetRef, "attacker", "the monster that can attack once more"),
                     "in_a_row": default(bool, False, "only as the next attack declared (\"a second attack in a "
                                         "row\", \"this must be the next attack\")")},
    "all_monsters": {
        "player": Relative,
        "filter": optional(FilterWire, "only the monsters that match"),
        "do": Annotated[Literal["destroy", "banish", "return_to_hand", "shuffle_into_deck", "send_to_graveyard",
                                "change_position"], doc("what is done to each of them, at once")],
        "atk_below": _ATK_BELOW,
        "to": default(Literal["attack", "defense", "set", "other"], "defense", "with change_position: the position "
                      "(set: face-down Defense Position; other: each one's other battle position, face-up)"),
    },
    # Cards as cards (rules spec §C): equip a monster; place counters.
    "equip": {"target": Annotated[TargetRef, doc("the face-up monster it equips")],
              "card": optional(TargetRef, "the card that becomes the Equip Card (default: this card; a monster "
                                "is equipped as an Equip Spell)")},
    "add_counters": {"target": default(TargetRef, "self", "the face-up card they are placed on"),
                     "count": Annotated[int, Meta(ge=1, le=MAX_COUNT)],
                     "counter": optional(Annotated[str, Meta(min_length=1, max_length=80)],
                                         "their kind, by name (\"place 1 A-Counter\": A-Counter; rules spec §U.26); "
                                         "absent: the card's plain counters")},
    # Issue 22's pieces: negate a monster's effects; take a card from the Deck, Graveyard or banishment; place a
    # Pendulum Monster in a Pendulum Zone; make a monster unaffected by some effects.
    "negate_effects": {"target": optional(TargetRef, "the monster whose effects are negated: while it stays on the "
                                           "field and in the Graveyard it is sent to"),
                       "all_other_cards": optional(Literal[True], "instead of target: every other face-up card on the "
                                                   "field, Spells and Traps too, as it resolves (\"negate the effects "
                                                   "of all other cards on the field\"): while each stays on the field, "
                                                   "until `until`"),
                       "until": optional(Until, "absent: on the field and in the Graveyard it is sent to; given: "
                                          "while it stays on the field, until then (\"until the end of this turn\")")},
    "add_to_hand": {"target": optional(TargetRef, "instead of card/from/filter: the card the effect targets in a "
                                       "Graveyard or banished (`targeted`: \"target 1 monster in your GY; add it to "
                                       "your hand\"), to its owner's hand"),
                    "card": optional(CardRef, "the card added; absent: the one the effect's controller picks as it "
                                      "resolves among their cards that `from` and `filter` name (rules spec §U.16)"),
                    "from": default(Annotated[tuple[Pile, ...], Meta(min_length=1)], ("deck",),
                                     "where it may be taken from"),
                    "filter": optional(FilterWire, "what the card must be (\"1 'Gouki' card\"); nothing is added if it "
                                        "is not")},
    "place_in_pendulum_zone": {"card": optional(TargetRef, "a Pendulum Monster (absent: this card, unless from is "
                                                "given)"),
                               "from": optional(Annotated[tuple[Literal["hand", "deck", "extra_deck"], ...],
                                                          Meta(min_length=1)],
                                                "instead of card: the effect's controller picks, as it resolves, 1 "
                                                "Pendulum Monster of theirs there that matches filter (\"place 1 "
                                                "'Amorphage' Pendulum Monster from your Deck in your Pendulum Zone\"; "
                                                "rules spec §U.24)"),
                               "filter": optional(FilterWire, "with from: what the card must be")},
    "unaffected": {"target": TargetRef, "by": Unaffected, "until": _UNTIL},
    "change_attack_target": {"target": Annotated[TargetRef, doc("the monster that becomes the attack target")]},
    "perform_damage_calculation": {},
    # Decisions while an effect resolves, and chance (rules spec §U.16).
    "discard": {"player": default(Literal["controller", "opponent"], "opponent", "whose hand"),
                "count": default(Count, 1, "how many cards"),
                "random": default(bool, False, "at random (\"discard 1 random card\": a chance decision); else the "
                                  "hand's owner picks them as it resolves"),
                "filter": optional(FilterWire, "only cards that match")},
    # Issue 43's pieces (rules spec §U.15).
    "battle_damage_this_battle": {
        "change": Annotated[Literal["halve", "double", "zero", "gain_instead", "reflect", "also"],
                            doc("what happens to the battle damage the player takes from this battle (gain_instead: "
                                "they gain that much LP; reflect: their opponent takes it instead; also: their "
                                "opponent takes it too)")],
        "player": default(Relative, "controller"),
    },
    "indestructible_by_effects_this_turn": {
        "target": optional(TargetRef, "the monster (or give applies_to)"),
        "applies_to": optional(AppliesTo, "the monsters, as the controller sees them"),
        "filter": optional(FilterWire, "only the monsters of applies_to that match"),
        "by": default(Literal["opponent_effects", "effects"], "opponent_effects", "whose card effects cannot destroy "
                      "them (as for the kind indestructible_by_effects)"),
        "until": _UNTIL,
    },
    "set_spell_trap": {"target": default(TargetRef, "self", "the Spell/Trap Set, from the hand or the Graveyard "
                                         "(default this card; targeted: \"target 1 Trap in your GY; Set it\")"),
                       "banish_when_leaves": default(bool, False, "\"but banish it when it leaves the field\": "
                                                     "wherever it would go from the field (rules spec §U.23)")},
    # Operations that contain others (rules spec §U.22; the decisions and chance of §U.16).
    "you_can": {"does": Annotated[Does, doc("what the step does if the player says yes (\"you can ...\" as it "
                                             "resolves; a later operation with if_you_do needs it done)")],
                "player": optional(Literal["controller", "opponent"], "who decides (default: the effect's "
                                   "controller)"),
                "what": optional(Text, "how the question is shown (\"draw 1 card\")")},
    "choose_one": {"modes": Annotated[tuple[ModeWire, ...], Meta(min_length=2, max_length=MAX_COUNT),
                                      doc("the listed effects; the effect's controller applies one, chosen as it "
                                          "resolves (answers: mode, from 0)")]},
    "coin_toss": {"heads": optional(Does, "what heads does (answers: coin); absent: nothing"),
                  "tails": optional(Does, "what tails does; absent: nothing"),
                  "call": optional(Literal[True], "\"toss a coin and call it\": the effect's controller calls a "
                                   "side first, as it resolves (answers: call, then coin); give right / wrong, not "
                                   "heads / tails"),
                  "right": optional(Does, "with call: what a right call does; absent: nothing"),
                  "wrong": optional(Does, "with call: what a wrong call does; absent: nothing")},
    "roll_die": {"results": Annotated[tuple[ResultWire, ...], Meta(min_length=1, max_length=6),
                                      doc("what each result of a six-sided die does; a result no entry lists does "
                                          "nothing (answers: die)")]},
    "tribute": {"count": default(Annotated[int, Meta(ge=1, le=MAX_COUNT)], 1, "how many monsters"),
                "other_than_self": default(bool, False, "not this card (\"Tribute 1 other monster\")"),
                "player": default(Literal["controller", "opponent"], "controller", "who Tributes a monster they "
                                  "control, and picks it (\"make your opponent Tribute 1 monster they control (their "
                                  "choice)\": opponent)"),
                "filter": optional(FilterWire, "only monsters that match")},
    "roll_dice_compared": {
        "higher": optional(Does, "what happens if the effect's controller's result is higher (answers: die, die: "
                           "the controller's, then the opponent's); absent: nothing"),
        "lower": optional(Does, "what happens if it is lower; absent: nothing"),
        "tie": optional(Does, "what happens on a tie; absent: nothing"),
        "tie_rolls_again": optional(Literal[True], "\"if it's a tie, both players roll again\" (give no tie)"),
    },
    **PIECE_OPS,  # Level changes, Tokens (rules spec §U.17)
    **U26_OPS,  # a Tribute by an effect (rules spec §U.26)
    **CARD_PIECE_OPS,  # the approximate cards' pieces (rules spec §U.29)
    **TRAP_MONSTER_OPS,  # a Trap Card Special Summoned as a monster (rules spec §U.27)
    **CHAIN_LOCK_OPS,  # "cannot activate cards or effects in response" (rules spec §U.27)
}), ONE_OF)  # fmt: skip

if TYPE_CHECKING:  # for msgspec, the union of the tagged structs (by their tag); for mypy, their base
    AnyOp = OpWire
else:
    AnyOp = Union[tuple(OPS.values())]  # noqa: UP007


def op_of(v: msgspec.Struct) -> Op:
    """An operation as the engine gets it: its parameters, defaults filled in; the sequence keys only if given; the
    operations it contains as the library runs them (mappings with their `op`, `nested_params`)."""
    name, params = params_of(v)
    if isinstance(v, OpWire) and getattr(v, "if_at_activation", UNSET) is not UNSET:
        params = MappingProxyType({**params, "if_at_activation": _only_if(params["if_at_activation"])})
    if name in NESTING:  # a list left out is empty
        params = MappingProxyType({k: () if x is None and k in NESTING[name] else nested_value(x)
                                   for k, x in params.items()})  # fmt: skip
    if all(params[k] is not None for k in SEQUENCE_KEYS):
        return Op(name, params)
    return Op(name, MappingProxyType({k: x for k, x in params.items() if k not in SEQUENCE_KEYS or x is not None}))


def _only_if(cond: Mapping[str, Any]) -> Mapping[str, Any]:
    """An `only_if` object as the library reads it: `controls` always a tuple of mappings."""
    controls = cond.get("controls")
    if isinstance(controls, Mapping):
        return MappingProxyType({**cond, "controls": (controls,)})
    return cond


# The operations that contain others, and the keys holding them (a list of operations, or of modes / results).
NESTING: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"you_can": ("does",), "choose_one": ("modes",), "coin_toss": ("heads", "tails", "right", "wrong"),
     "roll_die": ("results",), "roll_dice_compared": ("higher", "lower", "tie"), "lasting_effect": ("does",)}
)


def nested_params(v: msgspec.Struct) -> Mapping[str, Any]:
    """A contained operation as the library runs it: its parameters as `op_of` gives them, with its `op`."""
    op = op_of(v)
    return MappingProxyType({"op": op.op, **op.params})


def nested_value(x: Any) -> Any:
    """A parameter of an operation that contains others: its operations (in a list, a mode or a result) as
    `nested_params`; anything else as it is."""
    if isinstance(x, OpWire):
        return nested_params(x)
    if isinstance(x, OnlyIfWire):
        return only_if_mapping(x)
    if isinstance(x, ModeWire | ResultWire):
        return MappingProxyType({k: nested_value(y) for k, y in msgspec.structs.asdict(x).items() if y is not UNSET})
    if isinstance(x, tuple):
        return tuple(nested_value(y) for y in x)
    return x


def summons_self(op: Op) -> bool:
    """`special_summon` of the card itself (``"card": "self"``: Battle Fader, from the hand); the effect does
    nothing where the card is not in the hand, Deck or Graveyard."""
    return bool(op.op == "special_summon" and op.params.get("card") == "self")


# The parameters of each operation that name a card: (key, "card_ref" | "target_ref").
REF_PARAMS = {
    name: tuple((k, m.title) for k, f in struct_fields(cls).items() for m in bare(f.type)[1] if m.title in REFS)
    for name, cls in OPS.items()
}

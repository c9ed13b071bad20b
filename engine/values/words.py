"""The words a player reads for the engine's values: one table per enum, and the few phrases made of them.

The enums' values (``"monster_zone"``, ``"end_of_turn"``, ``"halve"``) are the machine's vocabulary: the scenario
format, events' JSON and traces keep them as they are. Text made for a person (the trace, the debugger's
explanations, the stepper, the viewer) says them with these words instead ("the Monster Zone", "until the end of the
turn", "original ATK halved"). Events' details and the rules' refusals are made in the layers below the clients and
keep their machine form (they are written to traces); :func:`in_words` says the values they quote in words, for a
reader. The lowest layer, so every client can read it (docs/design.md).
"""

from __future__ import annotations

import re
from typing import Final

from engine.values.effects import DamageStage, TriggerEvent
from engine.values.game import Location, OriginalOp, Phase, Position, Window

__all__ = [
    "DAMAGE_STAGES", "LOCATIONS", "ORIGINAL_OPS", "PHASES", "POSITIONS", "TITLES", "TRIGGERS", "UNTILS", "WINDOWS",
    "in_words", "is_at", "moves", "place", "position", "trigger", "until",
]  # fmt: skip

# Where a card is: the place, as said after "from"/"to" ("moves from the Monster Zone to the Graveyard").
LOCATIONS: Final[dict[Location, str]] = {
    Location.MONSTER_ZONE: "the Monster Zone",
    Location.SPELL_TRAP_ZONE: "the Spell & Trap Zone",
    Location.FIELD_ZONE: "the Field Zone",
    Location.HAND: "the hand",
    Location.GRAVEYARD: "the Graveyard",
    Location.BANISHED: "banished",
    Location.DECK: "the Deck",
    Location.EXTRA_DECK: "the Extra Deck",
    Location.GONE: "nowhere (a Token off the field does not exist)",
}

# A monster's battle position: "changes to face-up Defense Position".
POSITIONS: Final[dict[Position, str]] = {
    Position.ATTACK: "Attack Position",
    Position.DEFENSE: "face-up Defense Position",
    Position.SET: "face-down Defense Position",
}

# The machine's states (and the windows, which share their values) as headings: "== Start of the Damage Step ==".
TITLES: Final[dict[str, str]] = {
    "main_phase_1": "Main Phase 1",
    "start_step": "Start Step",
    "battle_step": "Battle Step",
    "attack_declared": "Attack declared",
    "replay": "Replay",
    "start_of_damage_step": "Start of the Damage Step",
    "flip": "Flip of the attack target",
    "before_damage_calculation": "Before damage calculation",
    "during_damage_calculation": "During damage calculation",
    "perform_damage_calculation": "Damage calculation",
    "after_damage_calculation": "After damage calculation",
    "send_destroyed_by_battle": "Sending monsters destroyed by battle",
    "end_of_damage_step": "End of the Damage Step",
    "step_over": "The Damage Step is over",
    "end_step": "End Step",
    "main_phase_2": "Main Phase 2: the Battle Phase is over",
    "end_phase": "End Phase",
    "turn_over": "The turn is over",
    "draw_phase": "Draw Phase of the next turn",
    "standby_phase": "Standby Phase of the next turn",
    "duel_over": "The Duel is over",
}
assert TITLES.keys() == {p.value for p in Phase}, "every machine state has its heading"

# The same in a sentence ("in the start of the Damage Step only ... can be activated").
PHASES: Final[dict[str, str]] = {
    "main_phase_1": "Main Phase 1",
    "start_step": "the Start Step",
    "battle_step": "the Battle Step",
    "attack_declared": "the attack declaration",
    "replay": "the replay",
    "start_of_damage_step": "the start of the Damage Step",
    "flip": "the flip of the attack target",
    "before_damage_calculation": "before damage calculation",
    "during_damage_calculation": "during damage calculation",
    "perform_damage_calculation": "damage calculation",
    "after_damage_calculation": "after damage calculation",
    "send_destroyed_by_battle": "the sending of monsters destroyed by battle",
    "end_of_damage_step": "the end of the Damage Step",
    "step_over": "the end of the Damage Step",
    "end_step": "the End Step",
    "main_phase_2": "Main Phase 2",
    "end_phase": "the End Phase",
    "turn_over": "the end of the turn",
    "draw_phase": "the Draw Phase",
    "standby_phase": "the Standby Phase",
    "duel_over": "the end of the Duel",
}
assert PHASES.keys() == TITLES.keys()

# The sub-timings (`Window`) in a sentence: most share their machine state's value; the window after an attack
# declaration is its own ("attack_declaration").
WINDOWS: Final[dict[str, str]] = {
    **{w.value: PHASES[w.value] for w in Window if w.value in PHASES},
    "attack_declaration": "the window after the attack declaration",
}
assert WINDOWS.keys() == {w.value for w in Window}, "every window is said in words"

# How long a lingering effect lasts (`engine.actions.UNTILS`): "ATK +700 until the end of the turn".
UNTILS: Final[dict[str, str]] = {
    "end_of_turn": "until the end of the turn",
    "end_of_battle_phase": "until the end of the Battle Phase",
    "end_of_damage_step": "until the end of the Damage Step",
    "damage_calculation": "until the end of damage calculation",
    "permanent": "while it stays face-up on the field",
}

# A change of a monster's original ATK/DEF: "original ATK halved".
ORIGINAL_OPS: Final[dict[OriginalOp, str]] = {
    OriginalOp.BECOMES: "becomes",
    OriginalOp.HALVE: "halved",
    OriginalOp.DOUBLE: "doubled",
}

# What sets a triggered effect off, named: "Mystic Tomato's effect triggers (destroyed by battle and sent to the
# Graveyard)".
TRIGGERS: Final[dict[TriggerEvent, str]] = {
    TriggerEvent.START_OF_BATTLE_PHASE: "start of the Battle Phase",
    TriggerEvent.ATTACK_DECLARED: "an attack declared",
    TriggerEvent.TARGETED_FOR_ATTACK: "chosen as the attack target",
    TriggerEvent.START_OF_DAMAGE_STEP: "start of the Damage Step",
    TriggerEvent.BEFORE_DAMAGE_CALCULATION: "before damage calculation",
    TriggerEvent.BATTLE_DAMAGE_INFLICTED: "battle damage inflicted",
    TriggerEvent.BATTLE_DAMAGE_TAKEN: "battle damage taken",
    TriggerEvent.AFTER_DAMAGE_CALCULATION: "after damage calculation",
    TriggerEvent.FLIPPED: "flipped face-up",
    TriggerEvent.DESTROYED_BY_BATTLE: "destroyed by battle",
    TriggerEvent.DESTROYED_BY_BATTLE_AND_SENT_TO_GRAVEYARD: "destroyed by battle and sent to the Graveyard",
    TriggerEvent.DESTROYS_BY_BATTLE: "destroys a monster by battle",
    TriggerEvent.END_OF_DAMAGE_STEP: "end of the Damage Step",
    TriggerEvent.END_OF_BATTLE_PHASE: "end of the Battle Phase",
    TriggerEvent.DURING_DAMAGE_CALCULATION: "during damage calculation",
    TriggerEvent.DESTROYED: "destroyed",
    TriggerEvent.SENT_TO_GRAVEYARD: "sent to the Graveyard",
    TriggerEvent.END_PHASE: "the End Phase",
    TriggerEvent.STANDBY_PHASE: "the Standby Phase",
    TriggerEvent.DRAWN: "drawn",
    TriggerEvent.SPECIAL_SUMMONED: "Special Summoned",
    TriggerEvent.POSITION_CHANGED: "its battle position changed",
    TriggerEvent.RETURNED_TO_HAND: "returned to the hand",
    TriggerEvent.LP_PAID: "LP paid",
    TriggerEvent.ATTACK_NEGATED: "an attack negated",
    TriggerEvent.TRIBUTED: "Tributed",
    TriggerEvent.ADDED_TO_HAND: "added to the hand",
    TriggerEvent.EFFECT_DAMAGE_TAKEN: "effect damage taken",
    TriggerEvent.ACTIVATION_NEGATED: "its activation negated",
    TriggerEvent.SUMMONED_FROM_EXTRA_DECK: "Special Summoned from the Extra Deck",
    TriggerEvent.DESTROYED_AND_SENT_TO_GRAVEYARD: "destroyed and sent to the Graveyard",
    TriggerEvent.LP_GAINED: "LP gained",
    TriggerEvent.EFFECT_ACTIVATED: "its effect activated",
    TriggerEvent.LEFT_FIELD: "left the field",
    TriggerEvent.SPELL_TRAP_SET: "Set in the Spell & Trap Zone",
}


def trigger(value: str) -> str:
    """A trigger event's name in words (an unknown one as it is)."""
    try:
        return TRIGGERS[TriggerEvent(value)]
    except ValueError:
        return value


# The battle-damage modifiers of the official order (§2.6), as the damage calculation lists them.
DAMAGE_STAGES: Final[dict[DamageStage, str]] = {
    DamageStage.BOTH: "inflicted on both players",
    DamageStage.REFLECT: "taken by the opponent instead",
    DamageStage.ALSO: "also inflicted on the opponent",
    DamageStage.TO_EFFECT: "treated as effect damage",
    DamageStage.GAIN: "gained as LP instead",
    DamageStage.ZERO: "made 0",
    DamageStage.HALVE: "halved",
    DamageStage.DOUBLE: "doubled",
    DamageStage.BECOMES: "made a fixed amount",
    DamageStage.AT_MOST: "made 0 when at most a limit",
}

# The scenario format's own words that rules quote in their refusals, for a reader.
_FORMAT: Final[dict[str, str]] = {
    "no change_stats operation; changes_stats is False": "it has no operation that changes ATK/DEF",
    "return_to_hand": "returned to the hand",
    "shuffle_into_deck": "shuffled into the Deck",
}


def place(location: Location | str) -> str:
    """A place in words ("the Graveyard"); a value that is no location is said as it is."""
    try:
        return LOCATIONS[Location(location)]
    except ValueError:
        return str(location)


def is_at(location: Location | str) -> str:
    """Where a card is, after its name: "is in the Graveyard", "is banished"."""
    where = place(location)
    return "is banished" if where == "banished" else f"is in {where}"


def moves(card: str, source: Location | str | None, to: Location | str | None) -> str:
    """A card moving, in words: "X moves from the Monster Zone to the Graveyard", "X is banished from the hand"."""
    src = place(source) if source is not None else "somewhere"
    dst = place(to) if to is not None else "somewhere"
    if dst == "banished":
        return f"{card} is banished from {src}" if src != "banished" else f"{card} stays banished"
    if src == "banished":
        return f"{card} returns from being banished to {dst}"
    return f"{card} moves from {src} to {dst}"


def position(value: Position | str) -> str:
    """A battle position in words ("face-up Defense Position"); an unknown one as it is."""
    try:
        return POSITIONS[Position(value)]
    except ValueError:
        return str(value)


def until(value: str) -> str:
    """A duration in words: "until the end of the turn" (an unknown one: "until <value>")."""
    return UNTILS.get(value, f"until {value}")


_TOKEN = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_UNTIL = re.compile(r"\buntil ([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\b")
_ORIGINAL = re.compile(r"\boriginal (ATK|DEF) (halve|double)\b")
_THE_PLACE = re.compile(r"\bthe (monster_zone|spell_trap_zone|graveyard|hand|deck|extra_deck|banished)\b")
_FORMAT_RE = re.compile("|".join(map(re.escape, _FORMAT)))
# Each raw value a lower layer may quote, with its words (a later table wins: a window is said as a time).
_TERMS: Final[dict[str, str]] = {
    **{loc.value: LOCATIONS[loc] for loc in Location},
    **{t.value: TRIGGERS[t] for t in TriggerEvent},
    **PHASES,
    **WINDOWS,
    **{s.name.lower(): DAMAGE_STAGES[s] for s in DamageStage},
}


def in_words(text: str) -> str:
    """A message made by the layers below the clients (an event's detail, a rule's refusal) with the raw values it
    quotes said in words: "ATK +700 until end_of_turn" -> "ATK +700 until the end of the turn", "original ATK halve"
    -> "original ATK halved", "in before_damage_calculation" -> "in before damage calculation". Anything else (card
    names and ids among it) is left as it is."""
    text = _FORMAT_RE.sub(lambda m: _FORMAT[m.group(0)], text)
    text = _UNTIL.sub(lambda m: UNTILS.get(m.group(1), m.group(0)), text)
    text = _ORIGINAL.sub(lambda m: f"original {m.group(1)} {ORIGINAL_OPS[OriginalOp(m.group(2))]}", text)
    text = _THE_PLACE.sub(lambda m: place(m.group(1)), text)
    return _TOKEN.sub(lambda m: _TERMS.get(m.group(0), m.group(0)), text)

"""The game's vocabulary as values: players, places, positions, card kinds, the Damage Step's
sub-timings and the machine's states. The lowest layer: everything else names these, and they
name nothing above them (docs/design.md)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

import attrs

from engine.values.enums import FastEnum, fast_reads


class Player(IntEnum):
    """A player as a small int, so it indexes tuples directly."""

    A = 0
    B = 1

    @property
    def opponent(self) -> Player:
        return opponent_of(self)

    def __str__(self) -> str:
        return self.name


fast_reads(Player)

# Both players, turn order aside: a tuple, since iterating an Enum class is slow (hot path).
PLAYERS: Final = (Player.A, Player.B)
# The most Life Points a player can have: the format's bound (a signed 32-bit integer, for tools in other languages),
# kept during play too: a gain past it leaves the LP at it (scenario-format.md, "Differences": Bounds).
MAX_LP: Final = 2_147_483_647


# The engine calls these two functions rather than the properties `Player.opponent` and
# `Location.on_field` (which call them, for hosts): compiled, a function call is C, whereas a
# property of an enum member is a Python attribute lookup (docs/compiled-build.md).
def opponent_of(player: Player) -> Player:
    """The other player."""
    return Player.B if player is Player.A else Player.A


class Location(FastEnum):
    MONSTER_ZONE = "monster_zone"
    SPELL_TRAP_ZONE = "spell_trap_zone"
    FIELD_ZONE = "field_zone"  # a player's Field Spell (rules spec §BP.15)
    HAND = "hand"
    GRAVEYARD = "graveyard"
    BANISHED = "banished"
    DECK = "deck"
    EXTRA_DECK = "extra_deck"
    # No place: a Token that left the field has ceased to exist (rules spec §U.17); no card is ever moved here else
    GONE = "gone"

    @property
    def on_field(self) -> bool:
        return is_on_field(self)


def is_on_field(location: Location) -> bool:
    """Whether a card there is on the field (a Monster or Spell & Trap Zone)."""
    return location is Location.MONSTER_ZONE or location is Location.SPELL_TRAP_ZONE or location is Location.FIELD_ZONE


def holds_spells_traps(location: Location) -> bool:
    """A place on the field for Spell/Trap Cards: a Spell & Trap Zone, or the Field Zone (a Field Spell's)."""
    return location is Location.SPELL_TRAP_ZONE or location is Location.FIELD_ZONE


class Attribute(FastEnum):
    """A monster's Attribute, as printed ("if this card battles a LIGHT monster")."""

    LIGHT = "light"
    DARK = "dark"
    WATER = "water"
    FIRE = "fire"
    EARTH = "earth"
    WIND = "wind"
    DIVINE = "divine"


class MonsterType(FastEnum):
    """A monster's Type (the official list, as printed: "Winged Beast", "Sea Serpent")."""

    AQUA = "aqua"
    BEAST = "beast"
    BEAST_WARRIOR = "beast_warrior"
    CREATOR_GOD = "creator_god"
    CYBERSE = "cyberse"
    DINOSAUR = "dinosaur"
    DIVINE_BEAST = "divine_beast"
    DRAGON = "dragon"
    FAIRY = "fairy"
    FIEND = "fiend"
    FISH = "fish"
    ILLUSION = "illusion"
    INSECT = "insect"
    MACHINE = "machine"
    PLANT = "plant"
    PSYCHIC = "psychic"
    PYRO = "pyro"
    REPTILE = "reptile"
    ROCK = "rock"
    SEA_SERPENT = "sea_serpent"
    SPELLCASTER = "spellcaster"
    THUNDER = "thunder"
    WARRIOR = "warrior"
    WINGED_BEAST = "winged_beast"
    WYRM = "wyrm"
    ZOMBIE = "zombie"


class Position(FastEnum):
    ATTACK = "attack"
    DEFENSE = "defense"  # face-up Defense Position
    SET = "set"  # face-down Defense Position

    @property
    def is_defense(self) -> bool:
        return self is not Position.ATTACK


class CardType(FastEnum):
    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"
    COUNTER_TRAP = "counter_trap"

    @property
    def is_trap(self) -> bool:
        return self in (CardType.TRAP, CardType.COUNTER_TRAP)


class Property(FastEnum):
    """A Spell or Trap Card's Property (its icon): whether it stays on the field once activated
    (rules spec §C.1). Counter Traps are their own card type (`CardType.COUNTER_TRAP`)."""

    NORMAL = "normal"
    CONTINUOUS = "continuous"
    EQUIP = "equip"
    QUICK_PLAY = "quick_play"
    FIELD = "field"
    RITUAL = "ritual"


# What a monster's type line says beyond its Type (a Tuner, a Toon monster...): filters read them
# ("a Warrior-Type Tuner monster"). Plain strings in a frozenset, as a card rarely has more than one.
ABILITIES: Final = ("tuner", "toon", "spirit", "union", "gemini", "flip", "normal", "effect", "fusion", "synchro",
                    "xyz", "link", "ritual", "token")  # fmt: skip

# How a monster on the field was Summoned ("this Link Summoned card"): None when not said.
SUMMON_KINDS: Final = ("normal", "flip", "special", "fusion", "synchro", "xyz", "link", "ritual", "pendulum")

# Main Monster Zone columns, 0-4 from the controller's left; a column faces the opponent's 4 - column.
COLUMNS: Final = 5


class OncePerTurn(FastEnum):
    """How often an effect may be activated (rules spec §C.4): `SOFT` "once per turn" counts per card
    (a card that leaves the field, or is turned face-down, is a new card); `HARD` "you can only use this
    effect of <name> once per turn" counts per player and card name; `WHILE_FACE_UP` "this effect can only be used
    once while this card is face-up on the field" counts per card, across turns; `NAME` "you can only activate 1 <name>
    per turn" / "you can only use 1 <name> effect per turn" counts per player and card name, whichever effect it is
    (rules spec §U.27); `BATTLE` "once per battle" per card and attack (rules spec §U.23, §U.24)."""

    UNLIMITED = "unlimited"
    SOFT = "soft"
    HARD = "hard"
    BATTLE = "battle"  # "once per battle": per card, per battle (rules spec §U.24)
    WHILE_FACE_UP = "while_face_up"
    NAME = "name"


class Window(FastEnum):
    """The sub-timings in which players may act, in rulebook order: the Battle Step's (its Start Step,
    the attack declaration, the window after it, its End Step) and the Damage Step's five."""

    START_STEP = "start_step"
    BATTLE_STEP = "battle_step"  # the turn player declares an attack or ends the Battle Phase (a decision)
    ATTACK_DECLARATION = "attack_declaration"  # after an attack is declared (or a replay): its responses
    START_OF_DAMAGE_STEP = "start_of_damage_step"
    BEFORE_DAMAGE_CALCULATION = "before_damage_calculation"
    DURING_DAMAGE_CALCULATION = "during_damage_calculation"
    AFTER_DAMAGE_CALCULATION = "after_damage_calculation"
    END_OF_DAMAGE_STEP = "end_of_damage_step"
    END_STEP = "end_step"
    END_PHASE = "end_phase"  # the End Phase, when a run plays it (rules spec §BP.14)
    STANDBY_PHASE = "standby_phase"  # the next turn's Standby Phase, when a run plays it (rules spec §U.31)


class Phase(FastEnum):
    """The states of the Battle Phase machine, in rulebook order (declared in `engine.machine`). The Main
    Phases on either side are the host's: the machine starts in Main Phase 1 and stops in Main Phase 2."""

    MAIN_PHASE_1 = "main_phase_1"
    START_STEP = "start_step"
    BATTLE_STEP = "battle_step"
    ATTACK_DECLARED = "attack_declared"
    REPLAY = "replay"
    START_OF_DAMAGE_STEP = "start_of_damage_step"
    FLIP = "flip"
    BEFORE_DAMAGE_CALCULATION = "before_damage_calculation"
    DURING_DAMAGE_CALCULATION = "during_damage_calculation"
    PERFORM_DAMAGE_CALCULATION = "perform_damage_calculation"
    AFTER_DAMAGE_CALCULATION = "after_damage_calculation"
    SEND_DESTROYED_BY_BATTLE = "send_destroyed_by_battle"
    END_OF_DAMAGE_STEP = "end_of_damage_step"
    STEP_OVER = "step_over"
    END_STEP = "end_step"
    MAIN_PHASE_2 = "main_phase_2"
    END_PHASE = "end_phase"  # played when asked (`GameState.play_end_phase`: a run's key, `Duel.end_turn`)
    TURN_OVER = "turn_over"  # the turn has ended: the other player's turn begins in its Main Phase 1
    DRAW_PHASE = "draw_phase"  # the next turn's Draw Phase, when asked (`GameState.standby_phases`, rules spec §U.31)
    STANDBY_PHASE = "standby_phase"  # the next turn's Standby Phase, when asked (rules spec §U.31)
    DUEL_OVER = "duel_over"


# Phases during which "during the Damage Step" continuous effects apply.
DAMAGE_STEP_PHASES: Final = frozenset(
    {
        Phase.START_OF_DAMAGE_STEP,
        Phase.FLIP,
        Phase.BEFORE_DAMAGE_CALCULATION,
        Phase.DURING_DAMAGE_CALCULATION,
        Phase.PERFORM_DAMAGE_CALCULATION,
        Phase.AFTER_DAMAGE_CALCULATION,
        Phase.SEND_DESTROYED_BY_BATTLE,
        Phase.END_OF_DAMAGE_STEP,
    }
)
# Phases during which "during damage calculation" continuous effects apply.
DAMAGE_CALCULATION_PHASES: Final = frozenset({Phase.DURING_DAMAGE_CALCULATION, Phase.PERFORM_DAMAGE_CALCULATION})
# The Damage Step's windows.
DAMAGE_STEP_WINDOWS: Final = frozenset(
    {
        Window.START_OF_DAMAGE_STEP,
        Window.BEFORE_DAMAGE_CALCULATION,
        Window.DURING_DAMAGE_CALCULATION,
        Window.AFTER_DAMAGE_CALCULATION,
        Window.END_OF_DAMAGE_STEP,
    }
)


SUB_TIMING: Final = {
    Phase.START_STEP: Window.START_STEP,
    Phase.BATTLE_STEP: Window.BATTLE_STEP,
    Phase.ATTACK_DECLARED: Window.ATTACK_DECLARATION,
    Phase.REPLAY: Window.ATTACK_DECLARATION,
    Phase.START_OF_DAMAGE_STEP: Window.START_OF_DAMAGE_STEP,
    Phase.FLIP: Window.BEFORE_DAMAGE_CALCULATION,
    Phase.BEFORE_DAMAGE_CALCULATION: Window.BEFORE_DAMAGE_CALCULATION,
    Phase.DURING_DAMAGE_CALCULATION: Window.DURING_DAMAGE_CALCULATION,
    Phase.PERFORM_DAMAGE_CALCULATION: Window.DURING_DAMAGE_CALCULATION,
    Phase.AFTER_DAMAGE_CALCULATION: Window.AFTER_DAMAGE_CALCULATION,
    Phase.SEND_DESTROYED_BY_BATTLE: Window.END_OF_DAMAGE_STEP,
    Phase.END_OF_DAMAGE_STEP: Window.END_OF_DAMAGE_STEP,
    Phase.STEP_OVER: Window.END_OF_DAMAGE_STEP,  # effects expire as the Battle Step is re-entered
    Phase.END_STEP: Window.END_STEP,
    Phase.END_PHASE: Window.END_PHASE,
    Phase.STANDBY_PHASE: Window.STANDBY_PHASE,
}


class OriginalOp(FastEnum):
    """How an effect changes a monster's original ATK/DEF (stat layer 1, docs/stat-layers.md)."""

    BECOMES = "becomes"
    HALVE = "halve"
    DOUBLE = "double"


@attrs.frozen(slots=True)
class OriginalChange:
    """ "The original ATK (or DEF) becomes X / is halved / is doubled" (Shrink, Megamorph)."""

    op: OriginalOp
    value: int = 0  # for BECOMES

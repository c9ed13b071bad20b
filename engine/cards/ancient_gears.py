"""The "Ancient Gear" monsters whose attacks lock out the opponent's cards until the end of the Damage Step (A-L
cards of issue 43): Ancient Gear Golem, Ancient Gear Soldier, Ancient Gear Beast, Ancient Gear Wyvern, Ancient Gear
Hunting Hound. "If this card attacks" lasts from its attack declaration until the end of the Damage Step (rules spec
§U.1: `only_if: {"this_card": "attacking"}`); Summon conditions and Main Phase effects are the host's. Their cases
are in tests/rules/library-cards-3-cases.jsonl (LC3-AG*)."""

from __future__ import annotations

from engine.cards.card import CardDef

_SPELL_TRAP_LOCK = {"kind": "activation_lock", "card_type": "spell_trap", "player": "opponent", "cards_only": True,
                    "only_if": {"this_card": "attacking"}}  # fmt: skip


def _gear(key: str, name: str, atk: int, def_: int, level: int, text: str, ruling: str, *extra: dict[str, object],
          lock: dict[str, object] = _SPELL_TRAP_LOCK) -> CardDef:
    return CardDef(key=key, name=name, card_type="monster", atk=atk, def_=def_, level=level, attribute="earth",
                   monster_type="machine", text=text, ruling=ruling, effects=(lock, *extra), fidelity="exact")


ANCIENT_GEAR_GOLEM = _gear(
    "ancient_gear_golem", "Ancient Gear Golem", 3000, 3000, 8,
    "Cannot be Special Summoned. If this card attacks, your opponent cannot activate any Spell/Trap Cards until the "
    "end of the Damage Step. If this card attacks a Defense Position monster, inflict piercing battle damage.",
    "The lock stops the activation of Spell/Trap Cards, not the effects of face-up ones (ProjectIgnis/CardScripts "
    "c83104731: EFFECT_CANNOT_ACTIVATE, `re:IsHasType(EFFECT_TYPE_ACTIVATE)`); case LC3-AGG-001. "
    "https://yugipedia.com/wiki/Ancient_Gear_Golem",
    {"kind": "piercing"},
)

ANCIENT_GEAR_SOLDIER = _gear(
    "ancient_gear_soldier", "Ancient Gear Soldier", 1300, 1300, 4,
    "If this card attacks, your opponent cannot activate any Spell/Trap Cards until the end of the Damage Step.",
    "As Ancient Gear Golem's lock (ProjectIgnis/CardScripts c56094445); case LC3-AGS-001. "
    "https://yugipedia.com/wiki/Ancient_Gear_Soldier",
)

ANCIENT_GEAR_BEAST = _gear(
    "ancient_gear_beast", "Ancient Gear Beast", 2000, 2000, 6,
    "Cannot be Special Summoned. If this card attacks, your opponent cannot activate any Spell/Trap Cards until the "
    "end of the Damage Step. Negate the effects of an opponent's monster destroyed by battle with this card "
    "(including in the Graveyard).",
    "The negation applies from the moment the monster is determined destroyed, so its 'destroyed by battle' "
    "triggers are not activated (rules spec §R: negates_battle_victims; ProjectIgnis/CardScripts c10509340); case "
    "LC3-AGB-001. https://yugipedia.com/wiki/Ancient_Gear_Beast",
    {"kind": "negates_battle_victims"},
)

ANCIENT_GEAR_WYVERN = _gear(
    "ancient_gear_wyvern", "Ancient Gear Wyvern", 1700, 1200, 4,
    "If this card is Normal or Special Summoned: You can add 1 'Ancient Gear' card from your Deck to your hand (a "
    "Summon in a Main Phase: the host's). If this card attacks, your opponent's monsters cannot activate their "
    "effects until the end of the Damage Step.",
    "Monster effects only: the opponent's Spells and Traps can still be activated (ProjectIgnis/CardScripts "
    "c17663375: `re:IsMonsterEffect()`); case LC3-AGW-001. https://yugipedia.com/wiki/Ancient_Gear_Wyvern",
    lock={"kind": "activation_lock", "card_type": "monster", "player": "opponent",
          "only_if": {"this_card": "attacking"}},
)

ANCIENT_GEAR_HUNTING_HOUND = _gear(
    "ancient_gear_hunting_hound", "Ancient Gear Hunting Hound", 1000, 1000, 3,
    "If this card is Normal Summoned: Inflict 600 damage to your opponent. If this card attacks, your opponent cannot "
    "activate Spell/Trap Cards until the end of the Damage Step. Once per turn: You can Fusion Summon 1 'Ancient "
    "Gear' Fusion Monster (a Normal Summon and an ignition effect: Main Phase, the host's).",
    "As Ancient Gear Golem's lock (ProjectIgnis/CardScripts c42878636); case LC3-AGH-001. "
    "https://yugipedia.com/wiki/Ancient_Gear_Hunting_Hound",
)

CARDS = (ANCIENT_GEAR_GOLEM, ANCIENT_GEAR_SOLDIER, ANCIENT_GEAR_BEAST, ANCIENT_GEAR_WYVERN,
         ANCIENT_GEAR_HUNTING_HOUND)  # fmt: skip

"""A library of real cards for the Battle Phase and the Damage Step, written only with the public API
(scenario-format effect specs through `engine.effect_from_spec`, placed with `engine.StateBuilder`).

One module per card family; each card gives its printed data, its text (summarised), the official ruling its
effects follow and its fidelity: "exact", or "approximate: " and what differs from the printed text (`CardDef`;
`fidelity`, `approximate`; `python -m engine cards`; docs/cards.md lists the approximate ones):

* `stat_changes`: Rush Recklessly, Shrink, Forbidden Lance, Injection Fairy Lily;
* `battle_damage`: Kuriboh, Amazoness Swords Woman, Spirit Reaper, Defense Draw;
* `flip`: Marshmallon, Man-Eater Bug, Penguin Soldier;
* `start_and_refusals`: Mystic Swordsman LV2, Waboku;
* `battle_traps` (cards that answer an attack declaration): Mirror Force, Sakuretsu Armor, Dimensional Prison,
  Magic Cylinder, Negate Attack, Draining Shield, Battle Fader, Swift Scarecrow;
* `attack_stoppers` (Battle Step cards that stop an attack): Threatening Roar, Book of Moon, Enemy Controller,
  Compulsory Evacuation Device;
* `counter_traps`: Magic Jammer, Solemn Strike, Divine Wrath, Dark Bribe;
* `protection`: Obnoxious Celtic Guard, Aromaseraphy Jasmine, Performage Trapeze Magician, Number 102: Star
  Seraph Sentry, The Six Samurai - Zanji, Silver Wing;
* `damage_step_boosts`: Honest, Blackwing - Kalut the Moon Shadow, Castle Walls, Reinforcements, Half Shut,
  Forbidden Scripture, Forbidden Chalice;
* `printed_monsters` (continuous battle effects): Superheavy Samurai Big Benkei, Total Defense Shogun, Star Boy,
  Odd-Eyes Pendulum Dragon, Blue-Eyes Chaos MAX Dragon, Gravekeeper's Vassal, Jinzo, Marauding Captain, Dark Ruler
  Ha Des, Mad Sword Beast, Mad Archfiend;
* `battle_triggers`: D.D. Warrior Lady, D.D. Crazy Beast, Drillroid, Spear Dragon, Airknight Parshath, Neo-Spacian
  Grand Mole, Exploder Dragon, Big Shield Gardna, Giant Rat, Tragoedia;
* `extra_attacks` (§U.8): Blue-Eyes Twin Burst Dragon, Barbaroid, the Ultimate Battle Machine;
* `conditional` (continuous effects under a condition, §U.1, §U.2, §U.5, §U.9): Ancient Warriors - Masterful Sun
  Mou, Ally of Justice Reverse Break, Toon Ancient Gear Golem, Elemental HERO Rampart Blaster, Skyscraper, Rampaging
  Rhynos, Crusadia Regulex, World Gears of Theurlogical Demiurgy, Lord of D., Aria the Melodious Diva, Child's Play,
  Top Runner;
* `battle_aftermath` (§U.3, §U.4, §U.7): Mist Valley Soldier, Garmr of the Nordic Beasts, Disc Fighter, Acrobatic
  Magician, Thorn of Malice, Half Counter, Shield Warrior;
* `custom` (their own effect types): Prideful Roar, Mystic Tomato, Limiter Removal;
* issue 43's families (rules spec §U.14, §U.15; the second card-pool sample): `declaration_answers` (Storming and
  Drowning Mirror Force, Dimension Wall), `summon_responses` (Torrential Tribute, Legendary Secret of the Six
  Samurai, Performapal Helpprincess), `indestructible` (Masked HERO Vapor, Fusion Sword Murasame Blade, Spirit
  Barrier), `battle_start` (Wattmole, Sasuke Samurai, Lector Pendulum), `damage_calculation` (Kuribon, Water Leviathan
  @Ignister, Fabled Ashenveil, Rescue Interlacer, Evil Eye Domain - Pareidolia, Bujingi Sinyou), `battle_end`
  (Heraldic Beast Basilisk, Wattsquirrel, Amazoness Heirloom, Ehren, Lightsworn Monk), `battle_boosts` (Cyber Dragon
  Zwei, Fusion Devourer, Amazoness Fighting Spirit, U.A. Mighty Slugger, Ancient Gear Knight); their cases are in
  tests/rules/library-cards-2-cases.jsonl;
* issue 43's third set (rules spec §U.19; cases in tests/rules/library-cards-3-cases.jsonl): `mirror_forces`
  (Quaking, Dark and Radiant Mirror Force, Justi-Break, Ego Boost, Necro Gardna), `field_locks` (Skill Drain, Gora
  Turtle, Banisher of the Radiance, Berserk Gorilla, Command Knight), `ancient_gears` (Ancient Gear Golem, Soldier,
  Beast, Wyvern, Hunting Hound), `fusion_battlers` (Cyber Dragon, Cyber Twin Dragon, Cyber End Dragon, Elemental
  HERO Bladedge, Wildedge, Flame Wingman, Shining Flare Wingman, Steam Healer, Blackwing - Bora the Spear),
  `equip_spells` (Fairy Meteor Crush, Black Pendant, Legendary Sword, Elf's Light, Mage Power, Lightning Blade,
  Gravity Axe - Grarl), `counted_boosts` (Dark Magician Girl, Buster Blader, Enraged Muka Muka, Jain, Lightsworn
  Paladin), `damage_step_end` (Hyper Hammerhead, Flying Kamakiri #1, Hane-Hane), `damage_step_gains` (Ally of
  Justice Garadholg, Ally of Justice Rudra, Black Veloci, Blackwing Armed Wing, Cipher Soldier, Cyber Ogre 2, Dark
  Artist, Dark City, Dash Warrior, Elemental HERO Inferno, Leotaur, Luminous Soldier), `hands_and_life` (Morphing
  Jar, Rainbow Life), `battle_sturdy` (Amazoness Fighter, Amazoness Queen, Bitelon, Bujingi Wolf, Dark
  Driceratops, Darkness Destroyer, Elemental HERO Phoenix Enforcer, Fortress Warrior, Freya, Spirit of Victory,
  Gogogo Golem, Gravekeeper's Spear Soldier, Gyroid, Hayabusa Knight, Lancer Dragonute, Lancer Lindwurm, Battlin'
  Boxer Headgeared, Lightray Madoor, Jurrac Brachis, Five-Headed Dragon, Drill Barnacle, Flamvell Fiend,
  Hyper-Ancient Shark Megalodon).
* the cards M to Z of issue 43's library growth (rules spec §U.20; cases in tests/rules/library-cards-4-cases.jsonl):
  `damage_step_stats` (Phoenix Beast Gairuda, Penumbral Soldier Lady, Steamroid, Super Roboyarou, Shien's Castle of
  Mist, Otherworld - The "A" Zone), `terrain_fields` (Umi, Mountain, Wasteland, Mystic Plasma Zone, Molten
  Destruction, Rising Air Current, Umiiruka), `damage_step_starts` (Vampire Hunter, Ninja Grandmaster Sasuke, Zubaba
  Knight, Paladin of White/Dark/Storm Dragon, Samurai Cavalry of Reptier, Nanobreaker, Razor Lizard, Steel Cavalry
  of Dinon), `after_the_battle` (Wall of Illusion, Photon Crusher, Yubel - The Ultimate Nightmare, Turbo Rocket,
  Madolche Waltz, Zombyra the Dark, Raging Flame Sprite, Wind-Up Juggler, Prickle Fairy, Superheavy Samurai
  Swordsman), `hand_in_battle` (Shien's Squire, Score the Melodious Diva, Master Craftsman Gamil, Stronghold Guardian,
  Sphere Kuriboh, Rush Warrior), `quick_answers` (Mask of Weakness, Rising Energy, Raigeki Break, Mystical Space
  Typhoon, Ready for Intercepting, Photon Current, Metalmorph, Windstorm of Etaqua, Zero Gravity, Twister),
  `battle_guards` (Shield Wing, Sonic Chick, Mist Body, Stone Statue of the Aztecs, Star Eater, Old Vindictive
  Magician, Poison Mummy), `guardians_of_damage_calculation` (Suijin, Sanga of the Thunder), `turn_and_phase` (Rocket
  Warrior, Mirage Dragon, Trap Jammer, Solar Flare Dragon), `pendulum_boosts` (Twilight Ninja Kagen), `trap_negators`
  (Royal Decree, Seven Tools of the Bandit), `standby_phase` (Adhesive Explosive, Blast Sphere, Lava Golem).

A scenario file can name one (``{"id": "r", "controller": "A", "location": "spell_trap_zone", "face_down": true,
"card": "rush_recklessly"}``): the loader fills in its name, card type, printed ATK/DEF, Level (none for an Xyz or
Link Monster), Attribute, Type, Pendulum and effects (whatever the card gives itself is kept). Every card has a
sourced case in tests/rules/library-cards-cases.jsonl. From Python: ``place(builder, "rush_recklessly", "r", "A",
face_down=True)``. Cards with their own effect types (`custom`) are named the same way: a scenario card naming one
gets those effects (before any it gives itself), and every duel `engine.build` and the clients make has their
types (`registry()`); a host building its own `Duel` passes `registry()`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.cards import (
    after_the_battle,
    ancient_gears,
    attack_stoppers,
    battle_aftermath,
    battle_boosts,
    battle_damage,
    battle_end,
    battle_guards,
    battle_start,
    battle_sturdy,
    battle_traps,
    battle_triggers,
    conditional,
    counted_boosts,
    counter_traps,
    damage_calculation,
    damage_step_boosts,
    damage_step_end,
    damage_step_gains,
    damage_step_starts,
    damage_step_stats,
    declaration_answers,
    equip_spells,
    extra_attacks,
    field_locks,
    field_spells,
    flip,
    fusion_battlers,
    guardians_of_damage_calculation,
    hand_in_battle,
    hands_and_life,
    indestructible,
    mirror_forces,
    on_the_field,
    pendulum_boosts,
    printed_monsters,
    protection,
    quick_answers,
    standby_phase,
    start_and_refusals,
    stat_changes,
    summon_responses,
    terrain_fields,
    trap_negators,
    turn_and_phase,
)
from engine.cards.card import CardDef
from engine.host import CARD_KEYWORDS
from engine.turns import UnknownCard, UsageError
from engine.values.text import did_you_mean, printable

if TYPE_CHECKING:
    from engine.effects import Registry
    from engine.host import StateBuilder

_FAMILIES = (stat_changes, battle_damage, flip, start_and_refusals, battle_traps, attack_stoppers, counter_traps,
             protection, damage_step_boosts, printed_monsters, battle_triggers, on_the_field, extra_attacks,
             conditional, battle_aftermath, field_spells, declaration_answers, summon_responses, indestructible,
             battle_start, damage_calculation, battle_end, battle_boosts,
             damage_step_stats, terrain_fields, damage_step_starts, after_the_battle, hand_in_battle, quick_answers,
             battle_guards, guardians_of_damage_calculation, turn_and_phase, pendulum_boosts,
             trap_negators,
             mirror_forces, field_locks, ancient_gears,
             fusion_battlers, equip_spells, counted_boosts, damage_step_end, damage_step_gains,
             hands_and_life, battle_sturdy, standby_phase)  # fmt: skip
# Cards written as scenario-format specs (nameable in scenario files); `custom` ones (their own effect
# types) are loaded on first use, as they import the engine.
CATALOG: dict[str, CardDef] = {c.key: c for m in _FAMILIES for c in m.CARDS}

__all__ = [
    "CATALOG",
    "CardDef",
    "all_cards",
    "approximate",
    "approximate_in",
    "card_def",
    "fidelity",
    "fidelity_notes",
    "library",
    "place",
    "registry",
    "scenario_defaults",
]


def all_cards() -> dict[str, CardDef]:
    """Every library card, the ones with their own effect types included."""
    from engine.cards import custom

    return {**CATALOG, **{c.key: c for c in custom.CARDS}}


def fidelity(key: str) -> str:
    """Whether the library card `key` plays exactly as printed: "exact", or "approximate: " and what differs."""
    cards = all_cards()
    if key not in cards:
        raise KeyError(f"no library card {key!r}")
    return cards[key].fidelity


def approximate() -> dict[str, str]:
    """The library cards that do not play exactly as printed: key -> what differs from the printed text."""
    return {k: c.differs for k, c in all_cards().items() if not c.exact}


def approximate_in(keys: Iterable[str | None]) -> dict[int, str]:
    """Which of a scenario's cards (their library keys in file order, None for a card naming none) are approximate
    library cards: position -> what differs. A scenario's cards keep their file order in the state, so a client
    marks card `i` of the field with it wherever it shows that card."""
    cards = all_cards()
    return {i: cards[k].differs for i, k in enumerate(keys) if k is not None and k in cards and not cards[k].exact}


def fidelity_notes(keys: Iterable[str | None]) -> list[str]:
    """One line for each approximate library card among `keys` (None and unknown keys are skipped, each card
    once): what a client shows wherever such a card appears, so no answer about it looks exact when it is not."""
    cards = all_cards()
    seen = dict.fromkeys(k for k in keys if k is not None and k in cards and not cards[k].exact)
    return [f"{cards[k].name} is approximate: {cards[k].differs}" for k in seen]


def card_def(key: str) -> CardDef:
    """The library card `key` (`all_cards()` lists them); `UnknownCard` (a `LookupError`) naming the closest keys
    for one that is not, or the key of the card a printed name names ("Rush Recklessly" -> rush_recklessly)."""
    cards = all_cards()
    found = cards.get(key) if isinstance(key, str) else None
    if found is not None:
        return found
    by_name = [k for k, c in cards.items() if isinstance(key, str) and c.name.lower() == key.lower()]
    hint = f"; {key!r} is the name of the card {by_name[0]!r}" if by_name else did_you_mean(key, cards)
    raise UnknownCard(f"there is no library card {printable(str(key))!r}{hint} (engine.cards.all_cards() lists the "
                      f"{len(cards)} card keys)")  # fmt: skip


def registry() -> Registry:
    """The default registry plus the library cards' own effect types."""
    from engine.library import default_registry

    reg = default_registry()
    for c in all_cards().values():
        for t in c.types:
            reg.register(t)
    return reg


def scenario_defaults(key: str) -> dict[str, Any]:
    """The keys a scenario card naming this card gets unless it gives them itself."""
    c = card_def(key)
    out: dict[str, Any] = {"name": c.name, "card_type": c.card_type, "effects": [dict(e) for e in c.effects]}
    if c.card_type == "monster":
        out |= {"atk": c.atk or 0, "def": c.def_ or 0}
        # An Xyz or Link Monster has no Level (`level` 0): it gives none.
        printed = (("level", c.level or None), ("attribute", c.attribute), ("monster_type", c.monster_type))
        out |= {k: v for k, v in printed if v is not None}
        if c.pendulum:
            out["pendulum"] = True
        if c.abilities:
            out["abilities"] = list(c.abilities)
        if c.link_arrows:
            out["link_arrows"] = list(c.link_arrows)
    elif c.property != "normal":
        out["property"] = c.property
    if c.custom:
        out["own_effects"] = len(c.custom)  # not a card key: counted by the loader for choices; engine.build adds them
    return out


def library() -> dict[str, dict[str, Any]]:
    """Every card a scenario file can name (``"card": key``), with the keys it gives by default: the
    library `engine.parse_scenario` hands the loader (`engine.scenario` itself imports no cards). A card
    with its own effect types gives none here: `engine.build` adds them (`CardDef.custom`)."""
    return {key: scenario_defaults(key) for key in all_cards()}


def place(builder: StateBuilder, key: str, id: str, controller: str, **kw: Any) -> StateBuilder:
    """Add the library card `key` to a `StateBuilder` as card `id` (keywords as `StateBuilder.card`;
    a monster defaults to its printed ATK/DEF, Level, Attribute and Type; Spells and Traps to their zone).
    An unknown key is an `UnknownCard`, an unknown keyword a `UsageError`, each naming the closest known ones;
    docs/embedding.md lists the keywords."""
    c = card_def(key)
    for k in kw:
        if k not in CARD_KEYWORDS:
            raise UsageError(f"place({key!r}, {id!r}): {k!r} is not a keyword of StateBuilder.card"
                             f"{did_you_mean(k, CARD_KEYWORDS)} (its keywords: {', '.join(CARD_KEYWORDS)})")
    kw.setdefault("name", c.name)
    kw.setdefault("effects", c.custom or c.effects)
    if c.card_type == "monster":
        for k, v in (("atk", c.atk or 0), ("def_", c.def_ or 0), ("level", c.level), ("attribute", c.attribute),
                     ("monster_type", c.monster_type), ("pendulum", c.pendulum), ("abilities", c.abilities),
                     ("link_arrows", c.link_arrows)):  # fmt: skip
            kw.setdefault(k, v)
        if kw.get("location", "monster_zone") in ("monster_zone",):
            kw.setdefault("position", "attack")
    else:
        kw.setdefault("location", "spell_trap_zone")
        kw.setdefault("property", c.property)
    return builder.card(id, controller, card_type=c.card_type, **kw)

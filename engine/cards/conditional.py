"""Continuous effects that apply only while something holds (rules spec §U.1, §U.2, §U.5, §U.9): what a player
controls, how the card was Summoned, LP, the battle it is in, its column; unaffected and untargetable monsters."""

from __future__ import annotations

from engine.cards.card import CardDef

MASTERFUL_SUN_MOU = CardDef(
    key="ancient_warriors_masterful_sun_mou",
    name="Ancient Warriors - Masterful Sun Mou",
    card_type="monster",
    fidelity="exact",
    atk=1800,
    def_=1500,
    level=4,
    attribute="water",
    monster_type="beast_warrior",
    text="While its controller controls another 'Ancient Warriors' monster, the opponent's monsters cannot target it "
    "for attacks. (Its Main Phase effect and its 'except during the Damage Step' trigger are the host's.)",
    ruling="A face-down monster has no name, so it is no 'Ancient Warriors' monster (rules spec §U.1; cases "
    "SP-SUN-001, SP-SUN-002). https://yugipedia.com/wiki/Ancient_Warriors_-_Masterful_Sun_Mou",
    effects=(
        {"kind": "cannot_be_attacked", "only_if": {"controls": {
            "filter": {"archetype": "Ancient Warriors", "face_up": True}, "other_than_self": True}}},
    ),
)  # fmt: skip

REVERSE_BREAK = CardDef(
    key="ally_of_justice_reverse_break",
    name="Ally of Justice Reverse Break",
    card_type="monster",
    fidelity="exact",
    atk=1200,
    def_=1200,
    level=4,
    attribute="dark",
    monster_type="machine",
    text="While a face-up LIGHT monster is on the field, it destroys itself. If it attacks a face-down Defense "
    "Position monster: that monster is destroyed without being flipped, and there is no damage calculation.",
    ruling="A Set monster shows no Attribute; the destruction comes at the start of the Damage Step, before the "
    "flip (rules spec §U.1, §1.4; cases SP-AJR-001, SP-AJR-002). "
    "https://yugipedia.com/wiki/Ally_of_Justice_Reverse_Break",
    effects=(
        {"kind": "self_destroy", "only_if": {"controls": {"player": "both", "filter": {"attribute": "light"}}}},
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
         "condition": ["this_card_attacked", "attacking_face_down"],
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

ALLY_OF_JUSTICE_CATASTOR = CardDef(
    key="ally_of_justice_catastor",
    name="Ally of Justice Catastor",
    card_type="monster",
    fidelity="exact",
    atk=2200,
    def_=1200,
    level=5,
    attribute="dark",
    monster_type="machine",
    abilities=("synchro", "effect"),
    text="1 Tuner + 1 or more non-Tuner monsters. At the start of the Damage Step, if this card battles a non-DARK "
    "monster: Destroy that monster.",
    ruling="A mandatory trigger at the start of the Damage Step, before a Set monster is flipped: a face-down monster "
    "shows no Attribute, so it does not activate against one (ProjectIgnis/CardScripts c26593852: the battled "
    "monster must be face-up and not DARK; cases CF-CAT-001 to CF-CAT-003). "
    "https://yugipedia.com/wiki/Ally_of_Justice_Catastor",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
         "battle": {"self": True, "opponent_monster": {"all": [{"face_up": True}, {"not": {"attribute": "dark"}}]}},
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

TOON_ANCIENT_GEAR_GOLEM = CardDef(
    key="toon_ancient_gear_golem",
    name="Toon Ancient Gear Golem",
    card_type="monster",
    fidelity="exact",
    atk=3000,
    def_=3000,
    level=8,
    attribute="earth",
    monster_type="machine",
    abilities=("toon",),
    text="A Toon monster. It cannot attack the turn it is Summoned; while its controller controls 'Toon World' and "
    "the opponent controls no Toon monster, it can attack directly; it inflicts piercing damage; if it attacks, the "
    "opponent cannot activate Spell/Trap Cards until the end of the Damage Step.",
    ruling="The lock stops the activation of Spell/Trap Cards, not the effects of face-up ones (card text; rules "
    "spec §U.1; cases SP-TAG-001, SP-TAG-002). https://yugipedia.com/wiki/Toon_Ancient_Gear_Golem",
    effects=(
        {"kind": "cannot_attack", "only_if": {"summoned_this_turn": True}},
        {"kind": "can_attack_directly", "only_if": {"controls": [
            {"zone": "spell_trap_zone", "filter": {"name": "Toon World"}},
            {"player": "opponent", "filter": {"ability": "toon"}, "at_least": 0, "at_most": 0}]}},
        {"kind": "piercing"},
        {"kind": "activation_lock", "card_type": "spell_trap", "player": "opponent", "cards_only": True,
         "only_if": {"this_card": "attacking"}},
    ),
)  # fmt: skip

RAMPART_BLASTER = CardDef(
    key="elemental_hero_rampart_blaster",
    name="Elemental HERO Rampart Blaster",
    card_type="monster",
    fidelity="exact",
    atk=2000,
    def_=2500,
    level=6,
    attribute="earth",
    monster_type="warrior",
    abilities=("fusion",),
    text="Fusion. It can attack while in face-up Defense Position, but only if the opponent controls no monsters; "
    "then its ATK is halved during damage calculation only.",
    ruling="Attacking from Defense Position it applies its ATK (laaners/yugioh_comprehensive_rulebook 'Attack while "
    "in Defense Position'); the halving is applied after every other change (rules spec §U.8; cases SP-ERB-001, "
    "SP-ERB-002). https://yugipedia.com/wiki/Elemental_HERO_Rampart_Blaster",
    effects=(
        {"kind": "attack_from_defense", "apply": "atk",
         "only_if": {"controls": {"player": "opponent", "at_least": 0, "at_most": 0}}},
        {"kind": "stat_modifier", "halve": "atk", "while": "damage_calculation", "when": "attacking",
         "only_if": {"self": {"position": "defense"}}},
    ),
)  # fmt: skip

SKYSCRAPER = CardDef(
    key="skyscraper",
    name="Skyscraper",
    card_type="spell",
    fidelity="exact",
    property="field",
    text="If an 'Elemental HERO' monster attacks a monster with higher ATK, the attacker gains 1000 ATK during damage "
    "calculation only.",
    ruling="The attacker's ATK without this gain is compared (ProjectIgnis/CardScripts c63035430; rules spec §U.1; "
    "cases SP-SKY-001, SP-SKY-002). https://yugipedia.com/wiki/Skyscraper",
    effects=(
        {"kind": "stat_modifier", "atk": 1000, "applies_to": "all_monsters", "filter": {"archetype": "Elemental HERO"},
         "when": "attacking", "while": "damage_calculation", "if_weaker": True},
    ),
)  # fmt: skip

RAMPAGING_RHYNOS = CardDef(
    key="rampaging_rhynos",
    name="Rampaging Rhynos",
    card_type="monster",
    fidelity="exact",
    atk=1500,
    def_=1500,
    level=3,
    attribute="earth",
    monster_type="beast_warrior",
    text="If it attacks the monster in its column, it gains 500 ATK during the Damage Step. (Moving to an adjacent "
    "zone in the Main Phase is the host's.)",
    ruling="A column faces the opponent's column counted the other way (rules spec §U.5; cases SP-RRH-001, "
    "SP-RRH-002). https://yugipedia.com/wiki/Rampaging_Rhynos",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "while": "damage_step", "when": "attacking",
         "only_if": {"same_column": True}},
    ),
)  # fmt: skip

CRUSADIA_REGULEX = CardDef(
    key="crusadia_regulex",
    name="Crusadia Regulex",
    card_type="monster",
    fidelity="exact",
    atk=1000,
    def_=0,
    attribute="light",
    monster_type="beast",
    abilities=("link",),
    link_arrows=("top", "bottom"),
    text="Link-2 (arrows: top, bottom). It gains the combined original ATK of the monsters it points to; the "
    "monsters it points to cannot attack. (Its search trigger is the host's.)",
    ruling="Points-to follows the zones: from the Extra Monster Zone its arrows reach the monster below and the "
    "opponent's monster above (rules spec §U.5; ProjectIgnis/CardScripts c9617996; cases SP-CRR-001, SP-CRR-002). "
    "https://yugipedia.com/wiki/Crusadia_Regulex",
    effects=(
        {"kind": "stat_modifier", "atk_gain_equal_to": "pointed_to_original_atk"},
        {"kind": "cannot_attack", "applies_to": "pointed_to"},
    ),
)  # fmt: skip

WORLD_GEARS = CardDef(
    key="world_gears_of_theurlogical_demiurgy",
    name="World Gears of Theurlogical Demiurgy",
    card_type="monster",
    fidelity="exact",
    atk=3500,
    def_=0,
    attribute="dark",
    monster_type="cyberse",
    abilities=("link",),
    text="Link-3. If Link Summoned, it is unaffected by other monsters' effects. (Its other effects are the host's.)",
    ruling="An unaffected monster is not changed by those effects, though they may still be activated (rules spec "
    "§U.2; laaners/yugioh_comprehensive_rulebook 'Unaffected'; cases SP-WGT-001, SP-WGT-002). "
    "https://yugipedia.com/wiki/World_Gears_of_Theurlogical_Demiurgy",
    effects=({"kind": "unaffected", "by": "other_monster_effects", "only_if": {"self": {"summoned": "link"}}},),
)  # fmt: skip

LORD_OF_D = CardDef(
    key="lord_of_d",
    name="Lord of D.",
    card_type="monster",
    fidelity="exact",
    atk=1200,
    def_=1100,
    level=4,
    attribute="dark",
    monster_type="spellcaster",
    text="Dragon monsters on the field cannot be targeted by card effects.",
    ruling="'Cannot be targeted' is not 'unaffected': effects that do not target still apply (rules spec §U.9; "
    "cases UP-LOD-001, UP-LOD-002). https://yugipedia.com/wiki/Lord_of_D.",
    effects=({"kind": "cannot_be_targeted", "by": "effects", "applies_to": "all_monsters",
              "filter": {"monster_type": "dragon"}},),
)  # fmt: skip

ARIA = CardDef(
    key="aria_the_melodious_diva",
    name="Aria the Melodious Diva",
    card_type="monster",
    fidelity="exact",
    atk=1600,
    def_=1200,
    level=4,
    attribute="light",
    monster_type="fairy",
    text="While it is on the field after being Special Summoned, 'Melodious' monsters its controller controls cannot "
    "be targeted by card effects, nor destroyed by battle.",
    ruling="Conditions on how a card was Summoned (rules spec §U.1; cases UP-ARI-001, UP-ARI-002). "
    "https://yugipedia.com/wiki/Aria_the_Melodious_Diva",
    effects=(
        {"kind": "cannot_be_targeted", "by": "effects", "applies_to": "own_monsters",
         "filter": {"archetype": "Melodious"}, "only_if": {"self": {"summoned": "special"}}},
        {"kind": "indestructible_by_battle", "applies_to": "own_monsters", "filter": {"archetype": "Melodious"},
         "only_if": {"self": {"summoned": "special"}}},
    ),
)  # fmt: skip

CHILDS_PLAY = CardDef(
    key="childs_play",
    name="Child's Play",
    card_type="spell",
    fidelity="exact",
    property="continuous",
    text="While its controller has 10,000 or more LP, their monsters cannot be destroyed by battle. (Its LP gain "
    "when the opponent Summons is the host's.)",
    ruling="Whether a monster is protected is decided at damage calculation, before the battle damage (rules spec "
    "§R.5, Konami OCG FAQ 21608; cases UP-CHP-001, UP-CHP-002). https://yugipedia.com/wiki/Child%27s_Play",
    effects=({"kind": "indestructible_by_battle", "applies_to": "own_monsters",
              "only_if": {"life_points": {"at_least": 10000}}},),
)  # fmt: skip

TOP_RUNNER = CardDef(
    key="top_runner",
    name="Top Runner",
    card_type="monster",
    fidelity="exact",
    atk=1100,
    def_=800,
    level=4,
    attribute="wind",
    monster_type="machine",
    abilities=("tuner",),
    text="The face-up Synchro Monsters its controller controls gain 600 ATK.",
    ruling="A continuous effect on the monsters a filter names (card text; case UP-TOP-001). "
    "https://yugipedia.com/wiki/Top_Runner",
    effects=({"kind": "stat_modifier", "atk": 600, "applies_to": "own_monsters",
              "filter": {"ability": "synchro", "face_up": True}},),
)  # fmt: skip

CARDS = (MASTERFUL_SUN_MOU, REVERSE_BREAK, TOON_ANCIENT_GEAR_GOLEM, RAMPART_BLASTER, SKYSCRAPER, RAMPAGING_RHYNOS,
         ALLY_OF_JUSTICE_CATASTOR, CRUSADIA_REGULEX, WORLD_GEARS, LORD_OF_D, ARIA, CHILDS_PLAY, TOP_RUNNER)  # fmt: skip

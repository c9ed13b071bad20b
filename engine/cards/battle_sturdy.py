"""Monsters that hold out in battle or strike harder (A-L cards of issue 43): protections from destruction by
battle and from battle damage, piercing, more attacks, and what they do when they inflict battle damage. Summon
conditions and procedures are the host's (a Main Phase). Their cases are in
tests/rules/library-cards-3-cases.jsonl (LC3-*)."""

from __future__ import annotations

from engine.cards.card import CardDef

AMAZONESS_FIGHTER = CardDef(
    key="amazoness_fighter",
    name="Amazoness Fighter",
    card_type="monster",
    atk=1500,
    def_=1300,
    level=4,
    attribute="earth",
    monster_type="warrior",
    fidelity="exact",
    text=("You take no battle damage from attacks involving this card."),
    ruling=(
        "ProjectIgnis/CardScripts c55821894: EFFECT_AVOID_BATTLE_DAMAGE for its controller in its battles; "
        "case LC3-AMF-001. https://yugipedia.com/wiki/Amazoness_Fighter"
    ),
    effects=({"kind": "avoid_battle_damage", "player": "controller"},),
)


AMAZONESS_QUEEN = CardDef(
    key="amazoness_queen",
    name="Amazoness Queen",
    card_type="monster",
    atk=2400,
    def_=1800,
    level=6,
    attribute="earth",
    monster_type="warrior",
    fidelity="exact",
    text=('"Amazoness" monsters you control cannot be destroyed by battle.'),
    ruling=(
        "Itself included (ProjectIgnis/CardScripts c15951532: LOCATION_MZONE of its controller, IsSetCard "
        "Amazoness); case LC3-AMQ-001. https://yugipedia.com/wiki/Amazoness_Queen"
    ),
    effects=({"kind": "indestructible_by_battle", "applies_to": "own_monsters", "filter": {"archetype": "Amazoness"}},),
)


BITELON = CardDef(
    key="bitelon",
    name="Bitelon",
    card_type="monster",
    atk=2400,
    def_=1000,
    level=6,
    attribute="water",
    monster_type="reptile",
    fidelity="exact",
    text=(
        "During battle between this attacking card and a Defense Position monster whose DEF is lower than the "
        "ATK of this card, inflict the difference as Battle Damage to your opponent."
    ),
    ruling=(
        "Piercing, in the old wording (ProjectIgnis/CardScripts c44702857: EFFECT_PIERCE); case LC3-BIT-001. "
        "https://yugipedia.com/wiki/Bitelon"
    ),
    effects=({"kind": "piercing"},),
)


BUJINGI_WOLF = CardDef(
    key="bujingi_wolf",
    name="Bujingi Wolf",
    card_type="monster",
    atk=1100,
    def_=2000,
    level=4,
    attribute="light",
    monster_type="beast",
    fidelity="exact",
    text=("Other Beast, Beast-Warrior, and Winged Beast-Type monsters you control cannot be destroyed by battle."),
    ruling=(
        "Not itself (ProjectIgnis/CardScripts c32202803: `c~=e:GetHandler()`); case LC3-BW-001. "
        "https://yugipedia.com/wiki/Bujingi_Wolf"
    ),
    effects=(
        {
            "kind": "indestructible_by_battle",
            "applies_to": "other_own_monsters",
            "filter": {
                "any": [{"monster_type": "beast"}, {"monster_type": "beast_warrior"}, {"monster_type": "winged_beast"}]
            },
        },
    ),
)


DARK_DRICERATOPS = CardDef(
    key="dark_driceratops",
    name="Dark Driceratops",
    card_type="monster",
    atk=2400,
    def_=1500,
    level=6,
    attribute="earth",
    monster_type="dinosaur",
    fidelity="exact",
    text=("If this card attacks a Defense Position monster, inflict piercing battle damage."),
    ruling=(
        "ProjectIgnis/CardScripts c65287621: EFFECT_PIERCE; case LC3-DDR-001. "
        "https://yugipedia.com/wiki/Dark_Driceratops"
    ),
    effects=({"kind": "piercing"},),
)


DARKNESS_DESTROYER = CardDef(
    key="darkness_destroyer",
    name="Darkness Destroyer",
    card_type="monster",
    atk=2300,
    def_=1800,
    level=7,
    attribute="dark",
    monster_type="fiend",
    fidelity="exact",
    text=(
        "Cannot be Special Summoned. This card can attack twice during each Battle Phase. If this card "
        "attacks a Defense Position monster, inflict piercing Battle Damage to your opponent."
    ),
    ruling=(
        "Cannot be Special Summoned (the host's); two attacks and piercing (ProjectIgnis/CardScripts "
        "c93709215: EFFECT_EXTRA_ATTACK, EFFECT_PIERCE; rules spec \u00a7U.8); case LC3-DD-001. "
        "https://yugipedia.com/wiki/Darkness_Destroyer"
    ),
    effects=(
        {"kind": "extra_attacks", "attacks": 2},
        {"kind": "piercing"},
    ),
)


ELEMENTAL_HERO_PHOENIX_ENFORCER = CardDef(
    key="elemental_hero_phoenix_enforcer",
    name="Elemental HERO Phoenix Enforcer",
    card_type="monster",
    atk=2100,
    def_=1200,
    level=6,
    attribute="fire",
    monster_type="warrior",
    abilities=("fusion",),
    fidelity="exact",
    text=(
        '"Elemental HERO Avian" + "Elemental HERO Burstinatrix" Must be Fusion Summoned and cannot be Special '
        "Summoned by other ways. This card cannot be destroyed by battle."
    ),
    ruling=(
        "Battle damage still applies (ProjectIgnis/CardScripts c41436536: EFFECT_INDESTRUCTABLE_BATTLE); case "
        "LC3-EPE-001. https://yugipedia.com/wiki/Elemental_HERO_Phoenix_Enforcer"
    ),
    effects=({"kind": "indestructible_by_battle"},),
)


FORTRESS_WARRIOR = CardDef(
    key="fortress_warrior",
    name="Fortress Warrior",
    card_type="monster",
    atk=600,
    def_=1200,
    level=2,
    attribute="earth",
    monster_type="warrior",
    fidelity="exact",
    text=(
        "You take no battle damage from attacks involving this card. Once per turn, this card cannot be "
        "destroyed by battle."
    ),
    ruling=(
        "ProjectIgnis/CardScripts c66288028: EFFECT_AVOID_BATTLE_DAMAGE, EFFECT_INDESTRUCTABLE_COUNT 1 (rules "
        "spec \u00a7R.1); case LC3-FOW-001. https://yugipedia.com/wiki/Fortress_Warrior"
    ),
    effects=(
        {"kind": "avoid_battle_damage", "player": "controller"},
        {"kind": "indestructible_by_battle", "times_per_turn": 1},
    ),
)


FREYA_SPIRIT_OF_VICTORY = CardDef(
    key="freya_spirit_of_victory",
    name="Freya, Spirit of Victory",
    card_type="monster",
    atk=100,
    def_=100,
    level=1,
    attribute="light",
    monster_type="fairy",
    fidelity="exact",
    text=(
        'While you control a Fairy-Type monster other than "Freya, Spirit of Victory", your opponent\'s '
        "monsters cannot target this card for attacks. All Fairy-Type monsters you control gain 400 ATK and "
        "DEF."
    ),
    ruling=(
        "Its own gain too, being a Fairy; the other Fairy must be face-up and not named 'Freya, Spirit of "
        "Victory' (ProjectIgnis/CardScripts c12398280: `c:IsFaceup() and c:IsRace(RACE_FAIRY) and not "
        "c:IsCode(id)`); case LC3-FRE-001. https://yugipedia.com/wiki/Freya,_Spirit_of_Victory"
    ),
    effects=(
        {
            "kind": "stat_modifier",
            "atk": 400,
            "def": 400,
            "applies_to": "own_monsters",
            "filter": {"monster_type": "fairy"},
        },
        {
            "kind": "cannot_be_attacked",
            "only_if": {
                "controls": {
                    "filter": {
                        "all": [
                            {"monster_type": "fairy"},
                            {"face_up": True},
                            {"not": {"name": "Freya, Spirit of Victory"}},
                        ]
                    }
                }
            },
        },
    ),
)


GOGOGO_GOLEM = CardDef(
    key="gogogo_golem",
    name="Gogogo Golem",
    card_type="monster",
    atk=1800,
    def_=1500,
    level=4,
    attribute="earth",
    monster_type="rock",
    fidelity="exact",
    text=("Once per turn, this Defense Position card cannot be destroyed by battle."),
    ruling=(
        "In face-up or face-down Defense Position (ProjectIgnis/CardScripts c62476815: "
        "EFFECT_INDESTRUCTABLE_COUNT 1 if IsDefensePos); case LC3-GGG-001. "
        "https://yugipedia.com/wiki/Gogogo_Golem"
    ),
    effects=({"kind": "indestructible_by_battle", "times_per_turn": 1, "only_if": {"self": {"position": "defense"}}},),
)


GRAVEKEEPERS_SPEAR_SOLDIER = CardDef(
    key="gravekeepers_spear_soldier",
    name="Gravekeeper's Spear Soldier",
    card_type="monster",
    atk=1500,
    def_=1000,
    level=4,
    attribute="dark",
    monster_type="spellcaster",
    fidelity="exact",
    text=("If this card attacks a Defense Position monster, inflict piercing Battle Damage to your opponent."),
    ruling=(
        "ProjectIgnis/CardScripts c63695531: EFFECT_PIERCE; case LC3-GSS-001. "
        "https://yugipedia.com/wiki/Gravekeeper%27s_Spear_Soldier"
    ),
    effects=({"kind": "piercing"},),
)


GYROID = CardDef(
    key="gyroid",
    name="Gyroid",
    card_type="monster",
    atk=1000,
    def_=1000,
    level=3,
    attribute="wind",
    monster_type="machine",
    fidelity="exact",
    text=("Once per turn, this card cannot be destroyed by battle."),
    ruling=(
        "ProjectIgnis/CardScripts c18325492: EFFECT_INDESTRUCTABLE_COUNT 1 (rules spec \u00a7R.1); case "
        "LC3-GYR-001. https://yugipedia.com/wiki/Gyroid"
    ),
    effects=({"kind": "indestructible_by_battle", "times_per_turn": 1},),
)


HAYABUSA_KNIGHT = CardDef(
    key="hayabusa_knight",
    name="Hayabusa Knight",
    card_type="monster",
    atk=1000,
    def_=700,
    level=3,
    attribute="earth",
    monster_type="warrior",
    fidelity="exact",
    text=("This card can make a second attack during each Battle Phase."),
    ruling=(
        "ProjectIgnis/CardScripts c21015833: EFFECT_EXTRA_ATTACK 1 (rules spec \u00a7U.8); case LC3-HK-001. "
        "https://yugipedia.com/wiki/Hayabusa_Knight"
    ),
    effects=({"kind": "extra_attacks", "attacks": 2},),
)


LANCER_DRAGONUTE = CardDef(
    key="lancer_dragonute",
    name="Lancer Dragonute",
    card_type="monster",
    atk=1500,
    def_=1800,
    level=4,
    attribute="dark",
    monster_type="dragon",
    fidelity="exact",
    text=("If this card attacks a Defense Position monster, inflict piercing battle damage to your opponent."),
    ruling=(
        "ProjectIgnis/CardScripts c11125718: EFFECT_PIERCE; case LC3-LD-001. "
        "https://yugipedia.com/wiki/Lancer_Dragonute"
    ),
    effects=({"kind": "piercing"},),
)


LANCER_LINDWURM = CardDef(
    key="lancer_lindwurm",
    name="Lancer Lindwurm",
    card_type="monster",
    atk=1800,
    def_=1200,
    level=4,
    attribute="wind",
    monster_type="dragon",
    fidelity="exact",
    text=("If this card attacks a Defense Position monster, inflict piercing battle damage to your opponent."),
    ruling=(
        "ProjectIgnis/CardScripts c46272804: EFFECT_PIERCE; case LC3-LL-001. https://yugipedia.com/wiki/Lancer_Lindwurm"
    ),
    effects=({"kind": "piercing"},),
)


BATTLIN_BOXER_HEADGEARED = CardDef(
    key="battlin_boxer_headgeared",
    name="Battlin' Boxer Headgeared",
    card_type="monster",
    atk=1000,
    def_=1800,
    level=4,
    attribute="fire",
    monster_type="warrior",
    fidelity="exact",
    text=(
        'When this card is Normal Summoned: You can send 1 "Battlin\' Boxer" monster from your Deck to the '
        "Graveyard. Once per turn, this face-up Attack Position card cannot be destroyed by battle."
    ),
    ruling=(
        "Its Normal Summon trigger is the host's (a Main Phase); in face-up Attack Position, once per turn "
        "(ProjectIgnis/CardScripts c79867938: EFFECT_INDESTRUCTABLE_COUNT 1); case LC3-BBH-001. "
        "https://yugipedia.com/wiki/Battlin%27_Boxer_Headgeared"
    ),
    effects=({"kind": "indestructible_by_battle", "times_per_turn": 1, "only_if": {"self": {"position": "attack"}}},),
)


LIGHTRAY_MADOOR = CardDef(
    key="lightray_madoor",
    name="Lightray Madoor",
    card_type="monster",
    atk=1200,
    def_=3000,
    level=6,
    attribute="light",
    monster_type="spellcaster",
    fidelity="exact",
    text=(
        "If 3 or more of your LIGHT monsters are banished, you can Special Summon this card (from your hand). "
        "Once per turn, this card cannot be destroyed by battle."
    ),
    ruling=(
        "Its Special Summon from the hand is a procedure (the host's) (ProjectIgnis/CardScripts c82579942: "
        "EFFECT_INDESTRUCTABLE_COUNT 1); case LC3-LM-001. https://yugipedia.com/wiki/Lightray_Madoor"
    ),
    effects=({"kind": "indestructible_by_battle", "times_per_turn": 1},),
)


JURRAC_BRACHIS = CardDef(
    key="jurrac_brachis",
    name="Jurrac Brachis",
    card_type="monster",
    atk=1000,
    def_=1000,
    level=3,
    attribute="fire",
    monster_type="dinosaur",
    abilities=("tuner",),
    fidelity="exact",
    text=('While another face-up "Jurrac" monster is on the field, this card cannot be destroyed by battle.'),
    ruling=(
        "Another face-up 'Jurrac' monster of either player (ProjectIgnis/CardScripts c8594079: LOCATION_MZONE "
        "both sides, excluding itself); case LC3-JB2-001. https://yugipedia.com/wiki/Jurrac_Brachis"
    ),
    effects=(
        {
            "kind": "indestructible_by_battle",
            "only_if": {
                "controls": {
                    "player": "both",
                    "filter": {"archetype": "Jurrac", "face_up": True},
                    "other_than_self": True,
                }
            },
        },
    ),
)


FIVE_HEADED_DRAGON = CardDef(
    key="five_headed_dragon",
    name="Five-Headed Dragon",
    card_type="monster",
    atk=5000,
    def_=5000,
    level=12,
    attribute="dark",
    monster_type="dragon",
    abilities=("fusion",),
    fidelity="exact",
    text=(
        "5 Dragon monsters Must be Fusion Summoned. Cannot be destroyed by battle with a DARK, EARTH, WATER, "
        "FIRE, or WIND monster."
    ),
    ruling=(
        "ProjectIgnis/CardScripts c99267150: EFFECT_INDESTRUCTABLE_BATTLE against DARK, WIND, FIRE, WATER, "
        "EARTH; case LC3-FHD-001. https://yugipedia.com/wiki/Five-Headed_Dragon"
    ),
    effects=(
        {
            "kind": "indestructible_by_battle",
            "against": {
                "any": [
                    {"attribute": "dark"},
                    {"attribute": "earth"},
                    {"attribute": "water"},
                    {"attribute": "fire"},
                    {"attribute": "wind"},
                ]
            },
        },
    ),
)


DRILL_BARNACLE = CardDef(
    key="drill_barnacle",
    name="Drill Barnacle",
    card_type="monster",
    atk=300,
    def_=0,
    level=3,
    attribute="water",
    monster_type="aqua",
    fidelity="exact",
    text=(
        "This card can attack your opponent directly. Each time this card inflicts Battle Damage to your "
        "opponent by a direct attack: This card gains 1000 ATK."
    ),
    ruling=(
        "The gain lasts while it stays face-up (ProjectIgnis/CardScripts c24137081: EFFECT_DIRECT_ATTACK; "
        "TRIGGER_F on EVENT_BATTLE_DAMAGE with no attack target, +1000 ATK); case LC3-DB2-001. "
        "https://yugipedia.com/wiki/Drill_Barnacle"
    ),
    effects=(
        {"kind": "can_attack_directly"},
        {
            "kind": "trigger",
            "on": "battle_damage_inflicted",
            "optional": False,
            "condition": "direct_attack",
            "does": [{"op": "change_stats", "target": "self", "atk": 1000, "until": "permanent"}],
        },
    ),
)


FLAMVELL_FIEND = CardDef(
    key="flamvell_fiend",
    name="Flamvell Fiend",
    card_type="monster",
    atk=2100,
    def_=1200,
    level=5,
    attribute="fire",
    monster_type="fiend",
    fidelity="exact",
    text=(
        "When this card inflicts Battle Damage to your opponent, inflict 200 damage to your opponent for each "
        "Pyro-Type monster in your Graveyard."
    ),
    ruling=(
        "A mandatory trigger; the Pyro monsters in its controller's Graveyard as it resolves "
        "(ProjectIgnis/CardScripts c91711547); case LC3-FF-001. https://yugipedia.com/wiki/Flamvell_Fiend"
    ),
    effects=(
        {
            "kind": "trigger",
            "on": "battle_damage_inflicted",
            "optional": False,
            "does": [
                {
                    "op": "damage",
                    "player": "opponent",
                    "equal_to": {"count": {"zone": "graveyard", "filter": {"monster_type": "pyro"}}, "times": 200},
                }
            ],
        },
    ),
)


HYPER_ANCIENT_SHARK_MEGALODON = CardDef(
    key="hyper_ancient_shark_megalodon",
    name="Hyper-Ancient Shark Megalodon",
    card_type="monster",
    atk=2900,
    def_=1300,
    level=8,
    attribute="water",
    monster_type="fish",
    fidelity="exact",
    text=(
        "When this card inflicts battle damage to your opponent: You can target 1 monster your opponent "
        "controls; destroy that target."
    ),
    ruling=(
        "An optional trigger that targets (ProjectIgnis/CardScripts c10532969: TRIGGER_O, "
        "EFFECT_FLAG_CARD_TARGET); case LC3-HASM-001. "
        "https://yugipedia.com/wiki/Hyper-Ancient_Shark_Megalodon"
    ),
    effects=(
        {
            "kind": "trigger",
            "on": "battle_damage_inflicted",
            "optional": True,
            "target": {"player": "opponent"},
            "does": [{"op": "destroy", "target": "targeted"}],
        },
    ),
)


CARDS = (
    AMAZONESS_FIGHTER,
    AMAZONESS_QUEEN,
    BITELON,
    BUJINGI_WOLF,
    DARK_DRICERATOPS,
    DARKNESS_DESTROYER,
    ELEMENTAL_HERO_PHOENIX_ENFORCER,
    FORTRESS_WARRIOR,
    FREYA_SPIRIT_OF_VICTORY,
    GOGOGO_GOLEM,
    GRAVEKEEPERS_SPEAR_SOLDIER,
    GYROID,
    HAYABUSA_KNIGHT,
    LANCER_DRAGONUTE,
    LANCER_LINDWURM,
    BATTLIN_BOXER_HEADGEARED,
    LIGHTRAY_MADOOR,
    JURRAC_BRACHIS,
    FIVE_HEADED_DRAGON,
    DRILL_BARNACLE,
    FLAMVELL_FIEND,
    HYPER_ANCIENT_SHARK_MEGALODON,
)

"""What happens to the monsters a battle leaves (rules spec §U.3, §U.4, §U.7): returned when they survive it,
destroyed before damage calculation, protected or weakened by an Equip Spell, a Pendulum Monster placed in its
Pendulum Zone; and cards used from the Graveyard during damage calculation."""

from __future__ import annotations

from engine.cards.card import CardDef

MIST_VALLEY_SOLDIER = CardDef(
    key="mist_valley_soldier",
    name="Mist Valley Soldier",
    card_type="monster",
    fidelity="exact",
    atk=1700,
    def_=300,
    level=4,
    attribute="wind",
    monster_type="winged_beast",
    text="While it is face-up, an opponent's monster that battles it and is not destroyed by that battle returns to "
    "its owner's hand at the end of the Damage Step.",
    ruling="Nothing returns if Mist Valley Soldier left the field (card text; ProjectIgnis/CardScripts c22837504; "
    "cases SP-MVS-001..003). https://yugipedia.com/wiki/Mist_Valley_Soldier",
    effects=(
        {"kind": "trigger", "on": "end_of_damage_step", "optional": False,
         "condition": ["this_card_battled", "battling_opponent_not_destroyed"],
         "does": [{"op": "return_to_hand", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

GARMR = CardDef(
    key="garmr_of_the_nordic_beasts",
    name="Garmr of the Nordic Beasts",
    card_type="monster",
    fidelity="exact",
    atk=800,
    def_=1900,
    level=4,
    attribute="dark",
    monster_type="beast",
    text="After damage calculation, if it battled a Level 4 or lower monster: you can return that monster to the hand.",
    ruling="Not a monster destroyed by that battle (ProjectIgnis/CardScripts c88283496: STATUS_BATTLE_DESTROYED; "
    "cases SP-GAR-001..003). https://yugipedia.com/wiki/Garmr_of_the_Nordic_Beasts",
    effects=(
        {"kind": "trigger", "on": "after_damage_calculation", "optional": True,
         "battle": {"opponent_monster": {"level_at_most": 4}},
         "condition": ["this_card_battled", "battling_opponent_not_destroyed"],
         "does": [{"op": "return_to_hand", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

DISC_FIGHTER = CardDef(
    key="disc_fighter",
    name="Disc Fighter",
    card_type="monster",
    fidelity="exact",
    atk=1000,
    def_=1000,
    level=4,
    attribute="earth",
    monster_type="warrior",
    text="If it attacks a Defense Position monster with 2000 or more DEF: that monster is destroyed before damage "
    "calculation, which is not applied.",
    ruling="It is checked before damage calculation, once a face-down target is flipped (ProjectIgnis/CardScripts "
    "c19612721: EVENT_BATTLE_CONFIRM; cases SP-DSC-001, SP-DSC-002). https://yugipedia.com/wiki/Disc_Fighter",
    effects=(
        {"kind": "trigger", "on": "before_damage_calculation", "optional": False, "condition": "this_card_attacked",
         "battle": {"opponent_monster": {"position": "defense", "def_at_least": 2000}},
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

ACROBATIC_MAGICIAN = CardDef(
    key="acrobatic_magician",
    name="Acrobatic Magician",
    card_type="monster",
    fidelity="exact",
    atk=800,
    def_=2300,
    level=5,
    attribute="dark",
    monster_type="spellcaster",
    pendulum=True,
    text="Pendulum. When it is destroyed by battle: you can place it in your Pendulum Zone. (Its 'except during the "
    "Damage Step' effects are the host's.)",
    ruling="Destroyed, it goes face-up to the Extra Deck, from where it is placed (rules spec §U.4, §1.7; cases "
    "SP-ACR-001, SP-ACR-002). https://yugipedia.com/wiki/Acrobatic_Magician",
    effects=({"kind": "trigger", "on": "destroyed_by_battle", "optional": True,
              "does": [{"op": "place_in_pendulum_zone"}]},),
)  # fmt: skip

THORN_OF_MALICE = CardDef(
    key="thorn_of_malice",
    name="Thorn of Malice",
    card_type="spell",
    fidelity="exact",
    property="equip",
    text="Equip Spell (a Plant or 'Black Rose Dragon'): +600 ATK; piercing; after damage calculation, the monster it "
    "attacked loses 600 ATK and DEF; the opponent's monster that battles it cannot be destroyed by that battle.",
    ruling="The loss has no duration: it lasts while that monster stays face-up (rules spec §U.1; case SP-TOM-001). "
    "https://yugipedia.com/wiki/Thorn_of_Malice",
    effects=(
        {"kind": "stat_modifier", "atk": 600},
        {"kind": "piercing"},
        {"kind": "indestructible_by_battle", "applies_to": "battling_opponent"},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False, "condition": "this_card_attacked",
         "battle": {"opponent_monster": {}},
         "does": [{"op": "change_stats", "target": "battling_opponent", "atk": -600, "def": -600,
                   "until": "permanent"}]},
    ),
)  # fmt: skip

HALF_COUNTER = CardDef(
    key="half_counter",
    name="Half Counter",
    card_type="trap",
    fidelity="exact",
    text="During damage calculation, if your monster is attacked: it gains half the attacking monster's original "
    "ATK until the end of the turn.",
    ruling="The original ATK, not the current one (card text; case UP-HCO-001). "
    "https://yugipedia.com/wiki/Half_Counter",
    effects=(
        {"kind": "activated", "speed": 2, "during_damage_calculation": True, "condition": "opponent_attacks",
         "battle": {"own_monster": {}}, "target": "own_battler",
         "does": [{"op": "change_stats", "target": "own_battler",
                   "atk_gain_of": {"of": "attacker", "stat": "original_atk", "halved": True}}]},
    ),
)  # fmt: skip

SHIELD_WARRIOR = CardDef(
    key="shield_warrior",
    name="Shield Warrior",
    card_type="monster",
    fidelity="exact",
    atk=800,
    def_=1600,
    level=3,
    attribute="earth",
    monster_type="warrior",
    text="During damage calculation, in either player's turn: you can banish it from your Graveyard; your monsters "
    "cannot be destroyed by this battle.",
    ruling="Activated from the Graveyard, the banishment its cost (card text; case UP-SHW-001). "
    "https://yugipedia.com/wiki/Shield_Warrior",
    effects=(
        {"kind": "activated", "speed": 2, "from": "graveyard", "during_damage_calculation": True,
         "cost": {"banish_self": True},
         "does": [{"op": "indestructible_by_battle_this_turn", "applies_to": "own_monsters",
                   "until": "end_of_damage_step"}]},
    ),
)  # fmt: skip

CARDS = (MIST_VALLEY_SOLDIER, GARMR, DISC_FIGHTER, ACROBATIC_MAGICIAN, THORN_OF_MALICE, HALF_COUNTER, SHIELD_WARRIOR)

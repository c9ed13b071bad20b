"""Monsters that destroy (or return) the monster they battle at the start of the Damage Step, before it is flipped
and before damage calculation (issue 43's library growth; rules spec §1.3): Vampire Hunter, Ninja Grandmaster Sasuke,
Zubaba Knight, Paladin of White Dragon, Paladin of Dark Dragon, Paladin of Storm Dragon, Samurai Cavalry of Reptier,
Nanobreaker, Razor Lizard; and Steel Cavalry of Dinon, which halves itself then. Each is a trigger on
`start_of_damage_step` (their official scripts: EVENT_BATTLE_START); a monster destroyed then is not destroyed by
battle, and no damage calculation is performed."""

from __future__ import annotations

from engine.cards.card import CardDef

_DESTROY_IT = [{"op": "destroy", "target": "battling_opponent"}]

VAMPIRE_HUNTER = CardDef(
    key="vampire_hunter",
    name="Vampire Hunter",
    card_type="monster",
    atk=1600,
    def_=1600,
    level=4,
    attribute="dark",
    monster_type="warrior",
    text="At the start of the Damage Step, if this card battles a DARK monster: Destroy that monster.",
    ruling="Attacking or attacked; a Set monster shows no Attribute at the start of the Damage Step (CardScripts "
    "c80485722: bc:IsFaceup() and IsAttribute(ATTRIBUTE_DARK)). Cases LC4-VH-001..004 (as CP-VH-*). "
    "https://yugipedia.com/wiki/Vampire_Hunter",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
         "battle": {"self": True, "opponent_monster": {"face_up": True, "attribute": "dark"}}, "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

NINJA_GRANDMASTER_SASUKE = CardDef(
    key="ninja_grandmaster_sasuke",
    name="Ninja Grandmaster Sasuke",
    card_type="monster",
    atk=1800,
    def_=1000,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="At the start of the Damage Step, if this card attacks a face-up Defense Position monster: Destroy that "
    "monster.",
    ruling="Only as the attacker, and only a face-up Defense Position monster (CardScripts c4041838: d:IsFaceup() "
    "and d:IsDefensePos()). Cases LC4-NGS-001, LC4-NGS-002. https://yugipedia.com/wiki/Ninja_Grandmaster_Sasuke",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {"face_up": True, "position": "defense"}}, "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

ZUBABA_KNIGHT = CardDef(
    key="zubaba_knight",
    name="Zubaba Knight",
    card_type="monster",
    atk=1600,
    def_=900,
    level=3,
    attribute="earth",
    monster_type="warrior",
    text="At the start of the Damage Step, if this card attacks a face-up Defense Position monster: Destroy that "
    "monster.",
    ruling="As Ninja Grandmaster Sasuke (CardScripts c97896503: POS_FACEUP_DEFENSE). Case LC4-ZBK-001. "
    "https://yugipedia.com/wiki/Zubaba_Knight",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {"face_up": True, "position": "defense"}}, "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

PALADIN_OF_WHITE_DRAGON = CardDef(
    key="paladin_of_white_dragon",
    name="Paladin of White Dragon",
    card_type="monster",
    atk=1900,
    def_=1200,
    level=4,
    attribute="light",
    monster_type="dragon",
    abilities=("ritual",),
    text="You can Ritual Summon this card with 'White Dragon Ritual'. At the start of the Damage Step, if this card "
    "attacks a face-down Defense Position monster: Destroy that face-down monster. You can Tribute this card; "
    "Special Summon 1 'Blue-Eyes White Dragon' from your hand or Deck, but 'Blue-Eyes White Dragons' cannot attack "
    "for the rest of this turn (an Ignition Effect: a Main Phase action, the host's).",
    ruling="Destroyed before it is flipped: no FLIP effect, no damage calculation (CardScripts c73398797: "
    "POS_FACEDOWN_DEFENSE; its Tribute effect is EFFECT_TYPE_IGNITION). Cases LC4-PWD-001, LC4-PWD-002. "
    "https://yugipedia.com/wiki/Paladin_of_White_Dragon",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "attacking_face_down",
         "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

PALADIN_OF_DARK_DRAGON = CardDef(
    key="paladin_of_dark_dragon",
    name="Paladin of Dark Dragon",
    card_type="monster",
    atk=1900,
    def_=1200,
    level=4,
    attribute="dark",
    monster_type="dragon",
    abilities=("ritual",),
    text="You can Ritual Summon this card with 'Dark Dragon Ritual'. At the start of the Damage Step, if this card "
    "attacks a Defense Position monster: Destroy that monster. You can Tribute this card; Special Summon 1 "
    "'Red-Eyes' monster from your hand or Deck, except 'Red-Eyes B. Chick' (an Ignition Effect: a Main Phase "
    "action, the host's). You can only use this effect of 'Paladin of Dark Dragon' once per turn.",
    ruling="A face-up or face-down Defense Position monster (CardScripts c71408082: tc:IsDefensePos(); its Tribute "
    "effect is EFFECT_TYPE_IGNITION). Cases LC4-PDD-001, LC4-PDD-002. https://yugipedia.com/wiki/Paladin_of_Dark_Dragon",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {"position": "defense"}}, "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

PALADIN_OF_STORM_DRAGON = CardDef(
    key="paladin_of_storm_dragon",
    name="Paladin of Storm Dragon",
    card_type="monster",
    atk=1900,
    def_=900,
    level=4,
    attribute="light",
    monster_type="cyberse",
    abilities=("ritual",),
    text="You can Ritual Summon this card with 'Cynet Ritual'. At the start of the Damage Step, if this card attacks "
    "a monster: You can return that monster to the hand. You can Tribute this card; Special Summon 1 Level 5 or "
    "higher Cyberse monster from your hand or Deck, but it cannot activate its effects this turn (an Ignition "
    "Effect: a Main Phase action, the host's). You can only use each effect of 'Paladin of Storm Dragon' once per "
    "turn.",
    ruling="An optional trigger, once per turn by name (CardScripts c86401517: EFFECT_TYPE_TRIGGER_O, "
    "EVENT_BATTLE_START, SetCountLimit(1,id)). Cases LC4-PSD-001, LC4-PSD-002. "
    "https://yugipedia.com/wiki/Paladin_of_Storm_Dragon",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": True, "once_per_turn": "hard",
         "condition": "this_card_attacked", "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "return_to_hand", "target": "battling_opponent"}]},
    ),
    fidelity="exact",
)  # fmt: skip

SAMURAI_CAVALRY_OF_REPTIER = CardDef(
    key="samurai_cavalry_of_reptier",
    name="Samurai Cavalry of Reptier",
    card_type="monster",
    atk=1800,
    def_=1200,
    level=4,
    attribute="earth",
    monster_type="dinosaur",
    pendulum=True,
    text="Pendulum Scale 3. [Pendulum Effect] -n/a-. [Monster Effect] At the start of the Damage Step, if this card "
    "attacks an opponent's face-up monster that is not a Pendulum Monster: You can destroy that monster.",
    ruling="An optional trigger (CardScripts c93124273: EFFECT_TYPE_TRIGGER_O, d:IsFaceup() and not "
    "d:IsType(TYPE_PENDULUM)). Cases LC4-SCR-001, LC4-SCR-002. https://yugipedia.com/wiki/Samurai_Cavalry_of_Reptier",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": True, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {"all": [{"face_up": True}, {"not": {"ability": "pendulum"}}]}},
         "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

NANOBREAKER = CardDef(
    key="nanobreaker",
    name="Nanobreaker",
    card_type="monster",
    atk=1600,
    def_=1800,
    level=4,
    attribute="earth",
    monster_type="machine",
    text="If this card attacks a face-up Level 3 or lower monster, destroy the monster immediately with this card's "
    "effect without applying damage calculation.",
    ruling="A mandatory trigger at the start of the Damage Step (CardScripts c70948327: EFFECT_TYPE_TRIGGER_F, "
    "EVENT_BATTLE_START, d:IsFaceup() and d:IsLevelBelow(3)). Cases LC4-NAN-001, LC4-NAN-002. "
    "https://yugipedia.com/wiki/Nanobreaker",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {"face_up": True, "level_at_most": 3}}, "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

RAZOR_LIZARD = CardDef(
    key="razor_lizard",
    name="Razor Lizard",
    card_type="monster",
    atk=1500,
    def_=300,
    level=3,
    attribute="earth",
    monster_type="reptile",
    text="While you control another Reptile-Type monster, if this card attacks a face-down Defense Position monster, "
    "destroy the monster immediately with this card's effect without flipping it face-up or applying damage "
    "calculation.",
    ruling="A mandatory trigger at the start of the Damage Step, with another face-up Reptile (CardScripts c18372968: "
    "EVENT_BATTLE_START, EFFECT_TYPE_TRIGGER_F, POS_FACEDOWN_DEFENSE, aux.FaceupFilter(Card.IsRace,RACE_REPTILE) "
    "except itself). Cases LC4-RZL-001, LC4-RZL-002. https://yugipedia.com/wiki/Razor_Lizard",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "attacking_face_down",
         "only_if": {"controls": {"filter": {"face_up": True, "monster_type": "reptile"}, "other_than_self": True}},
         "does": _DESTROY_IT},
    ),
    fidelity="exact",
)  # fmt: skip

STEEL_CAVALRY_OF_DINON = CardDef(
    key="steel_cavalry_of_dinon",
    name="Steel Cavalry of Dinon",
    card_type="monster",
    atk=1600,
    def_=2600,
    level=4,
    attribute="earth",
    monster_type="dinosaur",
    pendulum=True,
    text="Pendulum Scale 5. [Pendulum Effect] -n/a-. [Monster Effect] At the start of the Damage Step, if this card "
    "battles a Pendulum Monster: This card's ATK and DEF become half its current ATK and DEF until the end of the "
    "Damage Step.",
    ruling="A mandatory trigger, the Pendulum Monster face-up (CardScripts c2396042: EVENT_BATTLE_START, "
    "EFFECT_TYPE_TRIGGER_F, EFFECT_SET_ATTACK_FINAL/DEFENSE_FINAL of half, reset at the end of the Damage Step). "
    "Cases LC4-SCD-001, LC4-SCD-002. https://yugipedia.com/wiki/Steel_Cavalry_of_Dinon",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
         "battle": {"self": True, "opponent_monster": {"face_up": True, "ability": "pendulum"}},
         "does": [{"op": "halve_stats", "target": "self", "stats": "both", "until": "end_of_damage_step"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (VAMPIRE_HUNTER, NINJA_GRANDMASTER_SASUKE, ZUBABA_KNIGHT, PALADIN_OF_WHITE_DRAGON, PALADIN_OF_DARK_DRAGON,
         PALADIN_OF_STORM_DRAGON, SAMURAI_CAVALRY_OF_REPTIER, NANOBREAKER, RAZOR_LIZARD,
         STEEL_CAVALRY_OF_DINON)  # fmt: skip

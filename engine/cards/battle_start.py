"""Monsters that act at the start of the Damage Step (the second card-pool sample, docs/card-pool-sample.md):
Wattmole, Sasuke Samurai, Lector Pendulum, the Dracoverlord."""

from __future__ import annotations

from engine.cards.card import CardDef

WATTMOLE = CardDef(
    key="wattmole",
    name="Wattmole",
    card_type="monster",
    atk=0,
    def_=100,
    level=3,
    attribute="light",
    monster_type="thunder",
    text="This card can attack twice during each Battle Phase. If this card attacks a face-down Defense Position "
    "monster, you can destroy that monster immediately with this card's effect without flipping it face-up or "
    "applying damage calculation.",
    ruling="At the start of the Damage Step, before the flip (CS c32548609: EVENT_BATTLE_START); case S2-WMO-001. "
    "https://yugipedia.com/wiki/Wattmole",
    effects=(
        {"kind": "extra_attacks", "attacks": 2},
        {"kind": "trigger", "on": "start_of_damage_step", "optional": True, "condition": "attacking_face_down",
         "does": [{"op": "destroy", "target": "target"}]},
    ),
    fidelity="exact",
)  # fmt: skip

SASUKE_SAMURAI = CardDef(
    key="sasuke_samurai",
    name="Sasuke Samurai",
    card_type="monster",
    atk=500,
    def_=800,
    level=2,
    attribute="wind",
    monster_type="warrior",
    text="At the start of the Damage Step, if this card attacks a face-down Defense Position monster: Destroy that "
    "face-down monster.",
    ruling="A mandatory trigger at the start of the Damage Step, before the flip (case S2-SAS-001). "
    "https://yugipedia.com/wiki/Sasuke_Samurai",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "attacking_face_down",
         "does": [{"op": "destroy", "target": "target"}]},
    ),
    fidelity="exact",
)  # fmt: skip

LECTOR_PENDULUM = CardDef(
    key="lector_pendulum_the_dracoverlord",
    name="Lector Pendulum, the Dracoverlord",
    card_type="monster",
    atk=1950,
    def_=0,
    level=4,
    attribute="dark",
    monster_type="dragon",
    pendulum=True,
    text="Pendulum Effect: Negate the effects of face-up Pendulum Monsters while your opponent controls them. "
    "Monster Effect: At the start of the Damage Step, if this card battles a Pendulum Monster: Destroy both that "
    "monster and this card.",
    ruling="Destroyed Pendulum Monsters go face-up to the Extra Deck (§U.4); case S2-LEC-001. "
    "https://yugipedia.com/wiki/Lector_Pendulum,_the_Dracoverlord",
    effects=(
        {"kind": "negates_effects", "applies_to": "opponent_monsters", "filter": {"ability": "pendulum"},
         "pendulum_effect": True},
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False,
         "battle": {"self": True, "opponent_monster": {"ability": "pendulum"}},
         "does": [{"op": "destroy", "target": "battling_opponent"}, {"op": "destroy", "target": "self"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (WATTMOLE, SASUKE_SAMURAI, LECTOR_PENDULUM)

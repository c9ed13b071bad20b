"""Pendulum Effects that answer an attack from the Pendulum Zone (issue 43's library growth): Twilight Ninja Kagen.
A Pendulum Effect applies only while its card is in a Pendulum Zone (`pendulum_effect`, rules spec §U.4)."""

from __future__ import annotations

from engine.cards.card import CardDef

TWILIGHT_NINJA_KAGEN = CardDef(
    key="twilight_ninja_kagen",
    name="Twilight Ninja Kagen",
    card_type="monster",
    atk=0,
    def_=2000,
    level=1,
    attribute="dark",
    monster_type="warrior",
    pendulum=True,
    text="Pendulum Scale 10. [Pendulum Effect] You cannot Pendulum Summon monsters, except 'Ninja' monsters (a Main "
    "Phase matter: the host's). This effect cannot be negated. Once per turn, when your 'Ninja' monster declares an "
    "attack: You can make that monster gain 1000 ATK until the end of the Damage Step (even if this card leaves the "
    "field). [Monster Effect] You can Tribute this card, then target 1 'Ninja' monster you control; it gains 800 ATK "
    "until the end of this turn (an Ignition Effect: a Main Phase action, the host's).",
    ruling="An optional trigger of the Pendulum Zone, once per turn (CardScripts c6830480: EFFECT_TYPE_TRIGGER_O on "
    "EVENT_ATTACK_ANNOUNCE, LOCATION_PZONE, SetCountLimit(1), reset at the end of the Damage Step; its monster "
    "effect EFFECT_TYPE_IGNITION). Cases LC4-KAG-001 (as S2-KAG-001), LC4-KAG-002. "
    "https://yugipedia.com/wiki/Twilight_Ninja_Kagen",
    effects=(
        {"kind": "trigger", "on": "attack_declared", "optional": True, "pendulum_effect": True,
         "once_per_turn": "soft", "condition": "own_monster_attacks",
         "battle": {"at_declaration": True, "own_monster": {"archetype": "Ninja"}},
         "does": [{"op": "change_stats", "target": "attacker", "atk": 1000, "until": "end_of_damage_step"}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (TWILIGHT_NINJA_KAGEN,)
